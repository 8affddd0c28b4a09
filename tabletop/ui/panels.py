"""The panels around the board: actions, status, event log, timeline, inspector, seats.

Each panel is a small class holding its widgets (``.widget``) and a ``render`` that
updates them from values the Table computed; gestures go back through callbacks the
Table gives (already wrapped so that an error shows in the UI).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from tabletop.core import Explanation

MAX_BUTTONS = 36
GROUP_OVER = 14


def _pre(text: str, css: str) -> str:
    style = "margin:0;white-space:pre-wrap"
    return f'<pre class="{css}" style="{style}">{html.escape(text)}</pre>'


class ActionsPanel:
    """One button per legal action (label; tooltip: why, with the clause)."""

    def __init__(
        self,
        on_choose: Callable[[Any], None],
        on_clear: Callable[[], None],
        on_notation: Callable[[str], None],
    ) -> None:
        self._on_choose = on_choose
        self.buttons: list[w.Button] = []
        self.box = w.Box(layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.title = w.HTML()
        self.why = w.HTML(layout=w.Layout(max_height="140px", overflow="auto"))
        self.why.add_class("tabletop-why")
        self.clear = w.Button(description="show all", layout=w.Layout(width="90px"))
        self.clear.on_click(lambda _: on_clear())
        self.notation = w.Text(
            placeholder="or type an action, then Enter",
            continuous_update=False,
            layout=w.Layout(width="90%"),
        )
        self.notation.add_class("tabletop-notation")
        self._on_notation = on_notation
        self.notation.observe(self._typed, names="value")
        self.widget = w.VBox(
            [self.title, self.box, self.clear, self.why, self.notation]
        )
        self.widget.add_class("tabletop-actions")
        self.shown: tuple[Explanation, ...] = ()
        self.items: list[Any] = []

    def _typed(self, change: dict) -> None:
        text = change["new"].strip()
        if text:
            self.notation.value = ""
            self._on_notation(text)

    def _button(self, i: int) -> w.Button:
        while len(self.buttons) <= i:
            index = len(self.buttons)
            b = w.Button(layout=w.Layout(width="auto", margin="2px"))
            b.add_class("tabletop-action")
            b.on_click(lambda _b, k=index: self._on_choose(self.items[k]))
            self.buttons.append(b)
        return self.buttons[i]

    def render(
        self, entries: Sequence[Explanation], total: int, selection: str, heading: str
    ) -> None:
        """Show the entries (grouped by clause when there are many and no selection)."""
        self.shown = tuple(entries)
        self.items = group_entries(entries) if not selection else list(entries)
        buttons = []
        for i, item in enumerate(self.items[:MAX_BUTTONS]):
            b = self._button(i)
            if isinstance(item, Group):
                b.description = f"{item.label}… ({item.count})"
                b.tooltip = (
                    f"{item.count} choices under {item.clause}: press to list them"
                )
                b.button_style = "warning"
            else:
                b.description = item.label or str(item.action)
                b.tooltip = f"{item.text} [{item.clause}]"
                b.button_style = "info" if item.card else ""
            buttons.append(b)
        if tuple(self.box.children) != tuple(buttons):
            self.box.children = buttons
        more = len(self.items) - len(buttons)
        note = (
            f" ({more} more: click the board or a card to narrow)" if more > 0 else ""
        )
        picked = f" at <b>{html.escape(selection)}</b>" if selection else ""
        self.title.value = f"<b>{html.escape(heading)}</b>{picked}{note}"
        self.clear.layout.display = "" if selection else "none"
        rows = [
            f"<li><b>{html.escape(e.label or str(e.action))}</b>: {html.escape(e.text)}"
            f" <code>{html.escape(e.clause)}</code></li>"
            for e in entries[:12]
        ]
        self.why.value = f"<ul style='margin:0;padding-left:18px'>{''.join(rows)}</ul>"
        self.notation.disabled = total == 0


@dataclass(frozen=True, slots=True)
class Group:
    """Several legal actions under one clause, shown as one button."""

    clause: str
    label: str
    count: int


def group_entries(entries: Sequence[Explanation], over: int = GROUP_OVER) -> list[Any]:
    """The entries, with each clause that has many of them folded into a Group."""
    if len(entries) <= over:
        return list(entries)
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.clause] = counts.get(e.clause, 0) + 1
    out: list[Any] = []
    seen = set()
    for e in entries:
        if counts[e.clause] < 3:
            out.append(e)
        elif e.clause not in seen:
            seen.add(e.clause)
            word = (e.label or str(e.action)).split(" ")[0]
            out.append(Group(e.clause, word, counts[e.clause]))
    return out


class Timeline:
    """A slider over the steps, with start/back/forward/end and fork buttons."""

    def __init__(self, on_goto: Callable[[int], None], on_fork: Callable[[], None]):
        self._on_goto = on_goto
        self._quiet = False
        self.slider = w.IntSlider(
            min=0,
            max=0,
            value=0,
            description="step",
            continuous_update=False,
            layout=w.Layout(width="320px"),
        )
        self.slider.observe(self._slid, names="value")
        bt = {}
        for name, label, tip in (
            ("start", "|\u25c0", "jump to the start"),
            ("back", "\u25c0", "one step back"),
            ("forward", "\u25b6", "one step forward"),
            ("end", "\u25b6|", "jump to the last step"),
            ("fork", "fork here", "drop the steps ahead and play on"),
        ):
            bt[name] = w.Button(
                description=label,
                tooltip=tip,
                layout=w.Layout(width="auto", min_width="36px"),
            )
            bt[name].add_class(f"tabletop-{name}")
        self.buttons = bt
        self.widget = w.HBox([self.slider, *bt.values()])

    def _slid(self, change: dict) -> None:
        if not self._quiet:
            self._on_goto(change["new"])

    def render(self, step: int, length: int) -> None:
        self._quiet = True
        try:
            with self.slider.hold_sync():
                self.slider.max = length
                self.slider.value = step
        finally:
            self._quiet = False
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
        self.widget = w.VBox(
            [self.kinds, self.viewer, self.hot_seat, self.auto, self.play]
        )

    def render(
        self, kinds: Sequence[str], viewer: int | None, hot_seat: bool, auto: bool
    ) -> None:
        """Show the seats' state without calling back (these are not gestures)."""
        self._quiet = True
        try:
            self._show(kinds, viewer)
            self.hot_seat.value = hot_seat
            self.auto.value = auto
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


