"""The step-through lessons behind ``notebooks/xevious/NN_*.ipynb``, on the kit's lesson contract
(:mod:`tabletop.engine.lessons`).

Each step reaches its rule by *legal play with rigged chance*, so the rule happens every time and a lesson's game
saves and replays like any other. Each step declares what it shows: ``fires``, the clause ids that must appear in
its own events, and ``facts``, the claims its narration makes about the position (who is where, how many markers,
who is to move), checked on the position after the step. Where a sentence names a player or a number, the
narration is a function of the position (``md(game)``), so it cannot drift from the board. ``check_lesson`` replays
every lesson (tests/xevious/test_lesson_contract.py). Nothing here imports a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..engine import Action, Fact, Game, Lesson, Step
from ..engine.lessons import human_to_move
from ..engine.words import poss, says
from . import data
from .bots import BOTS
from .rules import (
    OPPOSITE,
    Aim,
    Attack,
    Blast,
    CatchUp,
    EnemyAim,
    Fire,
    Roll,
    StopAt,
    TryAgain,
    XeviousState,
    stop_at,
)

G = Game[XeviousState]
BR = ("Blue", "Red")
GUMP_NUMBER = data.stages()[6].gump_number
BARRAGE = data.stages()[5].barrage
RESPAWN = ("xevious.respawn", "xevious.respawn-stage1")


# ================================================================================================ building blocks
def play(*items: dict[str, Any] | Action | Callable[[G], None]) -> Callable[[G], None]:
    """A step's moves: dicts are outcomes to rig next, Actions are played, functions of the game play on."""

    def run(g: G) -> None:
        for item in items:
            if isinstance(item, dict):
                g.rig(**item)
            elif isinstance(item, StopAt) and not item.space:
                g.play(stop_at(g, item.step))  # StopAt(k) in a script: the listed stop of k spaces
            elif isinstance(item, Action):
                g.play(item)
            else:
                item(g)

    return run


def new(players: Sequence[str] = BR, seed: int = 2026, first: Sequence[int] = (5, 2),
        variant: dict[str, Any] | None = None) -> Callable[[], G]:
    def make() -> G:
        from . import new_game

        return new_game(seed=seed, players=list(players), rig={"die": list(first)}, variant=variant)

    return make


def last(g: G) -> dict[str, Any]:
    """The last reveal (die, card, Blaster Card, battle), as the board shows it."""
    return g.raw_state.last or {}


def pilot(g: G, seat: int) -> Any:
    return g.raw_state.pilots[seat]


def where(g: G, seat: int) -> str:
    q = pilot(g, seat)
    return f"area {q.area + 1}, space {q.idx + 1}"


def events(g: G, rule: str) -> list[Any]:
    return [e for t in g.history for e in t.events if e.rule == rule]


def last_event(g: G, *rules: str) -> Any:
    """The last event of one of ``rules`` that happened to a player (not a stage's announcement to the table)."""
    for t in reversed(g.history):
        for e in reversed(t.events):
            if e.rule in rules and e.player is not None:
                return e
    raise LookupError(f"no {' / '.join(rules)} event")


# ------------------------------------------------------------------------------------------------ facts
def at(seat: int, area: int, space: int, names: Sequence[str] = BR) -> Fact:
    """``names[seat]`` stands on area ``area`` space ``space`` (both counted from 1, as on the board)."""

    def check(g: G) -> Any:
        q = pilot(g, seat)
        return (q.area, q.idx) == (area - 1, space - 1) or f"{names[seat]} is on {where(g, seat)}"

    return Fact(f"{names[seat]} is on area {area}, space {space}", check)


def sheet(seat: int, names: Sequence[str] = BR, **want: int) -> Fact:
    """``names[seat]``'s Attack Strength Sheet holds exactly these markers (w Extra Weapon, s Shield, l Solvalou)."""
    words = {"w": "Extra Weapon", "s": "Shield", "l": "Solvalou"}
    claim = f"{names[seat]} has " + ", ".join(f"{n} {words[k]}" for k, n in want.items()) + " Marker(s)"

    def check(g: G) -> Any:
        q = pilot(g, seat)
        have = {k: getattr(q, k) for k in want}
        return have == want or f"{names[seat]} has " + ", ".join(f"{n} {words[k]}" for k, n in have.items())

    return Fact(claim, check)


def to_move(seat: int, names: Sequence[str] = BR) -> Fact:
    def check(g: G) -> Any:
        cp = g.current_player
        return cp == seat or (f"{g.players[cp]} is to move" if cp is not None else "nobody is to move")

    return Fact(f"{names[seat]} is to move", check)


def on_stage(n: int) -> Fact:
    return Fact(f"Stage {n} is on the table", lambda g: g.raw_state.stage == n or f"Stage {g.raw_state.stage} is")


def fact(claim: str, check: Callable[[G], Any]) -> Fact:
    return Fact(claim, check)


# ------------------------------------------------------------------------------------------------ fast-forwards
def autopilot(stage: int, area: int = 0) -> Callable[[G], None]:
    """Fly everybody on (rigged 6s to move, the farthest stop, Battle Cards head-on, catch up when allowed) until
    Stage ``stage`` is on the table and every mover is at least in area ``area`` (counted from 0). Battles on the
    ground and cards keep their seeded chance."""

    def run(g: G) -> None:
        for _ in range(2000):
            s = g.raw_state
            if g.is_over or (s.stage >= stage and s.phase == "turn" and all(p.area >= area for p in s.pilots)):
                return
            legal = g.legal_actions()
            types = {type(a) for a in legal}
            if CatchUp in types:
                g.play(CatchUp())
            elif Attack in types:
                g.rig(die=6)
                g.play(Attack())
            elif Roll in types:
                g.rig(die=6)
                g.play(Roll())
            else:
                settle_once(g)
        raise RuntimeError("autopilot did not reach the stage")  # pragma: no cover

    return run


