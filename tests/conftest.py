"""Shared pytest setup: widget messages are recorded, callback errors fail tests.

The comm recorder is installed here, at collection time, before anything imports
ipycanvas (which opens its shared canvas manager's comm on import): without it,
widgets outside a kernel drop every message and no test could see a redraw.
"""

from __future__ import annotations

import logging

import pytest

from tests import recording

RECORDER = recording.install()


@pytest.fixture
def comms() -> recording.Recorder:
    """The recorder of widget messages, emptied for this test."""
    RECORDER.clear()
    return RECORDER


@pytest.fixture(autouse=True)
def _no_swallowed_callback_errors(caplog: pytest.LogCaptureFixture):
    """ipywidgets logs exceptions raised inside callbacks and goes on: fail on them."""
    caplog.set_level(logging.WARNING)
    yield
    RECORDER.clear()  # keep memory flat over a long session
    swallowed = [
        r.getMessage()
        for r in caplog.records
        if "Exception in callback" in r.getMessage()
        or "Exception in widget method" in r.getMessage()
    ]
    if swallowed:
        pytest.fail("a widget callback raised: " + " | ".join(swallowed), pytrace=False)
