"""The Race tutorial: every clause of Race's rules, in the order a newcomer needs
them.

Each lesson starts from a named scenario (``race.scenarios``) or a fresh seeded
deal, suggests what to try and states what happens; ``Lesson.problems`` checks it
against the engine. ``CLAUSES`` is the catalogue of Race's clause IDs (RC-*, as
``race.rules`` cites them), ``RULINGS`` those that are the project's rulings;
``NOTEBOOK`` is the lesson notebook beside this file.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from tabletop.learn.lesson import Fact, Lesson

from .state import DECK, HAND_SIZE

CLAUSES: tuple[str, ...] = (
    "RC-DEAL",
    "RC-ROLL",
    "RC-PLAY",
    "RC-MOVE",
    "RC-BONUS",
    "RC-RESHUFFLE",
    "RC-WIN",
)
RULINGS: frozenset[str] = frozenset({"RC-RESHUFFLE", "RC-WIN"})
NOTEBOOK = Path(__file__).resolve().with_name("learn_race.ipynb")

L = partial(Lesson, "race")


def _dealt(g: Any, before: Any, after: Any) -> bool:
    held = sum(len(h) for h in before.hands)
    return (
        all(len(h) == HAND_SIZE for h in before.hands)
        and held + len(before.deck) == len(DECK) == 24
        and set(before.positions) == {0}
    )


def _hand_kept(seat: int) -> Any:
    return lambda g, before, after: len(after.hands[seat]) == len(before.hands[seat])


def _hand_grew(seat: int) -> Any:
    return lambda g, before, after: (
        len(after.hands[seat]) == len(before.hands[seat]) + 1
    )


def _on(seat: int, space: str) -> Any:
    return lambda g, before, after: g.track[after.positions[seat]] == space


def _reshuffled(g: Any, before: Any, after: Any) -> bool:
    return not before.deck and after.discards == () and len(after.deck) > 0


def _won(seat: int) -> Any:
    return lambda g, before, after: (
        g.outcome(after) is not None and (g.outcome(after).winner == seat)
    )


LESSONS: tuple[Lesson, ...] = (
    L(
        "The race and the deal",
        ("RC-DEAL", "RC-ROLL", "RC-MOVE"),
        """
Two to four players race a pawn along the track from **Start** to **Goal**. The 24
cards hold six each of the values 1, 2, 3 and 4; each player is dealt 3 secret
cards and the rest form the deck. On your turn the simplest thing to do is to
**roll** the die and move your pawn that many spaces along the track.
""",
        deal=3,
        tries=("roll",),
        events=("RC-ROLL", "RC-MOVE"),
        facts=(
            Fact("each player holds 3 cards, the other 18 are the deck", _dealt),
            Fact("rolling keeps your hand as it was", _hand_kept(0)),
        ),
    ),
    L(
        "Playing a card",
        ("RC-PLAY", "RC-MOVE"),
        """
Instead of rolling you may **play a card** from your hand: your pawn moves exactly
its value, the card goes face up on the discards, and you draw the top card of the
deck, so your hand keeps its size. Here you hold 1, 3 and 4: playing the 3 takes
you to S3. You cannot play a value you do not hold.
""",
        scenario="first-turn",
        why_not=((0, "play 2", "RC-PLAY"),),
        events=("RC-PLAY", "RC-MOVE"),
        facts=(
            Fact("the pawn stands on S3", _on(0, "S3")),
            Fact("the hand still holds 3 cards", _hand_kept(0)),
        ),
    ),
    L(
        "Bonus spaces",
        ("RC-BONUS",),
        """
The blue spaces are **bonus** spaces: a move that ends exactly on one draws one more
card. Here a roll of 2 takes you from S4 to the bonus space S6, and your hand grows
to 4 cards.
""",
        scenario="bonus-ahead",
        events=("RC-ROLL", "RC-BONUS"),
        facts=(
            Fact("the pawn stands on S6", _on(0, "S6")),
            Fact("the hand grew by one card", _hand_grew(0)),
        ),
    ),
    L(
        "Passing a bonus space",
        ("RC-BONUS", "RC-MOVE"),
        """
Only a move that *ends* on a bonus space draws the extra card. From the same place,
a roll of 3 carries you over the bonus space S6 to S7: you draw nothing, and your
hand keeps its 3 cards.
""",
        scenario="past-bonus",
        events=("RC-ROLL", "RC-MOVE"),
        facts=(
            Fact("the pawn stands on S7, past the bonus space", _on(0, "S7")),
            Fact("no card was drawn", _hand_kept(0)),
        ),
    ),
    L(
        "When the deck runs out",
        ("RC-RESHUFFLE",),
        """
When you must draw and the deck is empty, the discards are shuffled and become the
new deck, and you draw from it. Here the deck is empty: you play your 2, and the
draw that follows reshuffles the discards.
""",
        rulings=(
            (
                "RC-RESHUFFLE",
                "the card just played is already on the discards when the deck is "
                "found empty, so it is shuffled into the new deck too; if the deck "
                "and the discards are both empty, no card is drawn.",
            ),
        ),
        scenario="empty-deck",
        events=("RC-PLAY", "RC-RESHUFFLE"),
        facts=(
            Fact("the discards became the new deck", _reshuffled),
            Fact("the hand still holds 3 cards", _hand_kept(0)),
        ),
    ),
    L(
        "Reaching Goal",
        ("RC-WIN",),
        """
The first pawn to reach Goal wins at once. You need not land on it exactly: here
Goal is three spaces ahead and a 4 takes you there.
""",
        rulings=(
            (
                "RC-WIN",
                "a move longer than the way to Goal stops on Goal and wins; "
                "there is no bouncing back and no exact roll needed.",
            ),
        ),
        scenario="near-goal",
        events=("RC-WIN",),
        facts=(
            Fact("the pawn stands on Goal", _on(0, "S24")),
            Fact("player 0 has won", _won(0)),
        ),
    ),
)

__all__ = ["CLAUSES", "LESSONS", "NOTEBOOK", "RULINGS"]
