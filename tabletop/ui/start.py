"""One-line tables: ``new_table("<game>", players=3, seed=7, bots=2)``.

The game is found by name in the registry (``tabletop.core.registry``);
``tabletop.ui.<game>_table(...)`` is the same call with the name filled in. Without
a seed a table deals a fresh game (``tabletop.core.rng.fresh_seed``); its seed is
kept on the match and shown in the Save / load tab, so ``seed=<that seed>`` deals
it again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from tabletop.core import Match
from tabletop.core.registry import lookup
from tabletop.core.rng import fresh_seed
from tabletop.ui.controller import Table
from tabletop.ui.saving import (
    autosave_by_default,
    autosave_path,
    under_voila,
    visitor_save_path,
)
from tabletop.ui.visitor_link import Visit, this_visit


def default_bot(game: Any) -> str:
    """The bot a table seats unless told: Easy (the game's heuristic), as every
    screen offers it; ``random`` for a game without a heuristic."""
    from tabletop.bots.registry import heuristic_module

    return "heuristic" if heuristic_module(game) is not None else "random"


def _seats(players: int, bots: int | Sequence[Any], bot: str) -> list[Any]:
    """Seat 0 human and the last ``bots`` seats bots, or an explicit list."""
    if isinstance(bots, int):
        return ["human"] * (players - bots) + [bot] * bots
    return list(bots)


def _save_name(game: Any, seed: int | None) -> str:
    """The autosave's name: the game and its player count (``<game>-4p``), its
    house rules when any differ from the rulings (``-house-<8 hex>``: a table of
    other rules never offers to resume a game played under these), and the seed
    when one was given (``-seed7``)."""
    name = f"{game.name}-{game.players}p"
    house = getattr(game, "options", None) or {}
    if house:
        text = json.dumps(house, sort_keys=True)
        name += "-house-" + hashlib.sha256(text.encode()).hexdigest()[:8]
    return name + (f"-seed{seed}" if seed is not None else "")


def table_for(
    game: Any,
    seed: int | None = None,
    bots: int | Sequence[Any] = 0,
    bot: str | None = None,
    name: str | None = None,
    autosave: bool | None = None,
    **table_options: Any,
) -> Table:
    """A table for a new seeded match of ``game``, ``bots`` seats played by bots
    (``bot``: the Easy bot, ``default_bot``, unless named: "Hard", "random"...).

    ``seed`` (default: a fresh one from the operating system's randomness, so
    every table made without a seed deals a game of its own) is kept on the match:
    the seed and the actions replay the game exactly, and ``seed=`` that seed deals
    the same game again.

    ``autosave`` (default: on in a kernel, off outside one) saves every move to
    ``.tabletop/<notebook>-<name>.json``; making the table again after a kernel
    restart offers to resume that game. Under Voila the save is the visitor's
    own (``.tabletop/visitors/<id>/``): the table shows the link that brings it
    back (``?game=<id>``, also put in the page's address), and a page loaded
    with that link offers to resume it (``tabletop.ui.visitor_link``). ``name``
    defaults to the game and its player count (``<game>-4p``), with its house
    rules' mark when it has any (``-house-<8 hex>``), with the seed
    when one is given (``<game>-4p-seed7``): two different tables in one notebook
    keep two saves, and running a table's cell again finds its own, fresh seed
    or not (the saved game resumes with its own seed).
    """
    chosen = seed is not None
    seed = seed if seed is not None else fresh_seed()
    match = Match(game, seed=seed)
    if autosave is None:
        autosave = autosave_by_default()
    name = name or _save_name(game, seed if chosen else None)
    visit = this_visit() if autosave and under_voila() else None
    if visit is not None:  # never the notebook's file, which every visitor shares
        path = visitor_save_path(visit, name)
    else:
        path = autosave_path(name) if autosave else None
    seats = _seats(game.players, bots, bot or default_bot(game))
    table = Table(match, seats=seats, autosave=path, **table_options)
    if visit is not None:
        _show_link(table, visit)
    return table


def _show_link(table: Table, visit: Visit) -> None:
    """Show a Voila visitor their game's link, under the offer to resume it."""
    files = table.widgets.files
    files.show_visit(visit)
    children = list(table.children)
    children.insert(children.index(table.widgets.end_box) + 1, files.link_box)
    table.children = children


def new_table(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    bots: int | Sequence[Any] = 0,
    bot: str | None = None,
    name: str | None = None,
    autosave: bool | None = None,
    evaluation: bool | None = None,
    **rule_options: Any,
) -> Table:
    """A table for a new seeded match of the registered game ``game``:
    ``new_table(name, players=3, seed=7, bots=2)`` seats a human at seat 0 and
    Easy bots at the last two seats (``bot="Hard"``: Hard ones).

    Args:
        game: the game's registry name.
        players: the number of seats (default: the game's smallest count).
        seed, bots, bot, name, autosave: as for ``table_for`` (no seed: a
            fresh game, its seed shown in the Save / load tab).
        evaluation: the evaluation bar on or off (``None``: on with one human
            seat against bots, off with several humans).
        **rule_options: the game's rule options.
    """
    entry = lookup(game)
    players = entry.players[0] if players is None else players
    made = entry.make(players=players, **rule_options)
    return table_for(
        made, seed, bots, bot, name=name, autosave=autosave, evaluation=evaluation
    )
