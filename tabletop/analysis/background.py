"""Evaluation in the background: the table never waits for it.

``BackgroundEvaluator.request(game, state, viewer)`` starts an evaluation in a
daemon thread with a CPU budget and returns at once; a new request cancels the
computation still running (its partial result is dropped). ``on_result`` is called
from the worker thread with interim evaluations (every ``every`` playouts) and the
final one; each carries the request number, so a late answer to an old position is
recognised and ignored.

``delay`` waits that long (wall clock, no CPU) before computing: steps that follow
each other quickly (bots answering, a walk along the timeline) cancel the waiting
request before it spends anything. A computation that raises calls ``on_error``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from tabletop.analysis.evaluation import Evaluation, evaluate

LOG = logging.getLogger(__name__)


class BackgroundEvaluator:
    """One evaluation at a time, in a worker thread.

    Args:
        on_result: called as ``on_result(number, evaluation)`` from the worker
            thread (interim evaluations have ``complete=False``).
        budget: playouts per position.
        cpu_seconds: the CPU budget per position.
        every: playouts between interim results.
        delay: seconds to wait before computing (a request cancelled meanwhile
            costs nothing).
        on_error: called as ``on_error(number, exception)`` from the worker thread
            when a computation raises (default: logged).

    ``depth`` and ``model`` (attributes, ``None`` by default) are passed to
    ``evaluate``: playouts cut after ``depth`` actions and finished by the value
    model ``model``.
    """

    def __init__(
        self,
        on_result: Callable[[int, Evaluation], None],
        *,
        budget: int = 400,
        cpu_seconds: float = 1.0,
        every: int = 50,
        delay: float = 0.0,
        on_error: Callable[[int, Exception], None] | None = None,
    ) -> None:
        self.on_result = on_result
        self.on_error = on_error
        self.delay = delay
        self.budget = budget
        self.cpu_seconds = cpu_seconds
        self.every = every
        self.depth: int | None = None
        self.model: Any = None
        self.number = 0
        self.latest: Evaluation | None = None
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def request(self, game: Any, state: Any, viewer: Any = None, seed: int = 0) -> int:
        """Evaluate ``state`` (as ``viewer`` knows it) from now on; returns the
        request's number. The computation of an earlier request is cancelled."""
        with self._lock:
            self._cancel.set()
            self.number += 1
            number = self.number
            self._cancel = cancel = threading.Event()
            self.latest = None
            self._thread = threading.Thread(
                target=self._run,
                args=(number, cancel, game, state, viewer, seed),
                name=f"evaluation-{number}",
                daemon=True,
            )
            self._thread.start()
        return number

    def cancel(self) -> None:
        """Stop the running computation (if any)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> Evaluation | None:
        """Wait for the current request to finish; its last result (tests, scripts)."""
        with self._lock:  # a request sets its thread and starts it under the lock
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.latest

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(
        self,
        number: int,
        cancel: threading.Event,
        game: Any,
        state: Any,
        viewer: Any,
        seed: int,
    ) -> None:
        def publish(result: Evaluation) -> None:
            if not cancel.is_set() and number == self.number:
                self.latest = result
                self.on_result(number, result)

        if self.delay > 0 and cancel.wait(self.delay):
            return  # a newer request (or cancel) came while waiting
        try:
            result = evaluate(
                state,
                viewer,
                self.budget,
                game=game,
                cpu_seconds=self.cpu_seconds,
                seed=seed,
                cancel=cancel,
                progress=publish,
                every=self.every,
                depth=self.depth,
                model=self.model,
            )
        except Exception as exc:  # noqa: BLE001 - reported, never raised in a thread
            if cancel.is_set() or number != self.number:
                return
            if self.on_error is None:
                LOG.warning("evaluation %d failed: %s", number, exc)
            else:
                self.on_error(number, exc)
            return
        if not cancel.is_set():
            # Out of CPU budget is still an answer (``complete`` says so).
            publish(result)
