"""Every pawn's seat number shows when pawns share a space: four Pitfall pawns on
the start space stood three in a row and one below, whose pawn covered seat 0's
number. Checked on the drawing's display list: no shape drawn after a seat
number (another pawn's head or body) covers its letters."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.core.registry import make_game
from tabletop.draw.look import look_for
from tabletop.draw.scenes import PUBLIC, view_of
from tabletop.draw.shapes import Circle, Pen, Polygon, Rect, Text


def _letters(text: Text) -> tuple[float, float, float, float]:
    """The box a seat number's letters cover (digits: 0.6 of the size wide, the
    cap height above the baseline)."""
    width = 0.6 * text.size * len(text.text)
    left = {"left": text.x, "center": text.x - width / 2}.get(
        text.align, text.x - width
    )
    return left, text.y - 0.72 * text.size, left + width, text.y


def _covers(shape: object, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    if isinstance(shape, Circle):
        nx, ny = min(max(shape.x, x0), x1), min(max(shape.y, y0), y1)
        return (nx - shape.x) ** 2 + (ny - shape.y) ** 2 < shape.r**2
    if isinstance(shape, Rect):
        return (
            shape.x < x1
            and x0 < shape.x + shape.w
            and (shape.y < y1 and y0 < shape.y + shape.h)
        )
    if isinstance(shape, Polygon):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return min(xs) < x1 and x0 < max(xs) and min(ys) < y1 and y0 < max(ys)
    return False


def hidden_numbers(game, state) -> list[str]:
    """The seat numbers some later shape of the pieces covers."""
    pen = Pen()
    look_for(game).draw_pieces(pen, view_of(game, state, PUBLIC))
    shapes = pen.shapes
    seats = {str(s) for s in range(game.players)}
    hidden = []
    for i, shape in enumerate(shapes):
        if isinstance(shape, Text) and shape.text in seats:
            box = _letters(shape)
            if any(_covers(later, box) for later in shapes[i + 1 :]):
                hidden.append(shape.text)
    return hidden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pitfall_pawns_on_the_start_space_show_every_number(players):
    game = make_game("pitfall", players=players)
    state = game.initial_state(seed=1)
    assert len(set(state.positions)) == 1, "every pawn starts on the riverboat"
    assert hidden_numbers(game, state) == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_raiders_tokens_on_one_place_show_every_number(players):
    game = make_game("raiders", players=players)
    state = game.initial_state(seed=1)
    place = sorted(game.board.countries)[0]
    state = dataclasses.replace(state, positions=(place,) * players)
    assert hidden_numbers(game, state) == []
