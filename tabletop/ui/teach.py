"""Teach mode: a panel of the Table that explains every legal action and, on request,
why a tempting action is not legal.

Everything it says comes from the game: ``explain()`` for the legal actions (clause,
sentence, the spaces involved) and ``check()`` for refusals. It never re-derives a
rule. Pressing an action's *explain* button shows its explanation and rings its
spaces on the board; the *why not?* box takes any notation (or one of the offered
tempting actions) and shows the game's refusal with its clause.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from tabletop.core import Explanation, Refusal
from tabletop.core.registry import part_of
from tabletop.ui.texts import action_words, words

if TYPE_CHECKING:
    from tabletop.ui.panel_parts import PanelParts

MAX_BUTTONS = 12
SHAPE_CLAUSES = ("TT-PHASE", "TT-TURN", "TT-OVER")


class TeachPanel:
    """The teach panel of a Table (shown while ``table.teach`` is on).

    Args:
        parts: what it is given of the table it explains (``PanelParts``): the
            model whose traits it observes, the look, the guard that shows a
            callback's error on the table, renders and its place under the board.
    """

    def __init__(self, parts: PanelParts) -> None:
        self.parts = parts
        self.model = model = parts.model
        self.look = parts.look
        guard = parts.guard
        self.focused: Explanation | None = None
        self.asked_space = ""
        # The rules details switch lives in the Rules details tab; a lesson's
        # compact table has no tabs, so the panel carries its own switch and says so.
        compact = parts.compact
        where = "just below" if compact else "in the Rules details tab"
        self.heading = w.HTML(
            "<b>Teach mode</b>: every legal action and why it is allowed. Press "
            "<i>explain</i> to ring its spaces on the board; ask <i>why not?</i> "
            f"about any other action. (Turn on <i>rules details</i> {where} to "
            "see the rule clause of each.)"
        )
        self.details = w.Checkbox(
            value=bool(model.details),
            description="rules details (clause IDs)",
            indent=False,
            layout=w.Layout(width="auto", display="" if compact else "none"),
        )
        self.details.add_class("tabletop-teach-details")
        self.details.observe(
            guard(lambda ch: setattr(model, "details", ch["new"])), names="value"
        )
        self.listing = w.HTML()
        self.listing.add_class("tabletop-teach-list")
        self.buttons = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.detail = w.HTML()
        self.detail.add_class("tabletop-teach-detail")
        self.ask = w.Combobox(
            placeholder="why can't I ...? e.g. play jump",
            ensure_option=False,
            layout=w.Layout(width="260px"),
        )
        self.ask.add_class("tabletop-teach-ask")
        self.ask_button = w.Button(description="Why not?", button_style="warning")
        self.ask_button.add_class("tabletop-teach-whynot")
        self.ask_button.on_click(guard(lambda _: self.why_not(self.ask.value)))
        self.widget = w.VBox(
            [
                self.heading,
                self.details,
                self.listing,
                self.buttons,
                w.HBox([self.ask, self.ask_button]),
                self.detail,
            ],
            layout=w.Layout(border="1px solid #f0b429", padding="4px", width="100%"),
        )
        self.widget.add_class("tabletop-teach")
        model.observe(
            guard(self._changed), names=["state", "legal", "viewer", "details"]
        )
        model.observe(guard(self._toggle), names="teach")

    # -- what the panel shows -----------------------------------------------------
    def entries(self) -> tuple[Explanation, ...]:
        """The legal actions the viewer may see explained."""
        return tuple(self.model.legal) if self.model.can_act() else ()

    def refresh(self) -> None:
        """Rebuild the listing, the explain buttons and the tempting actions."""
        if self.model.state is None:
            return  # the table is still being built
        entries = self.entries()
        if self.focused not in entries:
            self.focused = None
            self.asked_space = ""
            self.detail.value = ""
        self.listing.value = listing_html(
            entries,
            words(self.model, self.model.game.pending(self.model.state)),
            self.model.details,
            lambda e: action_words(self.model, e),
            lambda text: words(self.model, text),
        )
        self.buttons.children = self._buttons(entries)
        self.ask.options = tuple(tempting(self.model.match))

    def _buttons(self, entries: tuple[Explanation, ...]) -> tuple[w.Button, ...]:
        if len(entries) > MAX_BUTTONS:
            firsts: dict[str, Explanation] = {}
            for entry in entries:
                firsts.setdefault(entry.clause, entry)
            picked = list(firsts.values())[:MAX_BUTTONS]
        else:
            picked = list(entries)
        out = []
        for entry in picked:
            button = w.Button(
                description=f"explain: {action_words(self.model, entry)}",
                tooltip=entry.text + self._code(entry.clause, "[{}]"),
                layout=w.Layout(width="auto"),
            )
            button.add_class("tabletop-teach-explain")
            button.on_click(self.parts.guard(lambda _, e=entry: self.focus(e)))
            out.append(button)
        return tuple(out)

    def focus(self, entry: Explanation | Any) -> Explanation:
        """Explain one legal action (an Explanation, action or notation) in detail
        and ring its spaces on the board."""
        if not isinstance(entry, Explanation):
            notation = str(self.model.game.parse_action(entry)) if isinstance(
                entry, str) else str(entry)  # fmt: skip
            found = [e for e in self.entries() if str(e.action) == notation]
            if not found:
                refusal = self.why_not(notation)
                raise (refusal or Refusal("TT-PHASE", "not legal now")).error()
            entry = found[0]
        self.focused, self.asked_space = entry, ""
        label = self.look.space_name
        spaces = ", ".join(label(sp) for sp in entry.spaces) or "no board space"
        self.detail.value = (
            f"<div class='tabletop-teach-legal'><b>"
            f"{html.escape(action_words(self.model, entry))}"
            f"</b> is legal: {html.escape(words(self.model, entry.text))}"
            f"{self._code(entry.clause)}"
            f"<br><small>on the board: {html.escape(spaces)}</small></div>"
        )
        self.parts.render()
        return entry

    def focus_space(self) -> str:
        """The board space the panel is about: the explained action's first space,
        or the space named by the last why-not question ('' for none)."""
        if not self.model.teach:
            return ""
        if self.focused is not None and self.focused.spaces:
            return self.focused.spaces[0]
        return self.asked_space

    def why_not(self, action: Any) -> Refusal | None:
        """Why ``action`` (notation or object) is not legal now: the game's refusal
        with its clause, shown in the panel. ``None`` when it is legal."""
        text = str(action).strip()
        refusal = self.model.match.check(text if isinstance(action, str) else action)
        named = [w for w in text.upper().split() if w in self.look.xy]
        self.focused, self.asked_space = None, named[-1] if named else ""
        self.parts.render()
        if refusal is None:
            legal = [e for e in self.entries() if str(e.action) == str(
                self.model.game.parse_action(text))]  # fmt: skip
            said = words(self.model, legal[0].text) if legal else ""
            why = f": {html.escape(said)}{self._code(legal[0].clause)}" if (
                legal) else ""  # fmt: skip
            self.detail.value = (
                f"<div class='tabletop-teach-legal'><b>{html.escape(text)}</b> is "
                f"legal now{why}</div>"
            )
            return None
        self.detail.value = (
            f"<div class='tabletop-teach-refusal'>Why not <b>{html.escape(text)}</b>? "
            f"{html.escape(self.look.refusal_words(refusal.reason))}"
            f"{self._code(refusal.clause)}</div>"
        )
        return refusal

    def _code(self, clause: str, form: str = "<code>{}</code>") -> str:
        """A clause ID, shown only with the table's rules details on."""
        return " " + form.format(html.escape(clause)) if self.model.details else ""

    def _changed(self, change: dict | None = None) -> None:
        if self.details.value != bool(self.model.details):
            self.details.value = bool(self.model.details)
        if self.model.teach:
            self.refresh()

    def _toggle(self, change: dict) -> None:
        """Show the panel below the board while teach mode is on."""
        self.focused = None
        self.parts.place(self.widget, bool(change["new"]))
        if change["new"]:
            self.refresh()


