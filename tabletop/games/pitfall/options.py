"""What the player to move may do: the one source of legal actions and refusals.

``legal(board, state)`` lists the legal actions (cached where they depend on the
hand only); ``refusal`` says, for an action not in that list, which clause forbids it
and why; ``explain.py`` describes each legal action. Legality itself is only ever
membership in ``legal``, so the list and the refusals cannot drift apart.
"""

from __future__ import annotations

from tabletop.core import Refusal
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
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.cards import (
    CARDS,
    CODES,
    OBSTACLE_NAMES,
    OBSTACLES,
    SCORPION,
)
from tabletop.games.pitfall.moves import barred, playable
from tabletop.games.pitfall.state import PitfallState

ROLL, DECLINE, CLIMB, STAY = Roll(), Decline(), Climb(), Stay()
FORWARD, BACKWARD = Direction(1), Direction(-1)
PLAYS = tuple(Play(c) for c in range(len(CARDS)))
GIVES = tuple(Give(seat) for seat in range(8))

PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "start": (Roll, Play, Discard, Swap),
    "scorpion": (PlaceScorpion,),
    "direction": (Direction,),
    "obstacle": (Play, Decline),
    "climb": (Climb, Stay),
    "give": (Give,),
    "over": (),
}

_START_CACHE: dict[tuple, tuple] = {}
_FOURS_CACHE: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_FOUR_SETS: dict[tuple[int, ...], frozenset] = {}
_EXCHANGES: dict[tuple, Discard | Swap] = {}


def legal(board: PitfallBoard, s: PitfallState) -> tuple:
    """Every legal action for the player to move, in a stable order."""
    phase = s.phase
    if phase == "start":
        return start_actions(s)
    if phase == "direction":
        return directions(board, s)
    if phase == "obstacle":
        cards = playable(board, s.hands[s.turn], s.target, s.scorpion, s.facedown)
        return tuple(PLAYS[c] for c in cards) + (DECLINE,)
    if phase == "climb":
        return (CLIMB, STAY)
    if phase == "scorpion":
        return tuple(PlaceScorpion(sp) for sp in scorpion_targets(board, s))
    if phase == "give":
        return tuple(GIVES[o] for o in give_targets(s))
    return ()


def directions(board: PitfallBoard, s: PitfallState) -> tuple[Direction, ...]:
    """PH-T-STUCK: a direction whose first step nothing can pass is not offered
    while the other one can step; when neither can, both are (the pawn stays put)."""
    fwd, back = barred(board, s, 1), barred(board, s, -1)
    if fwd and not back:
        return (BACKWARD,)
    if back and not fwd:
        return (FORWARD,)
    return (FORWARD, BACKWARD)


def is_legal(board: PitfallBoard, s: PitfallState, action: object) -> bool:
    if s.phase == "start":
        return _start_legal(s, action)
    return action in legal(board, s)


def _start_legal(s: PitfallState, action: object) -> bool:
    """Whether ``action`` is among ``start_actions(s)``, without listing them."""
    hand = s.hands[s.turn]
    kind = type(action)
    if kind is Discard or kind is Swap:
        cards = action.cards
        if kind is Swap and not (
            type(action.seat) is int
            and action.seat != s.turn
            and 0 <= action.seat < len(s.positions)
        ):
            return False
        return isinstance(cards, tuple) and cards in four_set(hand)
    if action == PLAYS[SCORPION]:
        return bool(hand[SCORPION]) and not s.scorpion_played
    return action == ROLL


def start_actions(s: PitfallState) -> tuple:
    """PH-T-CHOICE: roll, exchange (both forms) or first a Scorpion card; cached
    (the exchange actions are shared objects, so an entry is one small tuple)."""
    hand = s.hands[s.turn]
    key = (hand, s.turn, len(s.positions), s.scorpion_played)
    hit = _START_CACHE.get(key)
    if hit is not None:
        return hit
    out: list = []
    if hand[SCORPION] and not s.scorpion_played:
        out.append(PLAYS[SCORPION])
    out.append(ROLL)
    fours = four_cards(hand)
    out.extend(_exchange(Discard, f) for f in fours)
    for seat in range(len(s.positions)):
        if seat != s.turn:
            out.extend(_exchange(Swap, seat, f) for f in fours)
    hit = tuple(out)
    if len(_START_CACHE) > 100_000:
        _START_CACHE.clear()
    _START_CACHE[key] = hit
    return hit


def _exchange(cls: type, *args: object) -> Discard | Swap:
    """The one shared Discard/Swap object for these arguments."""
    key = (cls, *args)
    found = _EXCHANGES.get(key)
    if found is None:
        found = _EXCHANGES[key] = cls(*args)
    return found


def four_set(hand: tuple[int, ...]) -> frozenset:
    """``four_cards(hand)`` as a set, for membership tests."""
    found = _FOUR_SETS.get(hand)
    if found is None:
        found = _FOUR_SETS[hand] = frozenset(four_cards(hand))
    return found


