"""Raiders of the Lost Ark (Kenner, 1981): the rules engine.

``Raiders(players=4)`` is the game; see ``rules`` for the rules summary and
``actions`` for the notation.
"""

from tabletop.games.raiders.rules import Raiders

GAME_CLASS = Raiders

__all__ = ["GAME_CLASS", "Raiders"]
