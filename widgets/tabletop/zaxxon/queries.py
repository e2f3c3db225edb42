"""Questions a board (or a learner) asks the Zaxxon rules about a position, answered by the rules themselves.

:func:`reachable` says where a plane of the player to move can fly with the count left, what each space costs and
the route there; :func:`route` gives one space's route (or ``None``) and :func:`unreachable` why a space has none.
They explore by playing ``Move`` actions on forks of the game, so every step of a route is a move the rules allow
at that moment (``legal_actions``: walls only at the low section at High Altitude and with 2 counts, never across
the RADAR barrier on a lower roll, never onto a plane, a piece, a black space, the Zaxxon area or the other side)
and a space where the plane is shot down on entering (RED on a live missile silo area) ends its route. The rest of
the board stands still meanwhile: only the plane moves. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    but nothing is reached through it; nor through the end of the count."""
    seat = game.current_player
    if seat is None or not _moving(game, seat) or plane not in (1, 2) or isinstance(plane, bool):
        return {}
    start = _plane_space(game, seat, plane)
    out: dict[str, Route] = {}
    frontier: list[tuple[Game[Any], tuple[Move, ...]]] = [(game, ())]
    seen = {start}
    while frontier:
        nxt: list[tuple[Game[Any], tuple[Move, ...]]] = []
        for g, moves in frontier:
            for a in g.legal_actions():
                if not isinstance(a, Move) or a.plane != plane or a.to in seen:
                    continue
                seen.add(a.to)
                f = g.fork()
                f.play(a)
                steps = (*moves, a)
                down = _plane_space(f, seat, plane) != a.to
                out[a.to] = Route(plane, a.to, steps, down)
                if not down and _moving(f, seat):
                    nxt.append((f, steps))
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
    if seat is None or game.state["phase"] != "move" or game.state["count"] <= 0:
        return out
    mine = game.state["planes"][seat * 2: seat * 2 + 2]
    on_wall = [p["number"] for p in mine if BOARD.terrain[BOARD.cell(p["space"])] == "w"]
    for num in planes:
        if mine[num - 1]["grounded"] or (on_wall and num not in on_wall):
            continue  # shot down this turn, or the other plane must finish crossing the wall first
        r = reachable(game, num)
        out[str(num)] = {"costs": {s: x.cost for s, x in r.items()},
                         "stops": sorted(s for s, x in r.items() if x.shot_down)}
    return out


class _Helper:
    """The greedy bot's planning helpers (made on first use: ``bots`` imports the rules)."""

    def __getattr__(self, name: str) -> Any:
        from .bots import GreedyBot

        bot = GreedyBot(seed=0)
        globals()["_DISTANCES"] = bot
        return getattr(bot, name)


_DISTANCES: Any = _Helper()


def standing(rules: ZaxxonRules, state: ZState, seat: int) -> float:
    """How far ``seat`` is along its mission: ``rules.progress`` plus, per plane, up to half a target for being near
    a firing position (the greedy bot's cost map of the board to the targets still needed; 0 when no path leads
    there). ``ZaxxonRules.evaluate`` scores a search bot's cut-off playouts with it."""
    from .bots import FAR, GreedyBot  # the evaluation reuses the greedy bot's cached distance maps

    done = float(rules.progress(state, seat))
    cache = GreedyBot._cache
    helper = _DISTANCES
    for pi in (seat * 2, seat * 2 + 1):
        key = (id(rules.board), seat, state.planes[pi][3], state.zx, tuple(state.tcell))
        got = cache.get(key)
        if got is None:
            if len(cache) >= GreedyBot.CACHE_SIZE:
                cache.clear()
            goals = helper._goals(rules, state, seat, pi)
            got = cache[key] = (frozenset(goals), tuple(helper._distances(rules, state, seat, goals)))
        d = got[1][state.planes[pi][0]]
        if d < FAR:
            done += 0.5 / (1 + d / 4)
    return done


__all__ = ["Route", "reach_view", "reachable", "route", "standing", "unreachable"]
