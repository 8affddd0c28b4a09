"""Errors raised by the engine: every refusal says what is wrong and why."""

from __future__ import annotations


class TabletopError(ValueError):
    """Base class of every refusal the package raises."""


class IllegalActionError(TabletopError):
    """An action the rules forbid, or notation that names no action.

    Attributes:
        clause: the rule clause ID that forbids it (``PH-3-CARD``), or
            ``TT-NOTATION`` / ``TT-TURN`` / ``TT-PHASE`` / ``TT-OVER`` for refusals
            that come from the shape of the game rather than one rule.
        reason: a sentence a player understands.
    """

    def __init__(self, clause: str, reason: str) -> None:
        self.clause = clause
        self.reason = reason
        super().__init__(f"{reason} [{clause}]")


class IllegalEditError(TabletopError):
    """A state edit that would break the game's invariants."""


class SaveError(TabletopError):
    """A save file that is corrupt, truncated, altered or from another version."""


class BoardError(TabletopError):
    """A board file that is malformed or breaks the game's board clauses."""

    def __init__(self, source: str, problems: list[str] | str) -> None:
        if isinstance(problems, str):
            problems = [problems]
        self.source = source
        self.problems = list(problems)
        listing = "; ".join(self.problems)
        super().__init__(f"board {source}: {listing}")
