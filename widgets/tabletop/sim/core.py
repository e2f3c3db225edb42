"""The simulator's core: batches of bot games per task, common random numbers, any executor.

Game ``i`` of a run uses seed ``seed + i`` under *every* variant, and its bots are seeded from that seed and
their seat, so two variants are compared on the same dice (common random numbers): a difference between them
is the rule change, not a different run of luck.

Work is cut into *chunks* (a run of consecutive seeds under one variant) so that one task plays many games and
the per-task overhead of a process pool or a Dask cluster does not dominate. Chunks are submitted seed block by
seed block, alternating variants, so a cancelled run still holds paired games for every variant.
"""

from __future__ import annotations

import importlib
import math
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..engine import Bot, Game, Rules, Variant
from .results import GameRecord, SimResults

#: default cap on the actions of one game (a game that reaches it is recorded as unfinished)
MAX_STEPS = 20_000


@dataclass
class Chunk:
    """What one task sends back: the records of its games and the rule firings it saw."""

    variant: int
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0


# -- resolving games and bots --------------------------------------------------------------------------------
def resolve_game(game: str | ModuleType) -> ModuleType:
    """The game module for a registered name ("zaxxon") or a module (a test game, a hobbyist's own)."""
    if isinstance(game, ModuleType):
        return game
    from .. import games

    if game in games.GAMES:
        return games.get(game)
    try:
        return importlib.import_module(game)
    except ModuleNotFoundError:
        raise KeyError(f"no game {game!r}; games: {', '.join(games.GAMES)} (or a module path)") from None


def game_label(mod: ModuleType) -> str:
    rules_cls = mod.Rules
    return str(getattr(rules_cls, "name", mod.__name__.rsplit(".", 1)[-1]))


def resolve_bots(mod: ModuleType, bots: Sequence[str] | str | None, seats: int) -> list[str]:
    """Bot names, one per seat (a single name is used for every seat); unknown names are refused."""
    table: dict[str, type[Bot]] = getattr(mod, "BOTS", {})
    if bots is None:
        chosen = ["random"] * seats
    elif isinstance(bots, str):
        chosen = [bots] * seats
    else:
        chosen = [b if isinstance(b, str) else getattr(b, "name", str(b)) for b in bots]
    for b in chosen:
        if b not in table:
            raise KeyError(f"no bot {b!r} for {game_label(mod)}; bots: {', '.join(table) or 'none'}")
    return chosen


def make_variant(rules: Rules[Any], v: Variant | dict[str, Any] | None) -> dict[str, Any]:
    """A variant as a validated plain dict (refuses unknown options and bad combinations with a reason)."""
    vt = rules.variant_type
    if isinstance(v, Variant):
        if not isinstance(v, vt):
            raise TypeError(f"{type(v).__name__} is not a variant of {rules.title} (expected {vt.__name__})")
        v.validate()
        return v.to_dict()
    return vt.from_dict(v).to_dict()


# -- the worker side ---------------------------------------------------------------------------------------
_CACHE: dict[str, tuple[Rules[Any], dict[str, type[Bot]]]] = {}


def _rules_for(modname: str) -> tuple[Rules[Any], dict[str, type[Bot]]]:
    hit = _CACHE.get(modname)
    if hit is None:
        mod = importlib.import_module(modname)
        hit = (mod.Rules(), dict(getattr(mod, "BOTS", {})))
        _CACHE[modname] = hit
    return hit


def play_one(modname: str, variant: dict[str, Any], bot_names: Sequence[str], seed: int, vi: int = 0,
             max_steps: int = MAX_STEPS) -> GameRecord:
    """Play one game with bots and return its record (top level, so process pools can pickle it)."""
    rules, table = _rules_for(modname)
    g: Game[Any] = Game(rules, seed=seed, variant=variant, players=len(bot_names), safe=False, log=False)
    bots = [table[name](seed=seed * 1_000_003 + seat) for seat, name in enumerate(bot_names)]
    fired: Counter[tuple[str, int | None]] = Counter((e.rule, e.player) for e in g.history[0].events)
    first = g.current_player
    steps = 0
    play = g.play
    while steps < max_steps:
        p = g.current_player
        if p is None:
            break
        legal = g.legal_actions()
        if not legal:
            raise RuntimeError(f"{rules.title} (seed {seed}): seat {p} has no legal action but the game is "
                               "not over")
        for e in play(bots[p].choose(g, legal)):
            fired[e.rule, e.player] += 1
        steps += 1
    over = g.current_player is None
    decided_first = rules.first_player(g.raw_state)
    if decided_first is not None:
        first = decided_first
    totals: dict[str, int] = {}
    by_seat: dict[str, list[int]] = {}
    seats = len(bot_names)
    for (rule, player), k in fired.items():
        totals[rule] = totals.get(rule, 0) + k
        if player is not None and 0 <= player < seats:
            by_seat.setdefault(rule, [0] * seats)[player] += k
    return GameRecord(seed=seed, variant=vi, winner=g.winner if over else None, steps=steps,
                      first=first, finished=over, rules=totals, seat_rules=by_seat)


