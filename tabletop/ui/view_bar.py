"""The buttons under the notebook table's board that move its view (``BoardArea``):
zoom out and in, look left, up, down and right, and the whole map (pressed when
shown: the page script mirrors the class ``tabletop-pressed`` into aria-pressed);
and the hidden field the page fills with how many CSS pixels a canvas pixel takes
(per mille), from which the view's legible zoom follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

#: (name, text, what it does), in their order under the board.
BUTTONS = (
    ("out", "\u2212", "Zoom out"),
    ("in", "+", "Zoom in"),
    ("left", "\u2190", "Look left"),
    ("up", "\u2191", "Look up"),
    ("down", "\u2193", "Look down"),
    ("right", "\u2192", "Look right"),
    ("whole", "Whole map", "Whole map"),
)
#: Each look's move, as a share of the view's size.
PAN = {"left": (-1 / 3, 0.0), "right": (1 / 3, 0.0), "up": (0.0, -1 / 3),
       "down": (0.0, 1 / 3)}  # fmt: skip


class ViewBar:
    """The view's buttons and the page's measure of the board (``shown``)."""

    def __init__(self) -> None:
        self.buttons = {
            name: w.Button(description=text, tooltip=tip, layout=_size(name))
            for name, text, tip in BUTTONS
        }
        for name, button in self.buttons.items():
            button.add_class(f"tabletop-view-{name}")
        self.shown = w.IntText(0, layout=w.Layout(display="none"))
        self.shown.add_class("tabletop-shown")
        # what the board shows, for the page (and its tests): the board pixels
        # from (x, y), w by h, and the canvas pixels per board pixel
        self.area = w.HTML(layout=w.Layout(display="none"))
        self.area.add_class("tabletop-view-area")
        self.widget = w.HBox(
            [*self.buttons.values(), self.shown, self.area],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self.widget.add_class("tabletop-viewbar")

    def wire(
        self,
        zoom: Callable[[float], Any],
        pan: Callable[[float, float], Any],
        whole: Callable[[], Any],
        shown: Callable[[float], Any],
        step: float,
    ) -> None:
        """Call ``zoom(factor)``, ``pan(dx, dy)``, ``whole()`` on a press, and
        ``shown(css_px_per_canvas_px)`` when the page measures the board."""
        b = self.buttons
        b["in"].on_click(lambda _: zoom(step))
        b["out"].on_click(lambda _: zoom(1 / step))
        for name, (dx, dy) in PAN.items():
            b[name].on_click(lambda _, dx=dx, dy=dy: pan(dx, dy))
        b["whole"].on_click(lambda _: whole())
        self.shown.observe(lambda ch: shown(ch["new"] / 1000), names="value")

    def render(
        self, whole: bool, most: bool, area: tuple[float, ...], zoom: float
    ) -> None:
        """Show whether the whole map is on show (and what can be pressed), and
        the ``area`` of the board shown at ``zoom``."""
        numbers = " ".join(f"{n:g}" for n in area)
        value = f'<span data-area="{numbers}" data-zoom="{zoom:.4f}"></span>'
        if self.area.value != value:
            self.area.value = value
        pressed = "tabletop-pressed" in self.buttons["whole"]._dom_classes
        if pressed != whole:
            if whole:
                self.buttons["whole"].add_class("tabletop-pressed")
            else:
                self.buttons["whole"].remove_class("tabletop-pressed")
        for name, off in (("out", whole), ("in", most), *((n, whole) for n in PAN)):
            if self.buttons[name].disabled != off:
                self.buttons[name].disabled = off


def _size(name: str) -> w.Layout:
    """A square button for a sign, a wider one for words."""
    return w.Layout(width="auto" if name == "whole" else "40px", height="32px")
