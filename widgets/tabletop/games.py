"""The registry of games. Each game is a subpackage exposing the same names:

``new_game(*, seed=None, variant=None, players=None, rig=None) -> Game``, ``load(data) -> Game``, ``Rules`` (its
rules class), ``Variant``, ``BOTS`` (name -> bot class) and, imported lazily, ``Board`` (its anywidget).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from .engine import Rules, coverage, load_catalog

#: game id -> module path, in the order the start-here notebook lists them
GAMES: dict[str, str] = {
    "xevious": "tabletop.xevious",
    "xevoz": "tabletop.xevoz",
    "zaxxon": "tabletop.zaxxon",
}


def get(name: str) -> ModuleType:
    """The game module for ``name`` ("xevious", "xevoz" or "zaxxon")."""
    if isinstance(name, ModuleType):
        return name
    try:
        path = GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; games: {', '.join(GAMES)}") from None
    return importlib.import_module(path)


def available() -> list[str]:
    """The games whose packages are installed (all three once every game has landed)."""
    out = []
    for name, path in GAMES.items():
        try:
            importlib.import_module(path)
        except ModuleNotFoundError as exc:
            if exc.name != path:
                raise
            continue
        out.append(name)
    return out


def all_rules() -> list[Rules[Any]]:
    return [get(n).Rules() for n in available()]


def catalog_report(root: Path | str = ".") -> str:
    """A Markdown table per game: clause -> tests that name it -> notebooks that teach it."""
    root = Path(root)
    tests = sorted((root / "tests").rglob("*.py"))
    nbs = sorted(p for p in (root / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    lines: list[str] = []
    for rules in all_rules():
        if rules.catalog_path is None:
            continue
        cat = load_catalog(rules.catalog_path)
        cov = coverage(cat, tests, nbs)
        lines += [f"## {cat.title} ({len(cat.clauses)} clauses)", "", "| clause | title | tests | notebooks |",
                  "|---|---|---|---|"]
        for c in cat.clauses:
            t = ", ".join(Path(f).name for f in cov[c.id]["tests"]) or "**none**"
            n = ", ".join(Path(f).name for f in cov[c.id]["notebooks"]) or "-"
            mark = " (reconstruction)" if c.reconstruction else ""
            lines.append(f"| `{c.id}` | {c.title}{mark} | {t} | {n} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(catalog_report(sys.argv[1] if len(sys.argv) > 1 else "."))
