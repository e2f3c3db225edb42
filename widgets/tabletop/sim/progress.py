"""What a run shows while it plays and how it is stopped: a text bar, a notebook widget, the ``"auto"`` choice
between them, and the cancel switch."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

# -- progress ----------------------------------------------------------------------------------------------
Progress = Callable[[int, int], None]


class TextProgress:
    """A one-line text progress bar for the command line (written to ``stream``, default stderr)."""

    def __init__(self, stream: Any = None, width: int = 30, label: str = "simulating") -> None:
        import sys

        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.label = label
        self.t0 = time.perf_counter()
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self._last < 0.2:
            return
        self._last = now
        frac = done / total if total else 1.0
        fill = int(round(frac * self.width))
        bar = "#" * fill + "-" * (self.width - fill)
        rate = done / max(now - self.t0, 1e-9)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} games ({rate:,.0f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An ipywidgets progress bar for notebooks (shown when created unless ``show=False``)."""

    def __init__(self, show: bool = True, label: str = "simulating") -> None:
        import ipywidgets as w

        self.bar = w.IntProgress(value=0, min=0, max=1, description=label,
                                 layout=w.Layout(width="60%"))
        self.text = w.Label("")
        self.widget = w.HBox([self.bar, self.text])
        self.t0 = time.perf_counter()
        if show:
            from IPython.display import display

            display(self.widget)

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        rate = done / max(time.perf_counter() - self.t0, 1e-9)
        self.text.value = f"{done}/{total} games ({rate:,.0f}/s)"
        self.bar.bar_style = "success" if done >= total else ""


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    ip = get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def _auto_progress(progress: bool | str | Progress | None) -> Progress | None:
    if callable(progress):
        return progress
    if progress is False or progress is None:
        return None
    if _in_notebook():
        try:
            return WidgetProgress()
        except ImportError:
            return None
    import sys

    return TextProgress() if sys.stderr.isatty() or progress is True else None


# -- cancellation --------------------------------------------------------------------------------------------
class Cancel:
    """A cancel switch: ``simulate(..., cancel=c)`` and later ``c.set()`` (from a button, another thread)."""

    def __init__(self) -> None:
        self._ev = threading.Event()

    def set(self) -> None:
        self._ev.set()

    def is_set(self) -> bool:
        return self._ev.is_set()

    def clear(self) -> None:
        self._ev.clear()
