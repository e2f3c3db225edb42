"""Zaxxon bots: a random one and a greedy one that pursues its mission.

The greedy bot (``"greedy"``) takes any shot that advances its mission or wins a dogfight; otherwise it flies the
plane that can get closest to a firing position (a Dijkstra search over the hex board that makes live silo and
turret areas expensive, so it avoids them when it can), changing altitude where walls and shots need it. With a Z
it shoots the opponent's planes with Zaxxon when it can.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from ..engine import Action, Bot, Game, RandomBot
from .queries import AREA_COST, FAR, distance_map, firing_goals, firing_plan, needed_targets
from .rules import Altitude, EndTurn, Move, MoveZaxxon, Shoot, ZaxxonRules, ZaxxonShoot, ZState
from .strategy import ZaxxonStrategy

__all__ = ["BOTS", "FAR", "STRATEGY", "GreedyBot", "ZaxxonRandomBot"]
#: how far an unreachable space counts when the greedy bot compares moves
UNREACHED = 999


def _cost(dist: Sequence[int], cell: int) -> int:
    d = dist[cell]
    return d if d < FAR else UNREACHED


def _first(t: tuple[float, Action]) -> float:
    return t[0]


class ZaxxonRandomBot(RandomBot):
    """Uniform over the legal actions, but never ends the turn while it could still act (so games finish)."""

    name = "random"

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        n = len(legal)
        if n > 1 and type(legal[n - 1]) is EndTurn:  # legal_actions lists EndTurn last, if at all
            n -= 1
        rng = self.rng
        if n > 0 and rng.__class__ is Random:
            # rng.randrange(n) as CPython's Random works it out (_randbelow_with_getrandbits: k random bits, again
            # while they make n or more), without its two Python calls: the same draws, the same choice
            # (tests/zaxxon/test_bots.py compares the two)
            k = n.bit_length()
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return legal[r]
        return legal[rng.randrange(n)]


class GreedyBot(Bot):
    """Pursues its mission: shoot what is in reach, otherwise fly toward the nearest firing position."""

    name = "greedy"

    #: the route planner's extra cost of a live silo or turret area (queries.AREA_COST)
    AREA_COST = AREA_COST

    def choose(self, game: Game[Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rules: ZaxxonRules = game.rules  # type: ignore[assignment]
        s: ZState = game.raw_state
        seat = s.mover
        assert seat is not None
        if type(legal[0]) in (MoveZaxxon, ZaxxonShoot):
            return self._zaxxon(rules, s, seat, legal)
        index = rules.board.index
        # 1. shots that advance the mission (fuel tanks before anything else), then dogfights
        best: tuple[int, Action] | None = None
        all_moves = True
        for a in legal:
            kind = type(a)
            if kind is Shoot:
                all_moves = False
                pri = self._shot_value(rules, s, seat, index[a.at])  # type: ignore[attr-defined]
                if pri > 0 and (best is None or pri > best[0]):
                    best = (pri, a)
            elif kind is not Move:
                all_moves = False
        if best is not None:
            return best[1]
        # 2. fly toward firing positions (plan[n]: plane #n's goals and distance map: queries.firing_plan)
        planes = s.planes
        plan = [firing_plan(rules, s, seat, seat * 2), firing_plan(rules, s, seat, seat * 2 + 1)]
        plan.insert(0, plan[0])  # a stand-in: plane numbers index plan
        if all_moves:  # a plane on a wall: finish the crossing
            return min(legal, key=lambda a: _cost(plan[a.plane][1], index[a.to]))  # type: ignore
        options: list[tuple[float, Action]] = []
        sideways: list[Action] = []
        red = s.spin == "RED"
        rng = self.rng
        # each plane's cost from where it is
        start = (0, _cost(plan[1][1], planes[seat * 2][0]), _cost(plan[2][1], planes[seat * 2 + 1][0]))
        for a in legal:
            kind = type(a)
            if kind is Move:
                num = a.plane  # type: ignore[attr-defined]
                to = index[a.to]  # type: ignore[attr-defined]
                from_here = start[num]
                d = plan[num][1][to]
                gain = from_here - (d if d < FAR else UNREACHED)
                if red and rules.live_area(s, to, "silo") and not rules.live_area(s, planes[seat * 2 + num - 1][0],
                                                                                  "silo"):
                    gain -= 50
                if gain > 0:
                    options.append((gain + rng.random() * 0.01, a))
                elif gain == 0 and from_here < UNREACHED:
                    sideways.append(a)  # as good as staying: used to get round a plane in the way
            elif kind is Altitude:
                num = a.plane  # type: ignore[attr-defined]
                pi = seat * 2 + num - 1
                goals, dist = plan[num]
                here = planes[pi][0]
                high = a.high  # type: ignore[attr-defined]
                # raise before a wall on the path; lower on a firing position
                if high and self._wall_next(rules, s, pi, dist):
                    options.append((1.5, a))
                elif not high and here in goals and not self._dogfight_high(rules, s, seat, pi):
                    options.append((1.2, a))
                elif high and here in goals and self._dogfight_high(rules, s, seat, pi):
                    options.append((1.2, a))
        if options:
            return max(options, key=_first)[1]
        if sideways and rng.random() < 0.5:
            return sideways[rng.randrange(len(sideways))]
        for a in legal:
            if type(a) is EndTurn:
                return a
        return legal[0]

    # -- helpers -------------------------------------------------------------------------------------------
    def _shot_value(self, rules: ZaxxonRules, s: ZState, seat: int, at: int) -> int:
        other = rules.plane_at(s, at)
        if other >= 0:
            return 2 if other // 2 != seat else 0
        if at in rules.zaxxon_spaces(s):
            own_left = any(c >= 0 and t.owner == seat for t, c in zip(rules.board.targets, s.tcell, strict=True))
            return 1 if own_left else 5
        ti = rules.target_at(s, at)
        if ti < 0:
            return 0
        t = rules.board.targets[ti]
        if t.owner == seat:
            return 6 if t.kind == "fuel" else 4
        if t.kind != "fuel" and not t.indestructible:
            return 1  # an optional target: makes the inner fortress safer
        return 0

    # the route planner, kept by these names for scripts and tests: zaxxon.queries has it
    def _needed(self, rules: ZaxxonRules, s: ZState, seat: int, pi: int) -> list[int]:
        return needed_targets(rules, s, seat, pi)

    def _goals(self, rules: ZaxxonRules, s: ZState, seat: int, pi: int) -> set[int]:
        return firing_goals(rules, s, seat, pi)

    def _distances(self, rules: ZaxxonRules, s: ZState, seat: int, goals: set[int]) -> list[int]:
        return distance_map(rules, s, seat, goals, self.AREA_COST)

    def _wall_next(self, rules: ZaxxonRules, s: ZState, pi: int, dist: Sequence[int]) -> bool:
        """Is the next step on this plane's path the low section of a wall (and is there count to cross)?"""
        if s.count < 3:
            return False
        b = rules.board
        here = s.planes[pi][0]
        best, best_d = -1, 0
        for n in b.nbr[here]:  # the nearest neighbour on a path (the first one of equal ones)
            if n >= 0 and dist[n] < FAR and (best < 0 or dist[n] < best_d):
                best, best_d = n, dist[n]
        return best >= 0 and b.terrain[best] == "w" and best_d < _cost(dist, here)

    def _dogfight_high(self, rules: ZaxxonRules, s: ZState, seat: int, pi: int) -> bool:
        return False

    def _zaxxon(self, rules: ZaxxonRules, s: ZState, seat: int, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, ZaxxonShoot):
                hit = rules.zaxxon_shot_hit(s, a.space, a.direction)
                if hit >= 0 and hit // 2 != seat:
                    return a
        moves = [a for a in legal if isinstance(a, MoveZaxxon)]
        return moves[self.rng.randrange(len(moves))] if moves else legal[0]


BOTS: dict[str, type[Bot]] = {"random": ZaxxonRandomBot, "greedy": GreedyBot}

#: the search bot's strategy for Zaxxon (tabletop.sim.mcts finds it here)
STRATEGY = ZaxxonStrategy(GreedyBot)
