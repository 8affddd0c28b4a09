"""The Raiders of the Lost Ark game (Kenner, 1981) with every rule enforced.

``Raiders(players=2..6, country_cards_restricted=False, turn_limit=None)`` is the
rules object (a ``GameRules``). A game opens with the players placing
their tokens in seat order (RA-S-PLACE); after the last one the Ark's country is
revealed (RA-S-ARK), six cards are dealt (RA-S-DEAL) and a roll-off picks the first
player (RA-S-FIRST). On a turn a player rolls and travels or plays one card
(RA-T-CHOICE); travel is walked step by step with the mover choosing the way at
countries and intersections (see ``moves``). The project's rulings are in
``docs/rules-raiders.md``.

Notation (details in ``tabletop.games.raiders.actions``): ``place NEPAL``, ``roll``,
``air``, ``country EGYPT``, ``ambush 2``, ``hostage 1 S40``, ``to S12`` (next step
of a move), ``send 2 S40`` / ``leave 2`` (a player landed on), ``passport`` /
``skip`` (a checkpoint debt), ``play ark`` (always refused); places also by their
readable names (``to England–Egypt 1``); ``P2: roll`` names the seat that means to
act.

Options:
    house rules: the rulings a table may settle otherwise, declared in
        ``options.py`` (``python -m tabletop options raiders``), each defaulting
        to the project's ruling; ``country_cards_restricted=True``, say, flies a
        Country card only to its printed country (RA-K-COUNTRY).
    turn_limit: end the game with no winner once this many turns have begun
        (for simulations; ``None`` plays to a winner).
"""

from __future__ import annotations

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
from tabletop.games.raiders import codec, edits, explain, moves, text, turns, views
from tabletop.games.raiders.actions import ActionSet, parse_move
from tabletop.games.raiders.board import RaidersBoard, load_board
from tabletop.games.raiders.cards import card_name, country_card, full_deck
from tabletop.games.raiders.legal import DECISIONS
from tabletop.games.raiders.options import RULE_OPTIONS
from tabletop.games.raiders.state import RaidersState, blank_state


