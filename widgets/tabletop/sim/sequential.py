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


class SequentialTest:
    """The stopping rule of a run: one :class:`ConfidenceSequence` per compared figure (each variant against the
    first; see the module text), fed one seed at a time in seed order (``fold``)."""

    def __init__(self, rule: EarlyStop, n_variants: int, seat_names: list[str], max_steps: int) -> None:
        self.rule = rule
        self.seat_names = seat_names
        self.seats = len(seat_names)
        # (what, unit, low bound, high bound, tolerance) per figure of one comparison
        figs: list[tuple[str, str, float, float, float]] = [
            (f"{name}'s win rate", "points", -1.0, 1.0, rule.tolerance) for name in seat_names]
        figs.append(("the share of games without a winner", "points", -1.0, 1.0, rule.tolerance))
        if rule.length_tolerance is not None:
            figs.append(("game length", "actions", -float(max_steps), float(max_steps), float(rule.length_tolerance)))
        self.figs = figs
        self.pairs = [(0, b) for b in range(1, n_variants)]
        self.k = max(1, len(figs) * len(self.pairs))
        alpha = (1 - rule.confidence) / self.k
        self.cs = [[ConfidenceSequence(lo, hi, alpha) for (_, _, lo, hi, _) in figs] for _ in self.pairs]
        self.n = 0

    def fold(self, row: list[Any]) -> None:
        """Add one seed: ``row[v]`` is the :class:`GameRecord` of that seed under variant ``v``."""
        self.n += 1
        length = self.rule.length_tolerance is not None
        for (a, b), seqs in zip(self.pairs, self.cs, strict=True):
            ra, rb = row[a], row[b]
            for s in range(self.seats):
                seqs[s].add(float(rb.winner == s) - float(ra.winner == s))
            seqs[self.seats].add(float(rb.winner is None) - float(ra.winner is None))
            if length:
                seqs[self.seats + 1].add(float(rb.steps - ra.steps))

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
        return all(self._state(cs, f[4]) != OPEN for seqs in self.cs for cs, f in zip(seqs, self.figs, strict=True))

    def figures(self) -> list[Figure]:
        out = []
        for (a, b), seqs in zip(self.pairs, self.cs, strict=True):
            for cs, (what, unit, _, _, tol) in zip(seqs, self.figs, strict=True):
                out.append(Figure(a, b, what, unit, cs.mean, cs.low, cs.high, cs.n, tol, self.rule.confidence,
                                  self._state(cs, tol)))
        return out
