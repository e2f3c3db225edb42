"""Checks shared by every widget that takes messages from the browser (untrusted input)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def version_problem(content: Mapping[str, Any], current: int, what: str) -> tuple[str, str] | None:
    """``(rule, reason)`` when a message carries no version or an out-of-date one; ``None`` when it is current.

    Every browser message names the widget version it was sent from, so a click on a picture that Python has
    since changed is refused instead of acting on a position the player no longer sees.
    """
    version = content.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return "ui.message", "the message carries no version (a whole number)"
    if version != current:
        return "ui.stale", (f"you clicked on an out-of-date {what} (you saw version {version}, it is now "
                            f"{current}); it shows the current state now, try again")
    return None
