"""Zaxxon (Milton Bradley, 1982): the rules engine, bots and (lazily) the board widget.

    >>> from tabletop import zaxxon
    >>> game = zaxxon.new_game(seed=1)
    >>> game.play(game.legal_actions()[0])   # roll both dice
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Game
from .bots import BOTS, GreedyBot, ZaxxonRandomBot
from .rules import (
    Altitude,
    EndTurn,
    Move,
    MoveZaxxon,
    Roll,
    Shoot,
    Spin,
    ZaxxonRules,
    ZaxxonShoot,
    ZaxxonVariant,
    ZState,
)

Rules = ZaxxonRules
Variant = ZaxxonVariant

__all__ = ["BOTS", "Altitude", "Board", "EndTurn", "GreedyBot", "Move", "MoveZaxxon", "Roll", "Rules", "Shoot",
           "Spin", "Variant", "ZState", "ZaxxonRandomBot", "ZaxxonRules", "ZaxxonShoot", "ZaxxonVariant", "load",
           "new_game"]

_RULES = ZaxxonRules()


def new_game(*, seed: int | None = None, variant: ZaxxonVariant | Mapping[str, Any] | None = None,
             players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
             safe: bool = True, log: bool = True) -> Game[ZState]:
    """A new game of Zaxxon (rulebook rules unless ``variant`` says otherwise)."""
    return Game(_RULES, seed=seed, variant=variant, players=players, rig=rig, safe=safe, log=log)


def load(data: Mapping[str, Any]) -> Game[ZState]:
    """Replay a save made with ``game.save()``."""
    return Game.load(_RULES, data)


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'tabletop.zaxxon' has no attribute {name!r}")
