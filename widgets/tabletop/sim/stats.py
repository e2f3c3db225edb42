"""Honest statistics for simulation results: Wilson intervals, paired differences, Student's t.

No numpy: the sums here are small and this module is imported by the command line and by workers.

Two kinds of interval, and which one a verdict reads (the rule itself, with its source, is written once, in
:mod:`tabletop.sim.sequential`):

* a **fixed-n** interval (``Diff.low``/``Diff.high``): Student's t at ``n - 1`` degrees of freedom (not z = 1.96,
  which at small ``n`` is far too narrow: at ``n = 3`` its false-alarm rate is about 17%, not 5%). It is valid
  for ONE look at a number of games fixed in advance, so it is shown as a description of the final numbers;
* an **anytime-valid** interval (``Diff.seq_low``/``Diff.seq_high``): a confidence sequence, valid at every
  number of games at once, however often the results are looked at. Every verdict of a comparison (the live
  sentences, the chart's "more than noise" markers, ``Comparison.conclusions()``) reads this one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054

#: below this many paired games a verdict says it rests on a small sample
SMALL = 30


@dataclass(frozen=True)
class Rate:
    """A proportion ``k / n`` with its Wilson 95% interval."""

    k: int
    n: int
    low: float
    high: float

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else float("nan")

    @property
    def bounds(self) -> tuple[float, float]:
        """``(low, high)``: the interval alone."""
        return self.low, self.high

    def __str__(self) -> str:
        if not self.n:
            return "no games"
        return f"{100 * self.p:.1f}% (95% CI {100 * self.low:.1f}-{100 * self.high:.1f}%, {self.k}/{self.n})"


def wilson(k: int, n: int, z: float = Z95) -> Rate:
    """The Wilson score interval for ``k`` successes in ``n`` trials (good even near 0% and 100%)."""
    if n <= 0:
        return Rate(k, n, float("nan"), float("nan"))
    if not 0 <= k <= n:
        raise ValueError(f"k={k} must be between 0 and n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if k == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if k == n else max(p, min(1.0, centre + half))
    return Rate(k, n, low, high)


# -- Student's t ------------------------------------------------------------------------------------------------
def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz; Numerical Recipes 6.4)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` >= 1 degrees of freedom (``t_quantile(0.975, 2)`` = 4.303)."""
    if df < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, not {df}")
    if not 0 < p < 1:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(200):  # bisection to full precision (cached: a run asks for few distinct df)
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-13 * max(1.0, hi):
            break
    return (lo + hi) / 2


def t95(n: int) -> float:
    """The two-sided 95% multiplier of a mean over ``n`` >= 2 observations: Student's t at ``n - 1`` df."""
    return t_quantile(0.975, n - 1) if n < 100_000 else Z95 + (Z95 ** 3 + Z95) / (4 * (n - 1))


# -- paired differences -----------------------------------------------------------------------------------------
#: how a :class:`Diff` is judged (see the module text)
FIXED, MEAN, SIGN = "fixed", "mean", "sign"


@dataclass(frozen=True)
class Diff:
    """A mean paired difference (B minus A) over ``n`` paired games, with two intervals.

    ``low``/``high``: the fixed-n 95% interval (Student's t), for one look at a fixed number of games.
    ``seq_low``/``seq_high``: the anytime-valid interval (a confidence sequence, valid at every look), at
    family-wise level ``confidence`` shared by ``family`` figures (Bonferroni: each at ``(1 - confidence) /
    family``); ``nan`` when there is none. ``basis`` says what a verdict reads: ``"fixed"`` (no sequence: the t
    interval, one look), ``"mean"`` (the sequence of the mean difference, in the same unit) or ``"sign"`` (the
    sequence of the share of pairs where B is larger minus the share where it is smaller; ``more``/``less`` are
    those shares; used for game length, whose mean difference is bounded only by the step cap)."""

    mean: float
    low: float
    high: float
    n: int
    seq_low: float = math.nan
    seq_high: float = math.nan
    confidence: float = 0.95
    family: int = 1
    basis: str = FIXED
    more: float = math.nan
    less: float = math.nan

    @property
    def anytime(self) -> bool:
        """True when the verdict reads an anytime-valid interval (a confidence sequence)."""
        return self.basis != FIXED

    @property
    def significant(self) -> bool:
        """True when the interval the verdict reads excludes zero: "more than noise" (see the module text)."""
        if self.n <= 1:
            return False
        if self.anytime:
            return self.seq_low > 0 or self.seq_high < 0
        return self.low > 0 or self.high < 0

    @property
    def small(self) -> bool:
        """True below :data:`SMALL` paired games: the sentences say the sample is small."""
        return 0 < self.n < SMALL


def fixed_diff(n: int, mean: float, var: float) -> Diff:
    """A :class:`Diff` from the count, mean and (sample) variance of the differences: Student's t interval."""
    if n == 0:
        return Diff(math.nan, math.nan, math.nan, 0)
    if n == 1:
        return Diff(mean, -math.inf, math.inf, 1)
    half = t95(n) * math.sqrt(max(var, 0.0) / n)
    return Diff(mean, mean - half, mean + half, n)


def paired_diff(a: Sequence[float], b: Sequence[float], *, bounds: tuple[float, float] | None = None,
                alpha: float = 0.05) -> Diff:
    """Mean of ``b[i] - a[i]`` with its fixed-n 95% interval (Student's t at ``n - 1`` degrees of freedom).

    Pairing (the same seed under both variants) removes the luck the two share, so the interval is usually
    much narrower than for two independent runs. With ``bounds=(lo, hi)`` (every difference lies in it, known
    before the games are played) the differences, in the order given, also feed the anytime-valid confidence
    sequence of :mod:`tabletop.sim.sequential` at level ``alpha``, and the verdict reads that (``basis`` "mean").
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    n = len(a)
    d = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n if n else math.nan
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    out = fixed_diff(n, mean, var)
    if bounds is None or n == 0:
        return out
    from .sequential import ConfidenceSequence

    cs = ConfidenceSequence(bounds[0], bounds[1], alpha)
    for x in d:
        cs.add(x)
    return Diff(out.mean, out.low, out.high, n, cs.low, cs.high, 1 - alpha, 1, MEAN)


def quantile(sorted_xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted data (linear interpolation)."""
    if not sorted_xs:
        return float("nan")
    pos = (len(sorted_xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)
