"""research.ipynb needs the adapters' extras; without them it is skipped, saying so."""

from __future__ import annotations

import importlib.util

import pytest

_MISSING = [
    name
    for name in ("pyspiel", "pettingzoo", "gymnasium")
    if importlib.util.find_spec(name) is None
]


def pytest_collection_modifyitems(config, items):
    if not _MISSING:
        return
    skip = pytest.mark.skip(
        reason=f"research.ipynb needs {', '.join(_MISSING)}: "
        "pip install -e '.[openspiel,rl]' (or '.[test]')"
    )
    for item in items:
        if item.fspath.basename == "research.ipynb":
            item.add_marker(skip)
