"""Strict JSON reading, shared by saves, board files and network messages.

Python's ``json`` accepts ``NaN``/``Infinity`` and silently keeps the last of two
duplicate keys; user files may do neither here, so every loader goes through
``strict_loads``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _no_duplicates(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def strict_loads(text: str | bytes) -> Any:
    """Parse JSON text, refusing NaN/Infinity and duplicate keys (``ValueError``)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return json.loads(
        text, parse_constant=_no_constants, object_pairs_hook=_no_duplicates
    )
