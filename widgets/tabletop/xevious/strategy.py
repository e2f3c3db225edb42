"""Super Xevious's search strategy for the kit's MCTS bot (``tabletop.sim.mcts``): how its playouts are played,
cut off and scored, and which move the search starts from. Registered as ``STRATEGY`` in
:mod:`tabletop.xevious.bots`.

The evaluation reads only what every player sees: the stage, each pilot's place on the track and the markers on
its sheet, and the Gump Markers left (xevious.victory: the player who destroys the last Gump Marker of Stage 7
wins). Never the face-down Battle Card (``pend["aim"]`` while the enemy turns its card) nor the order of the
decks: the search redraws those itself through the rules' ``sample_hidden`` before every simulation.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Bot

#: what a marker on the sheet is worth (the sensible bot's weights: Solvalou = a life, Shield, Extra Weapon)
SOLVALOU, SHIELD, WEAPON = 2.5, 1.5, 1.0
#: what crossing a whole stage's track is worth before Stage 7 (the stage gate and catch-up undo a lead) and in it
PACE, PACE_7 = 1.0, 6.0
#: the temperature of the softmax that turns the pilots' scores into shares of the win
SCALE = 4.0


class XeviousStrategy:
    """Sensible-bot playouts (``epsilon`` of their moves uniformly random) cut off after ``playout_depth`` actions
    and scored by :meth:`evaluate`; at the root the sensible bot's own move is favoured (``prior_bias``)."""

    playout_depth = 40
    epsilon = 0.1
    prior_bias = 1.0

    def __init__(self, playout: type[Bot]) -> None:
        self.playout = playout

    def playout_bot(self, seed: int) -> Bot:
        return self.playout(seed=seed)

    def scores(self, rules: Any, state: Any) -> list[float]:
        """Each pilot's score: its markers (Solvalou, Shield, Extra Weapon) plus its progress through the stage."""
        tr = rules.tracks[state.stage - 1]
        areas, lens = tr.n_areas, tr.lens
        pace = PACE_7 if state.stage == 7 else PACE
        out = []
        for q in state.pilots:
            frac = 1.0 if q.area >= areas else (q.area + q.idx / max(lens[q.area], 1)) / areas
            out.append(SOLVALOU * q.l + SHIELD * q.s + WEAPON * q.w + pace * frac)
        return out

    def evaluate(self, rules: Any, state: Any) -> tuple[float, ...]:
        """Each seat's estimated chance to win, in [0, 1], summing to 1: 1 / 0 once someone has won, an even share
        after the turn cap, else a softmax of :meth:`scores`. One seat alone: its progress through the stages."""
        pilots = state.pilots
        n = len(pilots)
        if state.winner is not None:
            return tuple(1.0 if i == state.winner else 0.0 for i in range(n))
        if state.capped or n == 0:
            return tuple(1.0 / max(n, 1) for _ in range(n))
        scores = self.scores(rules, state)
        if n == 1:
            tr = rules.tracks[state.stage - 1]
            q = pilots[0]
            frac = 1.0 if q.area >= tr.n_areas else (q.area + q.idx / max(tr.lens[q.area], 1)) / tr.n_areas
            return (min(1.0, max(0.0, (state.stage - 1 + frac) / 7)),)
        top = max(scores)
        weights = [math.exp((x - top) / SCALE) for x in scores]
        total = sum(weights)
        return tuple(w / total for w in weights)
