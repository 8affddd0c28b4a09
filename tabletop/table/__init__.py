"""The table's logic, for every screen: what a tap means, the timeline, the seats
and who may act, the sentences, autosave, and the frame one viewer is shown.

Plain Python (the standard library and ``tabletop``'s own packages only): the
notebook's widgets (``tabletop.ui``), the seat server's page (``tabletop.online``)
and any other screen render it and send gestures back. ``docs/table.md`` draws
the layout and follows a click from the page to ``Match.play``.
"""

from tabletop.table.choices import Selection, Tap
from tabletop.table.logic import MAX_AUTO_MOVES, TableLogic

__all__ = ["MAX_AUTO_MOVES", "Selection", "TableLogic", "Tap"]
