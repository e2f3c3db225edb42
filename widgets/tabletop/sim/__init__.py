"""Batch simulation: play many games per variant with bots and collect results.

``simulate(game, *, variants, bots, n, seed, executor=None)`` plays ``n`` games for each variant with common
random numbers (game ``i`` uses seed ``seed + i`` under every variant), so differences between variants are not
noise of different dice. Any ``concurrent.futures.Executor`` may run the batches.
"""

from __future__ import annotations

from .core import GameResult, SimResults, play_one, simulate

__all__ = ["GameResult", "SimResults", "play_one", "simulate"]
