"""Waiting for what a test checks, never for a fixed time.

A test waits for its condition (a frame, a DOM signal, a count, the server's or the
kernel's answer) with a generous deadline and goes on as soon as it holds; a check
that nothing happened first waits for the acknowledgement of the gesture. The one
pause the tests may take is ``poll_pause``: the interval between two looks at a
condition, inside a condition wait (``tests/test_no_fixed_waits.py`` keeps it so).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: Seconds between two looks at a condition.
POLL = 0.02


def poll_pause() -> None:
    """The interval between two looks at a condition (only inside a condition
    wait)."""
    time.sleep(POLL)


async def poll_pause_async() -> None:
    """``poll_pause`` for a coroutine: the event loop runs meanwhile."""
    await asyncio.sleep(POLL)


def until(
    condition: Callable[[], T], timeout: float = 30, what: str = "the condition"
) -> T:
    """Poll ``condition()`` until it is true and return its value; fail the test
    after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        poll_pause()
    return value


async def until_async(
    condition: Callable[[], Any], timeout: float = 30, what: str = "the condition"
) -> Any:
    """``until`` in a coroutine: the event loop runs between two looks."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await poll_pause_async()
    return value
