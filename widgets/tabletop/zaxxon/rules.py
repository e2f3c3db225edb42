"""The Zaxxon rules engine (every rule named by a clause id of ``rules.toml``).

A turn: ``Roll`` (both dice at once, ties re-rolled) -> ``Spin`` by the lower roller (enemy fire; with Zaxxon
awake a "Z" gives ``MoveZaxxon`` / ``ZaxxonShoot`` first) -> the lower roller spends the die count on ``Move``,
``Altitude`` and ``Shoot`` (``EndTurn`` to stop early) -> the higher roller does the same.

``ZaxxonRules`` reads in the rulebook's order: its sections are named after the rulebook's headings and steps
("How to Play the Game, 2. Using the Spinner", "Game Play in the Outer Fortress, 3. Planes Shot Down", ...), each
listing the clause ids it implements; every event and refusal names its clause id beside the code.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine import Action, Context, IllegalAction, Rules, Variant, option
from ..engine.words import says, verb_for
from .board import (
    BOARD,
    DIRS,
    FACING_WORD,
    ZAXXON_FACINGS,
    ZAXXON_MOVES,
    ZAXXON_SHOTS,
    Board,
    load_scenarios,
    zaxxon_move_words,
)

SCENARIOS = load_scenarios(BOARD)

ROLL, SPIN, ZAXXON, MOVE, OVER = range(5)
PHASES = ("roll", "spin", "zaxxon", "move", "over")
SPINNER = ("RED", "BLUE", "WHITE", "Z")
COLOURS = ("blue", "red")
#: mission counters per player: outer fuel tanks, outer silo, outer turret, inner fuel tanks
MISSION_NEEDS = (2, 1, 1, 2)
MISSION_NAMES = ("outer fuel tanks", "outer missile silo", "outer gun turret", "inner fuel tanks")
E = DIRS.index("E")


def _short(v: Any, n: int = 40) -> str:
    r = repr(v)
    return r if len(r) <= n else r[:n - 3] + "..."


# -- event texts ---------------------------------------------------------------------------------------------
# The sentences of the frequent events are made once per distinct wording and shared (a simulation neither formats
# them again nor keeps a callable per event alive); rare ones are lazy (``lambda: f"..."``, formatted when read).
def _roll_text(turn: int, a: str, da: int, b: str, db: int) -> str:
    return f"Turn {turn}: {a} rolled {da}, {b} rolled {db}."


def _tie_text(d: int) -> Callable[[], str]:
    return lambda: f"Both players rolled {d}: a tie, so both roll again."


def _safe_text(space: str, kind: str) -> Callable[[], str]:
    return lambda: f"Plane at {space} is safe: the {kind} of this area was destroyed."


# The frequent sentences: an event's text is ``(fn, values...)``, made by the kit on first read (tabletop.engine
# .events); the functions are cached, so a long log shares one string per wording.
@lru_cache(maxsize=1024)
def _lower_text(lo: str, hi: str) -> str:
    return (f"{lo} rolled lower and {verb_for(lo, 'spins')}, then {verb_for(lo, 'plays')} first; "
            f"{says(hi, 'plays')} second.")


@lru_cache(maxsize=1024)
def _higher_text(name: str, die: int) -> str:
    return f"{name} rolled the higher number ({die}) and {verb_for(name, 'moves')} second."


@lru_cache(maxsize=1024)
def _spin_text(name: str, v: str) -> str:
    return f"{says(name, 'spins')} {v}."


@lru_cache(maxsize=1024)
def _zaxxon_spin_text(name: str, count: int) -> str:
    return f"Z: {says(name, 'moves')} Zaxxon by {count}, then {verb_for(name, 'moves')} their own planes by {count}."


@lru_cache(maxsize=1024)
def _zaxxon_done_text(name: str, count: int) -> str:
    return f"Zaxxon is done; {name} now {verb_for(name, 'moves')} their planes by the same count, {count}."


@lru_cache(maxsize=1024)
def _end_text(name: str, count: int) -> str:
    return f"{says(name, 'ends')} the turn with {count} unused."


@lru_cache(maxsize=8192)
def _move_text(num: int, here: str, to: str) -> str:
    return f"Plane #{num} moves {here} -> {to}."


_ALTITUDE_TEXT = {(num, high): f"Plane #{num} changes to {'High' if high else 'Low'} Altitude (costs 1)."
                  for num in (1, 2) for high in (True, False)}
_WALL_TEXT = {num: f"Plane #{num} flies over the low section of the wall at High Altitude." for num in (1, 2)}
_INNER_TEXT = {num: f"Plane #{num} crosses the short wall into the inner fortress." for num in (1, 2)}
_RADAR_TEXT = {num: f"Plane #{num} crosses the RADAR barrier." for num in (1, 2)}
_FACE_TEXT = {f: f"Zaxxon turns to face {FACING_WORD[f]}, toward the nearest attacking plane; it now shoots "
              f"{', '.join(sorted({d for ds in ZAXXON_SHOTS[f].values() for d in ds}))}." for f in ZAXXON_SHOTS}


def _keys(value: Any, allowed: Sequence[str], what: str) -> None:
    """A set-up part must be an object whose keys are among ``allowed`` (``zaxxon.setup`` otherwise)."""
    if not isinstance(value, Mapping):
        raise IllegalAction("zaxxon.setup", f"{what} is an object of {', '.join(allowed)}, not {_short(value)}")
    unknown = [k for k in value if k not in allowed]
    if unknown:
        raise IllegalAction("zaxxon.setup", f"{what} has no part {_short(unknown[0])} (its parts: "
                            f"{', '.join(allowed)})")


#: the steps of a plane in one mode (see ZaxxonRules.step_lists)
StepList = tuple[tuple[int, ...], frozenset[int], tuple["Move", ...], tuple["Move", ...]]


# -- actions ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "roll both dice"


@dataclass(frozen=True, slots=True)
class Spin(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "spin the spinner"


@dataclass(frozen=True, slots=True)
class Move(Action):
    plane: int = 1
    to: str = ""

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"move plane #{self.plane} to {self.to}"


@dataclass(frozen=True, slots=True)
class Altitude(Action):
    plane: int = 1
    high: bool = True

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"{'raise' if self.high else 'lower'} plane #{self.plane} to {'High' if self.high else 'Low'} Altitude"


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    plane: int = 1
    at: str = ""
    fuel_to: str = ""

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        extra = f", sending the fuel tank to FUEL space {self.fuel_to}" if self.fuel_to else ""
        return f"plane #{self.plane} shoots at {self.at}{extra}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class MoveZaxxon(Action):
    direction: str = "W"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"move Zaxxon {ZAXXON_MOVES.get(self.direction, self.direction)}"


@dataclass(frozen=True, slots=True)
class ZaxxonShoot(Action):
    space: str = "west"
    direction: str = "SW"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"Zaxxon shoots {self.direction} from its {self.space} space"


# -- variant -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ZaxxonVariant(Variant):
    radar_barrier: bool = option(True, rule="zaxxon.radar-barrier",
                                 doc="Planes may cross the RADAR barrier only on a turn their player rolled higher.")
    turret_fires_on_entry: bool = option(False, rule="zaxxon.blue-turret-fire",
                                         doc="BLUE also shoots down planes that ENTER a live gun turret area "
                                             "(the rulebook says this only for RED).")
    must_use_full_count: bool = option(False, rule="zaxxon.end-turn",
                                       doc="A player may not end the turn while another action is possible.")
    grounded_after_shot: bool = option(True, rule="zaxxon.shot-down-outer",
                                       doc="A plane shot down does not move again until the next turn.")
    scenario: str = option("", rule="zaxxon.setup", doc="Start from a named teaching position of scenarios.toml "
                           "(as if the game had been played for a while) instead of the rulebook setup.",
                           choices=("", *SCENARIOS))
    max_rounds: int = option(0, rule="zaxxon.turn-cap", doc="End the game without a winner after this many "
                             "turns (0 = never, as in the rulebook).", low=0, high=100_000)
    spinner_weights: tuple[float, ...] = option(
        (1.0, 1.0, 1.0, 1.0), rule="zaxxon.spinner",
        doc="Shares of RED, BLUE, WHITE and Z on the spinner (reconstruction: the rulebook gives no proportions, "
            "so all four are equally likely). 2, 1, 1, 0 = RED twice as likely as BLUE or WHITE, never Z.")
    zaxxon_awake: bool = option(False, rule="zaxxon.zaxxon-alert",
                                doc="Zaxxon is active from the start, as if the RADAR barrier had already been "
                                    "crossed (the rulebook: only the first crossing alerts it).")

    def validate(self) -> None:
        super().validate()
        w = self.spinner_weights
        where = "variant option spinner_weights (zaxxon.spinner)"
        if len(w) != len(SPINNER):
            raise ValueError(f"{where}: give {len(SPINNER)} shares, for {', '.join(SPINNER)} in this order "
                             f"(got {len(w)})")
        for name, x in zip(SPINNER, w, strict=True):
            if isinstance(x, bool) or not isinstance(x, int | float):
                raise ValueError(f"{where}: the share of {name} must be a number, not {x!r}")
            if not math.isfinite(x) or x < 0:
                raise ValueError(f"{where}: the share of {name} must be a finite number of at least 0, not {x!r}")
        if not any(w):
            raise ValueError(f"{where}: the shares are all zero; at least one sector must be able to come up")

    def spinner_draw(self) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The outcomes the spinner can show under this variant (share above zero) and their weights."""
        pairs = [(o, float(x)) for o, x in zip(SPINNER, self.spinner_weights, strict=True) if x > 0]
        return tuple(o for o, _ in pairs), tuple(x for _, x in pairs)


# -- state -----------------------------------------------------------------------------------------------------
class ZState:
    """The mutable game state. Planes are indexed ``seat * 2 + (number - 1)``; each is
    ``[space, high, grounded, shot_zaxxon]`` (planes off the board sit on their home base). ``mover`` is the seat
    to act, kept in step with ``phase``, ``low`` and ``stage`` by the rules (Player 1 rolls for the table; the lower
    roller spins, moves Zaxxon and plays first; then the higher roller; ``None`` once the game is over)."""

    __slots__ = ("phase", "round", "dice", "low", "stage", "count", "spin", "planes", "tcell", "tinner",
                 "zx", "zx_active", "mission", "winner", "variant", "mover")

    def __init__(self, variant: ZaxxonVariant | None = None) -> None:
        self.variant = variant or ZaxxonVariant()
        self.phase = ROLL
        self.round = 1
        self.dice = [0, 0]
        self.low = -1
        self.stage = 0
        self.count = 0
        self.spin = ""
        self.planes: list[list[int]] = []
        self.tcell: list[int] = []
        self.tinner: list[int] = []
        self.zx = -1
        self.zx_active = False
        self.mission = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.winner: int | None = None
        self.mover: int | None = 0

    def copy(self) -> ZState:
        s = ZState.__new__(ZState)
        s.phase, s.round, s.low, s.stage, s.count, s.spin = (self.phase, self.round, self.low, self.stage,
                                                              self.count, self.spin)
        s.dice = self.dice[:]
        s.planes = [p[:] for p in self.planes]
        s.tcell = self.tcell[:]
        s.tinner = self.tinner[:]
        s.zx, s.zx_active, s.winner, s.variant, s.mover = (self.zx, self.zx_active, self.winner, self.variant,
                                                           self.mover)
        s.mission = [self.mission[0][:], self.mission[1][:]]
        return s


