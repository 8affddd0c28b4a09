"""Raiders actions and their notation.

Notation (``str(action)`` parses back with ``parse_move``):

=====================  ==============================================================
``place NEPAL``        setup: put your token on a country (RA-S-PLACE)
``roll``               roll the die and travel (RA-T-CHOICE, RA-M-ROLL)
``air``                play an Air Passage, then roll: the roll counts double (RA-K-AIR)
``country EGYPT``      play a Country card: fly to EGYPT (RA-K-COUNTRY)
``ambush 2``           play an Ambush on player 2 (RA-K-AMBUSH)
``hostage 1 S40``      play a Hostage: send player 1 to S40 (RA-K-HOSTAGE)
``to S12``             while travelling: take the next step to S12 (RA-M-DIRECTION)
``send 2 S40``         you landed on player 2: send them to S40 (RA-M-LAND-PLAYER)
``leave 2``            you landed on player 2: leave them where they are
``passport``           show a Passport for the checkpoint you landed on
``skip``               do not show one: lose this turn (RA-M-CHECKPOINT-LAND)
``play ark``           (always refused: key cards stay in hand, RA-K-KEY)
=====================  ==============================================================

A place may be written by its id (``S40``, any case) or by its readable name on the
board (``to England–Egypt 1``, ``country United States``; see
``RaidersBoard.place_id``). The seat prefix (``P2: roll``) is read by the core.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.core import IllegalActionError

if TYPE_CHECKING:
    from tabletop.games.raiders.board import RaidersBoard


@dataclass(frozen=True, slots=True)
class Place:
    country: str

    def __str__(self) -> str:
        return f"place {self.country}"


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Air:
    def __str__(self) -> str:
        return "air"


@dataclass(frozen=True, slots=True)
class FlyCountry:
    country: str

    def __str__(self) -> str:
        return f"country {self.country}"


@dataclass(frozen=True, slots=True)
class Ambush:
    victim: int

    def __str__(self) -> str:
        return f"ambush {self.victim}"


@dataclass(frozen=True, slots=True)
class Hostage:
    victim: int
    to: str

    def __str__(self) -> str:
        return f"hostage {self.victim} {self.to}"


@dataclass(frozen=True, slots=True)
class Step:
    to: str

    def __str__(self) -> str:
        return f"to {self.to}"


@dataclass(frozen=True, slots=True)
class Send:
    victim: int
    to: str

    def __str__(self) -> str:
        return f"send {self.victim} {self.to}"


@dataclass(frozen=True, slots=True)
class Leave:
    victim: int

    def __str__(self) -> str:
        return f"leave {self.victim}"


@dataclass(frozen=True, slots=True)
class ShowPassport:
    def __str__(self) -> str:
        return "passport"


@dataclass(frozen=True, slots=True)
class LoseTurn:
    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class PlayKey:
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


Action = (
    Place
    | Roll
    | Air
    | FlyCountry
    | Ambush
    | Hostage
    | Step
    | Send
    | Leave
    | ShowPassport
    | LoseTurn
    | PlayKey
)

_PLACE = r"(\S.*)"
_PATTERNS: tuple[tuple[re.Pattern[str], type, tuple[str, ...]], ...] = tuple(
    (re.compile(rf"^{pattern}$", re.IGNORECASE), cls, args)
    for pattern, cls, args in (
        (rf"place {_PLACE}", Place, ("place",)),
        (r"roll", Roll, ()),
        (r"air", Air, ()),
        (rf"country {_PLACE}", FlyCountry, ("place",)),
        (r"ambush (\d)", Ambush, ("seat",)),
        (rf"hostage (\d) {_PLACE}", Hostage, ("seat", "place")),
        (rf"to {_PLACE}", Step, ("place",)),
        (rf"send (\d) {_PLACE}", Send, ("seat", "place")),
        (r"leave (\d)", Leave, ("seat",)),
        (r"passport", ShowPassport, ()),
        (r"skip", LoseTurn, ()),
        (r"play (ark|staff|map)", PlayKey, ("card",)),
    )
)
_HELP = (
    "write roll, air, passport or skip, or an action with its country, seat or "
    "space, as in place USA, country NEPAL, ambush 1, hostage 1 PERU, to PERU, "
    "send 1 PERU or leave 1"
)
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def parse_move(text: object, board: RaidersBoard | None = None) -> Action:
    """The action written as ``text`` (see the module docstring); places by id or,
    given the ``board``, by readable name.

    Raises:
        IllegalActionError: TT-NOTATION, naming what was expected.
    """
    if not isinstance(text, str):
        raise IllegalActionError("TT-NOTATION", f"notation must be text, not {text!r}")
    body = " ".join(text.strip().split())
    if not body:
        raise IllegalActionError("TT-NOTATION", f"an empty action: {_HELP}")
    for pattern, cls, kinds in _PATTERNS:
        match = pattern.match(body)
        if match is None:
            continue
        args: list[object] = []
        for kind, group in zip(kinds, match.groups(), strict=True):
            if kind == "seat":
                args.append(int(group))
            elif kind == "place":
                args.append(_place(group, board, text))
            else:
                args.append(group.lower())
        return cls(*args)
    raise IllegalActionError("TT-NOTATION", f"cannot read {text!r}: {_HELP}")


def _place(written: str, board: RaidersBoard | None, text: str) -> str:
    """The place id meant by ``written`` (an id or, with a board, a name)."""
    if board is not None:
        found = board.place_id(written)
        if found is not None:
            return found
    if _ID.match(written):
        return written.upper()
    raise IllegalActionError(
        "TT-NOTATION", f"cannot read {text!r}: no place is called {written!r}"
    )


class ActionSet:
    """One shared instance of every action a Raiders game can list (actions are
    frozen values, so sharing them is safe); built once per game from its board.

    Attributes:
        roll, air, passport, lose: the argument-less actions.
        places, flights, steps_to: place id -> its ``Place`` / ``FlyCountry`` /
            ``Step`` action.
        ambushes, leaves: seat -> its ``Ambush`` / ``Leave`` action.
        hostages, sends: seat -> its ``Hostage`` / ``Send`` action to every
            location, in board order.
        country_cards: the Country cards of the board's countries.
    """

    __slots__ = (
        "roll",
        "air",
        "passport",
        "lose",
        "places",
        "flights",
        "steps_to",
        "ambushes",
        "leaves",
        "hostages",
        "sends",
        "country_cards",
    )

    def __init__(self, board: RaidersBoard, players: int) -> None:
        locations = board.locations
        self.roll, self.air = Roll(), Air()
        self.passport, self.lose = ShowPassport(), LoseTurn()
        self.places = {c: Place(c) for c in board.countries}
        self.flights = {c: FlyCountry(c) for c in board.countries}
        self.steps_to = {loc: Step(loc) for loc in locations}
        self.ambushes = tuple(Ambush(q) for q in range(players))
        self.leaves = tuple(Leave(q) for q in range(players))
        self.hostages = tuple(
            tuple(Hostage(q, loc) for loc in locations) for q in range(players)
        )
        self.country_cards = frozenset(f"country:{c}" for c in board.countries)
        self.sends = tuple(
            tuple(Send(q, loc) for loc in locations) for q in range(players)
        )
