"""Raiders states as data: JSON, per-seat views, determinization, invariants, edits.

The JSON form lists every field of ``RaidersState`` by name; reading it back checks
types and the game's invariants and names the first problems found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import EditResult, Event, IllegalEditError, Rng, force_roll_edit
from tabletop.core.viewers import as_viewer
from tabletop.games.raiders.cards import card_name, full_deck, is_card
from tabletop.games.raiders.state import FIELD_NAMES, PHASES, RaidersState, Work

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders

HIDDEN = "?"
_PER_PLAYER = ("positions", "prev", "hands", "skips", "hostage", "owes", "emptied")


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


def from_json(g: Raiders, data: Any) -> RaidersState:
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
    problems = invariants(g, state)
    if problems:
        raise ValueError("Raiders state is inconsistent: " + "; ".join(problems[:5]))
    return state


def _read_field(name: str, value: Any) -> Any:
    def bad() -> ValueError:
        return ValueError(f"Raiders state field '{name}' has a bad value {value!r}")

    def ints(items: Any, kind: type) -> tuple:
        if not isinstance(items, list) or not all(
            isinstance(x, kind) and (kind is bool or not isinstance(x, bool))
            for x in items
        ):
            raise bad()
        return tuple(items)

    if name == "rng":
        return Rng.from_json(value)
    if name in ("phase", "ark", "route_prev"):
        if not isinstance(value, str):
            raise bad()
        return value
    if name in ("player", "steps", "winner", "turn"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad()
        return value
    if name == "hands":
        if not isinstance(value, list):
            raise bad()
        return tuple(ints(h, str) for h in value)
    if name in ("hostage", "owes", "emptied"):
        return ints(value, bool)
    if name in ("skips", "passed", "landed"):
        return ints(value, int)
    return ints(value, str)


def view(s: RaidersState, player: object) -> RaidersState:
    """What ``player`` (a seat, None, or a Viewer) may see: hands it may not see and
    the deck become ``?`` cards, and the generator is hidden, forced rolls included
    (RA-S-HIDDEN)."""
    viewer = as_viewer(player)
    if viewer.is_referee:
        return s
    hands = tuple(h if viewer.sees(q) else (HIDDEN,) * len(h) for q, h in
                  enumerate(s.hands))
    w = Work(s)
    w.hands = [list(h) for h in hands]
    w.deck = (HIDDEN,) * len(s.deck)
    w.rng = Rng(0)
    return w.freeze()


def determinize(g: Raiders, v: RaidersState, player: int, rng: Rng) -> RaidersState:
    """A full state consistent with ``v``: unseen cards dealt at random."""
    if v.phase == "place" and not v.ark:
        w = Work(v)
        w.rng = rng
        return w.freeze()
    unseen = Counter(full_deck(g.board.countries))
    unseen.subtract(v.hands[player])
    unseen.subtract(v.discards)
    if any(n < 0 for n in unseen.values()):
        raise ValueError("the view shows more cards than the deck holds")
    pool, rng = rng.shuffle(sorted(unseen.elements()))
    w = Work(v)
    at = 0
    for q, hand in enumerate(v.hands):
        if q != player:
            w.hands[q] = list(pool[at:at + len(hand)])
            at += len(hand)
    w.deck = tuple(pool[at:at + len(v.deck)])
    if at + len(v.deck) != len(pool):
        raise ValueError("the view's card counts do not add up to 56")
    w.rng = rng
    return w.freeze()


def invariants(g: Raiders, s: RaidersState) -> list[str]:
    """What is wrong with a state (empty when it is consistent)."""
    out: list[str] = []
    n = g.players
    for name in _PER_PLAYER:
        if len(getattr(s, name)) != n:
            out.append(f"{name} must have {n} entries")
    if out:
        return out
    if s.phase not in PHASES:
        out.append(f"unknown phase {s.phase!r}")
    if not 0 <= s.player < n:
        out.append(f"player {s.player} is not a seat")
    _check_places(g, s, out)
    _check_cards(g, s, out)
    if any(k < 0 for k in s.skips):
        out.append("a missed-turn count is negative")
    if s.phase == "move" and (s.steps < 1 or not s.route):
        out.append("a move in progress needs steps left and a route")
    if s.phase == "land" and not s.landed:
        out.append("the land phase needs a player landed on")
    if s.phase == "customs" and not s.owes[s.player]:
        out.append("the customs phase needs a Passport debt")
    if s.phase in ("turn", "customs") and _must_miss(s, s.player):
        out.append(f"player {s.player} ran out of cards and must miss this turn "
                   "drawing a card (RA-E-EMPTY), so cannot be the player to move")
    if not -1 <= s.winner < n or (s.winner >= 0 and s.phase != "over"):
        out.append(f"bad winner {s.winner}")
    if any(not 0 <= q < n for q in (*s.passed, *s.landed)):
        out.append("passed/landed name unknown seats")
    return out


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
    kinds = g.kinds
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
        at for q, at in enumerate(s.positions)
        if kinds.get(at) == "country"
        and not (s.phase in ("move", "over") and q == s.player)
    ]
    if len(countries) != len(set(countries)):
        out.append("two tokens stand on one country")
    if s.ark and s.ark not in g.board.countries:
        out.append(f"the Ark's country {s.ark!r} is not on the map")
    if not placing and s.phase != "over" and not s.ark:
        out.append("the Ark's country is not set")
    if any(r not in kinds for r in s.route):
        out.append("the route names unknown places")
    if s.route_prev and (
        not s.route or s.route_prev not in g.board.adjacent.get(s.route[0], ())
    ):
        out.append(f"the move's starting direction {s.route_prev!r} is not next to "
                   "its start")


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
        out.append(f"the 56 cards are not conserved ({len(cards)} cards, "
                   "or the wrong ones)")


def edit(g: Raiders, s: RaidersState, op: str, args: Mapping[str, Any]) -> EditResult:
    """Validated edits: force_roll, move, give, discard, set_ark, skips."""
    if op == "force_roll":
        return force_roll_edit(s, args.get("values"))
    handler = _EDITS.get(op)
    if handler is None:
        raise IllegalEditError(f"unknown edit {op!r} (known: force_roll, "
                               f"{', '.join(_EDITS)})")
    w = Work(s)
    text = handler(g, s, w, dict(args))
    state = w.freeze()
    problems = invariants(g, state)
    if problems:
        raise IllegalEditError(f"edit {op} refused: " + "; ".join(problems))
    return EditResult(state, (Event("TT-EDIT", text, kind="edit"),))


def _seat(g: Raiders, args: dict) -> int:
    q = args.get("player")
    if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < g.players:
        raise IllegalEditError(f"edit needs a seat 0..{g.players - 1}, not {q!r}")
    return q


def _card(g: Raiders, args: dict) -> str:
    card = args.get("card")
    if not is_card(card, g.board.countries):
        raise IllegalEditError(f"unknown card {card!r}")
    return card


def _edit_move(g: Raiders, s: RaidersState, w: Work, args: dict) -> str:
    q, to = _seat(g, args), args.get("to")
    if s.phase not in ("turn", "customs"):
        raise IllegalEditError("tokens can be moved only between turns")
    if (not isinstance(to, str) or to not in g.kinds
            or (to in s.positions and s.positions[q] != to)):
        raise IllegalEditError(f"{to!r} is not an unoccupied place on the map")
    w.positions[q], w.prev[q], w.owes[q] = to, "", False
    if w.phase == "customs" and q == w.player:
        w.phase = "turn"
    return f"player {q} is moved to {to}"


def _edit_give(g: Raiders, s: RaidersState, w: Work, args: dict) -> str:
    q, card = _seat(g, args), _card(g, args)
    if card in w.deck:
        i = w.deck.index(card)
        w.deck = w.deck[:i] + w.deck[i + 1:]
    elif card in w.discards:
        i = w.discards.index(card)
        w.discards = w.discards[:i] + w.discards[i + 1:]
    else:
        raise IllegalEditError(f"no {card} left in the deck or the discards")
    w.hand(q).append(card)
    return f"player {q} is given {card_name(card)}"


def _edit_discard(g: Raiders, s: RaidersState, w: Work, args: dict) -> str:
    q, card = _seat(g, args), _card(g, args)
    if card not in w.hands[q]:
        raise IllegalEditError(f"player {q} holds no {card}")
    w.hand(q).remove(card)
    w.discards = (*w.discards, card)
    return f"player {q} discards {card_name(card)}"


def _edit_ark(g: Raiders, s: RaidersState, w: Work, args: dict) -> str:
    country = args.get("country")
    if country not in g.board.countries:
        raise IllegalEditError(f"{country!r} is not a country on the map")
    w.ark = country
    return f"the Ark is now in {country}"


def _edit_skips(g: Raiders, s: RaidersState, w: Work, args: dict) -> str:
    q, count = _seat(g, args), args.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 20:
        raise IllegalEditError("skips needs a count 0..20")
    w.skips[q] = count
    return f"player {q} must miss {count} turn(s)"


_EDITS = {"move": _edit_move, "give": _edit_give, "discard": _edit_discard,
          "set_ark": _edit_ark, "skips": _edit_skips}
