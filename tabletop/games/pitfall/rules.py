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
pending one and ``actions.py`` documents the notation. The turn template (notation,
seat prefix, game over, phase, the rule's verdict) is ``tabletop.core.GameRules``;
the rules of each decision are in ``legal.py``, what an action does in ``moves.py``
and ``turns.py`` (with the setup), views and sampled worlds in ``views.py``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core import (
    EditResult,
    Event,
    Explanation,
    GameRules,
    Outcome,
    Rng,
    Rule,
)
from tabletop.core.options import settle
from tabletop.games.pitfall import codec, edits, text, turns, views
from tabletop.games.pitfall.actions import PlaceScorpion, parse_move
from tabletop.games.pitfall.board import PitfallBoard, load_board
from tabletop.games.pitfall.cards import hand_names
from tabletop.games.pitfall.explain import explain
from tabletop.games.pitfall.legal import DECISIONS, Exchanges
from tabletop.games.pitfall.moves import resolve
from tabletop.games.pitfall.options import RULE_OPTIONS
from tabletop.games.pitfall.state import PitfallState
from tabletop.games.pitfall.text import STANDARD_BOARD


class Pitfall(GameRules):
    """Pitfall Harry for 2 to 4 players (PH-S-PLAYERS).

    ``setup(seed)`` gives the initial state together with the setup events (the deal
    and the first-player roll-off); ``initial_state(seed)`` the state alone.
    ``render(state)`` is the text board drawn on this game's board.

    Args:
        players: the number of seats, 2..4.
        board: a board name or path (default ``"pitfall"``), or board data.
        **rules: house rules, the options of ``RULE_OPTIONS`` (``options.py``;
            ``python -m tabletop options pitfall``), each defaulting to the
            project's ruling.

    Attributes:
        house: every rule option's value (``tabletop.core.options.RuleSet``).
        exchanges: the game's one memo (``legal.Exchanges``): the exchange choices of
            the hands met so far and the exchanges each may make, bounded; derived
            data that never changes a result. Its ``actions`` table holds every
            exchange action, made once with the game.
        scorpion_moves: a ``PlaceScorpion`` for every underground space, the
            candidates of that decision.
    """

    name = "pitfall"
    RULE_OPTIONS = RULE_OPTIONS
    RULES_VERSION = 3
    """Bumped when the rules, the deal, the deck order or the state's JSON change
    (2: PH-T-STUCK revised, the board reworked for Figure 2, PH-B-LAYOUT; 3: the
    shared vocabulary: ``to_move``, a ``turn`` counter, ``discards``, the deck and
    the facedown tokens top first, ``HIDDEN`` markers)."""

    def __init__(
        self,
        players: int = 2,
        *,
        board: str | os.PathLike[str] | Mapping[str, Any] = "pitfall",
        **rules: Any,
    ):
        if not isinstance(players, int) or isinstance(players, bool):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not 2 <= players <= 4:
            raise ValueError(
                f"Pitfall Harry is for 2 to 4 players, not {players} (PH-S-PLAYERS)"
            )
        self.players = players
        self.board: PitfallBoard = (
            STANDARD_BOARD if board == "pitfall" else load_board(board)
        )
        if isinstance(board, os.PathLike):
            board = os.fspath(board)
        self.house = settle(RULE_OPTIONS, rules, "Pitfall Harry")
        self.options: dict[str, Any] = {} if board == "pitfall" else {"board": board}
        self.options.update(self.house.changed())
        self.exchanges = Exchanges()
        self.scorpion_moves = tuple(PlaceScorpion(sp) for sp in self.board.below)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.house.changed().items())
        return f"Pitfall(players={self.players}{opts})"

    # -- setup --------------------------------------------------------------------
    def setup(self, seed: int) -> tuple[PitfallState, tuple[Event, ...]]:
        """The initial state and the setup events: deal (PH-S-DEAL), tokens
        (PH-S-TOKENS) and the first-player roll-off (PH-S-FIRST)."""
        return self.setup_from_rng(Rng.from_seed(seed))

    def setup_from_rng(self, rng: Rng) -> tuple[PitfallState, tuple[Event, ...]]:
        """``setup`` drawing from ``rng`` (a chance-mode generator for adapters)."""
        return turns.setup(self, rng)

    def position(self, **fields: Any):
        """A validated state from a description (the keys of ``build_state``)."""
        from tabletop.games.pitfall.scenarios import build_state

        return build_state(self, **fields)

    def initial_state(self, seed: int) -> PitfallState:
        return self.setup(seed)[0]

    # -- the decision (the template is GameRules) ----------------------------------
    def parse_move(self, text: str) -> Any:
        """The action written as ``text`` (no seat prefix); spaces by id or name."""
        return parse_move(text, self.board)

    def to_move(self, state: PitfallState) -> int | None:
        return None if state.phase == "over" else state.to_move

    def decision_rules(self, state: PitfallState) -> Sequence[Rule]:
        return DECISIONS[state.phase]

    def resolve(self, state: PitfallState, action: Any) -> tuple[PitfallState, tuple]:
        return resolve(self, state, action)

    def next_state(self, state: PitfallState, action: Any) -> PitfallState:
        return resolve(self, state, action, True)[0]

    def pending(self, state: PitfallState) -> str:
        return text.pending(self.board, state)

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
        return text.render(self.board, state)

    def explain(self, state: PitfallState) -> tuple[Explanation, ...]:
        return explain(self, state)

    def cards_by_name(self, state: PitfallState, seat: int) -> dict[str, Any]:
        """A seat's hand and treasure by name: ``{"hand": {"rope": 2, ...},
        "treasure": {"gold": 1, "silver": 0, "money": 0}}``."""
        from tabletop.games.pitfall.cards import treasure_names

        return {
            "hand": hand_names(state.hands[seat]),
            "treasure": treasure_names(state.treasure[seat]),
        }

    # -- hidden information (views.py) ----------------------------------------------
    def view(self, state: PitfallState, player: object) -> PitfallState:
        """What ``player`` (a seat, None, ``"public"`` or a Viewer) may see."""
        return views.view(state, player)

    def determinize(self, view: PitfallState, player: int, rng: Rng) -> PitfallState:
        """A full state consistent with ``view``, its hidden cards dealt by ``rng``."""
        return views.determinize(self, view, player, rng)

    def reseed(self, state: PitfallState, rng: Rng) -> PitfallState:
        return views.reseed(state, rng)

    def forced_rolls(self, state: PitfallState) -> tuple[int, ...]:
        return views.forced_rolls(state)

    # -- saving, checking, editing ------------------------------------------------
    def state_to_json(self, state: PitfallState) -> dict[str, Any]:
        return codec.to_json(state)

    def state_from_json(self, data: Any) -> PitfallState:
        return codec.from_json(self, data)

    def invariants(self, state: PitfallState) -> list[str]:
        return codec.invariants(self, state)

    def edit(self, state: PitfallState, op: str, args: Mapping[str, Any]) -> EditResult:
        """Validated edits (see ``edits.py`` for the ops)."""
        return edits.edit(self, state, op, args)
