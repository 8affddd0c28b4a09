"""Raiders of the Lost Ark (Kenner, 1981): the rules engine.

``Raiders(players=2..6)`` is the Game (``rules.py``); ``RaidersState`` the state
(fields documented in ``state.py``); ``actions.py`` the notation; ``legal.py`` the
rules of each decision; ``moves.py`` travel; ``turns.py`` the turn cycle and card
plays; ``views.py``, ``codec.py``, ``edits.py``, ``explain.py``, ``text.py`` what
the protocol asks besides; ``cards.py`` card data for displays; ``board.py`` the
map; ``scenarios.py`` ready-made situations for tests and tutorials
(``scenario(name)``, ``build_state(game, **description)``). Our rulings:
``docs/rules-raiders.md``.
"""

from tabletop.core.registry import register  # noqa: E402
from tabletop.games.raiders.rules import Raiders
from tabletop.games.raiders.scenarios import build_state, scenario
from tabletop.games.raiders.state import RaidersState

GAME_CLASS = Raiders
register("raiders", Raiders)

__all__ = ["GAME_CLASS", "Raiders", "RaidersState", "build_state", "scenario"]
