"""The panels around the board: actions, status, event log, timeline, inspector, seats.

Each panel is a small class holding its widgets (``.widget``) and a ``render`` that
updates them from values the Table computed; gestures go back through callbacks the
Table gives (already wrapped so that an error shows in the UI).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from tabletop.core import Explanation
from tabletop.table.choices import LIST_MAX, Fold
from tabletop.table.words import Group
from tabletop.table.words import panels as said

MAX_BUTTONS = LIST_MAX  # the most buttons a list shows (the table's logic folds)
MANY = 6  # more buttons than this: two to a row


class ActionsPanel:
    """One button per legal action (label in words; tooltip: the notation and why).

    Buttons are made fresh for every render and each one remembers the render it
    was drawn for (``token``): a click on a button of an earlier render (the second
    click of a double-click, a click that crossed an update) is handed back with
    that old token and dropped by the table instead of acting on whatever replaced
    it. Fresh buttons never inherit the focus of the ones they replace, so Enter
    cannot press a button the player has not seen.
    """

    def __init__(
        self,
        on_choose: Callable[[Any, int], None],
        on_clear: Callable[[], None],
        on_notation: Callable[[str], bool],
        on_bots: Callable[[], None],
        on_pick: Callable[[int], None] | None = None,
    ) -> None:
        self._on_choose = on_choose
        self._on_pick = on_pick or (lambda index: None)
        # The hand as buttons too (the hand is a canvas): a keyboard or a
        # screen reader plays, picks and puts back a card by its button, named
        # by the words it shows, under the heading "Your hand".
        self.hand_title = w.HTML("<b>Your hand</b>", layout=w.Layout(display="none"))
        self.hand_title.add_class("tabletop-hand-title")
        self.picker = w.Box(layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.picker.add_class("tabletop-picker")
        self._picks: tuple = ()
        #: Answers a typed command (``TableLogic.command``): its words, or None
        #: when the text is no command (then it is played as an action).
        self.command: Callable[[str], str | None] = lambda text: None
        self.answer = w.HTML()
        self.answer.add_class("tabletop-answer")
        self.box = w.Box(layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.box.add_class("tabletop-action-box")
        self.title = w.HTML()
        self.title.add_class("tabletop-actions-title")
        self.why = w.HTML()
        self.why.add_class("tabletop-why")
        # Above the narrowed list, so a long one (25 discards) is left at once.
        self.clear = w.Button(
            description="\u2190 all choices", layout=w.Layout(width="auto")
        )
        self.clear.on_click(lambda _: on_clear())
        self.bots = w.Button(
            description="Let the bots play",
            tooltip="the bot seats play from this step on",
            layout=w.Layout(width="auto", display="none"),
        )
        self.bots.add_class("tabletop-bots-here")
        self.bots.on_click(lambda _: on_bots())
        # Named by a visible label (its ``<label for>``), not by the placeholder
        # alone, which a screen reader may skip and which goes when typing.
        self.notation = w.Text(
            description="Or type",
            placeholder="an action or a command, then Enter",
            continuous_update=False,
            layout=w.Layout(width="95%"),
            style={"description_width": "initial"},
        )
        self.notation.add_class("tabletop-notation")
        self._on_notation = on_notation
        self.notation.observe(self._typed, names="value")
        # A typed action's refusal is said under the field too: the notice line
        # above the board may be out of view below a long list of choices.
        self.typed_refusal = w.HTML()
        self.typed_refusal.add_class("tabletop-typed-refusal")
        # The explanations (``why``) are placed by the table, below the recap.
        self.widget = w.VBox(
            [
                self.title,
                self.clear,
                self.box,
                self.hand_title,
                self.picker,
                self.bots,
                self.notation,
                self.answer,
                self.typed_refusal,
            ]
        )
        self.widget.add_class("tabletop-actions")
        self.shown: tuple[Explanation, ...] = ()
        self.items: list[Any] = []
        self.token = -1
        self.words: Callable[[Any], str] = lambda e: e.label or str(e.action)
        self.say: Callable[[str], str] = lambda text: text
        self.hint: Callable[[Any], str] = lambda entry: ""
        #: The hint's choice, outlined on every render until the table moves on
        #: (``suggest``, ``forget_suggestion``): its button, or the folded button
        #: holding it, and the cards it takes in the hand.
        self.suggestion: Explanation | None = None
        self._suggestion_note = ""

    @property
    def buttons(self) -> list[w.Button]:
        return list(self.box.children)

    def _typed(self, change: dict) -> None:
        """Play what was typed (Enter). The callback answers whether the field
        empties: it does when the action played, and keeps a refused text to be
        mended."""
        text = change["new"].strip()
        if not text:
            return
        said = self.command(text)
        if said is not None:  # a command: answered in words, and announced
            self.answer.value = f"<p>{html.escape(said)}</p>"
            self.notation.value = ""
            return
        self.answer.value = ""
        if self._on_notation(text):
            self.notation.value = ""

    def _fresh(self, item: Any, token: int, details: bool) -> w.Button:
        b = w.Button(layout=w.Layout(width="auto", margin="2px"))
        b.add_class("tabletop-action")
        if isinstance(item, Fold):
            b.description = item.title
            b.tooltip = "press to see these choices"
            b.button_style = "warning"
        elif isinstance(item, Group):
            b.description = item.title
            b.tooltip = (
                f"{item.count} choices: press, then pick the cards in your hand"
                if item.picks
                else f"{item.count} choices: press to list them"
            ) + (f" [{item.clause}]" if details else "")
            b.button_style = "warning"
        else:
            b.description = self.words(item)
            hint = self.hint(item)
            b.tooltip = (
                f"{self.say(item.text)}"
                + (f" \u2014 {hint}" if hint else "")
                + f" \u2014 notation: {item.action}"
                + (f" [{item.clause}]" if details else "")
            )
            b.button_style = "info" if item.card else ""
        b.on_click(lambda _b: self._on_choose(item, token))
        return b

    def render(
        self,
        items: Sequence[Any],
        shown: Sequence[Explanation],
        total: int,
        selection: Any,
        heading: str,
        token: int = 0,
        details: bool = False,
        bots_here: bool = False,
        picks: Sequence[tuple[str, str, bool, bool]] = (),
    ) -> None:
        """Show the buttons ``items`` (the table's logic chose them and folded a
        long list: ``tabletop.table.choices.menu_items``) for the actions on
        offer, ``shown``; ``picks`` holds the hand of the eyes' seat in order as
        ``(name, what it does, picked, playable)``."""
        self._render_picks(tuple(picks))
        self.shown = tuple(shown)
        self.items = list(items)
        if token != self.token or not self.box.children and self.items:
            old = self.box.children
            self.box.children = [self._fresh(item, token, details) for item in items]
            for b in old:
                b.close()
            self.token = token
            if self.suggestion is not None:
                self._outline(self.suggestion.action, self._suggestion_note)
        # Many choices: two to a row (long labels wrap), so they fit beside the board.
        if len(self.box.children) > MANY:
            self.box.add_class("tabletop-many")
        else:
            self.box.remove_class("tabletop-many")
        self.title.value = f"<b>{html.escape(heading)}</b>"
        self.clear.layout.display = "" if selection else "none"
        self.bots.layout.display = "" if bots_here else "none"
        # One line per button: a folded group is one line, not one per choice in it.
        rows = [
            (
                f"<li><b>{html.escape(item.title)}</b>: press it to see them"
                if isinstance(item, Fold)
                else f"<li><b>{html.escape(item.title)}</b>: "
                f"{item.count} choices of this kind; press it, then pick the cards "
                "in your hand"
                if isinstance(item, Group) and item.picks
                else f"<li><b>{html.escape(item.title)}</b>: "
                f"{item.count} choices of this kind; press it to list them"
                if isinstance(item, Group)
                else f"<li><b>{html.escape(self.words(item))}</b>: "
                f"{html.escape(self.say(item.text))}"
            )
            + (
                f" <code>{html.escape(item.clause)}</code>"
                if details and not isinstance(item, Fold)
                else ""
            )
            + "</li>"
            for item in self.items
        ]
        self.why.value = (
            f"<ul style='margin:0;padding-left:18px'>{''.join(rows)}</ul>"
            if rows
            else ""
        )
        self.notation.disabled = total == 0

    def _render_picks(self, picks: tuple) -> None:
        """The hand's cards as buttons (``hand_buttons``): a card a choice plays
        is marked playable, a card picked says so ("\u2713 Rope"). A button is
        redressed only when what it says changes and made only when the hand
        grows past the buttons made (a row made anew at every move cost a third
        of a gesture); a button not needed now is hidden and blanked, so no
        card stays in the page behind the hand-over screen. A click goes through
        the table's gesture guard, which drops it when the page had not yet
        shown the latest render (the second click of a double click on a card
        that changed)."""
        if picks == self._picks:
            return
        before, self._picks = self._picks, picks
        buttons = list(self.picker.children)
        for index, pick in enumerate(picks):
            if index >= len(buttons):
                button = w.Button(layout=w.Layout(width="auto", margin="2px"))
                button.add_class("tabletop-pick")
                button.on_click(lambda _b, i=index: self._on_pick(i))
                buttons.append(button)
            elif index < len(before) and before[index] == pick:
                continue
            _dress_card(buttons[index], *pick)
        for button in buttons[len(picks) : len(before)]:
            _dress_card(button, "", "", False, False, shown=False)
        if len(buttons) != len(self.picker.children):
            self.picker.children = buttons
        shown = "" if picks else "none"
        self.picker.layout.display = self.hand_title.layout.display = shown

    def suggest(self, action: Any, note: str = "") -> bool:
        """Outline the button of ``action`` (or the folded button holding it),
        and only that one, with ``note`` heading its tooltip, now and on every
        render until ``forget_suggestion``; False when no button shows it."""
        entry = next((e for e in self.shown if e.action == action), None)
        self.suggestion, self._suggestion_note = entry, note
        return self._outline(action, note)

    def forget_suggestion(self) -> None:
        """The table moved on: the hint's outline goes."""
        self.suggestion = None
        for button in self.box.children:
            button.remove_class("tabletop-suggested")

    def _outline(self, action: Any, note: str) -> bool:
        clause = next((e.clause for e in self.shown if e.action == action), None)
        found = False
        for button, item in zip(self.box.children, self.items, strict=False):
            if isinstance(item, Fold):
                where = item.selection
                mine = any(
                    e.action == action and (where is None or where.matches(e))
                    for e in self.shown
                )
            elif isinstance(item, Group):
                mine = clause is not None and item.clause == clause
            else:
                mine = item.action == action
            if mine and not found:
                button.add_class("tabletop-suggested")
                if note and not button.tooltip.startswith(note):
                    button.tooltip = f"{note} \u2014 {button.tooltip}"
                found = True
            else:
                button.remove_class("tabletop-suggested")
        return found


