"""The hint: the move to try now, for the seat to move, from what it knows.

The hint is judged from the mover's information and computed in the background;
an answer for a position the table has left is dropped. Two buttons ask for it:
the one in the Review tab (``button``) and ``quick``, which the Table puts beside
"Who is ahead" above the choices. The answer is said in the table's words ("try
Fly to Island", with the other candidates' chances) and the suggested choice gets a
gold outline among the action buttons (nothing moves: an outline takes no room).
From ``quick`` a refusal ("hints are for the seat to move") goes to the table's
notice line, where the player is looking.

A game with a learned value model (``tabletop.analysis.value``) answers at once:
the model's hint (``hint(..., method="model")``: every legal move judged from
the mover's knowledge, in milliseconds) is shown and outlined on the click,
labelled "quick estimate, \u00b1N points", and playouts then
check its top candidates in the background (``method="both"``), as the Review
checks the moves the model flags; the checked answer replaces the estimate. A
game without a model is judged by playouts alone, as before.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from tabletop.analysis import hint
from tabletop.core import IllegalActionError, Match
from tabletop.ui.evaluation_rows import estimate_label

if TYPE_CHECKING:
    from tabletop.ui.panel_parts import PanelParts

THINKING = "thinking\u2026"
CHECKING = "checking with simulated games\u2026"


class HintPanel:
    """The hint buttons and the hint's text, for one table.

    Args:
        parts: what it is given of the table whose seat to move gets the hint
            (``PanelParts``: the model, the look, the choices it outlines, the
            hands it frames).
        sizes: the worlds and the candidate moves a hint samples, asked each time
            (the review tab's ``budget`` and ``width``).
        value: the game's value model, or None (asked each time; ``None``: the
            playouts alone).
    """

    def __init__(
        self,
        parts: PanelParts,
        sizes: Callable[[], tuple[int, int]],
        value: Callable[[Any], Any] | None = None,
    ) -> None:
        self.parts = parts
        self.model = parts.model
        self.sizes = sizes
        self.value = value
        self.answer: Any = None
        self.button = w.Button(description="Hint", icon="lightbulb-o")
        self.button.add_class("tabletop-hint")
        self.quick = w.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="the move to try now, from what the seat to move knows "
            "(its button gets a gold outline; details in the Review tab)",
            layout=w.Layout(width="auto"),
        )
        self.quick.add_class("tabletop-quick-hint")
        self.text = w.HTML()
        self.text.add_class("tabletop-hint-text")
        self.button.on_click(parts.guard(lambda _: self.start()))
        self.quick.on_click(parts.guard(lambda _: self.start(strict=True)))
        self.thread: threading.Thread | None = None
        self.where: tuple = ()  # the position the shown hint is for

    def position(self) -> tuple:
        """The position the table shows (a hint is for one position)."""
        model = self.model
        return (id(model.match), id(model.state), model.viewer)

    def moved_on(self) -> None:
        """The table shows another position: a hint for the old one goes."""
        if self.where and self.where != self.position():
            self.where = ()
            self.parts.actions().forget_suggestion()
            if self.text.value != THINKING:
                self.text.value = ""

    def start(self, *, strict: bool = False) -> threading.Thread:
        """Find the hint in a background thread (the buttons); returns the thread.
        The answer shows only if the table is still at the position it is for.

        Raises:
            IllegalActionError: with ``strict`` (the button above the choices),
                when no hint is offered here.
        """
        model = self.model
        where = self.position()
        refusal = self.refusal()
        if refusal:
            self.text.value = refusal
            self.where = where  # said about this position: goes when it does
            if strict:
                raise IllegalActionError("TT-TURN", refusal)
            self.thread = threading.Thread(target=lambda: None, daemon=True)
            self.thread.start()
            return self.thread
        self.answer = None
        match, step = model.match, model.step
        value = self._value(match)
        self.text.value = (
            THINKING if value is None else self._estimate(match, step, value)
        )
        if self.answer is not None:  # the model's answer, shown at once
            self.where = where
            self._suggest(self.answer)
        self._thinking(True, "Checking\u2026" if self.answer else "Thinking\u2026")

        def find() -> None:
            try:
                text = self._html(match, step, value)
            except Exception as exc:  # noqa: BLE001 - shown in the tab
                text = f"no hint: {html.escape(str(exc))}"
                self.answer = None
            finally:
                self._thinking(False)
            if self.position() == where:
                self.text.value = text
                self.where = where
                if self.answer is not None:
                    self._suggest(self.answer)
            elif self.text.value == THINKING or CHECKING in self.text.value:
                self.text.value = ""

        self.thread = threading.Thread(target=find, name="hint", daemon=True)
        self.thread.start()
        return self.thread

    def _thinking(self, busy: bool, doing: str = "Thinking\u2026") -> None:
        for button in (self.button, self.quick):
            button.description = doing if busy else "Hint"
            button.disabled = busy

    def _value(self, match: Match) -> Any:
        """The game's value model, or None (none, or not asked for)."""
        return self.value(match.game) if self.value is not None else None

    def _estimate(self, match: Match, step: int, value: Any) -> str:
        """The model's hint in words, with the check to come (``THINKING`` when
        the model cannot answer: the playouts alone then)."""
        try:
            found = hint(match, method="model", model=value, seed=step)
        except Exception:  # noqa: BLE001 - a model that cannot answer: playouts
            return THINKING
        self.answer = found
        name = self.parts.look.seat_name(found.seat)
        return hint_html(found, name, self._namer(match), checking=True)

    def _suggest(self, found: Any) -> None:
        """Outline the suggested choice among the table's action buttons."""
        seat = self.parts.look.seat_name(found.seat)
        self.parts.actions().suggest(
            found.best, f"Hint for {seat}: try this (Review tab: why)"
        )
        # The cards it would pick are framed in the hand.
        model = self.model
        outlined = model.offer().outlined
        self.parts.render_hands(model.view_state, model.to_move, outlined)

    def show(self) -> str:
        """The hint for the seat to move, judged from that seat's information; a
        viewer who is another seat gets none (it would reveal the mover's hand)."""
        refusal = self.refusal()
        model = self.model
        match = model.match
        self.text.value = refusal or self._html(match, model.step, self._value(match))
        if not refusal:
            self.where = self.position()
            self._suggest(self.answer)
        return self.text.value

    def refusal(self) -> str:
        """Why no hint is offered here (empty when one is)."""
        model = self.model
        refusal = model.match.refusal("hint")
        if refusal is not None:
            return refusal.reason
        offered = model.refusal_while_offered()
        if offered is not None:
            return offered.reason
        mover = model.game.to_move(model.state)
        if mover is None:
            return "the game is over"
        if model.curtain is not None:
            return "the laptop is being passed: ask for a hint after the reveal"
        if model.viewer not in (None, mover):
            return "hints are for the seat to move"
        return ""

    def _html(self, match: Match, step: int, value: Any = None) -> str:
        """The hint by playouts (``value``: the model's top candidates checked)."""
        budget, width = self.sizes()
        method = "both" if value is not None else "playouts"
        found = hint(match, budget, width=width, seed=step, method=method, model=value)
        self.answer = found
        name = self.parts.look.seat_name(found.seat)
        return hint_html(found, name, self._namer(match))

    def _namer(self, match: Match) -> Callable[[Any], tuple[str, str]]:
        """An action's button label and its explanation, in the table's words."""
        entries = {e.action: e for e in match.explain()}
        actions = self.parts.actions()

        def name(action: Any) -> tuple[str, str]:
            entry = entries.get(action)
            if entry is None:
                return str(action), ""
            return actions.words(entry), actions.say(entry.text)

        return name


