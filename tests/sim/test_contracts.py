"""Issue 10, "Simulation and CLI": lazy tasks, cancelling a process pool keeps every finished game, plain
argument errors, and a command line that answers a wrong argument with one line and exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tabletop.sim import Cancel, simulate
from tabletop.sim.cli import main
from tabletop.sim.core import UnknownName, play_one
from tests.sim import piggame

ROOT = Path(__file__).resolve().parents[2]
MOD = piggame.__name__


# -- tasks are made lazily: memory does not grow with n ------------------------------------------------------
class Tracking(ThreadPoolExecutor):
    """Counts tasks submitted and the most that were ever in flight at once."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.submitted = 0
        self.in_flight = 0
        self.most = 0
        self._lock = threading.Lock()

    def submit(self, fn, *args, **kw):  # type: ignore[override]
        with self._lock:
            self.submitted += 1
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
        fut = super().submit(fn, *args, **kw)
        fut.add_done_callback(self._done)
        return fut

    def _done(self, _f) -> None:  # type: ignore[no-untyped-def]
        with self._lock:
            self.in_flight -= 1


@pytest.mark.parametrize("n", [1_000, 3_000_000])
def test_tasks_are_made_lazily_and_few_are_in_flight(n: int) -> None:
    """A huge ``n`` costs nothing up front: a run stopped after its first games has made only the tasks it
    needed, and no more than two per worker were ever waiting."""
    cancel = Cancel()

    def stop_soon(done: int, total: int) -> None:
        assert total == 2 * n
        if done >= 20:
            cancel.set()

    tracemalloc.start()
    t0 = time.perf_counter()
    with Tracking(2) as ex:
        res = simulate(piggame, variants=[None, {"target": 30}], n=n, executor=ex, workers=2, chunk=1,
                       progress=stop_soon, cancel=cancel)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.perf_counter() - t0 < 20
    assert not res.complete and 20 <= len(res.records) < 200
    assert ex.most <= 4 and ex.submitted < 200
    assert peak < 8_000_000  # bytes: the same for n = 1,000 and n = 3,000,000 (a list of tasks: ~600 MB)


def test_memory_does_not_grow_with_n_on_the_serial_path() -> None:
    def peak_for(n: int) -> int:
        cancel = Cancel()
        tracemalloc.start()
        simulate(piggame, n=n, executor="serial", chunk=1, progress=lambda d, t: d >= 5 and cancel.set(),
                 cancel=cancel)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return peak

    small, huge = peak_for(100), peak_for(2_000_000)
    assert huge < small + 1_000_000


