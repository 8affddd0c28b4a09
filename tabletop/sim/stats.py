"""Summaries of result tables: win rates with Wilson intervals, game lengths."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.analysis.rates import Rate, wilson

__all__ = ["Lengths", "Rate", "Summary", "summarize", "wilson"]


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