def listing_html(
    entries: Iterable[Explanation],
    pending: str,
    details: bool = True,
    label: Callable[[Explanation], str] | None = None,
    say: Callable[[str], str] | None = None,
) -> str:
    """Every legal action grouped by the clause that allows it (the clause IDs
    shown with ``details``; ``label`` names an action, ``say`` puts its text in
    words)."""
    say = say or (lambda text: text)

    def name(e: Explanation) -> str:
        return label(e) if label is not None else e.label or str(e.action)

    groups: dict[str, list[Explanation]] = {}
    for entry in entries:
        groups.setdefault(entry.clause, []).append(entry)
    if not groups:
        return f"<i>{html.escape(pending)}</i> (no decision for this viewer)"
    parts = [f"<i>{html.escape(pending)}</i><ul style='margin:2px 0'>"]
    for clause, group in groups.items():
        shown = group[:6]
        items = "".join(
            f"<li><b>{html.escape(name(e))}</b>: {html.escape(say(e.text))}</li>"
            for e in shown
        )
        more = f"<li>... and {len(group) - 6} more</li>" if len(group) > 6 else ""
        head = (
            f"<code>{clause}</code> ({len(group)})"
            if details
            else (f"{len(group)} choice{'s' * (len(group) != 1)}")
        )
        parts.append(f"<li>{head}<ul>{items}{more}</ul></li>")
    parts.append("</ul>")
    return "".join(parts)


def tempting(match: Any, limit: int = 12) -> list[str]:
    """Actions a player might try now that the game refuses, rule refusals first.

    The candidates are notations only; whether each is refused, and why, is the
    game's ``check``.
    """
    rule, shape = [], []
    for notation in _candidates(match.game, match.state):
        refusal = match.check(notation)
        if refusal is None or refusal.clause == "TT-NOTATION":
            continue
        (shape if refusal.clause in SHAPE_CLAUSES else rule).append(notation)
    seen: dict[str, None] = dict.fromkeys(rule + shape)
    return list(seen)[:limit]


def _candidates(game: Any, state: Any) -> list[str]:
    """The game's teach-mode examples (its entry's ``teach`` part), or none."""
    candidates = part_of(game, "teach")
    return list(candidates(game, state)) if candidates is not None else []
