"""The registry of games. Each game is a subpackage exposing the same names:

``new_game(*, seed=None, variant=None, players=None, rig=None) -> Game``, ``load(data) -> Game``, ``Rules`` (its
rules class), ``Variant``, ``BOTS`` (name -> bot class) and, imported lazily, ``Board`` (its anywidget).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .engine import Rules

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
