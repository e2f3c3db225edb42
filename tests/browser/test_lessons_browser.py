"""Every lesson, walked in a real JupyterLab + Chromium as a reader would (issue 9).

For every walkthrough notebook under notebooks/xevious, notebooks/xevoz and notebooks/zaxxon (a notebook whose
code makes a walkthrough): open it, run all, press Next through every step (the "Lesson step n of N" counter
advances and the board redraws: its data-version grows; a question before a step's reveal is answered and its
feedback must name a clause, a your-move step is played with Show me), then at "Your turn" make a human move by clicking
(until a bot has replied, when the lesson has a bot), press Enter on a board control and then a key, and check
that focus stayed inside the widget. Any console error fails. Screenshots of the three signature lessons at the
step that teaches their rule go to test-artifacts/lessons/.

The test drives only the kit's DOM (panel Next button, counter, board root data attributes, the legal-move
list), never a lesson's texts, so lessons can change freely.

Speed: one JupyterLab server and one page for the whole module; each notebook is opened in that page with
JupyterLab's own ``docmanager:open`` (no reload of the app), run, walked, then closed with its kernel shut down.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import CLOSE_NOTEBOOK_JS, Lab, LabServer

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "lessons"
GAMES = ("xevious", "xevoz", "zaxxon")
#: the rule each signature lesson teaches: screenshot the first step whose rule badges name it
SIGNATURE = {"xevoz": ("04", "xevoz.drain-attach", "xevoz-drain-attack"),
             "zaxxon": ("06", "zaxxon.radar-barrier", "zaxxon-radar-barrier"),
             "xevious": ("06", "xevious.respawn", "xevious-stage-respawn")}
WALK_RE = re.compile(r"\b[Ww]alkthrough\(")
NULL_RE = re.compile(r"\b(null|undefined|NaN|\[object Object\])\b")
TIMINGS: dict[str, float] = {}


def walkthrough_notebooks() -> list[Path]:
    out = []
    for game in GAMES:
        for nb in sorted((REPO / "notebooks" / game).glob("*.ipynb")):
            cells = json.loads(nb.read_text())["cells"]
            if any(c["cell_type"] == "code" and WALK_RE.search("".join(c["source"])) for c in cells):
                out.append(nb)
    return out


NOTEBOOKS = walkthrough_notebooks()

_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === "idle");
}"""


class Walker:
    """One page for every lesson notebook: open (without reloading JupyterLab), run all, close."""

    def __init__(self, server: LabServer, browser: Any) -> None:
        self.server = server
        self.lab = Lab(server, browser, ARTIFACTS)
        self.page = self.lab.page
        self.page.goto(f"{server.url}/lab?reset")
        self.page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=60_000)
        self.page.wait_for_selector("#jp-main-dock-panel", timeout=60_000)
        self.open_s = 0.0

    def open(self, notebook: Path, timeout: float = 120.0) -> str:
        """Open and run ``notebook``; returns a selector for its panel (the walkthroughs are inside it)."""
        t0 = time.time()
        name = f"{notebook.stem}-{uuid.uuid4().hex[:6]}.ipynb"
        shutil.copy(notebook, self.server.root / name)
        page = self.page
        page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p, factory: 'Notebook'}); }",
                      name)
        page.wait_for_function(
            "(p) => { const w = window.jupyterapp.shell.currentWidget; return !!(w && w.context && "
            "w.context.path === p && w.content && w.content.widgets.length); }", arg=name, timeout=timeout * 1000)
        self.lab._wait_kernel_ready(timeout)
        pid = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
        scope = f'[id="{pid}"]'
        for attempt in range(3):
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            try:
                page.wait_for_selector(f"{scope} .tt-walkthrough .tt-walk", timeout=timeout * 1000 / 3,
                                       state="attached")
                break
            except Exception:
                if attempt == 2:
                    self.lab.screenshot(f"open-failed-{notebook.stem}")
                    raise AssertionError(f"no walkthrough appeared after running {notebook.name}; console: "
                                         f"{self.lab.console[-10:]}") from None
                self.lab._wait_kernel_ready(timeout)
        page.wait_for_function(_IDLE, timeout=timeout * 1000)  # every cell has run
        self.open_s = time.time() - t0
        return scope

    def close_notebook(self) -> None:
        """Close the current notebook without a save dialog and shut its kernel down."""
        self.page.evaluate(CLOSE_NOTEBOOK_JS)
        self.server.shutdown_kernels()

    def close(self) -> None:
        self.lab.close()


