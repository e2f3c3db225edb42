"""Real-browser test fixtures: a JupyterLab server and Chromium driven by Playwright.

    @pytest.mark.browser
    def test_something(lab):
        page = lab.open_notebook("tests/browser/notebooks/pig_board.ipynb", wait_for=".tt-board")
        page.click("button.tt-action")
        ...
        lab.assert_no_console_errors()   # also checked automatically when the test ends

``lab`` (per test) gives ``open_notebook(path, wait_for=...)``: it copies the notebook into the server's fresh
root (so every test gets its own kernel), opens it, waits for the kernel, runs all cells (retrying once, a known
flaky spot) and waits for ``wait_for``. ``lab.run_in_kernel(code)`` executes Python in that notebook's kernel and
returns what it printed, so a test can check the Python-side state. Any JavaScript console error fails the test.

The server (session-scoped): free port, no token, fresh workspace and settings dirs (``windowingMode: none`` so
no cell is virtualised, news and update checks off), ``allow_root``, and ``PYTHONPATH`` = repo root + ``widgets``.
Without Playwright or Chromium the browser tests are skipped with a message -- unless the environment variable
``CI`` is set: then they fail.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
#: console messages that are not errors of ours (JupyterLab's own optional requests); keep this list tiny
IGNORED_CONSOLE = ("favicon", "Failed to load resource: the server responded with a status of 404 (Not Found)",
                   # JupyterLab's own debugger extension, when a kernel restarts while it asks for its state
                   "Could not restore the debugger state")


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {reason} (CI is set, so this is a failure, not a skip)")
    pytest.skip(f"browser tests skipped: {reason}")


def find_chromium() -> str | None:
    env = os.environ.get("TABLETOP_CHROMIUM")
    if env and Path(env).exists():
        return env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _write_settings(settings: Path) -> None:
    nb = settings / "@jupyterlab" / "notebook-extension"
    nb.mkdir(parents=True)
    (nb / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none",
                                                                  "autoStartDefaultKernel": True}))
    ap = settings / "@jupyterlab" / "apputils-extension"
    ap.mkdir(parents=True)
    (ap / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                       "checkForUpdates": False}))


def repo_env(**extra: str) -> dict[str, str]:
    """The environment for a server this repo's tests start: the repo and its source root on PYTHONPATH."""
    env = dict(os.environ, **extra)
    paths = [str(REPO), str(REPO / "widgets")]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


class ServerProcess:
    """A local server in a subprocess, with its log: started, waited for until ``ready_url`` answers, stopped."""

    name = "server"

    def _start(self, cmd: list[str], *, env: dict[str, str], cwd: Path, log_path: Path, ready_url: str,
               timeout: float) -> None:
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT, cwd=cwd)
        t0 = time.time()
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited: {self.log_path.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(ready_url, timeout=2)
                break
            except OSError:
                if time.time() - t0 > timeout:
                    self.stop()
                    raise RuntimeError(f"{self.name} did not start within {timeout:.0f} s") from None
                time.sleep(0.3)
        self.startup_s = time.time() - t0

    def _before_stop(self) -> None:
        """What to do while the server still runs, before it is stopped."""

    def stop(self) -> None:
        if self._log.closed:
            return
        if self.proc.poll() is None:
            self._before_stop()
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


#: run ``code`` in the current notebook's kernel (page.evaluate(RUN_IN_KERNEL_JS, code)): ``{out, err}``
RUN_IN_KERNEL_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let out = "", err = "";
  const future = kernel.requestExecute({ code, store_history: false });
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") err += msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return { out, err };
}"""

#: close the current notebook without a save dialog, its kernel shut down
CLOSE_NOTEBOOK_JS = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.context) return;
  w.context.model.dirty = false;
  try { await w.sessionContext.shutdown(); } catch (e) { /* already gone */ }
  w.dispose();
}"""

