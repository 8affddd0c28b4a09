"""A tiny race game used to test the game-independent core.

Each turn the player to move rolls (``roll``) and advances; the first to space 10 wins.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tabletop.core import (
    EditResult,
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


@dataclass(frozen=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class ToyState:
    positions: tuple[int, ...]
    turn: int
    rng: Rng

    def __str__(self) -> str:
        return " ".join(f"P{i}@{p}" for i, p in enumerate(self.positions))


class Toy(GameRules):
    name = "toy"

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self.options: dict = {}
        self.board = None

    def initial_state(self, seed: int) -> ToyState:
        return ToyState((0,) * self.players, 0, Rng.from_seed(seed))

    def to_move(self, state):
        return None if self.outcome(state) else state.turn

    def pending(self, state):
        return f"player {state.turn} rolls"

    def legal_actions(self, state):
        return () if self.outcome(state) else (Roll(),)

    def check(self, state, action):
        if self.outcome(state):
            return Refusal("TT-OVER", "the game is over")
        if not isinstance(action, Roll):
            return Refusal("TT-NOTATION", "only 'roll' exists")
        return None

    def apply(self, state, action):
        refusal = self.check(state, action)
        if refusal:
            raise refusal.error()
        value, rng = state.rng.roll()
        pos = list(state.positions)
        pos[state.turn] = min(10, pos[state.turn] + value)
        events = (Event("TOY-ROLL", f"player {state.turn} rolled {value}", state.turn),)
        nxt = ToyState(tuple(pos), (state.turn + 1) % self.players, rng)
        return nxt, events

    def outcome(self, state):
        for i, p in enumerate(state.positions):
            if p >= 10:
                return Outcome(i, "TOY-WIN", f"player {i} reached 10")
        return None

    def view(self, state, player):
        return state

    def explain(self, state):
        return tuple(
            Explanation(a, "TOY-ROLL", "roll the die")
            for a in self.legal_actions(state)
        )

    def parse_action(self, text):
        if text.strip() == "roll":
            return Roll()
        raise IllegalActionError("TT-NOTATION", f"unknown notation {text!r}")

    def state_to_json(self, state):
        return {
            "positions": list(state.positions),
            "turn": state.turn,
            "rng": state.rng.to_json(),
        }

    def state_from_json(self, data):
        return ToyState(
            tuple(data["positions"]), data["turn"], Rng.from_json(data["rng"])
        )

    def edit(self, state, op, args):
        if op == "force_roll":
            return force_roll_edit(state, args.get("values"))
        if op == "move":
            p, to = args["player"], args["to"]
            pos = list(state.positions)
            pos[p] = to
            return EditResult(dataclasses.replace(state, positions=tuple(pos)))
        raise IllegalEditError(f"unknown edit {op!r}")

    def determinize(self, view, player, rng):
        return view

    def invariants(self, state):
        return [
            f"position {p} out of range" for p in state.positions if not 0 <= p <= 10
        ]
