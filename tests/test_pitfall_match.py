"""A whole Pitfall game through ``Match``: play to the end with seeded random
choices, walk the timeline, save and load; notation, explanations and the text board
of every decision along the way."""

from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.cards import CARD_INFO, CARDS
from tests.pitfall_policies import eager

SEED = 7


@pytest.fixture(scope="module")
def finished():
    """A seeded 3-player game played to its end (PH-WIN) with random choices."""
    m = Match(Pitfall(players=3), seed=SEED)
    rng = Rng.from_seed(SEED)
    while not m.over:
        assert len(m) < 5000
        action, rng = eager(m.legal_actions(), rng)
        m.play(str(action))
    return m


def test_seeded_three_player_game_reaches_the_diamond(finished):
    """PH-WIN: the game ends with a winner holding all three treasures."""
    outcome = finished.outcome()
    assert outcome.clause == "PH-WIN"
    assert all(finished.state.treasure[outcome.winner])
    assert finished.legal_actions() == ()


def test_save_and_load_reproduce_every_state(finished, tmp_path):
    again = Match.from_json(finished.to_json())
    assert len(again) == len(finished) and again.state == finished.state
    for step in range(0, len(finished) + 1, 37):
        assert again.state_at(step) == finished.state_at(step)
    path = tmp_path / "game.json"
    finished.save(path)
    assert Match.load(path).state == finished.state


def test_undo_redo_goto_fork(finished):
    m = Match.from_json(finished.to_json())
    end = len(m)
    m.undo(3)
    assert m.cursor == end - 3 and m.state == finished.state_at(end - 3)
    m.redo()
    assert m.state == finished.state_at(end - 2)
    m.goto(10)
    fork = m.fork()
    assert len(fork) == 10 and fork.state == finished.state_at(10)
    fork.play(fork.legal_actions()[0])
    assert len(m) == end
    m.goto(end)
    assert m.over


def test_every_decision_explained_and_notation_round_trips(finished):
    """Explanations match the legal actions one to one; notation parses back."""
    game = finished.game
    for step in range(0, len(finished), 5):
        state = finished.state_at(step)
        legal = game.legal_actions(state)
        explained = game.explain(state)
        assert [e.action for e in explained] == list(legal)
        for e in explained:
            assert e.clause.startswith("PH-") and e.text and e.label
            assert game.parse_action(str(e.action)) == e.action
            assert all(s in game.board.kind for s in e.spaces)
            assert e.card is None or e.card in CARDS
        assert game.pending(state)


def test_direction_explanations_name_the_first_space():
    game = Pitfall(players=2)
    m = Match(game, seed=1)
    m.force_roll(3)
    m.play("roll")
    spaces = {str(e.action): e.spaces for e in m.explain()}
    assert spaces == {"forward": ("A1",)}  # PH-T-STUCK: backward is barred


def test_secret_events_show_only_their_public_text(finished):
    mover = finished.steps[0].player
    drawn = [e for s in finished.steps for e in s.events if e.clause == "PH-2A-REFILL"]
    assert drawn and all(e.secret for e in drawn)
    other = (drawn[0].player + 1) % 3
    assert drawn[0].seen_by(other).startswith(f"player {drawn[0].player} drew ")
    assert "card" in drawn[0].seen_by(other) and mover in range(3)
    assert finished.log(other) != finished.log(None)


def test_text_board_shows_levels_pawns_hands_piles(finished):
    text = str(finished.state_at(40))
    for piece in (
        "A  BOAT",
        " U  ",
        "SCRP",
        "####",
        "P0 on",
        "P2 on",
        "hand:",
        "draw pile:",
        "facedown tokens:",
        "DIAM",
    ):
        assert piece in text


def test_card_info_for_every_kind():
    assert set(CARD_INFO) == set(CARDS)
    assert all(clause.startswith("PH-") for _, _, clause in CARD_INFO.values())


def test_match_log_starts_with_the_setup_events_ph_s_deal_ph_s_first():
    """PH-S-DEAL, PH-S-FIRST: the deal and the roll-off are logged as step 0."""
    from tabletop import Match
    from tabletop.games.pitfall import Pitfall

    match = Match(Pitfall(players=3), seed=7)
    log = match.log()
    assert any("PH-S-DEAL" in line for line in log)
    assert any("PH-S-FIRST" in line for line in log)
    assert all(line.lstrip().startswith("0") for line in log)
