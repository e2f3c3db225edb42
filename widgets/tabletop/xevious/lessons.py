"""The step-through lessons behind ``notebooks/xevious/NN_*.ipynb``: each step explains one rule (naming its
clause id) and reaches it by *legal play with rigged chance*, so the rule happens every time and a lesson's game
can be saved and replayed like any other.

A step's ``script`` is a list of: a dict (outcomes to rig next), an Action (played), or a function of the game
(a longer "fast-forward", also legal play). ``fires`` lists the clause ids the step's events must show (the
tests check it). Nothing here imports a widget: the notebooks put the games on boards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Event, Game
from .rules import (
    OPPOSITE,
    Aim,
    Attack,
    Blast,
    CatchUp,
    EnemyAim,
    Fire,
    Fly,
    Roll,
    StopAt,
    TryAgain,
    XeviousState,
)

Script = Sequence[dict[str, Any] | Action | Callable[[Game[XeviousState]], None]]


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    fires: tuple[str, ...] = ()
    script: Script = ()


@dataclass(frozen=True)
class Lesson:
    number: str
    title: str
    steps: tuple[Step, ...]
    players: tuple[str, ...] = ("Blue", "Red")
    seed: int = 2026
    setup_rig: dict[str, Any] = field(default_factory=lambda: {"die": [5, 2]})
    variant: dict[str, Any] = field(default_factory=dict)

    def new_game(self) -> Game[XeviousState]:
        from . import new_game

        return new_game(seed=self.seed, players=list(self.players), rig=self.setup_rig, variant=self.variant)

    def run_step(self, game: Game[XeviousState], k: int) -> list[Event]:
        """Play step ``k``'s script on ``game``; return the events it caused."""
        events: list[Event] = []
        for item in self.steps[k].script:
            if isinstance(item, dict):
                game.rig(**item)
            elif isinstance(item, Action):
                events += game.play(item)
            else:
                n = len(game.history)
                item(game)
                events += [e for t in game.history[n:] for e in t.events]
        return events

    def game_at(self, k: int) -> Game[XeviousState]:
        """A fresh game with steps 0..k played."""
        g = self.new_game()
        for i in range(k + 1):
            self.run_step(g, i)
        return g


# ------------------------------------------------------------------------------------------------ fast-forwards
def autopilot(stage: int, area: int = 0) -> Callable[[Game[XeviousState]], None]:
    """Fly everybody on (rigged 6s to move, the farthest stop, Battle Cards head-on, catch up when allowed) until
    Stage ``stage`` is on the table and every mover is at least in area ``area`` (counted from 0). Battles on the
    ground and cards keep their seeded chance."""

    def run(g: Game[XeviousState]) -> None:
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
            elif StopAt in types:
                g.play(max((a for a in legal if isinstance(a, StopAt)), key=lambda a: a.step))
            elif Fire in types:
                g.rig(die=6)
                g.play(Fire(False))
            elif Aim in types:
                g.play(Aim("up"))
            elif EnemyAim in types:
                assert s.pend is not None
                g.play(EnemyAim(OPPOSITE[s.pend["aim"]]))
            else:
                g.play(legal[0])
        raise RuntimeError("autopilot did not reach the stage")  # pragma: no cover

    return run


def lose_until_respawn(seat: int) -> Callable[[Game[XeviousState]], None]:
    """``seat`` loses Battle Card duels (it turns its card the same way as the enemy) until it is out of Solvalou
    Markers; the other seats roll rigged 1s. Every battle is a real, legal one."""

    def run(g: Game[XeviousState]) -> None:
        for _ in range(400):
            if any(e.rule in ("xevious.respawn", "xevious.respawn-stage1") for e in g.history[-1].events):
                return
            s = g.raw_state
            legal = g.legal_actions()
            types = {type(a) for a in legal}
            if s.phase == "aim":
                g.play(Aim("up"))
            elif s.phase == "enemy":
                g.play(EnemyAim("up"))  # the same way: not head-on, a loss
            elif s.phase == "stop":
                g.play(legal[-1])
            elif s.phase == "boost":
                g.rig(die=1)
                g.play(Fire(False))
            elif Roll in types:
                g.rig(die=1)
                g.play(Roll())
            else:
                g.play(legal[0])
        raise RuntimeError("no respawn reached")  # pragma: no cover

    return run


