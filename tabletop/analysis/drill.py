""" "Find a better move": a position from a reviewed game where the mover went wrong.

``Drill.from_review(match, review)`` picks the decision with the largest lower
bound of its drop (the clearest mistake); ``question()`` shows the position before
it and the legal moves, ``check(move)`` says how a proposed move fared, and
``answer()`` reveals the review's verdict, which the drill keeps hidden until
asked.

A review graded by playouts names a better move and every candidate's results in
its sampled worlds; ``check`` reads those. A review graded by the value model
(``review(match, method="model")``) names none, so the drill asks the model: of
the decisions with the largest lower bounds of their drop, the first where the
model rates another legal move above the one played, every legal move judged as
the model hint judges them (``tabletop.analysis.hints.model_values``: applied in
worlds sampled from the mover's knowledge, the model reading the mover's view).
``check`` and ``answer`` then give the model's estimates, labelled as such.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.analysis.hints import MODEL_SAMPLES, Estimate, rank_by_model, value_model
from tabletop.analysis.review import GradedMove, Review
from tabletop.core import Match, Rng

MODEL_TRIES = 12
"""Model-graded decisions asked at most, largest drop first, for a better move."""


@dataclass
class Drill:
    """One "find a better move" exercise.

    Attributes:
        match: the reviewed game.
        move: the decision to improve on (its ``best`` the better move).
        estimates: the value model's estimate of every legal move at the position,
            best first, when the review was the model's (empty: the playouts').
        error: the model's measured mean error per seat, in points.
    """

    match: Match
    move: GradedMove
    estimates: tuple[Estimate, ...] = ()
    error: float | None = None

    @classmethod
    def from_review(
        cls, match: Match, review: Review, *, model: Any = None, seed: int = 0
    ) -> Drill:
        """The clearest mistake of a review (largest lower bound of its drop).

        Args:
            model: the value model, for a review graded by it (``None``: the
                game's, loaded when needed).
            seed: the seed of the worlds the model judges the moves in.

        Raises:
            ValueError: no reviewed move had a better alternative.
        """
        worse = [m for m in review.moves if m.best != m.played]
        if worse:
            return cls(match, max(worse, key=lambda m: (m.interval[0], -m.step)))
        by_model = [m for m in review.moves if m.method == "model"]
        found = cls._by_model(match, by_model, model, seed) if by_model else None
        if found is None:
            raise ValueError("no move of this review had a better alternative")
        return found

    @classmethod
    def _by_model(
        cls, match: Match, moves: list[GradedMove], model: Any, seed: int
    ) -> Drill | None:
        """The first of ``moves`` (largest lower bound of the drop first) where
        the model rates another legal move above the one played."""
        game = match.game
        if model is None:
            model, _ = value_model(game)
            if model is None:
                return None
        for move in sorted(moves, key=lambda m: (-m.interval[0], m.step))[:MODEL_TRIES]:
            state = match.state_at(move.step - 1)
            legal = list(game.legal_actions(state))
            rng = Rng.from_seed(seed * 100_003 + move.step)
            # Ties go to the move played: only a move rated above it is better.
            estimates = rank_by_model(
                model, state, move.seat, legal, move.played, MODEL_SAMPLES, rng
            )
            if estimates[0].action != move.played:
                better = replace(move, best=estimates[0].action)
                return cls(match, better, estimates, model.error_points)
        return None

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
        """How ``move`` (an action or its notation) did: in the review's worlds,
        or by the value model's estimate."""
        text = str(move).strip()
        if self.estimates:
            return self._check_estimate(text)
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

    def _check_estimate(self, text: str) -> str:
        played = self._estimate(self.move.played)
        for estimate in self.estimates:
            if str(estimate.action) == text:
                verdict = (
                    "the best move found"
                    if estimate.action == self.move.best
                    else "the move played"
                    if estimate.action == self.move.played
                    else "better than the move played"
                    if estimate.chance > played
                    else "no better than the move played"
                )
                said = f"{text}: {estimate.chance:.0%} ({self.label}) - {verdict}"
                if estimate.action != self.move.played:
                    said += f" ({played:.0%})"
                return said
        return f"{text} is not a legal move here"

    @property
    def label(self) -> str:
        """How the model's estimates are labelled (with its measured error)."""
        if self.error is None:
            return "estimate from the learned model (its error is not measured)"
        return f"estimate from the learned model, \u00b1{self.error:g} points"

    def _estimate(self, action: Any) -> float:
        return next(e.chance for e in self.estimates if e.action == action)

    def answer(self) -> str:
        """The review's verdict on the move: the better move and why."""
        if self.estimates:
            return self._answer_estimate()
        lines = [str(self.move), "Played:"]
        lines += [f"  {line}" for line in self.move.played_events]
        lines.append(f"Better ({self.move.best}):")
        lines += [f"  {line}" for line in self.move.better_events]
        return "\n".join(lines)

    def _answer_estimate(self) -> str:
        best, played = self.move.best, self.move.played
        lines = [
            str(self.move),
            f"Better ({best}): {self._estimate(best):.0%} against "
            f"{self._estimate(played):.0%} for '{played}' ({self.label}; each "
            f"averaged over {MODEL_SAMPLES} deals from what seat {self.move.seat} "
            "knew, where the review's 'after' is the position the move made).",
            "The moves the model rates highest:",
        ]
        lines += [f"  {e.action}: {e.chance:.0%}" for e in self.estimates[:5]]
        return "\n".join(lines)
