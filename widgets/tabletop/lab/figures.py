"""plotly figures of simulation results (this module imports plotly; ``import tabletop`` does not).

Every figure works for any game and any number of variants. Colour is never the only cue: each variant also
has its own bar pattern and its name in the legend and hover text, and bars carry their values as text.
"""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..sim.results import SimResults
from ..sim.stats import SIGN, Diff

#: the title of the length panel: its verdict reads how often a game is longer rather than shorter
LENGTH_TITLE = "change in length (points: % of seeds longer minus % shorter)"

#: one colour and one bar pattern per variant (colour-blind-safe Okabe-Ito colours)
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
PATTERNS = ("", "/", ".", "x", "\\", "+", "-", "|")


def _style(i: int) -> dict[str, Any]:
    return {"color": COLOURS[i % len(COLOURS)], "pattern": {"shape": PATTERNS[i % len(PATTERNS)]}}


def _layout(fig: go.Figure, title: str, **kw: Any) -> go.Figure:
    kw.setdefault("height", 380)
    fig.update_layout(title=title, template="plotly_white", legend={"orientation": "h", "y": -0.2},
                      margin={"l": 60, "r": 20, "t": 60, "b": 60}, **kw)
    return fig


def win_rates(res: SimResults) -> go.Figure:
    """Each seat's win rate (and games without a winner) per variant, with Wilson 95% error bars."""
    fig = go.Figure()
    cats = [*res.seat_names, "no winner"]
    for vi, label in enumerate(res.labels):
        rates = [*res.win_rates(vi), res.no_winner(vi)]
        ys = [100 * r.p if r.n else 0.0 for r in rates]
        up = [100 * (r.high - r.p) if r.n else 0.0 for r in rates]
        down = [100 * (r.p - r.low) if r.n else 0.0 for r in rates]
        fig.add_bar(name=label, x=cats, y=ys, marker=_style(vi), text=[f"{y:.1f}%" for y in ys],
                    textposition="outside",
                    error_y={"type": "data", "symmetric": False, "array": up, "arrayminus": down},
                    hovertemplate="%{x}: %{y:.1f}% (" + label.replace("%", "%%") + ")<extra></extra>")
    fair = 100 / max(res.seats, 1)
    fig.add_hline(y=fair, line_dash="dot", annotation_text=f"fair share {fair:.0f}%")
    return _layout(fig, f"{res.game}: who wins ({res.n} games per variant, 95% intervals)",
                   barmode="group", yaxis_title="% of games", yaxis_range=[0, 105])


def lengths(res: SimResults) -> go.Figure:
    """The distribution of game length (actions) per variant."""
    fig = go.Figure()
    for vi, label in enumerate(res.labels):
        xs = res.lengths(vi)
        mean = sum(xs) / len(xs) if xs else 0.0
        fig.add_histogram(name=f"{label} (mean {mean:.1f})", x=xs, marker=_style(vi), opacity=0.65,
                          histnorm="percent")
    return _layout(fig, f"{res.game}: game length", barmode="overlay", xaxis_title="actions per game",
                   yaxis_title="% of games")


def rule_firings(res: SimResults, top: int = 25) -> go.Figure:
    """How often each rule clause fired per game, per variant (the ``top`` most frequent clauses)."""
    totals: dict[str, int] = {}
    for vi in range(len(res.variants)):
        for rule, k in res.rule_counts(vi).items():
            totals[rule] = totals.get(rule, 0) + k
    rules = sorted(totals, key=lambda r: -totals[r])[:top][::-1]
    fig = go.Figure()
    for vi, label in enumerate(res.labels):
        counts = res.rule_counts(vi)
        games = max(len(res.games(vi)), 1)
        xs = [counts.get(r, 0) / games for r in rules]
        fig.add_bar(name=label, y=rules, x=xs, orientation="h", marker=_style(vi),
                    text=[f"{x:.2f}" for x in xs], textposition="outside",
                    hovertemplate="%{y}: %{x:.2f} per game<extra></extra>")
    return _layout(fig, f"{res.game}: how often each rule fired", barmode="group",
                   xaxis_title="firings per game", height=max(380, 60 + 28 * len(rules) * len(res.variants)))


