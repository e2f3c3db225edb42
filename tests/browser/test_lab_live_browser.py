"""The variant lab answers live in a real JupyterLab (Chromium): press Run, and the plotly FigureWidget fills in
with a verdict in words within seconds, then both update in place as games arrive (a zoom the user makes on the
chart stays while they do); Stop (pressed with the keyboard) ends the run, keeps the finished games and says so in
the verdict.

The notebook is the committed Xevoz lab (notebooks/variants/03) up to the cell that shows the lab, at its own
game count (no small test N): the run must be long enough to be stopped by hand."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import axe_violations

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "variants" / "03_xevoz_lab.ipynb"
#: the bound asserted on Run -> first chart with a verdict (issue 13 asks for 3 s); the measured figure is printed.
#: The browser tests run on a machine shared with other jobs, so the assertion leaves room for load.
FIRST_VERDICT_LIMIT_S = 10.0
#: every impact axe reports: the lab must be clean of all of them
AXE_ALL = ("critical", "serious", "moderate", "minor")

CHART = ".tt-lab-chart"
DRAWN = """() => {
  const title = document.querySelector('.tt-lab-chart .gtitle');
  const bars = document.querySelectorAll('.tt-lab-chart .barlayer .point path').length;
  const verdict = document.querySelectorAll('.tt-lab-verdict li').length;
  const m = title && title.textContent.match(/(\\d+) of (\\d+) games per variant/);
  return (m && bars > 0 && verdict > 0) ? { ms: performance.now() - window.__runAt, played: Number(m[1]),
    title: title.textContent, verdict: document.querySelector('.tt-lab-verdict').innerText } : false;
}"""

#: the live chart's view as plotly.js has it (the chart element is plotly's graph div)
VIEW = """() => {
  const gd = document.querySelector('.tt-lab-chart'), L = gd.layout;
  const m = L.title.text.match(/(\\d+) of (\\d+) games per variant/);
  return { x2: [...L.xaxis2.range], y2: [...L.yaxis2.range], ui: L.uirevision, title: L.title.text,
           played: m ? Number(m[1]) : 0 };
}"""


def kernel_value(lab: Any, expr: str, want: Any, timeout: float = 10.0) -> Any:
    """The value of ``expr`` in the kernel once it equals ``want`` (a change made in the page takes a moment to
    reach the kernel), or its last value after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        got = lab.kernel_json(expr)
        if got == want or time.monotonic() > deadline:
            return got
        time.sleep(0.1)


@pytest.fixture
def lab_notebook(tmp_path: Path) -> Path:
    """The committed lab notebook, cut after the cell that shows the lab (the later cells run it from code)."""
    nb = json.loads(NOTEBOOK.read_text())
    at = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code" and "".join(c["source"]).rstrip().endswith("\nlab"))
    nb["cells"] = nb["cells"][: at + 1]
    nb["cells"].insert(0, {"cell_type": "code", "execution_count": None, "id": "fulln", "metadata": {},
                           "outputs": [],
                           # the kernel inherits the test run's environment, which would cap N (default_n)
                           "source": "import os\nfor k in ('TABLETOP_LAB_N', 'PYTEST_CURRENT_TEST', 'NBMAKE'):\n"
                                     "    os.environ.pop(k, None)"})
    path = tmp_path / NOTEBOOK.name
    path.write_text(json.dumps(nb))
    return path


