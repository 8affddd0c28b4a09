"""Raiders positions built from short descriptions, and named scenarios.

``build_state(game, **description)`` turns a few keywords into a validated state::

    build_state(Raiders(players=2),
        ark="EGYPT",
        players=[
            {"at": "S22", "from": "ENGLAND", "hand": ["passport", "ambush"]},
            {"at": "EGYPT", "hand": ["ark", "staff", "map"], "skips": 1},
        ],
        to_move=0,
        deck_top=["air"],
        next_roll=3,
    )

Player keys: ``at`` (a place id), ``from`` (direction memory: the neighbour the
token came from), ``hand`` (card strings), ``skips``, ``hostage`` (taken hostage and
not yet played since), ``owes`` (a Passport debt), ``emptied`` (ran out of cards:
misses the next turn, RA-E-EMPTY). Top-level keys: ``ark``, ``players``,
``to_move``, ``phase`` (default ``turn``; ``move`` needs ``steps``), ``steps``,
``route``, ``route_prev`` (the mover's direction memory when the move began),
``landed``, ``deck_top`` (cards on top of the deck, in order),
``discards``, ``seed``, ``turn``, ``next_roll`` (die value(s) forced next). Cards
not named anywhere form the rest of the deck in a seeded order. ``scenario(name)``
returns one of the named situations (shared by the tests and the
tutorials), kept in ``BOOK``, a ``tabletop.core.ScenarioBook``. Places may be given
by id or readable name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from tabletop.core import Rng
from tabletop.core.scenarios import Scenario, ScenarioBook
from tabletop.games.raiders.cards import full_deck
from tabletop.games.raiders.moves import ways_now
from tabletop.games.raiders.rules import Raiders
from tabletop.games.raiders.state import RaidersState

_PLAYER_KEYS = {"at", "from", "hand", "skips", "hostage", "owes", "emptied"}
_TOP_KEYS = {
    "ark",
    "players",
    "to_move",
    "phase",
    "steps",
    "route",
    "route_prev",
    "landed",
    "deck_top",
    "discards",
    "seed",
    "turn",
    "next_roll",
}


def build_state(game: Raiders, **description: Any) -> RaidersState:
    """A validated state from a description (see the module docstring).

    Raises:
        ValueError: naming what is wrong with the description.
    """
    unknown = set(description) - _TOP_KEYS
    if unknown:
        raise ValueError(f"unknown scenario keys: {sorted(unknown)}")
    people = _people(game, description)
    hands = tuple(tuple(sorted(p.get("hand", ()))) for p in people)
    deck, rng = _deck(game, description, hands)
    mover = description.get("to_move", 0)
    if mover not in range(game.players):
        raise ValueError(f"to_move must be a seat 0..{game.players - 1}")
    positions = tuple(_where(game, p.get("at", "")) for p in people)
    phase = description.get("phase", "turn")
    start = (positions[mover],) if phase in ("move", "land") else ()
    state = RaidersState(
        phase=phase,
        to_move=mover,
        positions=positions,
        prev=tuple(_where(game, p.get("from", "")) for p in people),
        hands=hands,
        deck=deck,
        discards=tuple(description.get("discards", ())),
        ark=_where(game, description.get("ark", "")),
        skips=tuple(p.get("skips", 0) for p in people),
        hostage=tuple(p.get("hostage", False) for p in people),
        owes=tuple(p.get("owes", False) for p in people),
        emptied=tuple(p.get("emptied", False) for p in people),
        steps=description.get("steps", 0),
        route=tuple(_where(game, r) for r in description.get("route", start)),
        route_prev=_where(game, description.get("route_prev", "")),
        ways=(),
        passed=(),
        landed=tuple(description.get("landed", ())),
        winner=-1,
        turn=description.get("turn", 1),
        rng=rng,
    )
    if phase == "move" and state.route:
        state = replace(state, ways=ways_now(game, state))
    problems = game.invariants(state)
    if problems:
        raise ValueError("the scenario is inconsistent: " + "; ".join(problems))
    return state


def _where(game: Raiders, text: Any) -> str:
    """A place id from an id or a readable name ('' stays '')."""
    if text == "" or not isinstance(text, str):
        return text
    found = game.board.place_id(text)
    if found is None:
        raise ValueError(f"no place on the map is called {text!r}")
    return found


def _people(game: Raiders, description: dict[str, Any]) -> list[dict[str, Any]]:
    people = description.get("players", [])
    if not isinstance(people, list) or len(people) != game.players:
        count = len(people) if isinstance(people, list) else people
        raise ValueError(
            f"the scenario describes {count} players, the game has {game.players}"
        )
    for i, person in enumerate(people):
        extra = sorted(set(person) - _PLAYER_KEYS)
        if extra:
            raise ValueError(f"player {i}: unknown keys {extra}")
        if not isinstance(person.get("at", ""), str):
            raise ValueError(f"player {i}: 'at' must be a place id")
    return people


def _deck(
    game: Raiders, description: dict[str, Any], hands: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], Rng]:
    """The deck: named top cards, then every unnamed card in a seeded order."""
    top = tuple(description.get("deck_top", ()))
    rest = Counter(full_deck(game.board.countries))
    rest.subtract([c for h in hands for c in h])
    rest.subtract(description.get("discards", ()))
    rest.subtract(top)
    if any(n < 0 for n in rest.values()):
        over = sorted(c for c, n in rest.items() if n < 0)
        raise ValueError(f"the scenario uses more cards than the deck holds: {over}")
    rng = Rng.from_seed(description.get("seed", 0))
    shuffled, rng = rng.shuffle(sorted(rest.elements()))
    forced = description.get("next_roll")
    if forced is not None:
        rng = rng.force(*([forced] if isinstance(forced, int) else forced))
    return top + shuffled, rng


BOOK = ScenarioBook(Raiders, build_state)
"""The named Raiders scenarios."""


def register(
    name: str,
    summary: str,
    clauses: tuple[str, ...],
    players: int,
    description: dict[str, Any],
    try_actions: tuple[str, ...] = (),
) -> None:
    """Add a named scenario to ``BOOK``."""
    BOOK.register(name, summary, clauses, players, description, try_actions)


def scenario(name: str, **rule_options: Any) -> Scenario:
    """The named scenario, freshly built.

    Raises:
        KeyError: no scenario of that name (the message lists them).
    """
    return BOOK.get(name, **rule_options)


def _p(at: str, came: str = "", *cards: str, **more: Any) -> dict[str, Any]:
    return {"at": at, "from": came, "hand": list(cards) or ["ambush"], **more}


register(
    "checkpoint",
    "Player 0 heads for the ENGLAND-EGYPT checkpoint S23 without a "
    "Passport: a 3 stops them there and costs a turn.",
    ("RA-M-CHECKPOINT",),
    2,
    {"ark": "NEPAL", "players": [_p("S22", "ENGLAND"), _p("PERU")], "next_roll": 3},
    ("roll",),
)
register(
    "checkpoint-land",
    "A 1 lands player 0 exactly on checkpoint S23: a Passport "
    "is due at the start of the next turn.",
    ("RA-M-CHECKPOINT-LAND", "RA-K-PASSPORT"),
    2,
    {
        "ark": "NEPAL",
        "players": [_p("S22", "ENGLAND", "passport", "air"), _p("PERU")],
        "next_roll": 1,
    },
    ("roll",),
)
register(
    "pass-player",
    "Player 1 stands on the path ahead: rolling past them takes a card at random.",
    ("RA-M-PASS-PLAYER",),
    2,
    {
        "ark": "NEPAL",
        "players": [_p("S17", "USA"), _p("S18", "S17", "passport")],
        "next_roll": 2,
    },
    ("roll",),
)
register(
    "land-on-player",
    "A 1 lands player 0 on player 1: send them anywhere free.",
    ("RA-M-LAND-PLAYER",),
    2,
    {
        "ark": "NEPAL",
        "players": [_p("S17", "USA"), _p("S18", "S17", "air")],
        "next_roll": 1,
    },
    ("roll", "send 1 S8"),
)
register(
    "race-to-ark",
    "Player 0 holds the three key cards one step from the Ark's "
    "country: any roll through EGYPT wins.",
    ("RA-W-WIN",),
    2,
    {
        "ark": "EGYPT",
        "players": [
            _p("S24", "S23", "ark", "map", "staff"),
            _p("PERU", "", "hostage", "ambush"),
        ],
    },
    ("roll",),
)
register(
    "intersection",
    "Player 0 reaches intersection X1 mid-roll and picks a way on, but not back.",
    ("RA-M-FORWARD", "RA-M-DIRECTION"),
    3,
    {
        "ark": "CHINA",
        "players": [_p("S3", "S2", "passport"), _p("ENGLAND"), _p("PERU")],
        "next_roll": 3,
    },
    ("roll", "to S6"),
)
register(
    "hostage",
    "Player 0 may take player 1 hostage but not player 2, who was just taken.",
    ("RA-K-HOSTAGE", "RA-K-HOSTAGE-TWICE"),
    3,
    {
        "ark": "AFRICA",
        "players": [
            _p("USA", "", "hostage", "hostage"),
            _p("S40", "S39", "ark"),
            _p("EGYPT", "", "staff", hostage=True),
        ],
    },
    ("hostage 1 S8",),
)
register(
    "wrap",
    "Player 0 on the Pacific route S66 crosses the map edge to S67 and on "
    "toward intersection X5.",
    ("RA-B-WRAP",),
    2,
    {"ark": "USA", "players": [_p("S66", "X6"), _p("PERU")], "next_roll": 4},
    ("roll",),
)
