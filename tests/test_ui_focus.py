"""A lesson's board shows the area it is about (issue: lessons read as lessons):
the canvas holds that part of the board, clicks on it still mean the space under
the pointer, the die stays in view, and the area grows when a piece or a legal
target leaves it."""

from __future__ import annotations

import pytest

from tabletop.learn import lessons

PITFALL_LESSONS = lessons("pitfall")
RAIDERS_LESSONS = lessons("raiders")


@pytest.fixture(scope="module")
def lesson_tables() -> list:
    """Every lesson's table, built once: the tests that only look at them share
    them (a table per lesson takes about a second); tests that press or focus make
    their own."""
    return [(lesson, lesson.table()) for lesson in (*PITFALL_LESSONS, *RAIDERS_LESSONS)]


def _press(table, x: float, y: float) -> None:
    """A mouse press at canvas pixel (x, y), as the page reports it."""
    table.widgets.board.canvas._canvases[-1]._mouse_up_callbacks(x, y)


def test_a_lesson_board_shows_the_area_it_is_about(lesson_tables):
    cropped = 0
    for lesson, table in lesson_tables:
        board, adapter = table.widgets.board, table.look
        ax, ay, aw, ah = board.area
        assert (board.canvas.width, board.canvas.height) == (int(aw), int(ah))
        cropped += board.cropped
        needed = (*table.board_area.rings, *(s for e in table.legal for s in e.spaces))
        for sid in needed:
            assert board.shows(*adapter.xy[sid]), (lesson.title, sid)
    assert cropped > len(PITFALL_LESSONS + RAIDERS_LESSONS) / 2, "most are cropped"


def test_a_click_on_a_cropped_board_means_the_space_under_it():
    lesson = next(
        lesson
        for lesson in PITFALL_LESSONS
        if lesson.table().widgets.board.cropped and lesson.table().legal[0].spaces
    )
    table = lesson.table()
    entry = next(e for e in table.legal if e.spaces)
    x, y = table.look.xy[entry.spaces[0]]
    ax, ay, _, _ = table.widgets.board.area
    before = table.model.step
    _press(table, x - ax, y - ay)  # canvas pixels: the board's minus the area's corner
    assert table.model.error == "" and table.model.message == ""
    assert table.model.step == before + 1 or table.model.selection is not None


def test_the_area_grows_when_a_target_leaves_it():
    table = next(
        t
        for t in (lesson.table() for lesson in PITFALL_LESSONS)
        if t.widgets.board.cropped
    )
    before = table.widgets.board.area
    table.focus(("A0", "A46"))  # the riverboat and the diamond: across the board
    ax, ay, aw, ah = table.widgets.board.area
    assert aw * ah > before[2] * before[3]
    for sid in ("A0", "A46"):
        assert table.widgets.board.shows(*table.look.xy[sid])
    table.focus(())
    assert not table.widgets.board.cropped


def test_a_lesson_board_cuts_no_space_in_two(lesson_tables):
    """The area shows every space whose centre it shows whole, and leaves out no
    thin strip along the board's edge: lesson 1's board once ended at x=806 and
    cut the right column of the jungle path (spaces 12-17) in half."""
    for lesson, table in lesson_tables:
        board, look = table.widgets.board, table.look
        ax, ay, aw, ah = board.area
        for edge in (ax, ay, look.width - ax - aw, look.height - ay - ah):
            assert edge == 0 or edge >= 40, (lesson.title, board.area)
        for sid, (x, y) in look.xy.items():
            if not board.shows(x, y):
                continue
            r = look.space_radius(sid)
            assert ax <= max(0, x - r) and min(look.width, x + r) <= ax + aw, sid
            assert ay <= max(0, y - r) and min(look.height, y + r) <= ay + ah, sid
    first = lesson_tables[0][1]
    right_column = [s for s, (x, _) in first.look.xy.items() if x > 800]
    assert right_column and all(
        first.widgets.board.shows(x + first.look.space_radius(s) - 4, y)
        for s in right_column
        for x, y in [first.look.xy[s]]
    ), "lesson 1 shows the jungle path's right column whole"
