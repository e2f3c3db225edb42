"""The lab UI (ipywidgets, no browser) and the plotly figures, on the test games."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from tabletop.lab import Lab, figures
from tabletop.lab.ui import control_for, default_n
from tabletop.sim import Cancel, simulate
from tests.lab import richpig
from tests.sim import piggame


@pytest.fixture(scope="module")
def res():
    return simulate(piggame, variants=[None, {"target": 40}], bots=["greedy", "cautious"], n=120, seed=2,
                    executor="serial", progress=False)


def test_controls_are_built_from_variant_options_alone() -> None:
    lab = Lab(richpig, n=10, executor="serial")
    kinds = {k: type(c) for k, c in lab.controls.items()}
    assert kinds == {"target": w.IntSlider, "bust_on_one": w.Checkbox, "die": w.Dropdown,
                     "bonus": w.FloatSlider, "start": w.Text, "motto": w.Text}
    assert lab.controls["target"].min == 5 and lab.controls["target"].max == 100
    assert list(lab.controls["die"].options) == ["d6", "d8"]
    assert "pig.win" in lab.controls["target"].tooltip and "rulebook: 20" in lab.controls["target"].tooltip
    # the option docs are shown as text, never as HTML
    html_notes = [c for c in lab.widget.children[1].children]
    assert any("&lt;b&gt;bold&lt;/b&gt;" in box.children[1].value for box in html_notes)
    assert lab.variant() == richpig.Variant()


def test_every_slider_gets_an_accessible_name_from_its_label() -> None:
    from tabletop.lab.aria import SliderName, named

    lab = Lab(richpig, n=10, executor="serial")
    rows = {box.children[0].description: box for box in lab.widget.children[1].children}
    assert set(rows) == set(lab.controls)
    for name, box in rows.items():
        assert "tt-lab-option" in box._dom_classes and box.children[0] is lab.controls[name]
        helpers = [c for c in box.children if isinstance(c, SliderName)]
        if isinstance(lab.controls[name], (w.IntSlider, w.FloatSlider)):  # the handle is named by the helper
            assert [(h.name, h.scope) for h in helpers] == [(name, ".tt-lab-option")], name
        else:  # a <label for> (or the checkbox's own label) names the control: no helper
            assert helpers == [], name
    assert {n for n, b in rows.items() if len(b.children) == 3} == {"target", "bonus"}
    # the name follows the visible label
    lab.controls["target"].description = "points to win"
    assert rows["target"].children[2].name == "points to win"
    # its contract: a non-empty name, one class selector
    with pytest.raises(ValueError, match="name must be a non-empty str"):
        SliderName("", ".x")
    with pytest.raises(ValueError, match="scope must be one CSS class selector"):
        SliderName("speed", "div .x")
    with pytest.raises(ValueError, match="name must be a non-empty str"):
        named(w.IntSlider(), "tt-x")  # a slider without a description has no name to give
    text = named(w.Text(description="motto"), "tt-x")
    assert len(text.children) == 1 and "tt-x" in text._dom_classes


def test_set_reset_and_refusals_change_nothing() -> None:
    lab = Lab(richpig, n=10, executor="serial")
    lab.set(target=30, start=(5, 0))
    assert lab.variant().changes() == {"target": 30, "start": (5, 0)}
    with pytest.raises(ValueError, match="at least 5"):
        lab.set(target=2)
    with pytest.raises(ValueError, match="below the target"):
        lab.set(start=(40, 0))
    with pytest.raises(KeyError, match="no option 'goal'"):
        lab.set(goal=1)
    assert lab.variant().changes() == {"target": 30, "start": (5, 0)}
    lab.reset()
    assert lab.variant().changes() == {}


def test_bad_text_entry_is_shown_in_place_and_nothing_runs() -> None:
    lab = Lab(richpig, n=10, executor="serial")
    lab.controls["start"].value = "3, lots"
    assert lab.run() is None
    assert "Cannot run" in lab.message.value and "start" in lab.message.value and lab.results is None
    lab.controls["start"].value = "<script>1</script>, 0"
    assert lab.run() is None
    assert "<script>" not in lab.message.value and "&lt;script&gt;" in lab.message.value


def test_run_fills_summary_and_charts_then_updates_them_in_place() -> None:
    lab = Lab(piggame, n=60, bots="greedy", executor="serial")
    lab.set(target=45)
    first = lab.run()
    assert first is not None and first.complete and first.labels == ["rulebook rules", "target=45"]
    assert set(lab._figs) == {"lengths", "rules"}
    assert all(isinstance(o, w.Output) for o in lab.charts.children)
    assert "paired games" in lab.summary.value
    area = lab._figs["lengths"]
    live = lab.chart.widget

    def shown(out: w.Output) -> dict:
        (only,) = out.outputs
        return only["data"]["application/vnd.plotly.v1+json"]

    old = shown(area)
    assert old["data"][1]["name"].startswith("target=45")
    assert [t.name for t in live.data[:2]] == first.labels  # (no HTML in these labels: shown unchanged)
    old_live = list(live.data[1].y)
    assert isinstance(lab.figures["lengths"], go.Figure)
    lab.set(target=100)
    lab.n_box.value = 30
    second = lab.run()
    assert second is not None and lab._figs["lengths"] is area and lab.chart.widget is live  # same areas, new data
    new = shown(area)
    assert new["data"][1]["name"].startswith("target=100") and new["data"][1]["x"] != old["data"][1]["x"]
    assert live.data[1].name == "target=100" and list(live.data[1].y) != old_live
    assert len(second.records) == 60


def test_run_button_runs_in_background_and_stop_keeps_partial_results() -> None:
    lab = Lab(piggame, n=40, bots="greedy", executor="serial")
    lab.run_button.click()
    res = lab.wait()
    assert res is not None and res.complete and len(res.records) == 80
    assert lab.progress.bar.value == 80 and not lab.run_button.disabled

    lab.n_box.value = 200_000
    lab.set(target=100)
    shown: list[int] = []
    lab.progress.bar.observe(lambda change: shown.append(change["new"]), "value")
    lab.run_button.click()
    assert shown[0] == 0  # the last run's full bar is cleared at the click, not when the first games arrive
    import time

    while lab.progress.bar.value < 50:
        time.sleep(0.01)
    lab.cancel_button.click()
    res = lab.wait()
    assert res is not None and not res.complete and 0 < len(res.records) < 400_000
    assert "Stopped early" in lab.summary.value


def test_default_n_reads_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("TABLETOP_LAB_N", "7")
    assert default_n(1000) == 7 and default_n(5) == 5
    monkeypatch.delenv("TABLETOP_LAB_N")
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    monkeypatch.delenv("NBMAKE", raising=False)
    assert default_n(1000) == 1000


def test_control_for_plain_int_without_bounds() -> None:
    from tabletop.engine import OptionInfo

    c = control_for(OptionInfo("k", 3, "x.y", "doc", None, None, None))
    assert isinstance(c, w.IntText) and c.value == 3


def test_figures_show_intervals_patterns_and_every_variant(res) -> None:
    f = figures.win_rates(res)
    assert [t.name for t in f.data] == res.labels
    bar = f.data[0]
    r0 = res.win_rates(0)[0]
    assert bar.y[0] == pytest.approx(100 * r0.p)
    assert bar.error_y.array[0] == pytest.approx(100 * (r0.high - r0.p))
    assert bar.error_y.arrayminus[0] == pytest.approx(100 * (r0.p - r0.low))
    assert f.data[0].marker.pattern.shape != f.data[1].marker.pattern.shape  # not colour alone
    assert list(bar.x) == [*res.seat_names, "no winner"]

    ln = figures.lengths(res)
    assert sorted(ln.data[1].x) == res.lengths(1)

    rf = figures.rule_firings(res)
    i = list(rf.data[0].y).index("pig.win")
    assert rf.data[0].x[i] == pytest.approx(1.0)  # exactly one win per game

    cmp = figures.comparison(res)
    c = res.compare()
    assert cmp.data[0].x[0] == pytest.approx(100 * c.seats[0].mean)
    # each bar is the interval the verdict reads (anytime-valid), so a filled marker is a bar that misses 0
    assert cmp.data[0].error_x.array[0] == pytest.approx(100 * (c.seats[0].seq_high - c.seats[0].mean))
    for d, symbol in zip([*c.seats, c.draws], cmp.data[0].marker.symbol, strict=True):
        assert (symbol == "diamond") == d.significant == (d.seq_low > 0 or d.seq_high < 0)
    # the length panel: the share of seeds with a longer game minus the share with a shorter one (points)
    assert cmp.data[1].x[0] == pytest.approx(100 * (c.length.more - c.length.less))
    assert f"{c.length.mean:+.1f} actions" in cmp.data[1].text[0]
    assert "more than noise" in cmp.data[1].text[0]  # target 40 makes games longer on every seed pair
    assert set(figures.all_figures(res)) == {"win_rates", "lengths", "rules", "comparison"}


def test_figures_of_a_stopped_run_still_draw() -> None:
    cancel = Cancel()
    part = simulate(piggame, variants=[None, {"target": 40}], n=100, executor="serial", progress=False,
                    cancel=cancel, chunk=5)
    assert part.complete
    cancel.set()
    none = simulate(piggame, variants=[None, {"target": 40}], n=100, executor="serial", progress=False,
                    cancel=cancel)
    assert len(none.records) == 0
    for fig in figures.all_figures(none).values():
        fig.to_dict()
    assert "nothing to compare" in none.compare().summary()


def test_reset_returns_to_the_rulebook_even_when_options_depend_on_each_other() -> None:
    from tabletop import xevious

    lab = Lab(xevious)
    lab.set(row_cap=9)
    lab.set(respawn_gift=7)  # only playable with a sheet larger than the rulebook's 5
    lab.reset()
    assert lab.variant() == xevious.Variant()


def test_the_lab_offers_the_tree_search_for_every_game() -> None:
    lab = Lab(piggame, bots=["mcts:7", "greedy"])
    options = list(lab.bot_boxes[0].options)
    assert options[:4] == ["random", "greedy", "cautious", "slow"] and "mcts:25" in options and "mcts:100" in options
    assert lab.bot_boxes[0].value == "mcts:7" and "mcts:7" in options
