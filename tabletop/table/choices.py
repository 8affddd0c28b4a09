"""What a tap means: on a board space, on a card of the hand, on a button.

One set of rules for every screen. A tap either plays an action at once, opens a
narrower list of choices (a *selection*), or is refused in words. The functions
here answer from the legal actions (``Explanation``), the selection so far and
the seat's hand; ``Choices``, a part of the table's logic, applies the answer
to a table, and
``tabletop.table.frame`` lists every answer ahead of time for a page that must
answer a tap at once without asking the server.

The rules, as people meet them:

- a tap on a space with one action plays it, unless that action spends a card
  not chosen first (a card leaves the hand only by a tap on it or its button) or
  the space is the mover's own (a tap on your own piece shows what you can do
  there), unless its one action keeps the piece there by choice
  (``Explanation.stays``: play no card and stop); otherwise the space becomes
  the selection;
- a tap on a card with one action plays it; a card the rules treat like others
  (the look's ``same_use``: any Country card flies) lists every choice any of
  them plays; a space chosen first narrows the card's choices, and decides when
  one is left; a second tap on the card pressed puts it down;
- a folded button (many actions under one clause) lists its actions;
- where actions take several cards (``Explanation.cards``: a discard of four), a
  tap on a card no action plays alone starts a *pick*: each tap on a card picks it
  (or puts a picked one back) and the choices narrow to those taking every card
  picked; the buttons are the choices the picked cards complete ("Discard Rope,
  Jump, Croc and Ladder"). A folded button of such actions opens the pick;
- no list shows more than ``LIST_MAX`` buttons (``menu_items``): choices aimed at
  several seats fold into a button per seat (pick the player, then the space on
  the board); a longer list of places folds by the part of the board each lies
  in, as the game's look groups them (``Look.group_of``: a country), and a list
  longer still shows in parts, with a button for the next and one back;
- typed words (``Choices.enter``, ``tabletop.table.typed``): a choice's
  words play it, a space's name is a tap on that space, anything else is read
  as notation; a tap
  on a space none of the choices on offer reaches, where those choices differ
  only by the space they name, is refused by the game's own verdict on that
  space (``choice_at``: "Peru is occupied").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop.core import Explanation, IllegalActionError, Refusal
from tabletop.core.game import Event
from tabletop.core.viewers import PUBLIC
from tabletop.table import words
from tabletop.table.opaque import Action, State
from tabletop.table.typed import named_choice, space_named
from tabletop.table.words import Group, group_entries

if TYPE_CHECKING:
    from tabletop.draw.look import Look
    from tabletop.table.logic import TableLogic
    from tabletop.table.seats import Seating
    from tabletop.table.timeline import Timeline

__all__ = [
    "LIST_MAX",
    "Choices",
    "Fold",
    "Group",
    "Offer",
    "Selection",
    "Tap",
    "choice_at",
    "group_entries",
    "menu_heading",
    "menu_items",
    "mover_space",
    "offer",
    "outlined_cards",
    "picked_places",
    "places_of",
    "shown",
    "tap_card",
    "tap_group",
    "tap_space",
]


#: The most buttons a list of choices shows at once (``menu_items``).
LIST_MAX = 12


@dataclass(frozen=True, slots=True)
class Selection:
    """What the player has picked so far, narrowing the actions on offer.

    Attributes:
        kind: ``"space"`` (a board space), ``"card"`` (a card kind), ``"clause"``
            (a group of actions under one rule), ``"cards"`` (cards picked in the
            hand for an action that takes several) or ``"all"`` (nothing but a
            part of a long list).
        value: the space id, card kind or clause id (``""`` for the last two).
        words: how the panel names it ("the card Rope", "space A7").
        alike: for the clause of a card the rules treat like others
            (``Look.same_use``: any Country card flies), the card pressed and
            those like it: an action spending any of them counts as that card's.
        picked: the card kinds picked in the hand, one per copy, sorted.
        seat: only the actions aimed at this seat (``Explanation.seat``).
        part: which part of a long list is shown (0: the first).
        area: only the actions leading into this part of the board, in the
            look's words (``Look.group_of``); ``within``: its spaces.
    """

    kind: str
    value: str
    words: str = ""
    alike: tuple[str, ...] = ()
    picked: tuple[str, ...] = ()
    seat: int | None = None
    part: int = 0
    area: str = ""
    within: tuple[str, ...] = ()

    @property
    def picking(self) -> bool:
        """Whether cards are being picked in the hand (a tap on one picks it)."""
        return self.kind == "cards"

    def spends(self, card: str | None) -> bool:
        """Whether an action playing ``card`` plays the card chosen (or one like
        it): a card was pressed before."""
        if self.kind == "card":
            return card == self.value
        return card is not None and card in self.alike

    def matches(self, entry: Explanation) -> bool:
        if self.seat is not None and entry.seat != self.seat:
            return False
        if self.area and not (entry.spaces and entry.spaces[-1] in self.within):
            return False
        if self.kind == "space":
            return self.value in entry.spaces
        if self.kind == "card":
            return entry.card == self.value
        if self.kind == "clause":
            return entry.clause == self.value
        if self.kind == "cards":
            return len(entry.cards) > 1 and takes(entry, self.picked)
        return True

    def __str__(self) -> str:
        """The selection's key (a frame's menus are keyed by it)."""
        key = f"{self.kind}:{self.value}"
        key += f":{self.alike[0]}" if self.alike else ""
        key += "+" + "+".join(self.picked) if self.picked else ""
        key += f"@{self.seat}" if self.seat is not None else ""
        key += f"/{self.area}" if self.area else ""
        return key + (f"#{self.part}" if self.part else "")

    def whole(self) -> Selection | None:
        """The list this selection shows a part or an area of (None: everything
        on offer)."""
        whole = replace(self, part=0, area="", within=())
        return None if whole.kind == "all" and whole.seat is None else whole

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "value": self.value, "words": self.words}


def takes(entry: Explanation, cards: Sequence[str]) -> bool:
    """Whether ``entry`` takes every card of ``cards`` (copies counted)."""
    if not cards:
        return True
    have = list(entry.cards)
    for card in cards:
        if card not in have:
            return False
        have.remove(card)
    return True


@dataclass(frozen=True, slots=True)
class Tap:
    """What one tap does: play ``entry``, open ``selection`` (none: back to
    everything on offer), or say ``refusal``."""

    entry: Explanation | None = None
    selection: Selection | None = None
    refusal: Refusal | None = None

    def to_json(self) -> dict[str, Any]:
        """The tap as a page reads it: ``{"play": notation}``, ``{"open": key}``
        (a key of the frame's menus; ``""``: nothing chosen) or ``{"say": words}``."""
        if self.entry is not None:
            return {"play": str(self.entry.action)}
        if self.refusal is not None:
            return {"say": self.refusal.reason}
        return {"open": "" if self.selection is None else str(self.selection)}


@dataclass(frozen=True, slots=True)
class Fold:
    """A button that opens a narrower or further list (``selection``): the
    choices aimed at one seat, or the next part of a long list."""

    title: str
    selection: Selection | None


@dataclass(frozen=True, slots=True)
class Offer:
    """What a screen marks for a selection: the actions on offer (its buttons),
    the spaces they involve (rings on the board), the cards of the hand to
    outline, the space chosen (ringed as selected), the card pressed and the
    cards picked (one per copy)."""

    actions: tuple[Explanation, ...]
    targets: frozenset[str]
    outlined: frozenset[str]
    ringed: str | None
    chosen: str | None
    picked: tuple[str, ...] = ()


def offer(
    look: Look,
    legal: Sequence[Explanation],
    selection: Selection | None,
    hand: Any,
) -> Offer:
    """What is on offer with ``selection`` made, ``hand`` the mover's cards."""
    actions = shown(legal, selection)
    ringed = selection.value if selection and selection.kind == "space" else None
    if selection is not None and selection.picking:
        outlined = pickable(hand, actions, selection.picked)
    else:
        outlined = outlined_cards(look, hand, actions)
    return Offer(
        actions,
        frozenset(s for e in actions for s in e.spaces),
        frozenset(outlined),
        ringed,
        pressed_card(selection),
        selection.picked if selection is not None else (),
    )


def pickable(
    hand: Any, actions: Sequence[Explanation], picked: Sequence[str]
) -> set[str]:
    """The card kinds of ``hand`` a pick may add: some action on offer takes
    them with the cards ``picked``."""
    if isinstance(hand, int):
        return set()
    return {k for k in set(hand) if any(takes(e, [*picked, k]) for e in actions)}


def menu_items(
    look: Look, legal: Sequence[Explanation], selection: Selection | None
) -> list[Any]:
    """The buttons for ``selection``, at most ``LIST_MAX``: actions, folded
    clauses (``Group``) and ``Fold`` buttons.

    With nothing chosen, a clause of many actions folds into one button. While
    cards are picked, the buttons are the actions the picked cards complete.
    A longer list folds by the seat its actions are aimed at when they are aimed
    at several, else by the part of the board they lead into (``area_folds``),
    else shows in parts of ``LIST_MAX - 1`` with a button for the next; an
    area's list ends with a button back to the areas.
    """
    actions = shown(legal, selection)
    if selection is not None and selection.picking:
        have = Counter(selection.picked)
        return [e for e in actions if Counter(e.cards) == have]
    items: list[Any] = (
        group_entries(actions, LIST_MAX) if selection is None else list(actions)
    )
    if selection is not None and selection.area:
        back = Fold(words.BACK_TO_AREAS, selection.whole())
        return in_parts(items, selection, back)
    if len(items) <= LIST_MAX:
        return items
    base = selection or Selection("all", "")
    aimed = list(dict.fromkeys(e.seat for e in actions))
    seats = [seat for seat in aimed if seat is not None]
    if base.seat is None and len(seats) > 1 and len(seats) == len(aimed):
        count = Counter(e.seat for e in actions)
        return [
            Fold(
                words.group_title(look.seat_name(seat), count[seat]),
                replace(base, seat=seat, words=words.aimed_at(look, base.words, seat)),
            )
            for seat in seats
        ]
    folds = area_folds(look, items, base)
    if folds:
        return folds
    first = replace(base, part=0) if base.kind != "all" else None
    return in_parts(items, base, Fold(words.FIRST_CHOICES, first))


def in_parts(items: Sequence[Any], base: Selection, back: Fold) -> list[Any]:
    """Part ``base.part`` of a long list: ``LIST_MAX - 1`` items and a button to
    the next part, or the last items and ``back``."""
    size = LIST_MAX - 1
    start = base.part * size
    rest = len(items) - start - size
    if rest > 0:
        more = Fold(words.more_title(rest), replace(base, part=base.part + 1))
        return [*items[start : start + size], more]
    return [*items[start:], back]


def area_folds(look: Look, items: Sequence[Any], base: Selection) -> list[Any]:
    """The actions ``items`` by the part of the board they lead into (the look's
    ``group_of`` of each one's last space): a button per part, in the order of
    their words, after the actions that lead nowhere on the board. None unless
    every other action leads into a part, there are several parts, and no more
    than ``LIST_MAX`` buttons in all."""
    group_of = getattr(look, "group_of", None)
    loose: list[Any] = []
    areas: dict[str, list[str]] = {}
    for e in items:
        if not isinstance(e, Explanation) or group_of is None:
            return []
        if not e.spaces:
            loose.append(e)
            continue
        area = group_of(e.spaces[-1])
        if not area:
            return []
        areas.setdefault(area, []).append(e.spaces[-1])
    if len(areas) < 2 or len(loose) + len(areas) > LIST_MAX:
        return []
    return loose + [
        Fold(
            words.group_title(area[:1].upper() + area[1:], len(spaces)),
            replace(base, area=area, within=tuple(dict.fromkeys(spaces)), part=0),
        )
        for area, spaces in sorted(areas.items())
    ]


def menu_heading(
    look: Look, legal: Sequence[Explanation], selection: Selection | None
) -> str:
    """The heading over ``selection``'s buttons; while cards are picked, what is
    picked and how many more a choice needs."""
    if selection is None or not selection.picking:
        return words.choices_heading(selection)
    sizes = [len(e.cards) for e in shown(legal, selection)]
    more = min(sizes, default=0) - len(selection.picked)
    return words.pick_heading(look, selection.picked, more)


def pressed_card(selection: Selection | None) -> str | None:
    """The card a selection was made by pressing, if any."""
    if selection is None:
        return None
    if selection.kind == "card":
        return selection.value
    return selection.alike[0] if selection.alike else None


def shown(
    legal: Sequence[Explanation], selection: Selection | None
) -> tuple[Explanation, ...]:
    """The legal actions on offer: all of them, or the selection's."""
    return tuple(e for e in legal if selection is None or selection.matches(e))


def tap_space(
    look: Look,
    legal: Sequence[Explanation],
    selection: Selection | None,
    space: str,
    own: bool,
) -> Tap:
    """A tap on board space ``space`` (``own``: the mover's piece stands there)."""
    entries = [e for e in legal if space in e.spaces]
    if not entries:
        return Tap(refusal=Refusal("TT-PHASE", words.nothing_on(look, space)))
    if selection is not None and selection.seat is not None:
        entries = [e for e in entries if e.seat == selection.seat] or entries
    pressed = selection  # a card pressed first: its actions come first
    if selection is None or not (selection.kind == "card" or selection.alike):
        pressed = None
    if len(entries) > 1 and pressed is not None:
        entries = [e for e in entries if pressed.spends(e.card)] or entries
    one = entries[0]
    if (
        len(entries) == 1
        and (one.card is None or (pressed is not None and pressed.spends(one.card)))
        and (not own or one.stays)
    ):
        return Tap(entry=one)
    return Tap(selection=Selection("space", space, look.space_name(space)))


def choice_at(entries: Sequence[Explanation], space: str) -> str | None:
    """The notation the choices ``entries`` would have at ``space``, when they
    differ only by the one space each names (by its id, in its notation:
    "hostage 1 S44", "hostage 1 NEPAL" -> "hostage 1 PERU"); else None. The
    game's verdict on it says why that space is not among them."""
    forms = set()
    for e in entries:
        said = str(e.action).split(" ")
        if len(e.spaces) != 1 or said.count(e.spaces[0]) != 1:
            return None
        forms.add(tuple(None if w == e.spaces[0] else w for w in said))
    if len(entries) < 2 or len(forms) != 1:
        return None
    (form,) = forms
    return " ".join(space if w is None else w for w in form)


def tap_card(
    look: Look,
    legal: Sequence[Explanation],
    selection: Selection | None,
    card: str,
    unpick: bool = False,
) -> Tap:
    """A tap on a card of kind ``card`` in the mover's hand (``unpick``: on a
    copy already picked, which puts it back)."""
    name = look.face(card).name
    if selection is not None and selection.picking:
        return tap_pick(look, legal, selection, card, unpick)
    if pressed_card(selection) == card:
        return Tap()  # a second tap on the card pressed puts it down
    alike = look.same_use(card)
    entries = [e for e in legal if e.card == card or e.card in alike]
    if not entries:
        if any(len(e.cards) > 1 and card in e.cards for e in legal):
            return Tap(selection=pick(look, (card,)))
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


def tap_pick(
    look: Look,
    legal: Sequence[Explanation],
    selection: Selection,
    card: str,
    unpick: bool,
) -> Tap:
    """A tap on a card while cards are picked: put back a picked copy
    (``unpick``, or a kind no choice takes once more), or pick one more."""
    picked = list(selection.picked)
    more = [*picked, card]
    adds = any(len(e.cards) > 1 and takes(e, more) for e in legal)
    if unpick or not adds:
        if card not in picked:
            name = look.face(card).name
            return Tap(refusal=Refusal("TT-PHASE", words.not_with_picked(name)))
        picked.remove(card)
    else:
        picked.append(card)
    return Tap(selection=pick(look, tuple(picked)))


def pick(look: Look, picked: Sequence[str]) -> Selection:
    """The selection of cards ``picked`` in the hand, in the look's order of
    card kinds (so one set of cards has one key)."""
    order = {k: i for i, k in enumerate(look.card_kinds())}
    picked = tuple(sorted(picked, key=lambda k: (order.get(k, len(order)), k)))
    return Selection("cards", "", words.picked_words(look, picked), picked=picked)


def tap_group(group: Group | Fold) -> Tap:
    """A tap on a folded button: list the actions of its clause, or start a pick
    when they take several cards each."""
    if isinstance(group, Fold):
        return Tap(selection=group.selection)
    if group.picks:
        return Tap(selection=Selection("cards", "", words.picked_words(None, ())))
    return Tap(selection=Selection("clause", group.clause, words.group_heading(group)))


def outlined_cards(look: Look, hand: Any, offered: Sequence[Any]) -> set[str]:
    """The card kinds of the mover's ``hand`` to outline: those an action on
    offer plays, and those the rules treat like them (a tap on one lists
    them: the look's ``same_use``)."""
    cards = {e.card for e in offered if e.card}
    if not cards or isinstance(hand, int):
        return cards
    return cards | {c for c in hand if cards & set(look.same_use(c))}


def picked_places(hand: Any, selection: Selection | None) -> set[int]:
    """The places in ``hand`` of the copies picked: the first copies of each
    kind, as many as are picked."""
    if selection is None or not selection.picking:
        return set()
    return places_of(hand, selection.picked)


def places_of(hand: Any, cards: Sequence[str]) -> set[int]:
    """The places in ``hand`` of ``cards`` (one per copy): the first copies of
    each kind, as many as ``cards`` names."""
    if isinstance(hand, int):
        return set()
    left = Counter(cards)
    places = set()
    for i, kind in enumerate(hand):
        if left[kind] > 0:
            left[kind] -= 1
            places.add(i)
    return places


def mover_space(look: Look, view: State) -> str | None:
    """The space the seat to move stands on in ``view`` (None: none, or the game
    is over). A tap there is on the mover's own piece (``tap_space``'s ``own``)."""
    mover = look.game.to_move(view)
    spaces = look.piece_spaces(view)
    return spaces[mover] if mover is not None and mover < len(spaces) else None


class Choices:
    """The table's gestures that choose: a tap on a space, a card, a button,
    typed words.

    Each asks who may act once (``Seating.ensure_may_act``), then what the tap
    means (the functions above), then plays the action (``Timeline.play``) or
    sets the table's selection.

    Args:
        table: the table whose ``selection`` this part writes.
        seating: who may act now.
        timeline: where a chosen action is played.
    """

    def __init__(self, table: TableLogic, seating: Seating, timeline: Timeline) -> None:
        self.table = table
        self.seating = seating
        self.timeline = timeline

    def shown_actions(self) -> tuple[Explanation, ...]:
        """The legal actions on offer: all of them, or the selection's."""
        if not self.seating.can_act():
            return ()
        return shown(self.table.legal, self.table.selection)

    def offer(self) -> Offer:
        """What the table marks now (``offer``): nothing while the viewer may not
        act for the seat to move."""
        table = self.table
        seat = table.to_move
        if seat is None or not self.seating.can_act():
            return offer(table.look, (), None, ())
        hand = table.look.hand(table.game.view(table.state, self.seating.eyes), seat)
        return offer(table.look, table.legal, table.selection, hand)

    def choose(self, action: Action) -> tuple[Event, ...]:
        """Play an action (object or notation) for the seat to move.

        Played from an earlier step, the game goes on in a new line and the old
        future is kept as a line of its own.

        Raises:
            IllegalActionError: the viewer may not act now (``refusal_to_act``), or
                the action is not legal now (nothing changes either way).
        """
        self.seating.ensure_may_act()
        return self.timeline.play(action)

    def choose_for_seat(self, action: Action) -> tuple[Event, ...]:
        """``choose`` for a transport that has asked whose turn it is for its
        page's seat itself (``Answerer.play``, once): the table asks only what
        is its own (``Seating.refusal_besides_turn``), then plays; legality is
        the match's, as it plays.

        Raises:
            IllegalActionError: the table's refusal, or the action is not legal
                now (nothing changes either way).
        """
        refusal = self.seating.refusal_besides_turn()
        if refusal is not None:
            raise refusal.error()
        return self.timeline.play(action)

    def click_space(self, space: str) -> tuple[Event, ...]:
        """A click on a board space (``tap_space``): play the action that
        involves it, or make it the selection."""
        return self.click_at(lambda targets: space)

    def click_at(self, find: Callable[[list[str]], str | None]) -> tuple[Event, ...]:
        """A click on the board: ``find(targets)`` names the space clicked (a
        screen's hit test, preferring the spaces of the actions on offer), then
        as ``click_space``. Who may act is asked once, first."""
        self.seating.ensure_may_act()
        table = self.table
        on_offer = shown(table.legal, table.selection)
        space = find([s for e in on_offer for s in e.spaces])
        if space is None:
            raise IllegalActionError("TT-PHASE", words.NO_SPACE_THERE)
        return self.take(self.space_tap(space))

    def space_tap(self, space: str) -> Tap:
        """What a tap on ``space`` does now (who may act is not asked). Where no
        choice reaches it and those on offer differ only by their space, the
        game says why that space is not one of them (``choice_at``)."""
        table = self.table
        own = mover_space(table.look, table.game.view(table.state, PUBLIC)) == space
        tap = tap_space(table.look, table.legal, table.selection, space, own)
        if tap.refusal is None:
            return tap
        notation = choice_at(shown(table.legal, table.selection), space)
        why = None if notation is None else table.game.check(table.state, notation)
        if why is None or why.clause == "TT-NOTATION":
            return tap
        return Tap(refusal=why)

    def enter(self, text: str) -> tuple[Event, ...]:
        """Typed words (a screen's command field; a command is answered apart,
        ``TableLogic.command``): a choice's words play it, a space's name is a tap
        on that space (``space_tap``), anything else is read as notation.

        Raises:
            IllegalActionError: as ``choose`` and ``click_space``.
        """
        self.seating.ensure_may_act()
        look = self.table.look
        entry = named_choice(look, self.table.legal, text)
        if entry is not None:
            return self.timeline.play(entry.action)
        space = space_named(look, look.space_ids(), text)
        if space is not None:
            return self.take(self.space_tap(space))
        return self.timeline.play(text)

    def click_plays(self, space: str) -> Explanation | None:
        """The legal action a click on ``space`` plays at once, or None when the
        click makes the space the selection (or does nothing)."""
        return self.space_tap(space).entry

    def play_card(self, card: str | int) -> tuple[Event, ...]:
        """Play a card of the hand of the seat to move, by kind or by hand index
        (``tap_card``). While cards are picked, a tap on a copy already picked
        (by index) puts it back; by kind, a card picks one more copy where a
        choice takes it, else puts one back."""
        self.seating.ensure_may_act()
        table = self.table
        unpick = False
        if isinstance(card, int):
            seat = table.to_move
            assert seat is not None  # the table may act: a seat is to move
            hand = table.look.hand(table.game.view(table.state, seat), seat)
            if isinstance(hand, int) or not 0 <= card < len(hand):
                raise IllegalActionError("TT-NOTATION", words.no_card_at(card))
            unpick = card in picked_places(hand, table.selection)
            card = hand[card]
        tap = tap_card(table.look, table.legal, table.selection, card, unpick)
        return self.take(tap)

    def menu(self) -> tuple[str, list[Any]]:
        """The heading and the buttons on offer now (``menu_heading``,
        ``menu_items``): none while the viewer may not act."""
        if not self.seating.can_act():
            return words.choices_heading(None), []
        table = self.table
        heading = menu_heading(table.look, table.legal, table.selection)
        return heading, menu_items(table.look, table.legal, table.selection)

    def press(self, item: Explanation | Group | Fold) -> tuple[Event, ...]:
        """An action button: play its action, or list a group of them."""
        self.seating.ensure_may_act()
        if isinstance(item, Explanation):
            return self.timeline.play(item.action)
        return self.take(tap_group(item))

    def take(self, tap: Tap) -> tuple[Event, ...]:
        """Do what a tap means (who may act was asked already)."""
        if tap.refusal is not None:
            raise tap.refusal.error()
        if tap.entry is not None:
            return self.timeline.play(tap.entry.action)
        self.table.selection = tap.selection
        return ()
