"""The OpenSpiel adapter: both games, every player count, OpenSpiel's own checks."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed: pip install -e '.[openspiel]' (or '.[test]')",
)

from tabletop.adapters import openspiel as ad  # noqa: E402
from tabletop.adapters.spaces import space_of, text_board  # noqa: E402

ours_space = space_of
from tabletop.core import Rng, make_game  # noqa: E402

GAMES = [("pitfall", n) for n in (2, 3, 4)] + [("raiders", n) for n in range(2, 7)]
# CI-sized: Pitfall between random players rarely ends, so its games are capped
# short; Raiders' cap lets random games end by the rules.
CAPS = {"pitfall": 60, "raiders": 250}


def _random_states(game, seed, stop=400):
    """Every state of one random game (chance and decisions), with its history."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    out = [state.clone()]
    while not state.is_terminal() and len(out) < stop:
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_random_sim_test_with_serialisation(name, players):
    game = ad.load(name, players, max_decisions=CAPS[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_game_shape(name, players):
    game = ad.load(name, players)
    ours = make_game(name, players=players)
    space = space_of(ours)
    assert game.num_players() == players
    assert game.num_distinct_actions() == len(space.actions)
    assert game.max_chance_outcomes() == space.max_chance_outcomes
    assert game.max_game_length() == space_of(ours).max_decisions
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.observation_tensor_size() == space.tensor_size


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_action_numbers_map_exactly_to_and_from_our_actions(name, players):
    ours = make_game(name, players=players)
    space = space_of(ours).actions
    for number, text in enumerate(space.notations):
        action = ours.parse_action(text)
        assert str(action) == text
        assert space.encode(action) == number
        assert space.decode(number) == action
    game = ad.load(name, players, max_decisions=200)
    seen = 0
    for state in _random_states(game, 5):
        if state.is_chance_node() or state.is_terminal():
            continue
        legal = ours.legal_actions(state.tabletop_state)
        numbers = state.legal_actions()
        assert sorted(space.encode(a) for a in legal) == numbers
        for a in legal:
            assert state.action_of(state.number_of(a)) == a
            assert state.action_to_string(state.number_of(a)) == str(a)
        seen += len(legal)
    assert seen > 0


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_every_random_outcome_is_an_explicit_uniform_chance_node(name):
    game = ad.load(name, 2, max_decisions=80)
    state = game.new_initial_state()
    if name == "pitfall":
        # The deal is drawn: the first node shuffles the 60-card deck.
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 60
    for s in _random_states(game, 3):
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert [a for a, _ in outcomes] == list(range(len(outcomes)))
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    # A history replays the game exactly.
    states = _random_states(game, 11)
    last = states[-1]
    again = game.new_initial_state()
    for action in last.history():
        again.apply_action(action)
    assert str(again) == str(last)
    assert again.tabletop_state == last.tabletop_state


def test_a_serialised_state_comes_back():
    game = ad.load("raiders", 3, max_decisions=100)
    last = _random_states(game, 2, stop=150)[-1]
    text = pyspiel.serialize_game_and_state(game, last)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(last) and back.history() == last.history()


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_str_is_our_text_board(name):
    game = ad.load(name, 3, max_decisions=100)
    for s in _random_states(game, 4, stop=200)[-5:]:
        if s.tabletop_state is not None and not s.is_chance_node():
            board = text_board(game.tabletop_game, s.tabletop_state)
            assert str(s).startswith(board)
            assert board == str(s.tabletop_state)


def test_the_length_cap_ends_a_game_as_a_draw():
    game = ad.load("pitfall", 2, max_decisions=30)
    last = _random_states(game, 1, stop=10_000)[-1]
    assert last.is_terminal()
    assert last.returns() == [0.0, 0.0]
    assert "length cap" in str(last)
    assert game.max_game_length() == 30


def test_a_won_game_pays_the_winner():
    game = ad.load("raiders", 2)
    last = _random_states(game, 5, stop=100_000)[-1]
    assert last.is_terminal()
    outcome = game.tabletop_game.outcome(last.tabletop_state)
    assert outcome is not None and outcome.winner is not None
    returns = last.returns()
    assert returns[outcome.winner] == 1.0 and sum(returns) == 0.0


def test_forced_rolls_are_used_before_any_chance_node():
    game = ad.load("pitfall", 2, max_decisions=100)
    ours = game.tabletop_game
    start = ours.initial_state(4)
    forced = ours.edit(start, "force_roll", {"values": [5]}).state
    state = game.state_from(forced)
    assert not state.is_chance_node()
    state.apply_action(state.number_of("roll"))
    # The forced 5 was used: no chance node for the die.
    assert not state.is_chance_node()
    assert state.tabletop_state.roll == 5


def _observations(state, seat):
    return (
        state.observation_string(seat),
        tuple(state.observation_tensor(seat)),
        state.information_state_string(seat),
    )


@pytest.mark.parametrize(("name", "players"), [("pitfall", 3), ("raiders", 4)])
def test_no_observation_leaks_another_seats_hand(name, players):
    """Worlds re-dealt from a seat's view look the same to that seat: strings,
    tensors and information states; and they do differ in what is hidden."""
    game = ad.load(name, players, max_decisions=150)
    ours = game.tabletop_game
    checked = differed = 0
    for state in _random_states(game, 8, stop=500)[40::23]:
        if state.is_chance_node() or state.is_terminal():
            continue
        for seat in range(players):
            shown = _observations(state, seat)
            for k in range(3):
                world = state.resample(seat, 100 + k)
                assert _observations(world, seat) == shown
                differed += world.tabletop_state != state.tabletop_state
                checked += 1
            # The observation is the seat's view: nothing from the full state.
            view = ours.view(state.tabletop_state, seat)
            assert state.observation_board(seat) == text_board(ours, view)
            vector = np.asarray(shown[1])
            listed = " ".join(f"{i}={vector[i]:g}" for i in np.flatnonzero(vector))
            assert shown[0] == f"vector {listed}"
    assert checked and differed, "re-dealt worlds never differed: a vacuous check"


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_the_public_observer_hides_every_hand(name):
    game = ad.load(name, 2, max_decisions=100)
    observer_type = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    from open_spiel.python.observation import make_observation

    public = make_observation(game, observer_type)
    ours = game.tabletop_game
    state = [
        s
        for s in _random_states(game, 6, stop=120)
        if not s.is_chance_node() and not s.is_terminal()
    ][-1]
    public.set_from(state, 0)
    board = text_board(ours, ours.view(state.tabletop_state, "public"))
    assert public.board(state, 0) == board
    vector = ours_space(ours).encode(ours, ours.view(state.tabletop_state, "public"), 0)
    assert np.array_equal(public.tensor, vector)
    world = ours.determinize(ours.view(state.tabletop_state, 0), 0, Rng.from_seed(3))
    assert text_board(ours, ours.view(world, "public")) == board


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_openspiel_ismcts_plays_our_heuristic_to_the_end(name):
    from tabletop.adapters.ismcts import duel

    result = duel(name, "heuristic", seed=1, seconds=0.005)
    assert result.winner in (0, 1)
    assert result.ismcts_seat == 1 and result.simulations >= 2
    assert result.decisions > 10


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_python_fast_paths_answer_as_openspiel_does(name):
    game = ad.load(name, 3, max_decisions=60)
    for state in _random_states(game, 9, stop=300):
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in (0, 1, 2):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(
                state, player
            )
