""" "Find a better move": a position from a reviewed game where the mover went wrong.

``Drill.from_review(match, review)`` picks the decision with the largest lower
bound of its drop (the clearest mistake); ``question()`` shows the position before
it and the legal moves, ``check(move)`` says how a proposed move fared in the same
sampled worlds, and ``answer()`` reveals the review's verdict, which the drill
keeps hidden until asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.analysis.review import GradedMove, Review
from tabletop.core import Match


@dataclass
class Drill:
    """One "find a better move" exercise."""

    match: Match
    move: GradedMove

    @classmethod
    def from_review(cls, match: Match, review: Review) -> Drill:
        """The clearest mistake of a review (largest lower bound of its drop).

        Raises:
            ValueError: no reviewed move had a better alternative.
        """
        worse = [m for m in review.moves if m.best != m.played]
        if not worse:
            raise ValueError("no move of this review had a better alternative")
        return cls(match, max(worse, key=lambda m: (m.interval[0], -m.step)))

    @property
    def step(self) -> int:
        """The step of the position to solve (the one before the move)."""
        return self.move.step - 1

    def question(self) -> str:
        """The position (as the mover sees it), what was played, the legal moves."""
        state = self.match.state_at(self.step)
        game = self.match.game
        legal = ", ".join(str(a) for a in game.legal_actions(state))
        return (
            f"Step {self.step}, seat {self.move.seat} to move: "
            f"{game.pending(state)}\n{game.view(state, self.move.seat)}\n"
            f"Played: {self.move.played}. Legal: {legal}\n"
            "Find a better move: drill.check('<move>'), or drill.answer()."
        )

    def check(self, move: Any) -> str:
        """How ``move`` (an action or its notation) did in the review's worlds."""
        text = str(move).strip()
        for value in self.move.values:
            if str(value.action) == text:
                verdict = (
                    "the best move found"
                    if value.action == self.move.best
                    else "better than the move played"
                    if value.wins > self.move.values[0].wins
                    else "no better than the move played"
                )
                return f"{text}: {value.chance:.0%} of {value.n} worlds - {verdict}"
        return f"{text} was not among the moves the review tried"

    def answer(self) -> str:
        """The review's verdict on the move: the better move and why."""
        lines = [str(self.move), "Played:"]
        lines += [f"  {line}" for line in self.move.played_events]
        lines.append(f"Better ({self.move.best}):")
        lines += [f"  {line}" for line in self.move.better_events]
        return "\n".join(lines)