def four_cards(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct choice of 4 cards from a hand vector, as sorted index tuples."""
    hit = _FOURS_CACHE.get(hand)
    if hit is None:
        out: list[tuple[int, ...]] = []
        _choose(hand, 0, 4, (), out)
        hit = _FOURS_CACHE[hand] = tuple(out)
    return hit


def _choose(hand, kind: int, need: int, acc: tuple, out: list) -> None:
    if need == 0:
        out.append(acc)
        return
    for k in range(kind, len(CARDS)):
        if hand[k]:
            _choose(
                hand[:k] + (hand[k] - 1,) + hand[k + 1 :], k, need - 1, acc + (k,), out
            )


def scorpion_targets(board: PitfallBoard, s: PitfallState) -> tuple[str, ...]:
    """PH-6-MOVE: underground spaces but walls, its own space, and a space holding
    only the mover's pawn (ruling)."""
    mine = s.positions[s.turn]
    others = {p for seat, p in enumerate(s.positions) if seat != s.turn}
    return tuple(
        sp
        for sp in board.below
        if sp not in board.walls and sp != s.scorpion and (sp != mine or sp in others)
    )


def give_targets(s: PitfallState) -> tuple[int, ...]:
    """PH-5-GIVE: the opponents lacking the token kind being given."""
    return tuple(
        o for o in range(len(s.positions)) if o != s.turn and not s.treasure[o][s.token]
    )


def pending_text(s: PitfallState) -> str:
    """A sentence: whose decision is pending and what kind."""
    p = f"player {s.turn}"
    return {
        "start": f"{p} plays a Scorpion card, rolls, or exchanges four cards"
        if not s.scorpion_played
        else f"{p} rolls or exchanges four cards",
        "scorpion": f"{p} chooses the scorpion's new space",
        "direction": f"{p} rolled {s.roll} and chooses forward or backward",
        "obstacle": f"{p} may play a card to enter {s.target} ({s.remaining} to go)",
        "climb": f"{p} may climb up from {s.positions[s.turn]} ({s.remaining} to go)",
        "give": f"{p} chooses who gets the duplicate treasure token",
        "over": f"the game is over: player {s.diamond} took the diamond",
    }[s.phase]


def refusal(board: PitfallBoard, s: PitfallState, action: object) -> Refusal:
    """Why ``action`` (not in ``legal``) is refused: the clause and a sentence."""
    if s.phase == "over":
        return Refusal(
            "TT-OVER", "the game is over: no further action is legal (PH-WIN)"
        )
    if s.roll and isinstance(action, Roll | Discard | Swap):
        return Refusal(
            "PH-T-ROLLED",
            f"player {s.turn} has rolled and must move: no exchange or second roll now",
        )
    if not isinstance(action, PHASE_ACTIONS[s.phase]):
        return Refusal(
            "TT-PHASE",
            f"'{action}' is not a decision of this kind: now {pending_text(s)}",
        )
    hand = s.hands[s.turn]
    kind = type(action)
    if kind is Play and s.phase == "start":
        if action.card != SCORPION:
            return Refusal(
                "PH-T-SCORPION-FIRST",
                "before rolling or exchanging, only a Scorpion card may be played",
            )
        if s.scorpion_played:
            return Refusal("PH-T-SCORPION-FIRST", "only one Scorpion card per turn")
        return Refusal("PH-6-MOVE", "you hold no Scorpion card")
    if kind is Discard or kind is Swap:
        return _exchange_refusal(s, action, hand)
    if kind is PlaceScorpion:
        return _scorpion_refusal(board, s, action.space)
    if kind is Play:
        return _card_refusal(board, s, action.card, hand)
    if kind is Direction:
        what = barred(board, s, action.step)
        return Refusal(
            "PH-T-STUCK",
            f"{action} is barred at the first step by {what}: once rolled you "
            "must move, so go the other way (PH-6-BLOCK)",
        )
    if kind is Give:
        return Refusal(
            "PH-5-GIVE",
            f"player {action.seat} cannot take it: give the "
            "token to an opponent who lacks that kind",
        )
    return Refusal("TT-PHASE", f"'{action}' is not possible now: {pending_text(s)}")


def _exchange_refusal(s: PitfallState, action, hand) -> Refusal:
    clause = "PH-2B-DISCARD" if isinstance(action, Discard) else "PH-2B-SWAP"
    if isinstance(action, Swap) and not (
        0 <= action.seat < len(s.positions) and action.seat != s.turn
    ):
        return Refusal(clause, f"seat {action.seat} is not an opponent to swap with")
    need = [0] * len(CARDS)
    for c in action.cards:
        need[c] += 1
    short = [CODES[c] for c in range(len(CARDS)) if need[c] > hand[c]]
    return Refusal(
        clause, f"you do not hold the cards to exchange ({' '.join(short)} missing)"
    )


def _scorpion_refusal(board: PitfallBoard, s: PitfallState, space: str) -> Refusal:
    if board.level.get(space) != "below":
        return Refusal("PH-6-MOVE", f"{space} is not an underground space")
    if space in board.walls:
        return Refusal(
            "PH-B-WALLS", f"{space} is a stone wall: the scorpion never goes there"
        )
    if space == s.scorpion:
        return Refusal("PH-6-MOVE", f"the scorpion is already on {space}")
    return Refusal("PH-6-MOVE", f"{space} holds only your own pawn")


def _card_refusal(board: PitfallBoard, s: PitfallState, card: int, hand) -> Refusal:
    name = CARDS[card].title()
    if s.target == s.scorpion:
        passes = (SCORPION,)
        what = "the scorpion"
    else:
        passes = OBSTACLES[board.kind[s.target]]
        what = f"the {OBSTACLE_NAMES[board.kind[s.target]]}"
        if card == SCORPION and board.down.get(s.target) == s.scorpion:
            passes = (SCORPION,)
    if card not in passes:
        clause = {SCORPION: "PH-4-SCORPION-PASS"}.get(card, "PH-3-CARD")
        return Refusal(clause, f"a {name} card does not pass {what} at {s.target}")
    if not hand[card]:
        return Refusal("PH-3-CARD", f"you hold no {name} card")
    return Refusal(
        "PH-4-TREASURE",
        "no facedown treasure tokens are left, so a treasure card cannot be played",
    )