def settle_once(g: G, stop: Callable[[list[StopAt]], StopAt] | None = None) -> None:
    """Make the one pending decision: the farthest stop (or ``stop``'s), no Extra Weapon, Battle Cards head-on."""
    s = g.raw_state
    legal = g.legal_actions()
    if s.phase == "stop":
        stops = [a for a in legal if isinstance(a, StopAt)]
        g.play(stop(stops) if stop else stops[-1])
    elif s.phase == "boost":
        g.play(Fire(False))
    elif s.phase == "aim":
        g.play(Aim("up"))
    elif s.phase == "enemy":
        assert s.pend is not None
        g.play(EnemyAim(OPPOSITE[s.pend["aim"]]))
    else:
        g.play(legal[-1])


def settle(g: G, stop: Callable[[list[StopAt]], StopAt] | None = None) -> None:
    for _ in range(20):
        if g.is_over or g.raw_state.phase == "turn":
            return
        settle_once(g, stop)


def lose_until_respawn(seat: int) -> Callable[[G], None]:
    """``seat`` flies into battle after battle and loses every one (its Battle Card turned the same way as the
    enemy's, ground rolls of 1), until it is out of Solvalou Markers; everybody else rolls 1s and wins. Every
    battle is a real, legal one; every chance outcome used is rigged."""
    battles = ("ground", "air", "squad")

    def run(g: G) -> None:
        rules: Any = g.rules
        for _ in range(600):
            if g.history[-1].events and any(e.rule in RESPAWN and e.player == seat for e in g.history[-1].events):
                return
            s = g.raw_state
            mine = s.order[s.turn] == seat
            if s.phase == "turn":
                tr = rules.tracks[s.stage - 1]
                path, _why = rules._walk(s, s.order[s.turn], 6)
                kinds = [tr.areas[a][i].kind if a < tr.n_areas else "gate" for a, i in path]
                n = 1
                if mine:
                    hit = [k for k, kind in enumerate(kinds) if kind in battles]
                    n = hit[0] + 1 if hit else 1
                dest = kinds[n - 1] if kinds else "none"
                dice = [n]
                if dest == "ground" or (dest == "plain" and s.cond and tr.condition == "garu-barra"):
                    dice.append(1 if mine else 6)
                rig: dict[str, Any] = {"die": dice}
                if dest == "card":
                    rig["card"] = "supply-weapons" if "supply-weapons" in s.deck else s.deck[0]
                if dest in ("flag", "pin", "sol", "phantom"):
                    rig["blaster"] = "MISTAKE"
                g.rig(**rig)
                g.play(Roll())
            elif s.phase == "stop":
                g.play(g.legal_actions()[-1])
            elif s.phase == "boost":
                g.play(Fire(False))
            elif s.phase == "aim":
                g.play(Aim("up"))
            elif s.phase == "enemy":
                assert s.pend is not None
                loser = s.pend["who"] == seat
                g.play(EnemyAim("up" if loser else "down"))
            else:
                g.play(g.legal_actions()[-1])
        raise RuntimeError("no respawn reached")  # pragma: no cover

    return run


def demo(stage: int, rule: str, plan: Callable[[Any], tuple[int, ...] | None], extra: dict[str, Any] | None = None,
         area: int = 0, stop: Callable[[list[StopAt]], StopAt] | None = None) -> Callable[[G], None]:
    """Fast-forward to ``stage`` (every mover at least in ``area``), then play until ``rule`` happens:
    ``plan(pilot)`` gives the rigged dice for the mover to play (or None: roll a 1 and move on). Battle Cards are
    played head-on (won); ``stop`` picks where to stop (default: the farthest)."""

    def run(g: G) -> None:
        autopilot(stage, area)(g)
        for _ in range(80):
            if any(e.rule == rule and e.player is not None for t in g.history[-3:] for e in t.events):
                settle(g)
                return
            s = g.raw_state
            legal = g.legal_actions()
            types = {type(a) for a in legal}
            if Roll in types:
                me = s.pilots[s.order[s.turn]]
                dice = plan(me)
                g.rig(die=list(dice) if dice else 1, **(extra or {}) if dice else {})
                g.play(Roll())
            else:
                settle_once(g, stop)
        raise RuntimeError(f"{rule} did not happen")  # pragma: no cover

    return run


def gump_attack_fails(g: G) -> None:
    """The player to move reaches (or stands on) a Gump Marker and attacks it with a rigged 5: a loss."""
    if Attack in {type(a) for a in g.legal_actions()}:
        g.play(Attack())
    else:
        g.rig(die=6)
        g.play(Roll())
    g.rig(die=5)
    if g.raw_state.phase == "stop":
        g.play(g.legal_actions()[-1])
    if g.raw_state.phase == "boost":
        g.play(Fire(False))


def gump_attack_wins(g: G) -> None:
    """The player to move attacks the Gump Marker it stands on (or flies to the next one) with a rigged 6."""
    if Attack in {type(a) for a in g.legal_actions()}:
        g.rig(die=6)
        g.play(Attack())
    else:
        g.rig(die=[6, 6])
        g.play(Roll())
    if g.raw_state.phase == "stop":
        g.play(g.legal_actions()[-1])
    if g.raw_state.phase == "boost":
        g.play(Fire(False))


