"""Issue 11, the Zaxxon position editor in real JupyterLab + Chromium: with the teacher panel's "Edit position"
on, click blue plane #1 then a free hex (Python has the plane there), click a target (removed in Python), put a
plane onto the other plane (the kit's banner names zaxxon.no-passing-planes and nothing changes); the hexes and
pieces say in words what a click will do; after "Stop editing" a click on the board is a move again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.fixtures import board_version, click_and_wait

pytest.importorskip("playwright")

NB = "tests/zaxxon/notebooks/zaxxon_editor.ipynb"
BOARD = ".tt-board[data-game='zaxxon']"


@pytest.mark.browser
def test_edit_position_by_clicking_the_board(lab: Any) -> None:
    page = lab.open_notebook(NB, wait_for=f"{BOARD} .tt-teacher")
    page.wait_for_selector(f"{BOARD} .zx-svg")
    board = page.locator(BOARD)
    start = lab.kernel_json("board.game.position()")
    assert start["planes"]["blue"] == [{"space": "C9", "altitude": "high"}, {"space": "D7", "altitude": "low"}]

    # not editing: the plane is selected for a move (no edit words)
    assert "edit:" not in (board.locator("[data-plane='0-1']").get_attribute("aria-label") or "")
    page.click(f"{BOARD} .tt-teacher button.tt-edit-position")
    page.wait_for_selector(f"{BOARD}[data-editing='1']")
    help_text = board.locator(".tt-edit-help").inner_text()
    assert help_text.startswith("Click a plane, then the space to put it on"), help_text
    assert board.locator("button.zx-btn").count() == 0  # no move buttons while editing

    # the pieces and hexes say what a click does
    assert board.locator("[data-plane='0-1']").get_attribute("aria-label").endswith(
        "edit: pick blue plane #1 to put it on another space")
    assert "edit: destroy the blue fuel tank" in board.locator(".zx-target[data-target='2']").get_attribute("aria-label")
    board.locator("[data-plane='0-1']").click()
    page.wait_for_selector(f"{BOARD} .zx-plane.zx-edit-picked[data-plane='0-1']")
    assert board.locator(".zx-edit-status").get_attribute("data-picked") == "0-1"
    assert board.locator("polygon[data-hex='C12']").get_attribute("aria-label").endswith("edit: put blue plane #1 here")
    assert board.locator("[data-plane='0-1']").get_attribute("aria-label").endswith(
        "edit: switch blue plane #1 to Low Altitude")
    assert lab.kernel_json("board.game.position()") == start  # a pick is not an edit

    # ... then a free hex: Python has the plane there, its altitude kept; nothing else changed
    click_and_wait(page, f"{BOARD} polygon[data-hex='C12']", BOARD)
    page.wait_for_selector(f"{BOARD} .zx-plane[data-plane='0-1'][data-space='C12']")
    pos = lab.kernel_json("board.game.position()")
    assert pos["planes"]["blue"][0] == {"space": "C12", "altitude": "high"}
    assert pos["turn"] == start["turn"] and pos["planes"]["red"] == start["planes"]["red"]
    assert board.locator(".zx-plane.zx-edit-picked").count() == 0

    # click a target: destroyed in Python; its space then offers to restore it
    click_and_wait(page, f"{BOARD} .zx-target[data-target='2']", BOARD)
    page.wait_for_selector(f"{BOARD} .zx-target-gone[data-gone='2']")
    assert lab.kernel_json("board.game.position()['targets']") == {"D8": "removed"}
    assert board.locator("polygon[data-hex='D8']").get_attribute("aria-label").endswith(
        "edit: restore the blue fuel tank here")

    # put a plane onto the other plane: the kit's banner names the rule, nothing changes
    before = lab.kernel_json("board.game.position()")
    board.locator("[data-plane='0-1']").click()
    page.wait_for_selector(f"{BOARD} .zx-plane.zx-edit-picked[data-plane='0-1']")
    v = board_version(page, BOARD)
    board.locator("[data-plane='0-2']").click()
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='zaxxon.no-passing-planes']")
    assert lab.kernel_json("board.game.position()") == before
    assert board_version(page, BOARD) == v
    board.scroll_into_view_if_needed()
    lab.screenshot("zaxxon-editor-refusal")

    # leave edit mode: a click on the board is a move again (the count goes down, no set-up)
    page.click(f"{BOARD} .tt-teacher button.tt-edit-position")
    page.wait_for_selector(f"{BOARD}[data-editing='0']")
    assert "edit:" not in (board.locator("polygon[data-hex='C12']").get_attribute("aria-label") or "")
    moves = lab.kernel_json("sorted(a.to for a in board.game.legal_actions() if type(a).__name__ == 'Move' "
                            "and a.plane == 1)")
    assert moves
    board.locator("[data-plane='0-1']").click()
    page.wait_for_selector(f"{BOARD} polygon.zx-can-move[data-hex='{moves[0]}']")
    click_and_wait(page, f"{BOARD} polygon[data-hex='{moves[0]}']", BOARD)
    after = lab.kernel_json("board.game.position()")
    assert after["planes"]["blue"][0]["space"] == moves[0]
    assert after["turn"]["count"] == start["turn"]["count"] - 1
    assert after["targets"] == {"D8": "removed"}


@pytest.mark.browser
def test_load_a_named_teaching_position_from_the_menu(lab: Any) -> None:
    """Issue 11: a teacher picks a named position from the panel's menu and presses Load: Python's game is now in
    exactly that position (the one positions.json describes), with legal moves."""
    page = lab.open_notebook(NB, wait_for=f"{BOARD} .tt-teacher select.tt-teaching-select")
    names = lab.kernel_json("{k: v['title'] for k, v in __import__('tabletop.zaxxon', fromlist=['x'])"
                            ".teaching_positions().items()}")
    key, title = next((k, t) for k, t in names.items() if "RADAR" in t)
    page.select_option(f"{BOARD} select.tt-teaching-select", label=title)
    click_and_wait(page, f"{BOARD} button.tt-teaching-load", BOARD)  # Python answered: a new game, set up
    # the same description set up on a fresh game gives the position the board's game is in now
    lab.run_in_kernel(f"""from tabletop import zaxxon as _z
_e = _z.teaching_positions()[{key!r}]
_g = _z.new_game(seed=1, variant=_e.get('variant'))
_g.set_up(_e['position'])""")
    assert lab.kernel_json("board.game.position() == _g.position()") is True
    assert lab.kernel_json("board.game.position()['planes']['blue'][0]['space']") == "G14"
    assert lab.kernel_json("len(board.game.legal_actions())") > 0
    lab.assert_no_console_errors()
