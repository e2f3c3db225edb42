"""Super Xevious's search strategy for the kit's MCTS bot (``tabletop.sim.mcts``): how its playouts are played,
cut off and scored, and which move the search starts from. Registered as ``STRATEGY`` in
:mod:`tabletop.xevious.bots`.

The evaluation reads only what every player sees: the stage, each pilot's place on the track and the markers on
its sheet, and the Gump Markers left (xevious.victory: the player who destroys the last Gump Marker of Stage 7
wins). Never the face-down Battle Card (``pend["aim"]`` while the enemy turns its card) nor the order of the
decks: the search redraws those itself through the rules' ``sample_hidden`` before every simulation.
"""

from __future__ import annotations

from typing import Any

from ..sim.mcts import HeuristicStrategy

#: what a marker on the sheet is worth (the sensible bot's weights: Solvalou = a life, Shield, Extra Weapon)
SOLVALOU, SHIELD, WEAPON = 2.5, 1.5, 1.0
#: what crossing a whole stage's track is worth before Stage 7 (the stage gate and catch-up undo a lead) and in it
PACE, PACE_7 = 1.0, 6.0
#: the temperature of the softmax that turns the pilots' scores into shares of the win
SCALE = 4.0


class XeviousStrategy(HeuristicStrategy):
    """Sensible-bot playouts (``epsilon`` of their moves uniformly random) cut off after ``playout_depth`` actions
    and scored by a softmax of each pilot's :meth:`standing`; at the root the sensible bot's own move is
    favoured (``prior_bias``)."""

    playout_depth = 40
    epsilon = 0.1
    prior_bias = 1.0
    scale = SCALE
    #: ``bots="mcts"`` searches 1,000 simulations a decision (the kit's default is 200): 0.38 s at idle on the
    #: project's machine (the issue asks <= 1 s), and against the sensible bot on seeds 0-24, seats swapped, it won
    #: 35 of 50 games where 200 simulations won 31 (benchmarks/results/mcts_strength.md)
    simulations = 1000

    def seats(self, rules: Any, state: Any) -> int:
        return len(state.pilots)

    def standing(self, rules: Any, state: Any, seat: int) -> float:
        """A pilot's score: its markers (Solvalou, Shield, Extra Weapon) plus its progress through the stage."""
        tr = rules.tracks[state.stage - 1]
        q = state.pilots[seat]
        pace = PACE_7 if state.stage == 7 else PACE
        score: float = SOLVALOU * q.l + SHIELD * q.s + WEAPON * q.w + pace * self._through(tr, q)
        return score

    def scores(self, rules: Any, state: Any) -> list[float]:
        """Every pilot's :meth:`standing`, in seat order."""
        return [self.standing(rules, state, i) for i in range(len(state.pilots))]

    @staticmethod
    def _through(tr: Any, q: Any) -> float:
        """How far through its stage's track a pilot is, from 0 to 1."""
        areas = tr.n_areas
        return 1.0 if q.area >= areas else (q.area + q.idx / max(tr.lens[q.area], 1)) / areas

    def finished(self, rules: Any, state: Any, seats: int) -> tuple[float, ...] | None:
        """1 / 0 once someone has won, an even share after the turn cap (xevious.turn-cap) or without pilots; one
        seat alone: its progress through the seven stages."""
        if state.winner is not None:
            return tuple(1.0 if i == state.winner else 0.0 for i in range(seats))
        if state.capped or seats == 0:
            return tuple(1.0 / max(seats, 1) for _ in range(seats))
        if seats == 1:
            frac = self._through(rules.tracks[state.stage - 1], state.pilots[0])
            return (min(1.0, max(0.0, (state.stage - 1 + frac) / 7)),)
        return None
