"""The panels of the notebook table are given what they show (``PanelParts``),
not the ``Table`` widget: a panel keeps no Table, its module imports none at run
time, and a panel built from a table's parts alone works the same."""

from __future__ import annotations

import ast
from pathlib import Path

from tabletop.ui import pitfall_table
from tabletop.ui.controller import Table
from tabletop.ui.evaluation import EvaluationBar, ReviewPanel
from tabletop.ui.panel_parts import PanelParts

UI = Path(__file__).resolve().parent.parent / "tabletop" / "ui"
PANELS = ("evaluation", "review_tab", "hint_panel", "teach")


def _holds_a_table(thing: object) -> bool:
    """Whether ``thing``'s own attributes hold a Table."""
    return any(isinstance(value, Table) for value in vars(thing).values())


def test_panel_modules_import_no_table_when_run():
    for name in PANELS:
        tree = ast.parse((UI / f"{name}.py").read_text(encoding="utf-8"))
        for node in tree.body:  # module level only: TYPE_CHECKING blocks are If
            if isinstance(node, ast.ImportFrom):
                assert node.module != "tabletop.ui.controller", name


def test_the_table_panels_keep_parts_not_the_table(comms):
    table = pitfall_table(players=2, seed=3, bots=1, bot="random")
    panels = [
        table.evaluation,
        table.review,
        table.review.hints,
        table.teach_panel,
    ]
    for panel in panels:
        assert isinstance(panel.parts, PanelParts), panel
        assert panel.parts is table.parts
        assert not _holds_a_table(panel), type(panel).__name__
    assert not _holds_a_table(table.parts)


def test_a_panel_from_parts_alone_answers_as_from_the_table(comms):
    table = pitfall_table(players=2, seed=3)
    parts = table.parts
    panel = ReviewPanel(parts, budget=3, width=3)
    assert "try" in panel.show_hint()
    # the hint outlines its move among the table's own choices
    assert table.widgets.actions.suggestion is not None
    bar = EvaluationBar(parts, budget=4, cpu_seconds=5.0, enabled=True, more_rounds=0)
    assert bar.echo is table.widgets.echo
    assert bar.wait(60).n == 4
    bar.stop()


def test_teach_panel_places_itself_on_the_table_and_goes(comms):
    table = pitfall_table(players=2, seed=3)
    before = list(table.children)
    table.teach = True
    assert table.teach_panel.widget in table.children
    assert [c for c in table.children if c is not table.teach_panel.widget] == before
    table.teach = False
    assert list(table.children) == before