def until_winner(g: Game[XeviousState]) -> None:
    """Stage 7: everybody attacks the Gump Markers with rigged 6s until the last one falls."""
    for _ in range(400):
        if g.is_over:
            return
        legal = g.legal_actions()
        types = {type(a) for a in legal}
        if Attack in types:
            if g.raw_state.pilots[g.raw_state.order[g.raw_state.turn]].w == 0:
                g.rig(die=6)
            g.play(Attack())
        elif Fire in types:
            g.rig(die=6)
            g.play(Fire(True))
        elif Roll in types:
            g.rig(die=6)
            g.play(Roll())
        elif StopAt in types:
            g.play(max((a for a in legal if isinstance(a, StopAt)), key=lambda a: a.step))
        elif Aim in types:
            g.play(Aim("up"))
        elif EnemyAim in types:
            s = g.raw_state
            assert s.pend is not None
            g.play(EnemyAim(OPPOSITE[s.pend["aim"]]))
        else:
            g.play(legal[0])


# ------------------------------------------------------------------------------------------------ the lessons
L01 = Lesson("01", "Pieces, preparations and the Attack Strength Sheet", (
    Step("The pieces and the set-up",
         "Super Xevious has seven stages on six panels — Stage 1 and Stage 7 share one (`xevious.pieces`). Each "
         "player picks a Solvalou Mover and the Attack Strength Sheet of its colour (`xevious.prep-sheet`), puts "
         "3 Solvalou Markers on it and nothing else (`xevious.prep-solvalou`). Stage 1 goes on the table and "
         "every mover starts on the starting point, the bottom right corner (`xevious.prep-stage`). Everybody "
         "rolls the die: the highest roll plays first (`xevious.prep-order`; here Blue rolled 5, Red 2), and turns "
         "go round in that order (`xevious.turn-order`).",
         ()),
    Step("The Attack Strength Sheet",
         "Blue rolls 6, stops on the Card space and draws *Shield generator*. The Shield Marker goes on the "
         "middle row of Blue's sheet: the top row is for Extra Weapon Markers, the middle for Shield Markers, "
         "the bottom for Solvalou Markers (`xevious.sheet-rows`), five spaces each (`xevious.sheet-limit`).",
         ("xevious.card-space",),
         ({"die": 6, "card": "supply-shield"}, Roll(), StopAt(6))),
    Step("Solvalou Markers are lives",
         "Red rolls 2 and lands on an air-to-ground battle against 2, then rolls 1: a loss. Red has no Shield "
         "Marker, so Red loses a Solvalou Marker — a life (`xevious.solvalou-lives`, `xevious.damage-solvalou`).",
         ("xevious.damage-solvalou", "xevious.solvalou-lives"),
         ({"die": [2, 1]}, Roll())),
))

L02 = Lesson("02", "Moving through a stage", (
    Step("Roll and move",
         "Roll the die and move exactly that many spaces, then do what the space says (`xevious.move-roll`). "
         "Blue rolls 1: a plain space, nothing happens.",
         ("xevious.move-roll",), ({"die": 1}, Roll())),
    Step("Green spaces",
         "Red rolls 4 and passes a green space. You may stop on a green space you pass, whatever you rolled "
         "(`xevious.green-stop`) — the board highlights it. Red stops there instead of meeting the enemy plane "
         "on space 5. You never move backwards (`xevious.move-forward`): only spaces ahead are offered.",
         ("xevious.green-stop",), ({"die": 4}, Roll(), StopAt(3))),
    Step("Exits and entrances",
         "Blue rolls 1 and wins the battle against 2 with a 3. Then Red rolls 6: passing the exit of area 1 gives "
         "its Shield Marker (`xevious.exit-markers`), and entering area 2 Red must stop on its entrance "
         "(`xevious.entrance-stop`) — here the 6 ends there exactly; with more to go, the rest of the roll "
         "would be lost.",
         ("xevious.exit-markers", "xevious.entrance-stop"),
         ({"die": [1, 3]}, Roll(), {"die": 6}, Roll(), StopAt(6))),
    Step("Must-stop spaces",
         "Fast-forward: both fly on with rigged rolls of 6 into area 3. Rolling 6 from its entrance, a mover "
         "must stop on the space marked STOP (`xevious.must-stop`); the rest of the roll is lost. In Stage 1 it "
         "is also the Andor Genesis: nobody flies past until they have won its battle themselves "
         "(`xevious.condition-andor-genesis`, one of the stages' own conditions, `xevious.stage-condition`).",
         ("xevious.must-stop",),
         (autopilot(1, area=2), lambda g: _roll_six_in_area_3(g))),
))

