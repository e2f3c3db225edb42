"""A board's own work per answer (issue 23, "answer at once"), measured without a kernel or JupyterLab: a script,
never a timed test.

``latency_bench.py`` times whole clicks in JupyterLab (the browser, the server, the kernel, the network stack, all
sharing the machine with whatever else runs on it); on a loaded machine its milliseconds move from one minute to the
next. This script times only what a board itself does for one move, each part replayed several times and the
fastest kept, so it compares versions steadily under load:

- **Python**: ``BoardWidget.handle_message`` of a click, until the move's message is sent (``Widget.send`` called):
  the time the click's answer waits in the kernel. ``--moves`` random legal moves (seeded), replayed ``--runs``
  times on fresh boards; per move the fastest run, then the median and mean over the moves.
- **the browser**: the same moves' messages (recorded from Python: the board's sync patches) fed to the board's
  real front end (kit.js + the game's board.js, the module the widget ships) in Chromium, with a stand-in model
  (get / set / on / send): per answer, from the message to the end of the redraw (the patch applied, the board
  redrawn: kit.js ``ttApplySync`` and ``draw``), and the kit's own parts of the redraw (the root's
  ``data-draw-ms``). Fastest of ``--runs`` fresh views per move, median over the moves.

    PYTHONPATH=$PWD/widgets .venv/bin/python benchmarks/answer_bench.py [--moves 40] [--runs 7]
        [--boards xevious xevoz zaxxon] [--repo PATH]

``--repo`` measures another checkout's widgets (e.g. an older commit, ``git archive <commit> | tar -x -C DIR``)
with the same moves.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>%s</style></head>
<body style="width:1300px"><div id="host"></div></body></html>"""

#: feed each move's messages to a fresh view of a stand-in model, ``runs`` times; per move the fastest answer
REPLAY_JS = r"""async ([esm, init, steps, runs]) => {
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const mod = await import(url);
  const per = steps.map(() => []);
  const parts = steps.map(() => []);
  for (let r = 0; r < runs; r++) {
    const host = document.getElementById("host");
    host.replaceChildren();
    const el = document.createElement("div");
    host.append(el);
    const state = JSON.parse(JSON.stringify(init));
    const handlers = {};
    const model = {
      get: (k) => state[k],
      set: (k, v) => { if (state[k] !== v) { state[k] = v; for (const f of handlers[`change:${k}`] || []) f(); } },
      on: (ev, f) => { (handlers[ev] = handlers[ev] || []).push(f); },
      off: () => {},
      send: () => {},
    };
    mod.default.render({ model, el });
    await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
    for (let i = 0; i < steps.length; i++) {
      const t0 = performance.now();
      for (const msg of steps[i]) {
        if (msg.method === "custom") { for (const f of handlers["msg:custom"] || []) f(msg.content); }
        else if (msg.method === "update" || msg.method === "echo_update") {
          for (const [k, v] of Object.entries(msg.state)) model.set(k, v);
        }
      }
      await Promise.resolve(); await Promise.resolve();  // the redraw: one microtask after the model's changes
      per[i].push(performance.now() - t0);
      const root = el.querySelector(".tt-root");
      if (root && root.dataset.drawMs) parts[i].push(JSON.parse(root.dataset.drawMs));
      await new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));  // the frame, as in a page
    }
  }
  return { per, parts };
}"""

DRAW_PARTS = ("total", "board", "drawn", "patched", "log", "side", "frame", "after")


def moves_of(board: Any, rng: random.Random, n: int) -> list[dict[str, Any]]:
    """``n`` messages a reader could send: a random legal move (Play again at game over, Bot move on a bot's turn)."""
    out = []
    for _ in range(n):
        legal = board.legal
        if not legal:
            msg = {"type": "again", "seed": "new"} if board.is_over else {"type": "bot"}
        else:
            msg = {"type": "act", "id": rng.choice(sorted(x["id"] for x in legal))}
        out.append(msg)
        board.handle_message({**msg, "version": board.version})
    return out


def python_times(board_cls: Any, seed: int, moves: int, runs: int) -> list[float]:
    """Per move, the fastest of ``runs`` replays: from the click's message to the answer's send (ms)."""
    script = moves_of(board_cls(seed=seed), random.Random(seed), moves)
    times: list[list[float]] = [[] for _ in script]
    for _ in range(runs):
        board = board_cls(seed=seed)
        sent: list[float] = []
        board.send = lambda msg, buffers=None, _s=sent: _s.append(time.perf_counter())
        for i, msg in enumerate(script):
            sent.clear()
            t0 = time.perf_counter()
            board.handle_message({**msg, "version": board.version})
            if msg["type"] == "act" and sent:
                times[i].append((sent[0] - t0) * 1000)
    return [min(t) for t in times if len(t) == runs]


