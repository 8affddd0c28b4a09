"""The example game in examples/race, installed as its own package (``pip install
-e examples/race``), gets every feature of the shipped games through its
``GameEntry`` alone: it is found by name, plays at the notebook Table by its
gestures and in a seat-server room, with every bot and in a process pool, as an
OpenSpiel game and a PettingZoo environment, and its lessons, catalogue and lesson
notebook hold."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from tabletop.core import game_names

if "race" not in game_names():
    pytest.skip(
        "the race package is not installed: pip install -e examples/race",
        allow_module_level=True,
    )

from race import ENTRY, Race  # noqa: E402
from race.look import RaceLook  # noqa: E402

from tabletop.bots import make_bot, play_out  # noqa: E402
from tabletop.core import IllegalActionError, Match, lookup  # noqa: E402
from tabletop.core.match import record_digests  # noqa: E402
from tabletop.core.registry import PARTS  # noqa: E402
from tabletop.sim import run_games  # noqa: E402


def test_found_by_name_through_its_entry_point_with_every_part():
    assert "race" in game_names()
    entry = lookup("race")
    assert entry is ENTRY and entry.factory is Race and entry.players == (2, 4)
    for name in PARTS:
        assert entry.part(name) is not None, name


def test_refusals_name_their_clause_and_change_nothing():
    match = Match(Race(players=2), seed=3)
    before = match.state
    held = set(before.hands[0])
    missing = next(v for v in (1, 2, 3, 4) if v not in held)
    with pytest.raises(IllegalActionError) as err:
        match.play(f"play {missing}")
    assert err.value.clause == "RC-PLAY"
    assert match.check("P1: roll").clause == "TT-TURN"
    assert match.state is before and len(match) == 0
    match.play("P0: roll")
    assert match.to_move() == 1


def test_views_hide_other_hands_and_the_deck():
    game = Race(players=3)
    match = Match(game, seed=5)
    view = match.view(1)
    assert view.hands[1] == match.state.hands[1]
    assert set(view.hands[0]) == {"?"} and set(view.deck) == {"?"}
    assert game.forced_rolls(view) == ()
    world = game.determinize(view, 1, match.state.rng)
    assert game.invariants(world) == []


def test_saves_and_loads_by_name():
    match = Match(Race(players=2), seed=8)
    for _ in range(12):
        if match.over:
            break
        match.play(match.legal_actions()[-1])
    loaded = Match.from_json(match.dumps())
    assert loaded.state == match.state and loaded.cursor == match.cursor


def test_a_save_from_another_board_file_is_migrated():
    match = Match(Race(players=2), seed=8)
    match.play("roll")
    data = match.to_json()
    assert data["board"] == Race(players=2).board.digest
    data["board"] = "0" * 16
    data.update(record_digests(data))  # as written on that board
    loaded = Match.from_json(data)
    assert loaded.migrated_from == "save was made on another version of the board file"
    assert loaded.state == match.state


# -- the notebook Table ---------------------------------------------------------------
def test_plays_to_the_end_at_the_table_by_its_gestures():
    """Space clicks, card clicks and the Roll button, for both seats, to a winner."""
    from tabletop.ui import new_table

    table = new_table("race", players=2, seed=1)
    assert isinstance(table.look, RaceLook)
    gestures = {"space": 0, "card": 0, "roll": 0}
    for step in range(200):
        if table.model.game.outcome(table.model.state) is not None:
            break
        seat = table.model.to_move
        table.model.set_viewer(seat)  # hot seat: the mover's eyes
        plays = [e for e in table.legal if e.card]
        before = table.model.step
        if plays and step % 3 == 0:
            x, y = table.look.xy[plays[0].spaces[0]]
            table.click_xy(x + 2, y - 2)
            gestures["space"] += 1
            if table.model.step == before:  # two cards reach Goal: the card decides
                assert table.model.selection is not None
                table.model.play_card(plays[0].card)
        elif plays and step % 3 == 1:
            hand = table.look.hand(table.model.view_state, seat)
            table.model.play_card(hand.index(plays[-1].card))
            gestures["card"] += 1
        else:
            table.choose("roll")
            gestures["roll"] += 1
        assert table.model.step == before + 1 and table.model.error == ""
    outcome = table.model.game.outcome(table.model.state)
    assert outcome is not None and outcome.winner in (0, 1)
    assert "Game over" in table.widgets.status.value
    assert all(gestures.values()), gestures


def test_the_look_says_cards_spaces_and_seats_in_words():
    game = Race(players=2)
    look = RaceLook(game)
    face = look.face("3")
    assert face.clause == "RC-PLAY" and "3 spaces" in face.text
    assert look.card_kinds() == ("1", "2", "3", "4")
    assert "draw a card" in look.describe("S6") and "Goal" in look.describe("S24")
    assert look.label_words("Play 1") == "Play the 1 (1 space)"
    view = game.view(game.initial_state(2), 0)
    assert look.seat_note(view, 1) == "on Start, 24 to Goal"
    assert look.route("S3", "S6") == ("S3", "S4", "S5", "S6")


def test_teach_mode_lists_the_cards_not_held():
    from tabletop.core.registry import part_of

    game = Race(players=2)
    state = game.initial_state(3)
    tried = part_of(game, "teach")(game, state)
    refused = [t for t in tried if game.check(state, t) is not None]
    assert "roll" in tried and refused
    held = {f"play {c}" for c in state.hands[0]}
    assert set(refused) == {t for t in tried if t.startswith("play")} - held


# -- the seat server -------------------------------------------------------------------
def _wait(condition, timeout: float = 30) -> None:
    from tests.waits import until

    until(condition, timeout)


def test_a_seat_server_room_plays_it_to_the_end():
    from tabletop.online import create_room
    from tabletop.ui import join
    from tests.online_wire import running_server

    with running_server() as server:
        links = create_room(server, game="race", players=2, bots=1, seed=11)
        room = server.rooms[links["room"]]
        table = join(links["seats"][0])
        assert table.model.viewer == 0
        for _ in range(200):
            _wait(lambda: server.call(lambda: room.match.over) or table.legal)
            if server.call(lambda: room.match.over):
                break
            before = table.model.step
            table.choose(table.legal[0].action)
            _wait(lambda b=before: table.model.step > b)
        winner = server.call(lambda: room.match.outcome().winner)
        assert winner in (0, 1)
        _wait(lambda: table.model.game.outcome(table.model.state) is not None)


# -- bots and simulations --------------------------------------------------------------
@pytest.mark.parametrize("bot", ["random", "heuristic", "ismcts", "flat-mc"])
def test_every_bot_plays_it_to_the_end(bot):
    game = Race(players=3)
    options = {"iterations": 20} if bot in ("ismcts", "flat-mc") else {}
    bots = [make_bot(bot, game, seed=s, **options) for s in range(3)]
    result = play_out(game, game.initial_state(4), bots, 500)
    assert result.winner in (0, 1, 2)


def test_the_heuristic_policy_picks_legal_actions():
    import random

    heuristic = lookup("race").part("heuristic")
    assert heuristic.policy.picks_legal
    game, rnd = Race(players=2), random.Random(2)
    match = Match(game, seed=2)
    while not match.over:
        state = match.state
        action, _ = heuristic.policy(game, state, state.rng)
        assert action in game.legal_actions(state)
        chances = heuristic.evaluate(game, state)
        assert len(chances) == 2 and abs(sum(chances) - 1) < 1e-9
        match.play(rnd.choice(match.legal_actions()))
    assert heuristic.evaluate(game, match.state)[match.state.winner] == 1.0


def test_the_heuristic_beats_random_play():
    table = run_games("race", 40, bots="heuristic,random", seed=3, workers=1,
                      rotate=True)  # fmt: skip
    wins = sum(row["winner_bot"] == "heuristic" for row in table.rows)
    assert wins > 24, wins


def test_simulation_by_name_in_a_process_pool():
    table = run_games("race", 6, bots="heuristic,random", seed=1, workers=2)
    assert len(table.rows) == 6
    assert all(row["winner"] in (0, 1) for row in table.rows)
    with ProcessPoolExecutor(max_workers=2) as pool:
        table = run_games(Race(players=2), 4, bots="random", seed=1, executor=pool)
    assert all(row["winner"] in (0, 1) for row in table.rows)


# -- the adapters ----------------------------------------------------------------------
def test_an_openspiel_game_passes_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    import tabletop.adapters.openspiel  # noqa: F401  (registers tabletop_race)

    for players in (2, 4):
        game = pyspiel.load_game("tabletop_race", {"players": players})
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_a_pettingzoo_env_passes_api_test():
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    from pettingzoo.test import api_test

    from tabletop.adapters.pettingzoo import env

    api_test(env("race", 3, "ansi"), num_cycles=300)


def test_the_action_space_numbers_every_legal_action():
    from tabletop.adapters.spaces import space_of

    game = Race(players=2)
    space = space_of(game)
    assert space.actions.notations == ("roll", "play 1", "play 2", "play 3", "play 4")
    match = Match(game, seed=6)
    while not match.over:
        for action in match.legal_actions():
            assert space.actions.decode(space.actions.encode(action)) == action
        vector = space.encode(game, match.view(1), 1)
        assert vector.shape == (space.tensor_size,)
        match.play(match.legal_actions()[0])
    assert len(match) < space.max_decisions


# -- the lessons -----------------------------------------------------------------------
def test_the_lessons_facts_hold_and_cover_the_catalogue():
    from tabletop.learn import coverage, lessons

    taught = lessons("race")
    assert len(taught) >= 2
    for lesson in taught:
        assert all(c.startswith("RC-") for c in lesson.clauses), lesson.title
        assert lesson.problems() == [], lesson.title
    assert coverage("race") == {"untaught": [], "unexplained rulings": []}


def test_the_published_lesson_notebook_is_up_to_date():
    """The lesson notebook is one of those ``tests/test_lesson_outputs.py`` runs in
    a fresh kernel, its saved outputs compared with the run's (not run twice)."""
    from tabletop.learn.publish import lesson_notebooks
    from tests import test_lesson_outputs

    assert lesson_notebooks()["race"].name == "learn_race.ipynb"
    assert "race" in test_lesson_outputs.BOOKS