class Raiders(GameRules):
    """Raiders of the Lost Ark for 2 to 6 players (RA-S-PLAYERS).

    Args:
        players: the number of seats, 2..6.
        turn_limit: stop with no winner after this many turns (None: no limit).
        board: a board name or path (default ``"raiders"``).
        **rules: house rules, the options of ``RULE_OPTIONS`` (``options.py``),
            each defaulting to the project's ruling.

    Attributes:
        house: every rule option's value (``tabletop.core.options.RuleSet``).
    """

    name = "raiders"
    RULE_OPTIONS = RULE_OPTIONS
    #: Bumped when the rules, the deal, the deck order or the state's JSON change
    #: (2: RA-E-EMPTY, RA-M-INSTRUCTION, RA-M-OCCUPIED rulings, ``emptied`` and
    #: ``route_prev``; 3: ``to_move`` for ``player``, events with data; 4: a
    #: Passport holder's move that would end on an occupied country, and a roll
    #: ending on the occupied Ark country, are not made, RA-M-OCCUPIED, RA-W-WIN).
    RULES_VERSION = 4

    def __init__(
        self,
        players: int = 2,
        *,
        turn_limit: int | None = None,
        board: str | Mapping[str, Any] = "raiders",
        **rules: Any,
    ) -> None:
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not (2 <= players <= 6)
        ):
            raise ValueError(
                f"Raiders takes 2 to 6 players (RA-S-PLAYERS), not {players!r}"
            )
        if turn_limit is not None and (
            not isinstance(turn_limit, int)
            or isinstance(turn_limit, bool)
            or turn_limit < 1
        ):
            raise ValueError(
                f"turn_limit must be a positive int or None, not {turn_limit!r}"
            )
        self.players = players
        self.house = settle(RULE_OPTIONS, rules, "Raiders of the Lost Ark")
        self.restricted: bool = self.house.country_cards_restricted
        self.turn_limit = turn_limit
        self.options: dict[str, Any] = self.house.changed()
        if turn_limit is not None:
            self.options["turn_limit"] = turn_limit
        if board != "raiders":
            if not isinstance(board, str):
                raise ValueError("a board given as data cannot be saved; pass a path")
            self.options["board"] = board
        self.board: RaidersBoard = load_board(board)
        self.acts = ActionSet(self.board, players)
        self.step_events = moves.step_events(self.board, players)
        self.roll_events = turns.roll_events(players)
        self.seat_events = turns.seat_events(self.board, players)
        #: RA-C-DECK: the 56 cards in their fixed order, and each card's name.
        self.full_deck = full_deck(self.board.countries)
        self.card_names = {card: card_name(card) for card in self.full_deck}
        #: The Country cards in map order (the order a flight looks for one).
        self.country_cards = tuple(country_card(c) for c in self.board.countries)

    # -- the turn template's parts --------------------------------------------------
    def parse_move(self, text: str) -> Any:
        return parse_move(text, self.board)

    def to_move(self, state: RaidersState) -> int | None:
        return None if state.phase == "over" else state.to_move

    def decision_rules(self, state: RaidersState) -> Sequence[Rule]:
        return DECISIONS[state.phase]

    def resolve(
        self, state: RaidersState, action: Any
    ) -> tuple[RaidersState, tuple[Event, ...]]:
        """The state after a checked ``action`` and what happened."""
        return moves.resolve(self, state, action)

    def next_state(self, state: RaidersState, action: Any) -> RaidersState:
        """``resolve`` with no event recorded (playouts read none)."""
        return moves.resolve(self, state, action, True)[0]

    def pending(self, state: RaidersState) -> str:
        return text.pending(self.board, state)

    # -- setup and outcome ----------------------------------------------------------
    def initial_state(self, seed: int) -> RaidersState:
        """The game before anyone has placed a token (RA-S-PLACE)."""
        return blank_state(self.players, Rng.from_seed(seed))

    def position(self, **fields: Any) -> RaidersState:
        """A validated state from a description (the keys of ``build_state``)."""
        from tabletop.games.raiders.scenarios import build_state

        return build_state(self, **fields)

    def outcome(self, state: RaidersState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.winner >= 0:
            return Outcome(
                state.winner,
                "RA-W-WIN",
                f"player {state.winner} reached the Ark in {state.ark} with the "
                "three cards",
            )
        return Outcome(None, "TT-LIMIT", "the turn limit was reached with no winner")

    def explain(self, state: RaidersState) -> list[Explanation]:
        return explain.explain(self, state)

    # -- views, worlds, JSON, edits -------------------------------------------------
    def view(self, state: RaidersState, viewer: Any) -> RaidersState:
        return views.view(state, viewer)

    def determinize(self, view: RaidersState, player: int, rng: Rng) -> RaidersState:
        return views.determinize(self, view, player, rng)

    def reseed(self, state: RaidersState, rng: Rng) -> RaidersState:
        return views.reseed(state, rng)

    def forced_rolls(self, state: RaidersState) -> tuple[int, ...]:
        return views.forced_rolls(state)

    def invariants(self, state: RaidersState) -> list[str]:
        return codec.invariants(self, state)

    def state_to_json(self, state: RaidersState) -> dict[str, Any]:
        return codec.to_json(state)

    def state_from_json(self, data: Any) -> RaidersState:
        return codec.from_json(self, data)

    def edit(self, state: RaidersState, op: str, args: Mapping[str, Any]) -> EditResult:
        return edits.edit(self, state, op, args)

    def render(self, state: RaidersState) -> str:
        """The text map of ``state`` on this game's board."""
        return text.render(self.board, state)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"Raiders(players={self.players}{opts})"


__all__ = ["Raiders"]