def judged(d: Diff, scale: float = 100.0) -> tuple[float, float, float]:
    """Where a compared figure is drawn: (value, low, high) of the interval its verdict reads (the verdict rule
    of :mod:`tabletop.sim.sequential`), so a marker is filled ("more than noise") exactly when its bar misses 0.
    A share's change is its mean paired difference with its anytime-valid interval (``scale`` 100: points); the
    length's is the share of seeds where the game is longer minus the share where it is shorter (points); a
    difference without a sequence (fixed-n) is its mean with its Student's t interval."""
    if d.basis == SIGN:
        return 100 * (d.more - d.less), 100 * d.seq_low, 100 * d.seq_high
    if d.anytime:
        return scale * d.mean, scale * d.seq_low, scale * d.seq_high
    return scale * d.mean, scale * d.low, scale * d.high


def _bars(points: list[tuple[float, float, float]]) -> dict[str, Any]:
    return {"array": [hi - x for x, _, hi in points], "arrayminus": [x - lo for x, lo, _ in points]}


def _level(cmp: Any) -> str:
    d = cmp.length
    if not d.anytime:
        return "fixed-n 95% intervals"
    return f"anytime-valid intervals, {100 * d.confidence:g}% for all {d.family} figures together"


def comparison(res: SimResults, a: int = 0, b: int = 1) -> go.Figure:
    """Variant ``b`` minus variant ``a`` on the same seeds: each figure with the interval its verdict reads
    (:func:`judged`), filled when it is more than noise."""
    cmp = res.compare(a, b)
    fig = make_subplots(rows=1, cols=2, column_widths=[0.65, 0.35],
                        subplot_titles=("win-rate change (points)", LENGTH_TITLE))
    names = [*cmp.seat_names, "no winner"]
    diffs = [*cmp.seats, cmp.draws]
    pts = [judged(d) for d in diffs]
    labels = [f"{x:+.1f} ({_noise(d)})" for (x, _, _), d in zip(pts, diffs, strict=True)]
    fig.add_scatter(row=1, col=1, x=[p[0] for p in pts], y=names, mode="markers+text", text=labels,
                    textposition="top center",
                    marker={"size": 11, "symbol": ["diamond" if d.significant else "circle-open" for d in diffs],
                            "color": COLOURS[1]},
                    error_x={"type": "data", "symmetric": False, **_bars(pts)},
                    name="win-rate change", showlegend=False)
    ln = cmp.length
    lp = judged(ln)
    fig.add_scatter(row=1, col=2, x=[lp[0]], y=["length"], mode="markers+text",
                    text=[f"{ln.mean:+.1f} actions ({_noise(ln)})"], textposition="top center",
                    marker={"size": 11, "symbol": "diamond" if ln.significant else "circle-open",
                            "color": COLOURS[2]},
                    error_x={"type": "data", "symmetric": False, **_bars([lp])}, name="length change",
                    showlegend=False)
    for col in (1, 2):
        fig.add_vline(x=0, line_dash="dot", row=1, col=col)
    return _layout(fig, f"{cmp.label_b} vs {cmp.label_a} ({cmp.n} paired games; {_level(cmp)}; filled = more "
                        "than noise)")


def all_figures(res: SimResults) -> dict[str, go.Figure]:
    """Every figure for ``res`` by name (the comparison only when there are two variants or more)."""
    out = {"win_rates": win_rates(res), "lengths": lengths(res), "rules": rule_firings(res)}
    if len(res.variants) > 1:
        out["comparison"] = comparison(res)
    return out


# -- the live chart of the lab -------------------------------------------------------------------------------
#: the traces of the live chart, in order (the chart always has these, so updates never add or remove traces)
LIVE_TRACES = ("variant 1 win rates", "variant 2 win rates", "win-rate change", "length change")


