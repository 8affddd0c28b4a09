"""Raiders states as JSON, and the invariants every state must keep.

The JSON form lists every field of ``RaidersState`` by name; reading it back checks
types and the game's invariants and names the first problems found. ``invariants``
is also what positions and edits are checked against.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tabletop.core import HIDDEN, Rng
from tabletop.games.raiders.cards import full_deck
from tabletop.games.raiders.state import FIELD_NAMES, PER_PLAYER, PHASES, RaidersState

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders


def to_json(s: RaidersState) -> dict[str, Any]:
    """Every field by name, tuples as lists."""
    data: dict[str, Any] = {}
    for name in FIELD_NAMES:
        value = getattr(s, name)
        if name == "rng":
            data[name] = value.to_json()
        elif name == "hands":
            data[name] = [list(h) for h in value]
        elif isinstance(value, tuple):
            data[name] = list(value)
        else:
            data[name] = value
    return data


def from_json(game: Raiders, data: Any) -> RaidersState:
    """The state ``to_json`` wrote, checked.

    Raises:
        ValueError: naming the missing, unknown or ill-typed field or the broken
            invariant.
    """
    if not isinstance(data, dict):
        raise ValueError("a Raiders state must be a JSON object")
    missing = [n for n in FIELD_NAMES if n not in data]
    extra = [n for n in data if n not in FIELD_NAMES]
    if missing or extra:
        raise ValueError(f"Raiders state fields: missing {missing}, unknown {extra}")
    values: dict[str, Any] = {}
    for name in FIELD_NAMES:
        values[name] = _read_field(name, data[name])
    state = RaidersState(**values)
    problems = invariants(game, state)
    if problems:
        raise ValueError("Raiders state is inconsistent: " + "; ".join(problems[:5]))
    return state


def _read_field(name: str, value: Any) -> Any:
    def bad() -> ValueError:
        return ValueError(f"Raiders state field '{name}' has a bad value {value!r}")

    def items(values: Any, kind: type) -> tuple:
        if not isinstance(values, list) or not all(
            isinstance(x, kind) and (kind is bool or not isinstance(x, bool))
            for x in values
        ):
            raise bad()
        return tuple(values)

    if name == "rng":
        return Rng.from_json(value)
    if name in ("phase", "ark", "route_prev"):
        if not isinstance(value, str):
            raise bad()
        return value
    if name in ("to_move", "steps", "winner", "turn"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad()
        return value
    if name == "hands":
        if not isinstance(value, list):
            raise bad()
        return tuple(items(h, str) for h in value)
    if name in ("hostage", "owes", "emptied"):
        return items(value, bool)
    if name in ("skips", "passed", "landed"):
        return items(value, int)
    return items(value, str)


def invariants(game: Raiders, s: RaidersState) -> list[str]:
    """What is wrong with a state (empty when it is consistent)."""
    out: list[str] = []
    n = game.players
    for name in PER_PLAYER:
        if len(getattr(s, name)) != n:
            out.append(f"{name} must have {n} entries")
    if out:
        return out
    if s.phase not in PHASES:
        out.append(f"unknown phase {s.phase!r}")
    if not 0 <= s.to_move < n:
        out.append(f"player {s.to_move} is not a seat")
        return out
    _check_places(game, s, out)
    _check_cards(game, s, out)
    if any(k < 0 for k in s.skips):
        out.append("a missed-turn count is negative")
    if s.phase == "move" and (s.steps < 1 or not s.route):
        out.append("a move in progress needs steps left and a route")
    if s.phase in ("place", "turn", "customs") and (
        s.steps or s.route or s.route_prev or s.ways
    ):
        out.append("no move is in progress, so steps and route must be empty")
    # the ways depend on the mover's hand: a view that hides it hides them too
    unseen_mover = s.phase == "move" and HIDDEN in s.hands[s.to_move]
    if unseen_mover:
        if s.ways:
            out.append("a view that hides the mover's hand shows no ways open")
    elif s.phase == "move" and not s.ways:
        out.append("a move waiting for a choice needs a way open")
    elif s.phase == "move" and s.route and s.ways != _open_ways(game, s):
        out.append(
            f"the ways open to the mover are {list(_open_ways(game, s))}, not "
            f"{list(s.ways)}"
        )
    if s.phase == "land" and not s.landed:
        out.append("the land phase needs a player landed on")
    if s.phase == "customs" and not s.owes[s.to_move]:
        out.append("the customs phase needs a Passport debt")
    if s.phase in ("turn", "customs") and _must_miss(s, s.to_move):
        out.append(
            f"player {s.to_move} ran out of cards and must miss this turn drawing a "
            "card (RA-E-EMPTY), so cannot be the player to move"
        )
    if s.phase == "turn" and s.hostage[s.to_move]:
        out.append(
            f"player {s.to_move} was just taken hostage and misses this turn "
            "(RA-K-HOSTAGE), so cannot be the player to move"
        )
    if not -1 <= s.winner < n or (s.winner >= 0 and s.phase != "over"):
        out.append(f"bad winner {s.winner}")
    if any(not 0 <= q < n for q in (*s.passed, *s.landed)):
        out.append("passed/landed name unknown seats")
    return out


def _open_ways(g: Raiders, s: RaidersState) -> tuple[str, ...]:
    """The ways a move standing where ``s`` says may take next (``moves``)."""
    from tabletop.games.raiders import moves

    return moves.ways_now(g, s)


def _must_miss(s: RaidersState, q: int) -> bool:
    """True when ``q``, to move at the start of a turn, should be missing it
    (RA-E-EMPTY): an empty hand, or one that emptied before this turn. (The one
    empty hand allowed on a turn is that of a player who has just shown their
    last card, a Passport, for a checkpoint debt: ``emptied`` is set then.)"""
    hand, emptied = s.hands[q], s.emptied[q]
    if s.phase == "customs":
        return emptied or not hand
    return bool(hand) == emptied


def _check_places(g: Raiders, s: RaidersState, out: list[str]) -> None:
    kinds = g.board.kind
    placing = s.phase == "place"
    for q, at in enumerate(s.positions):
        if at == "" and placing:
            continue
        if at not in kinds:
            out.append(f"player {q} stands on unknown place {at!r}")
    for q, prev in enumerate(s.prev):
        if prev and prev not in g.board.adjacent.get(s.positions[q], ()):
            out.append(f"player {q}'s direction memory {prev!r} is not next to them")
    # a mover passing through an occupied country (or winning there) shares it
    countries = [
        at
        for q, at in enumerate(s.positions)
        if kinds.get(at) == "country"
        and not (s.phase in ("move", "over") and q == s.to_move)
    ]
    if len(countries) != len(set(countries)):
        out.append("two tokens stand on one country")
    if s.ark and s.ark not in g.board.bit:
        out.append(f"the Ark's country {s.ark!r} is not on the map")
    if not placing and s.phase != "over" and not s.ark:
        out.append("the Ark's country is not set")
    if any(r not in kinds for r in s.route):
        out.append("the route names unknown places")
    if s.phase in ("move", "land") and s.route[-1:] != (s.positions[s.to_move],):
        out.append("the move's route does not end where the mover stands")
    if s.route_prev and (
        not s.route or s.route_prev not in g.board.adjacent.get(s.route[0], ())
    ):
        out.append(
            f"the move's starting direction {s.route_prev!r} is not next to its start"
        )


def _check_cards(g: Raiders, s: RaidersState, out: list[str]) -> None:
    cards = [c for h in s.hands for c in h] + list(s.deck) + list(s.discards)
    if s.phase == "place" and not s.ark:
        if cards:
            out.append("no card is dealt before the tokens are placed")
        return
    if any(tuple(sorted(h)) != h for h in s.hands):
        out.append("hands must be sorted")
    if HIDDEN in cards:
        if len(cards) != 56:
            out.append(f"{len(cards)} cards instead of 56")
        return
    if Counter(cards) != Counter(full_deck(g.board.countries)):
        out.append(
            f"the 56 cards are not conserved ({len(cards)} cards, or the wrong ones)"
        )
