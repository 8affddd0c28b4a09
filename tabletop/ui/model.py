"""The table's model: what a table holds and decides, with no widget.

``TableModel`` holds the match (anything ``tabletop.core.MatchLike``: a local
``Match`` or a seat's ``RemoteMatch``), the timeline's lines, the seats and their
bots, whose eyes the table shows, the hand-over between two humans, the selection
that narrows the actions on offer, autosave and resume. Its traits (``state``,
``step``, ``viewer``, ``selection``, ``legal``, ``seats``...) are reassigned, never
mutated in place; the widget view (``tabletop.ui.controller.Table``) observes them
and redraws. Several changes made inside ``batch()`` reach the view once, when the
outermost batch ends.

One method decides who may act now: ``refusal_to_act``. Every gesture that plays a
move for a seat (a button, a board click, a card, typed notation) goes through it,
so at a bot's turn, behind a hand-over or through another seat's eyes nothing a
person does plays a move, in the present or the past; the refusal says why in
words. Bots play through ``play_bots`` only.

Between two or more human seats, no new line may start before a step that showed a
chance outcome (a die rolled, a card drawn): stepping back to look stays allowed,
playing on from there does not, so nobody replays a roll they have seen
(``refusal_to_branch``). A table of one human and bots stays a free laboratory, as
does a table with the hand-over off (a lesson: one learner plays every seat).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from traitlets import Any as AnyTrait
from traitlets import Bool, HasTraits, Instance, Int, Tuple, Unicode, observe

from tabletop.core import Explanation, IllegalActionError, Match, Refusal, SaveError
from tabletop.core.jsonio import strict_loads
from tabletop.core.viewers import PUBLIC
from tabletop.ui.seats import HUMAN, bot_names, make_seat_bot, seat_label

MAX_AUTO_MOVES = 5000
MISSED = 40  # the most steps a recap tells a player coming back
WHO_ACTS = ("TT-TURN", "TT-OVER")
"""Clauses that refuse who may act now, not what (``refusal_to_act`` also refuses
with TT-PHASE under a resume offer; the games' TT-PHASE, "not a decision of this
kind now", refuses what was asked)."""
# The autosave's companion file: every line of the timeline, so a resume keeps them.
LINES_FORMAT = "tabletop-lines"
LINES_VERSION = 1
# The other companion: who sat at each seat, so a resume keeps the humans human.
SEATS_FORMAT = "tabletop-seats"
SEATS_VERSION = 1


@dataclass(frozen=True, slots=True)
class Selection:
    """What the player has picked so far, narrowing the actions on offer.

    Attributes:
        kind: ``"space"`` (a board space), ``"card"`` (a card kind) or ``"clause"``
            (a group of actions under one rule).
        value: the space id, card kind or clause id.
        words: how the panel names it ("the card Rope", "space A7").
    """

    kind: str
    value: str
    words: str = ""

    def matches(self, entry: Explanation) -> bool:
        if self.kind == "space":
            return self.value in entry.spaces
        if self.kind == "card":
            return entry.card == self.value
        if self.kind == "clause":
            return entry.clause == self.value
        return True

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


class Batched(HasTraits):
    """Traits whose changes reach listeners once per batch of changes.

    A listener (``on_change``) is called after each change made outside a batch,
    and once when the outermost ``batch()`` ends, whatever it changed.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._depth = 0
        self._listeners: list[Callable[[], None]] = []

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after each change (a batch counts as one)."""
        self._listeners.append(callback)

    @property
    def updating(self) -> bool:
        """Whether a batch of changes is under way (listeners wait for its end)."""
        return self._depth > 0

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Change several traits, then tell the listeners once.

        If the batch fails, ``recover()`` runs first (bringing the traits back in
        line with what they show), the listeners are told, and the error raised.
        """
        self._depth += 1
        try:
            yield
        except BaseException:
            if self._depth == 1:
                try:
                    self.recover()
                finally:
                    self._depth -= 1
                self.changed()
                raise
            self._depth -= 1
            raise
        self._depth -= 1
        if self._depth == 0:
            self.changed()

    def recover(self) -> None:
        """Bring the traits in line after a failed batch (a hook; nothing here)."""

    def changed(self) -> None:
        """Tell every listener (outside a batch, each change does)."""
        for callback in self._listeners:
            callback()


class TableModel(Batched):
    """A table's state and decisions, without widgets.

    Args:
        match: the match to show and play (``Match`` or ``RemoteMatch``).
        look: the game's look (seat and space names, cards in hands).
        autosave: a file to save the match to after every move (``None``: off);
            if it exists, the model offers to resume it (``resume_from``).
        handover: hand the laptop over between two human seats.
    """

    state = AnyTrait(help="the full state at the current step")
    step = Int(0, help="the current step of the timeline")
    length = Int(0, help="the number of steps in the timeline")
    viewer = Int(None, allow_none=True, help="whose eyes the table shows (None: all)")
    curtain = Int(None, allow_none=True, help="the seat the laptop is passed to")
    selection = Instance(Selection, allow_none=True, help="what narrows the actions")
    legal = Tuple(help="the Explanations of every legal action now")
    seats = Tuple(help="per seat: 'human' or the bot's name")
    message = Unicode("", help="the last refusal or notice")
    letter = Unicode("", help="news for the seat now looking (a card it lost)")
    error = Unicode("", help="the last error raised inside a callback")
    auto = Bool(True, help="bot seats move by themselves after each gesture")
    hot_seat = Bool(True, help="the view follows the human seat to move")
    teach = Bool(False, help="explain every legal action and refusals")
    details = Bool(False, help="show clause IDs and the state inspector")

    def __init__(
        self,
        match: Any,
        look: Any,
        autosave: str | Path | None = None,
        handover: bool = True,
    ) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self.look = look
        self.lines: list[Any] = [match]
        self.autosave = Path(autosave) if autosave else None
        self.handover_on = handover
        self.resume_from: Path | None = None
        self._lines_saved: tuple = ()  # what the lines file beside the autosave holds
        self._seats_saved: tuple = ()  # what the seats file beside it holds
        self.refused_clause = ""
        self.recent: tuple[Any, ...] = ()  # the steps just played, for the recap
        self._bots: dict[int, Any] = {}
        self._mail: dict[int, list[str]] = {}
        self._played: list[Any] = []
        self._played_now = False
        self.seats = (HUMAN,) * self.game.players
        if self.autosave is not None and self.autosave.exists():
            self.resume_from = self.autosave

    def recover(self) -> None:
        """After a failed batch: show where the match stands (bots may have
        played before one raised)."""
        self.sync()

    @observe(
        "state", "viewer", "selection", "legal", "seats", "curtain", "details", "letter"
    )
    def _trait_changed(self, change: dict) -> None:
        if not self.updating:
            self.changed()

    # -- derived values -----------------------------------------------------------
    @property
    def eyes(self) -> Any:
        """Whose eyes the views use: the viewer, or the public behind a hand-over
        and while a saved game is offered (the table under the offer deals from
        the same seed, so a hand shown there could be the saved game's)."""
        if self.curtain is not None or self.resume_from is not None:
            return PUBLIC
        return self.viewer

    @property
    def kept_eyes(self) -> Any:
        """Whose eyes a picture kept in the notebook file uses: the public's
        between two or more human seats with the hand-over on (the file outlives
        the moment: reopened or reloaded later, by whoever holds the laptop then,
        it must show no one's hand), else the table's eyes."""
        if self.handover_on and len(self.human_seats()) > 1:
            return PUBLIC
        return self.eyes

    @property
    def view_state(self) -> Any:
        """The state as the viewing seat may see it."""
        return self.game.view(self.state, self.eyes)

    @property
    def branches(self) -> list[Any]:
        """The other lines of the timeline (kept futures, earlier games)."""
        return [m for m in self.lines if m is not self.match]

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return tuple(sorted(self._bots))

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.game.players) if s not in self._bots)

    # -- who may act ------------------------------------------------------------------
    def refusal_to_act(self) -> Refusal | None:
        """Why nobody at this table may choose for the seat to move now, or None
        when the viewer may: the one place that decides it, for every gesture."""
        offered = self.refusal_while_offered()
        if offered is not None:
            return offered
        seat = self.to_move
        if seat is None:
            return Refusal("TT-OVER", "the game is over")
        name = self.look.seat_name(seat)
        if seat in self._bots:
            return Refusal(
                "TT-TURN", f"it is {name}'s turn, and a bot ({self.seats[seat]}) "
                "plays that seat",
            )  # fmt: skip
        if self.curtain is not None:
            passed = self.look.seat_name(self.curtain)
            return Refusal(
                "TT-TURN", f"the laptop is being passed: {passed} reveals first"
            )
        if self.viewer not in (None, seat):
            eyes = self.look.seat_name(self.viewer)
            return Refusal(
                "TT-TURN", f"not your turn: it is {name}'s (this table shows "
                f"{eyes}'s eyes)",
            )  # fmt: skip
        return self.refusal_to_branch()

    def refusal_while_offered(self) -> Refusal | None:
        """TT-PHASE while a saved game is offered (the table under the offer deals
        from its seed: nothing may play, hint or tell chances there), else None."""
        if self.resume_from is None:
            return None
        return Refusal(
            "TT-PHASE", "a saved game is waiting: Resume it or Start fresh first"
        )

    def refusal_to_branch(self) -> Refusal | None:
        """Why play may not go on from the step shown (a new line), or None.

        Between two or more human seats a new line may not start before a step
        that showed a chance outcome (``Match.last_chance_step``): the roll or the
        card would be known before choosing again. Looking back is always allowed;
        so is everything at a table of one human and bots, or with the hand-over
        off (one learner plays every seat). Where no new line may start at all
        (online), the match itself says why when a move is played.
        """
        match = self.match
        if match.cursor >= len(match) or not self._several_humans():
            return None
        chance = match.last_chance_step()
        if chance <= match.cursor:
            return None
        return Refusal(
            "TT-UNDO",
            f"step {chance} rolled the die or drew a card and its outcome has been "
            f"shown: between human seats play cannot go on from before it (step "
            f"forward to step {chance} or later to play on)",
        )

    def _several_humans(self) -> bool:
        """Whether several people share this local table: two or more human seats
        with the hand-over on (a table that may start new lines)."""
        return (
            self.handover_on
            and len(self.human_seats()) > 1
            and self.match.refusal("branch") is None
        )

    def can_act(self) -> bool:
        """Whether the viewer may choose for the seat to move (``refusal_to_act``)."""
        return self.refusal_to_act() is None

    def ensure_may_act(self) -> None:
        """Raise ``refusal_to_act``'s refusal, if there is one (every gesture that
        plays a move asks this first)."""
        refusal = self.refusal_to_act()
        if refusal is not None:
            raise refusal.error()

    def shown_actions(self) -> tuple[Explanation, ...]:
        """The legal actions on offer: all of them, or the selection's."""
        if not self.can_act():
            return ()
        sel = self.selection
        return tuple(e for e in self.legal if sel is None or sel.matches(e))

    # -- gestures -----------------------------------------------------------------
    def choose(self, action: Any) -> tuple:
        """Play an action (object or notation) for the seat to move.

        Played from an earlier step, the game goes on in a new line and the old
        future is kept as a line of its own.

        Raises:
            IllegalActionError: the viewer may not act now (``refusal_to_act``), or
                the action is not legal now (nothing changes either way).
        """
        self.ensure_may_act()
        events = self._play(action)
        with self.batch():
            self.selection = None
            self.message = ""
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()
        return events

    def _play(self, action: Any) -> tuple:
        """Play on the match; from an earlier step, on a new line, unless it is the
        very step that comes next on this line (the same action from the same
        state has the same outcome): then the table moves along the line."""
        m = self.match
        # Where no new line may start (online), the match itself says why not.
        if m.cursor < len(m) and m.refusal("branch") is None:
            ahead = m.steps[m.cursor]
            refusal = m.check(action)
            if (
                refusal is None
                and ahead.action is not None
                and (str(action).strip() == str(ahead.action))
            ):
                m.goto(m.cursor + 1)
                self._played.append(ahead)
                return ahead.events
            refusal = self.refusal_to_branch() or refusal
            if refusal is not None:
                raise refusal.error()
            self.match = m.fork()
            self.lines = [*self.lines, self.match]
        events = self.match.play(action)
        steps = self.match.steps
        if steps:  # a match that keeps its steps here (online, the server does)
            self._played.append(steps[self.match.cursor - 1])
        return events

    def click_space(self, space: str) -> tuple:
        """A click on a board space: play the action that involves it.

        When several legal actions involve the space, it becomes the selection and
        the actions on offer are just those (a card or an action then decides).
        So it does when the one action would play a card not pressed first (an
        Ambush on the player standing there, a flight): a card leaves the hand
        only after a press on it or on its button, never by a click meant for
        the board alone.
        """
        self.ensure_may_act()
        if not any(space in e.spaces for e in self.legal):
            raise IllegalActionError(
                "TT-PHASE", f"nothing can be done on {self.look.space_name(space)} now"
            )
        entry = self.click_plays(space)
        if entry is not None:
            return self.choose(entry.action)
        self.selection = Selection("space", space, self.look.space_name(space))
        return ()

    def click_plays(self, space: str) -> Explanation | None:
        """The legal action a click on ``space`` plays at once (``click_space``),
        or None when the click makes the space the selection instead."""
        entries = [e for e in self.legal if space in e.spaces]
        sel = self.selection
        chosen = sel is not None and sel.kind == "card"  # the card was pressed
        if len(entries) > 1 and chosen:
            entries = [e for e in entries if e.card == sel.value] or entries
        if (
            len(entries) == 1
            and (entries[0].card is None or (chosen and entries[0].card == sel.value))
            and not self._own_space(space)
        ):
            return entries[0]
        return None

    def _own_space(self, space: str) -> bool:
        """Whether the seat to move stands on ``space``: a click on your own piece
        shows what you can do there instead of doing it at once (a roll)."""
        seat = self.to_move
        spaces = self.look.piece_spaces(self.game.view(self.state, PUBLIC))
        return seat is not None and seat < len(spaces) and spaces[seat] == space

    def play_card(self, card: str | int) -> tuple:
        """Play a card of the hand of the seat to move, by kind or by hand index.

        A card the rules treat like others (the look's ``same_use``: any Country
        card flies) lists every choice any of them plays, each saying which card
        it spends, rather than only those that spend this very card."""
        self.ensure_may_act()
        seat = self.to_move
        if isinstance(card, int):
            hand = self.look.hand(self.game.view(self.state, seat), seat)
            if isinstance(hand, int) or not 0 <= card < len(hand):
                raise IllegalActionError(
                    "TT-NOTATION", f"there is no card {card} in the hand"
                )
            card = hand[card]
        name = self.look.face(card).name
        alike = self.look.same_use(card)
        entries = [e for e in self.legal if e.card == card or e.card in alike]
        if not entries:
            raise IllegalActionError("TT-PHASE", f"{name} cannot be played now")
        sel = self.selection
        if sel is not None and sel.kind == "space":
            here = [e for e in entries if sel.value in e.spaces]
            if len(here) == 1:  # the space was picked first: the card decides
                return self.choose(here[0].action)
            entries = here or entries
        if len(entries) == 1 and not alike:
            return self.choose(entries[0].action)
        clauses = {e.clause for e in entries}
        if alike and len(clauses) == 1:  # cards the rules treat alike: list all
            self.selection = Selection(
                "clause",
                clauses.pop(),
                f"the card {name}, or any like it: each choice says which card "
                "it spends",
            )
            return ()
        self.selection = Selection("card", card, f"the card {name}")
        return ()

    def press(self, item: Any) -> tuple:
        """An action button: play its action, or list a group of them."""
        self.ensure_may_act()
        if isinstance(item, Explanation):
            return self.choose(item.action)
        self.selection = Selection("clause", item.clause, f"{item.label}\u2026")
        return ()

    def clear_selection(self) -> None:
        self.selection = None

    def reveal(self) -> None:
        """The player the laptop was passed to shows the table through their eyes."""
        if self.curtain is None:
            return
        with self.batch():
            self.viewer, self.curtain = self.curtain, None
            self.recent = self._missed_by(self.viewer)
            self._deliver()

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

    # -- the timeline ---------------------------------------------------------------
    def step_back(self) -> int:
        return self.goto(max(0, self.step - 1))

    def step_forward(self) -> int:
        return self.goto(min(self.length, self.step + 1))

    def goto(self, step: int) -> int:
        """Show any step of the timeline (playing from there starts a new line)."""
        self.match.goto(step)
        with self.batch():
            self.selection = None
            self.recent = ()
            self.sync()
        return step

    def fork(self) -> Any:
        """Play on from here in a new line; the old line stays listed (between
        human seats, not from before a shown chance outcome: ``refusal_to_branch``)."""
        self._refuse_unless("fork")
        refusal = self.refusal_to_branch()
        if refusal is not None:
            raise refusal.error()
        self.match = self.match.fork()
        self.lines = [*self.lines, self.match]
        with self.batch():
            self.sync()
        self._save_if_asked()
        return self.match

    def use_line(self, index: int) -> Any:
        """Take up another line of the timeline (where it was left)."""
        self._refuse_unless("branch")
        if not 0 <= index < len(self.lines):
            raise IllegalActionError("TT-PHASE", f"there is no line {index + 1}")
        self.match = self.lines[index]
        with self.batch():
            self.selection = None
            self.recent = ()
            self.sync()
        self._save_if_asked()
        return self.match

    def new_game(self, seed: int | None = None) -> Match:
        """A new deal for the same seats (``seed``: the next one if omitted)."""
        self._refuse_unless("new_game")
        seed = self.match.seed + 1 if seed is None else seed
        self.match = Match(self.game, seed=seed)
        self.lines = [self.match]
        with self.batch():
            self.curtain = None
            self.selection = None
            self.recent = ()
            for seat in list(self._bots):
                self._seat(seat, self.seats[seat])
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()
        return self.match

    def play_again_same_deal(self) -> int:
        """Back to the start of this deal; the first move starts a new line.

        Between human seats, refused once a step showed a chance outcome: the same
        deal would bring the same rolls and cards (``refusal_to_branch``)."""
        self._refuse_unless("replay_deal")
        if self._several_humans():
            chance = self.match.last_chance_step()
            if chance > 0:
                raise IllegalActionError(
                    "TT-UNDO",
                    f"step {chance} rolled the die or drew a card and its outcome "
                    "has been shown: between human seats the same deal cannot be "
                    "played again (it would bring the same rolls and cards)",
                )
        return self.goto(0)

    def _refuse_unless(self, what: str) -> None:
        refusal = self.match.refusal(what)
        if refusal is not None:
            raise refusal.error()

    # -- seats --------------------------------------------------------------------
    def set_viewer(self, seat: int | None) -> None:
        """See the table through a seat's eyes (``None``: everything); ends hot seat."""
        self._refuse_unless("viewer")
        if seat is not None and not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", f"there is no seat {seat}")
        if self.curtain is not None:
            name = self.look.seat_name(self.curtain)
            raise IllegalActionError(
                "TT-TURN", f"the laptop is being passed: {name} reveals first"
            )
        with self.batch():
            self.hot_seat = False
            self.curtain = None
            self.viewer = seat

    def set_seat(self, seat: int, kind: Any) -> None:
        """Seat a human (``"human"``) or a bot (name or object) at ``seat``."""
        self._refuse_unless("seats")
        if not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", f"there is no seat {seat}")
        with self.batch():
            self._seat(seat, kind)
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()

    def seat_all(self, kinds: Any) -> None:
        """Seat each seat's kind in order (as the table is made)."""
        with self.batch():
            for seat, kind in enumerate(kinds or ()):
                self._seat(seat, kind)

    def _seat(self, seat: int, kind: Any) -> None:
        if kind == HUMAN:
            self._bots.pop(seat, None)
        else:
            self._refuse_unless("bots")
            self._bots[seat] = make_seat_bot(kind, self.game, self.match.seed, seat)
            kind = seat_label(kind)
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = tuple(seats)

    def auto_play(self, max_moves: int = MAX_AUTO_MOVES) -> int:
        """Let bot seats move until a human seat is to move or the game ends.

        Raises:
            IllegalActionError: TT-PHASE while a saved game is offered (no bot
                plays on the table under the offer).
        """
        self._refuse_unless("bots")
        offered = self.refusal_while_offered()
        if offered is not None:
            raise offered.error()
        with self.batch():
            played = self.play_bots(max_moves)
            self.selection = None
            self.sync()
        return played

    def play_bots(self, max_moves: int) -> int:
        """The bots of the seats to move play, at most ``max_moves`` moves."""
        played = 0
        while played < max_moves and self.resume_from is None:
            state = self.match.state
            seat = self.game.to_move(state)
            if seat is None or seat not in self._bots:
                break
            self._play(self._bots[seat].choose(self.game.view(state, seat)))
            played += 1
        return played

    def bots_may_move(self) -> bool:
        """Whether a bot is to move here and will not by itself (auto play is off,
        or the table shows an earlier step)."""
        seat = self.to_move
        return (
            seat is not None
            and seat in self._bots
            and not (self.auto and self.step == self.length)
            and self.refusal_to_branch() is None
        )

    @observe("auto")
    def _auto_changed(self, change: dict) -> None:
        """The seats file keeps whether bots move by themselves the moment it
        changes (a restart before the next move would otherwise bring it back)."""
        if self.autosave is not None and self.resume_from is None and len(self.match):
            self._save_seats(self.autosave)

    @observe("hot_seat")
    def _hot_seat_on(self, change: dict) -> None:
        """Hot seat turned on: look through the human seat to move at once."""
        seat = self.game.to_move(self.match.state)
        if self.curtain is not None:  # only the reveal opens a hand-over screen
            if seat is not None and seat not in self._bots:
                self.curtain = seat
            return
        if change["new"] and seat is not None and seat not in self._bots:
            self.viewer = seat

    # -- keeping the traits in step with the match -----------------------------------
    def sync(self) -> None:
        """Bring the traits in line with the match: the state, the step, the legal
        actions, the recap, whose eyes (hot seat and hand-over), and autosave."""
        m = self.match
        self.state = m.state
        self.step = m.cursor
        self.length = len(m)
        self.legal = m.explain()
        self._note_what_happened()
        seat = self.game.to_move(m.state)
        human = seat is not None and seat not in self._bots
        if self.curtain is not None and human:
            # Still passing the laptop: stepping along the timeline never opens
            # the screen; only the player who reveals does.
            self.curtain = seat
        elif self.curtain in self._bots:  # the seat passed to became a bot
            self.curtain = self._human_after(self.curtain)
        elif self.hot_seat and human:
            if seat == self.viewer:
                pass
            elif (
                self.handover_on
                and self.viewer is not None
                and len(self.human_seats()) > 1
            ):
                self.curtain = seat  # pass the laptop: nothing secret shows
            else:
                self.viewer = seat
        if self.curtain is not None and self._played_now:
            # The hand-over screen tells the player taking the laptop everything
            # since their own last decision, not only the last click.
            self.recent = self._missed_by(self.curtain)
        self._deliver()
        self._save_if_asked()

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
            who = self.look.seat_name(step.player)
            news = f"you lost {self.look.cards_words(gone)}"
            if got:  # a swap: the cards given in return
                news += f" and got {self.look.cards_words(got)}"
            self._mail.setdefault(seat, []).append(
                f"On {who}'s turn (step {step.index}) {news}."
            )

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

    # -- autosave and resume ----------------------------------------------------------
    def _save_if_asked(self) -> None:
        if self.autosave is None or self.resume_from is not None:
            return
        if len(self.match) == 0:
            return
        self.autosave.parent.mkdir(parents=True, exist_ok=True)
        self.match.save(self.autosave)
        self._save_lines(self.autosave)
        self._save_seats(self.autosave)

    def _save_seats(self, path: Path) -> None:
        """Beside the autosave, who sits at each seat: ``<name>.seats.json``
        ("human" or a bot's name) and whether bots move by themselves (``auto``),
        written again when either changes."""
        kept = (path, self.seats, self.auto)
        if kept == self._seats_saved and seats_path(path).exists():
            return
        self._seats_saved = kept
        data = {
            "format": SEATS_FORMAT,
            "version": SEATS_VERSION,
            "seats": self.seats,
            "auto": self.auto,
        }
        _write_beside(seats_path(path), data)

    def _save_lines(self, path: Path) -> None:
        """Beside the autosave (the shown line, a plain save), every line of the
        timeline in order, the shown one as ``null``: ``<name>.lines.json``. With
        one line there is no such file."""
        beside = lines_path(path)
        # Only the shown line moves as the game is played (the autosave has it):
        # the file is written again when the lines or the shown one change.
        kept = (path, tuple(id(m) for m in self.lines), id(self.match))
        if kept == self._lines_saved and beside.exists() == (len(self.lines) > 1):
            return
        self._lines_saved = kept
        others = [m for m in self.lines if m is not self.match and isinstance(m, Match)]
        if not others:
            beside.unlink(missing_ok=True)
            return
        data = {
            "format": LINES_FORMAT,
            "version": LINES_VERSION,
            "lines": [None if m is self.match else m.to_json() for m in self.lines],
        }
        _write_beside(beside, data)

    def resume_saved(self) -> Match:
        """Load the offered autosave (through the strict loader) and play on, with
        the timeline's other lines when their file beside it reads back (else the
        shown line alone, and ``message`` says why). With no offer pending (it
        was taken: the second click of a double click) nothing changes."""
        path = self.resume_from
        if path is None:
            return self.match
        match = Match.load(path)
        troubles = []
        try:
            lines = load_lines(lines_path(path), match)
        except SaveError as exc:
            lines = [match]
            troubles.append(f"Only the shown line was resumed: {exc}")
        try:
            seats, auto = load_seats(seats_path(path), self.game.players)
        except SaveError as exc:
            seats, auto = None, None
            troubles.append(f"The seats were not restored: {exc}")
        played = self.match if len(self.match) else None  # a table made mid-game
        self.resume_from = None
        with self.batch():
            self.load_match(match)
            if played is not None:  # moves made before resuming stay a line
                lines = [*lines, played]
                troubles.append(
                    "The moves played before resuming are kept as another line."
                )
            self.lines = lines
            if seats is not None:
                self.seat_all(seats)
            if auto is not None:
                self.auto = auto
            self._mail_again()
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self._hand_over_on_resume()
            self.sync()
            if isinstance(self.viewer, int) and self.curtain is None:
                self.recent = self._missed_by(self.viewer)
        self._save_if_asked()
        if troubles:
            self.message = " ".join(troubles)
        return match

    def _hand_over_on_resume(self) -> None:
        """Between human seats, a resumed game opens behind the hand-over screen
        of the human to move: whoever holds the laptop now may not be them. With a
        bot to move (waiting for a click), it opens behind the screen of the next
        human after that bot in seat order, so no hand shows while it plays."""
        seat = self.game.to_move(self.match.state)
        humans = self.human_seats()
        if not self.handover_on or len(humans) < 2 or seat is None:
            return
        self.hot_seat = True
        if seat in self._bots:
            seat = self._human_after(seat)
        self.curtain = seat
        self.recent = self._missed_by(seat)

    def _human_after(self, seat: int) -> int | None:
        """The first human seat after ``seat`` in seat order, wrapping round."""
        humans = self.human_seats()
        later = [s for s in humans if s > seat]
        return (later or list(humans) or [None])[0]

    def dismiss_resume(self) -> None:
        """Start fresh: the old autosave (and its lines) are kept beside as
        ``*.previous.json`` (``*.previous.lines.json``)."""
        path = self.resume_from
        self.resume_from = None
        if path is not None and path.exists():
            old = path.with_suffix(".previous.json")
            path.replace(old)
            for beside in (lines_path, seats_path):
                if beside(path).exists():
                    beside(path).replace(beside(old))
        with self.batch():
            self.sync()

    def load_match(self, match: Match) -> Match:
        """Play on with a loaded match (same game and players as this table)."""
        self._refuse_unless("load")
        if match.game.name != self.game.name or match.game.players != (
            self.game.players
        ):
            raise IllegalActionError(
                "TT-PHASE",
                f"that save is a {match.game.name} game for {match.game.players} "
                f"players, not this table's",
            )
        self.match = match
        self.lines = [match]
        with self.batch():
            self.curtain = None
            self.selection = None
            self.recent = ()
            self.sync()
        return match


