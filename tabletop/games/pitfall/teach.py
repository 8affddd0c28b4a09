"""Pitfall Harry's teach-mode examples: notations a learner might try now.

Teach mode (``tabletop.ui.teach``) asks the game's ``check`` about each and lists
those refused, with the refusing clause; whether each is refused, and why, is the
rules' verdict, never decided here.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.pitfall.cards import CARDS


def candidates(game: Any, state: Any) -> list[str]:
    """Every simple action, each card played, the scorpion placed on the spaces in
    play and a treasure given to each seat."""
    seats = range(game.players)
    spaces = [state.scorpion, *state.positions, *sorted(game.board.walls)]
    return [
        "roll", "forward", "backward", "climb", "stay", "decline",
        *(f"play {kind}" for kind in CARDS),
        *(f"scorpion {s}" for s in dict.fromkeys(spaces)),
        *(f"give {q}" for q in seats),
    ]  # fmt: skip
