"""Phrases told in a row keep no full stop before the separator: a Raiders
instruction ends in a sentence ("... move back 2 spaces."), and the log and the
picture's last line once read "draw a card.; Player 0 (red) draws ..."."""

from __future__ import annotations

from tabletop.draw import picture_bundle
from tabletop.draw.look import said_in_a_row
from tabletop.learn import lessons


def test_phrases_in_a_row_drop_a_full_stop_before_the_separator():
    said = said_in_a_row(["landed on S26: move back 2 spaces.", "", "moved to S24."])
    assert said == "landed on S26: move back 2 spaces; moved to S24."


def test_the_log_and_the_picture_tell_an_instruction_without_a_stray_stop():
    lesson = next(
        lesson for lesson in lessons("raiders") if lesson.title == "Instruction spaces"
    )
    table = lesson.table(teach=False)
    table.choose("roll")  # lands on an instruction space, then draws a card
    instruction = [e.text for e in table.match.steps[-1].events][2]
    assert instruction.endswith("draw a card."), "the board's sentence, whole"
    table.render_tabs()
    for shown in (
        table.widgets.log_view.value,
        picture_bundle(table.match, 0)["image/svg+xml"],
    ):
        assert "draw a card;" in shown and "draw a card.;" not in shown
