"""The lab's live view (no browser): one plotly FigureWidget updated in place from cumulative snapshots, the
verdict so far written from the numbers, a progress line, and a Stop that keeps the finished games.

The view does not care where snapshots come from: most tests feed it snapshots cut from one finished run (the
games of the first k seeds), through the lab's ``source``; the last ones use the lab's own simulator."""

from __future__ import annotations

import dataclasses
import html
import threading
import time
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import plotly.graph_objects as go
import pytest

from tabletop.lab import Lab
from tabletop.lab.figures import LiveChart
from tabletop.sim import SimResults, simulate
from tests.lab import richpig
from tests.sim import piggame

KS = (10, 20, 60, 200)


@pytest.fixture(autouse=True)
def full_n(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_LAB_N", "1000000")  # the lab plays the n it is given, even under pytest


@pytest.fixture(scope="module")
def full() -> SimResults:
    return simulate(piggame, variants=[None, {"target": 40}], bots=["greedy", "cautious"], n=KS[-1], seed=3,
                    executor="serial", progress=False)


def cut(res: SimResults, k: int, stopped: str = "running") -> SimResults:
    """The cumulative snapshot after the first ``k`` seeds of ``res`` (every variant played them)."""
    recs = [r for r in res.records if r.seed < res.seed + k]
    done = k >= res.n and stopped in ("running", "done")
    extra: dict[str, Any] = {}
    if any(f.name == "stopped" for f in dataclasses.fields(SimResults)):
        extra["stopped"] = "done" if done else stopped
    return dataclasses.replace(res, records=recs, complete=done, **extra)


def conclusions_html(res: SimResults) -> list[str]:
    return [html.escape(line) for line in res.compare(0, 1).conclusions()]


def seen(lab: Lab) -> dict[str, Any]:
    """What the live chart holds now (copied)."""
    fw = lab.chart.widget
    return {"id": id(fw), "model": fw.model_id, "traces": [id(t) for t in fw.data],
            "rates": list(fw.data[0].y), "rate_err": list(fw.data[0].error_y.array),
            "rate_width": [a + b for a, b in zip(fw.data[0].error_y.array, fw.data[0].error_y.arrayminus, strict=True)],
            "diff": list(fw.data[2].x), "diff_up": list(fw.data[2].error_x.array),
            "diff_down": list(fw.data[2].error_x.arrayminus), "len_up": list(fw.data[3].error_x.array),
            "len_width": [a + b for a, b in zip(fw.data[3].error_x.array, fw.data[3].error_x.arrayminus, strict=True)],
            "title": fw.layout.title.text, "axis": list(fw.layout.xaxis2.range), "len_axis": list(fw.layout.xaxis3.range), "verdict": lab.verdict.value, "status": lab.status.value,
            "progress": lab.progress.text.value, "running": lab.run_button.disabled}


def test_the_figure_is_updated_in_place_and_its_intervals_narrow(full: SimResults, monkeypatch) -> None:
    states: list[dict[str, Any]] = []
    lab: Lab

    def source(game: Any, **kw: Any) -> Iterator[SimResults]:
        assert kw["n"] == KS[-1] and kw["seed"] == 3 and kw["cancel"] is lab._cancel
        for k in KS:
            yield cut(full, k)
            states.append(seen(lab))  # the lab has shown this snapshot before asking for the next

    lab = Lab(piggame, n=KS[-1], seed=3, bots=["greedy", "cautious"], source=source)
    lab.set(target=40)
    fw = lab.chart.widget
    assert isinstance(fw, go.FigureWidget) and fw in lab.widget.children
    sent: list[str] = []
    for kind in ("update", "restyle", "relayout", "addTraces", "deleteTraces"):
        real = getattr(fw, f"_send_{kind}_msg")

        def spy(*a: Any, _kind: str = kind, _real: Any = real, **k: Any) -> Any:
            sent.append(_kind)
            return _real(*a, **k)

        monkeypatch.setattr(fw, f"_send_{kind}_msg", spy)
    res = lab.run()
    assert res is not None and len(res.records) == 2 * KS[-1], lab.message.value
    assert len(states) == len(KS)
    # the same widget and the same trace objects all along: nothing is re-displayed or rebuilt
    assert {s["id"] for s in states} == {id(fw)} and {s["model"] for s in states} == {fw.model_id}
    assert len({tuple(s["traces"]) for s in states}) == 1 and lab.chart.widget is fw and fw in lab.widget.children
    # one batched message per snapshot (the final view repeats the last snapshot: nothing new to send), never a
    # trace added or removed
    assert sent == ["update"] * len(KS), sent
    # the data changed with every snapshot, to the numbers of that snapshot
    for k, s in zip(KS, states, strict=True):
        snap = cut(full, k)
        c = snap.compare(0, 1)
        assert s["diff"] == pytest.approx([100 * d.mean for d in [*c.seats, c.draws]])
        # the bars are the anytime-valid intervals the verdict reads
        assert s["diff_up"] == pytest.approx([100 * (d.seq_high - d.mean) for d in [*c.seats, c.draws]])
        r0 = snap.win_rates(0)[0]
        assert s["rates"][0] == pytest.approx(100 * r0.p) and s["rate_err"][0] == pytest.approx(100 * (r0.high - r0.p))
        assert f"{k} of {KS[-1]} games per variant" in s["title"]
        assert s["running"] and f"{c.n} paired games of {KS[-1]}" in s["status"]
        assert s["progress"].startswith(f"{2 * k}/{2 * KS[-1]} games")
    assert len({tuple(s["diff"]) for s in states}) == len(KS)
    # the intervals narrow as games arrive (win rate, win-rate change and length change): the last is the
    # narrowest and less than half as wide as the first (a Wilson interval can widen a little when p moves to 1/2)
    for key in ("rate_width", "diff_up", "diff_down", "len_width"):
        widths = [s[key][0] for s in states]
        assert widths[-1] == min(widths) and widths[-1] < widths[0] / 2, (key, widths)
    # the change axes hold every interval of every snapshot, and hold still while the intervals narrow (the
    # narrowing shows) unless the intervals take up less than a fifth of them (then they zoom in)
    for k, s in zip(KS, states, strict=True):
        c = cut(full, k).compare(0, 1)
        ds = [*c.seats, c.draws]
        assert s["axis"][0] <= 100 * min(d.low for d in ds) and s["axis"][1] >= 100 * max(d.high for d in ds)
        assert s["len_axis"][0] <= c.length.low and s["len_axis"][1] >= c.length.high
    for prev, now in pairwise(states):
        for key, lo_key, hi_key in (("axis", "diff_down", "diff_up"),):
            if now[key] != prev[key]:  # it moved: either something did not fit, or all of it got small
                lows = [x - d for x, d in zip(now["diff"], now[lo_key], strict=True)]
                highs = [x + u for x, u in zip(now["diff"], now[hi_key], strict=True)]
                width = max(0.0, *highs) - min(0.0, *lows)
                fits = prev[key][0] <= min(0.0, *lows) and max(0.0, *highs) <= prev[key][1]
                assert not fits or width < LiveChart.ZOOM * (prev[key][1] - prev[key][0]), (prev[key], now[key])
    assert any(now["axis"] == prev["axis"] for prev, now in pairwise(states))


def test_the_verdict_follows_the_numbers_of_each_snapshot(full: SimResults) -> None:
    verdicts: list[str] = []
    lab: Lab

    def source(game: Any, **kw: Any) -> Iterator[SimResults]:
        for k in KS:
            yield cut(full, k)
            verdicts.append(lab.verdict.value)

    lab = Lab(piggame, n=KS[-1], seed=3, source=source)
    lab.run()
    for k, v in zip(KS, verdicts, strict=True):
        assert v == "<ul style='margin:0.2em 0'>" + "".join(f"<li>{x}</li>" for x in conclusions_html(cut(full, k))) + "</ul>"
    assert len(set(verdicts)) == len(KS)  # other numbers, other sentences
    # target 40 makes games longer on every seed pair: the full run says so, and so does its verdict
    assert "more than noise" in verdicts[-1]
    assert lab.status.value == f"Finished: verdict from all {KS[-1]} games per variant"
    assert "paired games" in lab.summary.value and set(lab._figs) == {"lengths", "rules"}


def test_verdict_and_title_show_option_text_as_text() -> None:
    lab = Lab(richpig, n=8, executor="serial")
    lab.set(motto="<img src=x onerror=alert(1)>")
    res = lab.run()
    assert res is not None and "<img" in res.labels[1]
    assert "<img" not in lab.verdict.value and "&lt;img src=x" in lab.verdict.value
    # plotly reads a little HTML in titles and legends: the option text is escaped there too (shown as typed)
    fw = lab.chart.widget
    assert "<img" not in fw.layout.title.text and "&lt;img src=x" in fw.layout.title.text
    assert "<img" not in fw.data[1].name and "&lt;img" in fw.data[1].name
    assert "<img" not in lab.summary.value


def test_stop_keeps_the_finished_games_and_says_so(full: SimResults) -> None:
    shown = threading.Event()
    lab: Lab

    def source(game: Any, *, cancel: Any, **kw: Any) -> Iterator[SimResults]:
        yield cut(full, 20)
        shown.set()
        t0 = time.monotonic()
        while not cancel.is_set():  # a long run: more games only come after a Stop that never comes ...
            assert time.monotonic() - t0 < 20, "Stop did not reach the run"
            time.sleep(0.01)
        yield cut(full, 20, stopped="cancelled")  # ... so the run ends with the 20 seeds it finished

    lab = Lab(piggame, n=KS[-1], seed=3, source=source)
    lab.run_button.click()
    assert shown.wait(20)
    assert lab.run_button.disabled and not lab.cancel_button.disabled  # no second run while one runs
    lab.run_button.click()  # ignored
    assert lab.run() is None and "a run is already going" in lab.message.value  # nor from code
    lab.cancel_button.click()
    res = lab.wait()
    assert res is not None and len(res.records) == 40 and not res.complete
    assert lab.results is res
    assert lab.status.value == "Stopped: verdict from the 20 paired games finished of 200 (40 of 400 games played, all kept)"
    assert "<li>" + "</li><li>".join(conclusions_html(res)) + "</li>" in lab.verdict.value
    assert "over 20 paired games" in lab.verdict.value
    assert not lab.run_button.disabled and lab.cancel_button.disabled
    assert lab.progress.text.value.startswith("40/400 games")


def test_an_error_during_the_run_is_shown_and_the_buttons_come_back(full: SimResults) -> None:
    def source(game: Any, **kw: Any) -> Iterator[SimResults]:
        yield cut(full, 20)
        raise RuntimeError("worker <lost>")

    lab = Lab(piggame, n=KS[-1], seed=3, source=source)
    res = lab.run()
    assert res is not None and len(res.records) == 40  # what finished is still shown
    assert 'role="alert"' in lab.message.value and "RuntimeError: worker &lt;lost&gt;" in lab.message.value
    assert not lab.run_button.disabled and lab.cancel_button.disabled
    assert lab.status.value.startswith("Stopped by an error: verdict from the 20 paired games finished of 200")


def test_the_real_simulator_streams_into_the_lab_and_stop_keeps_its_games() -> None:
    lab = Lab(piggame, n=200_000, bots="greedy", executor="serial")
    lab.set(target=60)
    lab.start()
    t0 = time.monotonic()
    while lab.chart.updates < 3:
        assert time.monotonic() - t0 < 60, "no snapshots arrived"
        time.sleep(0.01)
    assert lab.first_verdict_s is not None and lab.run_button.disabled
    lab.cancel()
    res = lab.wait()
    assert res is not None and not res.complete and 0 < len(res.records) < 400_000
    n = res.compare(0, 1).n
    assert n > 0 and lab.status.value.startswith(f"Stopped: verdict from the {n} paired games finished of 200000")
    assert f"over {n} paired games" in lab.verdict.value
    assert not lab.run_button.disabled


def test_stop_when_the_answer_is_clear_is_off_by_default_and_uses_the_simulators_early_stop(full) -> None:
    asked: list[Any] = []

    def source(game: Any, **kw: Any) -> Iterator[SimResults]:
        asked.append(kw["early_stop"])
        yield cut(full, 20)

    lab = Lab(piggame, n=KS[-1], source=source)
    assert lab.early_box.value is False and lab.early_box.description == "Stop when the answer is clear"
    assert lab.early_box in lab.widget.children[2].children
    lab.run()
    lab.early_box.value = True
    lab.run()
    from tabletop.lab.ui import EARLY_STOP

    assert asked == [None, EARLY_STOP] and EARLY_STOP.confidence == 0.95

    # with the real simulator: the run ends as soon as every figure is settled, and says so
    lab = Lab(piggame, n=20_000, bots="greedy", executor="serial", early_stop=True)
    lab.set(target=40)
    res = lab.run()
    assert res is not None and res.stopped == "early" and res.planned == 20_000 and res.n < 20_000
    n = res.compare(0, 1).n
    assert n == res.n and lab.status.value == (f"Stopped early because the answer was clear: verdict from {n} "
                                               "paired games of 20000")
    assert res.sequential and all(f.settled for f in res.sequential)
    for f in res.sequential:  # the stopping rule's own sentences, under the fixed-sample conclusions
        assert f"<li>{html.escape(f.summary())}</li>" in lab.verdict.value
    for line in conclusions_html(res):
        assert f"<li>{line}</li>" in lab.verdict.value
    assert f"{n} of 20000 games per variant" in lab.chart.widget.layout.title.text


def user_relayout(fw: go.FigureWidget, data: dict[str, Any]) -> None:
    """What the chart's front end sends when the user zooms, pans or double-clicks a panel (plotly's
    ``plotly_relayout`` event, reported to Python through the widget's ``_js2py_relayout``)."""
    fw._js2py_relayout = {"relayout_data": data, "source_view_id": "the-users-view"}


def test_the_users_zoom_survives_the_updates_of_a_run_and_a_new_run_starts_from_the_charts_view(
        full: SimResults, monkeypatch: pytest.MonkeyPatch) -> None:
    states: list[dict[str, Any]] = []
    lab: Lab

    def view() -> dict[str, Any]:
        lay = lab.chart.widget.layout
        return {"ui": lay.uirevision, "x2": tuple(lay.xaxis2.range), "y": tuple(lay.yaxis.range),
                "x3": tuple(lay.xaxis3.range), "users": lab.chart.user_axes()}

    def source(game: Any, **kw: Any) -> Iterator[SimResults]:
        for i, k in enumerate(KS):
            yield cut(full, k)
            states.append(view())
            if i == 0:  # after the first snapshot the user zooms into the length-change panel and the top panel
                user_relayout(fw, {"xaxis3.range[0]": -1.5, "xaxis3.range[1]": 2.5, "yaxis.range[0]": 10,
                                   "yaxis.range[1]": 60})
                states.append(view())
            if i == 2:  # ... and later double-clicks the length-change panel: the chart takes that axis back
                user_relayout(fw, {"xaxis3.autorange": True, "yaxis3.autorange": True})

    lab = Lab(piggame, n=KS[-1], seed=3, bots=["greedy", "cautious"], source=source)
    lab.set(target=40)
    fw = lab.chart.widget
    sent: list[dict[str, Any]] = []
    real = fw._send_update_msg

    def spy(restyle_data: Any, relayout_data: dict[str, Any], *a: Any, **k: Any) -> Any:
        sent.append(dict(relayout_data))
        return real(restyle_data, relayout_data, *a, **k)

    monkeypatch.setattr(fw, "_send_update_msg", spy)
    lab.run()
    first, zoomed, second, third, last = states
    # one uirevision for every update of the run: plotly's "same view" marker is set and never changes in a run
    assert first["ui"] and len({s["ui"] for s in states}) == 1 and fw.layout.uirevision == first["ui"]
    assert sent[0]["uirevision"] == first["ui"] and all("uirevision" not in m for m in sent[1:])
    # the user's ranges stay, on the two axes they set, while the later snapshots arrive: the front end is sent
    # nothing for them
    assert zoomed["x3"] == (-1.5, 2.5) and zoomed["y"] == (10, 60) and zoomed["users"] == ["yaxis", "xaxis3"]
    for s in (second, third):
        assert s["x3"] == (-1.5, 2.5) and s["y"] == (10, 60), s
    assert all(not any(key.startswith(("xaxis3", "yaxis.")) for key in m) for m in sent[1:3]), sent
    # ... while the axes they did not touch go on following the numbers, exactly as on a chart nobody zoomed
    ref = LiveChart()
    for k, s in zip(KS, (first, second, third, last), strict=True):
        ref.update(cut(full, k))
        assert s["x2"] == tuple(ref.widget.layout.xaxis2.range), k
    assert len({s["x2"] for s in states}) > 1  # (it did move during the run)
    # a double-click hands the length panel back: the next snapshot sets it as the chart would again
    assert last["x3"] == tuple(ref.widget.layout.xaxis3.range) != (-1.5, 2.5)
    assert last["y"] == (10, 60) and last["users"] == ["yaxis"]

    # a new run starts from the chart's own view: a new uirevision, the user's top-panel zoom let go
    again: list[dict[str, Any]] = []

    def source2(game: Any, **kw: Any) -> Iterator[SimResults]:
        for k in KS[:2]:
            yield cut(full, k)
            again.append(view())

    lab.source = source2
    lab.run()
    assert again[0]["ui"] and again[0]["ui"] != first["ui"] and len({s["ui"] for s in again}) == 1
    assert again[0]["y"] == (0, 105) and again[0]["users"] == [] and again[1]["users"] == []
