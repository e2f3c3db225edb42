"""Issue 12, the kit in a real browser: Play again at game over, the last move flashing for a moment, a listed
move highlighting what it touches on the board, and new log sentences announced once through a live region."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.fixtures import board_version, click_and_wait

BOARD = ".tt-board[data-game='pig']"


def _announced(page: Any) -> list[str]:
    return page.eval_on_selector_all(f"{BOARD} .tt-announce p", "ps => ps.map((p) => p.textContent)")


@pytest.mark.browser
def test_play_again_flash_preview_and_announcements(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=f"{BOARD} .pig-bank")
    lab.run_in_kernel("from tabletop.engine import Game\nfrom tests.kit.pig import PigRules\n"
                      "board.game = Game(PigRules(), seed=3, variant={'target': 5}, players=['Ann', 'Bob'])\n"
                      "board.rig(die=[4, 6])")
    page.wait_for_function(f"document.querySelector(\"{BOARD}\").dataset.currentPlayer === '0'")
    live = page.locator(f"{BOARD} .tt-announce")
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "log"
    start = len(_announced(page))

    # a move: announced once (who played what, the event sentence); it flashes for a moment, then stays marked
    click_and_wait(page, f"{BOARD} button.tt-action[data-index='0']", BOARD)
    said = _announced(page)[start:]
    assert said.count("Ann: roll the die.") == 1 and said.count("Rolled 4.") == 1, said
    page.wait_for_selector(f"{BOARD}[data-flash='1'] .tt-last-move.tt-last-move-flash")
    # a redraw without a new event (a rig) announces nothing again
    v = board_version(page, BOARD)
    lab.run_in_kernel("board.rig(die=6)")
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v}")
    assert _announced(page)[start:] == said
    page.wait_for_function(f"!document.querySelector(\"{BOARD}\").dataset.flash", timeout=5000)
    assert page.locator(f"{BOARD} .tt-last-move-flash").count() == 0
    assert page.locator(f"{BOARD} .tt-last-move").count() == 1

    # hovering / focusing "hold" in the move list highlights the bank on the board (data-tt-action)
    hold = f"{BOARD} button.tt-action[data-type='Hold']"
    assert page.locator(f"{BOARD} .pig-bank.tt-move-preview").count() == 0
    page.hover(hold)
    page.wait_for_selector(f"{BOARD} .pig-bank.tt-move-preview[data-preview='1']")
    page.mouse.move(1, 1)
    page.wait_for_selector(f"{BOARD} .pig-bank.tt-move-preview", state="detached")
    page.focus(hold)
    page.wait_for_selector(f"{BOARD} .pig-bank.tt-move-preview")
    assert page.evaluate("() => getComputedStyle(document.querySelector('.pig-bank')).outlineStyle") == "solid"
    page.focus(f"{BOARD} button.tt-action[data-type='Roll']")
    page.wait_for_selector(f"{BOARD} .pig-bank.tt-move-preview", state="detached")

    # the refusal banner is one persistent alert region: a redraw does not rebuild (re-announce) it
    page.click(f"{BOARD} .pig-svg")  # nothing: the board is live, no refusal
    lab.run_in_kernel("board.interactive = False")
    page.click(f"{BOARD} button.tt-action[data-index='0']")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.locked']")
    page.evaluate(f"() => {{ document.querySelector(\"{BOARD} .tt-error\").__seen = 1; }}")
    v = board_version(page, BOARD)
    lab.run_in_kernel("board.notice = 'read-only for a moment'")
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) >= {v}")
    page.wait_for_selector(f"{BOARD} .tt-notice")
    assert page.evaluate(f"() => document.querySelector(\"{BOARD} .tt-error\").__seen") == 1
    assert "read-only for a moment" in _announced(page)
    lab.run_in_kernel("board.interactive = True\nboard.notice = ''")
    page.wait_for_selector(f"{BOARD}[data-interactive='1']")

    # game over: Play again (same seed) starts the same game in Python, same variant and players
    page.keyboard.press("Escape")
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Roll']", BOARD)  # the rigged 6: pot 10
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Hold']", BOARD)
    page.wait_for_selector(f"{BOARD}[data-over='1'] .tt-again button.tt-again-btn[data-seed='same']")
    assert "Game over: Ann wins." in _announced(page)
    assert page.locator(f"{BOARD} .tt-again-btn").count() == 2
    click_and_wait(page, f"{BOARD} .tt-again-btn[data-seed='same']", BOARD)
    page.wait_for_selector(f"{BOARD}[data-over='0']")
    got = lab.kernel_json("[board.game.seed, len(board.game.history), board.game.variant.target, "
                          "list(board.game.players), board.games_played]")
    assert got == [3, 1, 5, ["Ann", "Bob"], 1]
    assert "New game (seed 3)." in _announced(page)
    assert page.locator(f"{BOARD} .tt-again").count() == 0
    # finish again, then N (the key) asks for a new seed
    lab.run_in_kernel("board.rig(die=6)\nboard.play('roll')\nboard.play('hold')")
    page.wait_for_selector(f"{BOARD}[data-over='1']")
    page.focus(BOARD)
    v = board_version(page, BOARD)
    page.keyboard.press("n")
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v}")
    page.wait_for_selector(f"{BOARD}[data-over='0']")
    assert lab.kernel_json("[board.game.seed != 3, len(board.game.history), board.games_played]") == [True, 1, 2]
    page.set_viewport_size({"width": 1280, "height": 800})
    lab.screenshot("pig-after-play-again")
