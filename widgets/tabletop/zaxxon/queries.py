"""Questions a board (or a learner) asks the Zaxxon rules about a position, answered by the rules themselves.

:func:`reachable` says where a plane of the player to move can fly with the count left, what each space costs and
the route there; :func:`route` gives one space's route (or ``None``) and :func:`unreachable` why a space has none.
They explore by applying the rules' own listed ``Move`` actions to copies of the position (one scratch copy of the
game, whose dice are its own: the game is never touched), so every step of a route is a move the rules allow at
that moment (``legal_actions``: walls only at the low section at High Altitude and with 2 counts, never across
the RADAR barrier on a lower roll, never onto a plane, a piece, a black space, the Zaxxon area or the other side)
and a space where the plane is shot down on entering (RED on a live missile silo area) ends its route. The rest of
the board stands still meanwhile: only the plane moves. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine import Game
from .board import BOARD
from .rules import PHASES, Move, ZaxxonRules, ZState


@dataclass(frozen=True)
class Route:
    """How plane ``plane`` gets to ``to``: the ``moves`` (one count each, in order), the spaces it passes
    (``path``, ending at ``to``) and whether it is shot down on entering ``to`` (``shot_down``)."""

    plane: int
    to: str
    moves: tuple[Move, ...]
    shot_down: bool = False

    @property
    def cost(self) -> int:
        """The counts the route spends (one per step; the wall's low section is a step of its own)."""
        return len(self.moves)

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(m.to for m in self.moves)


def _plane_space(game: Game[Any], seat: int, plane: int) -> str:
    """The plane's space (read from the engine's own state: ``game.state`` would build the whole JSON view)."""
    return BOARD.name(game.raw_state.planes[seat * 2 + plane - 1][0])


def _moving(game: Game[Any], seat: int) -> bool:
    """Is ``seat`` still moving its planes (the count not spent, the turn not passed on)?"""
    s = game.raw_state
    return s.mover == seat and PHASES[s.phase] == "move"


def reachable(game: Game[Any], plane: int) -> dict[str, Route]:
    """Every space plane ``plane`` (1 or 2) of the player to move can fly to with the count left, with the
    cheapest route there (fewest counts; among equal ones, the rules' direction order), in the move phase only
    (else ``{}``). A space where the plane would be shot down on entering is reachable with ``shot_down=True``
    but nothing is reached through it; nor through the end of the count.

    A breadth-first search over the rules' own moves: each step is one of ``rules.legal_actions`` of the position
    reached so far, applied by ``rules.apply`` to a copy of that position (a scratch simulation copy of the game
    gives the Context: its dice, if a step ever drew any, are the copy's). No ``Game.fork`` per step: a fork copies
    the whole script and history, which grow with the game."""
    seat = game.current_player
    if seat is None or not _moving(game, seat) or plane not in (1, 2) or isinstance(plane, bool):
        return {}
    rules: ZaxxonRules = game.rules  # type: ignore[assignment]
    scratch = game.fork_at(game.raw_state, chance_counter=game.chance.counter, version=game.version)
    scratch.safe, scratch.keep_log, scratch.tally = False, False, {}
    ctx = scratch.counting_context()
    pi = seat * 2 + plane - 1
    start = _plane_space(game, seat, plane)
    out: dict[str, Route] = {}
    frontier: list[tuple[ZState, tuple[Move, ...]]] = [(game.raw_state, ())]
    seen = {start}
    while frontier:
        nxt: list[tuple[ZState, tuple[Move, ...]]] = []
        for state, moves in frontier:
            for a in rules.legal_actions(state):
                if not isinstance(a, Move) or a.plane != plane or a.to in seen:
                    continue
                seen.add(a.to)
                after = rules.copy_state(state)
                ctx.player = seat
                rules.apply(after, a, ctx)
                steps = (*moves, a)
                down = BOARD.name(after.planes[pi][0]) != a.to
                out[a.to] = Route(plane, a.to, steps, down)
                if not down and after.mover == seat and PHASES[after.phase] == "move":
                    nxt.append((after, steps))
        frontier = nxt
    return out


def route(game: Game[Any], plane: int, to: str) -> Route | None:
    """The cheapest route of plane ``plane`` of the player to move to space ``to`` now, or ``None``."""
    return reachable(game, plane).get(to)


def unreachable(game: Game[Any], plane: int, to: str) -> tuple[str, str]:
    """Why plane ``plane`` cannot fly to ``to`` now, as (clause, reason): the rules' refusal of the step when
    ``to`` is next to the plane, else the count and the way."""
    seat = game.current_player
    if seat is None:
        return "zaxxon.win", "the game is over"
    here = _plane_space(game, seat, plane)
    if BOARD.cell(to) in BOARD.nbr[BOARD.cell(here)] or game.state["phase"] != "move":
        why = game.explain(Move(plane, to))
        if why is not None:
            return why.rule, why.reason
    count = game.state["count"]
    return "zaxxon.plane-moves", (f"plane #{plane} on {here} cannot reach {to} with the {count} count"
                                  f"{'s' * (count != 1)} left: a plane flies one space per count, round walls, "
                                  "pieces, planes and black spaces (and not across the RADAR barrier on a lower "
                                  "roll)")


def reach_view(game: Game[Any], planes: Sequence[int] = (1, 2)) -> dict[str, dict[str, Any]]:
    """What the board draws for the selected plane: per plane number ``{"costs": {space: counts}, "stops":
    [spaces where it would be shot down on entering]}`` (planes that cannot move are left out)."""
    out: dict[str, dict[str, Any]] = {}
    seat = game.current_player
    s = game.raw_state  # (``game.state`` would build the whole JSON view of the position for these few fields)
    if seat is None or PHASES[s.phase] != "move" or s.count <= 0:
        return out
    mine = s.planes[seat * 2: seat * 2 + 2]  # [cell, high, grounded, shot_zaxxon]
    on_wall = [i + 1 for i, p in enumerate(mine) if BOARD.terrain[p[0]] == "w"]
    for num in planes:
        if mine[num - 1][2] or (on_wall and num not in on_wall):
            continue  # shot down this turn, or the other plane must finish crossing the wall first
        r = reachable(game, num)
        out[str(num)] = {"costs": {s: x.cost for s, x in r.items()},
                         "stops": sorted(s for s, x in r.items() if x.shot_down)}
    return out


#: a distance map's value for a space no path reaches
FAR = 1 << 30
#: what entering a space of a live missile silo or gun turret area adds to the route planner's step cost
AREA_COST = 4
#: firing plans kept (shared by every caller; cleared when full)
PLAN_CACHE_SIZE = 4096


class FiringPlan(NamedTuple):
    """Where a plane should fly next and how far each space is from there: ``goals``, the spaces from which it can
    shoot (in a straight line, at most four spaces, nothing in between) a target its team still needs, or Zaxxon
    once those are gone (zaxxon.mission); ``distances``, per space of the board the cost of the cheapest way to
    the nearest goal (one per step, more for the wall's low section, ``AREA_COST`` more in a live silo or turret
    area; target pieces block), :data:`FAR` where no way leads."""

    goals: frozenset[int]
    distances: tuple[int, ...]


def needed_targets(rules: ZaxxonRules, state: ZState, seat: int, plane_index: int) -> list[int]:
    """The spaces of what plane ``plane_index`` (0-3: seat * 2 + plane - 1) should shoot next: its team's targets
    still standing, else Zaxxon's spaces while this plane has not shot Zaxxon (zaxxon.mission)."""
    out = [state.tcell[t.idx] for t in rules.board.targets if state.tcell[t.idx] >= 0 and t.owner == seat]
    if not out and not state.planes[plane_index][3]:
        out.extend(rules.zaxxon_spaces(state))
    return out


def firing_goals(rules: ZaxxonRules, state: ZState, seat: int, plane_index: int) -> set[int]:
    """The spaces from which plane ``plane_index`` can shoot one of its :func:`needed_targets`: up to four spaces
    from it in each of the six directions, until a black space, a wall, Zaxxon or a target piece (a shot's line,
    zaxxon.shoot), on its own side of the board (``rules.allowed``), not right beside it inside a target's area."""
    b = rules.board
    goals: set[int] = set()
    zx = rules.zaxxon_spaces(state)
    allowed = rules.allowed[seat]
    for tc in needed_targets(rules, state, seat, plane_index):
        for d in range(6):
            c, n = b.nbr[tc][d], 1
            while c >= 0 and n <= 4:
                t = b.terrain[c]
                if t == "#" or t in "Ww" or c in zx or rules.target_at(state, c) >= 0:
                    break
                if c in allowed and (n > 1 or b.area_of[c] < 0):
                    goals.add(c)
                c, n = b.nbr[c][d], n + 1
    return goals


def distance_map(rules: ZaxxonRules, state: ZState, seat: int, goals: set[int] | frozenset[int],
                 area_cost: int = AREA_COST) -> list[int]:
    """The cost from each space to the nearest of ``goals`` for a plane of ``seat`` (its steps, ``rules.steps``):
    each step costs the rules' ``step_cost`` of the space entered plus ``area_cost`` in a live silo or turret
    area; target pieces block; :data:`FAR` where no way leads. (A Dijkstra search with a bucket per distance:
    the step costs are small whole numbers.)"""
    b = rules.board
    far = FAR
    cost = list(rules.step_cost)
    for area in b.areas:
        if state.tcell[area.target] >= 0:
            for c in area.cells:
                cost[c] += area_cost
    for c in state.tcell:
        if c >= 0:
            cost[c] = far
    dist = [far] * len(cost)
    for g in goals:
        dist[g] = 0
    buckets: dict[int, list[int]] = {0: list(goals)}
    steps = rules.steps[seat]
    d = top = 0
    while d <= top:
        bucket = buckets.pop(d, None)
        if bucket is not None:
            for c in bucket:
                if dist[c] != d:
                    continue  # reached more cheaply since
                for n in steps[c]:
                    nd = d + cost[n]
                    if nd < dist[n]:
                        dist[n] = nd
                        got = buckets.get(nd)
                        if got is None:
                            buckets[nd] = [n]
                            if nd > top:
                                top = nd
                        else:
                            got.append(n)
        d += 1
    return dist


#: (board, seat, shot Zaxxon?, Zaxxon's space, target spaces) -> the plan: all a plan depends on (it ignores planes)
_PLANS: dict[tuple[Any, ...], FiringPlan] = {}


def firing_plan(rules: ZaxxonRules, state: ZState, seat: int, plane_index: int) -> FiringPlan:
    """Plane ``plane_index``'s :class:`FiringPlan` (:func:`firing_goals` and their :func:`distance_map`),
    remembered for the same board, seat, Zaxxon shot or not, Zaxxon's space and target spaces (at most
    :data:`PLAN_CACHE_SIZE` plans). The greedy bot flies by it and the search bot's evaluation measures with it."""
    key = (id(rules.board), seat, state.planes[plane_index][3], state.zx, tuple(state.tcell))
    got = _PLANS.get(key)
    if got is None:
        if len(_PLANS) >= PLAN_CACHE_SIZE:
            _PLANS.clear()
        goals = firing_goals(rules, state, seat, plane_index)
        got = _PLANS[key] = FiringPlan(frozenset(goals), tuple(distance_map(rules, state, seat, goals)))
    return got


def standing(rules: ZaxxonRules, state: ZState, seat: int) -> float:
    """How far ``seat`` is along its mission: ``rules.progress`` plus, per plane, up to half a target for being near
    a firing position (its :func:`firing_plan`'s distance; 0 when no path leads there). ``ZaxxonRules.evaluate``
    scores a search bot's cut-off playouts with it."""
    done = float(rules.progress(state, seat))
    for pi in (seat * 2, seat * 2 + 1):
        d = firing_plan(rules, state, seat, pi).distances[state.planes[pi][0]]
        if d < FAR:
            done += 0.5 / (1 + d / 4)
    return done


__all__ = ["AREA_COST", "FAR", "FiringPlan", "Route", "distance_map", "firing_goals", "firing_plan", "needed_targets",
           "reach_view", "reachable", "route", "standing", "unreachable"]
