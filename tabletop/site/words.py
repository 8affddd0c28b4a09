"""The site's own sentences: the game list, the deal form, the save bar and the
hand-over screen's frame (the seat page's sentences are the table's,
``tabletop.table.words``)."""

from __future__ import annotations

from tabletop.table.seats import HUMAN, bot_levels

SITE_WORDS = {
    "title": "Board games",
    "intro": (
        "Pick a game, say who sits at each seat, and deal. Everything runs in this "
        "browser: nothing is installed, and after the first visit it plays offline."
    ),
    "seat": "Seat",
    "players": "players",
    "deal": "Deal a new game",
    "resume": "Go on with the game in progress",
    "empty": "(empty)",
    "games": "Games",
    "download": "Download the save",
    "open": "Open a save",
    "loading": "Loading Python in this browser\u2026",
    "failed": "Python could not start in this browser: ",
}


def seat_options(seat: int, low: int) -> list[tuple[str, str, str]]:
    """A seat's choices in the deal form, ``(value, words, default)``: seat 0 a
    human, the next ones up to the fewest players a bot, the rest empty."""
    default = HUMAN if seat == 0 else ("heuristic" if seat < low else "")
    bots = [(algo, f"Bot: {level}") for level, algo in bot_levels()]
    offers = [(HUMAN, "Human (this device)"), *bots, ("random", "Bot: random")]
    if seat >= low:
        offers.append(("", SITE_WORDS["empty"]))
    return [(value, words, default) for value, words in offers]