@pytest.fixture(scope="module")
def walker(lab_server: LabServer, chromium: Any) -> Iterator[Walker]:
    w = Walker(lab_server, chromium)
    try:
        yield w
    finally:
        w.close()


def _attr(page: Any, sel: str, name: str) -> str:
    return str(page.get_attribute(sel, name) or "")


def _num(page: Any, sel: str, name: str) -> int:
    return int(_attr(page, sel, name) or 0)


def _wait_attr_gt(page: Any, sel: str, name: str, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([sel, name, before]) => { const e = document.querySelector(sel); "
        "return !!e && Number(e.getAttribute(name)) > before; }", arg=[sel, name, before], timeout=timeout)


def _wait_settled(page: Any, board: str, timeout: float = 30_000) -> None:
    """No click waiting for its answer and no bot move pending on the board."""
    page.wait_for_function(
        "(sel) => { const e = document.querySelector(sel); "
        "return !!e && e.dataset.botMoving !== '1' && e.dataset.pending !== '1'; }", arg=board, timeout=timeout)


def _focus_inside(page: Any, sel: str) -> bool:
    return bool(page.evaluate("(sel) => { const r = document.querySelector(sel); "
                              "return !!r && r.contains(document.activeElement); }", sel))


def _check_text(page: Any, sel: str, where: str) -> None:
    text = page.inner_text(sel)
    m = NULL_RE.search(text)
    assert m is None, f"{where}: the reader sees {m.group(0)!r}: …{text[max(0, m.start() - 80):m.end() + 40]}…"


def _screenshot(page: Any, sel: str, path: Path) -> None:
    """The whole walkthrough (panel + board): JupyterLab scrolls inside a viewport-sized panel, so the
    viewport is made tall enough for the widget while the picture is taken."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = int(page.eval_on_selector(sel, "e => e.getBoundingClientRect().height"))
    page.set_viewport_size({"width": size["width"], "height": min(6000, max(size["height"], height + 400))})
    try:
        page.eval_on_selector(sel, "e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        page.locator(sel).screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)


def _walk_steps(page: Any, walk: str, board: str, where: str, shot: tuple[str, str] | None, lab: Any) -> None:
    n = _num(page, walk, "data-steps")
    n_lesson = _num(page, walk, "data-lesson-steps")
    assert n >= 2 and 1 <= n_lesson <= n, f"{where}: {n} steps, {n_lesson} lesson steps"
    if _attr(page, walk, "data-step") != "0":
        page.select_option(f"{walk} select.tt-walk-jump", "0")
        page.wait_for_selector(f"{walk}[data-step='0']")
    shot_taken = shot is None
    for k in range(n):
        _steps_parts(page, walk, board, k, where)
        your_turn = _attr(page, walk, "data-your-turn") == "1"
        count = page.inner_text(f"{walk} .tt-walk-count").strip()
        if your_turn:
            assert count == "Your turn", f"{where}: the hand-over's counter reads {count!r}"
        else:
            assert count == f"Lesson step {k + 1} of {n_lesson}", f"{where} step {k + 1}: counter {count!r}"
            notice = page.inner_text(f"{board} .tt-notice").strip()
            assert notice.startswith(f"Lesson step {k + 1} of {n_lesson}"), f"{where} step {k + 1}: {notice!r}"
        _check_text(page, f"{walk}", f"{where} step {k + 1} (narration)")
        _check_text(page, f"{board}", f"{where} step {k + 1} (board)")
        if not shot_taken and page.query_selector(f"{walk} .tt-walk-rule[data-rule='{shot[0]}']"):
            _screenshot(page, walk.split(" ")[0], ARTIFACTS / f"{shot[1]}.png")
            shot_taken = True
        if k == n - 1:
            break
        v = _num(page, board, "data-version")
        page.click(f"{walk} button.tt-walk-next")
        page.wait_for_selector(f"{walk}[data-step='{k + 1}']")
        _wait_attr_gt(page, board, "data-version", v)  # the board redrew the new step's position
    assert shot_taken, f"{where}: no step shows a badge for {shot[0] if shot else ''}"
    assert _attr(page, walk, "data-your-turn") == "1" or n == n_lesson, f"{where}: the last step is not 'Your turn'"


def _steps_parts(page: Any, walk: str, board: str, k: int, where: str) -> None:
    """A question before the step's reveal: answer it (the first choice), see the feedback name a clause, then
    Next reveals; a your-move step: Show me plays the step's move. Then the step is shown."""
    for _ in range(3):
        phase = _attr(page, walk, "data-phase") or "shown"
        if phase == "shown":
            return
        v = _num(page, board, "data-version")
        if phase == "question":
            _check_text(page, f"{walk} .tt-question", f"{where} step {k + 1} (question)")
            if page.query_selector(f"{walk} .tt-q-feedback") is None:
                page.click(f"{walk} .tt-q-choice[data-index='0'] label")
                page.click(f"{walk} button.tt-q-check")
                page.wait_for_selector(f"{walk} .tt-q-feedback[data-rule]")
                rule = _attr(page, f"{walk} .tt-q-feedback", "data-rule")
                assert rule and not rule.startswith("ui."), f"{where} step {k + 1}: the feedback names {rule!r}"
            page.click(f"{walk} button.tt-walk-next")
        else:
            _check_text(page, f"{walk} .tt-your-move", f"{where} step {k + 1} (your move)")
            page.click(f"{walk} button.tt-ym-show")
        try:
            page.wait_for_function("([sel, phase]) => { const e = document.querySelector(sel); "
                                   "return !!e && e.dataset.phase !== phase && !e.dataset.pending; }",
                                   arg=[walk, phase], timeout=20_000)
        except Exception:
            _screenshot(page, walk, ARTIFACTS / f"stuck-{where.replace('/', '-')}-{k + 1}.png")
            raise AssertionError(f"{where} step {k + 1}: still at its {phase} after Next: "
                                 f"{page.inner_text(walk)[:600]!r}") from None
        _wait_attr_gt(page, board, "data-version", v)  # the board shows the step's outcome
        assert _attr(page, walk, "data-step") == str(k), f"{where} step {k + 1}: the reveal left the step"
    raise AssertionError(f"{where} step {k + 1}: the step's outcome is never shown")


def _play_hand_over(page: Any, walk: str, board: str, where: str, lab: Any) -> None:
    page.wait_for_selector(f"{board}[data-interactive='1']")
    _wait_settled(page, board)
    assert _attr(page, board, "data-over") == "0", f"{where}: the hand-over is a finished game"
    assert page.query_selector(f"{board} button.tt-action"), f"{where}: no legal move at the hand-over"
    # Undo before any move: stays at the hand-over and says so
    v = _num(page, board, "data-version")
    page.click(f"{board} button.tt-undo")
    page.wait_for_selector(f"{board} .tt-error[data-rule='ui.undo']")
    assert _num(page, board, "data-version") == v, f"{where}: undo at the hand-over changed the board"
    bots = _num(page, board, "data-bots")
    seen_bot = False
    for _ in range(30):  # one human move at least; more until a bot has replied (when the lesson has a bot)
        _wait_settled(page, board)
        if _attr(page, board, "data-over") == "1" or not page.query_selector(f"{board} button.tt-action"):
            break
        v = _num(page, board, "data-version")
        # the first listed move; a move that ends the turn when one is listed (a Zaxxon turn has many moves)
        ender = page.query_selector(f"{board} button.tt-action:text-matches('\\bend(s)? (the|your)? ?turn', 'i')")
        page.click(f"{board} button.tt-action[data-index='{ender.get_attribute('data-index') if ender else 0}']")
        _wait_attr_gt(page, board, "data-version", v)
        err = page.query_selector(f"{board} .tt-error:not([hidden])")
        assert err is None or not _attr(page, f"{board} .tt-error", "data-rule").startswith("ui."), \
            f"{where}: a listed move was refused: {page.inner_text(f'{board} .tt-error')}"
        _wait_settled(page, board)
        seen_bot = page.query_selector(f"{board} .tt-last-move[data-bot='1']") is not None
        if not bots or seen_bot:
            break
    assert not bots or seen_bot or _attr(page, board, "data-over") == "1", f"{where}: the bot never replied"
    if seen_bot:  # the bot's move is marked in the log too
        assert page.query_selector(f"{board} .tt-log-last"), f"{where}: the bot's move is not marked in the log"


def _keyboard(page: Any, board: str, where: str) -> None:
    _wait_settled(page, board)
    # a control of the board picture if it offers one (a hex, a space, a button), else the kit's move list; found
    # and focused in one go (a redraw, e.g. when the last move's flash ends, replaces the board's elements)
    page.evaluate("""(sel) => { const b = document.querySelector(sel);
      const c = b.querySelector('.tt-stage button:not([disabled])') || b.querySelector(".tt-stage [tabindex='0']")
        || b.querySelector('button.tt-action') || b.querySelector('button.tt-undo');
      c.focus(); }""", board)
    draws = _num(page, board, "data-draws")
    page.keyboard.press("Enter")
    try:
        _wait_attr_gt(page, board, "data-draws", draws, timeout=5000)
    except Exception:
        pass  # a control may only select locally without a redraw: focus must stay either way
    _wait_settled(page, board)
    assert _focus_inside(page, board), f"{where}: Enter on a board control dropped focus out of the board"
    draws = _num(page, board, "data-draws")
    page.keyboard.press("u")  # undo, or a refusal saying why: either way the board answers
    _wait_attr_gt(page, board, "data-draws", draws, timeout=10_000)
    _wait_settled(page, board)
    assert _focus_inside(page, board), f"{where}: a key after Enter found focus outside the board"


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem[:2]}" for p in NOTEBOOKS])
def test_walk_every_lesson(walker: Walker, notebook: Path) -> None:
    t0 = time.time()
    game, number = notebook.parent.name, notebook.stem[:2]
    lab, page = walker.lab, walker.page
    n_errors = len(lab.errors)
    try:
        scope = walker.open(notebook)
        walks = page.query_selector_all(f"{scope} .tt-walkthrough")
        assert walks, f"{notebook.name}: no walkthrough on the page"
        sig = SIGNATURE.get(game)
        for i in range(len(walks)):
            where = f"{game}/{number}" + (f" walkthrough {i + 1}" if len(walks) > 1 else "")
            wid = f"tt-walk-under-test-{uuid.uuid4().hex[:8]}"
            page.locator(f"{scope} .tt-walkthrough >> nth={i}").evaluate("(e, id) => { e.id = id; }", wid)
            walk, board = f"#{wid} .tt-walk", f"#{wid} .tt-board"
            page.wait_for_selector(board)
            shot = (sig[1], sig[2]) if sig and sig[0] == number and i == 0 else None
            _walk_steps(page, walk, board, where, shot, lab)
            if _attr(page, walk, "data-your-turn") == "1":
                _play_hand_over(page, walk, board, where, lab)
                _screenshot(page, f"#{wid}", ARTIFACTS / "hand-over" / f"{game}-{number}-{i + 1}.png")
                _keyboard(page, board, where)
        assert lab.errors[n_errors:] == [], f"{game}/{number}: JavaScript console errors"
    finally:
        walker.close_notebook()
    TIMINGS[f"{game}/{number}"] = round(time.time() - t0, 1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "timings.json").write_text(json.dumps(TIMINGS, indent=1))
    print(f"\n{game}/{number}: walked in {TIMINGS[f'{game}/{number}']} s (open {walker.open_s:.1f} s)")


def test_the_lesson_walk_finds_every_walkthrough_notebook() -> None:
    names = {f"{p.parent.name}/{p.stem[:2]}" for p in NOTEBOOKS}
    assert {"xevoz/04", "zaxxon/06", "xevious/06"} <= names and len(names) >= 15
