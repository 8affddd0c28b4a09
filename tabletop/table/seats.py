"""Who sits at each seat, whose eyes the table shows, and who may act now.

A seat is a human at the table or a bot that decides from its view (bots come
from ``tabletop.bots``: ``make_bot``; a bot object with ``choose(view)`` may also
be given). ``Seating``, a part of the table's logic, seats them, keeps the
table's viewer (whose eyes), the hand-over between two humans at one laptop (the
*curtain*) and the one question every gesture asks first: ``refusal_to_act``.
At a bot's turn, behind a hand-over or through another seat's eyes nothing a
person does plays a move, in the present or the past; the refusal says why in
words. Bots play through ``Timeline.play_bots`` only.

``turn_refusal`` is the part of that question a room of online seats asks too
(``tabletop.online.room``): the game is over, or it is another seat's turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Game, IllegalActionError, MatchLike, Refusal
from tabletop.core.viewers import PUBLIC
from tabletop.table import words
from tabletop.table.changes import Changes
from tabletop.table.news import News
from tabletop.table.opaque import Bot, Eyes
from tabletop.table.words.refusals import no_peeking

if TYPE_CHECKING:
    from tabletop.draw.look import Look
    from tabletop.table.logic import TableLogic

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


def make_seat_bot(kind: Any, game: Game, seed: int | None, seat: int) -> Bot:
    """A bot for a seat: a registry name, or an object with ``choose(view)``.

    Raises:
        ValueError: an unknown kind, or a bot this game does not have.
    """
    if hasattr(kind, "choose"):
        return kind
    if not isinstance(kind, str):
        raise ValueError(f"a seat is 'human', a bot name or a bot, not {kind!r}")
    from tabletop.bots import make_bot

    return make_bot(kind, game, (seed or 0) * 1000 + seat)


def seat_label(kind: Any) -> str:
    """The name shown for a seat's occupant."""
    if isinstance(kind, str):
        return kind
    return str(getattr(kind, "name", type(kind).__name__))


def turn_refusal(
    look: Look, mover: int | None, seat: int | None, *, eyes: bool = False
) -> Refusal | None:
    """Why ``seat`` may not decide now, when ``mover`` is the seat to move (None:
    the game is over), or None when it may (``seat`` None: whoever is to move).
    ``eyes``: ``seat`` is the eyes a shared table shows, and the words say so."""
    if mover is None:
        return Refusal("TT-OVER", words.GAME_OVER)
    if seat is not None and seat != mover:
        text = words.not_your_turn(look, mover, seat if eyes else None)
        return Refusal("TT-TURN", text)
    return None


def ensure_match_may(match: MatchLike, what: str) -> None:
    """Raise the match's refusal of ``what`` (one of
    ``tabletop.core.matchlike.CAPABILITIES``: online, a seat may not fork, seat
    bots...), if it refuses."""
    refusal = match.refusal(what)
    if refusal is not None:
        raise refusal.error()


