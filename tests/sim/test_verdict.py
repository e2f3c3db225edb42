"""Conclusion sentences come from the numbers only, under ONE verdict rule (tabletop.sim.sequential): a comparison's
figure is "more than noise" only when its anytime-valid interval (a confidence sequence, family-wise over all the
figures the run compares) excludes zero; a plain paired difference without bounds is judged by its fixed-n
Student's t interval and says it is valid for one look only; small samples say so (tabletop.sim.verdict,
Comparison.conclusions)."""

from __future__ import annotations

import math

import pytest

from tabletop.sim import Comparison, Diff, paired_diff, verdict
from tabletop.sim.results import GameRecord, SimResults
from tabletop.sim.sequential import ConfidenceSequence
from tabletop.sim.stats import MEAN, SIGN, t_quantile

UP = paired_diff([0.0] * 50, [1.0] * 40 + [0.0] * 10)  # +0.8, interval well above zero
DOWN = paired_diff([1.0] * 40 + [0.0] * 10, [0.0] * 50)  # -0.8, interval well below zero
NOISE = paired_diff([0.0, 1.0] * 20 + [0.0], [1.0, 0.0] * 20 + [1.0])  # +1/41, interval spans zero
FIXED_TAIL = "Student's t, for one look at a number of games fixed in advance"


def test_the_constructed_differences_are_what_the_tests_assume() -> None:
    assert UP.significant and UP.mean > 0 and UP.low > 0 and UP.n == 50 and not UP.anytime
    assert DOWN.significant and DOWN.mean < 0 and DOWN.high < 0 and DOWN.n == 50
    assert not NOISE.significant and NOISE.mean > 0 and NOISE.low < 0 < NOISE.high and NOISE.n == 41


def test_the_fixed_n_interval_is_students_t_not_z() -> None:
    # textbook quantiles of t (two-sided 95%): 12.706 at 1 df, 4.303 at 2, 2.262 at 9, 2.042 at 30
    for df, q in [(1, 12.706), (2, 4.303), (3, 3.182), (9, 2.262), (30, 2.042), (120, 1.980)]:
        assert t_quantile(0.975, df) == pytest.approx(q, abs=5e-4)
    d = paired_diff([0.0, 0.0, 0.0], [1.0, 1.0, 0.0])  # mean 2/3, sd 0.577, n 3: t at 2 df
    half = 4.302652729749462 * math.sqrt(1 / 3) / math.sqrt(3)
    assert d.low == pytest.approx(2 / 3 - half) and d.high == pytest.approx(2 / 3 + half)
    assert d.low < 0  # with z = 1.96 it would have been +0.01: a false "more than noise" at n = 3


def test_significant_positive_fixed_n() -> None:
    half = 100 * (UP.high - UP.mean)
    assert verdict(UP, "seat 1's win rate", "points", scale=100) == (
        f"seat 1's win rate rises by 80.0 points on average over 50 paired games "
        f"(95% CI {80 - half:+.1f} to {80 + half:+.1f} points, {FIXED_TAIL}): more than noise.")


def test_significant_negative_uses_the_down_word() -> None:
    text = verdict(DOWN, "games", "actions", scale=100, up="last longer", down="end sooner")
    assert text.startswith("games end sooner by 80.0 actions on average over 50 paired games (95% CI -")
    assert text.endswith(f"{FIXED_TAIL}): more than noise.")
    assert "longer" not in text and "not distinguishable" not in text


def test_an_anytime_interval_decides_and_is_named_with_its_family() -> None:
    d = Diff(-0.036, -0.059, -0.013, 3000, seq_low=-0.07, seq_high=-0.002, confidence=0.95, family=4, basis=MEAN)
    assert verdict(d, "seat 1's win rate", "points", scale=100) == (
        "seat 1's win rate falls by 3.6 points on average over 3000 paired games (anytime-valid interval -7.0 to "
        "-0.2 points, 95% for all 4 figures together): more than noise.")
    # the fixed-n interval excludes zero but the anytime one does not: the verdict follows the anytime one
    wide = Diff(0.036, 0.013, 0.059, 3000, seq_low=-0.01, seq_high=0.08, family=4, basis=MEAN)
    assert not wide.significant
    assert verdict(wide, "seat 1's win rate", "points", scale=100).endswith(
        "(anytime-valid interval -1.0 to +8.0 points, 95% for all 4 figures together): not distinguishable from "
        "noise at this number of games.")


