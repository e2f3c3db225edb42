"""Early stopping that stays honest when the results are looked at again and again.

A 95% interval computed after every batch, with "stop as soon as it excludes zero", is wrong far more often than
5% of the time: every look is a new chance for noise to cross the line. :func:`tabletop.sim.stream` and
``simulate(..., early_stop=...)`` use instead an *anytime-valid confidence sequence*: a sequence of intervals
that, with probability at least the chosen confidence, contain the true mean difference **at every number of
games at once**, so the run may stop whenever it likes (Ville's inequality).

The method: predictable plug-in empirical-Bernstein confidence sequence (PrPl-EB) of Waudby-Smith & Ramdas,
"Estimating means of bounded random variables by betting", J. R. Stat. Soc. B 86(1), 2024 (arXiv:2010.09686,
Section 3.2 and Theorem 2). For observations ``y_1, y_2, ...`` in ``[0, 1]`` with a common conditional mean
``m`` (here: the paired difference of one figure, seed after seed, rescaled from ``[lo, hi]`` to ``[0, 1]``)::

    mu_t     = (1/2 + sum_{i<=t} y_i) / (t + 1)                    (mu_0 = 1/2)
    sigma2_t = (1/4 + sum_{i<=t} (y_i - mu_i)^2) / (t + 1)        (sigma2_0 = 1/4)
    lambda_t = min( sqrt(2 log(2/a) / (sigma2_{t-1} t log(1 + t))), 1/2 )
    v_t      = 4 (y_t - mu_{t-1})^2,    psi(l) = (-log(1 - l) - l) / 4
    C_t      = sum lambda_i y_i / sum lambda_i  +-  (log(2/a) + sum v_i psi(lambda_i)) / sum lambda_i

``C_t`` contains ``m`` for all ``t`` with probability at least ``1 - a``. The reported interval is the running
intersection of the ``C_t`` (still valid) mapped back to ``[lo, hi]``. It adapts to the variance: with common
random numbers most paired differences are 0, and the interval narrows much faster than Hoeffding's would.

Which figures, and what "settled" means. For every comparison the report makes (each variant against the first,
as :meth:`SimResults.compare` and its verdict sentences do): each seat's win rate and the share of games without
a winner (paired differences in ``[-1, 1]``), and the game length **only when** ``EarlyStop.length_tolerance`` is
given (its paired difference is bounded only by ``+-max_steps``, so with the default cap of 20,000 actions it
could not settle in any sensible number of games; leave it out, or lower ``max_steps``). Rule firings are not
part of the comparison's verdicts, so they do not take part. Each figure's sequence is run at level
``a = (1 - confidence) / K`` where ``K`` is the number of figures in all comparisons (Bonferroni), so the chance
that ANY verdict is wrong is at most ``1 - confidence``. A figure is settled when its interval excludes 0 (a
difference: it rises or falls) or lies inside ``(-tolerance, +tolerance)`` (no practical difference: any effect is
smaller than the tolerance). The run stops when every figure is settled; otherwise it plays all ``n`` games.
Seeds enter the sequence in seed order (whatever worker finished first), so a stopped run is reproducible: it
holds exactly the first ``m`` seeds under every variant, the same as ``simulate(..., n=m)``.

THE VERDICT RULE (one rule for every verdict a comparison shows: the lab's live sentences, its chart's "more than
noise" markers, ``Comparison.conclusions()``, ``verdict()``, ``Comparison.summary()``, whether or not the run
stops early). The same confidence sequence, fed the same paired seeds in seed order, judges every figure of a
comparison of variant ``b`` against variant ``a``:

* each seat's win rate and the share of games without a winner: the paired difference of the indicator
  (``[-1, 1]``), as above;
* the game length: the paired *sign* of the length difference, ``+1`` when ``b``'s game on a seed is longer,
  ``-1`` when shorter, ``0`` when as long (in ``[-1, 1]``): its mean is the share of seeds where ``b``'s games are
  longer minus the share where they are shorter. (The mean difference in actions is reported as well, with a
  fixed-n interval, but the verdict does not read it: bounded only by ``+-max_steps``, its sequence would not
  settle in any sensible number of games. When the pairing is exchangeable, as for a change that cannot alter
  the game, such as reading every die ``x`` as ``7 - x``, the sign's mean is 0, so it cries wolf no more often
  than the others.)

A figure is "more than noise" exactly when its anytime-valid interval excludes 0. The family: the figures of all
the comparisons a run reports (each variant against the first: ``seats + 2`` figures per comparison, one more
when ``EarlyStop.length_tolerance`` adds the length in actions) share the error level ``1 - confidence`` (0.05 by
default, or the early stop's own): each figure's sequence runs at ``(1 - confidence) / family`` (Bonferroni), so
the chance that ANY of them ever claims a difference that is not there, at any snapshot, is at most
``1 - confidence``. With few games the intervals are wide and the sentences say the sample is small. A fixed-n
interval (Student's t, :func:`tabletop.sim.stats.paired_diff`) is shown beside it in the summary as a
description, never as the verdict. Tested by streaming a change that cannot change anything
(``tests/sim/test_null_stream.py``): at most 5% of runs ever claim a difference at any snapshot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: the cap on a bet (Waudby-Smith & Ramdas suggest 1/2 or 3/4)
BET_CAP = 0.5


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


@dataclass(frozen=True)
class EarlyStop:
    """What ``early_stop=`` means. ``confidence``: the chance that every verdict at the stop is right (a share
    strictly between 0.5 and 1, e.g. 0.95). ``tolerance``: a win-rate (or no-winner share) difference smaller than
    this, as a share (0.02 = 2 points), is "no practical difference" (a share > 0 and < 1). ``length_tolerance``:
    ``None`` leaves the game length out of the stopping rule (the default); a number of actions > 0 puts it in,
    bounded by ``max_steps``. ``min_games``: never stop before this many seeds are paired (a whole number >= 1)."""

    confidence: float = 0.95
    tolerance: float = 0.02
    length_tolerance: float | None = None
    min_games: int = 1

    def __post_init__(self) -> None:
        c, t, lt, m = self.confidence, self.tolerance, self.length_tolerance, self.min_games
        if not _is_number(c):
            raise TypeError(f"early_stop confidence must be a number such as 0.95, not {c!r} (a {type(c).__name__})")
        if not 0.5 <= c < 1:
            raise ValueError(f"early_stop confidence must be a share from 0.5 up to (not including) 1, such as "
                             f"0.95, not {c!r}")
        if not _is_number(t):
            raise TypeError(f"early_stop tolerance must be a number (a share such as 0.02), not {t!r}")
        if not 0 < t < 1:
            raise ValueError(f"early_stop tolerance must be a share above 0 and below 1 (0.02 = 2 points), not {t!r}")
        if lt is not None and not _is_number(lt):
            raise TypeError(f"early_stop length_tolerance must be None or a number of actions, not {lt!r}")
        if lt is not None and not (lt > 0 and math.isfinite(lt)):
            raise ValueError(f"early_stop length_tolerance must be a number of actions above 0, not {lt!r}")
        if isinstance(m, bool) or not isinstance(m, int):
            raise TypeError(f"early_stop min_games must be a whole number (an int), not {m!r}")
        if m < 1:
            raise ValueError(f"early_stop min_games must be a positive whole number, not {m}")

    @classmethod
    def of(cls, value: object) -> EarlyStop | None:
        """``early_stop=`` as given: ``None`` (play all ``n``), a confidence such as ``0.95``, or an
        :class:`EarlyStop`; anything else is refused with a plain reason."""
        if value is None or isinstance(value, EarlyStop):
            return value
        if _is_number(value):
            assert isinstance(value, int | float)
            return cls(confidence=float(value))
        raise TypeError(f"early_stop must be None, a confidence such as 0.95 or a tabletop.sim.EarlyStop, not "
                        f"{value!r} (a {type(value).__name__})")


class ConfidenceSequence:
    """The PrPl-EB confidence sequence (see the module text) for the mean of observations in ``[lo, hi]``, at
    error level ``alpha``: ``add(x)`` one observation at a time; ``low``/``high`` hold for every ``n`` at once."""

    __slots__ = ("lo", "span", "alpha", "log_term", "n", "sum_x", "sum_y", "sum_sq", "mu", "sigma2", "sum_lam",
                 "sum_lam_y", "sum_vpsi", "_low", "_high")

    def __init__(self, lo: float, hi: float, alpha: float) -> None:
        if not hi > lo:
            raise ValueError(f"a confidence sequence needs lo < hi, not [{lo}, {hi}]")
        if not 0 < alpha < 1:
            raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
        self.lo = lo
        self.span = hi - lo
        self.alpha = alpha
        self.log_term = math.log(2 / alpha)
        self.n = 0
        self.sum_x = 0.0
        self.sum_y = 0.0
        self.sum_sq = 0.0
        self.mu = 0.5
        self.sigma2 = 0.25
        self.sum_lam = 0.0
        self.sum_lam_y = 0.0
        self.sum_vpsi = 0.0
        self._low = 0.0
        self._high = 1.0

    def add(self, x: float) -> None:
        y = (x - self.lo) / self.span
        if not -1e-12 <= y <= 1 + 1e-12:
            raise ValueError(f"observation {x} is outside [{self.lo}, {self.lo + self.span}]")
        t = self.n + 1
        lam = min(math.sqrt(2 * self.log_term / (self.sigma2 * t * math.log(1 + t))), BET_CAP)
        v = 4 * (y - self.mu) ** 2
        self.sum_vpsi += v * (-math.log(1 - lam) - lam) / 4
        self.sum_lam += lam
        self.sum_lam_y += lam * y
        self.n = t
        self.sum_x += x
        self.sum_y += y
        self.mu = (0.5 + self.sum_y) / (t + 1)
        self.sum_sq += (y - self.mu) ** 2
        self.sigma2 = (0.25 + self.sum_sq) / (t + 1)
        centre = self.sum_lam_y / self.sum_lam
        half = (self.log_term + self.sum_vpsi) / self.sum_lam
        self._low = max(self._low, centre - half)
        self._high = min(self._high, centre + half)

    def state(self) -> list[float]:
        """Everything the sequence holds, to save it (:meth:`from_state` rebuilds it)."""
        return [float(getattr(self, k)) for k in self.__slots__]

    @classmethod
    def from_state(cls, state: list[float]) -> ConfidenceSequence:
        if len(state) != len(cls.__slots__):
            raise ValueError(f"a confidence sequence's state has {len(cls.__slots__)} numbers, not {len(state)}")
        cs = cls.__new__(cls)
        for k, v in zip(cls.__slots__, state, strict=True):
            setattr(cs, k, int(v) if k == "n" else float(v))
        return cs

    @property
    def mean(self) -> float:
        """The plain mean of the observations (nan before the first)."""
        return self.sum_x / self.n if self.n else math.nan

    @property
    def low(self) -> float:
        return self.lo + self.span * self._low

    @property
    def high(self) -> float:
        return self.lo + self.span * self._high


#: the states of a figure in the stopping rule
OPEN, DIFFERENCE, SAME = "open", "difference", "no practical difference"


@dataclass(frozen=True)
class Figure:
    """One compared figure in the stopping rule at one moment: variant ``b`` against variant ``a``, what is
    compared (``what``), the mean paired difference and its anytime-valid interval over ``n`` paired seeds, the
    tolerance that counts as "no practical difference", and the verdict (``state``: "open", "difference" or
    "no practical difference"). Shares are fractions (0.03 = 3 points); lengths are actions."""

    a: int
    b: int
    what: str
    unit: str
    mean: float
    low: float
    high: float
    n: int
    tolerance: float
    confidence: float
    state: str

    @property
    def settled(self) -> bool:
        return self.state != OPEN

    def summary(self) -> str:
        """One sentence from the numbers only."""
        scale = 100 if self.unit == "points" else 1
        if self.n == 0:
            return f"{self.what}: no paired games yet."
        ci = (f"{100 * self.confidence:.0f}% anytime-valid interval {scale * self.low:+.1f} to "
              f"{scale * self.high:+.1f} {self.unit}, {self.n} paired games")
        mean = f"{scale * self.mean:+.1f} {self.unit} on average"
        if self.state == DIFFERENCE:
            word = "rises" if self.low > 0 else "falls"
            return f"{self.what} {word} ({mean}; {ci}): settled, a difference."
        if self.state == SAME:
            return (f"{self.what}: no practical difference ({mean}; {ci}, inside +-{scale * self.tolerance:g} "
                    f"{self.unit}): settled.")
        return f"{self.what}: not settled yet ({mean}; {ci})."


class PairSequences:
    """The verdict rule's sequences of one comparison (``b`` against ``a``, see the module text), fed one seed at a
    time in seed order: one per seat's win, one for no winner, one for the sign of the length difference, and
    (``max_steps`` given) one for the length difference in actions; ``longer``/``shorter`` count the seeds where
    ``b``'s game was longer/shorter."""

    __slots__ = ("seats", "cs", "longer", "shorter")

    def __init__(self, seats: int, alpha: float, max_steps: int | None = None) -> None:
        self.seats = seats
        self.cs = [ConfidenceSequence(-1.0, 1.0, alpha) for _ in range(seats + 2)]
        if max_steps is not None:
            self.cs.append(ConfidenceSequence(-float(max_steps), float(max_steps), alpha))
        self.longer = 0
        self.shorter = 0

    @property
    def n(self) -> int:
        return self.cs[0].n

    def fold(self, ra: Any, rb: Any) -> None:
        """Add one seed: its :class:`GameRecord` under ``a`` and under ``b``."""
        wa, wb, cs = ra.winner, rb.winner, self.cs
        for s in range(self.seats):
            cs[s].add(float(wb == s) - float(wa == s))
        cs[self.seats].add(float(wb is None) - float(wa is None))
        d = rb.steps - ra.steps
        self.longer += d > 0
        self.shorter += d < 0
        cs[self.seats + 1].add(float((d > 0) - (d < 0)))
        if len(cs) > self.seats + 2:
            cs[self.seats + 2].add(float(d))

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "cs": [c.state() for c in self.cs], "longer": self.longer,
                "shorter": self.shorter}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PairSequences:
        p = cls.__new__(cls)
        p.seats = int(d["seats"])
        p.cs = [ConfidenceSequence.from_state([float(x) for x in st]) for st in d["cs"]]
        if len(p.cs) not in (p.seats + 2, p.seats + 3):
            raise ValueError(f"a comparison of {p.seats} seats has {p.seats + 2} or {p.seats + 3} sequences, "
                             f"not {len(p.cs)}")
        p.longer, p.shorter = int(d["longer"]), int(d["shorter"])
        return p


