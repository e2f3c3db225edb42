"""One real-browser test: the 'your turn' board of notebook 01 in JupyterLab, played by clicking and keys."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright")

NB = "notebooks/xevious/01_pieces_and_preparations.ipynb"


def _version(root: Any) -> int:
    return int(root.get_attribute("data-version"))


def _wait_version_above(page: Any, root_sel: str, v: int) -> None:
    page.wait_for_function(
        "([sel, v]) => { const r = document.querySelectorAll(sel); const el = r[r.length - 1];"
        " return el && Number(el.dataset.version) > v && !el.dataset.pending; }", arg=[root_sel, v])


@pytest.mark.browser
def test_play_turns_by_clicking_in_jupyterlab(lab: Any) -> None:
    """xevious.green-stop and xevious.move-roll in the browser: click Roll, click the highlighted green space,
    press R for the next player; the DOM and the Python game agree."""
    page = lab.open_notebook(NB, wait_for=".xv-board")
    page.wait_for_function("document.querySelectorAll('.tt-board .xv-board').length >= 2")
    boards = page.locator(".tt-root.tt-board")
    live = boards.last
    sel = ".tt-root.tt-board"
    assert live.get_attribute("data-interactive") == "1"
    assert boards.first.get_attribute("data-interactive") == "0"  # the walkthrough's board is read-only
    assert page.locator(".tt-walkthrough").count() == 1
    # rig the die in the kernel (what a teacher does), then click the big Roll button
    lab.run_in_kernel("board.rig(die=4)")
    _wait_version_above(page, sel, _version(live) - 1)
    v = _version(live)
    live.locator("button.xv-choice[data-type='Roll']").click()
    _wait_version_above(page, sel, v)
    # a green space was passed: it is highlighted and clickable on the SVG board
    target = live.locator("g.xv-target")
    assert target.count() == 2
    assert lab.kernel_json("board.game.state['phase']") == "stop"
    v = _version(live)
    live.locator("g.xv-target[data-space='4']").click()
    _wait_version_above(page, sel, v)
    assert lab.kernel_json("[board.game.state['pilots'][0]['area'], board.game.state['pilots'][0]['space']]") == [0, 3]
    assert live.locator(".tt-log-event[data-rule='xevious.green-stop']").count() >= 1
    assert live.get_attribute("data-current-player") == "1"
    # the keyboard: R rolls for the next player
    lab.run_in_kernel("board.rig(die=1)")
    _wait_version_above(page, sel, v)
    v = _version(live)
    live.focus()
    page.keyboard.press("r")
    _wait_version_above(page, sel, v)
    assert lab.kernel_json("[p['space'] for p in board.game.state['pilots']]") == [3, 1]
    assert lab.kernel_json("len(board.game.history)") == 4  # setup, roll, stop, roll
    # "why not?": a click on a move that is not legal now is answered with the clause and reason, never silence
    live.locator("button.xv-choice[data-type='CatchUp']").click()
    page.wait_for_selector(".tt-error[data-rule='xevious.catch-up']")
    assert lab.kernel_json("len(board.game.history)") == 4
    # Enter on a board control keeps the focus on the board: the next key still plays
    lab.run_in_kernel("board.rig(die=[2, 6])")
    _wait_version_above(page, sel, v)
    v = _version(live)
    live.locator("button.xv-choice[data-type='Roll']").focus()
    page.keyboard.press("Enter")
    _wait_version_above(page, sel, v)
    assert lab.kernel_json("len(board.game.history)") == 5
    assert page.evaluate("(sel) => { const r = document.querySelectorAll(sel); return r[r.length - 1]"
                         ".contains(document.activeElement); }", sel)
    lab.run_in_kernel("board.rig(die=[1, 6])")
    _wait_version_above(page, sel, v)
    v = _version(live)
    page.keyboard.press("r")
    _wait_version_above(page, sel, v)
    assert lab.kernel_json("len(board.game.history)") == 6
    # a stale click is refused and explained, nothing changes
    page.evaluate("(sel) => { const r = document.querySelectorAll(sel); r[r.length - 1].dataset.version = '1'; }", sel)
    live.locator("button.xv-choice[data-type='Roll']").click()
    page.wait_for_selector(".tt-error[data-rule='ui.stale']")
    assert lab.kernel_json("len(board.game.history)") == 6
    lab.screenshot("xevious-after-clicks")


@pytest.mark.browser
def test_stage_respawn_lesson_shows_what_it_narrates(lab: Any) -> None:
    """xevious/06 step 1 (the signature lesson, issue 9): the narration says Blue respawned, and the board beside
    it shows Blue back on area 1 space 1 with 3 Solvalou Markers and Red untouched. Next walks every step to the
    hand-over, where the board is live."""
    page = lab.open_notebook("notebooks/xevious/06_stage_respawn_and_catch_up.ipynb", wait_for=".tt-walk .tt-walk-text")
    page.wait_for_function("document.querySelectorAll('.tt-board .xv-board').length >= 2")
    walk = page.locator(".tt-root.tt-walk").first
    board = page.locator(".tt-root.tt-board").first
    if walk.get_attribute("data-phase") == "question":  # issue 20: step 1 first asks what the respawn gives back
        walk.locator("button.tt-walk-next").click()  # "see what happens"
        page.wait_for_function("() => document.querySelector('.tt-root.tt-walk').dataset.phase === 'shown'")
    text = walk.locator(".tt-walk-text").inner_text()
    assert "Blue returns to the beginning of the area" in text and "area 1, space 1" in text
    assert board.locator(".xv-sheet-0 .xv-where").inner_text() == "area 1, space 1"
    assert board.locator(".xv-sheet-0 tr[data-row='solvalou'] .xv-count").inner_text() == "3/5"
    assert board.locator(".xv-sheet-1 .xv-where").inner_text() == "area 1, space 3"
    assert walk.locator(".tt-walk-rule[data-rule='xevious.respawn-stage1']").count() == 1
    page.locator(".tt-walkthrough").first.scroll_into_view_if_needed()
    lab.artifacts.mkdir(parents=True, exist_ok=True)
    page.locator(".tt-walkthrough").first.screenshot(path=str(lab.artifacts / "xevious-06-stage-respawn.png"))
    n = int(walk.locator(".tt-walk-count").inner_text().split(" of ")[1])
    # Next through every step (a step with a question or a "your move" takes one more Next: see what happens /
    # Show me), then the hand-over after the last lesson step
    for _ in range(3 * n + 1):
        if walk.locator(".tt-walk-count").inner_text() == "Your turn":
            break
        before = walk.get_attribute("data-version")
        walk.locator("button.tt-walk-next").click()
        page.wait_for_function("(v) => { const r = document.querySelector('.tt-root.tt-walk');"
                               " return r && r.dataset.version !== v && !r.dataset.pending; }", arg=before)
    page.wait_for_function("() => { const c = document.querySelector('.tt-walk .tt-walk-count');"
                           " return c && c.textContent === 'Your turn'; }")
    page.wait_for_function("() => document.querySelector('.tt-root.tt-board').dataset.interactive === '1'")
    # the bot moves Red first (issue 20: the hand-over has an opponent), then Blue's moves are offered
    page.wait_for_function("() => document.querySelector('.tt-root.tt-board')"
                           ".querySelectorAll(\"button.xv-choice[data-legal='1']\").length >= 1", timeout=15000)
    assert board.locator("button.xv-choice[data-legal='1']").count() >= 1
