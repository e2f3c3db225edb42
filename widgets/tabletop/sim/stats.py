"""Honest statistics for simulation results: Wilson intervals and paired differences.

No numpy: the sums here are small and this module is imported by the command line and by workers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054


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


@dataclass(frozen=True)
class Diff:
    """A mean paired difference (B minus A) with its 95% interval, over ``n`` paired games."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def significant(self) -> bool:
        """True when the interval excludes zero (the difference is more than noise at 95%)."""
        return self.n > 1 and (self.low > 0 or self.high < 0)


def paired_diff(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Diff:
    """Mean of ``b[i] - a[i]`` with a normal 95% interval from the paired differences' spread.

    Pairing (the same seed under both variants) removes the luck the two share, so the interval is usually
    much narrower than for two independent runs.
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if n == 0:
        return Diff(float("nan"), float("nan"), float("nan"), 0)
    d = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    if n == 1:
        return Diff(mean, float("-inf"), float("inf"), 1)
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    half = z * math.sqrt(var / n)
    return Diff(mean, mean - half, mean + half, n)


def quantile(sorted_xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted data (linear interpolation)."""
    if not sorted_xs:
        return float("nan")
    pos = (len(sorted_xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)
