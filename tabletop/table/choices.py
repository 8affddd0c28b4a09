"""What a tap means: on a board space, on a card of the hand, on a button.

One set of rules for every screen. A tap either plays an action at once, opens a
narrower list of choices (a *selection*), or is refused in words. The functions
here answer from the legal actions (``Explanation``), the selection so far and
the seat's hand; ``ChoicesMixin`` applies the answer to a table, and
``tabletop.table.frame`` lists every answer ahead of time for a page that must
answer a tap at once without asking the server.

The rules, as people meet them:

- a tap on a space with one action plays it, unless that action spends a card
  not chosen first (a card leaves the hand only by a tap on it or its button) or
  the space is the mover's own (a tap on your own piece shows what you can do
  there); otherwise the space becomes the selection;
- a tap on a card with one action plays it; a card the rules treat like others
  (the look's ``same_use``: any Country card flies) lists every choice any of
  them plays; a space chosen first narrows the card's choices, and decides when
  one is left;
- a folded button (many actions under one clause) lists its actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import Explanation, IllegalActionError, Refusal
from tabletop.core.viewers import PUBLIC
from tabletop.table import words
from tabletop.table.words import Group, group_entries

__all__ = [
    "ChoicesMixin",
    "Group",
    "Offer",
    "Selection",
    "Tap",
    "group_entries",
    "offer",
    "outlined_cards",
    "shown",
    "tap_card",
    "tap_group",
    "tap_space",
]


@dataclass(frozen=True, slots=True)
class Selection:
    """What the player has picked so far, narrowing the actions on offer.

    Attributes:
        kind: ``"space"`` (a board space), ``"card"`` (a card kind) or ``"clause"``
            (a group of actions under one rule).
        value: the space id, card kind or clause id.
        words: how the panel names it ("the card Rope", "space A7").
        alike: for the clause of a card the rules treat like others
            (``Look.same_use``: any Country card flies), the card pressed and
            those like it: an action spending any of them counts as that card's.
    """

    kind: str
    value: str
    words: str = ""
    alike: tuple[str, ...] = ()

    def spends(self, card: str | None) -> bool:
        """Whether an action playing ``card`` plays the card chosen (or one like
        it): a card was pressed before."""
        if self.kind == "card":
            return card == self.value
        return card is not None and card in self.alike

    def matches(self, entry: Explanation) -> bool:
        if self.kind == "space":
            return self.value in entry.spaces
        if self.kind == "card":
            return entry.card == self.value
        if self.kind == "clause":
            return entry.clause == self.value
        return True

    def __str__(self) -> str:
        """The selection's key (a frame's menus are keyed by it)."""
        pressed = f":{self.alike[0]}" if self.alike else ""
        return f"{self.kind}:{self.value}{pressed}"

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "value": self.value, "words": self.words}


@dataclass(frozen=True, slots=True)
class Tap:
    """What one tap does: play ``entry``, open ``selection``, or say ``refusal``."""

    entry: Explanation | None = None
    selection: Selection | None = None
    refusal: Refusal | None = None

    def to_json(self) -> dict[str, Any]:
        """The tap as a page reads it: ``{"play": notation}``, ``{"open": key}``
        (a key of the frame's menus) or ``{"say": words}``."""
        if self.entry is not None:
            return {"play": str(self.entry.action)}
        if self.selection is not None:
            return {"open": str(self.selection)}
        assert self.refusal is not None
        return {"say": self.refusal.reason}


@dataclass(frozen=True, slots=True)
class Offer:
    """What a screen marks for a selection: the actions on offer (its buttons),
    the spaces they involve (rings on the board), the cards of the hand to
    outline, the space chosen (ringed as selected) and the card pressed."""

    actions: tuple[Explanation, ...]
    targets: frozenset[str]
    outlined: frozenset[str]
    ringed: str | None
    chosen: str | None


def offer(
    look: Any,
    legal: Sequence[Explanation],
    selection: Selection | None,
    hand: Any,
) -> Offer:
    """What is on offer with ``selection`` made, ``hand`` the mover's cards."""
    actions = shown(legal, selection)
    ringed = selection.value if selection and selection.kind == "space" else None
    return Offer(
        actions,
        frozenset(s for e in actions for s in e.spaces),
        frozenset(outlined_cards(look, hand, actions)),
        ringed,
        pressed_card(selection),
    )


def pressed_card(selection: Selection | None) -> str | None:
    """The card a selection was made by pressing, if any."""
    if selection is None:
        return None
    if selection.kind == "card":
        return selection.value
    return selection.alike[0] if selection.alike else None


def shown(legal: Sequence[Explanation], selection: Selection | None) -> tuple:
    """The legal actions on offer: all of them, or the selection's."""
    return tuple(e for e in legal if selection is None or selection.matches(e))


def tap_space(
    look: Any,
    legal: Sequence[Explanation],
    selection: Selection | None,
    space: str,
    own: bool,
) -> Tap:
    """A tap on board space ``space`` (``own``: the mover's piece stands there)."""
    entries = [e for e in legal if space in e.spaces]
    if not entries:
        return Tap(refusal=Refusal("TT-PHASE", words.nothing_on(look, space)))
    chosen = selection is not None and (selection.kind == "card" or selection.alike)
    if len(entries) > 1 and chosen:
        entries = [e for e in entries if selection.spends(e.card)] or entries
    one = entries[0]
    if (
        len(entries) == 1
        and (one.card is None or (chosen and selection.spends(one.card)))
        and not own
    ):
        return Tap(entry=one)
    return Tap(selection=Selection("space", space, look.space_name(space)))


def tap_card(
    look: Any,
    legal: Sequence[Explanation],
    selection: Selection | None,
    card: str,
) -> Tap:
    """A tap on a card of kind ``card`` in the mover's hand."""
    name = look.face(card).name
    alike = look.same_use(card)
    entries = [e for e in legal if e.card == card or e.card in alike]
    if not entries:
        return Tap(refusal=Refusal("TT-PHASE", words.cannot_play(name)))
    if selection is not None and selection.kind == "space":
        here = [e for e in entries if selection.value in e.spaces]
        if len(here) == 1:  # the space was picked first: the card decides
            return Tap(entry=here[0])
        entries = here or entries
    if len(entries) == 1 and not alike:
        return Tap(entry=entries[0])
    if alike and len({e.clause for e in entries}) == 1:
        # Cards the rules treat alike: list every choice any of them plays.
        (clause,) = {e.clause for e in entries}
        chosen = Selection("clause", clause, words.alike(name), (card, *alike))
        return Tap(selection=chosen)
    return Tap(selection=Selection("card", card, words.the_card(name)))


def tap_group(group: Group) -> Tap:
    """A tap on a folded button: list the actions of its clause."""
    return Tap(selection=Selection("clause", group.clause, words.group_heading(group)))


def outlined_cards(look: Any, hand: Any, offered: Sequence[Any]) -> set[str]:
    """The card kinds of the mover's ``hand`` to outline: those an action on
    offer plays, and those the rules treat like them (a tap on one lists
    them: the look's ``same_use``)."""
    cards = {e.card for e in offered if e.card}
    if not cards or isinstance(hand, int):
        return cards
    return cards | {c for c in hand if cards & set(look.same_use(c))}


def own_space(look: Any, game: Any, state: Any, space: str) -> bool:
    """Whether the seat to move stands on ``space``."""
    seat = game.to_move(state)
    spaces = look.piece_spaces(game.view(state, PUBLIC))
    return seat is not None and seat < len(spaces) and spaces[seat] == space


class ChoicesMixin:
    """The table's gestures that choose: a tap on a space, a card, a button.

    Each asks who may act once (``ensure_may_act``), then what the tap means
    (the functions above), then plays the action (``_choose``) or sets the
    selection.
    """

    def shown_actions(self) -> tuple[Explanation, ...]:
        """The legal actions on offer: all of them, or the selection's."""
        if not self.can_act():
            return ()
        return shown(self.legal, self.selection)

    def offer(self) -> Offer:
        """What the table marks now (``offer``): nothing while the viewer may not
        act for the seat to move."""
        seat = self.to_move
        if seat is None or not self.can_act():
            return offer(self.look, (), None, ())
        hand = self.look.hand(self.game.view(self.state, self.eyes), seat)
        return offer(self.look, self.legal, self.selection, hand)

    def choose(self, action: Any) -> tuple:
        """Play an action (object or notation) for the seat to move.

        Played from an earlier step, the game goes on in a new line and the old
        future is kept as a line of its own.

        Raises:
            IllegalActionError: the viewer may not act now (``refusal_to_act``), or
                the action is not legal now (nothing changes either way).
        """
        self.ensure_may_act()
        return self._choose(action)

    def click_space(self, space: str) -> tuple:
        """A click on a board space (``tap_space``): play the action that
        involves it, or make it the selection."""
        return self.click_at(lambda targets: space)

    def click_at(self, find: Callable[[list[str]], str | None]) -> tuple:
        """A click on the board: ``find(targets)`` names the space clicked (a
        screen's hit test, preferring the spaces of the actions on offer), then
        as ``click_space``. Who may act is asked once, first."""
        self.ensure_may_act()
        space = find([s for e in shown(self.legal, self.selection) for s in e.spaces])
        if space is None:
            raise IllegalActionError("TT-PHASE", words.NO_SPACE_THERE)
        return self._take(self.space_tap(space))

    def space_tap(self, space: str) -> Tap:
        """What a tap on ``space`` does now (who may act is not asked)."""
        own = own_space(self.look, self.game, self.state, space)
        return tap_space(self.look, self.legal, self.selection, space, own)

    def click_plays(self, space: str) -> Explanation | None:
        """The legal action a click on ``space`` plays at once, or None when the
        click makes the space the selection (or does nothing)."""
        return self.space_tap(space).entry

    def play_card(self, card: str | int) -> tuple:
        """Play a card of the hand of the seat to move, by kind or by hand index
        (``tap_card``)."""
        self.ensure_may_act()
        if isinstance(card, int):
            seat = self.to_move
            hand = self.look.hand(self.game.view(self.state, seat), seat)
            if isinstance(hand, int) or not 0 <= card < len(hand):
                raise IllegalActionError("TT-NOTATION", words.no_card_at(card))
            card = hand[card]
        return self._take(tap_card(self.look, self.legal, self.selection, card))

    def press(self, item: Any) -> tuple:
        """An action button: play its action, or list a group of them."""
        self.ensure_may_act()
        if isinstance(item, Explanation):
            return self._choose(item.action)
        return self._take(tap_group(item))

    def clear_selection(self) -> None:
        self.selection = None

    def _take(self, tap: Tap) -> tuple:
        """Do what a tap means (who may act was asked already)."""
        if tap.refusal is not None:
            raise tap.refusal.error()
        if tap.entry is not None:
            return self._choose(tap.entry.action)
        self.selection = tap.selection
        return ()
