"""Xevoz Battle Terrain: two figures, two Battle Helixes, a battle part by part.

    >>> from tabletop import xevoz
    >>> g = xevoz.new_game(seed=1)
    >>> g.legal_actions()[:3]
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.engine import Game

from .actions import (
    AttachDrain,
    Call,
    ChooseMat,
    Chop,
    Flip,
    FreeDrain,
    Heal,
    KeepDrain,
    Move,
    PickFigure,
    Place,
    Ready,
    RollHelix,
    Swap,
)
from .bots import BOTS, GreedyBot, XevozRandomBot
from .data import components
from .fast import FastXevozRules
from .rules import XevozRules, XevozState
from .variant import XevozVariant

Rules = FastXevozRules
Variant = XevozVariant

__all__ = [
    "BOTS", "AttachDrain", "Board", "Call", "Chop", "ChooseMat", "FastXevozRules", "Flip", "FreeDrain", "GreedyBot", "Heal", "KeepDrain", "Move",
    "PickFigure", "Place", "Ready", "RollHelix", "Rules", "Swap", "Variant", "XevozRandomBot", "XevozRules",
    "XevozState", "XevozVariant", "components", "load", "new_game", "start_battle", "teaching_positions",
]


def new_game(*, seed: int | None = None, variant: XevozVariant | Mapping[str, Any] | None = None,
             players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
             safe: bool = True) -> Game[XevozState]:
    """A new battle, starting with the build phase (Rulebook step 1, the pre-battle check)."""
    return Game(FastXevozRules(), seed=seed, variant=variant, players=players, rig=rig, safe=safe)


def load(data: Mapping[str, Any]) -> Game[XevozState]:
    return Game.load(FastXevozRules(), data)


def start_battle(game: Game[XevozState], *, start: str | None = None) -> Game[XevozState]:
    """Convenience for notebooks and tests: both players declare ready, roll for the first attacker (re-rolling
    ties), the attacker rolls for the world (choosing the first mat if none matches) and takes a START space.
    Rig ``helix1``/``helix2`` beforehand to decide who attacks and where."""
    while game.raw_state.phase == "build":
        game.play(Ready())
    while game.raw_state.phase == "first":
        game.play(RollHelix())
    if game.raw_state.phase == "world":
        game.play(RollHelix())
    if game.raw_state.phase == "choose-mat":
        game.play(game.legal_actions()[0])
    if game.raw_state.phase == "start":
        game.play(Place(start) if start else game.legal_actions()[0])
    return game


POSITIONS_PATH = Path(__file__).with_name("positions.json")


@cache
def _positions() -> dict[str, dict[str, Any]]:
    data = json.loads(POSITIONS_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def teaching_positions() -> dict[str, dict[str, Any]]:
    """Named positions for a teacher (from ``positions.json``): each ``{"title", "about", "position"}`` (and
    ``"variant"`` when one is needed), ``position`` a description ``game.set_up`` accepts. Positions the rulebook
    does not give say so in their ``about`` text. A fresh copy each call: change it freely."""
    return copy.deepcopy(_positions())


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'tabletop.xevoz' has no attribute {name!r}")
