"""Race positions built from short descriptions, and named scenarios.

``build_state(game, **description)`` turns a few keywords into a validated state::

    build_state(Race(players=2),
        players=[{"at": "S4", "hand": [1, 3, 4]}, {"at": "Start", "hand": [2]}],
        to_move=0,
        next_roll=2,
    )

Player keys: ``at`` (a space id, a space name or a track index; default Start) and
``hand`` (card values). Top-level keys: ``players``, ``to_move``, ``deck_top``
(cards on top of the deck, in order), ``discards`` (card values, or ``"rest"``:
every card not named elsewhere, which leaves the deck holding only ``deck_top``),
``seed``, ``turn``, ``next_roll`` (die value(s) forced next). Cards not named
anywhere form the rest of the deck in a seeded order. ``scenario(name)`` returns one
of the named situations the lessons and the tests share, kept in ``BOOK``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.core import Rng
from tabletop.core.scenarios import Scenario, ScenarioBook

from .rules import Race
from .state import DECK, RaceState

_PLAYER_KEYS = {"at", "hand"}
_TOP_KEYS = {"players", "to_move", "deck_top", "discards", "seed", "turn", "next_roll"}


def build_state(game: Race, **description: Any) -> RaceState:
    """A validated state from a description (see the module docstring).

    Raises:
        ValueError: naming what is wrong with the description.
    """
    unknown = set(description) - _TOP_KEYS
    if unknown:
        raise ValueError(f"unknown scenario keys: {sorted(unknown)}")
    people = description.get("players", [{} for _ in range(game.players)])
    if not isinstance(people, list) or len(people) != game.players:
        raise ValueError(f"the scenario must describe {game.players} players")
    for i, person in enumerate(people):
        extra = sorted(set(person) - _PLAYER_KEYS)
        if extra:
            raise ValueError(f"player {i}: unknown keys {extra}")
    mover = description.get("to_move", 0)
    if mover not in range(game.players):
        raise ValueError(f"to_move must be a seat 0..{game.players - 1}")
    hands = tuple(tuple(sorted(int(c) for c in p.get("hand", ()))) for p in people)
    top = tuple(int(c) for c in description.get("deck_top", ()))
    rest = Counter(DECK)
    rest.subtract([c for h in hands for c in h])
    rest.subtract(top)
    discards: Any = description.get("discards", ())
    if discards == "rest":
        discards = tuple(sorted(rest.elements())) if min(rest.values()) >= 0 else ()
    discards = tuple(int(c) for c in discards)
    rest.subtract(discards)
    if any(n < 0 for n in rest.values()):
        over = sorted(c for c, n in rest.items() if n < 0)
        raise ValueError(f"the scenario uses more cards than the deck holds: {over}")
    rng = Rng.from_seed(description.get("seed", 0))
    shuffled, rng = rng.shuffle(sorted(rest.elements()))
    forced = description.get("next_roll")
    if forced is not None:
        rng = rng.force(*([forced] if isinstance(forced, int) else forced))
    state = RaceState(
        phase="turn",
        to_move=mover,
        turn=description.get("turn", 1),
        positions=tuple(_where(game, p.get("at", 0)) for p in people),
        hands=hands,
        deck=top + tuple(shuffled),
        discards=discards,
        winner=-1,
        rng=rng,
    )
    problems = game.invariants(state)
    if problems:
        raise ValueError("the scenario is inconsistent: " + "; ".join(problems))
    return state


def _where(game: Race, at: Any) -> int:
    """A track index from an index, a space id or a space name."""
    if isinstance(at, int) and not isinstance(at, bool):
        return at
    if at in game.track:
        return game.track.index(at)
    for index, sid in enumerate(game.track):
        if game.board.space_name(sid) == at:
            return index
    raise ValueError(f"no space on the track is called {at!r}")


BOOK = ScenarioBook(Race, build_state)
"""The named Race scenarios."""


def scenario(name: str, **rule_options: Any) -> Scenario:
    """The named scenario, freshly built.

    Raises:
        KeyError: no scenario of that name (the message lists them).
    """
    return BOOK.get(name, **rule_options)


BOOK.register(
    "first-turn",
    "At Start with 1, 3 and 4 in hand: roll the die or play a card and draw.",
    ("RC-ROLL", "RC-PLAY", "RC-MOVE"),
    2,
    {
        "players": [{"hand": [1, 3, 4]}, {"hand": [2, 2, 3]}],
        "deck_top": [2],
    },
    ("play 3",),
)
BOOK.register(
    "bonus-ahead",
    "Two spaces short of a bonus space: a roll of 2 ends there and draws a card.",
    ("RC-ROLL", "RC-BONUS"),
    2,
    {
        "players": [{"at": "S4", "hand": [1, 1, 3]}, {"at": "S2", "hand": [2, 3, 4]}],
        "deck_top": [4],
        "next_roll": 2,
    },
    ("roll",),
)
BOOK.register(
    "past-bonus",
    "Two spaces short of a bonus space: a roll of 3 passes it and draws nothing.",
    ("RC-ROLL", "RC-MOVE", "RC-BONUS"),
    2,
    {
        "players": [{"at": "S4", "hand": [1, 1, 3]}, {"at": "S2", "hand": [2, 3, 4]}],
        "next_roll": 3,
    },
    ("roll",),
)
BOOK.register(
    "empty-deck",
    "The deck is empty: the next card drawn comes from the shuffled discards.",
    ("RC-PLAY", "RC-RESHUFFLE"),
    2,
    {
        "players": [{"at": "S8", "hand": [1, 2, 4]}, {"at": "S9", "hand": [3, 3, 4]}],
        "discards": "rest",
    },
    ("play 2",),
)
BOOK.register(
    "near-goal",
    "Three spaces from Goal with a 4 in hand: playing it passes Goal and wins.",
    ("RC-PLAY", "RC-WIN"),
    2,
    {
        "players": [{"at": "S21", "hand": [1, 2, 4]}, {"at": "S17", "hand": [3, 4, 4]}],
    },
    ("play 4",),
)
