"""The PettingZoo adapter: AEC environments for both games, every player count."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo",
    reason="PettingZoo is not installed: pip install -e '.[rl]' (or '.[test]')",
)

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tabletop.adapters.pettingzoo import env  # noqa: E402
from tabletop.core import IllegalActionError, Match, Rng, make_game  # noqa: E402

GAMES = [("pitfall", n) for n in (2, 3, 4)] + [("raiders", n) for n in range(2, 7)]
# Pitfall capped short so that api_test also walks the truncation path; Raiders
# games between random players end by the rules.
CAPS = {"pitfall": 80, "raiders": 1500}


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_api_test(name, players):
    api_test(env(name, players, "ansi", CAPS[name]), num_cycles=400)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_seed_test(name, players):
    seed_test(lambda: env(name, players, max_decisions=CAPS[name]), num_cycles=60)


def _episode(e, seed):
    e.reset(seed=seed)
    rng = np.random.RandomState(seed)
    trace = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        trace.append((agent, reward, terminated, truncated))
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return trace


def test_reset_with_a_seed_deals_the_same_game_as_a_match():
    e = env("pitfall", 3)
    e.reset(seed=12)
    assert e.state == Match(make_game("pitfall", players=3), seed=12).state
    assert _episode(env("raiders", 2), 3) == _episode(env("raiders", 2), 3)


def test_a_random_episode_ends_with_the_winner_paid():
    e = env("raiders", 2)
    trace = _episode(e, 5)
    ends = [t for t in trace if t[2]]
    assert len(ends) == 2 and sorted(r for _, r, _, _ in ends) == [-1.0, 1.0]


def test_a_long_episode_is_truncated():
    trace = _episode(env("pitfall", 2, max_decisions=25), 1)
    assert [t[3] for t in trace[-2:]] == [True, True]
    assert all(r == 0 for _, r, _, _ in trace)


def test_masks_are_the_legal_actions_of_the_seat_to_move():
    e = env("pitfall", 2)
    e.reset(seed=2)
    agent = e.agent_selection
    obs = e.observe(agent)
    legal = e.game.legal_actions(e.state)
    assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(
        e.space.actions.encode(a) for a in legal
    )
    other = [a for a in e.agents if a != agent][0]
    assert not e.observe(other)["action_mask"].any()
    assert e.infos[agent]["notation"] == [str(a) for a in legal]


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_no_observation_leaks_another_seats_hand(name):
    e = env(name, 3)
    _ = _episode_until(e, 7, 60)
    real = e.state
    for seat, agent in enumerate(e.possible_agents):
        shown = e.observe(agent)["observation"]
        view = e.game.view(real, seat)
        for k in range(3):
            e.state = e.game.determinize(view, seat, Rng.from_seed(50 + k))
            assert np.array_equal(e.observe(agent)["observation"], shown)
        e.state = real


def _episode_until(e, seed, steps):
    e.reset(seed=seed)
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e


def test_render_modes():
    e = env("raiders", 2, render_mode="ansi")
    e.reset(seed=1)
    assert e.render() == e.game.render(e.state) == str(e.state)
    e = env("raiders", 2, render_mode="ansi", render_viewer="public")
    e.reset(seed=1)
    assert e.render() == e.game.render(e.game.view(e.state, "public"))
    e = env("pitfall", 2, render_mode="rgb_array")
    e.reset(seed=1)
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    with pytest.raises(ValueError):
        env("pitfall", 2, render_mode="video")


def test_stock_render_test_passes_with_human_mode(capsys):
    """PettingZoo's render_test builds the environment with render_mode="human":
    outside a notebook the text board is printed and render returns None."""
    from functools import partial

    from pettingzoo.test import render_test

    render_test(partial(env, "raiders", 2, max_decisions=200))
    e = env("pitfall", 2, render_mode="human")
    e.reset(seed=1)
    capsys.readouterr()
    assert e.render() is None
    assert capsys.readouterr().out.strip() == e.game.render(e.state).strip()


def test_shaped_rewards_are_off_by_default_and_sum_to_the_change_of_chance():
    plain = _episode(env("raiders", 2), 5)
    assert all(r == 0 for _, r, term, _ in plain if not term)
    e = env("raiders", 2, reward="shaped")
    trace = _episode(e, 5)
    assert any(r != 0 for _, r, term, trunc in trace if not (term or trunc))
    # Potential-based: a seat's rewards over the game add up to its win reward
    # minus its first win chance (the end's potential is 0).
    first = e.shaping.potentials(e.game.initial_state(5))
    wins = {a: r for a, r, term, _ in plain if term}
    for seat, agent in enumerate(e.possible_agents):
        total = sum(r for a, r, _, _ in trace if a == agent)
        assert total == pytest.approx(wins[agent] - first[seat])
    with pytest.raises(ValueError):
        env("raiders", 2, reward="points")


def test_a_gymnasium_seat_against_our_bots():
    from tabletop.adapters.gym import SeatEnv

    e = SeatEnv("raiders", 3, seat=1, opponents="heuristic")
    obs, info = e.reset(seed=4)
    assert e.observation_space.contains(obs)
    rng = np.random.RandomState(4)
    steps, reward = 0, 0.0
    while True:
        mask = e.action_masks()
        assert mask.dtype == bool and (mask == info["action_mask"]).all()
        legal = e.game.legal_actions(e.state)
        assert sorted(np.flatnonzero(mask)) == sorted(
            e.space.actions.encode(a) for a in legal
        )
        assert e.game.to_move(e.state) == 1
        obs, reward, terminated, truncated, info = e.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        assert e.observation_space.contains(obs)
        steps += 1
        if terminated or truncated:
            break
    assert terminated and reward in (1.0, -0.5) and steps > 5
    assert not e.action_masks().any()
    e.reset(seed=4)
    before = e.state
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(~e.action_masks())[0]))
    assert e.state is before
