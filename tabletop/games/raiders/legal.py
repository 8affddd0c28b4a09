"""What may be done now: one ``Rule`` per kind of decision, whose verdict is what is
legal and gives the refusals.

``DECISIONS`` maps each phase to the rules of its decision. A rule lists its
candidates and judges any action of its kinds with ``verdict``; the legal actions
are the candidates whose verdict is ``None`` (``Rule.legal``), and a refused action
gets the verdict's clause and reason.
Candidates are the shared action instances of ``actions.ActionSet``.

Every rule also overrides ``legal`` to build that same list straight from the
checks its verdict makes (judging each candidate in turn is the slow part of play);
``tests/test_raiders_conformance.py`` compares each override with ``Rule.legal``
(candidates filtered by the verdict) on every state of many random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Refusal, Rule
from tabletop.games.raiders import moves
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    LoseTurn,
    Place,
    PlayKey,
    Roll,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.cards import (
    AIR,
    AMBUSH,
    HOSTAGE,
    PASSPORT,
    country_card,
)

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders
    from tabletop.games.raiders.state import RaidersState


def _free_places(g: Raiders, row: tuple, positions: tuple[str, ...]) -> list:
    """The actions of ``row`` (one per location, in board order) whose place no
    token stands on: the row cut around the few taken places."""
    index = g.board.index
    out: list = []
    start = 0
    for i in sorted({index[at] for at in positions if at in index}):
        out += row[start:i]
        start = i + 1
    out += row[start:]
    return out


def _free_spot(g: Raiders, s: RaidersState, to: str, clause: str) -> Refusal | None:
    if to not in g.board.kind:
        return Refusal(clause, f"{to} is not a space or country on the map")
    if to in s.positions:
        return Refusal(clause, f"{to} is occupied")
    return None


class PlaceRule(Rule):
    """RA-S-PLACE: a token on an unoccupied country, in seat order."""

    kinds = (Place,)

    def candidates(self, g: Raiders, s: RaidersState) -> list:
        places = g.acts.places
        return [places[c] for c in g.board.countries]

    def verdict(self, g: Raiders, s: RaidersState, a: Place) -> Refusal | None:
        if a.country not in g.board.bit:
            return Refusal("RA-S-PLACE", f"{a.country} is not a country on the map")
        if a.country in s.positions:
            return Refusal("RA-S-PLACE", f"{a.country} already holds a token")
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None: the countries no token holds
        (every candidate is a country of the map)."""
        places, positions = g.acts.places, s.positions
        return [places[c] for c in g.board.countries if c not in positions]


class RollRule(Rule):
    """RA-T-CHOICE, RA-M-ROLL, RA-K-AIR: roll the die and travel, or first play an
    Air Passage so that the roll counts double."""

    kinds = (Roll, Air)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return (g.acts.roll, g.acts.air)

    def verdict(self, g: Raiders, s: RaidersState, a: Roll | Air) -> Refusal | None:
        if a.__class__ is Air and AIR not in s.hands[s.to_move]:
            return Refusal("RA-K-AIR", "you hold no Air Passage card")
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None: ``roll``, and ``air`` with an Air
        Passage in hand."""
        if AIR in s.hands[s.to_move]:
            return [g.acts.roll, g.acts.air]
        return [g.acts.roll]


class FlyRule(Rule):
    """RA-K-COUNTRY: a Country card flies to any unoccupied country (option: only
    to its printed country)."""

    kinds = (FlyCountry,)

    def candidates(self, g: Raiders, s: RaidersState) -> list:
        if g.acts.country_cards.isdisjoint(s.hands[s.to_move]):
            return []
        flights = g.acts.flights
        return [flights[c] for c in g.board.countries]

    def verdict(self, g: Raiders, s: RaidersState, a: FlyCountry) -> Refusal | None:
        if a.country not in g.board.bit:
            return Refusal("RA-K-COUNTRY", f"{a.country} is not a country on the map")
        hand = s.hands[s.to_move]
        if g.acts.country_cards.isdisjoint(hand):
            return Refusal("RA-K-COUNTRY", "you hold no Country card")
        if g.restricted and country_card(a.country) not in hand:
            return Refusal(
                "RA-K-COUNTRY",
                f"you hold no {a.country} card (Country cards are restricted to "
                "their printed country)",
            )
        if a.country in s.positions:
            return Refusal("RA-K-COUNTRY", f"{a.country} is occupied")
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None: with a Country card in hand, the
        countries no token holds (with the option, only those whose card is
        held)."""
        hand = s.hands[s.to_move]
        if g.acts.country_cards.isdisjoint(hand):
            return []
        flights, positions = g.acts.flights, s.positions
        if g.restricted:
            return [
                flights[c]
                for c in g.board.countries
                if c not in positions and country_card(c) in hand
            ]
        return [flights[c] for c in g.board.countries if c not in positions]


