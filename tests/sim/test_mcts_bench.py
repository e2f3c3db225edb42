"""benchmarks/mcts_bench.py's strength tally (issue 21): seeds in chunks from a first seed, both seatings of each,
the per-seed pairing (won in both seats, split, lost in both) and the Wilson interval. A toy game, tiny budgets."""

from __future__ import annotations

import pytest

from tests.scripts import load_script
from tests.sim import piggame


def test_pairs_counts_the_seeds_played_in_both_seats() -> None:
    bench = load_script("benchmarks/mcts_bench.py")
    assert bench.pairs({}) == "no seed played in both seats yet"
    text = bench.pairs({1: [True, True], 2: [True, False], 3: [False, False], 4: [False, True], 5: [True]})
    assert text == "of 4 seeds played in both seats the search won both 1, split 2, lost both 1"


def test_the_wilson_interval_holds_the_share_and_narrows_with_games() -> None:
    bench = load_script("benchmarks/mcts_bench.py")
    low, high = bench.wilson(7, 10)
    assert low < 0.7 < high and (low, high) == pytest.approx((0.3968, 0.8922), abs=1e-3)
    low2, high2 = bench.wilson(70, 100)
    assert low < low2 < 0.7 < high2 < high
    assert bench.wilson(0, 0) == (0.0, 1.0) and bench.wilson(2.5, 5)[0] < 0.5 < bench.wilson(2.5, 5)[1]


def test_strength_plays_each_seed_in_both_seats_from_the_first_seed(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("benchmarks/mcts_bench.py")
    won, played, nowin = bench.strength(piggame, 4, 3, "random", running=True, chunk=2, first=5)
    assert played == 6 and 0 <= won <= 6 and nowin == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2  # seeds 5-6, then seed 7: a tally after each chunk
    assert "of 2 seeds played in both seats" in out[0] and "of 3 seeds played in both seats" in out[1]
    assert bench.strength(piggame, 4, 3, "random", first=5) == (won, played, nowin)  # the same games at once
