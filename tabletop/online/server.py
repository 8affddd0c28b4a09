"""The seat server: a tornado app holding rooms, one websocket per seat or watcher.

``Server(db=...)`` loads every room from its SQLite store (replayed and
digest-checked), then serves ``/ws/<room>`` (the seat protocol), ``/play/<room>``
(the page a join link opens: the seat's table in any browser,
``tabletop.page.template``) and ``POST /api/rooms`` (create a room;
needs the admin token). It runs on one event loop, so actions apply one at a time.
``Server.start_in_thread()`` runs it beside a notebook or a test.

Strangers need no link to connect, so every connection is bounded: a deadline for
the ``hello`` (and for any HTTP request's head and body), pings once it has said
hello, a cap on connections in all and per client address (the address a trusted
proxy names, when the host says which proxies to trust), and room creation checks
every field (``check_room_spec``). ``docs/online.md`` lists the limits.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
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
import tornado.iostream
import tornado.netutil
import tornado.web
import tornado.websocket

from tabletop.core import SaveError
from tabletop.core.jsonio import strict_loads
from tabletop.core.match import rules_version
from tabletop.online.address import LinkAddress, link_address
from tabletop.online.room import HUMAN, REFEREE, SPECTATOR, Room, new_tokens
from tabletop.online.store import RoomRecord, Store
from tabletop.page import protocol as P
from tabletop.page.template import page_html

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
        self.render = ""  # "svg": a browser page, sent its pictures and words
        self.board_sent = False  # the board's picture went with its welcome
        self.limit = RateLimit(server.rate, server.burst)
        self.address: str | None = None  # the client's, once counted
        self._hello_timer: asyncio.TimerHandle | None = None

    async def get(self, *args: Any, **kwargs: Any) -> None:
        # Count the connection against the caps before the upgrade, and refuse
        # an extra one with an HTTP status and a sentence.
        address = self.server.client_address(self.request)
        refusal = self.server.admit(address)
        if refusal is not None:
            status, reason = refusal
            self.set_status(status)
            self.finish({"error": reason})
            return
        self.address = address
        await super().get(*args, **kwargs)

    def on_finish(self) -> None:
        if self.get_status() != 101:  # the upgrade did not happen
            self._release()

    def _release(self) -> None:
        if self._hello_timer is not None:
            self._hello_timer.cancel()
            self._hello_timer = None
        if self.address is not None:
            self.server.release(self.address)
            self.address = None

    def _no_hello(self) -> None:
        self._hello_timer = None
        if self.room is None:
            self.send(
                P.error_frame(
                    "no_hello", f"no 'hello' within {self.server.hello_timeout:g} s"
                )
            )
            self.close(1008, "no hello in time")

    def check_origin(self, origin: str) -> bool:
        # The token, not the page's origin, is what admits a client (notebooks on
        # any host join with a link).
        return True

    def open(self, path_room: str | None = None) -> None:
        # A room in the path (``/ws/ROOM``) lets a proxy route rooms to shards.
        self.path_room = path_room
        self._hello_timer = asyncio.get_running_loop().call_later(
            self.server.hello_timeout, self._no_hello
        )
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
                self.server.handled_total += 1
        except P.ProtocolError as exc:
            self.send(P.error_frame(exc.code, exc.message, ident))
            if exc.code in ("protocol", "bad_token"):
                self.close(1008, exc.message[:100])
        except Exception:  # noqa: BLE001 - a bug must not drop the connection
            LOG.exception("frame not handled")
            self.send(P.error_frame("internal", "the server failed on this frame"))

    def dispatch(self, frame: dict[str, Any]) -> None:
        """A ``hello`` opens a room with a token; every later frame is the
        room's to answer (``tabletop.page.answerer``)."""
        if frame["t"] == "hello":
            return self.hello(frame)
        if self.room is None:
            raise P.ProtocolError("order", "send 'hello' before anything else")
        self.room.answer(self, frame)

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
        self.render = frame.get("render", "")
        self.role = role if role in (SPECTATOR, REFEREE) else "seat"
        self.seat = int(role) if self.role == "seat" else None
        if self._hello_timer is not None:
            self._hello_timer.cancel()
            self._hello_timer = None
        room.join(self)

    def on_close(self) -> None:
        self._release()
        if self.room is not None:
            self.room.leave(self)


