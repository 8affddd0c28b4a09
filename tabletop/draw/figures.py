"""How far a board is zoomed and a tap reaches, on every screen.

The notebook's board (``tabletop.ui.board_area``) and the seat page
(``tabletop.page``: filled into its script) read these figures from here, so a
view zooms, follows and takes a tap alike wherever it is drawn.
"""

from __future__ import annotations

LEGIBLE_PX = 12.1  # CSS px the view's labels read at (12, a little over: rounding)
ZOOM_STEP = 1.25  # one press of + or -
ZOOM_MOST = 4.0  # the most the view zooms in, times the legible zoom
ZOOM_LEAST = 0.2  # the least a pinch zooms out to, times the legible zoom
WHOLE_SLACK = 1.01  # a view within this of the whole map's scale is the whole map
FOLLOW_MARGIN = 40  # board pixels: a pawn or target nearer the edge is re-centred
TAP_REACH_PX = 22  # screen px: a finger's tap this near a ringed space reaches it
TAP_RING_EXTRA = 4  # board px beyond a ring that a tap still reaches


def page_figures() -> dict[str, float]:
    """The figures the seat page's script uses, by the names it reads."""
    return {
        "legible_px": LEGIBLE_PX,
        "zoom_step": ZOOM_STEP,
        "zoom_most": ZOOM_MOST,
        "zoom_least": ZOOM_LEAST,
        "whole_slack": WHOLE_SLACK,
        "follow_room": 2 * FOLLOW_MARGIN,
        "tap_reach_px": TAP_REACH_PX,
        "tap_ring_extra": TAP_RING_EXTRA,
    }
