"""Issue 13, live results: ``stream`` yields cumulative snapshots; ``simulate`` is its last one."""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop.sim import Cancel, SimResults, SimStream, simulate, stream
from tabletop.sim.core import play_one
from tests.sim import piggame

MOD = piggame.__name__
VARIANTS = [None, {"target": 30}]


def _keys(res: SimResults) -> set[tuple[int, int]]:
    return {(r.variant, r.seed) for r in res.records}


def test_snapshots_are_monotone_consistent_and_end_with_simulates_result() -> None:
    snaps = list(stream(piggame, variants=VARIANTS, bots=["greedy", "random"], n=400, seed=3,
                        executor="serial", every=0))
    assert len(snaps) > 3
    *running, final = snaps
    assert all(s.stopped == "running" and s.running and not s.complete for s in running)
    assert final.stopped == "done" and final.complete and not final.running
    for a, b in zip(snaps, snaps[1:], strict=False):
        assert _keys(a) <= _keys(b) and len(a.records) <= len(b.records)
    for s in snaps:  # each snapshot is a consistent SimResults: sorted records, paired stats on common seeds
        assert s.records == sorted(s.records, key=lambda r: (r.variant, r.seed))
        common = set(s.seeds(0)) & set(s.seeds(1))
        assert s.compare().n == len(common)
        assert "RUNNING" in s.summary() if s.running else "RUNNING" not in s.summary()
    ref = simulate(piggame, variants=VARIANTS, bots=["greedy", "random"], n=400, seed=3, executor="serial",
                   progress=False)
    assert final.records == ref.records and final.stopped == ref.stopped == "done"
    assert final.compare().conclusions() == ref.compare().conclusions()


def test_the_stream_is_deterministic_and_does_not_depend_on_the_executor() -> None:
    a = stream(piggame, variants=VARIANTS, n=150, seed=8, executor="serial").result()
    with ThreadPoolExecutor(2) as ex:
        b = list(stream(piggame, variants=VARIANTS, n=150, seed=8, executor=ex, workers=2, chunk=7, every=0))
    assert b[-1].records == a.records and b[-1].complete
    assert stream(piggame, variants=VARIANTS, n=150, seed=9, executor="serial").result().records != a.records


def test_snapshots_are_spaced_by_every() -> None:
    t0 = time.perf_counter()
    times = []
    for _snap in stream(piggame, variants=VARIANTS, n=200_000, bots="cautious", executor="serial", every=0.2,
                        cancel=_timer_cancel(1.3)):
        times.append(time.perf_counter() - t0)
    gaps = [b - a for a, b in zip(times[1:-1], times[2:-1], strict=False)]
    assert times[0] < 0.5  # the first as soon as a seed is paired
    assert gaps and min(gaps) >= 0.2 and len(times) <= 1 + 1.3 / 0.2 + 2


def _timer_cancel(seconds: float) -> Cancel:
    import threading

    c = Cancel()
    threading.Timer(seconds, c.set).start()
    return c


