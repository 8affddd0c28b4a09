"""The Raiders of the Lost Ark tutorial, first part: setup, the map, turns and
travel by die.

Each lesson starts from an engine scenario (``tabletop.games.raiders.scenarios``), a
description built with its ``build_state``, or a fresh seeded game; it suggests what
to try and states what happens, and ``Lesson.problems`` checks it on the engine.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from tabletop.learn.lesson import Fact, Lesson

L = partial(Lesson, "raiders")


def player(at: str, came: str = "", *cards: str, **more: Any) -> dict[str, Any]:
    """One player of a description: place, where they came from, hand, extras."""
    return {"at": at, "from": came, "hand": list(cards) or ["ambush"], **more}


def deck_without(*cards: str) -> list[str]:
    """Every card of the deck except ``cards``: a discard pile that empties the deck."""
    from tabletop.games.raiders import Raiders
    from tabletop.games.raiders.cards import full_deck

    rest = Counter(full_deck(Raiders(players=2).board.countries))
    rest.subtract(cards)
    return sorted(rest.elements())


def _deal_facts(g: Any, before: Any, after: Any) -> bool:
    countries = g.board.countries
    cards = Counter(c for c in deck_without() if c.startswith("country:"))
    return (
        len(countries) == 9
        and all(cards[f"country:{c}"] == 2 for c in countries)
        and len(deck_without()) == 56
        and all(len(h) == 6 for h in after.hands)
        and len(after.deck) == 56 - 6 * g.players
    )


def _hidden(g: Any, before: Any, after: Any) -> bool:
    seen = g.view(after, 1)
    return seen.hands[1] == after.hands[1] and seen.hands[0] != after.hands[0]


def _too_many_players(g: Any, before: Any, after: Any) -> bool:
    try:
        type(g)(players=7)
    except ValueError:
        return True
    return False


def _map_facts(g: Any, before: Any, after: Any) -> bool:
    b = g.board
    wraps = [p for p in b.paths.values() if p.wrap]
    return len(b.countries) == 9 and len(b.intersections) == 9 and len(wraps) == 3


def holds(seat: int, n: int) -> Any:
    return lambda g, before, after: len(after.hands[seat]) == n


def _skips(seat: int, n: int) -> Any:
    return lambda g, before, after: after.skips[seat] == n


def _unchanged_hand(seat: int) -> Any:
    return lambda g, before, after: before.hands[seat] == after.hands[seat]


LESSONS: tuple[Lesson, ...] = (
    L(
        "The race for the Ark and the setup",
        (
            "RA-C-DECK",
            "RA-C-COUNTRIES",
            "RA-S-PLAYERS",
            "RA-S-PLACE",
            "RA-S-ARK",
            "RA-S-DEAL",
            "RA-S-HIDDEN",
            "RA-S-FIRST",
        ),
        """
Two to six players race around a world map for the **Ark**, a **Staff of Ra** and a
**Map Room** card, then to the country where the Ark lies. The 56-card deck holds
1 Ark, 2 Staff of Ra, 3 Map Room, 4 Hostage, 4 Air Passage, 8 Passport, 16 Ambush and
18 Country cards (two for each of the nine countries). Each player puts their token
on a country, one per country. Then cards are turned up until a Country card shows
where the Ark is, for the whole game; the deck is reshuffled and everyone gets six
cards, which nobody else sees. The highest roll starts.

Three players (seed 7) place their tokens: NEPAL, PERU, then USA. Player 2 cannot
take NEPAL too. Players 0 and 1 tie on the first roll and roll again; player 1
wins the roll-off and starts.
""",
        rulings=(
            (
                "RA-C-COUNTRIES",
                "the board is lost; nine countries with two cards each "
                "fits the 18 Country cards. PERU, AFRICA and an ISLAND are named in "
                "the rulebook; USA, MEXICO, ENGLAND, EGYPT, NEPAL and CHINA come from "
                "the film. The board file holds them.",
            ),
            (
                "RA-S-PLACE",
                "the rulebook does not say who places first; seat order "
                "is simple and matches the order of play.",
            ),
            (
                "RA-S-FIRST",
                "the rulebook does not break ties; the tied players roll again.",
            ),
        ),
        players=3,
        deal=7,
        tries=("place NEPAL", "place PERU", "place USA"),
        why_not=((2, "place NEPAL", "RA-S-PLACE"),),
        events=("RA-S-PLACE", "RA-S-ARK", "RA-S-DEAL", "RA-S-FIRST"),
        said=("a tie: players 0, 1 rolled again", "player 1 went first"),
        at={0: "NEPAL", 1: "PERU", 2: "USA"},
        facts=(
            Fact(
                "56 cards, two Country cards for each of the 9 countries, 6 cards "
                "dealt to each player",
                _deal_facts,
            ),
            Fact("player 1's view hides player 0's hand", _hidden),
            Fact("a seventh player is refused", _too_many_players),
        ),
    ),
    L(
        "The map: countries, paths and the edges",
        ("RA-B-MAP", "RA-B-WRAP", "RA-B-CHECKPOINTS"),
        """
