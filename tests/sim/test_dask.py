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
