"""The client side: ``RemoteMatch``, a match held by a server, seen from one seat.

It offers the Table the part of ``Match``'s interface that fair play allows: the
seat's own view at every step it has seen (``state``, ``goto``, ``cursor``), its
legal actions and their explanations, the log as that seat may read it, ``play``,
and undo as a request the other humans answer. Editing, forcing rolls, forking and
saving raise ``IllegalActionError``: the seed and the generator stay on the server.
It implements ``tabletop.core.MatchLike``; ``refusal(what)`` gives the reason for
each capability a seat lacks (``ONLINE_REFUSALS``).

The websocket runs on a thread of its own, so ``play`` can wait for its answer
from a notebook cell; updates pushed by the server call the ``on_change`` callbacks,
on the notebook's event loop when there is one. A dropped connection is retried,
and each reconnect resyncs the full view.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any
from urllib.parse import urlsplit

import tornado.websocket

from tabletop.core import Explanation, IllegalActionError, Outcome, Refusal
from tabletop.core.jsonio import strict_loads
from tabletop.core.match import game_from_spec
from tabletop.core.matchlike import check_capability
from tabletop.page import protocol as P

LOG = logging.getLogger(__name__)


ONLINE_REFUSALS: dict[str, str] = {
    "branch": "an online game has one line",
    "fork": "an online game cannot be forked",
    "edit": "an online game cannot be edited",
    "save": "a seat cannot save the game (the referee exports it)",
    "review": "an online game is reviewed where its moves are kept",
    "seats": "the room's host decides who sits where",
    "viewer": "an online seat sees through its own eyes",
    "new_game": "the room's host starts new games (tabletop room ...)",
    "replay_deal": "the deal of an online game stays on the server",
    "load": "an online table shows its room only",
    "bots": "bots play on the server",
    "hint": "hints are not offered in an online game",
}
"""Why a seat may not do each of ``tabletop.core.matchlike.CAPABILITIES`` (all
refused with the clause ``TT-ONLINE``)."""


class JoinError(ConnectionError):
    """The server refused to seat this link (wrong token, protocol mismatch...)."""


def parse_link(link: str) -> tuple[str, str, str]:
    """``(websocket url, room, token)`` from a join link
    (``http://host:port/play/ROOM#TOKEN``)."""
    parts = urlsplit(link.strip())
    path = parts.path.rstrip("/")
    prefix, _, room = path.rpartition("/play/")
    if parts.scheme not in ("http", "https") or not room or not parts.fragment:
        raise ValueError(f"not a tabletop join link: {link!r}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{prefix}/ws/{room}", room, parts.fragment


class RemoteMatch:
    """A seat (or a spectator or the referee) at a room on a tabletop server.

    Args:
        link: the join link the room's creator handed out.
        timeout: seconds to wait for the server when joining and acting.
        reconnect: retry a dropped connection (each retry resyncs the view).
    """

    seed = None  # never known to a client: it would reveal every hand

    def __init__(self, link: str, timeout: float = 10.0, reconnect: bool = True):
        self.url, self.room, self._token = parse_link(link)
        self.timeout = timeout
        self.reconnect = reconnect
        self.game: Any = None
        self.role = ""
        self.seat: int | None = None
        self.seats: tuple[dict[str, Any], ...] = ()
        self.undo_status: dict[str, Any] = {}
        # Whether the room would take this seat's undo request now (the view
        # frame says; False for spectators, the referee and older servers).
        self.may_undo = False
        self.notices: list[str] = []
        self._views: dict[int, Any] = {}
        self._log: list[tuple[int, str]] = []
        self._latest = 0
        self._cursor = 0
        self._legal: tuple[Explanation, ...] = ()
        self._outcome: Outcome | None = None
        self._callbacks: list[Callable[[RemoteMatch], None]] = []
        self._waiting: dict[Any, Future] = {}
        self._ids = itertools.count(1)
        self._lock = threading.RLock()
        self._closed = False
        self._away = False
        self._conn: Any = None
        self._joined: Future = Future()
        try:
            self._notify_loop: asyncio.AbstractEventLoop | None = (
                asyncio.get_running_loop()
            )
        except RuntimeError:
            self._notify_loop = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._run, name=f"tabletop-seat-{self.room}", daemon=True
        )
        self._thread.start()
        try:
            self._joined.result(timeout)
        except FutureTimeout:
            self.close()
            raise JoinError(f"no answer from {self.url} in {timeout} s") from None
        except BaseException:
            self.close()
            raise

    # -- the Match interface a seat may use -------------------------------------------
    @property
    def state(self) -> Any:
        """This seat's view at the current step."""
        return self._views[self._cursor]

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def steps(self) -> tuple:
        """``()``: a client keeps views, not steps with full states."""
        return ()

    @property
    def setup_events(self) -> tuple:
        """``()``: the setup's events reach a seat as log lines of step 0."""
        return ()

    @property
    def latest(self) -> int:
        """The number of steps the room has played."""
        return self._latest

    def __len__(self) -> int:
        return self._latest

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def pending(self) -> str:
        return self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        return self._outcome if self._cursor == self._latest else None

    @property
    def over(self) -> bool:
        return self._outcome is not None

    def explain(self) -> tuple[Explanation, ...]:
        """This seat's legal actions, when it is to move at the latest step."""
        return self._legal if self._cursor == self._latest else ()

    def legal_actions(self) -> tuple[Any, ...]:
        return tuple(e.action for e in self.explain())

    def check(self, action: Any) -> Refusal | None:
        """Whether an action is among this seat's legal actions now (a local answer
        from the seat's own view; the server decides when it is played)."""
        text = str(action).strip()
        if any(str(e.action) == text for e in self.explain()):
            return None
        try:
            view_refusal = self.game.check(self.state, self.game.parse_action(text))
        except IllegalActionError as exc:
            return Refusal(exc.clause, exc.reason)
        except (ValueError, KeyError, IndexError, TypeError):
            view_refusal = None
        return view_refusal or Refusal("TT-PHASE", "this action is not legal now")

    def view(self, viewer: Any = None) -> Any:
        """This seat's view at the cursor (``viewer`` is ignored: a client holds
        only its own view)."""
        return self.state

    def log(self, viewer: Any = None) -> list[str]:
        """The log up to the cursor, as this seat may read it (``viewer`` is
        ignored: a client only ever holds its own seat's lines)."""
        return [
            f"{step:>4}  {text}" for step, text in self._log if step <= self._cursor
        ]

    def play(self, action: Any) -> tuple:
        """Send an action (object or notation); returns once the server applied it.

        Raises:
            IllegalActionError: the server refused it (the clause and the reason,
                as locally), or this link is not a seat, or the cursor is not at
                the latest step.
        """
        if self.role != "seat":
            raise IllegalActionError("TT-ONLINE", f"a {self.role} cannot play")
        if self._cursor != self._latest:
            raise IllegalActionError(
                "TT-ONLINE", "go to the latest step to play (the past is shared)"
            )
        self._ask({"t": "play", "action": str(action), "at": self._latest})
        return ()

    def goto(self, step: int) -> int:
        """Show any step of the shared timeline, as this seat saw it."""
        if not isinstance(step, int) or isinstance(step, bool):
            raise TypeError(f"step must be an int, not {type(step).__name__}")
        self.state_at(step)
        self._cursor = step
        return step

    def state_at(self, step: int) -> Any:
        """This seat's view at any step of the shared timeline (asked of the server
        the first time); the cursor stays."""
        if not isinstance(step, int) or isinstance(step, bool):
            raise TypeError(f"step must be an int, not {type(step).__name__}")
        if not 0 <= step <= self._latest:
            raise IndexError(f"step {step} is outside the timeline 0..{self._latest}")
        view = self._views.get(step)
        if view is None:
            answer = self._ask({"t": "view_at", "step": step})
            view = self.game.state_from_json(answer["state"])
            self._views[step] = view
        return view

    def undo(self, n: int = 1) -> int:
        """Look back along the timeline (as ``Match.undo``); see ``request_undo``."""
        return self.goto(max(0, self._cursor - n))

    def redo(self, n: int = 1) -> int:
        return self.goto(min(self._latest, self._cursor + n))

    def request_undo(self) -> None:
        """Ask the room to take back this seat's last action; the other humans
        accept or decline (``undo_status`` says where it stands). The room refuses
        an undo back past a roll or a draw, and any undo once the game is over."""
        self._ask({"t": "undo_request"})

    def last_chance_step(self) -> int:
        """The last step that showed a chance outcome, as far as a seat can tell:
        the generator stays on the server, so every step may have drawn, and this
        is the latest step (the room itself refuses an undo back past a roll or a
        draw)."""
        return self._latest

    def answer_undo(self, accept: bool) -> None:
        self._ask({"t": "undo_answer", "accept": bool(accept)})

    def export(self) -> dict[str, Any]:
        """The finished game as a save (referee link only)."""
        return self._ask({"t": "export"})["match"]

    def refusal(self, what: str) -> Refusal:
        """Why a seat may not do ``what`` (one of ``CAPABILITIES``): online, every
        one is refused (``TT-ONLINE``, with the reason from ``ONLINE_REFUSALS``).

        Raises:
            ValueError: ``what`` is not one of ``CAPABILITIES``.
        """
        return Refusal("TT-ONLINE", ONLINE_REFUSALS[check_capability(what)])

    def fork(self) -> Any:
        raise self.refusal("fork").error()

    def edit(self, op: str, **args: Any) -> Any:
        raise self.refusal("edit").error()

    def force_roll(self, *values: int) -> Any:
        raise IllegalActionError("TT-ONLINE", "dice cannot be forced online")

    def to_json(self) -> Any:
        raise self.refusal("save").error()

    def save(self, path: Any) -> None:
        self.to_json()

    def dumps(self) -> str:
        return self.to_json()

    def wait_for_turn(self, timeout: float = 60.0) -> bool:
        """Wait until this seat is to move (True) or the game is over (False).

        Raises:
            TimeoutError: neither happened within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.over:
                return False
            if self._legal and self.role == "seat":
                return True
            time.sleep(0.02)
        raise TimeoutError(f"not this seat's turn within {timeout} s")

    def on_change(self, callback: Callable[[RemoteMatch], None]) -> None:
        """Call ``callback(self)`` after every update the server pushes."""
        self._callbacks.append(callback)

    @property
    def away(self) -> bool:
        """Whether this seat has stepped away (``set_away``): not connected, and
        not reconnecting until it is back."""
        return self._away

    def set_away(self, away: bool) -> None:
        """Step away (close the connection, so the room shows this seat as not
        connected) or come back (reconnect and resync). The notebook table calls
        it when its page stops or starts answering."""
        away = bool(away)
        if away == self._away or self._closed:
            return
        self._away = away
        if away and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._hang_up)

    def _hang_up(self) -> None:
        if self._conn is not None:
            self._conn.close()

    @property
    def closed(self) -> bool:
        """Whether ``close`` was called (the seat has left for good)."""
        return self._closed

    def close(self) -> None:
        self._closed = True
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._shutdown)
        self._thread.join(5)

    def __repr__(self) -> str:
        who = f"seat {self.seat}" if self.role == "seat" else self.role
        return f"RemoteMatch({self.room}, {who}, step={self._cursor}/{self._latest})"

    # -- the wire ---------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """Whether the connection to the server is up now."""
        return self._conn is not None

    def _ask(self, frame: dict[str, Any]) -> dict[str, Any]:
        if self._conn is None:
            raise ConnectionError("not connected to the server; reconnecting")
        ident = next(self._ids)
        future: Future = Future()
        self._waiting[ident] = future
        text = P.dumps({**frame, "id": ident})
        self._loop.call_soon_threadsafe(self._write, text)
        try:
            answer = future.result(self.timeout)
        except FutureTimeout:
            raise TimeoutError(
                f"no answer from the server in {self.timeout} s"
            ) from None
        finally:
            self._waiting.pop(ident, None)
        if answer["t"] == "refused":
            raise IllegalActionError(answer["clause"], answer["reason"])
        if answer["t"] == "error":
            raise IllegalActionError("TT-ONLINE", answer["message"])
        return answer

    def _write(self, text: str) -> None:
        if self._conn is None:
            return
        try:
            self._conn.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def _shutdown(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._loop.stop()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.create_task(self._connect_loop())
        self._loop.run_forever()

    async def _connect_loop(self) -> None:
        delay = 0.5
        while not self._closed:
            while self._away and not self._closed:
                await asyncio.sleep(0.2)
            try:
                self._conn = await tornado.websocket.websocket_connect(
                    self.url, max_message_size=16 * 1024 * 1024
                )
            except OSError as exc:
                if not self._joined.done():
                    self._joined.set_exception(
                        JoinError(f"cannot reach {self.url}: {exc}")
                    )
                    return
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)
                continue
            except RuntimeError as exc:
                # Python is exiting (the executor that looks up the server's name
                # is shut down): stop reconnecting quietly.
                if not self._joined.done():
                    self._joined.set_exception(JoinError(f"cannot reach: {exc}"))
                return
            delay = 0.5
            if self._away:  # stepped away while connecting
                self._conn.close()
                self._conn = None
                continue
            self._conn.protocol.set_nodelay(True)
            self._write(
                P.dumps(
                    {
                        "t": "hello",
                        "protocol": P.PROTOCOL_VERSION,
                        "room": self.room,
                        "token": self._token,
                    }
                )
            )
            while True:
                text = await self._conn.read_message()
                if text is None:
                    break
                try:
                    self._receive(strict_loads(text))
                except Exception:  # noqa: BLE001 - one bad frame must not drop the seat
                    LOG.exception("cannot take a frame from the server")
            self._conn = None
            for future in list(self._waiting.values()):
                if not future.done():
                    future.set_exception(
                        ConnectionError("the connection dropped; reconnecting")
                    )
            self._notify()
            if not self._joined.done() or not self.reconnect:
                return
            await asyncio.sleep(delay)

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame.get("t")
        if kind == "welcome":
            self._welcome(frame)
        elif kind == "view":
            self._view(frame)
        elif kind == "presence":
            self.seats = tuple(frame["seats"])
            self._notify()
        elif kind == "undo":
            self.undo_status = frame
            self._notify()
        elif kind == "error" and not self._joined.done():
            self._closed = True
            self._joined.set_exception(JoinError(frame["message"]))
            return
        elif kind == "error" and "id" not in frame:
            self.notices = [*self.notices[-9:], frame["message"]]
        future = self._waiting.get(frame.get("id"))
        if future is not None and kind in (
            "ok",
            "refused",
            "error",
            "view_at",
            "export",
            "pong",
        ):
            future.set_result(frame)

    def _welcome(self, frame: dict[str, Any]) -> None:
        if frame.get("protocol") != P.PROTOCOL_VERSION:
            self._closed = True
            if not self._joined.done():
                self._joined.set_exception(
                    JoinError(
                        f"the server speaks protocol {frame.get('protocol')}, this "
                        f"client {P.PROTOCOL_VERSION}: upgrade the older side"
                    )
                )
            return
        if self.game is None:  # a reconnect keeps the game object the Table holds
            self.game = game_from_spec(frame["game"], frame["options"])
        self.role, self.seat = frame["role"], frame["seat"]
        self.seats = tuple(frame["seats"])

    def _view(self, frame: dict[str, Any]) -> None:
        state = self.game.state_from_json(frame["state"])
        with self._lock:
            follow = self._cursor == self._latest
            step = frame["step"]
            if frame["reset"]:
                self._views = {}
                self._log = []
            self._views[step] = state
            self._log += [(s, text) for s, text in frame["log"]]
            self._latest = step
            self._legal = P.legal_from_payload(self.game, frame["legal"])
            self.may_undo = bool(frame.get("may_undo", False))
            out = frame["outcome"]
            self._outcome = None if out is None else Outcome(**out)
            if follow or frame["reset"] or self._cursor > step:
                self._cursor = step
        if not self._joined.done():
            self._joined.set_result(True)
        self._notify()

    def _notify(self) -> None:
        if not self._joined.done():
            return
        for callback in list(self._callbacks):
            if self._notify_loop is not None and not self._notify_loop.is_closed():
                self._notify_loop.call_soon_threadsafe(callback, self)
            else:
                try:
                    callback(self)
                except Exception:  # noqa: BLE001 - a view's bug must not drop the seat
                    LOG.exception("error in an on_change callback")
