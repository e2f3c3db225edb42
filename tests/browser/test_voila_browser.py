"""Issue 11: the classroom app. Voilà serves a lesson notebook as an app (outputs only, no code cells); in
Chromium the reader steps through the walkthrough with Next and plays a move at the hand-over, and Python
answers (the board's data-version grows, the log gains entries, the panel counts the reader's move).

Issue 20 (item 8): the app makes no request outside its own server (any other request fails the test: Voilà runs
with the repository's template ``share/jupyter/voila/templates/tabletop``, its lab template without the Font
Awesome CDN links), and the start page reads as an app: the progress map and a board, no printed Python output,
no instructions about cells.

Skipped (with the reason) when Voilà is not installed: ``pip install -e ".[classroom]"`` (CI installs it with
the ``test`` extra).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import IGNORED_CONSOLE, REPO, ServerProcess, _free_port, repo_env

LESSON = "zaxxon/06_radar_barrier.ipynb"
START = "00_start_here.ipynb"
#: the Jupyter data dir holding the classroom template (voila/templates/tabletop)
TEMPLATES = REPO / "share" / "jupyter"
WALK = ".tt-root.tt-walk"
BOARD = ".tt-walkthrough .tt-board"


class VoilaServer(ServerProcess):
    """``voila notebooks/`` on a free port (what ``make classroom`` runs), its own config dir and log."""

    name = "Voilà"

    def __init__(self, tmp: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = repo_env(JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_DATA_DIR=str(tmp / "data"),
                       JUPYTER_PATH=str(TEMPLATES))
        self._start([sys.executable, "-m", "voila", str(REPO / "notebooks"), "--no-browser", f"--port={self.port}",
                     "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--template=tabletop"],
                    env=env, cwd=tmp, log_path=tmp / "voila.log", ready_url=f"{self.url}/", timeout=60)


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    if importlib.util.find_spec("voila") is None:
        pytest.skip("Voilà is not installed: pip install -e '.[classroom]' (or the test extra) to run the classroom "
                    "app test")
    server = VoilaServer(tmp_path_factory.mktemp("voila"))
    try:
        yield server
    finally:
        server.stop()


def _app_page(voila: VoilaServer, chromium: Any, request: pytest.FixtureRequest) -> tuple[Path, Any, Any, list[str],
                                                                                   list[str]]:
    """A fresh browser page for the app that records console errors and refuses (and records) every request
    outside Voilà's own server: the classroom must work offline."""
    artifacts = REPO / "test-artifacts" / "browser" / request.node.name
    artifacts.mkdir(parents=True, exist_ok=True)
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    outside: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(voila.url + "/") or url == voila.url or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and
            not any(s in m.text for s in IGNORED_CONSOLE) and "net::ERR_FAILED" not in m.text else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    return artifacts, context, page, errors, outside


def _version(page: Any) -> int:
    return int(page.get_attribute(BOARD, "data-version"))


@pytest.mark.browser
def test_voila_serves_a_lesson_as_an_app_and_the_reader_can_step_and_play(voila: VoilaServer, chromium: Any,
                                                                          request: pytest.FixtureRequest) -> None:
    artifacts, context, page, errors, outside = _app_page(voila, chromium, request)
    try:
        page.goto(f"{voila.url}/voila/render/{LESSON}")
        page.wait_for_selector(f"{WALK} button.tt-walk-next", timeout=120_000)
        page.wait_for_selector(BOARD)

        # an app, not a notebook: the lesson's text is there, its code is not
        body = page.inner_text("body")
        assert "The radar barrier and waking Zaxxon" in body
        assert "import walkthrough" not in body and 'walkthrough("06")' not in body
        assert "board.rig(" not in body
        code = page.eval_on_selector_all(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .cm-editor, .CodeMirror",
                                         "els => els.map((e) => e.outerHTML.slice(0, 120))")
        assert code == [], f"code cells shown: {code}"
        assert page.query_selector_all(".jp-RenderedMarkdown, .jp-MarkdownOutput"), "the lesson's text is missing"
        page.screenshot(path=str(artifacts / "voila-step1.png"), full_page=True)

        # the projector view works in the app too: the walkthrough covers the window, Esc gives the page back
        walk = page.locator(WALK).first
        walk.locator("button.tt-walk-present").click()
        page.wait_for_selector(".tt-walkthrough.tt-presenting")
        box = page.evaluate("() => { const r = document.querySelector('.tt-walkthrough').getBoundingClientRect();"
                            " return [r.left, r.top, r.width, r.height, innerWidth, innerHeight]; }")
        assert box[:2] == [0, 0] and box[2:4] == box[4:], box
        page.screenshot(path=str(artifacts / "voila-projector.png"))
        walk.focus()
        page.keyboard.press("Escape")
        page.wait_for_selector(".tt-walkthrough.tt-presenting", state="detached")

        # step through the lesson with Next, up to the hand-over; each step is Python's answer
        n = int(walk.get_attribute("data-steps"))
        assert n >= 2
        for _ in range(4 * n):  # Next; a question's Next is its reveal; a your-move step's Show me plays its move
            if walk.get_attribute("data-your-turn") == "1":
                break
            before = int(walk.get_attribute("data-version"))
            phase = walk.get_attribute("data-phase") or "shown"
            walk.locator("button.tt-ym-show" if phase == "your-move" else "button.tt-walk-next").click()
            page.wait_for_function("(v) => { const w = document.querySelector('.tt-walk'); "
                                   "return Number(w.dataset.version) > v && !w.dataset.pending; }", arg=before)
        assert walk.get_attribute("data-your-turn") == "1" and walk.get_attribute("data-step") == str(n - 1)
        page.wait_for_selector(f"{BOARD}[data-interactive='1']")

        # play a move by clicking at the hand-over: Python plays it (version, log) and counts it as the reader's
        logs = page.locator(f"{BOARD} .tt-log-list > li").count()
        v = _version(page)
        move = page.locator(f"{BOARD} button.tt-action[data-index='0']")
        words = move.locator(".tt-action-text").inner_text()
        move.click()
        page.wait_for_function(f"Number(document.querySelector({BOARD!r}).dataset.version) > {v}")
        page.wait_for_function(f"document.querySelector('{WALK} .tt-walk-yours').textContent.includes('1 move')")
        assert page.locator(f"{BOARD} .tt-log-list > li").count() > logs
        assert page.get_attribute(BOARD, "data-last-turn") != ""
        print(f"\nVoilà: {n} steps, played {words.strip()!r}; board version {v} -> {_version(page)}")
        page.screenshot(path=str(artifacts / "voila-your-turn.png"), full_page=True)
        assert not errors, f"JavaScript console errors: {errors}"
        assert not outside, f"requests outside Voilà's own server: {outside}"
    finally:
        context.close()


