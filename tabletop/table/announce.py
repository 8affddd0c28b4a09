"""What a table announces to the person at it, once: the turns played since the
last announcement, their own included ("You: rolled 5, ..."; in that person's
eyes' words, none of another seat's hidden cards), then "Your turn" with what
to decide, or the end of the game; behind a hand-over only whom to pass the
laptop to. A screen puts the words
in a polite live region, so a screen reader says them as they come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.opaque import State
from tabletop.table.words import recap_turns
from tabletop.table.words.commands import game_over_words
from tabletop.table.words.labels import pending_words
from tabletop.table.words.refusals import passing

if TYPE_CHECKING:
    from tabletop.draw.look import Look


class Announcer:
    """Says each new moment of one table once (``next``)."""

    def __init__(self) -> None:
        # (line, step, eyes, curtain) said; the line itself, not its id: a line
        # dropped and a new one made at the same address is another line.
        self._heard: tuple[Any, int, Any, Any] | None = None

    def next(self, table: Any) -> str | None:
        """The words for what changed since the last call, or None when nothing
        did (a screen then leaves its live region as it is). ``table`` is a
        ``TableLogic``."""
        match, eyes, look = table.match, table.eyes, table.look
        step = table.step
        now = (match, step, eyes, table.curtain)
        if self._heard is not None and _same(now, self._heard):
            return None
        before, self._heard = self._heard, now
        if table.curtain is not None:
            text = passing(look, table.curtain)
            return text[:1].upper() + text[1:] + "."
        said: list[str] = []
        if (
            before is not None
            and before[0] is match
            and before[2] == eyes
            and before[1] < step
        ):
            steps = match.steps[before[1] : step]
            told = recap_turns(look, steps, eyes, table.event_sentence, own=True)
            said += [f"{who}: {what}." for who, what in told]
        elif before is not None:
            said.append(f"Showing step {step} of {len(match)}.")
        said.append(self.where_now(table))
        return " ".join(s for s in said if s)

    @staticmethod
    def where_now(table: Any) -> str:
        """Whose turn it is ("Your turn: ..." to the seat that may act), or the
        end of the game."""
        eyes = table.eyes if isinstance(table.eyes, int) else None
        return turn_words(table.look, table.view_state, eyes)


def _same(now: tuple[Any, ...], heard: tuple[Any, ...]) -> bool:
    """The same moment: the same line (by identity), step, eyes and curtain."""
    return now[0] is heard[0] and now[1:] == heard[1:]


def turn_words(look: Look, view: State, seat: int | None) -> str:
    """The sentence announced for the moment of ``view``: the end of the game,
    "Your turn: <what to decide>." to ``seat`` when it is to move, or whose move
    it is. The notebook's announcer and the page's frame (its headline's
    ``said``) both say it."""
    over = game_over_words(look, view)
    if over is not None:
        return over
    name, pending = pending_words(look, look.game, view)
    mover = look.game.to_move(view)
    if mover is not None and mover == seat:
        return f"Your turn: {pending}."
    return f"{name} to move."
