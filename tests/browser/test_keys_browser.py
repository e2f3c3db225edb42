"""No key pressed inside a kit widget reaches JupyterLab's notebook shortcuts (issue 20, item 7).

JupyterLab's command-mode bindings (``r`` to Raw, ``m`` to Markdown, ``x`` cut, ``a``/``b`` insert, ``z`` undo, ``j``/``k``
and the arrows move, ``Shift+M`` merge, ...) match the focused element's own ``:focus`` selector, so a
``data-lm-suppress-shortcuts`` on a widget's root guarded only the root: with focus on the Undo button, the
"why not" message, a ``<summary>`` of the log or a hex, ``r`` turned the board's cell into a Raw cell.

This test opens one notebook with a board of every game (seed 7), a teacher panel, a lesson walkthrough (panel +
board) and a chance widget. On one element of every kind in each (widget root, refusal message, buttons, summaries
of the log, hexes and parts with a tabindex, inputs, selects, textareas; kinds that appear later included) it
presses, through Chromium's real input pipeline, every letter (plain and with Shift), every digit and the four
arrows; then on EVERY focusable element (zaxxon: ~370) it dispatches the same keys in the page (keydown + keyup
with Lumino's keyCode: 130 000 events in ~10 s, where real presses take ~1 s per element). Keys the kit handles do what they do (a digit plays a listed move, ``u`` undoes, ``b``
asks for a bot move): the board changes under the keys, as it does for a reader. Checked throughout: JupyterLab
runs no command at all for these keys (its ``commandExecuted`` signal, with the key and the element that had
focus), and after each widget every cell is still there and still a code cell, and every widget still renders.
"""

from __future__ import annotations

import json
import string
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import make_notebook

SETUP = """import os, sys
for p in (os.environ.get("TABLETOP_REPO", "../../.."),):
    for q in (p, os.path.join(p, "widgets")):
        if q not in sys.path:
            sys.path.insert(0, q)"""

#: (name, code of its cell, a selector that shows the widget rendered)
WIDGETS = [
    ("xevious", "from tabletop.xevious import Board as XeviousBoard\nxevious = XeviousBoard(seed=7)\nxevious",
     ".tt-board[data-game='xevious'] .tt-stage > *"),
    ("xevoz", "from tabletop.xevoz import Board as XevozBoard\nxevoz = XevozBoard(seed=7)\nxevoz",
     ".tt-board[data-game='xevoz'] .tt-stage > *"),
    ("zaxxon", "from tabletop.zaxxon import Board as ZaxxonBoard\nzaxxon = ZaxxonBoard(seed=7)\nzaxxon",
     ".tt-board[data-game='zaxxon'] .tt-stage > *"),
    ("teacher", "from tests.ui.pigboard import PigBoard\nteacher = PigBoard(seed=3, teacher=True)\nteacher",
     ".tt-board[data-game='pig'] .tt-teacher"),
    ("lesson", "from tabletop.zaxxon.widget import walkthrough\nlesson = walkthrough('06')\nlesson",
     ".tt-walk .tt-walk-next"),
    ("chance", "from tabletop.ui import ChanceWidget\ndie = ChanceWidget(kind='die', seed=5, title='Die')\ndie",
     ".tt-chance .tt-roll"),
]
PLAIN = string.ascii_lowercase + string.digits
SHIFTED = [f"Shift+{c}" for c in string.ascii_uppercase]
ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]

#: in the page: record every JupyterLab command run, with the last key pressed and where focus was
INSTALL_JS = """() => {
  if (window.__ttKeys) return;
  window.__ttKeys = { cmds: [], key: "" };
  const where = (el) => !el ? "?" : `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className)
    .trim().split(/\\s+/).join(".")}${el.dataset && el.dataset.focus ? `[data-focus=${el.dataset.focus}]` : ""}`;
  window.addEventListener("keydown", (ev) => {
    window.__ttKeys.key = `${ev.shiftKey ? "Shift+" : ""}${ev.key} on ${where(ev.target)}`;
  }, true);
  window.jupyterapp.commands.commandExecuted.connect((_, args) => {
    window.__ttKeys.cmds.push(`${args.id} (after key ${window.__ttKeys.key})`);
  });
}"""

