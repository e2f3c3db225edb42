"""The static JupyterLite site (`make site`, issue 14): every lesson runs in the browser on Pyodide, and nothing is
fetched from anywhere but the site itself.

The module builds the site with ``make site`` (incremental: the build venv and the downloads are kept in
.venv-site and build/site-cache; set ``TABLETOP_SITE_DIR`` to test a site built elsewhere), serves it with
``python -m http.server`` on 127.0.0.1 and opens it in Chromium with EVERY request to another origin aborted and
recorded: the tests assert that none was made. Then, in one page (one JupyterLite app, the notebooks opened with
its own ``docmanager:open``):

* the start page (the site's root redirects to it) runs in the Pyodide kernel and its live board plays a click;
* one lesson per game: run all, step the walkthrough with Next (the counter advances, the board redraws, the
  narration's Markdown is rendered), and play a move by clicking a legal move on a live board (where a bot holds
  a seat, until it has replied); the time from opening the lesson to a playable board and the bytes of a first
  visit are written to test-artifacts/site/timings.json;
* a variant lab: the simulator plays serially in the browser and says so (sim/platform.py), its charts render.

Any JavaScript console error, any failed cell and any request outside the site fails. Marked slow: it adds about
1.5 minutes to `make test` once .venv-site exists (measured here: 84 s with the rebuild, under a load of 3 on 2
cores; a fresh machine adds about 45 s to create .venv-site and download Pyodide and the wheels).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import (
    CLOSE_NOTEBOOK_JS,
    IGNORED_CONSOLE,
    RUN_IN_KERNEL_JS,
    ServerProcess,
    _free_port,
    click_and_wait,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "site"
LESSONS = {"xevious": "xevious/01_pieces_and_preparations.ipynb", "xevoz": "xevoz/01_build_figure_and_helix.ipynb",
           "zaxxon": "zaxxon/01_mission_and_board.ipynb"}
LAB = "variants/01_xevious_lab.ipynb"
#: issue 20 in the site: a signature lesson's task done by clicking, and the mastery it records after a reload
TASK_LESSON = ("zaxxon", "06", "zaxxon/06_radar_barrier.ipynb", "zaxxon.radar-barrier")
PROGRESS_KEY = "tabletop-arcade:progress"
START = "00_start_here.ipynb"
TIMINGS: dict[str, float] = {}
#: a Pyodide kernel start (and the preloaded wheels) on a 2-core machine shared with other work
TIMEOUT_S = 240

_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === "idle" && w.content && w.content.widgets.length);
}"""


