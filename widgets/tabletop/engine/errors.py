"""Errors raised by the kit. Every refusal names the rule clause and the reason in plain words."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse.

    ``rule`` is the clause id from the game's rule catalog (for example ``"zaxxon.radar-barrier"``) and
    ``reason`` says, in plain words, what blocks the action. A refused action never changes the game.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "reason": self.reason}


class RigError(ValueError):
    """A rigged chance outcome that cannot happen (a 7 on a six-sided die, a card no longer in the deck...)."""


class SaveError(ValueError):
    """A save that cannot be loaded: wrong format, other game, unknown version, or a replay that diverges."""
