"""The Dask path: ``client.get_executor()`` of a local cluster runs the same games as the serial path."""

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


def test_cancel_and_close_a_dask_stream_keep_finished_chunks_and_leave_no_task(client) -> None:
    import time

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
    s = stream(piggame, n=100_000, executor=client, chunk=25, bots="slow")
    next(s)
    s.close()
    assert s.final is not None and s.final.stopped == "cancelled"
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline and any(client.processing().values()):
        time.sleep(0.05)
    assert not any(client.processing().values())  # nothing left running on the cluster
