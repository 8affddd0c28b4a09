"""Pitfall Harry (Milton Bradley, 1983): the rules engine.

``Pitfall(players=2..4)`` is the Game; ``PitfallState`` the state (fields documented
in ``state.py``); ``actions.py`` the notation; ``cards.py`` card and token data for
displays; ``scenarios.py`` ready-made situations for tests and tutorials
(``scenario(name)``, ``build_state(game, **description)``).
"""

from tabletop.core.registry import register  # noqa: E402
from tabletop.games.pitfall.rules import Pitfall
from tabletop.games.pitfall.scenarios import build_state, scenario
from tabletop.games.pitfall.state import PitfallState

GAME_CLASS = Pitfall
register("pitfall", Pitfall)

__all__ = ["GAME_CLASS", "Pitfall", "PitfallState", "build_state", "scenario"]
