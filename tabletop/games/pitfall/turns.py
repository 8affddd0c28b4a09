"""Setup and the turn cycle: the deal, the tokens and the first-player roll-off
(``setup(game, rng)``, PH-S-*), then the card and token side of a turn: exchanges
(PH-2B-*), treasure tokens (PH-5-*), the refill (PH-2A-REFILL, PH-8-RESHUFFLE) and
passing the turn to the next seat (the ``turn`` counter counts the turns begun)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Event, Rng
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.cards import (
    CARD_INDEX,
    CARDS,
    CODES,
    FOUR_TEXT,
    TOKEN_INFO,
    TOKENS,
    hand_codes,
    hand_names,
    hand_vector,
)
from tabletop.games.pitfall.state import PitfallState
from tabletop.games.pitfall.work import Work, put

if TYPE_CHECKING:
    from tabletop.games.pitfall.rules import Pitfall


# -- setup --------------------------------------------------------------------------
def setup(game: Pitfall, rng: Rng) -> tuple[PitfallState, tuple[Event, ...]]:
    """The initial state drawn from ``rng`` and the setup events: deal (PH-S-DEAL),
    tokens (PH-S-TOKENS) and the first-player roll-off (PH-S-FIRST)."""
    board, n = game.board, game.players
    cards = [k for k, count in enumerate(board.deck) for _ in range(count)]
    shuffled, rng = rng.shuffle(cards)
    deck = shuffled[::-1]  # top first
    events = _setup_events(board, n)
    hands = []
    size = board.hand_size
    for seat in range(n):
        dealt, deck = deck[:size], deck[size:]
        hands.append(hand_vector(dealt))
        text = f"player {seat} was dealt {hand_codes(hands[-1])}"
        public = f"player {seat} was dealt {size} cards"
        data = {"seat": seat, "count": size, "cards": hand_names(hands[-1])}
        events.append(
            Event("PH-S-DEAL", text, seat, "deal", True, public, data, ("cards",))
        )
    pile = [k for k, count in enumerate(board.tokens) for _ in range(count)]
    tokens, rng = rng.shuffle(pile)
    tokens = tokens[::-1]  # top first
    first, rounds, rng = _roll_off(n, rng, events)
    state = PitfallState(
        phase="start",
        to_move=first,
        turn=1,
        positions=(board.riverboat,) * n,
        hands=tuple(hands),
        deck=deck,
        discards=(),
        treasure=((0, 0, 0),) * n,
        facedown=tokens,
        diamond=-1,
        scorpion=board.scorpion_start,
        scorpion_played=False,
        roll=0,
        direction=0,
        remaining=0,
        target="",
        no_climb="",
        token=-1,
        rng=rng,
        first_rolls=rounds,
    )
    return state, tuple(events)


def _roll_off(players: int, rng: Rng, events: list[Event]):
    """PH-S-FIRST: everyone rolls, the tied highest roll again; the first seat, the
    rounds rolled and the generator after."""
    contenders = list(range(players))
    rounds = []
    while True:
        rolls = []
        for seat in contenders:
            value, rng = rng.roll()
            rolls.append(value)
            events.append(
                Event(
                    "PH-S-FIRST",
                    f"player {seat} rolled {value} for first turn",
                    seat,
                    "roll",
                    data={"seat": seat, "roll": value},
                )
            )
        rounds.append(tuple(rolls))
        best = max(rolls)
        contenders = [s for s, v in zip(contenders, rolls, strict=True) if v == best]
        if len(contenders) == 1:
            events.append(
                Event(
                    "PH-S-FIRST",
                    f"player {contenders[0]} rolled highest and went first",
                    contenders[0],
                    "first",
                    data={"seat": contenders[0]},
                )
            )
            return contenders[0], tuple(rounds), rng
        tied = ", ".join(str(s) for s in contenders)
        events.append(
            Event(
                "PH-S-FIRST",
                f"players {tied} tied and rolled again",
                kind="roll",
                data={"seats": list(contenders)},
            )
        )


def _setup_events(board: PitfallBoard, players: int) -> list[Event]:
    return [
        Event(
            "PH-S-START",
            f"{players} Harry pawns were placed on the riverboat {board.riverboat}",
            kind="setup",
            data={"space": board.riverboat},
        ),
        Event(
            "PH-S-SCORPION",
            f"the scorpion was placed on {board.scorpion_start}",
            kind="setup",
            data={"space": board.scorpion_start},
        ),
        Event(
            "PH-S-TOKENS",
            f"{sum(board.tokens)} treasure tokens were laid facedown; the "
            "diamond was laid on the diamond space",
            kind="setup",
            data={"tokens": sum(board.tokens), "space": board.diamond},
        ),
    ]


# -- the turn --------------------------------------------------------------------


def take_token(w: Work) -> bool:
    """PH-5-TAKE..EXTRA: take the top facedown token (the pile was shuffled, so it
    is a random one) and turn it up; True if a give is pending."""
    kind = w.facedown[0]
    w.facedown = w.facedown[1:]
    token = TOKENS[kind]
    me = w.to_move
    w.say(
        "PH-5-TAKE",
        lambda d: (
            f"player {d['seat']} took a treasure token: a {TOKEN_INFO[d['token']]}"
        ),
        "token",
        token=token,
    )
    if not w.treasure[me][kind]:
        w.say(
            "PH-5-KEEP",
            lambda d: f"player {d['seat']} kept the {TOKEN_INFO[d['token']]}",
            "token",
            token=token,
        )
        gain(w, me, kind)
        return False
    lacking = [o for o in range(len(w.positions)) if not w.treasure[o][kind]]
    if not lacking:
        w.say(
            "PH-5-EXTRA",
            lambda d: (
                f"everyone had a {TOKEN_INFO[d['token']]}: player {d['seat']} "
                "kept it, but it does not count"
            ),
            "token",
            token=token,
        )
        gain(w, me, kind)
        return False
    if len(lacking) == 1:
        give(w, lacking[0], kind)
        return False
    w.phase, w.token = "give", kind
    return True


def give(w: Work, seat: int, kind: int | None = None) -> None:
    """PH-5-GIVE: hand the duplicate token to an opponent who lacks it."""
    kind = w.token if kind is None else kind
    w.token = -1
    w.phase = "move"
    w.say(
        "PH-5-GIVE",
        lambda d: (
            f"player {d['seat']} gave the {TOKEN_INFO[d['token']]} to player "
            f"{d['to_seat']}"
        ),
        "token",
        token=TOKENS[kind],
        to_seat=seat,
    )
    gain(w, seat, kind)


def gain(w: Work, seat: int, kind: int) -> None:
    held = w.treasure[seat]
    w.treasure = put(w.treasure, seat, put(held, kind, held[kind] + 1))


def exchange_discard(w: Work, cards: tuple[int, ...]) -> None:
    """PH-2B-DISCARD: four cards face up on the discard pile, then draw back.

    ``cards`` is a checked choice of four (sorted card indices, ``cards.FOURS``).
    """
    me = w.to_move
    hand = list(w.hands[me])
    for c in cards:
        hand[c] -= 1
    w.hands = put(w.hands, me, tuple(hand))
    w.discards = w.discards + cards
    w.say("PH-2B-DISCARD", _discard_text, "exchange", cards=FOUR_TEXT[cards][1])
    end_move(w)


# The exchange events' words are functions of their data, made once here: a
# sentence is written only when read (most events never are), and an event keeps no
# closure alive (the OpenSpiel adapter keeps every event for perfect recall).
def _codes(names: list[str]) -> str:
    """A choice of cards by code (``CR RO RO LA``), from its kind names."""
    return " ".join([CODES[CARD_INDEX[n]] for n in names])


def _discard_text(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} discarded {' '.join(d['cards'])}"


def _gave_text(d: Mapping[str, Any]) -> str:
    return (
        f"player {d['seat']} gave {_codes(d['gave'])} to player {d['to_seat']} and "
        f"took {_codes(d['took'])}"
    )


def _gave_public(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} swapped 4 cards with player {d['to_seat']}"


def _received_text(d: Mapping[str, Any]) -> str:
    gave, took = _codes(d["gave"]), _codes(d["took"])
    return f"player {d['seat']} received {gave} and lost {took}"


def _received_public(d: Mapping[str, Any]) -> str:
    return f"player {d['seat']} took the 4 cards"


def exchange_swap(w: Work, seat: int, cards: tuple[int, ...]) -> None:
    """PH-2B-SWAP: take four at random from ``seat``, then give them ``cards``.

    One draw of the generator picks the four cards: its digits in the mixed radix
    n, n-1, n-2, n-3 are the positions taken one after another. ``cards`` is a
    checked choice of four (sorted card indices, ``cards.FOURS``).
    """
    me = w.to_move
    hands = list(w.hands)
    mine, theirs = list(hands[me]), list(hands[seat])
    n = sum(theirs)
    pick, w.rng = w.rng.below(n * (n - 1) * (n - 2) * (n - 3))
    taken = []
    for left in (n, n - 1, n - 2, n - 3):
        pick, index = divmod(pick, left)
        kind = 0
        while index >= theirs[kind]:
            index -= theirs[kind]
            kind += 1
        theirs[kind] -= 1
        mine[kind] += 1
        taken.append(kind)
    for c in cards:
        mine[c] -= 1
        theirs[c] += 1
    hands[me], hands[seat] = tuple(mine), tuple(theirs)
    w.hands = tuple(hands)
    if not w.quiet:
        _swap_events(w, seat, cards, taken)
    end_move(w)


def _swap_events(w: Work, seat: int, cards: tuple[int, ...], taken: list[int]) -> None:
    """The two PH-2B-SWAP events: what each side gave and took, secret to both."""
    me = w.to_move
    taken.sort()
    data = {
        "seat": me,
        "to_seat": seat,
        "gave": FOUR_TEXT[cards][1],
        "took": FOUR_TEXT[tuple(taken)][1],
    }
    hidden = ("gave", "took")
    w.events += (
        Event(
            "PH-2B-SWAP", _gave_text, me, "exchange", True, _gave_public, data, hidden
        ),
        Event(
            "PH-2B-SWAP",
            _received_text,
            seat,
            "exchange",
            True,
            _received_public,
            {
                "seat": seat,
                "to_seat": seat,
                "gave": data["gave"],
                "took": data["took"],
                "from_seat": me,
            },
            hidden,
        ),
    )


def end_move(w: Work) -> None:
    """The turn is over: refill the hand (PH-2A-REFILL), pass to the next seat."""
    w.flush()
    refill(w)
    positions, me = w.positions, w.to_move
    if positions[me] != w.pos:
        positions = w.positions = put(positions, me, w.pos)
    w.to_move = me = (me + 1) % len(positions)
    w.turn += 1
    w.pos = w.seg_start = positions[me]
    w.phase = "start"
    w.scorpion_played = False
    w.roll = w.direction = w.remaining = 0
    w.target = w.no_climb = ""
    w.token = -1


def refill(w: Work) -> None:
    """Draw up to a full hand from the top of the draw pile, reshuffling the discard
    pile into a new one when it runs out (PH-8-RESHUFFLE)."""
    seat = w.to_move
    hand = w.hands[seat]
    need = w.board.hand_size - sum(hand)
    if need <= 0:
        return
    deck = w.deck
    if need <= len(deck):  # the usual case: the draw pile holds enough
        drawn: tuple[int, ...] | list[int] = deck[need - 1 :: -1]
        w.deck = deck[need:]
    else:
        drawn = _draw_reshuffling(w, need)
    w.hands = put(w.hands, seat, hand_vector(drawn, hand))
    if w.quiet:
        return
    names = tuple([CARDS[c] for c in drawn])
    n = len(drawn)
    w.events.append(
        Event(
            "PH-2A-REFILL",
            _drew,
            seat,
            "draw",
            True,
            _drew_public,
            {"seat": seat, "count": n, "cards": names},
            ("cards",),
        )
    )


def _drew(d: dict) -> str:
    return f"player {d['seat']} drew {' '.join(d['cards'])}"


def _drew_public(d: dict) -> str:
    n = d["count"]
    return f"player {d['seat']} drew {n} card{'s' * (n != 1)}"


def _draw_reshuffling(w: Work, need: int) -> list[int]:
    """Draw ``need`` cards (fewer if none are left anywhere), the discard pile
    becoming the draw pile whenever the draw pile runs out (PH-8-RESHUFFLE)."""
    drawn: list[int] = []
    while need:
        if not w.deck:
            if not w.discards:
                break
            shuffled, w.rng = w.rng.shuffle(w.discards)
            w.deck = shuffled[::-1]
            w.discards = ()
            w.say(
                "PH-8-RESHUFFLE",
                "the discard pile was shuffled into a new draw pile",
                "reshuffle",
                cards=len(w.deck),
            )
        take = min(need, len(w.deck))
        drawn.extend(w.deck[take - 1 :: -1])  # named in the order they were dealt
        w.deck = w.deck[take:]
        need -= take
    return drawn
