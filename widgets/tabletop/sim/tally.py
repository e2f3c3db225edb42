"""Running aggregates of a run, for ``keep_records=False``: memory that does not grow with the number of games.

A :class:`Tally` holds, per variant, the counts every statistic of :class:`~tabletop.sim.results.SimResults`
needs (winners, first movers, lengths as a count per length, rule firings, rule edges) and, per pair of variants,
the sums of the paired differences (sum and sum of squares) that :func:`~tabletop.sim.stats.paired_diff` needs.
Its size depends on the number of variants, seats, rules and distinct game lengths (at most ``max_steps``), not
on the number of games. Seeds are added whole (one game per variant) in seed order.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from .stats import Diff, fixed_diff

if TYPE_CHECKING:
    from .results import GameRecord


def diff_from_sums(n: int, s: float, ss: float) -> Diff:
    """:func:`~tabletop.sim.stats.paired_diff` from the count, sum and sum of squares of the differences (the
    fixed-n interval, Student's t)."""
    if n == 0:
        return Diff(math.nan, math.nan, math.nan, 0)
    mean = s / n
    if n == 1:
        return Diff(mean, -math.inf, math.inf, 1)
    var = max(ss - n * mean * mean, 0.0) / (n - 1)
    if var < 1e-12 * max(1.0, mean * mean):  # every difference the same: no rounding noise in the interval
        var = 0.0
    return fixed_diff(n, mean, var)


class VariantTally:
    """The counts of one variant."""

    def __init__(self, seats: int) -> None:
        self.games = 0
        self.wins = [0] * seats
        self.no_winner = 0
        self.unfinished = 0
        self.decided_with_first = 0
        self.first_won = 0
        self.lengths: Counter[int] = Counter()
        self.rule_counts: Counter[str] = Counter()
        self.rule_games: Counter[str] = Counter()
        self.rule_fired: Counter[str] = Counter()  # games where the rule fired (a count above 0)
        self.edge_n: Counter[str] = Counter()  # decided games where one seat had the rule fire most
        self.edge_k: Counter[str] = Counter()  # ... and that seat won

    def add(self, r: GameRecord) -> None:
        self.games += 1
        if r.winner is None:
            self.no_winner += 1
        elif 0 <= r.winner < len(self.wins):
            self.wins[r.winner] += 1
        self.unfinished += not r.finished
        if r.winner is not None and r.first is not None:
            self.decided_with_first += 1
            self.first_won += r.winner == r.first
        self.lengths[r.steps] += 1
        self.rule_counts.update(r.rules)
        self.rule_games.update(r.rules.keys())
        self.rule_fired.update(k for k, v in r.rules.items() if v)
        if r.winner is not None:
            for rule, counts in r.seat_rules.items():
                top = max(counts) if counts else 0
                if top == 0 or counts.count(top) > 1:
                    continue
                self.edge_n[rule] += 1
                self.edge_k[rule] += counts.index(top) == r.winner


class Tally:
    """Running aggregates of a run (see the module text)."""

    def __init__(self, n_variants: int, seats: int) -> None:
        self.seats = seats
        self.variants = [VariantTally(seats) for _ in range(n_variants)]
        # per pair (a, b), a < b: [n, then (sum, sum of squares) for each seat, no winner, length]
        self.pairs: dict[tuple[int, int], list[float]] = {
            (a, b): [0.0] * (1 + 2 * (seats + 2)) for a in range(n_variants) for b in range(a + 1, n_variants)}

    def fold(self, row: list[Any]) -> None:
        """Add one seed: ``row[v]`` is its :class:`GameRecord` under variant ``v``."""
        for v, r in zip(self.variants, row, strict=True):
            v.add(r)
        for (a, b), acc in self.pairs.items():
            ra, rb = row[a], row[b]
            acc[0] += 1
            ds = [float(rb.winner == s) - float(ra.winner == s) for s in range(self.seats)]
            ds.append(float(rb.winner is None) - float(ra.winner is None))
            ds.append(float(rb.steps - ra.steps))
            for i, d in enumerate(ds):
                acc[1 + 2 * i] += d
                acc[2 + 2 * i] += d * d

    def diffs(self, a: int, b: int) -> tuple[list[Diff], Diff, Diff]:
        """Paired differences ``b`` minus ``a``: each seat's win, no winner, length (as ``compare`` has them)."""
        sign = 1.0
        if a > b:
            a, b, sign = b, a, -1.0
        if a == b:
            n = self.variants[a].games
            zero = Diff(0.0, 0.0, 0.0, n) if n else Diff(math.nan, math.nan, math.nan, 0)
            return [zero] * self.seats, zero, zero
        acc = self.pairs[a, b]
        n = int(acc[0])
        out = [diff_from_sums(n, sign * acc[1 + 2 * i], acc[2 + 2 * i]) for i in range(self.seats + 2)]
        return out[: self.seats], out[self.seats], out[self.seats + 1]

    def copy(self) -> Tally:
        return copy.deepcopy(self)

    # -- files -----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats,
                "variants": [{k: (dict(v) if isinstance(v, Counter) else v) for k, v in vars(t).items()}
                             for t in self.variants],
                "pairs": [[a, b, acc] for (a, b), acc in self.pairs.items()]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tally:
        t = cls(len(d["variants"]), int(d["seats"]))
        for vt, data in zip(t.variants, d["variants"], strict=True):
            for k, v in data.items():
                if k not in vars(vt):
                    raise ValueError(f"unknown tally field {k!r}")
                cur = getattr(vt, k)
                if isinstance(cur, Counter):
                    setattr(vt, k, Counter({(int(x) if k == "lengths" else str(x)): int(c) for x, c in v.items()}))
                elif isinstance(cur, list):
                    setattr(vt, k, [int(x) for x in v])
                else:
                    setattr(vt, k, int(v))
        for a, b, acc in d["pairs"]:
            t.pairs[int(a), int(b)] = [float(x) for x in acc]
        return t
