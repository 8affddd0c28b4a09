"""The one answerer of the seat page's frames, for one table, on any transport.

The seat server's room (``tabletop.online.room.Room``: connections, undo votes,
storage, presence) and the static site's worker (``tabletop.site.local.LocalRoom``:
the hand-over and the browser's saves) answer a page through this object, as
boardgame.io's ``LocalMaster`` extends its ``Master``. It owns the frame kinds a
page may send (``tabletop.page.protocol``), the stale check, the turn check, the
welcome, view and refusal frames and their words; a transport gives it what it
alone knows (a ``Host``: the match, the seats, what it adds to the protocol) and
the places frames go (each ``Eyes``: one connection, or the one page of a device).

Several eyes at one table: every connection is its own ``Eyes`` (a seat, a
spectator or the referee), answered from the same match, each view built from that
viewer's own view of the state. A room's pictures and words of one step are made
once per viewer (``pages``) and their layers and sentences once per step (``LayerMemo``,
``SentenceMemo``), however many connections look through the same eyes.

Frames as things happen: the board's SVG goes once per connection (its welcome),
each move's view as the move is made, and a view while a bot is to move carries
``thinking`` (``"Player 2 is thinking…"``) until the bot's move comes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tabletop.core import Explanation, IllegalActionError, Match, Refusal
from tabletop.core.opaque import Action
from tabletop.core.viewers import PUBLIC
from tabletop.draw.look import Look
from tabletop.page import protocol as P
from tabletop.table import frame as frames
from tabletop.table.seats import turn_refusal
from tabletop.table.words.panels import thinking

SPECTATOR, REFEREE = "spectator", "referee"
#: A frame, or a part of one: JSON out (any JSON value inside).
JSON = dict[str, Any]
#: A page's pictures and words of one step, by (role, seat): made once each.
Pages = dict[tuple[str, int | None], JSON]


class Eyes(Protocol):
    """Where one page's frames go, and what it has had."""

    role: str  # "seat", "spectator" or "referee"
    seat: int | None
    logged: int  # the steps whose log sentences it has had
    render: str  # "svg": a browser page (its pictures and words), else ""
    board_sent: bool  # whether it has the board's picture

    def send(self, frame: JSON) -> None: ...


class Host(Protocol):
    """What a transport gives the answerer: its table, and what it adds."""

    @property
    def match(self) -> Match: ...

    def seats_payload(self) -> list[JSON]:
        """Every seat: its kind and whether someone sits there now."""
        ...

    def thinking(self) -> int | None:
        """The seat whose bot is about to move, if one is."""
        ...

    def may_undo(self, seat: int) -> bool | None:
        """Whether ``seat`` may ask for an undo now (None: no undo here)."""
        ...

    def apply(self, seat: int, action: Action) -> None:
        """Play ``seat``'s action (its turn and the step were checked; the match
        checks legality as it plays, raising ``IllegalActionError``), then
        send every page what changed."""
        ...


#: A frame kind a transport adds: it answers with a refusal, its own answer
#: frame, or None (done: the page is told ``ok``).
Extra = Callable[[Eyes, JSON], "Refusal | JSON | None"]


def viewer_of(eyes: Eyes) -> Any:
    """Whose view a page gets: its seat, the public (a spectator) or everything
    (the referee: ``None``)."""
    if eyes.role == "seat":
        return eyes.seat
    return PUBLIC if eyes.role == SPECTATOR else None