# ================================================================================================ 01
def _md_setup(g: G) -> str:
    b, r = g.players
    rolls = g.raw_state.setup_rolls
    first = g.players[g.raw_state.order[0]]
    return (f"Super Xevious has seven stages on six panels — Stage 1 and Stage 7 share one (`xevious.pieces`). Each "
            f"player picks a Solvalou Mover and the Attack Strength Sheet of its colour (`xevious.prep-sheet`), puts "
            f"{pilot(g, 0).l} Solvalou Markers on it and nothing else (`xevious.prep-solvalou`). Stage 1 goes on the "
            f"table and every mover starts on the starting point, the bottom right corner (`xevious.prep-stage`). "
            f"Everybody rolls the die: the highest roll plays first (`xevious.prep-order`; here {b} rolled "
            f"{rolls[0][-1]}, {r} {rolls[1][-1]}), so {first} is to move, and turns go round in that order "
            f"(`xevious.turn-order`).")


def _md_sheet(g: G) -> str:
    b = g.players[0]
    return (f"{says(b, 'rolls')} 6, stops on the Card space ({where(g, 0)}) "
            f"and draws *{last(g)['title']}*. The Shield Marker goes on the middle row of {poss(b)} sheet "
            f"({pilot(g, 0).s} Shield now): the top row is for Extra Weapon Markers, the middle for Shield Markers, "
            f"the bottom for Solvalou Markers (`xevious.sheet-rows`), five spaces each (`xevious.sheet-limit`).")


def _md_lives(g: G) -> str:
    r = g.players[1]
    return (f"{says(r, 'rolls')} 2 and lands on an air-to-ground battle against 2, then {says(r, 'rolls')} 1: a loss. "
            f"{says(r, 'has')} no Shield Marker, so {says(r, 'loses')} a Solvalou Marker — a life: {pilot(g, 1).l} "
            f"left on the bottom row "
            f"(`xevious.solvalou-lives`, `xevious.damage-solvalou`).")


L01 = Lesson("xevious/01", "Pieces, preparations and the Attack Strength Sheet", (
    Step("The pieces and the set-up", _md_setup,
         rules=("xevious.pieces", "xevious.prep-sheet", "xevious.prep-solvalou", "xevious.prep-stage",
                "xevious.prep-order", "xevious.turn-order"),
         facts=(sheet(0, l=3, w=0, s=0), sheet(1, l=3, w=0, s=0), at(0, 1, 1), at(1, 1, 1), to_move(0),
                fact("Blue rolled 5 and Red 2 for the order of play",
                     lambda g: [r[-1] for r in g.raw_state.setup_rolls] == [5, 2]))),
    Step("The Attack Strength Sheet", _md_sheet,
         actions=play({"die": 6, "card": "supply-shield"}, Roll(), StopAt(6)),
         fires=("xevious.card-space", "xevious.move-roll"), rules=("xevious.sheet-rows", "xevious.sheet-limit"),
         facts=(at(0, 1, 7), sheet(0, s=1, w=0, l=3),
                fact("the card drawn is Shield generator", lambda g: last(g)["title"] == "Shield generator"),
                to_move(1))),
    Step("Solvalou Markers are lives", _md_lives,
         actions=play({"die": [2, 1]}, Roll()),
         fires=("xevious.ground-battle", "xevious.damage-solvalou", "xevious.solvalou-lives"),
         facts=(at(1, 1, 3), sheet(1, l=2, s=0, w=0), to_move(0))),
), new())


# ================================================================================================ 02
L02 = Lesson("xevious/02", "Moving through a stage", (
    Step("Roll and move",
         lambda g: (f"Roll the die and move exactly that many spaces, then do what the space says "
                    f"(`xevious.move-roll`). {says(g.players[0], 'rolls')} 1 and moves to {where(g, 0)}: a plain "
                    f"space, nothing happens. Now {g.players[1]} is to move."),
         actions=play({"die": 1}, Roll()), fires=("xevious.move-roll",),
         facts=(at(0, 1, 2), to_move(1))),
    Step("Green spaces",
         lambda g: (f"{says(g.players[1], 'rolls')} 4 and passes a green space. You may stop on a green space you "
                    f"pass, whatever you rolled (`xevious.green-stop`) — the board highlights it. {g.players[1]} "
                    f"stops there ({where(g, 1)}) instead of meeting the enemy plane on space 5. You never move "
                    "backwards (`xevious.move-forward`): only spaces ahead are offered."),
         actions=play({"die": 4}, Roll(), StopAt(3)), fires=("xevious.green-stop",),
         rules=("xevious.move-forward",), facts=(at(1, 1, 4), to_move(0))),
    Step("Exits and entrances",
         lambda g: (f"{says(g.players[0], 'rolls')} 1 and wins the battle against 2 with a 3. Then "
                    f"{says(g.players[1], 'rolls')} 6: passing the exit of area 1 gives its Shield Marker "
                    f"({g.players[1]} now holds {pilot(g, 1).s}, `xevious.exit-markers`), and entering area 2 "
                    f"{g.players[1]} must stop on its entrance (`xevious.entrance-stop`) — here the 6 ends there "
                    "exactly; with more to go, the rest of the roll would be lost."),
         actions=play({"die": [1, 3]}, Roll(), {"die": 6}, Roll(), StopAt(6)),
         fires=("xevious.exit-markers", "xevious.entrance-stop"),
         facts=(at(0, 1, 3), at(1, 2, 1), sheet(1, s=1), sheet(0, l=3))),
    Step("Must-stop spaces",
         lambda g: (f"Fast-forward: both fly on with rigged rolls of 6 into area 3. Rolling 6 from its entrance, "
                    f"{g.players[_stopped(g)]} must stop on the space marked STOP, area 3 space 6 "
                    "(`xevious.must-stop`); the rest of the roll is lost. In Stage 1 it is also the Andor Genesis: "
                    "nobody flies past until they have won its battle themselves "
                    "(`xevious.condition-andor-genesis`, one of the stages' own conditions, "
                    "`xevious.stage-condition`)."),
         actions=play(autopilot(1, area=2), lambda g: _roll_six_in_area_3(g)), fires=("xevious.must-stop",),
         rules=("xevious.condition-andor-genesis", "xevious.stage-condition"),
         facts=(fact("a mover stands on the STOP space, area 3 space 6",
                     lambda g: any((q.area, q.idx) == (2, 5) for q in g.raw_state.pilots)),)),
), new())