@pytest.mark.browser
def test_run_shows_a_live_chart_and_verdict_and_stop_keeps_the_games(lab, lab_notebook: Path) -> None:
    page = lab.open_notebook(lab_notebook, wait_for=f"{CHART} .main-svg", timeout=120)
    n = lab.kernel_json("lab.n_box.value")
    assert n >= 1000, n  # the notebook's own N: a run long enough to stop by hand
    # found by role and name, as a screen reader would (the name may start with the icon's glyph)
    run = page.get_by_role("button", name=re.compile(r"^\W*Run$"))
    stop = page.get_by_role("button", name=re.compile(r"^\W*Stop$"))
    assert run.is_enabled() and stop.is_disabled()
    assert page.locator(".tt-lab-verdict li").count() == 0
    # every option control has an accessible name, the sliders' handles too (the name is the visible label), and
    # they still work from the keyboard: one step up and back with the arrow keys
    sliders = lab.kernel_json("[k for k, c in lab.controls.items() if type(c).__name__.endswith('Slider')]")
    assert sliders == ["max_gold", "parts"], sliders
    for name in sliders:
        handle = page.get_by_role("slider", name=name, exact=True)
        start = lab.kernel_json(f"lab.controls[{name!r}].value")
        handle.focus()
        page.keyboard.press("ArrowRight")
        assert kernel_value(lab, f"lab.controls[{name!r}].value", start + 1) == start + 1, name
        page.keyboard.press("ArrowLeft")
        assert kernel_value(lab, f"lab.controls[{name!r}].value", start) == start, name
    for name in lab.kernel_json("list(lab.controls)"):  # (a <label> or an aria-label)
        assert page.get_by_label(name, exact=True).count() == 1, name
    assert axe_violations(page, ".tt-lab", impacts=AXE_ALL) == []  # the whole lab before a run: nothing at all
    # a rule change, made from the keyboard: no bonus chop (variant 2)
    chop = page.get_by_role("checkbox", name="bonus_chop")
    chop.focus()
    page.keyboard.press("Space")
    assert lab.kernel_json("lab.variant().changes()") == {"bonus_chop": False}

    page.evaluate("() => { window.__runAt = performance.now(); }")
    run.click()
    first = page.wait_for_function(DRAWN, timeout=60_000, polling="raf").json_value()
    seconds = first["ms"] / 1000
    print(f"\nRun -> first chart with a verdict in the browser: {seconds:.2f} s "
          f"(after {first['played']} of {n} games per variant)")
    assert seconds < FIRST_VERDICT_LIMIT_S, first
    assert re.search(r"paired games?", first["verdict"]), first
    assert run.is_disabled() and stop.is_enabled()  # no second run while one runs
    chart_id = page.eval_on_selector(CHART, "el => el.dataset.ttSeen = 'first'")  # mark the element itself

    # the same chart element updates in place: more games, another title and another verdict (the chart and the
    # verdict are two widgets whose messages arrive one after the other: wait until both show a later snapshot)
    later = page.wait_for_function(
        f"() => {{ const r = ({DRAWN})(); return r && r.played >= {first['played']} + 20 "
        f"&& r.verdict !== {json.dumps(first['verdict'])} ? r : false; }}",
        timeout=60_000).json_value()
    assert later["title"] != first["title"] and later["verdict"] != first["verdict"]
    assert page.eval_on_selector(CHART, "el => el.dataset.ttSeen") == "first"  # not re-displayed
    assert page.locator(CHART).count() == 1 and chart_id == "first"
    text = page.locator(".tt-lab-progress").inner_text()
    assert re.search(r"\d+/\d+ games \([\d,]+/s\)", text), text

    # the user's zoom survives the streamed updates: a box zoom (a drag) on the win-rate change panel, whose axis
    # the chart otherwise sets at every update, stays as it is while more games arrive
    panel = page.locator(f"{CHART} .draglayer .x2y2 .nsewdrag")
    panel.scroll_into_view_if_needed()
    box = panel.bounding_box()
    x0, y0 = box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.2
    before = page.evaluate(VIEW)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + box["width"] * 0.4, y0 + box["height"] * 0.4, steps=8)
    page.mouse.up()
    zoomed = page.evaluate(VIEW)
    assert zoomed["x2"] != before["x2"] and zoomed["y2"] != before["y2"], (before, zoomed)  # the drag zoomed
    # the front end reports the zoom to Python; from the snapshot Python shows once it has it, every update
    # would reset the zoom if the chart did not keep it
    for _ in range(100):
        py_range, shown = lab.kernel_json("[list(lab.chart.widget.layout.xaxis2.range), "
                                          "min(len(lab.results.games(0)), len(lab.results.games(1)))]")
        if py_range == pytest.approx(zoomed["x2"]):
            break
        page.wait_for_timeout(100)
    assert py_range == pytest.approx(zoomed["x2"]), (py_range, zoomed)
    after = page.wait_for_function(f"() => {{ const v = ({VIEW})(); return v.played >= {shown} + 20 ? v : false; }}",
                                   timeout=60_000).json_value()
    assert after["title"] != zoomed["title"]  # updates arrived ...
    assert after["x2"] == pytest.approx(zoomed["x2"]) and after["y2"] == pytest.approx(zoomed["y2"])  # ... view kept
    assert after["ui"] == zoomed["ui"] == before["ui"] and after["ui"]  # one uirevision for the run
    assert lab.kernel_json("lab.chart.user_axes()") == ["xaxis2", "yaxis2"]  # Python knows whose axes they are

    # Stop from the keyboard: the run ends, keeps its games and says so
    stop.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => { const s = document.querySelector('.tt-lab-status'); return s && s.textContent.startsWith('Stopped:'); }",
        timeout=60_000)
    status = page.locator(".tt-lab-status").inner_text()
    kept = lab.kernel_json("[lab.results.stopped, len(lab.results.records), lab.results.compare(0, 1).n, "
                           "lab.status.value, lab.results.compare(0, 1).conclusions()]")
    stopped, records, paired, py_status, lines = kept
    assert stopped == "cancelled" and 0 < records < 2 * n and paired > 0
    assert status == py_status and f"verdict from the {paired} paired games finished of {n}" in status
    verdict = page.locator(".tt-lab-verdict").inner_text()
    assert [ln.strip() for ln in verdict.strip().splitlines() if ln.strip()] == lines
    # the learner reads how often the changed rule never came up, and the number is the kept run's own
    untouched = lab.kernel_json("lab.results.compare(0, 1).untouched")
    assert isinstance(untouched, int) and 0 <= untouched <= paired
    said = (f"the changed rule never came up in {untouched} of the {paired} paired games" if untouched
            else f"the changed rule came up in every one of the {paired} paired games")
    assert said in verdict, verdict
    assert run.is_enabled() and stop.is_disabled()
    lab.screenshot("lab-live-stopped")
    # the whole lab after a run (controls, buttons, progress, verdict, the live chart and the charts of the run):
    # axe finds nothing, of any impact; a control without a name would fail here
    assert axe_violations(page, ".tt-lab", impacts=AXE_ALL) == []
