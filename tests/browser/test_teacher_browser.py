"""The teacher panel in real JupyterLab + Chromium: rig a die then roll, jump back on the timeline and branch,
switch back to the main line, load a position from text (and see a refusal with its rule)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.fixtures import axe_violations, board_version, click_and_wait, outside_parent

pytest.importorskip("playwright")

BOARD = ".tt-board[data-game='pig']"


@pytest.mark.browser
def test_teacher_panel_rig_timeline_branch_and_position_text(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/teacher.ipynb", wait_for=f"{BOARD} .tt-teacher")
    panel = f"{BOARD} .tt-teacher"

    # rig the next die from the panel, then roll: the chip shows the rigged 5
    click_and_wait(page, f"{panel} button.tt-rig-choice[data-kind='die'][data-value='5']", BOARD)
    page.wait_for_selector(f"{panel} .tt-rig-pending[data-kind='die']")
    assert "5" in page.inner_text(f"{panel} .tt-rig-pending[data-kind='die']")
    assert lab.kernel_json("board.game.rigged") == {"die": [5]}
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Roll']", BOARD)
    page.wait_for_selector(f"{BOARD} .tt-draw[data-kind='die'][data-value='5'][data-rigged='1']")
    assert lab.kernel_json("board.game.position()") == {"scores": [0, 0], "pot": 5, "turn": 0}
    assert page.locator(f"{panel} .tt-rig-pending").count() == 0

    # a second rigged roll, then back to turn 1 on the timeline
    click_and_wait(page, f"{panel} button.tt-rig-choice[data-kind='die'][data-value='4']", BOARD)
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Roll']", BOARD)
    assert lab.kernel_json("board.game.position()['pot']") == 9
    main = lab.kernel_json("board.game.save()['digest']")
    click_and_wait(page, f"{panel} button.tt-timeline-turn[data-turn='1']", BOARD)
    page.wait_for_selector(f"{panel} button.tt-timeline-turn[data-turn='1'][data-at='1']")
    page.wait_for_selector(f"{panel} button.tt-timeline-turn[data-turn='2'][data-future='1']")
    assert lab.kernel_json("board.game.position()['pot']") == 5

    # playing from there starts a branch
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Hold']", BOARD)
    page.wait_for_selector(f"{panel} button.tt-line[data-line='1'][data-current='1']")
    assert "Branch 1" in page.inner_text(f"{panel} button.tt-line[data-line='1']")
    assert lab.kernel_json("board.game.position()") == {"scores": [5, 0], "pot": 0, "turn": 1}
    lab.screenshot("teacher-panel-branch")

    # switch back: the main line, whole
    click_and_wait(page, f"{panel} button.tt-main-line", BOARD)
    page.wait_for_selector(f"{panel} button.tt-line[data-line='0'][data-current='1']")
    assert lab.kernel_json("board.game.save()['digest']") == main
    assert lab.kernel_json("board.game.position()['pot']") == 9
    # and to the branch again
    click_and_wait(page, f"{panel} button.tt-line[data-line='1']", BOARD)
    assert lab.kernel_json("board.game.position()") == {"scores": [5, 0], "pot": 0, "turn": 1}

    # the position as text (read only), and loading one typed in
    shown = page.input_value(f"{panel} textarea.tt-position-text")
    assert json.loads(shown) == {"scores": [5, 0], "pot": 0, "turn": 1}
    assert page.get_attribute(f"{panel} textarea.tt-position-text", "readonly") is not None
    page.click(f"{panel} button.tt-copy-position")
    page.wait_for_selector(f"{panel} button.tt-copy-position:has-text('Copied')")
    page.fill(f"{panel} textarea.tt-load-text", '{"scores": [7, 12], "pot": 6, "turn": 0}')
    click_and_wait(page, f"{panel} button.tt-load-position", BOARD)
    assert lab.kernel_json("board.game.position()") == {"scores": [7, 12], "pot": 6, "turn": 0}
    assert json.loads(page.input_value(f"{panel} textarea.tt-position-text")) == {"scores": [7, 12], "pot": 6,
                                                                                  "turn": 0}
    # a refused position: the banner names the rule and the reason; nothing changes
    v = board_version(page, BOARD)
    page.fill(f"{panel} textarea.tt-load-text", '{"pot": 1}')
    page.click(f"{panel} button.tt-load-position")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='pig.roll']")
    assert "a roll of 1 empties it" in page.inner_text(f"{BOARD} .tt-error")
    assert board_version(page, BOARD) == v
    assert lab.kernel_json("board.game.position()['pot']") == 6
    page.locator(panel).scroll_into_view_if_needed()
    lab.screenshot("teacher-panel")
    # readable and reachable: no serious axe findings in the panel, no control sticking out of its section
    assert axe_violations(page, panel) == []
    assert outside_parent(page, f"{panel} button", ".tt-teacher section") == []


@pytest.mark.browser
def test_turns_before_the_hand_over_are_not_buttons_and_say_why(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/teacher.ipynb", wait_for=f"{BOARD} .tt-teacher")
    panel = f"{BOARD} .tt-teacher"
    lab.run_in_kernel("board.rig(die=[3, 4, 5])\nboard.play('roll')\nboard.play('roll')\n"
                      "board.set_undo_floor('this is where the lesson handed you the board')\nboard.play('roll')")
    page.wait_for_selector(f"{panel} .tt-timeline-turn[data-turn='3']")
    locked = page.eval_on_selector_all(f"{panel} .tt-timeline-locked", "els => els.map(e => [e.tagName, e.dataset.turn])")
    assert locked == [["SPAN", "0"], ["SPAN", "1"]]  # not buttons: nothing to click, nothing to refuse
    buttons = page.eval_on_selector_all(f"{panel} button.tt-timeline-turn", "els => els.map(e => e.dataset.turn)")
    assert buttons == ["2", "3"]
    note = page.inner_text(f"{panel} .tt-timeline-locked-note")
    assert "Turns 0–1 are before the hand-over" in note and "handed you the board" in note
    page.locator(f"{panel} .tt-timeline").scroll_into_view_if_needed()
    lab.screenshot("teacher-locked-turns")
    assert axe_violations(page, panel) == []


ZAXXON_EDITOR = """from tabletop.zaxxon import Board
board = Board(seed=5, variant={"scenario": "outer"}, teacher=True)
board.rig(die=[5, 6], spinner="WHITE")
board.play("roll both dice")
board.play("spin the spinner")
board"""


@pytest.mark.browser
def test_an_editing_session_is_one_timeline_entry_and_a_refused_plane_quotes_its_rule(lab: Any, tmp_path: Any) -> None:
    from tests.browser.fixtures import make_notebook

    setup = ("import os, sys\nfor p in (os.environ.get('TABLETOP_REPO', '../../..'),):\n"
             "    for q in (p, os.path.join(p, 'widgets')):\n        if q not in sys.path:\n            sys.path.insert(0, q)")
    nb = tmp_path / "zaxxon_editing.ipynb"
    nb.write_text(json.dumps(make_notebook([setup, ZAXXON_EDITOR])))
    zb = ".tt-board[data-game='zaxxon']"
    page = lab.open_notebook(nb, wait_for=f"{zb} .tt-teacher")
    panel = f"{zb} .tt-teacher"
    entries = f"{panel} .tt-timeline-turn"
    n0 = page.locator(entries).count()
    page.click(f"{panel} button.tt-edit-position")
    page.wait_for_selector(f"{zb}[data-editing='1']")
    # three edits in one session: plane #1 to C12, then its altitude twice
    p1, p2 = f"{zb} g.zx-plane[data-plane='0-1']", f"{zb} g.zx-plane[data-plane='0-2']"
    page.click(p1)  # pick the plane (no message)
    click_and_wait(page, f"{zb} polygon[data-hex='C12']", zb)  # put it there
    for _ in range(3):  # pick it, switch its altitude: high -> low -> high -> low
        page.click(p1)
        click_and_wait(page, p1, zb)
    pos = lab.kernel_json("board.game.position()['planes']['blue'][0]")
    assert pos == {"space": "C12", "altitude": "low"}
    assert page.locator(entries).count() == n0 + 1  # one "position set up" for the whole session
    assert lab.kernel_json("sum(1 for t in board.game.history if t.action is None and t.n > 0)") == 1
    # plane #2 onto a black space: refused with the rule the position breaks (the reconstruction says planes)
    page.click(p2)
    page.click(f"{zb} polygon[data-hex='A1']")
    pop = f"{zb} .tt-error[data-rule='zaxxon.blocked-spaces']"
    page.wait_for_selector(pop)
    text = page.inner_text(pop)
    assert page.get_attribute(pop, "data-anchored") == "1"  # beside the space clicked
    box = page.evaluate("(s) => { const b = document.querySelector(s).getBoundingClientRect(); return [b.top, b.bottom]; }", pop)
    a1 = page.evaluate("(s) => { const b = document.querySelector(s).getBoundingClientRect(); return [b.top, b.bottom]; }",
                       f"{zb} polygon[data-hex='A1']")
    assert box[0] >= a1[1] or box[1] <= a1[0], (box, a1)  # it does not cover the space
    assert "a black space; planes cannot fly there" in text
    assert "Reconstruction" in text and "Planes cannot fly into black spaces" in text
    assert lab.kernel_json("board.game.position()['planes']['blue'][1]['space']") == "D7"
    lab.screenshot("teacher-edit-refused")
    # a new session is a new entry
    page.keyboard.press("Escape")
    page.click(f"{panel} button.tt-edit-position")  # stop
    page.click(f"{panel} button.tt-edit-position")  # start again
    page.click(p2)
    click_and_wait(page, f"{zb} polygon[data-hex='C9']", zb)  # where plane #1 was
    assert page.locator(entries).count() == n0 + 2
