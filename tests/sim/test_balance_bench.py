"""benchmarks/balance_bench.py runs on the kit's test game Pig at tiny sizes and prints every figure (about 5 s,
most of it a two-worker Dask LocalCluster starting)."""

from __future__ import annotations

import json
import re

import pytest

from tests.scripts import load_script


def _bench():
    return load_script("benchmarks/balance_bench.py", "balance_bench")


def test_balance_bench_prints_every_figure_on_pig(capsys, tmp_path) -> None:
    pytest.importorskip("distributed")
    bench = _bench()
    # from a 5-point game to a 40-point one: games are far longer under any play, and the verdict rule says so
    assert bench.main(["--games", "tests.sim.piggame", "--sims", "4", "--n", "24", "--skill-n", "3", "--serial",
                       "--change", '{"target": 40}', "--base", '{"target": 5}', "--dask-n", "2",
                       "--dask-threads", "--out", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "strong bot mcts:4; base rules: target=5" in text
    assert re.search(r"skill: mcts:4 beats random in .* of decided games \(seats swapped\): skill share", text)
    assert re.search(r"skill: mcts:4 beats greedy in ", text)
    assert re.search(r"luck: luck share \d\.\d\d \(95% CI", text)
    # how many paired games the verdict rule needs before it can claim anything (checked below against the rule)
    assert "the verdict rule can claim a difference only from 21 paired games on" in text
    # the change: both verdicts, judged by the one verdict rule, and the statement of the result
    line = next(ln for ln in text.splitlines() if ln.startswith("change target=40"))
    assert "strong play (mcts:4 vs mcts:4): " in line and "random play: " in line
    assert "the length up (more than noise)" in line.split("random play:")[1]  # 5 -> 40 points: far longer
    assert "verdict differs: " in text
    assert re.search(r"time: 24 mcts:4 games x 2 variants serially: [\d.]+ s .*projected 1,000 x 2 here: ", text)
    assert re.search(r"time on Dask \(pig\): 2 mcts:4 games x 2 variants on a LocalCluster of 2 workers: .*the "
                     r"same games as the local run: True\); projected 1,000 x 2 on a 64-core Dask cluster", text)
    md = (tmp_path / "balance.md").read_text()
    assert "## pig" in md and "luck share" in md and "time on Dask" in md
    data = json.loads((tmp_path / "balance.json").read_text())
    row = data["games"][0]
    assert row["game"] == "pig" and row["changes"][0]["random"]["the length"] == "up"
    assert row["skill"]["vs random"]["decided"] + row["skill"]["vs random"]["undecided"] == 6
    assert row["time"]["dask_same_games"] is True and row["time"]["projected_dask_min"] >= 0


def test_verdict_of_reads_the_verdict_rule() -> None:
    # the verdicts compared are the verdict rule's (anytime-valid), keyed by the game's seats (not the bots)
    bench = _bench()
    from tabletop.sim import simulate
    from tests.sim import piggame

    res = simulate(piggame, variants=[None, {"target": 100}], bots="random", n=30, seed=0, executor="serial",
                   progress=False)
    cmp = res.compare(0, 1)
    v = bench.verdict_of(cmp, ("Player 1", "Player 2"))
    assert list(v) == ["Player 1's win rate", "Player 2's win rate", "the no-winner share", "the length"]
    assert v["the length"] == ("up" if cmp.length.significant else "no claim") == "up"
    same = simulate(piggame, variants=[None, {"target": 20}], bots="random", n=10, seed=0, executor="serial",
                    progress=False).compare(0, 1)
    assert set(bench.verdict_of(same).values()) == {"no claim"}
    assert bench.verdict_words(bench.verdict_of(same)) == "no difference more than noise"


def test_fewest_for_a_claim_is_the_verdict_rules() -> None:
    # every paired game longer under the change (5 -> 100 points): the verdict rule claims it from the fewest
    # paired games the benchmark names on, and not one game earlier
    bench = _bench()
    from tabletop.sim import simulate
    from tests.sim import piggame

    least = bench.fewest_for_a_claim(2)
    for n, claimed in ((least - 1, False), (least, True)):
        cmp = simulate(piggame, variants=[{"target": 5}, {"target": 100}], bots="random", n=n, seed=0,
                       executor="serial", progress=False).compare(0, 1)
        assert cmp.length.more == 1.0  # every game longer: the most a figure can move
        assert cmp.length.significant is claimed, (n, cmp.length)