def recorded(board_cls: Any, seed: int, moves: int) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """The board's first state and each move's messages (as the browser gets them)."""
    board = board_cls(seed=seed)
    sent: list[dict[str, Any]] = []
    send = board._send

    def _send(msg: dict[str, Any], buffers: Any = None) -> Any:
        sent.append(json.loads(json.dumps(msg)))
        return send(msg, buffers=buffers)

    board._send = _send
    init = json.loads(json.dumps(board.get_state()))
    steps: list[list[dict[str, Any]]] = []
    rng = random.Random(seed)
    for _ in range(moves):
        moves_of(board, rng, 1)
        steps.append(list(sent))
        sent.clear()
    return init, steps


def browser_times(board_cls: Any, seed: int, moves: int, runs: int, browser: Any) -> dict[str, Any]:
    init, steps = recorded(board_cls, seed, moves)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.set_content(PAGE % board_cls._css)
        r = page.evaluate(REPLAY_JS, [board_cls._esm, init, steps, runs])
    finally:
        page.close()
    fastest = [min(x) for x in r["per"] if x]
    parts = [{k: min(p.get(k, 0.0) for p in ps) for k in DRAW_PARTS} for ps in r["parts"] if ps]
    return {"ms": fastest, "parts": {k: statistics.median(p[k] for p in parts) for k in DRAW_PARTS}, "errors": errors}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=40, help="random moves per board (default 40)")
    ap.add_argument("--runs", type=int, default=7, help="replays; the fastest of them counts (default 7)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--boards", nargs="+", choices=["xevious", "xevoz", "zaxxon"], default=["xevious", "xevoz", "zaxxon"])
    ap.add_argument("--repo", type=Path, default=REPO, help="the checkout whose widgets are measured (default: this one)")
    ap.add_argument("--no-browser", action="store_true", help="Python only")
    args = ap.parse_args(argv)
    sys.path[:0] = [str(args.repo / "widgets"), str(REPO)]
    from tests.browser.fixtures import CHROMIUM_ARGS, find_chromium

    pw = browser = None
    if not args.no_browser:
        from playwright.sync_api import sync_playwright

        exe = find_chromium()
        if exe is None:
            print("no chromium found (apt-get install chromium, or set TABLETOP_CHROMIUM)", file=sys.stderr)
            return 2
        pw = sync_playwright().start()
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
    print(f"widgets from {args.repo / 'widgets'}; {args.moves} moves per board (seed {args.seed}), fastest of "
          f"{args.runs} runs per move; load average {os.getloadavg()[0]:.1f}\n")
    print("| board | Python, click to its answer sent: median ms | mean ms | browser, answer applied and redrawn: "
          "median ms | mean ms | redraw total | of it: the board | drawn | patched | log | moves + controls | frame |")
    print("| " + " | ".join(["---"] * 12) + " |")
    try:
        for game in args.boards:
            board_cls = importlib.import_module(f"tabletop.{game}.widget").Board
            py = python_times(board_cls, args.seed, args.moves, args.runs)
            row = f"| {game} | {statistics.median(py):.2f} | {statistics.mean(py):.2f} | "
            if browser is not None:
                b = browser_times(board_cls, args.seed, args.moves, args.runs, browser)
                p = b["parts"]
                row += (f"{statistics.median(b['ms']):.2f} | {statistics.mean(b['ms']):.2f} | {p['total']:.2f} | "
                        f"{p['board']:.2f} | {p['drawn']:.2f} | {p['patched']:.2f} | {p['log']:.2f} | {p['side']:.2f} | "
                        f"{p['frame']:.2f} |")
                if b["errors"]:
                    row += f" errors: {b['errors'][:2]}"
            else:
                row += " | | | | | | | | |"
            print(row, flush=True)
    finally:
        if browser is not None:
            browser.close()
        if pw is not None:
            pw.stop()
    print("\n(performance.now() is coarsened to 0.1 ms in a page without cross-origin isolation: the browser's figures "
          "are whole tenths, the medians over moves smooth that out.)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
