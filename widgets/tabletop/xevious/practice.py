"""Practice for Super Xevious, generated from the engine (the protocol: :mod:`tabletop.engine.practice`).

``practice(seed, clauses=None)`` plays seeded bot games (the sensible and the random bot, two or three players,
the rulebook's rules) and, at positions the bots reach, asks questions such as "Blue rolls 4 from here: on which
of these spaces may Blue end the move?", "Red rolls 2 onto the battle against 3, then 3: a win or a loss?",
"Which of these may Blue do now?". Each question is tied to one clause of the catalog; its prompt and choices are
written at the position, and its answer is computed by the engine when asked (``Question.answer(game)`` plays the
hypothetical roll on a fork of ``game``, or reads the legal moves and the rules' refusals) — never typed in.

A question about "what if the die shows k" rigs k on a fork only: the item's ``game`` is the position the bots
reached, with nothing rigged. ``COVERED`` lists the clauses the generator asks about; ``NOT_COVERED`` says, for
every other clause of the catalog, why it cannot be asked about here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..engine import Action, Event, Game
from ..engine.lessons import Answer, Question, choice_of
from ..engine.practice import PracticeItem
from ..engine.words import says
from . import data, queries
from .bots import RandomXeviousBot, SensibleBot
from .rules import (
    HEADINGS4,
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
    XeviousRules,
    XeviousState,
)

G = Game[XeviousState]
Maker = Callable[[G, random.Random, str], Question | None]

#: the clauses the generator asks about (each has a maker below)
COVERED: tuple[str, ...] = (
    "xevious.prep-sheet", "xevious.prep-solvalou", "xevious.prep-stage", "xevious.prep-order",
    "xevious.move-roll", "xevious.move-forward", "xevious.green-stop", "xevious.must-stop",
    "xevious.entrance-stop", "xevious.exit-markers", "xevious.stage-condition", "xevious.stage-gate",
    "xevious.turn-order",
    "xevious.condition-andor-genesis", "xevious.condition-hidden-sol", "xevious.condition-fog",
    "xevious.condition-phantom", "xevious.condition-zoshi", "xevious.condition-garu-barra",
    "xevious.condition-gump",
    "xevious.damage-shield", "xevious.damage-solvalou", "xevious.respawn", "xevious.respawn-stage1",
    "xevious.catch-up", "xevious.catch-up-exit-markers",
    "xevious.sheet-rows", "xevious.sheet-limit", "xevious.weapon-destroy", "xevious.weapon-boost",
    "xevious.weapon-once", "xevious.shield", "xevious.solvalou-lives",
    "xevious.ground-battle", "xevious.air-battle", "xevious.battle-cards", "xevious.squad-battle",
    "xevious.card-space", "xevious.blaster-stop", "xevious.blaster-draw", "xevious.blaster-mistake",
    "xevious.victory",
)

#: every other clause of the catalog, and why the generator cannot ask about it
NOT_COVERED: dict[str, str] = {
    "xevious.pieces": "the list of the game's pieces: no position of play asks anything about it",
    "xevious.turn-cap": "an engine safeguard, not a rule of play: bot games end long before the 400-round cap, so "
                        "no reached position is near it",
    "xevious.xevious-cards": "the Super Xevious deck is shuffled and face down: a question about what comes next "
                             "would need information the board does not show (what a drawn card does is asked "
                             "under xevious.card-space)",
    "xevious.braglease-card": "the Braglease Cards are drawn only when no player turns the enemy's card (a "
                              "one-player game); practice games have two or three players, and the top card is "
                              "hidden until it is drawn",
    "xevious.cockpit-card": "a variant (cockpit_card=True), off in the rulebook game that practice plays",
    "xevious.daley-piece": "a variant (daley_pieces=True), off in the rulebook game that practice plays",
}

NAMES = ("Blue", "Red", "Green")
CONDITION_CLAUSES = ("xevious.condition-andor-genesis", "xevious.condition-hidden-sol", "xevious.condition-fog",
                     "xevious.condition-phantom", "xevious.condition-zoshi", "xevious.condition-garu-barra",
                     "xevious.condition-gump")


# ================================================================================================ helpers
def _rules(g: G) -> XeviousRules:
    rules: XeviousRules = g.rules  # type: ignore[assignment]
    return rules


def _seat(g: G) -> int:
    s = g.raw_state
    return s.order[s.turn]


def _pilot(g: G, seat: int) -> Any:
    return g.raw_state.pilots[seat]


def _square(g: G, pos: tuple[int, int]) -> str:
    """"area 2, space 4 (green space)": a square of the stage on the table, counted from 1; a standing guard on it
    (a Gump Marker, the Andor Genesis that the player to move has not beaten) is named too."""
    a, i = pos
    s = g.raw_state
    rules = _rules(g)
    if queries.space_at(rules, s, pos) is None:
        return "the stage gate"
    guard = ""
    if pos in queries.guards_for(rules, s, s.pilots[_seat(g)]):
        guard = ", a standing Gump Marker" if s.stage == 7 else ", guarded by the Andor Genesis"
    return f"area {a + 1}, space {i + 1} ({queries.square_label(rules, s, pos)}{guard})"


def _here(g: G, seat: int) -> str:
    q = _pilot(g, seat)
    return _square(g, (q.area, q.idx))


def _sheet(q: Any) -> tuple[int, int, int]:
    return (q.w, q.s, q.l)


def _sheet_words(t: tuple[int, int, int]) -> str:
    return f"{t[0]} Extra Weapon, {t[1]} Shield, {t[2]} Solvalou"


def _events(f: G, n0: int) -> list[Event]:
    return [e for t in f.history[n0:] for e in t.events]


def _rig(f: G, **outcomes: Any) -> bool:
    """Rig on a fork; False when an outcome cannot come up there (the question is then not asked)."""
    try:
        f.rig(**outcomes)
    except ValueError:
        return False
    return True


def _take_card(g: G) -> str | None:
    """A Super Xevious Card still in the deck that gives markers (its effect is 'take')."""
    cards = _rules(g).cards
    return next((c for c in dict.fromkeys(g.raw_state.deck) if cards[c].effect == "take"), None)


def _fly(f: G, k: int, stop: int | None = None, weapon: bool = False, **rigs: Any) -> list[Event] | None:
    """On the fork ``f``: the player to move rolls ``k`` (rigged, with ``rigs``), stops after ``stop`` squares
    (default: the whole roll) and fires with or without an Extra Weapon if asked. Returns the events, or None when
    the rigs or the stop cannot be played."""
    n0 = len(f.history)
    dice = [k, *rigs.pop("dice", [])]
    if not _rig(f, die=dice, **rigs):
        return None
    f.play(Roll())
    if f.raw_state.phase == "stop":
        stops = [a for a in f.legal_actions() if isinstance(a, StopAt)]
        pick = stops[-1] if stop is None else next((a for a in stops if a.step == stop), None)
        if pick is None:
            return None
        f.play(pick)
    elif stop is not None and stop != len(_rules(f).move_plan(f.raw_state, _seat(f), k).squares):
        return None
    if f.raw_state.phase == "boost":
        f.play(Fire(weapon))
    return _events(f, n0)


def _rolls(rng: random.Random) -> list[int]:
    ks = [1, 2, 3, 4, 5, 6]
    rng.shuffle(ks)
    return ks


def _can_roll(g: G) -> bool:
    return g.raw_state.phase == "turn" and Roll() in g.legal_actions()


def _q(prompt: str, choices: Sequence[str], answer: Callable[[G], Answer], clause: str,
       multiple: bool = False) -> Question:
    return Question(prompt, list(choices), answer, multiple=multiple, clauses=(clause,))


# ================================================================================================ makers
# A maker looks at a position and returns a question about clause ``want``, or None when it cannot ask one here.

def m_move(g: G, rng: random.Random, want: str) -> Question | None:
    """Where may the mover end a roll of k? (move-roll, move-forward, green-stop, blaster-stop, must-stop,
    entrance-stop, stage-gate, the guards.)"""
    if not _can_roll(g):
        return None
    seat = _seat(g)
    rules = _rules(g)
    s = g.raw_state
    q = _pilot(g, seat)
    tr = rules.tracks[s.stage - 1]
    for k in _rolls(rng):
        plan = rules.move_plan(s, seat, k)
        if not plan.squares:
            continue
        applies = {"entrance": "xevious.entrance-stop", "stop": "xevious.must-stop", "gate": "xevious.stage-gate",
                   "roll": "xevious.move-roll", "end": "xevious.move-roll"}
        fam = {applies.get(plan.why, "xevious.move-roll"), "xevious.move-forward"}
        if plan.why == "guard":
            fam |= {"xevious.condition-gump" if s.stage == 7 else "xevious.condition-andor-genesis",
                    "xevious.stage-condition"}
        for st in plan.stops:
            a, i = plan.squares[st - 1]
            fam.add("xevious.green-stop" if tr.green[a][i] else "xevious.blaster-stop")
        if want not in fam or (want == "xevious.move-forward" and (q.area, q.idx) == (0, 0)):
            continue
        # the choices: the square behind the mover (if any), and the k squares ahead on an empty track
        naive: list[tuple[int, int]] = []
        a, i = q.area, q.idx
        for _ in range(k):
            if i + 1 < tr.lens[a]:
                i += 1
            elif a + 1 < tr.n_areas:
                a, i = a + 1, 0
            elif tr.final:
                break
            else:
                naive.append((tr.n_areas, 0))
                break
            naive.append((a, i))
        behind = [(q.area, q.idx - 1)] if q.idx > 0 else [(q.area - 1, tr.lens[q.area - 1] - 1)] if q.area else []
        squares = list(dict.fromkeys([*behind, *naive, *plan.squares]))
        texts = [_square(g, p) for p in squares]
        if len(texts) < 2:
            continue
        name = g.players[seat]

        def answer1(game: G, seat: int = seat, k: int = k, texts: list[str] = texts, squares: list[Any] = squares,
                    want: str = want) -> Answer:
            p = _rules(game).move_plan(game.raw_state, seat, k)
            right = [p.squares[st - 1] for st in p.stops] + [p.squares[-1]]
            ends = {"entrance": "the entrance of a new area stops every move (`xevious.entrance-stop`)",
                    "stop": "a must-stop space ends the move (`xevious.must-stop`)",
                    "guard": "a standing guard stops the move on its square (`xevious.condition-andor-genesis`, "
                             "`xevious.condition-gump`)",
                    "gate": "leaving the stage's last exit ends at the stage gate (`xevious.stage-gate`)",
                    "roll": f"the roll of {k} ends there (`xevious.move-roll`)",
                    "end": "the track ends there (`xevious.move-forward`)"}[p.why]
            early = " You may also stop on a green or Flag / Pin / Sol / Phantom space passed on the way " \
                    "(`xevious.green-stop`, `xevious.blaster-stop`)." if p.stops else ""
            return choice_of(texts, [texts[squares.index(x)] for x in right],
                             f"{ends}.{early} Never backwards (`xevious.move-forward`).", want)

        prompt = (f"{says(name, 'rolls')} {k} from {_here(g, seat)}. On which of these spaces may {name} end the "
                  "move? (Pick every one.)")
        return _q(prompt, texts, answer1, want, multiple=True)
    return None


def m_ground(g: G, rng: random.Random, want: str) -> Question | None:
    """Rolls that end on an air-to-ground battle (or a guard, or a Stage 6 battery): win or lose, the +1, the
    damage, and what a win also gives."""
    if not _can_roll(g):
        return None
    seat = _seat(g)
    name = g.players[seat]
    s = g.raw_state
    q = _pilot(g, seat)
    for k in _rolls(rng):
        probe = g.fork()
        ev = _fly(probe, k, dice=[6])
        if ev is None or probe.raw_state.phase != "turn":
            continue
        battles = [e for e in ev if e.rule == "xevious.ground-battle" and e.player == seat]
        if not battles:
            continue
        n = int(battles[0].data["n"])
        plan = _rules(g).move_plan(s, seat, k)
        place = _square(g, plan.squares[-1])
        boost = any(e.rule == "xevious.weapon-boost" and "may spend" in e.text for e in ev)
        rules_fired = {e.rule for e in ev}
        if want == "xevious.ground-battle":
            d = rng.randint(1, 6)

            def answer2(game: G, k: int = k, d: int = d, n: int = n) -> Answer:
                f = game.fork()
                evs = _fly(f, k, dice=[d])
                assert evs is not None
                b = next(e for e in evs if e.rule == "xevious.ground-battle")
                won = bool(b.data["won"])
                return choice_of(("a win", "a loss"), "a win" if won else "a loss",
                                 f"{d} is {'more than' if won else 'not more than'} {b.data['n']}: more wins, equal "
                                 "or less loses", "xevious.ground-battle")

            return _q(f"{says(name, 'rolls')} {k} from {_here(g, seat)} onto {place} (a battle against {n}); the "
                      f"battle die then shows {d}{' (no Extra Weapon used)' if boost else ''}. A win or a loss?",
                      ("a win", "a loss"), answer2, want)
        if want == "xevious.weapon-boost" and boost:
            d = n if rng.random() < 0.6 else rng.randint(1, 6)
            ch = ("only with the Extra Weapon (+1)", "with or without it", "neither")

            def answer3(game: G, k: int = k, d: int = d, ch: tuple[str, ...] = ch, n: int = n) -> Answer:
                res = []
                for weapon in (True, False):
                    f = game.fork()
                    evs = _fly(f, k, dice=[d], weapon=weapon)
                    assert evs is not None
                    res.append(bool(next(e for e in evs if e.rule == "xevious.ground-battle").data["won"]))
                right = ch[1] if res[1] else ch[0] if res[0] else ch[2]
                return choice_of(ch, right, f"{d} + 1 = {d + 1} and {d} against {n}: only more than {n} wins; an "
                                 "Extra Weapon adds 1 on a space marked W: +1", "xevious.weapon-boost")

            return _q(f"{says(name, 'rolls')} {k} onto {place}: a battle against {n} marked W: +1, with {q.w} Extra "
                      f"Weapon Marker(s). The battle die will show {d}. Does {name} win?", ch, answer3, want)
        if want in ("xevious.condition-hidden-sol", "xevious.stage-condition") and \
                "xevious.condition-hidden-sol" in rules_fired:
            ch = ("1 Extra Weapon Marker (a hidden Sol citadel)", "1 Shield Marker", "nothing more")

            def answer4(game: G, k: int = k, want: str = want, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                before = _sheet(_pilot(game, seat))
                evs = _fly(f, k, dice=[6])
                assert evs is not None
                after = _sheet(_pilot(f, seat))
                right = ch[0] if after[0] > before[0] else ch[1] if after[1] > before[1] else ch[2]
                return choice_of(ch, right, f"{_sheet_words(before)} before, {_sheet_words(after)} after: in Stage 2 "
                                 "every air-to-ground battle won uncovers a hidden Sol citadel", want)

            return _q(f"Stage 2: {says(name, 'rolls')} {k} onto {place} and wins the battle with a 6. What else does "
                      f"{name} take?", ch, answer4, want)
        if want in ("xevious.condition-garu-barra", "xevious.stage-condition") and \
                "xevious.condition-garu-barra" in rules_fired:
            ch = ("nothing: it is a plain space", f"an air-to-ground battle against {data.stages()[5].barrage}",
                  "an air-to-air battle")

            def answer5(game: G, k: int = k, want: str = want, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                evs = _fly(f, k, dice=[6])
                assert evs is not None
                barra = any(e.rule == "xevious.condition-garu-barra" for e in evs)
                return choice_of(ch, ch[1] if barra else ch[0], "in Stage 6, a move that ends on a plain space draws "
                                 "fire from a Garu Barra battery" if barra else "a plain space: nothing happens", want)

            return _q(f"Stage 6: {says(name, 'rolls')} {k} and ends on {place}. What happens?", ch, answer5, want)
        if want == "xevious.victory" and s.stage == 7 and sum(s.gumps) == 1 and \
                any(e.rule == "xevious.victory" for e in ev):
            ch = (f"{name} wins the game", "the game goes on: more Gump Markers stand", "nothing: Gump Markers "
                  "cannot be destroyed")

            def answer6(game: G, k: int = k, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                _fly(f, k, dice=[6])
                return choice_of(ch, ch[0] if f.winner == seat else ch[1], "the player who destroys the last Gump "
                                 "Marker in Stage 7 wins", "xevious.victory")

            return _q(f"One Gump Marker still stands. {says(name, 'rolls')} {k} to it and attacks with a 6. What "
                      "happens?", ch, answer6, want)
        if want in DAMAGE:
            lose = g.fork()
            ev2 = _fly(lose, k, dice=[1])
            if ev2 is None:
                continue
            fired = {e.rule for e in ev2 if e.player == seat}
            if want not in fired:
                continue

            def answer7(game: G, k: int = k, want: str = want) -> Answer:
                f = game.fork()
                before = _sheet(_pilot(game, seat))
                evs = _fly(f, k, dice=[1])
                assert evs is not None
                rules = {e.rule for e in evs if e.player == seat}
                after = _sheet(_pilot(f, seat))
                right = _damage_choice(rules, before)
                return choice_of(DAMAGE_CHOICES, right, f"{_sheet_words(before)} before, {_sheet_words(after)} after",
                                 want)

            return _q(f"{name} ({_sheet_words(_sheet(q))} Markers) rolls {k} onto {place} and loses the battle (the "
                      "die shows 1). What happens to the sheet?", DAMAGE_CHOICES, answer7, want)
    return None


DAMAGE = ("xevious.damage-shield", "xevious.shield", "xevious.damage-solvalou", "xevious.solvalou-lives",
          "xevious.respawn", "xevious.respawn-stage1")
DAMAGE_CHOICES = ("one Shield Marker is discarded, nothing else",
                  "a Solvalou Marker and an Extra Weapon Marker are lost",
                  "only a Solvalou Marker is lost (there is no Extra Weapon Marker to lose)",
                  "out of Solvalou Markers: back to the area's entrance with 3 Solvalou Markers and nothing else",
                  "out of Solvalou Markers: back to the area's entrance with 3 Solvalou Markers, and 3 Extra Weapon "
                  "and 3 Shield Markers added")


def _damage_choice(rules: set[str], before: tuple[int, int, int]) -> str:
    if "xevious.respawn-stage1" in rules:
        return DAMAGE_CHOICES[3]
    if "xevious.respawn" in rules:
        return DAMAGE_CHOICES[4]
    if "xevious.damage-shield" in rules:
        return DAMAGE_CHOICES[0]
    return DAMAGE_CHOICES[1] if before[0] else DAMAGE_CHOICES[2]


def m_air(g: G, rng: random.Random, want: str) -> Question | None:
    """Rolls that end in an air-to-air battle: reading the Battle Cards, who turns the enemy's card, several
    enemies, the Extra Weapon that destroys one (once per combat), Stage 5's larger squadrons."""
    if not _can_roll(g):
        return None
    seat = _seat(g)
    name = g.players[seat]
    q = _pilot(g, seat)
    for k in _rolls(rng):
        probe = g.fork()
        if _fly(probe, k) is None or probe.raw_state.phase != "aim":
            continue
        pend = probe.raw_state.pend
        assert pend is not None
        place = _here(probe, seat)
        left, squad = int(pend["left"]), pend["kind"] == "squad"
        mine = rng.choice(HEADINGS4)
        if want == "xevious.battle-cards":

            def answer8(game: G, k: int = k, mine: str = mine) -> Answer:
                wins = [h for h in HEADINGS4 if _duel(game, k, mine, h)]
                return choice_of(HEADINGS4, wins, f"{mine} against {OPPOSITE[mine]} is head-on: the arrows point "
                                 "towards each other; every other heading loses", "xevious.battle-cards")

            return _q(f"{says(name, 'rolls')} {k} onto {place} and turns the Battle Card *{mine}*. Which headings "
                      f"of the enemy's card make {name} win? (Pick every one.)", HEADINGS4, answer8, want,
                      multiple=True)
        if want == "xevious.air-battle" and len(g.players) > 1:
            others = [g.players[p] for p in range(len(g.players)) if p != seat]
            ch = (*others, "nobody: chance decides")

            def answer9(game: G, k: int = k, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                _fly(f, k)
                f.play(Aim("up"))
                who = f.current_player
                right = game.players[who] if f.raw_state.phase == "enemy" and who is not None else ch[-1]
                return choice_of(ch, right, "another player turns the enemy's Battle Card: the next player in the "
                                 "order of play", "xevious.air-battle")

            return _q(f"{says(name, 'rolls')} {k} onto {place}: an air battle. Who turns the enemy's Battle Card?",
                      ch, answer9, want)
        if want == "xevious.squad-battle" and squad and left >= 2:
            ch = (f"the fight ends: {name} takes damage from one enemy only", f"{name} fights the next enemy too",
                  f"{name} takes damage from all {left} enemies")

            def answer10(game: G, k: int = k, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                _fly(f, k)
                n0 = len(f.history)
                f.play(Aim("up"))
                if f.raw_state.phase == "enemy":
                    f.play(EnemyAim("up"))
                hits = [e for e in _events(f, n0) if e.rule in ("xevious.damage-shield", "xevious.damage-solvalou")]
                ended = f.raw_state.phase != "aim"
                right = ch[0] if ended and len(hits) == 1 else ch[2] if len(hits) > 1 else ch[1]
                return choice_of(ch, right, "against several enemies you must win battle after battle; the first loss "
                                 "ends the fight", "xevious.squad-battle")

            return _q(f"{says(name, 'rolls')} {k} onto {place} and meets {left} enemies; {name} loses the first duel "
                      "(both arrows point up). What happens?", ch, answer10, want)
        if want == "xevious.weapon-destroy" and squad and q.w > 0:
            cands: list[Action] = [Blast(), Aim("up"), Fire(True), Roll()]
            texts = [str(a) for a in cands]

            def answer11(game: G, k: int = k, cands: list[Action] = cands, texts: list[str] = texts) -> Answer:
                f = game.fork()
                _fly(f, k)
                legal = set(f.legal_actions())
                refused = [f"{a}: {r.reason}" for a in cands if a not in legal for r in (f.explain(a),) if r]
                return choice_of(texts, [str(a) for a in cands if a in legal], "; ".join(refused),
                                 "xevious.weapon-destroy")

            return _q(f"{says(name, 'rolls')} {k} onto {place} and meets {left} enemies with {q.w} Extra Weapon "
                      f"Marker(s). Which of these may {name} do then? (Pick every one.)", texts, answer11, want,
                      multiple=True)
        if want == "xevious.weapon-once" and squad and q.w > 0 and left >= 2:
            ch = ("yes", "no")

            def answer12(game: G, k: int = k, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                _fly(f, k)
                f.play(Blast())
                again = f.explain(Blast())
                return choice_of(ch, "no" if again is not None else "yes",
                                 again.reason if again is not None else "it is legal", "xevious.weapon-once")

            return _q(f"{says(name, 'rolls')} {k} onto {place}, meets {left} enemies and uses an Extra Weapon Marker "
                      f"to destroy one. May {name} use another Extra Weapon Marker in this combat?", ch, answer12, want)
        if want in ("xevious.condition-zoshi", "xevious.stage-condition") and squad and \
                g.raw_state.stage == 5:
            base = int(_rules(g).space_at(probe.raw_state, (_pilot(probe, seat).area,
                                                            _pilot(probe, seat).idx)).n)  # type: ignore[union-attr]
            ch = tuple(str(x) for x in (base, base + 1, base + 2))

            def answer13(game: G, k: int = k, want: str = want, ch: tuple[str, ...] = ch) -> Answer:
                f = game.fork()
                _fly(f, k)
                got = int(f.raw_state.pend["left"])  # type: ignore[index]
                return choice_of(ch, str(got), "every battle against several enemies in Stage 5 has one enemy more",
                                 want)

            return _q(f"Stage 5: {says(name, 'rolls')} {k} onto {place}, a squadron of {base}. How many enemies does "
                      f"{name} meet?", ch, answer13, want)
    return None


def _duel(game: G, k: int, mine: str, theirs: str) -> bool:
    f = game.fork()
    if f.raw_state.phase == "turn":
        _fly(f, k)
    if not _rig(f, heading=theirs, braglease=theirs):
        _rig(f, heading=theirs)
    f.play(Aim(mine))
    if f.raw_state.phase == "enemy":
        f.play(EnemyAim(theirs))
    return bool((f.raw_state.last or {}).get("won"))


def m_markers(g: G, rng: random.Random, want: str) -> Question | None:
    """Moves that take markers (exits, green spaces, a HIT!, a card): how the sheet looks afterwards."""
    if not _can_roll(g):
        return None
    seat = _seat(g)
    name = g.players[seat]
    s = g.raw_state
    card = _take_card(g)
    for k in _rolls(rng):
        plan = _rules(g).move_plan(s, seat, k)
        for stop in [*plan.stops, len(plan.squares)] if plan.squares else []:
            rigs: dict[str, Any] = {"blaster": "HIT!", "dice": [6]}
            if card is not None:
                rigs["card"] = card
            f = g.fork()
            ev = _fly(f, k, stop=stop, **dict(rigs))
            if ev is None:
                continue
            fired = {e.rule for e in ev if e.player == seat}
            fam = set()
            if fired & {"xevious.exit-markers", "xevious.green-stop", "xevious.blaster-draw", "xevious.card-space",
                        "xevious.condition-phantom"} and _sheet(_pilot(f, seat)) != _sheet(_pilot(g, seat)):
                fam.add("xevious.sheet-rows")
            fam |= fired & {"xevious.exit-markers", "xevious.sheet-limit", "xevious.condition-phantom",
                            "xevious.condition-fog", "xevious.blaster-draw", "xevious.card-space"}
            if fired & {"xevious.condition-phantom", "xevious.condition-fog"}:
                fam.add("xevious.stage-condition")
            if card is None:
                fam.discard("xevious.card-space")
            if want not in fam or any(e.rule in DAMAGE for e in ev):
                continue
            end = _square(g, plan.squares[stop - 1])
            before = _sheet(_pilot(g, seat))
            after = _sheet(_pilot(f, seat))
            # the likely mistakes: nothing taken; every award shown taken, past the row's 5 (and through the fog);
            # the awards put on the wrong rows
            shown = [aw for k2, aw in plan.exits if k2 < stop]
            last_space = _rules(g).space_at(s, plan.squares[stop - 1])
            if last_space is not None and last_space.awards and (last_space.kind == "green" or
                                                                 last_space.kind in data.BLASTER_KINDS):
                shown.append(last_space.awards)
            if card is not None and "xevious.card-space" in fired:
                shown.append(_rules(g).cards[card].awards)
            add = (sum(x.w for x in shown), sum(x.s for x in shown), sum(x.l for x in shown))
            naive = (before[0] + add[0], before[1] + add[1], before[2] + add[2])
            rows = (before[0] + add[2], before[1] + add[0], before[2] + add[1])
            options = list(dict.fromkeys([after, before, naive, rows]))
            if len(options) < 2:
                continue
            rng.shuffle(options)
            texts = [_sheet_words(t) for t in options]
            what = []
            if "xevious.card-space" in fired and card is not None:
                c = _rules(g).cards[card]
                what.append(f"draws *{c.title}* ({c.text})")
            if "xevious.blaster-draw" in fired:
                what.append("draws a HIT! Blaster Card")
            drawn = (" and " + " and ".join(what)) if what else ""

            def answer14(game: G, k: int = k, stop: int = stop, rigs: dict[str, Any] = rigs, texts: list[str] = texts,
                       want: str = want) -> Answer:
                f2 = game.fork()
                _fly(f2, k, stop=stop, **dict(rigs, dice=list(rigs["dice"])))
                got = _sheet(_pilot(f2, seat))
                taken = [e.text for e in _events(f2, len(game.history))
                         if e.player == seat and e.rule != "xevious.move-roll"]
                return choice_of(texts, _sheet_words(got), " ".join(taken) + " (rows: Extra Weapon top, Shield middle, "
                                 "Solvalou bottom; at most 5 of each)", want)

            prompt = (f"{name} holds {_sheet_words(before)} Markers, rolls {k} from {_here(g, seat)} and ends on "
                      f"{end}{drawn}. What does {name}'s Attack Strength Sheet hold then?")
            return _q(prompt, texts, answer14, want)
    return None


def m_now(g: G, rng: random.Random, want: str) -> Question | None:
    """Which of these may the player to move do now? (catch-up, blaster-mistake, the guards' attack)"""
    if g.raw_state.phase != "turn" or g.is_over:
        return None
    seat = _seat(g)
    name = g.players[seat]
    legal = set(g.legal_actions())
    if want == "xevious.catch-up" and CatchUp() in legal:
        cands: list[Action] = [CatchUp(), Roll(), TryAgain()]
    elif want == "xevious.blaster-mistake" and TryAgain() in legal:
        cands = [TryAgain(), Roll(), CatchUp()]
    elif want in ("xevious.condition-gump", "xevious.condition-andor-genesis") and Attack() in legal and \
            (g.raw_state.stage == 7) == (want == "xevious.condition-gump"):
        cands = [Attack(), Roll(), CatchUp()]
    else:
        return None
    texts = [str(a) for a in cands]

    def answer15(game: G, want: str = want, cands: list[Action] = cands, texts: list[str] = texts) -> Answer:
        ok = set(game.legal_actions())
        refused = [f"{a}: {r.reason}" for a in cands if a not in ok for r in (game.explain(a),) if r]
        return choice_of(texts, [str(a) for a in cands if a in ok], "; ".join(refused) or "all are legal", want)

    return _q(f"{name} is on {_here(g, seat)}. Which of these may {name} do now? (Pick every one.)", texts, answer15,
              want, multiple=True)


def m_catch_up_markers(g: G, rng: random.Random, want: str) -> Question | None:
    if want != "xevious.catch-up-exit-markers" or g.raw_state.phase != "turn" or CatchUp() not in g.legal_actions():
        return None
    seat = _seat(g)
    name = g.players[seat]
    q = _pilot(g, seat)
    ex = _rules(g).stage_of(g.raw_state).areas[q.area][-1]
    if not ex.awards:
        return None
    ch = (f"the exit's markers ({ex.awards})", "nothing")

    def answer16(game: G) -> Answer:
        f = game.fork()
        before = _sheet(_pilot(game, seat))
        f.play(CatchUp())
        after = _sheet(_pilot(f, seat))
        took = after != before
        return choice_of(ch, ch[0] if took else ch[1], "you take the exit's markers even though you do not go "
                         "through it — unless you already took them on arriving there" if took else
                         "standing on the exit, you took its markers on arriving: they are not taken twice",
                         "xevious.catch-up-exit-markers")

    return _q(f"{name}, on {_here(g, seat)}, catches up to the next area now. Which markers does {name} take from "
              f"the exit of area {q.area + 1}?", ch, answer16, want)


def m_next(g: G, rng: random.Random, want: str) -> Question | None:
    """Who moves after this turn? (turn-order)"""
    if want != "xevious.turn-order" or not _can_roll(g) or len(g.players) < 2:
        return None
    seat = _seat(g)
    k = rng.randint(1, 6)
    ch = tuple(g.players)

    def answer17(game: G) -> Answer:
        f = game.fork()
        _fly(f, k)
        for _ in range(20):
            s = f.raw_state
            if f.is_over or s.phase == "turn":
                break
            legal = f.legal_actions()
            f.play(Aim("up") if s.phase == "aim" else EnemyAim("down") if s.phase == "enemy"
                   else Fire(False) if s.phase == "boost" else legal[-1])
        nxt = f.raw_state.order[f.raw_state.turn]
        order = ", ".join(game.players[p] for p in game.raw_state.order)
        return choice_of(ch, game.players[nxt], f"turns go in the order rolled at the start: {order} (a mover waiting "
                         "at the stage gate is skipped)", "xevious.turn-order")

    return _q(f"{says(g.players[seat], 'rolls')} {k} and plays out the move. Who moves next?", ch, answer17, want)


def m_start(g: G, rng: random.Random, want: str) -> Question | None:
    """At the start of a game: the sheets, the starting point, the order of play."""
    if len(g.history) > 1 or g.raw_state.rounds:
        return None
    s = g.raw_state
    names = g.players
    if want == "xevious.prep-order":
        rolls = ", ".join(f"{names[p]} {'/'.join(map(str, r))}" for p, r in enumerate(s.setup_rolls))

        def answer18(game: G) -> Answer:
            first = game.raw_state.order[0]
            return choice_of(list(names), names[first], "the highest roll plays first (ties roll again)",
                             "xevious.prep-order")

        return _q(f"Rolls for the order of play: {rolls}. Who plays first?", list(names), answer18, want)
    if want == "xevious.prep-solvalou":
        ch = ("3 Solvalou Markers and nothing else", "3 of each kind of marker", "5 Solvalou Markers")

        def answer19(game: G) -> Answer:
            p = game.raw_state.pilots[0]
            right = ch[0] if _sheet(p) == (0, 0, 3) else ch[1] if _sheet(p) == (3, 3, 3) else ch[2]
            return choice_of(ch, right, f"{names[0]} starts with {_sheet_words(_sheet(p))} Markers",
                             "xevious.prep-solvalou")

        return _q("What does each player put on the Attack Strength Sheet at the start?", ch, answer19, want)
    if want == "xevious.prep-stage":
        ch = ("Stage 1, on its starting point (area 1, space 1)", "Stage 7, on its last area",
              "any stage the players choose")

        def answer20(game: G) -> Answer:
            st = game.raw_state
            ok = st.stage == 1 and all((p.area, p.idx) == (0, 0) for p in st.pilots)
            return choice_of(ch, ch[0] if ok else ch[2], "Stage 1 is played first and every mover starts on its "
                             "starting point", "xevious.prep-stage")

        return _q("Where are the movers when the game starts?", ch, answer20, want)
    if want == "xevious.prep-sheet":
        seat = rng.randrange(len(names))
        colours = ("blue", "red", "green", "orange")

        def answer21(game: G) -> Answer:
            ev = next(e for e in game.history[0].events if e.rule == "xevious.prep-sheet" and e.player == seat)
            return choice_of(colours, ev.data["colour"], "each player takes the Attack Strength Sheet of the colour of "
                             "their Solvalou Mover (seats take blue, red, green, orange in order)", "xevious.prep-sheet")

        return _q(f"{names[seat]} sits in seat {seat + 1}. Which colour are {names[seat]}'s Solvalou Mover and "
                  "Attack Strength Sheet?", colours, answer21, want)
    return None


START_CLAUSES = ("xevious.prep-order", "xevious.prep-solvalou", "xevious.prep-stage", "xevious.prep-sheet")
MAKERS: dict[str, tuple[Maker, ...]] = {}
for _c in ("xevious.move-roll", "xevious.move-forward", "xevious.green-stop", "xevious.blaster-stop",
           "xevious.must-stop", "xevious.entrance-stop", "xevious.stage-gate"):
    MAKERS[_c] = (m_move,)
for _c in ("xevious.ground-battle", "xevious.weapon-boost", "xevious.condition-hidden-sol",
           "xevious.condition-garu-barra", "xevious.victory", *DAMAGE):
    MAKERS[_c] = (m_ground,)
for _c in ("xevious.battle-cards", "xevious.air-battle", "xevious.squad-battle", "xevious.weapon-destroy",
           "xevious.weapon-once", "xevious.condition-zoshi"):
    MAKERS[_c] = (m_air,)
for _c in ("xevious.exit-markers", "xevious.sheet-rows", "xevious.sheet-limit", "xevious.condition-fog",
           "xevious.condition-phantom", "xevious.blaster-draw", "xevious.card-space"):
    MAKERS[_c] = (m_markers,)
MAKERS["xevious.blaster-draw"] = (m_markers,)
MAKERS["xevious.catch-up"] = (m_now,)
MAKERS["xevious.blaster-mistake"] = (m_now,)
MAKERS["xevious.condition-gump"] = (m_move, m_now)
MAKERS["xevious.condition-andor-genesis"] = (m_move, m_now)
MAKERS["xevious.catch-up-exit-markers"] = (m_catch_up_markers,)
MAKERS["xevious.turn-order"] = (m_next,)
MAKERS["xevious.stage-condition"] = (m_move, m_ground, m_air, m_markers)
for _c in START_CLAUSES:
    MAKERS[_c] = (m_start,)


# ================================================================================================ the stream
def practice(seed: int, clauses: Sequence[str] | None = None) -> Iterator[PracticeItem]:
    """An endless stream of practice questions (the same ``seed``, the same stream), limited to ``clauses`` when
    given (clauses of ``NOT_COVERED`` are left out; an id that is not in the catalog, or a list with no covered
    clause, is a ``ValueError`` that says why). Positions are reached by the sensible and the random bot in seeded games of the rulebook's rules."""
    if clauses is None:
        wanted = list(COVERED)
    else:
        asked = list(dict.fromkeys(clauses))
        unknown = [c for c in asked if c not in MAKERS and c not in NOT_COVERED]
        if unknown:
            raise ValueError(f"not a clause of the Super Xevious catalog: {', '.join(map(str, unknown))}")
        wanted = [c for c in asked if c in MAKERS]
        if not wanted:
            why = "; ".join(f"{c}: {NOT_COVERED[c]}" for c in asked) or "no clause was given"
            raise ValueError(f"practice cannot ask about any of these clauses ({why})")
    return _stream(seed, wanted)


def _stream(seed: int, wanted: list[str]) -> Iterator[PracticeItem]:
    from . import new_game

    rng = random.Random(seed)
    queue: list[str] = []
    while True:
        n = rng.choice((2, 2, 3))
        g = new_game(seed=rng.randrange(2**31), players=list(NAMES[:n]))
        bots = [(SensibleBot if rng.random() < 0.7 else RandomXeviousBot)(seed=rng.randrange(2**31))
                for _ in range(n)]
        skip = rng.randint(0, 3)
        only_start = all(c in START_CLAUSES for c in wanted)
        for _ in range(3000):
            if g.is_over or (only_start and len(g.history) > 1):
                break  # (questions about the start are asked only there: on to the next game)
            if skip <= 0:
                if not queue:
                    queue = list(wanted)
                    rng.shuffle(queue)
                cid = queue[0]
                for make in MAKERS[cid]:
                    q = make(g, rng, cid)
                    if q is not None:
                        queue.pop(0)
                        yield PracticeItem(cid, g.fork(), q)
                        skip = rng.randint(1, 6)
                        break
                else:
                    # not askable here: try it again later, after another clause
                    queue.append(queue.pop(0))
            skip -= 1
            seat = g.current_player
            assert seat is not None
            g.play(bots[seat].choose(g, g.legal_actions()))


__all__ = ["COVERED", "MAKERS", "NOT_COVERED", "practice"]
