"""Race: a small game with hidden hands, written to show the game contract.

Importing this package registers the game as ``"race"``; after that, saves,
bots, simulations (process pools included) and the notebook Table find it by name
like the two shipped games. See ``docs/adding-a-game.md``, which walks through it.
"""

from tabletop.core import register

from .game import Race, RaceState

register("race", Race)

__all__ = ["Race", "RaceState"]
