"""Issue 20 in JupyterLab + Chromium: a lesson that makes the learner act, on the Pig test game.

One notebook, one kernel: a question answered wrong (by mouse) and right (by keyboard, checkboxes), a your-move
step played wrong (taken back) and right, Show me, then the hand-over's task: a hint, a failed attempt, Try
again, the task completed by clicking the board's own move buttons, the stars, and the Next lesson link. The
mastery it records reaches the shared ProgressStore and the browser's localStorage (the reload is h-prog's test).
Screenshots: test-artifacts/browser/<test>/ and /work/wt/shots/ui-*.png (when that folder exists).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import REPO, axe_violations, make_notebook, outside_parent
from tests.kit.pig import Hold, Roll

SETUP = """import os, sys
for p in (os.environ.get("TABLETOP_REPO", "."),):
    for q in (p, os.path.join(p, "widgets")):
        if q not in sys.path:
            sys.path.insert(0, q)"""

WALK = """from tabletop.ui import Walkthrough
from tests.ui.pigboard import PigBoard
from tests.ui.test_task_walkthrough import NEXT, make_lesson
les = make_lesson()
walk = Walkthrough(les, board=PigBoard, lessons={"01": les, "02": NEXT})
walk.board.bot_delay = 0.1
walk"""

W = ".tt-walk"
B = ".tt-walkthrough .tt-board"
SHOTS = Path("/work/wt/shots")


def shot(lab: Any, name: str) -> None:
    path = lab.screenshot(name)
    if SHOTS.is_dir():
        shutil.copy(path, SHOTS / f"ui-{name}.png")


def wait_phase(page: Any, phase: str, step: int) -> None:
    page.wait_for_selector(f"{W}[data-phase='{phase}'][data-step='{step}']")
    page.wait_for_function("() => !document.querySelector('.tt-walk').dataset.pending")


def settled(page: Any) -> None:
    page.wait_for_function(
        "(sel) => { const e = document.querySelector(sel); "
        "return !!e && e.dataset.botMoving !== '1' && e.dataset.pending !== '1'; }", arg=B)


def play(page: Any, action: Any) -> None:
    """Click the board's own move button for ``action`` and wait for Python's answer."""
    settled(page)
    v = int(page.get_attribute(B, "data-version"))
    page.click(f"{B} button.tt-action[data-action-id='{action.key}']")
    page.wait_for_function("([sel, v]) => Number(document.querySelector(sel).dataset.version) > v", arg=[B, v])
    settled(page)


def cells_are_code(page: Any) -> bool:
    return bool(page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                              ".every((c) => c.model.type === 'code')"))


@pytest.mark.browser
def test_question_your_move_and_task_by_mouse_and_keyboard(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "pig_tasks.ipynb"
    nb.write_text(json.dumps(make_notebook([SETUP, WALK])))
    page = lab.open_notebook(nb, wait_for=f"{W}[data-phase='question']")
    lab.page.set_viewport_size({"width": 1400, "height": 1000})

    # 1. a question before the reveal: the narration waits, the board is read-only at the question's position
    wait_phase(page, "question", 0)
    assert page.inner_text(f"{W} .tt-walk-text").strip() == ""
    assert "May you hold now?" in page.inner_text(f"{W} .tt-question")
    radios = page.query_selector_all(f"{W} .tt-question input[type='radio']")
    assert len(radios) == 2 and page.is_disabled(f"{W} button.tt-q-check")
    assert page.get_attribute(f"{W} .tt-q-choices", "aria-labelledby")
    page.click(f"{W} .tt-q-choice[data-index='0'] label")  # "yes": wrong, the pot is empty
    page.click(f"{W} button.tt-q-check")
    page.wait_for_selector(f"{W} .tt-q-feedback[data-correct='0'][data-rule='pig.hold']")
    fb = page.inner_text(f"{W} .tt-q-feedback")
    assert "Not quite." in fb and "nothing in the pot" in fb and "pig.hold" in fb
    assert page.query_selector(f"{W} .tt-q-choice[data-verdict='right'][data-index='1']")
    shot(lab, "question-wrong")
    assert axe_violations(page, ".tt-walk") == []
    page.click(f"{W} button.tt-walk-next")  # reveal: the step's outcome and its narration
    wait_phase(page, "shown", 0)
    assert "Roll the die" in page.inner_text(f"{W} .tt-walk-text")
    assert json.loads(page.get_attribute(f"{B} .tt-draw", "data-value") or "0") == 4

    # 2. a multiple-choice question answered by keyboard only; a notebook shortcut key never leaks out
    page.click(f"{W} button.tt-walk-next")
    wait_phase(page, "question", 1)
    boxes = page.query_selector_all(f"{W} .tt-question input[type='checkbox']")
    assert len(boxes) == 3
    boxes[0].focus()
    page.keyboard.press("Space")
    for key in ("m", "r", "x", "a", "b"):  # JupyterLab: Markdown, Raw, cut, insert above/below
        page.keyboard.press(key)
    assert cells_are_code(page) and len(page.query_selector_all(".jp-Cell")) == 2
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    page.wait_for_function("() => !document.querySelector('.tt-walk button.tt-q-check').disabled")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{W} .tt-q-feedback[data-correct='1']")
    assert lab.kernel_json("[(a.kind, a.right) for a in walk.store.attempts]") == [
        ["question", False], ["question", True]]
    page.keyboard.press("ArrowRight")  # Next, from the keyboard: the reveal
    wait_phase(page, "shown", 1)

    # 3. a your-move step: the board is live; a legal move that is not asked for is taken back; then the right one
    page.click(f"{W} button.tt-walk-next")
    wait_phase(page, "your-move", 2)
    page.wait_for_selector(f"{B}[data-interactive='1']")
    assert "Bank your pot." in page.inner_text(f"{W} .tt-your-move")
    turns = lab.kernel_json("len(walk.game.history)")
    play(page, Roll())
    page.wait_for_selector(f"{W} .tt-ym-feedback[data-accepted='0'][data-rule='pig.hold']")
    assert "taken back" in page.inner_text(f"{W} .tt-ym-feedback")
    assert lab.kernel_json("len(walk.game.history)") == turns and lab.kernel_json("walk.phase") == "your-move"
    shot(lab, "your-move-wrong")
    assert axe_violations(page, ".tt-walk") == []
    play(page, Hold())
    wait_phase(page, "shown", 2)
    assert page.query_selector(f"{W} .tt-ym-feedback[data-accepted='1']")
    assert "Roll a 5, then hold" in page.inner_text(f"{W} .tt-walk-text")
    assert page.get_attribute(B, "data-interactive") == "0"
    # Show me (the step again, asked afresh from Python): plays the step's own move
    lab.run_in_kernel("walk.goto(2, 'your-move')")
    wait_phase(page, "your-move", 2)
    page.click(f"{W} button.tt-ym-show")
    wait_phase(page, "shown", 2)
    assert "Shown: hold and bank the pot" in page.inner_text(f"{W} .tt-your-move")

    # 4. the hand-over's task: goal, opponent, a hint, a failed attempt, Try again, done by clicking
    page.click(f"{W} button.tt-walk-next")
    page.wait_for_selector(f"{W}[data-your-turn='1'] .tt-task[data-status='playing']")
    settled(page)
    task = page.inner_text(f"{W} .tt-task")
    assert "Bank points once more" in task and "a bot (random) plays Player 2" in task and "(par 2)" in task
    page.click(f"{W} button.tt-task-hint-btn")
    page.wait_for_selector(f"{W} .tt-task[data-hints='1'] .tt-task-hint")
    assert "Holding banks the pot" in page.inner_text(f"{W} .tt-task-hints")
    lab.run_in_kernel("walk.board.clear_rigs('die'); walk.board.rig(die=[1])")
    play(page, Roll())
    page.wait_for_selector(f"{W} .tt-task[data-status='failed']")
    assert "the pot is lost" in page.inner_text(f"{W} .tt-task-result")
    shot(lab, "task-failed")
    assert outside_parent(page, ".tt-task button, .tt-task a", ".tt-task") == []  # long labels wrap inside
    page.click(f"{W} button.tt-task-retry")
    page.wait_for_selector(f"{W} .tt-task[data-status='playing'][data-hints='0']")
    settled(page)
    start = lab.kernel_json("[len(walk.game.history), walk.game.digest()]")
    ref = lab.kernel_json("[len(les.handed_over()[0].history), les.handed_over()[0].digest()]")
    assert start == ref
    sol = lab.kernel_json("[a.key for a in les.task.solution(*les.handed_over())]")
    for key in sol:
        if lab.kernel_json("walk.game.current_player in walk.board.bots"):
            continue  # the bot answers by itself
        assert page.get_attribute(f"{W} .tt-task", "data-status") == "playing"
        play(page, Roll() if key == Roll().key else Hold())
    page.wait_for_selector(f"{W} .tt-task[data-status='done'][data-stars='3']")
    result = page.inner_text(f"{W} .tt-task-result")
    assert "Done!" in result and "Holding banked the pot" in result and "in 2 moves (par 2)" in result
    assert page.get_attribute(f"{W} .tt-stars", "aria-label") == "3 of 3 stars"
    href = page.get_attribute(f"{W} a.tt-task-next", "href")
    here = page.evaluate("() => location.pathname")
    assert here.endswith(".ipynb") and href == here.rsplit("/", 1)[0] + "/02_pig_again.ipynb", (here, href)
    shot(lab, "task-done")
    assert axe_violations(page, ".tt-walk") == []

    # 5. mastery: every attempt reached the shared store and the browser's localStorage
    kinds = lab.kernel_json("[(a.kind, a.right) for a in walk.store.attempts]")
    assert kinds == [["question", False], ["question", True], ["your-move", False], ["your-move", True],
                     ["task", False], ["task", True]]
    stored = page.evaluate("() => localStorage.getItem('tabletop-arcade:progress')")
    assert stored and "pig.hold" in stored
    assert lab.kernel_json("walk.store.state('pig.hold')") in ("practised", "mastered")
    assert cells_are_code(page)


# the repository root, for the notebooks above (the server puts it on PYTHONPATH too)
assert (REPO / "tests" / "ui" / "test_task_walkthrough.py").is_file()


# == every game lesson's task, completed by clicking ===========================================================
def _lessons_with_tasks() -> list[tuple[str, str]]:
    import importlib

    out = []
    for game in ("xevious", "xevoz", "zaxxon"):
        reg = importlib.import_module(f"tabletop.{game}.lessons").LESSONS
        out += [(game, key) for key, les in reg.items() if les.task is not None and les.hand_over_step is not None]
    return out


TASKS = _lessons_with_tasks()
SIGNATURE = {("xevoz", "04"), ("zaxxon", "06"), ("xevious", "06")}

HOLDER = """import ipywidgets
holder = ipywidgets.VBox()
holder"""

OPEN_LESSON = """import importlib
holder.children = []
_game, _key = {game!r}, {key!r}
les = importlib.import_module(f"tabletop.{{_game}}.lessons").LESSONS[_key]
walk = importlib.import_module(f"tabletop.{{_game}}.widget").walkthrough(_key)
walk.board.bot_delay = 0.05
walk.your_turn()
_start, _bots = les.handed_over()
_sol = les.task.solution(_start, _bots)
_g, _ = les.handed_over()
plan = []
for _a in _sol:
    plan.append([_a.key, str(_a), _g.current_player in _bots])
    _g.play(_a)
