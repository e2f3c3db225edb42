"""The Zaxxon actions a player (or the lower roller, for Zaxxon) takes; ``rules.py`` says when each is legal.

A turn: ``Roll`` -> ``Spin`` (with a Z and Zaxxon awake: ``MoveZaxxon`` / ``ZaxxonShoot`` first) -> ``Move``,
``Altitude`` and ``Shoot`` until the die count is spent (``EndTurn`` to stop early), for each player in turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action
from .board import ZAXXON_MOVES


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "roll both dice"


@dataclass(frozen=True, slots=True)
class Spin(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "spin the spinner"


@dataclass(frozen=True, slots=True)
class Move(Action):
    plane: int = 1
    to: str = ""

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"move plane #{self.plane} to {self.to}"


@dataclass(frozen=True, slots=True)
class Altitude(Action):
    plane: int = 1
    high: bool = True

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"{'raise' if self.high else 'lower'} plane #{self.plane} to {'High' if self.high else 'Low'} Altitude"


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    plane: int = 1
    at: str = ""
    fuel_to: str = ""

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        extra = f", sending the fuel tank to FUEL space {self.fuel_to}" if self.fuel_to else ""
        return f"plane #{self.plane} shoots at {self.at}{extra}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class MoveZaxxon(Action):
    direction: str = "W"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"move Zaxxon {ZAXXON_MOVES.get(self.direction, self.direction)}"


@dataclass(frozen=True, slots=True)
class ZaxxonShoot(Action):
    space: str = "west"
    direction: str = "SW"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        return f"Zaxxon shoots {self.direction} from its {self.space} space"


__all__ = ["Altitude", "EndTurn", "Move", "MoveZaxxon", "Roll", "Shoot", "Spin", "ZaxxonShoot"]
