"""Play together: a seat server holding rooms, and the client a Table plays through.

Every player sits at their own browser or notebook and sees only their own hand:
``tabletop serve`` (or ``Server(...).start_in_thread()``) holds the matches,
``create_room`` hands out one secret link per seat plus a spectator and a referee
link, and ``RemoteMatch(link)`` (or ``tabletop.ui.join(link)`` for a Table) joins.
This package never imports ``tabletop.ui``. Importing it imports neither the
server nor the client (tornado) nor the store (sqlite3): they load when first
named, so ``tabletop.page.protocol`` serves a browser's Python too
(``tabletop.site``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabletop.page.protocol import PROTOCOL_VERSION

#: The names this package offers from its modules, loaded when first asked for.
_LAZY = {
    "JoinError": "client",
    "RemoteMatch": "client",
    "parse_link": "client",
    "DEFAULT_PORT": "server",
    "Server": "server",
    "SCHEMA_VERSION": "store",
    "Store": "store",
}

__all__ = [
    "DEFAULT_PORT",
    "JoinError",
    "PROTOCOL_VERSION",
    "RemoteMatch",
    "SCHEMA_VERSION",
    "Server",
    "Store",
    "create_room",
    "parse_link",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def create_room(
    server: Any,
    game: str,
    players: int = 2,
    bots: int | Sequence[str] = 0,
    *,
    bot: str = "heuristic",
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    admin_token: str | None = None,
) -> dict[str, Any]:
    """Create a room and return its links.

    Args:
        server: a ``Server`` in this process, or a server's URL
            (``http://127.0.0.1:8765``) with its ``admin_token``.
        game: the game's registry name.
        players: the number of seats.
        bots: how many of the last seats bots play, or one kind per seat
            (``"human"``, ``"random"``, ``"heuristic"``, ``"search"``).
        bot: the bot kind when ``bots`` is a count.
        seed: the deal's seed (secret; a random one by default).
        options: further rule options of the game.

    Returns:
        ``{"room": id, "seats": [link or None per seat], "spectator": link,
        "referee": link}``; bot seats have no link.
    """
    spec = {
        "game": game,
        "players": players,
        "bots": bots if isinstance(bots, int) else list(bots),
        "bot": bot,
        "seed": seed,
        "options": options or {},
    }
    import urllib.request

    from tabletop.online.server import Server

    if isinstance(server, Server):
        return server.create_room(**spec)
    request = urllib.request.Request(
        server.rstrip("/") + "/api/rooms",
        data=json.dumps(spec).encode(),
        headers={
            "Authorization": f"Bearer {admin_token or ''}",
            "Content-Type": "application/json",
        },
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)