def _stopped(g: G) -> int:
    return next(k for k, q in enumerate(g.raw_state.pilots) if (q.area, q.idx) == (2, 5))


def _roll_six_in_area_3(g: G) -> None:
    if Roll in {type(a) for a in g.legal_actions()}:
        g.rig(die=6)
        g.play(Roll())
        if g.raw_state.phase == "stop":
            g.play(g.legal_actions()[-1])
    if g.raw_state.phase == "boost":
        g.play(Fire(False))


# ================================================================================================ 03
def _battle(seat: int, mine: str, theirs: str, won: bool, names: Sequence[str] = BR) -> Fact:
    def check(g: G) -> Any:
        last = g.raw_state.last or {}
        got = (last.get("kind"), last.get("player"), last.get("mine"), last.get("theirs"), last.get("won"))
        return got == ("battle", seat, mine, theirs, won) or f"the last reveal was {got}"

    return Fact(f"{poss(names[seat], start=True)} card pointed {mine}, the enemy's {theirs}: {'a win' if won else 'a loss'}", check)


def _ground(seat: int, die: int, n: int, won: bool, plus: int = 0, names: Sequence[str] = BR) -> Fact:
    def check(g: G) -> Any:
        last = g.raw_state.last or {}
        got = (last.get("kind"), last.get("player"), last.get("value"), last.get("plus"), last.get("n"),
               last.get("won"))
        return got == ("ground", seat, die, plus, n, won) or f"the last ground battle was {got}"

    return Fact(f"{names[seat]} rolled {die}{f' + {plus}' if plus else ''} against {n}: "
                f"{'a win' if won else 'a loss'}", check)


L03 = Lesson("xevious/03", "Air-to-ground and air-to-air battles", (
    Step("Air-to-ground: a win",
         lambda g: (f"{says(g.players[0], 'lands')} on an air-to-ground battle against 2 and rolls 3: more than the "
                    "number wins (`xevious.ground-battle`)."),
         actions=play({"die": [2, 3]}, Roll()), fires=("xevious.ground-battle",),
         facts=(at(0, 1, 3), _ground(0, 3, 2, True), sheet(0, l=3))),
    Step("Air-to-ground: equal loses",
         lambda g: (f"{says(g.players[1], 'lands')} there too and rolls 2: equal or less loses "
                    f"(`xevious.ground-battle`), and {poss(g.players[1])} ship takes damage: no Shield Marker, so a "
                    f"Solvalou Marker goes ({pilot(g, 1).l} left, `xevious.damage-solvalou`)."),
         actions=play({"die": [2, 2]}, Roll()), fires=("xevious.ground-battle", "xevious.damage-solvalou"),
         facts=(at(1, 1, 3), _ground(1, 2, 2, False), sheet(1, l=2, s=0))),
    Step("Air-to-air: turn your Battle Card secretly",
         lambda g: (f"{says(g.players[0], 'flies')} on to the air-to-air battle. {g.players[0]} turns a Battle Card "
                    f"secretly — here *up* — and {g.players[1]}, the next player, turns the enemy's card "
                    f"(`xevious.air-battle`). {g.players[1]} chooses *down*: revealed together, the arrows point "
                    f"towards each other, head-on, and {g.players[0]} wins (`xevious.battle-cards`)."),
         actions=play({"die": 2}, Roll(), StopAt(2), Aim("up"), EnemyAim("down")),
         fires=("xevious.air-battle", "xevious.battle-cards"),
         facts=(at(0, 1, 5), _battle(0, "up", "down", True), sheet(0, l=3), to_move(1))),
    Step("Air-to-air: a loss",
         lambda g: (f"{says(g.players[1], 'meets')} an enemy too. {g.players[1]} turns *left*, {g.players[0]} as "
                    f"the enemy also turns *left*: the arrows do not point towards each other, so {g.players[1]} "
                    f"loses (`xevious.battle-cards`) and is down to {pilot(g, 1).l} Solvalou Marker(s). Against a "
                    "random enemy you win 1 time in 4."),
         actions=play({"die": 2}, Roll(), StopAt(2), Aim("left"), EnemyAim("left")),
         fires=("xevious.air-battle", "xevious.battle-cards"),
         facts=(at(1, 1, 5), _battle(1, "left", "left", False), sheet(1, l=1), to_move(0))),
), new())


