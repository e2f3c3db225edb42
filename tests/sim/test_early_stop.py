"""Issue 13, early stopping: an anytime-valid confidence sequence keeps its error rate under repeated looks (a
naive repeated 90% interval does not), a large effect stops a run early, and the stopped run is reproducible."""

from __future__ import annotations

import math
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop.sim import EarlyStop, simulate, stream
from tabletop.sim.results import GameRecord
from tabletop.sim.sequential import DIFFERENCE, SAME, ConfidenceSequence, SequentialTest
from tabletop.sim.stats import paired_diff
from tests.sim import piggame

Z90 = 1.6448536269514722


def _slack(alpha: float, runs: int) -> float:
    """Three binomial standard deviations above ``alpha`` for ``runs`` independent runs."""
    return alpha + 3 * math.sqrt(alpha * (1 - alpha) / runs)


def test_null_comparisons_through_the_stopping_rule_keep_the_error_rate_and_naive_looks_do_not() -> None:
    """300 early-stopped comparisons of two rule sets that are truly the same but noisy (each variant's winner an
    independent fair coin per seed: the true difference of every figure is 0, so any "difference" verdict is an
    error), fed through the same SequentialTest the simulator uses, at 90% confidence. The sequential test
    errs in at most 10% of runs (within binomial slack); a 90% interval looked at every 10 seeds does not."""
    rng = random.Random(13)
    runs, horizon, alpha = 300, 1500, 0.10
    rule = EarlyStop(confidence=1 - alpha)
    seq_errors = naive_errors = 0
    for _ in range(runs):
        test = SequentialTest(rule, 2, ["seat 1", "seat 2"], max_steps=100)
        s = ss = 0.0
        naive_wrong = False
        for t in range(1, horizon + 1):
            wa, wb = rng.random() < 0.5, rng.random() < 0.5
            test.fold([GameRecord(t, 0, int(wa), 10), GameRecord(t, 1, int(wb), 10)])
            d = float(wb == 0) - float(wa == 0)  # seat 1's win, B minus A
            s += d
            ss += d * d
            if t % 10 == 0 and not naive_wrong:
                mean = s / t
                half = Z90 * math.sqrt(max(ss - t * mean * mean, 0.0) / (t - 1) / t)
                naive_wrong = abs(mean) > half
            if test.settled():
                break
        seq_errors += any(f.state == DIFFERENCE for f in test.figures())
        naive_errors += naive_wrong
    assert seq_errors / runs <= _slack(alpha, runs)
    assert naive_errors / runs > _slack(alpha, runs)  # the test has teeth: naive looks err far more often
    assert naive_errors > 3 * max(seq_errors, 1)


@pytest.mark.parametrize(("p_a", "p_b"), [(0.3, 0.3), (0.5, 0.6), (0.2, 0.5)])
def test_the_confidence_sequence_covers_the_true_difference_at_every_look(p_a: float, p_b: float) -> None:
    """Time-uniform coverage: in at most alpha of the runs does the interval EVER exclude the true difference
    (so a "no practical difference" verdict is as honest as a "difference" one)."""
    rng = random.Random(int(100 * p_a + 10 * p_b))
    runs, horizon, alpha = 200, 1000, 0.10
    misses = 0
    for _ in range(runs):
        cs = ConfidenceSequence(-1.0, 1.0, alpha)
        for _t in range(horizon):
            cs.add(float(rng.random() < p_b) - float(rng.random() < p_a))
            if not cs.low <= p_b - p_a <= cs.high:
                misses += 1
                break
    assert misses / runs <= _slack(alpha, runs)


def test_the_interval_is_the_mean_and_narrows() -> None:
    cs = ConfidenceSequence(-1.0, 1.0, 0.05)
    widths = []
    rng = random.Random(1)
    for t in range(1, 2001):
        cs.add(float(rng.random() < 0.4))
        if t in (100, 500, 2000):
            widths.append(cs.high - cs.low)
            assert cs.low <= cs.mean <= cs.high
    assert widths[0] > widths[1] > widths[2] and widths[2] < 0.1
    with pytest.raises(ValueError, match="outside"):
        cs.add(2.0)


