"""Pitfall Harry (Milton Bradley, 1983): everything about the game, in one package.

``Pitfall(players=2..4)`` is the Game (``rules.py``); ``PitfallState`` the state
(fields documented in ``state.py``); ``scenarios.py`` ready-made situations for tests
and tutorials (``scenario(name)``, ``build_state(game, **description)``). The modules
are the ones every game shares, with the same roles (``docs/adding-a-game.md``):
the rules in ``rules``, ``legal``, ``moves``, ``turns``, ``work``, ``views``,
``codec``, ``edits``, ``explain``, ``text``, ``actions``, ``cards``, ``board``;
its look, heuristic, lessons, action space and teach-mode examples in ``look``,
``heuristic``, ``lessons``, ``space`` and ``teach``, loaded only when asked for.

``ENTRY`` declares the game to the registry; the ``tabletop.games`` entry point
names it.
"""

from tabletop.core.registry import GameEntry
from tabletop.games.pitfall.rules import Pitfall
from tabletop.games.pitfall.scenarios import build_state, scenario
from tabletop.games.pitfall.state import PitfallState

_HERE = __name__

ENTRY = GameEntry(
    name="pitfall",
    title="Pitfall Harry",
    game=f"{_HERE}.rules:Pitfall",
    players=(2, 4),  # PH-S-PLAYERS
    look=f"{_HERE}.look:PitfallLook",
    heuristic=f"{_HERE}.heuristic",
    lessons=f"{_HERE}.lessons",
    space=f"{_HERE}.space:space",
    teach=f"{_HERE}.teach:candidates",
    scenarios=f"{_HERE}.scenarios",
)

__all__ = ["ENTRY", "Pitfall", "PitfallState", "build_state", "scenario"]