L03 = Lesson("03", "Air-to-ground and air-to-air battles", (
    Step("Air-to-ground: a win",
         "Blue lands on an air-to-ground battle against 2 and rolls 3: more than the number wins "
         "(`xevious.ground-battle`).",
         ("xevious.ground-battle",), ({"die": [2, 3]}, Roll())),
    Step("Air-to-ground: equal loses",
         "Red lands there too and rolls 2: equal or less loses (`xevious.ground-battle`), and Red's ship takes "
         "damage: no Shield Marker, so a Solvalou Marker goes (`xevious.damage-solvalou`).",
         ("xevious.ground-battle", "xevious.damage-solvalou"), ({"die": [2, 2]}, Roll())),
    Step("Air-to-air: turn your Battle Card secretly",
         "Blue flies on to the air-to-air battle. Blue turns a Battle Card secretly — here *up* — and Red, the "
         "next player, turns the enemy's card (`xevious.air-battle`). Red chooses *down*: revealed together, the "
         "arrows point towards each other, head-on, and Blue wins (`xevious.battle-cards`).",
         ("xevious.air-battle", "xevious.battle-cards"),
         ({"die": 2}, Roll(), StopAt(2), Aim("up"), EnemyAim("down"))),
    Step("Air-to-air: a loss",
         "Red meets an enemy too. Red turns *left*, Blue as the enemy also turns *left*: the arrows do not point "
         "towards each other, so Red loses (`xevious.battle-cards`). Against a random enemy you win 1 time in 4.",
         ("xevious.air-battle", "xevious.battle-cards"),
         ({"die": 2}, Roll(), StopAt(2), Aim("left"), EnemyAim("left"))),
))

L04 = Lesson("04", "Several enemies and Extra Weapons", (
    Step("Collecting markers",
         "Both players draw *Supply drop* cards (an Extra Weapon Marker each) and pass the exit of area 1 "
         "(a Shield Marker each).",
         ("xevious.card-space", "xevious.exit-markers"),
         ({"die": 6, "card": "supply-weapons"}, Roll(), StopAt(6), {"die": 6, "card": "supply-weapons"}, Roll(),
          StopAt(6), {"die": 3}, Roll(), StopAt(3), {"die": 3}, Roll(), StopAt(3))),
    Step("Several enemies: an Extra Weapon destroys one",
         "Blue meets 2 enemies. Against several enemies you must win battle after battle "
         "(`xevious.squad-battle`). Blue discards the Extra Weapon Marker to destroy one enemy outright "
         "(`xevious.weapon-destroy`) — only one per combat (`xevious.weapon-once`) — and wins the duel with the "
         "other.",
         ("xevious.squad-battle", "xevious.weapon-destroy"),
         ({"die": 3}, Roll(), StopAt(3), Blast(), Aim("up"), EnemyAim("down"))),
    Step("The first loss ends the fight",
         "Red meets the squadron, keeps the Extra Weapon, wins the first duel and loses the second: the fight "
         "ends there and Red takes damage from one enemy only. Red's Shield Marker is discarded instead of a "
         "Solvalou and an Extra Weapon (`xevious.damage-shield`, `xevious.shield`).",
         ("xevious.squad-battle", "xevious.damage-shield", "xevious.shield"),
         ({"die": 3}, Roll(), StopAt(3), Aim("up"), EnemyAim("down"), Aim("up"), EnemyAim("up"))),
    Step("+1 to the roll",
         "Blue rolls 1 to a plain space. Red reaches the battle against 4 marked W: +1 and spends the Extra "
         "Weapon to add 1 to the roll (`xevious.weapon-boost`): 4 + 1 = 5 is more than 4.",
         ("xevious.weapon-boost", "xevious.weapon-once"),
         ({"die": 1}, Roll(), {"die": 3}, Roll(), {"die": 4}, Fire(True))),
))

L05 = Lesson("05", "Flag, Pin, Sol, Phantom and the cards", (
    Step("Stop on the Flag",
         "Blue wins a battle, Red moves 1. Then Blue rolls 6 and passes the Flag: you may stop on a Flag / Pin / "
         "Sol / Phantom space whatever you rolled (`xevious.blaster-stop`). Blue picks one of the three Blaster "
         "Cards at random (`xevious.blaster-draw`): MISTAKE. Blue gets nothing but may stay and try again "
         "(`xevious.blaster-mistake`) — on the next turn, instead of moving.",
         ("xevious.blaster-stop", "xevious.blaster-draw", "xevious.blaster-mistake"),
         ({"die": [2, 3]}, Roll(), {"die": 1}, Roll(), {"die": 6, "blaster": "MISTAKE"}, Roll(), StopAt(5))),
    Step("Try again: HIT!",
         "Red wins a battle. Blue tries again: HIT! — Blue takes the Flag's Solvalou Marker. A Daley Piece now "
         "covers the Flag for the rest of the stage (`xevious.daley-piece`, our role for a piece the rulebook "
         "only lists).",
         ("xevious.blaster-draw", "xevious.daley-piece"),
         ({"die": [1, 3]}, Roll(), {"blaster": "HIT!"}, TryAgain())),
    Step("Super Xevious Cards",
         "Red lands on a Card space and draws a Super Xevious Card (`xevious.card-space`) from the deck "
         "(`xevious.xevious-cards`): *Tailwind* — fly forward 2 spaces: over the Flag (covered by the Daley "
         "Piece: nothing) onto the exit, which gives its Shield Marker.",
         ("xevious.card-space",),
         ({"die": 4, "card": "tailwind"}, Roll(), StopAt(4))),
    Step("The Cockpit Card",
         "Instead of rolling, Blue turns the Cockpit Card face down and flies exactly 1 space, onto the exit "
         "(`xevious.cockpit-card` — our role for a card the rulebook only lists: once per stage, fly any number "
         "from 1 to 6).",
         ("xevious.cockpit-card", "xevious.exit-markers"), (Fly(1),)),
))

