"""Simulation results: per-game records, the statistics learners read, and JSON/CSV files.

Every result carries what it was played with: the game, each variant's options, the seeds, the bot names and
the package version, so a saved file says exactly how to reproduce it.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.catalog import EVENT_SEATS
from .sequential import ConfidenceSequence, Figure, PairSequences, Verdicts, family_size
from .stats import MEAN, SIGN, Diff, Rate, paired_diff, quantile, wilson
from .stats import SMALL as SMALL_N
from .tally import Tally

RESULTS_FORMAT = "tabletop-sim"
#: the values of :attr:`SimResults.stopped`
STOPS = ("done", "early", "cancelled", "running")
RESULTS_VERSION = 1
CSV_COLUMNS = ("game", "version", "bots", "variant_index", "variant", "seed", "winner", "first", "steps",
               "finished", "rules", "seat_rules")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One simulated game: its seed and variant, the winning seat (``None``: no winner), its length in
    actions, the seat that moved first, whether it ended before the step cap, how often each rule fired, and
    (for events that concern a seat) how often it fired for each seat (a tuple, one count per seat: immutable,
    so that many thousands of kept records give the cyclic garbage collector nothing to walk)."""

    seed: int
    variant: int
    winner: int | None
    steps: int
    first: int | None = 0
    finished: bool = True
    rules: dict[str, int] = field(default_factory=dict)
    seat_rules: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as its fields: a pool sends every record back to the main process, and this takes half the time
        # of a slotted dataclass's default (state via copyreg) on both sides
        return (GameRecord, (self.seed, self.variant, self.winner, self.steps, self.first, self.finished, self.rules,
                             self.seat_rules))


#: whom a clause's event names (``event_seat`` of a clause in a game's ``rules.toml``): the seat that does it, or
#: the seat it is done to; a clause that does not say is read as "the seat its event names"
_SEAT_WORDS = {"actor": ("the seat that does it", "for"), "victim": ("the seat it is done to", "against"),
               "": ("the seat its event names", "for")}


@cache
def _catalog_seats(module: str) -> dict[str, str]:
    """``event_seat`` per clause of a game's rule catalog (``tabletop.engine.catalog``); empty when the game or its
    catalog cannot be found."""
    import importlib

    from ..engine.catalog import load_catalog

    try:
        mod = importlib.import_module(module)
        path = getattr(mod.Rules(), "catalog_path", None)
        if path is None:
            return {}
        catalog = load_catalog(path)
    except Exception:  # an unknown or test-only module: no declarations
        return {}
    return {c.id: c.event_seat for c in catalog.clauses if c.event_seat}


def event_seat(module: str, rule: str) -> str:
    """Whom ``rule``'s event names in the game ``module``: "actor", "victim" or "" (not declared)."""
    return _catalog_seats(module).get(rule, "") if module else ""


@dataclass(frozen=True)
class RuleEdge:
    """Does a rule go with winning? Among decided games where the rule's event named one seat more often than
    every other seat, how often that seat won (against the fair share). ``names``: whom the event names ("actor":
    the seat that does it; "victim": the seat it is done to, such as the player whose part is chopped; "": not
    declared, read as "the seat its event names"), from the clause's ``event_seat`` in the game's catalog."""

    rule: str
    rate: Rate
    fair: float
    games_fired: int
    games: int
    names: str = ""

    def summary(self) -> str:
        who, prep = _SEAT_WORDS.get(self.names, _SEAT_WORDS[""])
        if not self.rate.n:
            return (f"{self.rule} never fired more often {prep} one seat than {prep} the others in a decided game "
                    f"({self.games_fired} of {self.games} games saw it at all): nothing to say")
        base = (f"when {self.rule} fired most often {prep} one seat ({who}), that seat won "
                f"{100 * self.rate.p:.1f}% of {self.rate.n} such games (95% CI {100 * self.rate.low:.1f}-"
                f"{100 * self.rate.high:.1f}%; a fair share is {100 * self.fair:.0f}%)")
        if self.rate.low > self.fair:
            return base + f": {who} wins more often than chance"
        if self.rate.high < self.fair:
            return base + f": {who} wins less often than chance"
        return base + ": not distinguishable from chance at this sample size"

    def __str__(self) -> str:
        return self.summary()