def site_dir() -> Path:
    env = os.environ.get("TABLETOP_SITE_DIR")
    if env:
        return Path(env).resolve()
    proc = subprocess.run(["make", "-s", "site"], cwd=REPO, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        pytest.fail(f"make site failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return REPO / "build" / "site"


class StaticServer(ServerProcess):
    name = "python -m http.server"

    def __init__(self, root: Path, log_path: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._start([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(root),
                     str(self.port)], env=dict(os.environ), cwd=root, log_path=log_path,
                    ready_url=f"{self.url}/jupyter-lite.json", timeout=30)


class Site:
    """One page on the served site; every request to another origin is aborted and recorded."""

    def __init__(self, server: StaticServer, browser: Any) -> None:
        self.origin = server.url
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.outside: list[str] = []
        self.served: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.page.on("console", self._on_console)
        self.missing: list[str] = []
        self.page.on("response", self._on_response)
        self.context.on("response", self._on_any_response)
        self.bytes = 0
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url == self.origin or url.startswith(self.origin + "/"):
            self.served.append(url)
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _on_response(self, response: Any) -> None:
        if response.status == 404:
            self.missing.append(response.url)
        self.bytes += int(response.headers.get("content-length") or 0)

    def _on_any_response(self, response: Any) -> None:
        if response.status == 404 and response.url not in self.missing:  # a worker's request too
            self.missing.append(response.url)

    def _on_console(self, msg: Any) -> None:
        self.console.append(f"{msg.type}: {msg.text}")
        if msg.type == "error" and not any(s in msg.text for s in IGNORED_CONSOLE):
            self.errors.append(msg.text)

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))

    def wait_idle(self, what: str) -> None:
        try:
            self.page.wait_for_function(_IDLE, timeout=TIMEOUT_S * 1000)
        except Exception:
            self.screenshot(f"not-idle-{what.replace('/', '-')}")
            raise AssertionError(f"{what}: the Pyodide kernel never became idle; console: {self.console[-15:]}"
                                 ) from None

    def ensure_app(self) -> None:
        """The JupyterLite app is loaded and restored (a test run alone starts on a blank page)."""
        if "/lab/" not in self.page.url:
            self.page.goto(f"{self.origin}/lab/index.html")
        self.page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=60_000)
        self.page.evaluate("async () => { await window.jupyterapp.restored; }")

    def open(self, path: str) -> str:
        """Open ``path`` (relative to the site's files) in the running app; returns its panel's selector."""
        self.page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', "
                           "{path: p, factory: 'Notebook'}); }", path)
        self.page.wait_for_function(
            "(p) => { const w = window.jupyterapp.shell.currentWidget; return !!(w && w.context && "
            "w.context.path === p && w.content && w.content.widgets.length); }", arg=path, timeout=60_000)
        return f'[id="{self.page.evaluate("() => window.jupyterapp.shell.currentWidget.id")}"]'

    def run_all(self) -> None:
        self.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")

    def kernel(self, code: str) -> str:
        """Run ``code`` in the current notebook's kernel; its stdout (a Python error fails the test)."""
        res = self.page.evaluate(RUN_IN_KERNEL_JS, code)
        assert not res["err"], f"kernel error: {res['err']}"
        return str(res["out"])

    def outputs(self) -> str:
        """Every output of the current notebook as text, from its model (off-screen cells may not be drawn)."""
        return str(self.page.evaluate("""() => {
          const cells = window.jupyterapp.shell.currentWidget.content.model.toJSON().cells;
          return cells.flatMap((c) => c.outputs || []).map((o) => o.text ? [].concat(o.text).join("")
            : (o.data && o.data["text/plain"] ? [].concat(o.data["text/plain"]).join("") : JSON.stringify(o))
          ).join("\\n");
        }"""))

    def close_notebook(self) -> None:
        self.page.evaluate(CLOSE_NOTEBOOK_JS)

    def assert_clean(self, where: str) -> None:
        failed = self.page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells
          .flatMap((c) => c.outputs || []).filter((o) => o.output_type === "error")
          .map((o) => o.ename + ": " + o.evalue)""")
        assert not failed, f"{where}: a cell failed in the browser kernel: {failed}"
        assert not self.outside, f"{where}: requests outside the site: {sorted(set(self.outside))[:10]}"
        # the browser's own request for /favicon.ico (made on a reload) is not the site's: a 404 of it alone is fine
        only_favicon = all(u.rsplit("/", 1)[-1] == "favicon.ico" for u in self.missing)
        errors = [e for e in self.errors if not (only_favicon and e.startswith("Failed to load resource") and "404" in e)]
        assert not errors, f"{where}: JavaScript console errors: {errors} (404: {self.missing})"


@pytest.fixture(scope="module")
def built_site() -> Path:
    return site_dir()


@pytest.fixture(scope="module")
def site(built_site: Path, chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    server = StaticServer(built_site, tmp_path_factory.mktemp("site") / "http.log")
    s = Site(server, chromium)
    try:
        yield s
    finally:
        s.context.close()
        server.stop()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "timings.json").write_text(json.dumps(TIMINGS, indent=1))


def test_the_site_holds_everything_it_loads(built_site: Path) -> None:
    """The kernel settings point inside the site, the lock names only files shipped in it (same sha256), all
    pure wheels, and tabletop's runtime dependencies are among them."""
    cfg = json.loads((built_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    opts = kernel["loadPyodideOptions"]
    assert opts["lockFileURL"] == "./static/pyodide/pyodide-lock.json"
    assert {"tabletop-arcade", "pyodide-kernel", "ipykernel", "micropip", "piplite"} <= set(opts["packages"])
    pyo = built_site / "static" / "pyodide"
    for core in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyo / core).is_file(), f"{core} is not in the site"
    lock = json.loads((pyo / "pyodide-lock.json").read_text())
    pkgs = lock["packages"]
    for name, pkg in pkgs.items():
        f = pyo / pkg["file_name"]
        assert "/" not in pkg["file_name"] and f.is_file(), f"{name}: {pkg['file_name']} is not beside the lock"
        assert hashlib.sha256(f.read_bytes()).hexdigest() == pkg["sha256"], f"{name}: sha256 differs"
        assert pkg["file_name"].endswith("-none-any.whl"), f"{name} is not a pure wheel"
        assert set(pkg["depends"]) <= set(pkgs), f"{name} depends on what the site lacks"
    closure, todo = set(), list(opts["packages"])
    while todo:
        n = todo.pop()
        if n not in closure:
            closure.add(n)
            todo += pkgs[n]["depends"]
    assert {"anywidget", "ipywidgets", "plotly", "mistune", "psygnal", "narwhals", "traitlets"} <= closure
    names = {e["name"] for e in cfg["federated_extensions"]}
    assert {"anywidget", "@jupyter-widgets/jupyterlab-manager", "jupyterlab-plotly",
            "@jupyterlite/pyodide-kernel-extension"} <= names
    assert "tabletop" in pkgs["tabletop-arcade"]["imports"]


def test_start_page_runs_in_the_browser_and_its_board_plays(site: Site) -> None:
    page = site.page
    t0 = time.time()
    page.goto(f"{site.origin}/")  # the root redirects to the start page
    page.wait_for_url("**/lab/index.html?path=00_start_here.ipynb", timeout=60_000)
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=60_000)
    page.wait_for_function(f"() => {{ const w = window.jupyterapp.shell.currentWidget; return !!(w && w.context "
                           f"&& w.context.path === {json.dumps(START)}); }}", timeout=60_000)
    site.wait_idle(START)
    TIMINGS["start page: kernel ready (s)"] = round(time.time() - t0, 1)
    assert site.kernel("import sys; print(sys.platform)").strip() == "emscripten"
    site.run_all()
    board = ".tt-board"
    page.wait_for_selector(f"{board} button.tt-action", timeout=TIMEOUT_S * 1000)
    site.wait_idle(START)
    TIMINGS["start page: to a playable board (s)"] = round(time.time() - t0, 1)
    TIMINGS["start page: MB downloaded on a first visit"] = round(site.bytes / 1e6, 1)
    click_and_wait(page, f"{board} button.tt-action[data-index='0']", board)
    # the route saw the kernel worker's own fetches too (Pyodide and the wheels): so "nothing outside" covers them
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in site.served), site.served[-20:]
    assert any(u.endswith(".whl") and "tabletop_arcade" in u for u in site.served), site.served[-20:]
    site.screenshot("start-page")
    site.assert_clean("start page")
    site.close_notebook()