# ================================================================================================ 04
L04 = Lesson("xevious/04", "Several enemies and Extra Weapons", (
    Step("Collecting markers",
         lambda g: (f"Both players draw *Supply drop* cards (an Extra Weapon Marker each) and pass the exit of area "
                    f"1 (a Shield Marker each): {g.players[0]} and {g.players[1]} each hold {pilot(g, 0).w} Extra "
                    f"Weapon and {pilot(g, 0).s} Shield Marker, on the entrance of area 2 "
                    "(`xevious.card-space`, `xevious.exit-markers`)."),
         actions=play({"die": 6, "card": "supply-weapons"}, Roll(), StopAt(6), {"die": 6, "card": "supply-weapons"},
                      Roll(), StopAt(6), {"die": 3}, Roll(), StopAt(3), {"die": 3}, Roll(), StopAt(3)),
         fires=("xevious.card-space", "xevious.exit-markers"),
         facts=(sheet(0, w=1, s=1, l=3), sheet(1, w=1, s=1, l=3), at(0, 2, 1), at(1, 2, 1), to_move(0))),
    Step("Several enemies: an Extra Weapon destroys one",
         lambda g: (f"{says(g.players[0], 'meets')} 2 enemies. Against several enemies you must win battle after "
                    f"battle (`xevious.squad-battle`). {says(g.players[0], 'discards')} the Extra Weapon Marker to "
                    "destroy one enemy outright (`xevious.weapon-destroy`) — only one per combat "
                    f"(`xevious.weapon-once`) — and wins the duel with the other: {pilot(g, 0).w} Extra Weapon "
                    "left."),
         actions=play({"die": 3}, Roll(), StopAt(3), Blast(), Aim("up"), EnemyAim("down")),
         fires=("xevious.squad-battle", "xevious.weapon-destroy"), rules=("xevious.weapon-once",),
         facts=(at(0, 2, 4), sheet(0, w=0, s=1, l=3), _battle(0, "up", "down", True), to_move(1))),
    Step("The first loss ends the fight",
         lambda g: (f"{says(g.players[1], 'meets')} the squadron, keeps the Extra Weapon, wins the first duel and "
                    f"loses the second: the fight ends there and {g.players[1]} takes damage from one enemy only. "
                    f"{poss(g.players[1], start=True)} Shield Marker is discarded instead of a Solvalou and an Extra "
                    f"Weapon: {pilot(g, 1).s} Shield, {pilot(g, 1).l} Solvalou, {pilot(g, 1).w} Extra Weapon "
                    "(`xevious.damage-shield`, `xevious.shield`)."),
         actions=play({"die": 3}, Roll(), StopAt(3), Aim("up"), EnemyAim("down"), Aim("up"), EnemyAim("up")),
         fires=("xevious.squad-battle", "xevious.damage-shield", "xevious.shield"),
         facts=(at(1, 2, 4), sheet(1, w=1, s=0, l=3), _battle(1, "up", "up", False), to_move(0))),
    Step("+1 to the roll",
         lambda g: (f"{says(g.players[0], 'rolls')} 1 to a plain space. {says(g.players[1], 'reaches')} the battle "
                    "against 4 marked W: +1 and spends the Extra Weapon to add 1 to the roll "
                    "(`xevious.weapon-boost`, one per combat: `xevious.weapon-once`): 4 + 1 = 5 is more than 4."),
         actions=play({"die": 1}, Roll(), {"die": 3}, Roll(), {"die": 4}, Fire(True)),
         fires=("xevious.weapon-boost", "xevious.weapon-once"),
         facts=(at(0, 2, 5), at(1, 2, 7), sheet(1, w=0), _ground(1, 4, 4, True, plus=1))),
), new())


# ================================================================================================ 05
L05 = Lesson("xevious/05", "Flag, Pin, Sol, Phantom and the cards", (
    Step("Stop on the Flag",
         lambda g: (f"{says(g.players[0], 'wins')} a battle, {g.players[1]} moves 1. Then "
                    f"{says(g.players[0], 'rolls')}"
                    " 6 and passes the Flag: you may stop on a Flag / Pin / Sol / Phantom space whatever you rolled "
                    f"(`xevious.blaster-stop`). {says(g.players[0], 'picks')} one of the three Blaster Cards at random "
                    f"(`xevious.blaster-draw`): MISTAKE. {says(g.players[0], 'gets')} nothing but may stay and try "
                    "again (`xevious.blaster-mistake`) — on the next turn, instead of moving."),
         actions=play({"die": [2, 3]}, Roll(), {"die": 1}, Roll(), {"die": 6, "blaster": "MISTAKE"}, Roll(),
                      StopAt(5)),
         fires=("xevious.blaster-stop", "xevious.blaster-draw", "xevious.blaster-mistake"),
         facts=(at(0, 1, 8), fact("Blue may try the Blaster again", lambda g: pilot(g, 0).retry is True),
                sheet(0, l=3), to_move(1))),
    Step("Try again: HIT!",
         lambda g: (f"{says(g.players[1], 'wins')} a battle. {says(g.players[0], 'tries')} again: HIT! — "
                    f"{g.players[0]} takes the Flag's Solvalou Marker ({pilot(g, 0).l} now, `xevious.blaster-draw`)."),
         actions=play({"die": [1, 3]}, Roll(), {"blaster": "HIT!"}, TryAgain()),
         fires=("xevious.blaster-draw",),
         facts=(at(0, 1, 8), sheet(0, l=4), at(1, 1, 3), to_move(1))),
    Step("Super Xevious Cards",
         lambda g: (f"{says(g.players[1], 'lands')} on a Card space and draws a Super Xevious Card "
                    "(`xevious.card-space`) from the deck (`xevious.xevious-cards`): "
                    f"*{last(g)['title']}* — {last(g)['text']} {g.players[1]} now holds "
                    f"{pilot(g, 1).w} Extra Weapon Marker."),
         actions=play({"die": 4, "card": "supply-weapons"}, Roll(), StopAt(4)),
         fires=("xevious.card-space",), rules=("xevious.xevious-cards",),
         facts=(at(1, 1, 7), sheet(1, w=1), fact("the card drawn is Supply drop",
                                                 lambda g: last(g)["title"] == "Supply drop"))),
    Step("The Flag stays a free stop",
         lambda g: (f"{says(g.players[0], 'rolls')} 1 onto the exit and takes its Shield Marker. Then "
                    f"{says(g.players[1], 'rolls')} 3 and passes the Flag that gave {g.players[0]} a HIT!: "
                    "the rulebook still says *You may stop on these squares regardless of the number you rolled* "
                    f"(`xevious.blaster-stop`), so {g.players[1]} stops there and draws a HIT! too: "
                    f"{pilot(g, 1).l} Solvalou Markers. (Our Daley Piece role, which would cover the Flag after the "
                    "first HIT!, changes that sentence, so it is only an opt-in variant: `xevious.daley-piece`, "
                    "`daley_pieces=True`; so is flying a chosen number with the Cockpit Card, "
                    "`xevious.cockpit-card`.)"),
         actions=play({"die": 1}, Roll(), {"die": 3, "blaster": "HIT!"}, Roll(), StopAt(1)),
         fires=("xevious.blaster-stop", "xevious.blaster-draw", "xevious.exit-markers"),
         rules=("xevious.daley-piece", "xevious.cockpit-card"),
         facts=(at(1, 1, 8), sheet(1, l=4), at(0, 1, 9), sheet(0, s=1, l=4),
                fact("no Daley Piece covers the Flag", lambda g: not g.raw_state.daley), to_move(0))),
), new())