class Answerer:
    """Answers the page's frames for one table (``host``), in its game's words.

    Args:
        host: the transport's table (``Host``).
        look: the game's look (names, pictures, the table's words).
        room: the room's name in the welcome.
        rules_version: the rules' version in the welcome.
    """

    def __init__(self, host: Host, look: Look, room: str, rules_version: int) -> None:
        self.host = host
        self.look = look
        self.game = look.game
        self.room = room
        self.rules_version = rules_version
        self.layers = frames.LayerMemo()
        #: Events in words as each viewer reads them, each worded once (every
        #: connection's log sentences and the pages' recaps read the same).
        self.said = frames.SentenceMemo(look)
        self._board: JSON | None = None

    @property
    def match(self) -> Match:
        return self.host.match

    # -- frames in ------------------------------------------------------------------
    def answer(
        self, eyes: Eyes, frame: JSON, extra: Mapping[str, Extra] | None = None
    ) -> None:
        """Answer one checked frame (``protocol.parse_frame``) from ``eyes``
        after its ``hello``: ``ping``, ``view_at`` and ``play`` here, and the
        kinds the transport adds (``extra``); an action's answer is ``ok`` or
        ``refused`` with the clause and its words.

        Raises:
            ProtocolError: a frame this page may not send (a watcher acting).
        """
        kind, ident = frame["t"], frame.get("id")
        extra = extra or {}
        if kind == "ping":
            eyes.send(with_id({"t": "pong"}, ident))
            return
        if kind == "view_at":
            eyes.send(with_id(self.view_at(eyes, frame["step"]), ident))
            return
        if kind == "play":
            if eyes.role != "seat" or eyes.seat is None:
                raise P.ProtocolError("not_a_seat", f"a {eyes.role} cannot act")
            refusal = self.play(eyes.seat, frame["action"], frame["at"])
        elif kind in extra:
            answered = extra[kind](eyes, frame)
            if isinstance(answered, dict):
                eyes.send(with_id(answered, ident))
                return
            refusal = answered
        else:
            raise P.ProtocolError("unknown_type", f"'{kind}' is not answered here")
        if refusal is None:
            eyes.send(with_id({"t": "ok", "step": len(self.match)}, ident))
        else:
            eyes.send(self.refused(eyes, refusal, ident))

    def play(self, seat: int, notation: str, at: int) -> Refusal | None:
        """Play ``seat``'s action if the page saw the step the table is at and
        it is that seat's turn; legality is the match's (asked once, as it
        plays). Returns the refusal, in words from the seat's own view (nothing
        changes then), or None once the host has played it."""
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
            self.host.apply(seat, self.game.parse_action(notation))
        except IllegalActionError as exc:
            return P.seat_refusal(self.game, state, seat, notation, exc)
        return None

    # -- frames out -----------------------------------------------------------------
    def refused(self, eyes: Eyes, refusal: Refusal, ident: Any = None) -> JSON:
        """A refusal: its clause and reason, and for a page the reason as the
        notebook table says it."""
        frame: JSON = {"t": "refused", "clause": refusal.clause}
        frame["reason"] = refusal.reason
        if eyes.render:
            frame["words"] = self.look.refusal_words(refusal.reason)
        return with_id(frame, ident)

    def welcome(self, eyes: Eyes) -> JSON:
        """Who this page is at which table; the board's picture the first time
        a page that draws is welcomed (it keeps it after)."""
        game = self.game
        frame: JSON = {
            "t": "welcome",
            "protocol": P.PROTOCOL_VERSION,
            "room": self.room,
            "role": eyes.role,
            "seat": eyes.seat,
            "game": game.name,
            "options": {"players": game.players, **dict(game.options)},
            "rules_version": self.rules_version,
            "seats": self.host.seats_payload(),
        }
        if eyes.render and not eyes.board_sent:
            if self._board is None:
                self._board = frames.board_payload(self.look)
            frame["page"] = self._board
            eyes.board_sent = True
        return frame

    def view(self, eyes: Eyes, reset: bool = False, pages: Pages | None = None) -> JSON:
        """The table now as ``eyes`` sees it: its view of the state, the log
        sentences it has not had, its legal actions when it is to move, the outcome,
        whose bot is thinking and, for a page that draws, its pictures and words
        (``page_part``; ``pages`` keeps those of one step by viewer, so a view
        shared by several connections is made once)."""
        viewer, match, game = viewer_of(eyes), self.match, self.game
        state = match.state
        view = P.view_of(game, state, viewer)
        since = 0 if reset else eyes.logged
        sentences: list[list[int | str]] = []
        if since == 0:
            sentences = P.log_sentences(0, match.setup_events, viewer, self.said)
        for step in match.steps[since:]:
            sentences += P.log_sentences(step.index, step.events, viewer, self.said)
        eyes.logged = len(match)
        to_move = game.to_move(view)
        outcome = game.outcome(state)
        bot = self.host.thinking()
        frame: JSON = {
            "t": "view",
            "step": len(match),
            "state": P.scrub(game.state_to_json(view)),
            "to_move": to_move,
            "log": sentences,
            "reset": reset or since == 0,
            "legal": [],
            "outcome": None
            if outcome is None
            else {
                "winner": outcome.winner,
                "clause": outcome.clause,
                "reason": outcome.reason,
            },
            "thinking": None if bot is None else thinking(self.look, bot),
        }
        legal: tuple[Explanation, ...] = ()
        if eyes.role == "seat" and to_move is not None and to_move == eyes.seat:
            legal = match.explain()
            frame["legal"] = P.legal_payload(legal)
        if eyes.render:
            pages = {} if pages is None else pages
            key = (eyes.role, eyes.seat)
            if key not in pages:
                pages[key] = self.page_part(eyes, legal)
            frame["page"] = pages[key]
        if eyes.role == "seat" and eyes.seat is not None:
            may = self.host.may_undo(eyes.seat)
            frame["may_undo"] = bool(may)
        return frame

    def page_part(self, eyes: Eyes, legal: tuple[Explanation, ...]) -> JSON:
        """A page's pictures and words for the current step, built from the
        page's own view (``tabletop.table.frame.view_payload``): the recap tells
        what the others did since this seat's own last step."""
        from tabletop.draw.pictures import moment

        viewer, match = viewer_of(eyes), self.match
        seen = moment(match, len(match), viewer, self.look, self.said)
        recent = frames.recap_steps(match.steps, eyes.seat)
        own = frames.own_last_step(match.steps, eyes.seat)
        return frames.view_payload(
            self.look, seen, viewer, legal, recent, self.layers, self.said, own=own
        )

    def view_at(self, eyes: Eyes, step: int) -> JSON:
        """A past step of the timeline, as this page's viewer saw it."""
        match = self.match
        if not 0 <= step <= len(match):
            raise P.ProtocolError("bad_step", f"step {step} is outside 0..{len(match)}")
        state = match.state_at(step)
        return {
            "t": "view_at",
            "step": step,
            "state": P.state_payload(self.game, state, viewer_of(eyes)),
        }


def with_id(frame: JSON, ident: Any) -> JSON:
    """``frame`` answering the frame whose ``id`` was ``ident`` (if it had one)."""
    if ident is not None:
        frame["id"] = ident
    return frame
