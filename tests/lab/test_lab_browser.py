"""A real JupyterLab in Chromium runs a lab notebook: the plotly charts appear inside the lab (the live chart, a
FigureWidget, and the charts of a finished run), and the Run button in the page plays a new simulation and
redraws them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "variants" / "03_xevoz_lab.ipynb"


@pytest.fixture
def small_lab_notebook(tmp_path: Path) -> Path:
    """The committed notebook with a first cell that keeps the simulation small (like nbmake runs)."""
    nb = json.loads(NOTEBOOK.read_text())
    nb["cells"].insert(0, {"cell_type": "code", "execution_count": None, "id": "smalln", "metadata": {},
                           "outputs": [], "source": "import os\nos.environ['TABLETOP_LAB_N'] = '40'"})
    path = tmp_path / NOTEBOOK.name
    path.write_text(json.dumps(nb))
    return path


@pytest.mark.browser
def test_lab_notebook_shows_plotly_charts_and_reruns(lab, small_lab_notebook: Path) -> None:
    page = lab.open_notebook(small_lab_notebook, wait_for=".jupyter-widgets .js-plotly-plot", timeout=120)
    # the four charts of the lab are drawn by plotly inside the lab widget, each an SVG with data
    page.wait_for_function(
        "() => document.querySelectorAll('.jupyter-widgets .js-plotly-plot .main-svg').length >= 4",
        timeout=60_000)
    titles = page.eval_on_selector_all(".jupyter-widgets .js-plotly-plot .gtitle", "els => els.map(e => e.textContent)")
    # a panel of the live chart (a FigureWidget, drawn by its own front end)
    page.wait_for_function("() => [...document.querySelectorAll('.tt-lab-chart text')]"
                           ".some(e => e.textContent.includes('who wins'))", timeout=60_000)
    assert any("how often each rule fired" in t for t in titles), titles
    assert page.locator(".jupyter-widgets pre", has_text="paired games").count() >= 1
    first = lab.kernel_json("[len(lab.results.records), lab.results.labels[1]]")
    assert first == [80, "drain_symbol_when_attached='extra-chop'"]

    # change the option back to the rulebook in Python, then press Run in the page
    lab.run_in_kernel("lab.reset(); lab.seed_box.value = 7")
    page.get_by_role("button", name="Run").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jupyter-widgets .gtitle')]"
        ".some(e => e.textContent.includes('rulebook rules (#2) vs rulebook rules'))"
        " && document.querySelector('.tt-lab-status').textContent.startsWith('Finished')", timeout=60_000)
    again = lab.kernel_json("[lab.results.seed, lab.results.labels, lab.results.complete]")
    assert again == [7, ["rulebook rules", "rulebook rules (#2)"], True]
    lab.screenshot("lab-rerun")