holder.children = [walk]
print(len(plan))"""

FIND_MOVE = """([board, key]) => {
  const b = [...document.querySelectorAll(board + ' button.tt-action')].find((x) => x.dataset.actionId === key);
  if (!b) return false;
  document.querySelectorAll('#tt-move-to-click').forEach((x) => x.removeAttribute('id'));
  b.id = 'tt-move-to-click';
  return true;
}"""


class TaskPage:
    """One page, one notebook, one kernel for every lesson: each lesson's walkthrough replaces the last."""

    def __init__(self, server: Any, browser: Any, tmp: Path) -> None:
        from tests.browser.fixtures import Lab

        self.lab = Lab(server, browser, REPO / "test-artifacts" / "browser" / "every-task")
        nb = tmp / "every_task.ipynb"
        nb.write_text(json.dumps(make_notebook([SETUP, HOLDER])))
        self.page = self.lab.open_notebook(nb, wait_for=".jp-OutputArea-output .widget-vbox, .jp-OutputArea-output")
        self.page.wait_for_function("() => !!document.querySelector('.widget-vbox')")


@pytest.fixture(scope="module")
def task_page(lab_server: Any, chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    tp = TaskPage(lab_server, chromium, tmp_path_factory.mktemp("tasks"))
    try:
        yield tp
        tp.lab.assert_no_console_errors()
    finally:
        tp.lab.close()


def _click_move(page: Any, key: str, text: str, where: str) -> None:
    # the move list is there once the bot's turn is over (while a bot moves, the board lists no move)
    page.wait_for_function("(sel) => !!document.querySelector(sel + ' button.tt-action, ' + sel + ' input.tt-filter')",
                           arg=B, timeout=15_000)
    if not page.evaluate(FIND_MOVE, [B, key]):  # not among the 30 listed: the filter box finds it
        flt = page.query_selector(f"{B} input.tt-filter")
        assert flt is not None, f"{where}: {text!r} is not among the listed moves"
        flt.fill(text)
        page.wait_for_function(f"(key) => [...document.querySelectorAll({json.dumps(B)} + ' button.tt-action')]"
                               ".some((x) => x.dataset.actionId === key)", arg=key, timeout=5000)
        assert page.evaluate(FIND_MOVE, [B, key]), f"{where}: the filter does not find {text!r}"
    v = int(page.get_attribute(B, "data-version"))
    page.click("#tt-move-to-click")
    page.wait_for_function("([sel, v]) => { const b = document.querySelector(sel); return Number(b.dataset.version) > v "
                           "|| !!b.querySelector('.tt-error:not([hidden])'); }", arg=[B, v])
    err = page.query_selector(f"{B} .tt-error:not([hidden])")
    assert err is None, f"{where}: the click was refused: {err.inner_text()}"


@pytest.mark.browser
@pytest.mark.parametrize(("game", "key"), TASKS, ids=[f"{g}/{k}" for g, k in TASKS])
def test_every_lesson_task_is_completed_by_clicking(task_page: Any, game: str, key: str) -> None:
    import time

    t0 = time.time()
    lab, page = task_page.lab, task_page.page
    where = f"{game}/{key}"
    n = int(lab.run_in_kernel(OPEN_LESSON.format(game=game, key=key), timeout=60).strip())
    title = lab.kernel_json("walk.panel.title")
    page.wait_for_function("(t) => { const w = document.querySelector('.tt-walk'); return !!w && "
                           "w.dataset.yourTurn === '1' && w.querySelector('h3.tt-title').textContent === t && "
                           "!!w.querySelector(\".tt-task[data-status='playing']\"); }", arg=title, timeout=60_000)
    plan = lab.kernel_json("plan")
    assert len(plan) == n and any(not bot for _, _, bot in plan), f"{where}: the solution has no move of the learner's"
    for i, (akey, text, bot) in enumerate(plan):
        if bot:
            continue  # the board's bot answers by itself
        settled(page)
        status = page.get_attribute(f"{W} .tt-task", "data-status")
        assert status == "playing", f"{where}: the task is {status} before solution action {i + 1} of {n}"
        _click_move(page, akey, text, f"{where} action {i + 1} ({text})")
    page.wait_for_selector(f"{W} .tt-task[data-status='done']", timeout=30_000)
    assert lab.kernel_json("walk.panel.task['status']") == "done"
    stars_shown = int(page.get_attribute(f"{W} .tt-task", "data-stars") or 0)
    mine = sum(1 for _, _, bot in plan if not bot)
    want = lab.kernel_json(f"__import__('tabletop.engine.lessons', fromlist=['stars']).stars({mine}, "
                           f"walk.panel.task['par'] if walk.panel.task['par'] is not None else {mine}, 0)")
    assert stars_shown == want and mine == lab.kernel_json("walk.panel.task['moves']"), \
        f"{where}: {stars_shown} stars for {mine} moves"
    if (game, key) in SIGNATURE:
        from tests.browser.test_lessons_browser import _screenshot

        path = lab.artifacts / f"{game}-{key}-task-done.png"
        _screenshot(page, ".tt-walkthrough", path)  # the whole walkthrough, however tall
        if SHOTS.is_dir():
            shutil.copy(path, SHOTS / f"ui-{game}-{key}-task-done.png")
    print(f"\n{where}: task done by clicking in {time.time() - t0:.1f} s ({n} actions)")