def play_chunk(modname: str, variant: dict[str, Any], bot_names: Sequence[str], first_seed: int, count: int,
               vi: int, max_steps: int = MAX_STEPS) -> Chunk:
    """Play ``count`` games with consecutive seeds under one variant (one task of a pool)."""
    t0 = time.perf_counter()
    out = Chunk(vi)
    for s in range(first_seed, first_seed + count):
        out.records.append(play_one(modname, variant, bot_names, s, vi, max_steps))
    out.seconds = time.perf_counter() - t0
    return out


# -- progress ----------------------------------------------------------------------------------------------
Progress = Callable[[int, int], None]


class TextProgress:
    """A one-line text progress bar for the command line (written to ``stream``, default stderr)."""

    def __init__(self, stream: Any = None, width: int = 30, label: str = "simulating") -> None:
        import sys

        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.label = label
        self.t0 = time.perf_counter()
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._last < 0.2:
            return
        self._last = now
        frac = done / total if total else 1.0
        fill = int(round(frac * self.width))
        bar = "#" * fill + "-" * (self.width - fill)
        rate = done / max(now - self.t0, 1e-9)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} games ({rate:,.0f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An ipywidgets progress bar for notebooks (shown when created unless ``show=False``)."""

    def __init__(self, show: bool = True, label: str = "simulating") -> None:
        import ipywidgets as w

        self.bar = w.IntProgress(value=0, min=0, max=1, description=label,
                                 layout=w.Layout(width="60%"))
        self.text = w.Label("")
        self.widget = w.HBox([self.bar, self.text])
        self.t0 = time.perf_counter()
        if show:
            from IPython.display import display

            display(self.widget)  # type: ignore[no-untyped-call]

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        rate = done / max(time.perf_counter() - self.t0, 1e-9)
        self.text.value = f"{done}/{total} games ({rate:,.0f}/s)"
        self.bar.bar_style = "success" if done >= total else ""


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    ip = get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def _auto_progress(progress: bool | str | Progress | None) -> Progress | None:
    if callable(progress):
        return progress
    if progress is False or progress is None:
        return None
    if _in_notebook():
        try:
            return WidgetProgress()
        except ImportError:
            return None
    import sys

    return TextProgress() if sys.stderr.isatty() or progress is True else None


# -- cancellation --------------------------------------------------------------------------------------------
class Cancel:
    """A cancel switch: ``simulate(..., cancel=c)`` and later ``c.set()`` (from a button, another thread)."""

    def __init__(self) -> None:
        self._ev = threading.Event()

    def set(self) -> None:
        self._ev.set()

    def is_set(self) -> bool:
        return self._ev.is_set()

    def clear(self) -> None:
        self._ev.clear()


def _chunk_size(n: int, n_variants: int, workers: int) -> int:
    """Games per task: about 8 tasks per worker in all, at least 1, at most 500."""
    total = n * n_variants
    return max(1, min(500, math.ceil(total / max(1, workers * 8))))


# -- the entry point -------------------------------------------------------------------------------------------
def simulate(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] = (None,),
             bots: Sequence[str] | str | None = None, n: int = 100, seed: int = 0,
             executor: Executor | str | None = None, workers: int | None = None, chunk: int | None = None,
             progress: bool | str | Progress | None = "auto",
             cancel: Cancel | threading.Event | None = None, max_steps: int = MAX_STEPS,
             players: int | None = None) -> SimResults:
    """Play ``n`` bot games for each variant and return :class:`SimResults`.

    ``game``: a registered name ("zaxxon") or a game module. ``variants``: Variant objects, dicts of options or
    ``None`` (the rulebook). ``bots``: one bot name per seat, or one name for all seats (default "random").
    ``seed``: game ``i`` uses seed ``seed + i`` under every variant (common random numbers).
    ``executor``: any ``concurrent.futures.Executor`` (e.g. Dask's ``client.get_executor()``); ``None`` makes a
    process pool over the local cores (``workers``) and shuts it down afterwards; ``"serial"`` plays here.
    ``chunk``: games per task (default: about eight tasks per worker). ``progress``: ``"auto"`` (a widget in a
    notebook, a text bar on a terminal), ``True``, ``False`` or a callable ``(done, total)``.
    ``cancel``: set it to stop early; so does Ctrl-C. A stopped run returns the games it finished
    (``results.complete`` is False) and paired statistics use only seeds finished under every variant.
    """
    from .. import __version__

    if n < 0:
        raise ValueError("n must be zero or more")
    mod = resolve_game(game)
    rules = mod.Rules()
    modname = mod.__name__
    vdicts = [make_variant(rules, v) for v in (variants or [None])]
    if players is None:
        players = len(bots) if bots is not None and not isinstance(bots, str) else len(rules.default_players)
    bot_names = resolve_bots(mod, bots, players)
    cb = _auto_progress(progress)
    total = n * len(vdicts)

    own_pool: Executor | None = None
    if executor is None:
        workers = workers or os.cpu_count() or 1
        if total <= 64 or workers == 1:
            executor = "serial"
        else:
            own_pool = executor = ProcessPoolExecutor(max_workers=workers)
    if executor == "serial":
        workers = 1
    workers = workers or os.cpu_count() or 1
    size = chunk or _chunk_size(n, len(vdicts), workers)
    tasks = [(vi, s, min(size, seed + n - s)) for s in range(seed, seed + n, size) for vi in range(len(vdicts))]

    records: list[GameRecord] = []
    done = 0
    complete = True
    t0 = time.perf_counter()

    def stopped() -> bool:
        return cancel is not None and cancel.is_set()

    try:
        if executor == "serial":
            for vi, s, c in tasks:
                if stopped():
                    complete = False
                    break
                for k in range(s, s + c):
                    if stopped():
                        complete = False
                        break
                    records.append(play_one(modname, vdicts[vi], bot_names, k, vi, max_steps))
                    done += 1
                    if cb:
                        cb(done, total)
                if not complete:
                    break
        else:
            assert isinstance(executor, Executor)
            # keep a bounded window of tasks in flight, so cancelling does not wait for a long queue
            pending: set[Future[Chunk]] = set()
            queue = list(reversed(tasks))
            window = workers * 2
            while queue or pending:
                while queue and len(pending) < window and not stopped():
                    vi, s, c = queue.pop()
                    pending.add(executor.submit(play_chunk, modname, vdicts[vi], bot_names, s, c, vi, max_steps))
                if stopped():
                    complete = False
                    for f in pending:
                        f.cancel()
                    # keep what already finished
                    for f in pending:
                        if f.done() and not f.cancelled() and f.exception() is None:
                            records.extend(f.result().records)
                    break
                finished, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for f in finished:
                    ch = f.result()
                    records.extend(ch.records)
                    done += len(ch.records)
                    if cb:
                        cb(done, total)
    except KeyboardInterrupt:
        complete = False
    finally:
        if own_pool is not None:
            own_pool.shutdown(wait=complete, cancel_futures=True)
    records.sort(key=lambda r: (r.variant, r.seed))
    return SimResults(game=game_label(mod), module=modname, variants=vdicts, bots=bot_names, n=n, seed=seed,
                      records=records, version=__version__, complete=complete and len(records) == total,
                      seconds=time.perf_counter() - t0, max_steps=max_steps, labels=variant_labels(rules, vdicts))


def variant_labels(rules: Rules[Any], vdicts: Sequence[dict[str, Any]]) -> list[str]:
    """Plain names for variants: "rulebook rules" or the options changed from the rulebook."""
    out = []
    for i, vd in enumerate(vdicts):
        label = rules.variant_type.from_dict(vd).describe()
        out.append(label if vdicts.index(vd) == i else f"{label} (#{i + 1})")
    return out
