"""The board marks the last turn only, and a finished game plainly.

A table of one human and bots tells in words every turn since the human's last
decision (the recap), but draws only the last turn's moves: a finished Raiders
board was a tangle of dashed paths. Once the game is over, neither the live board
nor the picture marks any move."""

from __future__ import annotations

from tabletop.draw import picture_bundle
from tabletop.draw.pictures import moment
from tabletop.draw.scenes import marks
from tabletop.ui import raiders_table
from tabletop.ui.texts import last_move

SVG = "image/svg+xml"


def test_the_board_draws_the_last_turns_moves_only():
    table = raiders_table(players=3, seed=7, bots=2, bot="random")
    several = 0
    for _ in range(10):
        if table.model.to_move == 0:
            table.choose(table.legal[0].action)
        recent = table.model.recent
        drawn = last_move(table.model)
        if not drawn or len({step.player for step in recent}) < 2:
            continue
        last = recent[-1].player
        assert {seat for seat, _ in drawn[0]} <= {last}, (
            [step.player for step in recent],
            drawn,
        )
        several += bool(drawn[0])
    assert several, "some recap spanned several seats' turns with a move drawn"


def test_a_finished_game_shows_its_final_position_plainly():
    table = raiders_table(players=2, seed=4, bots=2, bot="random")
    table.model.auto_play(2000)
    assert table.match.outcome() is not None
    assert last_move(table.model) == ()
    look = table.look
    assert marks(look, moment(table.match, None, None, look)).shapes == ()
    assert ">rolled<" not in picture_bundle(table.match, None, png=False)[SVG]
    end = len(table.match)
    assert any(
        marks(look, moment(table.match, step, None, look)).shapes
        for step in range(end - 6, end)
    ), "the steps before the end are marked"
