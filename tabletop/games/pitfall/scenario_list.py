"""The named Pitfall scenarios (registered into ``scenarios.BOOK``).

Board landmarks on the standard board: A2 log, A4 ladder pit, A6 crocodile, A8 cobra,
A10 pit, A12 swamp, A14 ladder pit, A18 fire, A20 pit, A24 pit, A28 ladder pit, A30
cobra, A31-A32 plain, A33 log (Figure 2), U7/U17/U27/U38 walls, scorpion start U22,
A44-A45 the last plain spaces before the diamond A46.
"""

from __future__ import annotations

from tabletop.games.pitfall.scenarios import register

MOVE = {"phase": "direction"}

register(
    "croc-ahead",
    "A crocodile lies one step ahead and you hold a Crocodile card.",
    ("PH-3-CARD", "PH-4-CROC"),
    2,
    {**MOVE, "positions": {0: "A5"}, "hands": {0: "CR JU JU RO RO LA LA"}, "roll": 2},
    ("forward", "play croc"),
)
register(
    "croc-no-card",
    "A crocodile lies ahead and you hold no Crocodile card.",
    ("PH-3-CARD",),
    2,
    {**MOVE, "positions": {0: "A5"}, "hands": {0: "JU JU RO RO LA LA FI"}, "roll": 2},
    ("forward",),
)
register(
    "rope-over-pit",
    "A pit trap with a ladder ahead; you hold a Rope card.",
    ("PH-4-ROPE", "PH-4-OPTIONAL"),
    2,
    {**MOVE, "positions": {0: "A3"}, "hands": {0: "RO CR CR JU JU LA LA"}, "roll": 2},
    ("forward", "play rope"),
)
register(
    "ladder-pit-ahead",
    "A pit trap with a ladder ahead and no Rope: down you go.",
    ("PH-3-LADDER-DOWN",),
    2,
    {**MOVE, "positions": {0: "A3"}, "hands": {0: "CR CR JU JU LA LA FI"}, "roll": 4},
    ("forward",),
)
register(
    "pit-without-ladder",
    "A pit trap without a ladder ahead and no Rope: you fall.",
    ("PH-3-FALL",),
    2,
    {**MOVE, "positions": {0: "A9"}, "hands": {0: "CR CR JU JU LA LA FI"}, "roll": 3},
    ("forward",),
)
register(
    "climb-free",
    "Underground below a pit trap with a ladder: climb for free.",
    ("PH-4-CLIMB",),
    2,
    {**MOVE, "positions": {0: "U14"}, "hands": {0: "CR CR JU JU RO RO FI"}, "roll": 2},
    ("forward", "climb"),
)
register(
    "climb-with-ladder",
    "Underground below a pit trap without a ladder, with a Ladder card.",
    ("PH-4-LADDER",),
    2,
    {**MOVE, "positions": {0: "U10"}, "hands": {0: "LA CR CR JU JU RO FI"}, "roll": 2},
    ("forward", "climb"),
)
register(
    "treasure-cobra",
    "A cobra ahead and a Cobra card: take a treasure token.",
    ("PH-4-TREASURE", "PH-5-TAKE", "PH-5-KEEP"),
    2,
    {
        **MOVE,
        "positions": {0: "A7"},
        "hands": {0: "CO JU CR CR RO RO LA"},
        "roll": 2,
        "next_tokens": "gold",
    },
    ("forward", "play cobra"),
)
register(
    "treasure-duplicate",
    "You draw a gold bar you already have; two opponents lack "
    "one: you choose who gets it.",
    ("PH-5-GIVE",),
    3,
    {
        **MOVE,
        "positions": {0: "A7"},
        "hands": {0: "CO JU CR CR RO RO LA"},
        "roll": 2,
        "treasure": {0: "gold"},
        "next_tokens": "gold",
    },
    ("forward", "play cobra", "give 2"),
)
register(
    "treasure-extra",
    "Everyone already has a gold bar, and you draw another.",
    ("PH-5-EXTRA",),
    2,
    {
        **MOVE,
        "positions": {0: "A7"},
        "hands": {0: "CO JU CR CR RO RO LA"},
        "roll": 2,
        "treasure": {0: "gold", 1: "gold"},
        "next_tokens": "gold",
    },
    ("forward", "play cobra"),
)
register(
    "no-tokens-left",
    "Every treasure token is taken: a Cobra card cannot be played.",
    ("PH-4-TREASURE",),
    2,
    {
        **MOVE,
        "positions": {0: "A7"},
        "hands": {0: "CO JU CR CR RO RO LA"},
        "roll": 2,
        "treasure": {
            0: "gold gold gold gold gold silver silver",
            1: "silver silver silver money money money money money",
        },
    },
    ("forward",),
)
register(
    "back-to-treasure",
    "You passed the fire without treasure: go back for it.",
    ("PH-5-BACK",),
    2,
    {
        **MOVE,
        "positions": {0: "A20"},
        "hands": {0: "FI CR CR JU RO RO LA"},
        "roll": 2,
        "next_tokens": "silver",
    },
    ("backward", "play fire"),
)
register(
    "scorpion-ahead",
    "The scorpion blocks the tunnel ahead; no Scorpion card.",
    ("PH-6-BLOCK", "PH-4-SCORPION-PASS"),
    2,
    {**MOVE, "positions": {0: "U20"}, "hands": {0: "CR CR JU JU RO RO FI"}, "roll": 3},
    ("forward",),
)
register(
    "scorpion-pass",
    "The scorpion blocks the tunnel ahead; you hold a Scorpion card.",
    ("PH-4-SCORPION-PASS",),
    2,
    {**MOVE, "positions": {0: "U20"}, "hands": {0: "SC CR JU JU RO RO FI"}, "roll": 3},
    ("forward", "play scorpion"),
)
register(
    "scorpion-move",
    "Before your turn, play a Scorpion card onto an opponent.",
    ("PH-T-SCORPION-FIRST", "PH-6-MOVE", "PH-6-HIT"),
    2,
    {"positions": {0: "U12", 1: "U24"}, "hands": {0: "SC CR JU JU RO RO LA"}},
    ("play scorpion", "scorpion U24", "roll"),
)
register(
    "scorpion-below",
    "A pit trap ahead with the scorpion right below it.",
    ("PH-4-SCORPION-BELOW",),
    2,
    {
        **MOVE,
        "positions": {0: "A3"},
        "hands": {0: "CR CR JU JU LA LA FI"},
        "roll": 3,
        "scorpion": "U4",
    },
    ("forward",),
)
register(
    "diamond-run",
    "All three treasures and the diamond within reach.",
    ("PH-7-DIAMOND", "PH-WIN", "PH-5-NEED"),
    2,
    {
        **MOVE,
        "positions": {0: "A44"},
        "hands": {0: "CR CR JU JU RO RO LA"},
        "roll": 5,
        "treasure": {0: "gold silver money"},
    },
    ("forward",),
)
register(
    "diamond-without-treasure",
    "The diamond within reach but no money bag yet.",
    ("PH-7-DIAMOND", "PH-5-NEED"),
    2,
    {
        **MOVE,
        "positions": {0: "A44"},
        "hands": {0: "CR CR JU JU RO RO LA"},
        "roll": 5,
        "treasure": {0: "gold silver"},
    },
    ("forward",),
)
register(
    "wall-ahead",
    "A stone wall two steps ahead underground.",
    ("PH-B-WALLS",),
    2,
    {**MOVE, "positions": {0: "U5"}, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 4},
    ("forward",),
)
register(
    "riverboat-back",
    "On the riverboat with a roll: backward is barred at the first step, so only "
    "forward may be chosen.",
    ("PH-T-STUCK", "PH-B-ENDS"),
    2,
    {**MOVE, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 1},
    ("forward",),
)
register(
    "scorpion-first-step",
    "The scorpion is the first step forward and you hold no Scorpion card: you must "
    "go backward.",
    ("PH-T-STUCK", "PH-6-BLOCK"),
    2,
    {
        **MOVE,
        "positions": {0: "U9"},
        "scorpion": "U10",
        "hands": {0: "CR CR JU JU RO RO FI"},
        "roll": 2,
    },
    ("backward",),
)
register(
    "stuck-both-ways",
    "A stone wall behind, the scorpion ahead, no Scorpion card: the pawn stays put.",
    ("PH-T-STUCK", "PH-B-WALLS"),
    2,
    {
        **MOVE,
        "positions": {0: "U8"},
        "scorpion": "U9",
        "hands": {0: "CR CR JU JU RO RO FI"},
        "roll": 3,
    },
    ("forward",),
)
register(
    "figure-2",
    "The rulebook's Figure 2: a 5 passes the cobra with a Cobra card (a token), two "
    "plain spaces, the log with a Jump card, and one more space.",
    ("PH-4-TREASURE", "PH-4-JUMP", "PH-5-TAKE", "PH-2A-MOVE"),
    2,
    {
        **MOVE,
        "positions": {0: "A29"},
        "hands": {0: "CO JU CR CR RO RO LA"},
        "next_tokens": "gold",
        "roll": 5,
    },
    ("forward", "play cobra", "play jump"),
)
register(
    "tunnel-end",
    "Near the end of the underground path.",
    ("PH-B-ENDS",),
    2,
    {**MOVE, "positions": {0: "U44"}, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 3},
    ("forward",),
)
register(
    "draw-pile-low",
    "Two cards left in the draw pile: an exchange needs a reshuffle.",
    ("PH-8-RESHUFFLE", "PH-2B-DISCARD"),
    2,
    {"hands": {0: "LA LA LA LA CR JU RO"}, "deck_size": 2},
    ("discard LA LA LA LA",),
)
register(
    "exchange",
    "The start of a turn: roll, or exchange four cards.",
    ("PH-T-CHOICE", "PH-2B-DISCARD", "PH-2B-SWAP"),
    3,
    {"hands": {0: "LA LA SC CO FI CR JU", 1: "RO RO RO RO JU JU JU"}},
    ("swap 1 LA LA CO FI",),
)
