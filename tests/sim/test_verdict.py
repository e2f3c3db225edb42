"""Conclusion sentences come from the numbers only: sign word from the mean, "more than noise" only when the 95%
interval excludes zero, and the number of games from the data (tabletop.sim.verdict, Comparison.conclusions)."""

from __future__ import annotations

from tabletop.sim import Comparison, Diff, paired_diff, verdict
from tabletop.sim.results import GameRecord, SimResults

UP = paired_diff([0.0] * 50, [1.0] * 40 + [0.0] * 10)  # +0.8, interval well above zero
DOWN = paired_diff([1.0] * 40 + [0.0] * 10, [0.0] * 50)  # -0.8, interval well below zero
NOISE = paired_diff([0.0, 1.0] * 10 + [0.0], [1.0, 0.0] * 10 + [1.0])  # +1/21, interval spans zero


def test_the_constructed_differences_are_what_the_tests_assume() -> None:
    assert UP.significant and UP.mean > 0 and UP.low > 0 and UP.n == 50
    assert DOWN.significant and DOWN.mean < 0 and DOWN.high < 0 and DOWN.n == 50
    assert not NOISE.significant and NOISE.mean > 0 and NOISE.low < 0 < NOISE.high and NOISE.n == 21


def test_significant_positive() -> None:
    half = 100 * (UP.high - UP.mean)
    assert verdict(UP, "seat 1's win rate", "points", scale=100) == (
        f"seat 1's win rate rises by 80.0 points on average over 50 paired games "
        f"(95% CI {80 - half:+.1f} to {80 + half:+.1f} points): more than noise.")


def test_significant_negative_uses_the_down_word() -> None:
    text = verdict(DOWN, "games", "actions", scale=100, up="last longer", down="end sooner")
    assert text.startswith("games end sooner by 80.0 actions on average over 50 paired games (95% CI -")
    assert text.endswith("): more than noise.")
    assert "longer" not in text and "not distinguishable" not in text


def test_explicit_interval_and_sign() -> None:
    assert verdict(Diff(-3.6, -5.9, -1.3, 3000), "seat 1's win rate", "points") == (
        "seat 1's win rate falls by 3.6 points on average over 3000 paired games (95% CI -5.9 to -1.3 points): "
        "more than noise.")
    assert verdict(Diff(78.0, 70.25, 85.75, 600), "battles", "actions", up="last longer", down="end sooner") == (
        "battles last longer by 78.0 actions on average over 600 paired games (95% CI +70.2 to +85.8 actions): "
        "more than noise.")


def test_not_significant_says_noise_even_with_a_positive_mean() -> None:
    text = verdict(NOISE, "seat 2's win rate", "points", scale=100)
    assert text == (f"seat 2's win rate rises by 4.8 points on average over 21 paired games "
                    f"(95% CI {100 * NOISE.low:+.1f} to {100 * NOISE.high:+.1f} points): "
                    f"not distinguishable from noise at this number of games.")
    assert "more than noise" not in text


def test_zero_mean_one_game_and_no_games() -> None:
    flat = paired_diff([0.0, 1.0] * 10, [1.0, 0.0] * 10)
    assert verdict(flat, "the draw share", "points", scale=100) == (
        f"the draw share shows no change on average over 20 paired games (95% CI {100 * flat.low:+.1f} to "
        f"{100 * flat.high:+.1f} points): not distinguishable from noise at this number of games.")
    assert verdict(paired_diff([1.0, 2.0], [1.0, 2.0]), "games", "actions") == (
        "games: no change in any of the 2 paired games.")
    assert verdict(paired_diff([10.0], [12.0]), "games", "actions", up="last longer") == (
        "games last longer by 2.0 actions in the only paired game: one game cannot be told from noise.")
    assert verdict(paired_diff([], []), "seat 1's win rate", "points") == (
        "seat 1's win rate: no paired games, so nothing can be concluded.")


def _res(winners_a: list[int | None], winners_b: list[int | None], steps_b: int = 12) -> SimResults:
    recs = [GameRecord(i, 0, w, 10 + i % 3, 0) for i, w in enumerate(winners_a)]
    recs += [GameRecord(i, 1, w, steps_b + i % 3, 0) for i, w in enumerate(winners_b)]
    return SimResults("demo", [{"x": 1}, {"x": 2}], ["random", "random"], len(winners_a), 0, recs)


def test_conclusions_of_a_real_shift() -> None:
    cmp = _res([0] * 100, [1] * 80 + [0] * 20).compare()
    lines = cmp.conclusions()
    assert lines[0].startswith("seat 1 (random)'s win rate falls by 80.0 points on average over 100 paired games")
    assert lines[0].endswith(": more than noise.")
    assert lines[1].startswith("seat 2 (random)'s win rate rises by 80.0 points on average over 100 paired games")
    assert lines[2] == "the share of games without a winner: no change in any of the 100 paired games."
    assert lines[3] == ("games last longer by 2.0 actions on average over 100 paired games "
                        "(95% CI +2.0 to +2.0 actions): more than noise.")
    assert lines[4] == ("Overall (variant 2: x=2 against variant 1, 100 paired games): who wins and how long games "
                        "last change by more than noise; how often a game ends without a winner is the same in "
                        "every paired game.")


def test_conclusions_when_nothing_is_more_than_noise() -> None:
    cmp = _res([0, 1] * 10, [1, 0] * 10, steps_b=10).compare()
    lines = cmp.conclusions()
    assert all("more than noise" not in line for line in lines[:-1])
    assert lines[2] == "the share of games without a winner: no change in any of the 20 paired games."
    assert lines[3] == "games: no change in any of the 20 paired games."
    assert lines[-1] == ("Overall (variant 2: x=2 against variant 1, 20 paired games): no difference is more than "
                         "noise; the change in who wins is not distinguishable from noise at this number of games; "
                         "how often a game ends without a winner and how long games last are the same in every "
                         "paired game. That does not show the change has no effect, only that any effect is too "
                         "small for this many games to see.")


def test_conclusions_when_some_change_and_some_do_not() -> None:
    winners: list[int | None] = [0, 1, None] * 10
    lines = _res(winners, [1, 0, 0] * 10, steps_b=15).compare().conclusions()
    assert lines[-1] == ("Overall (variant 2: x=2 against variant 1, 30 paired games): how often a game ends "
                         "without a winner and how long games last change by more than noise; the change in who "
                         "wins is not distinguishable from noise at this number of games.")


def test_conclusions_without_common_games() -> None:
    cmp = Comparison(0, 1, "a", "b", [paired_diff([], [])], paired_diff([], []), paired_diff([], []), ["seat 1"])
    assert cmp.conclusions() == ["No seed was played under both 'a' and 'b': nothing to compare."]
