"""Validated edits of a Raiders position (``Match.edit``), one per field a position
has: tokens and their direction, hands, the deck order, the Ark, missed turns,
checkpoint debts, hostage locks, emptied hands, the seat to move, forced rolls.

Every edit is checked against the game's invariants (``codec.invariants``); one
that would leave an inconsistent position is refused with the reasons.

An edit's event follows the viewer model like any other (``Event.secret``,
``hidden``): ``give`` names the card only to the seat that receives it (the others
read "player N was given a card"), ``deck_top`` names the cards to nobody but the
referee, and ``force_roll`` keeps the dice to come from every seat. ``discard``
names its card: it goes face up on the discards. ``deck`` tells only that the deck
was reordered.

=============  ====================================================================
``force_roll``  ``values``: die results to come next
``move``        ``player``, ``to`` (an unoccupied place), optional ``from`` (the
                direction memory, a neighbour of ``to``); between turns
``direction``   ``player``, ``from``: a neighbour, or '' for free (RA-M-DIRECTION)
``give``        ``player``, ``card``: from the deck or the discards into the hand
``discard``     ``player``, ``card``: from the hand onto the discards
``deck``        ``cards``: the whole deck in a new order, top first
``deck_top``    ``cards``: these cards (from the deck) on top, in order
``set_ark``     ``country``
``skips``       ``player``, ``count``: turns still to miss (RA-T-SKIP)
``owes``        ``player``, ``value``: a Passport debt (RA-M-CHECKPOINT-LAND)
``hostage``     ``player``, ``value``: may not be taken hostage (RA-K-HOSTAGE-TWICE)
``emptied``     ``player``, ``value``: misses the next turn to draw (RA-E-EMPTY)
``to_move``     ``player``: whose turn it is (between turns)
=============  ====================================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import EditResult, Event, IllegalEditError, force_roll_edit
from tabletop.games.raiders.cards import card_name, is_card
from tabletop.games.raiders.codec import invariants
from tabletop.games.raiders.work import Work

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders
    from tabletop.games.raiders.state import RaidersState

BETWEEN_TURNS = ("turn", "customs")


def edit(
    game: Raiders, s: RaidersState, op: str, args: Mapping[str, Any]
) -> EditResult:
    """The state after the edit ``op`` with ``args`` and the event describing it.

    Raises:
        IllegalEditError: an unknown edit, bad arguments, or a result that breaks
            the invariants (the reasons named).
    """
    if op == "force_roll":
        return force_roll_edit(s, args.get("values"))
    handler = EDITS.get(op)
    if handler is None:
        raise IllegalEditError(
            f"unknown edit {op!r} (known: force_roll, {', '.join(EDITS)})"
        )
    w = Work(s)
    text, data, *secret = handler(game, s, w, dict(args))
    state = w.freeze()
    problems = invariants(game, state)
    if problems:
        raise IllegalEditError(f"edit {op} refused: " + "; ".join(problems))
    data = {"op": op, **data}
    if secret:  # what the edit shows only its seat (or, with no seat, the referee)
        (public, hidden) = secret[0]
        event = Event(
            "TT-EDIT",
            text,
            data.get("seat"),
            "edit",
            secret=True,
            public=public,
            data=data,
            hidden=hidden,
        )
    else:
        event = Event("TT-EDIT", text, data.get("seat"), "edit", data=data)
    return EditResult(state, (event,))


def _seat(g: Raiders, args: dict) -> int:
    q = args.get("player")
    if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < g.players:
        raise IllegalEditError(f"edit needs a seat 0..{g.players - 1}, not {q!r}")
    return q


def _card(g: Raiders, card: Any) -> str:
    if not is_card(card, g.board.countries):
        raise IllegalEditError(f"unknown card {card!r}")
    return card


def _flag(args: dict) -> bool:
    value = args.get("value", True)
    if not isinstance(value, bool):
        raise IllegalEditError(f"'value' must be true or false, not {value!r}")
    return value


def _place(g: Raiders, text: Any) -> str:
    loc = g.board.place_id(text) if isinstance(text, str) else None
    if loc is None:
        raise IllegalEditError(f"{text!r} is not a place on the map")
    return loc


def _between_turns(s: RaidersState, what: str) -> None:
    if s.phase not in BETWEEN_TURNS:
        raise IllegalEditError(f"{what} only between turns, not during a {s.phase}")


def _edit_move(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, to = _seat(g, args), _place(g, args.get("to"))
    _between_turns(s, "tokens can be moved")
    if to in s.positions and s.positions[q] != to:
        raise IllegalEditError(f"{to} is occupied")
    came = args.get("from", "")
    came = _place(g, came) if came else ""
    was = w.positions[q]
    w.positions[q], w.prev[q] = to, came
    w.put("owes", q, False)
    if w.phase == "customs" and q == w.to_move:
        w.phase = "turn"
    return f"player {q} was moved to {to}", {"seat": q, "from": was, "to": to}


def _edit_direction(
    g: Raiders, s: RaidersState, w: Work, args: dict
) -> tuple[str, dict]:
    q = _seat(g, args)
    came = args.get("from", "")
    came = _place(g, came) if came else ""
    w.prev[q] = came
    shown = f"coming from {came}" if came else "free to go either way"
    return f"player {q}'s token is now {shown}", {"seat": q, "from": came}


def _edit_give(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, card = _seat(g, args), _card(g, args.get("card"))
    if card in w.deck:
        i = w.deck.index(card)
        w.deck = w.deck[:i] + w.deck[i + 1 :]
    elif card in w.discards:
        i = len(w.discards) - 1 - w.discards[::-1].index(card)
        w.discards = w.discards[:i] + w.discards[i + 1 :]
    else:
        raise IllegalEditError(f"no {card} left in the deck or the discards")
    w.hand(q).append(card)
    public = f"player {q} was given a card"
    text = f"player {q} was given {card_name(card)}"
    return text, {"seat": q, "card": card}, (public, ("card",))


def _edit_discard(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, card = _seat(g, args), _card(g, args.get("card"))
    if card not in w.hands[q]:
        raise IllegalEditError(f"player {q} holds no {card}")
    w.hand(q).remove(card)
    w.discards = (*w.discards, card)
    return f"player {q} discarded {card_name(card)}", {"seat": q, "card": card}


def _cards(g: Raiders, args: dict) -> list[str]:
    cards = args.get("cards")
    if not isinstance(cards, list | tuple):
        raise IllegalEditError("'cards' must be a list of cards")
    return [_card(g, c) for c in cards]


def _edit_deck(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    cards = _cards(g, args)
    if Counter(cards) != Counter(s.deck):
        raise IllegalEditError(
            "the new deck order must hold exactly the cards of the deck"
        )
    w.deck = tuple(cards)
    return "the deck was put in a new order", {"cards": len(cards)}


def _edit_deck_top(
    g: Raiders, s: RaidersState, w: Work, args: dict
) -> tuple[str, dict]:
    top = _cards(g, args)
    rest = list(s.deck)
    for card in top:
        if card not in rest:
            raise IllegalEditError(f"no {card} left in the deck to put on top")
        rest.remove(card)
    w.deck = (*top, *rest)
    names = ", ".join(card_name(c) for c in top)
    public = f"{len(top)} card(s) of the deck were put on top"
    text = f"the deck's top cards are now {names}"
    return text, {"cards": len(top), "top": list(top)}, (public, ("top",))


def _edit_ark(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    country = _place(g, args.get("country"))
    if country not in g.board.bit:
        raise IllegalEditError(f"{country!r} is not a country on the map")
    w.ark = country
    return f"the Ark is now in {country}", {"country": country}


def _edit_skips(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, count = _seat(g, args), args.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 20:
        raise IllegalEditError("skips needs a count 0..20")
    w.put("skips", q, count)
    return f"player {q} must miss {count} turn(s)", {"seat": q, "count": count}


def _edit_owes(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, value = _seat(g, args), _flag(args)
    w.put("owes", q, value)
    if q == w.to_move and w.phase in BETWEEN_TURNS:
        w.phase = "customs" if value else "turn"
    said = "owes" if value else "owes no"
    return f"player {q} {said} Passport", {"seat": q, "value": value}


def _edit_hostage(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, value = _seat(g, args), _flag(args)
    w.put("hostage", q, value)
    said = "may not" if value else "may"
    return f"player {q} {said} be taken hostage", {"seat": q, "value": value}


def _edit_emptied(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q, value = _seat(g, args), _flag(args)
    w.put("emptied", q, value)
    said = "will miss" if value else "will not miss"
    return f"player {q} {said} the next turn to draw", {"seat": q, "value": value}


def _edit_to_move(g: Raiders, s: RaidersState, w: Work, args: dict) -> tuple[str, dict]:
    q = _seat(g, args)
    _between_turns(s, "the seat to move can change")
    w.to_move = q
    w.phase = "customs" if w.owes[q] else "turn"
    return f"it is player {q}'s turn", {"seat": q}


EDITS: dict[str, Callable[..., tuple[str, dict]]] = {
    "move": _edit_move,
    "direction": _edit_direction,
    "give": _edit_give,
    "discard": _edit_discard,
    "deck": _edit_deck,
    "deck_top": _edit_deck_top,
    "set_ark": _edit_ark,
    "skips": _edit_skips,
    "owes": _edit_owes,
    "hostage": _edit_hostage,
    "emptied": _edit_emptied,
    "to_move": _edit_to_move,
}
