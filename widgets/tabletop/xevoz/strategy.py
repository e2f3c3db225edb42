"""Xevoz's search strategy for the kit's MCTS bot (``tabletop.sim.mcts``): how its playouts are played, cut off
and scored, and which move the search starts from. Registered as ``STRATEGY`` in :mod:`tabletop.xevoz.bots`.

Nothing in a Xevoz battle is hidden (both helixes and figures are on the table; only the rolls to come are
chance, which the search samples). The evaluation reads the state's fields only: each figure's points of life
left (xevoz.winning: a figure with no life left is demolished), as a share of its full life, and where each
DRAIN ATTACK is (xevoz.drain-bonus-chop: one attached to the opponent's figure chops an extra part every round
its owner wins).
"""

from __future__ import annotations

from typing import Any

from ..sim.mcts import HeuristicStrategy

#: a DRAIN ATTACK riding on the opponent's figure is worth this share of a full life
DRAIN = 0.12
#: the temperature of the logistic that turns the difference of the two standings into a share of the win
SCALE = 0.25
#: being the attacker (xevoz.who-attacks-next: the attacker calls the colour and stays attacker while it wins) is
#: worth this share of a full life (0: not counted)
ATTACK = 0.0


class XevozStrategy(HeuristicStrategy):
    """Greedy-bot playouts (``epsilon`` of their moves uniformly random) cut off after ``playout_depth`` actions
    and scored by the logistic of the difference of the two sides' :meth:`standing`; at the root the greedy bot's
    own move is favoured (``prior_bias``)."""

    playout_depth = 40
    epsilon = 0.1
    #: the full-weight prior and the bot's UCB1 constant (1.4): Zaxxon's weak prior (0.3) and narrow search (0.5)
    #: won 6 of 20 games against greedy here, these 12 of the same 20 (seeds 0-9, benchmarks/results/mcts_strength.md)
    prior_bias = 1.0
    scale = SCALE

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        """One side's points of life left as a share of its figure's full life, plus ``DRAIN`` while its DRAIN
        ATTACK rides on the opponent's figure."""
        return self.side_standing(state.sides[seat]) + (ATTACK if state.attacker == seat else 0.0)

    @staticmethod
    def side_standing(side: Any) -> float:
        """:meth:`standing` of one side of the state."""
        full = side.figure.life
        share = max(0, side.life) / full if full > 0 else 0.0
        return share + (DRAIN if side.drain_on >= 0 else 0.0)

    def finished(self, rules: Any, state: Any, seats: int) -> tuple[float, ...] | None:
        """1 / 0 once the battle is won (xevoz.winning); an even share for a position without two sides."""
        if state.winner >= 0:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        if len(state.sides) != 2:
            return 0.5, 0.5
        return None
