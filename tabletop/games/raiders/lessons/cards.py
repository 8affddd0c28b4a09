"""The Raiders of the Lost Ark tutorial, second part: cards, hostages, the deck and
winning."""

from __future__ import annotations

from functools import partial

from tabletop.games.raiders.lessons.travel import deck_without, holds, player
from tabletop.learn.lesson import Fact, Lesson

L = partial(Lesson, "raiders")

LESSONS: tuple[Lesson, ...] = (
    L(
        "Cards: play one, keep the key cards",
        ("RA-K-PLAY", "RA-K-KEY", "RA-K-AMBUSH"),
        """
To play a card you show it, discard it and do what it says. The Ark, Staff of Ra and
Map Room cards are kept in hand and can never be played. An **Ambush** takes a card
at random from the opponent of your choice.

Player 0 plays their Ambush on player 1 (safe in PERU, but not from an Ambush).
""",
        rulings=(
            (
                "RA-K-AMBUSH",
                "the rulebook names no limit, so any opponent with cards "
                "may be ambushed wherever they stand, in a country too.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [player("USA", "", "ambush", "ark"), player("PERU", "", "map")],
        },
        tries=("ambush 1",),
        why_not=((0, "play ark", "RA-K-KEY"), (0, "ambush 0", "RA-K-AMBUSH")),
        events=("RA-K-AMBUSH",),
        facts=(Fact("player 0 now holds the Ark and the Map Room", holds(0, 2)),),
    ),
    L(
        "Country cards: fly anywhere free",
        ("RA-K-COUNTRY",),
        """
A **Country** card flies you to any unoccupied country, with no Passport; you draw a
card there, as for any unoccupied country you reach. Players on paths are not
affected. The card discarded is the destination's own card if you hold it, else your
first Country card in map order.

Player 0 holds Country (ISLAND) and flies to EGYPT. CHINA is occupied.
""",
        rulings=(
            (
                "RA-K-COUNTRY",
                "the rulebook says any country, so the country printed "
                "on the card does not restrict the destination; the rule option "
                "country_cards_restricted plays it the other way.",
            ),
        ),
        players=3,
        describe={
            "ark": "NEPAL",
            "players": [
                player("USA", "", "country:ISLAND", "ark"),
                player("CHINA"),
                player("PERU"),
            ],
        },
        tries=("country EGYPT",),
        why_not=((0, "country CHINA", "RA-K-COUNTRY"),),
        events=("RA-K-COUNTRY",),
        at={0: "EGYPT"},
    ),
    L(
        "Air Passage: a double roll",
        ("RA-K-AIR", "RA-E-EMPTY"),
        """
Play an **Air Passage** before rolling: the roll counts double. Playing it and rolling
together make your turn. It was player 0's last card, so they miss their next turn
and draw a card on it.

Player 0 on S46 plays the Air Passage and rolls a 2 (4 steps, to X7); player 1 rolls
a 1; player 0's turn is skipped with a draw.
""",
        rulings=(
            (
                "RA-K-AIR",
                "the rulebook says to play it before rolling; the project "
                "makes the card and the roll one action, so a player cannot play it "
                "and then do something else.",
            ),
            (
                "RA-E-EMPTY",
                "what counts is the moment the hand becomes empty; a card "
                "gained later in the same turn does not cancel the missed turn, and "
                "the draw on the missed turn comes in addition.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [
                player("S46", "ENGLAND", "air"),
                player("S17", "USA", "passport"),
            ],
            "next_roll": [2, 1],
        },
        tries=("air", "1: roll"),
        events=("RA-K-AIR", "RA-E-EMPTY"),
        at={0: "X7"},
        facts=(Fact("player 0 drew one card on the missed turn", holds(0, 1)),),
    ),
    L(
        "Hostages",
        ("RA-K-HOSTAGE", "RA-K-HOSTAGE-TWICE"),
        """
A **Hostage** card moves an opponent to any unoccupied space or country; they miss
their next turn and no instruction affects them there. Nobody may be taken hostage
on two turns in a row.

Player 2 was just taken hostage. Player 0 takes player 1 to S8 instead.
""",
        rulings=(
            (
                "RA-K-HOSTAGE-TWICE",
                "two turns in a row is read as: until the hostage "
                "has had a turn that was not skipped, so nobody can be held forever.",
            ),
            (
                "RA-K-HOSTAGE",
                "a token put into a country by another player (as a "
                "hostage, or sent there) draws no card there.",
            ),
        ),
        scenario="hostage",
        why_not=((0, "hostage 2 S8", "RA-K-HOSTAGE-TWICE"),),
        events=("RA-K-HOSTAGE", "RA-T-SKIP"),
        at={1: "S8"},
    ),
    L(
        "An empty deck",
        ("RA-K-RESHUFFLE",),
        """
Cards are always drawn from the top of the deck; when it is used up, the discards are
shuffled into a new deck.

The deck is empty and every other card lies in the discards. Player 0 rolls a 1 to
MEXICO and draws.
""",
        describe={
            "ark": "NEPAL",
            "players": [player("S18", "S17"), player("PERU", "", "passport")],
            "discards": deck_without("ambush", "passport"),
            "next_roll": 1,
        },
        tries=("roll",),
        events=("RA-K-RESHUFFLE", "RA-M-COUNTRY-CARD"),
        at={0: "MEXICO"},
    ),
    L(
        "Winning",
        ("RA-W-WIN",),
        """
Hold the Ark, a Staff of Ra and a Map Room card and reach the Ark's country: you win
and the game is over. Passing through wins, even when another player stands there
(a roll may still not end on an occupied country); so does ending your turn there
with the three cards, for example after an Ambush.

Player 0 holds all three and is one step from EGYPT, where the Ark lies; any roll
goes through EGYPT.
""",
        rulings=(
            (
                "RA-W-WIN",
                "reaching means entering the country during a move (by die "
                "or Country card, passing through counts) or ending a turn there with "
                "the three cards; otherwise an exact count would be needed, which the "
                "rulebook never asks for.",
            ),
        ),
        scenario="race-to-ark",
        why_not=((1, "roll", "TT-OVER"),),
        events=("RA-W-WIN",),
        at={0: "EGYPT"},
        facts=(
            Fact(
                "player 0 has won",
                lambda g, b, a: g.outcome(a) is not None and g.outcome(a).winner == 0,
            ),
        ),
    ),
)
