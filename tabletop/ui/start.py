"""One-line tables per game: ``pitfall_table(players=3, seed=7, bots=2)``.

A game's drawing adapter is found by name: the ones shipped here, or the ``drawing``
part of the game's registry entry; any other game is drawn by the generic adapter.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from tabletop.core import Match
from tabletop.core.boards import GenericBoard
from tabletop.core.registry import lookup
from tabletop.ui.board import BoardAdapter
from tabletop.ui.controller import Table
from tabletop.ui.generic_draw import GenericDraw

_BUILT_IN_DRAWINGS = {
    "pitfall": "tabletop.ui.pitfall_draw",
    "raiders": "tabletop.ui.raiders_draw",
}


def adapter_for(game: Any) -> BoardAdapter:
    """The drawing adapter for a game, by its name."""
    try:
        adapter = lookup(game.name).part("drawing")
    except KeyError:
        adapter = None
    if adapter is None and game.name in _BUILT_IN_DRAWINGS:
        adapter = importlib.import_module(_BUILT_IN_DRAWINGS[game.name]).ADAPTER
    if adapter is None and isinstance(getattr(game, "board", None), GenericBoard):
        adapter = GenericDraw
    if adapter is None:
        return BoardAdapter(game)
    return adapter(game)


def _seats(players: int, bots: int | Sequence[Any], bot: str) -> list[Any]:
    """Seat 0 human and the last ``bots`` seats bots, or an explicit list."""
    if isinstance(bots, int):
        return ["human"] * (players - bots) + [bot] * bots
    return list(bots)


def table_for(
    game: Any,
    seed: int = 0,
    bots: int | Sequence[Any] = 0,
    bot: str = "random",
    **table_options: Any,
) -> Table:
    """A table for a new seeded match of ``game``, ``bots`` seats played by bots."""
    match = Match(game, seed=seed)
    return Table(match, seats=_seats(game.players, bots, bot), **table_options)


def pitfall_table(
    players: int = 3,
    seed: int = 0,
    bots: int | Sequence[Any] = 0,
    bot: str = "random",
    **rule_options: Any,
) -> Table:
    """A Pitfall Harry table: ``pitfall_table(players=3, seed=7, bots=2)``."""
    from tabletop.games.pitfall import Pitfall

    return table_for(Pitfall(players=players, **rule_options), seed, bots, bot)


def raiders_table(
    players: int = 4,
    seed: int = 0,
    bots: int | Sequence[Any] = 0,
    bot: str = "random",
    **rule_options: Any,
) -> Table:
    """A Raiders of the Lost Ark table: ``raiders_table(players=4, seed=7, bots=3)``."""
    from tabletop.games.raiders import Raiders

    return table_for(Raiders(players=players, **rule_options), seed, bots, bot)