@pytest.mark.browser
def test_voila_start_page_reads_as_an_app_with_the_progress_map(voila: VoilaServer, chromium: Any,
                                                               request: pytest.FixtureRequest) -> None:
    artifacts, context, page, errors, outside = _app_page(voila, chromium, request)
    try:
        page.goto(f"{voila.url}/voila/render/{START}")
        page.wait_for_selector(".tt-progress-map", timeout=120_000)
        page.wait_for_selector(".tt-board[data-game='zaxxon'] button.tt-action")
        page.wait_for_selector(".tt-progress-store[data-loaded='1']", state="attached")
        body = page.inner_text("body")
        assert "Tabletop Arcade — start here" in body and "Your progress" in body
        for phrase in ("Run the cell", "Run All Cells", "run the cells", "Traceback"):
            assert phrase not in body, f"the start page says {phrase!r}"
        printed = page.query_selector_all("[data-mime-type='application/vnd.jupyter.stdout'], "
                                          "[data-mime-type='application/vnd.jupyter.stderr']")
        assert printed == [], "the start page prints Python output"
        code = page.query_selector_all(".jp-InputArea-editor, .cm-editor")
        assert code == []
        # the map: every clause of the three catalogs, Export / Import / Reset there
        assert int(page.get_attribute(".tt-progress-map", "data-clauses")) > 100
        for b in ("export", "import", "reset"):
            assert page.is_visible(f".tt-progress-map button.tt-progress-{b}")
        # the lesson links work in the app (relative to the page)
        href = page.get_attribute("a[href*='zaxxon/00_progress.ipynb']", "href")
        assert href and "zaxxon/00_progress.ipynb" in href
        page.screenshot(path=str(artifacts / "voila-start-here.png"), full_page=True)
        assert not errors, f"JavaScript console errors: {errors}"
        assert not outside, f"requests outside Voilà's own server: {outside}"
    finally:
        context.close()


@pytest.mark.browser
def test_voila_opens_a_lesson_at_the_linked_step_and_refuses_a_bad_link(voila: VoilaServer, chromium: Any,
                                                                        request: pytest.FixtureRequest) -> None:
    """Issue 23 (links): ``#tt-game=zaxxon&tt-step=3`` opens the app's lesson at step 3; a link to a step that does
    not exist opens it at step 1 and says which field is wrong; Copy link gives the link to the step shown."""
    artifacts, context, page, errors, outside = _app_page(voila, chromium, request)
    try:
        page.goto(f"{voila.url}/voila/render/{LESSON}#tt-game=zaxxon&tt-step=3")
        page.wait_for_selector(f"{WALK}[data-step='2']", timeout=120_000)
        page.screenshot(path=str(artifacts / "voila-linked-step3.png"), full_page=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.click(f"{WALK} button.tt-walk-link")
        page.wait_for_selector(f"{WALK} button.tt-walk-link:has-text('Link copied')")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == f"{voila.url}/voila/render/{LESSON}#tt-game=zaxxon&tt-step=3", copied
        page.goto("about:blank")  # a new document: a change of fragment alone would not reload the app
        page.goto(f"{voila.url}/voila/render/{LESSON}#tt-game=zaxxon&tt-step=999")
        page.wait_for_selector(f"{WALK} .tt-error:not([hidden])", timeout=120_000)
        assert page.get_attribute(WALK, "data-step") == "0"
        shown = page.inner_text(f"{WALK} .tt-error")
        assert "tt-step" in shown and "opens at its start" in shown, shown
        assert not errors, f"JavaScript console errors: {errors}"
        assert not outside, f"requests outside Voilà's own server: {outside}"
    finally:
        context.close()
