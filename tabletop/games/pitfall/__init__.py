"""Pitfall Harry (Milton Bradley, 1983): the rules engine.

``Pitfall(players=2..4)`` is the Game (``rules.py``); ``PitfallState`` the state
(fields documented in ``state.py``); ``actions.py`` the notation; ``legal.py`` the
rules of each decision; ``cards.py`` card and token data for displays;
``scenarios.py`` ready-made situations for tests and tutorials (``scenario(name)``,
``build_state(game, **description)``). The package layout is the one every game
shares (``docs/adding-a-game.md``).
"""

from tabletop.core.registry import register
from tabletop.games.pitfall.rules import Pitfall
from tabletop.games.pitfall.scenarios import build_state, scenario
from tabletop.games.pitfall.state import PitfallState

GAME_CLASS = Pitfall
register("pitfall", Pitfall)

__all__ = ["GAME_CLASS", "Pitfall", "PitfallState", "build_state", "scenario"]
