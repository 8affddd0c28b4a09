"""Ready-made Pitfall situations, built from a small readable description.

``build_state(game, **description)`` makes a validated state (``Pitfall.position``
and ``Match.from_position`` use it); ``scenario(name)`` returns one of the named
situations kept in ``BOOK``, a ``tabletop.core.ScenarioBook`` (used by the tests and
the tutorials); ``scenario_list.py`` registers them. A description may give:

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
"""The named Pitfall scenarios (filled by ``scenario_list.py``)."""


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


from tabletop.games.pitfall import scenario_list  # noqa: E402,F401  (fills BOOK)
