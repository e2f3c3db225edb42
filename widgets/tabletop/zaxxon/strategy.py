"""Zaxxon's search strategy for the kit's MCTS bot (``tabletop.sim.mcts``): how its playouts are played, cut off
and scored, and which move the search starts from. Registered as ``STRATEGY`` in :mod:`tabletop.zaxxon.bots`.

Nothing in Zaxxon is hidden: the evaluation reads the state's fields (planes, targets, Zaxxon) and the rules'
public ``progress``; the distance of each plane to its next firing position comes from the route planner the
greedy bot flies by (:func:`tabletop.zaxxon.queries.firing_plan`: live silo and turret areas cost extra), so the
search and its playouts agree on what "closer" means.

Why random search never ended a game: a uniformly random playout of 40 actions hardly ever shoots a target, so
every move scored the same and the bot wandered (the 5,000-action cap, no winner). Here the cut-off playouts are
played by the greedy bot (a tenth of their moves at random, so they stay varied), and a position is scored by the
mission done (each target or Zaxxon shot is worth far more than any approach) plus how close each plane is to
its next firing position, minus a grounded plane's lost turn.
"""

from __future__ import annotations

from typing import Any

from ..sim.mcts import HeuristicStrategy
from .queries import firing_plan

#: mission steps done (rules.progress, out of 8) outweigh any approach: one step is worth this many plane-units
STEP = 3.0
#: a plane this far (in the planner's step costs) from a firing position counts as not approaching at all
REACH = 30.0
#: the temperature of the logistic that turns the difference of the two standings into a share of the win
SCALE = 4.0


class ZaxxonStrategy(HeuristicStrategy):
    """Greedy-bot playouts (``epsilon`` of their moves uniformly random) cut off after ``playout_depth`` actions
    and scored by the logistic of the difference of the seats' :meth:`standing`; at the root the greedy bot's own
    move is favoured (``prior_bias``)."""

    playout_depth = 12
    epsilon = 0.1
    prior_bias = 1.0
    scale = SCALE

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        """How far ``seat`` is along its mission: ``STEP`` per mission step done (zaxxon.mission), plus per plane up
        to 1 for being near its next firing position (0 at ``REACH`` or beyond, or grounded)."""
        done: float = STEP * rules.progress(state, seat)
        for pi in (seat * 2, seat * 2 + 1):
            plane = state.planes[pi]
            if plane[2]:
                continue  # grounded: it loses its next move
            d = firing_plan(rules, state, seat, pi).distances[plane[0]]
            if d < REACH:
                done += 1.0 - d / REACH
        return done
