"""Raiders of the Lost Ark's teach-mode examples: notations a learner might try now.

Teach mode (``tabletop.ui.teach``) asks the game's ``check`` about each and lists
those refused, with the refusing clause; whether each is refused, and why, is the
rules' verdict, never decided here.
"""

from __future__ import annotations

from typing import Any


def candidates(game: Any, state: Any) -> list[str]:
    """Every simple action and key card, a step to each neighbour of the mover's
    location, each card aimed at each seat, country and occupied location."""
    seats = range(game.players)
    board = game.board
    here = state.positions[state.to_move] if state.positions else ""
    places = [p for p in state.positions if p]
    return [
        "roll", "air", "passport", "skip", "play ark", "play staff", "play map",
        *(f"to {n}" for n in board.adjacent.get(here, ())),
        *(f"ambush {q}" for q in seats),
        *(f"country {c}" for c in board.countries),
        *(f"hostage {q} {p}" for q in seats for p in places),
        *(f"place {c}" for c in board.countries),
    ]  # fmt: skip