class AmbushRule(Rule):
    """RA-K-AMBUSH: take a card at random from any opponent holding cards (the
    house rule ``ambush_spares_countries``: not one standing in a country)."""

    kinds = (Ambush,)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        if AMBUSH not in s.hands[s.to_move]:
            return ()
        return g.acts.ambushes

    def verdict(self, g: Raiders, s: RaidersState, a: Ambush) -> Refusal | None:
        if AMBUSH not in s.hands[s.to_move]:
            return Refusal("RA-K-AMBUSH", "you hold no Ambush card")
        if not 0 <= a.victim < g.players or a.victim == s.to_move:
            return Refusal("RA-K-AMBUSH", f"player {a.victim} is not an opponent")
        if not s.hands[a.victim]:
            return Refusal("RA-K-AMBUSH", f"player {a.victim} has no cards")
        if g.house.ambush_spares_countries and s.positions[a.victim] in g.board.bit:
            return Refusal(
                "RA-K-AMBUSH",
                f"player {a.victim} stands in a country, safe from an Ambush "
                "(house rule)",
            )
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None: with an Ambush in hand, every
        opponent holding cards."""
        hands, me = s.hands, s.to_move
        if AMBUSH not in hands[me]:
            return []
        ambushes = g.acts.ambushes
        if g.house.ambush_spares_countries:
            bit, at = g.board.bit, s.positions
            return [
                ambushes[q]
                for q in range(g.players)
                if q != me and hands[q] and at[q] not in bit
            ]
        return [ambushes[q] for q in range(g.players) if q != me and hands[q]]


class HostageRule(Rule):
    """RA-K-HOSTAGE, RA-K-HOSTAGE-TWICE: move an opponent to any unoccupied place."""

    kinds = (Hostage,)

    def candidates(self, g: Raiders, s: RaidersState) -> list:
        if HOSTAGE not in s.hands[s.to_move]:
            return []
        out: list = []
        for row in g.acts.hostages:
            out += row
        return out

    def verdict(self, g: Raiders, s: RaidersState, a: Hostage) -> Refusal | None:
        return self.victim_verdict(g, s, a.victim) or _free_spot(
            g, s, a.to, "RA-K-HOSTAGE"
        )

    def victim_verdict(self, g: Raiders, s: RaidersState, q: int) -> Refusal | None:
        """The verdict's first part: the card, and ``q`` as the victim."""
        if HOSTAGE not in s.hands[s.to_move]:
            return Refusal("RA-K-HOSTAGE", "you hold no Hostage card")
        if not 0 <= q < g.players or q == s.to_move:
            return Refusal("RA-K-HOSTAGE", f"player {q} is not an opponent")
        if s.hostage[q]:
            return Refusal(
                "RA-K-HOSTAGE-TWICE",
                f"player {q} was just taken hostage and has not had a turn since",
            )
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None, without judging each of the
        hundreds: the verdict's victim part once per victim, and its place part
        (``_free_spot``) by cutting the taken places out of the row of every
        place, which is exactly what that part refuses."""
        if HOSTAGE not in s.hands[s.to_move]:
            return []  # the verdict's first check, for every candidate
        out: list = []
        for q, row in enumerate(g.acts.hostages):
            if self.victim_verdict(g, s, q) is None:
                out += _free_places(g, row, s.positions)
        return out


class NeverPlayedRule(Rule):
    """RA-K-PASSPORT, RA-K-KEY: cards that are never played on a turn (a Passport is
    shown at checkpoints; the Ark, Staff of Ra and Map Room stay in hand). It lists
    nothing and refuses with the clause."""

    kinds = (ShowPassport, PlayKey)

    def legal(self, g: Raiders, s: RaidersState) -> list:
        return []  # no candidates

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return ()

    def verdict(self, g: Raiders, s: RaidersState, a: Any) -> Refusal | None:
        if a.__class__ is ShowPassport:
            return Refusal(
                "RA-K-PASSPORT",
                "a Passport is not played on a turn; it is shown at checkpoints",
            )
        return Refusal(
            "RA-K-KEY",
            "the Ark, Staff of Ra and Map Room cards stay in your hand; they cannot "
            "be played",
        )


class StepRule(Rule):
    """RA-M-DIRECTION, RA-M-FORWARD, RA-M-UNOCCUPIED, RA-M-OCCUPIED: the next step
    of a move, where more than one way is open."""

    kinds = (Step,)

    def candidates(self, g: Raiders, s: RaidersState) -> list:
        steps_to = g.acts.steps_to
        return [steps_to[n] for n in s.ways]

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None: all of them, since the verdict
        accepts every way in ``s.ways`` at once (its first check)."""
        steps_to = g.acts.steps_to
        return [steps_to[n] for n in s.ways]

    def verdict(self, g: Raiders, s: RaidersState, a: Step) -> Refusal | None:
        if a.to in s.ways:  # the ways open when the walk stopped (moves.walk)
            return None
        p = s.to_move
        loc, prev = s.positions[p], s.prev[p]
        occ = moves.occupied(g, s.positions, p)
        if a.to not in moves.step_options(g, loc, prev, len(s.route) <= 1, occ):
            if a.to not in g.board.adjacent[loc]:
                return Refusal("RA-M-ROLL", f"{a.to} is not next to {loc}")
            clause = (
                "RA-M-FORWARD" if g.board.kind[loc] != "space" else "RA-M-DIRECTION"
            )
            return Refusal(clause, f"you may not turn back from {loc} to {a.to}")
        at_start = len(s.route) <= 1
        hand = s.hands[p]
        if a.to not in moves.ways_from(
            g, loc, prev, at_start, s.steps, occ, hand, s.ark
        ):
            return Refusal(
                "RA-M-OCCUPIED",
                f"every way on through {a.to} ends on an occupied country",
            )
        return None


