"""Who sits at each seat: a human at the table, or a bot that decides from its view.

Bots come from ``tabletop.bots`` (``make_bot``: ``random``, ``heuristic``...). A bot
object with ``choose(view)`` may also be given directly.
"""

from __future__ import annotations

from typing import Any

HUMAN = "human"


def bot_names() -> tuple[str, ...]:
    """The bot kinds a seat can be set to."""
    from tabletop.bots import BOT_NAMES

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
    from tabletop.bots import make_bot

    return make_bot(kind, game, seed * 1000 + seat)


def seat_label(kind: Any) -> str:
    """The name shown for a seat's occupant."""
    if isinstance(kind, str):
        return kind
    return str(getattr(kind, "name", type(kind).__name__))
