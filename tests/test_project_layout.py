"""Project-wide checks: layering, no unsafe loading of user files, packaging data."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI_STACK = re.compile(
    r"^\s*(import|from)\s+(ipywidgets|ipycanvas|traitlets|IPython)\b", re.M
)


def _sources(*parts: str) -> list[Path]:
    return sorted(p for part in parts for p in (ROOT / part).rglob("*.py"))


def test_engine_never_imports_the_ui_stack():
    offenders = [
        str(p.relative_to(ROOT))
        for p in _sources("tabletop/core", "tabletop/games")
        if UI_STACK.search(p.read_text())
    ]
    assert offenders == []


def test_core_names_no_game():
    """The core is generic: both games run through it without special cases."""
    for path in _sources("tabletop/core"):
        text = path.read_text().lower()
        for word in ("pitfall", "raiders", "scorpion", "passport"):
            assert word not in text, f"{path.name} mentions {word}"


def test_no_pickle_or_eval_anywhere_in_the_package():
    pattern = re.compile(r"\b(pickle|cPickle|marshal|shelve)\b|(?<![\w.])(eval|exec)\(")
    offenders = [
        str(p.relative_to(ROOT))
        for p in _sources("tabletop")
        if pattern.search(p.read_text())
    ]
    assert offenders == []


def test_boards_are_packaged_into_the_wheel():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"boards" = "tabletop/_boards"' in text
