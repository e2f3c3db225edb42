"""The static JupyterLite site (`make site`, issues 14 and 23): every lesson runs in the browser on Pyodide, nothing
is fetched from anywhere but the site itself, and a first visit is light.

The module builds the site with ``make site`` (incremental: the build venv and the downloads are kept in
.venv-site and build/site-cache; set ``TABLETOP_SITE_DIR`` to test a site built elsewhere), serves it with
``site/serve.py`` on 127.0.0.1 (gzip and cache headers as a static host sends them; it logs the bytes of every
request) and opens it in Chromium, where every request to another origin goes to a proxy that is not there
(it fails) and is recorded: the tests assert that none was made. No request is routed through Playwright (that
would switch the browser's HTTP cache off).

* First visits (a fresh browser context each, empty cache) of the start page and of one lesson per game: the
  seconds from opening the URL to the kernel being idle and to a board answering a click (run-all pressed as
  soon as the kernel is idle), and what the server sent by then (bytes on the wire, bytes of the files,
  requests, wheels). Asserted: at most 20 MB sent, neither plotly's wheel nor plotly.js; the seconds are printed
  beside the 6 s target and written, with the sizes, to test-artifacts/site/figures.json and figures.md (a
  timed assertion would fail on a loaded machine: only a hang, 120 s, fails), with the 1-minute load.
* The phases of opening a lesson, on a first visit and in the open app (PHASES: app loaded, notebook shown, the
  kernel's worker started, its wasm instantiated, Pyodide's runtime up and the preloaded wheels installed (the
  worker's own timeline, marked by site/boot.mjs), kernel idle, cells run (the kernel's replies), board drawn,
  playable), each in seconds from the opening, written and printed beside the target.
* A page that opens a notebook starts its kernel's worker as it loads (site/early-kernel.js): on every first
  visit the kernel is asserted to have taken that worker, whose Pyodide had begun booting (same settings) and
  imported the kernel's and the notebook's first modules before the kernel asked (site/boot.mjs's marks).
* In one app (one JupyterLite page, notebooks opened with ``docmanager:open``): the start page's board plays a
  click; one lesson per game steps its walkthrough and plays a move by clicking; every lesson's code runs in
  one browser kernel and each of its boards takes a legal move, importing none of the packages the kernel leaves
  for later (site/build.py: LAZY), and then Tab completion and a traceback install theirs (jedi, stack_data); a
  task is done by clicking and its mastery survives a reload; a variant lab plays serially and says so, its
  first ``import plotly`` fetching the wheel and its first figure the real jupyterlab-plotly renderer.

Any JavaScript console error, any failed cell and any request outside the site fails. Marked slow: about
3 minutes of `make test` on an idle 2-core machine once .venv-site exists (a fresh machine adds about 45 s to
create .venv-site and download Pyodide and the wheels, and a build compiles the kernel's modules in node).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
import zipfile
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
#: first visits (a fresh browser context: empty cache), one per page: seconds and downloads (written to
#: test-artifacts/site/figures.json and .md, and printed)
FIRST_VISITS: dict[str, dict[str, Any]] = {}
#: issue 23's targets: a first visit downloads at most this much (asserted: the bytes the server sent) ...
FIRST_VISIT_MAX_MB = 20.0
#: ... and a lesson answers a click this many seconds after it is opened (printed beside the figure, not
#: asserted: a timed assertion fails on a loaded machine; FIRST_VISIT_BOUND_S is a bound only a hang exceeds)
TARGET_S = 6.0
FIRST_VISIT_BOUND_S = 120.0
#: a Pyodide kernel start (and the preloaded wheels) on a 2-core machine shared with other work
TIMEOUT_S = 240

#: a lesson's phases, each the seconds from opening it (see _phases); those of the kernel's worker come from its
#: own performance timeline (site/boot.mjs marks it)
PHASES = ["app loaded", "notebook shown", "kernel worker started", "wasm instantiated", "Pyodide runtime up",
          "wheels installed", "kernel idle", "cells run", "board drawn", "playable"]
#: lessons opened in the open app (a new kernel each, the browser's cache warm): their phases
OPEN_APP: dict[str, dict[str, Any]] = {}

#: installed before run-all: the page records each cell's execute request and reply (the kernel's messages) and
#: the moment the notebook first holds a board
_HOOK = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const rec = { cells: {}, board: null };
  window.__ttPhases = rec;
  w.sessionContext.session.kernel.anyMessage.connect((_, a) => {
    const m = a.msg, id = (m.parent_header && m.parent_header.msg_id) || m.header.msg_id;
    if (m.header.msg_type === "execute_request") rec.cells[id] = [Date.now(), null];
    else if (m.header.msg_type === "execute_reply" && rec.cells[id]) rec.cells[id][1] = Date.now();
  });
  const seen = () => { if (rec.board === null && w.node.querySelector(".tt-board")) rec.board = Date.now(); };
  seen();
  new MutationObserver(seen).observe(w.node, { childList: true, subtree: true });
}"""
#: the kernel worker's own timeline (epoch ms): when it started, site/boot.mjs's marks
_WORKER_TIMELINE = """import js as _js, json as _json
print(_json.dumps({"origin": _js.performance.timeOrigin,
                   "marks": {m.name: m.startTime for m in _js.performance.getEntriesByType("mark")}}))"""