class SendRule(Rule):
    """RA-M-LAND-PLAYER: send the player landed on to any unoccupied place."""

    kinds = (Send,)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return g.acts.sends[s.landed[0]]

    def verdict(self, g: Raiders, s: RaidersState, a: Send) -> Refusal | None:
        return _landed_on(s, a.victim) or _free_spot(g, s, a.to, "RA-M-LAND-PLAYER")

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The candidates whose verdict is None (see ``HostageRule.legal``)."""
        return _free_places(g, g.acts.sends[s.landed[0]], s.positions)


def _landed_on(s: RaidersState, victim: int) -> Refusal | None:
    if victim != s.landed[0]:
        return Refusal(
            "RA-M-LAND-PLAYER",
            f"you landed on player {s.landed[0]}, not player {victim}",
        )
    return None


class LeaveRule(Rule):
    """RA-M-LAND-PLAYER: leave the player landed on where they stand."""

    kinds = (Leave,)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return (g.acts.leaves[s.landed[0]],)

    def verdict(self, g: Raiders, s: RaidersState, a: Leave) -> Refusal | None:
        return _landed_on(s, a.victim)

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The one candidate, whose victim is the player landed on."""
        return [g.acts.leaves[s.landed[0]]]


class ShowPassportRule(Rule):
    """RA-M-CHECKPOINT-LAND: show a Passport for the checkpoint landed on."""

    kinds = (ShowPassport,)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return (g.acts.passport,)

    def verdict(self, g: Raiders, s: RaidersState, a: Any) -> Refusal | None:
        if PASSPORT not in s.hands[s.to_move]:
            return Refusal("RA-K-PASSPORT", "you hold no Passport card")
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The one candidate when a Passport is in hand."""
        return [g.acts.passport] if PASSPORT in s.hands[s.to_move] else []


class LoseTurnRule(Rule):
    """RA-M-CHECKPOINT-LAND: show no Passport and lose this turn (the house rule
    ``passport_required``: only without a Passport in hand)."""

    kinds = (LoseTurn,)

    def candidates(self, g: Raiders, s: RaidersState) -> tuple:
        return (g.acts.lose,)

    def verdict(self, g: Raiders, s: RaidersState, a: Any) -> Refusal | None:
        if g.house.passport_required and PASSPORT in s.hands[s.to_move]:
            return Refusal(
                "RA-M-CHECKPOINT-LAND",
                "you hold a Passport, so you must show it (house rule)",
            )
        return None

    def legal(self, g: Raiders, s: RaidersState) -> list:
        """The one candidate, unless the house rule makes a held Passport due."""
        if g.house.passport_required and PASSPORT in s.hands[s.to_move]:
            return []
        return [g.acts.lose]


#: phase -> the rules of its decision, in the order legal actions are listed.
DECISIONS: dict[str, tuple[Rule, ...]] = {
    "place": (PlaceRule(),),
    "turn": (
        RollRule(),
        FlyRule(),
        AmbushRule(),
        HostageRule(),
        NeverPlayedRule(),
    ),
    "move": (StepRule(),),
    "land": (SendRule(), LeaveRule()),
    "customs": (ShowPassportRule(), LoseTurnRule()),
    "over": (),
}