L06 = Lesson("06", "Stage respawn and catching up", (
    Step("Out of Solvalou in Stage 1",
         "Blue loses battle after battle. With no Shield Marker each loss costs a Solvalou Marker. Out of "
         "Solvalou Markers, Blue returns to the beginning of the area — in Stage 1 with only 3 Solvalou Markers "
         "(`xevious.respawn-stage1`). The variant option `stage1_exception=False` switches this exception off; "
         "the guided lab `notebooks/variants/02_xevious_stage1_exception.ipynb` measures whether it matters.",
         ("xevious.respawn-stage1",), (lose_until_respawn(0),)),
    Step("Catching up",
         "Red flies into area 2 (fast-forward). Every other player is now in the next area, so on Blue's turn "
         "Blue may move there too (`xevious.catch-up`) — and still takes the Shield Marker of the exit Blue "
         "does not fly through (`xevious.catch-up-exit-markers`).",
         ("xevious.catch-up", "xevious.catch-up-exit-markers"),
         (lambda g: _red_to_area_2(g), CatchUp())),
    Step("Respawn in a later stage",
         "Fast-forward to Stage 2: when every mover has left a stage it waits at the stage gate; then the next "
         "panel goes down (`xevious.stage-gate`). In Stage 2 Blue runs out of Solvalou Markers again: back to "
         "the entrance of the area with 3 Solvalou, and 3 Extra Weapon and 3 Shield Markers added (up to 5) — "
         "and Stage 2 begins again for Blue (`xevious.respawn`).",
         ("xevious.stage-gate", "xevious.respawn"), (autopilot(2), lose_until_respawn(0))),
))


def _red_to_area_2(g: Game[XeviousState]) -> None:
    """Red (seat 1) rolls on to the entrance of area 2; Blue rolls 1s meanwhile."""
    for _ in range(40):
        s = g.raw_state
        if s.pilots[1].area >= 1 and g.current_player == 0 and s.phase == "turn":
            return
        legal = g.legal_actions()
        if s.phase == "stop":
            g.play(legal[-1])
        elif s.phase == "boost":
            g.rig(die=6)
            g.play(Fire(False))
        elif s.phase == "aim":
            g.play(Aim("up"))
        elif s.phase == "enemy":
            g.play(EnemyAim("down"))
        elif Roll in {type(a) for a in legal}:
            g.rig(die=6 if g.current_player == 1 else 1)
            g.play(Roll())
        else:
            g.play(legal[0])


def _roll_six_in_area_3(g: Game[XeviousState]) -> None:
    if Roll in {type(a) for a in g.legal_actions()}:
        g.rig(die=6)
        g.play(Roll())
        if g.raw_state.phase == "stop":
            g.play(g.legal_actions()[-1])
    if g.raw_state.phase == "boost":
        g.play(Fire(False))


def demo(stage: int, rule: str, plan: Callable[[Any], tuple[int, ...] | None],
         extra: dict[str, Any] | None = None) -> Callable[[Game[XeviousState]], None]:
    """Fast-forward to ``stage``, then play until ``rule`` happens: ``plan(pilot)`` gives the rigged dice for
    the mover to play (or None: roll a 1 and move on). Battle Cards are played head-on (won)."""

    def run(g: Game[XeviousState]) -> None:
        autopilot(stage)(g)
        for _ in range(60):
            if any(e.rule == rule for t in g.history[-3:] for e in t.events):
                _settle(g)
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
                _settle(g, once=True)
        raise RuntimeError(f"{rule} did not happen")  # pragma: no cover

    return run


