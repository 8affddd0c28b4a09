"""The lesson notebooks are saved with their outputs (pictures of every table, the
explanations), so they read as lessons on a notebook viewer or in nbconvert's HTML.
A saved output that no longer matches what the code produces fails here; refresh
them with ``python -m tabletop.learn.publish``."""

from __future__ import annotations

import nbformat
import pytest

from tabletop.learn.publish import lesson_notebooks, shown, stale_outputs

BOOKS = lesson_notebooks()


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_saved_lesson_outputs_match_a_fresh_run(name):
    diff = stale_outputs(name)
    assert not diff, (
        f"{name}: saved outputs are stale; run python -m tabletop.learn.publish\n"
        + "\n".join(diff[:40])
    )


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_lesson_table_is_saved_with_its_picture(name):
    notebook = nbformat.read(BOOKS[name], as_version=4)
    assert "widgets" not in notebook.metadata  # no megabytes of button layouts
    tables = pictures = 0
    for outputs in shown(notebook):
        for item in outputs:
            tables += bool(item.get("widget"))
            pictures += "image/svg+xml" in item
    assert tables > 5 and pictures == tables
