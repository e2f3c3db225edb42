"""The benchmark script runs (on the kit's test game), with and without the OpenSpiel yardstick."""

from __future__ import annotations

import json
import re
import sys

import pytest

from tests.scripts import load_script


def _bench():
    return load_script("benchmarks/bench.py", "bench")


def test_bench_without_openspiel_says_so(monkeypatch, capsys, tmp_path) -> None:
    bench = _bench()
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel -> ImportError
    out = tmp_path / "b.json"
    assert bench.main(["--quick", "--seconds", "0.2", "--sweep", "50", "--games", "tests.sim.piggame",
                       "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "OpenSpiel is not installed" in text and "no ratio" in text
    assert "random bots, as simulated" in text and "random bots, logged" in text and "greedy bots, as simulated" in text
    assert "50 games x 2 variants" in text
    data = json.loads(out.read_text())
    row = data["games"]["pig"]
    assert row["random"]["steps_per_s"] > 0 and row["sweep"]["games"] == 100 and "ratio" not in row


def test_bench_with_openspiel_prints_the_ratio(capsys) -> None:
    pytest.importorskip("pyspiel")
    bench = _bench()
    assert bench.main(["--quick", "--seconds", "0.2", "--sweep", "20", "--games", "tests.sim.piggame"]) == 0
    text = capsys.readouterr().out
    assert "OpenSpiel C++ backgammon" in text and "ratio to yardstick" in text


def test_alt_variant_changes_exactly_one_playable_option() -> None:
    bench = _bench()
    from tests.lab import richpig
    from tests.sim import piggame

    assert bench.alt_variant(piggame.Variant) == {"target": 21}
    alt = bench.alt_variant(richpig.Variant)
    assert alt is not None and len(alt) == 1
    richpig.Variant.from_dict(alt)


def test_bench_prints_every_figure_in_one_summary(capsys) -> None:
    """One run prints the yardstick (when installed), each game's steps/s, ratio and sweep, the lab's time to a
    first verdict and to a settled one, and a summary table with the goals marked met or not met."""
    bench = _bench()
    assert bench.main(["--quick", "--seconds", "0.2", "--sweep", "40", "--games", "xevoz"]) == 0
    text = capsys.readouterr().out
    assert "time to first verdict" in text and "stop when the answer is clear" in text
    summary = text.split("== summary", 1)[1]
    assert "xevoz" in summary and "40 x 2 sweep" in summary
    assert "first chart with a verdict within 3 s" in summary and "early stopping:" in summary
    # the sweep says how many of the variant's battles were not played again, and times every game played too
    shared = re.search(r"([\d,]+) of the variant's 40 games never read the changed option", text)
    assert shared is not None and 0 < int(shared.group(1).replace(",", "")) < 40
    assert re.search(r"every game played \(each variant in its own run\): \d+\.\d\d s", text)


def test_a_short_sweep_is_timed_three_times_and_its_median_reported() -> None:
    """On a shared machine one run of the sweep is noisy: a sweep that finishes within 15 s runs three times, and the
    figure is the median of the three times (all kept in ``runs``)."""
    import tests.sim.piggame as pig

    bench = _bench()
    out = bench.sweep(pig, 30, 1, 500, "random", 60, repeats=3)
    assert out["complete"] and len(out["runs"]) == 3 and out["games"] == 60
    assert out["seconds"] == sorted(out["runs"])[1] and out["projected_seconds"] == out["seconds"]
    assert len(bench.sweep(pig, 30, 1, 500, "random", 60)["runs"]) == 1


def test_interleaved_figures_are_timed_in_turn_and_go_on_with_the_next_seed() -> None:
    """The ratio's figures are timed side by side (slices taken in turn, the order rotated each round), each slice
    going on with the next seed, so every figure plays seeds 0, 1, 2, ... once each, as one run of it would."""
    bench = _bench()
    order: list[str] = []
    seeds: dict[str, list[int]] = {"a": [], "b": []}

    def game(name: str):
        def one(seed: int) -> tuple[int, bool]:
            order.append(name)
            seeds[name].append(seed)
            return 3, seed == 0
        return one

    slices: list[str] = []
    run = bench._Clock.run

    def logged_run(clock, seconds: float) -> None:
        slices.append("a" if clock.one_game is fa else "b")
        run(clock, seconds)

    fa, fb = game("a"), game("b")
    bench._Clock.run = logged_run
    try:
        out = bench.interleaved(0.001, {"a": fa, "b": fb}, rounds=4)
    finally:
        bench._Clock.run = run
    assert slices == ["a", "b", "b", "a", "a", "b", "b", "a"]  # in turn, the order rotated each round
    for name in ("a", "b"):
        assert seeds[name] == list(range(len(seeds[name]))) and out[name]["games"] == len(seeds[name]) >= 4
        assert out[name]["steps_per_game"] == 3 and out[name]["capped"] == 1 and out[name]["steps_per_s"] > 0