def hand_changes(table: Any, step: Any) -> dict[int, tuple[list[str], list[str]]]:
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


def lines_path(save: Path) -> Path:
    """The file beside an autosave that keeps the timeline's lines."""
    return save.with_suffix(".lines.json")


def _write_beside(path: Path, data: dict[str, Any]) -> None:
    """Write a companion file of the autosave whole or not at all."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)


def _read_beside(path: Path, what: str, fmt: str, version: int) -> dict[str, Any]:
    """A companion file of the autosave (strict JSON, its format and version
    checked); ``SaveError`` names what is wrong."""
    try:
        data = strict_loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SaveError(f"the {what} file {path.name} cannot be read: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"{path.name} is not a tabletop {what} file")
    if data.get("version") != version:
        raise SaveError(
            f"{path.name} has {what} version {data.get('version')!r}; this tabletop "
            f"reads version {version}"
        )
    return data


def saved_summary(path: Path) -> str:
    """A few words on a saved game for the offer to resume it: its steps and when
    it was saved ("46 steps, saved 2 Dec 08:15"); what cannot be read is left out
    (Resume itself names what is wrong with the file)."""
    words = []
    try:
        data = strict_loads(path.read_text(encoding="utf-8"))
        steps = data.get("steps") if isinstance(data, dict) else None
        if isinstance(steps, list):
            words.append(f"{len(steps)} step{'s' if len(steps) != 1 else ''}")
        saved = time.localtime(path.stat().st_mtime)
        words.append(f"saved {saved.tm_mday} {time.strftime('%b %H:%M', saved)}")
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    return ", ".join(words)


def seats_path(save: Path) -> Path:
    """The file beside an autosave that keeps who sits at each seat."""
    return save.with_suffix(".seats.json")


def load_seats(path: Path, players: int) -> tuple[tuple[str, ...] | None, bool | None]:
    """The seats kept beside an autosave and whether bots moved by themselves
    (``None`` for what the file does not say: no such file, an older save).

    Raises:
        SaveError: the file is not a seats file of this table, naming why.
    """
    if not path.exists():
        return None, None
    data = _read_beside(path, "seats", SEATS_FORMAT, SEATS_VERSION)
    seats, auto = data.get("seats"), data.get("auto")
    if auto is not None and not isinstance(auto, bool):
        raise SaveError(f"{path.name}: 'auto' must be true or false, not {auto!r}")
    known = (HUMAN, *bot_names())
    if not isinstance(seats, list) or len(seats) != players:
        raise SaveError(f"{path.name} does not list {players} seats")
    for kind in seats:
        if kind not in known:
            raise SaveError(
                f"{path.name} names {kind!r}, not 'human' or a bot "
                f"({', '.join(bot_names())})"
            )
    return tuple(seats), auto


def load_lines(path: Path, shown: Match) -> list[Match]:
    """The lines kept in ``path`` (``_save_lines``), ``shown`` in its place;
    ``[shown]`` when there is no such file.

    Raises:
        SaveError: naming what is wrong (not JSON, another format or version, a
            line that does not load or is another game); nothing is half-loaded.
    """
    if not path.exists():
        return [shown]
    entries = _read_beside(path, "lines", LINES_FORMAT, LINES_VERSION).get("lines")
    if not isinstance(entries, list) or entries.count(None) != 1:
        raise SaveError(f"{path.name}: 'lines' must list the lines, one of them null")
    lines: list[Match] = []
    for number, entry in enumerate(entries, 1):
        if entry is None:
            lines.append(shown)
            continue
        try:
            line = Match.from_json(entry)
        except SaveError as exc:
            raise SaveError(f"{path.name}: line {number}: {exc}") from None
        if line.game.name != shown.game.name or line.game.players != (
            shown.game.players
        ):
            raise SaveError(f"{path.name}: line {number} is another game")
        lines.append(line)
    return lines