@pytest.mark.parametrize("game", list(LESSONS))
def test_a_lesson_runs_steps_and_plays_in_the_browser(site: Site, game: str) -> None:
    page = site.page
    site.ensure_app()
    t0 = time.time()
    scope = site.open(LESSONS[game])
    site.wait_idle(game)
    site.run_all()
    walk, board = f"{scope} .tt-walkthrough .tt-walk", f"{scope} .tt-walkthrough .tt-board"
    try:
        page.wait_for_selector(f"{walk} button.tt-walk-next", timeout=TIMEOUT_S * 1000)
        page.wait_for_selector(board, timeout=TIMEOUT_S * 1000)
    except Exception:
        site.screenshot(f"lesson-{game}")
        raise AssertionError(f"{game}: no walkthrough board; console: {site.console[-15:]}") from None
    site.wait_idle(game)  # every cell has run: the lesson's boards answer clicks
    TIMINGS[f"{game}: lesson opened to a playable board (s)"] = round(time.time() - t0, 1)
    # step the walkthrough: the counter advances and the board redraws the next step's position
    assert page.get_attribute(walk, "data-step") == "0"
    v = int(page.get_attribute(board, "data-version") or 0)
    page.click(f"{walk} button.tt-walk-next")
    page.wait_for_selector(f"{walk}[data-step='1']")
    page.wait_for_function("([sel, v]) => Number(document.querySelector(sel).dataset.version) > v", arg=[board, v])
    assert page.inner_text(f"{walk} .tt-walk-count").strip().startswith("Lesson step 2 of")
    _through_the_step(page, walk, game)
    narration = page.inner_html(walk)
    assert "<code>" in narration and "`" not in page.inner_text(walk), f"{game}: the narration's Markdown " \
        "was not rendered (mistune missing in the browser kernel?)"
    live_boards = f"{scope} .tt-board[data-interactive='1']"
    if page.query_selector(live_boards) is None:  # no board of its own: play at the walkthrough's hand-over
        last = int(page.get_attribute(walk, "data-steps") or 0) - 1
        page.select_option(f"{walk} select.tt-walk-jump", str(last))
        page.wait_for_selector(f"{walk}[data-step='{last}'][data-your-turn='1']")
        page.wait_for_selector(f"{board}[data-interactive='1'] button.tt-action")
    # play a move by clicking a legal move on a live board: Python answers, the board redraws
    live = page.locator(live_boards).last
    live_id = f"tt-site-live-{game}"
    live.evaluate("(e, id) => { e.id = id; }", live_id)
    moves_before = page.locator(f"#{live_id} .tt-log li, #{live_id} .tt-log details").count()
    click_and_wait(page, f"#{live_id} button.tt-action[data-index='0']", f"#{live_id}")
    assert page.query_selector(f"#{live_id} .tt-error:not([hidden])") is None or not str(
        page.get_attribute(f"#{live_id} .tt-error", "data-rule") or "").startswith("ui."), f"{game}: move refused"
    assert page.locator(f"#{live_id} .tt-log li, #{live_id} .tt-log details").count() >= moves_before
    if int(page.get_attribute(f"#{live_id}", "data-bots") or 0):  # a bot seat replies by itself (asyncio timer)
        settled = ("(sel) => { const e = document.querySelector(sel); "
                   "return e.dataset.botMoving !== '1' && e.dataset.pending !== '1'; }")
        for _ in range(8):
            page.wait_for_function(settled, arg=f"#{live_id}")
            if page.query_selector(f"#{live_id} .tt-last-move[data-bot='1']") or \
                    page.get_attribute(f"#{live_id}", "data-over") == "1":
                break
            click_and_wait(page, f"#{live_id} button.tt-action[data-index='0']", f"#{live_id}")
        assert page.query_selector(f"#{live_id} .tt-last-move[data-bot='1']"), f"{game}: the bot never replied"
    site.screenshot(f"lesson-{game}")
    site.assert_clean(game)
    site.close_notebook()


