"""The notebook tabletop: a traitlets controller, an ipycanvas board, card hands and
panels, built on the Game protocol and the game's look (``tabletop.draw.Look``).

Modules: ``controller`` (the Table; its model is ``table.model``, see
docs/table.md), ``layout`` (its widgets, ``table.widgets``), ``panel_rendering``
(the panels drawn from the model), ``board_area`` (rings and a lesson's focus),
``gestures`` (what becomes of a click from the page), ``style`` (its style sheet),
``start`` (one-line tables), ``saving`` and ``visitor_link`` (autosave, and a
Voila visitor's game kept under their page's link), ``texts`` (status line,
inspector and summary texts), ``board`` / ``hands`` / ``panels`` (the widgets),
``seats`` (humans and bots), ``teach`` (the teach panel), ``evaluation``,
``review_tab`` and ``hint_panel`` (who is ahead, the review tab and the hint).
Imports are lazy so that
a test can record widget messages (``tests/recording.py``) before ipycanvas is first
imported.

``new_table(name, players=3, seed=7, bots=2)`` starts a table for any registered
game; ``tabletop.ui.<name>_table(players=3, ...)`` is the same for the game
``<name>`` (``from tabletop.ui import <name>_table`` works for every registered game).
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "Table": "tabletop.ui.controller",
    "BoardView": "tabletop.ui.board",
    "HandView": "tabletop.ui.hands",
    "new_table": "tabletop.ui.start",
    "table_for": "tabletop.ui.start",
    "join": "tabletop.ui.remote",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    if name.endswith("_table") and name[: -len("_table")].isidentifier():
        return _table_of(name[: -len("_table")])
    raise AttributeError(f"module 'tabletop.ui' has no attribute {name!r}")


def _table_of(game: str) -> Any:
    """``new_table`` with the game ``game`` filled in, if that game is registered."""
    import functools

    from tabletop.core.registry import game_names

    if game not in game_names():
        raise AttributeError(
            f"module 'tabletop.ui' has no attribute {game + '_table'!r} "
            f"(no game named {game!r} is registered)"
        )
    from tabletop.ui.start import new_table

    made = functools.partial(new_table, game)
    made.__doc__ = f"A new table of the game {game!r}: see ``new_table``."
    return made
