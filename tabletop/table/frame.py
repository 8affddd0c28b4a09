"""The frame: everything one viewer sees and may do at this moment, as JSON-able data.

A screen draws a frame and sends back what was tapped; it holds no rule of its
own. ``board_payload`` is what never changes (the static board as SVG, its size,
the seats' names and colours, the house rules played); ``view_payload`` is one
viewer's frame of one step, built from that viewer's view and the events as that
viewer reads them (``Event.for_viewer``), so it can show no more than the view
holds:

- ``svg``: the table, the last move's marks and the pieces, and the spaces a tap
  may choose as circles with ``data-space`` (``targets_svg``);
- ``headline``, ``where``, ``recap``, ``last``: the sentences of the moment
  (``tabletop.table.words``); ``told``, the latest steps each told alone with
  its index, so that a page announces each step once (``told_payload``);
- ``hands``: every seat's row, the viewer's own faces and the others' counts;
- ``actions``: the legal actions with their words, why, spaces and card;
- ``named``: what typed words name a space the actions involve (a typed name
  is a tap there: ``tabletop.table.typed``);
- ``menus``: what a tap means, ahead of time (``menus``): for each selection a
  player can reach (``""`` for none, else ``"space:A7"``, ``"card:rope"``,
  ``"clause:PH-4"``), its heading, its buttons, the cards outlined, the space
  ringed, and a tap table for every target space and every card of the hand:
  ``{"play": notation}``, ``{"open": key}`` or ``{"say": words}``
  (``tabletop.table.choices``); ``refusal`` is what every tap says when the
  viewer may not act now (``tabletop.table.seats.turn_refusal``).

The notebook table and the seat page read the same rules and words from
``tabletop.table``, so a tap means the same on every screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tabletop.core import Explanation, Refusal
from tabletop.core.game import Event
from tabletop.core.opaque import Eyes, State
from tabletop.core.options import house_rules_words
from tabletop.core.viewers import as_viewer
from tabletop.draw.look import (
    RING_EDGE,
    TARGET_COLOR,
    TARGET_EDGE_WIDTH,
    Look,
    said_in_a_row,
)
from tabletop.draw.scenes import Moment, marks
from tabletop.draw.shapes import Layer
from tabletop.draw.svg import layer_svg, num
from tabletop.table.announce import turn_words
from tabletop.table.choices import (
    Fold,
    Group,
    Selection,
    Tap,
    group_entries,
    menu_heading,
    menu_items,
    mover_space,
    offer,
    picked_places,
    tap_card,
    tap_group,
    tap_space,
)
from tabletop.table.seats import turn_refusal
from tabletop.table.typed import typed_names
from tabletop.table.words import (
    action_words,
    pending_words,
    recap_turns,
    winner_words,
)
from tabletop.table.words.commands import COMMANDS, answer, board_sentences

#: Milliseconds a freshly drawn control ignores presses, on every screen: the
#: second tap of a double tap, or a tap that crossed a redraw, lands on nothing.
SETTLE_MS = 400
#: The latest steps a view tells one by one (``told``): a page hears every
#: step's view, so it needs only those since the last view it had.
TOLD_STEPS = 12


def board_payload(look: Look) -> dict[str, Any]:
    """What never changes in a room's picture: sent once, with the welcome."""
    game = look.game
    return {
        "width": look.width,
        "height": look.height,
        "board": layer_svg(look.board()),
        "names": [look.seat_name(seat) for seat in range(game.players)],
        "colors": [look.seat_colors[seat] for seat in range(game.players)],
        "inks": [look.seat_ink(seat) for seat in range(game.players)],
        "house_rules": house_rules_words(game),
    }


