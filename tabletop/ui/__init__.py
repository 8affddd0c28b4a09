"""The notebook tabletop: a traitlets controller, an ipycanvas board, card hands and
panels, built on the Game protocol plus a small drawing adapter per game.

Modules: ``controller`` (the Table), ``start`` (one-line tables per game), ``texts``
(status line, inspector and summary texts), ``board`` / ``hands`` / ``panels`` (the
widgets), ``seats`` (humans and bots), ``teach`` (the teach panel), ``evaluation`` and
``review_tab`` (who is ahead, the review tab and the hint) and one
``<game>_draw`` drawing adapter per game. Imports are lazy so that a test can record
widget messages (``tests/recording.py``) before ipycanvas is first imported.
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "Table": "tabletop.ui.controller",
    "BoardAdapter": "tabletop.ui.board",
    "BoardView": "tabletop.ui.board",
    "HandView": "tabletop.ui.hands",
    "pitfall_table": "tabletop.ui.start",
    "raiders_table": "tabletop.ui.start",
    "table_for": "tabletop.ui.start",
    "join": "tabletop.ui.remote",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'tabletop.ui' has no attribute {name!r}")
