"""What the generic table holds without knowing it: the names of its boundaries.

The table plays every game through ``tabletop.core.Game`` and draws it through
the game's ``Look``; a game's state, its actions and a bot are the game's own,
so the table passes them along unread. These aliases say so once, where
``Any`` is the honest type.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.viewers import Viewer

__all__ = ["Action", "Bot", "Eyes", "State"]

State = Any  # a game's state (or a seat's view of it): the table knows no game
Action = Any  # a game's action object or its notation: the game parses it
Bot = Any  # a bot: any object with ``choose(view) -> action`` (``tabletop.bots``)
Eyes = int | Viewer | None  # a seat, a viewer such as PUBLIC, or None: everything
