"""The kit's "why not?", focus keeping, locked clicks and paced bot replies, in real JupyterLab + Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.fixtures import board_version

BOARD = ".tt-board[data-game='pig']"


def _focused(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const a = document.activeElement;
      return { cls: a ? String(a.className.baseVal ?? a.className) : "", inBoard: !!a.closest('.tt-board') }; }""")


@pytest.mark.browser
def test_why_not_in_place_focus_kept_locked_clicks_and_paced_bots(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=f"{BOARD} .pig-bank")

    # "why not?": Enter on the bank sends Hold by ctx.tryAction although it is not legal (the pot is empty)
    page.focus(f"{BOARD} .pig-bank")
    v = board_version(page, BOARD)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='pig.hold']")
    err = page.locator(f"{BOARD} .tt-error[data-rule='pig.hold']")
    assert err.get_attribute("role") == "alert" and err.is_visible()
    assert "nothing in the pot" in err.inner_text() and "null" not in err.inner_text()
    assert board_version(page, BOARD) == v  # nothing changed
    # the bank was redrawn: focus is on its replacement, so keys keep working
    assert _focused(page) == {"cls": "pig-bank", "inBoard": True}
    page.keyboard.press("1")  # the first listed move: roll
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v}")
    assert _focused(page)["inBoard"]
    assert lab.kernel_json("len(board.game.history)") == 2

    # a click on a locked board is answered with the reason (never silence)
    lab.run_in_kernel("board.interactive = False; board.notice = 'Lesson step 2 of 5: the board follows the narration.'")
    page.wait_for_selector(f"{BOARD}[data-interactive='0']")
    page.click(f"{BOARD} button.tt-action[data-index='0']")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.locked']")
    assert "Lesson step 2 of 5" in page.inner_text(f"{BOARD} .tt-error")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{BOARD} .tt-error[hidden]", state="attached")
    # a click on the picture itself (no control under it) is answered too, by the kit
    page.click(f"{BOARD} .pig-svg")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.locked']")
    assert "Lesson step 2 of 5" in page.inner_text(f"{BOARD} .tt-error")

    # bots reply by themselves, one visible move at a time; meanwhile the bot's seat offers nothing
    lab.run_in_kernel("from tabletop.engine import FirstBot\nboard.interactive = True\nboard.notice = ''\n"
                      "board.bots = {1: FirstBot()}\nboard.rig(die=[4, 3, 1])")
    page.wait_for_selector(f"{BOARD}[data-interactive='1'][data-bots='1']")
    page.click(f"{BOARD} .pig-bank")  # hold: now legal (the pot has the first roll)
    page.wait_for_selector(f"{BOARD}[data-bot-moving='1']")
    assert "Player 2's bot is moving" in page.inner_text(f"{BOARD} .tt-turn")
    assert page.query_selector(f"{BOARD} button.tt-action") is None
    page.click(f"{BOARD} .pig-bank")  # a click meanwhile says why not
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.bot']")
    page.wait_for_selector(f"{BOARD} .tt-last-move[data-bot='1']")
    page.wait_for_selector(f"{BOARD}[data-bot-moving='0']", timeout=10_000)
    assert lab.kernel_json("[t.player for t in board.game.history[-3:]]") == [1, 1, 1]
    assert page.query_selector(f"{BOARD} .tt-log-last") is not None
    assert page.query_selector(f"{BOARD} button.tt-action") is not None
    lab.screenshot("pig-bot-replied")
