"""The variant lab: ipywidgets controls built from a game's ``Variant.options()``, a run button, live charts.

    from tabletop.lab import Lab
    lab = Lab("zaxxon")          # controls for every rule option; the rulebook is the baseline
    lab                          # show it; change options, press "Run", watch the chart and verdict update
    lab.set(radar_barrier=False) # or set options from code
    res = lab.run()              # run from code (waits) and get the SimResults

Run plays in a background thread (the kernel keeps answering, so Stop works) and shows the cumulative snapshots of
``tabletop.sim.stream`` as they come: one plotly ``FigureWidget`` updated in place (who wins, and the paired
changes, with intervals that narrow), a progress line and the verdict so far, written from the numbers by
``Comparison.conclusions()``. Every verdict shown while games arrive (the sentences and the chart's filled "more
than noise" markers) follows the one verdict rule of :mod:`tabletop.sim.sequential`: anytime-valid confidence
sequences, family-wise 95% over all the figures compared, so looking at every snapshot does not inflate the error;
the sentences end with how they are made. Stop keeps every finished game and gives the verdict on them. "Stop when the
answer is clear" (off by default: a run plays the games asked for) passes the simulator's ``early_stop``.
``lab.run()`` from code plays in the calling thread (the chart updates as it goes; Stop needs the button's run).

Nothing here is specific to a game: controls come from each option's metadata (its default, the rule clause
it changes, its documentation, its choices or bounds). Every control has an accessible name, its visible label
(ipywidgets gives a slider's handle none: ``tabletop.lab.aria`` names it), so axe finds nothing in the lab.
"""

from __future__ import annotations

import html
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from types import ModuleType
from typing import Any

import ipywidgets as w

from ..engine import OptionInfo, Variant
from ..sim.core import Cancel, WidgetProgress, resolve_bots, resolve_game
from ..sim.live import stream
from ..sim.results import Comparison, SimResults
from ..sim.sequential import EarlyStop
from ..ui.guard import guard
from .aria import named

#: the tree-search bots the lab offers for every game, after the game's own
LAB_SEARCH_BOTS = ("mcts:25", "mcts:100")

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


def stop_reason(res: SimResults) -> str:
    """Why a run's results end where they do: "done", "early" (the answer was clear), "cancelled" (Stop), or
    "running" (a snapshot of a run that goes on)."""
    stopped = getattr(res, "stopped", "")
    if isinstance(stopped, str) and stopped:
        return stopped
    return "done" if res.complete else "cancelled"


#: the stopping rule of "Stop when the answer is clear": every seat's win rate and the no-winner share settled
#: (a difference, or none larger than 2 points) by the simulator's anytime-valid test, 95% for all together
EARLY_STOP = EarlyStop(confidence=0.95)

#: where the lab's snapshots come from: ``source(game, *, variants, bots, n, seed, executor, cancel, early_stop)``
#: yields cumulative :class:`SimResults` (each holds every game finished so far; the last one ends the run);
#: ``tabletop.sim.stream`` by default (a test may feed its own snapshots)
Source = Callable[..., Iterable[SimResults]]


