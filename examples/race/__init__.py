"""Race: a small game with hidden hands, installed as its own package, ``race``.

A third game with every part the shipped ones have, declared without a change to
the tabletop: ``Race(players=2..4)`` is the Game (``rules.py``); ``RaceState`` the
state (``state.py``); ``actions.py`` its two actions; ``scenarios.py`` ready-made
situations (``scenario(name)``, ``build_state(game, **description)``); and its look,
heuristic, lessons, action space and teach-mode examples in ``look``,
``heuristic``, ``lessons``, ``space`` and ``teach``, loaded only when asked for.
See ``docs/adding-a-game.md``, which walks through it.

Installing: ``pip install -e examples/race`` (from the checkout). The package's
files sit directly in ``examples/race/`` next to its ``pyproject.toml``; the wheel
maps that folder to the import name ``race`` (hatch's ``sources``), with the board
file and the lesson notebook, and an editable install puts ``examples/`` on
``sys.path`` (hatch's ``dev-mode-dirs``), so ``import race`` reads this very
folder. Import it as ``race``: the entry point names ``race:ENTRY``, and the same
files imported under another name (``examples.race``) would be another game class
the registry does not know.

``ENTRY`` declares the game to the registry; the ``tabletop.games`` entry point
of ``pyproject.toml`` names it, so once installed the game is found by name
(``tabletop.core.game_names()``) like the shipped ones.
"""

from tabletop.core.registry import GameEntry

from .rules import Race
from .scenarios import build_state, scenario
from .state import RaceState

_HERE = __name__

ENTRY = GameEntry(
    name="race",
    title="Race",
    game=f"{_HERE}.rules:Race",
    players=(2, 4),
    look=f"{_HERE}.look:RaceLook",
    heuristic=f"{_HERE}.heuristic",
    lessons=f"{_HERE}.lessons",
    space=f"{_HERE}.space:space",
    teach=f"{_HERE}.teach:candidates",
    scenarios=f"{_HERE}.scenarios",
)

__all__ = ["ENTRY", "Race", "RaceState", "build_state", "scenario"]