LARGE = {"variants": [None, {"target": 5}], "bots": "greedy"}  # seat 1 wins ~19 points more often


def test_a_real_early_stopped_run_on_pig_stops_early_and_equals_the_fixed_n_run() -> None:
    res = simulate(piggame, **LARGE, n=5000, seed=2, executor="serial", progress=False, early_stop=0.95)
    assert res.stopped == "early" and res.complete and res.planned == 5000 and res.n < 2000
    assert len(res.records) == 2 * res.n and res.seeds(0) == list(range(2, 2 + res.n))
    states = {f.what: f.state for f in res.sequential}
    assert states["seat 1 (greedy)'s win rate"] == DIFFERENCE and states["seat 2 (greedy)'s win rate"] == DIFFERENCE
    assert states["the share of games without a winner"] == SAME
    seat1 = res.sequential[0]
    assert seat1.low > 0 and seat1.mean == pytest.approx(res.compare().seats[0].mean)
    assert "STOPPED BY THE SEQUENTIAL TEST" in res.summary() and "settled, a difference" in res.summary()
    # reproducible: exactly the games of the fixed-n run with n = the stop, on any executor and chunking
    fixed = simulate(piggame, **LARGE, n=res.n, seed=2, executor="serial", progress=False)
    assert fixed.records == res.records
    with ThreadPoolExecutor(2) as ex:
        again = simulate(piggame, **LARGE, n=5000, seed=2, executor=ex, workers=2, chunk=37, progress=False,
                         early_stop=EarlyStop(0.95))
    assert again.records == res.records and again.n == res.n


def test_a_large_effect_settles_sooner_than_a_small_one() -> None:
    """The win-rate verdict of a large effect settles within a few hundred paired games; a near-zero effect on
    a noisy figure is still open after many more."""
    def settle_time(**kw: object) -> int | None:
        for snap in stream(piggame, n=1500, seed=0, executor="serial", every=0, early_stop=0.95, **kw):
            if snap.sequential[0].state != "open":
                return snap.sequential[0].n
        return None

    large = settle_time(**LARGE)
    small = settle_time(variants=[None, {"target": 5}], bots=["greedy", "cautious"])
    assert large is not None and large < 400
    assert small is None or small > 2 * large


def test_identical_variants_settle_as_no_practical_difference() -> None:
    res = simulate(piggame, variants=[None, None], n=3000, executor="serial", progress=False,
                   early_stop=EarlyStop(confidence=0.95, tolerance=0.05))
    assert res.stopped == "early" and res.n < 3000
    assert all(f.state == SAME for f in res.sequential)
    assert all(-0.05 < f.low <= 0 <= f.high < 0.05 for f in res.sequential)


def test_game_length_takes_part_only_when_asked() -> None:
    plain = simulate(piggame, **LARGE, n=300, executor="serial", progress=False, early_stop=0.95)
    assert [f.what for f in plain.sequential] == ["seat 1 (greedy)'s win rate", "seat 2 (greedy)'s win rate",
                                                  "the share of games without a winner"]
    rule = EarlyStop(0.95, tolerance=0.05, length_tolerance=2.0)
    res = simulate(piggame, **LARGE, n=3000, executor="serial", progress=False, early_stop=rule, max_steps=200)
    length = res.sequential[-1]
    assert length.what == "game length" and length.unit == "actions"
    d = paired_diff([float(r.steps) for r in res.games(0)], [float(r.steps) for r in res.games(1)])
    assert length.mean == pytest.approx(d.mean) and length.state == DIFFERENCE and length.high < 0


