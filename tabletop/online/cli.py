"""``tabletop serve`` and ``tabletop room``: run the seat server, create rooms.

``serve`` listens on 127.0.0.1:8765 by default and keeps its rooms in
``tabletop-rooms.sqlite`` in the current folder. The admin token that creating
rooms needs is kept beside the database (``<db>.admin``, readable by its owner
only), so ``room`` finds it when run from the same folder.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import sys
import urllib.error
from pathlib import Path
from typing import Any

DEFAULT_DB = "tabletop-rooms.sqlite"


def add_commands(commands: argparse._SubParsersAction) -> None:
    serve = commands.add_parser("serve", help="run the seat server for online play")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8765, help="port (0: any free)")
    serve.add_argument("--public-url", default=None, help="base of the join links")
    serve.add_argument("--db", default=DEFAULT_DB, help="SQLite file of the rooms")
    serve.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits to move"
    )
    serve.add_argument("--admin-token", default=None, help="token to create rooms")
    serve.add_argument(
        "--rate", type=float, default=20.0, help="frames a second per connection"
    )
    serve.add_argument("--burst", type=float, default=40.0, help="rate limit burst")
    serve.add_argument(
        "--hello-timeout",
        type=float,
        default=5.0,
        help="seconds a connection has to say hello (or send its request)",
    )
    serve.add_argument(
        "--ping-interval", type=float, default=20.0, help="seconds between pings"
    )
    serve.add_argument(
        "--ping-timeout", type=float, default=20.0, help="seconds a pong may take"
    )
    serve.add_argument(
        "--max-connections", type=int, default=4096, help="connections in all"
    )
    serve.add_argument(
        "--max-per-address", type=int, default=64, help="connections per client"
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Real-IP / X-Forwarded-For names the client "
        "(repeat for several)",
    )
    serve.set_defaults(run=run_serve)
    room = commands.add_parser("room", help="create a room on a running server")
    room.add_argument("game", help="the game's name (see: python -m tabletop games)")
    room.add_argument("--players", type=int, default=2)
    room.add_argument("--bots", type=int, default=0, help="the last N seats are bots")
    room.add_argument(
        "--bot",
        default="Easy",
        type=bot_level,
        metavar="LEVEL",
        help="how well the bots play: Easy (the default), Medium or Hard "
        "(or random: any legal move)",
    )
    room.add_argument("--seed", type=int, default=None, help="the deal (secret)")
    room.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule (repeat for several; python -m tabletop options GAME "
        "lists them)",
    )
    room.add_argument("--server", default="http://127.0.0.1:8765")
    room.add_argument("--db", default=DEFAULT_DB, help="where the admin token is")
    room.add_argument("--admin-token", default=None)
    room.set_defaults(run=run_room)


def bot_level(text: str) -> str:
    """A bot level as the screens say it ("hard" -> "Hard"); other names pass
    as they are, for the server to check (scripts may name an algorithm)."""
    from tabletop.bots import BOT_LEVELS

    return next((lv for lv, _ in BOT_LEVELS if lv.lower() == text.lower()), text)


def house_rules_of(game: str, written: list[str]) -> dict[str, object]:
    """The ``--rule NAME=VALUE`` house rules, checked against the game's options
    (refused in words); a game this machine does not know passes them to the
    server as text, for it to check."""
    from tabletop.core.options import options_of, parse_assignments
    from tabletop.core.registry import lookup

    if not written:
        return {}
    try:
        entry = lookup(game)
    except KeyError:
        return dict(text.partition("=")[::2] for text in written)
    return parse_assignments(options_of(entry), written, entry.title or entry.name)


def admin_token_file(db: str) -> Path:
    return Path(f"{db}.admin")


def _admin_token(args: argparse.Namespace) -> str:
    if args.admin_token:
        return args.admin_token
    path = admin_token_file(args.db)
    if path.exists():
        return path.read_text().strip()
    token = secrets.token_urlsafe(18)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(token + "\n")
    return token


def server_from_args(args: argparse.Namespace):
    """The ``Server`` that ``tabletop serve`` runs for these arguments."""
    from tabletop.online.server import Server

    return Server(
        db=args.db,
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        bot_delay=args.bot_delay,
        admin_token=_admin_token(args),
        rate=args.rate,
        burst=args.burst,
        hello_timeout=args.hello_timeout,
        ping_interval=args.ping_interval,
        ping_timeout=args.ping_timeout,
        max_connections=args.max_connections,
        max_per_address=args.max_per_address,
        trusted_proxies=args.trusted_proxy,
    )


def run_serve(args: argparse.Namespace) -> int:
    server = server_from_args(args)

    async def main() -> None:
        server.listen()
        said, warning = startup_report(server, args.db)
        print(said, flush=True)
        if warning:
            print(warning, file=sys.stderr, flush=True)
        for room, why in server.broken.items():
            print(f"room {room} not loaded: {why}", flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0


def startup_report(server: Any, db: str) -> tuple[str, str]:
    """What ``serve`` says once listening, and a warning when the links name a
    guessed address (``""`` otherwise). A server on every address is not written
    as a link: ``http://0.0.0.0:8765`` opens nothing on a phone."""
    from tabletop.online.address import EVERY_ADDRESS

    host, port = server.host, server.port
    where = (
        f"every address ({host or '*'}), port {port}"
        if host in EVERY_ADDRESS
        else server.link_address.base(port)
    )
    said = (
        f"tabletop server on {where} ({len(server.rooms)} rooms from {db}; "
        f"links use {server.url})"
    )
    return said, server.link_warning()


def run_room(args: argparse.Namespace) -> int:
    from tabletop.online import create_room

    token = args.admin_token
    if token is None and admin_token_file(args.db).exists():
        token = admin_token_file(args.db).read_text().strip()
    options = house_rules_of(args.game, args.rule)
    try:
        links = create_room(
            args.server,
            game=args.game,
            players=args.players,
            bots=args.bots,
            bot=args.bot,
            seed=args.seed,
            options=options,
            admin_token=token,
        )
    except urllib.error.HTTPError as exc:  # the server answered: say what it said
        print(
            f"tabletop room: the server refused: {exc.read().decode()}", file=sys.stderr
        )
        return 2
    except OSError as exc:  # no server there (URLError is an OSError)
        reason = getattr(exc, "reason", exc)
        print(
            f"tabletop room: cannot reach a seat server at {args.server} ({reason}).\n"
            "Start one first with `tabletop serve` (it prints its address), or "
            "pass that address with --server.",
            file=sys.stderr,
        )
        return 2
    print(json.dumps(links, indent=1))
    return 0
