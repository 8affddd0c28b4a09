"""Counts that add up as games finish: what the fairness figures are made from.

A worker plays a chunk of games and returns one ``Tally``; the caller adds each
chunk's tally to the running one as it arrives (``Tally.merge``), so memory stays
flat in the number of games: a tally holds counts per seat, histograms of game
lengths (one count per length seen) and sums, never a row per game. Every field
is an integer count or sum, so merging in any order gives the same tally, and the
same figures, whatever executor, worker count or chunk size ran the games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

QUARTERS = (0.25, 0.5, 0.75)
"""The points of a game where its leader is asked for (decisiveness)."""
POINTS = 20
"""A game is looked at after each twentieth of its actions (19 points)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one finished game says.

    Attributes:
        winner: the winning seat, or None.
        first: the seat that took the first turn.
        actions: the number of actions played.
        turns: the turns begun (the game's own ``turn`` counter).
        truncated: cut off by the step limit.
        leaders: the leading seat at each twentieth of the game (None: a tie, or
            no evaluation), 19 of them.
        trailing: at each twentieth, the seats with the lowest chance.
        skilled: the seat of the one skilled bot (skill games), else None.
    """

    winner: int | None
    first: int
    actions: int
    turns: int
    truncated: bool
    leaders: tuple[int | None, ...] = ()
    trailing: tuple[frozenset[int], ...] = ()
    skilled: int | None = None


@dataclass(slots=True)
class Tally:
    """The running counts of one rule set and one bot mix (or its skill games).

    Attributes:
        players: the seats.
        games: games counted.
        wins: wins per seat.
        order_wins: wins per place in the turn order (0: the first player).
        no_winner, truncated: games without a winner, and those cut off.
        actions, turns: histograms of game lengths (length -> games).
        led: per quarter, games with a winner and one leader there.
        led_won: per quarter, those the leader went on to win.
        looked: games with a winner whose leaders were looked at (by an
            evaluation).
        changes, changes_sq: lead changes in those games, summed and squared.
        comebacks: those the winner won after trailing every other seat at some
            twentieth from a quarter of the game on.
        skill_games, skill_wins: skill games, and those the skilled bot won.
    """

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    order_wins: list[int] = field(default_factory=list)
    no_winner: int = 0
    truncated: int = 0
    actions: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    led: list[int] = field(default_factory=lambda: [0] * len(QUARTERS))
    led_won: list[int] = field(default_factory=lambda: [0] * len(QUARTERS))
    looked: int = 0
    changes: int = 0
    changes_sq: int = 0
    comebacks: int = 0
    skill_games: int = 0
    skill_wins: int = 0

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.order_wins:
            self.order_wins = [0] * self.players

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        n = self.players
        self.games += 1
        self.actions[record.actions] += 1
        self.turns[record.turns] += 1
        self.truncated += record.truncated
        winner = record.winner
        if record.skilled is not None:
            self.skill_games += 1
            self.skill_wins += winner == record.skilled
        if winner is None:
            self.no_winner += 1
            return
        self.wins[winner] += 1
        self.order_wins[(winner - record.first) % n] += 1
        if record.leaders:
            self._count_leaders(record, winner)

    def _count_leaders(self, record: GameRecord, winner: int) -> None:
        leaders = record.leaders
        for k, q in enumerate(QUARTERS):
            leader = leaders[round(q * POINTS) - 1]
            if leader is not None:
                self.led[k] += 1
                self.led_won[k] += leader == winner
        known = [seat for seat in leaders if seat is not None]
        changes = sum(1 for a, b in zip(known, known[1:], strict=False) if a != b)
        self.looked += 1
        self.changes += changes
        self.changes_sq += changes * changes
        start = round(QUARTERS[0] * POINTS) - 1
        seats = self.players  # all tied: nobody trails
        self.comebacks += any(
            winner in low and len(low) < seats for low in record.trailing[start:]
        )

    def merge(self, other: Tally) -> None:
        """Add another tally's counts (of the same rule set and mix)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.order_wins = [
            a + b for a, b in zip(self.order_wins, other.order_wins, strict=True)
        ]
        self.no_winner += other.no_winner
        self.truncated += other.truncated
        self.actions.update(other.actions)
        self.turns.update(other.turns)
        self.led = [a + b for a, b in zip(self.led, other.led, strict=True)]
        self.led_won = [a + b for a, b in zip(self.led_won, other.led_won, strict=True)]
        self.looked += other.looked
        self.changes += other.changes
        self.changes_sq += other.changes_sq
        self.comebacks += other.comebacks
        self.skill_games += other.skill_games
        self.skill_wins += other.skill_wins
