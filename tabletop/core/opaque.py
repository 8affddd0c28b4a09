"""What generic code holds without knowing it: the names of its boundaries.

Every layer above a game (the match, the table, the page, the transports) plays
it through ``tabletop.core.Game``; a game's state, its actions and a bot are the
game's own, so generic code passes them along unread. These aliases say so once,
where ``Any`` is the honest type, and every signature that holds one names it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.viewers import Viewer

__all__ = ["Action", "Bot", "Eyes", "JSON", "State"]

State = Any  # a game's state (or a seat's view of it): its own, read by the game
Action = Any  # a game's action object or its notation: the game parses it
Bot = Any  # a bot: any object with ``choose(view) -> action`` (``tabletop.bots``)
Eyes = int | Viewer | None  # a seat, a viewer such as PUBLIC, or None: everything
JSON = Any  # a value read from or written as JSON: checked where it is read
