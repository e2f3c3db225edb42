"""Issue 21 in real JupyterLab + Chromium: "what would a strong player do here?" on one lesson's hand-over (Xevoz
02 with the teacher panel). The hint ladder's last rung and the teacher panel's **Ask the strong bot** show the
moves the kernel's own ``MCTSBot.analyse`` gives for the position (seeded by it); a listed move, picked with the
keyboard, is played on the board. Screenshots: ``test-artifacts/browser/<test>/strong-*.png`` (and, when the
folder exists, ``/work/wt/shots/``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import axe_violations, board_version

pytest.importorskip("playwright")

W = ".tt-walk"
BOARD = ".tt-board[data-game='xevoz']"
ANALYSE = ("[(m.action.key, m.visits) for m in __import__('tabletop.sim.mcts', fromlist=['MCTSBot']).MCTSBot("
           "seed=__import__('tabletop.ui.advice', fromlist=['x']).advice_seed(walk.board.game), simulations=200)"
           ".analyse(walk.board.game)[:3] if m.visits]")


def shown_moves(page: Any, where: str) -> list[list[Any]]:
    return page.eval_on_selector_all(f"{where} .tt-strong-move",
                                     "els => els.map(e => [e.dataset.actionId, Number(e.dataset.visits)])")


def keep(lab: Any, name: str) -> None:
    path = lab.screenshot(name)
    shots = Path("/work/wt/shots")
    if shots.is_dir():
        shutil.copy(path, shots / f"{name}.png")


@pytest.mark.browser
def test_the_strong_players_moves_in_the_hint_ladder_and_the_teacher_panel(lab: Any) -> None:
    page = lab.open_notebook("tests/browser/notebooks/strong_bot.ipynb", wait_for=f"{W} .tt-task")
    page.wait_for_selector(f"{BOARD} .tt-teacher")
    assert lab.kernel_json("walk.board.game.current_player not in walk.board.bots")
    assert lab.kernel_json("walk.board.bot_seats") == {"0": "mcts:60"}  # the lesson took bots="mcts:60"

    # the hint ladder: the task's own three hints, then the strong player's rung (its button says so)
    for k in range(1, 4):
        page.click(f"{W} button.tt-task-hint-btn")
        page.wait_for_selector(f"{W} .tt-task[data-hints='{k}']")
    button = page.locator(f"{W} button.tt-task-hint-btn[data-strong='1']")
    assert "what would a strong player do" in button.inner_text().lower()
    button.focus()
    page.keyboard.press("Enter")
    rung = f"{W} .tt-task-hint-strong"
    page.wait_for_selector(f"{rung} .tt-strong-move")
    expected = lab.kernel_json(ANALYSE)
    assert shown_moves(page, rung) == expected and 1 <= len(expected) <= 3
    text = page.inner_text(rung)
    assert "simulated games" in text and "chance of winning" in text and "null" not in text
    assert lab.kernel_json("len(walk.panel.task['hints'])") == 4
    page.locator(rung).scroll_into_view_if_needed()
    keep(lab, "strong-hint-rung")

    # the teacher panel: Ask the strong bot (keyboard), the same list for the same position
    ask = page.locator(f"{BOARD} button.tt-ask-strong")
    before = board_version(page, BOARD)
    ask.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector({BOARD!r}).dataset.version) > {before}")
    panel = f"{BOARD} .tt-teacher-strong[data-shown='1']"
    page.wait_for_selector(f"{panel} button.tt-strong-move")
    assert shown_moves(page, panel) == expected
    assert axe_violations(page, f"{BOARD} .tt-teacher-strong") == []
    page.locator(f"{BOARD} .tt-teacher-strong").scroll_into_view_if_needed()
    keep(lab, "strong-teacher-panel")

    # a listed move, picked with the keyboard, is played like a click on it; the search bot's reply: while it
    # searches the board says so (recorded as the state appears: a MutationObserver, never read after the fact)
    page.evaluate("""(sel) => { const el = document.querySelector(sel); window.__ttThinking = [];
      new MutationObserver(() => { if (el.dataset.botThinking === "1") {
        const st = el.querySelector(".tt-status"); window.__ttThinking.push(st ? st.innerText : ""); } })
        .observe(el, { attributes: true, childList: true, subtree: true }); }""", BOARD)
    pick = page.locator(f"{panel} button.tt-strong-move").nth(len(expected) - 1)
    pick_id = pick.get_attribute("data-action-id")
    n = lab.kernel_json("len(walk.board.game.history)")
    before = board_version(page, BOARD)
    pick.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector({BOARD!r}).dataset.version) > {before}")
    assert lab.kernel_json(f"walk.board.game.history[{n}].action.key") == pick_id
    page.wait_for_selector(f"{BOARD} .tt-teacher-strong[data-shown='0']")  # the answer was for the old position
    # the learner calls the attack (the first listed move); the round's winner, the search bot, answers
    page.wait_for_selector(f"{BOARD}[data-bot-moving='0'] button.tt-action[data-index='0']")
    n = lab.kernel_json("len(walk.board.game.history)")  # the learner's call is history[n]; the replies follow
    before = board_version(page, BOARD)
    page.click(f"{BOARD} button.tt-action[data-index='0']")
    page.wait_for_function(f"Number(document.querySelector({BOARD!r}).dataset.version) > {before}")
    page.wait_for_selector(f"{BOARD}[data-bot-moving='0'][data-current-player='1']", timeout=60_000)
    replies = lab.kernel_json(f"[t.player for t in walk.board.game.history[{n + 1}:]]")
    assert replies and set(replies) == {0}  # the search bot (seat 0) moved, by itself
    seen = page.evaluate("window.__ttThinking")
    assert seen and all("search bot (mcts:60) is thinking" in t for t in seen)  # and said so while it searched