def _settle(g: Game[XeviousState], once: bool = False) -> None:
    """Finish whatever decision is pending (farthest stop, no weapon, Battle Cards head-on)."""
    for _ in range(20):
        s = g.raw_state
        if g.is_over or s.phase == "turn":
            return
        legal = g.legal_actions()
        if s.phase == "stop":
            g.play(legal[-1])
        elif s.phase == "boost":
            g.play(Fire(False))
        elif s.phase == "aim":
            g.play(Aim("up"))
        elif s.phase == "enemy":
            assert s.pend is not None
            g.play(EnemyAim(OPPOSITE[s.pend["aim"]]))
        else:
            g.play(legal[-1])
        if once:
            return


def _gump_attack_fails(g: Game[XeviousState]) -> None:
    if Attack in {type(a) for a in g.legal_actions()}:
        g.play(Attack())
    else:
        g.rig(die=6)
        g.play(Roll())
    g.rig(die=5)
    if g.raw_state.phase == "boost":
        g.play(Fire(False))
    elif g.raw_state.phase == "stop":
        g.play(g.legal_actions()[-1])
        g.play(Fire(False))

L07 = Lesson("07", "Stage 7 and the Gump Markers", (
    Step("Stage 2: hidden Sol citadels",
         "Every stage has its own condition (`xevious.stage-condition`, our reconstruction, printed on each "
         "panel). Fast-forward to Stage 2: an air-to-ground battle won there also uncovers a hidden Sol citadel "
         "— 1 Extra Weapon Marker (`xevious.condition-hidden-sol`).",
         ("xevious.condition-hidden-sol",),
         (demo(2, "xevious.condition-hidden-sol", lambda p: (1, 6) if (p.area, p.idx) == (0, 0) else None),)),
    Step("Stage 3: Garu Zakato fog",
         "In Stage 3 fog covers the ground: a green space you pass is no stop (`xevious.condition-fog`).",
         ("xevious.condition-fog",),
         (demo(3, "xevious.condition-fog", lambda p: (4, 6) if (p.area, p.idx) == (0, 0) else None),)),
    Step("Stage 4: rescue the Phantom",
         "In Stage 4 a HIT! on the Phantom space rescues the Phantom wingman, who takes your next hit "
         "(`xevious.condition-phantom`).",
         ("xevious.condition-phantom",),
         (demo(4, "xevious.condition-phantom",
               lambda p: (2 - p.idx,) if p.area == 1 and p.idx < 2 else ((1,) if p.area == 0 and p.idx == 7 else None),
               {"blaster": "HIT!"}),)),
    Step("Stage 5: Zoshi squadrons",
         "In Stage 5 every battle against several enemies has one enemy more (`xevious.condition-zoshi`).",
         ("xevious.condition-zoshi",),
         (demo(5, "xevious.condition-zoshi", lambda p: (2,) if (p.area, p.idx) == (0, 0) else None),)),
    Step("Stage 6: Garu Barra batteries",
         "In Stage 6, ending a move on a plain space draws fire from a hidden battery: an air-to-ground battle "
         "against 2 (`xevious.condition-garu-barra`).",
         ("xevious.condition-garu-barra",),
         (demo(6, "xevious.condition-garu-barra", lambda p: (1, 6) if (p.area, p.idx) == (0, 0) else None),)),
    Step("On to Stage 7",
         "Fast-forward through Stages 1 to 6 (rigged rolls of 6; every stage has its own condition, "
         "`xevious.stage-condition`). Stage 7 is played on the panel of Stage 1 and holds the Gump Markers "
         "(`xevious.condition-gump`) on its last area.",
         ("xevious.stage-gate", "xevious.condition-gump"), (autopilot(7),)),
    Step("A Gump Marker blocks the way",
         "Everybody flies into area 3 (fast-forward). Nobody flies past a standing Gump Marker: the player to move "
         "stops on it (or is already there) and attacks it with an air-to-ground battle against 5 — rolling 5 is "
         "not more: a loss (`xevious.condition-gump`).",
         ("xevious.condition-gump",),
         (autopilot(7, area=2), _gump_attack_fails)),
    Step("The last Gump Marker",
         "Everybody attacks on with rigged 6s. The player who destroys the last Gump Marker wins "
         "(`xevious.victory`).",
         ("xevious.victory",), (until_winner,)),
), variant={"extras": False})

LESSONS: dict[str, Lesson] = {x.number: x for x in (L01, L02, L03, L04, L05, L06, L07)}


def lesson(number: str | int) -> Lesson:
    key = f"{int(number):02d}"
    if key not in LESSONS:
        raise KeyError(f"no lesson {number!r}; lessons: {', '.join(LESSONS)}")
    return LESSONS[key]
