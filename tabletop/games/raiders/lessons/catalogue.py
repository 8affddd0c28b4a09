"""The clause IDs of the Raiders of the Lost Ark rule catalogue, in catalogue order,
and which of them are the project's rulings.

Copied from the clause catalogue (``rules/raiders.md`` of the project's shared
documents); a test compares them when the catalogue is at hand.
"""

from __future__ import annotations

CLAUSES: tuple[str, ...] = (
    "RA-C-DECK",
    "RA-C-COUNTRIES",
    "RA-S-PLAYERS",
    "RA-S-PLACE",
    "RA-S-ARK",
    "RA-S-DEAL",
    "RA-S-HIDDEN",
    "RA-S-FIRST",
    "RA-B-MAP",
    "RA-B-WRAP",
    "RA-B-INSTRUCTIONS",
    "RA-B-CHECKPOINTS",
    "RA-T-CHOICE",
    "RA-T-SKIP",
    "RA-M-ROLL",
    "RA-M-DIRECTION",
    "RA-M-UNOCCUPIED",
    "RA-M-FORWARD",
    "RA-M-OCCUPIED",
    "RA-M-INSTRUCTION",
    "RA-M-COUNTRY-CARD",
    "RA-M-PASS-PLAYER",
    "RA-M-SAFE",
    "RA-M-LAND-PLAYER",
    "RA-M-CHECKPOINT",
    "RA-M-CHECKPOINT-LAND",
    "RA-K-PLAY",
    "RA-K-KEY",
    "RA-K-COUNTRY",
    "RA-K-AIR",
    "RA-K-PASSPORT",
    "RA-K-AMBUSH",
    "RA-K-HOSTAGE",
    "RA-K-HOSTAGE-TWICE",
    "RA-K-RESHUFFLE",
    "RA-E-EMPTY",
    "RA-E-WAYS",
    "RA-W-WIN",
)

RULINGS: frozenset[str] = frozenset(
    {
        "RA-C-COUNTRIES",
        "RA-S-PLACE",
        "RA-S-FIRST",
        "RA-B-MAP",
        "RA-B-INSTRUCTIONS",
        "RA-T-SKIP",
        "RA-M-DIRECTION",
        "RA-M-COUNTRY-CARD",
        "RA-M-OCCUPIED",
        "RA-M-INSTRUCTION",
        "RA-M-PASS-PLAYER",
        "RA-M-CHECKPOINT-LAND",
        "RA-K-COUNTRY",
        "RA-K-AIR",
        "RA-K-AMBUSH",
        "RA-K-HOSTAGE",
        "RA-K-HOSTAGE-TWICE",
        "RA-E-EMPTY",
        "RA-W-WIN",
    }
)
