"""The table's logic in traits, for the notebook's widgets.

``TableModel`` is ``tabletop.table.logic.TableLogic`` (the table's logic for
every screen: gestures, timeline, seats, recap, autosave) with its attributes as
traits, so that the widget view (``tabletop.ui.controller.Table``) and links in
the notebook observe them. Traits are reassigned, never mutated in place. A
change made outside a ``batch()`` tells the listeners at once; inside one, once
when the outermost batch ends.
"""

from __future__ import annotations

from typing import Any

from traitlets import Any as AnyTrait
from traitlets import Bool, HasTraits, Instance, Int, Tuple, Unicode, observe

from tabletop.table.choices import Selection
from tabletop.table.logic import TableLogic
from tabletop.table.news import MISSED, hand_changes
from tabletop.table.saves import (
    LINES_FORMAT,
    LINES_VERSION,
    SEATS_FORMAT,
    SEATS_VERSION,
    lines_path,
    load_lines,
    load_seats,
    saved_summary,
    seats_path,
)
from tabletop.table.seats import MAX_AUTO_MOVES, WHO_ACTS

__all__ = [
    "LINES_FORMAT",
    "LINES_VERSION",
    "MAX_AUTO_MOVES",
    "MISSED",
    "SEATS_FORMAT",
    "SEATS_VERSION",
    "WHO_ACTS",
    "Selection",
    "TableModel",
    "hand_changes",
    "lines_path",
    "load_lines",
    "load_seats",
    "saved_summary",
    "seats_path",
]


class TableModel(TableLogic, HasTraits):
    """The table's logic (``TableLogic``) with observable attributes."""

    state = AnyTrait(help="the full state at the current step")
    step = Int(0, help="the current step of the timeline")
    length = Int(0, help="the number of steps in the timeline")
    viewer = Int(None, allow_none=True, help="whose eyes the table shows (None: all)")
    curtain = Int(None, allow_none=True, help="the seat the laptop is passed to")
    selection = Instance(Selection, allow_none=True, help="what narrows the actions")
    legal = Tuple(help="the Explanations of every legal action now")
    seats = Tuple(help="per seat: 'human' or the bot's name")
    message = Unicode("", help="the last refusal or notice")
    letter = Unicode("", help="news for the seat now looking (a card it lost)")
    error = Unicode("", help="the last error raised inside a callback")
    auto = Bool(True, help="bot seats move by themselves after each gesture")
    hot_seat = Bool(True, help="the view follows the human seat to move")
    teach = Bool(False, help="explain every legal action and refusals")
    details = Bool(False, help="show clause IDs and the state inspector")
    referee_view = Bool(False, help="every hand may show, and every player is told")

    @observe(
        "state",
        "viewer",
        "selection",
        "legal",
        "seats",
        "curtain",
        "details",
        "letter",
        "referee_view",
    )
    def _trait_changed(self, change: dict[str, Any]) -> None:
        if not self.updating:
            self.changed()

    @observe("auto")
    def _auto_observed(self, change: dict[str, Any]) -> None:
        self._on_auto()

    @observe("hot_seat")
    def _hot_seat_observed(self, change: dict[str, Any]) -> None:
        self._on_hot_seat(change["new"])
