"""The learner's progress in a real JupyterLab + Chromium: kept in the browser's localStorage, it survives a page
reload and a kernel restart; a corrupt stored value is refused with a message (never raised); Export / Import
round-trip through a file; Reset clears (after a confirm); the map redraws when another notebook changes the
record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import make_notebook

KEY = "tabletop-arcade:progress"
MAP = ".tt-progress-map"
STORE = ".tt-progress-store"

SETUP = """import os, sys
for p in (os.environ.get("TABLETOP_REPO", "../../.."),):
    for q in (p, os.path.join(p, "widgets")):
        if q not in sys.path:
            sys.path.insert(0, q)"""
MAP_CELL = "from tabletop.ui.progress import ProgressMap, shared_store\n\nstore = shared_store()\npmap = ProgressMap()\npmap"


def write_notebook(tmp_path: Path, *cells: str) -> Path:
    path = tmp_path / "progress.ipynb"
    path.write_text(json.dumps(make_notebook([SETUP, *cells])), encoding="utf-8")
    return path


def stored(page: Any) -> Any:
    text = page.evaluate(f"() => localStorage.getItem({KEY!r})")
    return None if text is None else json.loads(text)


def wait_loaded(page: Any) -> None:
    page.wait_for_selector(f"{STORE}[data-loaded='1']", state="attached")


def map_count(page: Any, state: str) -> int:
    return int(page.get_attribute(MAP, f"data-{state}"))


def run_all(lab: Any) -> None:
    lab._wait_kernel_ready(60)
    lab.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


@pytest.mark.browser
def test_progress_survives_reload_and_restart_and_refuses_a_corrupt_record(lab: Any, tmp_path: Path) -> None:
    nb = write_notebook(tmp_path, MAP_CELL)
    page = lab.open_notebook(nb, wait_for=MAP)
    page.evaluate(f"() => localStorage.removeItem({KEY!r})")
    wait_loaded(page)
    assert map_count(page, "mastered") == 0
    lab.run_in_kernel("store.attempt(['zaxxon.radar-barrier'], True, 'task'); "
                      "store.attempt(['zaxxon.radar-barrier'], True, 'question'); store.see(['xevoz.sword'])")
    page.wait_for_function(f"document.querySelector({MAP!r}).dataset.mastered === '1'")
    rec = stored(page)
    assert rec["format"] == "tabletop-progress" and rec["clauses"]["zaxxon.radar-barrier"]["right"] == 2
    row = page.locator(f"{MAP} .tt-progress-clause[data-clause='zaxxon.radar-barrier']")
    assert row.get_attribute("data-state") == "mastered"
    lab.screenshot("recorded")

    # reload the page (JupyterLab asks whether to leave the unsaved notebook: yes); the cells run again
    page.on("dialog", lambda d: d.accept())
    page.reload()
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60_000)
    run_all(lab)
    page.wait_for_function(f"document.querySelector({MAP!r}) && document.querySelector({MAP!r}).dataset.mastered === '1'",
                           timeout=60_000)
    wait_loaded(page)
    assert map_count(page, "seen") >= 1
    print("reloaded: the map still shows the progress")

    # restart the kernel: Python forgets; the browser's record comes back when the cells run again
    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    accept = page.wait_for_selector(".jp-Dialog .jp-mod-accept", timeout=10_000)
    accept.click()
    page.wait_for_selector(".jp-Dialog", state="detached")
    run_all(lab)
    page.wait_for_function(f"document.querySelector({MAP!r}) && document.querySelector({MAP!r}).dataset.mastered === '1'",
                           timeout=60_000)
    assert lab.kernel_json("store.progress.state('zaxxon.radar-barrier')") == "mastered"
    assert lab.kernel_json("store.progress.state('xevoz.sword')") == "seen"
    print("restarted: the browser's record came back")

    # a corrupt stored value: refused with a message in the page, nothing raised, a fresh record replaces it
    page.evaluate(f"() => localStorage.setItem({KEY!r}, '{{not json')")
    page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    page.wait_for_selector(".jp-Dialog .jp-mod-accept", timeout=10_000).click()
    page.wait_for_selector(".jp-Dialog", state="detached")
    run_all(lab)
    page.wait_for_selector(f"{STORE}:not([hidden]) .tt-progress-notice", timeout=60_000)
    text = page.inner_text(f"{STORE} .tt-progress-notice-text")
    assert "could not be read" in text and "not JSON" in text and "fresh record" in text
    assert page.query_selector(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']") is None
    assert stored(page)["clauses"] == {}
    assert lab.kernel_json("store.progress.clauses == {}") is True
    lab.screenshot("corrupt-refused")


@pytest.mark.browser
def test_export_import_round_trip_reset_and_another_notebook(lab: Any, tmp_path: Path) -> None:
    nb = write_notebook(tmp_path, MAP_CELL)
    page = lab.open_notebook(nb, wait_for=MAP)
    wait_loaded(page)
    lab.run_in_kernel("store.reset(); store.attempt(['xevious.respawn', 'zaxxon.roll'], True, 'practice'); "
                      "store.attempt(['xevious.respawn'], True, 'review')")
    page.wait_for_function(f"document.querySelector({MAP!r}).dataset.mastered === '1'")

    # Export: a JSON file of the record
    with page.expect_download() as dl:
        page.click(f"{MAP} button.tt-progress-export")
    path = tmp_path / "exported.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported == lab.kernel_json("store.progress.to_json()")
    assert "Exported 2 rules" in page.inner_text(f"{MAP} .tt-progress-note")

    # Reset asks first; "Keep it" keeps, "Yes, clear it" clears
    page.click(f"{MAP} button.tt-progress-reset")
    page.wait_for_selector(f"{MAP} .tt-progress-confirm")
    lab.screenshot("reset-confirm")
    page.click(f"{MAP} button.tt-progress-confirm-no")
    assert page.query_selector(f"{MAP} .tt-progress-confirm") is None and map_count(page, "mastered") == 1
    page.click(f"{MAP} button.tt-progress-reset")
    page.click(f"{MAP} button.tt-progress-confirm-yes")
    page.wait_for_function(f"document.querySelector({MAP!r}).dataset.practised === '0' && "
                           f"document.querySelector({MAP!r}).dataset.mastered === '0'")
    assert stored(page)["clauses"] == {}
    assert "cleared" in page.inner_text(f"{MAP} .tt-progress-note")

    # Import a bad file: refused with the reason, nothing changed
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "tabletop-progress", "version": 1, "clauses": {"zaxxon.roll": {"seen": 1}}}))
    page.set_input_files(f"{MAP} input.tt-progress-file", str(bad))
    page.wait_for_selector(f"{MAP} .tt-progress-note-bad")
    note = page.inner_text(f"{MAP} .tt-progress-note")
    assert "Import refused" in note and "bad.json" in note and "zaxxon.roll" in note and "Nothing was changed" in note
    assert stored(page)["clauses"] == {} and map_count(page, "new") == int(page.get_attribute(MAP, "data-clauses"))
    lab.screenshot("import-refused")

    # Import the exported file: the record is back
    page.set_input_files(f"{MAP} input.tt-progress-file", str(path))
    page.wait_for_function(f"document.querySelector({MAP!r}).dataset.mastered === '1'")
    assert "Imported exported.json: 2 rules" in page.inner_text(f"{MAP} .tt-progress-note")
    assert stored(page) == exported

    # another notebook on this page writes the record and fires the event: this map redraws (through its store)
    other = json.loads(json.dumps(exported))
    other["clauses"]["xevoz.sword"] = {"seen": 5.0, "tries": 2, "right": 2, "streak": 2, "last": 6.0, "last_right": 6.0}
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); window.dispatchEvent(new CustomEvent('tabletop-progress')); }",
                  [KEY, json.dumps(other)])
    page.wait_for_function(f"document.querySelector({MAP!r}).dataset.mastered === '2'")
    assert lab.kernel_json("store.progress.state('xevoz.sword')") == "mastered"

    # keyboard: open a game's list and a rule with Enter; the rule's words and state are there
    game = page.locator(f"{MAP} .tt-progress-game[data-game='xevoz'] > details > summary")
    game.focus()
    page.keyboard.press("Enter")
    section = page.locator(f"{MAP} .tt-progress-game[data-game='xevoz'] .tt-progress-section").first
    section.locator("summary").first.focus()
    page.keyboard.press("Enter")
    assert page.get_attribute(MAP, "data-clauses") and section.get_attribute("open") is not None
    lab.screenshot("map-open")


PRACTICE = ".tt-practice"


@pytest.mark.browser
def test_practice_answers_get_feedback_and_reach_the_map(lab: Any, tmp_path: Path) -> None:
    nb = write_notebook(tmp_path, "from tabletop.ui.practice import Practice\nfrom tabletop.ui.progress import "
                        "ProgressMap, shared_store\n\nshared_store().reset()\npractice = Practice('zaxxon', seed=0)\n"
                        "practice", "ProgressMap('zaxxon')")
    page = lab.open_notebook(nb, wait_for=f"{PRACTICE}[data-item='1']")
    page.wait_for_selector(".tt-board[data-game='zaxxon']")
    wait_loaded(page)
    right = lab.kernel_json("sorted(practice.item.question.answer(practice.item.game).right)")
    n = page.locator(f"{PRACTICE} button.tt-practice-choice").count()
    multiple = lab.kernel_json("practice.item.question.multiple")
    clause = page.get_attribute(PRACTICE, "data-clause")
    # the board shows the question's position, read-only
    assert page.get_attribute(".tt-board[data-game='zaxxon']", "data-interactive") == "0"
    assert lab.kernel_json("practice.board.game.state == practice.item.game.state") is True
    lab.screenshot("practice-question")
    # a wrong answer (keyboard: the digit of a wrong choice): the clause and the reason, the right one marked
    wrong = [i for i in range(n) if i not in right][:1] if not multiple or len(right) < n else []
    page.locator(PRACTICE).focus()
    if wrong:
        page.keyboard.press(str(wrong[0] + 1))
        if multiple:
            page.click(f"{PRACTICE} button.tt-practice-check")
        page.wait_for_selector(f"{PRACTICE}[data-answered='wrong']")
        fb = page.inner_text(f"{PRACTICE} .tt-practice-feedback")
        rule = page.get_attribute(f"{PRACTICE} .tt-fb-rule", "data-rule")
        assert "Not quite" in fb and rule and rule in fb
        assert page.locator(f"{PRACTICE} .tt-choice-right").count() == len(right)
        lab.screenshot("practice-wrong")
        tries = lab.kernel_json(f"shared_store().progress.clauses[{clause!r}].tries")
        assert tries == 1
        page.wait_for_function(f"Number(document.querySelector({MAP!r}).dataset.practised) >= 1")
        # Next question (key N), then answer it right by clicking
        page.locator(PRACTICE).focus()
        page.keyboard.press("n")
        page.wait_for_selector(f"{PRACTICE}[data-item='2']")
        right = lab.kernel_json("sorted(practice.item.question.answer(practice.item.game).right)")
        multiple = lab.kernel_json("practice.item.question.multiple")
    for i in right:
        page.click(f"{PRACTICE} button.tt-practice-choice[data-choice='{i}']")
        if not multiple:
            break
    if multiple:
        page.click(f"{PRACTICE} button.tt-practice-check")
    page.wait_for_selector(f"{PRACTICE}[data-answered='right']")
    assert "Right." in page.inner_text(f"{PRACTICE} .tt-practice-feedback")
    assert lab.kernel_json("shared_store().attempts[-1].kind") == "practice"
    lab.screenshot("practice-right")


NOTEBOOK_KEYS = ["r", "m", "y", "x", "c", "v", "a", "b", "z", "j", "k", "d", "ArrowUp", "ArrowDown"]


@pytest.mark.browser
def test_map_and_practice_keep_every_key_and_pass_axe(lab: Any, tmp_path: Path) -> None:
    from tests.browser.fixtures import axe_violations

    nb = write_notebook(tmp_path, "from tabletop.ui.practice import Practice\n\npractice = Practice('xevoz', seed=1)\n"
                        "practice", "from tabletop.ui.progress import ProgressMap\n\nProgressMap('xevoz')")
    page = lab.open_notebook(nb, wait_for=f"{PRACTICE}[data-item='1']")
    page.wait_for_selector(MAP)
    page.locator(f"{MAP} .tt-progress-section > summary").first.click()  # a section open: its rules focusable
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    # every key JupyterLab's command mode binds, on every focusable element of the map and the practice column
    # (except a choice, which answers): the cells stay code cells, none is cut or added, the widgets stay
    targets = page.locator(f"{MAP} button, {MAP} summary, {PRACTICE} button.tt-practice-next, {PRACTICE} summary")
    n = min(targets.count(), 12)
    for i in range(n):
        t = targets.nth(i)
        for key in NOTEBOOK_KEYS:
            t.focus()
            page.keyboard.press("Escape") if key == "d" else None
            t.focus()
            page.keyboard.press(key)
        assert page.locator(".jp-Notebook .jp-Cell").count() == cells
        assert page.locator(".jp-Notebook .jp-Cell.jp-MarkdownCell, .jp-Notebook .jp-Cell.jp-RawCell").count() == 0
    page.wait_for_selector(MAP)
    page.wait_for_selector(PRACTICE)
    # accessibility (axe-core): no critical or serious violation in the map or the practice column
    assert axe_violations(page, MAP) == []
    assert axe_violations(page, PRACTICE) == []
    lab.screenshot("keys-and-axe")
