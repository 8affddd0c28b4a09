"""The names of the table's boundaries: ``tabletop.core.opaque``'s, here too.

The table plays every game through ``tabletop.core.Game`` and draws it through
the game's ``Look``; a game's state, its actions and a bot are the game's own,
so the table passes them along unread (see ``tabletop.core.opaque``).
"""

from __future__ import annotations

from tabletop.core.opaque import Action, Bot, Eyes, State

__all__ = ["Action", "Bot", "Eyes", "State"]
