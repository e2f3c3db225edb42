"""Super Xevious: the rules engine.

Every rule names its clause in ``rules.toml``. The state is a small mutable object with a fast ``copy``; the
phases of a turn are:

``turn``   roll (catch up, try the Blaster again, attack a guard; variant cockpit_card: fly with the Cockpit Card)
``stop``   choose where to stop when green / Flag-Pin-Sol-Phantom spaces were passed
``boost``  decide whether to spend an Extra Weapon for +1 before an air-to-ground roll
``aim``    turn your Battle Card secretly (or, against several enemies, use an Extra Weapon on one)
``enemy``  the enemy's player turns the enemy's Battle Card; then both are revealed
``retry``  (variant retry_uses_turn=False) try the Blaster Card again at once, or end the turn
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from ..engine import Action, Context, IllegalAction, Rules, Variant, option
from ..engine.words import poss, says, verb_for
from . import data
from .data import Awards, Space, Stage

COLOURS = ("blue", "red", "green", "orange")  # the kit's seat colours (each also has a pattern)
HEADINGS4 = ("up", "right", "down", "left")
HEADINGS2 = ("left", "right")
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
ARROWS = {"up": "↑", "right": "→", "down": "↓", "left": "←"}
MAX_MARKERS = 5
PHANTOM_GIFT = Awards(l=1)  # Stage 4: a rescued Phantom wingman joins you as one more Solvalou Marker
HIDDEN_SOL = Awards(w=1)    # Stage 2: a won air-to-ground battle uncovers a hidden Sol citadel
BLASTER_CARDS = ("HIT!", "MISTAKE")
BLASTER_WEIGHTS = {1: (1, 2), 2: (2, 1)}  # variant blaster_hits: HIT! cards and MISTAKE cards of the three
BLASTER_SOURCES = {k: f"the {k.capitalize()}" for k in data.BLASTER_KINDS}
#: the clause of each stage condition (announced when its stage is put on the table)
CONDITION_RULES = {"andor-genesis": "xevious.condition-andor-genesis", "hidden-sol": "xevious.condition-hidden-sol",
                   "garu-zakato-fog": "xevious.condition-fog", "phantom-wingman": "xevious.condition-phantom",
                   "zoshi-squadrons": "xevious.condition-zoshi", "garu-barra": "xevious.condition-garu-barra",
                   "gump-core": "xevious.condition-gump"}
MARKERS = ("Extra Weapon", "Shield", "Solvalou")


def obj(name: str) -> str:
    """``name`` as the object of a sentence: "Blue", "you"."""
    return "you" if name.strip().lower() == "you" else name


def _cut(m: Move, k: int) -> Move:
    """Move ``m`` cut short by a standing guard on its square ``k``."""
    return (m[0][:k + 1], "guard", tuple(s for s in m[2] if s <= k), tuple(x for x in m[3] if x[0] <= k))


def _uncover(m: Move, daley: frozenset[tuple[int, int]], green: tuple[tuple[bool, ...], ...]) -> Move:
    """Move ``m`` without the early stops on Flag / Pin / Sol / Phantom spaces a Daley Piece covers."""
    path = m[0]
    stops = tuple(s for s in m[2] if path[s - 1] not in daley or green[path[s - 1][0]][path[s - 1][1]])
    return m if stops == m[2] else (path, m[1], stops, m[3])


# ================================================================================================ event sentences
# Each sentence is a function of the values it names, as they were at the emit: an event's text is the tuple
# ``(fn, values...)`` and the kit calls ``fn(*values)`` only when the text is first read (tabletop.engine.events).
# A simulation that only counts rules never formats one, and the hot paths make no closure per event.


def _said(name: str, verb: str, tail: str = "", *args: object) -> str:
    """``name`` and ``verb`` agreeing with it ("Blue rolls", "You roll"), then ``tail`` filled with ``args``."""
    return says(name, verb) + (tail.format(*args) if args else tail)


def _fill(pattern: str, *args: object) -> str:
    return pattern.format(*args)


def _t_fly(name: str, n: int) -> str:
    return f"{says(name, 'turns')} the Cockpit Card face down and {verb_for(name, 'flies')} {n}."


def _t_blast(name: str, left: int) -> str:
    return (f"{says(name, 'discards')} an Extra Weapon Marker and {verb_for(name, 'destroys')} one enemy outright "
            f"({left} left).")


def _t_face_down(name: str, foe: str) -> str:
    return f"{says(name, 'puts')} a Battle Card down face down; {says(foe, 'turns')} the enemy's card now."


def _t_forced(name: str, k: int, n: int, reason: str) -> str:
    return f"{name} must stop after {k} of {n} spaces ({reason})."


def _t_leaves(name: str, stage: int) -> str:
    return f"{says(name, 'leaves')} Stage {stage} and {verb_for(name, 'waits')} at the stage gate for the others."


def _t_daley_covers(kind: str) -> str:
    return f"A Daley Piece covers this {kind.capitalize()}: it gives nothing more this stage."


def _t_daley_now(kind: str) -> str:
    return f"A Daley Piece now covers this {kind.capitalize()} for the rest of the stage."


def _t_fog(name: str, awards: Awards) -> str:
    return (f"Fog over Stage 3: {says(name, 'stops')} on the green space passed, but its markers ({awards}) go only "
            "to a roll that ends here exactly.")


def _t_barra(name: str) -> str:
    return f"A hidden Garu Barra battery opens fire on {obj(name)} (Stage 6)."


def _t_shield(name: str) -> str:
    return f"The shield saves {poss(name)} Solvalou and Extra Weapon Markers."


def _t_damage(name: str, tail: str, lives: int) -> str:
    return f"{says(name, 'takes')} damage without a shield: {verb_for(name, 'loses')}" + tail.format(lives)


def _t_ahead(name: str) -> str:
    return f"Everybody else is ahead: {says(name, 'moves')} on to the next area."


def _t_takes(name: str, w: int, s: int, l: int, source: str) -> str:  # noqa: E741 - the Solvalou row
    return f"{says(name, 'takes')} {_markers(w, s, l) or 'nothing'} from {source}."


def _t_full(name: str, w: int, s: int, l: int, cap: int) -> str:  # noqa: E741 - the Solvalou row
    return f"{poss(name, start=True)} sheet is full: {_markers(w, s, l)} Marker(s) not taken (at most {cap} of each)."


def _t_ground(name: str, d: int, weapon: bool, what: str, n: int, won: bool) -> str:
    return (f"{says(name, 'rolls')} {d}{' + 1' if weapon else ''} against {what or f'the air-to-ground battle {n}'} "
            f"({n}): {'more, a win' if won else 'not more, a loss'}.")


def _t_victory(name: str) -> str:
    return f"{says(name, 'destroys')} the last Gump Marker and {verb_for(name, 'wins')}!"


def _t_reveal(name: str, mine: str, theirs: str, won: bool) -> str:
    return (f"Reveal: {poss(name)} arrow points {mine} {ARROWS[mine]}, the enemy's points {theirs} {ARROWS[theirs]}: "
            + ("head-on, towards each other." if won else "not towards each other."))


def _t_fight_ends(name: str, away: int) -> str:
    return f"The fight ends at the first loss: {says(name, 'takes')} damage from one enemy only ({away} fly away)."


def _t_cockpit_up(name: str) -> str:
    return f"{poss(name, start=True)} Cockpit Card is face up again."


def _sheet_text(name: str, colour: str) -> str:
    return f"{says(name, 'takes')} the {colour} Solvalou Mover and the {colour} Attack Strength Sheet."


def _markers(w: int, s: int, l: int) -> str:  # noqa: E741 - the Solvalou row
    """"1 Extra Weapon, 2 Solvalou": the counts that are not 0, in the order of the sheet's rows."""
    return ", ".join(f"{k} {name}" for k, name in zip((w, s, l), MARKERS, strict=True) if k)


# ================================================================================================ variant
@dataclass(frozen=True)
class XeviousVariant(Variant):
    respawn_point: str = option(
        "area", rule="xevious.respawn", choices=("area", "stage"),
        doc="Out of Solvalou Markers: back to the entrance of your area ('area', the rulebook's first sentence) "
            "or to the stage's starting point ('stage').")
    respawn_markers: str = option(
        "add", rule="xevious.respawn", choices=("add", "set"),
        doc="How the respawn gift is taken: added to what you hold, up to the row cap ('add'), or each row set "
            "to exactly the gift ('set').")
    # row_cap comes before the counts it bounds: the lab's Rulebook button resets options in this order
    row_cap: int = option(
        MAX_MARKERS, rule="xevious.sheet-limit", low=1, high=9,
        doc="How many markers each row of the Attack Strength Sheet holds (rulebook: 5 spaces per row).")
    respawn_gift: int = option(
        3, rule="xevious.respawn", low=1, high=9,
        doc="How many of each marker (Solvalou, Extra Weapon, Shield) respawn gives; the rulebook's 'take 3'.")
    stage1_exception: bool = option(
        True, rule="xevious.respawn-stage1",
        doc="In Stage 1 respawn gives only the Solvalou Markers (True, the rulebook) or the full gift as in "
            "every other stage (False).")
    start_solvalou: int = option(
        3, rule="xevious.prep-solvalou", low=1, high=9,
        doc="How many Solvalou Markers (lives) each player places on the sheet at the start.")
    retry_uses_turn: bool = option(
        True, rule="xevious.blaster-mistake",
        doc="After a MISTAKE, trying again takes your next turn (True) or may be done once at once (False).")
    blaster_hits: int = option(
        1, rule="xevious.blaster-draw", choices=(1, 2),
        doc="How many of the 3 Blaster Cards say HIT! (the rest say MISTAKE).")
    battle_headings: int = option(
        4, rule="xevious.battle-cards", choices=(2, 4),
        doc="Headings a Battle Card can be turned to: 4 (up/right/down/left) or 2 (left/right).")
    enemy_card: str = option(
        "next", rule="xevious.air-battle", choices=("next", "chance"),
        doc="Who turns the enemy's Battle Card: the next player in the order of play ('next') or chance.")
    stage_conditions: bool = option(
        True, rule="xevious.stage-condition",
        doc="Play each stage's own condition (our reconstruction). False: only Stage 7's Gump Markers.")
    extras: bool = option(
        True, rule="xevious.braglease-card",
        doc="Use our role for the Braglease Cards, a piece the rulebook lists but never describes: when no player "
            "turns the enemy's Battle Card (one player, or enemy_card='chance'), the top Braglease Card gives its "
            "heading. It only fills a gap the rulebook leaves. False: the heading is drawn like a die.")
    cockpit_card: bool = option(
        False, rule="xevious.cockpit-card",
        doc="VARIANT, not the rulebook (it changes MOVEMENT 1: 'Roll the die and move a number of spaces equal to "
            "the number you rolled'): once per stage, instead of rolling, turn your Cockpit Card face down and "
            "fly any number from 1 to 6. Off (False) in the rulebook game.")
    daley_pieces: bool = option(
        False, rule="xevious.daley-piece",
        doc="VARIANT, not the rulebook (it changes Locations 5: 'You may stop on these squares regardless of the "
            "number you rolled'): after a HIT! a Daley Piece covers that Flag / Pin / Sol / Phantom for the rest "
            "of the stage, so it gives nothing more and is no free stop. Off (False) in the rulebook game.")
    gumps: int = option(3, rule="xevious.condition-gump", low=1, high=3,
                        doc="How many Gump Markers stand in Stage 7 (the last ones on the track are used).")
    turn_cap: int = option(400, rule="xevious.turn-cap", low=10, high=10_000,
                           doc="Rounds after which the game stops with no winner (a simulation safeguard).")

    def validate(self) -> None:
        super().validate()
        if self.start_solvalou > self.row_cap:
            raise ValueError(f"variant option start_solvalou={self.start_solvalou} (xevious.prep-solvalou): the "
                             f"sheet's Solvalou row holds only {self.row_cap} markers (row_cap)")
        if self.respawn_gift > self.row_cap:
            raise ValueError(f"variant option respawn_gift={self.respawn_gift} (xevious.respawn): a row of the "
                             f"sheet holds only {self.row_cap} markers (row_cap), so the gift could never be "
                             "taken whole")


