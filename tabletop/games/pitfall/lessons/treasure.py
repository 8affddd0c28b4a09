"""The Pitfall Harry tutorial, second part: treasure, the scorpion and the diamond."""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.learn.lesson import Fact, Lesson

L = partial(Lesson, "pitfall")


def _token_count(seat: int, kind: int, n: int) -> Any:
    return lambda g, before, after: after.treasure[seat][kind] == n


LESSONS: tuple[Lesson, ...] = (
    L(
        "Treasure at a cobra",
        ("PH-5-NEED", "PH-4-TREASURE", "PH-5-TAKE", "PH-5-KEEP"),
        """
You need a gold bar, a silver bar and a money bag before the diamond is yours. On a
cobra space you may play a **Cobra** card instead of a Jump (on a fire, a **Fire**
card): it passes the space and you take a treasure token at random from the facedown
pile and turn it up. A kind you lack, you keep.

Player 0 on A7 rolled a 2 and holds a Cobra. Go forward and play it.
""",
        scenario="treasure-cobra",
        events=("PH-4-TREASURE", "PH-5-TAKE", "PH-5-KEEP"),
        at={0: "A9"},
        facts=(Fact("player 0 now holds a gold bar", _token_count(0, 0, 1)),),
    ),
    L(
        "The rulebook's Figure 2",
        ("PH-4-TREASURE", "PH-4-JUMP", "PH-B-LAYOUT"),
        """
The rulebook's own example: a count of 5 from A29 passes the cobra A30 with a Cobra
card (taking a token), walks A31 and A32, passes the log A33 with a Jump card and
ends on A34.

Go forward, play the Cobra, then the Jump.
""",
        scenario="figure-2",
        events=("PH-4-TREASURE", "PH-5-TAKE", "PH-3-CARD"),
        at={0: "A34"},
    ),
    L(
        "A treasure you already have",
        ("PH-5-GIVE",),
        """
A kind you already hold must go to an opponent who lacks it; when several lack it,
you choose.

Player 0 already has a gold bar and draws another; players 1 and 2 both lack one.
Give it to player 2.
""",
        scenario="treasure-duplicate",
        events=("PH-5-GIVE",),
        facts=(Fact("player 2 received the gold bar", _token_count(2, 0, 1)),),
    ),
    L(
        "A treasure everybody has",
        ("PH-5-EXTRA",),
        """
If you and every opponent already hold that kind, you keep it, but it counts for
nothing.

Everyone has a gold bar; player 0 draws another gold bar.
""",
        scenario="treasure-extra",
        events=("PH-5-EXTRA",),
        facts=(Fact("player 0 holds two gold bars", _token_count(0, 0, 2)),),
    ),
    L(
        "No tokens left",
        ("PH-4-TREASURE",),
        """
When every treasure token has been taken, a Cobra or Fire card cannot be played:
there is nothing to take. A Jump still passes the cobra.

Player 0 on A7 rolled a 2 and holds a Cobra and a Jump; the pile is empty. Go
forward and ask why the Cobra card is refused; then jump.
""",
        rulings=(
            (
                "PH-4-TREASURE",
                "the rulebook does not say what a treasure card does "
                "once the pile is empty; refusing it keeps the card's meaning (take a "
                "token) and the Jump still gets you past.",
            ),
        ),
        scenario="no-tokens-left",
        tries=("forward", "play jump"),
        why_not=((1, "play cobra", "PH-4-TREASURE"),),
        events=("PH-3-CARD",),
        at={0: "A9"},
    ),
    L(
        "Going back for treasure",
        ("PH-5-BACK",),
        """
You may move backward to reach a treasure space.

Player 0 on A20 rolled a 2; A18 is behind. Go backward and play the Fire.
""",
        scenario="back-to-treasure",
        events=("PH-5-TAKE",),
        at={0: "A18"},
    ),
    L(
        "The scorpion blocks the tunnel",
        ("PH-6-BLOCK", "PH-4-SCORPION-PASS"),
        """
The scorpion cannot be passed or landed on without a **Scorpion** card: you stop on
the space before it, so a blocked player usually goes the other way.

Player 0 at U20 rolled a 3 with no Scorpion card; the scorpion sits at U22.
""",
        scenario="scorpion-ahead",
        events=("PH-6-BLOCK",),
        at={0: "U21"},
    ),
    L(
        "Passing the scorpion",
        ("PH-4-SCORPION-PASS",),
        """
With a Scorpion card you pass the scorpion as if it were an obstacle.

Player 0 at U20 rolled a 3 and holds a Scorpion card. Go forward and play it.
""",
        scenario="scorpion-pass",
        events=("PH-4-SCORPION-PASS",),
        at={0: "U23"},
    ),
    L(
        "Moving the scorpion",
        ("PH-T-SCORPION-FIRST", "PH-6-MOVE", "PH-6-HIT"),
        """
Before rolling or exchanging you may play one Scorpion card and put the scorpion on
any tunnel space that is not a wall, to block an opponent. Put it on an opponent's
space and that pawn is sent back along the tunnel to the space under the nearest pit
trap behind it.

Player 0 holds a Scorpion; player 1 is at U24. Play the Scorpion, put it on U24,
then roll.
""",
        rulings=(
            (
                "PH-6-MOVE",
                "putting the scorpion on a space that holds only your own "
                "pawn blocks nobody and only wastes the card, so it is refused.",
            ),
            (
                "PH-6-HIT",
                "the rulebook calls it going back, not moving, so walls do "
                "not stop it; with no pit trap behind, the pawn returns to the "
                "riverboat.",
            ),
        ),
        scenario="scorpion-move",
        why_not=((1, "scorpion U12", "PH-6-MOVE"), (1, "scorpion U17", "PH-B-WALLS")),
        events=("PH-T-SCORPION-FIRST", "PH-6-MOVE", "PH-6-HIT"),
        at={0: "U12", 1: "U20"},
    ),
    L(
        "The scorpion under a pit",
        ("PH-4-SCORPION-BELOW",),
        """
A pawn that would arrive in the tunnel on the scorpion's space (down a ladder or by
falling) must play a Scorpion card; otherwise it stays on the pit trap and its turn
is over.

Player 0 on A3 rolled a 3 without a Rope; the scorpion waits at U4, under A4.
""",
        rulings=(
            (
                "PH-4-SCORPION-BELOW",
                "the rulebook does not say what happens when the "
                "way down lands on the scorpion; treating it like the scorpion ahead "
                "in the tunnel (no card, no entry) keeps one rule for both.",
            ),
        ),
        scenario="scorpion-below",
        events=("PH-4-SCORPION-BELOW",),
        at={0: "A4"},
    ),
    L(
        "Winning the diamond",
        ("PH-7-DIAMOND", "PH-WIN"),
        """
With all three treasure kinds, reaching the diamond space wins: no exact count and
no card needed. The first to take the diamond wins and the game is over.

Player 0 on A44 holds gold, silver and money and rolled a 5. Go forward.
""",
        rulings=(
            (
                "PH-7-DIAMOND",
                "the rulebook does not say what a pawn without all "
                "three treasures does at the diamond space; it stops there (the path "
                "ends) and must go back for what it lacks.",
            ),
        ),
        scenario="diamond-run",
        why_not=((1, "roll", "TT-OVER"),),
        events=("PH-7-DIAMOND", "PH-WIN"),
        at={0: "A46"},
        facts=(
            Fact(
                "player 0 has won",
                lambda g, b, a: g.outcome(a) is not None and g.outcome(a).winner == 0,
            ),
        ),
    ),
    L(
        "The diamond without the treasure",
        ("PH-7-DIAMOND", "PH-5-NEED"),
        """
Without all three kinds the diamond space is just the end of the path: the pawn
stops there and the game goes on.

Player 0 on A44 has gold and silver but no money bag, and rolled a 5.
""",
        scenario="diamond-without-treasure",
        events=("PH-7-DIAMOND",),
        facts=(Fact("nobody has won", lambda g, b, a: g.outcome(a) is None),),
    ),
)
