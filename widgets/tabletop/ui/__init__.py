"""The shared front-end kit: ``BoardWidget`` (base of every game board), ``ChanceWidget`` (die, spinner,
faces) and ``Walkthrough`` (step-through narration beside a board). See ``README.md`` in this folder.

Imported lazily (``import tabletop`` stays cheap); importing ``tabletop.ui`` loads anywidget.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names for type checkers; at run time they load lazily (__getattr__ below)
    from .board import UI_RULES, BoardWidget
    from .chance import ChanceWidget
    from .walkthrough import Step, Walkthrough

__all__ = ["BoardWidget", "ChanceWidget", "Step", "Walkthrough", "UI_RULES"]

_WHERE = {"BoardWidget": ".board", "UI_RULES": ".board", "ChanceWidget": ".chance", "Step": ".walkthrough",
          "Walkthrough": ".walkthrough"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module 'tabletop.ui' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
