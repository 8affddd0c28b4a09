"""The scratch copy of a Pitfall state while one action resolves.

A ``Work`` holds the fields being changed, so each action builds exactly one new
state; ``put`` replaces one item of a tuple.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.state import FIELDS, PitfallState


class Work:
    """The mutable copy of a state's fields while one action resolves."""

    __slots__ = ("board", *FIELDS, "events", "pos", "seg_start")

    def __init__(self, board: PitfallBoard, s: PitfallState) -> None:
        self.board = board
        self.turn, self.phase = s.turn, s.phase
        self.positions, self.hands = s.positions, s.hands
        self.deck, self.discard = s.deck, s.discard
        self.treasure, self.facedown, self.diamond = s.treasure, s.facedown, s.diamond
        self.scorpion, self.scorpion_played = s.scorpion, s.scorpion_played
        self.roll, self.direction, self.remaining = s.roll, s.direction, s.remaining
        self.target, self.no_climb, self.token = s.target, s.no_climb, s.token
        self.rng, self.first_rolls = s.rng, s.first_rolls
        self.events: list[Event] = []
        self.pos = self.seg_start = s.positions[s.turn]

    def freeze(self) -> PitfallState:
        positions = self.positions
        if positions[self.turn] != self.pos:
            positions = put(positions, self.turn, self.pos)
        return PitfallState(
            self.turn,
            self.phase,
            positions,
            self.hands,
            self.deck,
            self.discard,
            self.treasure,
            self.facedown,
            self.diamond,
            self.scorpion,
            self.scorpion_played,
            self.roll,
            self.direction,
            self.remaining,
            self.target,
            self.no_climb,
            self.token,
            self.rng,
            self.first_rolls,
        )

    def say(self, clause: str, text: str, kind: str = "") -> None:
        self.events.append(Event(clause, text, self.turn, kind))

    def play_card(self, card: int) -> None:
        """Move one card from the mover's hand to the discard pile."""
        hand = self.hands[self.turn]
        self.hands = put(self.hands, self.turn, put(hand, card, hand[card] - 1))
        self.discard = self.discard + (card,)

    def flush(self) -> None:
        """Log the steps walked since the last event, if any."""
        if self.pos != self.seg_start:
            self.say(
                "PH-2A-MOVE",
                f"player {self.turn} moved {self.seg_start} -> {self.pos}",
                "move",
            )
            self.seg_start = self.pos


def put(items: tuple, index: int, value: object) -> tuple:
    """A copy of a tuple with one item replaced."""
    return items[:index] + (value,) + items[index + 1 :]
