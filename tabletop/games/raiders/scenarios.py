"""Raiders positions built from short descriptions, and named scenarios.

``build(game, description)`` turns a small dict into a validated state::

    build(Raiders(players=2), {
        "ark": "EGYPT",
        "players": [
            {"at": "S22", "from": "ENGLAND", "hand": ["passport", "ambush"]},
            {"at": "EGYPT", "hand": ["ark", "staff", "map"], "skips": 1},
        ],
        "to_move": 0,
        "deck_top": ["air"],
    })

Player keys: ``at`` (a place id), ``from`` (direction memory: the neighbour the
token came from), ``hand`` (card strings), ``skips``, ``hostage`` (taken hostage and
not yet played since), ``owes`` (a Passport debt). Top-level keys: ``ark``,
``players``, ``to_move``, ``phase`` (default ``turn``; ``move`` needs ``steps``),
``steps``, ``route``, ``landed``, ``deck_top`` (cards on top of the deck, in order),
``discards``, ``seed``. Cards not named anywhere form the rest of the deck in a
seeded order. ``scenario(name)`` returns a game and state for the named scenarios
that tests and the tutorial share.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.core import Rng
from tabletop.games.raiders.cards import full_deck
from tabletop.games.raiders.rules import Raiders
from tabletop.games.raiders.state import RaidersState

_PLAYER_KEYS = {"at", "from", "hand", "skips", "hostage", "owes"}
_TOP_KEYS = {"ark", "players", "to_move", "phase", "steps", "route", "landed",
             "deck_top", "discards", "seed", "turn"}


def build(game: Raiders, description: dict[str, Any]) -> RaidersState:
    """A validated state from a description (see the module docstring).

    Raises:
        ValueError: naming what is wrong with the description.
    """
    unknown = set(description) - _TOP_KEYS
    if unknown:
        raise ValueError(f"unknown scenario keys: {sorted(unknown)}")
    people = description.get("players", [])
    if len(people) != game.players:
        raise ValueError(f"the scenario describes {len(people)} players, the game "
                         f"has {game.players}")
    for i, person in enumerate(people):
        extra = sorted(set(person) - _PLAYER_KEYS)
        if extra:
            raise ValueError(f"player {i}: unknown keys {extra}")
    hands = tuple(tuple(sorted(p.get("hand", ()))) for p in people)
    discards = tuple(description.get("discards", ()))
    top = tuple(description.get("deck_top", ()))
    rest = Counter(full_deck(game.board.countries))
    rest.subtract([c for h in hands for c in h])
    rest.subtract(discards)
    rest.subtract(top)
    if any(n < 0 for n in rest.values()):
        over = sorted(c for c, n in rest.items() if n < 0)
        raise ValueError(f"the scenario uses more cards than the deck holds: {over}")
    rng = Rng.from_seed(description.get("seed", 0))
    shuffled, rng = rng.shuffle(sorted(rest.elements()))
    mover = description.get("to_move", 0)
    positions = tuple(p.get("at", "") for p in people)
    phase = description.get("phase", "turn")
    state = RaidersState(
        phase=phase, player=mover, positions=positions,
        prev=tuple(p.get("from", "") for p in people), hands=hands,
        deck=top + shuffled, discards=discards, ark=description.get("ark", ""),
        skips=tuple(p.get("skips", 0) for p in people),
        hostage=tuple(p.get("hostage", False) for p in people),
        owes=tuple(p.get("owes", False) for p in people),
        steps=description.get("steps", 0),
        route=tuple(description.get("route", (positions[mover],) if phase == "move"
                                    else ())),
        passed=(), landed=tuple(description.get("landed", ())), winner=-1,
        turn=description.get("turn", 1), rng=rng,
    )
    problems = game.invariants(state)
    if problems:
        raise ValueError("the scenario is inconsistent: " + "; ".join(problems))
    return state


#: name -> (players, description, what it shows)
SCENARIOS: dict[str, tuple[int, dict[str, Any], str]] = {
    "checkpoint": (2, {
        "ark": "NEPAL",
        "players": [{"at": "S22", "from": "ENGLAND", "hand": ["ambush"]},
                    {"at": "PERU", "hand": ["ambush"]}],
        "deck_top": ["air"],
    }, "Player 0 walks toward the ENGLAND-EGYPT checkpoint S23 with no Passport: "
       "a roll past it stops them there (RA-M-CHECKPOINT)."),
    "pass_player": (2, {
        "ark": "NEPAL",
        "players": [{"at": "S17", "from": "USA", "hand": ["ambush"]},
                    {"at": "S18", "from": "S17", "hand": ["passport"]}],
    }, "Player 1 stands on the path ahead of player 0: rolling past them takes a "
       "card at random (RA-M-PASS-PLAYER)."),
    "race_to_ark": (2, {
        "ark": "EGYPT",
        "players": [{"at": "S24", "from": "S23", "hand": ["ark", "map", "staff"]},
                    {"at": "PERU", "hand": ["hostage", "ambush"]}],
    }, "Player 0 holds the three key cards one step from the Ark's country: any "
       "roll through EGYPT wins (RA-W-WIN)."),
    "intersection": (3, {
        "ark": "CHINA",
        "players": [{"at": "S3", "from": "S2", "hand": ["passport"]},
                    {"at": "ENGLAND", "hand": ["ambush"]},
                    {"at": "PERU", "hand": ["ambush"]}],
    }, "Player 0 reaches intersection X1 mid-roll and chooses a way on, but not back "
       "(RA-M-FORWARD)."),
    "hostage": (3, {
        "ark": "AFRICA",
        "players": [{"at": "USA", "hand": ["hostage", "hostage"]},
                    {"at": "S40", "from": "S39", "hand": ["ark"]},
                    {"at": "EGYPT", "hand": ["staff"], "hostage": True}],
    }, "Player 0 may take player 1 hostage but not player 2, who was just taken "
       "(RA-K-HOSTAGE, RA-K-HOSTAGE-TWICE)."),
}


def scenario(name: str, **rule_options: Any) -> tuple[Raiders, RaidersState]:
    """The game and state of a named scenario (see ``SCENARIOS``)."""
    if name not in SCENARIOS:
        raise KeyError(f"no Raiders scenario {name!r} (known: {', '.join(SCENARIOS)})")
    players, description, _ = SCENARIOS[name]
    game = Raiders(players=players, **rule_options)
    return game, build(game, description)
