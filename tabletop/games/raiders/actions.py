"""Raiders actions and their notation.

Notation (``str(action)`` parses back with ``parse_action``):

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

Any action may carry the seat that means to take it, as ``2: roll``; such an action
is refused (TT-TURN) unless that seat is the one to move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core import IllegalActionError


def _seat(by: int | None, text: str) -> str:
    return text if by is None else f"{by}: {text}"


@dataclass(frozen=True, slots=True)
class Place:
    country: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"place {self.country}")


@dataclass(frozen=True, slots=True)
class Roll:
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, "roll")


@dataclass(frozen=True, slots=True)
class Air:
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, "air")


@dataclass(frozen=True, slots=True)
class FlyCountry:
    country: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"country {self.country}")


@dataclass(frozen=True, slots=True)
class Ambush:
    victim: int
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"ambush {self.victim}")


@dataclass(frozen=True, slots=True)
class Hostage:
    victim: int
    to: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"hostage {self.victim} {self.to}")


@dataclass(frozen=True, slots=True)
class Step:
    to: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"to {self.to}")


@dataclass(frozen=True, slots=True)
class Send:
    victim: int
    to: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"send {self.victim} {self.to}")


@dataclass(frozen=True, slots=True)
class Leave:
    victim: int
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"leave {self.victim}")


@dataclass(frozen=True, slots=True)
class ShowPassport:
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, "passport")


@dataclass(frozen=True, slots=True)
class LoseTurn:
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, "skip")


@dataclass(frozen=True, slots=True)
class PlayKey:
    card: str
    by: int | None = None

    def __str__(self) -> str:
        return _seat(self.by, f"play {self.card}")


Action = (
    Place | Roll | Air | FlyCountry | Ambush | Hostage | Step | Send | Leave
    | ShowPassport | LoseTurn | PlayKey
)

_ID = r"[A-Za-z][A-Za-z0-9_]*"
_PATTERNS: tuple[tuple[re.Pattern[str], type], ...] = tuple(
    (re.compile(rf"^{pattern}$"), cls)
    for pattern, cls in (
        (rf"place ({_ID})", Place),
        (r"roll", Roll),
        (r"air", Air),
        (rf"country ({_ID})", FlyCountry),
        (r"ambush (\d)", Ambush),
        (rf"hostage (\d) ({_ID})", Hostage),
        (rf"to ({_ID})", Step),
        (rf"send (\d) ({_ID})", Send),
        (r"leave (\d)", Leave),
        (r"passport", ShowPassport),
        (r"skip", LoseTurn),
        (r"play (ark|staff|map)", PlayKey),
    )
)
_UPPER = (Place, FlyCountry, Step, Hostage, Send)
_HELP = (
    "expected one of: place COUNTRY, roll, air, country COUNTRY, ambush N, "
    "hostage N SPACE, to SPACE, send N SPACE, leave N, passport, skip"
)


def parse_action(text: object) -> Action:
    """The action written as ``text`` (see the module docstring).

    Raises:
        IllegalActionError: TT-NOTATION, naming what was expected.
    """
    if not isinstance(text, str):
        raise IllegalActionError("TT-NOTATION", f"notation must be text, not {text!r}")
    body = " ".join(text.strip().split())
    by = None
    seat = re.match(r"^(\d):\s*(.*)$", body)
    if seat:
        by, body = int(seat.group(1)), seat.group(2)
    lowered = body.lower()
    for pattern, cls in _PATTERNS:
        match = pattern.match(lowered)
        if match is None:
            continue
        args: list[object] = []
        for group in match.groups():
            if group.isdigit():
                args.append(int(group))
            else:
                args.append(group.upper() if cls in _UPPER else group)
        return cls(*args, by=by)
    raise IllegalActionError("TT-NOTATION", f"cannot read {text!r}: {_HELP}")
