"""Bots that play any game through the Game protocol, from their own view only.

``make_bot(name, game, seed)`` builds one: ``"random"`` (uniform legal moves),
``"heuristic"`` (the game's own, the ``heuristic`` part of its registry entry:
plays the obvious good moves), ``"ismcts"`` (information-set Monte Carlo tree
search) and ``"flat-mc"`` (paired flat Monte Carlo around the heuristic;
``"search"`` builds the same bot). A table offers them by level (``BOT_LEVELS``):
Easy is the heuristic, Medium ``ismcts``, Hard ``flat-mc``; ``make_bot`` takes
those names too. ``play_out`` lets bots finish a game.
"""

from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.protocol import Bot, PlayResult, play_out
from tabletop.bots.random import RandomBot
from tabletop.bots.registry import BOT_LEVELS, BOT_NAMES, heuristic_module, make_bot
from tabletop.bots.search import SearchBot

__all__ = [
    "BOT_LEVELS",
    "BOT_NAMES",
    "Bot",
    "ISMCTSBot",
    "PlayResult",
    "RandomBot",
    "SearchBot",
    "heuristic_module",
    "make_bot",
    "play_out",
]