@dataclass(frozen=True)
class FirstPlayer:
    """How often the seat that moved first won, among games that had a winner, against a fair share."""

    rate: Rate
    fair: float

    @property
    def advantage(self) -> float:
        return self.rate.p - self.fair

    def summary(self) -> str:
        if not self.rate.n:
            return "no decided games, so nothing is known about a first-player advantage"
        lo, hi = self.rate.low, self.rate.high
        base = (f"the first player won {100 * self.rate.p:.1f}% of decided games "
                f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%; a fair share is {100 * self.fair:.0f}%)")
        if lo > self.fair:
            return base + ": moving first is an advantage"
        if hi < self.fair:
            return base + ": moving first is a disadvantage"
        return base + ": not distinguishable from a fair game at this sample size"


@dataclass(frozen=True)
class Comparison:
    """Variant ``b`` against variant ``a`` on the same seeds: win-rate differences per seat and length."""

    a: int
    b: int
    label_a: str
    label_b: str
    seats: list[Diff]
    length: Diff
    draws: Diff
    seat_names: list[str]
    #: of the paired games, how many never read an option in which ``b`` differs from ``a`` (so both variants
    #: played the very same game; known when one of them is the run's first variant: ``SimResults.shared``)
    untouched: int | None = None

    @property
    def n(self) -> int:
        return self.length.n

    @property
    def figures(self) -> list[Diff]:
        """Every figure the verdicts judge: each seat's win rate, the no-winner share, the game length."""
        return [*self.seats, self.draws, self.length]

    def summary(self) -> str:
        """Plain words, including whether each difference is distinguishable from noise (the verdict rule of
        :mod:`tabletop.sim.sequential`), and each fixed-n interval (Student's t) beside it."""
        if self.n == 0:
            return f"No seed was played under both {self.label_a!r} and {self.label_b!r}: nothing to compare."
        lines = [f"{self.label_b} against {self.label_a}, over {_games(self.n)} (same seeds):"]
        for name, d in zip(self.seat_names, self.seats, strict=True):
            lines.append(f"- {name}'s win rate {_pp(d)}")
        lines.append(f"- the share of games without a winner {_pp(self.draws)}")
        ln = self.length
        word = ("longer" if ln.mean > 0 else "shorter") if ln.mean else "as long"
        line = (f"- games are {abs(ln.mean):.1f} actions {word} on average "
                f"(fixed-n 95% CI {ln.low:+.1f} to {ln.high:+.1f}, Student's t)")
        if ln.basis == SIGN and not _identical(ln):
            line += (f"; longer in {100 * ln.more:.0f}% of the paired games, shorter in {100 * ln.less:.0f}% "
                     f"(longer minus shorter: {_seq(ln, 100, 0, 'points')})")
        lines.append(f"{line}: {_verdict(ln)}")
        came_up = self._came_up()
        if came_up:
            lines.append(f"- {came_up}")
        if not any(d.significant for d in self.figures):
            lines.append("Overall: at this sample size the two rule sets are not distinguishable from noise; "
                         "play more games before drawing a conclusion.")
        lines.append(self.rule_note())
        return "\n".join(lines)

    def rule_note(self) -> str:
        """One sentence on how the verdicts are made (the rule, its error level and its source), for wherever
        they are read."""
        d = self.length
        if not d.anytime:
            return ("How to read these verdicts: each says \"more than noise\" when its fixed-n 95% interval "
                    "(Student's t) excludes zero; that holds for one look at a number of games fixed in advance, "
                    "not for a run looked at while games arrive (these results kept no anytime-valid sequences).")
        alpha = 100 * (1 - d.confidence)
        each = alpha / max(d.family, 1)
        return (f"How to read these verdicts: \"more than noise\" means the figure's anytime-valid interval (a "
                f"confidence sequence, Waudby-Smith & Ramdas 2024, tabletop.sim.sequential) excludes zero, which "
                f"stays true however often the numbers are looked at while games arrive; the {d.family} figures "
                f"compared in this run share a {alpha:g}% chance of any false alarm (Bonferroni: {each:.3g}% "
                f"each); game length is judged by how often a game is longer rather than shorter on the same "
                f"seed; below {SMALL_N} paired games the sample is small and the intervals are wide.")

    def _came_up(self) -> str:
        """How often the changed rule never came up (from :attr:`untouched`), or "" when that is not known."""
        k = self.untouched
        if k is None or not self.n:
            return ""
        if not k:
            return f"the changed rule came up in every one of the {_games(self.n)}."
        return (f"the changed rule never came up in {k} of the {_games(self.n)} ({k / self.n:.0%}): in "
                f"{'those' if k != 1 else 'that one'} both variants played the very same game.")

    def conclusions(self) -> list[str]:
        """The comparison as conclusion sentences made from its numbers only: one per seat's win rate, one for
        the share of games without a winner, one for the game length (each says "more than noise" only when its
        anytime-valid interval excludes zero: the verdict rule of :mod:`tabletop.sim.sequential`), an overall
        sentence naming what changed by more than noise and what did not, and how the verdicts are made."""
        if self.n == 0:
            return [f"No seed was played under both {self.label_a!r} and {self.label_b!r}: nothing to compare."]
        out = [verdict(d, f"{name}'s win rate", "points", scale=100)
               for name, d in zip(self.seat_names, self.seats, strict=True)]
        out.append(verdict(self.draws, "the share of games without a winner", "points", scale=100))
        out.append(verdict(self.length, "games", "actions", up="last longer", down="end sooner"))
        came_up = self._came_up()
        if came_up:
            out.append(came_up)
        aspects = [("who wins", self.seats), ("how often a game ends without a winner", [self.draws]),
                   ("how long games last", [self.length])]
        moved = [a for a, ds in aspects if any(d.significant for d in ds)]
        same = [a for a, ds in aspects if all(_identical(d) for d in ds)]
        still = [a for a, _ in aspects if a not in moved and a not in same]
        parts = []
        if moved:
            parts.append(f"{_and(moved)} {'changes' if len(moved) == 1 else 'change'} by more than noise")
        else:
            parts.append("no difference is more than noise")
        if still:
            parts.append(f"the change in {_and(still)} is not distinguishable from noise at this number of games")
        if same:
            parts.append(f"{_and(same)} {'is' if len(same) == 1 else 'are'} the same in every paired game")
        text = f"Overall ({self.label_b} against {self.label_a}, {_games(self.n)}): " + "; ".join(parts) + "."
        if not moved:
            text += (" That does not show the change has no effect, only that any effect is too small for this "
                     "many games to see.")
        if self.n < SMALL_N:
            text += f" ({_games(self.n).capitalize()} is a small sample: play more before concluding anything.)"
        out.append(text)
        out.append(self.rule_note())
        return out

    def __str__(self) -> str:
        return self.summary()


