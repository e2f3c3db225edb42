"""The variant lab: ipywidgets controls built from a game's ``Variant.options()``, a run button, live charts.

    from tabletop.lab import Lab
    lab = Lab("zaxxon")          # controls for every rule option; the rulebook is the baseline
    lab                          # show it; change options, press "Run", watch the charts update
    lab.set(radar_barrier=False) # or set options from code
    res = lab.run()              # run from code (waits) and get the SimResults

Nothing here is specific to a game: controls come from each option's metadata (its default, the rule clause
it changes, its documentation, its choices or bounds).
"""

from __future__ import annotations

import html
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from types import ModuleType
from typing import Any

import ipywidgets as w

from ..engine import OptionInfo, Variant
from ..sim.core import Cancel, WidgetProgress, resolve_bots, resolve_game, simulate
from ..sim.results import SimResults

#: environment variable that caps the games per variant (notebooks under nbmake set it small)
N_ENV = "TABLETOP_LAB_N"


def default_n(n: int) -> int:
    """``n``, or the smaller cap from ``$TABLETOP_LAB_N`` (and a small number under nbmake/pytest)."""
    env = os.environ.get(N_ENV)
    if env:
        return min(n, max(1, int(env)))
    if "PYTEST_CURRENT_TEST" in os.environ or os.environ.get("NBMAKE"):
        return min(n, 40)
    return n


def control_for(info: OptionInfo) -> w.Widget:
    """One ipywidgets control for one variant option (chosen by its default's type and its metadata)."""
    tip = f"{info.doc} [{info.rule}] rulebook: {info.default!r}"
    d = info.default
    common: dict[str, Any] = {"description": info.name, "tooltip": tip,
                              "style": {"description_width": "initial"}, "layout": w.Layout(width="auto")}
    if info.choices is not None:
        return w.Dropdown(options=list(info.choices), value=d, **common)
    if isinstance(d, bool):
        return w.Checkbox(value=d, indent=False, **common)
    if isinstance(d, int):
        if info.low is not None and info.high is not None:
            return w.IntSlider(value=d, min=int(info.low), max=int(info.high), **common)
        return w.IntText(value=d, **common)
    if isinstance(d, float):
        if info.low is not None and info.high is not None:
            return w.FloatSlider(value=d, min=info.low, max=info.high, step=(info.high - info.low) / 100,
                                 **common)
        return w.FloatText(value=d, **common)
    if isinstance(d, tuple):
        return w.Text(value=", ".join(map(str, d)), placeholder="values separated by commas", **common)
    return w.Text(value=str(d), **common)


def _convert(text: str, like: Any) -> Any:
    if isinstance(like, bool):
        low = text.strip().lower()
        if low not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return low == "true"
    if isinstance(like, int):
        return int(text)
    if isinstance(like, float):
        return float(text)
    return text.strip()


def value_of(info: OptionInfo, control: w.Widget) -> Any:
    """The option value a control holds (text controls are parsed to the default's type, with a reason)."""
    v = control.value
    d = info.default
    if isinstance(d, tuple) and isinstance(v, str):
        parts = [p for p in (s.strip() for s in v.split(",")) if p]
        like = d[0] if d else ""
        try:
            return tuple(_convert(p, like) for p in parts)
        except ValueError as exc:
            raise ValueError(f"option {info.name} ({info.rule}): {exc}") from None
    return v


def figure_output(fig: Any) -> dict[str, Any]:
    """A display output for a plotly figure (rendered by JupyterLab's plotly renderer; no bundled plotly.js)."""
    import json

    title = fig.layout.title.text or "plotly figure"
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": {**json.loads(fig.to_json()), "config": {"responsive": True}},
                     "text/plain": f"<plotly figure: {title}>"}}


