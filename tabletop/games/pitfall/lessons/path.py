"""The Pitfall Harry tutorial, first part: setup, the board, turns, moving,
obstacles and climbing.

Each lesson starts from an engine scenario (``tabletop.games.pitfall.scenarios``) or
a small description built with its ``build_state``, suggests what to try and states
what happens; ``Lesson.problems`` checks it against the engine.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.learn.lesson import Fact, Lesson

L = partial(Lesson, "pitfall")
DIRECTION = {"phase": "direction"}


def _hand_sizes(size: int) -> Any:
    return lambda g, before, after: all(sum(h) == size for h in after.hands)


def _all_cards(g: Any, before: Any, after: Any) -> bool:
    held = sum(sum(h) for h in after.hands)
    return held + len(after.deck) + len(after.discards) == sum(g.board.deck) == 60


def _setup_facts(g: Any, before: Any, after: Any) -> bool:
    return (
        set(before.positions) == {g.board.riverboat}
        and before.scorpion == g.board.scorpion_start
        and len(before.facedown) == 15
        and tuple(g.board.tokens) == (5, 5, 5)
    )


def _tie_rolled_again(g: Any, before: Any, after: Any) -> bool:
    rounds = before.first_rolls
    return len(rounds) > 1 and before.to_move == 0


def _obstacles(g: Any, before: Any, after: Any) -> bool:
    counts: dict[str, int] = {}
    for space in g.board.above:
        counts[g.board.kind[space]] = counts.get(g.board.kind[space], 0) + 1
    want = {"ladder_pit": 4, "croc": 4, "pit": 5, "log": 3, "fire": 2, "cobra": 2}
    return all(counts.get(k) == n for k, n in want.items()) and counts["swamp"] == 1


def _below(g: Any, before: Any, after: Any) -> bool:
    b = g.board
    return len(b.below) == len(b.above) - 2 and len(b.walls) == 4


def _same_hand(seat: int) -> Any:
    return lambda g, before, after: before.hands[seat] != after.hands[seat]


LESSONS: tuple[Lesson, ...] = (
    L(
        "The race and the box",
        (
            "PH-C-DECK",
            "PH-C-TOKENS",
            "PH-S-PLAYERS",
            "PH-S-START",
            "PH-S-SCORPION",
            "PH-S-TOKENS",
            "PH-S-DEAL",
            "PH-S-FIRST",
        ),
        """
Two to four explorers (one Harry pawn each) race from the **riverboat** to the
**diamond** at the far end of the jungle path. On the way each needs one **gold bar**,
one **silver bar** and one **money bag** from the treasure pile. The 60-card deck holds
10 Crocodile, 15 Rope, 14 Jump, 8 Ladder, 5 Cobra, 5 Fire and 3 Scorpion cards; each
player is dealt 7, the rest is the draw pile. The 15 treasure tokens lie facedown,
the scorpion waits on its start space underground, and everyone rolls: the highest
roll goes first, then play passes in seat order.

Here a three-player game was dealt with seed 5: players 0 and 1 both rolled a 5, so
they rolled again. Try rolling the die for player 0's first turn.
""",
        rulings=(
            (
                "PH-C-TOKENS",
                "the rulebook's figure listing the tokens is lost; an even "
                "5/5/5 mix gives every kind the same odds. The mix lives in the board "
                "file so it can change.",
            ),
            (
                "PH-S-SCORPION",
                "the board is lost, so the board file names the "
                "scorpion's start (U22, midway along the tunnel).",
            ),
            (
                "PH-S-FIRST",
                "the rulebook says the highest roll starts but not what a "
                "tie does; rolling again between the tied players is the usual fix "
                "and keeps the start fair.",
            ),
        ),
        players=3,
        deal=5,
        tries=("roll",),
        why_not=((0, "P1: roll", "TT-TURN"),),
        events=("PH-T-CHOICE",),
        facts=(
            Fact(
                "every pawn starts on the riverboat, the scorpion on its start, "
                "15 tokens (5 of each kind) facedown",
                _setup_facts,
            ),
            Fact(
                "each player holds 7 cards, and the 60 cards are all accounted for",
                lambda g, b, a: _hand_sizes(7)(g, b, b) and _all_cards(g, b, b),
            ),
            Fact(
                "players 0 and 1 tied and rolled again; player 0 moves first",
                _tie_rolled_again,
            ),
        ),
    ),
    L(
        "The jungle above and the tunnel below",
        ("PH-B-ABOVE", "PH-B-BELOW", "PH-B-WALLS", "PH-B-LAYOUT"),
        """
