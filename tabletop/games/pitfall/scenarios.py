"""Ready-made Pitfall situations, built from a small readable description.

``build_state(game, **description)`` makes a validated state (``Pitfall.position``
and ``Match.from_position`` use it); ``scenario(name)`` returns one of the named
situations kept in ``BOOK``, a ``tabletop.core.ScenarioBook`` (used by the tests and
the tutorials), registered at the end of this module. A description may give:

- ``seed``: shuffles the cards nobody named (default 0).
- ``to_move``: the seat to move (default 0); ``turn``: the turns begun (default 1).
- ``positions``: ``{seat: space}`` (others stay on the riverboat); a space by id or
  readable name.
- ``hands``: ``{seat: "CR RO RO JU LA CO FI"}`` exact hands (codes or kind names);
  seats not named are dealt from the remaining cards.
- ``scorpion``: its space (default the board's start).
- ``treasure``: ``{seat: "gold silver"}`` face-up tokens held.
- ``next_tokens``: facedown tokens to come first, e.g. ``"gold silver"``.
- ``discards``: the discard pile (oldest first); ``deck_top``: cards drawn next, in
  order.
- ``deck_size``: keep only this many cards in the draw pile, the rest discarded.
- ``phase`` (default ``start``) and its details: ``roll``, ``direction``
  (``forward``/``backward``), ``remaining`` (default the roll), ``target``,
  ``token``, ``scorpion_played``, ``no_climb``.
- ``next_roll``: die value(s) forced for the next roll(s).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Rng
from tabletop.core.scenarios import Scenario, ScenarioBook
from tabletop.games.pitfall.cards import CARDS, TOKENS, card_index, hand_vector
from tabletop.games.pitfall.rules import Pitfall
from tabletop.games.pitfall.state import PitfallState

KEYS = frozenset(
    {
        "seed",
        "to_move",
        "turn",
        "positions",
        "hands",
        "scorpion",
        "treasure",
        "next_tokens",
        "discards",
        "deck_top",
        "deck_size",
        "phase",
        "roll",
        "direction",
        "remaining",
        "target",
        "token",
        "scorpion_played",
        "no_climb",
        "next_roll",
    }
)


def build_state(game: Pitfall, **description: Any) -> PitfallState:
    """A state matching ``description`` (see the module docstring).

    Raises:
        ValueError: an unknown key, an impossible card or token count, or a state
            that breaks the game's invariants (each problem named).
    """
    d = description
    unknown = sorted(set(d) - KEYS)
    if unknown:
        raise ValueError(f"unknown scenario key(s): {', '.join(unknown)}")
    board, n = game.board, game.players
    hands, deck, discard, rng = _deal(board, n, d, Rng.from_seed(d.get("seed", 0)))
    treasure, facedown = _tokens(board, n, d)
    state = PitfallState(
        phase=d.get("phase", "start"),
        to_move=d.get("to_move", 0),
        turn=d.get("turn", 1),
        positions=_positions(board, n, d.get("positions", {})),
        hands=hands,
        deck=deck,
        discards=discard,
        treasure=treasure,
        facedown=facedown,
        diamond=-1,
        scorpion=d.get("scorpion", board.scorpion_start),
        scorpion_played=d.get("scorpion_played", False),
        roll=d.get("roll", 0),
        direction={"forward": 1, "backward": -1}.get(d.get("direction"), 0),
        remaining=d.get("remaining", d.get("roll", 0)),
        target=d.get("target", ""),
        no_climb=d.get("no_climb", ""),
        token=TOKENS.index(d["token"]) if "token" in d else -1,
        rng=_rng(rng, d.get("next_roll")),
    )
    problems = game.invariants(state)
    if problems:
        raise ValueError("the scenario is inconsistent: " + "; ".join(problems))
    return state


def _deal(board, n: int, d: dict, rng: Rng) -> tuple[tuple, tuple, tuple, Rng]:
    """Hands, draw pile and discard pile: named cards where given, the rest
    shuffled with the scenario's seed."""
    pool = list(board.deck)
    named = {int(k): _cards(v) for k, v in d.get("hands", {}).items()}
    discard, top = _cards(d.get("discards", "")), _cards(d.get("deck_top", ""))
    for card in [c for h in named.values() for c in h] + discard + top:
        if pool[card] == 0:
            raise ValueError(f"the scenario names more {CARDS[card]} cards than exist")
        pool[card] -= 1
    shuffled, rng = rng.shuffle([k for k, m in enumerate(pool) for _ in range(m)])
    rest = list(shuffled)
    hands = []
    for seat in range(n):
        cards = named.get(seat)
        if cards is None:
            cards, rest = rest[-board.hand_size :], rest[: -board.hand_size]
        hands.append(hand_vector(cards))
    if "deck_size" in d:
        keep = d["deck_size"] - len(top)
        discard, rest = discard + rest[: len(rest) - keep], rest[len(rest) - keep :]
    deck = tuple(top) + tuple(reversed(rest))  # top first
    return tuple(hands), deck, tuple(discard), rng


