"""What a panel of the notebook table is given: ``PanelParts``.

The panels beside and under the board (the evaluation bar, the review tab, its
hint, the teach panel) show the table's logic and press its gestures; they hold
these parts, never the ``Table`` widget itself, so a reader sees what each one
reads and a panel can be built in a test from a model alone::

    parts = table.parts                    # a Table hands out its parts
    bar = EvaluationBar(table)             # or EvaluationBar(parts): the same

The ``Table``'s own pieces (``layout``, which builds its widgets; ``gestures``,
which guards every callback; ``panel_rendering``; ``saving``) still take the
Table: they make it, not show it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import ipywidgets as w

    from tabletop.draw.look import Look
    from tabletop.ui.model import TableModel
    from tabletop.ui.panels import ActionsPanel

__all__ = ["HasParts", "PanelParts", "parts_of"]

Guard = Callable[[Callable[..., Any]], Callable[..., Any]]


def _no_timeline() -> list[Any]:
    return []


@dataclass(frozen=True)
class PanelParts:
    """What a panel reads and presses, by name.

    Attributes:
        model: the table's logic and traits (``TableModel``): what is shown, the
            questions (``can_act()``...) and the gestures (``goto``, ``choose``...).
        look: the game's words and pictures.
        guard: wraps a widget's callback so a refusal or an error shows on the
            table instead of being lost (``PageGestures.guard``).
        render: draw the table again (a panel changed what the board rings).
        on_render: ``on_render(f)`` calls ``f`` after each render of the table.
        actions: the choices panel (a hint outlines its suggestion there and
            names an action as its button does); a getter, since the choices are
            built after the panels that point at them.
        render_hands: redraw the hands (a hint frames the cards it would pick).
        timeline: the evaluation bar's answers by step (the review's chart).
        place: ``place(widget, shown)`` puts a panel under the board or takes it
            away (the teach panel).
        compact: a lesson's smaller table (no tabs).
        echo: the page's echo of the table's last render, or None before the
            table's widgets exist (the bar is then given it).
    """

    model: TableModel
    look: Look
    guard: Guard
    render: Callable[[], None]
    on_render: Callable[[Callable[[Any], None]], None]
    actions: Callable[[], ActionsPanel]
    render_hands: Callable[[Any, int | None, Iterable[str]], None]
    timeline: Callable[[], list[Any]] = _no_timeline
    place: Callable[[Any, bool], None] = lambda widget, shown: None
    compact: bool = False
    echo: Callable[[], w.IntText | None] = lambda: None


class HasParts(Protocol):
    """Anything that hands out its ``PanelParts`` (a ``Table``)."""

    @property
    def parts(self) -> PanelParts: ...


def parts_of(source: PanelParts | HasParts) -> PanelParts:
    """The parts themselves, or a table's (``EvaluationBar(table)`` reads on)."""
    return source if isinstance(source, PanelParts) else source.parts
