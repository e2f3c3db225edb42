"""Issue 23, "answer at once", in real JupyterLab + Chromium: a board's moves reach the page as patches of its
model (``BoardWidget.send_state``), and every view of the model, one drawn later included, shows the complete
state, the same as a full sync: the version, the log's entries, the legal moves.

One notebook, three views: ``board`` shown twice (two views of one model, each gets every patch: applied once),
and ``late``, a board that moved in Python before any view of it existed (its patches had no view to apply them:
the view asks for the whole state when it is drawn). Not timed: ``benchmarks/latency_bench.py`` measures speed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fixtures import board_version, make_notebook

SETUP = """import os, sys
for p in (os.environ.get("TABLETOP_REPO", "."),):
    for q in (p, os.path.join(p, "widgets")):
        if q not in sys.path:
            sys.path.insert(0, q)"""

CELLS = [SETUP,
         "from tabletop.zaxxon.widget import Board\nboard = Board(seed=7)\nboard",
         "board",
         "late = Board(seed=3)\nfor _ in range(3):\n    late.play(late.game.legal_actions()[0])\nlate"]

#: what a view shows of its board: version, log entries (clause + words), the legal moves' ids, the prompt
SHOWN_JS = """(root) => ({
  version: Number(root.dataset.version),
  log: [...root.querySelectorAll('.tt-log-event')].map((e) => e.dataset.rule + ' ' +
    e.querySelector('.tt-log-text').textContent),
  legal: [...root.querySelectorAll('button.tt-action')].map((b) => b.dataset.actionId),
  prompt: (root.querySelector('.zx-prompt') || {}).textContent || '',
})"""

PY_SHOWN = """{'version': %(b)s.version,
 'log': [e['rule'] + ' ' + e['text'] for e in %(b)s.events if e['rule']],
 'legal': [e['id'] for e in %(b)s.legal][:30],
 'prompt': __import__('tabletop.zaxxon.widget', fromlist=['prompt']).prompt(%(b)s.game)}"""


def shown(page: Any, index: int) -> dict[str, Any]:
    return dict(page.eval_on_selector_all(".tt-board[data-game='zaxxon']", f"els => ({SHOWN_JS})(els[{index}])"))


@pytest.mark.browser
def test_every_view_of_a_patched_board_shows_what_a_full_sync_shows(lab: Any, tmp_path: Path) -> None:
    src = tmp_path / "patches.ipynb"
    src.write_text(json.dumps(make_notebook(CELLS)))
    page = lab.open_notebook(src, wait_for=".tt-board[data-game='zaxxon'] button.tt-action", timeout=120)
    page.wait_for_function("document.querySelectorAll(\".tt-board[data-game='zaxxon'] .zx-prompt\").length === 3",
                           timeout=60_000)
    late = lab.kernel_json(PY_SHOWN % {"b": "late"})
    page.wait_for_function(f"Number(document.querySelectorAll(\".tt-board[data-game='zaxxon']\")[2].dataset.version)"
                           f" === {late['version']}", timeout=30_000)
    assert shown(page, 2) == late, "the board that moved before it was shown: the view shows its whole state"

    first = ".tt-board[data-game='zaxxon'] >> nth=0"
    for _ in range(4):
        before = board_version(page, first)
        page.locator(f"{first} >> button.tt-action >> nth=0").click()
        page.wait_for_function(
            "(v) => [...document.querySelectorAll(\".tt-board[data-game='zaxxon']\")].slice(0, 2)"
            ".every((r) => Number(r.dataset.version) > v && !r.dataset.pending)", arg=before, timeout=30_000)
        py = lab.kernel_json(PY_SHOWN % {"b": "board"})
        one, two = shown(page, 0), shown(page, 1)
        assert one == py, "the clicked view shows what Python holds"
        assert two == py, "the other view of the same model shows it too (each patch applied once)"
