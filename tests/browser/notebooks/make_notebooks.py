"""Writes the small notebooks the browser tests open (run it after editing; they are committed without outputs)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

HERE = Path(__file__).parent

SETUP = """import os, sys
# the browser-test server puts the repository on PYTHONPATH; this also works when opened by hand from the repo
for p in (os.environ.get("TABLETOP_REPO", "../../.."),):
    for q in (p, os.path.join(p, "widgets")):
        if q not in sys.path:
            sys.path.insert(0, q)"""

ECHO = '''import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    """Baseline: the smallest kernel round trip (click -> Python sets a trait -> redraw)."""
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button"); b.className = "echo-btn";
      let t0 = 0; const times = [];
      const upd = () => { b.textContent = `echo ${model.get("value")}`;
        if (t0) { times.push(performance.now() - t0); b.dataset.rtts = JSON.stringify(times); t0 = 0; } };
      b.onclick = () => { t0 = performance.now(); model.send({ action: "inc" }); };
      model.on("change:value", upd); upd(); el.append(b);
    } };"""
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda w, c, b: setattr(self, "value", self.value + 1))

echo = Echo()
echo'''

NOTEBOOKS = {
    "pig_board.ipynb": [
        SETUP,
        "from tests.ui.pigboard import PigBoard\n\nboard = PigBoard(seed=3)\nboard",
        ECHO,
    ],
    "teacher.ipynb": [
        SETUP,
        "from tests.ui.pigboard import PigBoard\n\nboard = PigBoard(seed=3, teacher=True)\nboard",
    ],
    "chance.ipynb": [
        SETUP,
        'from tabletop.ui import ChanceWidget\n\ndie = ChanceWidget(kind="die", seed=5, title="Test die")\ndie',
        'spinner = ChanceWidget(kind="spinner", seed=7, title="Zaxxon spinner")\nspinner.rig("BLUE")\nspinner',
        'helix = ChanceWidget(kind="faces", seed=2, title="Helix", faces=[{"value": i, "label": f"glyph {i}", '
        '"detail": "gold" if i < 3 else "silver"} for i in range(1, 7)])\nhelix',
    ],
    "strong_bot.ipynb": [
        SETUP,
        """from tabletop.xevoz.widget import walkthrough

# the hand-over: the task's hints, then the strong player's moves; the lesson's bot seat played by the search bot
walk = walkthrough("02", teacher=True, bots="mcts:60")
walk.your_turn()
walk""",
    ],
    "walkthrough.ipynb": [
        SETUP,
        """from tabletop.ui import Step, Walkthrough
from tabletop.engine import Game
from tests.kit.pig import PigRules
from tests.ui.pigboard import PigBoard

steps = [
    Step("Setup", "Both players start with **0 points** (`pig.setup`).", rules=["pig.setup"]),
    Step("Rolling", "Roll: anything but a 1 goes into the pot (`pig.roll`). We rig a **5**.",
         rig={"die": [5]}, actions=["roll"], rules=["pig.roll"]),
    Step("Holding", "Hold to bank the pot (`pig.hold`).", actions=["hold"], rules=["pig.hold"]),
]
walk = Walkthrough(steps, board=PigBoard, new_game=lambda: Game(PigRules(), seed=1))
walk""",
    ],
}


def notebook(cells: list[str]) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": uuid.uuid5(uuid.NAMESPACE_URL, src).hex[:8],
                   "metadata": {}, "outputs": [], "source": src} for src in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


if __name__ == "__main__":
    for name, cells in NOTEBOOKS.items():
        (HERE / name).write_text(json.dumps(notebook(cells), indent=1) + "\n")
        print("wrote", name)