# ================================================================================================ actions
@dataclass(frozen=True, slots=True, repr=False)
class XAction(Action):
    """Base of the Super Xevious actions: ``repr`` reads as plain words too."""

    def __repr__(self) -> str:
        return f"<{self}>"


@dataclass(frozen=True, slots=True, repr=False)
class Roll(XAction):
    def __str__(self) -> str:
        return "roll the die and move"


@dataclass(frozen=True, slots=True, repr=False)
class Fly(XAction):
    """Cockpit Card: fly exactly ``n`` spaces instead of rolling (once per stage)."""

    n: int = 1

    def __str__(self) -> str:
        return f"turn the Cockpit Card and fly {self.n}"


@dataclass(frozen=True, slots=True, repr=False)
class CatchUp(XAction):
    def __str__(self) -> str:
        return "catch up: move to the next area"


@dataclass(frozen=True, slots=True, repr=False)
class TryAgain(XAction):
    def __str__(self) -> str:
        return "stay and draw a Blaster Card again"


@dataclass(frozen=True, slots=True, repr=False)
class Attack(XAction):
    def __str__(self) -> str:
        return "attack the guard on this space again"


@dataclass(frozen=True, slots=True, repr=False)
class StopAt(XAction):
    """Stop ``step`` spaces along this move (``space`` only describes it)."""

    step: int = 1
    space: str = ""

    def __str__(self) -> str:
        return f"stop after {self.step} space{'s' if self.step != 1 else ''}" + (f" ({self.space})" if self.space
                                                                                   else "")


def stop_at(game: Any, step: int) -> StopAt:
    """The listed ``StopAt`` of ``step`` spaces, with its ``space`` words filled in, for scripts and tests
    (``play`` takes exactly the listed action, issue 10); ``StopAt(step)`` when none is listed, so that ``play``
    refuses it with the rule that forbids the stop."""
    return next((a for a in game.legal_actions() if isinstance(a, StopAt) and a.step == step), StopAt(step))


@dataclass(frozen=True, slots=True, repr=False)
class Fire(XAction):
    weapon: bool = False

    def __str__(self) -> str:
        return "fire with an Extra Weapon (+1)" if self.weapon else "fire without an Extra Weapon"


@dataclass(frozen=True, slots=True, repr=False)
class Aim(XAction):
    heading: str = "up"

    def __str__(self) -> str:
        return f"turn your Battle Card to point {self.heading}"


@dataclass(frozen=True, slots=True, repr=False)
class EnemyAim(XAction):
    heading: str = "up"

    def __str__(self) -> str:
        return f"as the enemy, turn the Battle Card to point {self.heading}"


@dataclass(frozen=True, slots=True, repr=False)
class Blast(XAction):
    def __str__(self) -> str:
        return "use an Extra Weapon to destroy one enemy"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(XAction):
    def __str__(self) -> str:
        return "end the turn"


# actions are immutable: the common ones are made once (legal_actions is on the hot path of simulations)
ROLL, CATCH_UP, TRY_AGAIN, ATTACK, BLAST, PASS = Roll(), CatchUp(), TryAgain(), Attack(), Blast(), Pass()
FLY = tuple(Fly(n) for n in range(1, 7))
FIRE = (Fire(True), Fire(False))
AIMS: dict[tuple[str, ...], tuple[Action, ...]] = {hs: tuple(Aim(h) for h in hs) for hs in (HEADINGS4, HEADINGS2)}
ENEMY_AIMS: dict[tuple[str, ...], tuple[Action, ...]] = {hs: tuple(EnemyAim(h) for h in hs)
                                                         for hs in (HEADINGS4, HEADINGS2)}


def _aims(headings: tuple[str, ...], made: Mapping[tuple[str, ...], tuple[Action, ...]],
          cls: type[Aim] | type[EnemyAim]) -> tuple[Action, ...]:
    """The ``cls`` actions for ``headings``, in order (made once for the variants' two sets of headings)."""
    acts = made.get(headings)
    return acts if acts is not None else tuple(cls(h) for h in headings)

ACTIONS: tuple[type[Action], ...] = (Roll, Fly, CatchUp, TryAgain, Attack, StopAt, Fire, Aim, EnemyAim, Blast,
                                     Pass)


# ================================================================================================ state
class Pilot:
    """One player's mover and Attack Strength Sheet."""

    __slots__ = ("area", "idx", "w", "s", "l", "retry", "phantom", "cockpit", "beaten")

    def __init__(self) -> None:
        self.area = 0
        self.idx = 0
        self.w = 0          # Extra Weapon Markers (top row)
        self.s = 0          # Shield Markers (middle row)
        self.l = 3          # noqa: E741 - Solvalou Markers (bottom row): lives
        self.retry = False  # may try the Blaster Card again on this space (after a MISTAKE)
        self.phantom = False  # Stage 4: the Phantom wingman flies with you
        self.cockpit = True   # Cockpit Card face up
        self.beaten: frozenset[tuple[int, int]] = frozenset()  # guards you beat this stage

    def copy(self) -> Pilot:
        p = Pilot.__new__(Pilot)
        p.area, p.idx, p.w, p.s, p.l = self.area, self.idx, self.w, self.s, self.l
        p.retry, p.phantom, p.cockpit, p.beaten = self.retry, self.phantom, self.cockpit, self.beaten
        return p


class XeviousState:
    __slots__ = ("stage", "order", "turn", "phase", "pend", "pilots", "gumps", "daley", "deck", "brag", "rounds",
                 "winner", "capped", "path", "last", "setup_rolls", "cond", "cap")

    def __init__(self) -> None:
        self.stage = 1
        self.order: tuple[int, ...] = ()
        self.turn = 0
        self.phase = "turn"
        self.pend: dict[str, Any] | None = None
        self.pilots: list[Pilot] = []
        self.gumps: tuple[bool, ...] = ()
        self.daley: frozenset[tuple[int, int]] = frozenset()
        self.deck: tuple[str, ...] = ()
        self.brag: tuple[str, ...] = ()
        self.rounds = 0
        self.winner: int | None = None
        self.capped = False
        self.path: tuple[tuple[int, int], ...] = ()  # the squares of the pending move (phase "stop")
        self.last: dict[str, Any] | None = None       # the last reveal, for the widget
        self.setup_rolls: tuple[tuple[int, ...], ...] = ()
        self.cond = True     # variant stage_conditions (kept here: legal_actions sees only the state)
        self.cap = MAX_MARKERS  # variant row_cap: markers per row of the sheet

    @property
    def player(self) -> int:
        return self.order[self.turn]

    def copy(self) -> XeviousState:
        s = XeviousState.__new__(XeviousState)
        s.stage, s.order, s.turn, s.phase = self.stage, self.order, self.turn, self.phase
        s.pend = dict(self.pend) if self.pend is not None else None
        s.pilots = [p.copy() for p in self.pilots]
        s.gumps, s.daley, s.deck, s.brag = self.gumps, self.daley, self.deck, self.brag
        s.rounds, s.winner, s.capped, s.path, s.last = self.rounds, self.winner, self.capped, self.path, self.last
        s.setup_rolls, s.cond, s.cap = self.setup_rolls, self.cond, self.cap
        return s


# ================================================================================================ tracks
#: why a move ended early -> (the clause that stopped it, plain words); a guard in Stage 7 is a Gump Marker
FORCED_STOPS = {"entrance": ("xevious.entrance-stop", "the entrance of a new area"),
                "stop": ("xevious.must-stop", "a must-stop space"),
                "guard": ("xevious.condition-andor-genesis", "a standing guard")}
NO_GUARDS: frozenset[tuple[int, int]] = frozenset()
#: a planned move: its squares, why it ends, the steps it may stop after early, the exits it crosses (see
#: ``Track.plan``)
Move = tuple[tuple[tuple[int, int], ...], str, tuple[int, ...], tuple[tuple[int, Awards], ...]]


class MovePlan(NamedTuple):
    """A planned move (``XeviousRules.move_plan``): its squares, why it ends, the steps it may stop after early
    (the last square is always a stop too) and the exits it crosses (index in ``squares``, markers)."""

    squares: tuple[tuple[int, int], ...]
    why: str
    stops: tuple[int, ...]
    exits: tuple[tuple[int, Awards], ...]