Countries are joined by paths of spaces; paths meet at intersections (X1 to X9). The
map is a globe: three paths leave one edge and come back at the other. Some spaces
are **checkpoints** with a red arrow along the path.

Player 0 is on S66, on the Pacific path from X6, and rolls a 4: the token crosses
the edge to S67 and goes on to X5. S67 is a checkpoint whose arrow points back the
way the token came, so crossing it against the arrow costs nothing.
""",
        rulings=(
            (
                "RA-B-MAP",
                "the board is lost; the project's reconstruction (9 "
                "countries, 9 intersections, 30 paths, checkpoints and instruction "
                "spaces) lives in the board file with drawing coordinates.",
            ),
        ),
        scenario="wrap",
        events=("RA-M-ROLL",),
        at={0: "X5"},
        facts=(
            Fact(
                "the map has 9 countries, 9 intersections and 3 paths across the edge",
                _map_facts,
            ),
        ),
    ),
    L(
        "Your turn: roll, or play a card",
        ("RA-T-CHOICE", "RA-M-ROLL", "RA-M-DIRECTION", "RA-M-FORWARD"),
        """
On your turn you either roll and travel exactly the number rolled, or play one card
(playing it is your whole turn). You may start in any direction, but once on a path
you keep going the same way until you reach a country or an intersection. At an
intersection (or an occupied country) you may take any path except back the way you
came.

Player 0 is on S3, coming from S2, and rolls a 3: the first step reaches X1, where
the token may go on to S4 or S6 but not back to S3. Take S6.
""",
        rulings=(
            (
                "RA-M-DIRECTION",
                "the rulebook's direction rule would let a token turn "
                "around between turns; the project remembers the way a token travels "
                "on a path across turns, except for a token put on a path by another "
                "player (landed on or taken hostage), which may go either way.",
            ),
        ),
        scenario="intersection",
        why_not=((1, "to S3", "RA-M-FORWARD"),),
        events=("RA-M-ROLL",),
        at={0: "S7"},
    ),
    L(
        "Countries: drawing a card and turning back",
        ("RA-M-COUNTRY-CARD", "RA-M-UNOCCUPIED", "RA-E-WAYS"),
        """
Each time you pass through or land on an **unoccupied** country you draw the top card
of the deck. At an unoccupied country you may leave by any path, even back the way
you came. Cards come only this way, by ambushing, by passing a player on a path, and
when your hand runs empty.

Player 0 on S17 (coming from USA) rolls a 3: S18, MEXICO (draw a card), and with one
step left turns back to S18.
""",
        rulings=(
            (
                "RA-M-COUNTRY-CARD",
                "the country a move starts on does not count: "
                "otherwise standing still in a country and rolling would pay a card "
                "for leaving it.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [player("S17", "USA"), player("PERU")],
            "next_roll": 3,
        },
        tries=("roll", "to S18"),
        events=("RA-M-COUNTRY-CARD",),
        at={0: "S18"},
        facts=(Fact("player 0 holds two cards now", holds(0, 2)),),
    ),
    L(
        "Occupied countries",
        ("RA-M-OCCUPIED",),
        """
You may not end your move on a country where another player stands. If the roll would
land you there, you do not move and your turn is over. Passing through is allowed,
but you draw no card there and must go on without turning back. (The engine offers no
way whose every continuation ends on an occupied country; when no way avoids one,
the token stays.)

Player 0 on S18 rolls a 1; MEXICO, one step ahead, holds player 1.
""",
        rulings=(
            (
                "RA-M-OCCUPIED",
                "a move is made step by step, so a checkpoint that "
                "stops the token earlier stops it there; only a move that would really "
                "end on the occupied country is not made.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [player("S18", "S17"), player("MEXICO")],
            "next_roll": 1,
        },
        tries=("roll",),
        events=("RA-M-OCCUPIED",),
        at={0: "S18"},
    ),
    L(
        "Safe in a country",
        ("RA-M-SAFE", "RA-M-FORWARD"),
        """
Players in countries are safe: nobody passing through takes their cards, lands on
them or moves them.

Player 0 on S18 rolls a 2 through MEXICO, where player 1 stands. In the occupied
country the token must go on (S19 or S78), not back to S18. Take S19: player 1 keeps
every card.
""",
        describe={
            "ark": "NEPAL",
            "players": [player("S18", "S17"), player("MEXICO", "", "passport")],
            "next_roll": 2,
        },
        tries=("roll", "to S19"),
        why_not=((1, "to S18", "RA-M-FORWARD"),),
        at={0: "S19"},
        facts=(Fact("player 1 keeps their Passport", _unchanged_hand(1)),),
    ),
    L(
        "Passing a player on a path",
        ("RA-M-PASS-PLAYER", "RA-E-EMPTY"),
        """