class HandOver:
    """The screen between two human seats: "pass to Player N", then reveal.

    While it shows, the table shows nothing any seat may not see; the button is the
    only way on, pressed by the player who now has the laptop.
    """

    def __init__(self, on_reveal: Callable[[], None]) -> None:
        self.text = w.HTML()
        self.text.add_class("tabletop-handover-text")
        self.button = w.Button(
            description="Show my hand",
            button_style="success",
            layout=w.Layout(width="auto"),
        )
        self.button.add_class("tabletop-reveal")
        self.button.on_click(lambda _: on_reveal())
        self.widget = w.VBox(
            [self.text, self.button],
            layout=w.Layout(
                display="none",
                border="2px solid #00838f",
                padding="10px",
                margin="0 0 6px 0",
            ),
        )
        self.widget.add_class("tabletop-handover")

    def render(self, name: str | None, recap: str = "") -> None:
        if name is None:
            self.widget.layout.display = "none"
            return
        title, ask, button = said.pass_the_laptop(name)
        self.text.value = (
            f"<div style='font-size:18px'><b>{html.escape(title)}</b></div>"
            f"<div>{html.escape(ask)}</div>"
            + (f"<div style='margin-top:6px'>{recap}</div>" if recap else "")
        )
        self.button.description = button
        self.widget.layout.display = ""


