"""The scratch copy of a Pitfall state while one action resolves.

A ``Work`` holds the fields being changed, so each action builds exactly one new
state; ``put`` replaces one item of a tuple. A quiet ``Work`` records no event
(``Pitfall.next_state``: playouts read none); the rules run the same. ``house`` is
the game's rule set (its house rules), which some steps read.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Event
from tabletop.core.game import Words
from tabletop.games.pitfall.board import PitfallBoard
from tabletop.games.pitfall.state import FIELDS, PitfallState, new_state


class Work:
    """The mutable copy of a state's fields while one action resolves."""

    __slots__ = ("board", "house", *FIELDS, "events", "quiet", "pos", "seg_start")

    def __init__(
        self, board: PitfallBoard, s: PitfallState, quiet: bool, house: Any
    ) -> None:
        self.board = board
        self.house = house
        self.phase, self.to_move, self.turn = s.phase, s.to_move, s.turn
        self.positions, self.hands = s.positions, s.hands
        self.deck, self.discards = s.deck, s.discards
        self.treasure, self.facedown, self.diamond = s.treasure, s.facedown, s.diamond
        self.scorpion, self.scorpion_played = s.scorpion, s.scorpion_played
        self.roll, self.direction, self.remaining = s.roll, s.direction, s.remaining
        self.target, self.no_climb, self.token = s.target, s.no_climb, s.token
        self.rng, self.first_rolls = s.rng, s.first_rolls
        self.events: list[Event] = []
        self.quiet = quiet
        self.pos = self.seg_start = s.positions[s.to_move]

    def freeze(self) -> PitfallState:
        positions = self.positions
        if positions[self.to_move] != self.pos:
            positions = put(positions, self.to_move, self.pos)
        return new_state(
            self.phase,
            self.to_move,
            self.turn,
            positions,
            self.hands,
            self.deck,
            self.discards,
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

    def say(self, clause: str, text: str | Words, kind: str = "", **data: Any) -> None:
        """Log an event of the mover (``data``: its structured values, with the
        mover as ``seat``; ``text``: the sentence, or words written from ``data``
        when the sentence is read)."""
        if self.quiet:
            return
        me = self.to_move
        data.setdefault("seat", me)
        self.events.append(Event(clause, text, me, kind, False, "", data))

    def play_card(self, card: int) -> None:
        """Move one card from the mover's hand to the discard pile."""
        hand = self.hands[self.to_move]
        self.hands = put(self.hands, self.to_move, put(hand, card, hand[card] - 1))
        self.discards = self.discards + (card,)

    def flush(self) -> None:
        """Log the steps walked since the last event, if any."""
        if self.pos != self.seg_start:
            self.say(
                "PH-2A-MOVE",
                _moved,
                "move",
                **{"from": self.seg_start, "to": self.pos},
            )
            self.seg_start = self.pos


def _moved(d: dict) -> str:
    return f"player {d['seat']} moved {d['from']} -> {d['to']}"


def put(items: tuple, index: int, value: object) -> tuple:
    """A copy of a tuple with one item replaced."""
    return items[:index] + (value,) + items[index + 1 :]
