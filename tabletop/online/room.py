"""A room: one match, its seats (human or bot), its tokens and who is connected.

The room is the only place the full state lives. Everything it sends is built per
viewer from that viewer's view (``protocol.state_payload``); the seed and the
generator never leave it. A browser page's pictures and words
(``tabletop.table.frame``) are made only for the connections that asked for them
in their ``hello``, once per viewer and step. Actions come in one at a time on the
server's event loop, each carrying the step its sender saw, so of two actions sent
at once exactly one applies and the other is refused as stale or out of turn.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.core import IllegalActionError, Match, Refusal
from tabletop.core.match import state_digest
from tabletop.online.store import RoomRecord, Store
from tabletop.page import protocol as P
from tabletop.table import frame as frames
from tabletop.table.seats import turn_refusal

LOG = logging.getLogger(__name__)
HUMAN = "human"
SPECTATOR, REFEREE = "spectator", "referee"


class Connection(Protocol):
    """What a room needs of a connected client."""

    role: str  # "seat", "spectator" or "referee"
    seat: int | None
    logged: int  # the last step whose log lines it has received
    render: str  # "svg" for a browser page (its pictures and words), else ""

    def send(self, frame: dict[str, Any]) -> None: ...


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
        self._look: Any = None  # made when the first view frame is worded
        self._board: dict[str, Any] | None = None
        self._layers = frames.LayerMemo()
        self._lines: frames.LineMemo | None = None

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

    @staticmethod
    def viewer(conn: Connection) -> Any:
        if conn.role == "seat":
            return conn.seat
        return P.PUBLIC if conn.role == SPECTATOR else None

    @staticmethod
    def renders(conn: Connection) -> bool:
        """Whether ``conn`` asked for the browser page's pictures and words."""
        return getattr(conn, "render", "") == "svg"

    @property
    def look(self) -> Any:
        """The game's look, made once (the log's words; a page's pictures)."""
        if self._look is None:
            from tabletop.draw import look_for

            self._look = look_for(self.game)
        return self._look

    @property
    def lines(self) -> frames.LineMemo:
        """Events in the game's words as each viewer reads them, worded once (the
        log lines of every connection, the pages' recaps)."""
        if self._lines is None:
            self._lines = frames.LineMemo(self.look)
        return self._lines

    # -- frames -----------------------------------------------------------------------
    def welcome(self, conn: Connection) -> dict[str, Any]:
        frame = self._welcome(conn)
        if self.renders(conn):
            if self._board is None:
                self._board = frames.board_payload(self.look)
            frame["page"] = self._board
        return frame

    def _welcome(self, conn: Connection) -> dict[str, Any]:
        return {
            "t": "welcome",
            "protocol": P.PROTOCOL_VERSION,
            "room": self.id,
            "role": conn.role,
            "seat": conn.seat,
            "game": self.game.name,
            "options": {"players": self.game.players, **dict(self.game.options)},
            "rules_version": self.record.rules_version,
            "seats": self.seats_payload(),
        }

    def view_frame(
        self, conn: Connection, reset: bool = False, pages: dict | None = None
    ) -> dict[str, Any]:
        """The current view for a connection, with the log lines it has not had
        (and, for a browser page, its pictures and words: ``page_part``; ``pages``
        keeps those made for one step, by viewer, so each is made once)."""
        viewer = self.viewer(conn)
        state = self.match.state
        view = P.view_of(self.game, state, viewer)
        since = 0 if reset else conn.logged
        lines = []
        # The log in the table's words, so an online seat reads every card the
        # notebook table would name (or count) for it; each event is worded once
        # per viewer (the room's memo, which the pages' recaps share).
        line = self.lines
        if since == 0:
            lines = P.log_lines(0, self.match.setup_events, viewer, line)
        for step in self.match.steps[since:]:
            lines += P.log_lines(step.index, step.events, viewer, line)
        conn.logged = len(self.match)
        to_move = self.game.to_move(view)
        outcome = self.game.outcome(state)
        frame = {
            "t": "view",
            "step": len(self.match),
            "state": P.scrub(self.game.state_to_json(view)),
            "to_move": to_move,
            "log": lines,
            "reset": reset or since == 0,
            "legal": [],
            "outcome": None
            if outcome is None
            else {
                "winner": outcome.winner,
                "clause": outcome.clause,
                "reason": outcome.reason,
            },
        }
        legal = ()
        if conn.role == "seat" and to_move == conn.seat:
            legal = self.match.explain()
            frame["legal"] = P.legal_payload(legal)
        if self.renders(conn):
            pages = {} if pages is None else pages
            key = (conn.role, conn.seat)
            if key not in pages:
                pages[key] = self.page_part(conn, legal)
            frame["page"] = pages[key]
        if conn.role == "seat" and conn.seat is not None:
            frame["may_undo"] = self.undo_refusal(conn.seat) is None
        return frame

    def page_part(self, conn: Connection, legal: tuple) -> dict[str, Any]:
        """A browser page's pictures and words for the current step, built from
        the connection's own view (``tabletop.online.frames.view_payload``)."""
        from tabletop.draw.pictures import moment

        viewer, line = self.viewer(conn), self.lines
        seen = moment(self.match, len(self.match), viewer, self.look, line)
        recent = frames.recap_steps(self.match.steps, conn.seat)
        own = frames.own_last_step(self.match.steps, conn.seat)
        return frames.view_payload(
            self.look, seen, viewer, legal, recent, self._layers, line, own=own
        )

    def view_at(self, conn: Connection, step: int) -> dict[str, Any]:
        """A past step of the timeline, as this connection's viewer saw it."""
        if not 0 <= step <= len(self.match):
            raise P.ProtocolError(
                "bad_step", f"step {step} is outside 0..{len(self.match)}"
            )
        state = self.match.state_at(step)
        return {
            "t": "view_at",
            "step": step,
            "state": P.state_payload(self.game, state, self.viewer(conn)),
        }

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
        """Apply ``seat``'s action if it is that seat's turn at step ``at``.

        Who may act is the local table's question (``turn_refusal``), asked once;
        legality is asked once, by the match as it plays.

        Returns the refusal (nothing changes) or ``None`` once the action is stored
        and every connection has its new view.
        """
        if at != len(self.match):
            return Refusal(
                "TT-STALE",
                f"the game has moved on to step {len(self.match)} (you acted on "
                f"step {at})",
            )
        state = self.match.state
        refusal = turn_refusal(self.look, self.game.to_move(state), seat)
        if refusal is not None:
            return refusal
        try:
            action = self.game.parse_action(notation)
            self.match.play(action)
        except IllegalActionError as exc:
            return P.seat_refusal(self.game, state, seat, notation, exc)
        self._stored(action)
        return None

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