class StatsHandler(tornado.web.RequestHandler):
    """``GET /api/stats`` with the admin token: rooms, connections, and the time
    the server took to handle recent actions (parse, check, apply, store, send
    every view), in milliseconds. ``?after=N`` counts only the actions after the
    first ``N`` (``actions_total`` is the count since the start)."""

    def initialize(self, server: Server) -> None:
        self.server = server

    def get(self) -> None:
        given = self.request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not hmac.compare_digest(given.encode(), self.server.admin_token.encode()):
            raise tornado.web.HTTPError(403, "wrong admin token")
        try:
            after = int(self.get_argument("after", "0"))
        except ValueError:
            raise tornado.web.HTTPError(400, "after: an int") from None
        recent = max(0, self.server.handled_total - max(0, after))
        kept = list(self.server.handled)
        times = sorted(kept[len(kept) - min(recent, len(kept)) :])

        def ms(q: float) -> float:
            return round(1000 * times[min(len(times) - 1, int(q * len(times)))], 3)

        self.finish(
            {
                "rooms": len(self.server.rooms),
                "connections": sum(
                    len(r.connections) for r in self.server.rooms.values()
                ),
                "open_connections": self.server.open_connections(),
                "actions": len(times),
                "actions_total": self.server.handled_total,
                "handle_ms": {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)}
                if times
                else {},
            }
        )


