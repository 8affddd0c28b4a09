"""The Raiders deck (RA-C-DECK) and what each card kind does, for rules and UI.

Cards are short strings: ``ark``, ``staff``, ``map`` (the key cards, RA-K-KEY),
``hostage``, ``air``, ``passport``, ``ambush`` and ``country:PERU`` (one Country card
per printed country, two of each, RA-C-COUNTRIES).
"""

from __future__ import annotations

from collections.abc import Iterable

ARK, STAFF, MAP = "ark", "staff", "map"
HOSTAGE, AIR, PASSPORT, AMBUSH = "hostage", "air", "passport", "ambush"
COUNTRY_PREFIX = "country:"
KEY_CARDS = (ARK, STAFF, MAP)

#: How many of each non-Country card the deck holds (RA-C-DECK).
COUNTS = {ARK: 1, STAFF: 2, MAP: 3, HOSTAGE: 4, AIR: 4, PASSPORT: 8, AMBUSH: 16}
#: Country cards per country (RA-C-COUNTRIES: 9 countries x 2 = 18).
PER_COUNTRY = 2

#: kind -> (display name, what it does, clause). The UI shows these.
CARD_KINDS: dict[str, tuple[str, str, str]] = {
    ARK: (
        "The Ark",
        "Key card: keep it; with a Staff of Ra and a Map Room, reach the "
        "Ark's country to win.",
        "RA-K-KEY",
    ),
    STAFF: (
        "Staff of Ra",
        "Key card: keep it; one of the three cards needed to win.",
        "RA-K-KEY",
    ),
    MAP: (
        "Map Room",
        "Key card: keep it; one of the three cards needed to win.",
        "RA-K-KEY",
    ),
    HOSTAGE: (
        "Hostage",
        "Move an opponent to any empty space or country; they miss their next turn.",
        "RA-K-HOSTAGE",
    ),
    AIR: ("Air Passage", "Play before rolling: your roll counts double.", "RA-K-AIR"),
    PASSPORT: ("Passport", "Discard it to get past a checkpoint.", "RA-K-PASSPORT"),
    AMBUSH: ("Ambush", "Take a card at random from an opponent.", "RA-K-AMBUSH"),
    "country": (
        "Country",
        "Fly to an unoccupied country and draw a card there.",
        "RA-K-COUNTRY",
    ),
}


def country_card(country: str) -> str:
    """The card string of a country's Country card."""
    return COUNTRY_PREFIX + country


def kind_of(card: str) -> str:
    """The kind of a card (``country`` for every Country card)."""
    return "country" if card.startswith(COUNTRY_PREFIX) else card


def card_country(card: str) -> str:
    """The country printed on a Country card ('' for other cards)."""
    return card[len(COUNTRY_PREFIX) :] if card.startswith(COUNTRY_PREFIX) else ""


def card_name(card: str) -> str:
    """A display name: ``Passport``, ``Country (PERU)``."""
    if card.startswith(COUNTRY_PREFIX):
        return f"Country ({card_country(card)})"
    return CARD_KINDS[card][0] if card in CARD_KINDS else card


def full_deck(countries: Iterable[str]) -> tuple[str, ...]:
    """The 56 cards in a fixed order (RA-C-DECK)."""
    cards: list[str] = []
    for kind, n in COUNTS.items():
        cards.extend([kind] * n)
    for country in countries:
        cards.extend([country_card(country)] * PER_COUNTRY)
    return tuple(cards)


def has_keys(hand: Iterable[str]) -> bool:
    """True when a hand holds the Ark, a Staff of Ra and a Map Room (RA-W-WIN)."""
    held = set(hand)
    return ARK in held and STAFF in held and MAP in held


def is_card(card: object, countries: Iterable[str]) -> bool:
    """True when ``card`` names a card of this deck."""
    if not isinstance(card, str):
        return False
    return card in COUNTS or card_country(card) in set(countries)