class LabServer(ServerProcess):
    name = "JupyterLab"

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.root = tmp / "root"
        self.root.mkdir()
        settings = tmp / "settings"
        _write_settings(settings)
        workspaces = tmp / "workspaces"
        workspaces.mkdir()
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = repo_env(JUPYTERLAB_SETTINGS_DIR=str(settings), JUPYTER_CONFIG_DIR=str(tmp / "config"),
                       TABLETOP_REPO=str(REPO))
        self._start(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={self.port}",
             "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
             "--ServerApp.disable_check_xsrf=True", "--ServerApp.allow_root=True",
             f"--ServerApp.root_dir={self.root}", f"--LabApp.workspaces_dir={workspaces}",
             "--LabApp.expose_app_in_browser=True"],
            env=env, cwd=self.root, log_path=tmp / "server.log", ready_url=f"{self.url}/api/status", timeout=90)

    def api(self, method: str, path: str) -> Any:
        req = urllib.request.Request(f"{self.url}{path}", method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        try:
            for s in self.api("GET", "/api/sessions"):
                self.api("DELETE", f"/api/sessions/{s['id']}")
        except OSError:
            pass

    def _before_stop(self) -> None:
        self.shutdown_kernels()


# One server and one browser per test session (this module is a plugin, registered in tests/conftest.py, so
# every test folder shares these fixtures).
_SHARED: dict[str, Any] = {}


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        _missing("jupyterlab is not installed")
    server = _SHARED.get("server")
    if server is None or server.proc.poll() is not None:
        server = LabServer(tmp_path_factory.mktemp("lab"))
        _SHARED["server"] = server
        atexit.register(server.stop)
    try:
        yield server
    finally:
        server.stop()  # idempotent: the first conftest to tear down stops it, at the end of the session


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install playwright)")
    exe = find_chromium()
    if exe is None:
        _missing("no chromium found (apt-get install chromium, or set TABLETOP_CHROMIUM)")
    if "browser" not in _SHARED:
        pw = sync_playwright().start()
        try:
            browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        except Exception as exc:
            pw.stop()
            _missing(f"chromium at {exe} did not start: {exc}")
        _SHARED["playwright"], _SHARED["browser"] = pw, browser
    try:
        yield _SHARED["browser"]
    finally:
        if "browser" in _SHARED:
            _SHARED.pop("browser").close()
            _SHARED.pop("playwright").stop()


_KERNEL_READY = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const sc = w && w.sessionContext;
  const k = sc && sc.session && sc.session.kernel;
  return !!(k && k.connectionStatus === "connected" && k.status === "idle" && w.content && w.content.widgets.length);
}"""


class Lab:
    """One test's view of the server: open notebooks, talk to their kernel, collect console errors."""

    def __init__(self, server: LabServer, browser: Any, artifacts: Path) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.errors: list[str] = []
        self.console: list[str] = []
        self.artifacts = artifacts
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        self.notebook: str | None = None

    def _on_console(self, msg: Any) -> None:
        text = msg.text
        self.console.append(f"{msg.type}: {text}")
        if msg.type == "error" and not any(s in text for s in IGNORED_CONSOLE):
            self.errors.append(text)

    def open_notebook(self, path: str | Path, *, wait_for: str, timeout: float = 60.0, fragment: str = "") -> Any:
        src = Path(path)
        if not src.is_absolute():
            src = REPO / src
        name = f"{src.stem}-{uuid.uuid4().hex[:6]}.ipynb"
        shutil.copy(src, self.server.root / name)
        self.notebook = name
        page = self.page
        t0 = time.time()
        page.goto(f"{self.server.url}/lab/tree/{name}?reset" + (f"#{fragment}" if fragment else ""))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout * 1000)
        self._wait_kernel_ready(timeout)
        self.kernel_s = time.time() - t0
        for attempt in range(3):
            # do not await the command: its promise resolves only when every cell has finished
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            try:
                page.wait_for_selector(wait_for, timeout=timeout * 1000 / 3, state="attached")
                break
            except Exception:
                if attempt == 2:
                    self.screenshot("open-failed")
                    raise AssertionError(f"{wait_for!r} did not appear after running {src.name}; console: "
                                         f"{self.console[-10:]}") from None
                self._wait_kernel_ready(timeout)
        self.open_s = time.time() - t0
        return page

    def _wait_kernel_ready(self, timeout: float) -> None:
        """Until the notebook's kernel is connected and idle (running cells earlier is a known flaky spot)."""
        deadline = time.time() + timeout
        while True:
            self._accept_kernel_dialog()
            try:
                self.page.wait_for_function(_KERNEL_READY, timeout=2000)
                break
            except Exception:
                if time.time() > deadline:
                    self.screenshot("kernel-not-ready")
                    raise AssertionError(f"the kernel did not become ready; console: {self.console[-10:]}") from None
        self.page.wait_for_timeout(300)  # let JupyterLab finish wiring the session (the notes' flaky spot)

    def _accept_kernel_dialog(self) -> None:
        """JupyterLab may still ask which kernel to start: take the default."""
        dialog = self.page.query_selector(".jp-Dialog .jp-mod-accept")
        if dialog is not None and dialog.is_visible():
            dialog.click()
            self.page.wait_for_selector(".jp-Dialog", state="detached")

    def run_in_kernel(self, code: str, timeout: float = 30.0) -> str:
        """Execute ``code`` in the open notebook's kernel; return its stdout."""
        res = self.page.evaluate(RUN_IN_KERNEL_JS, code)
        if res["err"]:
            raise AssertionError(f"kernel error: {res['err']}")
        return str(res["out"])

    def kernel_json(self, expr: str) -> Any:
        """The value of a Python expression in the kernel, through JSON."""
        return json.loads(self.run_in_kernel(f"import json as _j; print(_j.dumps({expr}))").strip())

    def screenshot(self, name: str) -> Path:
        self.artifacts.mkdir(parents=True, exist_ok=True)
        path = self.artifacts / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def assert_no_console_errors(self) -> None:
        assert not self.errors, f"JavaScript console errors: {self.errors}"

    def close(self) -> None:
        self.context.close()
        self.server.shutdown_kernels()


