"""A rule's code, for learners (issue 22), in real JupyterLab + Chromium: a clause in a board's log and a rule of a
lesson's step each show the code that carries the rule out (tabletop.ui.source), in a dialog with its file and
lines, the lines naming the rule marked; keys typed in the dialog never reach the notebook; Escape closes it and
the board plays on. Screenshots: ``test-artifacts/browser/<test>/source-*.png``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import axe_violations, make_notebook

pytestmark = pytest.mark.browser

BOARD = ".tt-board[data-game='zaxxon']"
DIALOG = "dialog.tt-source[open]"
CELLS_JS = ("() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map((c) => c.classList.contains("
            "'jp-CodeCell') ? 'code' : 'other')")


def _shown(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const d = document.querySelector('dialog.tt-source[open]');
      return { rule: d.dataset.rule, figures: [...d.querySelectorAll('figure.tt-source-snippet')].map((f) => ({
        caption: f.querySelector('figcaption').textContent,
        marked: [...f.querySelectorAll('.tt-source-mark')].map((l) => l.textContent),
        first: f.querySelector('.tt-source-line').textContent,
        kinds: [...new Set([...f.querySelectorAll('[class^=tt-py-]')].map((s) => s.className))] })) }; }""")


def _check_against_kernel(lab: Any, shown: dict[str, Any], expr: str) -> None:
    """What the dialog shows is what tabletop.ui.source finds, line for line."""
    want = lab.kernel_json(f"[s.to_dict() for s in __import__('tabletop.ui.source', fromlist=['x']).clause_source("
                           f"{expr}, {shown['rule']!r})]")
    assert len(shown["figures"]) == len(want) >= 1
    for fig, s in zip(shown["figures"], want, strict=True):
        assert s["path"] in fig["caption"] and f"lines {s['start']}–{s['end']}" in fig["caption"]
        assert len(fig["marked"]) == len(s["marks"]) >= 1
        assert all(shown["rule"] in line for line in fig["marked"])
        assert fig["first"].strip().startswith(str(s["start"]))


def test_a_rules_code_opens_from_the_log_and_from_a_lesson(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "source.ipynb"
    nb.write_text(json.dumps(make_notebook([
        "from tabletop.zaxxon.widget import Board, walkthrough\nboard = Board(seed=7)\nboard",
        "walk = walkthrough('06')\nwalk"])))
    page = lab.open_notebook(nb, wait_for=f"{BOARD} .tt-log-event")
    page.wait_for_selector(".tt-walk .tt-walk-next")
    cells = page.evaluate(CELLS_JS)

    # the board's log: open a clause's explanation, then its code
    event = page.locator(f"{BOARD} .tt-log-event").first
    rule = event.get_attribute("data-rule")
    event.locator("summary").click()
    event.locator(".tt-source-button").click()
    page.wait_for_selector(f"{DIALOG} figure.tt-source-snippet")
    shown = _shown(page)
    assert shown["rule"] == rule
    assert {"tt-py-kw", "tt-py-str"} <= set(k for f in shown["figures"] for k in f["kinds"])
    _check_against_kernel(lab, shown, "board.game.rules")
    assert axe_violations(page, DIALOG) == []
    lab.screenshot("source-board")
    # keys typed in the dialog are the dialog's: the notebook's cells stay as they were
    page.locator(f"{DIALOG} .tt-source-code").first.focus()
    for key in ("r", "m", "x", "a", "b", "v", "ArrowDown", "j", "k"):
        page.keyboard.press(key)
    assert page.evaluate(CELLS_JS) == cells
    page.keyboard.press("Escape")
    page.wait_for_selector(DIALOG, state="detached")
    assert page.evaluate(CELLS_JS) == cells
    assert lab.kernel_json("board.version") >= 0  # the kernel still answers; nothing was refused
    assert lab.kernel_json("board.error") is None

    # the lesson: a rule of the step, opened from its badge
    badge = page.locator(".tt-walk .tt-walk-rule").first
    badge.locator("summary").click()
    rule = badge.get_attribute("data-rule")
    badge.locator(".tt-source-button").click()
    page.wait_for_selector(f"{DIALOG} .tt-source-intro")
    shown = _shown(page)
    assert shown["rule"] == rule
    if shown["figures"]:
        _check_against_kernel(lab, shown, "walk.board.game.rules")
    else:  # a rule no move carries out (the board states it): the dialog says so
        assert "No code names" in page.inner_text(DIALOG)
    lab.screenshot("source-lesson")
    page.locator(f"{DIALOG} .tt-source-close").click()
    page.wait_for_selector(DIALOG, state="detached")
    assert page.evaluate(CELLS_JS) == cells