class Timeline:
    """A slider over the steps, start/back/forward/end buttons, and the lines.

    Playing from an earlier step starts a new line; the old future stays listed
    under "line" and can be taken up again.
    """

    def __init__(
        self,
        on_goto: Callable[[int], None],
        on_fork: Callable[[], None],
        on_line: Callable[[int], None],
    ):
        self._on_goto = on_goto
        self._on_line = on_line
        self._quiet = False
        self.slider = w.IntSlider(
            min=0,
            max=0,
            value=0,
            description="step",
            continuous_update=False,
            layout=w.Layout(width="260px"),
            style={"description_width": "36px"},
        )
        self.slider.observe(self._slid, names="value")
        bt = {}
        for name, label, tip in (
            ("start", "|\u25c0", "jump to the start"),
            ("back", "\u25c0", "one step back"),
            ("forward", "\u25b6", "one step forward"),
            ("end", "\u25b6|", "jump to the last step"),
            ("fork", "new line here", "keep this line and play on from here"),
        ):
            bt[name] = w.Button(
                description=label,
                tooltip=tip,
                layout=w.Layout(width="auto", min_width="36px"),
            )
            bt[name].add_class(f"tabletop-{name}")
        self.buttons = bt
        self.lines = w.Dropdown(
            options=[("line 1", 0)],
            value=0,
            description="line",
            layout=w.Layout(width="240px"),
            style={"description_width": "32px"},
        )
        self.lines.add_class("tabletop-lines")
        self.lines.observe(self._picked, names="value")
        self.widget = w.HBox(
            [self.slider, *bt.values(), self.lines],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )

    def _slid(self, change: dict) -> None:
        if not self._quiet:
            self._on_goto(change["new"])

    def _picked(self, change: dict) -> None:
        if not self._quiet and change["new"] is not None:
            self._on_line(change["new"])

    def render(
        self, step: int, length: int, lines: Sequence[str] = ("line 1",), line: int = 0
    ) -> None:
        self._quiet = True
        try:
            with self.slider.hold_sync():
                self.slider.max = length
                self.slider.value = step
            options = [(text, i) for i, text in enumerate(lines)]
            if list(self.lines.options) != options:
                self.lines.options = options
            if self.lines.value != line:
                self.lines.value = line
        finally:
            self._quiet = False
        self.lines.layout.display = "" if len(lines) > 1 else "none"
        self.buttons["start"].disabled = self.buttons["back"].disabled = step == 0
        self.buttons["forward"].disabled = self.buttons["end"].disabled = step == length
        self.buttons["fork"].disabled = step == length


