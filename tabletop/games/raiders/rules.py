"""The Raiders of the Lost Ark game (Kenner, 1981) with every rule enforced.

``Raiders(players=2..6, country_cards_restricted=False, turn_limit=None)`` is the
stateless rules object of the Game protocol. A game opens with the players placing
their tokens in seat order (RA-S-PLACE); after the last one the Ark's country is
revealed (RA-S-ARK), six cards are dealt (RA-S-DEAL) and a roll-off picks the first
player (RA-S-FIRST). On a turn a player rolls and travels or plays one card
(RA-T-CHOICE); travel is walked step by step with the mover choosing the way at
countries and intersections (see ``travel``). The project's rulings are in
``docs/rules-raiders.md``.

Notation (details in ``tabletop.games.raiders.actions``): ``place NEPAL``, ``roll``,
``air``, ``country EGYPT``, ``ambush 2``, ``hostage 1 S40``, ``to S12`` (next step
of a move), ``send 2 S40`` / ``leave 2`` (a player landed on), ``passport`` /
``skip`` (a checkpoint debt), ``play ark`` (always refused); ``2: roll`` names the
seat that means to act.

Options:
    country_cards_restricted: a Country card only flies to its printed country
        (RA-K-COUNTRY ruling option).
    turn_limit: end the game with no winner once this many turns have begun
        (for simulations; ``None`` plays to a winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import (
    EditResult,
    Event,
    Explanation,
    Outcome,
    Refusal,
    Rng,
)
from tabletop.core.rules import GameRules
from tabletop.games.raiders import codec, legal, text, travel, turns
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    LoseTurn,
    Place,
    Roll,
    Send,
    ShowPassport,
    Step,
    parse_action,
)
from tabletop.games.raiders.board import RaidersBoard, load_board
from tabletop.games.raiders.state import RaidersState, Work, blank_state
from tabletop.games.raiders.tables import Tables


class Raiders(GameRules):
    """Raiders of the Lost Ark for 2 to 6 players (RA-S-PLAYERS).

    Args:
        players: the number of seats, 2..6.
        country_cards_restricted: restrict Country cards to their printed country.
        turn_limit: stop with no winner after this many turns (None: no limit).
        board: a board name, path or parsed data (default ``"raiders"``).
    """

    name = "raiders"
    #: Bumped when the rules, the deal, the deck order or the state's JSON change
    #: (2: RA-E-EMPTY, RA-M-INSTRUCTION, RA-M-OCCUPIED rulings; ``emptied`` and
    #: ``route_prev`` fields).
    RULES_VERSION = 2

    def __init__(self, players: int = 2, *, country_cards_restricted: bool = False,
                 turn_limit: int | None = None,
                 board: str | Mapping[str, Any] = "raiders") -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not (
            2 <= players <= 6
        ):
            raise ValueError(f"Raiders takes 2 to 6 players (RA-S-PLAYERS), not "
                             f"{players!r}")
        if not isinstance(country_cards_restricted, bool):
            raise ValueError("country_cards_restricted must be true or false")
        if turn_limit is not None and (
            not isinstance(turn_limit, int) or isinstance(turn_limit, bool)
            or turn_limit < 1
        ):
            raise ValueError(f"turn_limit must be a positive int or None, not "
                             f"{turn_limit!r}")
        self.players = players
        self.restricted = country_cards_restricted
        self.turn_limit = turn_limit
        self.options: dict[str, Any] = {}
        if country_cards_restricted:
            self.options["country_cards_restricted"] = True
        if turn_limit is not None:
            self.options["turn_limit"] = turn_limit
        if board != "raiders":
            if not isinstance(board, str):
                raise ValueError("a board given as data cannot be saved; pass a path")
            self.options["board"] = board
        self.board: RaidersBoard = load_board(board)
        self.kinds = self.board.kind
        self.finish_cache: dict = {}
        locs = self.board.locations
        self.steps_to = {loc: Step(loc) for loc in locs}
        self.hostages = [{loc: Hostage(q, loc) for loc in locs} for q in range(players)]
        self.sends = [{loc: Send(q, loc) for loc in locs} for q in range(players)]
        self.tables = Tables(self.board, players)

    # -- the protocol ---------------------------------------------------------------
    def position(self, **fields: Any):
        """A validated state from a description (the keys of ``build_state``)."""
        from tabletop.games.raiders.scenarios import build_state

        return build_state(self, **fields)

    def initial_state(self, seed: int) -> RaidersState:
        """The game before anyone has placed a token (RA-S-PLACE)."""
        return blank_state(self.players, Rng.from_seed(seed))

    def to_move(self, state: RaidersState) -> int | None:
        return None if state.phase == "over" else state.player

    def pending(self, state: RaidersState) -> str:
        return text.pending(self, state)

    def legal_actions(self, state: RaidersState) -> list:
        return legal.legal_actions(self, state)

    def check(self, state: RaidersState, action: Any) -> Refusal | None:
        return legal.refusal(self, state, action)

    def apply(self, state: RaidersState, action: Any) -> tuple[RaidersState,
                                                                tuple[Event, ...]]:
        """The state after ``action`` and what happened; the input is unchanged.

        Raises:
            IllegalActionError: the action is not legal now (with its clause).
        """
        if isinstance(action, str):
            action = parse_action(action)
        refused = legal.refusal(self, state, action)
        if refused is not None:
            raise refused.error()
        w = Work(state)
        _DISPATCH[type(action)](self, w, action)
        return w.freeze(), tuple(w.events)

    def outcome(self, state: RaidersState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.winner >= 0:
            return Outcome(state.winner, "RA-W-WIN", f"player {state.winner} reached "
                           f"the Ark in {state.ark} with the three cards")
        return Outcome(None, "TT-LIMIT", "the turn limit was reached with no winner")

    def explain(self, state: RaidersState) -> list[Explanation]:
        return text.explain(self, state)

    def parse_action(self, notation: str) -> Any:
        return parse_action(notation)

    def view(self, state: RaidersState, player: int | None) -> RaidersState:
        return codec.view(state, player)

    def determinize(self, view: RaidersState, player: int, rng: Rng) -> RaidersState:
        return codec.determinize(self, view, player, rng)

    def invariants(self, state: RaidersState) -> list[str]:
        return codec.invariants(self, state)

    def state_to_json(self, state: RaidersState) -> dict[str, Any]:
        return codec.to_json(state)

    def state_from_json(self, data: Any) -> RaidersState:
        return codec.from_json(self, data)

    def edit(self, state: RaidersState, op: str, args: Mapping[str, Any]) -> EditResult:
        return codec.edit(self, state, op, args)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"Raiders(players={self.players}{opts})"


def _place(g: Raiders, w: Work, a: Place) -> None:
    turns.place(g, w, a.country)


def _roll(g: Raiders, w: Work, a: Roll | Air) -> None:
    travel.start_move(g, w, turns.roll_die(g, w, isinstance(a, Air)))


def _fly(g: Raiders, w: Work, a: FlyCountry) -> None:
    turns.fly(g, w, a.country)


def _ambush(g: Raiders, w: Work, a: Ambush) -> None:
    turns.ambush(g, w, a.victim)


def _hostage(g: Raiders, w: Work, a: Hostage) -> None:
    turns.hostage(g, w, a.victim, a.to)


def _step(g: Raiders, w: Work, a: Step) -> None:
    travel.choose_step(g, w, a.to)


def _send(g: Raiders, w: Work, a: Send) -> None:
    q = a.victim
    w.positions[q], w.prev[q], w.owes[q] = a.to, "", False
    w.emit("RA-M-LAND-PLAYER", f"player {w.player} sends player {q} to {a.to}",
           w.player, "move")
    _next_landed(g, w)


def _leave(g: Raiders, w: Work, a: Leave) -> None:
    w.emit("RA-M-LAND-PLAYER", f"player {w.player} leaves player {a.victim} where "
           "they stand", w.player, "move")
    _next_landed(g, w)


def _next_landed(g: Raiders, w: Work) -> None:
    w.landed.pop(0)
    if not w.landed:
        travel.complete_landing(g, w)


def _passport(g: Raiders, w: Work, a: ShowPassport) -> None:
    turns.show_passport(w)


def _lose(g: Raiders, w: Work, a: LoseTurn) -> None:
    turns.refuse_passport(g, w)


_DISPATCH = {
    Place: _place, Roll: _roll, Air: _roll, FlyCountry: _fly, Ambush: _ambush,
    Hostage: _hostage, Step: _step, Send: _send, Leave: _leave,
    ShowPassport: _passport, LoseTurn: _lose,
}

__all__ = ["Raiders"]
