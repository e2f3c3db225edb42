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
    """Test setup: put a plane on a space (before the action under test), through the public set-up
    (``Game.set_up``: an impossible position is refused with its clause)."""
    pos = g.position()
    colour = ("blue", "red")[seat]
    pos["planes"][colour][number - 1] = {"space": space, "altitude": "high" if high else "low"}
    g.set_up({"planes": pos["planes"]})


def force_place(g: Game[ZState], seat: int, number: int, space: str, high: bool = False) -> None:
    """Test setup for the few tests whose start position play cannot reach and ``set_up`` rightly refuses
    (e.g. a plane beside a Zaxxon that moved while asleep): writes the engine's state directly."""
    s = g.raw_state
    s.planes[seat * 2 + number - 1][0] = cell(space)
    s.planes[seat * 2 + number - 1][1] = int(high)
    g._legal_cache = None
    g._state_cache = None


def remove_target(g: Game[ZState], space: str) -> None:
    """Test setup: a target destroyed, through the public set-up."""
    g.set_up({"targets": {**g.position()["targets"], space: "removed"}})


def turn(g: Game[ZState], dice: tuple[int, int] = (2, 5), spin: str = "WHITE") -> None:
    """Roll the given dice (Player 1's first) and spin: the lower roller is then to move."""
    g.rig(die=list(dice), spinner=spin)
    g.play(Roll())
    g.play(Spin())


def plane(g: Game[ZState], seat: int, number: int) -> dict[str, Any]:
    return g.state["planes"][seat * 2 + number - 1]