class Lab:
    """A variant lab for one game: the rulebook (variant 1) against the options you pick (variant 2).

    Run plays in a background thread and hands cumulative results to a live view: one plotly ``FigureWidget``
    (who wins, and the paired changes, with 95% intervals that narrow as games arrive), a progress line and the
    verdict so far, written from the numbers by ``Comparison.conclusions()``. Stop keeps the finished games and
    gives the verdict on them.

    A zoom or pan of the chart is kept while the run goes on (the other axes still follow the numbers; a
    double-click gives a panel back to the chart); the next Run starts from the chart's own view again (see
    :class:`~tabletop.lab.figures.LiveChart`)."""

    def __init__(self, game: str | ModuleType, *, n: int = 1000, bots: Sequence[str] | str | None = None,
                 seed: int = 0, executor: Executor | str | None = None, early_stop: bool = False,
                 source: Source | None = None, **options: Any) -> None:
        from .figures import LiveChart

        self.mod = resolve_game(game)
        self.rules = self.mod.Rules()
        self.vtype: type[Variant] = self.rules.variant_type
        self.infos = self.vtype.options()
        self.executor = executor
        self.source: Source = source if source is not None else stream
        self.results: SimResults | None = None
        self.error: str = ""
        self.first_verdict_s: float | None = None
        self._t0 = time.perf_counter()
        self._thread: threading.Thread | None = None
        self._running = threading.Lock()
        self._cancel = Cancel()
        seats = len(self.rules.default_players)
        # the game's own bots, then the tree search any game can use (tabletop.sim.mcts; slower, stronger)
        bot_table = [*getattr(self.mod, "BOTS", {}), *LAB_SEARCH_BOTS]
        start_bots = resolve_bots(self.mod, bots, seats)
        bot_table += [b for b in dict.fromkeys(start_bots) if b not in bot_table]  # "mcts:50" asked for by name

        self.controls: dict[str, w.Widget] = {i.name: control_for(i) for i in self.infos}
        rows = []
        for info in self.infos:
            note = w.HTML(f"<small><code>{html.escape(info.rule)}</code> {html.escape(info.doc)} "
                          f"(rulebook: <b>{html.escape(repr(info.default))}</b>)</small>")
            rows.append(named(self.controls[info.name], "tt-lab-option", note))  # a slider's handle gets a name
        self.n_box = w.BoundedIntText(value=default_n(n), min=1, max=1_000_000, description="games per variant",
                                      style={"description_width": "initial"})
        self.seed_box = w.IntText(value=seed, description="first seed", style={"description_width": "initial"})
        self.bot_boxes = [w.Dropdown(options=bot_table, value=b, description=f"seat {i + 1}")
                          for i, b in enumerate(start_bots)]
        self.early_box = w.Checkbox(value=early_stop, indent=False, description="Stop when the answer is clear",
                                    tooltip="end the run as soon as every win-rate and no-winner difference is "
                                            "settled by the simulator's anytime-valid test (95% for all verdicts "
                                            "together); off: play every game asked for",
                                    layout=w.Layout(width="auto"))
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="simulate the rulebook and your variant on the same seeds")
        self.cancel_button = w.Button(description="Stop", icon="stop", disabled=True,
                                      tooltip="stop early and keep the games played so far")
        self.reset_button = w.Button(description="Rulebook", icon="undo", tooltip="reset every option")
        self.run_button.on_click(lambda _b: self.start())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.reset_button.on_click(lambda _b: self.reset())
        self.progress = WidgetProgress(show=False, label="games")
        self.progress.widget.add_class("tt-lab-progress")
        self.chart = LiveChart()
        self.chart.widget.add_class("tt-lab-chart")
        self.status = w.Label("Press Run to play both rule sets; the verdict appears as games finish.")
        self.status.add_class("tt-lab-status")
        self.verdict = w.HTML("")
        self.verdict.add_class("tt-lab-verdict")
        self.message = w.HTML("")
        self.summary = w.HTML("")
        self.charts = w.VBox([])
        self._figs: dict[str, w.Output] = {}
        self.figures: dict[str, Any] = {}
        # a section of the notebook (under its title, an h1): an h2, sized as the h3 it used to be
        head = w.HTML(f"<h2 style='font-size:1.17em;margin:1em 0'>{html.escape(self.rules.title)} variant lab</h2>"
                      "<p>Pick rule options (variant 2); the rulebook rules are variant 1. Both are played on "
                      "the same seeds, so a difference is the rule, not the dice.</p>")
        self.widget = w.VBox([
            head, w.VBox(rows or [w.HTML("<i>This game has no rule options yet.</i>")]),
            self._row([self.n_box, self.seed_box, self.early_box], "tt-lab-settings"), w.HBox(self.bot_boxes),
            self._row([self.run_button, self.cancel_button, self.reset_button], "tt-lab-buttons"),
            self.progress.widget, self.message, self.status, self.verdict, self.chart.widget,
            self.charts, self.summary,
        ])
        self.widget.add_class("tt-lab")
        guard(self.widget)  # no key on a slider, box or button reaches JupyterLab's notebook shortcuts (issue 20)
        if options:
            self.set(**options)

    @staticmethod
    def _row(children: list[w.Widget], name: str) -> w.HBox:
        row = w.HBox(children)
        row.add_class(name)
        return row

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
        """Simulate now (blocking) and update the live chart and verdict as games finish; returns the last
        results (all games, or the games finished when stopped), or ``None`` if refused or nothing was played."""
        try:
            variant = self.variant()
        except (ValueError, TypeError) as exc:
            self._show_error(str(exc))
            return None
        if not self._running.acquire(blocking=False):
            self._alert("a run is already going: wait for it, or press Stop first")
            return None
        try:
            return self._run(variant, n)
        finally:
            self._running.release()

    def _run(self, variant: Variant, n: int | None) -> SimResults | None:
        if n is not None:
            self.n_box.value = n
        total_n = int(self.n_box.value)
        self.message.value = ""
        self.error = ""
        self._cancel.clear()
        self.chart.reset()
        self.first_verdict_s = None
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        self._t0 = self.progress.t0 = time.perf_counter()
        self._progress_cleared(total_n)
        self.status.value = "Starting: the first games are being played"
        last: SimResults | None = None
        failed = False
        snaps: Iterable[SimResults] = ()
        try:
            snaps = self.source(self.mod, variants=[None, variant], bots=[b.value for b in self.bot_boxes],
                                n=total_n, seed=int(self.seed_box.value), executor=self.executor,
                                cancel=self._cancel, early_stop=EARLY_STOP if self.early_box.value else None)
            for snap in snaps:
                last = snap
                self._show_live(snap)
        except Exception as exc:  # shown in place: the lab must never die silently
            failed = True
            self._show_error(f"{type(exc).__name__}: {exc}")
        finally:
            close = getattr(snaps, "close", None)
            if close is not None:
                close()  # a stream left early (an error) stops its workers
            self.run_button.disabled = False
            self.cancel_button.disabled = True
        if last is not None:
            self.show(last, reason="error" if failed else None)
        elif not failed:
            self.status.value = "Stopped before any game finished: nothing to show"
        return last

    def start(self) -> None:
        """Run in the background (the Run button): the kernel keeps answering, so Stop works while it runs."""
        if self._thread is not None and self._thread.is_alive():
            return
        from ..sim.platform import BROWSER_NOTE, in_browser_kernel  # issue 14: no threads in a browser kernel
        if in_browser_kernel():  # so the run plays here, serially, and the lab says so under the results
            self.run()
            self.message.value = self.message.value or f"<small>{html.escape(BROWSER_NOTE)}</small>"
            return
        self.run_button.disabled = True  # at once, so a second click cannot start a second run
        self.first_verdict_s = None
        self._progress_cleared(int(self.n_box.value))  # at once too: the last run's full bar is not this one's
        self._thread = threading.Thread(target=self.run, daemon=True, name="tabletop-lab-run")
        self._thread.start()

    def _progress_cleared(self, n: int) -> None:
        """The progress line back to 0 of this run's games (the rulebook and the variant, ``n`` each)."""
        self.progress(0, 2 * n)

    def wait(self) -> SimResults | None:
        if self._thread is not None:
            self._thread.join()
        return self.results

    def cancel(self) -> None:
        """Stop the run: the games already finished are kept, and the verdict is given on them."""
        self._cancel.set()
        if not self.cancel_button.disabled:
            self.status.value = "Stopping: waiting for the games being played to finish"

    def _show_error(self, text: str) -> None:
        self.error = text
        self._alert(text)

    def _alert(self, text: str) -> None:
        self.message.value = f'<div role="alert" style="color:#a00000"><b>Cannot run:</b> {html.escape(text)}</div>'

    # -- the live view and the final charts ------------------------------------------------------------------
    def _played(self, res: SimResults) -> int:
        return len(res.records)

    def _show_live(self, res: SimResults) -> None:
        """One snapshot while the run goes on: the live chart in place, the progress line, the verdict so far."""
        self.results = res
        done, total = self._played(res), res.planned * len(res.variants)
        self.progress(done, total)
        self.chart.update(res)
        cmp = res.compare(0, 1)
        if cmp.n and self.first_verdict_s is None:
            self.first_verdict_s = time.perf_counter() - self._t0
        self.status.value = (f"Running: verdict so far, from {cmp.n} paired games of {res.planned} "
                             "(anytime-valid: it holds at every look, and settles as games arrive)")
        self._set_verdict(cmp, res)

    def _set_verdict(self, cmp: Comparison, res: SimResults) -> None:
        # the sentences come from the numbers (Comparison.conclusions, the stopping rule's own summaries); option
        # values in them are user text, so everything is escaped
        items = "".join(f"<li>{html.escape(line)}</li>" for line in cmp.conclusions())
        text = f"<ul style='margin:0.2em 0'>{items}</ul>"
        if res.sequential:
            conf = res.sequential[0].confidence
            rule = "".join(f"<li>{html.escape(f.summary())}</li>" for f in res.sequential)
            text += (f"<p style='margin:0.2em 0'>The stopping rule ({100 * conf:.0f}% for all of these together, "
                     f"valid however often it looks):</p><ul class='tt-lab-rule' style='margin:0.2em 0'>{rule}</ul>")
        self.verdict.value = text

    def show(self, res: SimResults, reason: str | None = None) -> None:
        """Show finished (or stopped) results: the live chart, the final verdict, the summary and the charts of
        game lengths and rule firings. ``reason``: why the run ended, when the results do not say it ("error")."""
        from . import figures

        self.results = res
        done, total = self._played(res), res.planned * len(res.variants)
        self.progress(done, total)
        self.chart.update(res)
        cmp = res.compare(0, 1) if len(res.variants) > 1 else None
        how = reason or stop_reason(res)
        if how == "done":
            self.status.value = f"Finished: verdict from all {res.planned} games per variant"
        elif how == "early":
            self.status.value = (f"Stopped early because the answer was clear: verdict from "
                                 f"{cmp.n if cmp else 0} paired games of {res.planned}")
        else:
            by = " by an error" if how == "error" else ""
            self.status.value = (f"Stopped{by}: verdict from the {cmp.n if cmp else 0} paired games finished "
                                 f"of {res.planned} ({done} of {total} games played, all kept)")
        if cmp is not None:
            self._set_verdict(cmp, res)
        note = "" if res.complete else (f"<p><b>Stopped early:</b> {len(res.records)} games kept; the "
                                        "comparison uses the seeds played under both variants.</p>")
        self.summary.value = note + "<pre style='white-space:pre-wrap'>" + html.escape(res.summary()) + "</pre>"
        figs = {"lengths": figures.lengths(res), "rules": figures.rule_firings(res)}
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
