"""The Dask paths on a local cluster run the same games as the serial path: a ``distributed.Client`` itself
(tasks through ``client.submit``, harvested with ``distributed.as_completed``) and, as any
``concurrent.futures.Executor``, its ``client.get_executor()``."""

from __future__ import annotations

import pytest

from tabletop.sim import Cancel, simulate
from tests.sim import piggame

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def _idle(client) -> bool:
    """Whether the scheduler has no task processing (waiting up to a second for cancellations to land)."""
    import time

    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline and any(client.processing().values()):
        time.sleep(0.05)
    return not any(client.processing().values())


def test_dask_executor_matches_serial(client) -> None:
    variants = [None, {"target": 30}]
    res = simulate(piggame, variants=variants, bots=["greedy", "cautious"], n=120, seed=3,
                   executor=client.get_executor(), workers=2, progress=False)
    ref = simulate(piggame, variants=variants, bots=["greedy", "cautious"], n=120, seed=3, executor="serial",
                   progress=False)
    assert res.complete and res.records == ref.records
    assert res.compare().summary() == ref.compare().summary()


def test_dask_executor_batches_and_cancel(client) -> None:
    cancel = Cancel()
    res = simulate(piggame, n=2000, executor=client.get_executor(), workers=2, chunk=50,
                   progress=lambda d, t: cancel.set(), cancel=cancel)
    assert not res.complete
    assert 50 <= len(res.records) < 2000 and len(res.records) % 50 == 0


def test_cli_on_a_local_dask_cluster_of_processes(tmp_path) -> None:
    """``tabletop-simulate --dask local``: real worker processes import the game by its module name."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tabletop.sim import SimResults

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=f"{root / 'widgets'}{os.pathsep}{root}")
    out = tmp_path / "dask.json"
    r = subprocess.run([sys.executable, "-m", "tabletop.sim", "tests.sim.piggame", "--n", "100", "--variant",
                        "target=30", "--dask", "local", "--workers", "1", "--chunk", "25", "--out", str(out)],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    res = SimResults.load(out)
    ref = simulate(piggame, variants=[None, {"target": 30}], n=100, executor="serial", progress=False)
    assert res.records == ref.records and res.complete


# -- streaming on Dask (issue 13) --------------------------------------------------------------------------------
def test_stream_on_a_dask_client_matches_serial_and_snapshots_grow(client) -> None:
    from tabletop.sim import stream

    kw = {"variants": [None, {"target": 30}], "bots": ["greedy", "random"], "n": 300, "seed": 5}
    snaps = list(stream(piggame, **kw, executor=client, chunk=20, every=0))  # the Client itself
    ref = simulate(piggame, **kw, executor="serial", progress=False)
    assert len(snaps) > 2 and all(s.running for s in snaps[:-1])
    sizes = [len(s.records) for s in snaps]
    assert sizes == sorted(sizes)
    assert snaps[-1].stopped == "done" and snaps[-1].records == ref.records
    lean = stream(piggame, **kw, executor=client.get_executor(), workers=2, keep_records=False).result()
    assert lean.summary() == ref.summary()


def test_early_stop_on_dask_equals_serial(client) -> None:
    kw = {"variants": [None, {"target": 5}], "bots": "greedy", "n": 3000, "seed": 1, "early_stop": 0.95,
          "progress": False}
    got = simulate(piggame, **kw, executor=client, chunk=25)
    ref = simulate(piggame, **kw, executor="serial")
    assert got.stopped == ref.stopped == "early" and got.n == ref.n and got.records == ref.records
    assert _idle(client)  # the tasks still in flight at the stop were cancelled


def test_cancel_and_close_a_dask_stream_keep_finished_chunks_and_leave_no_task(client) -> None:
    from tabletop.sim import stream

    cancel = Cancel()
    snaps = []
    for snap in stream(piggame, n=100_000, executor=client, chunk=25, every=0, cancel=cancel):
        snaps.append(snap)
        if len(snaps) == 2:
            cancel.set()
    final = snaps[-1]
    assert final.stopped == "cancelled" and len(final.records) % 25 == 0
    assert {(r.variant, r.seed) for r in snaps[1].records} <= {(r.variant, r.seed) for r in final.records}
    held = len(client.futures)
    s = stream(piggame, n=100_000, executor=client, chunk=25, bots="slow")
    next(s)
    s.close()
    assert s.final is not None and s.final.stopped == "cancelled" and len(s.final.records) % 25 == 0
    assert _idle(client)  # nothing left running on the cluster
    assert len(client.futures) <= held  # and the stream holds no future any more


def test_a_client_runs_through_submit_and_dask_as_completed_in_a_bounded_window(client, monkeypatch) -> None:
    """The client path submits each chunk itself and harvests with ``distributed.as_completed`` (not through
    ``get_executor()``), with at most two tasks per worker in flight: the client's futures do not grow with n."""
    made = []

    class SpyAsCompleted(distributed.as_completed):
        def __init__(self, *args, **kwargs) -> None:
            self.added = 0
            super().__init__(*args, **kwargs)
            made.append(self)

        def update(self, futures) -> None:  # add() comes here too
            futures = list(futures)
            self.added += len(futures)
            super().update(futures)

    def no_executor(*args, **kwargs):
        raise AssertionError("a Client must not be run through client.get_executor()")

    monkeypatch.setattr(distributed, "as_completed", SpyAsCompleted)
    monkeypatch.setattr(client, "get_executor", no_executor)
    base = len(client.futures)
    in_flight: list[int] = []
    kw = {"variants": [None, {"target": 30}], "bots": ["greedy", "random"], "n": 400, "seed": 7}
    got = simulate(piggame, **kw, executor=client, chunk=10,
                   progress=lambda done, total: in_flight.append(len(client.futures) - base))
    ref = simulate(piggame, **kw, executor="serial", progress=False)
    assert got.complete and got.records == ref.records
    assert len(made) == 1 and made[0].added == 400 // 10  # every chunk (10 seeds x 2 variants) via as_completed
    window = 2 * len(client.scheduler_info()["workers"])
    assert len(in_flight) == 40 and max(in_flight) <= window  # not 40 futures at once
    assert len(client.futures) <= base


def test_a_stop_on_dask_keeps_finished_chunks_and_cancels_unfinished_tasks(client) -> None:
    import time

    from tabletop.sim.live import _DaskInFlight, prepare

    plan = prepare(piggame, bots="greedy")
    pool = _DaskInFlight(client)
    for first in (0, 5):
        pool.submit(plan.modname, plan.vdicts, plan.bot_names, first, 5, plan.max_steps)
    distributed.wait(list(pool.pending))  # both finished (as_completed may or may not have passed them on yet)
    pool.submit(plan.modname, plan.vdicts, ["slow", "slow"], 100, 40, plan.max_steps)  # seconds of play
    (slow,) = [f for f in pool.pending if f.status != "finished"]
    time.sleep(0.1)
    kept = list(pool.drain())
    assert sorted(r.seed for ch in kept for r in ch.records) == list(range(10))
    assert slow.status == "cancelled" and len(pool) == 0 and pool.harvest(0) == []
    assert _idle(client)
    # a task that finished while as_completed has not passed it on yet is kept too
    pool.submit(plan.modname, plan.vdicts, plan.bot_names, 20, 5, plan.max_steps)
    distributed.wait(list(pool.pending))
    pool.finished.clear()  # as_completed forgets it: only its status says it finished
    assert [r.seed for ch in pool.drain() for r in ch.records] == list(range(20, 25))