class _Helper:
    """The greedy bot's planning helpers (made on first use: ``bots`` imports this module)."""

    def __getattr__(self, name: str) -> Any:
        from .bots import GreedyBot

        bot = GreedyBot(seed=0)
        globals()["_DISTANCES"] = bot
        return getattr(bot, name)


_DISTANCES: Any = _Helper()


class ZaxxonRules(Rules[ZState]):
    name = "zaxxon"
    title = "Zaxxon"
    action_types = (Roll, Spin, Move, Altitude, Shoot, EndTurn, MoveZaxxon, ZaxxonShoot)
    chance_domains = {"die": (1, 2, 3, 4, 5, 6), "spinner": SPINNER}
    variant_type = ZaxxonVariant
    default_players = ("Player 1 (blue)", "Player 2 (red)")
    #: 2: Zaxxon faces the nearest attacking plane (its shots follow), the home bases open into the outer
    #: fortresses (board.toml)
    rules_version = 2
    #: apply never keeps its Context: event texts capture values (names, numbers), never ``ctx``
    reuses_context = True
    catalog_path = Path(__file__).with_name("rules.toml")
    #: a search bot's random playouts are cut off after this many actions and scored by :meth:`evaluate` (random
    #: Zaxxon games almost never end)
    playout_depth = 40

    # == How to Set Up the Game ======================================================================================
    #    zaxxon.contents, zaxxon.board, zaxxon.setup (steps 6-8); Your Mission: zaxxon.mission
    def __init__(self, board: Board | None = None) -> None:
        self.board = board or BOARD
        b = self.board
        # cells a plane of each seat may ever occupy (its home base, outer fortress, walls, the inner fortress)
        self.allowed = [frozenset(i for i, (z, t) in enumerate(zip(b.zone, b.terrain, strict=True))
                                  if z in zones and t != "Z" and t != "#") for zones in ("1api", "2bqi")]
        #: per seat and space: may a plane of this seat ever stand on / fly over it (walls: only the low section)
        self.passable = [[i in self.allowed[s] and b.terrain[i] != "W" for i in range(len(b.terrain))]
                         for s in (0, 1)]
        #: prebuilt actions (legal_actions hands out these shared, immutable objects)
        self._moves = {num: [Move(num, b.names[i]) for i in range(len(b.terrain))] for num in (1, 2)}
        self._alt = {(num, high): Altitude(num, high) for num in (1, 2) for high in (True, False)}
        self._end = EndTurn()
        self._roll, self._spin = Roll(), Spin()
        self._zx_moves = [(d, MoveZaxxon(d)) for d in ZAXXON_MOVES]
        self._zx_shots = {f: [ZaxxonShoot(side, d) for side, ds in ZAXXON_SHOTS[f].items() for d in ds]
                          for f in ZAXXON_FACINGS}
        #: (plane number, space, FUEL space or -1) -> its Shoot action, built when first needed
        self._shoot: dict[tuple[int, int, int], Shoot] = {}
        #: apply: one handler per action type
        self._handlers = {Roll: self._apply_roll, Spin: self._apply_spin, MoveZaxxon: self._apply_zaxxon,
                          ZaxxonShoot: self._apply_zaxxon, Move: self._apply_move, Altitude: self._apply_altitude,
                          Shoot: self._apply_shoot, EndTurn: self._apply_end}
        #: spinner weights -> (outcomes with a share above zero, their weights)
        self._spin_cache: dict[tuple[float, ...], tuple[tuple[str, ...], tuple[float, ...]]] = {}
        #: ordered pairs of neighbouring spaces on the two sides of the RADAR barrier
        self.radar = frozenset((a, n) for a in range(len(b.terrain)) for n in b.nbr[a]
                               if n >= 0 and b.crosses_radar(a, n))
        # geometry computed once per board, as tuples of space numbers (legal_actions and apply only look up)
        n_cells = len(b.terrain)
        #: per seat and space: the neighbours (in direction order) a plane of that seat may ever step to
        self.steps = [tuple(tuple(to for to in b.nbr[c] if to >= 0 and self.passable[s][to]) for c in range(n_cells))
                      for s in (0, 1)]
        #: per space and direction: the spaces a shot passes in a straight line, up to the first wall or black
        #: space (pieces and planes, which move, are checked as the shot goes)
        self.rays = [tuple(self._ray(c, d) for d in range(6)) for c in range(n_cells)]
        #: per space and count k (0-6): the spaces a shot could reach with k (nothing to shoot there: no shot)
        self.near = [tuple(frozenset(x for ray in self.rays[c] for x in ray[:k]) for k in range(7))
                     for c in range(n_cells)]
        #: per space and direction: every space in a straight line to the board's edge (Zaxxon's shots)
        self.lines = [tuple(tuple(b.line(c, d)) for d in range(6)) for c in range(n_cells)]
        #: per space: the kind of its missile silo / gun turret area ("" if none) and that area's target
        self.area_target = tuple(b.areas[a].target if a >= 0 else -1 for a in b.area_of)
        self.area_kind = tuple(b.areas[a].kind if a >= 0 else "" for a in b.area_of)
        #: per space: is it a wall's low section?
        self.low_section = tuple(t == "w" for t in b.terrain)
        #: per seat, plane number and space: the plane's possible steps as (space, Move action, onto the wall's
        #: low section?, across the RADAR barrier?) -- legal_actions only checks what changes during a game
        self.step_moves = [{num: [tuple((to, self._moves[num][to], b.terrain[to] == "w", (c, to) in self.radar)
                                        for to in self.steps[s][c]) for c in range(n_cells)] for num in (1, 2)}
                           for s in (0, 1)]
        #: per space: what stepping onto it costs (the wall's low section counts one more: the space beyond)
        self.step_cost = tuple(2 if t == "w" else 1 for t in b.terrain)
        #: per Zaxxon-area space: the hex distance to every space (Zaxxon's facing looks up its nearest plane)
        self.zx_dist = {z: tuple(b.distance(z, c) for c in range(n_cells)) for z in b.zaxxon_area}
        #: per space: is it in the inner fortress (where the attacking planes are)?
        self.inner = tuple(z == "i" for z in b.zone)
        #: the actions that can change where Zaxxon faces (they move planes or Zaxxon); a Move checks for itself
        #: (only a step from or into the inner fortress can turn Zaxxon)
        self._turners = frozenset((Spin, Shoot, MoveZaxxon, ZaxxonShoot))
        # (the tables below hold only numbers, so the garbage collector soon stops visiting them: every object a
        # table keeps alive makes each full collection of a long simulation slower)
        #: per seat and space: {neighbour a plane may ever step to: 1 if onto a wall's low section + 2 if across the
        #: RADAR barrier} -- move_problem checks only what changes during a game for these
        self.step_info = tuple(tuple({to: low + 2 * crosses for to, _, low, crosses in self.step_moves[s][1][c]}
                                     for c in range(n_cells)) for s in (0, 1))
        #: per seat, mode (1: the wall's low section may be entered, +2: the RADAR barrier is closed) and space:
        #: the spaces of the steps that mode allows, in direction order, as a tuple and a set, and the Move actions
        #: of plane #1 and of plane #2 (a mode that allows the same steps as mode 0 shares its entry)
        self.step_lists = tuple(self._step_lists(s) for s in (0, 1))
        #: per plane number: its Altitude actions, [to Low, to High]
        self._alt_to = {num: (self._alt[num, False], self._alt[num, True]) for num in (1, 2)}
        #: per space: the east space of Zaxxon when its west space is there (-1 off the board)
        self.east = tuple(b.nbr[c][E] for c in range(n_cells))
        #: (target spaces..., Zaxxon's west space) -> (the spaces those pieces take, {space * 7 + count: is one of
        #: them within a shot of that count from that space?} as worked out so far); bounded
        self._pieces: dict[tuple[int, ...], tuple[frozenset[int], dict[int, bool]]] = {}
        #: the target spaces, Zaxxon's west space and their entry of _pieces at the last legal_actions
        self._last_pieces: tuple[list[int], int, tuple[frozenset[int], dict[int, bool]]] = ([], -2, (frozenset(), {}))

    def _step_lists(self, seat: int) -> tuple[tuple[StepList, ...], ...]:
        modes: list[tuple[StepList, ...]] = []
        for mode in range(4):
            row: list[StepList] = []
            for c, steps in enumerate(self.step_moves[seat][1]):
                tos = tuple(to for to, _, low, crosses in steps
                            if (mode & 1 or not low) and not (mode & 2 and crosses))
                if mode and modes[0][c][0] == tos:
                    row.append(modes[0][c])
                else:
                    row.append((tos, frozenset(tos), tuple(self._moves[1][t] for t in tos),
                                tuple(self._moves[2][t] for t in tos)))
            modes.append(tuple(row))
        return tuple(modes)

    def _ray(self, cell: int, d: int) -> tuple[int, ...]:
        out = []
        for c in self.board.line(cell, d):
            if self.board.terrain[c] in "#Ww":
                break
            out.append(c)
        return tuple(out)

    def initial_state(self, ctx: Context) -> ZState:
        b = self.board
        assert isinstance(ctx.variant, ZaxxonVariant)
        s = ZState(ctx.variant)
        for seat in (0, 1):
            for k in (0, 1):
                s.planes.append([b.home[seat][k], 0, 0, 0])
        s.tcell = [t.cell for t in b.targets]
        s.tinner = [0] * len(b.targets)
        s.zx = b.zaxxon_start
        if ctx.variant.scenario:
            self._scenario(s, SCENARIOS[ctx.variant.scenario])
            title = SCENARIOS[ctx.variant.scenario]["title"]
            ctx.emit("zaxxon.setup", lambda: f"Teaching position: {title}.", player=None)
        if ctx.variant.zaxxon_awake and not s.zx_active:
            s.zx_active = True
            ctx.emit("zaxxon.zaxxon-alert", "Variant zaxxon_awake: Zaxxon is alerted from the start, as if the RADAR "
                     "barrier had already been crossed; a Z on the spinner moves Zaxxon.", player=None)
        ctx.emit("zaxxon.setup", "The pieces stand on their lettered spaces; Zaxxon faces the purple triangles. "
                 "Each player has two planes on the home base (at Low Altitude) and a die.", player=None)
        ctx.emit("zaxxon.mission", "Mission: shoot 2 fuel tanks, the gun turret and the missile silo in your outer "
                 "fortress, your 2 fuel tanks in the inner fortress, and Zaxxon once with EACH plane.", player=None)
        return s

    def _scenario(self, s: ZState, sc: dict[str, Any]) -> None:
        b = self.board
        for pi, (cell, high) in sc["planes"].items():
            s.planes[pi][0], s.planes[pi][1] = cell, int(high)
        for pi in sc["zaxxon_hits"]:
            s.planes[pi][3] = 1
        for ti, dest in sc["moved"].items():
            s.tcell[ti], s.tinner[ti] = dest, 1
        for ti in sc["removed"]:
            t = b.targets[ti]
            if t.kind == "fuel" and s.tinner[ti]:
                s.mission[t.owner or 0][3] += 1
            s.tcell[ti] = -1
        for t in b.targets:
            if t.owner is None:
                continue
            m = s.mission[t.owner]
            if t.kind == "fuel":
                m[0] += s.tcell[t.idx] != t.cell
            elif s.tcell[t.idx] < 0:
                m[1 if t.kind == "silo" else 2] = 1
        s.zx_active = sc["zaxxon_active"]

    # == How to Set Up the Game: a position set up by hand (teachers, lessons, tests) =================================
    #    zaxxon.setup and every clause a position can break: zaxxon.board (spaces), zaxxon.blocked-spaces,
    #    zaxxon.zaxxon-area, zaxxon.own-side, zaxxon.wall-crossing, zaxxon.wall-no-landing, zaxxon.no-passing-planes,
    #    zaxxon.outer-fuel-tank, zaxxon.indestructible, zaxxon.zaxxon-moves, zaxxon.zaxxon-alert, zaxxon.roll,
    #    zaxxon.order-of-play, zaxxon.spinner, zaxxon.zaxxon-spin, zaxxon.end-turn, zaxxon.shot-down-outer,
    #    zaxxon.red-silo-fire, zaxxon.turn-cap, zaxxon.win
    #
    #    A position (every key optional; a key left out keeps its value):
    #      "turn":    {"round": 3, "phase": "roll" | "spin" | "zaxxon" | "move", "dice": [blue's, red's],
    #                  "spin": "" | "RED" | "BLUE" | "WHITE" | "Z", "to_move": "blue" | "red", "count": n}
    #                 (parts left out take their start-of-phase value: round unchanged, dice [0, 0] before a
    #                 roll, spin "", Player 1 (blue) to roll, the lower roller to spin and move first, the whole
    #                 die to use)
    #      "planes":  {"blue": [plane #1, plane #2], "red": [...]}, a plane "G13" / "G13 high" or
    #                 {"space": "G13", "altitude": "high" | "low", "shot_zaxxon": bool, "grounded": bool}
    #      "targets": {start space: "removed" | FUEL space}, every target NOT standing on its lettered space
    #                 (a fuel tank "removed" was moved to a FUEL space and shot there); the others stand at setup
    #      "zaxxon":  {"awake": bool, "spaces": [west space, east space]}
    #    Mission progress is derived from the targets (the rulebook counts what was shot, not who shot it).
    #    Not refused: a plane on Zaxxon's side of the RADAR barrier while Zaxxon sleeps. Play cannot reach it (the
    #    first crossing alerts Zaxxon), but the teaching scenarios "inner" and "radar" (scenarios.toml) start so,
    #    and every position a game can be in must set up again (position() round-trips).
    SETUP_KEYS = ("turn", "planes", "targets", "zaxxon")
    TURN_KEYS = ("round", "phase", "dice", "spin", "to_move", "count")
    PLANE_KEYS = ("space", "altitude", "shot_zaxxon", "grounded")
    ZAXXON_KEYS = ("awake", "spaces")
    MAX_ROUND = 100_000

    def set_up(self, state: ZState, position: Mapping[str, Any], ctx: Context) -> None:
        s, b = state, self.board
        _keys(position, self.SETUP_KEYS, "a Zaxxon position")
        if "turn" in position:
            self._setup_turn(s, position["turn"])
        elif s.phase == OVER:
            raise IllegalAction("zaxxon.win", "this game is over; give a \"turn\" to set up a game in play")
        if "planes" in position:
            self._setup_planes(s, position["planes"])
        if "targets" in position:
            self._setup_targets(s, position["targets"])
        if "zaxxon" in position:
            self._setup_zaxxon(s, position["zaxxon"])
        s.mission = self._derived_mission(s)
        s.winner = None
        problem = self.position_problem(s)
        if problem:
            raise IllegalAction(*problem)
        gone = sum(c < 0 for c in s.tcell)
        moved = sum(1 for t in b.targets if s.tcell[t.idx] >= 0 and s.tcell[t.idx] != t.cell)
        rnd, phase, mover, awake, zx = s.round, s.phase, s.mover, s.zx_active, s.zx
        ctx.emit("zaxxon.setup", lambda: f"Position set up: turn {rnd}, {PHASES[phase]}"
                 + (f" ({COLOURS[mover]} to play)" if mover is not None else "")
                 + f"; {gone} target(s) removed, {moved} fuel tank(s) on FUEL spaces; Zaxxon "
                 + ("awake" if awake else "asleep") + f" on {b.name(zx)}.", player=None)

    def position(self, state: ZState) -> dict[str, Any]:
        s, b = state, self.board
        planes: dict[str, list[dict[str, Any]]] = {}
        for seat in (0, 1):
            out = []
            for p in s.planes[seat * 2: seat * 2 + 2]:
                d: dict[str, Any] = {"space": b.name(p[0]), "altitude": "high" if p[1] else "low"}
                if p[3]:
                    d["shot_zaxxon"] = True
                if p[2]:
                    d["grounded"] = True
                out.append(d)
            planes[COLOURS[seat]] = out
        targets = {b.name(t.cell): ("removed" if s.tcell[t.idx] < 0 else b.name(s.tcell[t.idx]))
                   for t in b.targets if s.tcell[t.idx] != t.cell}
        turn = {"round": s.round, "phase": PHASES[s.phase], "dice": list(s.dice), "spin": s.spin,
                "to_move": COLOURS[s.mover] if s.mover is not None else None, "count": s.count}
        return {"turn": turn, "planes": planes, "targets": targets,
                "zaxxon": {"awake": s.zx_active, "spaces": [b.name(c) for c in self._zaxxon_cells(s)]}}

    def _setup_space(self, name: Any, what: str) -> int:
        if type(name) is not str:
            raise IllegalAction("zaxxon.setup", f"{what}: a space is named by text like \"G13\", not {_short(name)}")
        cell = self.board.index.get(name.upper())
        if cell is None:
            raise IllegalAction("zaxxon.board", f"{what}: {_short(name)} is not a space on the board (spaces are "
                                f"named like E4: row A-{chr(64 + self.board.rows)}, column 1-{self.board.cols})")
        return cell

    def _setup_turn(self, s: ZState, turn: Any) -> None:  # noqa: C901 - one check per part of the turn
        _keys(turn, self.TURN_KEYS, "\"turn\"")
        rnd = turn.get("round", s.round)
        if type(rnd) is not int or not 1 <= rnd <= self.MAX_ROUND:
            raise IllegalAction("zaxxon.setup", f"turn round: a whole number from 1 to {self.MAX_ROUND}, "
                                f"not {_short(rnd)}")
        cap = s.variant.max_rounds
        if cap and rnd > cap:
            raise IllegalAction("zaxxon.turn-cap", f"turn {rnd} is past the turn cap of this game ({cap} turns): "
                                "the game would be over")
        name = turn.get("phase", "roll")
        if name == "over":
            raise IllegalAction("zaxxon.win", "a finished game cannot be set up; set up the position before the "
                                "last move and play it")
        if name not in PHASES:
            raise IllegalAction("zaxxon.order-of-play", f"turn phase: one of roll, spin, zaxxon, move (the moments "
                                f"of a turn), not {_short(name)}")
        phase = PHASES.index(name)
        dice = turn.get("dice", [0, 0])
        if (type(dice) is not list or len(dice) != 2 or not all(type(d) is int for d in dice)):
            raise IllegalAction("zaxxon.setup", f"turn dice: two whole numbers [blue's die, red's die], "
                                f"not {_short(dice)}")
        if not (phase == ROLL and dice == [0, 0]):
            if not all(1 <= d <= 6 for d in dice):
                raise IllegalAction("zaxxon.roll", f"a die shows 1 to 6, not {_short(dice)} (dice [0, 0]: not "
                                    "rolled yet, only before a roll)")
            if dice[0] == dice[1]:
                raise IllegalAction("zaxxon.roll", f"both dice show {dice[0]}: a tie is rolled again, so the "
                                    "dice of a turn always differ")
        low = -1 if dice == [0, 0] else (0 if dice[0] < dice[1] else 1)
        spin = turn.get("spin", "")
        if type(spin) is not str or spin not in ("", *SPINNER):
            raise IllegalAction("zaxxon.spinner", f"turn spin: \"\" (not spun yet) or one of "
                                f"{', '.join(SPINNER)}, not {_short(spin)}")
        if phase in (ROLL, SPIN) and spin:
            raise IllegalAction("zaxxon.spinner", f"the spinner is spun after the roll, so at the {name} "
                                "phase it shows nothing yet (spin \"\")")
        if phase == ZAXXON and spin != "Z":
            raise IllegalAction("zaxxon.zaxxon-spin", "Zaxxon moves only after a Z is spun (spin \"Z\")")
        if phase == MOVE and spin not in self._spinner(s.variant)[0]:
            raise IllegalAction("zaxxon.spinner", f"planes move after the spin: spin one of "
                                f"{', '.join(self._spinner(s.variant)[0])} (the sectors this game's spinner "
                                f"has), not {_short(spin)}")
        default_mover = 0 if phase == ROLL else low
        who = turn.get("to_move", COLOURS[default_mover])
        if who not in COLOURS:
            raise IllegalAction("zaxxon.setup", f"turn to_move: \"blue\" or \"red\", not {_short(who)}")
        mover = COLOURS.index(who)
        if phase == ROLL and mover != 0:
            raise IllegalAction("zaxxon.roll", "Player 1 (blue) rolls both dice for the table: blue is to move at "
                                "the roll")
        if phase in (SPIN, ZAXXON) and mover != low:
            raise IllegalAction("zaxxon.spinner" if phase == SPIN else "zaxxon.zaxxon-spin",
                                f"the lower roller ({COLOURS[low]}) spins and moves Zaxxon, not {who}")
        die = dice[mover] if phase == MOVE else dice[low] if phase == ZAXXON else 0
        count = turn.get("count", die)
        if type(count) is not int:
            raise IllegalAction("zaxxon.setup", f"turn count: a whole number, not {_short(count)}")
        if phase in (ROLL, SPIN) and count != 0:
            raise IllegalAction("zaxxon.end-turn", f"nothing is counted before the spin (count 0 at the {name} "
                                "phase)")
        if phase in (ZAXXON, MOVE) and not 1 <= count <= die:
            raise IllegalAction("zaxxon.end-turn", f"{who} has 1 to {die} left to use (the die count), "
                                f"not {count}")
        s.round, s.phase, s.dice, s.low, s.spin, s.mover, s.count = rnd, phase, list(dice), low, spin, mover, count
        s.stage = 1 if phase == MOVE and mover != low else 0

    def _setup_planes(self, s: ZState, planes: Any) -> None:
        _keys(planes, COLOURS, "\"planes\"")
        for colour, pair in planes.items():
            seat = COLOURS.index(colour)
            if type(pair) is not list or len(pair) != 2:
                raise IllegalAction("zaxxon.setup", f"planes {colour}: a list of exactly 2 planes ([#1, #2]): "
                                    f"each player flies two planes")
            for k, value in enumerate(pair):
                s.planes[seat * 2 + k] = self._setup_plane(value, f"{colour} plane #{k + 1}")

    def _setup_plane(self, value: Any, what: str) -> list[int]:
        if type(value) is str:
            words = value.split()
            if not 1 <= len(words) <= 2:
                raise IllegalAction("zaxxon.setup", f"{what}: \"SPACE\" or \"SPACE high\"/\"SPACE low\", "
                                    f"not {_short(value)}")
            spec: Mapping[str, Any] = {"space": words[0], **({"altitude": words[1]} if len(words) == 2 else {})}
        else:
            _keys(value, self.PLANE_KEYS, what)
            spec = value
        if "space" not in spec:
            raise IllegalAction("zaxxon.setup", f"{what}: give its \"space\"")
        cell = self._setup_space(spec["space"], what)
        alt = spec.get("altitude", "low")
        if alt not in ("high", "low"):
            raise IllegalAction("zaxxon.altitude", f"{what}: altitude \"high\" or \"low\", not {_short(alt)}")
        flags = []
        for key in ("grounded", "shot_zaxxon"):
            v = spec.get(key, False)
            if type(v) is not bool:
                raise IllegalAction("zaxxon.setup", f"{what}: {key} is true or false, not {_short(v)}")
            flags.append(int(v))
        return [cell, int(alt == "high"), *flags]

    def _setup_targets(self, s: ZState, targets: Any) -> None:
        b = self.board
        if not isinstance(targets, Mapping):
            raise IllegalAction("zaxxon.setup", "\"targets\": an object {start space: \"removed\" or FUEL space}")
        by_start = {t.cell: t for t in b.targets}
        s.tcell = [t.cell for t in b.targets]
        s.tinner = [0] * len(b.targets)
        seen: set[int] = set()
        for key, value in targets.items():
            start = self._setup_space(key, "a target's start space")
            t = by_start.get(start)
            if t is None:
                raise IllegalAction("zaxxon.setup", f"no target starts on {b.name(start)} (targets start on "
                                    + ", ".join(b.name(c) for c in by_start) + ")")
            if start in seen:
                raise IllegalAction("zaxxon.setup", f"the target from {b.name(start)} is listed twice")
            seen.add(start)
            name = "fuel tank" if t.kind == "fuel" else "missile silo" if t.kind == "silo" else "gun turret"
            if value == "removed":
                if t.indestructible:
                    raise IllegalAction("zaxxon.indestructible", f"the {name} on {b.name(start)} is ringed by "
                                        "purple triangles: it cannot be destroyed, so it is never removed")
                s.tcell[t.idx], s.tinner[t.idx] = -1, int(t.kind == "fuel")
                continue
            dest = self._setup_space(value, f"the {name} from {b.name(start)} (\"removed\" or a FUEL space)")
            if t.kind != "fuel":
                raise IllegalAction("zaxxon.shoot-silo-turret", f"the {name} from {b.name(start)} never moves: "
                                    "shot, it is removed (\"removed\")")
            if dest not in b.fuel_spaces:
                raise IllegalAction("zaxxon.outer-fuel-tank", f"a fuel tank shot in its outer fortress moves to a "
                                    f"FUEL space of the inner fortress ({', '.join(map(b.name, b.fuel_spaces))}), "
                                    f"not {b.name(dest)}")
            s.tcell[t.idx], s.tinner[t.idx] = dest, 1

    def _setup_zaxxon(self, s: ZState, zx: Any) -> None:
        b = self.board
        _keys(zx, self.ZAXXON_KEYS, "\"zaxxon\"")
        if "awake" in zx:
            if type(zx["awake"]) is not bool:
                raise IllegalAction("zaxxon.setup", f"zaxxon awake: true or false, not {_short(zx['awake'])}")
            s.zx_active = zx["awake"]
        if "spaces" in zx:
            sp = zx["spaces"]
            if type(sp) is not list or len(sp) != 2:
                raise IllegalAction("zaxxon.setup", "zaxxon spaces: its two spaces [west, east], e.g. "
                                    f"[\"{b.name(b.zaxxon_start)}\", \"{b.name(b.nbr[b.zaxxon_start][E])}\"]")
            w, e = (self._setup_space(x, "Zaxxon") for x in sp)
            if e != b.nbr[w][E] or w not in b.zaxxon_area or e not in b.zaxxon_area:
                raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon lies on two side-by-side spaces (west, east) "
                                    f"of the Zaxxon area and never leaves it; {b.name(w)}-{b.name(e)} is not such "
                                    "a pair")
            s.zx = w

    def _derived_mission(self, s: ZState) -> list[list[int]]:
        """Mission progress from the targets: fuel tanks moved (outer) or removed after moving (inner), own
        silo and turret removed."""
        m = [[0, 0, 0, 0], [0, 0, 0, 0]]
        for t in self.board.targets:
            if t.owner is None:
                continue
            if t.kind == "fuel":
                m[t.owner][0] += s.tinner[t.idx]
                m[t.owner][3] += s.tcell[t.idx] < 0
            elif s.tcell[t.idx] < 0:
                m[t.owner][1 if t.kind == "silo" else 2] = 1
        return m

    def position_problem(self, s: ZState) -> tuple[str, str] | None:  # noqa: C901 - one check per rule
        """The first rule the position ``s`` breaks (clause, reason), or None: what ``set_up`` refuses."""
        b = self.board
        if s.phase == ZAXXON and not s.zx_active:
            return "zaxxon.zaxxon-spin", "a Z moves Zaxxon only once it has been alerted; Zaxxon is asleep"
        if not s.zx_active and s.zx != b.zaxxon_start:
            return "zaxxon.zaxxon-alert", (f"Zaxxon moves only once it is alerted; asleep, it stays on the ZAXXON "
                                           f"space {b.name(b.zaxxon_start)}-{b.name(b.nbr[b.zaxxon_start][E])}")
        if s.variant.zaxxon_awake and not s.zx_active:
            return "zaxxon.zaxxon-alert", "this game's variant zaxxon_awake has Zaxxon alerted from the start"
        cells: dict[int, str] = {}
        for ti, c in enumerate(s.tcell):
            if c < 0:
                continue
            if c in cells:
                return "zaxxon.outer-fuel-tank", f"two fuel tanks on FUEL space {b.name(c)}; each takes one space"
            cells[c] = f"the {b.targets[ti].kind} on {b.name(c)}"
        planes = s.planes
        flown: dict[int, str] = {}
        for pi, (c, high, grounded, _) in enumerate(planes):
            seat = pi // 2
            what = f"{COLOURS[seat]} plane #{pi % 2 + 1} on {b.name(c)}"
            t = b.terrain[c]
            if t == "#":
                return "zaxxon.blocked-spaces", f"{what}: a black space; planes cannot fly there"
            if t == "Z":
                return "zaxxon.zaxxon-area", f"{what}: planes never enter the Zaxxon area"
            if c not in self.allowed[seat]:
                return "zaxxon.own-side", f"{what}: the opponent's side; a plane stays out of it"
            if t == "W":
                return "zaxxon.wall-crossing", f"{what}: a high part of a wall; walls are crossed only at the low section"
            if t == "w":
                if not high:
                    return "zaxxon.wall-crossing", f"{what}: a wall is crossed only at High Altitude"
                if s.phase != MOVE or s.mover != seat or self.low_section[planes[pi ^ 1][0]]:
                    return "zaxxon.wall-no-landing", (f"{what}: planes cannot land on a wall; a plane is on the "
                                                      f"wall only while its player is moving it across")
            if grounded:
                if not s.variant.grounded_after_shot:
                    return "zaxxon.shot-down-outer", (f"{what}: grounded, but in this game's variant a plane shot "
                                                      "down flies again the same turn")
                if s.phase not in (ZAXXON, MOVE):
                    return "zaxxon.shot-down-outer", (f"{what}: grounded at the {PHASES[s.phase]} phase; a plane "
                                                      "shot down flies again on the next turn")
                if t not in "HR" or high:
                    return "zaxxon.shot-down-outer", (f"{what}: grounded; a plane shot down waits at Low Altitude "
                                                      "on its home base or a RESTART space")
            if c in flown:
                return "zaxxon.no-passing-planes", (f"{what}: {flown[c]} is there already; a plane cannot land on "
                                                    "another plane")
            if c in cells:
                return "zaxxon.blocked-spaces", f"{what}: {cells[c]} stands there"
            flown[c] = f"{COLOURS[seat]} plane #{pi % 2 + 1}"
            if s.phase == MOVE and s.spin == "RED" and self._live_area(s, c, "silo"):
                return "zaxxon.red-silo-fire", (f"{what}: RED was spun, so a plane in (or entering) a missile silo "
                                                "area with its silo is shot down")
        for seat in (0, 1):
            if (tuple(s.mission[seat]) == MISSION_NEEDS and planes[seat * 2][3] and planes[seat * 2 + 1][3]):
                return "zaxxon.win", (f"{COLOURS[seat]}'s whole mission is complete: that player would have won "
                                      "already")
        return None

    def current_player(self, state: ZState) -> int | None:
        return state.mover

    def winner(self, state: ZState) -> int | None:
        return state.winner

    def copy_state(self, state: ZState) -> ZState:
        return state.copy()

    def progress(self, state: ZState, seat: int) -> int:
        """How much of ``seat``'s mission is done (zaxxon.mission, zaxxon.win): each target it needs that it has
        shot (at most the number needed of each kind: six) plus each of its planes that has shot Zaxxon (two);
        8 is the whole mission."""
        done = 0
        for a, need in zip(state.mission[seat], MISSION_NEEDS, strict=True):
            done += a if a < need else need
        return done + state.planes[seat * 2][3] + state.planes[seat * 2 + 1][3]

    def evaluate(self, state: ZState) -> tuple[float, float]:
        """A cut-off estimate of each seat's chance to win, from the mission progress (zaxxon.win: the first to
        complete the whole mission wins): 1 / 0 once the game is won, else ``1/2 + (mine - theirs) / 16`` with
        each progress counted out of 8 (:meth:`progress`). Random playouts of Zaxxon almost never finish a
        mission, so a search bot (``tabletop.sim.mcts``) scores its cut-off playouts with this."""
        if state.winner is not None:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        lead = (self._standing(state, 0) - self._standing(state, 1)) / 20
        lead = -0.49 if lead < -0.49 else 0.49 if lead > 0.49 else lead
        return 0.5 + lead, 0.5 - lead

    def _standing(self, state: ZState, seat: int) -> float:
        """:meth:`progress` plus, per plane, up to half a target for being near a firing position (the greedy
        bot's cost map of the board to the targets still needed; 0 when no path leads there)."""
        from .bots import FAR, GreedyBot  # the evaluation reuses the greedy bot's cached distance maps

        done = float(self.progress(state, seat))
        cache = GreedyBot._cache
        helper = _DISTANCES
        for pi in (seat * 2, seat * 2 + 1):
            key = (id(self.board), seat, state.planes[pi][3], state.zx, tuple(state.tcell))
            got = cache.get(key)
            if got is None:
                if len(cache) >= GreedyBot.CACHE_SIZE:
                    cache.clear()
                goals = helper._goals(self, state, seat, pi)
                got = cache[key] = (frozenset(goals), tuple(helper._distances(self, state, seat, goals)))
            d = got[1][state.planes[pi][0]]
            if d < FAR:
                done += 0.5 / (1 + d / 4)
        return done

    def rig_domain(self, kind: str, variant: Variant, state: ZState | None) -> Sequence[Any] | None:
        """The outcomes chance ``kind`` can show under ``variant`` (``zaxxon.spinner``): a spinner sector whose
        share (variant option ``spinner_weights``) is 0 never comes up, so it cannot be rigged either. The die
        is always 1-6 (None: the static domain)."""
        if kind == "spinner" and isinstance(variant, ZaxxonVariant):
            return self._spinner(variant)[0]
        return None

    # == How to Play the Game: what may be done at each moment =======================================================
    #    every action goes through apply
    def legal_actions(self, state: ZState) -> list[Action]:
        s = state
        if s.phase != MOVE:
            return self._other_actions(s)
        seat = s.mover
        assert seat is not None
        res: list[Action] = []
        planes = s.planes
        # spaces holding a target piece or Zaxxon (``fixed``) or a plane (``pcells``): no plane may step there, and
        # a shot stops there
        zx = s.zx
        last = self._last_pieces  # (the layout of the previous call: most calls see the same)
        if last[1] == zx and last[0] == s.tcell:
            fixed, reach = last[2]
        else:
            key = (*s.tcell, zx)
            pieces = self._pieces.get(key)
            if pieces is None:
                pieces = self._new_pieces(key)
            self._last_pieces = (s.tcell[:], zx, pieces)
            fixed, reach = pieces
        pcells = (planes[0][0], planes[1][0], planes[2][0], planes[3][0])
        count = s.count
        radar = 2 if s.low == seat and s.variant.radar_barrier else 0
        low = self.low_section
        first = seat * 2
        wall = first if low[pcells[first]] else first + 1 if low[pcells[first + 1]] else -1
        step_lists = self.step_lists[seat]
        near = self.near
        dogfight = self.board.dogfight
        enemy = 2 - first
        taken: set[int] | None = None
        for pi in ((wall,) if wall >= 0 else (first, first + 1)):
            p = planes[pi]
            if p[2]:
                continue
            num = pi - first + 1
            here = p[0]
            high = p[1]
            # the low section of a wall needs High Altitude and 2 counts
            tos, to_set, moves1, moves2 = step_lists[(1 if high and count >= 2 else 0) + radar][here]
            moves = moves1 if num == 1 else moves2
            if fixed.isdisjoint(tos) and to_set.isdisjoint(pcells):
                res += moves  # every step free (the common case)
            else:
                for to, move in zip(tos, moves, strict=True):
                    if to not in fixed and to not in pcells:
                        res.append(move)
            if wall >= 0:
                continue
            res.append(self._alt_to[num][0 if high else 1])
            if count <= 0:
                continue
            if count <= 6:
                k = here * 7 + count
                hit = reach.get(k)
                if hit is None:
                    hit = reach[k] = not fixed.isdisjoint(near[here][count])
                # no target piece or Zaxxon in reach: only an opponent's plane in a dogfight could be shot (its
                # own planes never are)
                if not hit and (here not in dogfight or (pcells[enemy] not in near[here][count]
                                                         and pcells[enemy + 1] not in near[here][count])):
                    continue
            if taken is None:
                taken = set(fixed)
                taken.update(pcells)
            self._shots(s, seat, pi, taken, res)
        if wall < 0 and not (res and s.variant.must_use_full_count):
            res.append(self._end)
        return res

    def _new_pieces(self, key: tuple[int, ...]) -> tuple[frozenset[int], dict[int, bool]]:
        """The spaces target pieces and Zaxxon take (``key``: the target spaces, then Zaxxon's west space), and a
        blank table of which spaces have one of them in reach."""
        if len(self._pieces) >= 512:
            self._pieces.clear()
        zx = key[-1]
        got = self._pieces[key] = (frozenset((*key, self.east[zx])), {})
        return got

    def _other_actions(self, s: ZState) -> list[Action]:
        """The legal actions outside the move phase: roll, spin, or Zaxxon's moves and shots."""
        if s.phase == OVER:
            return []
        if s.phase == ROLL:
            return [self._roll]
        if s.phase == SPIN:
            return [self._spin]
        if s.phase == ZAXXON:
            out: list[Action] = [a for d, a in self._zx_moves if self._zaxxon_move_ok(s, d)]
            out += self._zx_shots[self.facing(s)]
            return out
        raise AssertionError(f"unknown phase {s.phase}")

    def apply(self, state: ZState, action: Action, ctx: Context) -> None:
        seat = state.mover
        assert seat is not None
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction("zaxxon.actions", f"{action} is not a Zaxxon move")
        if type(action) not in self._turners:
            handler(state, seat, action, ctx)
            return
        before = self.facing(state)
        handler(state, seat, action, ctx)
        self._turned(state, ctx, before)

    def _turned(self, s: ZState, ctx: Context, before: str) -> None:
        """Zaxxon turns when the nearest attacking plane is now on its other side (``before``: where it faced)."""
        after = self.facing(s)
        if after != before:
            ctx.emit("zaxxon.zaxxon-moves", _FACE_TEXT[after], player=None, facing=after)

    def _phase(self, s: ZState, want: int, what: object) -> None:
        if s.phase != want:
            now = {ROLL: "the dice must be rolled", SPIN: "the lower roller must spin the spinner",
                   ZAXXON: "the lower roller must first move Zaxxon (a Z was spun)",
                   MOVE: "it is time to move planes", OVER: "the game is over"}[s.phase]
            rule = {ROLL: "zaxxon.roll", SPIN: "zaxxon.spinner", ZAXXON: "zaxxon.zaxxon-spin",
                    MOVE: "zaxxon.order-of-play", OVER: "zaxxon.win"}[s.phase]
            raise IllegalAction(rule, f"you cannot {what} now: {now}")

    # == How to Play the Game, 1. Rolling the Die ====================================================================
    #    zaxxon.roll
    def _apply_roll(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """Both players roll at once (ties re-rolled); the lower roller spins and plays first."""
        if s.phase != ROLL:
            self._phase(s, ROLL, "roll the dice")
        draw = ctx.draw
        while True:
            d0, d1 = draw("die"), draw("die")  # (what ctx.roll() draws)
            if d0 != d1:
                break
            ctx.emit("zaxxon.roll", _tie_text(d0), player=None, die=d0)
        s.dice = [d0, d1]
        s.low = 0 if d0 < d1 else 1
        s.phase, s.mover = SPIN, s.low
        players = ctx.players
        ctx.emit("zaxxon.roll", (_roll_text, s.round, players[0], d0, players[1], d1), player=None, dice=[d0, d1])
        low = s.low
        ctx.emit("zaxxon.order-of-play", (_lower_text, players[low], players[1 - low]), player=low)

    # == How to Play the Game, 2. Using the Spinner ==================================================================
    #    zaxxon.spinner, zaxxon.red-silo-fire, zaxxon.blue-turret-fire, zaxxon.white-safe, zaxxon.destroyed-areas-safe
    def _spinner(self, v: ZaxxonVariant) -> tuple[tuple[str, ...], tuple[float, ...]]:
        got = self._spin_cache.get(v.spinner_weights)
        if got is None:
            got = self._spin_cache[v.spinner_weights] = v.spinner_draw()
        return got

    def _apply_spin(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """The lower roller spins: enemy fire from silos/turrets, all safe, or Zaxxon."""
        if s.phase != SPIN:
            self._phase(s, SPIN, "spin")
        opts, weights = self._spinner(s.variant)
        v = ctx.draw("spinner", opts, weights)
        s.spin = v
        name = ctx.players[seat]
        ctx.emit("zaxxon.spinner", (_spin_text, name, v), spin=v)
        s.phase, s.stage, s.count = MOVE, 0, s.dice[s.low]
        if v == "RED":
            self._area_fire(s, ctx, "silo")
        elif v == "BLUE":
            self._area_fire(s, ctx, "turret")
        elif v == "WHITE":
            ctx.emit("zaxxon.white-safe", "WHITE: all planes are safe this turn.", player=None)
        elif s.zx_active:
            s.phase = ZAXXON
            ctx.emit("zaxxon.zaxxon-spin", (_zaxxon_spin_text, name, s.count), count=s.count)
        else:
            ctx.emit("zaxxon.zaxxon-spin", "Z, but Zaxxon has not been alerted yet: Zaxxon does not move and "
                     "nothing fires.", player=None)

    def _live_area(self, s: ZState, cell: int, kind: str) -> bool:
        """Is ``cell`` in a ``kind`` ("silo"/"turret") area whose silo or turret still stands?"""
        return self.area_kind[cell] == kind and s.tcell[self.area_target[cell]] >= 0

    def _area_fire(self, s: ZState, ctx: Context, kind: str) -> None:
        rule = "zaxxon.red-silo-fire" if kind == "silo" else "zaxxon.blue-turret-fire"
        b = self.board
        for pi, p in enumerate(s.planes):
            a = b.area_of[p[0]]
            if a < 0 or b.areas[a].kind != kind:
                continue
            if s.tcell[b.areas[a].target] < 0:
                ctx.emit("zaxxon.destroyed-areas-safe", _safe_text(b.name(p[0]), kind), player=pi // 2)
                continue
            t = b.targets[b.areas[a].target]
            self._shoot_down(s, ctx, pi, rule, f"the {'missile silo' if kind == 'silo' else 'gun turret'} at "
                             f"{b.name(t.cell)}")

    # == How to Play the Game, 3. Order of Play ======================================================================
    #    zaxxon.order-of-play, zaxxon.split-count, zaxxon.end-turn, zaxxon.turn-cap
    def _next_stage(self, s: ZState, ctx: Context) -> None:
        if s.stage == 0:
            hi = 1 - s.low
            s.stage, s.mover = 1, hi
            s.count = s.dice[hi]
            ctx.emit("zaxxon.order-of-play", (_higher_text, ctx.players[hi], s.dice[hi]), player=hi)
            return
        s.phase, s.stage, s.spin, s.count, s.mover = ROLL, 0, "", 0, 0
        for p in s.planes:
            p[2] = 0
        s.round += 1
        cap = s.variant.max_rounds
        if cap and s.round > cap:
            s.phase, s.mover = OVER, None
            ctx.emit("zaxxon.turn-cap", lambda: f"The turn cap ({cap} turns) is reached: the game ends without a "
                     "winner.",
                     player=None)

    def _spend(self, s: ZState, ctx: Context, n: int) -> None:
        s.count -= n
        if s.count <= 0 and s.phase == MOVE:
            self._next_stage(s, ctx)

    def _apply_end(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """End the turn with count left (the next player plays, or the turn is over)."""
        self._phase(s, MOVE, action)
        w = self._on_wall(s, seat)
        if w >= 0:
            raise IllegalAction("zaxxon.wall-no-landing", f"plane #{w % 2 + 1} is on top of the wall and must "
                                "cross it first; planes cannot land on a wall")
        if s.variant.must_use_full_count and self._end not in self.legal_actions(s):
            raise IllegalAction("zaxxon.end-turn", f"you still have {s.count} to use and the variant "
                                "must_use_full_count is on")
        ctx.emit("zaxxon.end-turn", (_end_text, ctx.players[seat], s.count))
        self._next_stage(s, ctx)

    # == How to Play the Game, 4. How a Fighter Plane Moves ==========================================================
    #    zaxxon.plane-moves, zaxxon.no-passing-planes, zaxxon.blocked-spaces, zaxxon.own-side, zaxxon.altitude; the
    #    checks of walls (Outer Fortress 2), the RADAR barrier (Inner Fortress 4) and the Zaxxon area (Inner Fortress 10)
    #    are made here too, as a move is checked
    def _plane(self, s: ZState, seat: int, number: Any) -> int:
        if number not in (1, 2) or isinstance(number, bool):
            raise IllegalAction("zaxxon.split-count", f"there is no plane #{number}; you fly planes #1 and #2")
        pi: int = seat * 2 + number - 1
        p = s.planes[pi]
        if p[2]:
            rule = "zaxxon.shot-down-inner" if self.board.terrain[p[0]] == "R" else "zaxxon.shot-down-outer"
            raise IllegalAction(rule, f"plane #{number} was shot down this turn; it flies again on your next turn")
        return pi

    def _cell(self, name: Any, rule: str) -> int:
        cell = self.board.index.get(name) if isinstance(name, str) else None
        if cell is not None:
            return cell
        if not isinstance(name, str) or name.upper() not in self.board.index:
            raise IllegalAction(rule, f"{name!r} is not a space on the board (spaces are named like E4: row A-K, "
                                "column 1-31)")
        return self.board.index[name.upper()]

    def _plane_at(self, s: ZState, cell: int) -> int:
        pl = s.planes
        if len(pl) != 4:  # (only a state being set up)
            return next((i for i, p in enumerate(pl) if p[0] == cell), -1)
        return (0 if pl[0][0] == cell else 1 if pl[1][0] == cell else 2 if pl[2][0] == cell
                else 3 if pl[3][0] == cell else -1)

    def _flying(self, s: ZState, seat: int, action: Move | Altitude | Shoot) -> int:
        """The plane (index) a move, altitude change or shot is for, after the checks they share."""
        if s.phase != MOVE:
            self._phase(s, MOVE, action)
        num = action.plane
        if type(num) is int and (num == 1 or num == 2) and not s.planes[seat * 2 + num - 1][2]:
            pi = seat * 2 + num - 1
        else:
            pi = self._plane(s, seat, num)
        low, planes = self.low_section, s.planes
        wall = seat * 2 if low[planes[seat * 2][0]] else seat * 2 + 1 if low[planes[seat * 2 + 1][0]] else -1
        if wall >= 0 and (wall != pi or type(action) is not Move):
            raise IllegalAction("zaxxon.wall-no-landing", f"plane #{wall % 2 + 1} is on top of the wall: it must "
                                "step off it first (planes cannot land on a wall)")
        return pi

    def move_problem(self, s: ZState, seat: int, pi: int, to: int) -> tuple[str, str] | None:
        """Why plane ``pi`` cannot step to ``to`` now (rule, reason), or None."""
        p = s.planes[pi]
        here = p[0]
        info = self.step_info[seat][here].get(to)
        if info is not None:  # a space this plane may ever step to from here: only what changes is checked
            if info & 1:
                if not p[1]:
                    return "zaxxon.wall-crossing", ("Your plane is at Low Altitude; walls are crossed only at High "
                                                    "Altitude")
                if s.count < 2:
                    return "zaxxon.wall-no-landing", (f"crossing the wall takes 2 counts (the wall and the space "
                                                      f"beyond) and you have {s.count} left; planes cannot land on a "
                                                      "wall")
            pl = s.planes
            if pl[0][0] == to or pl[1][0] == to or pl[2][0] == to or pl[3][0] == to:
                return "zaxxon.no-passing-planes", (f"a plane is on {self.board.name(to)}; planes cannot pass over or "
                                                    "land on planes")
            if to in s.tcell:
                return "zaxxon.blocked-spaces", f"a target stands on {self.board.name(to)}; planes cannot fly onto it"
            if info & 2 and s.low == seat and s.variant.radar_barrier:
                return self._radar_problem(s, seat)
            return None
        b = self.board
        if to not in b.nbr[here]:
            return "zaxxon.plane-moves", (f"{b.name(to)} is not next to {b.name(here)}; a plane moves one space at a "
                                          "time to one of the six adjacent spaces")
        t = b.terrain[to]
        if t == "#":
            return "zaxxon.blocked-spaces", f"{b.name(to)} is a black space; planes cannot fly there"
        if t == "Z":
            return "zaxxon.zaxxon-area", (f"{b.name(to)} is in the Zaxxon area; planes can come only to the white "
                                          "spaces next to it")
        if to not in self.allowed[seat]:
            return "zaxxon.own-side", f"{b.name(to)} is on your opponent's side; your planes stay out of it"
        if t == "W":
            return "zaxxon.wall-crossing", (f"{b.name(to)} is a high part of the wall; walls are crossed only at "
                                            "the low section")
        if t == "w":
            if not p[1]:
                return "zaxxon.wall-crossing", ("Your plane is at Low Altitude; walls are crossed only at High "
                                                "Altitude")
            if s.count < 2:
                return "zaxxon.wall-no-landing", (f"crossing the wall takes 2 counts (the wall and the space "
                                                  f"beyond) and you have {s.count} left; planes cannot land on a wall")
        if self._plane_at(s, to) >= 0:
            return "zaxxon.no-passing-planes", f"a plane is on {b.name(to)}; planes cannot pass over or land on planes"
        if self._target_at(s, to) >= 0:
            return "zaxxon.blocked-spaces", f"a target stands on {b.name(to)}; planes cannot fly onto it"
        if s.low == seat and s.variant.radar_barrier and (here, to) in self.radar:
            return self._radar_problem(s, seat)
        return None

    def _radar_problem(self, s: ZState, seat: int) -> tuple[str, str]:
        return "zaxxon.radar-barrier", (f"you rolled the lower number ({s.dice[seat]} against {s.dice[1 - seat]}); a "
                                        "plane may cross the RADAR barrier only on a turn its player rolled higher "
                                        "(shooting through it is allowed)")

    def _apply_move(self, s: ZState, seat: int, action: Move, ctx: Context) -> None:
        """A plane moves one space (one count)."""
        b = self.board
        pi = self._flying(s, seat, action)
        p = s.planes[pi]
        to = b.index.get(action.to, -1) if type(action.to) is str else -1
        if to < 0:
            to = self._cell(action.to, "zaxxon.plane-moves")
        prob = self.move_problem(s, seat, pi, to)
        if prob:
            raise IllegalAction(*prob)
        here = p[0]
        inner, low = self.inner, self.low_section
        # Zaxxon faces the nearest plane in the inner fortress: only a step from or into it can turn Zaxxon (a plane
        # shot down on entering an outer area goes home, outside it)
        before = self.facing(s) if inner[here] or inner[to] else ""
        p[0] = to
        names = b.names
        num = action.plane
        ctx.emit("zaxxon.plane-moves", (_move_text, num, names[here], names[to]),
                 plane=num, to=names[to])
        if low[to]:
            ctx.emit("zaxxon.wall-crossing", _WALL_TEXT[num], plane=num)
        if low[here] and inner[to]:
            ctx.emit("zaxxon.inner-entry", _INNER_TEXT[num], plane=num)
        if self.step_info[seat][here][to] & 2:
            ctx.emit("zaxxon.radar-barrier", _RADAR_TEXT[num], plane=num)
            if not s.zx_active:
                s.zx_active = True
                ctx.emit("zaxxon.zaxxon-alert", "Zaxxon is alerted! From now on a Z on the spinner moves "
                         "Zaxxon.", player=None)
        if s.spin == "RED" and self._live_area(s, to, "silo") and not self._live_area(s, here, "silo"):
            self._shoot_down(s, ctx, pi, "zaxxon.red-silo-fire", "a missile silo (RED: planes entering a "
                             "silo area are shot down)")
        elif (s.spin == "BLUE" and s.variant.turret_fires_on_entry
              and self._live_area(s, to, "turret") and not self._live_area(s, here, "turret")):
            self._shoot_down(s, ctx, pi, "zaxxon.blue-turret-fire", "a gun turret (BLUE, variant: entering)")
        s.count -= 1
        if s.count <= 0 and s.phase == MOVE:
            self._next_stage(s, ctx)
        if before:
            self._turned(s, ctx, before)

    def _apply_altitude(self, s: ZState, seat: int, action: Altitude, ctx: Context) -> None:
        """A plane changes altitude (one count)."""
        pi = self._flying(s, seat, action)
        p = s.planes[pi]
        if bool(action.high) == bool(p[1]):
            raise IllegalAction("zaxxon.altitude", f"plane #{action.plane} is already at "
                                f"{'High' if p[1] else 'Low'} Altitude")
        p[1] = 1 if action.high else 0
        num, high = action.plane, bool(p[1])
        ctx.emit("zaxxon.altitude", _ALTITUDE_TEXT[num, high], plane=num, high=high)
        s.count -= 1
        if s.count <= 0:  # (the move phase: _flying checked it)
            self._next_stage(s, ctx)

    # == Game Play in the Outer Fortress, 1. Shooting Targets ========================================================
    #    zaxxon.shooting, zaxxon.shoot-low, zaxxon.shoot-silo-turret, zaxxon.outer-fuel-tank, zaxxon.own-targets,
    #    zaxxon.turn-example; the same shot serves the Inner Fortress (2. zaxxon.inner-fuel-tank, 3. zaxxon.dogfight,
    #    zaxxon.shoot-zaxxon, 8.-9. zaxxon.optional-targets, zaxxon.indestructible)
    def _target_at(self, s: ZState, cell: int) -> int:
        return s.tcell.index(cell) if cell in s.tcell else -1

    def shot_line(self, s: ZState, pi: int, at: int) -> tuple[int, str, list[int]] | tuple[None, str, list[int]]:
        """The cost of a shot from plane ``pi`` at space ``at``, or None and why it cannot reach."""
        b = self.board
        here = s.planes[pi][0]
        for d in range(6):
            line = self.lines[here][d]
            if at in line:
                n = line.index(at) + 1
                path = list(line[: n - 1])
                zx = self._zaxxon_cells(s)
                for c in path:
                    t = b.terrain[c]
                    if t == "#":
                        return None, f"the black space at {b.name(c)} stops the shot", path
                    if t in "Ww":
                        return None, f"the wall at {b.name(c)} stops the shot", path
                    if self._plane_at(s, c) >= 0:
                        return None, f"the plane at {b.name(c)} is in the way", path
                    if self._target_at(s, c) >= 0 or c in zx:
                        return None, f"the piece at {b.name(c)} is in the way", path
                return n, DIRS[d], path
        return None, (f"{b.name(at)} is not in a straight line from {b.name(here)}; shots go in one of the six "
                      "directions"), []

    def _shots(self, s: ZState, seat: int, pi: int, taken: set[int], out: list[Action]) -> None:
        """Append plane ``pi``'s shots: in each direction, the first piece within the count, if it may be shot
        (``taken``: the spaces of planes, target pieces and Zaxxon)."""
        b = self.board
        num = pi % 2 + 1
        count = s.count
        here = s.planes[pi][0]
        if count <= 0 or (count <= 6 and taken.isdisjoint(self.near[here][count])):
            return
        for ray in self.rays[here]:
            for c in ray[:count]:
                if c in taken:
                    if self._target_problem(s, seat, pi, c) is None:
                        ti = self._target_at(s, c)
                        if ti >= 0 and b.targets[ti].kind == "fuel" and not s.tinner[ti]:
                            out.extend(self._shoot_action(num, c, f) for f in self._free_fuel(s))
                        else:
                            out.append(self._shoot_action(num, c))
                    break

    def _shoot_action(self, num: int, at: int, fuel_to: int = -1) -> Shoot:
        key = (num, at, fuel_to)
        a = self._shoot.get(key)
        if a is None:
            names = self.board.names
            a = self._shoot[key] = Shoot(num, names[at], names[fuel_to] if fuel_to >= 0 else "")
        return a

    def _free_fuel(self, s: ZState) -> list[int]:
        return [f for f in self.board.fuel_spaces if f not in s.tcell and self._plane_at(s, f) < 0]

    def _target_problem(self, s: ZState, seat: int, pi: int, at: int) -> tuple[str, str] | None:
        """Why the thing on ``at`` may not be shot by plane ``pi`` (ignoring line and count)."""
        b = self.board
        p = s.planes[pi]
        other = self._plane_at(s, at)
        if other >= 0:
            if other // 2 == seat:
                return "zaxxon.dogfight", "that is your own plane"
            if at not in b.dogfight or p[0] not in b.dogfight:
                return "zaxxon.dogfight", ("dogfights happen only when both planes are inside the dogfight area "
                                           "(dotted spaces, orange border)")
            if s.planes[other][1] != p[1]:
                return "zaxxon.dogfight", "in a dogfight both planes must be at the same altitude"
            return None
        if at in self._zaxxon_cells(s):
            if p[3]:
                return "zaxxon.shoot-zaxxon", (f"plane #{pi % 2 + 1} has already shot Zaxxon; each plane shoots it "
                                               "once")
            if p[1]:
                return "zaxxon.shoot-low", ("Your plane is at High Altitude; lower it to Low Altitude to shoot a "
                                            "target")
            return None
        ti = self._target_at(s, at)
        if ti < 0:
            return "zaxxon.shooting", f"there is nothing to shoot at {b.name(at)}"
        t = b.targets[ti]
        if t.indestructible:
            return "zaxxon.indestructible", (f"the {t.kind} at {b.name(at)} is ringed by purple triangles: it is "
                                             "indestructible and cannot be shot")
        if p[1]:
            return "zaxxon.shoot-low", "Your plane is at High Altitude; lower it to Low Altitude to shoot a target"
        if t.owner is not None and t.owner != seat:
            return "zaxxon.own-targets", f"the {COLOURS[t.owner]} {t.kind} at {b.name(at)} is your opponent's target"
        return None

    def _apply_shoot(self, s: ZState, seat: int, action: Shoot, ctx: Context) -> None:
        """A plane shoots along a straight line: one count per space the shot passes through."""
        b = self.board
        pi = self._flying(s, seat, action)
        p = s.planes[pi]
        num = action.plane
        at = self._cell(action.at, "zaxxon.shooting")
        prob = self._target_problem(s, seat, pi, at)
        if prob:
            raise IllegalAction(*prob)
        cost, why, _ = self.shot_line(s, pi, at)
        if cost is None:
            raise IllegalAction("zaxxon.shooting", why)
        if cost > s.count:
            raise IllegalAction("zaxxon.shooting", f"the shot passes through {cost} spaces and costs {cost}; "
                                f"you have {s.count} left")
        other = self._plane_at(s, at)
        ti = self._target_at(s, at)
        fuel_outer = ti >= 0 and b.targets[ti].kind == "fuel" and not s.tinner[ti]
        if action.fuel_to and not fuel_outer:
            raise IllegalAction("zaxxon.outer-fuel-tank", "only a fuel tank shot in an outer fortress is moved to a "
                                "FUEL space")
        dest = -1
        if fuel_outer:
            if not action.fuel_to:
                raise IllegalAction("zaxxon.outer-fuel-tank", "say which FUEL space of the inner fortress the fuel "
                                    "tank moves to (fuel_to)")
            dest = self._cell(action.fuel_to, "zaxxon.outer-fuel-tank")
            if dest not in b.fuel_spaces:
                raise IllegalAction("zaxxon.outer-fuel-tank", f"{b.name(dest)} is not a FUEL space of the inner "
                                    "fortress")
            if dest not in self._free_fuel(s):
                raise IllegalAction("zaxxon.outer-fuel-tank", f"FUEL space {b.name(dest)} is taken")
        s.count -= cost
        if other >= 0:
            ctx.emit("zaxxon.dogfight", lambda: f"Dogfight! Plane #{num} shoots {COLOURS[other // 2]} plane "
                     f"#{other % 2 + 1} ({cost} spaces).", plane=num, at=b.name(at), cost=cost)
            o = s.planes[other]
            dest = next((c for c in b.restart[other // 2] if self._plane_at(s, c) < 0), -1)
            if dest < 0:
                dest = self._send_home(s, other)
            o[0], o[1] = dest, 0
            if s.variant.grounded_after_shot:
                o[2] = 1
            ctx.emit("zaxxon.dogfight", lambda: f"The {COLOURS[other // 2]} plane goes to {b.name(dest)}.",
                     player=other // 2, to=b.name(dest))
        elif at in self._zaxxon_cells(s):
            p[0] = -1
            p[0], p[1], p[3] = self._send_home(s, pi), 0, 1
            s.zx = b.zaxxon_start
            ctx.emit("zaxxon.shoot-zaxxon", lambda: f"Plane #{num} shoots Zaxxon ({cost} spaces)! Its mission is "
                     "complete: it returns to the home base, and Zaxxon returns to the ZAXXON space.",
                     plane=num, cost=cost)
        else:
            t = b.targets[ti]
            m = s.mission[seat]
            if t.kind == "fuel":
                if s.tinner[ti]:
                    s.tcell[ti] = -1
                    m[3] += 1
                    ctx.emit("zaxxon.inner-fuel-tank", lambda: f"Plane #{num} shoots the {COLOURS[seat]} fuel tank "
                             f"at {b.name(at)} ({cost} spaces): removed.", plane=num, cost=cost)
                else:
                    s.tcell[ti], s.tinner[ti] = dest, 1
                    m[0] += 1
                    ctx.emit("zaxxon.outer-fuel-tank", lambda: f"Plane #{num} shoots the fuel tank at {b.name(at)} "
                             f"({cost} spaces); it moves to FUEL space {b.name(dest)} in the inner fortress.",
                             plane=num, cost=cost, to=b.name(dest))
            else:
                s.tcell[ti] = -1
                name = "missile silo" if t.kind == "silo" else "gun turret"
                if t.owner is None:
                    ctx.emit("zaxxon.optional-targets", lambda: f"Plane #{num} destroys the optional {name} at "
                             f"{b.name(at)} ({cost} spaces); its area is safe now.", plane=num, cost=cost)
                else:
                    m[1 if t.kind == "silo" else 2] += 1
                    ctx.emit("zaxxon.shoot-silo-turret", lambda: f"Plane #{num} destroys the {name} at "
                             f"{b.name(at)} ({cost} spaces); it is removed from the board.",
                             plane=num, cost=cost)
        self._check_win(s, ctx, seat)
        if s.phase == MOVE and s.count <= 0:
            self._next_stage(s, ctx)

    # == Game Play in the Outer Fortress, 2. Crossing Walls ==========================================================
    #    zaxxon.wall-crossing, zaxxon.wall-no-landing (see also move_problem)
    def _on_wall(self, s: ZState, seat: int) -> int:
        """The plane (index) of ``seat`` standing on a wall's low section, or -1."""
        low, planes = self.low_section, s.planes
        if low[planes[seat * 2][0]]:
            return seat * 2
        if low[planes[seat * 2 + 1][0]]:
            return seat * 2 + 1
        return -1

    # == Game Play in the Outer Fortress, 3. Planes Shot Down ========================================================
    #    zaxxon.shot-down-outer, zaxxon.shot-down-inner
    def _send_home(self, s: ZState, pi: int) -> int:
        seat, k = divmod(pi, 2)
        spots = self.board.home[seat]
        for c in (spots[k], spots[1 - k]):
            if self._plane_at(s, c) < 0:
                return c
        raise AssertionError("a home base always has room for its own two planes")

    def _shoot_down(self, s: ZState, ctx: Context, pi: int, rule: str, by: str) -> None:
        """Plane ``pi`` is shot down: home base from its outer fortress, a RESTART space from the inner."""
        b = self.board
        p = s.planes[pi]
        seat, k = divmod(pi, 2)
        here = p[0]
        where_rule = "zaxxon.shot-down-inner"
        if b.zone[here] == "i":
            dest = -1
            for c in b.restart[seat]:
                if self._plane_at(s, c) < 0:
                    dest = c
                    break
            if dest < 0:
                dest = self._send_home(s, pi)
            place = f"RESTART space {b.name(dest)}" if b.terrain[dest] == "R" else "its home base (RESTART taken)"
        else:
            where_rule = "zaxxon.shot-down-outer"
            p[0] = -1
            dest = self._send_home(s, pi)
            place = "its home base"
        p[0], p[1] = dest, 0
        if s.variant.grounded_after_shot:
            p[2] = 1
        again = s.variant.grounded_after_shot
        ctx.emit(rule, lambda: f"{COLOURS[seat].capitalize()} plane #{k + 1} at {b.name(here)} is shot down by "
                 f"{by}.", player=seat, plane=k + 1, space=b.name(here))
        ctx.emit(where_rule, lambda: f"{COLOURS[seat].capitalize()} plane #{k + 1} goes to {place}"
                 + (" and flies again next turn." if again else "."),
                 player=seat, plane=k + 1, to=b.name(dest))

    # == Game Play in the Inner Fortress, 5.-7. Zaxxon ===============================================================
    #    zaxxon.zaxxon-alert (in _apply_move), zaxxon.zaxxon-spin, zaxxon.zaxxon-moves,
    #    zaxxon.zaxxon-shoots
    def _zaxxon_cells(self, s: ZState) -> tuple[int, int]:
        return s.zx, self.board.nbr[s.zx][E]

    def facing(self, s: ZState) -> str:
        """Where Zaxxon's front points, "S" or "N" (``zaxxon.zaxxon-moves``: "Zaxxon always faces toward the
        attacking fighter planes no matter where it moves").

        Reconstruction: its body lies west-east on two spaces, so its front points north or south. The attacking
        planes are the planes in the inner fortress; Zaxxon faces the nearest of them (hex distance to either of
        its spaces): north when every nearest one is on a row north of Zaxxon's, otherwise south - the setup
        facing, toward the purple triangles - also when no plane is in the inner fortress.
        """
        b = self.board
        inner, pl = self.inner, s.planes
        if not (inner[pl[0][0]] or inner[pl[1][0]] or inner[pl[2][0]] or inner[pl[3][0]]):
            return "S"  # (a plane is off the board, space -1, only inside a handler; -1 is a black space)
        w, e = s.zx, b.nbr[s.zx][E]
        dw, de = self.zx_dist[w], self.zx_dist[e]
        cols = b.cols
        row = w // cols
        best, north, other = 1 << 30, False, False
        for p in s.planes:
            c = p[0]
            if c < 0 or not inner[c]:
                continue
            d = min(dw[c], de[c])
            if d < best:
                best, north, other = d, False, False
            if d == best:
                if c // cols < row:
                    north = True
                else:
                    other = True
        return "N" if north and not other else "S"

    def _zaxxon_move_ok(self, s: ZState, d: str) -> bool:
        b = self.board
        w = b.nbr[s.zx][DIRS.index(d)]
        if w < 0 or w not in b.zaxxon_area:
            return False
        e = b.nbr[w][E]
        return e >= 0 and e in b.zaxxon_area

    def _apply_zaxxon(self, s: ZState, seat: int, action: Any, ctx: Context) -> None:
        """After a Z: move Zaxxon or let it shoot, one count each."""
        b = self.board
        self._phase(s, ZAXXON, "move Zaxxon")
        if isinstance(action, MoveZaxxon):
            if action.direction not in ZAXXON_MOVES:
                raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon moves {', '.join(ZAXXON_MOVES)} only "
                                    f"(sideways or diagonally), not {action.direction!r}")
            if not self._zaxxon_move_ok(s, action.direction):
                raise IllegalAction("zaxxon.zaxxon-moves", f"Zaxxon cannot move {action.direction}: it would "
                                    "leave the Zaxxon area")
            old, facing = s.zx, self.facing(s)
            s.zx = b.nbr[s.zx][DIRS.index(action.direction)]
            new, facing_now, direction = s.zx, self.facing(s), action.direction
            ctx.emit("zaxxon.zaxxon-moves", lambda: f"Zaxxon moves {zaxxon_move_words(direction, facing)} from "
                     f"{b.name(old)} to {b.name(new)}-{b.name(b.nbr[new][E])}, facing "
                     f"{FACING_WORD[facing_now]} (toward the nearest attacking plane).", to=b.name(new))
        else:
            facing = self.facing(s)
            ds = ZAXXON_SHOTS[facing].get(action.space) if isinstance(action.space, str) else None
            if ds is None or action.direction not in ds:
                fwd = "/".join(ZAXXON_SHOTS[facing]["west"][1:])
                raise IllegalAction("zaxxon.zaxxon-shoots", f"Zaxxon faces {FACING_WORD[facing]}: it shoots W "
                                    f"from its west space, E from its east space, or {fwd} (forward) from either "
                                    "space")
            src = self._zaxxon_cells(s)[0 if action.space == "west" else 1]
            hit = -1
            for c in self.lines[src][DIRS.index(action.direction)]:
                if b.terrain[c] == "#":
                    break
                hit = self._plane_at(s, c)
                if hit >= 0:
                    break
            if hit >= 0:
                direction = action.direction
                ctx.emit("zaxxon.zaxxon-shoots", lambda: f"Zaxxon shoots {direction} and hits a plane.",
                         direction=direction)
                p = s.planes[hit]
                here = p[0]
                dest = next((c for c in b.restart[hit // 2] if self._plane_at(s, c) < 0), -1)
                if dest < 0:
                    dest = self._send_home(s, hit)
                p[0], p[1] = dest, 0
                if s.variant.grounded_after_shot:
                    p[2] = 1
                ctx.emit("zaxxon.zaxxon-shoots", lambda: f"{COLOURS[hit // 2].capitalize()} plane #{hit % 2 + 1} at "
                         f"{b.name(here)} is shot down by Zaxxon and goes to {b.name(dest)}.",
                         player=hit // 2, plane=hit % 2 + 1, to=b.name(dest))
            else:
                direction = action.direction
                ctx.emit("zaxxon.zaxxon-shoots", lambda: f"Zaxxon shoots {direction} and misses.",
                         direction=direction)
        s.count -= 1
        if s.count == 0:
            s.phase, s.count = MOVE, s.dice[s.low]
            ctx.emit("zaxxon.zaxxon-spin", (_zaxxon_done_text, ctx.players[seat], s.count), count=s.count)

    # == How to Win the Game =========================================================================================
    #    zaxxon.win
    def _check_win(self, s: ZState, ctx: Context, seat: int) -> None:
        if tuple(s.mission[seat]) == MISSION_NEEDS and s.planes[seat * 2][3] and s.planes[seat * 2 + 1][3]:
            s.winner = seat
            s.phase, s.mover = OVER, None
            name = ctx.players[seat]
            ctx.emit("zaxxon.win", lambda: f"{says(name, 'has')} completed the whole mission and "
                     f"{verb_for(name, 'wins')}!",
                     player=seat)

    # == Views =======================================================================================================
    #    the position as JSON and as text
    def to_json(self, state: ZState) -> dict[str, Any]:
        s, b = state, self.board
        planes = []
        for i, p in enumerate(s.planes):
            planes.append({"seat": i // 2, "number": i % 2 + 1, "colour": COLOURS[i // 2], "space": b.name(p[0]),
                           "altitude": "high" if p[1] else "low", "grounded": bool(p[2]), "done": bool(p[3])})
        targets = []
        for t in b.targets:
            c = s.tcell[t.idx]
            targets.append({"id": t.idx, "kind": t.kind, "owner": t.owner, "start": b.name(t.cell),
                            "space": b.name(c) if c >= 0 else None, "inner": bool(s.tinner[t.idx]),
                            "indestructible": t.indestructible, "optional": t.optional})
        mission = []
        for seat in (0, 1):
            m = s.mission[seat]
            mission.append({"outer_fuel": m[0], "outer_silo": m[1], "outer_turret": m[2], "inner_fuel": m[3],
                            "zaxxon": [bool(s.planes[seat * 2][3]), bool(s.planes[seat * 2 + 1][3])]})
        w, e = self._zaxxon_cells(s)
        return {"phase": PHASES[s.phase], "round": s.round, "dice": list(s.dice), "lower": s.low,
                "mover": s.mover, "count": s.count, "spin": s.spin, "planes": planes, "targets": targets,
                "zaxxon": {"spaces": [b.name(w), b.name(e)], "active": s.zx_active, "facing": self.facing(s)},
                "mission": mission, "winner": s.winner}

    def describe(self, state: ZState) -> str:
        s, b = state, self.board
        glyph = {"#": "##", ".": "..", "W": "==", "w": "~~", "H": "hb", "R": "RS", "F": "FU", "Z": "zz"}
        cells = [glyph[t] for t in b.terrain]
        for ti, c in enumerate(s.tcell):
            if c >= 0:
                t = b.targets[ti]
                cells[c] = {"fuel": "F", "silo": "S", "turret": "T"}[t.kind] + (
                    "b" if t.owner == 0 else "r" if t.owner == 1 else "!" if t.indestructible else "o")
        w, e = self._zaxxon_cells(s)
        cells[w], cells[e] = "<Z", "Z>"
        for i, p in enumerate(s.planes):
            cells[p[0]] = ("B" if i < 2 else "R") + str(i % 2 + 1) if not p[1] else ("b" if i < 2 else "r") + str(
                i % 2 + 1)
        lines = []
        for r in range(b.rows):
            row = "".join(cells[r * b.cols:(r + 1) * b.cols])
            lines.append(f"{chr(65 + r)} {' ' if r & 1 else ''}{row}")
        m = [f"{COLOURS[x]} {sum(min(a, n) for a, n in zip(s.mission[x], MISSION_NEEDS, strict=True))}/6 targets, "
             f"Zaxxon {s.planes[2 * x][3] + s.planes[2 * x + 1][3]}/2" for x in (0, 1)]
        status = (f"turn {s.round}, {PHASES[s.phase]}" + (f", dice {s.dice[0]}-{s.dice[1]}" if s.low >= 0 else "")
                  + (f", spin {s.spin}" if s.spin else "") + (f", {s.count} to use" if s.phase in (MOVE, ZAXXON)
                                                               else "") + ("; Zaxxon awake" if s.zx_active else "")
                  + f"; Zaxxon faces {FACING_WORD[self.facing(s)]}")
        return "\n".join([status, "; ".join(m)] + lines + [
            "B1/B2 blue planes, R1/R2 red (lower case = High Altitude); <Z Z> Zaxxon; Sb/Tb/Fb blue targets, "
            "Sr/Tr/Fr red, So/To optional, S!/T! indestructible; == wall, ~~ low section; RS restart; FU fuel; "
            "radar between rows F and G"])