def _cards(text: Any) -> list[int]:
    words = text.split() if isinstance(text, str) else list(text)
    try:
        return [card_index(w) for w in words]
    except KeyError as exc:
        raise ValueError(f"unknown card {exc.args[0]!r} in {text!r}") from None


def _positions(board, n: int, given: dict) -> tuple[str, ...]:
    positions = [board.riverboat] * n
    for seat, space in given.items():
        positions[int(seat)] = board.space_id(space) or space
    return tuple(positions)


def _tokens(board, n: int, d: dict) -> tuple[tuple, tuple]:
    left = list(board.tokens)
    treasure = []
    for seat in range(n):
        held = [0, 0, 0]
        for word in d.get("treasure", {}).get(seat, "").split():
            held[TOKENS.index(word)] += 1
            left[TOKENS.index(word)] -= 1
        treasure.append(tuple(held))
    if "token" in d:
        left[TOKENS.index(d["token"])] -= 1
    first = [TOKENS.index(w) for w in d.get("next_tokens", "").split()]
    for k in first:
        left[k] -= 1
    if min(left) < 0:
        raise ValueError("the scenario names more treasure tokens than exist")
    pile = first + [k for k, m in enumerate(left) for _ in range(m)][::-1]
    return tuple(treasure), tuple(pile)


def _rng(rng: Rng, next_roll: Any) -> Rng:
    if next_roll is None:
        return rng
    values = [next_roll] if isinstance(next_roll, int) else list(next_roll)
    return rng.force(*values)


BOOK = ScenarioBook(Pitfall, build_state)
"""The named Pitfall scenarios (registered below)."""


def register(
    name: str,
    summary: str,
    clauses: tuple[str, ...],
    players: int,
    description: dict[str, Any],
    try_actions: tuple[str, ...] = (),
) -> None:
    """Add a named scenario to ``BOOK``."""
    BOOK.register(name, summary, clauses, players, description, try_actions)


def scenario(name: str, **rule_options: Any) -> Scenario:
    """The named scenario, freshly built.

    Raises:
        KeyError: no scenario of that name (the message lists them).
    """
    return BOOK.get(name, **rule_options)


# -- the named scenarios ------------------------------------------------------------
# Board landmarks on the standard board: A2 log, A4 ladder pit, A6 crocodile, A8 cobra,
# A10 pit, A12 swamp, A14 ladder pit, A18 fire, A20 pit, A24 pit, A28 ladder pit, A30
# cobra, A31-A32 plain, A33 log (Figure 2), U7/U17/U27/U38 walls, scorpion start U22,
# A44-A45 the last plain spaces before the diamond A46.
_MOVE = {"phase": "direction"}