The aboveground path runs from the Riverboat to the Diamond past 4 pit
traps with ladders, 4 crocodiles, 5 pit traps without ladders, 3 logs, 2 fires,
2 cobras and 1 swamp. Below it runs the underground tunnel: one space under each
path space (U1 to U45). The two levels meet only at pit traps. Four **stone walls**
split the tunnel into stretches: nothing passes a wall, no pawn stands on one and
the scorpion is never put there.

Player 0 is in the tunnel at U5 with a 4 to move; the wall at U7 is two steps ahead.
Move forward and watch the pawn stop at the wall.
""",
        rulings=(
            (
                "PH-B-BELOW",
                "the rulebook's board figure is lost; one tunnel space "
                "under each path space (except the riverboat and the diamond) keeps "
                "going down and climbing up a one-step affair.",
            ),
            (
                "PH-B-LAYOUT",
                "the board file gives the order of obstacles, the walls "
                "and the scorpion's start. It spreads the obstacles out, splits the "
                "tunnel into stretches and puts a cobra or fire in both halves.",
            ),
        ),
        scenario="wall-ahead",
        events=("PH-B-WALLS",),
        at={0: "U6"},
        facts=(
            Fact("the path holds the listed obstacles", _obstacles),
            Fact(
                "the tunnel has a space under every path space but the two ends, "
                "and 4 walls",
                _below,
            ),
        ),
    ),
    L(
        "Your turn: roll or exchange",
        ("PH-T-CHOICE", "PH-T-ROLLED", "PH-2B-SWAP"),
        """
On your turn you do exactly one thing: **roll and move**, or **exchange four cards**.
An exchange either discards four cards face up and draws four, or gives four cards
face down to an opponent of your choice and takes four at random from their hand
(taken before your four join it). Once you have rolled you must move: no exchange
after the roll.

Player 0 holds two Ladders, a Scorpion, a Cobra, a Fire, a Crocodile and a Jump.
Try swapping the two Ladders, the Cobra and the Fire with player 1. In another
game, rolling first and then trying to exchange is refused.
""",
        scenario="exchange",
        why_not=((0, "swap 0 LA LA CO FI", "PH-2B-SWAP"),),
        events=("PH-2B-SWAP",),
        facts=(
            Fact("player 1 now holds the four cards player 0 gave", _same_hand(1)),
            Fact("every hand still holds 7 cards", _hand_sizes(7)),
        ),
    ),
    L(
        "No exchange after a roll",
        ("PH-T-ROLLED", "PH-2A-MOVE"),
        """
Rolling commits you to moving: after the roll, an exchange or a second roll is
refused. You move exactly the number rolled, forward (toward the diamond) or
backward, and you keep that direction for the whole move.

Roll, then ask why you cannot discard four cards now.
""",
        rulings=(
            (
                "PH-2A-MOVE",
                "the rulebook does not say what going down a ladder or "
                "climbing up does to the direction; keeping it is the simplest "
                "reading and never lets a pawn turn around mid-move.",
            ),
        ),
        scenario="exchange",
        tries=("roll",),
        why_not=((1, "discard LA LA SC CO", "PH-T-ROLLED"), (1, "roll", "PH-T-ROLLED")),
        events=("PH-T-CHOICE",),
    ),
    L(
        "Exchanging and the empty draw pile",
        ("PH-2B-DISCARD", "PH-8-RESHUFFLE"),
        """