def test_the_stream_reports_verdicts_on_every_snapshot() -> None:
    snaps = list(stream(piggame, variants=[None, None], n=3000, executor="serial", every=0, early_stop=0.95))
    assert all(len(s.sequential) == 3 for s in snaps)
    assert [s.sequential[0].n for s in snaps] == sorted(s.sequential[0].n for s in snaps)
    assert snaps[-1].stopped == "early" and all(s.stopped == "running" for s in snaps[:-1])


@pytest.mark.parametrize(("value", "exc", "words"), [
    (True, TypeError, "early_stop must be None, a confidence such as 0.95 or a tabletop.sim.EarlyStop, not True"),
    ("0.95", TypeError, "early_stop must be None, a confidence such as 0.95"),
    (95, ValueError, "early_stop confidence must be a share from 0.5 up to (not including) 1, such as 0.95, not 95"),
    (1.0, ValueError, "early_stop confidence must be a share from 0.5"),
    (0.2, ValueError, "early_stop confidence must be a share from 0.5"),
    (float("nan"), ValueError, "early_stop confidence must be a share from 0.5"),
])
def test_early_stop_input_contract(value: object, exc: type[Exception], words: str) -> None:
    with pytest.raises(exc) as info:
        simulate(piggame, variants=[None, None], n=5, executor="serial", progress=False, early_stop=value)
    assert words in str(info.value)


@pytest.mark.parametrize(("kw", "exc", "words"), [
    ({"confidence": "high"}, TypeError, "early_stop confidence must be a number such as 0.95, not 'high'"),
    ({"tolerance": 0}, ValueError, "early_stop tolerance must be a share above 0 and below 1"),
    ({"tolerance": 2}, ValueError, "early_stop tolerance must be a share above 0 and below 1"),
    ({"tolerance": None}, TypeError, "early_stop tolerance must be a number"),
    ({"length_tolerance": -1}, ValueError, "early_stop length_tolerance must be a number of actions above 0"),
    ({"length_tolerance": "5"}, TypeError, "early_stop length_tolerance must be None or a number of actions"),
    ({"min_games": 0}, ValueError, "early_stop min_games must be a positive whole number, not 0"),
    ({"min_games": 2.5}, TypeError, "early_stop min_games must be a whole number (an int)"),
])
def test_early_stop_options_contract(kw: dict, exc: type[Exception], words: str) -> None:
    with pytest.raises(exc) as info:
        EarlyStop(**kw)
    assert words in str(info.value)


def test_early_stop_needs_two_variants_and_respects_min_games() -> None:
    with pytest.raises(ValueError, match="early_stop stops when the comparison of variants is settled: give at "
                                         "least two variants"):
        simulate(piggame, n=5, executor="serial", progress=False, early_stop=0.95)
    res = simulate(piggame, **LARGE, n=3000, executor="serial", progress=False,
                   early_stop=EarlyStop(min_games=2500))
    assert res.stopped == "early" and res.n == 2500


def test_the_command_line_stops_early(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.sim import SimResults
    from tabletop.sim.cli import main

    out = tmp_path / "early.json"
    rc = main([piggame.__name__, "--n", "5000", "--variant", "target=5", "--bots", "greedy", "--serial",
               "--early-stop", "0.95", "--out", str(out)])
    assert rc == 0
    res = SimResults.load(out)
    assert res.stopped == "early" and res.planned == 5000 and res.n < 2000 and len(res.sequential) == 3
    assert "STOPPED BY THE SEQUENTIAL TEST" in capsys.readouterr().out
    for args, words in [(["--early-stop", "95"], "early_stop confidence must be a share from 0.5"),
                        (["--early-stop", "x"], "argument --early-stop: 'x' is not a number"),
                        (["--early-stop", "0.9", "--tolerance", "3"], "early_stop tolerance must be a share"),
                        (["--tolerance", "0.1"], "--tolerance needs --early-stop"),
                        (["--no-baseline", "--variant", "target=30", "--early-stop", "0.9"],
                         "early_stop stops when the comparison of variants is settled")]:
        assert main([piggame.__name__, "--n", "5", "--quiet", *args]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1