class Lab:
    """A variant lab for one game: the rulebook (variant 1) against the options you pick (variant 2)."""

    def __init__(self, game: str | ModuleType, *, n: int = 1000, bots: Sequence[str] | str | None = None,
                 seed: int = 0, executor: Executor | str | None = None, **options: Any) -> None:
        self.mod = resolve_game(game)
        self.rules = self.mod.Rules()
        self.vtype: type[Variant] = self.rules.variant_type
        self.infos = self.vtype.options()
        self.executor = executor
        self.results: SimResults | None = None
        self.error: str = ""
        self._thread: threading.Thread | None = None
        self._cancel = Cancel()
        seats = len(self.rules.default_players)
        bot_table = list(getattr(self.mod, "BOTS", {}))
        start_bots = resolve_bots(self.mod, bots, seats)

        self.controls: dict[str, w.Widget] = {i.name: control_for(i) for i in self.infos}
        rows = []
        for info in self.infos:
            note = w.HTML(f"<small><code>{html.escape(info.rule)}</code> {html.escape(info.doc)} "
                          f"(rulebook: <b>{html.escape(repr(info.default))}</b>)</small>")
            rows.append(w.VBox([self.controls[info.name], note]))
        self.n_box = w.BoundedIntText(value=default_n(n), min=1, max=1_000_000, description="games per variant",
                                      style={"description_width": "initial"})
        self.seed_box = w.IntText(value=seed, description="first seed", style={"description_width": "initial"})
        self.bot_boxes = [w.Dropdown(options=bot_table, value=b, description=f"seat {i + 1}")
                          for i, b in enumerate(start_bots)]
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="simulate the rulebook and your variant on the same seeds")
        self.cancel_button = w.Button(description="Stop", icon="stop", disabled=True,
                                      tooltip="stop early and keep the games played so far")
        self.reset_button = w.Button(description="Rulebook", icon="undo", tooltip="reset every option")
        self.run_button.on_click(lambda _b: self.start())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.reset_button.on_click(lambda _b: self.reset())
        self.progress = WidgetProgress(show=False)
        self.message = w.HTML("")
        self.summary = w.HTML("")
        self.charts = w.VBox([])
        self._figs: dict[str, w.Output] = {}
        self.figures: dict[str, Any] = {}
        head = w.HTML(f"<h3>{html.escape(self.rules.title)} variant lab</h3><p>Pick rule options (variant 2); "
                      "the rulebook rules are variant 1. Both are played on the same seeds, so a difference "
                      "is the rule, not the dice.</p>")
        self.widget = w.VBox([
            head, w.VBox(rows or [w.HTML("<i>This game has no rule options yet.</i>")]),
            w.HBox([self.n_box, self.seed_box]), w.HBox(self.bot_boxes),
            w.HBox([self.run_button, self.cancel_button, self.reset_button]),
            self.progress.widget, self.message, self.summary, self.charts,
        ])
        if options:
            self.set(**options)

    # -- options -----------------------------------------------------------------------------------------------
    def set(self, **options: Any) -> None:
        """Set options by name (``lab.set(radar_barrier=False)``); unknown names and values the rules refuse
        raise with the reason, and then nothing changes."""
        for k in options:
            if k not in self.controls:
                raise KeyError(f"{self.rules.title} has no option {k!r}; options: {', '.join(self.controls)}")
        current = {i.name: value_of(i, self.controls[i.name]) for i in self.infos}
        self.vtype.from_dict({**current, **options})  # refuses a bad value or combination, with the reason
        for k, v in options.items():
            info = next(i for i in self.infos if i.name == k)
            self.controls[k].value = ", ".join(map(str, v)) if isinstance(info.default, tuple) else v

    def reset(self) -> None:
        """Back to the rulebook: every option at its default, in one step (options can depend on each other)."""
        self.set(**{info.name: info.default for info in self.infos})
        self.message.value = ""

    def variant(self) -> Variant:
        """The variant the controls describe (``ValueError`` with the reason when it cannot be played)."""
        values = {i.name: value_of(i, self.controls[i.name]) for i in self.infos}
        v = self.vtype.from_dict(values)
        return v

    # -- running ---------------------------------------------------------------------------------------------
    def run(self, n: int | None = None) -> SimResults | None:
        """Simulate now (blocking) and update the charts; returns the results, or ``None`` if refused."""
        try:
            variant = self.variant()
        except (ValueError, TypeError) as exc:
            self._show_error(str(exc))
            return None
        if n is not None:
            self.n_box.value = n
        self.message.value = ""
        self._cancel.clear()
        self.progress.t0 = time.perf_counter()
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        try:
            res = simulate(self.mod, variants=[None, variant], bots=[b.value for b in self.bot_boxes],
                           n=int(self.n_box.value), seed=int(self.seed_box.value), executor=self.executor,
                           progress=self.progress, cancel=self._cancel)
        except Exception as exc:  # shown in place: the lab must never die silently
            self._show_error(f"{type(exc).__name__}: {exc}")
            return None
        finally:
            self.run_button.disabled = False
            self.cancel_button.disabled = True
        self.show(res)
        return res

    def start(self) -> None:
        """Run in the background (the Run button): the Stop button and the progress bar stay live."""
        if self._thread is not None and self._thread.is_alive():
            return
        from ..sim.platform import BROWSER_NOTE, in_browser_kernel  # issue 14: no threads in a browser kernel
        if in_browser_kernel():  # so the run plays here, serially, and the lab says so under the results
            self.run()
            self.message.value = self.message.value or f"<small>{html.escape(BROWSER_NOTE)}</small>"
            return
        self._thread = threading.Thread(target=self.run, daemon=True)
        self._thread.start()

    def wait(self) -> SimResults | None:
        if self._thread is not None:
            self._thread.join()
        return self.results

    def cancel(self) -> None:
        self._cancel.set()

    def _show_error(self, text: str) -> None:
        self.error = text
        self.message.value = f'<div role="alert" style="color:#a00000"><b>Cannot run:</b> {html.escape(text)}</div>'

    # -- charts ------------------------------------------------------------------------------------------------
    def show(self, res: SimResults) -> None:
        """Put ``res`` in the summary and the charts (each chart's area is updated in place)."""
        from . import figures

        self.results = res
        note = "" if res.complete else (f"<p><b>Stopped early:</b> {len(res.records)} games kept; the "
                                        "comparison uses the seeds played under both variants.</p>")
        self.summary.value = note + "<pre style='white-space:pre-wrap'>" + html.escape(res.summary()) + "</pre>"
        figs = figures.all_figures(res)
        for name, fig in figs.items():
            out = self._figs.get(name)
            if out is None:
                out = self._figs[name] = w.Output(layout=w.Layout(min_height="380px"))
            out.outputs = (figure_output(fig),)
        self.figures = figs
        self.charts.children = tuple(self._figs[k] for k in figs)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
