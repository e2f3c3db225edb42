"""Super Xevious, the board game (1–4 players): stages, engine, bots and (lazily) the board widget.

    >>> from tabletop import xevious
    >>> g = xevious.new_game(seed=1)
    >>> g.legal_actions()[:3]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import Game
from .bots import BOTS, RandomXeviousBot, SensibleBot
from .fast import FastXeviousRules
from .rules import XeviousRules, XeviousState, XeviousVariant

#: what games and simulations play: the reference rules (rules.py) with their tables precomputed (fast.py)
Rules = FastXeviousRules
Variant = XeviousVariant

__all__ = ["BOTS", "Board", "FastXeviousRules", "Rules", "Variant", "XeviousRules", "XeviousState", "XeviousVariant", "load",
           "new_game", "teaching_positions", "RandomXeviousBot", "SensibleBot"]

_RULES = FastXeviousRules()


def new_game(*, seed: int | None = None, variant: XeviousVariant | Mapping[str, Any] | None = None,
             players: int | Sequence[str] | None = None, rig: Mapping[str, Any] | None = None,
             safe: bool = True) -> Game[XeviousState]:
    """A new game: ``new_game(seed=1, players=["Ann", "Bob"], variant={"blaster_hits": 2})``."""
    return Game(_RULES, seed=seed, variant=variant, players=players, rig=rig, safe=safe)


def load(data: Mapping[str, Any]) -> Game[XeviousState]:
    """Replay a save made with ``game.save()``."""
    return Game.load(_RULES, data)


POSITIONS_FILE = Path(__file__).with_name("positions.json")


def teaching_positions() -> dict[str, dict[str, Any]]:
    """Named positions for a teacher (positions.json): ``{name: {"title", "about", "position", "variant"?}}``.

    Each ``position`` is a description ``game.set_up`` accepts, for a game with one player per entry of its
    ``players``: ``g = new_game(players=len(p["position"]["players"]), variant=p.get("variant"));
    g.set_up(p["position"])``. The rulebook prints no positions: each "about" says it is our reconstruction.
    A fresh copy on every call (change it freely)."""
    data: dict[str, dict[str, Any]] = json.loads(POSITIONS_FILE.read_text(encoding="utf-8"))
    return data


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module 'tabletop.xevious' has no attribute {name!r}")
