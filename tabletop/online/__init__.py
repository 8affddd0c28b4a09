"""Play together: a seat server holding rooms, and the client a Table plays through.

Every player sits at their own browser or notebook and sees only their own hand:
``tabletop serve`` (or ``Server(...).start_in_thread()``) holds the matches,
``create_room`` hands out one secret link per seat plus a spectator and a referee
link, and ``RemoteMatch(link)`` (or ``tabletop.ui.join(link)`` for a Table) joins.
This package never imports ``tabletop.ui``.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Sequence
from typing import Any

from tabletop.online.client import JoinError, RemoteMatch, parse_link
from tabletop.online.protocol import PROTOCOL_VERSION
from tabletop.online.server import DEFAULT_PORT, Server
from tabletop.online.store import SCHEMA_VERSION, Store

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


def create_room(
    server: Server | str,
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