def _live_skeleton() -> go.Figure:
    fig = make_subplots(rows=2, cols=2, column_widths=[0.6, 0.4], row_heights=[0.55, 0.45],
                        specs=[[{"colspan": 2}, None], [{}, {}]], vertical_spacing=0.22,
                        subplot_titles=("who wins (% of games, fixed-n 95% intervals)",
                                        "change in win rate (points, anytime-valid intervals)",
                                        LENGTH_TITLE))
    for vi in range(2):
        fig.add_bar(row=1, col=1, name=f"variant {vi + 1}", x=[], y=[], marker=_style(vi), textposition="outside",
                    error_y={"type": "data", "symmetric": False, "array": [], "arrayminus": []})
    fig.add_scatter(row=2, col=1, x=[], y=[], mode="markers+text", textposition="top center", showlegend=False,
                    name="win-rate change", marker={"size": 11, "color": COLOURS[1]},
                    error_x={"type": "data", "symmetric": False, "array": [], "arrayminus": []})
    fig.add_scatter(row=2, col=2, x=[], y=[], mode="markers+text", textposition="top center", showlegend=False,
                    name="length change", marker={"size": 11, "color": COLOURS[2]}, cliponaxis=False,
                    error_x={"type": "data", "symmetric": False, "array": [], "arrayminus": []})
    for col in (1, 2):
        fig.add_vline(x=0, line_dash="dot", row=2, col=col)
    _layout(fig, "Press Run: the chart fills in as games finish", height=600, barmode="group",
            yaxis_range=[0, 105], yaxis_title="% of games")
    fig.update_layout(legend={"orientation": "h", "y": 1.07, "x": 0, "yanchor": "bottom"},
                      title={"y": 0.97, "yanchor": "top", "x": 0.02, "xanchor": "left"},
                      margin={"l": 60, "r": 50, "t": 120, "b": 50})
    return fig


def _text(label: str) -> str:
    """User text (option values are in variant labels) for plotly's text, which reads a little HTML (<b>, <a>,
    <br>): escaped, so plotly shows it as typed."""
    return html.escape(label, quote=False)


def _noise(d: Any) -> str:
    if d.n and d.mean == d.low == d.high == 0:
        return "same in every game"
    if d.significant:
        return "more than noise"
    return "noise? small sample" if d.small else "noise?"


def live_values(res: SimResults, a: int = 0, b: int = 1) -> dict[str, Any]:
    """What the live chart shows for ``res``: per-trace updates (in ``LIVE_TRACES`` order) and the title.

    Win rates are Wilson 95% intervals of each variant's games so far; the changes are paired differences
    (variant ``b`` minus ``a`` on the seeds both played) with their 95% intervals."""
    cats = [*res.seat_names, "no winner"]
    traces: list[dict[str, Any]] = []
    for vi in (a, b):
        rates = [*res.win_rates(vi), res.no_winner(vi)]
        ys = [100 * r.p if r.n else 0.0 for r in rates]
        traces.append({"name": _text(res.labels[vi]), "x": cats, "y": ys, "text": [f"{y:.1f}%" for y in ys],
                       "error_y": {"array": [100 * (r.high - r.p) if r.n else 0.0 for r in rates],
                                   "arrayminus": [100 * (r.p - r.low) if r.n else 0.0 for r in rates]},
                       "hovertemplate": "%{x}: %{y:.1f}% (" + res.labels[vi].replace("%", "%%")
                                        + ")<extra></extra>"})
    cmp = res.compare(a, b)
    diffs = [*cmp.seats, cmp.draws]
    pts = [judged(d) for d in diffs]
    traces.append({"x": [p[0] for p in pts], "y": cats,
                   "text": [f"{p[0]:+.1f} ({_noise(d)})" for p, d in zip(pts, diffs, strict=True)],
                   "marker": {"symbol": ["diamond" if d.significant else "circle-open" for d in diffs]},
                   "error_x": _bars(pts)})
    ln = cmp.length
    lp = judged(ln)
    traces.append({"x": [lp[0]], "y": ["length"], "text": [f"{ln.mean:+.1f} actions ({_noise(ln)})"],
                   "marker": {"symbol": ["diamond" if ln.significant else "circle-open"]},
                   "error_x": _bars([lp])})
    played = min(res.played(a), res.played(b))
    small = " (a small sample)" if 0 < cmp.n < 30 else ""
    title = (f"{_text(res.game)}: {_text(cmp.label_b)} vs {_text(cmp.label_a)}<br><sup>{played} of {res.planned} "
             f"games per variant, {cmp.n} paired{small}; {_level(cmp)}; a filled marker = more than noise</sup>")
    return {"traces": traces, "title": title,
            "spans": ([p[1] for p in pts] + [p[2] for p in pts], [lp[1], lp[2]])}


