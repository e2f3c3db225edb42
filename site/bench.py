"""Two builds of the site side by side, first visits interleaved in one run (so both see the same machine load):
the seconds from opening a page in a fresh browser (empty cache) to a board answering a click, and the bytes sent.

    /work/main/.venv/bin/python site/bench.py OLD_SITE NEW_SITE [--rounds 2] [--page xevious/01_...ipynb]

Prints one line per visit and the medians with the ratio new/old; the 1-minute load is printed beside each
visit. It drives the very code the site test uses (tests/browser/test_site_browser.py).
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
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.browser.fixtures import CHROMIUM_ARGS, find_chromium
    from tests.browser.test_site_browser import Site, StaticServer, _current_scope, _play_a_move

    tmp = Path(tempfile.mkdtemp(prefix="site-bench-"))
    servers = {name: StaticServer(root.resolve(), tmp / f"{name}.log") for name, root in
               (("old", args.old), ("new", args.new))}
    got: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
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
                    s.page.wait_for_function(
                        "(p) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; return !!(w "
                        "&& w.context && w.context.path === p && w.content && w.content.widgets.length); }",
                        arg=args.page, timeout=300_000)
                    s.wait_idle(args.page)
                    t_idle = time.time() - t0
                    s.run_all()
                    _play_a_move(s, _current_scope(s.page), args.page)
                    dt = time.time() - t0
                    d = server.downloads()
                    got[name].append((dt, d["MB sent"]))
                    print(f"round {r + 1} {name}: kernel idle {t_idle:.1f} s, click answered {dt:.1f} s, "
                          f"{d['MB sent']} MB sent ({d['MB of files']} MB of files, {d['requests']} requests), "
                          f"load {os.getloadavg()[0]:.1f}", flush=True)
                    s.context.close()
        finally:
            browser.close()
            for server in servers.values():
                server.stop()
    med = {k: statistics.median(t for t, _ in v) for k, v in got.items()}
    print(f"median click answered: old {med['old']:.1f} s, new {med['new']:.1f} s, new/old {med['new'] / med['old']:.2f}"
          f"; MB sent: old {got['old'][0][1]}, new {got['new'][0][1]}")


if __name__ == "__main__":
    main()
