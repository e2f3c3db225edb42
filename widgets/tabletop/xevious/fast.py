"""Super Xevious: the fast path, held to the reference rules (``rules.py``) by tests/xevious/test_differential.py.

``FastXeviousRules`` is what games and simulations play (``tabletop.xevious.Rules``). It is the reference rules
with their hot questions answered from tables made once per stage instead of walked each time:

- ``Track``: one stage's track precomputed: per square, its kind's flags, its words, and the move of every roll
  1-6 from it (``Track.plan``); the ``StopAt`` choices of a pending move, made once and listed many times;
- ``plan`` reads that table and only then cuts the move at a standing guard or drops the stops a Daley Piece
  covers (the reference walks the track space by space: ``XeviousRules.plan``);
- ``legal_actions`` lists the actions made once in ``actions.py``, with the guard and catch-up checks inlined;
- the guards' squares (the Gump Markers standing) are kept per combination;
- a roll at the start of a turn (the commonest step: ``apply``, ``_start_move``, ``_land``) is played with
  fewer calls: the move read from the table, the commonest spaces followed in the same frame; the rest (a guard
  on the square, the stage gate, the other kinds of space, the end of the track) is handed to the reference's
  own step.

Every method here does exactly what the reference's method of the same name does; the differential test plays
both side by side.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine import Action, Context
from .actions import (
    AIMS,
    ATTACK,
    BLAST,
    CATCH_UP,
    ENEMY_AIMS,
    FIRE,
    FLY,
    PASS,
    ROLL,
    TRY_AGAIN,
    Aim,
    EnemyAim,
    Roll,
    StopAt,
    _aims,
)
from .data import Awards, Stage
from .rules import FORCED_STOPS, NO_GUARDS, Move, XeviousRules
from .state import Pilot, XeviousState
from .texts import _said, _t_forced
from .variant import XeviousVariant


def _cut(m: Move, k: int) -> Move:
    """Move ``m`` cut short by a standing guard on its square ``k``."""
    return (m[0][:k + 1], "guard", tuple(s for s in m[2] if s <= k), tuple(x for x in m[3] if x[0] <= k))


def _uncover(m: Move, daley: frozenset[tuple[int, int]], green: tuple[tuple[bool, ...], ...]) -> Move:
    """Move ``m`` without the early stops on Flag / Pin / Sol / Phantom spaces a Daley Piece covers."""
    path = m[0]
    stops = tuple(s for s in m[2] if path[s - 1] not in daley or green[path[s - 1][0]][path[s - 1][1]])
    return m if stops == m[2] else (path, m[1], stops, m[3])



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



class FastXeviousRules(XeviousRules):
    """The reference rules with the precomputed tables (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.tracks = tuple(track_of(st) for st in self.stages)  # made at once here (the reference makes it when asked)
        #: per stage number: 0 no guard can stand on its track, 1 the Andor Genesis (with the stage conditions),
        #: 2 the Gump Markers (Stage 7)
        self._guarded = (0, *(2 if st.number == 7 else 1 if st.guard else 0 for st in self.stages))
        self._standing: dict[tuple[bool, ...], frozenset[tuple[int, int]]] = {}  # Gump Markers up -> squares

    # -- a roll at the start of a turn, the commonest step, in one frame: XeviousRules._roll, _start_move and _land
    def apply(self, state: XeviousState, action: Action, ctx: Context) -> None:
        if action.__class__ is not Roll or state.phase != "turn" or state.winner is not None or state.capped:
            super().apply(state, action, ctx)
            return
        v: XeviousVariant = ctx.variant  # type: ignore[assignment]
        p = state.order[state.turn]
        guarded = self._guarded[state.stage]
        if guarded == 2 or (guarded and state.cond):
            self._refuse_if_blocked(state, p)
        n: int = ctx.draw("die")
        ctx.emit("xevious.move-roll", (_said, ctx.players[p], "rolls", " {}.", n), die=n)
        state.last = {"kind": "die", "value": n, "player": p}
        self._start_move(state, p, n, ctx, v)

    def _start_move(self, state: XeviousState, p: int, n: int, ctx: Context, v: XeviousVariant) -> None:
        tr = self.tracks[state.stage - 1]
        me = state.pilots[p]
        guarded = self._guarded[state.stage]
        if state.daley or guarded == 2 or (guarded and state.cond):
            m = self.plan(state, me, n)
        else:  # the common case: the table's move as it is
            m = tr.moves[me.area][me.idx][n] or tr.plan(me.area, me.idx, n)
        path, why, stops, crossed = m
        if not path:  # the end of the track: the reference's own step
            super()._start_move(state, p, n, ctx, v)
            return
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

    def _land(self, state: XeviousState, p: int, ctx: Context, v: XeviousVariant, early: bool = False) -> None:
        me = state.pilots[p]
        tr = self.tracks[state.stage - 1]
        st = tr.stage
        a, i = pos = (me.area, me.idx)
        if a >= tr.n_areas or state.stage == 7 or (state.cond and pos in tr.guard and pos not in me.beaten):
            super()._land(state, p, ctx, v, early)  # the stage gate, a guard: the reference
            return
        sp = tr.areas[a][i]
        k = sp.kind
        if k == "ground":
            self._battle_ground(state, p, sp.n, sp.boost, ctx, v)
        elif k == "air":
            self._battle_air(state, p, 1, ctx, v)
        elif k == "card":
            self._draw_card(state, p, ctx, v)
        elif k == "plain" and not (v.stage_conditions and st.condition == "garu-barra"):
            ctx.emit("xevious.move-roll", (_said, ctx.players[p], "lands", " on the {}: nothing happens.",
                                           tr.labels[a][i]))
        else:
            self._follow(state, p, st, sp, early, ctx, v)

    def gumps_standing(self, state: XeviousState) -> frozenset[tuple[int, int]]:
        squares = self._standing.get(state.gumps)
        if squares is None:
            squares = self._standing[state.gumps] = super().gumps_standing(state)
        return squares

    def guards_for(self, state: XeviousState, pilot: Pilot) -> frozenset[tuple[int, int]]:
        if state.stage == 7:
            return self.gumps_standing(state)
        if not state.cond:
            return NO_GUARDS
        guard = self.tracks[state.stage - 1].guard
        return guard - pilot.beaten if guard and pilot.beaten else guard

    def guard_at(self, state: XeviousState, pilot: Pilot, pos: tuple[int, int]) -> str | None:
        if state.stage != 7:
            if state.cond and pos in self.tracks[state.stage - 1].guard and pos not in pilot.beaten:
                return "andor"
            return None
        return "gump" if pos in self.gumps_standing(state) else None

    def plan(self, state: XeviousState, me: Pilot, n: int) -> Move:
        tr = self.tracks[state.stage - 1]
        a, i = me.area, me.idx
        m = tr.moves[a][i][n] if n < 7 else None
        if m is None:
            m = tr.plan(a, i, n)
        guarded = self._guarded[state.stage]
        if guarded == 2 or (guarded and state.cond):
            guards = self.guards_for(state, me)
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

    def pilot_plan(self, state: XeviousState, pilot: Pilot, track: Track, n: int) -> Move:
        return self.plan(state, pilot, n)

    def legal_actions(self, state: XeviousState) -> list[Action]:
        if state.winner is not None or state.capped:
            return []
        if state.phase != "turn":
            return self._decision_actions(state)
        # the start of a turn, inline (the commonest list): the reference's _turn_actions and can_catch_up
        p = state.order[state.turn]
        pilots = state.pilots
        me = pilots[p]
        guarded = self._guarded[state.stage]
        if (guarded == 2 or (guarded and state.cond)) and self.guard_at(state, me, (me.area, me.idx)):
            out: list[Action] = [ATTACK]
        elif me.retry and (me.area, me.idx) not in state.daley:
            out = [ROLL, TRY_AGAIN, *FLY] if me.cockpit else [ROLL, TRY_AGAIN]
        else:
            out = [ROLL, *FLY] if me.cockpit else [ROLL]
        if len(pilots) > 1:  # every other mover is in a later area (Stage 7: not from its last area)
            a = me.area
            for q in pilots:
                if q.area <= a and q is not me:
                    return out
            if not (state.stage == 7 and a >= self.tracks[6].n_areas - 1):
                out.append(CATCH_UP)
        return out

    def _decision_actions(self, state: XeviousState) -> list[Action]:
        """The choices in the middle of a turn, from the lists made once."""
        ph = state.phase
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