# -- cancelling a process pool keeps every finished game ---------------------------------------------------------
def test_cancel_on_a_process_pool_keeps_exactly_the_finished_games() -> None:
    """Games of tens of milliseconds on the default process pool, stopped after about 2 s: the finished games
    are kept (today's main kept 0: its chunks of 500 games had not finished), the stop is prompt, and what is
    kept is exactly what the progress reported, each a real game equal to the serial one."""
    cancel = Cancel()
    seen: list[int] = []
    timer = threading.Timer(2.0, cancel.set)
    t0 = time.perf_counter()
    timer.start()
    res = simulate(piggame, variants=[None, {"target": 30}], bots="slow", n=5_000, seed=11, workers=2,
                   progress=lambda d, t: seen.append(d), cancel=cancel)
    elapsed = time.perf_counter() - t0
    timer.join()
    assert not res.complete
    assert len(res.records) > 0 and elapsed < 8
    assert seen and seen[-1] == len(res.records)
    keys = [(r.variant, r.seed) for r in res.records]
    assert len(set(keys)) == len(keys)
    for r in res.records[:: max(1, len(res.records) // 10)]:
        assert r == play_one(MOD, res.variants[r.variant], res.bots, r.seed, r.variant)
    assert res.compare(0, 1).n > 0  # seed blocks alternate variants, so the stopped run still pairs games


def test_cancel_keeps_the_chunks_that_were_running() -> None:
    """Chunks already running when the cancel comes are waited for and kept, not thrown away."""
    cancel = Cancel()
    seen: list[int] = []

    def stop_at_first(done: int, total: int) -> None:
        seen.append(done)
        cancel.set()

    with ThreadPoolExecutor(3) as ex:
        res = simulate(piggame, n=300, executor=ex, workers=3, chunk=10, bots="slow", progress=stop_at_first,
                       cancel=cancel)
    assert not res.complete
    assert len(res.records) > 10 and seen[-1] == len(res.records)  # the other running chunks were kept


# -- argument errors are plain ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kw", "exc", "words"), [
    ({"n": 0}, ValueError, "n must be a positive whole number, not 0"),
    ({"n": -3}, ValueError, "n must be a positive whole number"),
    ({"n": True}, TypeError, "n must be a whole number (an int), not True (a bool)"),
    ({"n": 2.5}, TypeError, "n must be a whole number (an int), not 2.5 (a float)"),
    ({"n": "10"}, TypeError, "n must be a whole number (an int), not '10' (a str)"),
    ({"seed": "1"}, TypeError, "seed must be a whole number (an int), not '1'"),
    ({"seed": 1.0}, TypeError, "seed must be a whole number"),
    ({"chunk": -1}, ValueError, "chunk must be a positive whole number, not -1"),
    ({"chunk": 0}, ValueError, "chunk must be a positive whole number, not 0"),
    ({"workers": 0}, ValueError, "workers must be a positive whole number"),
    ({"max_steps": 0}, ValueError, "max_steps must be a positive whole number"),
    ({"executor": "cluster"}, UnknownName, "no executor 'cluster'; executors: serial, process, thread"),
    ({"executor": 3}, TypeError, "executor must be one of serial, process, thread"),
    ({"bots": "genius"}, UnknownName, "no bot 'genius' for pig; bots: random, greedy, cautious, slow"),
    ({"bots": 7}, TypeError, "bots must be a bot name or a list of names"),
    ({"players": 3}, ValueError, "Pig is played by 2 players, not 3"),
    ({"players": 3, "bots": ["greedy", "greedy"]}, ValueError, "players=3 but 2 bot name(s) were given"),
    ({"variants": [{"target": "x"}]}, TypeError,
     "variant option target (pig.win) must be a whole number (an int), not 'x' (a str)"),
    ({"variants": [{"target": 2.5}]}, TypeError, "variant option target (pig.win) must be a whole number"),
    ({"variants": [{"target": True}]}, TypeError, "not True (a bool)"),
    ({"variants": [{"goal": 3}]}, ValueError, "unknown variant option(s) for PigVariant: goal; known: target"),
    ({"variants": {"target": 30}}, TypeError, "variants is a list of variants"),
    ({"variants": ["target=30"]}, TypeError, "a variant is None (the rulebook), a PigVariant or a dict"),
])
def test_argument_errors_are_plain(kw: dict, exc: type[Exception], words: str) -> None:
    kw = {"n": 5, "executor": "serial", "progress": False, **kw}
    with pytest.raises(exc) as info:
        simulate(piggame, **kw)
    assert words in str(info.value)
    assert "not supported between" not in str(info.value)


def test_unknown_games_name_the_choices_and_read_plainly() -> None:
    for game, words in [("chess", "no game 'chess'; games: xevious, xevoz, zaxxon"),
                        ("json", "json is not a game (it has no Rules class)"),
                        ("", "no game ''"), (".relative", "no game '.relative'")]:
        with pytest.raises(KeyError) as info:
            simulate(game, n=1, progress=False)
        assert str(info.value).startswith(words.split(";")[0]) and words in str(info.value)
    with pytest.raises(TypeError, match="game must be a name or a module, not 3"):
        simulate(3, n=1)  # type: ignore[arg-type]
    # an UnknownName is both a KeyError (as before) and a ValueError, and reads without KeyError's quotes
    err = UnknownName("no bot 'x'")
    assert isinstance(err, KeyError) and isinstance(err, ValueError) and str(err) == "no bot 'x'"


