"""Raiders of the Lost Ark (Kenner, 1981): everything about the game, in one package.

``Raiders(players=2..6)`` is the Game (``rules.py``); ``RaidersState`` the state
(fields documented in ``state.py``); ``scenarios.py`` ready-made situations for tests
and tutorials (``scenario(name)``, ``build_state(game, **description)``). The modules
are the ones every game shares, with the same roles (``docs/adding-a-game.md``):
the rules in ``rules``, ``legal``, ``moves``, ``turns``, ``work``, ``views``,
``codec``, ``edits``, ``explain``, ``text``, ``actions``, ``cards``, ``board``;
its look, heuristic, lessons, action space and teach-mode examples in ``look``,
``heuristic``, ``lessons``, ``space`` and ``teach``, loaded only when asked for.
Our rulings: ``docs/rules-raiders.md``.

``ENTRY`` declares the game to the registry; the ``tabletop.games`` entry point
names it.
"""

from tabletop.core.registry import GameEntry
from tabletop.games.raiders.rules import Raiders
from tabletop.games.raiders.scenarios import build_state, scenario
from tabletop.games.raiders.state import RaidersState

_HERE = __name__

ENTRY = GameEntry(
    name="raiders",
    title="Raiders of the Lost Ark",
    game=f"{_HERE}.rules:Raiders",
    players=(2, 6),  # RA-S-PLAYERS
    look=f"{_HERE}.look:RaidersLook",
    heuristic=f"{_HERE}.heuristic",
    lessons=f"{_HERE}.lessons",
    space=f"{_HERE}.space:space",
    teach=f"{_HERE}.teach:candidates",
    scenarios=f"{_HERE}.scenarios",
)

__all__ = ["ENTRY", "Raiders", "RaidersState", "build_state", "scenario"]
