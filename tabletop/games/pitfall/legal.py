"""What the player to move may do: one ``Rule`` per kind of decision, the only source
of the legal actions and of the refusals.

``DECISIONS`` maps each phase to the rules of its decision. A rule lists its
candidates and judges any action of its kinds with ``verdict``; the legal actions are
the candidates whose verdict is ``None`` (``GameRules.legal_actions``) and a refused
action gets the verdict's clause and reason, so the two cannot drift apart. Verdicts
are cheap: a refusal is built only on the refusing path. ``explain.py`` describes
each legal action.

The rules met most in play (a turn's start, the direction, the card at an obstacle,
declining it, climbing, and the refusal of a second roll) also override ``legal``
to build that same list straight from the checks their verdict makes, instead of
judging each candidate in turn;
``tests/test_pitfall_legal.py`` compares every rule's ``legal`` with ``Rule.legal``
(its candidates filtered by its verdict) on every state of many seeded games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Refusal, Rule
from tabletop.games.pitfall.actions import (
    Climb,
    Decline,
    Direction,
    Discard,
    Give,
    PlaceScorpion,
    Play,
    Roll,
    Stay,
    Swap,
)
from tabletop.games.pitfall.cards import (
    CARDS,
    CODES,
    OBSTACLE_NAMES,
    OBSTACLES,
    SCORPION,
)
from tabletop.games.pitfall.moves import barred, playable

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall
    from tabletop.games.pitfall.state import PitfallState

ROLL, DECLINE, CLIMB, STAY = Roll(), Decline(), Climb(), Stay()
FORWARD, BACKWARD = Direction(1), Direction(-1)
PLAYS = tuple(Play(c) for c in range(len(CARDS)))
GIVES = tuple(Give(seat) for seat in range(4))
"""Shared instances of the actions that carry no hand-dependent data."""
_HEADS = ((ROLL,), (PLAYS[SCORPION], ROLL))
"""A turn start's actions before the exchanges, by whether a Scorpion card may be
played (PH-T-SCORPION-FIRST)."""


def _card_kind(card: object) -> bool:
    return type(card) is int and 0 <= card < len(CARDS)


class StartRule(Rule):
    """PH-T-CHOICE, PH-T-SCORPION-FIRST, PH-2B-DISCARD, PH-2B-SWAP: a turn's first
    decision: first perhaps one Scorpion card (PH-6-MOVE), then a roll or an exchange
    of four cards, discarded or swapped with an opponent.

    ``legal`` lists what the verdicts allow: the Scorpion card when one is held and
    none was played this turn, the roll, and every choice of four cards of the hand
    (``Exchanges``, the verdicts' own test) as a discard and as a swap with each
    opponent in seat order.
    """

    kinds = (Play, Roll, Discard, Swap)

    def candidates(self, g: Pitfall, s: PitfallState):
        hand, me = s.hands[s.to_move], s.to_move
        out: list = [PLAYS[SCORPION], ROLL]
        out += g.exchanges.discards(hand)
        for seat in range(len(s.hands)):
            if seat != me:
                out += g.exchanges.swaps(hand, seat)
        return out

    def legal(self, g: Pitfall, s: PitfallState):
        me = s.to_move
        hand = s.hands[me]
        scorpion = bool(hand[SCORPION]) and not s.scorpion_played
        return g.exchanges.start(hand, me, len(s.hands), scorpion, _HEADS[scorpion])

    def verdict(self, g: Pitfall, s: PitfallState, a: object) -> Refusal | None:
        kind = type(a)
        if kind is Roll:
            return None
        if kind is Play:
            return _scorpion_card(s, a.card)
        me, hand = s.to_move, s.hands[s.to_move]
        if kind is Swap and not (
            type(a.seat) is int and a.seat != me and 0 <= a.seat < len(s.hands)
        ):
            return Refusal(
                "PH-2B-SWAP", f"seat {a.seat!r} is not an opponent to swap with"
            )
        cards = a.cards
        if type(cards) is tuple and cards in g.exchanges.four_set(hand):
            return None
        clause = "PH-2B-SWAP" if kind is Swap else "PH-2B-DISCARD"
        return _exchange_refusal(clause, cards, hand)


def _scorpion_card(s: PitfallState, card: object) -> Refusal | None:
    """PH-T-SCORPION-FIRST: only a Scorpion card, once, and only if held."""
    if card != SCORPION:
        return Refusal(
            "PH-T-SCORPION-FIRST",
            "before rolling or exchanging, only a Scorpion card may be played",
        )
    if s.scorpion_played:
        return Refusal("PH-T-SCORPION-FIRST", "only one Scorpion card per turn")
    if not s.hands[s.to_move][SCORPION]:
        return Refusal("PH-6-MOVE", "you hold no Scorpion card")
    return None


def _exchange_refusal(clause: str, cards: object, hand: tuple[int, ...]) -> Refusal:
    if (
        not isinstance(cards, tuple)
        or len(cards) != 4
        or not all(_card_kind(c) for c in cards)
    ):
        return Refusal(clause, "an exchange names exactly 4 cards")
    need = [0] * len(CARDS)
    for c in cards:
        need[c] += 1
    short = [CODES[c] for c in range(len(CARDS)) if need[c] > hand[c]]
    return Refusal(
        clause, f"you do not hold the cards to exchange ({' '.join(short)} missing)"
    )


class PlaceScorpionRule(Rule):
    """PH-6-MOVE: the scorpion onto any underground space but a wall, its own space,
    or a space holding only the mover's pawn (ruling)."""

    kinds = (PlaceScorpion,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return g.scorpion_moves

    def verdict(self, g: Pitfall, s: PitfallState, a: PlaceScorpion) -> Refusal | None:
        board, space = g.board, a.space
        if board.level.get(space) != "below":
            return Refusal("PH-6-MOVE", f"{space} is not an underground space")
        if space in board.walls:
            return Refusal(
                "PH-B-WALLS", f"{space} is a stone wall: the scorpion never goes there"
            )
        if space == s.scorpion:
            return Refusal("PH-6-MOVE", f"the scorpion is already on {space}")
        me = s.to_move
        if s.positions[me] == space and not any(
            p == space for seat, p in enumerate(s.positions) if seat != me
        ):
            return Refusal("PH-6-MOVE", f"{space} holds only your own pawn")
        return None


class DirectionRule(Rule):
    """PH-2A-MOVE, PH-T-STUCK: forward or backward after the roll; a direction whose
    first step nothing can pass is refused while the other one can step."""

    kinds = (Direction,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (FORWARD, BACKWARD)

    def legal(self, g: Pitfall, s: PitfallState):
        """Both ways, but not one barred at the first step while the other is not."""
        ahead, behind = barred(g.board, s, 1), barred(g.board, s, -1)
        out = []
        if not ahead or behind:
            out.append(FORWARD)
        if not behind or ahead:
            out.append(BACKWARD)
        return out

    def verdict(self, g: Pitfall, s: PitfallState, a: Direction) -> Refusal | None:
        step = a.step
        if step != 1 and step != -1:
            return Refusal("PH-2A-MOVE", "the direction is forward or backward")
        what = barred(g.board, s, step)
        if not what or barred(g.board, s, -step):
            return None
        return Refusal(
            "PH-T-STUCK",
            f"{a} is barred at the first step by {what}: once rolled you "
            "must move, so go the other way (PH-6-BLOCK)",
        )


class CardRule(Rule):
    """PH-3-CARD, PH-4-*: a card that enters the obstacle (or the scorpion's
    space) ahead; a treasure card only while facedown tokens are left."""

    kinds = (Play,)

    def candidates(self, g: Pitfall, s: PitfallState):
        hand = s.hands[s.to_move]
        return [
            PLAYS[c] for c in playable(g.board, hand, s.target, s.scorpion, s.facedown)
        ]

    def legal(self, g: Pitfall, s: PitfallState):
        """The candidates, each of which the verdict allows (the same ``playable``)."""
        return self.candidates(g, s)

    def verdict(self, g: Pitfall, s: PitfallState, a: Play) -> Refusal | None:
        card = a.card
        hand = s.hands[s.to_move]
        if card in playable(g.board, hand, s.target, s.scorpion, s.facedown):
            return None
        return _card_refusal(g, s, card, hand)


def _card_refusal(g: Pitfall, s: PitfallState, card: object, hand) -> Refusal:
    if not _card_kind(card):
        return Refusal("PH-3-CARD", f"{card!r} is not a card kind")
    board, name = g.board, CARDS[card].title()
    if s.target == s.scorpion:
        passes: tuple[int, ...] = (SCORPION,)
        what = "the scorpion"
    else:
        passes = OBSTACLES[board.kind[s.target]]
        what = f"the {OBSTACLE_NAMES[board.kind[s.target]]}"
        if card == SCORPION and board.down.get(s.target) == s.scorpion:
            passes = (SCORPION,)
    if card not in passes:
        clause = "PH-4-SCORPION-PASS" if card == SCORPION else "PH-3-CARD"
        return Refusal(clause, f"a {name} card does not pass {what} at {s.target}")
    if not hand[card]:
        return Refusal("PH-3-CARD", f"you hold no {name} card")
    return Refusal(
        "PH-4-TREASURE",
        "no facedown treasure tokens are left, so a treasure card cannot be played",
    )


class DeclineRule(Rule):
    """PH-4-OPTIONAL: play no card at the obstacle (stop, go down or fall)."""

    kinds = (Decline,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (DECLINE,)

    def verdict(self, g: Pitfall, s: PitfallState, a: Decline) -> Refusal | None:
        return None

    def legal(self, g: Pitfall, s: PitfallState):
        """The one candidate, which the verdict always allows."""
        return [DECLINE]


class ClimbRule(Rule):
    """PH-4-CLIMB, PH-4-LADDER: climb up to the pit trap above, or stay below."""

    kinds = (Climb, Stay)

    def candidates(self, g: Pitfall, s: PitfallState):
        return (CLIMB, STAY)

    def verdict(self, g: Pitfall, s: PitfallState, a: Climb | Stay) -> Refusal | None:
        return None

    def legal(self, g: Pitfall, s: PitfallState):
        """Both candidates, which the verdict always allows."""
        return [CLIMB, STAY]


class GiveRule(Rule):
    """PH-5-GIVE: the duplicate token to an opponent who lacks that kind."""

    kinds = (Give,)

    def candidates(self, g: Pitfall, s: PitfallState):
        return GIVES[: len(s.positions)]

    def verdict(self, g: Pitfall, s: PitfallState, a: Give) -> Refusal | None:
        seat = a.seat
        if (
            type(seat) is int
            and 0 <= seat < len(s.treasure)
            and seat != s.to_move
            and not s.treasure[seat][s.token]
        ):
            return None
        return Refusal(
            "PH-5-GIVE",
            f"player {seat} cannot take it: give the "
            "token to an opponent who lacks that kind",
        )


class RolledRule(Rule):
    """PH-T-ROLLED: once rolled, no exchange and no second roll (lists nothing)."""

    kinds = (Roll, Discard, Swap)

    def candidates(self, g: Pitfall, s: PitfallState):
        return ()

    def legal(self, g: Pitfall, s: PitfallState):
        """No candidates, so nothing."""
        return []

    def verdict(self, g: Pitfall, s: PitfallState, a: object) -> Refusal | None:
        return Refusal(
            "PH-T-ROLLED",
            f"player {s.to_move} has rolled and must move: no exchange or second "
            "roll now",
        )


_ROLLED = RolledRule()
DECISIONS: dict[str, tuple[Rule, ...]] = {
    "start": (StartRule(),),
    "scorpion": (PlaceScorpionRule(),),
    "direction": (DirectionRule(), _ROLLED),
    "obstacle": (CardRule(), DeclineRule(), _ROLLED),
    "climb": (ClimbRule(), _ROLLED),
    "give": (GiveRule(), _ROLLED),
    "over": (),
}
"""phase -> the rules of its decision, in the order their actions are listed."""
