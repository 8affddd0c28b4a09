"""A count out of a total, with its Wilson interval: how a winning chance is
told wherever one is estimated (an evaluation's playouts, a simulation's results).

``tabletop.sim`` reads these too: the simulation layer stands on the analysis
layer, never the other way round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Rate:
    """A count out of a total, its proportion and Wilson interval."""

    wins: int
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.rate:6.1%} [{lo:.1%}, {hi:.1%}] ({self.wins}/{self.n})"