class SeatControls:
    """Human or bot per seat, whose eyes the table sees through, and auto-play."""

    def __init__(
        self,
        names: Sequence[str],
        kinds: Sequence[str],
        on_seat: Callable[[int, str], None],
        on_viewer: Callable[[int | None], None],
        on_auto: Callable[[], None],
    ) -> None:
        self._quiet = False
        self.kinds = w.VBox()
        self.dropdowns = []
        for seat, name in enumerate(names):
            dd = w.Dropdown(
                options=list(kinds),
                value=kinds[0],
                description=name,
                style={"description_width": "150px"},
                layout=w.Layout(width="280px"),
            )
            dd.observe(
                lambda ch, s=seat: self._quiet or on_seat(s, ch["new"]), names="value"
            )
            self.dropdowns.append(dd)
        self.kinds.children = self.dropdowns
        options = [("everything (no secrets)", -1)] + [
            (n, i) for i, n in enumerate(names)
        ]
        self.viewer = w.Dropdown(
            options=options,
            value=-1,
            description="view as",
            layout=w.Layout(width="280px"),
        )
        self.viewer.observe(
            lambda ch: self._quiet or on_viewer(None if ch["new"] < 0 else ch["new"]),
            names="value",
        )
        wide = {"indent": False, "layout": w.Layout(width="auto")}
        self.hot_seat = w.Checkbox(
            value=True, description="hot seat: view as the human seat to move", **wide
        )
        self.auto = w.Checkbox(
            value=True, description="bots move by themselves", **wide
        )
        self.play = w.Button(description="bots play now", tooltip="let bot seats move")
        self.play.add_class("tabletop-autoplay")
        self.play.on_click(lambda _: on_auto())
        self.referee = w.Checkbox(value=False, description=said.REFEREE_BOX, **wide)
        self.referee.add_class("tabletop-referee-view")
        self.widget = w.VBox(
            [self.kinds, self.viewer, self.referee, self.hot_seat, self.auto, self.play]
        )

    def render(
        self,
        kinds: Sequence[str],
        viewer: int | None,
        hot_seat: bool,
        auto: bool,
        referee: bool = False,
    ) -> None:
        """Show the seats' state without calling back (these are not gestures)."""
        self._quiet = True
        try:
            self._show(kinds, viewer)
            self.hot_seat.value = hot_seat
            self.auto.value = auto
            self.referee.value = referee
        finally:
            self._quiet = False

    def _show(self, kinds: Sequence[str], viewer: int | None) -> None:
        for dd, kind in zip(self.dropdowns, kinds, strict=True):
            if kind not in dd.options:
                dd.options = [*dd.options, kind]
            if dd.value != kind:
                dd.value = kind
        value = -1 if viewer is None else viewer
        if self.viewer.value != value:
            self.viewer.value = value


def _dress_card(
    button: w.Button,
    name: str,
    tip: str,
    picked: bool,
    playable: bool,
    *,
    shown: bool = True,
) -> None:
    """A card's button as the hand shows it now: its name (ticked when picked),
    what it does, and the playable and picked marks; hidden unless ``shown``."""
    display = "" if shown else "none"
    if button.layout.display != display:
        button.layout.display = display
    with button.hold_sync():  # one message for the button
        button.description = f"\u2713 {name}" if picked else name
        button.tooltip = f"{name}: picked, press to put it back" if picked else tip
        for mark, on in (
            ("tabletop-playable", playable),
            ("tabletop-picked", picked),
        ):
            if on:
                button.add_class(mark)
            else:
                button.remove_class(mark)
        button.button_style = "danger" if picked else ""