_PLAN = """import json
from tabletop.ui.walkthrough import Walkthrough
walk = [v for v in Out.values() if isinstance(v, Walkthrough)][-1]
walk.board.bot_delay = 0.05
les = walk.lesson
_start, _bots = les.handed_over()
_g, _ = les.handed_over()
plan = []
for _a in les.task.solution(_start, _bots):
    plan.append([_a.key, _g.current_player in _bots])
    _g.play(_a)
print(json.dumps(plan))"""

_SETTLED = ("(sel) => { const e = document.querySelector(sel); "
            "return !!e && e.dataset.botMoving !== '1' && e.dataset.pending !== '1'; }")


def test_a_task_is_done_by_clicking_and_its_mastery_survives_a_reload(site: Site) -> None:
    """Issue 20 with no server: the hand-over's task of zaxxon/06, done by clicking the board's own move buttons
    (the greedy bot answering), is recognised at once and graded; the clauses it exercised reach the browser's
    localStorage, and after a page reload the game's progress map (a fresh kernel) shows them practised."""
    game, num, path, clause = TASK_LESSON
    page = site.page
    site.ensure_app()
    page.evaluate("(k) => localStorage.removeItem(k)", PROGRESS_KEY)
    scope = site.open(path)
    site.wait_idle(path)
    site.run_all()
    walk, board = f"{scope} .tt-walkthrough .tt-walk", f"{scope} .tt-walkthrough .tt-board"
    page.wait_for_selector(f"{walk} button.tt-walk-next", timeout=TIMEOUT_S * 1000)
    site.wait_idle(path)
    last = int(page.get_attribute(walk, "data-steps") or 0) - 1
    page.select_option(f"{walk} select.tt-walk-jump", str(last))
    page.wait_for_selector(f"{walk}[data-your-turn='1'] .tt-task[data-status='playing']", timeout=60_000)
    plan = json.loads(site.kernel(_PLAN).strip().splitlines()[-1])
    assert any(not bot for _, bot in plan), "the solution has no move of the learner's"
    for i, (key, bot) in enumerate(plan):
        if bot:
            continue  # the board's bot answers by itself
        page.wait_for_function(_SETTLED, arg=board, timeout=60_000)
        assert page.get_attribute(f"{walk} .tt-task", "data-status") == "playing", f"done before action {i + 1}"
        button = f"{board} button.tt-action[data-action-id={json.dumps(key)}]"
        page.wait_for_selector(button, timeout=60_000)
        v = int(page.get_attribute(board, "data-version") or 0)
        page.click(button)
        page.wait_for_function("([sel, v]) => Number(document.querySelector(sel).dataset.version) > v",
                               arg=[board, v], timeout=60_000)
    page.wait_for_selector(f"{walk} .tt-task[data-status='done']", timeout=60_000)
    assert int(page.get_attribute(f"{walk} .tt-task", "data-stars") or 0) >= 1
    assert "Done!" in page.inner_text(f"{walk} .tt-task-result")
    site.screenshot(f"task-done-{game}-{num}")
    stored = page.evaluate("(k) => localStorage.getItem(k)", PROGRESS_KEY)
    assert stored and clause in json.loads(stored)["clauses"], f"nothing recorded for {clause}: {stored!r}"
    site.assert_clean(f"{game}/{num} task")
    site.close_notebook()
    # a reload: a fresh app and kernel; the game's progress map reads the record from the browser
    page.reload()
    site.ensure_app()
    scope = site.open(f"{game}/00_progress.ipynb")
    site.wait_idle("progress map")
    site.run_all()
    chip = f"{scope} .tt-progress-clause[data-clause={json.dumps(clause)}]"
    page.wait_for_selector(chip, timeout=TIMEOUT_S * 1000)
    page.wait_for_function("(sel) => ['practised', 'mastered'].includes(document.querySelector(sel).dataset.state)",
                           arg=chip, timeout=60_000)
    site.screenshot(f"progress-after-reload-{game}")
    site.assert_clean("progress map after a reload")
    site.close_notebook()


