"""Who sits at each seat, whose eyes the table shows, and who may act now.

A seat is a human at the table or a bot that decides from its view (bots come
from ``tabletop.bots``: ``make_bot``; a bot object with ``choose(view)`` may also
be given). ``SeatsMixin`` gives the table its seats, its viewer (whose eyes), the
hand-over between two humans at one laptop (the *curtain*) and the one question
every gesture asks first: ``refusal_to_act``. At a bot's turn, behind a hand-over
or through another seat's eyes nothing a person does plays a move, in the present
or the past; the refusal says why in words. Bots play through ``play_bots`` only.

``turn_refusal`` is the part of that question a room of online seats asks too
(``tabletop.online.room``): the game is over, or it is another seat's turn.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import IllegalActionError, Refusal
from tabletop.core.viewers import PUBLIC
from tabletop.table import words
from tabletop.table.words.refusals import no_peeking

HUMAN = "human"
MAX_AUTO_MOVES = 5000
WHO_ACTS = ("TT-TURN", "TT-OVER")
"""Clauses that refuse who may act now, not what (``refusal_to_act`` also refuses
with TT-PHASE under a resume offer; the games' TT-PHASE, "not a decision of this
kind now", refuses what was asked)."""


def bot_names() -> tuple[str, ...]:
    """The bot kinds a seat can be set to."""
    from tabletop.bots import BOT_NAMES

    return tuple(BOT_NAMES)


#: What each level plays, for its tooltip (``BOT_LEVELS`` pairs a level with it).
BOT_ALGORITHMS = {
    "heuristic": "the game's heuristic: rules of thumb, moves at once",
    "ismcts": "ismcts: information-set Monte Carlo tree search",
    "flat-mc": "flat-mc: paired flat Monte Carlo playouts around the heuristic",
}


def bot_levels() -> tuple[tuple[str, str], ...]:
    """The bots a seat is offered, ``(level, algorithm)``, weakest first
    (``tabletop.bots.BOT_LEVELS``: Easy, Medium, Hard)."""
    from tabletop.bots import BOT_LEVELS

    return tuple(BOT_LEVELS)


def seat_kind_label(kind: Any) -> str:
    """How a seat's occupant is offered and shown: a bot by its level ("Easy";
    ``search`` is ``flat-mc``, Hard), a bot of no level by its name ("random"),
    and "human"."""
    name = seat_label(kind)
    name = "flat-mc" if name == "search" else name
    return next((level for level, algo in bot_levels() if algo == name), name)


def seat_kind_of(label: str) -> str:
    """The seat kind a label stands for: a level's algorithm ("Hard" ->
    "flat-mc"), else the label itself (an algorithm's name, "human")."""
    return dict(bot_levels()).get(label, label)


def bot_levels_tooltip() -> str:
    """What each level plays, said in one tooltip."""
    return "; ".join(
        f"{level}: {BOT_ALGORITHMS.get(algo, algo)}" for level, algo in bot_levels()
    )


def make_seat_bot(kind: Any, game: Any, seed: int, seat: int) -> Any:
    """A bot for a seat: a registry name, or an object with ``choose(view)``.

    Raises:
        ValueError: an unknown kind, or a bot this game does not have.
    """
    if hasattr(kind, "choose"):
        return kind
    if not isinstance(kind, str):
        raise ValueError(f"a seat is 'human', a bot name or a bot, not {kind!r}")
    from tabletop.bots import make_bot

    return make_bot(kind, game, seed * 1000 + seat)


def seat_label(kind: Any) -> str:
    """The name shown for a seat's occupant."""
    if isinstance(kind, str):
        return kind
    return str(getattr(kind, "name", type(kind).__name__))


def turn_refusal(look: Any, mover: int | None, seat: int | None) -> Refusal | None:
    """Why ``seat`` may not decide now, when ``mover`` is the seat to move (None:
    the game is over), or None when it may."""
    if mover is None:
        return Refusal("TT-OVER", words.GAME_OVER)
    if seat is not None and seat != mover:
        return Refusal("TT-TURN", words.not_your_turn(look, mover))
    return None


class SeatsMixin:
    """Seats, bots, eyes and the hand-over of a table (``TableLogic``)."""

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
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return tuple(sorted(self._bots))

    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.game.players) if s not in self._bots)

    # -- who may act --------------------------------------------------------------
    def refusal_to_act(self) -> Refusal | None:
        """Why nobody at this table may choose for the seat to move now, or None
        when the viewer may: the one place that decides it, for every gesture."""
        offered = self.refusal_while_offered()
        if offered is not None:
            return offered
        seat = self.to_move
        if seat is None:
            return Refusal("TT-OVER", words.GAME_OVER)
        if seat in self._bots:
            return Refusal("TT-TURN", words.bot_turn(self.look, seat, self.seats[seat]))
        if self.curtain is not None:
            return Refusal("TT-TURN", words.passing(self.look, self.curtain))
        if self.viewer not in (None, seat):
            text = words.not_your_turn(self.look, seat, self.viewer)
            return Refusal("TT-TURN", text)
        return self.refusal_to_branch()

    def refusal_while_offered(self) -> Refusal | None:
        """TT-PHASE while a saved game is offered (the table under the offer deals
        from its seed: nothing may play, hint or tell chances there), else None."""
        if self.resume_from is None:
            return None
        return Refusal("TT-PHASE", words.OFFERED)

    def can_act(self) -> bool:
        """Whether the viewer may choose for the seat to move (``refusal_to_act``)."""
        return self.refusal_to_act() is None

    def ensure_may_act(self) -> None:
        """Raise ``refusal_to_act``'s refusal, if there is one (every gesture that
        plays a move asks this first, once)."""
        refusal = self.refusal_to_act()
        if refusal is not None:
            raise refusal.error()

    # -- the hand-over ------------------------------------------------------------
    def reveal(self) -> None:
        """The player the laptop was passed to shows the table through their eyes."""
        if self.curtain is None:
            return
        with self.batch():
            self.laptop_passed = True
            self.viewer, self.curtain = self.curtain, None
            self.recent = self._missed_by(self.viewer)
            self._deliver()

    def _human_after(self, seat: int) -> int | None:
        """The first human seat after ``seat`` in seat order, wrapping round."""
        humans = self.human_seats()
        later = [s for s in humans if s > seat]
        return (later or list(humans) or [None])[0]

    def _follow_mover(self) -> None:
        """Whose eyes after a change (hot seat and the hand-over): the human seat
        to move, or the hand-over screen between two humans."""
        self._eyes_off_bots()
        seat = self.game.to_move(self.match.state)
        human = seat is not None and seat not in self._bots
        if self.curtain is not None and human:
            # Still passing the laptop: stepping along the timeline never opens
            # the screen; only the player who reveals does.
            self.curtain = seat
        elif self.curtain in self._bots:  # the seat passed to became a bot
            self.curtain = self._human_after(self.curtain)
        elif self._eyes_unset(seat, human):
            # Nobody asked for everything: a bot moves first (or the table was made
            # under a resume offer); look through the next human to play, never
            # through every hand.
            self.viewer = self._human_after(seat) if seat is not None else None
        elif self.hot_seat and human and seat != self.viewer:
            if (
                self.handover_on
                and self.viewer is not None
                and len(self.human_seats()) > 1
            ):
                self.curtain = seat  # pass the laptop: nothing secret shows
            else:
                self.viewer = seat

    def _eyes_unset(self, seat: int | None, human: bool) -> bool:
        """Whether the hot seat shows everything only because no human has moved
        yet: no viewer, a bot to move, a human seated, no referee view."""
        return (
            self.hot_seat
            and self.viewer is None
            and self.curtain is None
            and not self.referee_view
            and seat is not None
            and not human
            and bool(self.human_seats())
        )

    def _on_hot_seat(self, on: bool) -> None:
        """Hot seat turned on: look through the human seat to move at once."""
        seat = self.game.to_move(self.match.state)
        if self.curtain is not None:  # only the reveal opens a hand-over screen
            if seat is not None and seat not in self._bots:
                self.curtain = seat
            return
        if on and seat is not None and seat not in self._bots:
            if self.peeking_guarded and self.viewer not in (None, seat):
                self.curtain = seat  # another player's hand: pass the laptop first
            else:
                self.viewer = seat

    # -- seats --------------------------------------------------------------------
    def set_viewer(self, seat: int | None) -> None:
        """See the table through a seat's eyes (``None``: everything); ends hot seat."""
        self._refuse_unless("viewer")
        if seat is not None and not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", words.no_seat(seat))
        if self.curtain is not None:
            raise IllegalActionError("TT-TURN", words.passing(self.look, self.curtain))
        if self.peeking_guarded and seat != self.viewer and self.viewer is not None:
            raise IllegalActionError("TT-TURN", no_peeking(self.look, seat))
        with self.batch():
            self.hot_seat = False
            self.curtain = None
            self.viewer = seat

    # -- the referee view -----------------------------------------------------------
    @property
    def peeking_guarded(self) -> bool:
        """Whether another seat's hand (or everything) is refused to ``set_viewer``:
        between two or more human seats with the hand-over on, once the laptop
        has been passed (a player revealed: the game is on between them; before,
        whoever holds the laptop sets the table up), until the referee view is
        unlocked. A table of one human and bots, or with the hand-over off (a
        lesson), stays free."""
        return (
            self.handover_on
            and self.laptop_passed
            and len(self.human_seats()) > 1
            and not self.referee_view
        )

    def unlock_referee_view(self) -> None:
        """Show everything, deliberately: the status line then says so to every
        player for as long as the referee view is on, and ``set_viewer`` may show
        any seat's eyes; ends hot seat."""
        self._refuse_unless("viewer")
        with self.batch():
            self.referee_view = True
            self.hot_seat = False
            self.curtain = None
            self.viewer = None

    def lock_referee_view(self) -> None:
        """End the referee view. Between two or more human seats with the hand-over
        on, the laptop is passed to the human seat to move (the first human seat
        when a bot is to move or the game is over): nothing secret shows until
        that player reveals, and hot seat is on again. Otherwise the table looks
        through the human seat to move (or the next human to play) again."""
        if not self.referee_view:
            return
        with self.batch():
            self.referee_view = False
            humans = self.human_seats()
            seat = self.to_move
            if self.handover_on and len(humans) > 1:
                self.curtain = seat if seat in humans else humans[0]
                self.hot_seat = True
            elif humans:  # back to a human seat's eyes, not every hand
                after = humans[0] if seat is None else self._human_after(seat)
                self.viewer = seat if seat in humans else after
                self.hot_seat = True

    def set_seat(self, seat: int, kind: Any) -> None:
        """Seat a human (``"human"``) or a bot (name or object) at ``seat``."""
        self._refuse_unless("seats")
        if not 0 <= seat < self.game.players:
            raise IllegalActionError("TT-TURN", words.no_seat(seat))
        with self.batch():
            self._seat(seat, kind)
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()

    def _eyes_off_bots(self) -> None:
        """A hot seat looking through a seat that became a bot (a seat changed, a
        game resumed with its own seats) looks through the next human instead
        (behind the hand-over screen between several humans once the laptop has
        been passed): a bot's hand is nobody's to see."""
        humans, seat = self.human_seats(), self.viewer
        if seat is None or seat in humans or not self.hot_seat or not humans:
            return
        after = self._human_after(seat)
        if self.handover_on and self.laptop_passed and len(humans) > 1:
            self.curtain = after
        else:
            self.viewer = after

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
            kind = seat_kind_of(kind) if isinstance(kind, str) else kind
            self._bots[seat] = make_seat_bot(kind, self.game, self.match.seed, seat)
            kind = seat_label(kind)
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = tuple(seats)

    # -- bots -----------------------------------------------------------------------
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
            if self.refusal_to_branch() is not None:
                break  # an earlier step, where no new line may start: bots wait
            state = self.match.state
            seat = self.game.to_move(state)
            if seat is None or seat not in self._bots:
                break
            self._play(self._bots[seat].choose(self.game.view(state, seat)))
            played += 1
        return played

    def _bots_catch_up(self) -> None:
        """With bots moving by themselves, a bot to move at the line's end moves
        now (bots just turned on, or the timeline walked to a line's end where a
        bot is to move: nothing else would wake them)."""
        if not self.auto or self.state is None or self.resume_from is not None:
            return
        if self.match.cursor != len(self.match) or self.to_move not in self._bots:
            return
        with self.batch():
            self.play_bots(MAX_AUTO_MOVES)
            self.sync()

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