def test_the_length_verdict_reads_how_often_games_are_longer() -> None:
    d = Diff(78.0, 70.25, 85.75, 600, seq_low=0.5, seq_high=0.8, family=4, basis=SIGN, more=0.7, less=0.05)
    assert verdict(d, "battles", "actions", up="last longer", down="end sooner") == (
        "battles last longer by 78.0 actions on average over 600 paired games; longer in 70% of them, shorter in "
        "5% (longer minus shorter: anytime-valid interval +50 to +80 points, 95% for all 4 figures together): "
        "more than noise.")


def test_not_significant_says_noise_even_with_a_positive_mean() -> None:
    text = verdict(NOISE, "seat 2's win rate", "points", scale=100)
    assert text == (f"seat 2's win rate rises by 2.4 points on average over 41 paired games "
                    f"(95% CI {100 * NOISE.low:+.1f} to {100 * NOISE.high:+.1f} points, {FIXED_TAIL}): "
                    f"not distinguishable from noise at this number of games.")
    assert "more than noise" not in text


def test_small_samples_say_so() -> None:
    flat = paired_diff([0.0, 1.0] * 10, [1.0, 0.0] * 10)
    assert verdict(flat, "the draw share", "points", scale=100) == (
        f"the draw share shows no change on average over 20 paired games (95% CI {100 * flat.low:+.1f} to "
        f"{100 * flat.high:+.1f} points, {FIXED_TAIL}): not distinguishable from noise on so small a sample.")
    big = paired_diff([0.0] * 20, [1.0] * 20)
    assert verdict(big, "x", "points", scale=100).endswith("more than noise, even on this small a sample.")


def test_zero_mean_one_game_and_no_games() -> None:
    assert verdict(paired_diff([1.0, 2.0], [1.0, 2.0]), "games", "actions") == (
        "games: no change in any of the 2 paired games.")
    assert verdict(paired_diff([10.0], [12.0]), "games", "actions", up="last longer") == (
        "games last longer by 2.0 actions in the only paired game: one game cannot be told from noise.")
    assert verdict(paired_diff([], []), "seat 1's win rate", "points") == (
        "seat 1's win rate: no paired games, so nothing can be concluded.")


def test_paired_diff_with_bounds_feeds_the_confidence_sequence_in_order() -> None:
    xs = [0.0, 1.0, 1.0, 0.0, 1.0] * 20
    d = paired_diff([0.0] * 100, xs, bounds=(-1.0, 1.0), alpha=0.05)
    cs = ConfidenceSequence(-1.0, 1.0, 0.05)
    for x in xs:
        cs.add(x)
    assert d.basis == MEAN and d.anytime and (d.seq_low, d.seq_high) == (cs.low, cs.high)
    assert d.significant == (cs.low > 0) and d.low > 0
    # the anytime interval is wider than the fixed-n one: it pays for looking at every game
    assert d.seq_high - d.seq_low > d.high - d.low


def _res(winners_a: list[int | None], winners_b: list[int | None], steps_b: int = 12) -> SimResults:
    recs = [GameRecord(i, 0, w, 10 + i % 3, 0) for i, w in enumerate(winners_a)]
    recs += [GameRecord(i, 1, w, steps_b + i % 3, 0) for i, w in enumerate(winners_b)]
    return SimResults("demo", [{"x": 1}, {"x": 2}], ["random", "random"], len(winners_a), 0, recs)


def _seq_of(values: list[float], family: int = 4, lo: float = -1.0, hi: float = 1.0) -> ConfidenceSequence:
    cs = ConfidenceSequence(lo, hi, 0.05 / family)
    for x in values:
        cs.add(x)
    return cs


def test_conclusions_of_a_real_shift_follow_the_confidence_sequence() -> None:
    cmp = _res([0] * 100, [1] * 80 + [0] * 20).compare()
    seat1 = _seq_of([-1.0] * 80 + [0.0] * 20)
    assert (cmp.seats[0].seq_low, cmp.seats[0].seq_high) == pytest.approx((seat1.low, seat1.high))
    assert cmp.seats[0].family == 4 and cmp.seats[0].confidence == 0.95
    lines = cmp.conclusions()
    assert lines[0] == (f"seat 1 (random)'s win rate falls by 80.0 points on average over 100 paired games "
                        f"(anytime-valid interval {100 * seat1.low:+.1f} to {100 * seat1.high:+.1f} points, 95% for "
                        f"all 4 figures together): more than noise.")
    assert lines[1].startswith("seat 2 (random)'s win rate rises by 80.0 points on average over 100 paired games")
    assert lines[2] == "the share of games without a winner: no change in any of the 100 paired games."
    longer = _seq_of([1.0] * 100)
    assert lines[3] == ("games last longer by 2.0 actions on average over 100 paired games; longer in 100% of them, "
                        f"shorter in 0% (longer minus shorter: anytime-valid interval {100 * longer.low:+.0f} to "
                        "+100 points, 95% for all 4 figures together): more than noise.")
    assert lines[4] == ("Overall (variant 2: x=2 against variant 1, 100 paired games): who wins and how long games "
                        "last change by more than noise; how often a game ends without a winner is the same in "
                        "every paired game.")
    assert lines[5] == cmp.rule_note() and "Bonferroni: 1.25% each" in lines[5] and "Waudby-Smith" in lines[5]