def family_size(seats: int, n_variants: int, length_actions: bool = False) -> int:
    """How many figures share the error level (see the module text): per comparison of a variant against the
    first, each seat's win rate, the no-winner share, the length (and the length in actions when the early stop
    asks for it)."""
    return max(1, (seats + 2 + length_actions) * (n_variants - 1))


class Verdicts:
    """The verdict rule for a whole run (see the module text): a :class:`PairSequences` for every pair of
    variants ``a < b``, all at ``alpha = (1 - confidence) / family``, fed whole seeds in seed order (``fold``).
    ``max_steps`` (when the early stop compares the length in actions) adds that sequence."""

    def __init__(self, n_variants: int, seats: int, confidence: float = 0.95, max_steps: int | None = None) -> None:
        self.n_variants = n_variants
        self.seats = seats
        self.confidence = confidence
        self.family = family_size(seats, n_variants, max_steps is not None)
        self.alpha = (1 - confidence) / self.family
        self.pairs = {(a, b): PairSequences(seats, self.alpha, max_steps)
                      for a in range(n_variants) for b in range(a + 1, n_variants)}

    def fold(self, row: list[Any]) -> None:
        for (a, b), ps in self.pairs.items():
            ps.fold(row[a], row[b])

    def copy(self) -> Verdicts:
        return Verdicts.from_dict(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"n_variants": self.n_variants, "seats": self.seats, "confidence": self.confidence,
                "family": self.family, "pairs": [[a, b, ps.to_dict()] for (a, b), ps in self.pairs.items()]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Verdicts:
        v = cls.__new__(cls)
        v.n_variants, v.seats = int(d["n_variants"]), int(d["seats"])
        v.confidence, v.family = float(d["confidence"]), int(d["family"])
        v.alpha = (1 - v.confidence) / v.family
        v.pairs = {(int(a), int(b)): PairSequences.from_dict(ps) for a, b, ps in d["pairs"]}
        return v


class SequentialTest:
    """The stopping rule of a run: the run's :class:`Verdicts` (see the module text), fed one seed at a time in
    seed order (``fold``); it stops when every figure it was asked about (each seat's win rate and the no-winner
    share in each variant against the first, the length in actions only when ``length_tolerance`` is given) is
    settled."""

    def __init__(self, rule: EarlyStop, n_variants: int, seat_names: list[str], max_steps: int) -> None:
        self.rule = rule
        self.seat_names = seat_names
        self.seats = len(seat_names)
        length = rule.length_tolerance is not None
        self.verdicts = Verdicts(n_variants, self.seats, rule.confidence, max_steps if length else None)
        # (what, unit, index of its sequence, tolerance) per figure of one comparison
        figs: list[tuple[str, str, int, float]] = [
            (f"{name}'s win rate", "points", i, rule.tolerance) for i, name in enumerate(seat_names)]
        figs.append(("the share of games without a winner", "points", self.seats, rule.tolerance))
        if length:
            figs.append(("game length", "actions", self.seats + 2, float(rule.length_tolerance or 0)))
        self.figs = figs
        self.pairs = [(0, b) for b in range(1, n_variants)]
        self.k = self.verdicts.family
        self.n = 0

    def fold(self, row: list[Any]) -> None:
        """Add one seed: ``row[v]`` is the :class:`GameRecord` of that seed under variant ``v``."""
        self.n += 1
        self.verdicts.fold(row)

    def _seqs(self) -> list[tuple[int, int, list[tuple[ConfidenceSequence, tuple[str, str, int, float]]]]]:
        return [(a, b, [(self.verdicts.pairs[a, b].cs[f[2]], f) for f in self.figs]) for a, b in self.pairs]

    @staticmethod
    def _state(cs: ConfidenceSequence, tol: float) -> str:
        if cs.n == 0:
            return OPEN
        if cs.low > 0 or cs.high < 0:
            return DIFFERENCE
        if -tol < cs.low and cs.high < tol:
            return SAME
        return OPEN

    def settled(self) -> bool:
        """True when every figure's verdict is settled (and at least ``min_games`` seeds are in)."""
        if not self.pairs or self.n < self.rule.min_games:
            return False
        return all(self._state(cs, f[3]) != OPEN for _, _, seqs in self._seqs() for cs, f in seqs)

    def figures(self) -> list[Figure]:
        out = []
        for a, b, seqs in self._seqs():
            for cs, (what, unit, _, tol) in seqs:
                out.append(Figure(a, b, what, unit, cs.mean, cs.low, cs.high, cs.n, tol, self.rule.confidence,
                                  self._state(cs, tol)))
        return out