class RoomSpecError(ValueError):
    """A room that cannot be created: ``field`` names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


#: The fields of a room to create (``POST /api/rooms``, ``create_room``).
ROOM_FIELDS = ("game", "players", "bots", "bot", "seed", "options")
#: A room's seed is within ``0..MAX_SEED`` (it is stored as a 64-bit integer).
MAX_SEED = 2**63 - 1


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


BOT_CHOICES = "Easy, Medium, Hard or random"
"""The bots a room offers, as every screen names them."""


def bot_kind(name: Any) -> Any:
    """The seat kind a bot's name stands for: a level in any case ("hard") is
    its algorithm (``tabletop.bots.BOT_LEVELS``: "flat-mc"); anything else is
    left as it is."""
    from tabletop.bots import BOT_LEVELS

    if not isinstance(name, str):
        return name
    return next((algo for lv, algo in BOT_LEVELS if lv.lower() == name.lower()), name)


def check_room_spec(
    game: Any, players: Any, bots: Any, bot: Any, seed: Any, options: Any
) -> tuple[Any, dict[str, Any], list[str], int | None]:
    """Check every field of a room to create; return the game, its options, the
    seat kinds and the seed.

    Raises:
        RoomSpecError: the game is unknown; ``players`` is not an int within the
            game's range; ``bots`` is neither a count ``0..players`` nor one known
            kind per seat; ``bot`` is not a known bot (a level, Easy, Medium or
            Hard, in any case, or an algorithm's name: a level is stored as its
            algorithm) or the game has no heuristic for it; ``seed`` is not
            ``None`` or an int in ``0..MAX_SEED``; ``options`` is not an object,
            names an unknown option or a ``players`` that differs from
            ``players``.
    """
    from tabletop.bots.registry import BOT_NAMES, heuristic_module
    from tabletop.core import lookup

    if not isinstance(game, str) or not game.isidentifier():
        raise RoomSpecError("game", "a game's registry name (an identifier)")
    try:
        entry = lookup(game)
    except KeyError as exc:
        raise RoomSpecError("game", str(exc.args[0])) from None
    low, high = entry.players
    if not _is_int(players) or not low <= players <= high:
        raise RoomSpecError("players", f"{game} seats {low} to {high} players")
    bot = bot_kind(bot)
    if not isinstance(bot, str) or bot not in BOT_NAMES:
        algorithms = ", ".join(name for name in BOT_NAMES if name != "random")
        raise RoomSpecError("bot", f"{BOT_CHOICES} (or an algorithm: {algorithms})")
    if _is_int(bots):
        if not 0 <= bots <= players:
            raise RoomSpecError("bots", f"a count within 0..{players}")
        seats = [HUMAN] * (players - bots) + [bot] * bots
    elif isinstance(bots, list | tuple):
        if len(bots) != players:
            raise RoomSpecError("bots", f"one seat kind per player ({players})")
        kinds = (HUMAN, *BOT_NAMES)
        seats = [bot_kind(kind) for kind in bots]
        if not all(isinstance(kind, str) and kind in kinds for kind in seats):
            raise RoomSpecError(
                "bots", f"each seat human or a bot: {BOT_CHOICES} (or an algorithm)"
            )
    else:
        raise RoomSpecError("bots", "a count or a list of seat kinds")
    if seed is not None and not (_is_int(seed) and 0 <= seed <= MAX_SEED):
        raise RoomSpecError("seed", f"an int within 0..{MAX_SEED} (2**63 - 1)")
    if options is None:
        options = {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RoomSpecError("options", "an object of the game's rule options")
    if "players" in options and options["players"] != players:
        raise RoomSpecError(
            "options",
            f"'players' ({options['players']!r}) contradicts players ({players})",
        )
    opts = {**options, "players": players}
    try:
        game_obj = entry.factory(**opts)
    except (TypeError, ValueError) as exc:
        raise RoomSpecError("options", f"unknown or bad rule option: {exc}") from None
    if game_obj.players != players:
        raise RoomSpecError("options", f"they make a {game_obj.players}-seat game")
    if "heuristic" in seats and heuristic_module(game_obj) is None:
        raise RoomSpecError("bots", f"{game} has no heuristic bot")
    return game_obj, opts, seats, seed


class RoomsHandler(tornado.web.RequestHandler):
    """``POST /api/rooms`` with the admin token: create a room, get its links."""

    def initialize(self, server: Server) -> None:
        self.server = server

    def post(self) -> None:
        given = self.request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not hmac.compare_digest(given.encode(), self.server.admin_token.encode()):
            raise tornado.web.HTTPError(403, "wrong admin token")
        try:
            spec = strict_loads(self.request.body or b"{}")
        except ValueError:
            self.set_status(400)
            self.finish({"error": "the body is not JSON", "field": None})
            return
        try:
            if not isinstance(spec, dict):
                raise RoomSpecError("body", "a JSON object of the room's fields")
            unknown = sorted(set(spec) - set(ROOM_FIELDS))
            if unknown:
                raise RoomSpecError(
                    str(unknown[0]), f"unknown field (known: {', '.join(ROOM_FIELDS)})"
                )
            if "game" not in spec:
                raise RoomSpecError("game", "missing")
            links = self.server.create_room(**spec)
        except RoomSpecError as exc:
            self.set_status(400)
            self.finish({"error": str(exc), "field": exc.field})
            return
        self.finish(links)


class PlayPage(tornado.web.RequestHandler):
    """What a join link opens in a browser: the playable page
    (``tabletop.page.template``). The token stays in the link's ``#fragment``, which
    no request carries; the page may talk to this server only, and run only its
    own script and styles (a fresh nonce each time)."""

    def get(self, room: str) -> None:
        nonce = secrets.token_urlsafe(12)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-store")
        self.set_header(
            "Content-Security-Policy",
            f"default-src 'none'; script-src 'nonce-{nonce}'; "
            f"style-src 'nonce-{nonce}'; connect-src 'self'; img-src 'self' data:; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        self.finish(page_html(room, P.PROTOCOL_VERSION, nonce))


class Server:
    """The seat server and its rooms.

    Args:
        db: the SQLite file (created if absent); ``":memory:"`` keeps nothing.
        host, port: where to listen (port 0 picks a free one).
        public_url: the base of the links handed out (default ``http://host:port``;
            for a server on every address, ``host`` is this machine's address on
            its network, a guess ``link_warning`` says in words:
            ``tabletop.online.address``).
        bot_delay: seconds a server bot waits before moving (so people can follow).
        rate, burst: frames a second each connection may send, and its burst.
        admin_token: for ``POST /api/rooms`` (a fresh one if omitted).
        hello_timeout: seconds a connection has to send its ``hello`` (a websocket)
            or its request headers (any HTTP connection, and between requests on
            a kept-alive one); it is closed after that.
        ping_interval, ping_timeout: a websocket that said hello is pinged every
            ``ping_interval`` seconds and closed when a pong takes longer than
            ``ping_timeout``.
        max_connections: connections open at once in all (HTTP and websockets);
            an extra websocket is answered 503, an extra raw connection gets a
            503 response and is closed.
        max_per_address: connections open at once from one client address; an
            extra one is answered 429.
        trusted_proxies: addresses of reverse proxies whose ``X-Real-IP`` or
            ``X-Forwarded-For`` names the client (otherwise the peer's address is
            the client's, and those headers are ignored).
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
        hello_timeout: float = 5.0,
        ping_interval: float = 20.0,
        ping_timeout: float = 20.0,
        max_connections: int = 4096,
        max_per_address: int = 64,
        trusted_proxies: Sequence[str] = (),
    ) -> None:
        if not hello_timeout > 0:
            raise ValueError("hello_timeout must be positive")
        if max_connections < 1 or max_per_address < 1:
            raise ValueError("max_connections and max_per_address must be >= 1")
        self.host, self.port = host, port
        self.hello_timeout = float(hello_timeout)
        self.ping_interval, self.ping_timeout = ping_interval, ping_timeout
        self.max_connections, self.max_per_address = max_connections, max_per_address
        self.trusted_proxies = frozenset(_address(a) for a in trusted_proxies)
        #: websockets open (or upgrading) per client address
        self.sockets: dict[str, int] = {}
        #: HTTP connections not (yet) upgraded, per peer address
        self.streams: dict[str, int] = {}
        self.public_url = public_url
        #: the host the links name when no ``public_url`` is given
        self.link_address = (
            link_address(host) if public_url is None else LinkAddress(host)
        )
        self.bot_delay = bot_delay
        self.rate, self.burst = rate, burst
        self.admin_token = admin_token or secrets.token_urlsafe(18)
        self.store = Store(db)
        self.rooms: dict[str, Room] = {}
        #: seconds taken to handle each recent action (``GET /api/stats``)
        self.handled: deque[float] = deque(maxlen=100_000)
        #: actions handled since the start (``handled`` keeps the last 100,000)
        self.handled_total = 0
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

        Raises:
            RoomSpecError: a field out of range or of the wrong type (its
                ``field`` names it; see ``check_room_spec``).
        """
        if self.loop is not None and _other_thread(self.loop):
            return self.call(
                lambda: self.create_room(game, players, bots, bot, seed, options)
            )
        game_obj, opts, seats, seed = check_room_spec(
            game, players, bots, bot, seed, options
        )
        tokens, hashes = new_tokens(players)
        record = RoomRecord(
            secrets.token_urlsafe(8),
            game_obj.name,
            opts,
            secrets.randbits(62) if seed is None else seed,
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

    # -- connections ------------------------------------------------------------------
    def client_address(self, request: Any) -> str:
        """The client's address: the peer's, or the one a trusted proxy names."""
        peer = _address(request.remote_ip or "")
        if peer not in self.trusted_proxies:
            return peer
        real = request.headers.get("X-Real-IP", "").strip()
        if real and _valid(real):
            return _address(real)
        forwarded = request.headers.get("X-Forwarded-For", "")
        # The proxy appends the address it saw: the last entry not a proxy itself.
        for hop in reversed([h.strip() for h in forwarded.split(",")]):
            if not _valid(hop):
                break
            if _address(hop) not in self.trusted_proxies:
                return _address(hop)
        return peer

    def open_connections(self) -> int:
        return sum(self.sockets.values()) + sum(self.streams.values())

    def admit(self, address: str) -> tuple[int, str] | None:
        """Count a websocket from ``address``, or say why not (status, reason)."""
        if sum(self.sockets.values()) >= self.max_connections:
            return 503, f"the server is full ({self.max_connections} connections)"
        if self.sockets.get(address, 0) >= self.max_per_address:
            return 429, (
                f"too many connections from one address ({self.max_per_address})"
            )
        self.sockets[address] = self.sockets.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)

    # -- running ----------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The base of the join links."""
        return self.public_url or self.link_address.base(self.port)

    def link_warning(self) -> str:
        """Why the links may not open on the players' devices (they name a
        guessed address), in words for the host; ``""`` when they name the
        address the server listens on or the ``public_url``."""
        if self.public_url:
            return ""
        return self.link_address.warning(self.host, self.port)

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
            websocket_ping_interval=self.ping_interval,
            websocket_ping_timeout=self.ping_timeout,
        )

    def listen(self) -> None:
        """Load the rooms and listen, on the running event loop."""
        self.loop = asyncio.get_running_loop()
        self.load_rooms()
        sockets = tornado.netutil.bind_sockets(self.port, self.host)
        self.port = sockets[0].getsockname()[1]
        self._http = _CappedHTTPServer(
            self,
            self.app(),
            max_body_size=P.MAX_MESSAGE,
            idle_connection_timeout=self.hello_timeout,
            body_timeout=self.hello_timeout,
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


class _CappedHTTPServer(tornado.httpserver.HTTPServer):
    """An HTTP server that counts its connections (until they become websockets,
    which ``SeatSocket`` counts) and turns away those over the caps."""

    def initialize(self, server: Server, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self.seat_server = server
        super().initialize(*args, **kwargs)

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple) -> None:
        server = self.seat_server
        peer = _address(str(address[0])) if address else ""
        if server.open_connections() >= server.max_connections:
            return self._turn_away(stream, 503, "Service Unavailable", "server full")
        if (
            peer not in server.trusted_proxies
            and server.streams.get(peer, 0) + server.sockets.get(peer, 0)
            >= server.max_per_address
        ):
            return self._turn_away(
                stream, 429, "Too Many Requests", "too many connections"
            )
        server.streams[peer] = server.streams.get(peer, 0) + 1
        stream._tabletop_peer = peer  # type: ignore[attr-defined]
        super().handle_stream(stream, address)

    def on_close(self, server_conn: Any) -> None:
        super().on_close(server_conn)
        peer = getattr(server_conn.stream, "_tabletop_peer", None)
        if peer is None:
            return
        server_conn.stream._tabletop_peer = None
        streams = self.seat_server.streams
        streams[peer] = streams.get(peer, 0) - 1
        if streams[peer] <= 0:
            del streams[peer]

    def _turn_away(
        self, stream: tornado.iostream.IOStream, code: int, status: str, why: str
    ) -> None:
        """Read the request's head (briefly), answer ``code`` and close."""
        body = f"{why}\n".encode()
        answer = (
            f"HTTP/1.1 {code} {status}\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode() + body

        async def answer_and_close() -> None:
            try:
                await asyncio.wait_for(
                    stream.read_until_regex(rb"\r?\n\r?\n", max_bytes=16384), 1.0
                )
                await stream.write(answer)
            except (TimeoutError, tornado.iostream.StreamClosedError, ValueError):
                pass
            finally:
                stream.close()

        asyncio.ensure_future(answer_and_close())


def _valid(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _address(text: str) -> str:
    """An address in one spelling (IPv4-mapped IPv6 as IPv4)."""
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def _other_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is not loop
    except RuntimeError:
        return True
