"""A Pig board in real JupyterLab + Chromium: clicks reach Python, Python's state reaches the DOM, refusals show."""

from __future__ import annotations

import json
import statistics

import pytest

from tests.browser.fixtures import board_version, click_and_wait

NB = "tests/browser/notebooks/pig_board.ipynb"
BOARD = ".tt-board[data-game='pig']"



@pytest.mark.browser
def test_pig_board_click_changes_python_state_and_dom(lab) -> None:
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} .pig-svg")  # the game's renderBoard ran
    assert page.inner_text(f"{BOARD} .tt-title") == "Pig"
    lab.screenshot("pig-initial")

    # the kit's move list: only "roll the die" at the start
    buttons = page.query_selector_all(f"{BOARD} button.tt-action")
    assert [b.inner_text().split("\n")[-1] for b in buttons] == ["roll the die"]

    # open the rule explanation of the setup event: it must stay open across the redraw of the next move
    page.click(f"{BOARD} .tt-log-event[data-rule='pig.setup'] summary")
    assert "Both start at 0." in page.inner_text(f"{BOARD} .tt-log-event[data-rule='pig.setup'] .tt-explain")

    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Roll']", BOARD)
    assert page.eval_on_selector(f"{BOARD} .tt-log-event[data-rule='pig.setup'] details", "d => d.open")
    py = lab.kernel_json("{'state': dict(board.game.state), 'version': board.version, "
                         "'draws': [d.to_dict() for d in board.game.last_draws]}")
    dom_version = board_version(page, BOARD)
    assert py["version"] == dom_version
    rolled = py["draws"][0]["value"]
    chip = page.query_selector(f"{BOARD} .tt-draw[data-kind='die']")
    assert chip is not None and chip.get_attribute("data-value") == str(rolled)
    pot_text = page.inner_text(f"{BOARD} .pig-pot")
    assert pot_text == f"Pot: {py['state']['pot']}"
    # the log shows the event with its clause id
    assert page.query_selector(f"{BOARD} .tt-log-event[data-rule='pig.roll']") is not None
    lab.screenshot("pig-after-roll")


@pytest.mark.browser
def test_stale_and_illegal_clicks_show_the_error_banner_and_change_nothing(lab) -> None:
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.wait_for_selector(f"{BOARD} .pig-svg")
    before = lab.kernel_json("{'state': dict(board.game.state), 'n': len(board.game.history)}")

    # a stale click: the page claims it saw an older version than the one Python has
    page.evaluate(f"document.querySelector(\"{BOARD}\").dataset.version = '0'")
    page.click(f"{BOARD} button.tt-action[data-type='Roll']")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='ui.stale']")
    assert "out-of-date" in page.inner_text(f"{BOARD} .tt-error")
    lab.screenshot("pig-stale")

    # an illegal click: forge a button for "hold" when the pot is empty; Python cites the rule
    hold_key = json.dumps({"type": "Hold"}, separators=(",", ":"))
    roll_key = page.get_attribute(f"{BOARD} button.tt-action", "data-action-id")
    page.evaluate(f"""document.querySelector("{BOARD} button.tt-action").dataset.actionId = {json.dumps(hold_key)}""")
    page.click(f"{BOARD} button.tt-action")
    page.wait_for_selector(f"{BOARD} .tt-error[data-rule='pig.hold']")
    text = page.inner_text(f"{BOARD} .tt-error")
    assert "nothing in the pot" in text and "pig.hold" in text
    lab.screenshot("pig-illegal")

    after = lab.kernel_json("{'state': dict(board.game.state), 'n': len(board.game.history)}")
    assert after == before
    err = lab.kernel_json("board.error")
    assert err["rule"] == "pig.hold"

    # Escape dismisses the banner; a legal click clears the error in Python too (the forged button is put back: a
    # redraw patches only what changed, and an answer that changes nothing leaves the move list as it was drawn)
    page.evaluate(f"""document.querySelector("{BOARD} button.tt-action").dataset.actionId = {json.dumps(roll_key)}""")
    page.focus(f"{BOARD} button.tt-action")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{BOARD} .tt-error[hidden]", state="attached")
    click_and_wait(page, f"{BOARD} button.tt-action[data-type='Roll']", BOARD)
    assert lab.kernel_json("board.error") is None


@pytest.mark.browser
def test_keyboard_plays_and_undoes(lab) -> None:
    page = lab.open_notebook(NB, wait_for=BOARD)
    page.focus(f"{BOARD} button.tt-action")
    v0 = board_version(page, BOARD)
    page.keyboard.press("1")  # the first listed move: roll
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v0}")
    assert lab.kernel_json("len(board.game.history)") == 2
    cells_before = page.eval_on_selector_all(".jp-Notebook .jp-Cell", "els => els.length")
    v1 = board_version(page, BOARD)
    page.keyboard.press("u")  # undo (and JupyterLab's own "u"/"b" shortcuts must not fire)
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v1}")
    assert lab.kernel_json("len(board.game.history)") == 1
    page.keyboard.press("Enter")  # focus is back on a move button: Enter presses it
    page.wait_for_function(f"Number(document.querySelector(\"{BOARD}\").dataset.version) > {v1 + 1}")
    assert lab.kernel_json("len(board.game.history)") == 2
    assert page.eval_on_selector_all(".jp-Notebook .jp-Cell", "els => els.length") == cells_before


@pytest.mark.browser
def test_round_trip_click_to_redraw_is_timed(lab) -> None:
    page = lab.open_notebook(NB, wait_for=".echo-btn")
    page.wait_for_selector(BOARD)
    n = 20
    for i in range(n):
        page.click(".echo-btn")
        page.wait_for_function(f"document.querySelector('.echo-btn').textContent === 'echo {i + 1}'")
    echo = json.loads(page.get_attribute(".echo-btn", "data-rtts"))
    clicks = 0
    for _ in range(n):
        # roll until the pot is lost or hold when offered: every click changes the board
        sel = f"{BOARD} button.tt-action[data-index='0']"
        click_and_wait(page, sel, BOARD)
        clicks += 1
        if page.get_attribute(BOARD, "data-over") == "1":
            break
    board = json.loads(page.get_attribute(BOARD, "data-rtts"))
    med_b, med_e = statistics.median(board), statistics.median(echo)
    # printed, not asserted: a timing on a shared, loaded machine is no test (a floor such as max(250 ms, 4x echo)
    # hid the ratio it claimed to check); benchmarks/latency_bench.py measures the ratio to the echo, per board
    print(f"\nround trip click->redraw: Pig board median {med_b:.1f} ms (min {min(board):.1f}, max "
          f"{max(board):.1f}, n={len(board)}); echo widget median {med_e:.1f} ms (min {min(echo):.1f}, n={len(echo)}); "
          f"ratio {med_b / med_e:.2f}x")
    # what is asserted: each answered click was timed, once (the kit's data-rtts), and the echo's too
    assert len(echo) == n
    assert len(board) == clicks and len(board) >= 5 and all(x > 0 for x in board + echo)