Passing another player who stands on a path space or an intersection, you take a
card at random from their hand. A player who loses or plays their last card misses
their next turn and on it draws a card.

Player 0 on S17 rolls a 2 past player 1 on S18, who holds a single Passport.
""",
        rulings=(
            (
                "RA-M-PASS-PLAYER",
                "a token can pass the same player twice in one move "
                "(around a loop); it takes a card once per player per move, so one "
                "roll cannot strip a hand.",
            ),
        ),
        scenario="pass-player",
        events=("RA-M-PASS-PLAYER", "RA-E-EMPTY"),
        at={0: "MEXICO"},
        facts=(Fact("player 1 drew a card on the missed turn", holds(1, 1)),),
    ),
    L(
        "Landing on a player",
        ("RA-M-LAND-PLAYER",),
        """
Landing by exact count on a path space where another player stands, you may move
their token to any unoccupied space or country; no instruction there affects them.

Player 0 on S17 rolls a 1 onto player 1. Send them to S8, an instruction space that
would cost a turn: it does not touch them.
""",
        scenario="land-on-player",
        events=("RA-M-LAND-PLAYER",),
        at={1: "S8"},
        facts=(Fact("player 1 misses no turn", _skips(1, 0)),),
    ),
    L(
        "Instruction spaces",
        ("RA-M-INSTRUCTION", "RA-B-INSTRUCTIONS"),
        """
Some path spaces carry instructions; landing on one by exact count, you do what it
says. Passing over it does nothing.

Player 0 on S1 rolls a 1 onto S2: *a friendly guide shares a clue: draw a card*.
""",
        rulings=(
            (
                "RA-B-INSTRUCTIONS",
                "the printed texts are lost; the board file holds "
                "fifteen invented ones with five effects (lose your next turn, draw a "
                "card, discard a card at random, move back 2 spaces, roll again).",
            ),
            (
                "RA-M-INSTRUCTION",
                "a space does exactly what its text says; moving "
                "back retraces the way the token came, is not travel (no card drawn, "
                "no checkpoint paid, no instruction) and stops before an occupied "
                "country.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [player("S1", "USA"), player("PERU")],
            "next_roll": 1,
        },
        tries=("roll",),
        events=("RA-M-INSTRUCTION",),
        at={0: "S2"},
        facts=(Fact("player 0 holds two cards", holds(0, 2)),),
    ),
    L(
        "Checkpoints",
        ("RA-M-CHECKPOINT", "RA-K-PASSPORT"),
        """
Moving past a checkpoint in its arrow's direction you must discard a **Passport** to
go on; without one you stop on the checkpoint and lose your next turn (that settles
it: afterwards you leave freely). Against the arrow you pass free.

Player 0 on S22 walks toward EGYPT with no Passport and rolls a 3; S23 is a
checkpoint pointing toward EGYPT.
""",
        scenario="checkpoint",
        events=("RA-M-CHECKPOINT",),
        at={0: "S23"},
        facts=(Fact("player 0 will miss a turn", _skips(0, 1)),),
    ),
    L(
        "Landing on a checkpoint",
        ("RA-M-CHECKPOINT-LAND", "RA-K-PASSPORT"),
        """
Landing exactly on a checkpoint while moving in its arrow's direction, at the start
of your next turn you discard a Passport or lose that turn.

Player 0 stands on checkpoint S23 owing a Passport. Show it, then play on.
""",
        rulings=(
            (
                "RA-M-CHECKPOINT-LAND",
                "the rulebook does not say whether the Passport "
                "must be shown; the player chooses (*passport* or *skip*), since "
                "keeping a Passport for later can be worth a turn.",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "phase": "customs",
            "players": [
                player("S23", "S22", "passport", "air", owes=True),
                player("PERU"),
            ],
        },
        tries=("passport",),
        why_not=((0, "roll", "TT-PHASE"),),
        events=("RA-M-CHECKPOINT-LAND",),
        facts=(Fact("player 0 keeps just the Air Passage", holds(0, 1)),),
    ),
    L(
        "Missing turns",
        ("RA-T-SKIP",),
        """
A player who must miss a turn does nothing on it, except what a rule says (an empty
hand draws a card).

Player 1 must miss two turns. Player 0 rolls a 1 to MEXICO; player 1's turn is
skipped and player 0 plays again.
""",
        rulings=(
            (
                "RA-T-SKIP",
                "the rulebook does not say whether missed turns add up; "
                "they do, one skipped turn for each (a hostage who also stopped at a "
                "checkpoint misses two).",
            ),
        ),
        describe={
            "ark": "NEPAL",
            "players": [player("S18", "S17"), player("PERU", skips=2)],
            "next_roll": 1,
        },
        tries=("roll",),
        events=("RA-T-SKIP",),
        facts=(Fact("player 1 still has one turn to miss", _skips(1, 1)),),
    ),
)
