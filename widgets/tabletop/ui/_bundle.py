"""Joining the kit's static files with a game's own JS/CSS into one anywidget module.

anywidget loads one ES module per widget class and cannot import sibling files, so Python concatenates:
``kit.js`` (helpers, the frame around every board) + ``chance.js`` (``drawDie``/``drawSpinner``/``drawFaces``) +
the game's ``board.js`` (which declares ``function renderBoard(ctx)``) + a one-line entry
``export default { render: <entry> }``. CSS is joined the same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

STATIC = Path(__file__).with_name("static")

#: set TABLETOP_UI_DEV=1 to re-read the JS/CSS files for every new widget (while editing them)
DEV = os.environ.get("TABLETOP_UI_DEV", "") not in ("", "0")


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def _read_cached(path: Path) -> str:
    return _read(path)


def read(path: str | Path) -> str:
    p = Path(path)
    if not p.is_absolute() and not p.exists():
        p = STATIC / p
    if not p.is_file():
        raise FileNotFoundError(f"tabletop.ui: static file not found: {p}")
    return _read(p) if DEV else _read_cached(p)


def join_js(parts: Iterable[str | Path], entry: str) -> str:
    chunks = []
    for part in parts:
        chunks.append(f"// ---- {Path(part).name} ----\n{read(part)}\n")
    chunks.append(f"export default {{ render: {entry} }};\n")
    return "\n".join(chunks)


def join_css(parts: Iterable[str | Path]) -> str:
    return "\n".join(f"/* ---- {Path(p).name} ---- */\n{read(p)}\n" for p in parts)