Discarding four cards face up and drawing four is the other kind of exchange. When
the draw pile runs out, the discard pile is shuffled into a new draw pile.

Only two cards are left in the draw pile. Discard the four Ladders.
""",
        scenario="draw-pile-low",
        events=("PH-2B-DISCARD", "PH-8-RESHUFFLE"),
        facts=(Fact("player 0 holds 7 cards again", _hand_sizes(7)),),
    ),
    L(
        "Walking and refilling your hand",
        ("PH-2A-MOVE", "PH-2A-REFILL", "PH-T-SHARE"),
        """
A move counts every space. After it you draw back up to 7 cards. Several pawns may
share a space: nobody is bumped.

Player 0 is on A31 with a 1 to move; player 1 stands on A32. Move forward onto
player 1's space.
""",
        rulings=(
            (
                "PH-2A-REFILL",
                "the rulebook mentions refilling after a move; the "
                "project refills at the end of every turn (after an exchange or a "
                "Scorpion card too), so every turn ends with 7 cards in hand.",
            ),
            (
                "PH-T-SHARE",
                "the rulebook never forbids it and blocking a space "
                "would add a rule it does not have, so pawns may share spaces.",
            ),
        ),
        describe={**DIRECTION, "positions": {0: "A31", 1: "A32"}, "roll": 1},
        tries=("forward",),
        events=("PH-2A-MOVE",),
        at={0: "A32", 1: "A32"},
        facts=(Fact("every hand holds 7 cards after the turn", _hand_sizes(7)),),
    ),
    L(
        "Blocked at the first step",
        ("PH-T-STUCK", "PH-6-BLOCK"),
        """
Once you roll you must move. A direction whose very first step nothing can pass (a
stone wall, the end of a path, or the scorpion when you hold no Scorpion card) may
not be chosen while the other direction can take a step: you go the other way. Only
when neither way can take a first step does your pawn stay put. An obstacle whose
card you lack still stops you before it, even on the first step.

Player 0 is at U9 with a 2 and no Scorpion card; the scorpion sits on U10. Forward
is refused; go backward.
""",
        rulings=(
            (
                "PH-T-STUCK",
                "the rulebook says a player who rolls must move and a "
                "pawn blocked by the scorpion must go the other way; the project "
                "applies this to every first step that nothing can pass.",
            ),
        ),
        scenario="scorpion-first-step",
        why_not=((0, "forward", "PH-T-STUCK"),),
        events=("PH-B-WALLS",),
        at={0: "U8"},
    ),
    L(
        "The end of the tunnel",
        ("PH-B-ENDS",),
        """
The tunnel stops under A45. A pawn walking off its end stops on the last space.

Player 0 is at U44 with a 3; move forward.
""",
        rulings=(
            (
                "PH-B-ENDS",
                "the tunnel ends under the spaces next to the riverboat "
                "and the diamond; a step past either end, or back past the riverboat, "
                "is blocked like a wall.",
            ),
        ),
        scenario="tunnel-end",
        events=("PH-B-ENDS",),
        at={0: "U45"},
    ),
    L(
        "Obstacles need their card",
        ("PH-3-CARD", "PH-4-CROC"),
        """
To enter an obstacle you play its card on arriving there (it goes to the discard
pile) and go on counting. Without it, or if you choose not to play it, you stop on
the space before the obstacle and your turn is over. Obstacles block both
directions. A **Crocodile** card passes a crocodile.

Player 0 on A5 rolled a 2; A6 is next. Go forward and play the Crocodile.
A Jump card would not do.
""",
        scenario="croc-ahead",
        why_not=((1, "play jump", "PH-3-CARD"),),
        events=("PH-3-CARD", "PH-2A-REFILL"),
        at={0: "A7"},
        facts=(
            Fact(
                "the Crocodile went to the discard pile",
                lambda g, b, a: len(a.discards) == len(b.discards) + 1,
            ),
        ),
    ),
    L(
        "No card: stop before the obstacle",
        ("PH-3-CARD",),
        """
