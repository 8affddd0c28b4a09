"""The seat server: a tornado app holding rooms, one websocket per seat or watcher.

``Server(db=...)`` loads every room from its SQLite store (replayed and
digest-checked), then serves ``/ws/<room>`` (the seat protocol), ``/play/<room>``
(a page saying how to join with a link) and ``POST /api/rooms`` (create a room;
needs the admin token). It runs on one event loop, so actions apply one at a time.
``Server.start_in_thread()`` runs it beside a notebook or a test.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

from tabletop.core import SaveError
from tabletop.core.match import game_from_spec, rules_version
from tabletop.online import protocol as P
from tabletop.online.room import HUMAN, REFEREE, SPECTATOR, Room, new_tokens
from tabletop.online.store import RoomRecord, Store

LOG = logging.getLogger(__name__)
DEFAULT_PORT = 8765


class RateLimit:
    """A token bucket: ``rate`` frames a second, bursts of ``burst``; ``refused``
    counts the frames refused in the current ten-second window."""

    WINDOW = 10.0

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, time.monotonic()
        self.refused, self.window = 0, self.last

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if now - self.window > self.WINDOW:
            self.refused, self.window = 0, now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False


class SeatSocket(tornado.websocket.WebSocketHandler):
    """One client: first a ``hello``, then frames for its role."""

    def initialize(self, server: Server) -> None:
        self.server = server
        self.room: Room | None = None
        self.role = ""
        self.seat: int | None = None
        self.logged = 0
        self.limit = RateLimit(server.rate, server.burst)

    def check_origin(self, origin: str) -> bool:
        # The token, not the page's origin, is what admits a client (notebooks on
        # any host join with a link).
        return True

    def open(self, path_room: str | None = None) -> None:
        # A room in the path (``/ws/ROOM``) lets a proxy route rooms to shards.
        self.path_room = path_room
        # Frames are small and answered at once: do not let Nagle's algorithm hold
        # the second of two frames back until the client acknowledges the first.
        self.set_nodelay(True)

    def send(self, frame: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(P.dumps(frame))
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_message(self, message: str | bytes) -> None:
        if not self.limit.allow():
            if self.limit.refused > self.server.burst * 5:
                self.close(1008, "rate limit exceeded")
            elif self.limit.refused == 1 or self.limit.refused % 50 == 0:
                self.send(P.error_frame("rate_limited", "too many frames: slow down"))
            return
        ident = None
        started = time.perf_counter()
        try:
            frame = P.parse_frame(message)
            ident = frame.get("id")
            self.dispatch(frame)
            if frame["t"] == "play":
                self.server.handled.append(time.perf_counter() - started)
        except P.ProtocolError as exc:
            self.send(P.error_frame(exc.code, exc.message, ident))
            if exc.code in ("protocol", "bad_token"):
                self.close(1008, exc.message[:100])

    def dispatch(self, frame: dict[str, Any]) -> None:
        kind, ident = frame["t"], frame.get("id")
        if kind == "hello":
            return self.hello(frame)
        if self.room is None:
            raise P.ProtocolError("order", "send 'hello' before anything else")
        room = self.room
        if kind == "ping":
            return self.send({"t": "pong", "id": ident})
        if kind == "view_at":
            return self.send({**room.view_at(self, frame["step"]), "id": ident})
        if kind == "export":
            return self.export(ident)
        if self.role != "seat":
            raise P.ProtocolError("not_a_seat", f"a {self.role} cannot act")
        if kind == "play":
            refusal = room.play(self.seat, frame["action"], frame["at"])
        elif kind == "undo_request":
            refusal = room.request_undo(self.seat)
        else:
            refusal = room.answer_undo(self.seat, frame["accept"])
        if refusal is None:
            self.send({"t": "ok", "id": ident, "step": len(room.match)})
        else:
            self.send(
                {
                    "t": "refused",
                    "id": ident,
                    "clause": refusal.clause,
                    "reason": refusal.reason,
                }
            )

    def hello(self, frame: dict[str, Any]) -> None:
        if self.room is not None:
            raise P.ProtocolError("order", "'hello' was already sent")
        if frame["protocol"] != P.PROTOCOL_VERSION:
            raise P.ProtocolError(
                "protocol",
                f"this server speaks protocol {P.PROTOCOL_VERSION}, the client "
                f"{frame['protocol']}: upgrade tabletop on the older side",
            )
        if self.path_room is not None and frame["room"] != self.path_room:
            raise P.ProtocolError("bad_token", "the room differs from the address")
        room = self.server.rooms.get(frame["room"])
        role = room.role_for(frame["token"]) if room is not None else None
        if role is None:
            raise P.ProtocolError("bad_token", "no room opens with this link")
        self.room = room
        self.role = role if role in (SPECTATOR, REFEREE) else "seat"
        self.seat = int(role) if self.role == "seat" else None
        room.join(self)

    def export(self, ident: Any) -> None:
        if self.role != REFEREE:
            raise P.ProtocolError("not_referee", "only the referee may export")
        if not self.room.match.over:
            raise P.ProtocolError("not_over", "the game can be exported once over")
        self.send({"t": "export", "id": ident, "match": self.room.match.to_json()})

    def on_close(self) -> None:
        if self.room is not None:
            self.room.leave(self)


class StatsHandler(tornado.web.RequestHandler):
    """``GET /api/stats`` with the admin token: rooms, connections, and the time
    the server took to handle recent actions (parse, check, apply, store, send
    every view), in milliseconds."""

    def initialize(self, server: Server) -> None:
        self.server = server

    def get(self) -> None:
        given = self.request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not hmac.compare_digest(given.encode(), self.server.admin_token.encode()):
            raise tornado.web.HTTPError(403, "wrong admin token")
        times = sorted(self.server.handled)

        def ms(q: float) -> float:
            return round(1000 * times[min(len(times) - 1, int(q * len(times)))], 3)

        self.finish(
            {
                "rooms": len(self.server.rooms),
                "connections": sum(
                    len(r.connections) for r in self.server.rooms.values()
                ),
                "actions": len(times),
                "handle_ms": {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)}
                if times
                else {},
            }
        )


class RoomsHandler(tornado.web.RequestHandler):
    """``POST /api/rooms`` with the admin token: create a room, get its links."""

    def initialize(self, server: Server) -> None:
        self.server = server

    def post(self) -> None:
        given = self.request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not hmac.compare_digest(given.encode(), self.server.admin_token.encode()):
            raise tornado.web.HTTPError(403, "wrong admin token")
        try:
            spec = json.loads(self.request.body or b"{}")
            links = self.server.create_room(**spec)
        except (TypeError, ValueError, SaveError) as exc:
            self.set_status(400)
            self.finish({"error": str(exc)})
            return
        self.finish(links)


class PlayPage(tornado.web.RequestHandler):
    """What a join link opens in a browser: how to join from a notebook."""

    def get(self, room: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(
            "<!doctype html><title>tabletop room</title><h1>tabletop room "
            f"{html.escape(room)}</h1><p>Copy this page's full address (with the "
            "part after <code>#</code>) into a notebook cell:</p>"
            "<pre>import tabletop.ui\ntabletop.ui.join('LINK')</pre>"
        )


class Server:
    """The seat server and its rooms.

    Args:
        db: the SQLite file (created if absent); ``":memory:"`` keeps nothing.
        host, port: where to listen (port 0 picks a free one).
        public_url: the base of the links handed out (default ``http://host:port``).
        bot_delay: seconds a server bot waits before moving (so people can follow).
        rate, burst: frames a second each connection may send, and its burst.
        admin_token: for ``POST /api/rooms`` (a fresh one if omitted).
    """

    def __init__(
        self,
        db: str | Path = "tabletop-rooms.sqlite",
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        public_url: str | None = None,
        bot_delay: float = 0.5,
        rate: float = 20.0,
        burst: float = 40.0,
        admin_token: str | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.public_url = public_url
        self.bot_delay = bot_delay
        self.rate, self.burst = rate, burst
        self.admin_token = admin_token or secrets.token_urlsafe(18)
        self.store = Store(db)
        self.rooms: dict[str, Room] = {}
        #: seconds taken to handle each recent action (``GET /api/stats``)
        self.handled: deque[float] = deque(maxlen=100_000)
        self.broken: dict[str, str] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._bots_pool = ThreadPoolExecutor(2, thread_name_prefix="tabletop-bot")
        self._http: tornado.httpserver.HTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- rooms ------------------------------------------------------------------------
    def _schedule(self, delay: float, fn: Callable[[], None]) -> None:
        loop = self.loop or asyncio.get_event_loop()
        loop.call_later(delay, fn)

    def _think(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run a bot's decision on a worker thread; ``done`` runs on the loop."""
        loop = self.loop or asyncio.get_event_loop()

        def finished(future: Future) -> None:
            if future.cancelled():
                return
            error = future.exception()
            try:
                loop.call_soon_threadsafe(done, error if error else future.result())
            except RuntimeError:  # the server stopped meanwhile
                pass

        self._bots_pool.submit(decide).add_done_callback(finished)

    def load_rooms(self) -> None:
        """Rebuild every stored room; a room that fails its replay is set aside."""
        for record in self.store.rooms():
            try:
                match = self.store.replay(record)
            except SaveError as exc:
                LOG.error("room %s not loaded: %s", record.id, exc)
                self.broken[record.id] = str(exc)
                continue
            room = Room(
                record, match, self.store, self._schedule, self.bot_delay, self._think
            )
            self.rooms[record.id] = room

    def create_room(
        self,
        game: str,
        players: int = 2,
        bots: int | Sequence[str] = 0,
        bot: str = "heuristic",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new room: its links (one per human seat, spectator, referee).

        ``bots`` is how many of the last seats bots play, or one kind per seat
        (``"human"`` or a bot name).
        """
        if self.loop is not None and _other_thread(self.loop):
            return self.call(
                lambda: self.create_room(game, players, bots, bot, seed, options)
            )
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("players must be an int")
        if isinstance(bots, int):
            if not 0 <= bots <= players:
                raise ValueError(f"bots must be 0..{players}")
            seats = [HUMAN] * (players - bots) + [bot] * bots
        else:
            seats = [str(kind) for kind in bots]
            if len(seats) != players:
                raise ValueError(f"give one seat kind per player ({players})")
        opts = {"players": players, **(options or {})}
        game_obj = game_from_spec(game, opts)  # validates the game and its options
        tokens, hashes = new_tokens(players)
        record = RoomRecord(
            secrets.token_urlsafe(8),
            game_obj.name,
            opts,
            secrets.randbits(62) if seed is None else int(seed),
            tuple(seats),
            hashes,
            rules_version(game_obj),
        )
        from tabletop.core import Match

        room = Room(
            record,
            Match(game_obj, record.seed),
            self.store,
            self._schedule,
            self.bot_delay,
            self._think,
        )
        self.store.add_room(record)
        self.rooms[record.id] = room
        room.kick_bots()
        base = f"{self.url}/play/{record.id}#"
        return {
            "room": record.id,
            "seats": [
                base + tokens[str(s)] if kind == HUMAN else None
                for s, kind in enumerate(seats)
            ],
            "spectator": base + tokens[SPECTATOR],
            "referee": base + tokens[REFEREE],
        }

    # -- running ----------------------------------------------------------------------
    @property
    def url(self) -> str:
        return self.public_url or f"http://{self.host}:{self.port}"

    def app(self) -> tornado.web.Application:
        args = {"server": self}
        return tornado.web.Application(
            [
                (r"/ws(?:/([A-Za-z0-9_-]{1,32}))?", SeatSocket, args),
                (r"/api/rooms", RoomsHandler, args),
                (r"/api/stats", StatsHandler, args),
                (r"/play/([A-Za-z0-9_-]{1,32})", PlayPage),
            ],
            websocket_max_message_size=P.MAX_MESSAGE,
            websocket_ping_interval=20,
        )

    def listen(self) -> None:
        """Load the rooms and listen, on the running event loop."""
        self.loop = asyncio.get_running_loop()
        self.load_rooms()
        sockets = tornado.netutil.bind_sockets(self.port, self.host)
        self.port = sockets[0].getsockname()[1]
        self._http = tornado.httpserver.HTTPServer(
            self.app(), max_body_size=P.MAX_MESSAGE
        )
        self._http.add_sockets(sockets)
        for room in self.rooms.values():
            room.kick_bots()

    def start_in_thread(self) -> Server:
        """Serve from a daemon thread with its own event loop; returns self."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)

            async def begin() -> None:
                self.listen()

            try:
                loop.run_until_complete(begin())
            except BaseException as exc:  # noqa: BLE001 - reported to the caller
                failure.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

        self._thread = threading.Thread(target=run, name="tabletop-serve", daemon=True)
        self._thread.start()
        ready.wait(30)
        if failure:
            raise failure[0]
        return self

    def call(self, fn: Callable[[], Any], timeout: float = 30) -> Any:
        """Run ``fn`` on the server's event loop and return its result."""
        if self.loop is None or not _other_thread(self.loop):
            return fn()
        future: Future = Future()

        def run() -> None:
            try:
                future.set_result(fn())
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                future.set_exception(exc)

        self.loop.call_soon_threadsafe(run)
        return future.result(timeout)

    def stop(self) -> None:
        """Stop listening, close every connection and the store."""
        if self.loop is None:
            return

        def close() -> None:
            if self._http is not None:
                self._http.stop()
            for room in self.rooms.values():
                for conn in list(room.connections):
                    conn.close(1001, "server stopping")

        self.call(close)
        if self._thread is not None:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            self._thread = None
        self._bots_pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()
        self.loop = None


def _other_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is not loop
    except RuntimeError:
        return True
