"""Super Xevious, the board game (1–4 players): stages, engine, bots and (lazily) the board widget.

    >>> from tabletop import xevious
    >>> g = xevious.new_game(seed=1)
    >>> g.legal_actions()[:3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Game
from .bots import BOTS, RandomXeviousBot, SensibleBot
from .rules import XeviousRules, XeviousState, XeviousVariant

Rules = XeviousRules
Variant = XeviousVariant

__all__ = ["BOTS", "Board", "Rules", "Variant", "XeviousRules", "XeviousState", "XeviousVariant", "load",
           "new_game", "RandomXeviousBot", "SensibleBot"]

_RULES = XeviousRules()


def new_game(*, seed: int | None = None, variant: XeviousVariant | Mapping[str, Any] | None = None,
             players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
             safe: bool = True) -> Game[XeviousState]:
    """A new game: ``new_game(seed=1, players=["Ann", "Bob"], variant={"blaster_hits": 2})``."""
    return Game(_RULES, seed=seed, variant=variant, players=players, rig=rig, safe=safe)


def load(data: Mapping[str, Any]) -> Game[XeviousState]:
    """Replay a save made with ``game.save()``."""
    return Game.load(_RULES, data)


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'tabletop.xevious' has no attribute {name!r}")