Without a Crocodile card the crocodile stops you: the pawn halts on the space in
front of it and the turn ends, whatever count was left.

Player 0 on A5 has no Crocodile. Go forward.
""",
        scenario="croc-no-card",
        events=("PH-3-CARD",),
        at={0: "A5"},
    ),
    L(
        "Jump over logs, fires and cobras",
        ("PH-4-JUMP",),
        """
A **Jump** card passes a log, a fire or a cobra.

Player 0 on A1 rolled a 2; A2 is next. Go forward and play the Jump.
""",
        describe={
            **DIRECTION,
            "positions": {0: "A1"},
            "hands": {0: "JU CR CR RO RO LA LA"},
            "roll": 2,
        },
        tries=("forward", "play jump"),
        events=("PH-3-CARD",),
        at={0: "A3"},
    ),
    L(
        "Rope over a pit, or down the ladder",
        ("PH-4-ROPE", "PH-4-OPTIONAL"),
        """
A **Rope** card swings you over any pit trap (and across the swamp). Playing a card
is always your choice; when you hold no card that could be played, nothing is asked.

Player 0 on A3 rolled a 2; A4 is next. Go forward and play the
Rope. Step back on the table's timeline and choose *No card* instead: you go down
the ladder.
""",
        rulings=(
            (
                "PH-4-OPTIONAL",
                "the rulebook says what happens without the card but "
                "not whether you may hold it back; letting players decline makes "
                "going down a ladder on purpose (toward a treasure or away from the "
                "scorpion) a real choice.",
            ),
        ),
        scenario="rope-over-pit",
        events=("PH-3-CARD",),
        at={0: "A5"},
    ),
    L(
        "Down the ladder",
        ("PH-3-LADDER-DOWN",),
        """
At a pit trap **with a ladder**, without a Rope you climb down: stepping onto the pit
trap counts one step and going down one more; then you go on along the tunnel in the
same direction.

Player 0 on A3 rolled a 4 and holds no Rope. Go forward: A4, down to U4, on to U6.
""",
        scenario="ladder-pit-ahead",
        events=("PH-3-LADDER-DOWN",),
        at={0: "U6"},
    ),
    L(
        "Falling into a pit",
        ("PH-3-FALL",),
        """
At a pit trap **without a ladder**, without a Rope you fall to the space below and
your turn is over, whatever count is left.

Player 0 on A9 rolled a 3 and holds no Rope. Go forward.
""",
        scenario="pit-without-ladder",
        events=("PH-3-FALL",),
        at={0: "U10"},
    ),
    L(
        "Climbing a ladder for free",
        ("PH-4-CLIMB",),
        """
Under a pit trap with a ladder you may climb up without a card; the climb counts one
step. Climbing is a choice: you may stay in the tunnel.

Player 0 stands at U14, under A14, and rolled a 2. Choose forward:
before the first step you may climb. Climb, and walk on to A15.
""",
        rulings=(
            (
                "PH-4-CLIMB",
                "the rulebook only mentions the Ladder card for pits "
                "without ladders; a printed ladder that cannot be climbed would make "
                "no sense, so climbing it is free. A pawn that climbs onto a pit trap "
                "needs no Rope to stand there or step off.",
            ),
        ),
        scenario="climb-free",
        events=("PH-4-CLIMB",),
        at={0: "A15"},
    ),
    L(
        "Climbing with a Ladder card",
        ("PH-4-LADDER",),
        """
Under a pit trap **without** a ladder you need a **Ladder** card to climb up; the
climb counts one step.

Player 0 at U10 (under A10) rolled a 2 and holds a Ladder. Go forward and
climb.
""",
        scenario="climb-with-ladder",
        events=("PH-4-LADDER",),
        at={0: "A11"},
    ),
)
