"""Pitfall Harry actions and their notation.

Every action is a small frozen dataclass whose ``str`` is its notation, parsed back by
``parse_move`` (case-insensitive, extra spaces ignored):

=========================  =========  ===============================================
notation                   phase      meaning
=========================  =========  ===============================================
``roll``                   start      roll the die and move (PH-T-CHOICE)
``play scorpion``          start      play Scorpion to move the scorpion (PH-6-MOVE)
``discard CR RO JU LA``    start      discard 4 cards, draw 4 (PH-2B-DISCARD)
``swap 2 CR RO JU LA``     start      give 4 cards to seat 2, take 4 (PH-2B-SWAP)
``scorpion U12``           scorpion   put the scorpion on U12 (PH-6-MOVE, PH-6-HIT)
``forward``/``backward``   direction  the way to move this turn (PH-2A-MOVE)
``play rope``              obstacle   play that card to enter the obstacle (PH-3-CARD)
``decline``                obstacle   play no card (PH-4-OPTIONAL)
``climb`` / ``stay``       climb      climb up the pit trap above, or go on below
``give 1``                 give       hand the duplicate token to seat 1 (PH-5-GIVE)
=========================  =========  ===============================================

Cards are named by kind (``rope``) or code (``RO``): CR croc, RO rope, JU jump,
LA ladder, CO cobra, FI fire, SC scorpion. The four exchanged cards print as codes in
``CARDS`` order. A space is named by its id (``U12``) or by its readable name on the
board (``scorpion Under Path 6``). The seat prefix (``P1: roll``) is read by
``tabletop.core.GameRules.parse_action`` for every game alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.core import IllegalActionError
from tabletop.games.pitfall.cards import CARDS, CODES, card_index

if TYPE_CHECKING:
    from tabletop.games.pitfall.board import PitfallBoard


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die and move (PH-T-CHOICE A)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card of ``card`` kind (index into ``CARDS``)."""

    card: int

    def __str__(self) -> str:
        return f"play {CARDS[self.card]}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Exchange by discarding four cards (indices, sorted) and drawing four."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(CODES[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange four cards (indices, sorted) with opponent ``seat``."""

    seat: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"swap {self.seat} " + " ".join(CODES[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class PlaceScorpion:
    """Put the scorpion on underground space ``space``."""

    space: str

    def __str__(self) -> str:
        return f"scorpion {self.space}"


@dataclass(frozen=True, slots=True)
class Direction:
    """Move forward (clockwise, ``step=1``) or backward (``step=-1``) this turn."""

    step: int

    def __str__(self) -> str:
        return "forward" if self.step > 0 else "backward"


@dataclass(frozen=True, slots=True)
class Decline:
    """Play no card at this obstacle (PH-4-OPTIONAL)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Climb:
    """Climb up the pit trap above (free at a ladder, else with a Ladder card)."""

    def __str__(self) -> str:
        return "climb"


@dataclass(frozen=True, slots=True)
class Stay:
    """Do not climb here: go on along the underground path."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Give:
    """Hand the duplicate treasure token to opponent ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"give {self.seat}"


Action = Roll | Play | Discard | Swap | PlaceScorpion | Direction | Decline | Climb
Action = Action | Stay | Give

_SIMPLE = {
    "roll": Roll(),
    "forward": Direction(1),
    "backward": Direction(-1),
    "decline": Decline(),
    "climb": Climb(),
    "stay": Stay(),
}


def parse_move(text: object, board: PitfallBoard | None = None) -> Action:
    """The action a notation names (no seat prefix).

    Args:
        text: the notation.
        board: reads a space's id or readable name back to its id
            (``PitfallBoard.space_id``); without it a space is taken as an id.

    Raises:
        IllegalActionError: TT-NOTATION, saying what is wrong with the text.
    """
    if not isinstance(text, str):
        raise _bad(f"notation must be text, not {type(text).__name__}")
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise _bad("empty notation; try 'roll', 'forward', 'play rope' or 'decline'")
    head = words[0]
    if len(words) == 1 and head in _SIMPLE:
        return _SIMPLE[head]
    if head == "play" and len(words) == 2:
        return Play(_card(words[1], text))
    if head == "discard":
        return Discard(_four(words[1:], text))
    if head == "swap" and len(words) >= 2:
        return Swap(_seat(words[1], text), _four(words[2:], text))
    if head == "scorpion" and len(words) >= 2:
        return PlaceScorpion(_space(" ".join(words[1:]), board, text))
    if head == "give" and len(words) == 2:
        return Give(_seat(words[1], text))
    raise _bad(
        f"cannot read {text.strip()!r}: write roll, forward, backward, decline, "
        "climb or stay, or an action with its cards, seat or space, as in play "
        "rope, discard croc croc rope jump, swap 1 croc rope jump fire, scorpion "
        "U12 or give 1"
    )


def _space(words: str, board: PitfallBoard | None, text: str) -> str:
    found = None if board is None else board.space_id(words)
    if found is not None:
        return found
    if len(words.split()) != 1:
        raise _bad(f"no space is called {words!r} on this board ({text.strip()!r})")
    return words.upper()  # an id the rules then judge (PH-6-MOVE)


def _bad(reason: str) -> IllegalActionError:
    return IllegalActionError("TT-NOTATION", reason)


def _card(word: str, text: str) -> int:
    try:
        return card_index(word)
    except KeyError:
        names = ", ".join(f"{n} ({c})" for n, c in zip(CARDS, CODES, strict=True))
        raise _bad(
            f"unknown card {word!r} in {text.strip()!r}; cards: {names}"
        ) from None


def _four(words: list[str], text: str) -> tuple[int, ...]:
    if len(words) != 4:
        raise _bad(
            f"an exchange names exactly 4 cards, {text.strip()!r} names {len(words)}"
        )
    return tuple(sorted(_card(w, text) for w in words))


def _seat(word: str, text: str) -> int:
    if not _digits(word):
        raise _bad(f"expected a seat number, not {word!r} in {text.strip()!r}")
    return int(word)


def _digits(word: str) -> bool:
    """Plain digits 0-9 only (``isdigit`` also accepts superscripts, which ``int``
    refuses)."""
    return word.isascii() and word.isdigit()
