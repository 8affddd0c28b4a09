"""Pitfall Harry's house rules: the rulings a table may settle otherwise.

Each is a ``RuleOption`` (``tabletop.core.options``) for one ruling of the clause
catalogue; its first choice is the project's ruling and the default. ``Pitfall``
takes them as keywords and its rules read them from ``game.house``. Which rulings
are here, and why the others are not, is in ``docs/house-rules.md``.
"""

from __future__ import annotations

from tabletop.core.options import Choice, RuleOption

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "climb_needs_card",
        "PH-4-CLIMB",
        "Climbing up a ladder",
        (
            Choice(False, "free", "climbing up a ladder needs no card"),
            Choice(
                True,
                "needs a Ladder card",
                "climbing up a ladder needs a Ladder card too",
            ),
        ),
        "The rulebook names the Ladder card only for pit traps without a ladder; "
        "some tables read it as needed for every climb, which makes the "
        "underground stickier.",
    ),
    RuleOption(
        "spent_treasure_card_passes",
        "PH-4-TREASURE",
        "A Cobra or Fire card once the treasure is gone",
        (
            Choice(
                False,
                "cannot be played",
                "with no facedown treasure left, a Cobra or Fire card cannot be played",
            ),
            Choice(
                True,
                "still passes",
                "with no facedown treasure left, a Cobra or Fire card still passes "
                "its space, taking nothing",
            ),
        ),
        "The card passes the space as a Jump would; tables that let it keep it "
        "useful late in the game.",
    ),
    RuleOption(
        "scorpion_sends_home",
        "PH-6-HIT",
        "Where the scorpion sends a pawn it lands on",
        (
            Choice(
                False,
                "under the pit trap behind",
                "a pawn the scorpion is put on goes back under the nearest pit trap "
                "behind it",
            ),
            Choice(
                True,
                "back to the riverboat",
                "a pawn the scorpion is put on goes back to the riverboat",
            ),
        ),
        "A harsher scorpion: the family favourite of sending a player home.",
    ),
    RuleOption(
        "diamond_needs_treasure",
        "PH-7-DIAMOND",
        "The diamond space without the three treasures",
        (
            Choice(
                False,
                "may be entered",
                "a pawn without the three treasures may reach the diamond space and "
                "stops there",
            ),
            Choice(
                True,
                "closed",
                "a pawn without the three treasures may not enter the diamond "
                "space: it stops before it",
            ),
        ),
        "Some tables keep the diamond space for a player who can take the diamond.",
    ),
    RuleOption(
        "scorpion_on_own_pawn",
        "PH-6-MOVE",
        "The scorpion on your own pawn's space",
        (
            Choice(
                False,
                "not allowed",
                "the scorpion may not be put on a space holding only your own pawn",
            ),
            Choice(
                True,
                "allowed",
                "the scorpion may be put on a space holding only your own pawn",
            ),
        ),
        "The rulebook speaks of blocking an opponent; some tables let a player "
        "guard their own space with it.",
    ),
)
