"""The table's code stays followable: no class over 400 lines in the notebook
screen (``tabletop/ui``) or the table's logic (``tabletop/table``), and no names
made at run time (a ``_forward`` decorator re-exported the model's names on the
Table; they are ``table.model.<name>`` now, see docs/table.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("tabletop/ui", "tabletop/table")
MAX_CLASS_LINES = 400
# the decorator's name as a word (the model's ``step_forward`` is no re-export)
FORWARD = re.compile(r"\b_forward\b")


def _sources() -> list[Path]:
    return sorted(
        p for f in FOLDERS if (ROOT / f).is_dir() for p in (ROOT / f).rglob("*.py")
    )


def test_no_class_is_over_400_lines():
    long = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    long.append(f"{path.relative_to(ROOT)}: {node.name} ({lines})")
    assert long == []


def test_the_table_re_exports_nothing_at_run_time():
    found = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "tabletop/ui").rglob("*.py"))
        if FORWARD.search(p.read_text())
    ]
    assert found == []
