"""Events: what happened, which rule made it happen, and one sentence in rulebook language."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened in a game (immutable; a named tuple because simulations make millions).

    ``rule`` is the clause id of the rule that made it happen; ``text`` is one sentence for the log;
    ``player`` is the seat it concerns (``None`` for the table); ``data`` holds machine-readable details.
    """

    rule: str
    text: str
    player: int | None = None
    data: Mapping[str, Any] = _NO_DATA

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "player": self.player, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        return cls(d["rule"], d["text"], d.get("player"), dict(d.get("data", {})))

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