@pytest.fixture
def lab(lab_server: LabServer, chromium: Any, request: pytest.FixtureRequest) -> Iterator[Lab]:
    artifacts = REPO / "test-artifacts" / "browser" / request.node.name
    session = Lab(lab_server, chromium, artifacts)
    try:
        yield session
        session.assert_no_console_errors()
    finally:
        session.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


def board_version(page: Any, board: str = ".tt-board") -> int:
    """The board's sync version (``data-version``): it grows by one every time Python answers."""
    return int(page.get_attribute(board, "data-version"))


def click_and_wait(page: Any, selector: str, board: str = ".tt-board") -> int:
    """Click ``selector`` and wait until Python has answered and the board redrew; returns the new version."""
    before = board_version(page, board)
    page.click(selector)
    page.wait_for_function(f"Number(document.querySelector({json.dumps(board)}).dataset.version) > {before}")
    return board_version(page, board)


def make_notebook(cells: list[str]) -> dict[str, Any]:
    """A minimal notebook (no outputs) from code cell sources; used to write the test notebooks."""
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": uuid.uuid4().hex[:8], "metadata": {},
                       "outputs": [], "source": src} for src in cells],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}



# ---- accessibility and layout measured in the browser (issue 12) -------------------------------------------------
def axe_violations(page: Any, selector: str | None = None, *, impacts: tuple[str, ...] = ("critical", "serious"),
                   ) -> list[str]:
    """Run axe-core (the ``axe-playwright-python`` package ships it) on ``selector`` (the whole page if ``None``)
    and return one line per violation of the given ``impacts``: ``"rule-id (impact): help — n nodes: target…"``.
    An empty list is a pass."""
    from axe_playwright_python.sync_playwright import Axe

    context = {"include": [[selector]]} if selector else None
    results = Axe().run(page, context=context)
    out = []
    for v in results.response.get("violations", []):
        if v.get("impact") in impacts:
            targets = ", ".join(str(n.get("target")) for n in v.get("nodes", [])[:3])
            out.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v.get('nodes', []))} nodes: {targets}")
    return out


SMALLEST_FONT_JS = """(sel) => {
  const root = document.querySelector(sel); if (!root) return null;
  let least = null, where = "";
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    let px = parseFloat(cs.fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;  // SVG text scales with the picture
    }
    if (least === null || px < least) { least = px; where = el.tagName + ' ' + (el.getAttribute('class') || '') + ': ' + el.textContent.trim().slice(0, 30); }
  }
  return { px: least, where };
}"""


def smallest_font(page: Any, selector: str) -> dict[str, Any]:
    """The smallest rendered text size (px, SVG text scaled by its picture) inside ``selector``, and where."""
    found = page.evaluate(SMALLEST_FONT_JS, selector)
    assert found is not None, f"{selector} is not on the page"
    return dict(found)


def outside_parent(page: Any, selector: str, parent: str, *, around: tuple[str, str] = ("", "")) -> list[str]:
    """Elements matching ``selector`` whose box sticks out of their closest ``parent`` (controls inside panels).
    ``around``: JavaScript run just before and just after the measure, in the same script (so no redraw comes
    between a change made to show the check bites and its measure)."""
    before, after = around
    return list(page.evaluate("""([sel, par, before, after]) => { (new Function(before))();
      const out = [...document.querySelectorAll(sel)].filter((el) => {
        const p = el.closest(par); if (!p) return false;
        const a = el.getBoundingClientRect(), b = p.getBoundingClientRect();
        // not drawn (inside a closed <details>, whose content Chromium lays out on request; hidden): no box to leave
        if ((!a.width && !a.height) || (el.checkVisibility && !el.checkVisibility())) return false;
        return a.left < b.left - 1 || a.right > b.right + 1 || a.top < b.top - 1 || a.bottom > b.bottom + 1;
      }).map((el) => el.outerHTML.slice(0, 80));
      (new Function(after))(); return out; }""", [selector, parent, before, after]))
