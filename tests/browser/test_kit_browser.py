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


BOX_JS = """(sel) => { const b = document.querySelector(sel).getBoundingClientRect();
  return { left: b.left, top: b.top, width: b.width, height: b.height, bottom: b.bottom, right: b.right }; }"""


@pytest.mark.browser
def test_why_not_is_a_popover_beside_the_clicked_element_and_nothing_moves(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=f"{BOARD} .pig-bank")
    bank, stage = f"{BOARD} .pig-bank", f"{BOARD} .tt-stage"
    before = {sel: page.evaluate(BOX_JS, sel) for sel in (bank, stage, f"{BOARD} .tt-side")}
    page.click(bank)  # Hold with an empty pot: refused by pig.hold
    pop = f"{BOARD} .tt-error[data-rule='pig.hold']"
    page.wait_for_selector(pop)
    page.wait_for_timeout(200)
    after = {sel: page.evaluate(BOX_JS, sel) for sel in before}
    assert after == before, "the refusal moved the board"
    box, target = page.evaluate(BOX_JS, pop), after[bank]
    assert page.get_attribute(pop, "data-anchored") == "1"
    # beside the clicked element: just below it (or just above), overlapping it nowhere, inside the board
    assert 0 <= box["top"] - target["bottom"] <= 24 or 0 <= target["top"] - box["bottom"] <= 24, (box, target)
    assert box["right"] > target["left"] and box["left"] < target["right"]
    root = page.evaluate(BOX_JS, BOARD)
    assert root["left"] <= box["left"] and box["right"] <= root["right"]
    assert page.get_attribute(pop, "role") == "alert" and "nothing in the pot" in page.inner_text(pop)
    lab.screenshot("why-not-popover")
    # dismissible (the close button), and Escape dismisses the next one
    page.click(f"{pop} .tt-dismiss")
    page.wait_for_selector(f"{BOARD} .tt-error[hidden]", state="attached")
    assert page.evaluate(BOX_JS, bank) == before[bank]
    page.click(bank)
    page.wait_for_selector(f"{BOARD} .tt-error:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{BOARD} .tt-error[hidden]", state="attached")
    assert page.evaluate(BOX_JS, stage) == before[stage]


@pytest.mark.browser
def test_a_demonstrated_refusal_is_narration_not_an_error(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=f"{BOARD} .pig-bank")
    lab.run_in_kernel("board.show_refusal('pig.hold', 'Tried hold: there is nothing in the pot yet')")
    demo = f"{BOARD} .tt-demo-refusal[data-rule='pig.hold']"
    page.wait_for_selector(demo)
    text = page.inner_text(demo)
    assert "The rules refuse it" in text and "nothing in the pot yet" in text and "pig.hold" in text
    assert "Not allowed" not in text and page.get_attribute(demo, "role") == "status"
    assert page.is_hidden(f"{BOARD} .tt-error")  # no red error box
    lab.screenshot("demo-refusal")


@pytest.mark.browser
def test_bots_play_one_action_at_a_time_and_the_bots_turn_lists_them_all(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=f"{BOARD} .pig-bank")
    lab.run_in_kernel("from tabletop.engine import FirstBot\nboard.bots = {1: FirstBot()}\n"
                      "board.rig(die=[5, 4, 3, 2, 6, 1])\nboard.play('roll')")
    page.wait_for_selector(f"{BOARD}[data-bots='1'] button.tt-action[data-type='Hold']")
    # when the board's last move changes, note the time (in the page, so the kernel's pace is measured)
    page.evaluate(f"""() => {{ const root = document.querySelector("{BOARD}"); window.__ttTurns = [];
      new MutationObserver(() => window.__ttTurns.push([root.dataset.lastTurn, performance.now(),
        root.querySelectorAll('.tt-bot-turn-item').length])).observe(root, {{ attributes: true,
        attributeFilter: ['data-last-turn'] }}); }}""")
    # ... and in the kernel, when Python plays each move (the pace is the kernel's: a loaded browser may draw two
    # moves in one frame, so the page's times show what it drew, not the pace)
    lab.run_in_kernel("import time as _time\nPLAYED = {}\n"
                      "board.observe(lambda _ch: PLAYED.setdefault(board.game.history[-1].n, _time.monotonic()) "
                      "if board.game.history else None, names='version')")
    page.click(f"{BOARD} button.tt-action[data-type='Hold']")
    page.wait_for_selector(f"{BOARD} .tt-bot-turn[data-playing='1']")
    lab.screenshot("bot-turn-playing")
    page.wait_for_selector(f"{BOARD}[data-bot-moving='0'] .tt-bot-turn[data-playing='0']", timeout=15_000)
    turns = page.evaluate("() => window.__ttTurns")
    bot = lab.kernel_json("[[t.n, str(t.action)] for t in board.game.history if t.player == 1]")
    ns = [n for n, _ in bot]
    assert len(ns) == 5 and ns == list(range(ns[0], ns[0] + 5))  # rolls 4, 3, 2, 6 then the 1 ends its turn
    # each bot action came on its own, at most one every ~0.6 s, and the summary grew with it
    shown = [(int(t), at, items) for t, at, items in turns if t]
    assert [t for t, _, _ in shown][-5:] == ns
    bot_moves = shown[-5:]
    played = lab.kernel_json(f"[PLAYED[n] for n in {ns}]")
    gaps = [round((b - a) * 1000) for a, b in zip(played, played[1:], strict=False)]
    assert all(g >= 450 for g in gaps), f"the kernel played the bot's moves too fast: {gaps} ms"
    assert [items for _, _, items in bot_moves] == [1, 2, 3, 4, 5]  # drawn one by one, the summary growing
    # the summary lists ALL of the bot's actions, the newest marked
    items = page.eval_on_selector_all(f"{BOARD} .tt-bot-turn-item", "els => els.map(e => [Number(e.dataset.turn), "
                                      "e.querySelector('.tt-bot-turn-action').innerText, e.innerText])")
    assert [[n, a] for n, a, _ in items] == [[n, text] for n, text in bot]
    said = [full.split(" — ", 1)[-1] for _, _, full in items]  # what the log says of each action
    assert said[:4] == ["Rolled 4.", "Rolled 3.", "Rolled 2.", "Rolled 6."]
    assert said[4].startswith("Rolled a 1: the pot is lost.")  # the 1 ended the turn
    assert page.get_attribute(f"{BOARD} .tt-bot-turn-last", "data-turn") == str(ns[-1])
    assert "played its turn: 5 actions" in page.inner_text(f"{BOARD} .tt-bot-turn h4")
    lab.screenshot("bot-turn-done")
