"""One table of gesture cases for every screen.

Each case sets up a position, taps spaces, cards and buttons in order, and says
what must follow: an action played, a list of choices opened (its selection key,
as ``tabletop.table.choices.Selection`` names it), or a refusal (words it
contains). The same cases run against the table's logic (``TableLogic``), the
notebook ``Table`` (through its canvas and button gestures), the frame a page
draws (its tap tables, looked up as the page does) and, for a few, the seat page
in Chromium. A case names the clause whose rule of play it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.raiders_play import (
    AMBUSH_ON_PERU,
    COUNTRY_CARDS_IN_EGYPT,
    HOSTAGE_IN_ENGLAND,
)

#: The Hostage card's list of places, and its countries' (``Look.group_of``).
HOSTAGE = "card:hostage"
NEPAL = f"{HOSTAGE}/in and around Nepal"


@dataclass(frozen=True)
class GestureCase:
    """Taps on a 2-player Raiders table and what they lead to.

    Attributes:
        name: what the case shows.
        clause: the rule the case is about.
        position: a scenario description (``tests.raiders_play.position``), or
            None for a new game dealt from seed 1 (the placing round).
        taps: ``("space", id)``, ``("card", kind)``, ``("button", notation)``,
            ``("open", key)`` (a button that opens the menu ``key``) or
            ``("type", words)`` (words typed in the command field, then Enter).
        played: the notation of the action the last tap plays.
        opened: the selection key shown after the taps.
        refused: words the refusal of the last tap contains.
        bot: a seat a bot plays (bots do not move by themselves here).
        eyes: the seat whose eyes the table shows (it is not that seat's turn).
        on_page: whether the page can make these taps (it rings only the spaces
            an action involves: a tap elsewhere reaches no target).
    """

    name: str
    clause: str
    position: dict[str, Any] | None
    taps: tuple[tuple[str, str], ...]
    played: str | None = None
    opened: str | None = None
    refused: str | None = None
    bot: int | None = None
    eyes: int | None = None
    on_page: bool = True


CASES = (
    GestureCase(
        "a tap on a space whose one action spends no card plays it",
        "RA-S-PLACE",
        None,
        (("space", "PERU"),),
        played="place PERU",
    ),
    GestureCase(
        "a tap that would spend a card shows the choice first",
        "RA-K-AMBUSH",
        AMBUSH_ON_PERU,
        (("space", "PERU"),),
        opened="space:PERU",
    ),
    GestureCase(
        "the space shown, a tap on the card plays it",
        "RA-K-AMBUSH",
        AMBUSH_ON_PERU,
        (("space", "PERU"), ("card", "ambush")),
        played="ambush 1",
    ),
    GestureCase(
        "a tap on your own piece shows what you can do there",
        "RA-T-CHOICE",
        AMBUSH_ON_PERU,
        (("space", "ENGLAND"),),
        opened="space:ENGLAND",
    ),
    GestureCase(
        "any Country card lists every flight, even one no flight spends",
        "RA-K-COUNTRY",
        COUNTRY_CARDS_IN_EGYPT,
        (("card", "country:EGYPT"),),
        opened="clause:RA-K-COUNTRY:country:EGYPT",
    ),
    GestureCase(
        "any Country card pressed, then a country: the flight plays",
        "RA-K-COUNTRY",
        COUNTRY_CARDS_IN_EGYPT,
        (("card", "country:EGYPT"), ("space", "NEPAL")),
        played="country NEPAL",
    ),
    GestureCase(
        "a flight listed by a Country card, then its button",
        "RA-K-COUNTRY",
        COUNTRY_CARDS_IN_EGYPT,
        (("card", "country:EGYPT"), ("button", "country NEPAL")),
        played="country NEPAL",
    ),
    GestureCase(
        "a country tapped first, then any Country card flies there",
        "RA-K-COUNTRY",
        COUNTRY_CARDS_IN_EGYPT,
        (("space", "NEPAL"), ("card", "country:ISLAND")),
        played="country NEPAL",
    ),
    GestureCase(
        "a tap at a bot's turn is refused in words",
        "TT-TURN",
        AMBUSH_ON_PERU,
        (("space", "PERU"),),
        refused="turn",
        bot=0,
    ),
    GestureCase(
        "a tap through another seat's eyes is refused in words",
        "TT-TURN",
        AMBUSH_ON_PERU,
        (("space", "PERU"),),
        refused="not your turn",
        eyes=1,
    ),
    GestureCase(
        "a tap on a space no action involves is refused in words",
        "TT-PHASE",
        AMBUSH_ON_PERU,
        (("space", "EGYPT"),),
        refused="nothing can be done on",
        on_page=False,
    ),
    GestureCase(
        "the Hostage card, then a ringed place far away: the hostage plays",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (("card", "hostage"), ("space", "S93")),
        played="hostage 1 S93",
    ),
    GestureCase(
        "the Hostage card, a country's places, their next part, then a place",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (
            ("card", "hostage"),
            ("open", NEPAL),
            ("open", f"{NEPAL}#1"),
            ("button", "hostage 1 S93"),
        ),
        played="hostage 1 S93",
    ),
    GestureCase(
        "a country's places lead back to the countries",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (
            ("card", "hostage"),
            ("open", NEPAL),
            ("open", f"{NEPAL}#1"),
            ("open", HOSTAGE),
        ),
        opened=HOSTAGE,
    ),
    GestureCase(
        "the Hostage card, then a place's name typed: the hostage plays",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (("card", "hostage"), ("type", "nepal-indian ocean 3")),
        played="hostage 1 S93",
    ),
    GestureCase(
        "the Hostage card, then an occupied country: refused by the card's rule",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (("card", "hostage"), ("space", "PERU")),
        opened=HOSTAGE,  # the card stays pressed
        refused="occupied",
        on_page=False,
    ),
    GestureCase(
        "the Hostage card, then an occupied country's name typed: refused",
        "RA-K-HOSTAGE",
        HOSTAGE_IN_ENGLAND,
        (("card", "hostage"), ("type", "Peru")),
        opened=HOSTAGE,  # the card stays pressed
        refused="occupied",
        on_page=False,
    ),
)


def case_match(case: GestureCase) -> Any:
    """The case's match: its position, or a new game from seed 1."""
    from tabletop import Match
    from tabletop.games.raiders import Raiders
    from tests.raiders_play import position

    if case.position is None:
        return Match(Raiders(players=2), seed=1)
    game, state = position(**case.position)
    return Match.from_state(game, state, seed=1)


def case_seats(case: GestureCase) -> list[str]:
    return ["random" if seat == case.bot else "human" for seat in range(2)]