class Track:
    """One stage's track, precomputed once: the hot paths of a simulation (moving, stopping, landing) read only
    tuples, ints and sets here instead of walking the stage's data objects. ``x[a][i]`` is space ``i`` of area
    ``a``; the stage gate is the position ``(n_areas, 0)``, past the last area."""

    __slots__ = ("stage", "areas", "n_areas", "lens", "stop", "green", "blaster", "exit", "labels", "guard",
                 "gumps", "condition", "final", "moves", "stop_actions", "memo")

    def __init__(self, stage: Stage) -> None:
        areas = stage.areas
        self.stage = stage
        self.areas = areas
        self.n_areas = len(areas)
        self.lens = tuple(len(area) for area in areas)
        self.stop = tuple(tuple(sp.stop for sp in area) for area in areas)        # must-stop spaces
        self.green = tuple(tuple(sp.kind == "green" for sp in area) for area in areas)
        self.blaster = tuple(tuple(sp.blaster for sp in area) for area in areas)  # Flag / Pin / Sol / Phantom
        self.exit = tuple(tuple(sp.awards if sp.kind == "exit" else None for sp in area) for area in areas)
        self.labels = tuple(tuple(sp.label() for sp in area) for area in areas)
        self.guard = frozenset(stage.guard)  # the Andor Genesis (a stage condition)
        self.gumps = stage.gumps
        self.condition = stage.condition
        self.final = stage.number == 7  # Stage 7's track ends on its last space: no stage gate
        #: ``moves[a][i][n]``: the move of ``n`` (1-6) from space ``i`` of area ``a`` with no guard on the track
        #: (see :meth:`plan`), all made here (a few milliseconds for the seven stages)
        self.moves: list[list[list[Move | None]]] = [[[None] * 7 for _ in area] for area in areas]
        #: the ``StopAt`` choices of a pending move, per (path, stops): made once, listed many times
        self.stop_actions: dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], tuple[StopAt, ...]] = {}
        #: what helpers (bots) work out about this track and want to keep: the key says what it depends on
        self.memo: dict[Any, Any] = {}
        for a, area in enumerate(areas):
            for i in range(len(area)):
                for n in range(1, 7):
                    self.plan(a, i, n)

    def stop_choices(self, path: tuple[tuple[int, int], ...], stops: tuple[int, ...]) -> tuple[StopAt, ...]:
        """The ``StopAt`` of each step in ``stops`` along ``path``, with the words of its space (kept)."""
        labels, n_areas = self.labels, self.n_areas
        acts = self.stop_actions[(path, stops)] = tuple(
            StopAt(k + 1, labels[a][i] if a < n_areas else "stage gate") for k, (a, i) in enumerate(path)
            if k + 1 in stops)
        return acts

    def plan(self, a: int, i: int, n: int) -> Move:
        """A move of ``n`` from space ``i`` of area ``a`` when no guard stands on the track: the squares (the
        stage gate ``(n_areas, 0)`` only ever last), why it ends ('roll', 'entrance', 'stop', 'gate', 'end'), the
        steps after which it may stop early (every green and Flag / Pin / Sol / Phantom square passed: Daley
        Pieces are left to the caller) and the exits it crosses (index in the path, markers)."""
        row = self.moves[a][i]
        m = row[n] if n < len(row) else None  # a card may move further than a die: not kept
        if m is not None:
            return m
        lens, must_stop, n_areas = self.lens, self.stop, self.n_areas
        path: list[tuple[int, int]] = []
        why = "roll"
        for _ in range(n):
            if i + 1 < lens[a]:
                i += 1
            elif a + 1 < n_areas:
                a, i = a + 1, 0
            elif self.final:
                why = "end"
                break
            else:
                path.append((n_areas, 0))
                why = "gate"
                break
            path.append((a, i))
            if i == 0:
                why = "entrance"
                break
            if must_stop[a][i]:
                why = "stop"
                break
        green, blaster, exits = self.green, self.blaster, self.exit
        stops = tuple(k + 1 for k, (a, i) in enumerate(path[:-1]) if green[a][i] or blaster[a][i])
        crossed: list[tuple[int, Awards]] = []
        for k, (a, i) in enumerate(path):
            aw = exits[a][i] if a < n_areas else None
            if aw is not None:
                crossed.append((k, aw))
        m = (tuple(path), why, stops, tuple(crossed))
        if n < len(row):
            row[n] = m
        return m


@cache
def track_of(stage: Stage) -> Track:
    """The track of ``stage``, shared by every rules object playing that stage (its tables fill as games use
    them; stages are frozen values, so equal stages share one track)."""
    return Track(stage)


