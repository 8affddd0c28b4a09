"""The table's logic: one object that holds and decides what a table shows.

``TableLogic`` holds the match (anything ``tabletop.core.MatchLike``: a local
``Match`` or a seat's ``RemoteMatch``), the timeline's lines, the seats and their
bots, whose eyes the table shows, the hand-over between two humans, the selection
that narrows the actions on offer, the recap, autosave and resume. Its concerns
live in their own modules, one mixin each:

- ``tabletop.table.choices``: what a tap on a space, a card or a button means;
- ``tabletop.table.timeline``: lines, goto, fork, new deals;
- ``tabletop.table.seats``: seats, bots, eyes, hand-over, who may act;
- ``tabletop.table.news``: the recap and the letters of lost cards;
- ``tabletop.table.saves``: autosave and resume.

It is plain Python (standard library and ``tabletop`` only), so it runs where no
widget library exists. A screen calls its gestures (``click_space``,
``play_card``, ``press``, ``choose``, ``goto``, ``reveal``...) and listens with
``on_change``: it is told once per gesture. The notebook wraps it in traits
(``tabletop.ui.model.TableModel``): the same attributes, observable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.table.changes import Batched
from tabletop.table.choices import ChoicesMixin, Selection
from tabletop.table.frame import LineMemo
from tabletop.table.news import NewsMixin
from tabletop.table.saves import SavesMixin
from tabletop.table.seats import HUMAN, MAX_AUTO_MOVES, SeatsMixin
from tabletop.table.timeline import TimelineMixin
from tabletop.table.words import recap_turns

__all__ = ["MAX_AUTO_MOVES", "Selection", "TableLogic"]


class TableLogic(
    ChoicesMixin, TimelineMixin, SeatsMixin, NewsMixin, SavesMixin, Batched
):
    """A table's state and decisions, for every screen.

    Args:
        match: the match to show and play (``Match`` or ``RemoteMatch``).
        look: the game's look (seat and space names, cards in hands).
        autosave: a file to save the match to after every move (``None``: off);
            if it exists, the table offers to resume it (``resume_from``).
        handover: hand the laptop over between two human seats.

    Attributes (each reassigned, never changed in place, so that a screen
    wrapping them in traits sees every change): ``state`` (the full state at the
    current step), ``step``, ``length``, ``viewer`` (whose eyes: a seat, or None
    for everything), ``curtain`` (the seat the laptop is passed to), ``selection``
    (what narrows the actions on offer), ``legal`` (every legal action now, as
    ``Explanation``), ``seats`` ("human" or a bot's name per seat), ``message``
    (the last refusal or notice), ``letter`` (news for the seat now looking),
    ``error``, ``auto`` (bots move by themselves), ``hot_seat`` (the view follows
    the human seat to move), ``referee_view`` (every hand may be shown between
    humans passing the laptop, and the status line says so), ``teach``,
    ``details``.
    """

    def __init__(
        self,
        match: Any,
        look: Any,
        autosave: str | Path | None = None,
        handover: bool = True,
    ) -> None:
        super().__init__()
        self.state = None
        self.step = self.length = 0
        self.viewer = self.curtain = self.selection = None
        self.legal: tuple = ()
        self.message = self.letter = self.error = ""
        self.teach = self.details = self.referee_view = False
        #: Who is ahead in words, where a screen shows it (the ``who`` command).
        self.who_is_ahead: Any = None
        self.match = match
        self.game = match.game
        self.look = look
        #: Events in words as each viewer reads them, each put in words once (the
        #: log, the recap and the announcements read the same lines again).
        self.said_lines = LineMemo(look)
        self.lines: list[Any] = [match]
        self.autosave = Path(autosave) if autosave else None
        self.handover_on = handover
        self.laptop_passed = False  # a player revealed after a hand-over
        self.resume_from: Path | None = None
        self._lines_saved: tuple = ()  # what the lines file beside the autosave holds
        self._seats_saved: tuple = ()  # what the seats file beside it holds
        self.refused_clause = ""
        self.recent: tuple[Any, ...] = ()  # the steps just played, for the recap
        self._bots: dict[int, Any] = {}
        self._mail: dict[int, list[str]] = {}
        self._played: list[Any] = []
        self._played_now = False
        self.auto = self.hot_seat = True
        self.seats = (HUMAN,) * self.game.players
        if self.autosave is not None and self.autosave.exists():
            self.resume_from = self.autosave

    # Plain attributes with a consequence when they change (a traits wrapper
    # replaces them with traits and calls the same hooks from its observers).
    @property
    def hot_seat(self) -> bool:
        return self.__dict__.get("_hot_seat", True)

    @hot_seat.setter
    def hot_seat(self, on: bool) -> None:
        before, self.__dict__["_hot_seat"] = self.hot_seat, on
        if on != before and "match" in self.__dict__:
            self._on_hot_seat(on)

    @property
    def auto(self) -> bool:
        return self.__dict__.get("_auto", True)

    @auto.setter
    def auto(self, on: bool) -> None:
        before, self.__dict__["_auto"] = self.auto, on
        if on != before:
            self._on_auto()

    def _on_auto(self) -> None:
        """Bots turned to move by themselves (or not): kept in the seats file, and
        a bot to move at the line's end moves at once."""
        self._save_auto()
        if self.auto:
            self._bots_catch_up()

    def recover(self) -> None:
        """After a failed batch: show where the match stands (bots may have
        played before one raised)."""
        self.sync()

    @property
    def view_state(self) -> Any:
        """The state as the viewing seat may see it."""
        return self.game.view(self.state, self.eyes)

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def command(self, text: str) -> str | None:
        """The answer to a typed command (``hand``, ``where``, ``here``, ``last``,
        ``choices``, ``who``, ``help``: ``tabletop.table.words.commands``) from the
        table's eyes, or None when ``text`` is no command. ``who`` is answered by
        ``who_is_ahead`` where a screen shows who is ahead."""
        from tabletop.table.frame import recap_steps
        from tabletop.table.words.commands import answer

        eyes = self.eyes
        seat = eyes if isinstance(eyes, int) else None
        steps = recap_steps(self.match.steps[: self.step], seat)
        return answer(
            text,
            self.look,
            self.view_state,
            seat,
            self.legal if self.can_act() else (),
            self.menu(),
            recap_turns(self.look, steps, eyes, self.said_lines),
            self.who_is_ahead,
        )

    def frame(self) -> dict[str, Any]:
        """Everything this table shows and what a tap means now, as JSON-able
        data (``tabletop.table.frame.view_payload``), through the table's eyes:
        the hands those eyes see, the actions on offer when the table may act for
        the seat to move, and otherwise ``refusal_to_act``'s words for every tap;
        ``key`` names the menu of the selection on show."""
        from tabletop.draw.pictures import moment
        from tabletop.table.frame import own_last_step, view_payload

        eyes = self.eyes
        refusal = self.refusal_to_act()
        legal = self.legal if refusal is None else ()
        seen = moment(self.match, self.step, eyes, self.look)
        actor = (self.to_move if refusal is None else eyes, refusal)
        if not isinstance(actor[0], int):
            actor = (None, refusal)
        seat = eyes if isinstance(eyes, int) else None
        own = own_last_step(self.match.steps[: self.step], seat)
        frame = view_payload(
            self.look, seen, eyes, legal, self.recent, actor=actor, own=own
        )
        frame["key"] = "" if self.selection is None else str(self.selection)
        return frame

    def sync(self) -> None:
        """Bring what is shown in line with the match: the state, the step, the
        legal actions, the recap, whose eyes (hot seat and hand-over), and
        autosave."""
        m = self.match
        self.state = m.state
        self.step = m.cursor
        self.length = len(m)
        self.legal = m.explain()
        self._note_what_happened()
        self._follow_mover()
        if self.curtain is not None and self._played_now:
            # The hand-over screen tells the player taking the laptop everything
            # since their own last decision, not only the last click.
            self.recent = self._missed_by(self.curtain)
        self._deliver()
        self._save_if_asked()
