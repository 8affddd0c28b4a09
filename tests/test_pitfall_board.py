"""The Pitfall board file and its loader: PH-B clauses are checked on load, and a
broken board is refused with every problem named."""

from __future__ import annotations

import copy
import json

import pytest

from tabletop import BoardError
from tabletop.core import Rng
from tabletop.core.boards import board_path
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.actions import Climb, Direction, Discard, Play, Roll
from tabletop.games.pitfall.board import load_board
from tabletop.games.pitfall.cards import (
    COBRA,
    CROC,
    FIRE,
    JUMP,
    LADDER,
    OBSTACLES,
    ROPE,
)


@pytest.fixture(scope="module")
def data():
    return json.loads(board_path("pitfall").read_text())


def broken(data, change):
    board = copy.deepcopy(data)
    change(board)
    with pytest.raises(BoardError) as err:
        load_board(board)
    return str(err.value)


def space(board, sid):
    return next(s for s in board["spaces"] if s["id"] == sid)


def test_ph_b_layout_standard_board_loads_with_coordinates():
    """PH-B-LAYOUT: every space has drawing coordinates on the canvas, both levels."""
    board = load_board("pitfall")
    width, height = board.canvas
    assert len(board.xy) == len(board.above) + len(board.below)
    for x, y in board.xy.values():
        assert 0 <= x <= width and 0 <= y <= height
    assert len(set(board.xy.values())) == len(board.xy)
    assert board.deck == (10, 15, 14, 8, 5, 5, 3) and board.tokens == (5, 5, 5)


def test_ph_b_below_one_space_under_each_but_the_ends(data):
    """PH-B-BELOW: an underground space under each aboveground space but the ends."""
    board = load_board(data)
    under = [board.order[u] for u in board.below]
    assert under == list(range(1, len(board.above) - 1))
    assert set(board.down) == {
        s for s in board.above if board.kind[s] in OBSTACLES and "pit" in board.kind[s]
    }


def test_missing_link_is_named(data):
    """A board with a link removed is refused naming the broken path."""
    message = broken(data, lambda b: b["links"].remove(["A10", "A11"]))
    assert "missing link" in message and "A11" in message


def test_link_to_unknown_space_is_named(data):
    message = broken(data, lambda b: b["links"].append(["A45", "A99"]))
    assert "unknown space 'A99'" in message


def test_wrong_obstacle_count_is_named(data):
    """PH-B-ABOVE: a crocodile turned into a plain space is refused."""
    message = broken(data, lambda b: space(b, "A6").update(kind="plain"))
    assert "3 crocodile space(s); PH-B-ABOVE needs exactly 4" in message


def test_duplicate_id_is_named(data):
    message = broken(data, lambda b: b["spaces"].append(dict(space(b, "A5"))))
    assert "duplicate id" in message and "A5" in message


def test_unreachable_space_is_named(data):
    def island(b):
        b["spaces"].append(
            {"id": "X1", "level": "above", "kind": "plain", "x": 1, "y": 1}
        )

    message = broken(data, island)
    assert "X1" in message


def test_ph_b_walls_wall_not_underground_is_named(data):
    """PH-B-WALLS: a wall on the aboveground path is refused."""
    message = broken(data, lambda b: space(b, "A5").update(kind="wall"))
    assert "a wall must be underground" in message


def test_ph_b_walls_count_and_wall_under_pit(data):
    """PH-B-WALLS: four walls, never under a pit trap."""
    message = broken(data, lambda b: space(b, "U10").update(kind="wall"))
    assert "5 walls" in message and "under a pit trap" in message


def test_ph_s_scorpion_start_must_be_open_underground(data):
    """PH-S-SCORPION: the scorpion's start is an open underground space."""
    message = broken(data, lambda b: b.update(scorpion_start="U7"))
    assert "scorpion_start 'U7'" in message


def test_every_problem_is_listed_at_once(data):
    def two(b):
        space(b, "A6").update(kind="plain")
        b.update(scorpion_start="A3")

    message = broken(data, two)
    assert "crocodile" in message and "scorpion_start" in message


def test_bad_json_and_wrong_game_are_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "pitfall", "version": 1,')
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board(path)
    with pytest.raises(BoardError, match="not 'pitfall'"):
        load_board({"game": "raiders", "version": 1})


def sensible(game, state, rng):
    """A plain strategy: go for treasure, then the diamond; trade useless cards."""
    board, me = game.board, state.to_move
    hand, pos = state.hands[me], state.positions[me]
    need = not all(state.treasure[me])
    ahead = [
        s
        for s in board.above[board.order[pos] + 1 :]
        if board.kind[s] in ("cobra", "fire")
    ]
    step = 1 if not need or ahead else -1
    if state.phase == "start":
        wanted = _wanted(board, pos, step)
        if wanted and not any(hand[c] for c in wanted):
            keep = {JUMP: 3, ROPE: 3, CROC: 3, COBRA: 4 * need, FIRE: 4 * need}
            order = sorted(
                (keep.get(c, 1), c) for c in range(7) for _ in range(hand[c])
            )
            return Discard(tuple(sorted(c for _, c in order[:4])))
        return Roll()
    legal = game.legal_actions(state)
    if state.phase == "direction":
        return Direction(_underground_way(board, pos, step))
    if state.phase == "obstacle":
        plays = [a for a in legal if isinstance(a, Play)]
        treasure = [a for a in plays if a.card in (COBRA, FIRE)]
        return (treasure if need and treasure else plays or legal)[0]
    if state.phase == "climb":
        return Climb()
    i, _ = rng.below(len(legal))
    return legal[i]


def _wanted(board, pos, step):
    if board.level[pos] == "below":
        up = board.up.get(pos)
        return {LADDER} if up and board.kind[up] == "pit" else set()
    for _ in range(6):
        pos = board.step(pos, step)
        if pos is None:
            return set()
        if board.kind[pos] in OBSTACLES:
            return set(OBSTACLES[board.kind[pos]])
    return set()


def _underground_way(board, pos, step):
    """Below, head for the nearer way up rather than into a wall."""
    if board.level[pos] == "above":
        return step
    here = pos
    while here is not None:
        if here in board.up and here != pos:
            return step
        here = board.step(here, step)
    return -step


def test_ph_b_layout_games_between_sensible_players_end():
    """PH-B-LAYOUT: the board plays well: sensible players reach the diamond."""
    for seed in range(60):
        game = Pitfall(players=2 + seed % 3)
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(3000):
            if game.outcome(state):
                break
            state, _ = game.apply(state, sensible(game, state, rng))
        assert game.outcome(state), f"seed {seed} did not end"


def test_ph_b_walls_every_stretch_needs_a_way_up(data):
    """PH-B-WALLS: walls may not shut a stretch of tunnel away from every pit trap."""

    def shut(b):
        space(b, "U7").update(kind="tunnel")
        space(b, "U3").update(kind="wall")

    message = broken(data, shut)
    assert "stretch U1..U2 has no pit trap above it" in message
