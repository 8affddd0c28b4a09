"""One-line tables per game: ``pitfall_table(players=3, seed=7, bots=2)``.

A game's board adapter (clickable spaces, hands in words) is found by name: the ones
shipped here, or the ``drawing`` part of the game's registry entry; a game with a
``GenericBoard`` gets the generic one. The board itself is drawn by the game's
``tabletop.draw`` drawing, whichever adapter reads the clicks.
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
from tabletop.ui.saving import autosave_by_default, autosave_path

_BUILT_IN_DRAWINGS = {
    "pitfall": "tabletop.ui.pitfall_draw",
    "raiders": "tabletop.ui.raiders_draw",
}


def adapter_for(game: Any) -> BoardAdapter:
    """The board adapter for a game, by its name."""
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
    name: str | None = None,
    autosave: bool | None = None,
    **table_options: Any,
) -> Table:
    """A table for a new seeded match of ``game``, ``bots`` seats played by bots.

    ``autosave`` (default: on in a notebook kernel, off under Voila and outside a
    kernel) saves every move to ``.tabletop/<notebook>-<name>.json``; making the
    table again after a kernel restart offers to resume that game.
    """
    match = Match(game, seed=seed)
    if autosave is None:
        autosave = autosave_by_default()
    path = autosave_path(name or game.name) if autosave else None
    return Table(
        match, seats=_seats(game.players, bots, bot), autosave=path, **table_options
    )


def pitfall_table(
    players: int = 3,
    seed: int = 0,
    bots: int | Sequence[Any] = 0,
    bot: str = "random",
    name: str = "pitfall",
    autosave: bool | None = None,
    evaluation: bool | None = None,
    **rule_options: Any,
) -> Table:
    """A Pitfall Harry table: ``pitfall_table(players=3, seed=7, bots=2)``.

    ``evaluation``: the evaluation bar on or off (``None``: on with one human seat
    against bots, off with several humans); other keywords are rule options.
    """
    from tabletop.games.pitfall import Pitfall

    game = Pitfall(players=players, **rule_options)
    return table_for(
        game, seed, bots, bot, name=name, autosave=autosave, evaluation=evaluation
    )


def raiders_table(
    players: int = 4,
    seed: int = 0,
    bots: int | Sequence[Any] = 0,
    bot: str = "random",
    name: str = "raiders",
    autosave: bool | None = None,
    evaluation: bool | None = None,
    **rule_options: Any,
) -> Table:
    """A Raiders of the Lost Ark table: ``raiders_table(players=4, seed=7, bots=3)``.

    ``evaluation``: as for ``pitfall_table``; other keywords are rule options.
    """
    from tabletop.games.raiders import Raiders

    game = Raiders(players=players, **rule_options)
    return table_for(
        game, seed, bots, bot, name=name, autosave=autosave, evaluation=evaluation
    )
