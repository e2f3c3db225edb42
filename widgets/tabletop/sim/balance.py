"""A balance report: what a rule change does when both players play well.

    from tabletop.sim.balance import balance
    report = balance("xevoz", variants=[None, {"bonus_chop": False}], bots="mcts:50", n=200, seed=0)
    print(report.summary())                 # sentences generated from the numbers
    report.figures()["win_rates"].show()    # plotly charts

Every game of the report is played on the same seeds under every variant (common random numbers: game ``i`` uses
seed ``seed + i`` and its bots the seeds :func:`tabletop.sim.play_one` gives them), so a difference between
variants is not noise of different dice. Per variant the report gives, each figure with a 95% interval:

* **win rate per seat** (Wilson) and the **first-player advantage**: the share of decided games won by the seat
  that moved first. With the same bot in every seat this is the edge of moving first; the skill games below also
  play every arrangement with the seats swapped on the same seeds;
* **length**: median and 90th percentile in actions, and the share of games stopped by the step cap (Wilson);
  the **no-winner share** (Wilson);
* **decision density**: the share of decisions with more than one legal move, and the mean number of options at
  those decisions (per game, then averaged: Student's t);
* from the search bot's value estimates along the game (the value of its most visited move: its estimated chance
  of winning, turned into seat 0's): **lead changes** per game (the estimate crossing 1/2, outside a dead zone of
  +-0.05), the **comeback rate** (decided games whose winner's estimated chance fell to 0.3 or less at some
  point) and the **point where the game is decided** (the share of the game's actions played when the winner's
  estimate rose for good above 0.8; 1.0 when only the end decided it). Only when the bots are MCTS bots and the
  game has two seats;
* **skill share** (Jaffe et al. 2012, "Evaluating competitive game balance with restricted play"): the strong
  bot against the random bot and against the game's best own bot ("greedy", else "sensible"), seats swapped on
  the same seeds: its share ``W`` of the *decided* games and the skill share ``(W - 1/k) / (1 - 1/k)`` for ``k``
  seats (0: the strong bot does no better than chance; 1: it always wins). Games without a winner (a tie or the
  step cap) are left out and counted (``Skill.undecided``): they are neither the strong bot's loss nor the weak
  bot's luck; with no decided game there is no skill share;
* **luck share**: the spread of outcomes over seeds that skill does not explain: how often the dice let the
  random bot beat the strong one in a decided game, against the share it would win in a game of pure luck
  (``W_random / (1/k)``, at most 1). 0: skill always decides; 1: the weak side wins as often as in a coin toss.

Comparisons (each variant against the first, paired on the seeds): the win rates per seat, the no-winner share
and the length follow the project's one verdict rule (:mod:`tabletop.sim.sequential`: anytime-valid confidence
sequences, family-wise 95% over all of them, through :meth:`SimResults.compare`); the other figures (decision
density, lead changes, comebacks, the deciding point) are compared once, at the end, with Student's t intervals at
a Bonferroni level shared by all of them (``1 - 0.05 / K``), so none of the report's sentences says "more than
noise" for more than 5% of changes that change nothing. Skill and luck shares are described per variant
(Wilson), not compared.

Runs on any ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` (anything with ``submit``), on
``"serial"`` (here) or, by default, a process pool over the local cores. ``progress`` and ``cancel`` as in
:func:`tabletop.sim.simulate`.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..engine import Game, Variant
from .core import (
    MAX_STEPS,
    Cancel,
    _auto_progress,
    _bot_seeds,
    _rules_for,
    _variant_for,
    check_int,
    game_label,
    make_variant,
    resolve_bots,
    resolve_game,
    variant_labels,
)
from .mcts import MCTSBot, make_bot
from .results import GameRecord, SimResults, verdict
from .stats import Diff, Rate, fixed_diff, quantile, t_quantile, wilson

#: the value estimates' dead zone around 1/2 (a lead change needs the estimate to cross it)
DEAD_ZONE = 0.05
#: a comeback: the winner's estimated chance fell to this or less
COMEBACK = 0.3
#: decided: the winner's estimated chance stays above this to the end
DECIDED = 0.8
#: the default strong bot
STRONG = "mcts:50"
BEST = ("greedy", "sensible")


# -- one traced game ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Trace:
    """One game of the report: its record, its decisions (``decisions``; ``choices`` of them with more than one
    legal move, ``options`` legal moves at those together) and, when a search bot moved, seat 0's estimated
    chance of winning after each searched decision (``values``) at the step it was made (``at``)."""

    seed: int
    variant: int
    winner: int | None
    steps: int
    first: int | None
    finished: bool
    decisions: int
    choices: int
    options: int
    values: tuple[float, ...] = ()
    at: tuple[int, ...] = ()

    def record(self) -> GameRecord:
        return GameRecord(self.seed, self.variant, self.winner, self.steps, self.first, self.finished)


def trace_game(modname: str, variant: dict[str, Any], bot_names: Sequence[str], seed: int, vi: int = 0,
               max_steps: int = MAX_STEPS) -> Trace:
    """Play one game as :func:`tabletop.sim.play_one` does (the same seeds for the game and its bots) and trace
    it (top level, so process pools can pickle it)."""
    rules, table = _rules_for(modname)
    seats = len(bot_names)
    g: Game[Any] = Game(rules, seed=seed, variant=_variant_for(rules, variant), players=seats, safe=False,
                        log=False)
    g.tally = {}
    bots = [make_bot(table, name, s) for name, s in zip(bot_names, _bot_seeds(seed, seats), strict=True)]
    state = g.raw_state
    current, legal_actions = rules.current_player, rules.legal_actions
    first = current(state)
    steps = decisions = choices = options = 0
    values: list[float] = []
    at: list[int] = []
    while steps < max_steps:
        p = current(state)
        if p is None:
            break
        legal = legal_actions(state)
        if not legal:
            break
        decisions += 1
        bot = bots[p]
        if len(legal) > 1:
            choices += 1
            options += len(legal)
        act = bot.choose(g, legal)
        if len(legal) > 1 and isinstance(bot, MCTSBot) and bot.last and seats == 2:
            v = bot.last[0].value
            if v == v:  # not nan
                values.append(v if p == 0 else 1.0 - v)
                at.append(steps)
        g.play(act)
        steps += 1
    finished = current(state) is None
    return Trace(seed, vi, rules.winner(state) if finished else None, steps, first, finished, decisions, choices,
                 options, tuple(values), tuple(at))


def _trace_chunk(modname: str, variants: Sequence[dict[str, Any]], bot_names: Sequence[str], seeds: Sequence[int],
                 max_steps: int) -> list[Trace]:
    return [trace_game(modname, v, bot_names, s, vi, max_steps) for s in seeds for vi, v in enumerate(variants)]


# -- what a trace says ------------------------------------------------------------------------------------------
def lead_changes(values: Sequence[float]) -> int:
    """How often the side ahead (seat 0's estimate above or below 1/2, outside the dead zone) changes."""
    side = 0
    changes = 0
    for v in values:
        s = 1 if v > 0.5 + DEAD_ZONE else -1 if v < 0.5 - DEAD_ZONE else 0
        if s:
            if side and s != side:
                changes += 1
            side = s
    return changes


def comeback(values: Sequence[float], winner: int | None) -> bool | None:
    """Did the winner's estimated chance fall to :data:`COMEBACK` or less? ``None`` without a winner or values."""
    if winner is None or not values or winner not in (0, 1):
        return None
    mine = values if winner == 0 else [1.0 - v for v in values]
    return min(mine) <= COMEBACK


def decided_at(values: Sequence[float], at: Sequence[int], steps: int, winner: int | None) -> float | None:
    """The share of the game's actions played when the winner's estimate rose above :data:`DECIDED` for good
    (1.0: only the end decided it); ``None`` without a winner or values."""
    if winner is None or not values or winner not in (0, 1) or steps <= 0:
        return None
    mine = values if winner == 0 else [1.0 - v for v in values]
    k = len(mine)
    while k > 0 and mine[k - 1] > DECIDED:
        k -= 1
    if k == len(mine):
        return 1.0
    return min(1.0, at[k] / steps)


# -- figures ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Mean:
    """A mean over games with its 95% interval (Student's t); ``n`` games."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        if not self.n:
            return "no games"
        if self.n == 1:
            return f"{self.mean:.2f} (one game)"
        return f"{self.mean:.2f} (95% CI {self.low:.2f}-{self.high:.2f}, {self.n} games)"


def mean_of(xs: Sequence[float]) -> Mean:
    n = len(xs)
    if not n:
        return Mean(math.nan, math.nan, math.nan, 0)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    d = fixed_diff(n, m, var)
    return Mean(m, d.low, d.high, n)


@dataclass(frozen=True)
class Skill:
    """The strong bot against ``other``, seats swapped on the same seeds: its wins of the ``rate.n`` decided games
    (``undecided`` more games ended without a winner: a tie or the step cap)."""

    strong: str
    other: str
    rate: Rate
    seats: int
    undecided: int = 0

    @property
    def share(self) -> tuple[float, float, float]:
        """The skill share ``(W - 1/k) / (1 - 1/k)`` and its interval (nan without a decided game)."""
        f = 1 / self.seats

        def s(w: float) -> float:
            return (w - f) / (1 - f)

        return s(self.rate.p), s(self.rate.low), s(self.rate.high)

    def __str__(self) -> str:
        left = (f"; {self.undecided} game{'s' if self.undecided != 1 else ''} without a winner left out"
                if self.undecided else "")
        if not self.rate.n:
            return (f"no game of {self.strong} against {self.other} was decided ({self.undecided} without a "
                    f"winner): no skill share")
        sh = self.share
        return (f"{self.strong} beats {self.other} in {self.rate} of decided games (seats swapped{left}): skill "
                f"share {sh[0]:.2f} (95% CI {sh[1]:.2f} to {sh[2]:.2f})")


@dataclass(frozen=True)
class VariantBalance:
    """Every figure of one variant (see the module text)."""

    label: str
    seats: list[Rate]
    first_player: Rate
    no_winner: Rate
    capped: Rate
    median: float
    p90: float
    choice_share: Mean
    options: Mean
    lead_changes: Mean | None
    comebacks: Rate | None
    decided: Mean | None
    skill: list[Skill] = field(default_factory=list)

    @property
    def luck(self) -> tuple[float, float, float] | None:
        """The luck share against the random bot (see the module text) and its interval, or ``None``."""
        for sk in self.skill:
            if sk.other == "random" and sk.rate.n:
                f, r = 1 / sk.seats, sk.rate
                return tuple(max(0.0, min(1.0, (1 - w) / f)) for w in (r.p, r.high, r.low))  # type: ignore[return-value]
        return None


@dataclass(frozen=True)
class Judged:
    """One extra figure compared between two variants: ``b`` minus ``a``, its Student's t interval at the report's
    Bonferroni level (``level``) and whether it excludes 0."""

    what: str
    diff: Diff
    level: float

    @property
    def significant(self) -> bool:
        return self.diff.n > 1 and (self.diff.low > 0 or self.diff.high < 0)


def _paired(xs: Sequence[tuple[float, float]], level: float) -> Diff:
    n = len(xs)
    d = [b - a for a, b in xs]
    if n < 2:
        return fixed_diff(n, d[0] if d else math.nan, 0.0)
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    half = t_quantile(1 - (1 - level) / 2, n - 1) * math.sqrt(var / n)
    return Diff(m, m - half, m + half, n)


@dataclass
class BalanceReport:
    """The report of :func:`balance`: per variant (:class:`VariantBalance`), the paired comparisons with the first
    variant, the games (``traces``) and the simulator's view of them (``results``: a :class:`SimResults`, so its
    own summary and charts work too)."""

    game: str
    labels: list[str]
    bots: list[str]
    n: int
    seed: int
    variants: list[VariantBalance]
    results: SimResults
    traces: list[Trace]
    extra: list[list[Judged]]
    seconds: float = 0.0
    cancelled: bool = False

    def variant(self, i: int = 0) -> VariantBalance:
        return self.variants[i]

    def summary(self) -> str:
        """Sentences generated from the numbers, one paragraph per variant, then each comparison."""
        res = self.results
        out = [f"Balance report, {self.game}: {self.n} games per variant on seeds {self.seed}-{self.seed + self.n - 1}"
               f", bots {', '.join(self.bots)}" + (" (CANCELLED: the figures cover the games that finished)"
                                                   if self.cancelled else "") + "."]
        names = res.seat_names
        for vi, vb in enumerate(self.variants):
            out.append(f"[{vi}] {vb.label}:")
            out.append("    " + "; ".join(f"{nm} wins {r}" for nm, r in zip(names, vb.seats, strict=True)) + ".")
            fair = 1 / len(vb.seats)
            fp = vb.first_player
            if fp.n:
                word = ("an advantage" if fp.low > fair else "a disadvantage" if fp.high < fair else
                        "not distinguishable from a fair share at this sample size")
                out.append(f"    The seat that moves first wins {fp} of decided games (fair: "
                           f"{100 * fair:.0f}%): moving first is {word}.")
            out.append(f"    Games last a median of {vb.median:.0f} actions (90th percentile {vb.p90:.0f}); "
                       f"{vb.capped} stopped at the step cap; no winner in {vb.no_winner}.")
            out.append(f"    Decision density: {100 * vb.choice_share.mean:.0f}% of decisions offer more than one "
                       f"legal move (95% CI {100 * vb.choice_share.low:.0f}-{100 * vb.choice_share.high:.0f}%), "
                       f"with {vb.options.mean:.1f} options on average (95% CI {vb.options.low:.1f}-"
                       f"{vb.options.high:.1f}).")
            if vb.lead_changes is not None and vb.lead_changes.n:
                s = f"    The lead (the search bot's estimate) changes {vb.lead_changes} times a game"
                if vb.comebacks is not None and vb.comebacks.n:
                    s += f"; the winner came back from a 30% chance or less in {vb.comebacks} of decided games"
                if vb.decided is not None and vb.decided.n:
                    s += (f"; the game is decided (the winner's chance above 80% for good) after "
                          f"{100 * vb.decided.mean:.0f}% of its actions on average (95% CI "
                          f"{100 * vb.decided.low:.0f}-{100 * vb.decided.high:.0f}%)")
                out.append(s + ".")
            for sk in vb.skill:
                out.append(f"    {sk}.")
            luck = vb.luck
            if luck is not None:
                word = ("mostly luck" if luck[0] > 0.6 else "mostly skill" if luck[0] < 0.2 else
                        "a mix of skill and luck")
                out.append(f"    Luck share {luck[0]:.2f} (95% CI {luck[1]:.2f}-{luck[2]:.2f}): with these bots the "
                           f"outcome is {word}.")
                weak = next(sk for sk in vb.skill if sk.other == "random")
                if weak.rate.p <= 1 / weak.seats:
                    out.append(f"    {weak.strong} wins no more than a fair share against the random bot: at this "
                               f"budget the skill and luck shares describe the search bot's budget more than the "
                               f"game.")
        for vi in range(1, len(self.variants)):
            out.append(res.compare(0, vi).summary())
            judged = self.extra[vi - 1] if vi - 1 < len(self.extra) else []
            said = []
            for j in judged:
                d = j.diff
                if not d.n:
                    continue
                tail = ("more than noise" if j.significant else "not distinguishable from noise")
                said.append(f"{j.what} {d.mean:+.3f} (interval {d.low:+.3f} to {d.high:+.3f} at "
                            f"{100 * j.level:.1f}%: {tail})")
            if said:
                out.append(f"    Also, [{vi}] minus [0]: " + "; ".join(said) + ".")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.summary()

    def figures(self) -> dict[str, Any]:
        """Plotly figures: win rates per seat, length, decision density, skill and luck (one bar per variant)."""
        import plotly.graph_objects as go

        labels = self.labels
        figs: dict[str, Any] = {}

        def bars(title: str, series: list[tuple[str, list[tuple[float, float, float]]]], unit: str) -> Any:
            fig = go.Figure()
            for name, pts in series:
                fig.add_bar(name=name, x=labels, y=[p[0] for p in pts],
                            error_y={"type": "data", "symmetric": False,
                                     "array": [max(0.0, p[2] - p[0]) for p in pts],
                                     "arrayminus": [max(0.0, p[0] - p[1]) for p in pts]})
            fig.update_layout(title=title, yaxis_title=unit, barmode="group", template="plotly_white",
                              height=360)
            return fig

        names = self.results.seat_names
        figs["win_rates"] = bars("Win rate per seat (95% intervals)", [
            (nm, [(100 * v.seats[s].p, 100 * v.seats[s].low, 100 * v.seats[s].high) for v in self.variants])
            for s, nm in enumerate(names)] + [
            ("first player", [(100 * v.first_player.p, 100 * v.first_player.low, 100 * v.first_player.high)
                              for v in self.variants])], "% of games")
        figs["length"] = bars("Game length", [
            ("median", [(v.median, v.median, v.median) for v in self.variants]),
            ("90th percentile", [(v.p90, v.p90, v.p90) for v in self.variants])], "actions")
        figs["decisions"] = bars("Decision density (95% intervals)", [
            ("share of decisions with a choice", [(v.choice_share.mean, v.choice_share.low, v.choice_share.high)
                                                  for v in self.variants])], "share")
        skill_series = []
        others = sorted({sk.other for v in self.variants for sk in v.skill})
        for other in others:
            pts = []
            for v in self.variants:
                sk = next((s for s in v.skill if s.other == other), None)
                pts.append(sk.share if sk is not None else (math.nan, math.nan, math.nan))
            skill_series.append((f"skill share vs {other}", pts))
        luck_pts = [v.luck or (math.nan, math.nan, math.nan) for v in self.variants]
        if skill_series:
            figs["skill"] = bars("Skill and luck (95% intervals)", [*skill_series, ("luck share", luck_pts)],
                                 "share")
        return figs


# -- running it -------------------------------------------------------------------------------------------------
def _best(mod: ModuleType) -> str | None:
    table = getattr(mod, "BOTS", {})
    return next((b for b in BEST if b in table), None)


def balance(game: str | ModuleType, *, variants: Sequence[Variant | dict[str, Any] | None] | None = (None,),
            bots: str = STRONG, n: int = 100, seed: int = 0, executor: Executor | str | Any | None = None,
            workers: int | None = None, skill_n: int | None = None, against: Sequence[str] | None = None,
            max_steps: int = 2000, chunk: int | None = None, progress: Any = "auto",
            cancel: Cancel | threading.Event | None = None) -> BalanceReport:
    """The balance report of ``game`` under each of ``variants`` (see the module text).

    ``bots``: the strong bot (one name, every seat; default ``"mcts:50"``). ``n``: strong-against-strong games per
    variant. ``skill_n``: games per seat arrangement of the skill games (default ``n // 2``; 0 leaves skill and
    luck out). ``against``: the bots the strong one is measured against (default: ``"random"`` and the game's best
    own bot). ``max_steps``: a game still going after this many actions is stopped and counted as capped.
    ``executor`` / ``workers`` / ``progress`` / ``cancel``: as in :func:`tabletop.sim.simulate`."""
    t0 = time.perf_counter()
    mod = resolve_game(game)
    rules = mod.Rules()
    check_int("n", n, low=1)
    check_int("seed", seed)
    check_int("max_steps", max_steps, low=1)
    if not isinstance(bots, str):
        raise TypeError(f"bots must be one bot name (the strong bot, in every seat), not {bots!r}")
    seats = len(rules.default_players)
    names = resolve_bots(mod, bots, seats)
    strong = names[0]
    vlist = list(variants) if variants else [None]
    vdicts = [make_variant(rules, v) for v in vlist]
    labels = variant_labels(rules, vdicts)
    if skill_n is None:
        skill_n = max(1, n // 2)
    check_int("skill_n", skill_n, low=0)
    best = _best(mod)
    others = list(against) if against is not None else ["random", *([best] if best else [])]
    others = [o for o in others if o != strong]
    if seats == 2:
        for o in others:
            resolve_bots(mod, o, seats)  # an unknown name is refused before anything is played
    else:
        others = []
    # the tasks: strong vs strong, then each arrangement of the skill games; all on seeds seed .. seed + n - 1
    arrangements: list[tuple[str, list[str], int]] = [("main", names, n)]
    if skill_n:
        for o in others:
            arrangements.append((o, [strong, o], skill_n))
            arrangements.append((o, [o, strong], skill_n))
    size = chunk or max(1, min(8, n // (4 * (workers or os.cpu_count() or 1)) or 1))
    tasks: list[tuple[Any, ...]] = []
    keys: list[int] = []
    for ai, (_, seat_bots, count) in enumerate(arrangements):
        for start in range(seed, seed + count, size):
            tasks.append((mod.__name__, vdicts, seat_bots, list(range(start, min(seed + count, start + size))),
                          max_steps))
            keys.append(ai)
    total = sum(c for _, _, c in arrangements) * len(vdicts)
    prog = _auto_progress(progress)
    # run; remember which arrangement each trace belongs to (by task order: results come back per task)
    grouped: list[list[Trace]] = [[] for _ in arrangements]
    cancelled = False
    if executor == "serial":
        for key, t in zip(keys, tasks, strict=True):
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            got = _trace_chunk(*t)
            grouped[key].extend(got)
            if prog is not None:
                prog(sum(len(g) for g in grouped), total)
    else:
        own: Executor | None = None
        ex: Any = executor
        if ex is None or ex in ("process", "thread"):
            k = workers or os.cpu_count() or 1
            own = ex = ThreadPoolExecutor(k) if ex == "thread" else ProcessPoolExecutor(k)
        try:
            futures = [ex.submit(_trace_chunk, *t) for t in tasks]
            for key, f in zip(keys, futures, strict=True):
                if cancel is not None and cancel.is_set():
                    cancelled = True
                    for g in futures:
                        g.cancel()
                    break
                grouped[key].extend(f.result())
                if prog is not None:
                    prog(sum(len(g) for g in grouped), total)
        finally:
            if own is not None:
                own.shutdown(wait=True, cancel_futures=True)
    main = grouped[0]
    # only seeds finished under every variant are paired
    by_seed: dict[int, int] = {}
    for tr in main:
        by_seed[tr.seed] = by_seed.get(tr.seed, 0) + 1
    main = [tr for tr in main if by_seed[tr.seed] == len(vdicts)]
    main.sort(key=lambda tr: (tr.seed, tr.variant))
    played = len(main) // len(vdicts)
    res = SimResults(game=game_label(mod), variants=vdicts, bots=names, n=played, seed=seed,
                     records=[t.record() for t in main], module=mod.__name__, complete=not cancelled,
                     seconds=time.perf_counter() - t0, max_steps=max_steps, labels=labels,
                     planned=n)
    per_variant: list[VariantBalance] = []
    for vi, label in enumerate(labels):
        ts = [t for t in main if t.variant == vi]
        fp_games = [t for t in ts if t.winner is not None and t.first is not None]
        lengths = sorted(float(t.steps) for t in ts)
        searched = [t for t in ts if t.values]
        decided_games = [t for t in searched if t.winner is not None]
        cb = [comeback(t.values, t.winner) for t in decided_games]
        da = [decided_at(t.values, t.at, t.steps, t.winner) for t in decided_games]
        skill: list[Skill] = []
        for ai in range(1, len(arrangements), 2):  # the strong bot in seat 0 (ai), then in seat 1 (ai + 1)
            other = arrangements[ai][0]
            both = [t for t in grouped[ai] + grouped[ai + 1] if t.variant == vi]
            decided = [t for t in both if t.winner is not None]
            # the strong bot sits in seat 0 in arrangement ai and in seat 1 in ai + 1
            wins = sum(1 for t in grouped[ai] if t.variant == vi and t.winner == 0) + sum(
                1 for t in grouped[ai + 1] if t.variant == vi and t.winner == 1)
            skill.append(Skill(strong, other, wilson(wins, len(decided)), seats, len(both) - len(decided)))
        per_variant.append(VariantBalance(
            label=label,
            seats=[wilson(sum(1 for t in ts if t.winner == s), len(ts)) for s in range(seats)],
            first_player=wilson(sum(1 for t in fp_games if t.winner == t.first), len(fp_games)),
            no_winner=wilson(sum(1 for t in ts if t.winner is None), len(ts)),
            capped=wilson(sum(1 for t in ts if not t.finished), len(ts)),
            median=quantile(lengths, 0.5), p90=quantile(lengths, 0.9),
            choice_share=mean_of([t.choices / t.decisions for t in ts if t.decisions]),
            options=mean_of([t.options / t.choices for t in ts if t.choices]),
            lead_changes=mean_of([float(lead_changes(t.values)) for t in searched]) if searched else None,
            comebacks=wilson(sum(1 for x in cb if x), len(cb)) if searched else None,
            decided=mean_of([x for x in da if x is not None]) if searched else None,
            skill=skill))
    # the extra figures, paired on the seeds, one family (Bonferroni) for all comparisons
    extra_names = ["share of decisions with a choice", "options per decision", "lead changes", "comeback",
                   "decided at"]
    n_cmp = len(vdicts) - 1
    level = 1 - 0.05 / max(1, len(extra_names) * n_cmp)
    extra: list[list[Judged]] = []
    by = {(t.seed, t.variant): t for t in main}
    for vi in range(1, len(vdicts)):
        pairs = [(by[(s, 0)], by[(s, vi)]) for s in sorted({t.seed for t in main})]
        figs: list[tuple[str, list[tuple[float, float]]]] = [
            (extra_names[0], [(a.choices / max(a.decisions, 1), b.choices / max(b.decisions, 1)) for a, b in pairs]),
            (extra_names[1], [(a.options / a.choices, b.options / b.choices) for a, b in pairs
                              if a.choices and b.choices]),
        ]
        vals = [(a, b) for a, b in pairs if a.values and b.values]
        if vals:
            figs.append((extra_names[2], [(float(lead_changes(a.values)), float(lead_changes(b.values)))
                                          for a, b in vals]))
            cbs = [(comeback(a.values, a.winner), comeback(b.values, b.winner)) for a, b in vals]
            figs.append((extra_names[3], [(float(x), float(y)) for x, y in cbs if x is not None and y is not None]))
            das = [(decided_at(a.values, a.at, a.steps, a.winner), decided_at(b.values, b.at, b.steps, b.winner))
                   for a, b in vals]
            figs.append((extra_names[4], [(x, y) for x, y in das if x is not None and y is not None]))
        extra.append([Judged(what, _paired(xs, level), level) for what, xs in figs])
    return BalanceReport(game=game_label(mod), labels=labels, bots=names, n=played, seed=seed,
                         variants=per_variant, results=res, traces=main, extra=extra,
                         seconds=time.perf_counter() - t0, cancelled=cancelled)


__all__ = ["BalanceReport", "Judged", "Mean", "Skill", "Trace", "VariantBalance", "balance", "comeback",
           "decided_at", "lead_changes", "trace_game", "verdict"]
