"""Telling a screen once that the table changed, however many things changed.

``Batched`` is the base of the table's logic (``tabletop.table.logic``): a screen
registers ``on_change(callback)`` and is called once after each gesture, when the
outermost ``batch()`` ends, whatever the gesture changed. A screen that wraps the
logic in traits (the notebook's ``tabletop.ui.model.TableModel``) also calls
``changed()`` after a trait changed outside a batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Batched:
    """Listeners told once per batch of changes."""

    def __init__(self) -> None:
        self._depth = 0
        self._listeners: list[Callable[[], None]] = []
        super().__init__()

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after each change (a batch counts as one)."""
        self._listeners.append(callback)

    @property
    def updating(self) -> bool:
        """Whether a batch of changes is under way (listeners wait for its end)."""
        return self._depth > 0

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Change several things, then tell the listeners once.

        If the batch fails, ``recover()`` runs first (bringing what is shown back
        in line with the match), the listeners are told, and the error raised.
        """
        self._depth += 1
        try:
            yield
        except BaseException:
            if self._depth == 1:
                try:
                    self.recover()
                finally:
                    self._depth -= 1
                self.changed()
                raise
            self._depth -= 1
            raise
        self._depth -= 1
        if self._depth == 0:
            self.changed()

    def recover(self) -> None:
        """Bring what is shown in line after a failed batch (a hook; nothing here)."""

    def changed(self) -> None:
        """Tell every listener."""
        for callback in self._listeners:
            callback()