# ================================================================================================ 06
def _md_respawn1(g: G) -> str:
    b, r = g.players
    e = last_event(g, *RESPAWN)
    who = g.players[e.player]
    q = pilot(g, e.player)
    return (f"{says(b, 'loses')} battle after battle: a ground battle, an air battle ({r} turns the enemy's card "
            f"the same way), a ground battle again. With no Shield Marker each loss costs a Solvalou Marker "
            f"(`xevious.damage-solvalou`). Out of Solvalou Markers, {says(who, 'returns')} to the beginning of the "
            f"area — {where(g, e.player)} — in Stage 1 with only {q.l} Solvalou Markers and nothing else "
            f"({q.w} Extra Weapon, {q.s} Shield; `xevious.respawn-stage1`). {r} is untouched: {pilot(g, 1).l} "
            f"Solvalou Markers on {where(g, 1)}. The variant option `stage1_exception=False` switches this "
            "exception off; the guided lab `notebooks/variants/02_xevious_stage1_exception.ipynb` measures whether "
            "it matters.")


def _md_catch_up(g: G) -> str:
    b, r = g.players
    return (f"{says(r, 'flies')} on: onto the exit of area 1, then into area 2 ({where(g, 1)}); "
            f"{b} rolls 1 meanwhile. Every other player is now in the next area, so on {poss(b)} turn {b} may "
            f"move there too (`xevious.catch-up`), to {where(g, 0)} — and still takes the Shield Marker of the exit "
            f"{b} does not fly through ({pilot(g, 0).s} Shield now, `xevious.catch-up-exit-markers`).")


def _md_respawn2(g: G) -> str:
    e = last_event(g, "xevious.respawn")
    who = g.players[e.player]
    q = pilot(g, e.player)
    return (f"Fast-forward to Stage {g.raw_state.stage}: when every mover has left a stage it waits at the stage "
            f"gate; then the next panel goes down (`xevious.stage-gate`). In Stage {g.raw_state.stage} "
            f"{says(who, 'runs')} out of Solvalou Markers again: back to the entrance of the area "
            f"({where(g, e.player)}) with {q.l} Solvalou, and 3 Extra Weapon and 3 Shield Markers added (up to 5): "
            f"{q.w} Extra Weapon and {q.s} Shield now — and Stage {g.raw_state.stage} begins again for "
            f"{'you' if who.lower() == 'you' else who} (`xevious.respawn`).")


def _respawned(seat: int, stage: int) -> Fact:
    rule = "xevious.respawn-stage1" if stage == 1 else "xevious.respawn"

    def check(g: G) -> Any:
        e = last_event(g, *RESPAWN)
        return (e.rule == rule and e.player == seat) or f"the last respawn was by {g.players[e.player]} ({e.rule})"

    return Fact(f"{BR[seat]} is the player who respawned in Stage {stage}", check)


def _respawn_gift_taken(seat: int) -> Fact:
    def check(g: G) -> Any:
        e = last_event(g, "xevious.respawn")
        q = pilot(g, seat)
        return ((q.l, q.s, q.w) == (3, 3, e.data["w"]) and q.idx == 0) or f"{BR[seat]} has W{q.w} S{q.s} L{q.l}"

    return Fact(f"{BR[seat]} is on an entrance with 3 Solvalou, 3 Shield and the Extra Weapons the event names",
                check)


L06 = Lesson("xevious/06", "Stage respawn and catching up", (
    Step("Out of Solvalou in Stage 1", _md_respawn1,
         actions=play({"die": [2, 1]}, Roll(), {"die": 1}, Roll(), {"die": 2}, Roll(), StopAt(2), Aim("up"),
                      EnemyAim("up"), {"die": [1, 6]}, Roll(), {"die": [1, 1]}, Roll()),
         fires=("xevious.damage-solvalou", "xevious.respawn-stage1"),
         facts=(_respawned(0, 1), at(0, 1, 1), sheet(0, l=3, w=0, s=0), at(1, 1, 3), sheet(1, l=3), to_move(1))),
    Step("Catching up", _md_catch_up,
         actions=play({"die": 6}, Roll(), StopAt(6), {"die": 1}, Roll(), {"die": 1}, Roll(), CatchUp()),
         fires=("xevious.catch-up", "xevious.catch-up-exit-markers"),
         facts=(at(1, 2, 1), at(0, 2, 1), sheet(0, s=1), sheet(1, s=1), to_move(1))),
    Step("Respawn in a later stage", _md_respawn2,
         actions=play(autopilot(2), lose_until_respawn(0)),
         fires=("xevious.stage-gate", "xevious.respawn"),
         facts=(on_stage(2), _respawned(0, 2), _respawn_gift_taken(0))),
), new())


