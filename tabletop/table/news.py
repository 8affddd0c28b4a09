"""What a seat is told of the moves it did not make: the recap and its letters.

The recap (``recent``) is the steps a player reads about in "What just happened":
the steps just played, or, for a player taking the laptop back or coming back to
a resumed game, every step since their own last decision (``_missed_by``). A
letter (``letter``) tells a seat what cards it lost on another seat's move; it is
delivered when that seat looks, never behind a hand-over (``_deliver``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tabletop.table import words

if TYPE_CHECKING:
    from tabletop.table.logic import TableLogic

MISSED = 40  # the most steps a recap tells a player coming back


class NewsMixin:
    """The recap and the letters of a table (``TableLogic``)."""

    def _note_what_happened(self) -> None:
        """Keep the moves just played for the recap, and tell each seat that lost
        cards on another seat's move what went (delivered when that seat looks)."""
        played, self._played = self._played, []
        self._played_now = bool(played)
        if not played:
            return
        self.recent = tuple(played)
        for step in played:
            self._post_losses(step)

    def _post_losses(self, step: Any, read: dict[int, int] | None = None) -> None:
        """Mail each seat that lost cards on ``step``, another seat's move, unless
        ``read`` (seat -> the step of its last decision) says it decided since."""
        for seat, (gone, got) in hand_changes(self, step).items():
            if seat == step.player or step.index <= (read or {}).get(seat, 0):
                continue
            if not gone:
                continue  # only a gain: the hand shows it, nothing went unseen
            letter = words.lost_cards(self.look, step.player, step.index, gone, got)
            self._mail.setdefault(seat, []).append(letter)

    def _mail_again(self) -> None:
        """After a resume: the news each human seat had not read when the game was
        saved, taken as every loss on others' moves since its own last decision.
        News read after that and before the save is told again (harmless); news
        never told would be a card gone without a word."""
        self._mail = {}
        read = self._last_decisions()
        for step in self.match.steps[: self.match.cursor]:
            self._post_losses(step, read)

    def _deliver(self) -> None:
        """Show the messages for the seat now looking (never behind a hand-over)."""
        seat = self.eyes
        if not isinstance(seat, int):
            self.letter = ""
        elif self._mail.get(seat):
            self.letter = " ".join(self._mail.pop(seat))
        elif self._played_now:
            self.letter = ""

    def _missed_by(self, seat: int) -> tuple[Any, ...]:
        """The steps up to the one shown since ``seat``'s own last decision (at
        most the last ``MISSED`` of them): what the recap tells a player who takes
        the laptop back, or comes back to a resumed game."""
        steps = self.match.steps[: self.match.cursor]
        since = self._last_decisions().get(seat, 0)  # step k is steps[k - 1]
        return tuple(steps[max(since, len(steps) - MISSED) :])

    def _last_decisions(self) -> dict[int, int]:
        """Seat -> the step of its last decision up to the one shown."""
        return {s.player: s.index for s in self.match.steps[: self.match.cursor]}


def hand_changes(
    table: TableLogic, step: Any
) -> dict[int, tuple[list[str], list[str]]]:
    """Each human seat whose hand changed on a step: the kinds of the cards it
    has fewer of, and of those it has more of, once per card (from its own
    views before and after)."""
    game, look = table.game, table.look
    try:
        before = table.match.state_at(step.index - 1)
    except IndexError:
        return {}
    out: dict[int, tuple[list[str], list[str]]] = {}
    for seat in table.human_seats():
        had = look.hand(game.view(before, seat), seat)
        has = look.hand(game.view(step.state, seat), seat)
        if isinstance(had, int) or isinstance(has, int):
            continue
        gone, got = Counter(had) - Counter(has), Counter(has) - Counter(had)
        if gone or got:
            out[seat] = (list(gone.elements()), list(got.elements()))
    return out
