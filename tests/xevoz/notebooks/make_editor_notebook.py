"""Writes tests/xevoz/notebooks/xevoz_editor.ipynb: a live two-player Xevoz board with the teacher panel, at the start
of round 1 (the attack call), the position the editor browser test edits. Run:
python tests/xevoz/notebooks/make_editor_notebook.py"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser.fixtures import make_notebook

CELLS = [
    """from tabletop import xevoz
from tests.xevoz.helpers import battle

# Player 1 (Razorclaw) attacks from C3, Player 2 (Skull Jack) stands on D3: the attack call of round 1
game = battle()
board = xevoz.Board(game, teacher=True)
board""",
]

if __name__ == "__main__":
    out = Path(__file__).with_name("xevoz_editor.ipynb")
    out.write_text(json.dumps(make_notebook(CELLS), indent=1) + "\n")
    print(f"wrote {out}")
