"""A click or a tap on a canvas, taken on the release (WCAG 2.5.2).

ipycanvas reports a mouse button's release over the canvas (``mouse_up``) but a
finger only as touches: it cancels the browser's own tap-to-click, and a finger
lifted sends the touches still down (none), not where it was. ``on_release``
takes both: a mouse release where it happened, and a tap (one finger, down and
up without moving more than ``SLOP`` canvas pixels) where the finger went down.
A press moved away, a drag or a pinch is no tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: How far (canvas pixels, across and down added) a finger may wander in a tap.
SLOP = 12.0

Point = tuple[float, float]


def on_release(canvas: Any, callback: Callable[[float, float], Any]) -> None:
    """Call ``callback(x, y)`` (canvas pixels) for each click or tap on
    ``canvas`` (an ipycanvas ``Canvas`` or ``MultiCanvas``), on the release."""
    canvas.on_mouse_up(callback)
    touch: dict[str, Any] = {}

    def began(touches: list[Point]) -> None:
        if len(touches) == 1 and not touch:
            touch.update(at=touches[0], moved=False)
        else:  # a second finger: a pinch, no tap
            touch.update(at=None, moved=True)

    def moved(touches: list[Point]) -> None:
        if touch.get("at") is not None and touches:
            (x, y), (x0, y0) = touches[0], touch["at"]
            if abs(x - x0) + abs(y - y0) > SLOP:
                touch["moved"] = True

    def ended(touches: list[Point]) -> None:
        if touches:  # fingers still down
            return
        at, still = touch.get("at"), not touch.get("moved", True)
        touch.clear()
        if at is not None and still:
            callback(*at)

    def cancelled(touches: list[Point]) -> None:
        touch.clear()

    canvas.on_touch_start(began)
    canvas.on_touch_move(moved)
    canvas.on_touch_end(ended)
    canvas.on_touch_cancel(cancelled)
