"""``Pitfall``: the Game object for Pitfall Harry (Milton Bradley, 1983).

Rules in brief (clause IDs from ``shared/rules/pitfall.md``; our rulings are in
``docs/rules-pitfall.md``): 2-4 players race their Harry pawns from the riverboat
clockwise to the diamond space (PH-S-START, PH-B-ABOVE). On a turn a player may first
play a Scorpion card to move the scorpion (PH-T-SCORPION-FIRST, PH-6-MOVE), then
either rolls and moves exactly the die count forward or backward (PH-2A-MOVE) or
exchanges four cards (PH-2B-DISCARD, PH-2B-SWAP); the hand is refilled to 7 at the end
of every turn (PH-2A-REFILL). Entering an obstacle needs its card (PH-3-CARD, PH-4-*);
pit traps lead underground (PH-3-LADDER-DOWN, PH-3-FALL), climbing back needs a
ladder (PH-4-CLIMB, PH-4-LADDER). Cobra and Fire cards take treasure tokens (PH-5-*);
with a gold bar, a silver bar and a money bag, reaching the diamond wins (PH-7-DIAMOND).

A turn is a chain of decisions of the same player; ``PitfallState.phase`` names the
pending one and ``actions.py`` documents the notation.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from tabletop.core import (
    EditResult,
    Event,
    Explanation,
    IllegalActionError,
    Outcome,
    Refusal,
    Rng,
)
from tabletop.core.rules import GameRules
from tabletop.core.viewers import as_viewer
from tabletop.games.pitfall import codec, options
from tabletop.games.pitfall.actions import Seated, parse_action
from tabletop.games.pitfall.board import PitfallBoard, load_board
from tabletop.games.pitfall.cards import (
    CARDS,
    HIDDEN,
    HIDDEN_TOKEN,
    hand_codes,
    hand_vector,
)
from tabletop.games.pitfall.edits import apply_edit
from tabletop.games.pitfall.explain import explain
from tabletop.games.pitfall.moves import resolve
from tabletop.games.pitfall.state import PitfallState
from tabletop.games.pitfall.text import render


@cache
def _named_board(name: str) -> PitfallBoard:
    return load_board(name)


class Pitfall(GameRules):
    """Pitfall Harry for 2 to 4 players (PH-S-PLAYERS).

    ``setup(seed)`` gives the initial state together with the setup events (the deal
    and the first-player roll-off); ``initial_state(seed)`` the state alone.
    ``render(state)`` is the text board drawn on this game's board.

    Args:
        players: the number of seats, 2..4.
        board: a board name or path (default ``"pitfall"``), or board data.
    """

    name = "pitfall"
    RULES_VERSION = 2
    """Bumped when the rules, the deal, the deck order or the state's JSON change
    (2: PH-T-STUCK revised, the board reworked for Figure 2, PH-B-LAYOUT)."""

    def __init__(
        self,
        players: int = 2,
        *,
        board: str | os.PathLike[str] | Mapping[str, Any] = "pitfall",
    ):
        if not isinstance(players, int) or isinstance(players, bool):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not 2 <= players <= 4:
            raise ValueError(
                f"Pitfall Harry is for 2 to 4 players, not {players} (PH-S-PLAYERS)"
            )
        self.players = players
        self.board: PitfallBoard = (
            _named_board(board) if isinstance(board, str) else load_board(board)
        )
        if isinstance(board, os.PathLike):
            board = os.fspath(board)
        self.options: dict[str, Any] = {} if board == "pitfall" else {"board": board}

    def __repr__(self) -> str:
        return f"Pitfall(players={self.players})"

    # -- setup --------------------------------------------------------------------
    def setup(self, seed: int) -> tuple[PitfallState, tuple[Event, ...]]:
        """The initial state and the setup events: deal (PH-S-DEAL), tokens
        (PH-S-TOKENS) and the first-player roll-off (PH-S-FIRST)."""
        return self.setup_from_rng(Rng.from_seed(seed))

    def setup_from_rng(self, rng: Rng) -> tuple[PitfallState, tuple[Event, ...]]:
        """``setup`` drawing from ``rng`` (a chance-mode generator for adapters)."""
        board, n = self.board, self.players
        cards = [k for k, count in enumerate(board.deck) for _ in range(count)]
        deck, rng = rng.shuffle(cards)
        events = _setup_events(board, n)
        hands = []
        size = board.hand_size
        for seat in range(n):
            dealt, deck = deck[-size:], deck[:-size]
            hands.append(hand_vector(dealt))
            text = f"player {seat} was dealt {hand_codes(hands[-1])}"
            public = f"player {seat} was dealt {size} cards"
            events.append(Event("PH-S-DEAL", text, seat, "deal", True, public))
        pile = [k for k, count in enumerate(board.tokens) for _ in range(count)]
        tokens, rng = rng.shuffle(pile)
        first, rounds, rng = self._roll_off(rng, events)
        state = PitfallState(
            turn=first,
            phase="start",
            positions=(board.riverboat,) * n,
            hands=tuple(hands),
            deck=deck,
            discard=(),
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

    def _roll_off(self, rng: Rng, events: list[Event]):
        contenders = list(range(self.players))
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
                    )
                )
            rounds.append(tuple(rolls))
            best = max(rolls)
            contenders = [
                s for s, v in zip(contenders, rolls, strict=True) if v == best
            ]
            if len(contenders) == 1:
                events.append(
                    Event(
                        "PH-S-FIRST",
                        f"player {contenders[0]} rolled highest and starts",
                        contenders[0],
                        "first",
                    )
                )
                return contenders[0], tuple(rounds), rng
            tied = ", ".join(str(s) for s in contenders)
            events.append(
                Event("PH-S-FIRST", f"players {tied} tied and roll again", kind="roll")
            )

    def position(self, **fields: Any):
        """A validated state from a description (the keys of ``build_state``)."""
        from tabletop.games.pitfall.scenarios import build_state

        return build_state(self, **fields)

    def initial_state(self, seed: int) -> PitfallState:
        return self.setup(seed)[0]

    # -- the decision -------------------------------------------------------------
    def to_move(self, state: PitfallState) -> int | None:
        return None if state.phase == "over" else state.turn

    def pending(self, state: PitfallState) -> str:
        return options.pending_text(state)

    def legal_actions(self, state: PitfallState) -> tuple:
        return options.legal(self.board, state)

    def check(self, state: PitfallState, action: Any) -> Refusal | None:
        """None if ``action`` (or its notation) is legal now, else the refusal."""
        if type(action) is str:
            try:
                action = parse_action(action)
            except IllegalActionError as exc:
                return Refusal(exc.clause, exc.reason)
        if type(action) is Seated:
            if action.seat != self.to_move(state):
                return self._not_your_turn(state, action.seat)
            action = action.action
        if options.is_legal(self.board, state, action):
            return None
        return options.refusal(self.board, state, action)

    def _not_your_turn(self, state: PitfallState, seat: int) -> Refusal:
        if state.phase == "over":
            return Refusal("TT-OVER", "the game is over: no further action is legal")
        return Refusal(
            "TT-TURN",
            f"it is not player {seat}'s decision: {options.pending_text(state)}",
        )

    def apply(self, state: PitfallState, action: Any) -> tuple[PitfallState, tuple]:
        """The next state and its events; raises IllegalActionError if illegal.

        ``action`` may also be its notation.
        """
        if type(action) is str:
            action = parse_action(action)
        if type(action) is Seated:
            if action.seat != self.to_move(state):
                raise self._not_your_turn(state, action.seat).error()
            action = action.action
        if not options.is_legal(self.board, state, action):
            raise options.refusal(self.board, state, action).error()
        return resolve(self.board, state, action)

    def outcome(self, state: PitfallState) -> Outcome | None:
        if state.diamond < 0:
            return None
        return Outcome(
            state.diamond,
            "PH-WIN",
            f"player {state.diamond} took the "
            "diamond with a gold bar, a silver bar and a money bag",
        )

    def render(self, state: PitfallState) -> str:
        """The text board of ``state`` on this game's board."""
        return render(state, self.board)

    def explain(self, state: PitfallState) -> tuple[Explanation, ...]:
        return explain(self.board, state)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    # -- hidden information -------------------------------------------------------
    def view(self, state: PitfallState, player: object) -> PitfallState:
        """What ``player`` (a seat, None, or a Viewer) may see: hands it may not see
        become hidden counts, the deck order and the generator (forced rolls
        included) are hidden (``None`` sees everything)."""
        viewer = as_viewer(player)
        if viewer.is_referee:
            return state
        hands = tuple(
            h if viewer.sees(seat) else (0,) * HIDDEN + (sum(h),)
            for seat, h in enumerate(state.hands)
        )
        return replace(
            state,
            hands=hands,
            deck=(HIDDEN,) * len(state.deck),
            facedown=(HIDDEN_TOKEN,) * len(state.facedown),
            rng=Rng(0),
        )

    def determinize(self, view: PitfallState, player: int, rng: Rng) -> PitfallState:
        """A full state consistent with ``view``: hidden cards dealt from the unseen
        ones with ``rng``, which also becomes the state's generator."""
        unseen = list(self.board.deck)
        for pile in (view.discard, view.deck):
            for c in pile:
                if c != HIDDEN:
                    unseen[c] -= 1
        for hand in view.hands:
            for k in range(len(CARDS)):
                unseen[k] -= hand[k]
        pool, rng = rng.shuffle([k for k, n in enumerate(unseen) for _ in range(n)])
        pool = list(pool)
        hands = []
        for hand in view.hands:
            full = list(hand)
            for _ in range(hand[HIDDEN]):
                full[pool.pop()] += 1
            full[HIDDEN] = 0
            hands.append(tuple(full))
        deck = tuple(c if c != HIDDEN else pool.pop() for c in view.deck)
        return replace(
            view,
            hands=tuple(hands),
            deck=deck,
            facedown=self._unseen_tokens(view, rng),
            rng=rng,
        )

    def _unseen_tokens(self, view: PitfallState, rng: Rng) -> tuple[int, ...]:
        """The facedown pile, its hidden tokens sampled from the unseen ones."""
        left = list(self.board.tokens)
        for held in view.treasure:
            for k, n in enumerate(held):
                left[k] -= n
        if view.token >= 0:
            left[view.token] -= 1
        for k in view.facedown:
            if k != HIDDEN_TOKEN:
                left[k] -= 1
        pool, _ = rng.shuffle([k for k, n in enumerate(left) for _ in range(n)])
        pool = list(pool)
        return tuple(k if k != HIDDEN_TOKEN else pool.pop() for k in view.facedown)

    # -- saving, checking, editing ------------------------------------------------
    def state_to_json(self, state: PitfallState) -> dict[str, Any]:
        return codec.to_json(state)

    def state_from_json(self, data: Any) -> PitfallState:
        return codec.from_json(self.board, self.players, data)

    def invariants(self, state: PitfallState) -> list[str]:
        return codec.invariants(self.board, self.players, state)

    def edit(self, state: PitfallState, op: str, args: Mapping[str, Any]) -> EditResult:
        """Validated edits: force_roll, move_pawn, move_scorpion, set_hand,
        give_token, take_token (see ``edits.py``)."""
        return apply_edit(self.board, state, op, args)


def _setup_events(board: PitfallBoard, players: int) -> list[Event]:
    return [
        Event(
            "PH-S-START",
            f"{players} Harry pawns start on the riverboat {board.riverboat}",
            kind="setup",
        ),
        Event(
            "PH-S-SCORPION",
            f"the scorpion starts on {board.scorpion_start}",
            kind="setup",
        ),
        Event(
            "PH-S-TOKENS",
            f"{sum(board.tokens)} treasure tokens lie facedown; the "
            "diamond lies on the diamond space",
            kind="setup",
        ),
    ]
