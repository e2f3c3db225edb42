"""Zaxxon's search strategy for the kit's MCTS bot (``tabletop.sim.mcts``): how its playouts are played, cut off
and scored, and which move the search starts from. Registered as ``STRATEGY`` in :mod:`tabletop.zaxxon.bots`.

Nothing in Zaxxon is hidden: the evaluation reads the state's fields (planes, targets, Zaxxon) and the rules'
public ``progress``; the distance of each plane to its next firing position comes from the playout bot's own
route planner (the greedy bot's cached cost map: live silo and turret areas cost extra), so the search and its
playouts agree on what "closer" means.

Why random search never ended a game: a uniformly random playout of 40 actions hardly ever shoots a target, so
every move scored the same and the bot wandered (the 5,000-action cap, no winner). Here the cut-off playouts are
played by the greedy bot (a tenth of their moves at random, so they stay varied), and a position is scored by the
mission done (each target or Zaxxon shot is worth far more than any approach) plus how close each plane is to
its next firing position, minus a grounded plane's lost turn.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Bot

#: mission steps done (rules.progress, out of 8) outweigh any approach: one step is worth this many plane-units
STEP = 3.0
#: a plane this far (in the planner's step costs) from a firing position counts as not approaching at all
REACH = 30.0
#: the temperature of the logistic that turns the difference of the two standings into a share of the win
SCALE = 4.0


class ZaxxonStrategy:
    """Greedy-bot playouts (``epsilon`` of their moves uniformly random) cut off after ``playout_depth`` actions
    and scored by :meth:`evaluate`; at the root the greedy bot's own move is favoured (``prior_bias``)."""

    playout_depth = 12
    epsilon = 0.1
    prior_bias = 1.0

    def __init__(self, playout: type[Bot]) -> None:
        self.playout = playout
        self._planner: Any = playout(seed=0)

    def playout_bot(self, seed: int) -> Bot:
        return self.playout(seed=seed)

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        """How far ``seat`` is along its mission: ``STEP`` per mission step done, plus per plane up to 1 for being
        near its next firing position (0 at ``REACH`` or beyond, or grounded)."""
        planner = self._planner
        cache = planner._cache
        done: float = STEP * rules.progress(state, seat)
        tkey = tuple(state.tcell)
        for pi in (seat * 2, seat * 2 + 1):
            plane = state.planes[pi]
            key = (id(rules.board), seat, plane[3], state.zx, tkey)
            got = cache.get(key)
            if got is None:
                if len(cache) >= planner.CACHE_SIZE:
                    cache.clear()
                goals = planner._goals(rules, state, seat, pi)
                got = cache[key] = (frozenset(goals), tuple(planner._distances(rules, state, seat, goals)))
            d = got[1][plane[0]]
            if plane[2]:
                continue  # grounded: it loses its next move
            if d < REACH:
                done += 1.0 - d / REACH
        return done

    def evaluate(self, rules: Any, state: Any) -> tuple[float, float]:
        """Each seat's estimated chance to win, in [0, 1], summing to 1: 1 / 0 once the game is won; else a
        logistic of the difference of the seats' :meth:`standing`."""
        w = state.winner
        if w is not None:
            return (1.0, 0.0) if w == 0 else (0.0, 1.0)
        lead = (self.standing(rules, state, 0) - self.standing(rules, state, 1)) / SCALE
        lead = -30.0 if lead < -30.0 else 30.0 if lead > 30.0 else lead
        p = 1.0 / (1.0 + math.exp(-lead))
        return p, 1.0 - p
