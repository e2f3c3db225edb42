"""Checks shared by every widget that takes messages from the browser (untrusted input)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, cast

import traitlets as t

#: the type of a synced Dict trait that may hold None (see :func:`optional_dict`)
OptionalDict: TypeAlias = "t.TraitType[dict[str, Any] | None, dict[str, Any] | None]"


def optional_dict() -> OptionalDict:
    """A synced ``Dict`` trait whose value may be None (its default). The trait is ``t.Dict(allow_none=True,
    default_value=None).tag(sync=True)``; only its static type differs, as traitlets' stubs type every ``Dict``
    as never None (so ``widget.error = None`` and ``widget.error or {}`` would not type-check)."""
    return cast(OptionalDict, t.Dict(allow_none=True, default_value=None).tag(sync=True))


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


class PythonOwned:
    """Mixin for an ipywidgets widget whose synced traits belong to Python.

    The browser may only send custom messages (act / undo / bot / goto / roll), each validated in Python. A
    front-end state ``update`` (``{"method": "update", "state": {"interactive": true}}``, what ``model.set`` +
    ``save_changes`` would send) is ignored, and the traits it named are re-sent with their Python values so
    the browser's copy is reverted too. ``refused_updates`` counts the keys refused (for tests and logs).
    """

    refused_updates: int = 0

    def set_state(self, sync_data: Any) -> None:
        if not isinstance(sync_data, Mapping):
            return
        keys = [k for k in sync_data if isinstance(k, str) and k in self.keys]  # type: ignore[attr-defined]
        self.refused_updates = self.refused_updates + len(sync_data)
        if keys:
            self.send_state(key=keys)  # type: ignore[attr-defined]
        self.log.warning(  # type: ignore[attr-defined]
            "tabletop: ignored a front-end update of %s (these traits are owned by Python)",
            ", ".join(map(str, list(sync_data)[:10])))
