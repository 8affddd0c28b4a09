"""Figures with their 95% intervals, differences between two samples, and how
several differences are judged together.

Every interval here is computed from counts and histograms only (no resampling),
so the same counts give the same figures on any machine. The methods, in words,
are in ``docs/simulation.md`` ("What the fairness figures mean"):

- a proportion: the Wilson score interval (``proportion``);
- a quantile of a histogram (a median, a quartile): the distribution-free
  interval between two order statistics whose ranks come from the binomial
  distribution of the count below the quantile, normal approximation
  (``quantile``);
- a mean: mean +- 1.96 standard errors (``mean``);
- a difference of two proportions: Newcombe's hybrid score interval, with the
  pooled two-proportion z-test's p-value (``proportion_difference``);
- a difference of two medians: Price and Bonett's interval, each median's
  standard error read off its own distribution-free interval
  (``quantile_difference``);
- a difference of two means: Welch's normal interval (``mean_difference``);
- several differences together: Holm's step-down method at a familywise 5%
  (``holm``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.sim.stats import wilson as stats_wilson

Z = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""
ALPHA = 0.05
"""The familywise error rate Holm's method keeps differences under."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure and its 95% interval.

    Attributes:
        value: the estimate (``nan`` when there is no data).
        low, high: the interval's ends.
        n: how many observations it rests on.
        method: how the interval was made (a name from the module docstring).
    """

    value: float
    low: float
    high: float
    n: int
    method: str

    def as_dict(self) -> dict[str, float | int | str]:
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "n": self.n,
            "method": self.method,
        }

    def text(self, percent: bool = False) -> str:
        """``"42.0% [38.1%, 46.0%]"`` or ``"57 [55, 59]"``."""
        if math.isnan(self.value):
            return "no data"
        if percent:
            return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"
        return f"{_num(self.value)} [{_num(self.low)}, {_num(self.high)}]"


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure of the second sample minus the first, its interval, its
    p-value, and whether it is more than chance once every difference of the
    comparison is judged together (``holm``).

    Attributes:
        name: what differs (``"win rate, seat 0"``).
        estimate: the difference and its 95% interval.
        p: the two-sided p-value of "no difference".
        beyond_chance: set by ``holm`` over the comparison's differences.
    """

    name: str
    estimate: Estimate
    p: float
    beyond_chance: bool = False


NO_DATA = Estimate(math.nan, math.nan, math.nan, 0, "no data")


