"""Events: what happened, which rule made it happen, and one sentence in rulebook language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game.

    ``rule`` is the clause id of the rule that made it happen; ``text`` is one sentence for the log;
    ``player`` is the seat it concerns (``None`` for the table); ``data`` holds machine-readable details.
    """

    rule: str
    text: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "player": self.player, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(rule=d["rule"], text=d["text"], player=d.get("player"), data=dict(d.get("data", {})))

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
