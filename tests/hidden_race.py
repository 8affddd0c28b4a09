"""A small race game with hidden hands, for testing bots and simulations.

Each player holds 3 secret cards (values 1-6, four of each, 24 cards). On a turn the
player either plays a card (``play N``: advance N, then draw) or rolls (``roll``:
advance the die). The first to reach 20 wins. Views hide other hands and the deck.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tabletop.core import (
    Event,
    Explanation,
    GameRules,
    IllegalActionError,
    IllegalEditError,
    Outcome,
    Refusal,
    Rng,
    force_roll_edit,
)

GOAL = 20
DECK = tuple(v for v in range(1, 7) for _ in range(4))
HIDDEN = 0


@dataclass(frozen=True, slots=True)
class Play:
    value: int

    def __str__(self) -> str:
        return f"play {self.value}"


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class RaceState:
    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    turn: int
    rng: Rng

    def __str__(self) -> str:
        return " ".join(f"P{i}@{p}" for i, p in enumerate(self.positions))


class HiddenRace(GameRules):
    name = "hidden_race"

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.options: dict = {}
        self.board = None

    def initial_state(self, seed: int) -> RaceState:
        deck, rng = Rng.from_seed(seed).shuffle(DECK)
        hands = tuple(
            tuple(sorted(deck[3 * i : 3 * i + 3])) for i in range(self.players)
        )
        rest = deck[3 * self.players :]
        return RaceState((0,) * self.players, hands, rest, (), 0, rng)

    def outcome(self, state):
        for seat, pos in enumerate(state.positions):
            if pos >= GOAL:
                return Outcome(seat, "HR-WIN", f"player {seat} reached {GOAL}")
        return None

    def to_move(self, state):
        return None if self.outcome(state) else state.turn

    def pending(self, state):
        return f"player {state.turn} plays a card or rolls"

    def legal_actions(self, state):
        if self.outcome(state):
            return ()
        hand = state.hands[state.turn]
        return (Roll(), *(Play(v) for v in sorted(set(hand)) if v != HIDDEN))

    def check(self, state, action):
        if self.outcome(state):
            return Refusal("TT-OVER", "the game is over")
        if action not in self.legal_actions(state):
            return Refusal("HR-PLAY", f"{action} is not possible now")
        return None

    def apply(self, state, action):
        refusal = self.check(state, action)
        if refusal:
            raise refusal.error()
        seat, rng = state.turn, state.rng
        hands, deck, discard = list(state.hands), state.deck, state.discard
        if isinstance(action, Roll):
            step, rng = rng.roll()
        else:
            step = action.value
            hand = list(hands[seat])
            hand.remove(step)
            discard = (*discard, step)
            if not deck:
                deck, rng = rng.shuffle(discard)
                discard = ()
            hands[seat] = tuple(sorted((*hand, deck[0])))
            deck = deck[1:]
        pos = list(state.positions)
        pos[seat] += step
        nxt = RaceState(
            tuple(pos), tuple(hands), deck, discard, (seat + 1) % self.players, rng
        )
        return nxt, (Event("HR-MOVE", f"player {seat} moved {step}", seat),)

    def view(self, state, player):
        if player is None:
            return state
        hands = tuple(
            h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(state.hands)
        )
        return dataclasses.replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck))

    def determinize(self, view, player, rng):
        unseen = list(DECK)
        for card in (*view.hands[player], *view.discard):
            unseen.remove(card)
        pool, _ = rng.shuffle(unseen)
        pool = list(pool)
        hands = []
        for i, hand in enumerate(view.hands):
            if i == player:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool.pop() for _ in hand)))
        return dataclasses.replace(view, hands=tuple(hands), deck=tuple(pool))

    def explain(self, state):
        return tuple(
            Explanation(a, "HR-PLAY", f"do {a}", str(a), card=None)
            for a in self.legal_actions(state)
        )

    def parse_action(self, text):
        text = text.strip()
        if text == "roll":
            return Roll()
        if text.startswith("play ") and text[5:].isdigit():
            return Play(int(text[5:]))
        raise IllegalActionError("TT-NOTATION", f"unknown notation {text!r}")

    def state_to_json(self, state):
        return {
            "positions": list(state.positions),
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "discard": list(state.discard),
            "turn": state.turn,
            "rng": state.rng.to_json(),
        }

    def state_from_json(self, data):
        return RaceState(
            tuple(data["positions"]),
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["deck"]),
            tuple(data["discard"]),
            data["turn"],
            Rng.from_json(data["rng"]),
        )

    def edit(self, state, op, args):
        if op == "force_roll":
            return force_roll_edit(state, args.get("values"))
        raise IllegalEditError(f"unknown edit {op!r}")

    def invariants(self, state):
        cards = sorted(
            (*state.deck, *state.discard, *(c for h in state.hands for c in h))
        )
        return [] if cards == sorted(DECK) else ["cards are not conserved"]


def greedy_policy(game, state, rng):
    """Play the highest card if it beats an average roll, else roll."""
    hand = state.hands[state.turn]
    best = max(hand)
    return (Play(best) if best >= 4 else Roll()), rng
