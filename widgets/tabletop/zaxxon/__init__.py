"""Zaxxon (Milton Bradley, 1982): the rules engine, bots and (lazily) the board widget.

Also: ``tabletop.zaxxon.lessons`` (the eight checked lessons, each with a task, questions and your-move steps),
``tabletop.zaxxon.queries`` (where a plane can fly and the route there, answered by the rules) and
``tabletop.zaxxon.practice`` (endless seeded practice questions answered by the engine).

    >>> from tabletop import zaxxon
    >>> game = zaxxon.new_game(seed=1)
    >>> game.play(game.legal_actions()[0])   # roll both dice
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import Game
from .bots import BOTS, GreedyBot, ZaxxonRandomBot
from .fast import FastZaxxonRules
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

#: the rules the games play with: the reference (``rules.ZaxxonRules``) answered from precomputed tables
Rules = FastZaxxonRules
Variant = ZaxxonVariant

__all__ = ["BOTS", "Altitude", "Board", "EndTurn", "FastZaxxonRules", "GreedyBot", "Move", "MoveZaxxon", "Roll",
           "Rules", "Shoot", "Spin", "Variant", "ZState", "ZaxxonRandomBot", "ZaxxonRules", "ZaxxonShoot", "ZaxxonVariant", "load",
           "new_game", "teaching_positions"]

_RULES = FastZaxxonRules()


def new_game(*, seed: int | None = None, variant: ZaxxonVariant | Mapping[str, Any] | None = None,
             players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
             safe: bool = True, log: bool = True) -> Game[ZState]:
    """A new game of Zaxxon (rulebook rules unless ``variant`` says otherwise)."""
    return Game(_RULES, seed=seed, variant=variant, players=players, rig=rig, safe=safe, log=log)


def load(data: Mapping[str, Any]) -> Game[ZState]:
    """Replay a save made with ``game.save()``."""
    return Game.load(_RULES, data)


@cache
def _positions() -> dict[str, dict[str, Any]]:
    data = json.loads(Path(__file__).with_name("positions.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def teaching_positions() -> dict[str, dict[str, Any]]:
    """Named positions for teachers (``positions.json``): ``{name: {"title", "about", "position"}}``, where
    ``position`` is a description ``game.set_up`` accepts. Positions the rulebook does not describe say so in
    their "about" text ("our reconstruction"). A fresh copy on every call."""
    return copy.deepcopy(_positions())


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'tabletop.zaxxon' has no attribute {name!r}")
