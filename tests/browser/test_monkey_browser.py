"""A monkey test (issue 23): random clicks, keys and window sizes on every game's board and on lessons, in real
JupyterLab + Chromium, for a bounded number of events.

Afterwards: no JavaScript console error (the ``lab`` fixture fails the test on any), no Python exception in the
kernel (every ERROR record logged there is caught: a widget message handler that raised would be logged by the
comm manager), the notebook still has its cells as they were (no key reached JupyterLab's notebook shortcuts), and
every board's game still saves, loads and replays to the same position.

The run is seeded: ``TABLETOP_MONKEY_SEED`` replays one (default: a new seed each run, printed, and written with
every event into the test's artifacts, so any failure can be reproduced). Each run plays every game's plain board
and one lesson per game, picked by the seed (over runs, every lesson is visited); ``TABLETOP_MONKEY_EVENTS`` sets
the events per widget (default 30).
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import make_notebook

pytestmark = pytest.mark.browser

GAMES = ("xevious", "xevoz", "zaxxon")
SIZES = [(1280, 720), (1920, 1080), (1024, 700), (1400, 1000)]
#: keys a learner may press: the board's own, and the notebook shortcuts a stray key must never reach
KEYS = ["Tab", "Shift+Tab", "Enter", " ", "Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home",
        "End", "r", "m", "x", "a", "b", "c", "v", "y", "z", "j", "k", "1", "2", "3", "n", "p", "h", "?"]
#: what the monkey clicks: anything a pointer can act on inside a board or lesson
#: (links are left out: following one, such as a lesson's "Next lesson", leaves this notebook, as it should)
CLICKABLE = ("button:not([disabled]), [role=button], summary, select, input, [data-tt-action], "
             "g.tt-target, .tt-hex, g[tabindex], [tabindex='0']")

SETUP = r'''
import logging, sys, traceback
class _Caught(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.seen = []
    def emit(self, record):  # once per record, though it reaches several loggers' handlers as it propagates
        if getattr(record, "_tt_caught", False):
            return
        record._tt_caught = True
        self.seen.append(record.getMessage() + ("\n" + "".join(traceback.format_exception(*record.exc_info))
                                                if record.exc_info else ""))
CAUGHT = _Caught()
for _name in ("", "Comm", "comm", "ipykernel", "ipykernel.comm", "IPKernelApp", "traitlets", "anywidget"):
    logging.getLogger(_name).addHandler(CAUGHT)
try:  # the kernel's own (traitlets) logger, which need not propagate to the root one
    from ipykernel.kernelapp import IPKernelApp
    IPKernelApp.instance().log.addHandler(CAUGHT)
except Exception:
    pass
'''


def _cells(lessons: dict[str, str]) -> list[str]:
    cells = [SETUP]
    for game in GAMES:
        cells.append(f"from tabletop.{game}.widget import Board as _B\nboard_{game} = _B(seed=7)\nboard_{game}")
        cells.append(f"from tabletop.{game}.widget import walkthrough as _w\nwalk_{game} = _w({lessons[game]!r})\n"
                     f"walk_{game}")
    return cells


def _lessons(rng: random.Random) -> dict[str, str]:
    from tabletop.xevious.lessons import LESSONS as XV
    from tabletop.xevoz.lessons import LESSONS as XZ
    from tabletop.zaxxon.lessons import LESSONS as ZX

    return {game: rng.choice(sorted(table)) for game, table in (("xevious", XV), ("xevoz", XZ), ("zaxxon", ZX))}


#: the widgets' outermost elements in the notebook, in order (a lesson holds its board)
ROOTS = ("[...document.querySelectorAll('.jp-OutputArea-output .tt-walkthrough, .jp-OutputArea-output .tt-board')]"
         ".filter((el) => !el.parentElement.closest('.tt-walkthrough'))")
#: pick a target inside widget ``i`` (random numbers from Python's seeded generator): an element a pointer can act
#: on, or any point of the widget; scrolled into view; its centre, and a few words saying what it is
PICK_JS = """([i, r1, r2, r3, sel]) => {
  const root = (__ROOTS__)[i]; if (!root) return null;
  const items = [...root.querySelectorAll(sel)].filter((el) => { const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden'; });
  let el = root, x = r2, y = r3;
  if (items.length && r1 < 0.8) { el = items[Math.floor(r1 / 0.8 * items.length)]; x = 0.5; y = 0.5; }
  el.scrollIntoView({block: 'center', inline: 'nearest'});
  const b = el.getBoundingClientRect();
  const top = Math.max(b.top, 0), bottom = Math.min(b.bottom, innerHeight);
  const words = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('class') || el.tagName);
  return {x: b.left + x * b.width, y: top + y * Math.max(bottom - top, 1), what: el.tagName.toLowerCase() + ' '
          + words.trim().replace(/\\s+/g, ' ').slice(0, 40)};
}""".replace("__ROOTS__", ROOTS)
#: focus a random focusable element of widget ``i`` (or leave the focus where the last click put it)
FOCUS_JS = """([i, r]) => {
  const root = (__ROOTS__)[i]; if (!root) return null;
  const items = [...root.querySelectorAll('button, [tabindex], summary, select, input')]
    .filter((el) => el.getBoundingClientRect().width > 0 && !el.disabled);
  const now = document.activeElement;
  const inside = now && (__ROOTS__).some((w) => w.contains(now));
  if (inside && r >= 0.5) return 'kept ' + now.tagName.toLowerCase() + ' ' + (now.getAttribute('class') || '').slice(0, 30);
  if (!items.length) return null;
  const el = items[Math.floor((r % 0.5) / 0.5 * items.length)]; el.focus();
  if (document.activeElement !== el) return null;  // it takes no focus now (hidden, inert): no key is pressed
  return el.tagName.toLowerCase() + ' ' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
}""".replace("__ROOTS__", ROOTS)
#: where each key went, as the page saw it arrive: the element it reached, inside a widget or not, guarded or not
KEYLOG_JS = """() => { if (window.ttMonkeyKeys) return; window.ttMonkeyKeys = [];
  document.addEventListener('keydown', (ev) => { const t = ev.target; const el = t instanceof Element ? t : null;
    window.ttMonkeyKeys.push({key: ev.key, to: el ? el.tagName.toLowerCase() + ' '
      + (el.getAttribute('aria-label') || el.getAttribute('class') || '').slice(0, 40) : String(t),
      inside: !!el && (__ROOTS__).some((w) => w.contains(el)),
      guarded: !!el && el.hasAttribute('data-lm-suppress-shortcuts')}); }, true); }""".replace("__ROOTS__", ROOTS)
LAST_KEY_JS = "() => (window.ttMonkeyKeys || []).slice(-1)[0] || null"
CELLS_JS = ("() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map((c) => c.classList.contains("
            "'jp-CodeCell') ? 'code' : c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw')")


def _event(page: Any, i: int, rng: random.Random, log: list[dict[str, Any]]) -> None:
    roll = rng.random()
    if roll < 0.08:
        w, h = rng.choice(SIZES)
        page.set_viewport_size({"width": w, "height": h})
        log.append({"size": [w, h]})
    elif roll < 0.4:
        key = rng.choice(KEYS)
        # a key pressed in a board or lesson: where the last click left the focus, or on one of its controls (a key
        # pressed while JupyterLab itself has the focus is JupyterLab's, not the board's)
        where = page.evaluate(FOCUS_JS, [i, rng.random()])
        if where is not None:
            page.keyboard.press(key)
            log.append({"key": key, "focus": where, "went": page.evaluate(LAST_KEY_JS)})
    else:
        target = page.evaluate(PICK_JS, [i, rng.random(), rng.random(), rng.random(), CLICKABLE])
        if target is not None:
            page.mouse.click(target["x"], target["y"])
            log.append({"click": target["what"]})


def test_monkey_clicks_keys_and_sizes_break_nothing(lab: Any, tmp_path: Path) -> None:
    seed = int(os.environ.get("TABLETOP_MONKEY_SEED") or random.SystemRandom().randrange(1, 10**9))
    per_widget = int(os.environ.get("TABLETOP_MONKEY_EVENTS") or 30)
    rng = random.Random(seed)
    lessons = _lessons(rng)
    print(f"monkey seed {seed} (replay: TABLETOP_MONKEY_SEED={seed}); lessons {lessons}")
    nb = tmp_path / "monkey.ipynb"
    nb.write_text(json.dumps(make_notebook(_cells(lessons))))
    page = lab.open_notebook(nb, wait_for=".tt-walkthrough")
    page.wait_for_function("() => document.querySelectorAll('.tt-walkthrough').length === 3", timeout=90_000)
    cells_before = page.evaluate(CELLS_JS)
    page.evaluate(KEYLOG_JS)
    # the catch works: an error logged where the comm manager logs a handler's exception is seen, then cleared
    assert lab.kernel_json("(logging.getLogger('Comm').error('probe'), CAUGHT.seen.pop())[1]") == "probe"
    log: list[dict[str, Any]] = []
    assert page.evaluate(f"() => ({ROOTS}).length") == 6
    t0 = time.perf_counter()
    changed: list[dict[str, Any]] = []
    try:
        for i in range(6):
            log.append({"widget": i})
            for _ in range(per_widget):
                _event(page, i, rng, log)
                if "key" in log[-1] and page.evaluate(CELLS_JS) != cells_before and not changed:
                    changed.append(log[-1])  # the first key that reached the notebook: reported below
                page.wait_for_timeout(rng.choice((0, 30, 120)))
        page.set_viewport_size({"width": 1400, "height": 1000})
        page.keyboard.press("Escape")
        # the notebook's own tab again, should anything have opened another (the kernel is asked through it)
        page.evaluate("(name) => { const app = window.jupyterapp; for (const w of app.shell.widgets('main')) "
                      "{ if (w.context && w.context.path.endsWith(name)) { app.shell.activateById(w.id); } } }",
                      lab.notebook)
        # let Python answer every message, then look at what happened
        page.wait_for_timeout(1500)
        caught = lab.kernel_json("CAUGHT.seen")
        cells_after = page.evaluate(CELLS_JS)
        lab.run_in_kernel("from tabletop.engine import Game as _G")
        replay = lab.kernel_json(
            "[(g.rules.name, _G.load(g.rules, g.save()).digest() == g.digest()) for g in (board_xevious.game, "
            "board_xevoz.game, board_zaxxon.game, walk_xevious.game, walk_xevoz.game, walk_zaxxon.game)]")
    finally:
        lab.artifacts.mkdir(parents=True, exist_ok=True)
        (lab.artifacts / "monkey.json").write_text(json.dumps({"seed": seed, "lessons": lessons, "events": log},
                                                             indent=0))
    print(f"monkey: {len(log)} events in {time.perf_counter() - t0:.0f} s")
    assert caught == [], f"seed {seed}: Python errors in the kernel: {caught[:3]}"
    # every key the page saw arrive at an element of a widget found that element guarded (data-lm-suppress-shortcuts
    # on the element itself: JupyterLab tests the focused element's own selectors first)
    unguarded = [e for e in log if e.get("went") and e["went"]["inside"] and not e["went"]["guarded"]]
    assert not unguarded, f"seed {seed}: keys reached unguarded elements of a widget: {unguarded[:3]}"
    assert not changed and cells_after == cells_before, (
        f"seed {seed}: a key reached the notebook ({changed}): its cells {cells_before} became {cells_after}")
    assert replay and all(ok for _, ok in replay), f"seed {seed}: a game no longer loads from its save: {replay}"
    assert not lab.errors, f"seed {seed}: console errors: {lab.errors[:3]}"
