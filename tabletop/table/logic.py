"""The table's logic: one object that holds what a table shows, and its parts.

``TableLogic`` is the facade every screen uses: it holds the state a screen
observes (the match and its lines, the state and step shown, whose eyes, the
hand-over, the selection, the legal actions, the seats, the recap, the messages)
and answers every gesture by handing it to the part that decides it. Each part is
an object given the table and the other parts it calls, in this order:

- ``changes`` (``tabletop.table.changes.Changes``): one notice per gesture;
- ``news`` (``tabletop.table.news.News``): the recap and the letters of lost
  cards;
- ``seating`` (``tabletop.table.seats.Seating``, given changes and news): seats,
  bots, eyes, the hand-over, and who may act;
- ``timeline`` (``tabletop.table.timeline.Timeline``, given changes, seating and
  news): lines, goto, fork, new deals, and the moves played on the shown line,
  a person's and the bots';
- ``saves`` (``tabletop.table.saves.Saves``, given changes, seating, timeline
  and news): autosave and resume;
- ``choices`` (``tabletop.table.choices.Choices``, given seating and timeline):
  what a tap on a space, a card or a button means.

A part writes what a screen observes on this facade (``table.viewer = ...``),
never a copy of its own. A gesture goes, by name, e.g. ``TableLogic.choose`` ->
``Choices.choose`` (``Seating.ensure_may_act``) -> ``Timeline.play`` ->
``Timeline.play_on_line`` -> ``Match.play``.

It is plain Python (standard library and ``tabletop`` only), so it runs where no
widget library exists. A screen calls its gestures (``click_space``,
``play_card``, ``press``, ``choose``, ``goto``, ``reveal``...) and listens with
``on_change``: it is told once per gesture. The notebook wraps it in traits
(``tabletop.ui.model.TableModel``): the same attributes, observable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from tabletop.core import Explanation, Game, Match, MatchLike, Refusal
from tabletop.core.game import Event
from tabletop.core.match import Step
from tabletop.draw.look import Look
from tabletop.table.changes import Changes
from tabletop.table.choices import Choices, Fold, Group, Offer, Selection, Tap
from tabletop.table.frame import SentenceMemo
from tabletop.table.news import News
from tabletop.table.opaque import Action, Eyes, State
from tabletop.table.saves import Saves
from tabletop.table.seats import HUMAN, MAX_AUTO_MOVES, Seating
from tabletop.table.timeline import Timeline
from tabletop.table.words import OFFERED, recap_turns

__all__ = ["MAX_AUTO_MOVES", "Selection", "TableLogic"]


class TableLogic:
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
    ``details``; and ``match``, ``lines``, ``recent`` (the steps the recap
    tells), ``resume_from`` (the saved game offered), which the parts write.
    """

    def __init__(
        self,
        match: MatchLike,
        look: Look,
        autosave: str | Path | None = None,
        handover: bool = True,
    ) -> None:
        super().__init__()  # a traits wrapper's own base comes next
        # First: a traits wrapper tells of each attribute set below.
        self.changes = Changes(self.recover)
        self.state: State = None
        self.step = self.length = 0
        self.viewer: int | None = None
        self.curtain: int | None = None
        self.selection: Selection | None = None
        self.legal: tuple[Explanation, ...] = ()
        self.message = self.letter = self.error = ""
        self.teach = self.details = self.referee_view = False
        self._auto = self._hot_seat = True
        #: Who is ahead in words, where a screen shows it (the ``who`` command).
        self.who_is_ahead: Callable[[], str] | None = None
        #: The clause of the last refusal a screen showed (a screen writes it).
        self.refused_clause = ""
        self.match = match
        self.game: Game = match.game
        self.look = look
        #: Events in words as each viewer reads them, each put in words once (the
        #: log, the recap and the announcements read the same lines again).
        self.event_sentence = SentenceMemo(look)
        self.lines: list[MatchLike] = [match]
        self.autosave = Path(autosave) if autosave else None
        self.handover_on = handover
        self.resume_from: Path | None = None
        self.recent: tuple[Step, ...] = ()  # the steps just played, for the recap
        self.seats: tuple[str, ...] = (HUMAN,) * self.game.players
        self.news = News(self)
        self.seating = Seating(self, self.changes, self.news)
        self.timeline = Timeline(self, self.changes, self.seating, self.news)
        self.saves = Saves(self, self.changes, self.seating, self.timeline, self.news)
        self.choices = Choices(self, self.seating, self.timeline)
        if self.autosave is not None and self.autosave.exists():
            self.resume_from = self.autosave

    # -- attributes with a consequence when they change ---------------------------
    # (a traits wrapper replaces them with traits and calls the same hooks from
    # its observers)
    @property
    def hot_seat(self) -> bool:
        return self._hot_seat

    @hot_seat.setter
    def hot_seat(self, on: bool) -> None:
        before, self._hot_seat = self._hot_seat, on
        if on != before:
            self._on_hot_seat(on)

    @property
    def auto(self) -> bool:
        return self._auto

    @auto.setter
    def auto(self, on: bool) -> None:
        before, self._auto = self._auto, on
        if on != before:
            self._on_auto()

    def _on_hot_seat(self, on: bool) -> None:
        """Hot seat turned on: look through the human seat to move at once."""
        self.seating.on_hot_seat(on)

    def _on_auto(self) -> None:
        """Bots turned to move by themselves (or not): kept in the seats file, and
        a bot to move at the line's end moves at once."""
        self.saves.save_auto()
        if self.auto:
            self.timeline.bots_catch_up()

    # -- what is shown --------------------------------------------------------------
    def sync(self) -> None:
        """Bring what is shown in line with the match: the state, the step, the
        legal actions, the recap, whose eyes (hot seat and hand-over), and
        autosave."""
        m = self.match
        self.state = m.state
        self.step = m.cursor
        self.length = len(m)
        self.legal = m.explain()
        self.news.note(self.seating.human_seats())
        self.seating.follow_mover()
        if self.curtain is not None and self.news.played_now:
            # The hand-over screen tells the player taking the laptop everything
            # since their own last decision, not only the last click.
            self.recent = self.news.missed_by(self.curtain)
        self.news.deliver(self.seating.eyes)
        self.saves.save_if_asked()

    def recover(self) -> None:
        """After a failed batch: show where the match stands (bots may have
        played before one raised)."""
        self.sync()

    @property
    def view_state(self) -> State:
        """The state as the viewing seat may see it."""
        return self.game.view(self.state, self.eyes)

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def refusal_while_offered(self) -> Refusal | None:
        """TT-PHASE while a saved game is offered (the table under the offer deals
        from its seed: nothing may play, hint or tell chances there), else None."""
        if self.resume_from is None:
            return None
        return Refusal("TT-PHASE", OFFERED)

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
            recap_turns(self.look, steps, eyes, self.event_sentence),
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
        mover = self.to_move if refusal is None else eyes
        actor = (mover if isinstance(mover, int) else None, refusal)
        seat = eyes if isinstance(eyes, int) else None
        own = own_last_step(self.match.steps[: self.step], seat)
        frame = view_payload(
            self.look, seen, eyes, legal, self.recent, actor=actor, own=own
        )
        frame["key"] = "" if self.selection is None else str(self.selection)
        return frame

    # -- one notice per gesture (``Changes``) --------------------------------------
    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after each change (a batch counts as one)."""
        self.changes.on_change(callback)

    def batch(self) -> AbstractContextManager[None]:
        """Change several things, then tell the listeners once (``Changes.batch``)."""
        return self.changes.batch()

    @property
    def updating(self) -> bool:
        """Whether a batch of changes is under way."""
        return self.changes.updating

    def changed(self) -> None:
        """Tell every listener."""
        self.changes.changed()

    # -- seats, eyes and who may act (``Seating``) ---------------------------------
    @property
    def eyes(self) -> Eyes:
        """Whose eyes the views use (``Seating.eyes``)."""
        return self.seating.eyes

    @property
    def kept_eyes(self) -> Eyes:
        """Whose eyes a picture kept in the notebook file uses."""
        return self.seating.kept_eyes

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return self.seating.bot_seats

    def human_seats(self) -> tuple[int, ...]:
        return self.seating.human_seats()

    @property
    def laptop_passed(self) -> bool:
        """Whether a player revealed after a hand-over."""
        return self.seating.laptop_passed

    @property
    def peeking_guarded(self) -> bool:
        """Whether another seat's hand is refused to ``set_viewer``."""
        return self.seating.peeking_guarded

    def refusal_to_act(self) -> Refusal | None:
        """Why nobody here may choose for the seat to move now, or None
        (``Seating.refusal_to_act``)."""
        return self.seating.refusal_to_act()

    def can_act(self) -> bool:
        return self.seating.can_act()

    def ensure_may_act(self) -> None:
        self.seating.ensure_may_act()

    def refusal_to_branch(self) -> Refusal | None:
        return self.seating.refusal_to_branch()

    def reveal(self) -> None:
        self.seating.reveal()

    def set_viewer(self, seat: int | None) -> None:
        self.seating.set_viewer(seat)

    def unlock_referee_view(self) -> None:
        self.seating.unlock_referee_view()

    def lock_referee_view(self) -> None:
        self.seating.lock_referee_view()

    def seat_all(self, kinds: Iterable[Any] | None) -> None:
        self.seating.seat_all(kinds)

    def set_seat(self, seat: int, kind: Any) -> None:
        """Seat a human (``"human"``) or a bot (name or object) at ``seat``
        (``Seating.seat``); a bot to move then plays (``Timeline.play_bots``)."""
        self.seating.check_seat(seat)
        with self.changes.batch():
            self.seating.seat(seat, kind)
            if self.auto:
                self.timeline.play_bots(MAX_AUTO_MOVES)
            self.sync()

    # -- the timeline and the bots (``Timeline``) ----------------------------------
    @property
    def branches(self) -> list[MatchLike]:
        return self.timeline.branches

    def goto(self, step: int) -> int:
        return self.timeline.goto(step)

    def step_back(self) -> int:
        return self.timeline.step_back()

    def step_forward(self) -> int:
        return self.timeline.step_forward()

    def fork(self) -> MatchLike:
        return self.timeline.fork()

    def use_line(self, index: int) -> MatchLike:
        return self.timeline.use_line(index)

    def new_game(self, seed: int | None = None) -> Match:
        return self.timeline.new_game(seed)

    def play_again_same_deal(self) -> int:
        return self.timeline.play_again_same_deal()

    def load_match(self, match: Match) -> Match:
        return self.timeline.load_match(match)

    def auto_play(self, max_moves: int = MAX_AUTO_MOVES) -> int:
        return self.timeline.auto_play(max_moves)

    def play_bots(self, max_moves: int) -> int:
        return self.timeline.play_bots(max_moves)

    def bots_may_move(self) -> bool:
        return self.timeline.bots_may_move()

    # -- autosave and resume (``Saves``) -------------------------------------------
    def resume_saved(self) -> MatchLike:
        return self.saves.resume_saved()

    def dismiss_resume(self) -> None:
        self.saves.dismiss_resume()

    # -- what a tap means (``Choices``) --------------------------------------------
    def choose(self, action: Action) -> tuple[Event, ...]:
        """Play an action (object or notation) for the seat to move
        (``Choices.choose``)."""
        return self.choices.choose(action)

    def choose_for_seat(self, action: Action) -> tuple[Event, ...]:
        """Play for the seat whose turn a transport has asked itself
        (``Choices.choose_for_seat``)."""
        return self.choices.choose_for_seat(action)

    def click_space(self, space: str) -> tuple[Event, ...]:
        return self.choices.click_space(space)

    def click_at(self, find: Callable[[list[str]], str | None]) -> tuple[Event, ...]:
        return self.choices.click_at(find)

    def click_plays(self, space: str) -> Explanation | None:
        return self.choices.click_plays(space)

    def space_tap(self, space: str) -> Tap:
        return self.choices.space_tap(space)

    def play_card(self, card: str | int) -> tuple[Event, ...]:
        return self.choices.play_card(card)

    def press(self, item: Explanation | Group | Fold) -> tuple[Event, ...]:
        return self.choices.press(item)

    def enter(self, text: str) -> tuple[Event, ...]:
        return self.choices.enter(text)

    def menu(self) -> tuple[str, list[Any]]:
        return self.choices.menu()

    def offer(self) -> Offer:
        return self.choices.offer()

    def shown_actions(self) -> tuple[Explanation, ...]:
        return self.choices.shown_actions()

    def clear_selection(self) -> None:
        self.selection = None
