"""The start page reads well as a Voilà app (issue 20 item 8): it shows the progress map and a board, prints no
Python output and gives no instructions about cells; the engine examples it shows to programmers (as text) run."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "notebooks" / "00_start_here.ipynb"


def cells() -> list[dict[str, str]]:
    nb = json.loads(START.read_text(encoding="utf-8"))
    return [{"type": c["cell_type"], "src": "".join(c["source"])} for c in nb["cells"]]


def test_the_start_page_code_shows_widgets_and_prints_nothing() -> None:
    code = [c["src"] for c in cells() if c["type"] == "code"]
    assert any("ProgressMap()" in s for s in code), "the start page shows the progress map"
    assert any("Board(" in s for s in code), "the start page shows a live board"
    for s in code:
        assert "print(" not in s, f"a code cell prints (stray output in the app): {s[:80]!r}"
        last = s.strip().splitlines()[-1]
        assert re.fullmatch(r"[A-Za-z_][\w.]*(\(.*\))?", last), f"a code cell ends in {last!r}, not a widget"


def test_the_start_page_gives_no_instructions_about_cells() -> None:
    text = "\n".join(c["src"] for c in cells() if c["type"] == "markdown").lower()
    for phrase in ("run the cell", "run all cells", "run → run", "run the cells", "execute the cell", "shift+enter"):
        assert phrase not in text, f"the start page says {phrase!r}"
    assert "widgets/tabletop/" not in text, "the start page cites source paths"


def test_the_engine_examples_shown_to_programmers_run() -> None:
    text = "\n".join(c["src"] for c in cells() if c["type"] == "markdown")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 2
    ns: dict[str, object] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for b in blocks:
            exec(compile(b, str(START), "exec"), ns)  # noqa: S102 - the page's own examples
    printed = out.getvalue()
    assert "refused by" in printed and "the game is unchanged: True" in printed
    assert "after undo, unchanged again: True" in printed and "replays the same game: True" in printed
