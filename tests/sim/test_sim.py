"""The simulator on the kit's test game Pig: determinism, common random numbers, executors, cancel, files."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.sim import Cancel, SimResults, TextProgress, simulate
from tabletop.sim.core import _chunk_size, play_one
from tests.sim import piggame

ROOT = Path(__file__).resolve().parents[2]
MOD = piggame.__name__


def run(**kw):
    kw.setdefault("progress", False)
    kw.setdefault("executor", "serial")
    return simulate(piggame, **kw)


def test_same_seed_same_results_and_different_seed_differs() -> None:
    a = run(n=60, seed=5, bots=["greedy", "random"])
    b = run(n=60, seed=5, bots=["greedy", "random"])
    c = run(n=60, seed=6, bots=["greedy", "random"])
    assert a.records == b.records
    assert a.records != c.records
    assert [r.seed for r in a.records] == list(range(5, 65))


def test_common_random_numbers_same_seeds_for_every_variant() -> None:
    res = run(variants=[None, {"target": 20}, {"target": 40}], n=30, seed=100)
    assert res.seeds(0) == res.seeds(1) == res.seeds(2) == list(range(100, 130))
    # identical variants on identical seeds give identical games: the pairing is exact
    assert [(r.winner, r.steps) for r in res.games(0)] == [(r.winner, r.steps) for r in res.games(1)]
    cmp = res.compare(0, 1)
    assert cmp.length.mean == 0 and cmp.length.low == cmp.length.high == 0
    assert "identical in every paired game" in cmp.summary()


def test_variant_changes_the_games_and_is_recorded() -> None:
    res = run(variants=[None, {"target": 60}], n=40, bots="greedy")
    assert res.variants == [{"target": 20}, {"target": 60}]
    assert res.labels == ["rulebook rules", "target=60"]
    assert res.length_summary(1)["mean"] > res.length_summary(0)["mean"]


def test_bad_variant_bot_and_game_are_refused_with_reasons() -> None:
    with pytest.raises(ValueError, match="unknown variant option"):
        run(variants=[{"goal": 3}], n=1)
    with pytest.raises(KeyError, match="no bot 'genius'"):
        run(bots="genius", n=1)
    with pytest.raises(KeyError, match="no game 'chess'"):
        simulate("chess", n=1)
    with pytest.raises(ValueError, match="n must be"):
        run(n=-1)


def test_rule_firings_are_counted_from_events() -> None:
    rec = play_one(MOD, {"target": 20}, ["greedy", "greedy"], seed=3)
    assert rec.finished and rec.winner in (0, 1)
    assert rec.rules["pig.setup"] == 1 and rec.rules["pig.win"] == 1
    # every action is a roll or a hold, and each emits exactly one of those events
    assert rec.rules["pig.roll"] + rec.rules["pig.hold"] == rec.steps
    # per seat: the win is credited to the winner; setup concerns no seat
    assert rec.seat_rules["pig.win"][rec.winner] == 1 and sum(rec.seat_rules["pig.win"]) == 1
    assert "pig.setup" not in rec.seat_rules and sum(rec.seat_rules["pig.roll"]) == rec.rules["pig.roll"]
    res = run(n=20, bots="greedy")
    assert res.rule_counts()["pig.win"] == 20
    assert res.rule_games()["pig.hold"].k == 20


def test_step_cap_marks_games_unfinished() -> None:
    res = run(n=5, max_steps=3)
    assert all(not r.finished and r.winner is None and r.steps == 3 for r in res.records)
    assert res.no_winner().k == 5 and res.unfinished == 5
    assert "step cap" in res.summary()


def test_chunks_start_small_and_grow_to_batches() -> None:
    # seeds per task, each under every variant: at most MAX_CHUNK (500) games, about 8 tasks per worker
    assert _chunk_size(10_000, 2, 2) == 250
    assert _chunk_size(10_000, 1, 2) == 500
    assert _chunk_size(100, 2, 2) == 7
    assert _chunk_size(1, 1, 8) == 1
    calls: list[int] = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn, *args, **kw):  # type: ignore[override]
            calls.append(args[4])  # the chunk's seed count
            return super().submit(fn, *args, **kw)

    with Counting(2) as ex:
        res = simulate(piggame, variants=[None, {"target": 30}], n=100, seed=0, executor=ex, workers=2,
                       progress=False)
    # automatic chunks start at one seed and grow with the measured speed (capped at ~8 tasks per worker)
    assert sum(calls) == 100 and calls[0] == 1 and max(calls) == 7 and len(calls) < 40
    assert res.records == run(variants=[None, {"target": 30}], n=100, seed=0).records


def test_process_pool_by_default_matches_serial() -> None:
    res = simulate(piggame, variants=[None, {"target": 30}], n=150, seed=9, progress=False, workers=2)
    assert res.complete and len(res.records) == 300
    assert res.records == run(variants=[None, {"target": 30}], n=150, seed=9).records


def test_progress_callback_and_text_bar() -> None:
    seen: list[tuple[int, int]] = []
    run(n=10, progress=lambda d, t: seen.append((d, t)))
    # once per task (tasks start at one game and grow): every count, in order, ending at the total
    assert seen[-1] == (10, 10) and [d for d, _ in seen] == sorted({d for d, _ in seen}) and len(seen) <= 10
    buf = io.StringIO()
    bar = TextProgress(stream=buf)
    run(n=10, progress=bar)
    assert "10/10 games" in buf.getvalue() and "#" * 30 in buf.getvalue()


def test_cancel_keeps_partial_results_serial() -> None:
    cancel = Cancel()

    def stop_at_25(done: int, total: int) -> None:
        if done >= 25:
            cancel.set()

    res = run(variants=[None, {"target": 30}], n=100, progress=stop_at_25, cancel=cancel, chunk=10)
    # the stop takes effect when the running task (10 seeds under both variants) ends
    assert not res.complete and len(res.records) == 40
    assert "STOPPED EARLY" in res.summary()
    # chunks alternate variants, so the partial run still has paired games to compare
    assert res.compare(0, 1).n >= 10


def test_cancel_with_an_executor_keeps_finished_chunks() -> None:
    cancel = Cancel()
    hits: list[int] = []

    def stop_after_first(done: int, total: int) -> None:
        hits.append(done)
        cancel.set()

    with ThreadPoolExecutor(1) as ex:
        res = simulate(piggame, n=400, executor=ex, workers=1, chunk=20, progress=stop_after_first, cancel=cancel)
    assert not res.complete
    assert 20 <= len(res.records) < 400
    assert len(res.records) % 20 == 0


def test_cancel_from_another_thread() -> None:
    cancel = Cancel()
    timer = threading.Timer(0.05, cancel.set)
    timer.start()
    res = run(n=200_000, bots="cautious", variants=[{"target": 100}], cancel=cancel)
    timer.join()
    assert not res.complete and 0 < len(res.records) < 200_000


def test_results_round_trip_json_and_csv(tmp_path: Path) -> None:
    res = run(variants=[None, {"target": 35}], n=25, seed=7, bots=["greedy", "random"])
    j = res.save(tmp_path / "r.json")
    c = res.save(tmp_path / "r.csv")
    data = json.loads(j.read_text())
    assert data["version"] == res.version != "" and data["bots"] == ["greedy", "random"]
    assert data["variants"][1] == {"target": 35} and data["games"][0]["seed"] == 7
    for back in (SimResults.load(j), SimResults.load(c)):
        assert back.records == res.records
        assert back.variants == res.variants and back.bots == res.bots and back.version == res.version
        assert back.n == 25 and back.seed == 7
        assert back.compare().seats[0] == res.compare().seats[0]
    header, first = c.read_text().splitlines()[:2]
    assert header.split(",")[:4] == ["game", "version", "bots", "variant_index"]
    assert "greedy;random" in first


def test_damaged_results_files_are_refused(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("{nope")
    with pytest.raises(ValueError, match="not JSON"):
        SimResults.load(p)
    p.write_text('{"format": "tabletop-save"}')
    with pytest.raises(ValueError, match="not a Tabletop Arcade simulation result"):
        SimResults.load(p)
    q = tmp_path / "x.csv"
    q.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="missing column"):
        SimResults.load(q)


def test_cli_writes_results_and_refuses_bad_options(tmp_path: Path) -> None:
    from tabletop.sim.cli import main, parse_variant

    assert parse_variant("target=30") == {"target": 30}
    assert parse_variant("a=true,b=1|2|3,c=RED") == {"a": True, "b": [1, 2, 3], "c": "RED"}
    out = tmp_path / "cli.json"
    rc = main([MOD, "--n", "30", "--variant", "target=30", "--serial", "--quiet", "--out", str(out),
               "--bots", "greedy,random"])
    assert rc == 0
    res = SimResults.load(out)
    assert res.variants == [{"target": 20}, {"target": 30}] and len(res.records) == 60
    assert main([MOD, "--n", "3", "--variant", "goal=3", "--quiet"]) == 2


def test_cli_runs_as_module_and_prints_summary(tmp_path: Path) -> None:
    env = {"PYTHONPATH": f"{ROOT / 'widgets'}:{ROOT}", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "tabletop.sim", MOD, "--n", "40", "--variant", "target=40",
                          "--out", str(tmp_path / "r.csv")], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "paired games" in out.stdout and "win rate" in out.stdout
    assert SimResults.load(tmp_path / "r.csv").n == 40
    opts = subprocess.run([sys.executable, "-m", "tabletop.sim", MOD, "--options"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert "target = 20" in opts.stdout and "[pig.win]" in opts.stdout


@settings(max_examples=15, deadline=None)
@given(chunk=st.integers(1, 40), n=st.integers(1, 60), seed=st.integers(0, 10_000))
def test_results_do_not_depend_on_chunking_or_executor(chunk: int, n: int, seed: int) -> None:
    variants = [None, {"target": 25}]
    ref = run(variants=variants, n=n, seed=seed, bots=["greedy", "random"])
    with ThreadPoolExecutor(2) as ex:
        got = simulate(piggame, variants=variants, n=n, seed=seed, bots=["greedy", "random"], executor=ex,
                       workers=2, chunk=chunk, progress=False)
    assert got.records == ref.records and got.complete
    assert len(got.records) == 2 * n


def test_tabletop_simulate_is_the_simulator() -> None:
    import tabletop
    import tabletop.sim

    assert tabletop.simulate is tabletop.sim.simulate


def test_first_player_comes_from_the_rules_hook_and_mixed_bots_are_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    res = run(n=20, bots=["greedy", "random"])
    assert {r.first for r in res.records} == {0}
    assert "mixes bot strength with moving first" in res.summary()
    # a game whose order of play is decided during play reports its real first mover
    monkeypatch.setattr(piggame.PigRules, "first_player", lambda self, state: 1, raising=False)
    again = run(n=20, bots=["greedy", "greedy"])
    assert {r.first for r in again.records} == {1}
    assert "mixes bot strength" not in again.summary()