def test_the_verdict_is_the_same_whichever_way_round() -> None:
    res = _res([0] * 60 + [1] * 40, [1] * 70 + [0] * 30, steps_b=11)
    ab, ba = res.compare(0, 1), res.compare(1, 0)
    for x, y in zip(ab.figures, ba.figures, strict=True):
        assert x.significant == y.significant
        assert (x.seq_low, x.seq_high) == pytest.approx((-y.seq_high, -y.seq_low))
    assert (ab.length.more, ab.length.less) == (ba.length.less, ba.length.more)


def test_conclusions_when_nothing_is_more_than_noise() -> None:
    cmp = _res([0, 1] * 10, [1, 0] * 10, steps_b=10).compare()
    lines = cmp.conclusions()
    assert all("more than noise" not in line for line in lines[:-2])
    assert lines[0].endswith("not distinguishable from noise on so small a sample.")
    assert lines[2] == "the share of games without a winner: no change in any of the 20 paired games."
    assert lines[3] == "games: no change in any of the 20 paired games."
    assert lines[-2] == ("Overall (variant 2: x=2 against variant 1, 20 paired games): no difference is more than "
                         "noise; the change in who wins is not distinguishable from noise at this number of games; "
                         "how often a game ends without a winner and how long games last are the same in every "
                         "paired game. That does not show the change has no effect, only that any effect is too "
                         "small for this many games to see. (20 paired games is a small sample: play more before "
                         "concluding anything.)")


def test_conclusions_when_some_change_and_some_do_not() -> None:
    # a fifth of the draws become wins, split between the seats, amid seat swaps: the no-winner share moves
    # clearly, each seat's win rate only a little, within its noise
    winners: list[int | None] = ([None, None] + [0, 1] * 4) * 60
    lines = _res(winners, ([0, 1] + [1, 0] * 4) * 60, steps_b=15).compare().conclusions()
    assert lines[-2] == ("Overall (variant 2: x=2 against variant 1, 600 paired games): how often a game ends "
                         "without a winner and how long games last change by more than noise; the change in who "
                         "wins is not distinguishable from noise at this number of games.")


def test_conclusions_without_common_games() -> None:
    cmp = Comparison(0, 1, "a", "b", [paired_diff([], [])], paired_diff([], []), paired_diff([], []), ["seat 1"])
    assert cmp.conclusions() == ["No seed was played under both 'a' and 'b': nothing to compare."]


def test_one_rule_whichever_way_the_results_were_kept_or_saved(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Records, running totals, a saved and reloaded file, results rebuilt without the kept sequences, and the
    early stop's own figures: the same sequences, the same verdicts."""
    import dataclasses

    from tabletop.sim import EarlyStop, SimResults, simulate
    from tests.sim import racegame

    kw = {"variants": [None, {"head_start": 3}], "n": 300, "seed": 5, "executor": "serial", "progress": False}
    recs = simulate(racegame, **kw)
    tally = simulate(racegame, **kw, keep_records=False)
    again = SimResults.load(tally.save(tmp_path / "tally.json"))
    rebuilt = dataclasses.replace(recs, anytime=None)  # fed from the records in seed order
    lines = recs.compare().conclusions()
    for other in (tally, again, rebuilt):
        assert other.compare().conclusions() == lines
    assert recs.compare(1, 0).seats[0].significant == recs.compare().seats[0].significant
    early = simulate(racegame, **{**kw, "n": 3000}, early_stop=EarlyStop(0.95, tolerance=0.2))
    stop = early.compare()
    for f in early.sequential:
        d = {**{f"{n}'s win rate": x for n, x in zip(stop.seat_names, stop.seats, strict=True)},
             "the share of games without a winner": stop.draws}[f.what]
        assert (f.low, f.high) == pytest.approx((d.seq_low, d.seq_high))
        assert (f.state == "difference") == d.significant
