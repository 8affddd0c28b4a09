"""The Raiders game state: a frozen value.

``RaidersState`` holds everything needed to continue a game: positions, direction
memory (RA-M-DIRECTION), hands, deck, discards, the Ark's country, missed turns,
hostage locks, checkpoint debts, the move in progress and the random generator.
Rules code changes a mutable copy (``work.Work``) and freezes it once per action.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from tabletop.core import Rng

#: Phases: setup placement, a turn's first choice, a move awaiting a direction,
#: a landed-on player awaiting their fate, a checkpoint debt, the end.
PHASES = ("place", "turn", "move", "land", "customs", "over")


@dataclass(frozen=True, slots=True)
class RaidersState:
    """A position in a Raiders game.

    Attributes:
        phase: one of ``PHASES`` (``"over"`` when the game has ended).
        to_move: the seat whose decision is pending (the mover).
        positions: each player's location id ('' before placing).
        prev: direction memory: where each token came from ('' = free to go
            either way, RA-M-DIRECTION).
        hands: each player's cards, sorted.
        deck: the draw pile, top first (``deck[0]`` is drawn next).
        discards: the face-up discard pile, newest last.
        ark: the Ark's country ('' before RA-S-ARK).
        skips: turns each player must still miss (RA-T-SKIP).
        hostage: players who may not be taken hostage now (RA-K-HOSTAGE-TWICE).
        owes: players who landed on a checkpoint and owe a Passport
            (RA-M-CHECKPOINT-LAND).
        emptied: players who lost or played their last card and miss their next
            turn, drawing a card on it (RA-E-EMPTY).
        steps: steps left in the move in progress.
        route: locations visited by the move in progress, its start first.
        route_prev: the mover's direction memory when the move began (a token
            moved back past its start keeps it, RA-M-INSTRUCTION).
        ways: in the ``move`` phase, the places the mover may step to next (the
            ways open when the walk stopped for a choice, RA-M-OCCUPIED judged).
        passed: players already robbed by passing this move (RA-M-PASS-PLAYER).
        landed: players landed on, awaiting the mover's decision.
        winner: the winner's seat, or -1.
        turn: how many turns have begun (skipped ones included).
        rng: the random generator.
    """

    phase: str
    to_move: int
    positions: tuple[str, ...]
    prev: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discards: tuple[str, ...]
    ark: str
    skips: tuple[int, ...]
    hostage: tuple[bool, ...]
    owes: tuple[bool, ...]
    emptied: tuple[bool, ...]
    steps: int
    route: tuple[str, ...]
    route_prev: str
    ways: tuple[str, ...]
    passed: tuple[int, ...]
    landed: tuple[int, ...]
    winner: int
    turn: int
    rng: Rng

    def __str__(self) -> str:
        from tabletop.games.raiders.text import STANDARD_BOARD, render

        return render(STANDARD_BOARD, self)


FIELD_NAMES = tuple(f.name for f in fields(RaidersState))
#: The fields with one entry per player.
PER_PLAYER = ("positions", "prev", "hands", "skips", "hostage", "owes", "emptied")


def blank_state(players: int, rng: Rng) -> RaidersState:
    """The state before anyone has placed a token (RA-S-PLACE)."""
    n = players
    return RaidersState(
        phase="place",
        to_move=0,
        positions=("",) * n,
        prev=("",) * n,
        hands=((),) * n,
        deck=(),
        discards=(),
        ark="",
        skips=(0,) * n,
        hostage=(False,) * n,
        owes=(False,) * n,
        emptied=(False,) * n,
        steps=0,
        route=(),
        route_prev="",
        ways=(),
        passed=(),
        landed=(),
        winner=-1,
        turn=0,
        rng=rng,
    )


def _setter(name: str) -> Any:
    """Field ``name``'s slot setter (sets it even on a frozen state)."""
    return getattr(RaidersState, name).__set__


_phase = _setter("phase")
_to_move = _setter("to_move")
_positions = _setter("positions")
_prev = _setter("prev")
_hands = _setter("hands")
_deck = _setter("deck")
_discards = _setter("discards")
_ark = _setter("ark")
_skips = _setter("skips")
_hostage = _setter("hostage")
_owes = _setter("owes")
_emptied = _setter("emptied")
_steps = _setter("steps")
_route = _setter("route")
_route_prev = _setter("route_prev")
_ways = _setter("ways")
_passed = _setter("passed")
_landed = _setter("landed")
_winner = _setter("winner")
_turn = _setter("turn")
_rng = _setter("rng")

_new = object.__new__


def new_state(
    phase: str,
    to_move: int,
    positions: tuple[str, ...],
    prev: tuple[str, ...],
    hands: tuple[tuple[str, ...], ...],
    deck: tuple[str, ...],
    discards: tuple[str, ...],
    ark: str,
    skips: tuple[int, ...],
    hostage: tuple[bool, ...],
    owes: tuple[bool, ...],
    emptied: tuple[bool, ...],
    steps: int,
    route: tuple[str, ...],
    route_prev: str,
    ways: tuple[str, ...],
    passed: tuple[int, ...],
    landed: tuple[int, ...],
    winner: int,
    turn: int,
    rng: Rng,
) -> RaidersState:
    """``RaidersState(...)`` of the same fields in the same order, built by setting
    each slot directly: half the cost of the frozen dataclass's ``__init__``
    (which sets each field through ``object.__setattr__``), and ``Work.freeze``
    builds one state per action. ``tests/test_state_builders.py`` checks the
    parameters are the fields and the states equal."""
    s = _new(RaidersState)
    _phase(s, phase)
    _to_move(s, to_move)
    _positions(s, positions)
    _prev(s, prev)
    _hands(s, hands)
    _deck(s, deck)
    _discards(s, discards)
    _ark(s, ark)
    _skips(s, skips)
    _hostage(s, hostage)
    _owes(s, owes)
    _emptied(s, emptied)
    _steps(s, steps)
    _route(s, route)
    _route_prev(s, route_prev)
    _ways(s, ways)
    _passed(s, passed)
    _landed(s, landed)
    _winner(s, winner)
    _turn(s, turn)
    _rng(s, rng)
    return s
