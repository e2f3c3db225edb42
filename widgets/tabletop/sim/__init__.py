"""Batch simulation: play many bot games per variant and read honest statistics.

``simulate(game, *, variants, bots, n, seed, executor=None)`` plays ``n`` games for each variant with common
random numbers (game ``i`` uses seed ``seed + i`` under every variant), so differences between variants are not
noise of different dice. Any ``concurrent.futures.Executor`` may run the batches (a local process pool by
default), or a Dask ``distributed.Client`` for a cluster (tasks through ``client.submit``, harvested with
``distributed.as_completed``). Results give Wilson intervals per seat, the
first-player advantage, game lengths, rule firings and paired variant comparisons, and save to JSON/CSV.
Conclusions come from the numbers: ``Comparison.conclusions()`` and ``verdict(diff, what, unit)`` write sentences
that say "more than noise" only when a difference's anytime-valid interval excludes zero (one verdict rule for
live snapshots and final results alike, family-wise 95% over every figure compared; the rule and its source are
in :mod:`tabletop.sim.sequential`).

``balance(game, variants=..., bots="mcts:50", n=...)``: a balance report (win rate per seat, first-player
advantage, length, decision density, lead changes, comebacks, the deciding point, skill and luck shares), paired
across variants, each figure with a 95% interval (:mod:`tabletop.sim.balance`).

``stream(game, ...)`` takes the same arguments and yields cumulative ``SimResults`` snapshots while games finish
(at most one every ``every`` seconds, then a final one whose ``stopped`` says "done", "early" or "cancelled");
``simulate`` is its last snapshot.

Bots by name: each game's own (``BOTS``), and for every game ``"mcts"`` / ``"mcts:N"``, a Monte Carlo tree search
with ``N`` simulations per decision (:mod:`tabletop.sim.mcts`).

Command line: ``python -m tabletop.sim GAME ...`` or ``tabletop-simulate`` (``--help``).
"""

from __future__ import annotations

from .balance import BalanceReport, balance
from .core import Cancel, TextProgress, WidgetProgress, play_one, play_seeds, simulate
from .live import SimStream, stream
from .mcts import MCTSBot
from .results import Comparison, FirstPlayer, GameRecord, RuleEdge, SimResults, verdict
from .sequential import EarlyStop
from .stats import Diff, Rate, paired_diff, wilson

__all__ = ["BalanceReport", "Cancel", "Comparison", "Diff", "EarlyStop", "FirstPlayer", "GameRecord", "MCTSBot", "Rate", "RuleEdge", "SimResults", "SimStream",
           "TextProgress",
           "WidgetProgress", "balance", "load", "paired_diff", "play_one", "play_seeds", "simulate", "stream", "verdict", "wilson"]


def load(path: str) -> SimResults:
    """Reload results saved with ``results.save(path)`` (``.json`` or ``.csv``)."""
    return SimResults.load(path)
