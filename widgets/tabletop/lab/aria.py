"""Accessible names for the lab's ipywidgets sliders (an anywidget helper: no JavaScript build).

ipywidgets 8 draws ``IntSlider`` and ``FloatSlider`` with noUiSlider. The element that takes the keyboard and
that a screen reader reads is the handle, ``<div role="slider" tabindex="0" aria-valuenow=…>``, and it has no
accessible name: the visible ``description`` is a ``<label>`` that labels nothing (there is no ``<input>`` for
its ``for``), ``tooltip`` only sets a ``title`` on the outer box, and neither ipywidgets (8.1) nor its
noUiSlider options (``handleAttributes`` is not passed through) offer a way to name the handle. axe reports it
(``aria-input-field-name``), and a screen reader says just "slider, 3".

:class:`SliderName` is a hidden anywidget placed in the same box as the slider (the box has a class, ``scope``):
its front end sets ``aria-label`` on every ``role="slider"`` in that box to ``name`` (the slider's description,
so the spoken name is the visible one), and sets it again when ipywidgets rebuilds the handle (a
``MutationObserver`` on the box) or the name changes. The slider itself is untouched: same look, same keyboard
(arrows, Page Up/Down, Home/End move the handle).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

#: the ipywidgets controls drawn with noUiSlider (a ``role="slider"`` handle without a name)
SLIDERS: tuple[type[w.Widget], ...] = (w.IntSlider, w.FloatSlider, w.FloatLogSlider, w.IntRangeSlider,
                                       w.FloatRangeSlider, w.SelectionSlider, w.SelectionRangeSlider)

#: the front end, beside this module (static/aria.js): plain ES module, no build step
_ESM = (Path(__file__).parent / "static" / "aria.js").read_text(encoding="utf-8")


class SliderName(anywidget.AnyWidget):
    """Names the ``role="slider"`` handles inside the closest ``scope`` box around it: put it in the same box as
    the slider (``named(slider, box_class)`` does both)."""

    _esm = _ESM
    name = traitlets.Unicode("").tag(sync=True)
    scope = traitlets.Unicode().tag(sync=True)

    def __init__(self, name: str, scope: str, **kw: Any) -> None:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"SliderName: name must be a non-empty str, got {name!r}")
        if not isinstance(scope, str) or not scope.startswith(".") or len(scope) < 2 or " " in scope:
            raise ValueError(f"SliderName: scope must be one CSS class selector like '.tt-lab-option', got {scope!r}")
        super().__init__(name=name, scope=scope, **kw)


def named(control: w.Widget, box_class: str, *children: w.Widget) -> w.VBox:
    """``control`` and ``children`` in a ``VBox`` of class ``box_class``; a slider also gets a
    :class:`SliderName` that follows its ``description`` (so the handle's name is the visible label)."""
    box = w.VBox([control, *children])
    box.add_class(box_class)
    if isinstance(control, SLIDERS):
        helper = SliderName(control.description, f".{box_class}")
        w.dlink((control, "description"), (helper, "name"))
        box.children = (*box.children, helper)
    return box
