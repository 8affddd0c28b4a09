"""Race's teach-mode examples: notations a learner might try now.

Teach mode (``tabletop.ui.teach``) asks the game's ``check`` about each and lists
those refused, with the refusing clause; whether each is refused, and why, is the
rules' verdict, never decided here.
"""

from __future__ import annotations

from typing import Any


def candidates(game: Any, state: Any) -> list[str]:
    """Rolling, and playing each card value (held or not)."""
    return ["roll", *(f"play {value}" for value in range(1, 5))]
