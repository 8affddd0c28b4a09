"""The notebook tabletop: a traitlets controller, an ipycanvas board, card hands and
panels, built on the Game protocol plus a small drawing adapter per game.

Imports are lazy so that ``tabletop.ui.recording`` can be installed (in tests and
benchmarks) before ipycanvas is first imported.
"""

from __future__ import annotations

from typing import Any

_EXPORTS = {
    "Table": "tabletop.ui.table",
    "BoardAdapter": "tabletop.ui.board",
    "BoardView": "tabletop.ui.board",
    "HandView": "tabletop.ui.hands",
    "RandomChooser": "tabletop.ui.seats",
    "pitfall_table": "tabletop.ui.tables",
    "raiders_table": "tabletop.ui.tables",
    "table_for": "tabletop.ui.tables",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'tabletop.ui' has no attribute {name!r}")
