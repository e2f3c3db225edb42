"""Where the simulator runs: a browser kernel (Pyodide, as in the JupyterLite site of ``make site``) has no
processes and no threads, so the simulator and the variant lab play every game one after another there and say
so. Plotly's own ``fig.show()`` (a figure left as a cell's value) needs ``nbformat``, which needs ``jsonschema``
and its compiled ``rpds-py``: no pure wheel exists, so in the browser the figures are displayed through
JupyterLab's plotly renderer (their ``application/vnd.plotly.v1+json`` bundle) instead. Everywhere else nothing
here changes anything."""

from __future__ import annotations

import sys
import warnings
from concurrent.futures import Executor

#: what the lab and the simulator say in a browser kernel
BROWSER_NOTE = ("This notebook runs in your browser (Pyodide): there are no process pools, threads or Dask "
                "here, so the games are played one after another in this tab, and Stop only takes effect "
                "once the run is over. Fewer games per variant keep a run short.")

_told = False


def in_browser_kernel() -> bool:
    """True in a browser kernel (Pyodide / JupyterLite: ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten"


def serial_in_browser(executor: Executor | str | None) -> Executor | str | None:
    """The executor ``simulate`` uses: unchanged outside a browser kernel. Inside one always ``"serial"``: a pool
    or an executor that was asked for raises a ``RuntimeWarning`` saying it plays serially instead; the automatic
    choice (``None``) prints :data:`BROWSER_NOTE` once per session; ``"serial"`` is what was asked."""
    global _told
    if not in_browser_kernel():
        return executor
    plotly_without_nbformat()
    if executor == "serial":
        return executor
    if executor is not None:
        warnings.warn(f"executor={executor!r} cannot run in a browser kernel; playing serially instead. "
                      + BROWSER_NOTE, RuntimeWarning, stacklevel=3)
    elif not _told:
        print(BROWSER_NOTE)
    _told = True
    return "serial"


def plotly_without_nbformat() -> bool:
    """In a browser kernel with IPython and plotly: figures display as plotly's mimetype bundle (drawn by the
    site's jupyterlab-plotly extension) rather than through ``fig.show()``, which refuses without nbformat.
    Returns whether it is in place; idempotent; does nothing outside a browser kernel."""
    if not in_browser_kernel():
        return False
    try:
        import plotly.io as pio
        from IPython import get_ipython
        from IPython.display import display
        from plotly.basedatatypes import BaseFigure
    except ImportError:
        return False
    ip = get_ipython()
    if ip is None:
        return False

    def show(fig: BaseFigure) -> None:
        display(fig._repr_mimebundle_(), raw=True)

    pio.renderers.default = "plotly_mimetype"
    ip.display_formatter.ipython_display_formatter.for_type(BaseFigure, show)
    return True