_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === "idle" && w.content && w.content.widgets.length);
}"""


def _phases(site: Site, t0: float, t_app: float | None, t_shown: float, t_idle: float,
            t_playable: float) -> dict[str, float | None]:
    """The phases of opening a lesson, in seconds from ``t0`` (when it was opened): the page's own (app loaded,
    notebook shown, kernel idle, playable: measured here), the kernel worker's (its performance timeline: started,
    Pyodide's runtime up, the preloaded wheels installed) and the run-all's (the last cell's execute reply, the
    first board in the notebook: the page's record from _HOOK)."""
    rec = site.page.evaluate("() => window.__ttPhases")
    timeline = json.loads(site.kernel(_WORKER_TIMELINE).strip().splitlines()[-1])
    marks = timeline["marks"]

    def worker(mark: str) -> float | None:
        return round(timeline["origin"] / 1000 + marks[mark] / 1000 - t0, 2) if mark in marks else None

    replies = [b for _, b in rec["cells"].values() if b] if rec else []
    return {"app loaded": None if t_app is None else round(t_app - t0, 2), "notebook shown": round(t_shown - t0, 2),
            "kernel worker started": round(timeline["origin"] / 1000 - t0, 2),
            "wasm instantiated": worker("tabletop:wasm"), "Pyodide runtime up": worker("tabletop:runtime"),
            "wheels installed": worker("tabletop:packages"),
            "kernel idle": round(t_idle - t0, 2),
            "cells run": round(max(replies) / 1000 - t0, 2) if replies else None,
            "board drawn": round(rec["board"] / 1000 - t0, 2) if rec and rec["board"] else None,
            "playable": round(t_playable - t0, 2)}


def site_dir() -> Path:
    env = os.environ.get("TABLETOP_SITE_DIR")
    if env:
        return Path(env).resolve()
    proc = subprocess.run(["make", "-s", "site"], cwd=REPO, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        pytest.fail(f"make site failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return REPO / "build" / "site"


class StaticServer(ServerProcess):
    """site/serve.py: gzip and cache headers as a static host sends them; one log line per request with the bytes
    sent (``GET /path 200 <sent> <file size>``), which is how a visit's downloads are counted."""

    name = "site/serve.py"

    def __init__(self, root: Path, log_path: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.requests_log = log_path.with_suffix(".requests")
        self._start([sys.executable, str(REPO / "site" / "serve.py"), "--dir", str(root), "--bind", "127.0.0.1",
                     "--port", str(self.port), "--log", str(self.requests_log)], env=dict(os.environ), cwd=root,
                    log_path=log_path, ready_url=f"{self.url}/jupyter-lite.json", timeout=30)
        self._mark = 0

    def mark(self) -> None:
        """Count downloads from now on (see :meth:`downloads`)."""
        self._mark = len(self._lines())

    def _lines(self) -> list[list[str]]:
        return [ln.split() for ln in self.requests_log.read_text().splitlines() if ln.strip()]

    def downloads(self) -> dict[str, Any]:
        """What the server sent since :meth:`mark`: requests, bytes on the wire (gzip where accepted), the bytes
        of the files themselves, and the wheels fetched."""
        lines = self._lines()[self._mark:]
        sent = sum(int(ln[3]) for ln in lines)
        files = sum(int(ln[4]) for ln in lines if ln[2] == "200")
        wheels = sorted({ln[1].rsplit("/", 1)[-1] for ln in lines if ln[1].endswith(".whl") and ln[2] == "200"})
        return {"requests": len(lines), "not modified (304)": sum(ln[2] == "304" for ln in lines),
                "MB sent": round(sent / 1e6, 2), "MB of files": round(files / 1e6, 2), "wheels": wheels}


class Site:
    """One page on the served site; every request to another origin is aborted and recorded."""

    def __init__(self, server: StaticServer, browser: Any) -> None:
        self.origin = server.url
        # every other origin goes to a proxy that is not there (the request fails) and is recorded; no
        # context.route: routing switches the browser's HTTP cache off, and the site's cache headers are measured
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                           proxy={"server": f"http://127.0.0.1:{_free_port()}",
                                                  "bypass": "127.0.0.1"})
        self.outside: list[str] = []
        self.served: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.context.on("request", self._on_request)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.page.on("console", self._on_console)
        self.missing: list[str] = []
        self.page.on("response", self._on_response)
        self.context.on("response", self._on_any_response)
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def _on_request(self, request: Any) -> None:
        url = request.url
        if url == self.origin or url.startswith(self.origin + "/"):
            self.served.append(url)
        elif not url.startswith(("data:", "blob:")):
            self.outside.append(url)

    def _on_response(self, response: Any) -> None:
        if response.status == 404:
            self.missing.append(response.url)

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
def site(built_site: Path, chromium: Any, tmp_path_factory: pytest.TempPathFactory, figures: None) -> Iterator[Site]:
    server = StaticServer(built_site, tmp_path_factory.mktemp("site") / "http.log")
    s = Site(server, chromium)
    try:
        yield s
    finally:
        s.context.close()
        server.stop()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "timings.json").write_text(json.dumps(TIMINGS, indent=1))


@pytest.fixture(scope="module")
def figures(pytestconfig: pytest.Config) -> Iterator[None]:
    """At the end of the module: the first visits' figures to test-artifacts/site/figures.json and figures.md,
    and printed (past pytest's capture)."""
    yield
    if not FIRST_VISITS and not OPEN_APP:
        return
    md = _write_figures()
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print("\n" + md)


def _write_figures() -> str:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = {"target": {"s to a playable lesson": TARGET_S, "MB on a first visit": FIRST_VISIT_MAX_MB},
            "first visits": FIRST_VISITS, "lessons opened in the open app": OPEN_APP, "in the open app": TIMINGS}
    (ARTIFACTS / "figures.json").write_text(json.dumps(data, indent=1))
    md = _figures_markdown()
    (ARTIFACTS / "figures.md").write_text(md)
    return md


def _figures_markdown() -> str:
    rows = ["| first visit (empty cache) | kernel idle (s) | click answered (s) | target (s) | MB sent | "
            "MB of files | requests | wheels | load (1 min) |", "|---|---|---|---|---|---|---|---|---|"]
    for name, f in FIRST_VISITS.items():
        d = f["downloads"]
        rows.append(f"| {name} | {f['s to kernel idle']} | {f['s to a click answered']} | <= {TARGET_S} | "
                    f"{d['MB sent']} (<= {FIRST_VISIT_MAX_MB}) | {d['MB of files']} | {d['requests']} | "
                    f"{len(d['wheels'])} | {f['load']} |")
    rows += ["", "Phases: seconds from opening the page or lesson (playable: a first visit's board answered a click; "
             "in the open app, the board drawn and every cell run)", "",
             "| opened | " + " | ".join(PHASES) + " | target | load (1 min) |",
             "|---" * (len(PHASES) + 3) + "|"]
    for kind, visits in (("first visit", FIRST_VISITS), ("in the open app", OPEN_APP)):
        for name, f in visits.items():
            ph = f.get("phases", {})
            cells = " | ".join("-" if ph.get(k) is None else f"{ph[k]:.1f}" for k in PHASES)
            verdict = "met" if ph.get("playable") is not None and ph["playable"] <= TARGET_S else "NOT met"
            # a worker older than the notebook: the lesson joined a kernel already running (its earlier session's)
            reused = " (a kernel already running)" if (ph.get("kernel worker started") or 0) < 0 else ""
            rows.append(f"| {kind}: {name}{reused} | {cells} | <= {TARGET_S} ({verdict}) | {f['load']} |")
    rows += ["", "| in the open app (the browser's cache warm) | s |", "|---|---|"]
    rows += [f"| {k} | {v} |" for k, v in TIMINGS.items()]
    return "Site figures (test-artifacts/site/figures.json)\n\n" + "\n".join(rows) + "\n"


def test_the_site_holds_everything_it_loads(built_site: Path) -> None:
    """The kernel settings point inside the site, the lock names only files shipped in it (same sha256), all
    pure wheels, and tabletop's runtime dependencies are among them."""
    cfg = json.loads((built_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # the kernel starts Pyodide through the site's boot module (site/boot.mjs: marked phases, the lazy left out)
    assert kernel["pyodideUrl"] == "./static/pyodide/boot.mjs"
    assert kernel["disablePyPIFallback"] is True
    opts = kernel["loadPyodideOptions"]
    assert opts["lockFileURL"] == "./static/pyodide/pyodide-lock.json"
    assert {"tabletop-arcade", "pyodide-kernel", "ipykernel", "micropip", "piplite"} <= set(opts["packages"])
    pyo = built_site / "static" / "pyodide"
    for core in ("boot.mjs", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyo / core).is_file(), f"{core} is not in the site"
    lock = json.loads((pyo / "pyodide-lock.json").read_text())
    pkgs = lock["packages"]
    for name, pkg in pkgs.items():
        f = pyo / pkg["file_name"]
        assert "/" not in pkg["file_name"] and f.is_file(), f"{name}: {pkg['file_name']} is not beside the lock"
        assert hashlib.sha256(f.read_bytes()).hexdigest() == pkg["sha256"], f"{name}: sha256 differs"
        assert pkg["file_name"].endswith("-none-any.whl"), f"{name} is not a pure wheel"
        assert set(pkg["depends"]) <= set(pkgs), f"{name} depends on what the site lacks"
    lazy = _lazy_packages(built_site)
    closure, todo = set(), [n for n in opts["packages"] if n not in lazy]
    while todo:
        n = todo.pop()
        if n not in closure:
            closure.add(n)
            todo += pkgs[n]["depends"]
    assert {"anywidget", "ipywidgets", "mistune", "psygnal", "traitlets"} <= closure
    # plotly is shipped but not preloaded (no lesson draws a chart), nor are jedi (Tab completion), stack_data
    # (tracebacks) and the rest of LAZY: the site's sitecustomize installs one from the site on its first import
    # (the lab test sees plotly fetched, the first visits see it not; the every-lesson test completes and fails)
    assert {"plotly", "jedi", "parso", "stack-data", "prompt-toolkit"} <= lazy <= set(pkgs)
    assert "narwhals" in pkgs["plotly"]["depends"] and "parso" in pkgs["jedi"]["depends"]
    assert not (lazy | {"narwhals"}) & closure, f"preloaded, though installed on first import: {lazy & closure}"
    assert "jedi" in opts["packages"], "the kernel installs jedi itself unless its name is in its preload setting"
    with zipfile.ZipFile(pyo / "python_stdlib.zip") as z:
        hook = z.read("sitecustomize.py").decode()
        names = set(z.namelist())
    # the standard library's modules a kernel imports come compiled (Pyodide ships sources), each beside its source
    compiled = {n for n in names if n.endswith(".pyc")}
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "tarfile.pyc", "inspect.pyc"} <= compiled
    assert all(n[:-1] in names for n in compiled), "a compiled module of the standard library without its source"
    assert (pyo / "early-worker.mjs").is_file() and "function KernelWorker(" in (built_site / "lab" / "index.html"
                                                                                 ).read_text()
    table = _lazy_imports(hook)
    assert set(table.values()) == lazy and table["plotly"] == "plotly" and table["jedi"] == "jedi" and "sha256" in hook
    assert all(set(pkgs[p]["imports"]) <= set(table) for p in lazy)
    names = {e["name"] for e in cfg["federated_extensions"]}
    assert {"anywidget", "@jupyter-widgets/jupyterlab-manager", "jupyterlab-plotly",
            "@jupyterlite/pyodide-kernel-extension"} <= names
    assert "tabletop" in pkgs["tabletop-arcade"]["imports"]


def _lazy_packages(built_site: Path) -> set[str]:
    """The packages the site's boot module leaves out of the kernel's preload (site/build.py: LAZY)."""
    text = (built_site / "static" / "pyodide" / "boot.mjs").read_text()
    (line,) = [ln for ln in text.splitlines() if ln.startswith("const LAZY = new Set(")]
    return set(json.loads(line.removeprefix("const LAZY = new Set(").removesuffix(");")))


def _lazy_imports(hook: str) -> dict[str, str]:
    """sitecustomize.py's table: import name -> the package installed on its first import."""
    (line,) = [ln for ln in hook.splitlines() if ln.startswith("LAZY = {")]
    return dict(json.loads(line.removeprefix("LAZY = ")))


#: the pages whose first visit is measured: the start page (the site's root) and one lesson per game
FIRST_VISIT = {"start page": "", **{f"{game} lesson {Path(p).stem[:2]}": p for game, p in LESSONS.items()}}
#: every lesson notebook (a game's 01-89; not its progress map, review or practice)
EVERY_LESSON = sorted(str(p.relative_to(REPO / "notebooks")) for game in LESSONS
                      for p in (REPO / "notebooks" / game).glob("[0-8][0-9]_*.ipynb") if not p.stem.startswith("00"))
PLOTLY_WHEEL = "plotly-"
#: the jupyterlab-plotly extension's files (its renderer and plotly.js: 4.8 MB of JavaScript)
PLOTLY_JS = "/extensions/jupyterlab-plotly/static/"


def _current_scope(page: Any) -> str:
    return f'[id="{page.evaluate("() => window.jupyterapp.shell.currentWidget.id")}"]'


def _play_a_move(site: Site, scope: str, where: str) -> None:
    """After run-all: a live board of the notebook answers a click on a legal move (the walkthrough's hand-over
    when the lesson has no board of its own)."""
    page = site.page
    try:
        page.wait_for_selector(f"{scope} .tt-board", timeout=TIMEOUT_S * 1000)
    except Exception:
        site.screenshot(f"no-board-{where.replace('/', '-')}")
        raise AssertionError(f"{where}: no board; console: {site.console[-15:]}") from None
    site.wait_idle(where)  # every cell has run
    live_boards = f"{scope} .tt-board[data-interactive='1']"
    walk = f"{scope} .tt-walkthrough .tt-walk"
    if page.query_selector(f"{live_boards} button.tt-action") is None and page.query_selector(walk):
        last = int(page.get_attribute(walk, "data-steps") or 0) - 1
        page.select_option(f"{walk} select.tt-walk-jump", str(last))
        page.wait_for_selector(f"{walk}[data-step='{last}'][data-your-turn='1']")
    page.wait_for_selector(f"{live_boards} button.tt-action", timeout=60_000)
    live = page.locator(live_boards).filter(has=page.locator("button.tt-action")).last
    live_id = f"tt-site-move-{abs(hash(where))}"
    live.evaluate("(e, id) => { e.id = id; }", live_id)
    click_and_wait(page, f"#{live_id} button.tt-action >> nth=0", f"#{live_id}")
    err = page.query_selector(f"#{live_id} .tt-error:not([hidden])")
    assert err is None or not err.is_visible(), f"{where}: the move was refused: {err.inner_text()}"


@pytest.mark.parametrize("name", list(FIRST_VISIT))
def test_a_first_visit_is_light_and_soon_playable(built_site: Path, chromium: Any, figures: None,
                                                   tmp_path: Path, name: str) -> None:
    """Issue 23: a fresh browser (empty cache) opens the page's URL; the time until the kernel is idle and until
    a board answers a click (run-all pressed as soon as the kernel is idle), and what the server sent by then.
    Asserted: at most FIRST_VISIT_MAX_MB sent, plotly's wheel not fetched (no chart on these pages), the board
    answers; the seconds are printed beside the 6 s target (only a hang, FIRST_VISIT_BOUND_S, fails)."""
    server = StaticServer(built_site, tmp_path / "http.log")
    s = Site(server, chromium)
    try:
        path = FIRST_VISIT[name]
        nb = path or START
        server.mark()
        t0 = time.time()
        s.page.goto(f"{server.url}/" + (f"lab/index.html?path={path}" if path else ""))
        s.page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=TIMEOUT_S * 1000)
        t_app = time.time()
        s.page.wait_for_function("(p) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; "
                                 "return !!(w && w.context && w.context.path === p && w.content && "
                                 "w.content.widgets.length); }", arg=nb, timeout=TIMEOUT_S * 1000)
        t_shown = time.time()
        s.wait_idle(nb)
        t_idle_at = time.time()
        s.page.evaluate(_HOOK)
        s.run_all()
        _play_a_move(s, _current_scope(s.page), nb)
        t_click_at = time.time()
        t_idle, t_click = t_idle_at - t0, t_click_at - t0
        got = server.downloads()  # before the timeline is asked for: nothing of the test's own is counted
        load = round(os.getloadavg()[0], 2)
        marks = json.loads(s.kernel(_WORKER_TIMELINE).strip().splitlines()[-1])["marks"]
        FIRST_VISITS[name] = {"url": s.page.url.removeprefix(server.url), "s to kernel idle": round(t_idle, 1),
                              "s to a click answered": round(t_click, 1), "downloads": got, "load": load,
                              "phases": _phases(s, t0, t_app, t_shown, t_idle_at, t_click_at),
                              "early start taken": "tabletop:early-unused" not in marks}
        _write_figures()
        s.screenshot(f"first-visit-{name.replace(' ', '-')}")
        s.assert_clean(name)
        assert not [w for w in got["wheels"] if w.startswith(PLOTLY_WHEEL)], \
            f"{name}: plotly was downloaded for a page with no chart: {got['wheels']}"
        # nor plotly.js: the site's jupyterlab-plotly entry (site/plotly-lazy.js) loads it with the first figure
        plotly_js = [u for u in s.served if PLOTLY_JS in u and "/lazy-entry." not in u]
        assert not plotly_js, f"{name}: plotly.js was downloaded for a page with no chart: {plotly_js}"
        assert got["MB sent"] <= FIRST_VISIT_MAX_MB, f"{name}: a first visit sent {got}"
        # the kernel got the worker the page started as it loaded (site/early-kernel.js): Pyodide's boot began
        # before the kernel asked for it, with the same settings (else boot.mjs marks the early start unused)
        assert "tabletop:early-unused" not in marks, f"{name}: the early Pyodide had other settings: {marks}"
        assert marks["tabletop:boot"] < marks["tabletop:kernel-asked"], f"{name}: no early start: {marks}"
        assert "tabletop:preimported" in marks, f"{name}: the early worker imported nothing ahead: {marks}"
        assert t_click < FIRST_VISIT_BOUND_S, f"{name}: {t_click:.0f} s to a playable board"
    finally:
        s.context.close()
        server.stop()


_EVERY_LESSON = """import ast, json, sys
from tabletop.ui.board import BoardWidget as _Board
from tabletop.ui.walkthrough import Walkthrough as _Walk
report = {}
for path in json.loads(PATHS):
    cells = [''.join(c["source"]) for c in json.load(open(ROOT + path))["cells"] if c["cell_type"] == "code"]
    ns, values = {"__name__": "__main__"}, []
    for src in cells:
        tree = ast.parse(src)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, path, "exec"), ns)
        if last is not None:
            values.append(eval(compile(ast.Expression(last.value), path, "eval"), ns))
    played = 0
    for v in values:
        if isinstance(v, _Walk):
            game, _ = v.lesson.handed_over()
            game.play(game.legal_actions()[0])
            played += 1
        elif isinstance(v, _Board):
            v.play(v.game.legal_actions()[0])
            played += 1
    report[path] = played
import sitecustomize
lazy = sorted({p for name, p in sitecustomize.LAZY.items() if name in sys.modules})
print(json.dumps({"played": report, "plotly": "plotly" in sys.modules, "lazy imported": lazy}))"""

#: the kernel's Tab completion and its first traceback, each answered after installing its lazy packages
_COMPLETE_AND_FAIL_JS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const code = "import os\\nos.pa";
  const reply = await kernel.requestComplete({ code, cursor_pos: code.length });
  let error = null;
  const future = kernel.requestExecute({ code: "def _tt_fails():\\n    return 1 / 0\\n_tt_fails()", store_history: false });
  future.onIOPub = (msg) => { if (msg.header.msg_type === "error") error = msg.content; };
  await future.done;
  return { matches: reply.content.matches, error };
}"""


def test_start_page_runs_in_the_browser_and_its_board_plays(site: Site) -> None:
    # The first of the tests in the open app, on a blank page: the app it loads has no saved layout to restore.
    # After another test's notebook was closed, a reload could restore that notebook as the current document
    # while the start page opened (a race seen under load: the board clicked was the lesson's locked one).
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
    click_and_wait(page, f"{board} button.tt-action[data-index='0']", board)
    # the route saw the kernel worker's own fetches too (Pyodide and the wheels): so "nothing outside" covers them
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in site.served), site.served[-20:]
    assert any(u.endswith(".whl") and "tabletop_arcade" in u for u in site.served), site.served[-20:]
    site.screenshot("start-page")
    site.assert_clean("start page")
    site.close_notebook()


def test_every_lesson_runs_in_the_browser_kernel(site: Site) -> None:
    """Every lesson notebook's code runs in one browser kernel with only what the kernel preloads (plotly is not
    imported by any), and every walkthrough's hand-over and every board of it takes a legal move. (Clicking is
    checked on one lesson per game and on a task below: 22 kernel starts would cost minutes.)"""
    site.ensure_app()
    site.open(EVERY_LESSON[0])
    site.wait_idle(EVERY_LESSON[0])
    t0 = time.time()
    root = "/drive/" if site.kernel("import os; print(os.path.isdir('/drive'))").strip() == "True" else "./"
    out = site.kernel(f"PATHS = {json.dumps(json.dumps(EVERY_LESSON))}\nROOT = {root!r}\n" + _EVERY_LESSON)
    got = json.loads(out.strip().splitlines()[-1])
    TIMINGS[f"every lesson's code ({len(EVERY_LESSON)} notebooks) in one kernel (s)"] = round(time.time() - t0, 1)
    assert sorted(got["played"]) == EVERY_LESSON
    assert all(n >= 1 for n in got["played"].values()), f"a lesson has no board that took a move: {got}"
    assert got["plotly"] is False, "a lesson imported plotly"
    assert got["lazy imported"] == [], f"lessons imported packages the kernel does not preload: {got}"
    # what the kernel left out comes on its first use: jedi for Tab completion, stack_data for a traceback
    t1 = time.time()
    res = site.page.evaluate(_COMPLETE_AND_FAIL_JS)
    TIMINGS["first Tab completion and first traceback, their packages installed from the site (s)"] = round(
        time.time() - t1, 1)
    assert "os.path" in res["matches"] or "path" in res["matches"], f"no completion: {res['matches'][:20]}"
    err = res["error"]
    # (the Pyodide kernel names the error "<class 'ZeroDivisionError'>")
    assert err and "ZeroDivisionError" in err["ename"] and "_tt_fails" in "".join(err["traceback"]), err
    installed = json.loads(site.kernel("import sys, json; print(json.dumps(sorted(m for m in ('jedi', 'parso', "
                                       "'stack_data', 'executing') if m in sys.modules)))").strip())
    assert installed == ["executing", "jedi", "parso", "stack_data"], installed
    # the completion and the traceback need no notebook output: the lessons' cells are checked above
    site.errors[:] = [e for e in site.errors if "ZeroDivisionError" not in e]
    site.assert_clean("every lesson")
    site.close_notebook()


@pytest.mark.parametrize("game", list(LESSONS))
def test_a_lesson_runs_steps_and_plays_in_the_browser(site: Site, game: str) -> None:
    page = site.page
    site.ensure_app()
    t0 = time.time()
    scope = site.open(LESSONS[game])
    t_shown = time.time()
    site.wait_idle(game)
    t_idle = time.time()
    page.evaluate(_HOOK)
    site.run_all()
    walk, board = f"{scope} .tt-walkthrough .tt-walk", f"{scope} .tt-walkthrough .tt-board"
    try:
        page.wait_for_selector(f"{walk} button.tt-walk-next", timeout=TIMEOUT_S * 1000)
        page.wait_for_selector(board, timeout=TIMEOUT_S * 1000)
    except Exception:
        site.screenshot(f"lesson-{game}")
        raise AssertionError(f"{game}: no walkthrough board; console: {site.console[-15:]}") from None
    site.wait_idle(game)  # every cell has run: the lesson's boards answer clicks
    t_playable = time.time()
    load = round(os.getloadavg()[0], 2)
    TIMINGS[f"{game}: lesson opened to a playable board (s)"] = round(t_playable - t0, 1)
    OPEN_APP[f"{game} lesson {Path(LESSONS[game]).stem[:2]}"] = {
        "phases": _phases(site, t0, None, t_shown, t_idle, t_playable), "load": load}
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
    # plotly is not preloaded (no lesson draws a chart): the lab's first import fetched its wheel from the site,
    # and its first figure the real jupyterlab-plotly renderer with plotly.js
    assert any(u.rsplit("/", 1)[-1].startswith(PLOTLY_WHEEL) for u in site.served if u.endswith(".whl"))
    assert any(PLOTLY_JS in u and "/remoteEntry." in u for u in site.served), "plotly.js was never loaded"
    site.screenshot("variant-lab")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    chart = page.locator(f"{scope} .js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(ARTIFACTS / "variant-lab-chart.png"))
    site.assert_clean("variant lab")
    site.close_notebook()
    print("\nsite timings:", json.dumps(TIMINGS, indent=1))