register(
    "croc-ahead",
    "A crocodile lies one step ahead and you hold a Crocodile card.",
    ("PH-3-CARD", "PH-4-CROC"),
    2,
    {**_MOVE, "positions": {0: "A5"}, "hands": {0: "CR JU JU RO RO LA LA"}, "roll": 2},
    ("forward", "play croc"),
)
register(
    "croc-no-card",
    "A crocodile lies ahead and you hold no Crocodile card.",
    ("PH-3-CARD",),
    2,
    {**_MOVE, "positions": {0: "A5"}, "hands": {0: "JU JU RO RO LA LA FI"}, "roll": 2},
    ("forward",),
)
register(
    "rope-over-pit",
    "A pit trap with a ladder ahead; you hold a Rope card.",
    ("PH-4-ROPE", "PH-4-OPTIONAL"),
    2,
    {**_MOVE, "positions": {0: "A3"}, "hands": {0: "RO CR CR JU JU LA LA"}, "roll": 2},
    ("forward", "play rope"),
)
register(
    "ladder-pit-ahead",
    "A pit trap with a ladder ahead and no Rope: down you go.",
    ("PH-3-LADDER-DOWN",),
    2,
    {**_MOVE, "positions": {0: "A3"}, "hands": {0: "CR CR JU JU LA LA FI"}, "roll": 4},
    ("forward",),
)
register(
    "pit-without-ladder",
    "A pit trap without a ladder ahead and no Rope: you fall.",
    ("PH-3-FALL",),
    2,
    {**_MOVE, "positions": {0: "A9"}, "hands": {0: "CR CR JU JU LA LA FI"}, "roll": 3},
    ("forward",),
)
register(
    "climb-free",
    "Underground below a pit trap with a ladder: climb for free.",
    ("PH-4-CLIMB",),
    2,
    {**_MOVE, "positions": {0: "U14"}, "hands": {0: "CR CR JU JU RO RO FI"}, "roll": 2},
    ("forward", "climb"),
)
register(
    "climb-with-ladder",
    "Underground below a pit trap without a ladder, with a Ladder card.",
    ("PH-4-LADDER",),
    2,
    {**_MOVE, "positions": {0: "U10"}, "hands": {0: "LA CR CR JU JU RO FI"}, "roll": 2},
    ("forward", "climb"),
)
register(
    "treasure-cobra",
    "A cobra ahead and a Cobra card: take a treasure token.",
    ("PH-4-TREASURE", "PH-5-TAKE", "PH-5-KEEP"),
    2,
    {
        **_MOVE,
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
        **_MOVE,
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
        **_MOVE,
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
        **_MOVE,
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
        **_MOVE,
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
    {**_MOVE, "positions": {0: "U20"}, "hands": {0: "CR CR JU JU RO RO FI"}, "roll": 3},
    ("forward",),
)
register(
    "scorpion-pass",
    "The scorpion blocks the tunnel ahead; you hold a Scorpion card.",
    ("PH-4-SCORPION-PASS",),
    2,
    {**_MOVE, "positions": {0: "U20"}, "hands": {0: "SC CR JU JU RO RO FI"}, "roll": 3},
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
        **_MOVE,
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
        **_MOVE,
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
        **_MOVE,
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
    {**_MOVE, "positions": {0: "U5"}, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 4},
    ("forward",),
)
register(
    "riverboat-back",
    "On the riverboat with a roll: backward is barred at the first step, so only "
    "forward may be chosen.",
    ("PH-T-STUCK", "PH-B-ENDS"),
    2,
    {**_MOVE, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 1},
    ("forward",),
)
register(
    "scorpion-first-step",
    "The scorpion is the first step forward and you hold no Scorpion card: you must "
    "go backward.",
    ("PH-T-STUCK", "PH-6-BLOCK"),
    2,
    {
        **_MOVE,
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
        **_MOVE,
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
        **_MOVE,
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
    {**_MOVE, "positions": {0: "U44"}, "hands": {0: "CR CR JU JU RO RO LA"}, "roll": 3},
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
