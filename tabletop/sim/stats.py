"""Summaries of result tables: win rates with Wilson intervals, game lengths."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


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


@dataclass(frozen=True, slots=True)
class Lengths:
    """The distribution of game lengths (in actions)."""

    values: tuple[int, ...]

    def quantile(self, q: float) -> float:
        if not self.values:
            return math.nan
        ordered = sorted(self.values)
        return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])

    def __str__(self) -> str:
        if not self.values:
            return "no games"
        return (
            f"mean {statistics.fmean(self.values):.1f}, "
            f"median {self.quantile(0.5):.0f}, "
            f"p10 {self.quantile(0.1):.0f}, p90 {self.quantile(0.9):.0f}, "
            f"min {min(self.values)}, max {max(self.values)}"
        )


@dataclass(frozen=True, slots=True)
class Summary:
    """What a batch of games says.

    Attributes:
        games: the number of games.
        by_seat: the win rate of each seat.
        by_bot: the win rate of each bot name, over the seats it played.
        no_winner: games that ended without a winner or were cut off.
        truncated: games cut off by ``max_steps``.
        lengths: the game lengths.
    """

    games: int
    by_seat: tuple[Rate, ...]
    by_bot: dict[str, Rate]
    no_winner: int
    truncated: int
    lengths: Lengths

    def __str__(self) -> str:
        lines = [
            f"{self.games} games, {self.no_winner} without a winner "
            f"({self.truncated} cut off)"
        ]
        lines += [f"  seat {seat}: {rate}" for seat, rate in enumerate(self.by_seat)]
        if len(self.by_bot) > 1:
            lines += [f"  bot {name}: {rate}" for name, rate in self.by_bot.items()]
        lines.append(f"  length: {self.lengths}")
        return "\n".join(lines)


def summarize(rows: Iterable[dict[str, Any]]) -> Summary:
    """Summarise result rows (a ``ResultTable`` or a list of dicts)."""
    rows = list(rows)
    players = max((int(row["players"]) for row in rows), default=0)
    seat_wins = [0] * players
    bot_wins: dict[str, int] = {}
    bot_seats: dict[str, int] = {}
    for row in rows:
        winner = row["winner"]
        if winner is not None and winner != "":
            seat_wins[int(winner)] += 1
        for name in str(row["bots"]).split(","):
            bot_seats[name] = bot_seats.get(name, 0) + 1
            bot_wins.setdefault(name, 0)
        if row.get("winner_bot"):
            bot_wins[row["winner_bot"]] += 1
    return Summary(
        games=len(rows),
        by_seat=tuple(Rate(w, len(rows)) for w in seat_wins),
        by_bot={name: Rate(bot_wins[name], bot_seats[name]) for name in bot_seats},
        no_winner=sum(1 for row in rows if row["winner"] in (None, "")),
        truncated=sum(1 for row in rows if row.get("truncated") in (True, "True")),
        lengths=Lengths(tuple(int(row["length"]) for row in rows)),
    )
