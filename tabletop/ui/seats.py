"""Who sits at each seat: a human at the table, or a bot that decides from its view.

Bots come from ``tabletop.bots`` (``make_bot``); a seeded random chooser stands in
for a game or an install without them. A bot object with ``choose(view)`` may also be
given directly.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Rng

HUMAN = "human"


class RandomChooser:
    """A uniformly random legal action from the seat's own view, seeded."""

    name = "random"

    def __init__(self, game: Any, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)

    def choose(self, view: Any) -> Any:
        legal = self.game.legal_actions(view)
        if not legal:
            raise ValueError("no legal action for this seat now")
        index, self.rng = self.rng.below(len(legal))
        return legal[index]


def bot_names() -> tuple[str, ...]:
    """The bot kinds a seat can be set to (``random`` always exists)."""
    try:
        from tabletop.bots import BOT_NAMES
    except ImportError:
        return ("random",)
    return tuple(BOT_NAMES)


def make_seat_bot(kind: Any, game: Any, seed: int, seat: int) -> Any:
    """A bot for a seat: a registry name, or an object with ``choose(view)``.

    Raises:
        ValueError: an unknown kind, or a bot this game does not have.
    """
    if hasattr(kind, "choose"):
        return kind
    if not isinstance(kind, str):
        raise ValueError(f"a seat is 'human', a bot name or a bot, not {kind!r}")
    seat_seed = seed * 1000 + seat
    try:
        from tabletop.bots import make_bot
    except ImportError:
        make_bot = None
    if make_bot is not None:
        return make_bot(kind, game, seat_seed)
    if kind == "random":
        return RandomChooser(game, seat_seed)
    raise ValueError(f"unknown bot {kind!r}; known: {', '.join(bot_names())}")


def seat_label(kind: Any) -> str:
    """The name shown for a seat's occupant."""
    if isinstance(kind, str):
        return kind
    return str(getattr(kind, "name", type(kind).__name__))
