"""What-if questions about a match: who is likely to win from here, and what if the
next die shows a 6 rather than a 2?

All answers come from seeded playouts (``run_playouts``) with chosen bots, so the
same question with the same seed gets the same answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import Match
from tabletop.sim.runner import run_playouts
from tabletop.sim.stats import Rate


@dataclass(frozen=True, slots=True)
class WinProbabilities:
    """Estimated win chances of every seat from one position.

    Attributes:
        step: the match step the playouts started from.
        n: the number of playouts.
        wins: how many playouts each seat won.
        no_winner: playouts without a winner (cut off by ``max_steps``).
        condition: what was forced before the playouts ("" when nothing was).
    """

    step: int
    n: int
    wins: tuple[int, ...]
    no_winner: int
    condition: str = ""

    def rate(self, seat: int) -> Rate:
        return Rate(self.wins[seat], self.n)

    @property
    def probabilities(self) -> tuple[float, ...]:
        return tuple(self.rate(seat).rate for seat in range(len(self.wins)))

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """The 95% Wilson interval of each seat's chance."""
        return tuple(self.rate(seat).interval for seat in range(len(self.wins)))

    def __str__(self) -> str:
        head = f"step {self.step}{', ' + self.condition if self.condition else ''}"
        lines = [f"{head}: {self.n} playouts"]
        lines += [f"  seat {s}: {self.rate(s)}" for s in range(len(self.wins))]
        return "\n".join(lines)


def win_probabilities(
    match: Match, n: int = 200, *, bots: Any = "heuristic", seed: int = 0, **kw: Any
) -> WinProbabilities:
    """Each seat's chance to win from the match's current step, by playouts.

    Args:
        match: the match (its cursor is the position asked about).
        n: the number of playouts.
        bots: the bots that play on (one name, or one per seat).
        seed: the base seed of the playouts.
        **kw: passed to ``run_playouts`` (``viewer=``, ``executor=``, ``workers=``,
            ``max_steps=``, ``progress=``).
    """
    table = run_playouts(match, n, bots=bots, seed=seed, **kw)
    wins = [0] * match.game.players
    no_winner = 0
    for row in table:
        if row["winner"] is None:
            no_winner += 1
        else:
            wins[row["winner"]] += 1
    return WinProbabilities(match.cursor, n, tuple(wins), no_winner)


def compare_rolls(
    match: Match, rolls: Iterable[int | Sequence[int]], n: int = 200, **kw: Any
) -> dict[Any, WinProbabilities]:
    """Win chances when the next die roll is forced to each value in ``rolls``.

    Each value is tried on a fork of the match (the match itself is unchanged),
    with the same playout seed, so the comparison uses common random numbers.

    Args:
        match: the match at the position asked about.
        rolls: die values (or tuples of values for several forced rolls).
        n: playouts per value.
        **kw: as for ``win_probabilities``.

    Returns:
        The value (or tuple) -> its win probabilities.
    """
    results: dict[Any, WinProbabilities] = {}
    for roll in rolls:
        values = (roll,) if isinstance(roll, int) else tuple(roll)
        fork = match.fork()
        fork.force_roll(*values)
        probs = win_probabilities(fork, n, **kw)
        condition = "next roll forced to " + ", ".join(str(v) for v in values)
        results[roll] = WinProbabilities(
            match.cursor, probs.n, probs.wins, probs.no_winner, condition
        )
    return results


def win_timeline(
    match: Match, n: int = 100, *, every: int = 1, **kw: Any
) -> list[WinProbabilities]:
    """Win chances at every ``every``-th step of the match's timeline (and its end).

    The match's cursor is left where it was.
    """
    steps = list(range(0, len(match) + 1, max(1, every)))
    if steps[-1] != len(match):
        steps.append(len(match))
    cursor = match.cursor
    timeline = []
    try:
        for step in steps:
            match.goto(step)
            timeline.append(win_probabilities(match, n, **kw))
    finally:
        match.goto(cursor)
    return timeline
