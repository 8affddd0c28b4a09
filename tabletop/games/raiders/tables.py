"""Lookup tables and memo caches that keep the Raiders engine fast.

A ``Tables`` object is built once per ``Raiders`` game from its board: which places
are countries, adjacency, checkpoints and instructions as plain dicts, and one
shared instance of every action that ``legal_actions`` can list (actions are frozen
values, so sharing them is safe). It also holds memo caches of results that depend
only on hashable parts of a state (the positions, the direction memory, the steps
left), so the same question asked twice costs one dict look-up. States never
change, so a cached answer never goes stale; a cache that grows past ``LIMIT``
entries is emptied and refilled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Leave,
    LoseTurn,
    Place,
    Roll,
    ShowPassport,
)
from tabletop.games.raiders.cards import country_card

if TYPE_CHECKING:
    from tabletop.games.raiders.board import RaidersBoard

#: Entries a memo cache may hold before it is emptied.
LIMIT = 100_000


class Tables:
    """Per-game tables (read-only after construction) and memo caches.

    Attributes:
        countries: the country ids, as a set.
        bit: country id -> its bit in a set of countries held as an int (the
            occupied countries, in ``travel``).
        locations: every id a token may stand on, in board order.
        index: id -> its place in ``locations``.
        adjacent: id -> neighbouring ids.
        checkpoints: checkpoint space -> the neighbour its arrow points at.
        instructions: instruction space -> Instruction.
        card_country: Country card -> its printed country.
        roll, air, passport, lose: the one instance of each argument-less action.
        places, flights: country -> its ``Place`` / ``FlyCountry`` action.
        ambushes, leaves: seat -> its ``Ambush`` / ``Leave`` action.
        near: (id, steps) -> the countries at most ``steps`` links away (bits).
        rows: (``hostage``/``send``, seat) -> that seat's actions of that kind
            to every location in board order (filled on first use).
        options, local_options, flights_by: memo caches (see the
            functions that fill them in ``travel`` and ``legal``).
        holds_country: hand -> whether it holds a Country card.
        events: the shared instances of frequent events (a step, a roll),
            keyed by what their text is made of.
    """

    __slots__ = (
        "countries", "bit", "locations", "index", "adjacent", "checkpoints",
        "instructions", "card_country", "roll", "air", "passport", "lose",
        "places", "flights", "ambushes", "leaves", "rows", "options",
        "local_options", "near", "flights_by", "events",
        "holds_country",
    )

    def __init__(self, board: RaidersBoard, players: int) -> None:
        self.countries = frozenset(board.countries)
        self.bit = {c: 1 << i for i, c in enumerate(board.countries)}
        self.locations = tuple(board.locations)
        self.index = {loc: i for i, loc in enumerate(self.locations)}
        self.adjacent = dict(board.adjacent)
        self.checkpoints = dict(board.checkpoints)
        self.instructions = dict(board.instructions)
        self.card_country = {country_card(c): c for c in board.countries}
        self.roll, self.air = Roll(), Air()
        self.passport, self.lose = ShowPassport(), LoseTurn()
        self.places = {c: Place(c) for c in board.countries}
        self.flights = {c: FlyCountry(c) for c in board.countries}
        self.ambushes = tuple(Ambush(q) for q in range(players))
        self.leaves = tuple(Leave(q) for q in range(players))
        self.options: dict = {}
        self.local_options: dict = {}
        self.near: dict = {}
        self.flights_by: dict = {}
        self.rows: dict = {}
        self.events: dict = {}
        self.holds_country: dict = {}


def countries_near(t: Tables, loc: str, steps: int) -> int:
    """The countries at most ``steps`` links from ``loc``, direction ignored, as
    a bit set (``bit``)."""
    key = (loc, steps)
    found = t.near.get(key)
    if found is None:
        seen, frontier = {loc}, [loc]
        for _ in range(steps):
            frontier = [n for x in frontier for n in t.adjacent[x] if n not in seen]
            seen.update(frontier)
        mask = 0
        for country in seen & t.countries:
            mask |= t.bit[country]
        found = t.near[key] = mask
    return found


def remember(cache: dict, key: Any, value: Any) -> Any:
    """Store ``value`` under ``key`` (emptying a full cache first); return it."""
    if len(cache) >= LIMIT:
        cache.clear()
    cache[key] = value
    return value
