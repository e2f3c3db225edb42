"""A small JupyterLab + Chromium fixture for the Super Xevious browser test.

It has the same API as the front-end kit's ``lab`` fixture (``open_notebook``, ``run_in_kernel``,
``kernel_json``, ``screenshot``); ``conftest.py`` uses the kit's own fixture when it exists
(``tests/browser/conftest.py``) and this one otherwise. Without Playwright / Chromium the test is skipped
(failed when ``CI`` is set).
"""

from __future__ import annotations

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
IGNORED_CONSOLE = ("favicon", "Failed to load resource: the server responded with a status of 404")


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run: {reason}")
    pytest.skip(f"browser test skipped: {reason}")


class XvLabServer:
    def __init__(self, tmp: Path) -> None:
        self.root = tmp / "root"
        self.root.mkdir()
        settings = tmp / "settings" / "@jupyterlab"
        (settings / "notebook-extension").mkdir(parents=True)
        (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
            json.dumps({"windowingMode": "none"}))
        (settings / "apputils-extension").mkdir(parents=True)
        (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTER_CONFIG_DIR=str(tmp / "cfg"))
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "widgets"), env.get("PYTHONPATH", "")])
        self.log_path = tmp / "server.log"
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={self.port}",
             "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
             "--ServerApp.disable_check_xsrf=True", "--ServerApp.allow_root=True",
             f"--ServerApp.root_dir={self.root}", f"--LabApp.workspaces_dir={tmp}",
             "--LabApp.expose_app_in_browser=True"],
            env=env, stdout=self._log, stderr=subprocess.STDOUT, cwd=self.root)
        t0 = time.time()
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited: {self.log_path.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{self.url}/api/status", timeout=2)
                break
            except OSError:
                if time.time() - t0 > 90:
                    self.stop()
                    raise RuntimeError("JupyterLab did not start within 90 s") from None
                time.sleep(0.3)

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                with urllib.request.urlopen(f"{self.url}/api/sessions", timeout=5) as r:
                    for sess in json.loads(r.read()):
                        req = urllib.request.Request(f"{self.url}/api/sessions/{sess['id']}", method="DELETE")
                        urllib.request.urlopen(req, timeout=5)
            except OSError:
                pass
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


class XvLab:
    def __init__(self, server: XvLabServer, browser: Any, artifacts: Path) -> None:
        self.server = server
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.errors: list[str] = []
        self.artifacts = artifacts
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" and not any(
            s in m.text for s in IGNORED_CONSOLE) else None)
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def open_notebook(self, path: str | Path, *, wait_for: str, timeout: float = 90.0) -> Any:
        src = Path(path)
        if not src.is_absolute():
            src = REPO / src
        name = f"{src.stem}-{uuid.uuid4().hex[:6]}.ipynb"
        shutil.copy(src, self.server.root / name)
        page = self.page
        page.goto(f"{self.server.url}/lab/tree/{name}?reset")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout * 1000)
        page.wait_for_function(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
            " return !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }", timeout=timeout * 1000)
        for attempt in range(2):
            # fire and forget: the command's promise waits for every cell (and forever without a kernel)
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            try:
                page.wait_for_selector(wait_for, timeout=timeout * 1000 / (2 - attempt), state="attached")
                break
            except Exception:
                if attempt == 1:
                    self.screenshot("open-failed")
                    raise
                page.wait_for_selector('[data-status="idle"]', timeout=timeout * 1000)
        return page

    def run_in_kernel(self, code: str, timeout: float = 30.0) -> str:
        js = """async ([code, ms]) => {
          const nb = window.jupyterapp.shell.currentWidget;
          const kernel = nb.sessionContext.session.kernel;
          let out = ""; let err = "";
          const future = kernel.requestExecute({ code, store_history: false });
          future.onIOPub = (msg) => {
            if (msg.header.msg_type === "stream") out += msg.content.text;
            if (msg.header.msg_type === "error") err += msg.content.ename + ": " + msg.content.evalue;
          };
          const late = new Promise((res) => setTimeout(() => res("timeout"), ms));
          if (await Promise.race([future.done.then(() => "done"), late]) === "timeout") err += "no answer in time";
          return { out, err };
        }"""
        res = self.page.evaluate(js, [code, int(timeout * 1000)])
        if res["err"]:
            raise AssertionError(f"kernel error: {res['err']}")
        return str(res["out"])

    def kernel_json(self, expr: str) -> Any:
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


@pytest.fixture(scope="session")
def xv_lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[XvLabServer]:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        _missing("jupyterlab is not installed")
    server = XvLabServer(tmp_path_factory.mktemp("xvlab"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def xv_chromium() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed")
    exe = os.environ.get("TABLETOP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        _missing("no chromium found")
    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
    except Exception as exc:
        pw.stop()
        _missing(f"chromium did not start: {exc}")
    try:
        yield browser
    finally:
        browser.close()
        pw.stop()


@pytest.fixture
def xv_lab(xv_lab_server: XvLabServer, xv_chromium: Any, request: pytest.FixtureRequest) -> Iterator[XvLab]:
    session = XvLab(xv_lab_server, xv_chromium, REPO / "test-artifacts" / "browser" / request.node.name)
    try:
        yield session
        session.assert_no_console_errors()
    finally:
        session.close()