def _num(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.2f}"


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of ``k`` out of ``n`` (``tabletop.sim.stats``'s,
    at this module's exact 95% quantile)."""
    return stats_wilson(k, n, z)


def proportion(k: int, n: int) -> Estimate:
    """``k`` out of ``n`` with its Wilson interval."""
    if n <= 0:
        return NO_DATA
    low, high = wilson(k, n)
    return Estimate(k / n, low, high, n, "Wilson")


def mean(total: float, squares: float, n: int) -> Estimate:
    """A mean from its sum and sum of squares, +- 1.96 standard errors."""
    if n <= 0:
        return NO_DATA
    m = total / n
    se = _standard_error(total, squares, n)
    return Estimate(m, m - Z * se, m + Z * se, n, "normal")


def _standard_error(total: float, squares: float, n: int) -> float:
    if n < 2:
        return math.inf
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return math.sqrt(variance / n)


def quantile(histogram: Mapping[int, int], q: float) -> Estimate:
    """The ``q`` quantile of the values a histogram counts (value -> count), with
    its distribution-free interval: the order statistics at ranks
    ``n q -+ 1.96 sqrt(n q (1 - q))`` (rounded outwards, within 1..n)."""
    n = sum(histogram.values())
    if n <= 0:
        return NO_DATA
    spread = Z * math.sqrt(n * q * (1 - q))
    rank = max(1, math.ceil(n * q))
    low = max(1, math.floor(n * q - spread))
    high = min(n, math.ceil(n * q + spread) + 1)
    ordered = sorted(histogram.items())
    return Estimate(
        float(_order_statistic(ordered, rank)),
        float(_order_statistic(ordered, low)),
        float(_order_statistic(ordered, high)),
        n,
        "order statistics",
    )


def _order_statistic(ordered: Sequence[tuple[int, int]], rank: int) -> int:
    """The ``rank``-th smallest value (from 1) of sorted (value, count) pairs."""
    seen = 0
    for value, count in ordered:
        seen += count
        if seen >= rank:
            return value
    return ordered[-1][0]


def _p_value(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    if math.isnan(z):
        return 1.0
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_difference(
    name: str, a: tuple[int, int], b: tuple[int, int]
) -> Difference:
    """``b``'s proportion minus ``a``'s (each ``(k, n)``): Newcombe's hybrid
    score interval and the pooled z-test's p-value."""
    (k1, n1), (k2, n2) = a, b
    if n1 <= 0 or n2 <= 0:
        return Difference(name, NO_DATA, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else _p_value(d / se)
    return Difference(name, Estimate(d, low, high, n1 + n2, "Newcombe"), p)


def quantile_difference(
    name: str, a: Mapping[int, int], b: Mapping[int, int], q: float = 0.5
) -> Difference:
    """``b``'s ``q`` quantile minus ``a``'s: Price and Bonett's interval, each
    quantile's standard error taken as its interval's width / (2 x 1.96)."""
    first, second = quantile(a, q), quantile(b, q)
    if not first.n or not second.n:
        return Difference(name, NO_DATA, 1.0)
    se = math.hypot(
        (first.high - first.low) / (2 * Z), (second.high - second.low) / (2 * Z)
    )
    d = second.value - first.value
    p = (1.0 if d == 0 else 0.0) if se == 0 else _p_value(d / se)
    estimate = Estimate(d, d - Z * se, d + Z * se, first.n + second.n, "Price-Bonett")
    return Difference(name, estimate, p)


def mean_difference(
    name: str, a: tuple[float, float, int], b: tuple[float, float, int]
) -> Difference:
    """``b``'s mean minus ``a``'s (each ``(sum, sum of squares, n)``): Welch's
    normal interval and p-value."""
    (s1, q1, n1), (s2, q2, n2) = a, b
    if n1 < 2 or n2 < 2:
        return Difference(name, NO_DATA, 1.0)
    se = math.hypot(_standard_error(s1, q1, n1), _standard_error(s2, q2, n2))
    d = s2 / n2 - s1 / n1
    p = (1.0 if d == 0 else 0.0) if se == 0 else _p_value(d / se)
    return Difference(name, Estimate(d, d - Z * se, d + Z * se, n1 + n2, "Welch"), p)


def holm(differences: Sequence[Difference], alpha: float = ALPHA) -> list[Difference]:
    """The differences, each marked beyond chance or not by Holm's step-down
    method: sorted by p-value, the i-th smallest (from 0) is beyond chance while
    every p-value up to it is at most ``alpha / (m - i)``; the familywise chance
    of calling any true zero difference real stays at most ``alpha``."""
    m = len(differences)
    order = sorted(range(m), key=lambda i: (differences[i].p, i))
    beyond = [False] * m
    for rank, i in enumerate(order):
        if differences[i].p > alpha / (m - rank):
            break
        beyond[i] = True
    return [
        Difference(d.name, d.estimate, d.p, beyond[i])
        for i, d in enumerate(differences)
    ]


def above_chance(name: str, k: int, n: int, share: float) -> Difference:
    """``k`` out of ``n`` against a share expected by chance: the difference
    (rate - share) with the Wilson interval shifted by the share, and the
    normal test's p-value."""
    if n <= 0:
        return Difference(name, NO_DATA, 1.0)
    rate = proportion(k, n)
    se = math.sqrt(share * (1 - share) / n)
    p = _p_value((k / n - share) / se) if se else 1.0
    shifted = Estimate(
        rate.value - share, rate.low - share, rate.high - share, n, "Wilson"
    )
    return Difference(name, shifted, p)
