"""The Pitfall Harry game state: a frozen value holding everything needed to go on.

Fields (players are seats ``0..n-1``; spaces are board ids such as ``A12``/``U12``;
the names shared with every game are those of ``docs/adding-a-game.md``):

- ``phase``: the kind of decision pending, one of ``PHASES``:
  ``start`` (scorpion card, roll or exchange), ``scorpion`` (choose the scorpion's new
  space), ``direction`` (forward or backward after a roll), ``obstacle`` (play a card
  to enter ``target`` or decline), ``climb`` (climb up from under a pit trap or stay
  below), ``give`` (which opponent gets the duplicate token ``token``), ``over``.
- ``to_move``: the seat whose decision is pending (the winner once it is over).
- ``turn``: how many turns have begun (1 on the first turn).
- ``positions``: each pawn's space.
- ``hands``: each seat's hand as a count vector in ``cards.CARDS`` order plus one last
  slot, ``cards.HIDDEN_SLOT``, counting hidden cards (non-zero only in a view of a
  hand the viewer may not see). ``cards.hand_names`` reads one by name.
- ``deck``: the draw pile as card indices, top first (``deck[0]`` is drawn next);
  ``HIDDEN`` (``"?"``) entries in views.
- ``discards``: the discard pile, face up, newest last.
- ``treasure``: each seat's face-up tokens, counts per ``cards.TOKENS`` kind
  (``cards.treasure_names`` reads them by name).
- ``facedown``: the facedown treasure tokens as kind indices (``cards.TOKENS``),
  shuffled at setup (PH-S-TOKENS), top first: a token taken is ``facedown[0]``
  (PH-5-TAKE). Views show ``HIDDEN`` for each.
- ``diamond``: the seat that took the diamond (the winner), or -1 while it lies on the
  diamond space.
- ``scorpion``: the scorpion's space.
- ``scorpion_played``: a Scorpion card was played this turn before rolling or
  exchanging (PH-T-SCORPION-FIRST: one per turn).
- ``roll``: this turn's die value (0 before rolling); ``direction``: +1 forward
  (clockwise), -1 backward, 0 not chosen; ``remaining``: steps still to count.
- ``target``: in phase ``obstacle``, the space the pawn is about to enter.
- ``no_climb``: the underground space where the pawn may not climb this step (it has
  just come down there, or chose to stay below), else ``""``.
- ``token``: in phase ``give``, the kind (index) of the token just taken, face up
  and waiting to be handed over (it is in nobody's treasure yet), else -1.
- ``rng``: the seeded generator (views hold a blank one, ``Rng(0)``).
- ``first_rolls``: the opening roll-off (PH-S-FIRST), one tuple of dice per round,
  in seat order among the players still tied.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from tabletop.core import Rng

PHASES = ("start", "scorpion", "direction", "obstacle", "climb", "give", "over")


@dataclass(frozen=True, slots=True)
class PitfallState:
    """One moment of a Pitfall Harry game (see the module docstring for fields)."""

    phase: str
    to_move: int
    turn: int
    positions: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int | str, ...]
    discards: tuple[int, ...]
    treasure: tuple[tuple[int, ...], ...]
    facedown: tuple[int | str, ...]
    diamond: int
    scorpion: str
    scorpion_played: bool
    roll: int
    direction: int
    remaining: int
    target: str
    no_climb: str
    token: int
    rng: Rng
    first_rolls: tuple[tuple[int, ...], ...] = ()

    @property
    def players(self) -> int:
        return len(self.positions)

    @property
    def winner(self) -> int | None:
        return self.diamond if self.diamond >= 0 else None

    def __str__(self) -> str:
        from tabletop.games.pitfall.text import STANDARD_BOARD, render

        return render(STANDARD_BOARD, self)


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PitfallState))
"""The state's field names, in order (JSON keys, the turn machine's scratch copy)."""


def _setter(name: str) -> Any:
    """Field ``name``'s slot setter (sets it even on a frozen state)."""
    return getattr(PitfallState, name).__set__


_phase = _setter("phase")
_to_move = _setter("to_move")
_turn = _setter("turn")
_positions = _setter("positions")
_hands = _setter("hands")
_deck = _setter("deck")
_discards = _setter("discards")
_treasure = _setter("treasure")
_facedown = _setter("facedown")
_diamond = _setter("diamond")
_scorpion = _setter("scorpion")
_scorpion_played = _setter("scorpion_played")
_roll = _setter("roll")
_direction = _setter("direction")
_remaining = _setter("remaining")
_target = _setter("target")
_no_climb = _setter("no_climb")
_token = _setter("token")
_rng = _setter("rng")
_first_rolls = _setter("first_rolls")

_new = object.__new__


def new_state(
    phase: str,
    to_move: int,
    turn: int,
    positions: tuple[str, ...],
    hands: tuple[tuple[int, ...], ...],
    deck: tuple[int | str, ...],
    discards: tuple[int, ...],
    treasure: tuple[tuple[int, ...], ...],
    facedown: tuple[int | str, ...],
    diamond: int,
    scorpion: str,
    scorpion_played: bool,
    roll: int,
    direction: int,
    remaining: int,
    target: str,
    no_climb: str,
    token: int,
    rng: Rng,
    first_rolls: tuple[tuple[int, ...], ...],
) -> PitfallState:
    """``PitfallState(...)`` of the same fields in the same order, built by setting
    each slot directly: about half the cost of the frozen dataclass's ``__init__``
    (which sets each field through ``object.__setattr__``); ``Work.freeze`` builds
    one state per action and ``view`` one per view. ``tests/test_state_builders.py``
    checks the parameters are the fields and the states equal."""
    s = _new(PitfallState)
    _phase(s, phase)
    _to_move(s, to_move)
    _turn(s, turn)
    _positions(s, positions)
    _hands(s, hands)
    _deck(s, deck)
    _discards(s, discards)
    _treasure(s, treasure)
    _facedown(s, facedown)
    _diamond(s, diamond)
    _scorpion(s, scorpion)
    _scorpion_played(s, scorpion_played)
    _roll(s, roll)
    _direction(s, direction)
    _remaining(s, remaining)
    _target(s, target)
    _no_climb(s, no_climb)
    _token(s, token)
    _rng(s, rng)
    _first_rolls(s, first_rolls)
    return s
