"""What research algorithms ask of the OpenSpiel adapter: information states of
bounded size, resampled worlds that agree with a seat's whole history, tensors that
follow their strings, and OpenSpiel's own searches and MCCFR run through it."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed: pip install -e '.[openspiel]' (or '.[test]')",
)

from tabletop.adapters import openspiel as ad  # noqa: E402


def _walk(game, seed, stop):
    """The states of one random game (chance and decisions), up to ``stop``."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal() and len(out) < stop:
        out.append(state.clone())
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return out


def _decisions(states):
    return [s for s in states if not s.is_chance_node() and not s.is_terminal()]


def test_information_state_string_stays_short_as_the_game_grows():
    game = ad.load("pitfall", 2, max_decisions=5000)
    states = _decisions(_walk(game, 2, 3000))
    early = next(s for s in states if len(s.history()) > 250)
    late = states[-1]
    assert len(late.history()) > 8 * len(early.history())
    sizes = [len(s.information_state_string(0)) for s in (early, late)]
    readable = [len(s.information_state_history(0)) for s in (early, late)]
    assert sizes[1] < 2 * sizes[0]  # the board and a digest, not the history
    assert readable[1] > 4 * readable[0]  # the full history is still there


@pytest.mark.parametrize(("name", "players"), [("pitfall", 2), ("raiders", 3)])
def test_digests_tell_apart_exactly_the_histories_that_differ(name, players):
    """Over thousands of information states of many games: equal strings exactly
    when the readable histories (every line told, then the observation) are
    equal, so no two histories met share a digest."""
    game = ad.load(name, players, max_decisions=120)
    by_string: dict[str, str] = {}
    by_history: dict[str, str] = {}
    count = 0
    for seed in range(6):
        for state in _decisions(_walk(game, seed, 400)):
            for seat in range(players):
                key = state.information_state_string(seat)
                readable = state.information_state_history(seat)
                assert by_string.setdefault(key, readable) == readable
                assert by_history.setdefault(readable, key) == key
                count += 1
    assert count > 1000 and len(by_string) > 500


@pytest.mark.parametrize(("name", "players"), [("pitfall", 3), ("raiders", 3)])
def test_same_strings_same_tensors_and_legal_actions(name, players):
    """OpenSpiel's own games guarantee the direction string -> tensor: checked for
    the observation and the information state, over states and resampled worlds
    (a world of the seat to move has its information state, so its legal
    actions)."""
    game = ad.load(name, players, max_decisions=80)
    obs: dict[str, tuple] = {}
    info: dict[str, tuple] = {}
    pairs = 0
    states = _decisions(_walk(game, 4, 300))
    for state in states[:: max(1, len(states) // 8)]:
        seat = state.current_player()
        worlds = [state, state.resample(seat, 7)]
        worlds.append(state.resample_from_infostate(seat, lambda: 0.25))
        for world in worlds:
            assert world.information_state_string(seat) == (
                state.information_state_string(seat)
            )
            for s in range(players):
                o = (tuple(world.observation_tensor(s)),)
                assert obs.setdefault(world.observation_string(s), o) == o
                i = (tuple(world.information_state_tensor(s)),)
                if s == seat:
                    i += (tuple(world.legal_actions()),)
                got = info.setdefault(world.information_state_string(s), i)
                assert got[: len(i)] == i[: len(got)]
                pairs += 1
    assert pairs > 40
    size = game.information_state_tensor_size()
    assert size == game.observation_tensor_size() + ad.CLAUSE_BUCKETS


def _first_take(game, seed):
    """The first decision after a card was taken at random from a hand: (state,
    taker, victim, card) or None."""
    for state in _decisions(_walk(game, seed, 3000)):
        trail = state._pos.trail
        if trail is None:
            continue
        for event in trail.events:
            if event.kind == "take" and "card" in event.data:
                d = event.data
                return state, d["seat"], d["victim"], d["card"]
    return None


def test_a_resampled_world_remembers_the_card_taken_from_the_seat():
    """The victim of a take knows which card it lost (it left its hand): every world
    from resample_from_infostate gives it to the taker; worlds dealt from the
    current view alone (resample) forget it (RA-M-PASS-PLAYER, RA-K-AMBUSH)."""
    game = ad.load("raiders", 3, max_decisions=3000)
    found = None
    for seed in range(40):
        found = _first_take(game, seed)
        if (
            found is not None
            and found[0].tabletop_state.hands[found[1]].count(found[3]) == 1
        ):
            break
    assert found is not None
    state, taker, victim, card = found
    kept = forgot = 0
    for k in range(12):
        world = state.resample_from_infostate(victim, lambda k=k: k / 12)
        assert world.information_state_string(victim) == (
            state.information_state_string(victim)
        )
        assert world.observation_string(victim) == state.observation_string(victim)
        kept += card in world.tabletop_state.hands[taker]
        forgot += card not in state.resample(victim, k).tabletop_state.hands[taker]
    assert kept == 12
    assert forgot > 0, "the view alone happened to keep the card: a vacuous check"


def test_stock_ismcts_plays_through_resample_from_infostate():
    from open_spiel.python.algorithms import ismcts, mcts

    game = ad.load("raiders", 2, max_decisions=40)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=4,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    chosen = 0
    while not state.is_terminal() and chosen < 6:
        if state.is_chance_node():
            state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        chosen += 1
    assert chosen == 6


def test_mcts_on_determinized_worlds():
    """OpenSpiel's Python MCTSBot searching a world sampled for the seat to move
    (determinized MCTS): its choice is legal in the real state."""
    from open_spiel.python.algorithms import mcts

    game = ad.load("raiders", 2, max_decisions=40)
    bot = mcts.MCTSBot(
        game,
        2.0,
        6,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)),
        random_state=np.random.RandomState(2),
    )
    states = _decisions(_walk(game, 6, 60))
    for state in states[-3:]:
        seat = state.current_player()
        world = state.resample_from_infostate(seat, lambda: 0.5)
        action = bot.step(world)
        assert action in state.legal_actions()


def test_outcome_sampling_mccfr_runs_and_learns_a_policy():
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = ad.load("race", 2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(200):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert len(solver._infostates) > 20