def test_a_variant_object_of_the_wrong_type_inside_is_refused_plainly() -> None:
    bad = piggame.Variant.__new__(piggame.Variant)
    object.__setattr__(bad, "target", "many")
    with pytest.raises(TypeError, match="variant option target .* must be a whole number"):
        simulate(piggame, variants=[bad], n=1, executor="serial", progress=False)


def test_executor_names_make_their_pool() -> None:
    ref = simulate(piggame, n=30, seed=4, executor="serial", progress=False)
    for name in ("thread", "process"):
        got = simulate(piggame, n=30, seed=4, executor=name, workers=2, progress=False)
        assert got.records == ref.records and got.complete


# -- the command line ----------------------------------------------------------------------------------------------
def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'widgets'}{os.pathsep}{ROOT}")
    return subprocess.run([sys.executable, "-m", "tabletop.sim", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


@pytest.mark.parametrize(("args", "words"), [
    (["--chunk", "-1"], "argument --chunk: must be a positive whole number, not -1"),
    (["--chunk", "0"], "argument --chunk: must be a positive whole number, not 0"),
    (["--n", "0"], "argument --n: must be a positive whole number, not 0"),
    (["--n", "many"], "argument --n: 'many' is not a whole number"),
    (["--seed", "x"], "argument --seed: 'x' is not a whole number"),
    (["--workers", "-2"], "argument --workers: must be a positive whole number"),
    (["--bots", "genius"], "no bot 'genius' for pig; bots: random, greedy, cautious, slow"),
    (["--variant", "target=abc"], "variant option target (pig.win) must be a whole number (an int), not 'abc'"),
    (["--variant", "goal=3"], "unknown variant option(s) for PigVariant: goal"),
    (["--variant", "{nope"], "--variant {nope: not valid JSON"),
    (["--variant", "target"], "variant option 'target' must look like name=value"),
    (["--players", "3"], "Pig is played by 2 players, not 3"),
    (["--no-baseline"], "no variant to play"),
    (["--out", "results.txt"], "--out results.txt: the file name must end in .json or .csv"),
    (["--out", "missing/r.json"], "--out missing/r.json: the folder 'missing' does not exist"),
    (["--out", "adir.json"], "--out adir.json: that is a folder, not a file"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate"),
])
def test_cli_errors_are_one_line_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               args: list[str], words: str) -> None:
    (tmp_path / "adir.json").mkdir()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        rc = main([MOD, "--n", "20000", "--quiet", *args] if "--n" not in args else [MOD, "--quiet", *args])
    finally:
        os.chdir(cwd)
    err = capsys.readouterr().err
    assert rc == 2
    assert err.count("\n") == 1 and err.startswith("tabletop-simulate: ") and words in err, err
    assert "Traceback" not in err


def test_cli_checks_out_before_it_runs_and_no_traceback_in_a_real_process(tmp_path: Path) -> None:
    t0 = time.perf_counter()
    r = _cli(MOD, "--n", "1000000", "--bots", "slow", "--out", str(tmp_path / "nowhere" / "r.csv"), cwd=tmp_path)
    assert r.returncode == 2 and time.perf_counter() - t0 < 60
    assert r.stderr.strip().count("\n") == 0 and "does not exist" in r.stderr and "Traceback" not in r.stderr
    assert "simulating" not in r.stderr  # nothing was played
    r = _cli("chess", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith("tabletop-simulate: no game 'chess'; games:")
    assert "Traceback" not in r.stderr
    r = _cli(MOD, "--chunk", "-1", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "usage" not in r.stderr
    r = _cli("chess", "--options", cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_cli_with_good_arguments_still_writes_its_files(tmp_path: Path) -> None:
    from tabletop.sim import SimResults

    rc = main([MOD, "--n", "12", "--variant", "target=30", "--serial", "--quiet", "--chunk", "5",
               "--out", str(tmp_path / "r.json"), "--out", str(tmp_path / "r.csv")])
    assert rc == 0
    assert len(SimResults.load(tmp_path / "r.json").records) == 24 == len(SimResults.load(tmp_path / "r.csv").records)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # the write check left nothing
