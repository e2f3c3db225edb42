"""``ShortcutGuard``: keeps JupyterLab's notebook shortcuts out of a layout of plain ipywidgets.

A key pressed with focus on a control inside a notebook's output reaches JupyterLab's command-mode shortcuts
when the control is not a text field: ``m`` on a slider handle turns the cell into Markdown, ``r`` into Raw,
``x`` cuts it (Lumino matches ``.jp-Notebook.jp-mod-commandMode :focus:not(:read-write)`` on the focused element
itself, see ``ttGuardShortcuts`` in ``static/kit.js``). Every kit widget guards itself; a layout of plain
ipywidgets (the variant lab: sliders, dropdowns, checkboxes, buttons) gets the same guard from a hidden
``ShortcutGuard`` placed inside it: its front end finds the closest element matching ``scope`` around it and puts
``data-lm-suppress-shortcuts`` on every element inside that takes focus. Typing, arrows on a slider, Tab and
Enter work as before; only JupyterLab's shortcuts stop there.

    from tabletop.ui.guard import guard
    box = guard(ipywidgets.VBox([...]))      # adds a class to the box and the hidden guard as its last child
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from . import _bundle

#: the class ``guard`` gives the box it guards
GUARD_CLASS = "tt-shortcut-guard"

_ENTRY = """
function ttRenderGuard({ model, el }) {
  el.style.display = "none";  // nothing to see: it only guards the box around it
  let frame = 0;
  let tries = 0;
  const attach = () => {  // the view is put into its box after it renders: wait for that (a few frames)
    const scope = el.closest(model.get("scope"));
    if (!scope) {
      if (++tries < 1200) frame = requestAnimationFrame(attach);
      return;
    }
    ttGuardShortcuts(scope);
    el.dataset.guarded = "1";
  };
  attach();
  return () => cancelAnimationFrame(frame);
}
"""


class ShortcutGuard(anywidget.AnyWidget):
    """Guards the closest element matching ``scope`` (one class selector, e.g. ``".tt-lab"``) around it."""

    scope = traitlets.Unicode().tag(sync=True)

    def __init__(self, scope: str, **kw: Any) -> None:
        if not isinstance(scope, str) or not scope.startswith(".") or len(scope) < 2 or " " in scope:
            raise ValueError(f"ShortcutGuard: scope must be one CSS class selector like '.tt-lab', got {scope!r}")
        type(self)._prepare()
        super().__init__(scope=scope, **kw)

    @classmethod
    def _prepare(cls) -> None:
        if "_esm" not in cls.__dict__ or _bundle.DEV:
            cls._esm = _bundle.read("kit.js") + "\n" + _ENTRY + "\nexport default { render: ttRenderGuard };\n"


def guard(box: w.Box) -> w.Box:
    """Guard ``box`` (an ipywidgets Box): it gets the class ``GUARD_CLASS`` and a hidden ``ShortcutGuard`` as its
    last child (once). Returns the box."""
    if not isinstance(box, w.Box):
        raise TypeError(f"guard needs an ipywidgets Box, not {type(box).__name__}")
    box.add_class(GUARD_CLASS)
    if not any(isinstance(c, ShortcutGuard) for c in box.children):
        box.children = (*box.children, ShortcutGuard(f".{GUARD_CLASS}"))
    return box
