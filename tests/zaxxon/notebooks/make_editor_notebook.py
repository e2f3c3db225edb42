"""Writes tests/zaxxon/notebooks/zaxxon_editor.ipynb: the board of zaxxon_board.ipynb (blue to move after a WHITE
spin, plane #1 High on C9, plane #2 Low on D7) with the teacher panel on, for the position editor's browser test.
Run: python tests/zaxxon/notebooks/make_editor_notebook.py"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser.fixtures import make_notebook

CELLS = [
    """from tabletop.zaxxon import Board

board = Board(seed=5, variant={"scenario": "outer"}, teacher=True)
board.rig(die=[5, 6], spinner="WHITE")
board.play("roll both dice")
board.play("spin the spinner")
board""",
]

if __name__ == "__main__":
    out = Path(__file__).with_name("zaxxon_editor.ipynb")
    out.write_text(json.dumps(make_notebook(CELLS), indent=1) + "\n")
    print(f"wrote {out}")
