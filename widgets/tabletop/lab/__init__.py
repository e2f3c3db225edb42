"""The variant lab: plotly figures of simulation results and an ipywidgets lab built from ``Variant.options()``.

    from tabletop.lab import Lab, figures
    Lab("zaxxon")                      # controls, run button, charts
    figures.win_rates(results)         # any figure on its own

plotly and ipywidgets load only when one of these is first used (``import tabletop`` stays cheap).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Lab", "figures", "ui"]


def __getattr__(name: str) -> Any:
    if name in ("figures", "ui"):
        return importlib.import_module(f".{name}", __name__)
    if name == "Lab":
        from .ui import Lab

        return Lab
    raise AttributeError(f"module 'tabletop.lab' has no attribute {name!r}")