def test_first_snapshot_comes_quickly_on_a_process_pool_and_close_stops_the_workers() -> None:
    t0 = time.perf_counter()
    s = stream(piggame, variants=VARIANTS, bots="slow", n=5_000, seed=2, workers=2)
    first = next(s)
    assert time.perf_counter() - t0 < 3 and first.running and first.compare().n >= 1
    second = next(s)
    assert len(second.records) >= len(first.records)
    t1 = time.perf_counter()
    s.close()
    assert time.perf_counter() - t1 < 3
    assert multiprocessing.active_children() == []  # the stream's own pool is shut down
    final = s.final
    assert final is not None and final.stopped == "cancelled" and not final.complete
    assert _keys(second) <= _keys(final) and len(final.records) < 10_000
    for r in final.records[:: max(1, len(final.records) // 5)]:  # every kept game is a real, finished game
        assert r == play_one(MOD, final.variants[r.variant], final.bots, r.seed, r.variant)
    with pytest.raises(StopIteration):
        next(s)


def test_breaking_out_of_a_with_block_keeps_the_finished_games() -> None:
    with stream(piggame, variants=VARIANTS, n=100_000, executor="serial", every=0) as s:
        for snap in s:
            if len(snap.records) >= 50:
                break
    assert s.final is not None and s.final.stopped == "cancelled"
    assert len(s.final.records) == len(snap.records)  # serial: nothing was running besides


def test_cancel_ends_the_stream_with_a_cancelled_snapshot() -> None:
    cancel = Cancel()
    snaps = []
    with ThreadPoolExecutor(2) as ex:
        for snap in stream(piggame, variants=VARIANTS, n=50_000, executor=ex, workers=2, chunk=20, every=0,
                           cancel=cancel):
            snaps.append(snap)
            if len(snaps) == 3:
                cancel.set()
    assert snaps[-1].stopped == "cancelled" and len(snaps) >= 4
    assert _keys(snaps[2]) <= _keys(snaps[-1]) and len(snaps[-1].records) % 20 == 0
    assert simulate(piggame, n=5, executor="serial", progress=False, cancel=cancel).stopped == "cancelled"


@pytest.mark.parametrize(("kw", "exc", "words"), [
    ({"every": -1}, ValueError, "every must be a finite number of seconds, 0 or more, not -1"),
    ({"every": float("nan")}, ValueError, "every must be a finite number of seconds"),
    ({"every": float("inf")}, ValueError, "every must be a finite number of seconds"),
    ({"every": "1"}, TypeError, "every must be a number of seconds (0 or more), not '1' (a str)"),
    ({"every": True}, TypeError, "every must be a number of seconds"),
    ({"progress": 3}, TypeError, "progress must be None or a callable"),
    ({"cancel": True}, TypeError, "cancel must be a tabletop.sim.Cancel"),
    ({"n": 0}, ValueError, "n must be a positive whole number, not 0"),
    ({"executor": "cluster"}, ValueError, "no executor 'cluster'"),
])
def test_stream_arguments_are_checked_when_it_is_called(kw: dict, exc: type[Exception], words: str) -> None:
    with pytest.raises(exc) as info:
        stream(piggame, **{"n": 5, "executor": "serial", **kw})
    assert words in str(info.value)


def test_nothing_runs_before_the_first_next() -> None:
    seen: list[int] = []
    s = stream(piggame, n=10, executor="serial", progress=lambda d, t: seen.append(d))
    assert isinstance(s, SimStream) and seen == [] and s.latest is None
    snap = next(s)
    assert seen and s.latest is snap
    assert s.result().complete and seen[-1] == 10


# -- running totals: keep_records=False ------------------------------------------------------------------------------
def test_running_totals_give_the_same_statistics_as_the_records(tmp_path) -> None:
    kw = {"variants": [None, {"target": 30}, {"target": 12}], "bots": ["greedy", "random"], "n": 300, "seed": 4,
          "executor": "serial", "progress": False}
    full = simulate(piggame, **kw)
    lean = simulate(piggame, **kw, keep_records=False)
    assert lean.records == [] and lean.tally is not None and lean.complete and lean.stopped == "done"
    assert lean.summary() == full.summary()
    for v in range(3):
        assert lean.win_rates(v) == full.win_rates(v) and lean.no_winner(v) == full.no_winner(v)
        assert lean.first_player(v) == full.first_player(v) and lean.lengths(v) == full.lengths(v)
        assert lean.length_summary(v) == full.length_summary(v) and lean.rule_counts(v) == full.rule_counts(v)
        assert lean.rule_games(v) == full.rule_games(v) and lean.seeds(v) == full.seeds(v)
        assert lean.played(v) == full.played(v) == 300
        for rule in ("pig.roll", "pig.hold", "pig.win", "nothing"):
            x, y = lean.rule_edge(rule, v), full.rule_edge(rule, v)
            assert x.summary() == y.summary() and (x.rate.k, x.rate.n, x.games_fired) == (y.rate.k, y.rate.n,
                                                                                          y.games_fired)
            assert (x.rate.low, x.rate.high) == (y.rate.low, y.rate.high) or x.rate.n == 0
    for a, b in [(0, 1), (1, 0), (0, 2), (2, 1), (1, 1)]:
        x, y = lean.compare(a, b), full.compare(a, b)
        assert x.conclusions() == y.conclusions()
        for d, e in zip([*x.seats, x.length, x.draws], [*y.seats, y.length, y.draws], strict=True):
            assert d.n == e.n and d.mean == pytest.approx(e.mean) and d.low == pytest.approx(e.low)
    back = SimResults.load(lean.save(tmp_path / "lean.json"))
    assert back.summary() == lean.summary() and back.tally is not None
    with pytest.raises(ValueError, match=r"games\(\) needs the single games, .*\(keep_records=False\)"):
        lean.games(0)
    with pytest.raises(ValueError, match="a CSV file .* needs the single games"):
        lean.save(tmp_path / "lean.csv")
    with pytest.raises(TypeError, match="keep_records must be true or false"):
        simulate(piggame, n=3, keep_records=1)


def test_running_totals_stream_and_stop_early_like_the_records() -> None:
    kw = {"variants": [None, {"target": 5}], "bots": "greedy", "n": 3000, "executor": "serial",
          "early_stop": 0.95}
    snaps = list(stream(piggame, **kw, keep_records=False, every=0))
    full = simulate(piggame, **kw, progress=False)
    assert snaps[-1].stopped == full.stopped == "early" and snaps[-1].n == full.n
    assert snaps[-1].summary() == full.summary()
    played = [s.played_total for s in snaps]
    assert played == sorted(played) and played[-1] == 2 * full.n


def test_memory_does_not_grow_with_n_when_records_are_not_kept() -> None:
    """Peak traced memory of a whole run of n = 20,000 is about that of n = 2,000 with running totals (a list of
    records grows tenfold: ~2.7 MB against ~28 MB on this game)."""
    import tracemalloc

    def peak(n: int) -> int:
        tracemalloc.start()
        res = simulate(piggame, n=n, executor="serial", progress=False, keep_records=False, max_steps=4)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert res.complete and res.played_total == n
        return top

    small, large = peak(2_000), peak(20_000)
    assert large < 2 * small + 200_000


def test_close_from_another_thread_while_the_loop_runs() -> None:
    """A lab runs the loop in a background thread; its Stop button may call close() from the UI thread."""
    import threading

    s = stream(piggame, variants=VARIANTS, n=200_000, bots="cautious", workers=2, every=0.05)
    got: list[SimResults] = []
    errors: list[BaseException] = []

    def loop() -> None:
        try:
            for snap in s:
                got.append(snap)
        except BaseException as exc:  # pragma: no cover - the failure being tested for
            errors.append(exc)

    th = threading.Thread(target=loop)
    th.start()
    while not got:
        time.sleep(0.01)
    s.close()
    th.join(10)
    assert not th.is_alive() and not errors
    assert s.final is not None and (got[-1] is s.final or got[-1].running)
    assert all(snap.running for snap in got[:-1])
    assert s.final is not None and s.final.stopped == "cancelled" and len(s.final.records) < 400_000
    assert multiprocessing.active_children() == []
