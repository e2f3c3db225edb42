"""The fast path of the Zaxxon rules: the same game as ``rules.py``, with tables worked out once per board.

:class:`FastZaxxonRules` is what the games play with (``tabletop.zaxxon.Rules``, ``new_game``). It changes no
rule: it answers the reference's questions from precomputed tables and skips work that cannot change the answer.
``tests/zaxxon/test_differential.py`` plays many seeds step by step through both and compares every state, legal
action list and event, naming the seed, step and field of the first difference.

What it overrides, and why each is the same as the reference:

- ``legal_actions`` (the move phase): a plane's steps come from a table per seat, space and *mode* (may it enter
  a wall's low section: High Altitude and 2 counts; is the RADAR barrier closed to it: a lower roll), so only the
  spaces of planes and pieces, which move, are checked; prebuilt, shared action objects; a shot is looked for only
  when some piece (or an enemy plane in the dogfight area) is within the count (``near_at``: one mask and test per
  plane); the spaces of the pieces are a mask kept per layout (``_pieces``). Sets of spaces are kept as bit masks (bit ``c`` for space ``c``: ``mask >> c & 1``),
  plain numbers the garbage collector never visits (a table of thousands of frozensets is walked in each of its
  full collections).
- ``move_problem``: a step the tables say a plane may ever make is checked only for what changes during a game;
  anything else (every refusal, with its reason) is the reference's answer.
- ``apply``: Zaxxon's facing is worked out before and after an action only when the action can move a plane or
  Zaxxon near it (``Roll``, ``Altitude`` and ``EndTurn`` move nothing; a ``Move`` turns Zaxxon only from or into
  the inner fortress).
- ``_flying``, ``_cell``: the common case (a plane that may fly, a space named exactly) answered first; anything
  else is the reference's check, with its refusal.
- ``facing``, ``plane_at``, ``live_area``, ``on_wall``, ``spinner``: table look-ups and unrolled loops.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from ..engine import Action, Context
from . import texts
from .actions import Altitude, EndTurn, Move, MoveZaxxon, Roll, Shoot, Spin, ZaxxonShoot
from .board import ZAXXON_FACINGS, ZAXXON_MOVES, ZAXXON_SHOTS, Board
from .rules import E, ZaxxonRules
from .state import MOVE, OVER, ROLL, SPIN, ZAXXON, ZState
from .variant import ZaxxonVariant

#: the arguments of a plane's step sentence and the data of its event (``_tell_move``)
Told = tuple[tuple[int, str, str], Mapping[str, Any]]
#: a prebuilt Move: the action, its plane number, its space, and {space stepped from: Told}
MoveInfo = tuple[Move, int, int, dict[int, Told]]
#: the steps of a plane in one mode: the spaces, as a tuple and a bit mask, and the Move actions of plane #1 and #2
StepList = tuple[tuple[int, ...], int, tuple[Move, ...], tuple[Move, ...]]
#: a plane's steps in one mode from one space (``_segment``): their spaces as a mask, the Move actions followed by
#: the altitude change, the spaces in order, whether the space is in the dogfight area, and {mask of blocked
#: spaces: the actions left}
Segment = tuple[int, tuple[Action, ...], tuple[int, ...], bool, dict[int, tuple[Action, ...]]]


def mask_of(cells: Any) -> int:
    """The bit mask of a collection of spaces (bit ``c`` for space ``c``; -1, no space, left out)."""
    m = 0
    for c in cells:
        if c >= 0:
            m |= 1 << c
    return m


class FastZaxxonRules(ZaxxonRules):
    """:class:`~tabletop.zaxxon.rules.ZaxxonRules` answered from precomputed tables (the same game)."""

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)
        b = self.board
        n_cells = len(b.terrain)
        #: prebuilt actions (legal_actions hands out these shared, immutable objects)
        self._moves = {num: [Move(num, b.names[i]) for i in range(n_cells)] for num in (1, 2)}
        self._alt_to = {num: (Altitude(num, False), Altitude(num, True)) for num in (1, 2)}
        self._end = EndTurn()
        self._roll, self._spin = Roll(), Spin()
        self._zx_moves = [(d, MoveZaxxon(d)) for d in ZAXXON_MOVES]
        self._zx_shots = {f: [ZaxxonShoot(side, d) for side, ds in ZAXXON_SHOTS[f].items() for d in ds]
                          for f in ZAXXON_FACINGS}
        #: (plane number, space, FUEL space or -1) -> its Shoot action, built when first needed
        self._shoot: dict[tuple[int, int, int], Shoot] = {}
        #: spinner weights -> (outcomes with a share above zero, their weights)
        self._spin_cache: dict[tuple[float, ...], tuple[tuple[str, ...], tuple[float, ...]]] = {}
        #: ordered pairs of neighbouring spaces on the two sides of the RADAR barrier
        self.radar = frozenset((a, x) for a in range(n_cells) for x in b.nbr[a] if x >= 0 and b.crosses_radar(a, x))
        #: per space and direction: the spaces a shot passes in a straight line, up to the first wall or black
        #: space (pieces and planes, which move, are checked as the shot goes)
        self.rays = [tuple(self._ray(c, d) for d in range(6)) for c in range(n_cells)]
        #: per space and count k (0-6): the spaces a shot could reach with k, as a bit mask (nothing to shoot
        #: there: no shot)
        self.near = [tuple(mask_of(x for ray in self.rays[c] for x in ray[:k]) for k in range(7))
                     for c in range(n_cells)]
        #: per count 1-6 (index 0: -1 for every space, for a count outside 1-6): per space, ``near[space][count]``
        #: (legal_actions reads the count's tuple once, then a plane's space in it)
        self.near_at = (tuple(-1 for _ in range(n_cells)),
                        *(tuple(self.near[c][k] for c in range(n_cells)) for k in range(1, 7)))
        #: per space: its bit in a mask
        self.bit = tuple(1 << c for c in range(n_cells))
        #: per space: the kind of its missile silo / gun turret area ("" if none) and that area's target
        self.area_target = tuple(b.areas[a].target if a >= 0 else -1 for a in b.area_of)
        self.area_kind = tuple(b.areas[a].kind if a >= 0 else "" for a in b.area_of)
        #: per space: is it a wall's low section? is it in the inner fortress (where the attacking planes are)?
        self.low_section = tuple(t == "w" for t in b.terrain)
        self.inner = tuple(z == "i" for z in b.zone)
        #: per Zaxxon-area space: the hex distance to every space (Zaxxon's facing looks up its nearest plane)
        self.zx_dist = {z: tuple(b.distance(z, c) for c in range(n_cells)) for z in b.zaxxon_area}
        #: per space: the east space of Zaxxon when its west space is there (-1 off the board)
        self.east = tuple(b.nbr[c][E] for c in range(n_cells))
        # (the tables below hold only numbers, so the garbage collector soon stops visiting them: every object a
        # table keeps alive makes each full collection of a long simulation slower)
        #: per seat and space: {neighbour a plane may ever step to: 1 if onto a wall's low section + 2 if across the
        #: RADAR barrier + 4 if from or into the inner fortress}
        self.step_info = tuple(tuple({to: self.low_section[to] + 2 * ((c, to) in self.radar)
                                      + 4 * (self.inner[c] or self.inner[to]) for to in self.steps[s][c]}
                                     for c in range(n_cells)) for s in (0, 1))
        #: per seat, mode (1: the wall's low section may be entered, +2: the RADAR barrier is closed) and space:
        #: the steps that mode allows (a mode that allows the same steps as mode 0 shares its entry)
        self.step_lists = tuple(self._step_lists(s) for s in (0, 1))
        #: per plane (index ``seat * 2 + number - 1``): per ``space * 8 + 4 * high + mode`` (high: at High
        #: Altitude; mode as in step_lists), the plane's steps as a mask, its Move actions followed by its altitude
        #: change, the spaces of the steps in order and whether the space is in the dogfight area (each made when
        #: first needed: ``_segment``)
        self._segments: tuple[list[Any], ...] = tuple([None] * (n_cells * 8) for _ in range(4))
        #: the actions that can change where Zaxxon faces (a Move: only from or into the inner fortress)
        self._turners = frozenset((Spin, Shoot, MoveZaxxon, ZaxxonShoot))
        #: (target spaces..., Zaxxon's west space) -> the mask of the spaces those pieces take; bounded
        self._pieces: dict[tuple[int, ...], int] = {}
        #: per prebuilt Move action, by its id: the action, its plane number, its space and {space stepped from: the
        #: arguments and data of the event} as far as they were needed (``_tell_move``)
        self._move_of: dict[int, MoveInfo] = {id(m): (m, num, to, {}) for num, moves in self._moves.items()
                                              for to, m in enumerate(moves)}
        #: the target spaces, Zaxxon's west space and their entry of _pieces at the last legal_actions
        self._last_pieces: tuple[list[int], int, int] = ([], -2, 0)

    def _step_lists(self, seat: int) -> tuple[tuple[StepList, ...], ...]:
        modes: list[tuple[StepList, ...]] = []
        for mode in range(4):
            row: list[StepList] = []
            for c, info in enumerate(self.step_info[seat]):
                tos = tuple(to for to, bits in info.items() if (mode & 1 or not bits & 1) and not (mode & 2 and bits & 2))
                if mode and modes[0][c][0] == tos:
                    row.append(modes[0][c])
                else:
                    row.append((tos, mask_of(tos), tuple(self._moves[1][t] for t in tos),
                                tuple(self._moves[2][t] for t in tos)))
            modes.append(tuple(row))
        return tuple(modes)

    def _ray(self, cell: int, d: int) -> tuple[int, ...]:
        out = []
        for c in self.lines[cell][d]:
            if self.board.terrain[c] in "#Ww":
                break
            out.append(c)
        return tuple(out)

    #: the seat to act, ``state.mover`` as the reference's ``current_player`` answers, read in C (the kit asks after
    #: every action: one Python frame less)
    current_player = staticmethod(attrgetter("mover"))  # type: ignore[assignment]  # (the same signature, in C)

    # -- look-ups -----------------------------------------------------------------------------------------------------
    def plane_at(self, s: ZState, cell: int) -> int:
        pl = s.planes
        if len(pl) != 4:  # (only a state being set up)
            return super().plane_at(s, cell)
        return (0 if pl[0][0] == cell else 1 if pl[1][0] == cell else 2 if pl[2][0] == cell
                else 3 if pl[3][0] == cell else -1)

    def live_area(self, s: ZState, cell: int, kind: str) -> bool:
        return self.area_kind[cell] == kind and s.tcell[self.area_target[cell]] >= 0

    def on_wall(self, s: ZState, seat: int) -> int:
        low, planes = self.low_section, s.planes
        if low[planes[seat * 2][0]]:
            return seat * 2
        if low[planes[seat * 2 + 1][0]]:
            return seat * 2 + 1
        return -1

    def spinner(self, v: ZaxxonVariant) -> tuple[tuple[str, ...], tuple[float, ...]]:
        got = self._spin_cache.get(v.spinner_weights)
        if got is None:
            got = self._spin_cache[v.spinner_weights] = v.spinner_draw()
        return got

    def facing(self, s: ZState) -> str:
        inner, pl = self.inner, s.planes
        if not (inner[pl[0][0]] or inner[pl[1][0]] or inner[pl[2][0]] or inner[pl[3][0]]):
            return "S"  # (a plane is off the board, space -1, only inside a handler; -1 is a black space)
        w, e = s.zx, self.east[s.zx]
        dw, de = self.zx_dist[w], self.zx_dist[e]
        cols = self.board.cols
        row = w // cols
        best, north, other = 1 << 30, False, False
        for p in pl:
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

    # -- the rules' questions, from the tables ------------------------------------------------------------------------
    def move_problem(self, s: ZState, seat: int, pi: int, to: int) -> tuple[str, str] | None:
        p = s.planes[pi]
        info = self.step_info[seat][p[0]].get(to)
        if info is not None and not (info & 1 and (not p[1] or s.count < 2)):
            pl = s.planes
            if (pl[0][0] != to and pl[1][0] != to and pl[2][0] != to and pl[3][0] != to and to not in s.tcell
                    and not (info & 2 and s.low == seat and s.variant.radar_barrier)):
                return None
        return super().move_problem(s, seat, pi, to)  # a refusal: the reference says which and why

    def apply(self, state: ZState, action: Action, ctx: Context) -> None:
        kind = type(action)
        seat = state.mover
        if seat is not None:
            # the commonest steps, each in one frame when they are legal as they stand (else as below)
            ph = state.phase
            if ph == MOVE:
                if kind is Move:
                    if self._move_step(state, seat, action, ctx):  # type: ignore[arg-type]
                        return
                elif kind is Altitude and self._altitude_step(state, seat, action, ctx):  # type: ignore[arg-type]
                    return
            elif ph == ROLL:
                if kind is Roll:
                    self._roll_step(state, ctx)
                    return
            elif ph == SPIN and kind is Spin and self._spin_step(state, seat, ctx):
                return
        if kind is Move:
            # a step turns Zaxxon only from or into the inner fortress (unsure of the plane or space: the reference)
            num, name = action.plane, action.to  # type: ignore[attr-defined]
            to = self.board.index.get(name) if type(name) is str else None
            if (seat is None or to is None or type(num) is not int or not 1 <= num <= 2
                    or self.inner[state.planes[seat * 2 + num - 1][0]] or self.inner[to]):
                super().apply(state, action, ctx)
                return
        elif kind in self._turners or seat is None or kind not in self._handlers:
            super().apply(state, action, ctx)  # (works out the facing before and after, or refuses it)
            return
        self._handlers[kind](state, seat, action, ctx)

    def _move_step(self, s: ZState, seat: int, action: Move, ctx: Context) -> bool:
        """``_apply_move`` for a step that is legal as it stands and touches no space of the inner fortress (so
        Zaxxon does not turn, and the inner fortress's entry and RADAR barrier are not crossed): the checks of
        ``_flying``, ``_cell`` and ``move_problem`` from the tables, then the step told as the reference tells it.
        ``False`` (nothing done) for anything else: the reference plays it, or refuses it with its reason."""
        m = self._move_of.get(id(action))
        if m is None or m[0] is not action:  # (not a prebuilt action: the same step's, if it is one)
            m = self._move_info(action)
            if m is None:
                return False
        num, to = m[1], m[2]
        planes = s.planes
        first = seat * 2
        p = planes[first + num - 1]
        here = p[0]
        low = self.low_section
        # zaxxon.shot-down-*: grounded this turn; zaxxon.wall-no-landing: a plane of this seat on a wall steps off
        # first (the reference's)
        if p[2] or low[planes[first][0]] or low[planes[first + 1][0]]:
            return False
        # move_problem: a step the tables allow (zaxxon.plane-moves, zaxxon.blocked-spaces, zaxxon.own-side,
        # zaxxon.zaxxon-area, zaxxon.wall-crossing), onto no plane (zaxxon.no-passing-planes) or target
        # (zaxxon.blocked-spaces); not from or into the inner fortress (info & 4: the reference's, as Zaxxon may
        # turn; the RADAR barrier lies inside it)
        info = self.step_info[seat][here].get(to)
        if (info is None or info & 4 or info & 1 and (not p[1] or s.count < 2) or planes[0][0] == to or planes[1][0] == to
                or planes[2][0] == to or planes[3][0] == to or to in s.tcell):
            return False
        p[0] = to
        # ctx.tell("zaxxon.plane-moves", -1, texts.move, num, names[here], names[to], plane=num, to=names[to]),
        # its arguments and data made once per step of a plane (``_tell_move``)
        told = m[3].get(here) or self._tell_move(m, here)
        ctx.tell_made("zaxxon.plane-moves", -1, texts.move, told[0], told[1])
        if low[to]:
            ctx.emit("zaxxon.wall-crossing", texts.WALL[num], plane=num)
        spin = s.spin
        if spin == "RED":
            if self.live_area(s, to, "silo") and not self.live_area(s, here, "silo"):
                self._shoot_down(s, ctx, first + num - 1, "zaxxon.red-silo-fire", "a missile silo (RED: planes "
                                 "entering a silo area are shot down)")
        elif (spin == "BLUE" and s.variant.turret_fires_on_entry
              and self.live_area(s, to, "turret") and not self.live_area(s, here, "turret")):
            self._shoot_down(s, ctx, first + num - 1, "zaxxon.blue-turret-fire", "a gun turret (BLUE, variant: "
                             "entering)")
        s.count -= 1  # _spend(s, ctx, 1)
        if s.count <= 0 and s.phase == MOVE:
            self._next_stage(s, ctx)
        return True

    def _move_info(self, action: Move) -> MoveInfo | None:
        """The entry of ``_move_of`` of the prebuilt action equal to ``action`` (``None`` if it names no plane
        number or space as they are written: the reference refuses it with its reason)."""
        num, name = action.plane, action.to
        if num.__class__ is not int or not (num == 1 or num == 2) or name.__class__ is not str:
            return None
        to = self.board.index.get(name)
        return None if to is None else self._move_of[id(self._moves[num][to])]

    def _tell_move(self, m: MoveInfo, here: int) -> Told:
        """The sentence's arguments and the data of the event of the step ``m`` from ``here`` (``_move_step``), kept
        in ``m``; the data read-only, as the events share it."""
        names = self.board.names
        num, to = m[1], m[2]
        told = m[3][here] = (num, names[here], names[to]), MappingProxyType({"plane": num, "to": names[to]})
        return told

    def _altitude_step(self, s: ZState, seat: int, action: Altitude, ctx: Context) -> bool:
        """``_apply_altitude`` for a change the plane may make as it stands (``_flying``'s checks from the tables),
        told as the reference tells it; ``False`` (nothing done) for anything else: the reference's."""
        num, high = action.plane, action.high
        if num.__class__ is not int or not (num == 1 or num == 2) or not (high is True or high is False):
            return False
        planes = s.planes
        first = seat * 2
        p = planes[first + num - 1]
        low = self.low_section
        if p[2] or low[planes[first][0]] or low[planes[first + 1][0]] or high is bool(p[1]):
            return False
        p[1] = 1 if high else 0
        ctx.emit("zaxxon.altitude", texts.ALTITUDE[num, high], plane=num, high=high)
        s.count -= 1  # _spend(s, ctx, 1)
        if s.count <= 0 and s.phase == MOVE:
            self._next_stage(s, ctx)
        return True

    def _roll_step(self, s: ZState, ctx: Context) -> None:
        """``_apply_roll`` (the roll phase: the dice rolled, ties rolled again), told as the reference tells it."""
        draw = ctx.draw
        while True:
            d0, d1 = draw("die"), draw("die")
            if d0 != d1:
                break
            ctx.tell("zaxxon.roll", None, texts.tie, d0, die=d0)
        s.dice = [d0, d1]
        s.low = low = 0 if d0 < d1 else 1
        s.phase, s.mover = SPIN, low
        players = ctx.players
        ctx.tell("zaxxon.roll", None, texts.roll, s.round, players[0], d0, players[1], d1, dice=[d0, d1])
        ctx.tell("zaxxon.order-of-play", low, texts.lower, players[low], players[1 - low])

    def _spin_step(self, s: ZState, seat: int, ctx: Context) -> bool:
        """``_apply_spin`` when no plane is in the inner fortress (then Zaxxon faces south before and after: a plane
        shot down in an outer fortress goes to its home base), told as the reference tells it; ``False`` (nothing
        done) otherwise: the reference's, which works out the facing."""
        inner, pl = self.inner, s.planes
        if inner[pl[0][0]] or inner[pl[1][0]] or inner[pl[2][0]] or inner[pl[3][0]]:
            return False
        v = s.spin = ctx.draw("spinner", *self.spinner(s.variant))
        name = ctx.players[seat]
        ctx.tell("zaxxon.spinner", -1, texts.spin, name, v, spin=v)
        s.phase, s.stage, s.count = MOVE, 0, s.dice[s.low]
        if v == "RED":
            self._area_fire(s, ctx, "silo")
        elif v == "BLUE":
            self._area_fire(s, ctx, "turret")
        elif v == "WHITE":
            ctx.emit("zaxxon.white-safe", texts.WHITE, player=None)
        elif s.zx_active:
            s.phase = ZAXXON
            ctx.tell("zaxxon.zaxxon-spin", -1, texts.zaxxon_spin, name, s.count, count=s.count)
        else:
            ctx.emit("zaxxon.zaxxon-spin", texts.Z_ASLEEP, player=None)
        return True

    def _next_stage(self, s: ZState, ctx: Context) -> None:
        # the higher roller's stage told as the reference tells it; the end of the turn is the reference's
        if s.stage == 0:
            hi = 1 - s.low
            s.stage, s.mover = 1, hi
            s.count = s.dice[hi]
            ctx.tell("zaxxon.order-of-play", hi, texts.higher, ctx.players[hi], s.count)
            return
        super()._next_stage(s, ctx)

    def _cell(self, name: Any, rule: str) -> int:
        cell = self.board.index.get(name) if type(name) is str else None
        return super()._cell(name, rule) if cell is None else cell

    def _flying(self, s: ZState, seat: int, action: Move | Altitude | Shoot) -> int:
        num = action.plane
        if s.phase == MOVE and type(num) is int and (num == 1 or num == 2):
            pi = seat * 2 + num - 1
            low, planes = self.low_section, s.planes
            if not planes[pi][2] and not low[planes[seat * 2][0]] and not low[planes[seat * 2 + 1][0]]:
                return pi  # flying, and no plane of this seat on a wall
        return super()._flying(s, seat, action)  # (the reference's checks, and its refusals)

    def legal_actions(self, state: ZState) -> list[Action]:
        s = state
        if s.phase != MOVE:
            return self._other_actions(s)
        seat = s.mover
        assert seat is not None
        planes = s.planes
        first = seat * 2
        p, q = planes[first], planes[first + 1]  # (the mover's planes, #1 and #2)
        here, there = p[0], q[0]
        low = self.low_section
        if low[here] or low[there]:
            return self._off_wall(s, seat)
        # the spaces of the target pieces and Zaxxon (``fixed``) and of the planes (``taken`` holds both): no plane
        # may step there, and a shot stops there
        last = self._last_pieces  # (the layout of the previous call: most calls see the same)
        fixed = last[2] if last[1] == s.zx and last[0] == s.tcell else self._layout(s)
        bit = self.bit
        enemies = bit[planes[2 - first][0]] | bit[planes[3 - first][0]]
        taken = fixed | enemies | bit[here] | bit[there]
        count = s.count
        # a plane's entry in its segments: space * 8, +2 when the RADAR barrier is closed to it, and at High
        # Altitude +4 (+1 more with 2 counts: the low section of a wall may be entered)
        at_low = 2 if s.low == seat and s.variant.radar_barrier else 0
        at_high = at_low + (5 if count >= 2 else 4)
        # per space, what a shot with this count could reach (a count outside 1-6, never seen in the move phase:
        # -1, so _shots looks, as Zaxxon's spaces are always in ``fixed``)
        near = self.near_at[count if 0 < count <= 6 else 0]
        res: list[Action] = []
        # each plane that may fly (the same for #1 and #2): its steps, blocked ones left out (kept per entry and
        # blocked spaces), and its altitude change; then its shots, if a target piece or Zaxxon is in reach, or an
        # opponent's plane in a dogfight (its own planes are never shot)
        if not p[2]:
            k = here * 8 + (at_high if p[1] else at_low)
            entry = self._segments[first][k] or self._segment(first, k)
            blocked = entry[0] & taken
            res += (entry[4].get(blocked) or self._unblocked(entry, blocked)) if blocked else entry[1]
            reach = near[here]
            if fixed & reach or entry[3] and enemies & reach:
                self._shots(s, seat, first, taken, res)
        if not q[2]:
            k = there * 8 + (at_high if q[1] else at_low)
            entry = self._segments[first + 1][k] or self._segment(first + 1, k)
            blocked = entry[0] & taken
            res += (entry[4].get(blocked) or self._unblocked(entry, blocked)) if blocked else entry[1]
            reach = near[there]
            if fixed & reach or entry[3] and enemies & reach:
                self._shots(s, seat, first + 1, taken, res)
        if not (res and s.variant.must_use_full_count):
            res.append(self._end)
        return res

    def _layout(self, s: ZState) -> int:
        """The mask of the spaces target pieces and Zaxxon take, kept per layout (``_pieces``, bounded) and as the
        last one seen (``_last_pieces``)."""
        key = (*s.tcell, s.zx)
        fixed = self._pieces.get(key)
        if fixed is None:
            if len(self._pieces) >= 512:
                self._pieces.clear()
            fixed = self._pieces[key] = mask_of((*key, self.east[s.zx]))
        self._last_pieces = (s.tcell[:], s.zx, fixed)
        return fixed

    def _segment(self, pi: int, k: int) -> Segment:
        """Entry ``k`` of plane ``pi``'s segments (made when first needed): the spaces of its steps as a mask, its
        Move actions followed by its altitude change, the spaces in the order of the moves, whether the plane's
        space is in the dogfight area, and the actions left when some of the steps are blocked (by the mask of
        the blocked spaces, as far as they were needed: ``_unblocked``)."""
        seat, num = divmod(pi, 2)
        num += 1
        here, rest = divmod(k, 8)
        high = rest >= 4
        tos, to_mask, moves1, moves2 = self.step_lists[seat][rest - 4 if high else rest][here]
        entry: Segment = (to_mask, (*(moves1 if num == 1 else moves2), self._alt_to[num][0 if high else 1]), tos,
                 here in self.board.dogfight, {})
        self._segments[pi][k] = entry
        return entry

    @staticmethod
    def _unblocked(entry: Segment, blocked: int) -> tuple[Action, ...]:
        """The actions of segment ``entry`` when the spaces of ``blocked`` (a mask of some of its steps' spaces)
        are taken: the steps onto the others, in order, then the altitude change; kept in the entry."""
        steps = entry[1]
        kept = (*(move for to, move in zip(entry[2], steps, strict=False) if not blocked >> to & 1), steps[-1])
        entry[4][blocked] = kept
        return kept

    def _off_wall(self, s: ZState, seat: int) -> list[Action]:
        """The legal actions when a plane of ``seat`` is on a wall's low section: its steps off it, nothing else
        (zaxxon.wall-no-landing)."""
        planes = s.planes
        pi = seat * 2 if self.low_section[planes[seat * 2][0]] else seat * 2 + 1
        p = planes[pi]
        if p[2]:
            return []
        pcells = (planes[0][0], planes[1][0], planes[2][0], planes[3][0])
        fixed = frozenset((*s.tcell, s.zx, self.east[s.zx]))
        radar = 2 if s.low == seat and s.variant.radar_barrier else 0
        tos, _, moves1, moves2 = self.step_lists[seat][(1 if p[1] and s.count >= 2 else 0) + radar][p[0]]
        return [move for to, move in zip(tos, moves1 if pi % 2 == 0 else moves2, strict=True)
                if to not in fixed and to not in pcells]

    def _other_actions(self, s: ZState) -> list[Action]:
        """The legal actions outside the move phase: roll, spin, or Zaxxon's moves and shots."""
        if s.phase == OVER:
            return []
        if s.phase == ROLL:
            return [self._roll]
        if s.phase == SPIN:
            return [self._spin]
        if s.phase == ZAXXON:
            out: list[Action] = [a for d, a in self._zx_moves if self.zaxxon_move_ok(s, d)]
            out += self._zx_shots[self.facing(s)]
            return out
        raise AssertionError(f"unknown phase {s.phase}")

    def _shots(self, s: ZState, seat: int, pi: int, taken: int, out: list[Action]) -> None:
        """Append plane ``pi``'s shots (``plane_shots``; ``taken``: the mask of the spaces of planes, target pieces
        and Zaxxon)."""
        b = self.board
        num = pi % 2 + 1
        count = s.count
        here = s.planes[pi][0]
        if count <= 0 or (count <= 6 and not taken & self.near[here][count]):
            return
        for ray in self.rays[here]:
            for c in ray[:count]:
                if taken >> c & 1:
                    if self.target_problem(s, seat, pi, c) is None:
                        ti = self.target_at(s, c)
                        if ti >= 0 and b.targets[ti].kind == "fuel" and not s.tinner[ti]:
                            out.extend(self._shoot_action(num, c, f) for f in self.free_fuel_spaces(s))
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


__all__ = ["FastZaxxonRules", "StepList"]