class Seating:
    """Seats, bots, eyes, the hand-over and who may act, of a table.

    Args:
        table: the table whose ``seats``, ``viewer``, ``curtain``, ``hot_seat``
            and ``referee_view`` this part writes.
        changes: its batches of changes (one notice per gesture).
        news: its recap and letters (a player taking the laptop is told what
            they missed).
    """

    def __init__(self, table: TableLogic, changes: Changes, news: News) -> None:
        self.table = table
        self.changes = changes
        self.news = news
        #: Seat -> the bot playing it.
        self.bots: dict[int, Bot] = {}
        #: A player revealed after a hand-over: the game is on between humans.
        self.laptop_passed = False

    # -- derived values -----------------------------------------------------------
    @property
    def eyes(self) -> Eyes:
        """Whose eyes the views use: the viewer, or the public behind a hand-over
        and while a saved game is offered (the table under the offer deals from
        the same seed, so a hand shown there could be the saved game's)."""
        table = self.table
        if table.curtain is not None or table.resume_from is not None:
            return PUBLIC
        return table.viewer

    @property
    def kept_eyes(self) -> Eyes:
        """Whose eyes a picture kept in the notebook file uses: the public's
        between two or more human seats with the hand-over on (the file outlives
        the moment: reopened or reloaded later, by whoever holds the laptop then,
        it must show no one's hand), else the table's eyes."""
        if self.table.handover_on and len(self.human_seats()) > 1:
            return PUBLIC
        return self.eyes

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot plays."""
        return tuple(sorted(self.bots))

    def human_seats(self) -> tuple[int, ...]:
        """The seats no bot plays."""
        return tuple(s for s in range(self.table.game.players) if s not in self.bots)

    # -- who may act --------------------------------------------------------------
    def refusal_to_act(self) -> Refusal | None:
        """Why nobody at this table may choose for the seat to move now, or None
        when the viewer may: the one place that decides it, for every gesture.
        Under a resume offer nothing may act; at a bot's turn or behind the
        hand-over nobody; then ``turn_refusal`` for the viewer (the game is
        over, or another seat's turn); then ``refusal_to_branch``."""
        return self._refusal(turn=True)

    def refusal_besides_turn(self) -> Refusal | None:
        """``refusal_to_act`` without the turn (the bot's and the viewer's): for
        a transport that has asked ``turn_refusal`` for its page's seat itself
        (``tabletop.page.answerer.Answerer.play``), what is the table's own: a
        resume offer, the hand-over, a new line where none may start."""
        return self._refusal(turn=False)

    def _refusal(self, *, turn: bool) -> Refusal | None:
        table = self.table
        offered = table.refusal_while_offered()
        if offered is not None:
            return offered
        mover = table.to_move
        if turn and mover is not None and mover in self.bots:
            return Refusal(
                "TT-TURN", words.bot_turn(table.look, mover, table.seats[mover])
            )
        if mover is not None and table.curtain is not None:
            return Refusal("TT-TURN", words.passing(table.look, table.curtain))
        if turn:
            refusal = turn_refusal(table.look, mover, table.viewer, eyes=True)
            if refusal is not None:
                return refusal
        return self.refusal_to_branch()

    def can_act(self) -> bool:
        """Whether the viewer may choose for the seat to move (``refusal_to_act``)."""
        return self.refusal_to_act() is None

    def ensure_may_act(self) -> None:
        """Raise ``refusal_to_act``'s refusal, if there is one (every gesture that
        plays a move asks this first, once)."""
        refusal = self.refusal_to_act()
        if refusal is not None:
            raise refusal.error()

    def refusal_to_branch(self) -> Refusal | None:
        """Why play may not go on from the step shown (a new line), or None.

        Between two or more human seats a new line may not start before a step
        that showed a chance outcome (``Match.last_chance_step``): the roll or the
        card would be known before choosing again. A table of one human and bots
        stays a free laboratory, as does a table with the hand-over off (a
        lesson: one learner plays every seat).
        """
        match = self.table.match
        if match.cursor >= len(match) or not self.several_humans():
            return None
        chance = match.last_chance_step()
        if chance <= match.cursor:
            return None
        return Refusal("TT-UNDO", words.chance_shown(chance))

    def several_humans(self) -> bool:
        """Whether several people share this local table: two or more human seats
        with the hand-over on (a table that may start new lines)."""
        return (
            self.table.handover_on
            and len(self.human_seats()) > 1
            and self.table.match.refusal("branch") is None
        )

    # -- the hand-over ------------------------------------------------------------
    def reveal(self) -> None:
        """The player the laptop was passed to shows the table through their eyes,
        and reads what they missed."""
        table = self.table
        if table.curtain is None:
            return
        with self.changes.batch():
            self.laptop_passed = True
            seat = table.curtain
            table.viewer, table.curtain = seat, None
            table.recent = self.news.missed_by(seat)
            self.news.deliver(self.eyes)

    def human_after(self, seat: int) -> int | None:
        """The first human seat after ``seat`` in seat order, wrapping round."""
        humans = self.human_seats()
        later = [s for s in humans if s > seat]
        if later or humans:
            return (later or list(humans))[0]
        return None

    def follow_mover(self) -> None:
        """Whose eyes after a change (hot seat and the hand-over): the human seat
        to move, or the hand-over screen between two humans."""
        self.eyes_off_bots()
        table = self.table
        seat = table.game.to_move(table.match.state)
        human = seat is not None and seat not in self.bots
        if table.curtain is not None and human:
            # Still passing the laptop: stepping along the timeline never opens
            # the screen; only the player who reveals does.
            table.curtain = seat
        elif table.curtain in self.bots:  # the seat passed to became a bot
            table.curtain = self.human_after(table.curtain)
        elif self.eyes_unset(seat, human):
            # Nobody asked for everything: a bot moves first (or the table was made
            # under a resume offer); look through the next human to play, never
            # through every hand.
            table.viewer = self.human_after(seat) if seat is not None else None
        elif table.hot_seat and human and seat != table.viewer:
            if (
                table.handover_on
                and table.viewer is not None
                and len(self.human_seats()) > 1
            ):
                table.curtain = seat  # pass the laptop: nothing secret shows
            else:
                table.viewer = seat

    def eyes_unset(self, seat: int | None, human: bool) -> bool:
        """Whether the hot seat shows everything only because no human has moved
        yet: no viewer, a bot to move, a human seated, no referee view."""
        table = self.table
        return (
            table.hot_seat
            and table.viewer is None
            and table.curtain is None
            and not table.referee_view
            and seat is not None
            and not human
            and bool(self.human_seats())
        )

    def on_hot_seat(self, on: bool) -> None:
        """Hot seat turned on (or off): look through the human seat to move at
        once."""
        table = self.table
        seat = table.game.to_move(table.match.state)
        if table.curtain is not None:  # only the reveal opens a hand-over screen
            if seat is not None and seat not in self.bots:
                table.curtain = seat
            return
        if on and seat is not None and seat not in self.bots:
            if self.peeking_guarded and table.viewer not in (None, seat):
                table.curtain = seat  # another player's hand: pass the laptop first
            else:
                table.viewer = seat

    def eyes_off_bots(self) -> None:
        """A hot seat looking through a seat that became a bot (a seat changed, a
        game resumed with its own seats) looks through the next human instead
        (behind the hand-over screen between several humans once the laptop has
        been passed): a bot's hand is nobody's to see."""
        table = self.table
        humans, seat = self.human_seats(), table.viewer
        if seat is None or seat in humans or not table.hot_seat or not humans:
            return
        after = self.human_after(seat)
        if table.handover_on and self.laptop_passed and len(humans) > 1:
            table.curtain = after
        else:
            table.viewer = after

    # -- whose eyes -----------------------------------------------------------------
    def set_viewer(self, seat: int | None) -> None:
        """See the table through a seat's eyes (``None``: everything); ends hot seat."""
        table = self.table
        ensure_match_may(table.match, "viewer")
        if seat is not None and not 0 <= seat < table.game.players:
            raise IllegalActionError("TT-TURN", words.no_seat(seat))
        if table.curtain is not None:
            raise IllegalActionError(
                "TT-TURN", words.passing(table.look, table.curtain)
            )
        if self.peeking_guarded and seat != table.viewer and table.viewer is not None:
            raise IllegalActionError("TT-TURN", no_peeking(table.look, seat))
        with self.changes.batch():
            table.hot_seat = False
            table.curtain = None
            table.viewer = seat

    @property
    def peeking_guarded(self) -> bool:
        """Whether another seat's hand (or everything) is refused to ``set_viewer``:
        between two or more human seats with the hand-over on, once the laptop
        has been passed (a player revealed: the game is on between them; before,
        whoever holds the laptop sets the table up), until the referee view is
        unlocked. A table of one human and bots, or with the hand-over off (a
        lesson), stays free."""
        return (
            self.table.handover_on
            and self.laptop_passed
            and len(self.human_seats()) > 1
            and not self.table.referee_view
        )

    def unlock_referee_view(self) -> None:
        """Show everything, deliberately: the status line then says so to every
        player for as long as the referee view is on, and ``set_viewer`` may show
        any seat's eyes; ends hot seat."""
        table = self.table
        ensure_match_may(table.match, "viewer")
        with self.changes.batch():
            table.referee_view = True
            table.hot_seat = False
            table.curtain = None
            table.viewer = None

    def lock_referee_view(self) -> None:
        """End the referee view. Between two or more human seats with the hand-over
        on, the laptop is passed to the human seat to move (the first human seat
        when a bot is to move or the game is over): nothing secret shows until
        that player reveals, and hot seat is on again. Otherwise the table looks
        through the human seat to move (or the next human to play) again."""
        table = self.table
        if not table.referee_view:
            return
        with self.changes.batch():
            table.referee_view = False
            humans = self.human_seats()
            seat = table.to_move
            if table.handover_on and len(humans) > 1:
                table.curtain = seat if seat in humans else humans[0]
                table.hot_seat = True
            elif humans:  # back to a human seat's eyes, not every hand
                after = humans[0] if seat is None else self.human_after(seat)
                table.viewer = seat if seat in humans else after
                table.hot_seat = True

    # -- seats --------------------------------------------------------------------
    def check_seat(self, seat: int) -> None:
        """Raise unless the match lets seats change and ``seat`` is one."""
        ensure_match_may(self.table.match, "seats")
        if not 0 <= seat < self.table.game.players:
            raise IllegalActionError("TT-TURN", words.no_seat(seat))

    def seat_all(self, kinds: Any) -> None:
        """Seat each seat's kind in order (as the table is made)."""
        with self.changes.batch():
            for seat, kind in enumerate(kinds or ()):
                self.seat(seat, kind)

    def seat(self, seat: int, kind: Any) -> None:
        """Seat a human (``"human"``) or a bot (a name, a level or an object with
        ``choose(view)``) at ``seat``: a bot made anew for the match's seed."""
        table = self.table
        if kind == HUMAN:
            self.bots.pop(seat, None)
        else:
            ensure_match_may(table.match, "bots")
            kind = seat_kind_of(kind) if isinstance(kind, str) else kind
            self.bots[seat] = make_seat_bot(kind, table.game, table.match.seed, seat)
            kind = seat_label(kind)
        seats = list(table.seats)
        seats[seat] = kind
        table.seats = tuple(seats)
