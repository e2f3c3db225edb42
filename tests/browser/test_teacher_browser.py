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