# ================================================================================================ 07
def _fog_stop(stops: list[StopAt]) -> StopAt:
    return next((a for a in stops if "green" in a.space), stops[-1])


def _gumps_left(n: int) -> Fact:
    return Fact(f"{n} Gump Marker(s) still stand", lambda g: sum(g.raw_state.gumps) == n
                or f"{sum(g.raw_state.gumps)} stand")


def _md_gump_win(g: G) -> str:
    e = last_event(g, "xevious.condition-gump")
    who = g.players[e.player]
    return (f"{says(who, 'attacks')} again with a 6: more than 5, and the Gump Marker is destroyed "
            f"(`xevious.condition-gump`): {sum(g.raw_state.gumps)} still stand. The player who destroys the last "
            "Gump Marker wins (`xevious.victory`) — that is your job now, against the sensible bot.")


L07 = Lesson("xevious/07", "Stage 7 and the Gump Markers", (
    Step("Stage 2: hidden Sol citadels",
         lambda g: (f"Every stage has its own condition (`xevious.stage-condition`, our reconstruction, printed on "
                    f"each panel). Fast-forward to Stage 2: an air-to-ground battle won there also uncovers a hidden "
                    f"Sol citadel — 1 Extra Weapon Marker for {g.players[last_event(g, 'xevious.condition-hidden-sol').player]} "
                    "(`xevious.condition-hidden-sol`)."),
         actions=demo(2, "xevious.condition-hidden-sol", lambda p: (1, 6) if (p.area, p.idx) == (0, 0) else None),
         fires=("xevious.condition-hidden-sol",), rules=("xevious.stage-condition",),
         facts=(on_stage(2), fact("the winner holds at least 1 Extra Weapon Marker", lambda g: pilot(
             g, last_event(g, "xevious.condition-hidden-sol").player).w >= 1))),
    Step("Stage 3: Garu Zakato fog",
         lambda g: ("In Stage 3 fog covers the ground. "
                    f"{says(g.players[last_event(g, 'xevious.condition-fog').player], 'stops')}"
                    " on the green Shield space it passes — the rulebook's green stop still holds — but in the fog "
                    "its markers go only to a roll that ends there exactly (`xevious.condition-fog`)."),
         actions=demo(3, "xevious.condition-fog",
                      lambda p: (4 - p.idx,) if p.area == 1 and p.idx < 3 else ((1,) if p.area == 0 else None),
                      area=0, stop=_fog_stop),
         fires=("xevious.condition-fog", "xevious.green-stop"),
         facts=(on_stage(3), fact("the player who stopped stands on the green space, area 2 space 4", lambda g: (
             pilot(g, last_event(g, "xevious.condition-fog").player).area,
             pilot(g, last_event(g, "xevious.condition-fog").player).idx) == (1, 3)))),
    Step("Stage 4: rescue the Phantom",
         lambda g: (f"In Stage 4 a HIT! on the Phantom space also rescues the Phantom wingman: "
                    f"{g.players[last_event(g, 'xevious.condition-phantom').player]} takes one more Solvalou Marker "
                    "(`xevious.condition-phantom`)."),
         actions=demo(4, "xevious.condition-phantom",
                      lambda p: (2 - p.idx,) if p.area == 1 and p.idx < 2 else None,
                      {"blaster": "HIT!"}),
         fires=("xevious.condition-phantom",),
         facts=(on_stage(4), fact("the rescuer has the Phantom wingman", lambda g: pilot(
             g, last_event(g, "xevious.condition-phantom").player).phantom))),
    Step("Stage 5: Zoshi squadrons",
         lambda g: ("In Stage 5 every battle against several enemies has one enemy more: "
                    f"{last_event(g, 'xevious.condition-zoshi').data['enemies']} instead of 2 "
                    "(`xevious.condition-zoshi`)."),
         actions=demo(5, "xevious.condition-zoshi", lambda p: (2,) if (p.area, p.idx) == (0, 0) else None),
         fires=("xevious.condition-zoshi",),
         facts=(on_stage(5), fact("the squadron had 3 enemies",
                                  lambda g: last_event(g, "xevious.condition-zoshi").data["enemies"] == 3))),
    Step("Stage 6: Garu Barra batteries",
         lambda g: ("In Stage 6, ending a move on a plain space draws fire from a hidden battery: an air-to-ground "
                    f"battle against {BARRAGE} (`xevious.condition-garu-barra`)."),
         actions=demo(6, "xevious.condition-garu-barra", lambda p: (1, 6) if (p.area, p.idx) == (0, 0) else None),
         fires=("xevious.condition-garu-barra",),
         facts=(on_stage(6), fact(f"the battery's battle was against {BARRAGE}", lambda g: any(
             e.rule == "xevious.ground-battle" and e.data["n"] == BARRAGE for t in g.history[-4:]
             for e in t.events)))),
    Step("On to Stage 7",
         lambda g: ("Fast-forward through Stages 1 to 6 (rigged rolls of 6; every stage has its own condition, "
                    "`xevious.stage-condition`). Stage 7 is played on the panel of Stage 1 and holds "
                    f"{sum(g.raw_state.gumps)} Gump Markers (`xevious.condition-gump`) on its last area."),
         actions=autopilot(7), fires=("xevious.stage-gate", "xevious.condition-gump"),
         facts=(on_stage(7), _gumps_left(3))),
    Step("A Gump Marker blocks the way",
         lambda g: (f"Everybody flies into area 3 (fast-forward). Nobody flies past a standing Gump Marker: "
                    f"{g.players[_gump_fighter(g)]} stops on it (or is already there) and attacks it with an "
                    f"air-to-ground battle against {GUMP_NUMBER} — rolling 5 is not more: a loss "
                    "(`xevious.condition-gump`)."),
         actions=play(autopilot(7, area=2), gump_attack_fails), fires=("xevious.condition-gump",),
         facts=(_gumps_left(3), fact("the attack was against 5 and lost", lambda g: (
             last(g)["kind"], last(g)["n"], last(g)["won"]) == ("ground", 5, False)))),
    Step("Destroying a Gump Marker", _md_gump_win,
         actions=play(lambda g: _to_seat(g, _gump_fighter(g)), gump_attack_wins),
         fires=("xevious.condition-gump",), rules=("xevious.victory",),
         facts=(_gumps_left(2), fact("nobody has won yet", lambda g: not g.is_over))),
), new(), bots={1: "sensible"}, bot_table=BOTS)


