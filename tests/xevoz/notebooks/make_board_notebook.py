"""Writes tests/xevoz/notebooks/xevoz_board.ipynb: a live two-player Xevoz board at a chop (Rulebook step 7), the
position the layout and accessibility browser tests measure. Run: python tests/xevoz/notebooks/make_board_notebook.py"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser.fixtures import make_notebook

CELLS = [
    """from tabletop import xevoz
from tests.xevoz.helpers import battle, round_

# Player 1 (Razorclaw) attacks from C3, calls WHITE and wins 9 against 3 (Skull Jack stands on D3): two chops
game = battle()
round_(game, "4a", "3a", "white")
board = xevoz.Board(game)
board""",
]

if __name__ == "__main__":
    out = Path(__file__).with_name("xevoz_board.ipynb")
    out.write_text(json.dumps(make_notebook(CELLS), indent=1) + "\n")
    print(f"wrote {out}")
