"""What a seat is told of the moves it did not make: the recap and its letters.

The recap (``TableLogic.recent``) is the steps a player reads about in "What just
happened": the steps just played, or, for a player taking the laptop back or
coming back to a resumed game, every step since their own last decision
(``News.missed_by``). A letter (``TableLogic.letter``) tells a seat what cards it
lost on another seat's move; it is delivered when that seat looks, never behind
a hand-over (``News.deliver``).

``News`` is a part of the table's logic: it reads the match, the game and the
look on the table (``TableLogic``) and writes ``recent`` and ``letter`` there;
who is human and whose eyes look are given to it by the caller.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.core.match import Step
from tabletop.table import words
from tabletop.table.opaque import Eyes

if TYPE_CHECKING:
    from tabletop.table.logic import TableLogic

MISSED = 40  # the most steps a recap tells a player coming back


class News:
    """The recap and the letters of a table.

    Args:
        table: the table whose ``recent`` and ``letter`` this part writes.
    """

    def __init__(self, table: TableLogic) -> None:
        self.table = table
        #: Seat -> the letters waiting until that seat looks.
        self.mail: dict[int, list[str]] = {}
        #: The steps played since the table last showed its match (``note``).
        self.played: list[Step] = []
        #: Whether the last ``note`` found steps played (a move, not a walk).
        self.played_now = False

    def note_played(self, step: Step) -> None:
        """``step`` was just played on the shown line (by a person or a bot)."""
        self.played.append(step)

    def note(self, humans: tuple[int, ...]) -> None:
        """Keep the moves just played for the recap, and tell each of ``humans``
        that lost cards on another seat's move what went (delivered when that
        seat looks)."""
        played, self.played = self.played, []
        self.played_now = bool(played)
        if not played:
            return
        self.table.recent = tuple(played)
        for step in played:
            self.post_losses(step, humans)

    def post_losses(
        self, step: Step, humans: tuple[int, ...], read: dict[int, int] | None = None
    ) -> None:
        """Mail each of ``humans`` that lost cards on ``step``, another seat's
        move, unless ``read`` (seat -> the step of its last decision) says it
        decided since."""
        for seat, (gone, got) in hand_changes(self.table, step, humans).items():
            if step.player is None:
                continue  # an edit is nobody's move: the hand shows what changed
            if seat == step.player or step.index <= (read or {}).get(seat, 0):
                continue
            if not gone:
                continue  # only a gain: the hand shows it, nothing went unseen
            look = self.table.look
            letter = words.lost_cards(look, step.player, step.index, gone, got)
            self.mail.setdefault(seat, []).append(letter)

    def mail_again(self, humans: tuple[int, ...]) -> None:
        """After a resume: the news each of ``humans`` had not read when the game
        was saved, taken as every loss on others' moves since its own last
        decision. News read after that and before the save is told again
        (harmless); news never told would be a card gone without a word."""
        self.mail = {}
        read = self.last_decisions()
        match = self.table.match
        for step in match.steps[: match.cursor]:
            self.post_losses(step, humans, read)

    def deliver(self, eyes: Eyes) -> None:
        """Show the letters for ``eyes``, the seat now looking (never behind a
        hand-over, where the eyes are the public's)."""
        if not isinstance(eyes, int):
            self.table.letter = ""
        elif self.mail.get(eyes):
            self.table.letter = " ".join(self.mail.pop(eyes))
        elif self.played_now:
            self.table.letter = ""

    def missed_by(self, seat: int) -> tuple[Step, ...]:
        """The steps up to the one shown since ``seat``'s own last decision (at
        most the last ``MISSED`` of them): what the recap tells a player who takes
        the laptop back, or comes back to a resumed game."""
        match = self.table.match
        steps = match.steps[: match.cursor]
        since = self.last_decisions().get(seat, 0)  # step k is steps[k - 1]
        return tuple(steps[max(since, len(steps) - MISSED) :])

    def last_decisions(self) -> dict[int, int]:
        """Seat -> the step of its last decision up to the one shown."""
        match = self.table.match
        return {
            s.player: s.index
            for s in match.steps[: match.cursor]
            if s.player is not None
        }


def hand_changes(
    table: TableLogic, step: Step, humans: tuple[int, ...] | None = None
) -> dict[int, tuple[list[str], list[str]]]:
    """Each human seat (``humans``; by default the table's) whose hand changed on
    a step: the kinds of the cards it has fewer of, and of those it has more of,
    once per card (from its own views before and after)."""
    game, look = table.game, table.look
    try:
        before = table.match.state_at(step.index - 1)
    except IndexError:
        return {}
    out: dict[int, tuple[list[str], list[str]]] = {}
    for seat in table.human_seats() if humans is None else humans:
        had = look.hand(game.view(before, seat), seat)
        has = look.hand(game.view(step.state, seat), seat)
        if isinstance(had, int) or isinstance(has, int):
            continue
        gone, got = Counter(had) - Counter(has), Counter(has) - Counter(had)
        if gone or got:
            out[seat] = (list(gone.elements()), list(got.elements()))
    return out