FOCUSABLE = "button, [tabindex], a[href], input, select, textarea, summary"

#: in the page: the focusable elements (visible, enabled) of cell i's output, each with its kind (tag and first
#: class): `kind` given -> focus the first element of that kind
FOCUS_JS = """([i, kind, sel]) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
  const out = cell && cell.node.querySelector(".jp-OutputArea");
  const roots = out ? [...out.querySelectorAll(ROOTS)] : [];
  const els = roots.flatMap((r) => [r, ...r.querySelectorAll(sel)]).filter((el) => {
    if (el.disabled || el.closest("[hidden]")) return false;
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0;
  });
  const kindOf = (el) => [el.tagName.toLowerCase(), String(el.className.baseVal ?? el.className).trim().split(/\\s+/)[0]].join(".");
  const kinds = [...new Set(els.map(kindOf))];
  let focused = false;
  if (kind !== null) {
    const el = els.find((e) => kindOf(e) === kind);
    if (el) { el.scrollIntoView({ block: "nearest" }); el.focus({ preventScroll: true }); focused = document.activeElement === el; }
  }
  return { n: els.length, kinds, focused, cmds: window.__ttKeys.cmds };
}"""

#: in the page: on EVERY focusable element of cell i's output, focus it and dispatch keydown + keyup of each key
#: (Lumino reads keyCode, which a synthetic event must be given); returns how many elements and events
SYNTHETIC_JS = """([i, sel, keys]) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
  const out = cell.node.querySelector(".jp-OutputArea");
  const els = [...out.querySelectorAll(ROOTS)].flatMap((r) => [r, ...r.querySelectorAll(sel)])
    .filter((el) => !el.disabled && el.isConnected);
  let events = 0, focused = 0;
  for (const el of els) {
    if (!el.isConnected) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement !== el) continue;
    focused += 1;
    for (const [key, code, keyCode, shiftKey] of keys) {
      for (const type of ["keydown", "keyup"]) {
        const ev = new KeyboardEvent(type, { key, code, shiftKey, bubbles: true, cancelable: true, composed: true });
        Object.defineProperty(ev, "keyCode", { get: () => keyCode });
        Object.defineProperty(ev, "which", { get: () => keyCode });
        (document.activeElement || el).dispatchEvent(ev);
        events += 1;
      }
    }
  }
  return { elements: els.length, focused, events, cmds: window.__ttKeys.cmds };
}"""

#: the widgets' roots: the kit's, and a plain ipywidgets layout guarded by tabletop.ui.guard
ROOTS = ".tt-root, .tt-shortcut-guard"
FOCUS_JS = FOCUS_JS.replace("ROOTS", repr(ROOTS))
SYNTHETIC_JS = SYNTHETIC_JS.replace("ROOTS", repr(ROOTS))

