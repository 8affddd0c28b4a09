"""Telling a screen once that the table changed, however many things changed.

``Changes`` is a part of the table's logic (``TableLogic.changes``): a screen
registers ``on_change(callback)`` and is called once after each gesture, when the
outermost ``batch()`` ends, whatever the gesture changed. A screen that wraps the
logic in traits (the notebook's ``tabletop.ui.model.TableModel``) also calls
``changed()`` after a trait changed outside a batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Changes:
    """Listeners told once per batch of changes.

    Args:
        recover: what brings the table back in line with its match after a
            batch failed (``TableLogic.recover``), before the listeners are told.
    """

    def __init__(self, recover: Callable[[], None]) -> None:
        self.recover = recover
        self.depth = 0
        self.listeners: list[Callable[[], None]] = []

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after each change (a batch counts as one)."""
        self.listeners.append(callback)

    @property
    def updating(self) -> bool:
        """Whether a batch of changes is under way (listeners wait for its end)."""
        return self.depth > 0

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Change several things, then tell the listeners once.

        If the batch fails, ``recover()`` runs first (bringing what is shown back
        in line with the match), the listeners are told, and the error raised.
        """
        self.depth += 1
        try:
            yield
        except BaseException:
            if self.depth == 1:
                try:
                    self.recover()
                finally:
                    self.depth -= 1
                self.changed()
                raise
            self.depth -= 1
            raise
        self.depth -= 1
        if self.depth == 0:
            self.changed()

    def changed(self) -> None:
        """Tell every listener."""
        for callback in self.listeners:
            callback()
