"""A room: one match, its seats (human or bot), its tokens and who is connected.

The room is the only place the full state lives. Its frames are answered by
the page's one answerer (``tabletop.page.answerer.Answerer``, which the static
site's worker uses too): everything sent is built per viewer from that viewer's
view; the seed and the generator never leave the room. A browser page's
pictures and words are made only for the connections that asked for them in
their ``hello``, once per viewer and step. The room adds what only a server
has: tokens, connections and presence, undo votes, storage, and bots that think
off the event loop. Actions come in one at a time on the server's event loop,
each carrying the step its sender saw, so of two actions sent at once exactly one
applies and the other is refused as stale or out of turn.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import Match, Refusal
from tabletop.core.match import state_digest
from tabletop.online.store import RoomRecord, Store
from tabletop.page import protocol as P
from tabletop.page.answerer import REFEREE, SPECTATOR, Answerer, Eyes

LOG = logging.getLogger(__name__)
HUMAN = "human"
__all__ = ["HUMAN", "REFEREE", "SPECTATOR", "Connection", "Room", "new_tokens"]

#: What a room needs of a connected client: where its frames go and what it
#: has had (``tabletop.page.answerer.Eyes``).
Connection = Eyes


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_tokens(players: int) -> tuple[dict[str, str], dict[str, str]]:
    """Fresh secret tokens per role (``"0"``.. seats, spectator, referee): the
    tokens themselves (handed out once) and their hashes (stored)."""
    roles = [str(seat) for seat in range(players)] + [SPECTATOR, REFEREE]
    tokens = {role: secrets.token_urlsafe(18) for role in roles}
    return tokens, {role: token_hash(t) for role, t in tokens.items()}


@dataclass
class UndoRequest:
    """An undo asked by ``by``: back to step ``to``, once ``waiting`` all accept."""

    by: int
    to: int
    waiting: set[int] = field(default_factory=set)


def chance_refusal(step: int) -> str:
    """Why an undo back past ``step``, which showed a chance outcome, is refused."""
    return (
        f"step {step} rolled the die or drew a card and its outcome has been "
        "shown: undo cannot go back past a roll or a draw"
    )


def _think_here(decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
    try:
        result = decide()
    except Exception as exc:  # noqa: BLE001 - handed to done()
        result = exc
    done(result)


def _seat_of(conn: Connection) -> int:
    """The seat a connection sits at; a watcher may not vote on an undo."""
    if conn.role != "seat" or conn.seat is None:
        raise P.ProtocolError("not_a_seat", f"a {conn.role} cannot act")
    return conn.seat


class Room:
    """A live room on the server, rebuilt from the store on start."""

    def __init__(
        self,
        record: RoomRecord,
        match: Match,
        store: Store,
        schedule: Callable[[float, Callable[[], None]], Any],
        bot_delay: float = 0.5,
        think: Callable[[Callable[[], Any], Callable[[Any], None]], None] | None = None,
    ) -> None:
        from tabletop.bots import make_bot

        self.record = record
        self.id = record.id
        self.match = match
        self.game = match.game
        self.store = store
        self.schedule = schedule
        self.bot_delay = bot_delay
        # think(decide, done): run decide() somewhere, then done(result or error)
        # on the event loop; in place by default.
        self.think = think or _think_here
        self.seats = record.seats
        self.bots = {
            seat: make_bot(kind, self.game, record.seed * 1000 + seat)
            for seat, kind in enumerate(record.seats)
            if kind != HUMAN
        }
        self.connections: list[Connection] = []
        self.undo: UndoRequest | None = None
        self._bot_pending = False
        self._answerer: Answerer | None = None  # made when the first frame is

    # -- who is who -----------------------------------------------------------------
    def role_for(self, token: str) -> str | None:
        """The role a token opens (``"0"``.., spectator, referee), or ``None``.

        Every role's hash is compared, in constant time, whatever matches.
        """
        digest = token_hash(token)
        found = None
        for role, stored in self.record.tokens.items():
            if hmac.compare_digest(digest, stored):
                found = role
        return found

    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def seats_payload(self) -> list[dict[str, Any]]:
        here = {c.seat for c in self.connections if c.role == "seat"}
        return [
            {"seat": seat, "kind": kind, "connected": kind != HUMAN or seat in here}
            for seat, kind in enumerate(self.seats)
        ]

    @property
    def answerer(self) -> Answerer:
        """The page's answerer for this room, made once (it words the log and
        draws a page's pictures: the game's look loads with it)."""
        if self._answerer is None:
            from tabletop.draw import look_for

            look = look_for(self.game)
            self._answerer = Answerer(self, look, self.id, self.record.rules_version)
        return self._answerer

    @property
    def look(self) -> Any:
        return self.answerer.look

    def thinking(self) -> int | None:
        """The seat whose bot moves next, while the room waits for it."""
        state = self.match.state
        seat = self.game.to_move(state)
        if seat in self.bots and self.undo is None and self.game.outcome(state) is None:
            return seat
        return None

    def may_undo(self, seat: int) -> bool | None:
        return self.undo_refusal(seat) is None

    # -- frames -----------------------------------------------------------------------
    def answer(self, conn: Connection, frame: dict[str, Any]) -> None:
        """Answer a frame after the ``hello`` (``Answerer.answer``), with the
        frames only a server has: undo votes and the referee's export."""
        self.answerer.answer(conn, frame, self._extra)

    @property
    def _extra(self) -> dict[str, Any]:
        return {
            "undo_request": lambda c, f: self.request_undo(_seat_of(c)),
            "undo_answer": lambda c, f: self.answer_undo(_seat_of(c), f["accept"]),
            "export": lambda c, f: self.export(c),
        }

    def export(self, conn: Connection) -> dict[str, Any]:
        """The finished match for the referee (``Match.to_json``)."""
        if conn.role != REFEREE:
            raise P.ProtocolError("not_referee", "only the referee may export")
        if not self.match.over:
            raise P.ProtocolError("not_over", "the game can be exported once over")
        return {"t": "export", "match": self.match.to_json()}

    def welcome(self, conn: Connection) -> dict[str, Any]:
        return self.answerer.welcome(conn)

    def view_frame(
        self, conn: Connection, reset: bool = False, pages: dict | None = None
    ) -> dict[str, Any]:
        return self.answerer.view(conn, reset, pages)

    def broadcast_views(self, reset: bool = False) -> None:
        pages: dict = {}
        for conn in list(self.connections):
            conn.send(self.view_frame(conn, reset, pages))

    def broadcast(self, frame: dict[str, Any]) -> None:
        for conn in list(self.connections):
            conn.send(frame)

    # -- joining and leaving ----------------------------------------------------------
    def join(self, conn: Connection) -> None:
        self.connections.append(conn)
        conn.send(self.welcome(conn))
        conn.send(self.view_frame(conn, reset=True))
        self.broadcast({"t": "presence", "seats": self.seats_payload()})
        if self.undo is not None:
            conn.send(self.undo_frame("requested"))

    def leave(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)
            self.broadcast({"t": "presence", "seats": self.seats_payload()})

    # -- acting -----------------------------------------------------------------------
    def play(self, seat: int, notation: str, at: int) -> Refusal | None:
        """Apply ``seat``'s action if it is that seat's turn at step ``at``
        (``Answerer.play``): the refusal, or None once it is stored and every
        connection has its new view."""
        return self.answerer.play(seat, notation, at)

    def apply(self, seat: int, action: Any) -> None:
        """Play an action the answerer checked (the match checks legality as it
        plays), store it and send every connection its view."""
        self.match.play(action)
        self._stored(action)

    def _stored(self, action: Any) -> None:
        """Store the action just played and send every connection its view."""
        index = len(self.match)
        digest = state_digest(self.game, self.match.state)
        self.store.add_action(self.id, index, str(action), digest)
        if self.undo is not None:
            self.undo = None
            self.broadcast(self.undo_frame("cancelled"))
        self.broadcast_views()
        self.kick_bots()

    def kick_bots(self) -> None:
        """Schedule the next bot move if a bot is to move."""
        if self._bot_pending or self.undo is not None:
            return
        seat = self.game.to_move(self.match.state)
        if seat in self.bots and self.game.outcome(self.match.state) is None:
            self._bot_pending = True
            self.schedule(self.bot_delay, self._bot_move)

    def _bot_move(self) -> None:
        """Let the bot to move decide, off the event loop (a search bot may think
        for a while), then apply its choice if the game has not moved since."""
        state = self.match.state
        seat = self.game.to_move(state)
        if seat not in self.bots or self.game.outcome(state) is not None:
            self._bot_pending = False
            return
        view, at = self.game.view(state, seat), len(self.match)
        self.think(
            lambda: self.bots[seat].choose(view), lambda r: self._bot_chose(at, r)
        )

    def _bot_chose(self, at: int, result: Any) -> None:
        self._bot_pending = False
        if at != len(self.match) or self.undo is not None:
            self.kick_bots()  # the game moved on (an undo): decide again
            return
        try:
            if isinstance(result, BaseException):
                raise result
            self.match.play(result)  # legality checked once, as the match plays
        except Exception as exc:  # noqa: BLE001 - logged, and the room plays on
            # A bot that fails must not stall the room: it plays its first legal
            # action instead, and the failure is logged.
            LOG.error("bot in room %s failed (%r); playing on", self.id, exc)
            result = self.game.legal_actions(self.match.state)[0]
            self.match.play(result)
        self._stored(result)

    # -- undo as a request the other humans accept ------------------------------------
    def undo_frame(self, status: str) -> dict[str, Any]:
        frame: dict[str, Any] = {"t": "undo", "status": status}
        if self.undo is not None:
            frame.update(
                by=self.undo.by, to=self.undo.to, waiting=sorted(self.undo.waiting)
            )
        return frame

    def undo_refusal(self, seat: int) -> Refusal | None:
        """Why ``seat`` may not ask for an undo now (None: it may). The view frame
        carries the answer (``may_undo``), so a page offers the button only when
        the request would be taken."""
        if self.undo is not None:
            return Refusal("TT-UNDO", "an undo is already waiting for answers")
        if self.game.outcome(self.match.state) is not None:
            return Refusal(
                "TT-OVER", "the game is over: a finished game cannot be taken back"
            )
        mine = [s.index for s in self.match.steps if s.player == seat]
        if not mine:
            return Refusal("TT-UNDO", "you have no action to take back")
        chance = self.match.last_chance_step()
        if chance > mine[-1] - 1:
            return Refusal("TT-UNDO", chance_refusal(chance))
        return None

    def request_undo(self, seat: int) -> Refusal | None:
        """Ask to take back ``seat``'s last action (and the bot moves after it).

        Refused, whoever sits at the table, when the game is over (a finished room
        is read-only) or when a step it would take back showed a chance outcome (a
        die rolled, a card drawn): undo never goes back past one, so no seat learns
        a roll or a card before choosing again.
        """
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            return refusal
        to = [s.index for s in self.match.steps if s.player == seat][-1] - 1
        others = {s for s in self.humans() if s != seat}
        self.undo = UndoRequest(seat, to, others)
        self.broadcast(self.undo_frame("requested"))
        if not others:
            self._undo_now()
        return None

    def answer_undo(self, seat: int, accept: bool) -> Refusal | None:
        if self.undo is None or seat not in self.undo.waiting:
            return Refusal("TT-UNDO", "no undo is waiting for your answer")
        if not accept:
            self.broadcast(self.undo_frame("declined"))
            self.undo = None
            self.kick_bots()
            return None
        self.undo.waiting.discard(seat)
        if self.undo.waiting:
            self.broadcast(self.undo_frame("requested"))
        else:
            self._undo_now()
        return None

    def _undo_now(self) -> None:
        to = self.undo.to
        self.store.truncate(self.id, to)
        self.match.goto(to)
        self.match = self.match.fork()
        self.broadcast(self.undo_frame("accepted"))
        self.undo = None
        self.broadcast_views(reset=True)
        self.kick_bots()
