"""The clause IDs of the Pitfall Harry rule catalogue, in catalogue order, and which of
them are the project's rulings.

Copied from the clause catalogue (``rules/pitfall.md`` of the project's shared
documents); a test compares them when the catalogue is at hand.
"""

from __future__ import annotations

CLAUSES: tuple[str, ...] = (
    "PH-C-DECK",
    "PH-C-TOKENS",
    "PH-S-PLAYERS",
    "PH-S-START",
    "PH-S-SCORPION",
    "PH-S-TOKENS",
    "PH-S-DEAL",
    "PH-S-FIRST",
    "PH-B-ABOVE",
    "PH-B-BELOW",
    "PH-B-WALLS",
    "PH-B-LAYOUT",
    "PH-T-CHOICE",
    "PH-T-SCORPION-FIRST",
    "PH-T-ROLLED",
    "PH-2A-MOVE",
    "PH-2A-REFILL",
    "PH-2B-DISCARD",
    "PH-2B-SWAP",
    "PH-8-RESHUFFLE",
    "PH-T-STUCK",
    "PH-T-SHARE",
    "PH-3-CARD",
    "PH-4-CROC",
    "PH-4-ROPE",
    "PH-4-JUMP",
    "PH-3-LADDER-DOWN",
    "PH-3-FALL",
    "PH-4-LADDER",
    "PH-4-CLIMB",
    "PH-4-OPTIONAL",
    "PH-4-SCORPION-PASS",
    "PH-4-SCORPION-BELOW",
    "PH-B-ENDS",
    "PH-5-NEED",
    "PH-4-TREASURE",
    "PH-5-TAKE",
    "PH-5-KEEP",
    "PH-5-GIVE",
    "PH-5-EXTRA",
    "PH-5-BACK",
    "PH-6-MOVE",
    "PH-6-BLOCK",
    "PH-6-HIT",
    "PH-7-DIAMOND",
    "PH-WIN",
)

RULINGS: frozenset[str] = frozenset(
    {
        "PH-C-TOKENS",
        "PH-S-SCORPION",
        "PH-S-FIRST",
        "PH-B-BELOW",
        "PH-B-LAYOUT",
        "PH-2A-MOVE",
        "PH-2A-REFILL",
        "PH-T-STUCK",
        "PH-T-SHARE",
        "PH-4-CLIMB",
        "PH-4-OPTIONAL",
        "PH-4-SCORPION-BELOW",
        "PH-B-ENDS",
        "PH-4-TREASURE",
        "PH-6-MOVE",
        "PH-6-HIT",
        "PH-7-DIAMOND",
    }
)