CELLS_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((w) => w.model.type)"""


def _synthetic_keys() -> list[tuple[str, str, int, bool]]:
    keys = [(c, f"Key{c.upper()}", ord(c.upper()), False) for c in string.ascii_lowercase]
    keys += [(c, f"Key{c}", ord(c), True) for c in string.ascii_uppercase]
    keys += [(d, f"Digit{d}", ord(d), False) for d in string.digits]
    keys += [(a, a, code, False) for a, code in zip(ARROWS, (38, 40, 37, 39), strict=True)]
    return keys


def _press_everywhere(page: Any, i: int, name: str) -> tuple[int, int]:
    """Every key on the widgets of cell ``i``: real presses on one element of each kind (kinds that appear while
    the keys play moves included), then dispatched on every focusable element. Fails on any JupyterLab command."""
    done: set[str] = set()
    while True:
        got = page.evaluate(FOCUS_JS, [i, None, FOCUSABLE])
        assert got["cmds"] == [], f"{name}: JupyterLab ran commands: {got['cmds']}"
        todo = [k for k in got["kinds"] if k not in done]
        if not todo:
            break
        done.add(todo[0])
        if not page.evaluate(FOCUS_JS, [i, todo[0], FOCUSABLE])["focused"]:
            continue
        page.keyboard.type(PLAIN)
        for key in SHIFTED + ARROWS:
            page.keyboard.press(key)
    syn = page.evaluate(SYNTHETIC_JS, [i, FOCUSABLE, _synthetic_keys()])
    assert syn["cmds"] == [], f"{name}: JupyterLab ran commands: {syn['cmds']}"
    assert syn["focused"] > 0, f"{name}: no element took focus"
    page.wait_for_timeout(300)
    return len(done), int(syn["focused"])


@pytest.mark.browser
def test_no_key_inside_a_widget_reaches_the_notebook(lab: Any, tmp_path: Path) -> None:
    nb = tmp_path / "keys.ipynb"
    nb.write_text(json.dumps(make_notebook([SETUP, *(code for _, code, _ in WIDGETS)])))
    page = lab.open_notebook(nb, wait_for=WIDGETS[-1][2])
    for _, _, sel in WIDGETS:
        page.wait_for_selector(sel, state="attached")
    page.wait_for_timeout(1500)  # the bots' first replies (paced) and the lesson's first step
    page.evaluate(INSTALL_JS)
    cells = ["code"] * (len(WIDGETS) + 1)
    assert page.evaluate(CELLS_JS) == cells

    # a refusal on the board first, so the "why not" message is one of the focusable elements (the case)
    page.click(".tt-board[data-game='xevoz'] button.tt-undo")
    page.wait_for_selector(".tt-board[data-game='xevoz'] .tt-error[data-rule='ui.undo']")

    t0 = time.time()
    for i, (name, _, _sel) in enumerate(WIDGETS, start=1):
        kinds, elements = _press_everywhere(page, i, name)
        assert page.evaluate(CELLS_JS) == cells, f"after {name}: a cell changed"
        for other, _, shown in WIDGETS:
            assert page.query_selector(shown) is not None, f"after {name}: the {other} widget is gone"
        print(f"{name}: keys pressed on {kinds} kinds of element, dispatched on {elements} elements "
              f"({time.time() - t0:.0f} s)", flush=True)
    page.wait_for_timeout(800)  # a late shortcut (a key sequence such as "d d" fires on a timer) would show now
    assert page.evaluate("() => window.__ttKeys.cmds") == []
    assert page.evaluate(CELLS_JS) == cells
    lab.screenshot("keys-after")


@pytest.mark.browser
def test_no_key_inside_the_guarded_variant_lab_reaches_the_notebook(lab: Any, tmp_path: Path) -> None:
    """The variant lab is plain ipywidgets (sliders, dropdowns, checkboxes, buttons): ``m`` on a slider handle
    turned its cell into Markdown. ``tabletop.ui.guard.guard(box)`` guards such a layout like a kit widget."""
    code = ("from tabletop.lab import Lab\nfrom tabletop.ui.guard import guard\n"
            "lab = Lab('zaxxon')\nguard(lab.widget)\nlab")
    nb = tmp_path / "lab_keys.ipynb"
    nb.write_text(json.dumps(make_notebook([SETUP, code])))
    page = lab.open_notebook(nb, wait_for=".tt-shortcut-guard [data-guarded='1']")
    page.wait_for_selector(".tt-shortcut-guard [role='slider']")
    page.evaluate(INSTALL_JS)
    kinds, elements = _press_everywhere(page, 1, "lab")
    assert elements >= 10
    page.wait_for_timeout(800)
    assert page.evaluate("() => window.__ttKeys.cmds") == []
    assert page.evaluate(CELLS_JS) == ["code", "code"]
    assert page.query_selector(".tt-shortcut-guard [role='slider']") is not None
