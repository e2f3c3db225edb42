"""Tabletop Arcade: rules engines, Jupyter widgets and a variant lab for three retro tabletop games.

    >>> from tabletop import zaxxon
    >>> game = zaxxon.new_game(seed=1)
    >>> game.legal_actions()[:3]

Importing ``tabletop`` is cheap: games, widgets and plotly load only when used.
"""

from __future__ import annotations

from typing import Any

from .engine import Action, Event, Game, IllegalAction, RigError, SaveError

__version__ = "0.1.0"

__all__ = ["Action", "EarlyStop", "Event", "Game", "IllegalAction", "RigError", "SaveError", "__version__", "balance",
           "simulate", "stream"]


def __getattr__(name: str) -> Any:
    import importlib

    if name in ("xevious", "xevoz", "zaxxon", "games", "ui", "lab", "sim"):
        return importlib.import_module(f".{name}", __name__)
    if name in ("simulate", "stream", "EarlyStop"):
        from . import sim

        return getattr(sim, name)
    if name == "balance":  # tabletop.balance(game, variants=..., bots=..., n=...): the balance report
        from .sim.balance import balance

        return balance
    raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
