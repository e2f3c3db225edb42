"""The simulator's entry point, :func:`simulate`, and the names of the kit's simulation parts in one place.

Game ``i`` of a run uses seed ``seed + i`` under *every* variant, and its bots are seeded from that seed and
their seat, so two variants are compared on the same dice (common random numbers): a difference between them
is the rule change, not a different run of luck.

The parts, one job each (every name stays importable from here and from :mod:`tabletop.sim`):

- :mod:`tabletop.sim.resolve`: games, bots and variants by name, and every argument checked before play;
- :mod:`tabletop.sim.worker`: one bot game as the simulator plays it (counted rule firings, no log, the fused
  bot steps) and its record (:func:`play_one`);
- :mod:`tabletop.sim.forks`: every variant of a run of seeds (:func:`play_seeds`, one task of a pool): a game
  that never reads a changed option is played once, the others continue from a position kept before the read;
- :mod:`tabletop.sim.draws`: the generator that counts its draws, so a kept position needs no kept generator;
- :mod:`tabletop.sim.tasks`: a run cut into small tasks that grow to about a quarter of a second of play;
- :mod:`tabletop.sim.progress`: progress bars (text, notebook widget) and the cancel switch.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from types import ModuleType
from typing import Any

from ..engine import Variant
from .draws import _COUNTING, _COUNTS, _count_draws, _counts_exactly, _uncount_draws
from .forks import _WATCHED, FORK_EVERY, _differing, _Forks, _resume, _Watch, _watching, play_seeds
from .progress import Cancel, Progress, TextProgress, WidgetProgress, _auto_progress, _in_notebook
from .resolve import (
    UnknownName,
    _fits,
    _kind,
    _type_name,
    check_int,
    check_variant_types,
    game_label,
    make_variant,
    resolve_bots,
    resolve_game,
    variant_labels,
)
from .results import GameRecord, SimResults
from .tasks import CHUNK_SECONDS, EXECUTORS, MAX_CHUNK, Chunk, _chunk_size, _Tasks
from .worker import (
    _CACHE,
    _RULE_SEAT,
    _VARIANTS,
    MAX_STEPS,
    _bot_seeds,
    _play_one,
    _rules_for,
    _run,
    _variant_for,
    play_one,
)

__all__ = [
    "CHUNK_SECONDS", "EXECUTORS", "FORK_EVERY", "MAX_CHUNK", "MAX_STEPS", "Cancel", "Chunk", "GameRecord",
    "Progress", "SimResults", "TextProgress", "UnknownName", "WidgetProgress", "check_int",
    "check_variant_types", "game_label", "make_variant", "play_one", "play_seeds", "resolve_bots",
    "resolve_game", "simulate", "variant_labels",
    # the parts' own (private) names, kept importable from here for the tests and benchmarks that reach them
    "_CACHE", "_COUNTING", "_COUNTS", "_RULE_SEAT", "_VARIANTS", "_WATCHED", "_Forks", "_Tasks", "_Watch",
    "_auto_progress", "_bot_seeds", "_chunk_size", "_count_draws", "_counts_exactly", "_differing", "_fits",
    "_in_notebook", "_kind", "_play_one", "_resume", "_rules_for", "_run", "_type_name", "_uncount_draws",
    "_variant_for", "_watching",
]


# -- the entry point -------------------------------------------------------------------------------------------
def simulate(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] | None = (None,),
             bots: Sequence[str] | str | None = None, n: int = 100, seed: int = 0,
             executor: Executor | str | Any | None = None, workers: int | None = None, chunk: int | None = None,
             progress: bool | str | Progress | None = "auto",
             cancel: Cancel | threading.Event | None = None, max_steps: int = MAX_STEPS,
             players: int | None = None, early_stop: Any = None, keep_records: bool = True) -> SimResults:
    """Play ``n`` bot games for each variant and return :class:`SimResults`.

    ``game``: a registered name ("zaxxon") or a game module. ``variants``: Variant objects, dicts of options or
    ``None`` (the rulebook). ``bots``: one bot name per seat, or one name for all seats (default "random").
    ``seed``: game ``i`` uses seed ``seed + i`` under every variant (common random numbers).
    ``executor``: any ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` (its tasks are
    submitted with ``client.submit`` and harvested with ``distributed.as_completed``, see :func:`stream`);
    ``None`` makes a process pool over the local cores (``workers``) and shuts it down afterwards (small runs
    play here); ``"process"``/``"thread"`` make that pool; ``"serial"`` plays here.
    ``chunk``: seeds per task, each played under every variant (default: automatic, small chunks of about a
    quarter of a second of play).
    Wrong arguments raise ``TypeError``/``ValueError`` (unknown names: :class:`UnknownName`, also a
    ``KeyError``) with a plain message before anything is played. ``progress``: ``"auto"`` (a widget in a
    notebook, a text bar on a terminal), ``True``, ``False`` or a callable ``(done, total)``.
    ``cancel``: set it to stop early; so does Ctrl-C. A stopped run waits for the few tasks that are running and
    returns every game that finished (``results.complete`` is False, ``results.stopped == "cancelled"``) and
    paired statistics use only seeds finished under every variant.
    ``early_stop`` (stop once every compared figure is settled, anytime-valid) and ``keep_records``: see
    :func:`tabletop.sim.stream` (``simulate`` is the last snapshot of
    that stream: one code path).
    """
    from .live import prepare, run_to_end

    plan = prepare(game, variants=variants, bots=bots, n=n, seed=seed, executor=executor, workers=workers,
                   chunk=chunk, cancel=cancel, max_steps=max_steps, players=players,
                   early_stop=early_stop, keep_records=keep_records)
    return run_to_end(plan, _auto_progress(progress))
