"""Live, anytime results: :func:`stream` yields cumulative :class:`SimResults` snapshots while games finish.

One engine serves both entry points: :func:`stream` hands out its snapshots, :func:`tabletop.sim.simulate`
keeps only the last one. Every snapshot is a complete, consistent :class:`SimResults` for the games finished
so far (records sorted by variant and seed; paired statistics on the seeds finished under every variant), at
most one every ``every`` seconds (the first as soon as one seed is finished under every variant) and a final one
whose ``stopped`` says why the run ended: ``"done"`` (all ``n`` games), ``"early"`` (the sequential test of
``early_stop`` settled every compared figure) or ``"cancelled"`` (a :class:`Cancel`, Ctrl-C, or closing the
stream). Snapshots before the final one have ``stopped == "running"``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
    wait,
)
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from ..engine import Rules, Variant
from .core import (
    EXECUTORS,
    MAX_STEPS,
    Cancel,
    Chunk,
    Progress,
    UnknownName,
    _chunk_size,
    _Tasks,
    check_int,
    game_label,
    make_variant,
    play_seeds,
    resolve_bots,
    resolve_game,
    variant_labels,
)
from .results import GameRecord, SimResults
from .sequential import EarlyStop, SequentialTest, Verdicts
from .tally import Tally

#: default seconds between two snapshots of :func:`stream`
EVERY = 0.25


@dataclass
class Plan:
    """A checked run: everything :func:`stream` and :func:`simulate` were given, validated and resolved."""

    mod: ModuleType
    rules: Rules[Any]
    vdicts: list[dict[str, Any]]
    labels: list[str]
    bot_names: list[str]
    n: int
    seed: int
    executor: Executor | str | None
    client: Any
    workers: int | None
    chunk: int | None
    cancel: Cancel | threading.Event | None
    max_steps: int
    keep_records: bool
    early_stop: EarlyStop | None = None

    @property
    def modname(self) -> str:
        return self.mod.__name__


def _is_dask_client(x: object) -> bool:
    return type(x).__module__.split(".")[0] == "distributed" and callable(getattr(x, "get_executor", None))


def check_every(every: object) -> float:
    """``every`` as seconds between snapshots: a number of at least 0 (0: a snapshot after every task)."""
    if isinstance(every, bool) or not isinstance(every, int | float):
        raise TypeError(f"every must be a number of seconds (0 or more), not {every!r} (a {type(every).__name__})")
    if not every >= 0 or every == float("inf"):
        raise ValueError(f"every must be a finite number of seconds, 0 or more, not {every!r}")
    return float(every)


def prepare(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] | None = (None,),
            bots: Sequence[str] | str | None = None, n: int = 100, seed: int = 0,
            executor: Executor | str | Any | None = None, workers: int | None = None, chunk: int | None = None,
            cancel: Cancel | threading.Event | None = None, max_steps: int = MAX_STEPS,
            players: int | None = None, early_stop: EarlyStop | float | None = None,
            keep_records: bool = True) -> Plan:
    """Check every argument (plain errors, before anything is played) and resolve names."""
    n = check_int("n", n, low=1) or 0
    seed = check_int("seed", seed) or 0
    chunk = check_int("chunk", chunk, low=1, optional=True)
    workers = check_int("workers", workers, low=1, optional=True)
    max_steps = check_int("max_steps", max_steps, low=1) or MAX_STEPS
    players = check_int("players", players, low=1, optional=True)
    from .platform import serial_in_browser  # issue 14: no processes or threads in a browser kernel

    executor = serial_in_browser(executor)
    client = None
    if _is_dask_client(executor):
        client = executor
    elif isinstance(executor, str) and executor not in EXECUTORS:
        raise UnknownName(f"no executor {executor!r}; executors: {', '.join(EXECUTORS)}, None (a local process "
                          "pool, or serial for small runs), any concurrent.futures.Executor or a Dask Client")
    elif executor is not None and not isinstance(executor, str | Executor):
        raise TypeError(f"executor must be one of {', '.join(EXECUTORS)}, None, a concurrent.futures.Executor "
                        f"or a Dask distributed.Client, not {executor!r}")
    if cancel is not None and not isinstance(cancel, Cancel | threading.Event):
        raise TypeError(f"cancel must be a tabletop.sim.Cancel (or a threading.Event), not {cancel!r}")
    if not isinstance(keep_records, bool):
        raise TypeError(f"keep_records must be true or false (a bool), not {keep_records!r}")
    rule = EarlyStop.of(early_stop)
    if isinstance(variants, dict | Variant | str):
        raise TypeError("variants is a list of variants (each None, a dict of options or a Variant); "
                        "wrap a single one in a list: variants=[None, {...}]")
    mod = resolve_game(game)
    if bots is not None and not isinstance(bots, str | Sequence):
        resolve_bots(mod, bots, 0)  # refuses it with the bot names
    rules = mod.Rules()
    vdicts = [make_variant(rules, v) for v in (list(variants or ()) or [None])]
    if rule is not None and len(vdicts) < 2:
        raise ValueError("early_stop stops when the comparison of variants is settled: give at least two variants "
                         "(variants=[None, {...}])")
    if players is None:
        players = len(bots) if bots is not None and not isinstance(bots, str) else len(rules.default_players)
    elif bots is not None and not isinstance(bots, str) and len(bots) != players:
        raise ValueError(f"players={players} but {len(bots)} bot name(s) were given: give one per seat")
    bot_names = resolve_bots(mod, bots, players)
    lo, hi = getattr(rules, "min_players", None), getattr(rules, "max_players", None)
    if isinstance(lo, int) and isinstance(hi, int) and not lo <= len(bot_names) <= hi:
        span = str(lo) if lo == hi else f"{lo} to {hi}"
        raise ValueError(f"{rules.title} is played by {span} players, not {len(bot_names)} (one bot per seat)")
    return Plan(mod=mod, rules=rules, vdicts=vdicts, labels=variant_labels(rules, vdicts), bot_names=bot_names,
                n=n, seed=seed, executor=None if client is not None else executor, client=client,
                workers=workers, chunk=chunk, cancel=cancel, max_steps=max_steps, keep_records=keep_records,
                early_stop=rule)


class _State:
    """What has finished so far: the records, and the seeds finished under every variant (folded in seed
    order, so anything computed from them does not depend on which worker finished first)."""

    def __init__(self, plan: Plan, live: bool = True) -> None:
        self.plan = plan
        # one list per variant, kept sorted by seed (games mostly arrive in seed order; a pool may reorder them)
        self.records: list[list[GameRecord]] = [[] for _ in plan.vdicts]
        self._unsorted: set[int] = set()
        self.done = 0
        self.waiting: dict[int, list[GameRecord | None]] = {}
        self.next_pair = plan.seed  # the first seed not yet finished under every variant
        self.t0 = time.perf_counter()
        self.seq = (SequentialTest(plan.early_stop, len(plan.vdicts), _seat_names(plan.bot_names), plan.max_steps)
                    if plan.early_stop is not None else None)
        self.stop_at: int | None = None  # paired seeds when the sequential test settled
        #: the verdict rule's sequences (tabletop.sim.sequential): the stopping rule's own when there is one, so the
        #: verdicts and the stop agree; else kept seed by seed for snapshots and running totals (``live``), while a
        #: run that keeps its records and hands out no snapshots (``simulate``) leaves them to ``compare``, which
        #: feeds them from the records in seed order only if asked (the same numbers; no cost to the simulator)
        self.verdicts = (self.seq.verdicts if self.seq is not None else
                         Verdicts(len(plan.vdicts), len(plan.bot_names))
                         if len(plan.vdicts) > 1 and (live or not plan.keep_records) else None)
        self.tally = None if plan.keep_records else Tally(len(plan.vdicts), len(plan.bot_names))
        #: per variant, the games of the seeds folded so far that were not played again (play_seeds: their seed's
        #: game under the first variant never read an option in which they differ); and those of seeds not yet
        #: folded (by seed: bounded like ``waiting``)
        self.shared = [0] * len(plan.vdicts)
        self._shared_wait: dict[int, list[int]] = {}

    def note_shared(self, pairs: Sequence[tuple[int, int]]) -> None:
        """Note shared games of seeds about to be added (counted when their seed is folded, in seed order)."""
        for seed, vi in pairs:
            self._shared_wait.setdefault(seed, []).append(vi)

    @property
    def paired(self) -> int:
        return self.next_pair - self.plan.seed

    def add(self, rec: GameRecord) -> None:
        self.done += 1
        if self.tally is None:
            own = self.records[rec.variant]
            if own and own[-1].seed > rec.seed:
                self._unsorted.add(rec.variant)
            own.append(rec)
        nv = len(self.plan.vdicts)
        slot = self.waiting.get(rec.seed)
        if slot is None:
            slot = self.waiting[rec.seed] = [None] * nv
        slot[rec.variant] = rec
        while True:
            row = self.waiting.get(self.next_pair)
            if row is None or any(r is None for r in row):
                break
            del self.waiting[self.next_pair]
            shared = self._shared_wait.pop(self.next_pair, None) if self._shared_wait else None
            self.next_pair += 1
            if self.stop_at is not None:
                continue  # beyond an early stop: not in the results
            if shared:
                for vi in shared:
                    self.shared[vi] += 1
            if self.tally is not None:
                self.tally.fold(row)
            if self.seq is not None:
                self.seq.fold(row)
                if self.seq.settled():
                    self.stop_at = self.paired
            elif self.verdicts is not None:
                self.verdicts.fold(row)

    def _shared(self, stopped: str) -> list[int]:
        """Per variant, the shared games of the seeds in the results: those folded, and (unless an early stop cut
        the run there) those finished but not folded yet (a seed comes back under every variant at once)."""
        out = list(self.shared)
        if stopped != "early":
            for vis in self._shared_wait.values():
                for vi in vis:
                    out[vi] += 1
        return out

    def _sorted(self) -> list[GameRecord]:
        """Every record, sorted by (variant, seed): a new list (the snapshot's own)."""
        for v in self._unsorted:
            self.records[v].sort(key=lambda r: r.seed)
        self._unsorted.clear()
        return [r for own in self.records for r in own]

    def snapshot(self, stopped: str) -> SimResults:
        from .. import __version__

        p = self.plan
        n = p.n
        if stopped == "early":
            assert self.stop_at is not None
            n = self.stop_at
            end = p.seed + n
            recs = [r for r in self._sorted() if r.seed < end]
        else:
            recs = self._sorted()
        total = n * len(p.vdicts)
        tally = None
        played = len(recs)
        if self.tally is not None:
            tally = self.tally.copy()
            played = sum(v.games for v in tally.variants)
        complete = stopped in ("done", "early") and played == total
        return SimResults(game=game_label(p.mod), module=p.modname, variants=p.vdicts, bots=p.bot_names, n=n,
                          seed=p.seed, records=recs, version=__version__, complete=complete,
                          seconds=time.perf_counter() - self.t0, max_steps=p.max_steps, labels=list(p.labels),
                          stopped=stopped if stopped == "running" or complete else "cancelled", planned=p.n,
                          sequential=self.seq.figures() if self.seq is not None else [], tally=tally,
                          shared=self._shared(stopped),
                          anytime=self.verdicts.copy() if self.verdicts is not None else None)


def _seat_names(bots: list[str]) -> list[str]:
    return [f"seat {i + 1} ({b})" for i, b in enumerate(bots)]


class _InFlight(Protocol):
    """The chunks in flight on a pool: the one loop of :meth:`SimStream._run` submits, harvests and drains
    through this (a ``concurrent.futures.Executor`` or a Dask client)."""

    def __len__(self) -> int: ...  # tasks submitted and not yet harvested

    def submit(self, *args: Any) -> None:
        """Run ``play_seeds(*args)``."""

    def harvest(self, timeout: float) -> list[Chunk]:
        """The chunks finished since the last harvest, waiting up to ``timeout`` seconds for one (a task's
        error is raised here)."""

    def drain(self) -> Iterator[Chunk]:
        """Stop: cancel the tasks that will not finish and yield the chunks of those that did."""

    def cancel(self) -> None:
        """Cancel every task still in flight (nothing is harvested after this)."""


class _ExecutorInFlight:
    """Chunks on a ``concurrent.futures.Executor``: harvested with ``wait(FIRST_COMPLETED)``; a stop cancels the
    tasks not started and waits for the few running ones."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.pending: set[Future[Chunk]] = set()

    def __len__(self) -> int:
        return len(self.pending)

    def submit(self, *args: Any) -> None:
        self.pending.add(self.executor.submit(play_seeds, *args))

    def harvest(self, timeout: float) -> list[Chunk]:
        finished, self.pending = wait(self.pending, timeout=timeout, return_when=FIRST_COMPLETED)
        return [f.result() for f in finished]

    def drain(self) -> Iterator[Chunk]:
        running = {f for f in self.pending if not f.cancel()}
        self.pending.clear()
        for f in as_completed(running):
            if not f.cancelled() and f.exception() is None:
                yield f.result()

    def cancel(self) -> None:
        for f in self.pending:
            f.cancel()
        self.pending.clear()


class _DaskInFlight:
    """Chunks on a Dask cluster: ``client.submit(play_seeds, ..., pure=False)``, harvested with Dask's own
    ``distributed.as_completed`` (which also gathers each result as soon as its task finishes). A stop cancels
    every task not finished (Dask cancels queued and running tasks alike) and keeps the chunks that finished."""

    def __init__(self, client: Any) -> None:
        from distributed import as_completed as dask_as_completed  # optional: only with a client

        self.client = client
        ac = dask_as_completed(loop=client.loop, with_results=True)  # type: ignore[no-untyped-call]
        self.finished: Any = ac
        self.pending: set[Any] = set()  # the Dask futures submitted and not yet harvested

    def __len__(self) -> int:
        return len(self.pending)

    def submit(self, *args: Any) -> None:
        future = self.client.submit(play_seeds, *args, pure=False)
        self.pending.add(future)
        self.finished.add(future)

    def harvest(self, timeout: float) -> list[Chunk]:
        ac = self.finished
        with ac.thread_condition:  # notified by as_completed whenever a future is done (what its next() waits on)
            if not ac.has_ready():
                ac.thread_condition.wait(timeout)
        out = []
        for future, result in ac.next_batch(block=False):
            self.pending.discard(future)
            if future.status != "finished":
                future.result()  # raises the task's error (or CancelledError)
            out.append(result)
        return out

    def drain(self) -> Iterator[Chunk]:
        ready = self.finished.next_batch(block=False)
        for future, _ in ready:
            self.pending.discard(future)
        done = [f for f in self.pending if f.status == "finished"]  # finished, not yet passed on by as_completed
        self.pending.difference_update(done)
        self.cancel()
        for future, result in ready:
            if future.status == "finished":
                yield result
        for future in done:
            yield future.result()

    def cancel(self) -> None:
        if self.pending:
            self.client.cancel(list(self.pending))
        self.pending.clear()
        self.finished.clear()


class SimStream(Iterator[SimResults]):
    """The snapshots of one run (see :func:`stream`). Iterate it; ``close()`` (or leaving a ``with`` block, or
    breaking out of a ``for`` loop and dropping it) stops the work promptly: tasks not started are cancelled, the
    few running ones are waited for (on a Dask client they are cancelled too), an own pool is shut down, and
    :attr:`final` holds a last snapshot (``stopped == "cancelled"``) of every game that finished. :attr:`latest`
    is the last snapshot handed out."""

    def __init__(self, plan: Plan, every: float, progress: Progress | None = None) -> None:
        self.plan = plan
        self.every = every
        self.progress = progress
        self.latest: SimResults | None = None
        self.final: SimResults | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()  # held while the generator runs (next or close)
        self._gen = self._run()

    def __iter__(self) -> SimStream:
        return self

    def __next__(self) -> SimResults:
        with self._lock:
            snap = next(self._gen)
        self.latest = snap
        return snap

    def close(self) -> None:
        """Stop now, keep what finished in :attr:`final` (a no-op once the stream has ended). From another
        thread while the stream's own thread is inside ``next()``, this works like a :class:`Cancel`: that thread
        receives the final ``"cancelled"`` snapshot and the stream ends."""
        self._stop.set()
        if self._lock.acquire(blocking=False):
            try:
                self._gen.close()
            finally:
                self._lock.release()
        # else another thread is inside next(): it sees the stop at its next check and ends the stream

    def __enter__(self) -> SimStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self._gen.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def result(self) -> SimResults:
        """Run to the end and return the final snapshot."""
        for _ in self:
            pass
        assert self.final is not None
        return self.final

    # -- the engine ------------------------------------------------------------------------------------------
    def _run(self) -> Generator[SimResults, None, None]:
        p = self.plan
        st = _State(p, live=self.every != float("inf"))
        cb = self.progress
        total = p.n * len(p.vdicts)
        cancel = p.cancel
        stopped = "done"
        last = -1.0  # when the last snapshot was handed out (-1: none yet)
        nv = len(p.vdicts)

        def is_cancelled() -> bool:
            return self._stop.is_set() or (cancel is not None and cancel.is_set())

        def due() -> bool:
            if self.every == float("inf"):
                return False
            if last < 0:
                return st.paired > 0 or (nv == 1 and st.done > 0)
            return time.perf_counter() - last >= self.every

        executor = p.executor
        own_pool: Executor | None = None
        workers = p.workers
        if p.client is not None:
            workers = workers or max(1, len(p.client.scheduler_info().get("workers", {})))
        elif executor is None:
            workers = workers or os.cpu_count() or 1
            executor = "serial" if total <= 64 or workers == 1 else "process"
        if executor == "process":
            own_pool = executor = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
        elif executor == "thread":
            own_pool = executor = ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1)
        if executor == "serial":
            workers = 1
        workers = workers or os.cpu_count() or 1
        cap = p.chunk or _chunk_size(p.n, nv, workers)
        tasks = _Tasks(p.seed, p.n, p.chunk or 1, cap, fixed=p.chunk is not None, spread=2 * workers)
        pool: _InFlight | None = None
        if p.client is not None:
            pool = _DaskInFlight(p.client)
        elif isinstance(executor, Executor):
            pool = _ExecutorInFlight(executor)
        closed = False

        def collect(ch: Chunk) -> None:
            st.note_shared(ch.shared)
            for r in ch.records:
                st.add(r)
            tasks.learn(len(ch.records) // nv, ch.seconds)
            if cb:
                cb(st.done, total)

        def drain() -> None:
            """Cancel what has not started (or, on Dask, not finished); keep every chunk that finished."""
            if pool is None:
                return
            try:
                for ch in pool.drain():
                    collect(ch)
            except KeyboardInterrupt:  # a second Ctrl-C: stop waiting
                pass

        try:
            if executor == "serial":
                # the same small tasks as on a pool, one after another: a stop takes effect when the running
                # task ends (automatic tasks start at one seed and grow to about a quarter of a second)
                for s, c in tasks:
                    if is_cancelled():
                        stopped = "cancelled"
                        break
                    collect(play_seeds(p.modname, p.vdicts, p.bot_names, s, c, p.max_steps))
                    if st.stop_at is not None:
                        stopped = "early"
                        break
                    if due():
                        snap = st.snapshot("running")
                        last = time.perf_counter()
                        yield snap
            else:
                assert pool is not None
                # one loop for an Executor and a Dask client: a bounded window of small tasks in flight, so memory
                # does not grow with n, and a stop cancels the rest and keeps the games of every finished task
                window = workers * 2
                exhausted = False
                while not exhausted or len(pool):
                    while not exhausted and len(pool) < window and not is_cancelled():
                        task = next(tasks, None)
                        if task is None:
                            exhausted = True
                            break
                        s, c = task
                        pool.submit(p.modname, p.vdicts, p.bot_names, s, c, p.max_steps)
                    if is_cancelled():
                        stopped = "cancelled"
                        break
                    finished = pool.harvest(0.1)
                    for ch in finished:
                        collect(ch)
                    if st.stop_at is not None:
                        stopped = "early"
                        break
                    if finished and due():
                        snap = st.snapshot("running")
                        last = time.perf_counter()
                        yield snap
                if stopped == "cancelled":
                    drain()
        except KeyboardInterrupt:
            stopped = "cancelled"
            drain()
        except GeneratorExit:
            closed = True
            drain()
        finally:
            if own_pool is not None:
                own_pool.shutdown(wait=True, cancel_futures=True)
            elif pool is not None:
                pool.cancel()
            if closed:
                stopped = "cancelled"
            self.final = st.snapshot(stopped)
        if not closed:
            self.latest = self.final
            yield self.final


def stream(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] | None = (None,),
           bots: Sequence[str] | str | None = None, n: int = 100, seed: int = 0,
           executor: Executor | str | Any | None = None, workers: int | None = None, chunk: int | None = None,
           cancel: Cancel | threading.Event | None = None, max_steps: int = MAX_STEPS, players: int | None = None,
           early_stop: EarlyStop | float | None = None, every: float = EVERY, keep_records: bool = True,
           progress: Progress | None = None) -> SimStream:
    """Play like :func:`tabletop.sim.simulate` and hand out cumulative results while games finish.

    Returns a :class:`SimStream`, an iterator of :class:`SimResults` snapshots: each is complete and consistent
    for the games finished so far (``len(records)`` never shrinks; paired statistics use the seeds finished under
    every variant). The first comes as soon as one seed has finished under every variant (automatic chunks start
    at one game), later ones at most one every ``every`` seconds (a number >= 0; 0: after every task), and a
    final one always ends the stream: its ``stopped`` is ``"done"``, ``"early"`` or ``"cancelled"``; earlier
    ones say ``"running"``. The final snapshot of a run that was not stopped equals ``simulate(...)`` with the
    same arguments (same records, same statistics). Arguments are those of ``simulate`` and are all checked when
    ``stream`` is called (plain errors, before anything is played); nothing runs until the first ``next()``.
    ``executor`` may also be a Dask ``distributed.Client``: the chunks are submitted with
    ``client.submit(..., pure=False)`` and harvested with Dask's own ``distributed.as_completed`` (a window of
    twice as many tasks as the cluster has workers in flight, so memory does not grow with ``n``).
    Stopping: set ``cancel`` (the stream still yields the final snapshot of every finished game), or
    ``close()`` the stream / leave its ``with`` block (its :attr:`SimStream.final` then holds that snapshot).
    Either way tasks not started are cancelled, running ones (small chunks) are waited for, and a pool the stream
    made is shut down: no worker process is left behind. On a Dask client every task not finished is cancelled
    (Dask cancels running tasks too) and the chunks that finished are kept: no task is left on the cluster.
    ``progress``: an optional callable ``(done, total)`` as for ``simulate``.

    ``keep_records``: ``True`` (default) keeps every game's record; ``False`` keeps running totals instead
    (``results.tally``; ``results.records`` stays empty), so memory does not grow with ``n``: every statistic
    (win rates, lengths, rule firings and edges, comparisons, summary, JSON files) still works, while what needs
    single games (``games()``, CSV files) says so. The totals hold whole seeds in seed order: a snapshot (or a
    cancelled run) counts the seeds finished under every variant, which may be a few games fewer than finished.

    ``early_stop``: ``None`` (play all ``n``), a confidence such as ``0.95``, or an :class:`EarlyStop` (confidence,
    tolerance for "no practical difference", whether game length takes part, a minimum number of games). The run
    then stops as soon as every compared figure (each seat's win rate and the share of games without a winner, in
    each variant against the first; game length only if asked) is settled by an anytime-valid confidence sequence:
    its interval excludes 0 (a difference) or lies within the tolerance (no practical difference). The method,
    its formula and its source are in :mod:`tabletop.sim.sequential`. Every snapshot then carries the figures'
    anytime-valid intervals and verdicts (``results.sequential``, a list of :class:`~tabletop.sim.sequential.Figure`);
    an early-stopped final snapshot has ``stopped == "early"``, ``complete`` True, ``n`` the number of seeds used
    (``planned`` the ``n`` asked for) and exactly the records of ``simulate(..., n=results.n)``.
    """
    every = check_every(every)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be None or a callable (done, total), not {progress!r}")
    plan = prepare(game, variants=variants, bots=bots, n=n, seed=seed, executor=executor, workers=workers,
                   chunk=chunk, cancel=cancel, max_steps=max_steps, players=players,
                   early_stop=early_stop, keep_records=keep_records)
    return SimStream(plan, every, progress)


def run_to_end(plan: Plan, progress: Progress | None) -> SimResults:
    """The engine for ``simulate``: no snapshots but the final one."""
    return SimStream(plan, float("inf"), progress).result()
