"""Two builds of the site side by side, visits interleaved in one run (so both see the same machine load): the
seconds from opening a page in a fresh browser (empty cache) to a board answering a click, each phase on the way
(the site test's: app loaded, notebook shown, kernel worker started, wasm instantiated, Pyodide's runtime up, wheels
installed, kernel idle, cells run, board drawn), and the bytes sent; then, in the same app, a second lesson opened (a
new kernel, the browser's cache warm) to its board answering a click.

    /work/main/.venv/bin/python site/bench.py OLD_SITE NEW_SITE [--rounds 2] [--page xevious/01_...ipynb]
        [--second zaxxon/01_...ipynb]

Prints one line per visit and the medians with the ratio new/old; the 1-minute load is printed beside each
visit. It drives the very code the site test uses (tests/browser/test_site_browser.py). A site built before
site/boot.mjs has no marks of its runtime and wheels: those phases print as "-".
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "widgets"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--page", default="xevious/01_pieces_and_preparations.ipynb")
    ap.add_argument("--second", default="zaxxon/01_mission_and_board.ipynb")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.browser.fixtures import CHROMIUM_ARGS, find_chromium
    from tests.browser.test_site_browser import (
        _HOOK,
        PHASES,
        Site,
        StaticServer,
        _current_scope,
        _phases,
        _play_a_move,
    )

    tmp = Path(tempfile.mkdtemp(prefix="site-bench-"))
    servers = {name: StaticServer(root.resolve(), tmp / f"{name}.log") for name, root in
               (("old", args.old), ("new", args.new))}
    got: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
    second: dict[str, list[float]] = {"old": [], "new": []}

    def fmt(ph: dict[str, float | None]) -> str:
        return ", ".join(f"{k} {'-' if ph.get(k) is None else format(ph[k], '.1f')}" for k in PHASES)

    def shown(s: Site, page: str) -> None:
        s.page.wait_for_function(
            "(p) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; return !!(w "
            "&& w.context && w.context.path === p && w.content && w.content.widgets.length); }",
            arg=page, timeout=300_000)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        try:
            for r in range(args.rounds):
                for name in (("old", "new") if r % 2 == 0 else ("new", "old")):
                    server = servers[name]
                    s = Site(server, browser)
                    server.mark()
                    t0 = time.time()
                    s.page.goto(f"{server.url}/lab/index.html?path={args.page}")
                    s.page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)",
                                             timeout=300_000)
                    t_app = time.time()
                    shown(s, args.page)
                    t_shown = time.time()
                    s.wait_idle(args.page)
                    t_idle = time.time()
                    s.page.evaluate(_HOOK)
                    s.run_all()
                    _play_a_move(s, _current_scope(s.page), args.page)
                    t_click = time.time()
                    d = server.downloads()
                    ph = _phases(s, t0, t_app, t_shown, t_idle, t_click)
                    got[name].append((t_click - t0, d["MB sent"]))
                    print(f"round {r + 1} {name} first visit: {fmt(ph)} s; {d['MB sent']} MB sent "
                          f"({d['MB of files']} MB of files, {d['requests']} requests), load {os.getloadavg()[0]:.1f}",
                          flush=True)
                    s.close_notebook()
                    t0 = time.time()
                    s.open(args.second)
                    t_shown = time.time()
                    s.wait_idle(args.second)
                    t_idle = time.time()
                    s.page.evaluate(_HOOK)
                    s.run_all()
                    _play_a_move(s, _current_scope(s.page), args.second)
                    t_click = time.time()
                    ph = _phases(s, t0, None, t_shown, t_idle, t_click)
                    second[name].append(t_click - t0)
                    print(f"round {r + 1} {name} opened in the app: {fmt(ph)} s; load {os.getloadavg()[0]:.1f}",
                          flush=True)
                    s.context.close()
        finally:
            browser.close()
            for server in servers.values():
                server.stop()
    med = {k: statistics.median(t for t, _ in v) for k, v in got.items()}
    med2 = {k: statistics.median(v) for k, v in second.items()}
    print(f"median first visit to a click answered: old {med['old']:.1f} s, new {med['new']:.1f} s, new/old "
          f"{med['new'] / med['old']:.2f}; MB sent: old {got['old'][0][1]}, new {got['new'][0][1]}")
    print(f"median lesson opened in the app to a click answered: old {med2['old']:.1f} s, new {med2['new']:.1f} s, "
          f"new/old {med2['new'] / med2['old']:.2f} ({args.rounds} rounds: a small sample)")


if __name__ == "__main__":
    main()
