"""What becomes of a click from the page: a refusal in words, an error shown, or
nothing at all when the click was made on a render the page had not yet shown.

Every callback of a Table's widgets goes through ``guard`` so a refusal or an
error shows in the table (its notice line, its error area) rather than vanishing
into a log; game moves from the page also go through ``gesture``, dropped when the
page's echo of the last render lags (``stale``) or while the table is updating.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core import TabletopError
from tabletop.table.words import panels as said

if TYPE_CHECKING:
    from tabletop.ui.controller import Table

LOG = logging.getLogger(__name__)


class PageGestures:
    """The guards of one table's callbacks, and who hears of dropped clicks.

    Args:
        table: the Table whose model takes the notices and whose page echo says
            which render the page has shown.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self._drop_watchers: list[Callable[[], None]] = []

    def on_drop(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time a click from the page is dropped."""
        self._drop_watchers.append(callback)

    def dropped(self) -> None:
        """A click from the page was dropped: tell the watchers."""
        for callback in self._drop_watchers:
            callback()

    def guard(self, fn: Any) -> Any:
        """Wrap a callback: refusals go to the notice line, errors to the error area."""
        table = self.table

        def run(*args: Any) -> Any:
            model = table.model
            if model.message or model.error:  # a new gesture: clear the last notice
                model.message = model.error = ""
            try:
                return fn(*args)
            except TabletopError as exc:
                clause = getattr(exc, "clause", "")
                reason = table.look.refusal_words(getattr(exc, "reason", str(exc)))
                shown = clause if model.details else ""
                model.message = said.refused(reason, shown)
                model.refused_clause = clause
            except ConnectionError:  # an online table whose server is out of reach
                model.message = said.out_of_reach()
                model.refused_clause = "TT-ONLINE"
            except Exception as exc:  # noqa: BLE001 - shown in the UI, then logged
                model.error = "".join(traceback.format_exception(exc)[-6:])
                LOG.error("error in a table callback: %s", exc)
            return None

        return run

    def gesture(self, fn: Any) -> Any:
        """A move-making click from the page: dropped when the page had not yet
        shown the latest render (or while the table is updating)."""
        guarded = self.guard(fn)

        def run(*args: Any) -> Any:
            if self.table.model.updating or self.stale():
                self.dropped()
                return None
            return guarded(*args)

        return run

    def stale(self) -> bool:
        """Whether the page has not yet shown the latest render (its echo lags).

        Before the page has echoed anything (no browser, as in tests) nothing is
        stale.
        """
        echo = self.table.widgets.echo
        return echo.value >= 0 and echo.value != self.table.token