class LayerMemo:
    """The SVG text of the layers written lately, at most ``size`` of them: a
    room's pages mostly show the same table and pieces from every seat, so each
    is written once per step (``view_payload``'s ``write``)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self.kept: dict[Layer, str] = {}

    def __call__(self, layer: Layer) -> str:
        text = self.kept.get(layer)
        if text is None:
            text = layer_svg(layer)
            if len(self.kept) >= self.size:
                self.kept.pop(next(iter(self.kept)))  # the oldest
            self.kept[layer] = text
        return text


class SentenceMemo:
    """Events in words as each viewer reads them (``look.event_sentence``), the latest
    ``size`` kept: every page of a room reads the same recap step after step, so
    each event is put in words once per viewer; and each step told alone
    (``told_payload``), once per viewer, though a page is told the latest
    ``TOLD_STEPS`` at every view."""

    def __init__(self, look: Look, size: int = 4096) -> None:
        self.look, self.size = look, size
        self.kept: dict[tuple[int, Any], tuple[Any, str]] = {}
        self.steps: dict[tuple[int, Any], tuple[Any, str]] = {}

    def __call__(self, event: Event, viewer: Eyes) -> str:
        # Inline, not through _once: the notebook's log asks this for its last
        # 60 steps' events at every redraw.
        key = (id(event), as_viewer(viewer))
        found = self.kept.get(key)
        if found is not None and found[0] is event:  # the very one, not a reused id
            return found[1]
        return self._once(self.kept, event, viewer, self.look.event_sentence)

    def told(self, step: Any, viewer: Eyes, tell: Callable[[Any, Eyes], str]) -> str:
        """``tell(step, viewer)``, once per step and viewer."""
        return self._once(self.steps, step, viewer, tell)

    def _once(
        self,
        kept: dict[tuple[int, Any], tuple[Any, str]],
        thing: Any,
        viewer: Eyes,
        make: Callable[[Any, Eyes], str],
    ) -> str:
        key = (id(thing), as_viewer(viewer))
        found = kept.get(key)
        if found is not None and found[0] is thing:  # the very one, not a reused id
            return found[1]
        text = make(thing, viewer)
        if len(kept) >= self.size:
            kept.pop(next(iter(kept)))  # the oldest
        kept[key] = (thing, text)
        return text


def view_payload(
    look: Look,
    moment: Moment,
    viewer: Eyes,
    legal: tuple[Any, ...],
    recent: tuple[Any, ...],
    write: Callable[[Layer], str] = layer_svg,
    say: Callable[[Any, Any], str] | None = None,
    actor: tuple[int | None, Refusal | None] | None = None,
    own: tuple[Any, ...] = (),
) -> dict[str, Any]:
    """The page's parts of one view for ``viewer`` (a seat, the public or the
    referee): ``moment`` is the picture's moment (``tabletop.draw.pictures``),
    ``legal`` the viewer's legal actions (its explanations, empty unless it is to
    move), ``recent`` the steps the recap tells, ``write`` what turns a layer
    into SVG (``layer_svg``, or a room's ``LayerMemo``), ``say`` what says an
    event (``look.event_sentence``, or a room's ``SentenceMemo``) and ``actor`` whose
    hand the taps play from and what every tap says instead when nobody may act
    (by default the viewer's seat, refused when it is not its turn:
    ``turn_refusal``). ``own`` is the viewer's own latest step
    (``own_last_step``), said back to them as ``yours`` ("You: rolled 4.", with
    its step's number: a page announces each once)."""
    game, view = look.game, moment.view
    seat = as_viewer(viewer).seat
    if actor is None:
        mover = game.to_move(view)
        actor = (seat, turn_refusal(look, mover, seat) if seat is not None else None)
    layers = (look.table(view), marks(look, moment), look.pieces(view))
    places = look.piece_spaces(view)
    recap = recap_turns(look, recent, viewer, say)
    return {
        "svg": "".join(write(layer) for layer in layers) + targets_svg(look, legal),
        "headline": headline(look, view, seat),
        "hands": [hand_payload(look, view, s, seat) for s in range(game.players)],
        "where": [
            f"{look.seat_name(s)}: {look.space_name(p)}" if p in look.xy else ""
            for s, p in enumerate(places)
        ],
        "here": places[seat] if seat is not None and seat < len(places) else "",
        "actions": [
            {
                "action": str(e.action),
                "words": action_words(look, e),
                "why": look.words(e.text),
                "spaces": [s for s in e.spaces if s in look.xy],
                "card": e.card,
                "clause": e.clause,
            }
            for e in legal
        ],
        "fold": folded(legal),
        "named": typed_names(look, (s for e in legal for s in e.spaces)),
        **menus(look, view, *actor, legal),
        "recap": [list(turn) for turn in recap],
        "yours": yours_payload(look, own, viewer, say),
        "told": told_payload(look, (*own, *recent), viewer, say),
        "last": said_in_a_row(moment.sentences),
        "words": reader_words(look, view, seat, legal, recap),
    }


def reader_words(
    look: Look,
    view: State,
    seat: int | None,
    legal: tuple[Explanation, ...],
    recap: list[tuple[str, str]],
) -> dict[str, Any]:
    """What a page says to a player without sight, ahead of time: the answer to
    every typed command (``tabletop.table.words.commands``; ``who`` is not shown
    on a page) and the board in words (``board_pawns``, ``board_spaces``)."""
    own = mover_space(look, view)

    def tap(space: str) -> Tap:
        return tap_space(look, legal, None, space, space == own)

    menu = (menu_heading(look, legal, None), menu_items(look, legal, None))
    answers = {
        name: answer(name, look, view, seat, legal, menu, recap) for name in COMMANDS
    }
    pawns, spaces = board_sentences(look, view, seat, legal, tap)
    board = [list(pair) for pair in spaces]
    return {"commands": answers, "board_pawns": pawns, "board_spaces": board}


def menus(
    look: Look,
    view: State,
    seat: int | None,
    refusal: Refusal | None,
    legal: tuple[Explanation, ...],
) -> dict[str, Any]:
    """What a tap means for ``seat`` now, ahead of time: ``refusal`` (what any
    tap says when the seat may not act: the game is over, another seat's turn)
    and ``menus``, one per selection a tap can reach (``""``: none), each with
    its heading, buttons (an action's index or a folded group), the cards
    outlined and chosen, the space ringed, and its tap tables.

    A space's tap changes with the selection only when a card was pressed, and
    a card's only when a space was: the ``""`` menu holds every tap, and another
    menu only the taps that differ (a screen looks there first, then in
    ``""``).
    """
    hand = look.hand(view, seat) if seat is not None else 0
    kinds = [] if isinstance(hand, int) else [k for k in dict.fromkeys(hand)]
    kinds = [k for k in kinds if k != "?"]
    index = {id(e): k for k, e in enumerate(legal)}
    own = mover_space(look, view)
    on_space: dict[str, list[Any]] = {}
    for e in legal:
        for s in e.spaces:
            on_space.setdefault(s, []).append(e)

    def space_taps(sel: Selection | None) -> dict[str, Tap]:
        return {s: tap_space(look, es, sel, s, s == own) for s, es in on_space.items()}

    # While cards are picked only the actions taking several count: ask those.
    several = tuple(e for e in legal if len(e.cards) > 1)

    def card_taps(sel: Selection | None, unpick: bool = False) -> dict[str, Tap]:
        picked = sel.picked if unpick and sel is not None else kinds
        pool = several if sel is not None and sel.picking else legal
        return {k: tap_card(look, pool, sel, k, unpick) for k in dict.fromkeys(picked)}

    out: dict[str, Any] = {}
    todo: list[Selection | None] = [None]
    while todo:
        sel = todo.pop()
        key = "" if sel is None else str(sel)
        if key in out:
            continue
        pool = several if sel is not None and sel.picking else legal
        on = offer(look, pool, sel, hand)
        items = menu_items(look, pool, sel)
        taps: dict[str, Any] = {}
        if sel is not None and (sel.part or sel.area):
            # A part or an area of a long list: a tap means what it does there.
            whole = sel.whole()
            taps_from = "" if whole is None else str(whole)
        else:
            taps_from = None
            if sel is None or on.chosen is not None or sel.seat is not None:
                taps["spaces"] = space_taps(sel)
            if sel is None or sel.kind == "space" or sel.picking or on.chosen:
                taps["cards"] = card_taps(sel)
            if sel is not None and sel.picking:
                taps["unpick"] = card_taps(sel, unpick=True)
        opens = [tap_group(i).selection for i in items if isinstance(i, Group | Fold)]
        todo += opens
        todo += [
            t.selection
            for table in taps.values()
            for t in table.values()
            if t.selection is not None
        ]
        out[key] = {
            "heading": menu_heading(look, pool, sel),
            "buttons": [button_json(i, index) for i in items],
            "outlined": sorted(on.outlined),
            "chosen": on.chosen,
            "picking": sel is not None and sel.picking,
            "picked_at": sorted(picked_places(hand, sel)),
            "ringed": on.ringed,
            **({"taps_from": taps_from} if taps_from is not None else {}),
            **{
                name: {k: t.to_json() for k, t in table.items()}
                for name, table in taps.items()
            },
        }
    return {"refusal": refusal.reason if refusal else None, "menus": out}


def button_json(item: Any, index: dict[int, int]) -> dict[str, Any]:
    """A menu's button as a page reads it: an action by its index in the frame's
    actions, or a button that opens another menu (``open``: its key)."""
    if isinstance(item, Group | Fold):
        opens = tap_group(item).selection
        clause = item.clause if isinstance(item, Group) else ""
        key = "" if opens is None else str(opens)
        return {"group": clause, "title": item.title, "open": key}
    return {"index": index[id(item)]}


def folded(legal: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The buttons when nothing is chosen, as the notebook table folds them
    (``group_entries``): an action by its index, or a clause with many actions as
    one button that lists them."""
    where = {id(e): k for k, e in enumerate(legal)}
    return [
        {"group": item.clause, "title": item.title, "label": item.label}
        if isinstance(item, Group)
        else {"index": where[id(item)]}
        for item in group_entries(legal)
    ]


def own_last_step(steps: Any, seat: int | None, back: int = 40) -> tuple[Any, ...]:
    """The seat's own latest step among the latest ``back``, as a 1-tuple (none
    for a watcher or a seat that has not played)."""
    if seat is None:
        return ()
    mine = [step for step in tuple(steps[-back:]) if step.player == seat]
    return tuple(mine[-1:])


def yours_payload(
    look: Look, own: tuple[Any, ...], viewer: Eyes, say: Any
) -> dict[str, Any] | None:
    """The viewer's own latest step said back to them (``recap_turns`` with
    ``own``): ``{"step": its index, "said": "You: rolled 4."}``, or None."""
    if not own:
        return None
    said = _told(recap_turns(look, own, viewer, say, own=True))
    return {"step": own[-1].index, "said": said} if said else None


def _told(turns: list[tuple[str, str]]) -> str:
    """Recap entries as one announcement: "Player 1 (blue): rolled 6. You: ..."."""
    return " ".join(f"{who}: {what}." for who, what in turns if what)


def told_payload(
    look: Look, steps: tuple[Any, ...], viewer: Eyes, say: Any
) -> list[dict[str, Any]]:
    """The latest ``TOLD_STEPS`` of ``steps`` each told alone, in the viewer's
    words (``recap_turns`` with ``own``: the viewer's own as "You: rolled 4."):
    ``[{"step": 7, "said": "Player 1 (blue): rolled 6."}, ...]``. A page hears
    each step's view and announces the steps after the last it announced: a
    turn of several steps is said step by step, each once (its recap entry grows
    with every step, and was said again whole each time)."""
    latest = sorted({step.index: step for step in steps}.items())[-TOLD_STEPS:]

    def alone(step: Any, viewer: Eyes) -> str:
        return _told(recap_turns(look, (step,), viewer, say, own=True))

    told = []
    for index, step in latest:
        if isinstance(say, SentenceMemo):  # a step is told alike at every view
            said = say.told(step, viewer, alone)
        else:
            said = alone(step, viewer)
        if said:
            told.append({"step": index, "said": said})
    return told


def recap_steps(steps: Any, seat: int | None, back: int = 40) -> tuple[Any, ...]:
    """The steps a page's recap tells: for a seat, what the others did since its
    own last step; for a watcher, the latest (at most ``back`` steps either way)."""
    recent = tuple(steps[-back:])
    if seat is not None:
        mine = [k for k, step in enumerate(recent) if step.player == seat]
        recent = recent[mine[-1] + 1 :] if mine else recent
    return recent


def headline(look: Look, view: State, seat: int | None) -> dict[str, Any]:
    """Whose turn it is and what they decide, or the winner, in words; ``said``
    is the sentence the live region announces for it (``turn_words``, as the
    notebook's announcer says it)."""
    game = look.game
    outcome = game.outcome(view)
    said = turn_words(look, view, seat)
    if outcome is not None:
        wins, why = winner_words(look, outcome)
        head = {"over": True, "mine": False, "text": f"\u2605 {wins}", "more": why}
        return head | {"said": said}
    name, pending = pending_words(look, game, view)
    mover = game.to_move(view)
    if mover is not None and mover == seat:
        more = f"{look.seat_name(mover, you=True)} {pending}"
        head = {"over": False, "mine": True, "text": "Your turn!", "more": more}
        return head | {"said": said}
    head = {"over": False, "mine": False, "text": f"{name} to move", "more": pending}
    return head | {"said": said}


def hand_payload(
    look: Look, view: State, seat: int, viewer_seat: int | None
) -> dict[str, Any]:
    """One seat's row: name, note, card count and the faces the view shows (each
    with the kinds a press on it stands for, ``Look.same_use``)."""
    cards = look.hand(view, seat)
    count = cards if isinstance(cards, int) else len(cards)
    faces: list[dict[str, Any] | None] = []  # None: a face the view hides
    if not isinstance(cards, int):
        for kind in cards:
            if kind == "?":
                faces.append(None)
                continue
            face = look.face(kind)
            faces.append(
                {"kind": kind, "name": face.name, "color": face.color,
                 "ink": face.ink, "text": face.text,
                 "alike": list(look.same_use(kind))}
            )  # fmt: skip
    return {
        "seat": seat,
        "you": seat == viewer_seat,
        "count": count,
        "note": look.seat_note(view, seat),
        "cards": faces,
    }


def targets_svg(look: Look, legal: tuple[Any, ...]) -> str:
    """The spaces a tap may choose, ringed as the notebook board rings them, each
    a circle naming its space (``data-space``, ``data-name`` and a title)."""
    xy, rings = look.xy, []
    for sid in dict.fromkeys(s for e in legal for s in e.spaces):
        if sid not in xy:
            continue
        x, y = xy[sid]
        name = look.space_name(sid)
        # A dark edge under the ring (as ``Look.marks`` draws it), wide enough to
        # show either side of a selected ring (the page's ``.target.selected``).
        rings.append(
            f'<circle class="target-edge" cx="{num(x)}" cy="{num(y)}" '
            f'r="{num(look.space_radius(sid) - 4)}" fill="none" stroke="{RING_EDGE}" '
            f'stroke-width="{TARGET_EDGE_WIDTH + 2}" pointer-events="none"/>'
        )
        rings.append(
            f'<circle class="target" data-space={quoteattr(sid)} '
            f"data-name={quoteattr(name)} "
            f'cx="{num(x)}" cy="{num(y)}" r="{num(look.space_radius(sid) - 4)}" '
            f'fill="none" stroke="{TARGET_COLOR}" stroke-width="3">'
            f"<title>{escape(name)}</title></circle>"
        )
    return f'<g class="layer-targets">{"".join(rings)}</g>'
