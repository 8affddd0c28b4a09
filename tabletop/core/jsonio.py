"""Strict JSON reading, shared by saves, board files and network messages.

Python's ``json`` accepts ``NaN``/``Infinity`` and silently keeps the last of two
duplicate keys; user files may do neither here, so every loader goes through
``strict_loads``. Python's parser also recurses once per bracket: 400,000 nested
brackets raise ``RecursionError`` in CPython and overflow the browser's stack in
Pyodide, a fatal error. So the nesting is measured on the text before parsing, and
anything deeper than ``MAX_DEPTH`` is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted (saves, board files and frames
nest 4 or 5 deep)."""

# A whole string (brackets inside it do not count), a bracket, or a lone quote
# that opens a string never closed (the parser then reports the text invalid).
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]|"', re.DOTALL)


class NestingError(ValueError):
    """JSON text nested deeper than a reader takes.

    Attributes:
        limit: the deepest nesting accepted.
        position: the character offset where the text went deeper than ``limit``.
    """

    def __init__(self, limit: int, position: int) -> None:
        self.limit = limit
        self.position = position
        super().__init__(
            f"arrays and objects nested deeper than {limit} levels "
            f"(level {limit + 1} opens at character {position})"
        )


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _no_duplicates(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text whose arrays and objects nest deeper than ``limit``.

    Only the text is scanned (strings skipped), so it costs no recursion however
    deep the text goes, and stops at the first bracket too deep.

    Raises:
        NestingError: naming the limit and where the text went past it.
    """
    if text.count("[") + text.count("{") <= limit:
        return  # cannot nest deeper than its brackets
    depth = 0
    for token in _TOKENS.finditer(text):
        start = token.start()
        char = text[start]
        if char in "[{":
            depth += 1
            if depth > limit:
                raise NestingError(limit, start)
        elif char in "]}":
            depth -= 1
        elif token.end() - start == 1:
            return  # an unclosed string: the rest is inside it


def strict_loads(text: str | bytes) -> Any:
    """Parse JSON text, refusing NaN/Infinity, duplicate keys and nesting deeper
    than ``MAX_DEPTH``.

    Raises:
        ValueError: the text is not JSON or breaks one of these rules
            (``NestingError`` for the nesting).
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    check_depth(text)
    return json.loads(
        text, parse_constant=_no_constants, object_pairs_hook=_no_duplicates
    )