class LiveChart:
    """The lab's live chart: one plotly ``FigureWidget`` updated in place (``batch_update``: one message per
    update, no re-display) from cumulative results, so its intervals narrow as games arrive.

    The axes of the two change panels hold still while intervals narrow, so the narrowing shows: an axis widens
    at once when an interval does not fit, and zooms in (a step) only when everything on it takes up less than a
    fifth of it.

    **The user's view is kept during a run.** Zoom or pan a panel (drag, scroll, the axis ends, the mode bar) and
    the later snapshots of the same run leave that axis where you put it; the axes you did not touch go on
    following the numbers. Double-click the panel (or "Autoscale" / "Reset axes") to hand the axis back to the
    chart at the next snapshot. A new Run starts from the chart's own view again: it plays other rules, whose
    numbers may lie outside what you zoomed into, so ``reset()`` changes ``layout.uirevision`` (plotly's marker
    of "the same view": constant during one run, new for each run) and forgets the axes you had set.

    (The FigureWidget's front end applies every update with ``Plotly.update``, which ignores ``uirevision`` and
    sets whatever ranges it is sent; so the chart itself leaves alone the axes you moved: the front end reports
    each zoom or pan to Python, and an axis whose range is no longer the one the chart last set is yours.)"""

    #: zoom in when the values span less than this share of the axis
    ZOOM = 0.2
    #: the axes whose ranges the chart sets (and the user may take over during a run)
    AXES = ("xaxis", "yaxis", "xaxis2", "yaxis2", "xaxis3", "yaxis3")

    def __init__(self) -> None:
        self.runs = 0
        self.widget = go.FigureWidget(_live_skeleton().update_layout(uirevision=self.revision))
        self.updates = 0
        self._axes: dict[int, tuple[float, float]] = {}
        self._set: dict[str, tuple[float, ...]] = {}

    @property
    def revision(self) -> str:
        """The ``layout.uirevision`` of the current run (sent with its first snapshot)."""
        return f"run {self.runs}"

    def reset(self) -> None:
        """A new run: from its first snapshot on, the axes follow the numbers again (the user's zoom of the last
        run is let go), under a new ``uirevision``."""
        self.runs += 1
        self._axes = {}
        self._set = {}

    def user_axes(self) -> list[str]:
        """The axes the user has zoomed or panned during this run (the chart leaves them alone)."""
        return [name for name in self.AXES if self._is_users(name)]

    def _is_users(self, name: str) -> bool:
        ax = self.widget.layout[name]
        mine = self._set.get(name)
        if mine is None or ax.autorange is True:  # never set this run, or handed back (double-click, Autoscale)
            return False
        return tuple(ax.range or ()) != mine

    def _put(self, name: str, want: list[float]) -> None:
        if self._is_users(name):
            return
        ax = self.widget.layout[name]
        ax.range = want
        ax.autorange = False
        self._set[name] = tuple(want)  # (inside a batch, ax.range still reads the old value)

    def _range(self, i: int, values: list[float], bound: float | None = None) -> list[float]:
        finite = [v for v in values if v == v and abs(v) != float("inf")] or [0.0]
        lo, hi = min(0.0, *finite), max(0.0, *finite)
        if bound is not None:
            lo, hi = max(lo, -bound), min(hi, bound)
        pad = max(hi - lo, 1.0) * 0.3  # room for the value labels
        want = (lo - pad, hi + pad)
        old = self._axes.get(i)
        if old is not None and old[0] <= lo and hi <= old[1] and (hi - lo) >= self.ZOOM * (old[1] - old[0]):
            want = old  # everything fits and is not lost in a corner: hold still
        self._axes[i] = want
        return list(want)

    def update(self, res: SimResults) -> None:
        """Show ``res`` (the cumulative results so far) in place (the axes the user moved this run stay put)."""
        vals = live_values(res)
        fw = self.widget
        with fw.batch_update():
            for trace, new in zip(fw.data, vals["traces"], strict=True):
                trace.update(new)
            fw.layout.title.text = vals["title"]
            fw.layout.uirevision = self.revision
            self._put("xaxis", [-0.5, len(vals["traces"][0]["x"]) - 0.5])  # the categories, as autorange has them
            self._put("yaxis", [0, 105])
            self._put("xaxis2", self._range(0, vals["spans"][0], bound=100))  # a share moves 100 points at most
            self._put("xaxis3", self._range(1, vals["spans"][1], bound=100))  # points of seeds, as above
            # room above the top category for its label
            self._put("yaxis2", [-0.5, len(vals["traces"][2]["y"]) - 0.3])
            self._put("yaxis3", [-0.5, 0.7])
        self.updates += 1