# ================================================================================================ rules
class XeviousRules(Rules[XeviousState]):
    name = "xevious"
    title = "Super Xevious"
    action_types = ACTIONS
    chance_domains: ClassVar[dict[str, tuple[Any, ...]]] = {
        "die": (1, 2, 3, 4, 5, 6),
        "blaster": ("HIT!", "MISTAKE"),
        "card": tuple(data.cards()),
        "heading": HEADINGS4,
        "braglease": HEADINGS4,
    }
    variant_type = XeviousVariant
    min_players = 1
    max_players = 4
    default_players = ("Blue", "Red")
    catalog_path = Path(__file__).with_name("rules.toml")
    #: 2: the rulebook's defaults (Cockpit Card and Daley Pieces became opt-in variants; Stage 3/4 conditions fill
    #: gaps only; catch-up from the exit gives its markers once; Gump strength from stages.toml)
    rules_version = 2
    #: apply never keeps its Context: event texts capture values (names, numbers), never ``ctx``
    reuses_context = True
    variant_free_state = True  # options are read from ctx.variant (the deck, headings and caps are values)

    def __init__(self) -> None:
        self.stages: tuple[Stage, ...] = data.stages()
        self.tracks: tuple[Track, ...] = tuple(track_of(st) for st in self.stages)
        self.cards = data.cards()
        self._decks = {cockpit: data.deck(cockpit=cockpit) for cockpit in (False, True)}
        #: per stage number: 0 no guard can stand on its track, 1 the Andor Genesis (with the stage conditions),
        #: 2 the Gump Markers (Stage 7)
        self._guarded = (0, *(2 if st.number == 7 else 1 if st.guard else 0 for st in self.stages))
        self._n_areas = (0, *(tr.n_areas for tr in self.tracks))  # per stage number
        self._standing: dict[tuple[bool, ...], frozenset[tuple[int, int]]] = {}  # Gump Markers up -> squares

    # ==================== helpers: the stage on the table and its guards ============================================
    def stage_of(self, state: XeviousState) -> Stage:
        return self.stages[state.stage - 1]

    @staticmethod
    def _v(ctx: Context) -> XeviousVariant:
        v = ctx.variant
        assert isinstance(v, XeviousVariant)
        return v

    def _gump_positions(self, state: XeviousState, v: XeviousVariant) -> tuple[tuple[int, int], ...]:
        g = self.stages[6].gumps
        return g[len(g) - v.gumps:] if state.stage == 7 else ()

    def _gumps_standing(self, state: XeviousState) -> frozenset[tuple[int, int]]:
        """The squares of the Gump Markers still standing (Stage 7; the last ``len(state.gumps)`` of the track)."""
        squares = self._standing.get(state.gumps)
        return squares if squares is not None else self._standing_now(state.gumps)

    def _standing_now(self, up: tuple[bool, ...]) -> frozenset[tuple[int, int]]:
        gp = self.tracks[6].gumps
        off = len(gp) - len(up)
        squares = self._standing[up] = frozenset(gp[off + k] for k, standing in enumerate(up) if standing)
        return squares

    def _guards_for(self, state: XeviousState, pilot: Pilot) -> frozenset[tuple[int, int]]:
        """Every square where a standing guard blocks ``pilot`` (usually none)."""
        if state.stage == 7:
            return self._gumps_standing(state)
        if not state.cond:
            return NO_GUARDS
        guard = self.tracks[state.stage - 1].guard
        return guard - pilot.beaten if guard and pilot.beaten else guard

    def _guard_at(self, state: XeviousState, pilot: Pilot, pos: tuple[int, int]) -> str | None:
        """'gump' / 'andor' when a standing guard blocks ``pilot`` on ``pos``, else None."""
        if state.stage != 7:
            if state.cond and pos in self.tracks[state.stage - 1].guard and pos not in pilot.beaten:
                return "andor"
            return None
        return "gump" if pos in self._gumps_standing(state) else None

    @staticmethod
    def headings(v: XeviousVariant) -> tuple[str, ...]:
        return HEADINGS4 if v.battle_headings == 4 else HEADINGS2

    def _space(self, state: XeviousState, pos: tuple[int, int]) -> Space:
        return self.stage_of(state).areas[pos[0]][pos[1]]

    # ==================== public queries: what bots, lessons and practice may ask (they change nothing) ===========
    def move_plan(self, state: XeviousState, seat: int, n: int) -> MovePlan:
        """The move of ``n`` spaces that ``seat``'s mover would make now (``state`` is not changed): its squares
        (``(area, space)`` counted from 0; the stage gate is ``(number of areas, 0)``), why it ends ('roll',
        'entrance', 'stop', 'guard', 'gate', 'end'), the steps after which the mover may stop early (green and
        Flag / Pin / Sol / Phantom spaces passed: xevious.green-stop, blaster-stop) and the exits it crosses
        (index in the path, markers: xevious.exit-markers). A standing guard cuts the move short
        (xevious.condition-andor-genesis, condition-gump)."""
        return MovePlan(*self._plan(state, state.pilots[seat], self.tracks[state.stage - 1], n))

    def pilot_plan(self, state: XeviousState, pilot: Pilot, track: Track, n: int) -> Move:
        """:meth:`move_plan` for a pilot and the stage's track already at hand, as a plain tuple (the bots' hot path;
        see ``Track.plan``)."""
        return self._plan(state, pilot, track, n)

    def space_at(self, state: XeviousState, pos: tuple[int, int]) -> Space | None:
        """The space on square ``pos`` (counted from 0) of the stage on the table; ``None`` for the stage gate."""
        a, i = pos
        areas = self.stage_of(state).areas
        return areas[a][i] if a < len(areas) else None

    def guards_for(self, state: XeviousState, pilot: Pilot) -> frozenset[tuple[int, int]]:
        """The squares where a standing guard blocks ``pilot`` now: the Andor Genesis it has not beaten
        (xevious.condition-andor-genesis) or the Gump Markers still standing (xevious.condition-gump)."""
        return self._guards_for(state, pilot)

    # ==================== PREPARATIONS ==============================================================================
    # clauses: xevious.prep-sheet, prep-solvalou, prep-stage, prep-order
    def initial_state(self, ctx: Context) -> XeviousState:
        v = self._v(ctx)
        s = XeviousState()
        s.cond, s.cap = v.stage_conditions, v.row_cap
        players = ctx.players
        n = len(players)
        s.pilots = [Pilot() for _ in range(n)]
        for i, name in enumerate(players):
            s.pilots[i].cockpit = v.cockpit_card
            s.pilots[i].l = v.start_solvalou
            ctx.emit("xevious.prep-sheet", (_sheet_text, name, COLOURS[i]), player=i, colour=COLOURS[i])
        solvalou = v.start_solvalou
        ctx.emit("xevious.prep-solvalou", lambda: f"Everybody places {solvalou} Solvalou Markers on their sheet "
                 "(no Extra Weapon or Shield Markers yet).", player=None, solvalou=solvalou)
        ctx.emit("xevious.prep-stage", "Stage 1 is put on the table; every mover starts on the starting point "
                 "(bottom right corner).", player=None)
        # order of play: everyone rolls; ties roll again among themselves
        rolls: list[tuple[int, ...]] = [() for _ in range(n)]
        groups = [list(range(n))]
        order: list[int] = []
        while groups:
            g = groups.pop(0)
            if len(g) == 1:
                order.append(g[0])
                continue
            got = {}
            for p in g:
                got[p] = ctx.draw("die")
                rolls[p] = rolls[p] + (got[p],)
            ranked = sorted(set(got.values()), reverse=True)
            groups = [[p for p in g if got[p] == r] for r in ranked] + groups
        s.order = first = tuple(order)
        s.setup_rolls = done = tuple(rolls)
        ctx.emit("xevious.prep-order", lambda: "Rolls for the order of play: " + ", ".join(
                     f"{players[p]} ({'/'.join(map(str, done[p]))})" for p in first)
                 + f". {says(players[first[0]], 'starts')}.", player=None, order=list(first))
        s.deck = self._decks[v.cockpit_card]
        s.brag = self.headings(v)
        s.gumps = tuple(True for _ in range(v.gumps))
        return s

    # ==================== TURNS: who plays, what may be played now, and playing it ==================================
    # clauses: xevious.turn-order (each branch names the clause it keeps)
    def current_player(self, state: XeviousState) -> int | None:
        if state.winner is not None or state.capped:
            return None
        if state.phase == "enemy":
            return int(state.pend["enemy"])  # type: ignore[index]
        return state.order[state.turn]

    def legal_actions(self, state: XeviousState) -> list[Action]:
        if state.winner is not None or state.capped:
            return []
        ph = state.phase
        if ph == "turn":
            p = state.order[state.turn]
            pilots = state.pilots
            me = pilots[p]
            guarded = self._guarded[state.stage]
            if (guarded == 2 or (guarded and state.cond)) and self._guard_at(state, me, (me.area, me.idx)):
                out: list[Action] = [ATTACK]
            elif me.retry and (me.area, me.idx) not in state.daley:
                out = [ROLL, TRY_AGAIN, *FLY] if me.cockpit else [ROLL, TRY_AGAIN]
            else:
                out = [ROLL, *FLY] if me.cockpit else [ROLL]
            # can_catch_up, inline: every other mover is in a later area (Stage 7: not from its last area)
            if len(pilots) > 1:
                a = me.area
                for q in pilots:
                    if q.area <= a and q is not me:
                        return out
                if not (state.stage == 7 and a >= self.tracks[6].n_areas - 1):
                    out.append(CATCH_UP)
            return out
        if ph == "stop":
            tr = self.tracks[state.stage - 1]
            path = state.path
            stops: tuple[int, ...] = state.pend["stops"]  # type: ignore[index]
            acts = tr.stop_actions.get((path, stops))
            if acts is None:
                acts = tr.stop_choices(path, stops)
            return list(acts)
        if ph == "retry":
            return [TRY_AGAIN, PASS]
        pend = state.pend
        assert pend is not None
        if ph == "boost":
            return list(FIRE)
        if ph == "aim":
            acts2: list[Action] = list(_aims(pend["headings"], AIMS, Aim))
            if pend["kind"] == "squad" and not pend["used"] and state.pilots[pend["who"]].w > 0:
                acts2.append(BLAST)
            return acts2
        if ph == "enemy":
            return list(_aims(pend["headings"], ENEMY_AIMS, EnemyAim))
        return []  # pragma: no cover

    def apply(self, state: XeviousState, action: Action, ctx: Context) -> None:
        v: XeviousVariant = ctx.variant  # type: ignore[assignment]  # the kit makes it from variant_type
        if state.winner is not None or state.capped:
            raise IllegalAction("xevious.victory", "the game is over")
        ph = state.phase
        t = type(action)
        p = state.order[state.turn]
        pend: dict[str, Any] | None
        if ph == "turn":  # MOVEMENT 1 (roll), MOVEMENT 4 (catch up), Locations 5.2 (try again), guards
            if t is Roll:
                guarded = self._guarded[state.stage]
                if guarded == 2 or (guarded and state.cond):
                    self._refuse_if_blocked(state, p)
                n: int = ctx.draw("die")
                name = ctx.players[p]
                ctx.emit("xevious.move-roll", (_said, name, "rolls", " {}.", n), die=n)
                state.last = {"kind": "die", "value": n, "player": p}
                self._start_move(state, p, n, ctx, v)
            elif t is Fly:
                assert isinstance(action, Fly)
                if not v.cockpit_card:
                    raise IllegalAction("xevious.move-roll", "roll the die and move the number you rolled: flying "
                                        "a chosen number with the Cockpit Card is a variant (cockpit_card=True), "
                                        "not the rulebook's rule")
                if not state.pilots[p].cockpit:
                    raise IllegalAction("xevious.cockpit-card", "your Cockpit Card is already face down this stage")
                if not 1 <= action.n <= 6:
                    raise IllegalAction("xevious.cockpit-card", f"the Cockpit Card flies 1 to 6 spaces, not "
                                        f"{action.n}")
                self._refuse_if_blocked(state, p)
                state.pilots[p].cockpit = False
                ctx.emit("xevious.cockpit-card", (_t_fly, ctx.players[p], action.n), n=action.n)
                self._start_move(state, p, action.n, ctx, v)
            elif t is CatchUp:
                self._catch_up(state, p, ctx)
            elif t is TryAgain:
                me = state.pilots[p]
                if not me.retry:
                    raise IllegalAction("xevious.blaster-mistake", "you can try again only after a MISTAKE on "
                                        "the Flag / Pin / Sol / Phantom space you are still on")
                if (me.area, me.idx) in state.daley:
                    raise IllegalAction("xevious.daley-piece", "a Daley Piece now covers this space: somebody "
                                        "else got its HIT! first")
                me.retry = False
                self._blaster(state, p, ctx, v)
                self._after(state, ctx, v)
            elif t is Attack:
                me = state.pilots[p]
                g = self._guard_at(state, me, (me.area, me.idx))
                if not g:
                    raise IllegalAction("xevious.condition-gump", "there is no standing guard on your space to "
                                        "attack")
                me.retry = False
                self._land(state, p, ctx, v)
                self._after(state, ctx, v)
            elif t is StopAt:
                raise IllegalAction("xevious.move-roll", "roll the die first: you move exactly the number you roll, "
                                    "and may stop early only on a green or Flag / Pin / Sol / Phantom space you pass")
            else:
                raise IllegalAction("xevious.turn-order", f"it is time to move: roll the die (not {action})")
            return
        if ph == "stop":  # MOVEMENT 1: green spaces and Flag / Pin / Sol / Phantom passed (green-stop, blaster-stop)
            if t is not StopAt:
                raise IllegalAction("xevious.green-stop", "choose where to stop on this move first")
            assert isinstance(action, StopAt) and state.pend is not None
            if action.step not in state.pend["stops"]:
                ok = ", ".join(map(str, state.pend["stops"]))
                if not 1 <= action.step <= len(state.path):
                    raise IllegalAction("xevious.move-forward", "that space is not on this move: you move forward "
                                        f"(never backwards) the {state.pend['n']} you rolled; you may stop after: "
                                        f"{ok} space(s)")
                raise IllegalAction("xevious.green-stop", f"you may stop early only on a green or Flag / Pin / Sol / "
                                    f"Phantom space you pass, not after {action.step} space(s); you may stop after: "
                                    f"{ok}")
            self._finish_move(state, p, action.step, ctx, v)
            return
        if ph == "boost":  # ATTACK STRENGTH SHEET 1.2: an Extra Weapon adds 1 (weapon-boost, weapon-once)
            if t is not Fire:
                raise IllegalAction("xevious.weapon-boost", "decide first whether to fire with an Extra Weapon")
            assert isinstance(action, Fire) and state.pend is not None
            me = state.pilots[p]
            if action.weapon and me.w == 0:
                raise IllegalAction("xevious.weapon-boost", "you have no Extra Weapon Marker to use")
            pend = state.pend
            state.pend = None
            state.phase = "turn"
            self._ground(state, p, pend["n"], action.weapon, pend["what"], pend["guard"], ctx, v)
            self._after(state, ctx, v)
            return
        if ph == "aim":  # Locations 2-3: turn your Battle Card secretly (air-battle), or destroy one (weapon-destroy)
            pend = state.pend
            assert pend is not None
            if t is Blast:
                if pend["kind"] != "squad":
                    raise IllegalAction("xevious.weapon-destroy", "an Extra Weapon destroys an enemy outright only "
                                        "in a battle against several enemies")
                if pend["used"]:
                    raise IllegalAction("xevious.weapon-once", "you already used an Extra Weapon Marker in this "
                                        "combat (one per combat)")
                me = state.pilots[p]
                if me.w == 0:
                    raise IllegalAction("xevious.weapon-destroy", "you have no Extra Weapon Marker")
                me.w -= 1
                pend["used"] = True
                pend["left"] = left = pend["left"] - 1
                name = ctx.players[p]
                ctx.emit("xevious.weapon-destroy", (_t_blast, name, left), left=left)
                if left == 0:
                    ctx.emit("xevious.squad-battle", (_said, name, "destroys", " the whole squadron."))
                    state.pend = None
                    state.phase = "turn"
                    self._after(state, ctx, v)
                return
            if t is not Aim:
                raise IllegalAction("xevious.air-battle", "turn your Battle Card first")
            assert isinstance(action, Aim)
            if action.heading not in pend["headings"]:
                raise IllegalAction("xevious.battle-cards", f"a Battle Card points {', '.join(pend['headings'])}; "
                                    f"not {action.heading!r}")
            pend["aim"] = action.heading
            enemy = pend["enemy"]
            if enemy is None:
                eh = self._chance_heading(state, ctx, v)
                self._reveal(state, p, action.heading, eh, ctx, v)
            else:
                state.phase = "enemy"
                ctx.emit("xevious.air-battle", (_t_face_down, ctx.players[p], ctx.players[enemy]), player=p)
            return
        if ph == "enemy":  # Locations 2: "another player" turns the enemy's Battle Card; then both are revealed
            pend = state.pend
            assert pend is not None
            if t is not EnemyAim:
                raise IllegalAction("xevious.air-battle", f"{ctx.players[pend['enemy']]} must turn the enemy's "
                                    "Battle Card first")
            assert isinstance(action, EnemyAim)
            if action.heading not in pend["headings"]:
                raise IllegalAction("xevious.battle-cards", f"a Battle Card points {', '.join(pend['headings'])}; "
                                    f"not {action.heading!r}")
            self._reveal(state, pend["who"], pend["aim"], action.heading, ctx, v)
            return
        if ph == "retry":  # Locations 5.2, variant retry_uses_turn=False: try again at once or end the turn
            if t is TryAgain:
                state.phase = "turn"
                state.pilots[p].retry = False
                self._blaster(state, p, ctx, v, again=False)
                self._after(state, ctx, v)
            elif t is Pass:
                state.phase = "turn"
                state.pilots[p].retry = False
                self._end_turn(state, ctx, v)
            else:
                raise IllegalAction("xevious.blaster-mistake", "try the Blaster Card again or end your turn")
            return
        raise IllegalAction("xevious.turn-order", f"{action} cannot be played now")  # pragma: no cover

    # ==================== MOVEMENT 1: roll the die and move; green, must-stop and entrance stops; exits =============
    # clauses: xevious.move-roll, move-forward, green-stop, blaster-stop, must-stop, entrance-stop, exit-markers,
    #          stage-condition
    def _refuse_if_blocked(self, state: XeviousState, p: int) -> None:
        me = state.pilots[p]
        g = self._guard_at(state, me, (me.area, me.idx))
        if g == "gump":
            raise IllegalAction("xevious.condition-gump", "a standing Gump Marker blocks your way: attack it")
        if g == "andor":
            raise IllegalAction("xevious.condition-andor-genesis", "the Andor Genesis blocks your way until you "
                                "win its battle: attack it")

    def _plan(self, state: XeviousState, me: Pilot, tr: Track, n: int) -> Move:
        """The move of ``n`` for ``me`` now (see ``Track.plan``): cut short on the first standing guard (reason
        'guard'), and without the early stops a Daley Piece covers (variant daley_pieces)."""
        a, i = me.area, me.idx
        row = tr.moves[a][i]
        m = row[n] if n < 7 else None
        if m is None:
            m = tr.plan(a, i, n)
        if state.stage == 7 or (state.cond and tr.guard):
            guards = self._guards_for(state, me)
            if guards:
                path = m[0]
                last = len(path) - 1
                for k, pos in enumerate(path):
                    if pos in guards:
                        # a guard stops the move on its square: checked after the entrance and must-stop spaces
                        if k < last or m[1] in ("roll", "end"):
                            m = _cut(m, k)
                        break
        daley = state.daley
        if daley and m[2]:
            m = _uncover(m, daley, tr.green)
        return m

    def _walk(self, state: XeviousState, p: int, n: int) -> tuple[list[tuple[int, int]], str]:
        """The squares of a move of ``n`` and why it ends ('roll', 'entrance', 'stop', 'guard', 'gate', 'end')."""
        m = self._plan(state, state.pilots[p], self.tracks[state.stage - 1], n)
        return list(m[0]), m[1]

    def _start_move(self, state: XeviousState, p: int, n: int, ctx: Context, v: XeviousVariant) -> None:
        tr = self.tracks[state.stage - 1]
        me = state.pilots[p]
        guarded = self._guarded[state.stage]
        if state.daley or guarded == 2 or (guarded and state.cond):
            m = self._plan(state, me, tr, n)
        else:  # the common case, inline: the plan as it is
            m = tr.moves[me.area][me.idx][n] or tr.plan(me.area, me.idx, n)
        path, why, stops, crossed = m
        if not path:
            ctx.emit("xevious.move-forward", (_said, ctx.players[p], "is", " at the end of the track and "
                                                     "cannot move (never backwards)."))
            self._land(state, p, ctx, v)
            if state.winner is None and state.phase == "turn":
                self._end_turn(state, ctx, v)
            return
        # MOVEMENT 1 sentence 3 and Locations 5: the spaces passed where you may stop whatever you rolled: green
        # spaces and Flag / Pin / Sol / Phantom spaces (not under a Daley Piece: variant daley_pieces); the gate is
        # only ever the last square of a path
        if why != "roll":
            forced = FORCED_STOPS.get(why)
            if forced is not None:
                rule, reason = forced
                if why == "guard" and state.stage == 7:
                    rule = "xevious.condition-gump"
                ctx.emit(rule, (_t_forced, ctx.players[p], len(path), n, reason))
        if stops:
            state.path = path
            state.pend = {"stops": (*stops, len(path)), "n": n}
            state.phase = "stop"
            return
        # the whole move: no choice to make
        state.path = ()
        state.pend = None
        state.phase = "turn"
        me.retry = False
        for _, aw in crossed:
            self._take(state, p, aw, ctx, "xevious.exit-markers", "the exit")
        me.area, me.idx = path[-1]
        self._land(state, p, ctx, v)
        if state.winner is None and state.phase == "turn":
            self._end_turn(state, ctx, v)

    def _finish_move(self, state: XeviousState, p: int, step: int, ctx: Context, v: XeviousVariant) -> None:
        """End the pending move (``state.path``) after ``step`` squares, the stop the player chose (a move with
        no choice ends in ``_start_move``)."""
        tr = self.tracks[state.stage - 1]
        src = state.path
        exits, n_areas = tr.exit, tr.n_areas
        me = state.pilots[p]
        state.path = ()
        state.pend = None
        state.phase = "turn"
        me.retry = False
        for k in range(step):
            a, i = src[k]
            aw = exits[a][i] if a < n_areas else None
            if aw is not None:
                self._take(state, p, aw, ctx, "xevious.exit-markers", "the exit")
        a, i = me.area, me.idx = src[step - 1]
        early = step < len(src)
        if early:
            rule = "xevious.green-stop" if tr.green[a][i] else "xevious.blaster-stop"
            ctx.emit(rule, (_said, ctx.players[p], "stops", " on the {} passed on the way.", tr.labels[a][i]),
                     step=step)
        self._land(state, p, ctx, v, early=early)
        self._after(state, ctx, v)

    def _land(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant, early: bool = False) -> None:
        """Follow the directions of the space the mover lands on (``early``: it stopped on a space it passed)."""
        me = state.pilots[p]
        tr = self.tracks[state.stage - 1]
        st = tr.stage
        a, i = pos = (me.area, me.idx)
        if a >= tr.n_areas:
            ctx.emit("xevious.stage-gate", (_t_leaves, ctx.players[p], state.stage))
            return
        sp = tr.areas[a][i]
        if state.stage == 7:
            if pos in self._gumps_standing(state):
                self._battle_ground(state, p, st.gump_number, True, ctx, v, what="the Gump Marker", guard=pos)
                return
        elif state.cond and pos in tr.guard and pos not in me.beaten:
            self._battle_ground(state, p, sp.n, sp.boost, ctx, v, what="the Andor Genesis", guard=pos)
            return
        k = sp.kind
        if k == "ground":
            self._battle_ground(state, p, sp.n, sp.boost, ctx, v)
        elif k == "air":
            self._battle_air(state, p, 1, ctx, v)
        elif k == "squad":
            n = sp.n + (1 if v.stage_conditions and st.condition == "zoshi-squadrons" else 0)
            if n != sp.n:
                ctx.emit("xevious.condition-zoshi", (_fill, "Stage 5's Zoshi fly in larger squadrons: {} "
                                                            "enemies instead of {}.", n, sp.n), enemies=n)
            self._battle_air(state, p, n, ctx, v)
        elif k == "card":
            self._draw_card(state, p, ctx, v)
        elif tr.blaster[a][i]:
            if pos in state.daley:
                ctx.emit("xevious.daley-piece", (_t_daley_covers, k))
            else:
                self._blaster(state, p, ctx, v)
        elif k == "green":
            if sp.awards and early and v.stage_conditions and st.condition == "garu-zakato-fog":
                ctx.emit("xevious.condition-fog", (_t_fog, ctx.players[p], sp.awards))
            elif sp.awards:
                self._take(state, p, sp.awards, ctx, "xevious.green-stop", "the green space")
            else:
                ctx.emit("xevious.green-stop", (_said, ctx.players[p], "rests", " on a green space."))
        elif k == "plain" and v.stage_conditions and st.condition == "garu-barra":
            ctx.emit("xevious.condition-garu-barra", (_t_barra, ctx.players[p]))
            self._battle_ground(state, p, st.barrage, False, ctx, v, what="the Garu Barra battery")
        elif k == "exit":
            pass  # its markers were taken on the way
        else:
            ctx.emit("xevious.move-roll", (_said, ctx.players[p], "lands", " on the {}: nothing happens.",
                                                  tr.labels[a][i]))

    # ==================== MOVEMENT 2: losing a battle damages your ship =============================================
    # clauses: xevious.damage-shield, damage-solvalou, shield, solvalou-lives
    def _damage(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        name = ctx.players[p]
        if me.s > 0:
            me.s -= 1
            ctx.emit("xevious.damage-shield", (_said, name, "takes", " damage: one Shield Marker is "
                                                      "discarded ({} left).", me.s), player=p)
            ctx.emit("xevious.shield", (_t_shield, name), player=p)
            return
        me.l = lives = me.l - 1
        if me.w > 0:
            me.w -= 1
            ctx.emit("xevious.damage-solvalou", (_t_damage, name, " a Solvalou Marker and an Extra Weapon "
                                                        "Marker ({} Solvalou left).", lives), solvalou=lives, player=p)
        else:
            ctx.emit("xevious.damage-solvalou", (_t_damage, name, " a Solvalou Marker (no Extra Weapon "
                                                        "Marker to lose; {} Solvalou left).", lives),
                     solvalou=lives, player=p)
        if lives == 0:
            self._respawn(state, p, ctx, v)
        else:
            ctx.emit("xevious.solvalou-lives", (_said, name, "has", " {} {} left.", lives,
                                                       "life" if lives == 1 else "lives"), player=p)

    # ==================== MOVEMENT 3: out of Solvalou Markers =======================================================
    # clauses: xevious.respawn, respawn-stage1
    def _respawn(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        name = ctx.players[p]
        me.area = area = me.area if v.respawn_point == "area" else 0
        me.idx = 0
        me.retry = False
        me.phantom = False
        me.beaten = frozenset()
        gift, cap = v.respawn_gift, state.cap
        me.l = lives = min(gift, cap)  # the row was empty: 'add' and 'set' agree
        to_area = v.respawn_point == "area"

        def where() -> str:
            return f"the entrance of area {area + 1}" if to_area else "the stage's starting point"
        stage = state.stage
        if stage == 1 and v.stage1_exception:
            ctx.emit("xevious.respawn-stage1", lambda: f"{says(name, 'is')} out of Solvalou Markers and "
                     f"{verb_for(name, 'returns')} to {where()}; in Stage 1 only {lives} Solvalou Markers are taken.",
                     solvalou=lives, player=p)
        else:
            if v.respawn_markers == "set":
                me.w, me.s = min(gift, cap), min(gift, cap)
            else:
                me.w, me.s = min(cap, me.w + gift), min(cap, me.s + gift)
            w, s = me.w, me.s
            note = (" (the Stage 1 exception is switched off: variant stage1_exception=False)" if stage == 1
                    else "")
            ctx.emit("xevious.respawn", lambda: f"{says(name, 'is')} out of Solvalou Markers: back to {where()} with "
                     f"{lives} Solvalou, {w} Extra Weapon and {s} Shield Markers; Stage {stage} begins again for "
                     f"{obj(name)}{note}.", w=w, s=s, player=p)
        if state.phase != "turn":
            state.phase = "turn"
            state.pend = None

    # ==================== MOVEMENT 4: catching up ===================================================================
    # clauses: xevious.catch-up, catch-up-exit-markers
    def can_catch_up(self, state: XeviousState, p: int) -> bool:
        pilots = state.pilots
        if len(pilots) < 2:
            return False
        me = pilots[p]
        a = me.area
        if state.stage == 7 and a >= self.tracks[6].n_areas - 1:
            return False
        for q in pilots:
            if q.area <= a and q is not me:
                return False
        return True

    def _catch_up(self, state: XeviousState, p: int, ctx: Context) -> None:
        v = self._v(ctx)
        if len(state.pilots) < 2:
            raise IllegalAction("xevious.catch-up", "catching up needs other players ahead of you")
        if not self.can_catch_up(state, p):
            raise IllegalAction("xevious.catch-up", "you may move to the next area only when every other player "
                                "has advanced beyond your area")
        me = state.pilots[p]
        areas = self.tracks[state.stage - 1].areas
        ex = areas[me.area][-1]
        name = ctx.players[p]
        ctx.emit("xevious.catch-up", (_t_ahead, name))
        if ex.awards:
            if me.idx == len(areas[me.area]) - 1:  # on the exit already: its markers were taken on arrival
                ctx.emit("xevious.catch-up-exit-markers", (_said, name, "stands", " on the exit and took its "
                                                              "markers ({}) on arriving there: they are not taken a "
                                                              "second time.", ex.awards))
            else:
                self._take(state, p, ex.awards, ctx, "xevious.catch-up-exit-markers",
                           "the exit of the area left behind")
        me.retry = False
        area = me.area + 1
        me.area, me.idx = area, 0
        if area < len(areas):
            ctx.emit("xevious.entrance-stop", (_said, name, "stops", " on the entrance of area {}.",
                                                      area + 1))
        self._after(state, ctx, v)

    # ==================== ATTACK STRENGTH SHEET: markers go on the sheet, at most 5 a row ===========================
    # clauses: xevious.sheet-rows, sheet-limit (Extra Weapons: weapon-boost, weapon-once in apply
    #          and Locations 1)
    def _take(self, state: XeviousState, p: int, aw: Awards, ctx: Context, rule: str, source: str) -> None:
        me = state.pilots[p]
        cap = state.cap
        w, s, l = aw.w, aw.s, aw.l  # noqa: E741 - the Solvalou row
        kw = ks = kl = 0
        if w:
            kw = min(w, cap - me.w)
            me.w += kw
        if s:
            ks = min(s, cap - me.s)
            me.s += ks
        if l:
            kl = min(l, cap - me.l)
            me.l += kl
        name = ctx.players[p]
        ctx.emit(rule, (_t_takes, name, kw, ks, kl, source), player=p, w=w, s=s, l=l)
        if kw < w or ks < s or kl < l:
            ctx.emit("xevious.sheet-limit", (_t_full, name, w - kw, s - ks, l - kl, cap), player=p)

    # ==================== Locations 1: air-to-ground battles (and the guards: Andor Genesis, Gump Markers) ==========
    # clauses: xevious.ground-battle, weapon-boost, weapon-once, condition-andor-genesis, condition-gump,
    #          condition-hidden-sol
    def _battle_ground(self, state: XeviousState, p: int, n: int, boost: bool, ctx: Context, v: XeviousVariant,
                       what: str = "", guard: tuple[int, int] | None = None) -> None:
        """``what`` names the enemy (default: "the air-to-ground battle <n>", made only when a text is read)."""
        if boost and state.pilots[p].w > 0:
            what = what or f"the air-to-ground battle {n}"
            state.phase = "boost"
            state.pend = {"kind": "ground", "n": n, "what": what, "who": p, "guard": guard}
            ctx.emit("xevious.weapon-boost", (_fill, "{} may spend an Extra Weapon Marker to add 1 to the "
                                                     "roll against {}.", ctx.players[p], what))
            return
        self._ground(state, p, n, False, what, guard, ctx, v)

    def _ground(self, state: XeviousState, p: int, n: int, weapon: bool, what: str,
                guard: tuple[int, int] | None, ctx: Context, v: XeviousVariant) -> None:
        me = state.pilots[p]
        name = ctx.players[p]
        if weapon:
            me.w -= 1
            ctx.emit("xevious.weapon-once", (_said, name, "discards", " one Extra Weapon Marker for +1 (one "
                                                    "per combat)."))
        d: int = ctx.draw("die")
        won = d + (1 if weapon else 0) > n
        state.last = {"kind": "ground", "value": d, "plus": 1 if weapon else 0, "n": n, "won": won, "player": p}
        ctx.emit("xevious.ground-battle", (_t_ground, name, d, weapon, what, n, won), die=d, n=n, won=won)
        if won:
            pos = (me.area, me.idx)
            g = self._guard_at(state, me, pos) if guard is not None and guard == pos else None
            if g == "gump":
                gp = self.stages[6].gumps
                off = len(gp) - len(state.gumps)
                k = gp.index(pos) - off
                state.gumps = state.gumps[:k] + (False,) + state.gumps[k + 1:]
                left = sum(state.gumps)
                ctx.emit("xevious.condition-gump", (_said, name, "destroys", " a Gump Marker ({} left).", left),
                         left=left)
                if left == 0:
                    state.winner = p
                    ctx.emit("xevious.victory", (_t_victory, name))
                    return
            elif g == "andor":
                me.beaten = me.beaten | {pos}
                ctx.emit("xevious.condition-andor-genesis", (_said, name, "beats", " the Andor Genesis and "
                                                                    "may fly on."))
            if v.stage_conditions and self.tracks[state.stage - 1].condition == "hidden-sol":
                self._take(state, p, HIDDEN_SOL, ctx, "xevious.condition-hidden-sol", "a hidden Sol citadel")
        else:
            self._damage(state, p, ctx, v)

    # ==================== Locations 2 and 3: air-to-air battles against one enemy or several ========================
    # clauses: xevious.air-battle, battle-cards, squad-battle, braglease-card
    def _battle_air(self, state: XeviousState, p: int, enemies: int, ctx: Context, v: XeviousVariant) -> None:
        n = len(ctx.players)
        enemy: int | None = None
        if v.enemy_card == "next" and n > 1:
            enemy = state.order[(state.turn + 1) % n]
        state.phase = "aim"
        state.pend = {"kind": "squad" if enemies > 1 else "air", "left": enemies, "used": False, "who": p,
                      "enemy": enemy, "headings": self.headings(v), "aim": None, "won": 0}
        name = ctx.players[p]
        if enemies > 1:
            ctx.emit("xevious.squad-battle", (_said, name, "meets", " {} enemies: win battle after battle; "
                                                     "the first loss ends the fight.", enemies), enemies=enemies)
        else:
            ctx.emit("xevious.air-battle", (_said, name, "meets", " an enemy in the air: both Battle Cards "
                                                   "are turned secretly."))

    def _chance_heading(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> str:
        if v.extras:
            if not state.brag:
                state.brag = self.headings(v)
            h: str = ctx.draw("braglease", state.brag)
            i = state.brag.index(h)
            state.brag = state.brag[:i] + state.brag[i + 1:]
            ctx.emit("xevious.braglease-card", (_fill, "The top Braglease Card gives the enemy's heading: "
                                                       "{}.", h), heading=h)
            return h
        h = ctx.draw("heading", self.headings(v))
        return h

    def _reveal(self, state: XeviousState, p: int, mine: str, theirs: str, ctx: Context, v: XeviousVariant) -> None:
        pend = state.pend
        assert pend is not None
        won = OPPOSITE[mine] == theirs
        state.last = {"kind": "battle", "mine": mine, "theirs": theirs, "won": won, "player": p,
                      "enemy": pend["enemy"]}
        name = ctx.players[p]
        ctx.emit("xevious.battle-cards", (_t_reveal, name, mine, theirs, won), mine=mine, theirs=theirs,
                 won=won, player=p)
        squad = pend["kind"] == "squad"
        left = pend["left"]
        if won:
            pend["left"] = left = left - 1
            pend["won"] += 1
            ctx.emit("xevious.air-battle", (_said, name, "wins", " the air battle ({} enemies left).", left)
                     if squad else (_said, name, "wins", " the air battle."), player=p)
            if left > 0:
                pend["aim"] = None
                state.phase = "aim"
                return
            if squad:
                ctx.emit("xevious.squad-battle", (_said, name, "destroys", " the whole squadron."), player=p)
        else:
            ctx.emit("xevious.air-battle", (_said, name, "loses", " the air battle."), player=p)
            if squad and left > 1:
                ctx.emit("xevious.squad-battle", (_t_fight_ends, name, left - 1), player=p)
        state.pend = None
        state.phase = "turn"
        if not won:
            self._damage(state, p, ctx, v)
        self._after(state, ctx, v)

    # ==================== Locations 4: Card spaces ==================================================================
    # clauses: xevious.card-space, xevious-cards
    def _draw_card(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant) -> None:
        if not state.deck:
            state.deck = self._decks[v.cockpit_card]
            ctx.emit("xevious.xevious-cards", "The Super Xevious deck is used up: the discards are shuffled into a "
                     "new deck.")
        cid = ctx.draw("card", state.deck)
        i = state.deck.index(cid)
        state.deck = state.deck[:i] + state.deck[i + 1:]
        card = self.cards[cid]
        state.last = {"kind": "card", "value": cid, "title": card.title, "text": card.text, "player": p}
        name = ctx.players[p]
        ctx.emit("xevious.card-space", (_said, name, "draws", " the Super Xevious Card “{}”: {}", card.title,
                                               card.text), card=cid)
        e = card.effect
        if e == "take":
            self._take(state, p, card.awards, ctx, "xevious.card-space", f"the card “{card.title}”")
        elif e == "move":
            me = state.pilots[p]
            path, _why, _stops, crossed = self._plan(state, me, self.tracks[state.stage - 1], card.n)
            if path:
                for _, aw in crossed:
                    self._take(state, p, aw, ctx, "xevious.exit-markers", "the exit")
                me.area, me.idx = path[-1]
                self._land(state, p, ctx, v)
        elif e == "ground":
            self._battle_ground(state, p, card.n, False, ctx, v, what=f"the {card.title}")
        elif e == "air":
            self._battle_air(state, p, 1, ctx, v)
        elif e == "squad":
            self._battle_air(state, p, card.n, ctx, v)
        elif e == "damage":
            self._damage(state, p, ctx, v)
        elif e == "cockpit":
            if v.cockpit_card:
                state.pilots[p].cockpit = True
                ctx.emit("xevious.cockpit-card", (_t_cockpit_up, name))

    # ==================== Locations 5: Flag / Pin / Sol / Phantom ===================================================
    # clauses: xevious.blaster-draw, blaster-mistake, daley-piece (variant), condition-phantom
    def _blaster(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant, again: bool = True) -> None:
        me = state.pilots[p]
        sp = self.tracks[state.stage - 1].areas[me.area][me.idx]
        hits = v.blaster_hits
        card = ctx.draw("blaster", BLASTER_CARDS, BLASTER_WEIGHTS.get(hits) or (hits, 3 - hits))
        state.last = {"kind": "blaster", "value": card, "player": p}
        name = ctx.players[p]
        if card == "HIT!":
            ctx.emit("xevious.blaster-draw", (_said, name, "picks", " a Blaster Card: HIT!"), card=card)
            kind = sp.kind
            self._take(state, p, sp.awards, ctx, "xevious.blaster-draw", BLASTER_SOURCES.get(kind) or f"the {kind.capitalize()}")
            if v.stage_conditions and kind == "phantom" and self.tracks[state.stage - 1].condition == \
                    "phantom-wingman":
                me.phantom = True
                self._take(state, p, PHANTOM_GIFT, ctx, "xevious.condition-phantom",
                           "the rescued Phantom wingman, who joins you as one more Solvalou")
            if v.daley_pieces:
                state.daley = state.daley | {(me.area, me.idx)}
                ctx.emit("xevious.daley-piece", (_t_daley_now, kind))
        else:
            ctx.emit("xevious.blaster-draw", (_said, name, "picks", " a Blaster Card: MISTAKE."), card=card)
            if v.retry_uses_turn:
                me.retry = True
                ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing, but may stay here and "
                                                            "try again next turn instead of moving."))
            elif again:
                state.phase = "retry"
                ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing, but may try once more "
                                                            "at once."))
            else:
                ctx.emit("xevious.blaster-mistake", (_said, name, "gets", " nothing."))

    # ==================== VICTORY (the last Gump Marker falls in Locations 1), turn order and the stage gate ========
    # clauses: xevious.victory, turn-order, stage-gate, turn-cap
    def winner(self, state: XeviousState) -> int | None:
        return state.winner

    def _after(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        """End the turn unless a decision is pending or the game is over."""
        if state.winner is not None or state.phase != "turn":
            return
        self._end_turn(state, ctx, v)

    def _end_turn(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        areas = self._n_areas[state.stage]
        pilots = state.pilots
        for q in pilots:
            if q.area < areas:
                break
        else:  # every mover is at the stage gate
            self._next_stage(state, ctx, v)
            areas = self._n_areas[state.stage]
        order = state.order
        n = len(order)
        turn = state.turn
        while True:  # the next player in order who is not waiting at the stage gate (one always is not)
            turn += 1
            if turn == n:
                turn = 0
                state.rounds += 1
                if state.rounds >= v.turn_cap:
                    state.turn = turn
                    state.capped = True
                    ctx.emit("xevious.turn-cap", (_fill, "The turn cap of {} rounds is reached: the game "
                                                         "stops with no winner.", v.turn_cap), player=None)
                    return
            if pilots[order[turn]].area < areas:
                state.turn = turn
                return

    def _next_stage(self, state: XeviousState, ctx: Context, v: XeviousVariant) -> None:
        state.stage += 1
        state.daley = frozenset()
        for q in state.pilots:
            q.area = q.idx = 0
            q.retry = q.phantom = False
            q.beaten = frozenset()
            q.cockpit = v.cockpit_card
        st = self.stage_of(state)
        ctx.emit("xevious.stage-gate", lambda: f"Every mover has left the stage: Stage {st.number} (panel "
                 f"{st.panel.id}) is put on the table and every mover starts on its starting point.", player=None,
                 stage=st.number)
        if v.stage_conditions or st.number == 7:
            rule = CONDITION_RULES[st.condition]
            ctx.emit(rule, lambda: f"Stage {st.number}: {st.title}. {st.text}", player=None)

    # ==================== chance: what a rig may ask for under this variant now =====================================
    def rig_domain(self, kind: str, variant: Variant, state: XeviousState | None) -> tuple[Any, ...] | None:
        """The outcomes chance ``kind`` can show under ``variant`` now (``None``: the static domain).

        ``card``: the Super Xevious Cards still in the deck (the whole deck of this variant when it is used up
        or before set-up; the Cockpit Card's card only with variant cockpit_card). ``heading`` / ``braglease``:
        the headings a Battle Card can point under variant battle_headings; ``braglease``: the Braglease Cards
        not yet used (none at all without the Braglease role, variant extras=False)."""
        assert isinstance(variant, XeviousVariant)
        if kind == "card":
            deck = state.deck if state is not None and state.deck else data.deck(cockpit=variant.cockpit_card)
            return tuple(dict.fromkeys(deck))
        if kind == "heading":
            return self.headings(variant)
        if kind == "braglease":
            if not variant.extras:
                return ()
            return state.brag if state is not None and state.brag else self.headings(variant)
        return None

    # ==================== POSITION SET-UP: a teacher's position, checked against the rules (issue 11) ================
    # clauses: xevious.pieces (stages and their tracks), sheet-rows, sheet-limit, respawn, move-forward, stage-gate,
    #          prep-sheet, prep-order, turn-order, turn-cap, blaster-mistake, condition-phantom, cockpit-card,
    #          condition-andor-genesis, condition-gump, victory, daley-piece; FORM_RULE (<game>.setup): the form
    #
    # A position is the start of a turn: the stage on the table, each player's mover and Attack Strength Sheet,
    # the Gump Markers and Daley Pieces, the order of play and the seat to roll. Areas and spaces count from 1, as on
    # the board (``to_json`` counts from 0). The description covers everything ``to_json`` shows except the hidden
    # decks (Super Xevious and Braglease Cards stay as they are), ``last`` (the widget's last reveal),
    # ``setup_rolls`` (cleared when the order changes) and what only exists in the middle of a turn (phase,
    # pending decision, path: a set-up is always the start of ``to_play``'s turn, with no winner).
    SETUP_FIELDS = ("stage", "to_play", "order", "rounds", "players", "gumps", "daley")
    PLAYER_FIELDS = ("area", "space", "gate", "solvalou", "extra_weapon", "shield", "retry", "phantom", "cockpit",
                     "beaten")

    def position(self, state: XeviousState) -> dict[str, Any]:
        """The position of ``state`` as a description :meth:`set_up` accepts (see the section's comment)."""
        n_areas = self.tracks[state.stage - 1].n_areas
        players = []
        for q in state.pilots:
            where: dict[str, Any] = ({"gate": True} if q.area >= n_areas
                                     else {"area": q.area + 1, "space": q.idx + 1})
            players.append({**where, "solvalou": q.l, "extra_weapon": q.w, "shield": q.s, "retry": q.retry,
                            "phantom": q.phantom, "cockpit": q.cockpit,
                            "beaten": [[a + 1, i + 1] for a, i in sorted(q.beaten)]})
        return {"stage": state.stage, "to_play": state.order[state.turn], "order": list(state.order),
                "rounds": state.rounds, "players": players, "gumps": list(state.gumps),
                "daley": [[a + 1, i + 1] for a, i in sorted(state.daley)]}

    def set_up(self, state: XeviousState, position: Mapping[str, Any], ctx: Context) -> None:
        """Change ``state`` into the position ``position`` describes, or raise ``IllegalAction`` naming the clause
        an impossible position breaks. Fields left out keep their value; the whole result is checked, kept values
        too. ``Game.set_up`` runs this on a copy, so a refusal changes nothing.

        ``{"stage": 1-7, "to_play": seat, "order": [seats], "rounds": n, "gumps": [standing...],
        "daley": [[area, space]...], "players": [{"area": a, "space": s} or {"gate": true}, "solvalou": n,
        "extra_weapon": n, "shield": n, "retry": bool, "phantom": bool, "cockpit": bool,
        "beaten": [[area, space]...]}, ...one per seat]}``."""
        v = self._v(ctx)
        if not isinstance(position, Mapping):
            raise IllegalAction(FORM_RULE, "a position is an object of fields")
        _only(position, self.SETUP_FIELDS, "a Super Xevious position")
        n = len(state.pilots)
        old_gate = [q.area >= self.tracks[state.stage - 1].n_areas for q in state.pilots]
        if "stage" in position:
            stage = _int(position["stage"], "stage")
            if not 1 <= stage <= len(self.stages):
                raise IllegalAction("xevious.pieces", f"the game has Stages 1 to {len(self.stages)}, not Stage "
                                    f"{stage}")
            state.stage = stage
        n_areas = self.tracks[state.stage - 1].n_areas
        if "order" in position:
            order = _list(position["order"], "order")
            if sorted(x if type(x) is int else -1 for x in order) != list(range(n)):
                raise IllegalAction("xevious.prep-order", f"the order of play lists each seat once (0 to {n - 1}): "
                                    f"{order!r} does not")
            if tuple(order) != state.order:
                state.order = tuple(order)
                state.setup_rolls = ()  # the rolls no longer explain the order
        to_play = state.order[state.turn]
        if "to_play" in position:
            to_play = _int(position["to_play"], "to_play")
            if not 0 <= to_play < n:
                raise IllegalAction("xevious.turn-order", f"the seat to roll is a player's seat, 0 to {n - 1}: not "
                                    f"{to_play}")
        state.turn = state.order.index(to_play)
        if "rounds" in position:
            state.rounds = _int(position["rounds"], "rounds")
        if not 0 <= state.rounds < v.turn_cap:
            raise IllegalAction("xevious.turn-cap", f"rounds played count from 0 and stay below the turn cap "
                                f"({v.turn_cap}, variant turn_cap): not {state.rounds}")
        if "players" in position:
            given = _list(position["players"], "players")
            if len(given) != n:
                raise IllegalAction("xevious.prep-sheet", f"the position describes one mover and sheet per player: "
                                    f"{n} entries, not {len(given)}")
            for k, spec in enumerate(given):
                self._set_up_pilot(state.pilots[k], k, spec, old_gate[k], n_areas, state.stage)
        else:
            for k, q in enumerate(state.pilots):
                if old_gate[k]:
                    q.area, q.idx = n_areas, 0
        if "gumps" in position:
            gumps = _list(position["gumps"], "gumps")
            if not all(type(x) is bool for x in gumps):
                raise IllegalAction(FORM_RULE, "gumps lists true (standing) or false (destroyed) per Gump "
                                    "Marker")
            if len(gumps) != len(state.gumps):
                raise IllegalAction("xevious.condition-gump", f"this game has {len(state.gumps)} Gump Markers "
                                    f"(variant gumps), not {len(gumps)}")
            state.gumps = tuple(gumps)
        if "daley" in position:
            state.daley = frozenset(_squares(position["daley"], "daley"))
        state.phase, state.pend, state.path = "turn", None, ()
        state.winner, state.capped = None, False
        self._check_position(state, v, to_play)

    def _set_up_pilot(self, q: Pilot, k: int, spec: Any, was_at_gate: bool, n_areas: int, stage: int) -> None:
        where = f"players[{k}]"
        if not isinstance(spec, Mapping):
            raise IllegalAction(FORM_RULE, f"{where} is an object of fields")
        _only(spec, self.PLAYER_FIELDS, f"a player ({where})")
        gate = spec.get("gate", False)
        if type(gate) is not bool:
            raise IllegalAction(FORM_RULE, f"{where}.gate is true or false, not {gate!r}")
        if gate:
            if "area" in spec or "space" in spec:
                raise IllegalAction(FORM_RULE, f"{where}: a mover at the stage gate has no area or space")
            q.area, q.idx = n_areas, 0
        elif "area" in spec:
            q.area = _int(spec["area"], f"{where}.area") - 1
            if not 0 <= q.area < n_areas:  # checked here: area n_areas + 1 would read as the stage gate
                raise IllegalAction("xevious.pieces", f"{where}: Stage {stage} has areas 1 to {n_areas}, not area "
                                    f"{q.area + 1} (a mover past the last area is at the gate: \"gate\": true)")
            q.idx = _int(spec["space"], f"{where}.space") - 1 if "space" in spec else 0
        elif was_at_gate:
            if "gate" in spec or "space" in spec:
                raise IllegalAction(FORM_RULE, f"{where}: a mover leaving the stage gate needs its area (and "
                                    "space)")
            q.area, q.idx = n_areas, 0  # still waiting at the gate of the stage on the table
        elif "space" in spec:
            q.idx = _int(spec["space"], f"{where}.space") - 1
        for key, attr in (("solvalou", "l"), ("extra_weapon", "w"), ("shield", "s")):
            if key in spec:
                setattr(q, attr, _int(spec[key], f"{where}.{key}"))
        for key in ("retry", "phantom", "cockpit"):
            if key in spec:
                flag = spec[key]
                if type(flag) is not bool:
                    raise IllegalAction(FORM_RULE, f"{where}.{key} is true or false, not {flag!r}")
                setattr(q, key, flag)
        if "beaten" in spec:
            q.beaten = frozenset(_squares(spec["beaten"], f"{where}.beaten"))

    def _check_position(self, state: XeviousState, v: XeviousVariant, to_play: int) -> None:
        """Refuse a position the rules could never reach, naming the clause it breaks (each check in turn)."""
        st = self.stage_of(state)
        tr = self.tracks[state.stage - 1]
        lens, n_areas = tr.lens, tr.n_areas
        cap = state.cap

        def on_track(pos: tuple[int, int], what: str) -> None:
            a, i = pos
            if not 0 <= a < n_areas:
                raise IllegalAction("xevious.pieces", f"{what}: Stage {st.number} has areas 1 to {n_areas}, not "
                                    f"area {a + 1}")
            if not 0 <= i < lens[a]:
                raise IllegalAction("xevious.pieces", f"{what}: area {a + 1} of Stage {st.number} has spaces 1 to "
                                    f"{lens[a]}, not space {i + 1}")

        standing = self._gumps_standing(state) if state.stage == 7 else NO_GUARDS
        for k, q in enumerate(state.pilots):
            who = f"player {k + 1} ({COLOURS[k]})"
            at_gate = q.area == n_areas and q.idx == 0
            if at_gate and state.stage == 7:
                raise IllegalAction("xevious.move-forward", f"{who}: Stage 7 has no stage gate; its track ends on "
                                    "the last space")
            if not at_gate:
                on_track((q.area, q.idx), who)
            for attr, name in (("w", "Extra Weapon"), ("s", "Shield"), ("l", "Solvalou")):
                count = getattr(q, attr)
                if count < 0:
                    raise IllegalAction("xevious.sheet-rows", f"{who}: a row of the sheet holds a number of "
                                        f"{name} Markers from 0 up, not {count}")
                if count > cap:
                    raise IllegalAction("xevious.sheet-limit", f"{who}: the {name} row of the sheet has {cap} "
                                        f"spaces, so it holds at most {cap} markers, not {count}")
            if q.l == 0:
                raise IllegalAction("xevious.respawn", f"{who} has no Solvalou Marker: a player who runs out "
                                    "respawns at once with new markers, so no turn starts with 0 Solvalou")
            if q.retry:
                if not v.retry_uses_turn:
                    raise IllegalAction("xevious.blaster-mistake", f"{who}: with variant retry_uses_turn=False "
                                        "the second try comes at once, never on a later turn")
                if at_gate or not tr.blaster[q.area][q.idx]:
                    raise IllegalAction("xevious.blaster-mistake", f"{who}: only a mover on a Flag / Pin / Sol / "
                                        "Phantom space may try the Blaster Card again")
            if q.phantom and not (state.cond and st.condition == "phantom-wingman"):
                raise IllegalAction("xevious.condition-phantom", f"{who}: the Phantom wingman flies only in "
                                    "Stage 4 (with the stage conditions)")
            if q.cockpit and not v.cockpit_card:
                raise IllegalAction("xevious.cockpit-card", f"{who}: a face-up Cockpit Card belongs to the variant "
                                    "cockpit_card=True; the rulebook game gives it no role")
            for sq in sorted(q.beaten):
                if not state.cond or sq not in tr.guard:
                    raise IllegalAction("xevious.condition-andor-genesis", f"{who}: beaten lists the Andor "
                                        "Genesis' square of Stage 1 only (with the stage conditions), not area "
                                        f"{sq[0] + 1} space {sq[1] + 1}")
            for g in standing:
                if not at_gate and g < (q.area, q.idx):
                    raise IllegalAction("xevious.condition-gump", f"{who} is past the standing Gump Marker on area "
                                        f"{g[0] + 1} space {g[1] + 1}: nobody flies past one")
        if state.stage != 7 and not all(state.gumps):
            raise IllegalAction("xevious.condition-gump", "Gump Markers fall only in Stage 7: before it they all "
                                "stand")
        if state.gumps and not any(state.gumps):
            raise IllegalAction("xevious.victory", "every Gump Marker is destroyed: the game is already won, no "
                                "turn starts")
        for sq in sorted(state.daley):
            if not v.daley_pieces:
                raise IllegalAction("xevious.daley-piece", "Daley Pieces cover spaces only with the variant "
                                    "daley_pieces=True; the rulebook game gives them no role")
            on_track(sq, "daley")
            if not tr.blaster[sq[0]][sq[1]]:
                raise IllegalAction("xevious.daley-piece", f"a Daley Piece covers only a Flag / Pin / Sol / Phantom "
                                    f"space, not area {sq[0] + 1} space {sq[1] + 1}")
        if state.pilots[to_play].area >= n_areas:
            raise IllegalAction("xevious.stage-gate", f"player {to_play + 1} waits at the stage gate: their turns "
                                "are skipped, so they cannot be the one to roll")

    # ==================== views =====================================================================================
    def copy_state(self, state: XeviousState) -> XeviousState:
        return state.copy()

    def sample_hidden(self, state: XeviousState, seat: int, rng: Any) -> XeviousState:
        """``state`` (a copy the caller may change) with everything ``seat`` cannot see redrawn at random,
        consistently with what it can see: the hook a search bot (``tabletop.sim.mcts``) calls before every
        simulation. Hidden in Super Xevious: the Battle Card turned face down (xevious.air-battle: "both Battle
        Cards are turned secretly"), while the other player, who turns the enemy's card, waits (phase "enemy"):
        redrawn from the headings a Battle Card can point (xevious.battle-cards) for every seat but its owner; and
        the order of the Super Xevious and Braglease decks (xevious.xevious-cards, braglease-card), shuffled for
        every seat (which cards are left is known: every drawn card is shown). ``rng``: a ``random.Random``."""
        pend = state.pend
        if state.phase == "enemy" and pend is not None and pend.get("who") != seat:
            headings = pend["headings"]
            pend = state.pend = dict(pend)
            pend["aim"] = headings[rng.randrange(len(headings))]
        # (sorted first: the redrawn order depends only on which cards are left, never on the real order)
        if len(state.deck) > 1:
            deck = sorted(state.deck)
            rng.shuffle(deck)
            state.deck = tuple(deck)
        if len(state.brag) > 1:
            brag = sorted(state.brag)
            rng.shuffle(brag)
            state.brag = tuple(brag)
        return state

    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate` (a random
    #: playout of a whole game runs 200-300 actions)
    playout_depth = 40

    def evaluate(self, state: XeviousState) -> tuple[float, ...]:
        """A cut-off estimate of each seat's chance to win for a search bot (``tabletop.sim.mcts``), read from what
        every player sees (the sheets, the movers, the stage; never a face-down card or the decks' order): 1 / 0
        once someone has won (xevious.victory), an even share after the turn cap; else each pilot is scored by
        the markers on its sheet (Solvalou 2.5, Shield 1.5, Extra Weapon 1 each, as the sensible bot weighs
        them: before Stage 7 the stage gate and catch-up undo any lead, so the markers brought to the Gumps count
        most) plus its progress through the stage (worth 1 before Stage 7, 6 in it), and the seats' shares are
        a softmax of the scores (temperature 4). One seat alone: its progress through the seven stages."""
        pilots = state.pilots
        n = len(pilots)
        if state.winner is not None:
            return tuple(1.0 if i == state.winner else 0.0 for i in range(n))
        if state.capped or n == 0:
            return tuple(1.0 / max(n, 1) for _ in range(n))
        stage = state.stage
        tr = self.tracks[stage - 1]
        areas, lens = tr.n_areas, tr.lens
        fracs = [1.0 if q.area >= areas else (q.area + q.idx / max(lens[q.area], 1)) / areas for q in pilots]
        if n == 1:
            return (min(1.0, max(0.0, (stage - 1 + fracs[0]) / 7)),)
        pace = 6.0 if stage == 7 else 1.0
        scores = [(2.5 * q.l + 1.5 * q.s + q.w + pace * f) / 4.0 for q, f in zip(pilots, fracs, strict=True)]
        top = max(scores)
        weights = [math.exp(x - top) for x in scores]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def to_json(self, state: XeviousState) -> dict[str, Any]:
        pend = None
        if state.pend is not None:
            pend = {k: (list(x) if isinstance(x, tuple) else x) for k, x in state.pend.items()}
            if state.phase == "enemy":
                pend["aim"] = "face down"  # the secret stays secret until both cards are down
        st = self.stage_of(state)
        return {
            "stage": state.stage, "panel": st.panel.id, "condition": st.condition,
            "order": list(state.order), "turn": state.turn, "phase": state.phase, "pending": pend,
            "pilots": [{"colour": COLOURS[i], "area": q.area, "space": q.idx, "at_gate": q.area >= len(st.areas),
                        "extra_weapon": q.w, "shield": q.s, "solvalou": q.l, "retry": q.retry,
                        "phantom": q.phantom, "cockpit": q.cockpit, "beaten": sorted(list(b) for b in q.beaten)}
                       for i, q in enumerate(state.pilots)],
            "gumps": list(state.gumps), "daley": sorted(list(d) for d in state.daley),
            "deck": len(state.deck), "braglease": len(state.brag), "rounds": state.rounds,
            "winner": state.winner, "capped": state.capped, "path": [list(x) for x in state.path],
            "row_cap": state.cap,
            "last": dict(state.last) if state.last else None,
            "setup_rolls": [list(r) for r in state.setup_rolls],
        }

    def describe(self, state: XeviousState) -> str:
        st = self.stage_of(state)
        sym = {"entrance": "E", "exit": "X", "plain": ".", "green": "g", "ground": "G", "air": "A", "squad": "M",
               "card": "C", "flag": "F", "pin": "P", "sol": "S", "phantom": "H"}
        lines = [f"Stage {st.number} ({st.title}), panel {st.panel.id}; phase {state.phase}"]
        gp = self._gump_positions(state, XeviousVariant(gumps=len(state.gumps))) if state.stage == 7 else ()
        for a, area in enumerate(st.areas):
            cells = []
            for i, sp in enumerate(area):
                c = sym[sp.kind] + (str(sp.n) if sp.n else "")
                if (a, i) in gp and state.gumps[gp.index((a, i))]:
                    c = "Γ"
                who = "".join(str(k + 1) for k, q in enumerate(state.pilots) if (q.area, q.idx) == (a, i))
                cells.append(c + (f"[{who}]" if who else ""))
            lines.append(f"  area {a + 1}: " + " ".join(cells))
        for k, q in enumerate(state.pilots):
            where = "stage gate" if q.area >= len(st.areas) else f"area {q.area + 1} space {q.idx + 1}"
            lines.append(f"  {k + 1} {COLOURS[k]:<6} {where:<20} W{q.w} S{q.s} L{q.l}")
        return "\n".join(lines)


# ================================================================================================ set-up helpers
#: a malformed description (unknown field, wrong type) breaks no rule of the game: it is refused under the kit's
#: own ``<game>.setup`` clause, as ``Game.set_up`` does (like ``<game>.actions`` for malformed actions)
FORM_RULE = f"{XeviousRules.name}.setup"


def _only(spec: Mapping[str, Any], fields: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(k) for k in spec if k not in fields)
    if unknown:
        raise IllegalAction(FORM_RULE, f"no field {unknown[0]!r} in {what} (fields: {', '.join(fields)})")


def _int(x: Any, field: str) -> int:
    if type(x) is not int:
        raise IllegalAction(FORM_RULE, f"{field} is a whole number, not {x!r}")
    return x


def _list(x: Any, field: str) -> list[Any]:
    if type(x) is not list:
        raise IllegalAction(FORM_RULE, f"{field} is a list, not {type(x).__name__}")
    return x


def _squares(x: Any, field: str) -> list[tuple[int, int]]:
    """``[[area, space], ...]`` counted from 1 -> (area, space) counted from 0."""
    out = []
    for sq in _list(x, field):
        if type(sq) is not list or len(sq) != 2 or not all(type(c) is int for c in sq):
            raise IllegalAction(FORM_RULE, f"{field} lists squares as [area, space], not {sq!r}")
        out.append((sq[0] - 1, sq[1] - 1))
    return out