def _level(d: Diff) -> str:
    conf = f"{100 * d.confidence:g}%"
    return f"{conf} for all {d.family} figures together" if d.family > 1 else conf


def _seq(d: Diff, scale: float, digits: int, unit: str) -> str:
    return (f"anytime-valid interval {scale * d.seq_low:+.{digits}f} to {scale * d.seq_high:+.{digits}f} {unit}, "
            f"{_level(d)}")


def verdict(d: Diff, what: str, unit: str, *, scale: float = 1.0, up: str = "rises", down: str = "falls",
            digits: int = 1) -> str:
    """One conclusion sentence about a paired difference, made from its numbers only.

    ``what`` names the quantity ("seat 1's win rate without the bonus chop"), ``unit`` the unit after scaling
    (``scale=100`` turns a difference of shares into percentage points). The change word is ``up`` when the mean
    difference is positive and ``down`` when it is negative; the sentence says "more than noise" only when
    ``d.significant``: for a comparison's figures, when the anytime-valid interval excludes zero (the verdict rule
    of :mod:`tabletop.sim.sequential`, family-wise over all the run's figures); for a plain
    :func:`~tabletop.sim.stats.paired_diff` without bounds, when its fixed-n 95% interval (Student's t) does, and
    the sentence says it is valid for one look only. The number of paired games in the sentence is ``d.n``;
    below 30 it says the sample is small.

    >>> verdict(Diff(0.036, 0.013, 0.059, 3000), "seat 1's win rate", "points", scale=100)
    "seat 1's win rate rises by 3.6 points on average over 3000 paired games (95% CI +1.3 to +5.9 points, Student's t, for one look at a number of games fixed in advance): more than noise."
    """
    if d.n == 0:
        return f"{what}: no paired games, so nothing can be concluded."
    if _identical(d):
        return f"{what}: no change in any of the {_games(d.n)}."
    amount = f"{scale * abs(d.mean):.{digits}f} {unit}"
    change = f"{up} by {amount}" if d.mean > 0 else f"{down} by {amount}" if d.mean < 0 else "shows no change"
    if d.n == 1:
        return f"{what} {change} in the only paired game: one game cannot be told from noise."
    if d.basis == SIGN:
        ci = (f"; longer in {100 * d.more:.0f}% of them, shorter in {100 * d.less:.0f}% (longer minus shorter: "
              f"{_seq(d, 100, 0, 'points')})")
    elif d.basis == MEAN:
        ci = f" ({_seq(d, scale, digits, unit)})"
    else:
        ci = (f" (95% CI {scale * d.low:+.{digits}f} to {scale * d.high:+.{digits}f} {unit}, Student's t, for one "
              f"look at a number of games fixed in advance)")
    if d.significant:
        tail = "more than noise, even on this small a sample" if d.small else "more than noise"
    else:
        tail = ("not distinguishable from noise on so small a sample" if d.small
                else "not distinguishable from noise at this number of games")
    return f"{what} {change} on average over {_games(d.n)}{ci}: {tail}."