def hint_html(
    found: Any,
    seat_name: str,
    name: Callable[[Any], tuple[str, str]],
    *,
    checking: bool = False,
) -> str:
    """The hint in words: the move to try and what it does, then how it did in the
    sampled deals against the other candidates, or, for the model's answer, its
    estimates labelled as such (``checking``: playouts are checking it now)."""
    label, text = name(found.best)
    lines = [
        f"<div><b>Hint for {html.escape(seat_name)}</b>: try "
        f"<b>{html.escape(label)}</b>"
        + (f" ({html.escape(text)})" if text else "")
        + "</div>"
    ]
    if found.method == "model" and len(found.estimates) > 1:
        lines.append(_estimate_more(found, seat_name, name, checking))
    elif found.worlds:
        ranked = sorted(found.values, key=lambda v: -v.wins)
        best = next(v for v in ranked if v.action == found.best)
        others = ", ".join(
            f"{html.escape(name(v.action)[0])} {v.chance:.0%}"
            for v in ranked
            if v.action != found.best
        )
        lines.append(
            "<div class='tabletop-hint-more'>"
            f"It won {best.chance:.0%} of {found.worlds} games played out from what "
            f"{html.escape(seat_name)} knows"
            + (f"; the other choices tried: {others}" if others else "")
            + (
                " (the choices the quick estimate rated highest of "
                f"{len(found.estimates)})"
                if found.method == "both"
                else ""
            )
            + ".</div>"
        )
    else:
        lines.append(
            "<div class='tabletop-hint-more'>The only sensible choice here.</div>"
        )
    return "".join(lines)


def _estimate_more(
    found: Any, seat_name: str, name: Callable[[Any], tuple[str, str]], checking: bool
) -> str:
    """The model's estimates in words: the move's, the next best ones', labelled."""
    others = ", ".join(
        f"{html.escape(name(e.action)[0])} {e.chance:.0%}" for e in found.estimates[1:4]
    )
    label = estimate_label(found.error)
    return (
        "<div class='tabletop-hint-more'>"
        f"{html.escape(label[0].upper() + label[1:])}: {found.estimate:.0%} chance "
        f"to win after it, from what {html.escape(seat_name)} knows; next: {others}"
        + (f". <i>{CHECKING}</i>" if checking else ".")
        + "</div>"
    )