def _gump_fighter(g: G) -> int:
    return int(last(g)["player"])


def _to_seat(g: G, seat: int) -> None:
    """Play on (rigged 1s for the others: no Gump falls) until ``seat`` is to move again."""
    for _ in range(40):
        if g.current_player == seat and g.raw_state.phase == "turn":
            return
        if Attack in {type(a) for a in g.legal_actions()}:
            g.rig(die=1)
            g.play(Attack())
            settle(g)
        elif g.raw_state.phase == "turn":
            g.play(g.legal_actions()[0])
        else:
            settle_once(g)


# ================================================================================================ 08
YS = ("You", "Sensible")


def _md_you_roll(g: G) -> str:
    you = g.players[0]
    return (f"{says(you, 'rolls')} the die: 2 (`xevious.move-roll`). {says(you, 'lands')} on an air-to-ground "
            f"battle against 2 and {'roll' if you.lower() == 'you' else 'rolls'} 5: more, a win "
            f"(`xevious.ground-battle`). {says(you, 'stays')} on {where(g, 0)} with {pilot(g, 0).l} Solvalou Markers.")


L08 = Lesson("xevious/08", "A full game against a bot", (
    Step("Your first move", _md_you_roll,
         actions=play({"die": [2, 5]}, Roll()), fires=("xevious.move-roll", "xevious.ground-battle"),
         facts=(at(0, 1, 3, YS), sheet(0, YS, l=3), _ground(0, 5, 2, True, names=YS), to_move(1, YS))),
    Step("The bot's move",
         lambda g: (f"{says(g.players[1], 'rolls')} 1 to {where(g, 1)}: a plain space (`xevious.move-roll`). Now "
                    f"{'it is your turn' if g.players[0].lower() == 'you' else g.players[0] + ' is to move'}: "
                    "roll, fight, collect markers on the sheet (`xevious.sheet-rows`), and in Stage 7 destroy the "
                    "last Gump Marker to win (`xevious.victory`). The bot answers by itself."),
         actions=play({"die": 1}, Roll()), fires=("xevious.move-roll",),
         rules=("xevious.sheet-rows", "xevious.victory"),
         facts=(at(1, 1, 2, YS), to_move(0, YS))),
), new(players=YS), bots={1: "sensible"}, bot_table=BOTS)


def _bot_hand_over(les: Lesson) -> Lesson:
    """The lesson with a hand-over that names the human's seat and the bot's (the bot answers by itself)."""

    def md(g: G) -> str:
        humans = [g.players[k] for k in range(len(g.players)) if k not in les.bots]
        bots = [g.players[k] for k in les.bots]
        return (f"The board is yours now: you play {' and '.join(humans)}; the {les.bots[next(iter(les.bots))]} bot "
                f"plays {' and '.join(bots)} and answers by itself after each of your moves. Pick a move on the board "
                "or in the list of legal moves (keys **1–9**); **U** takes a move back. Press **Back** (←) to see any "
                "lesson step again: it restores that exact position.")

    step = Step("Your turn", md, facts=(Fact("a human seat is to move after the bot's reply", human_to_move(les)),))
    return replace(les, hand_over=step)


L07 = _bot_hand_over(L07)
L08 = _bot_hand_over(L08)

LESSONS: dict[str, Lesson] = {les.id.split("/")[1]: les for les in (L01, L02, L03, L04, L05, L06, L07, L08)}


def lesson(number: str | int) -> Lesson:
    try:
        key = f"{int(number):02d}"
    except ValueError:
        key = str(number)
    if key not in LESSONS:
        raise KeyError(f"no lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return LESSONS[key]


def until_winner_for_tests(g: G) -> None:
    """Stage 7: everybody attacks the Gump Markers with rigged 6s until the last one falls (the tests use it to show
    that the lesson contract refuses a hand-over of a finished game)."""
    for _ in range(400):
        if g.is_over:
            return
        legal = g.legal_actions()
        types = {type(a) for a in legal}
        if Attack in types:
            g.rig(die=6)
            g.play(Attack())
        elif Roll in types:
            g.rig(die=[6, 6])
            g.play(Roll())
        else:
            settle_once(g)
        if g.raw_state.phase == "boost":
            g.play(Fire(False))