def log_html(lines: Sequence[str], limit: int = 50) -> str:
    """The event log, newest first, clause IDs in code style."""
    rows = []
    for line in reversed(lines[-limit:]):
        text = html.escape(line)
        if text.endswith(")") and " (" in text:
            head, _, clause = text.rpartition(" (")
            text = f"{head} <code>{clause[:-1]}</code>"
        rows.append(f"<div>{text}</div>")
    return "".join(rows) or "<i>nothing has happened yet</i>"


def inspector_html(text: str, secrets: Sequence[tuple[str, str]]) -> str:
    """The state as text, then each secret part and who may not see it."""
    rows = "".join(
        f"<li><b style='color:#b71c1c'>secret</b> <code>{html.escape(path)}</code>: "
        f"{html.escape(who)}</li>"
        for path, who in secrets
    )
    marked = f"<p><b>Secret parts</b></p><ul>{rows}</ul>" if rows else ""
    return _pre(text, "tabletop-state") + marked


def json_diff(a: Any, b: Any, path: str = "", depth: int = 3) -> list[str]:
    """The paths where two JSON values differ (to find what a view redacts)."""
    if a == b:
        return []
    if depth and isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b), key=str):
            out += json_diff(
                a.get(key), b.get(key), f"{path}.{key}" if path else str(key), depth - 1
            )
        return out
    nested = isinstance(a, list) and any(isinstance(x, list | dict) for x in a)
    if depth and nested and isinstance(b, list) and len(a) == len(b):
        # Lists of records (one hand per seat) name each record; flat lists (a
        # deck) are one secret as a whole.
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += json_diff(x, y, f"{path}[{i}]", depth - 1)
        return out
    return [path or "(all)"]