def _identical(d: Diff) -> bool:
    return d.n > 0 and d.mean == d.low == d.high == 0


def _shared_counts(d: dict[str, Any], n_games: int) -> list[int]:
    """A saved ``shared``: absent (older files), or a count from 0 to ``n`` for every variant."""
    raw = d.get("shared") or []
    if (type(raw) is not list or (raw and len(raw) != len(d["variants"]))
            or not all(type(k) is int and 0 <= k <= n_games for k in raw)):
        raise ValueError(f"'shared' must list, for each of the {len(d['variants'])} variants, how many of its "
                         f"{n_games} games were shared (0 to {n_games}), not {raw!r}"[:300])
    return list(raw)


def _games(n: int) -> str:
    return f"{n} paired game{'' if n == 1 else 's'}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _verdict(d: Diff) -> str:
    if d.n and d.low == d.high == 0 and d.mean == 0:
        return "identical in every paired game"
    if d.significant:
        return "more than noise"
    return "not distinguishable from noise" + (" (a small sample)" if d.small else "")


def _pp(d: Diff) -> str:
    if d.n and d.low == d.high == 0 and d.mean == 0:
        return "is unchanged in every paired game"
    change = "rises" if d.mean > 0 else "falls" if d.mean < 0 else "does not change"
    amount = f" by {100 * abs(d.mean):.1f} points" if d.mean else ""
    seq = f"{_seq(d, 100, 1, 'points')}; " if d.anytime else ""
    return (f"{change}{amount} ({seq}fixed-n 95% CI {100 * d.low:+.1f} to {100 * d.high:+.1f} points, Student's "
            f"t): {_verdict(d)}")


def _judged(fixed: Diff, cs: ConfidenceSequence, flip: bool, confidence: float, family: int, basis: str,
            more: float = math.nan, less: float = math.nan) -> Diff:
    """``fixed`` (the mean and its Student's t interval) with the verdict rule's anytime-valid interval."""
    if fixed.n == 0 or cs.n != fixed.n:
        return fixed
    lo, hi = (-cs.high, -cs.low) if flip else (cs.low, cs.high)
    return replace(fixed, seq_low=lo, seq_high=hi, confidence=confidence, family=family, basis=basis, more=more,
                   less=less)


