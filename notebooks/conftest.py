"""Notebook tests (nbval): research.ipynb needs the adapters' extras (without them
it is skipped, saying so), a table made without a seed deals the same game in
every run (``TABLETOP_SEED``), so the play notebooks' checked outputs stay the same
while a player's run deals a fresh game, and a lesson notebook runs once, in
``tests/test_lesson_outputs.py``, when that test is in the session."""

from __future__ import annotations

import importlib.util
import os

import pytest

PLAY_SEED = "5"
"""The seed the play notebooks' fresh tables deal under test (the browser tests
pin the same one: ``tests.browser_harness.PLAY_SEED``)."""

_KEPT: list[str | None] = []


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Pin the seed while a notebook's cell is set up: its kernel, started with
    the notebook's first cell, inherits this process's environment. Only tables
    made without a seed read it (``tabletop.core.rng.fresh_seed``); the tests
    outside notebooks/ run without it."""
    _KEPT.append(os.environ.get("TABLETOP_SEED"))
    os.environ["TABLETOP_SEED"] = PLAY_SEED


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    kept = _KEPT.pop() if _KEPT else None
    if kept is None:
        os.environ.pop("TABLETOP_SEED", None)
    else:
        os.environ["TABLETOP_SEED"] = kept


_MISSING = [
    name
    for name in ("pyspiel", "pettingzoo", "gymnasium")
    if importlib.util.find_spec(name) is None
]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    _run_lessons_once(config, items)
    if not _MISSING:
        return
    skip = pytest.mark.skip(
        reason=f"research.ipynb needs {', '.join(_MISSING)}: "
        "pip install -e '.[openspiel,rl]' (or '.[test]')"
    )
    for item in items:
        if item.fspath.basename == "research.ipynb":
            item.add_marker(skip)


def _run_lessons_once(config, items) -> None:
    """Deselect nbval's run of the lesson notebooks that
    ``tests/test_lesson_outputs.py`` runs in this session: it runs each in a fresh
    kernel and compares every output with the saved one, so a cell that raises fails
    there as it does here (a lesson notebook has no nbval directives), and the
    notebook's half-minute run is not made twice. Run alone, a notebook still runs
    under nbval. ``trylast``: after ``-k`` and ``-m`` chose the session's tests."""
    compared = {
        item.callspec.params["name"]
        for item in items
        if item.path.name == "test_lesson_outputs.py"
        and item.originalname == "test_saved_lesson_outputs_match_a_fresh_run"
    }
    if not compared:
        return
    from tabletop.learn.publish import lesson_notebooks

    books = {p.resolve() for name, p in lesson_notebooks().items() if name in compared}
    dropped = [i for i in items if i.path.suffix == ".ipynb" and i.path in books]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [
            i for i in items if not (i.path.suffix == ".ipynb" and i.path in books)
        ]
