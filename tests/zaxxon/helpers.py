"""Helpers for Zaxxon tests: set up positions and play rigged turns."""

from __future__ import annotations

from typing import Any

from tabletop import zaxxon
from tabletop.engine import Game
from tabletop.zaxxon.board import BOARD
from tabletop.zaxxon.rules import Roll, Spin, ZState


def new(**variant: Any) -> Game[ZState]:
    return zaxxon.new_game(seed=7, variant=variant or None)


def cell(name: str) -> int:
    return BOARD.cell(name)


def place(g: Game[ZState], seat: int, number: int, space: str, high: bool = False) -> None:
    """Test setup: put a plane on a space (before the action under test)."""
    s = g.raw_state
    s.planes[seat * 2 + number - 1][0] = cell(space)
    s.planes[seat * 2 + number - 1][1] = int(high)
    g._legal_cache = None
    g._state_cache = None


def remove_target(g: Game[ZState], space: str) -> None:
    s = g.raw_state
    s.tcell[s.tcell.index(cell(space))] = -1
    g._legal_cache = None


def turn(g: Game[ZState], dice: tuple[int, int] = (2, 5), spin: str = "WHITE") -> None:
    """Roll the given dice (Player 1's first) and spin: the lower roller is then to move."""
    g.rig(die=list(dice), spinner=spin)
    g.play(Roll())
    g.play(Spin())


def plane(g: Game[ZState], seat: int, number: int) -> dict[str, Any]:
    return g.state["planes"][seat * 2 + number - 1]