@dataclass
class SimResults:
    """The games of one simulation run, with the statistics a learner asks for."""

    game: str
    variants: list[dict[str, Any]]
    bots: list[str]
    n: int
    seed: int
    records: list[GameRecord]
    version: str = ""
    module: str = ""
    complete: bool = True
    seconds: float = 0.0
    max_steps: int = 0
    labels: list[str] = field(default_factory=list)
    #: why the run ended: "done" (every game), "early" (the sequential test settled every compared figure),
    #: "cancelled" (stopped by hand); "running" on a snapshot of :func:`tabletop.sim.stream` before the last
    stopped: str = ""
    #: the number of games per variant asked for (``n`` is the number played when a sequential test stopped early)
    planned: int = 0
    #: the anytime-valid verdicts of ``early_stop`` (empty without it): :class:`tabletop.sim.sequential.Figure`
    sequential: list[Figure] = field(default_factory=list)
    #: running aggregates instead of ``records`` (``keep_records=False``): every statistic below still works;
    #: what needs single games (``games``, ``to_csv``) says so
    tally: Tally | None = None
    #: per variant, how many of its games (of seeds played under every variant) were not played again: the game
    #: of their seed under the first variant never read an option in which they differ, so its record is theirs
    #: (``tabletop.sim.play_seeds``). The records are the same either way; this says how often the change
    #: could not even come into play. Empty for results saved before it was counted.
    shared: list[int] = field(default_factory=list)
    #: the verdict rule's anytime-valid sequences (:class:`tabletop.sim.sequential.Verdicts`), fed seed by seed in
    #: seed order while the games arrived; ``None`` (results built by hand, or a CSV file): ``compare`` feeds them
    #: from the records, in seed order
    anytime: Verdicts | None = None

    def __post_init__(self) -> None:
        if not self.labels:
            self.labels = _labels(self.variants)
        if not self.planned:
            self.planned = self.n
        if not self.stopped:
            self.stopped = "done" if self.complete else "cancelled"
        if self.stopped not in STOPS:
            raise ValueError(f"stopped must be one of {', '.join(STOPS)}, not {self.stopped!r}")

    @property
    def running(self) -> bool:
        """True on a snapshot of a run that is still going (more snapshots follow)."""
        return self.stopped == "running"

    # -- selection -----------------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.bots)

    @property
    def seat_names(self) -> list[str]:
        return [f"seat {i + 1} ({b})" for i, b in enumerate(self.bots)]

    def _no_records(self, what: str) -> ValueError:
        return ValueError(f"{what} needs the single games, but this run kept only running totals "
                          "(keep_records=False); run with keep_records=True to have them")

    def games(self, variant: int = 0) -> list[GameRecord]:
        if self.tally is not None:
            raise self._no_records("games()")
        return [r for r in self.records if r.variant == variant]

    def played(self, variant: int = 0) -> int:
        """How many games were played under ``variant`` (with records or running totals)."""
        if self.tally is not None:
            return self.tally.variants[variant].games
        return sum(r.variant == variant for r in self.records)

    @property
    def played_total(self) -> int:
        """How many games were played in all (``len(records)`` when records are kept)."""
        if self.tally is not None:
            return sum(v.games for v in self.tally.variants)
        return len(self.records)

    def seeds(self, variant: int = 0) -> list[int]:
        if self.tally is not None:  # running totals hold whole seeds, in seed order from the first
            return list(range(self.seed, self.seed + self.tally.variants[variant].games))
        return [r.seed for r in self.games(variant)]

    @property
    def unfinished(self) -> int:
        if self.tally is not None:
            return sum(v.unfinished for v in self.tally.variants)
        return sum(not r.finished for r in self.records)

    # -- statistics ----------------------------------------------------------------------------------------
    def win_rates(self, variant: int = 0) -> list[Rate]:
        """Each seat's share of all games played under ``variant``, with Wilson 95% intervals."""
        if self.tally is not None:
            t = self.tally.variants[variant]
            return [wilson(k, t.games) for k in t.wins]
        gs = self.games(variant)
        c = Counter(r.winner for r in gs)
        return [wilson(c.get(s, 0), len(gs)) for s in range(self.seats)]

    def no_winner(self, variant: int = 0) -> Rate:
        """Games that ended without a winner (a draw or the step cap)."""
        if self.tally is not None:
            t = self.tally.variants[variant]
            return wilson(t.no_winner, t.games)
        gs = self.games(variant)
        return wilson(sum(r.winner is None for r in gs), len(gs))

    def first_player(self, variant: int = 0) -> FirstPlayer:
        if self.tally is not None:
            t = self.tally.variants[variant]
            return FirstPlayer(wilson(t.first_won, t.decided_with_first), 1 / max(self.seats, 1))
        decided = [r for r in self.games(variant) if r.winner is not None and r.first is not None]
        return FirstPlayer(wilson(sum(r.winner == r.first for r in decided), len(decided)), 1 / max(self.seats, 1))

    def lengths(self, variant: int = 0) -> list[int]:
        """Every game's length, sorted (from running totals: rebuilt from the count per length)."""
        if self.tally is not None:
            return [k for k, c in sorted(self.tally.variants[variant].lengths.items()) for _ in range(c)]
        return sorted(r.steps for r in self.games(variant))

    def length_summary(self, variant: int = 0) -> dict[str, float]:
        if self.tally is not None:
            return _counted_summary(self.tally.variants[variant].lengths)
        xs = self.lengths(variant)
        if not xs:
            return {"games": 0, "mean": math.nan, "median": math.nan, "p10": math.nan, "p90": math.nan,
                    "min": math.nan, "max": math.nan}
        return {"games": len(xs), "mean": sum(xs) / len(xs), "median": quantile(xs, 0.5),
                "p10": quantile(xs, 0.1), "p90": quantile(xs, 0.9), "min": xs[0], "max": xs[-1]}

    def rule_counts(self, variant: int = 0) -> dict[str, int]:
        """How often each rule clause fired in all games of ``variant`` (from the events), most first."""
        if self.tally is not None:
            return dict(self.tally.variants[variant].rule_counts.most_common())
        c: Counter[str] = Counter()
        for r in self.games(variant):
            c.update(r.rules)
        return dict(c.most_common())

    def rule_games(self, variant: int = 0) -> dict[str, Rate]:
        """In what share of games each rule clause fired at least once (Wilson 95% intervals)."""
        if self.tally is not None:
            t = self.tally.variants[variant]
            return {k: wilson(v, t.games) for k, v in t.rule_games.most_common()}
        gs = self.games(variant)
        c: Counter[str] = Counter()
        for r in gs:
            c.update(r.rules.keys())
        return {k: wilson(v, len(gs)) for k, v in c.most_common()}

    def rule_edge(self, rule: str, variant: int = 0, *, names: str | None = None) -> RuleEdge:
        """Among decided games where ``rule``'s event named one seat more often than every other, how often
        that seat won (a plain answer to "does this rule go with winning?"; an association, not a proof).
        ``names``: whom the event names, "actor" or "victim" (default: the clause's ``event_seat`` in the game's
        rule catalog; not declared there: the sentence says "the seat its event names")."""
        if names is None:
            names = event_seat(self.module, rule)
        elif names not in EVENT_SEATS:
            raise ValueError(f"names must be one of {', '.join(EVENT_SEATS)} (whom {rule}'s event names), not "
                             f"{names!r}")
        if self.tally is not None:
            t = self.tally.variants[variant]
            return RuleEdge(rule, wilson(t.edge_k[rule], t.edge_n[rule]), 1 / max(self.seats, 1),
                            t.rule_fired[rule], t.games, names)
        gs = self.games(variant)
        k = n = fired = 0
        for r in gs:
            counts = r.seat_rules.get(rule)
            if r.rules.get(rule):
                fired += 1
            if not counts or r.winner is None:
                continue
            top = max(counts)
            if top == 0 or counts.count(top) > 1:
                continue
            n += 1
            k += counts.index(top) == r.winner
        return RuleEdge(rule, wilson(k, n), 1 / max(self.seats, 1), fired, len(gs), names)

    def compare(self, a: int = 0, b: int = 1) -> Comparison:
        """Variant ``b`` minus variant ``a`` on the seeds both finished (paired: common random numbers), each
        figure judged by the verdict rule of :mod:`tabletop.sim.sequential` (anytime-valid, family-wise)."""
        for v in (a, b):
            if not 0 <= v < len(self.variants):
                raise IndexError(f"no variant {v}; this run has {len(self.variants)}")
        # games shared with the first variant are the same game under both (either way round)
        other = b if a == 0 else a if b == 0 else -1
        untouched = (self.shared[other] if 0 < other < len(self.shared) and self.variants[other] != self.variants[0]
                     else None)
        if self.tally is not None:
            seats, draws, length = self.tally.diffs(a, b)
            return self._judge(Comparison(a, b, self.labels[a], self.labels[b], seats, length, draws,
                                          self.seat_names, untouched if length.n else None), None)
        ga = {r.seed: r for r in self.games(a)}
        gb = {r.seed: r for r in self.games(b)}
        common = sorted(set(ga) & set(gb))
        ra = [ga[s] for s in common]
        rb = [gb[s] for s in common]
        seats = [paired_diff([float(r.winner == s) for r in ra], [float(r.winner == s) for r in rb])
                 for s in range(self.seats)]
        length = paired_diff([float(r.steps) for r in ra], [float(r.steps) for r in rb])
        draws = paired_diff([float(r.winner is None) for r in ra], [float(r.winner is None) for r in rb])
        cmp = Comparison(a, b, self.labels[a], self.labels[b], seats, length, draws, self.seat_names,
                         untouched if common else None)
        return self._judge(cmp, (ra, rb) if a < b else (rb, ra))

    def _judge(self, cmp: Comparison, rows: tuple[list[GameRecord], list[GameRecord]] | None) -> Comparison:
        """``cmp`` with the verdict rule's intervals: from the sequences kept while the games arrived when they
        hold exactly these seeds, else fed from the records (``rows``: the games of the lower-numbered variant
        and of the other, seed by seed in seed order)."""
        a, b, n = cmp.a, cmp.b, cmp.n
        if a == b or n == 0:
            return cmp
        lo, hi = min(a, b), max(a, b)
        v = self.anytime
        ps = v.pairs.get((lo, hi)) if v is not None and v.seats == self.seats else None
        if ps is not None and ps.n == n:
            assert v is not None
            confidence, family = v.confidence, v.family
        elif rows is not None:
            confidence = v.confidence if v is not None else 0.95
            family = family_size(self.seats, len(self.variants))
            key = (lo, hi, n, len(self.records), id(self.records), confidence)
            cache = self.__dict__.setdefault("_fed", {})  # fed once per pair (summary() compares again)
            ps = cache.get(key)
            if ps is None:
                ps = cache[key] = PairSequences(self.seats, (1 - confidence) / family)
                for x, y in zip(*rows, strict=True):
                    ps.fold(x, y)
        else:
            return cmp  # running totals without sequences (an older file): fixed-n intervals only
        flip = a > b
        cs = ps.cs
        seats = [_judged(d, cs[s], flip, confidence, family, MEAN) for s, d in enumerate(cmp.seats)]
        draws = _judged(cmp.draws, cs[self.seats], flip, confidence, family, MEAN)
        more, less = ps.longer / n, ps.shorter / n
        if flip:
            more, less = less, more
        length = _judged(cmp.length, cs[self.seats + 1], flip, confidence, family, SIGN, more, less)
        return replace(cmp, seats=seats, draws=draws, length=length)

    def summary(self) -> str:
        """A plain-words report of every variant (and the comparison with the first, if there are two+)."""
        out = [f"{self.game}: {self.n} games per variant, seeds {self.seed}-{self.seed + self.n - 1}, "
               f"bots {', '.join(self.bots)}, tabletop {self.version}"
               + self._status()]
        for vi, label in enumerate(self.labels):
            out.append(f"[{vi}] {label}:")
            for name, rate in zip(self.seat_names, self.win_rates(vi), strict=True):
                out.append(f"    {name} wins {rate}")
            out.append(f"    no winner: {self.no_winner(vi)}")
            ls = self.length_summary(vi)
            out.append(f"    length: mean {ls['mean']:.1f}, median {ls['median']:.0f}, "
                       f"10-90% {ls['p10']:.0f}-{ls['p90']:.0f} actions")
            fp = self.first_player(vi).summary()
            if len(set(self.bots)) > 1:
                fp += " (the seats play different bots, so this mixes bot strength with moving first)"
            out.append(f"    {fp}")
        if self.unfinished:
            out.append(f"{self.unfinished} game(s) hit the step cap ({self.max_steps}) and count as no winner.")
        for vi in range(1, len(self.variants)):
            out.append(self.compare(0, vi).summary())
        if self.sequential:
            conf = self.sequential[0].confidence
            out.append(f"Sequential test ({100 * conf:.0f}% for all verdicts together, valid at every look; "
                       "the run stops when these settle):")
            out.extend(f"- [{f.b}] against [{f.a}]: {f.summary()}" for f in self.sequential)
        return "\n".join(out)

    def _status(self) -> str:
        if self.stopped == "running":
            return f" (RUNNING: {self.played_total} games finished so far)"
        if self.stopped == "early":
            return (f" (STOPPED BY THE SEQUENTIAL TEST after {self.n} of {self.planned} games per variant: every "
                    "compared figure settled)")
        if self.complete:
            return ""
        return f" (STOPPED EARLY: {self.played_total} games finished)"

    def __repr__(self) -> str:
        tail = {"running": " (running)", "cancelled": " (stopped early)", "early": " (stopped by the sequential test)"}
        return (f"<SimResults {self.game}: {len(self.variants)} variant(s) x {self.n} games, "
                f"{self.played_total} played{tail.get(self.stopped, '')}>")

    # -- files -----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": RESULTS_FORMAT, "format_version": RESULTS_VERSION, "game": self.game,
                "module": self.module, "version": self.version, "variants": self.variants,
                "labels": self.labels, "bots": self.bots, "n": self.n, "seed": self.seed,
                "complete": self.complete, "stopped": self.stopped, "planned": self.planned,
                "sequential": [asdict(f) for f in self.sequential], "seconds": self.seconds, "max_steps": self.max_steps,
                "games": [asdict(r) for r in self.records],
                "shared": self.shared, **({"tally": self.tally.to_dict()} if self.tally is not None else {}),
                **({"anytime": self.anytime.to_dict()} if self.anytime is not None else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SimResults:
        if d.get("format") != RESULTS_FORMAT:
            raise ValueError("not a Tabletop Arcade simulation result (no 'format': 'tabletop-sim')")
        if d.get("format_version") != RESULTS_VERSION:
            raise ValueError(f"results format version {d.get('format_version')!r} is not supported "
                             f"(this is {RESULTS_VERSION})")
        try:
            recs = [GameRecord(int(g["seed"]), int(g["variant"]), g["winner"], int(g["steps"]), g.get("first"),
                               bool(g.get("finished", True)), {str(k): int(v) for k, v in g.get("rules", {}).items()},
                               {str(k): tuple(int(x) for x in v) for k, v in g.get("seat_rules", {}).items()})
                    for g in d["games"]]
            return cls(game=d["game"], variants=list(d["variants"]), bots=list(d["bots"]), n=int(d["n"]),
                       seed=int(d["seed"]), records=recs, version=d.get("version", ""),
                       module=d.get("module", ""), complete=bool(d.get("complete", True)),
                       stopped=str(d.get("stopped") or ""), planned=int(d.get("planned") or 0),
                       sequential=[Figure(**f) for f in d.get("sequential") or []],
                       tally=Tally.from_dict(d["tally"]) if d.get("tally") else None,
                       anytime=Verdicts.from_dict(d["anytime"]) if d.get("anytime") else None,
                       seconds=float(d.get("seconds", 0.0)), max_steps=int(d.get("max_steps", 0)),
                       labels=list(d.get("labels") or []), shared=_shared_counts(d, n_games=int(d["n"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the results file is damaged: {exc!r}") from exc

    def to_csv(self) -> str:
        """One row per game; every row carries the game, package version, bots and the variant's options."""
        if self.tally is not None:
            raise self._no_records("a CSV file (one row per game)")
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        vjson = [json.dumps(v, sort_keys=True) for v in self.variants]
        for r in self.records:
            w.writerow([self.game, self.version, ";".join(self.bots), r.variant, vjson[r.variant], r.seed,
                        "" if r.winner is None else r.winner, "" if r.first is None else r.first, r.steps,
                        int(r.finished), json.dumps(r.rules, sort_keys=True),
                        json.dumps(r.seat_rules, sort_keys=True)])
        return buf.getvalue()

    @classmethod
    def from_csv(cls, text: str) -> SimResults:
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows:
            raise ValueError("the CSV file has no games")
        missing = set(CSV_COLUMNS) - set(rows[0])
        if missing:
            raise ValueError(f"not a simulation CSV: missing column(s) {', '.join(sorted(missing))}")
        variants: dict[int, dict[str, Any]] = {}
        recs = []
        for row in rows:
            vi = int(row["variant_index"])
            variants.setdefault(vi, json.loads(row["variant"]))
            recs.append(GameRecord(int(row["seed"]), vi, int(row["winner"]) if row["winner"] != "" else None,
                                   int(row["steps"]), int(row["first"]) if row["first"] != "" else None,
                                   row["finished"] == "1", {k: int(v) for k, v in json.loads(row["rules"]).items()},
                                   {k: tuple(int(x) for x in v) for k, v in json.loads(row["seat_rules"]).items()}))
        per = Counter(r.variant for r in recs)
        n = max(per.values())
        return cls(game=rows[0]["game"], variants=[variants[i] for i in sorted(variants)],
                   bots=rows[0]["bots"].split(";"), n=n, seed=min(r.seed for r in recs), records=recs,
                   version=rows[0]["version"], complete=all(v == n for v in per.values()))

    def save(self, path: str | Path) -> Path:
        """Write ``.json`` (everything) or ``.csv`` (one row per game), chosen by the file's suffix."""
        p = Path(path)
        if p.suffix.lower() == ".csv":
            p.write_text(self.to_csv())
        else:
            p.write_text(json.dumps(self.to_dict(), indent=1))
        return p

    @classmethod
    def load(cls, path: str | Path) -> SimResults:
        p = Path(path)
        text = p.read_text()
        if p.suffix.lower() == ".csv":
            return cls.from_csv(text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{p.name} is not JSON: {exc}") from exc
        return cls.from_dict(data)


def _counted_summary(counts: Counter[int]) -> dict[str, float]:
    """``length_summary`` from a count per length (the same numbers as from the sorted lengths)."""
    total = sum(counts.values())
    if not total:
        return {"games": 0, "mean": math.nan, "median": math.nan, "p10": math.nan, "p90": math.nan,
                "min": math.nan, "max": math.nan}
    keys = sorted(counts)

    def at(i: int) -> int:  # the i-th smallest length
        seen = 0
        for k in keys:
            seen += counts[k]
            if i < seen:
                return k
        return keys[-1]

    def q(p: float) -> float:
        pos = (total - 1) * p
        lo = math.floor(pos)
        a, b = at(lo), at(min(lo + 1, total - 1))
        return a + (b - a) * (pos - lo)

    return {"games": total, "mean": sum(k * c for k, c in counts.items()) / total, "median": q(0.5),
            "p10": q(0.1), "p90": q(0.9), "min": keys[0], "max": keys[-1]}


def _labels(variants: list[dict[str, Any]]) -> list[str]:
    """Short names: the options where a variant differs from the first one (the first is "variant 1")."""
    if not variants:
        return []
    base = variants[0]
    out = []
    for i, v in enumerate(variants):
        diff = {k: x for k, x in v.items() if base.get(k) != x}
        out.append(f"variant {i + 1}" + (": " + ", ".join(f"{k}={x}" for k, x in diff.items()) if diff else ""))
    return out