def _through_the_step(page: Any, walk: str, where: str) -> None:
    """Issue 20's step phases, in the browser kernel: a question is answered (its feedback names a clause) and
    Next reveals; a your-move step's Show me plays its move; until the step's outcome is shown."""
    for _ in range(3):
        phase = page.get_attribute(walk, "data-phase") or "shown"
        if phase == "shown":
            return
        if phase == "question":
            page.click(f"{walk} .tt-q-choice[data-index='0'] label")
            page.click(f"{walk} button.tt-q-check")
            page.wait_for_selector(f"{walk} .tt-q-feedback[data-rule]", timeout=60_000)
            rule = page.get_attribute(f"{walk} .tt-q-feedback", "data-rule") or ""
            assert rule and not rule.startswith("ui."), f"{where}: the question's feedback names {rule!r}"
            page.click(f"{walk} button.tt-walk-next")
        else:
            page.click(f"{walk} button.tt-ym-show")
        page.wait_for_function("([sel, phase]) => { const e = document.querySelector(sel); "
                               "return !!e && e.dataset.phase !== phase && !e.dataset.pending; }",
                               arg=[walk, phase], timeout=60_000)
    raise AssertionError(f"{where}: the step's outcome is never shown")


def test_the_variant_lab_runs_serially_in_the_browser_and_says_so(site: Site) -> None:
    page = site.page
    site.ensure_app()
    scope = site.open(LAB)
    site.wait_idle(LAB)
    # the site's own default (build.py: BROWSER_ENV_VARS) reaches the kernel; this test plays fewer still
    assert site.kernel("import os; print(os.environ['TABLETOP_LAB_N'])").strip() == "100"
    site.kernel("import os; os.environ['TABLETOP_LAB_N'] = '12'")
    t0 = time.time()
    site.run_all()
    page.wait_for_selector(f"{scope} .js-plotly-plot", timeout=TIMEOUT_S * 1000)
    site.wait_idle(LAB)
    TIMINGS["xevious lab notebook, 2 x 12 games, run all (s)"] = round(time.time() - t0, 1)
    outputs = site.outputs()
    print(outputs)
    assert "runs in your browser (Pyodide)" in outputs, f"the lab did not say it plays serially: {outputs[-3000:]}"
    # the Run button: played here (no thread), and the lab says so under the results
    page.locator(f"{scope} button.jupyter-button:has-text('Run')").first.click()
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('one after another in this tab')",
                           arg=f"{scope} .jp-Notebook", timeout=TIMEOUT_S * 1000)
    site.wait_idle(LAB)
    assert site.kernel("print(lab.results is not None and lab.results.complete)").strip() == "True"
    site.screenshot("variant-lab")
    site.assert_clean("variant lab")
    site.close_notebook()
    print("\nsite timings:", json.dumps(TIMINGS, indent=1))
