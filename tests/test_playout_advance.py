"""Playouts that let a policy apply several of its own actions at once reach exactly
the states that asking it one action at a time reaches.

The Pitfall heuristic's ``policy.advance`` continues from the move its direction
look-ahead already resolved (PH-2A-MOVE, PH-5-BACK) instead of resolving it again;
the Raiders heuristic answers from precomputed country distances. Both must change
nothing a playout decides: the same actions, the same states, the same winners, and
the same cut-offs at any action limit.
"""

from __future__ import annotations

import pytest

from tabletop.analysis.playouts import play_to_outcome, rollout_policy, sample_world
from tabletop.bots.search import CheckedGame, advance, play_to_end
from tabletop.core import Match, Rng
from tabletop.core.match import game_from_spec
from tabletop.games.pitfall import heuristic as pitfall_heuristic


def one_at_a_time(policy):
    """The same policy without its ``advance``: the loops ask it action by action."""

    def plain(game, state, rng):
        return policy(game, state, rng)

    return plain


def plain_line(game, state, policy, rng, limit):
    """Every state the policy reaches from ``state`` in at most ``limit`` actions."""
    states = [state]
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        action, rng = policy(game, state, rng)
        state, _ = game.apply(state, action)
        states.append(state)
    return states


def test_pitfall_policy_carries_an_advance():
    assert pitfall_heuristic.policy.advance is pitfall_heuristic.advance


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pitfall_advance_lands_on_the_states_of_single_steps(players):
    game = game_from_spec("pitfall", {"players": players})
    policy = pitfall_heuristic.policy
    plain = one_at_a_time(policy)
    checked_lines = 0
    for seed in range(6):
        state = game.initial_state(seed)
        states = plain_line(game, state, plain, Rng.from_seed(seed), 400)
        index, rng = 0, Rng.from_seed(seed)
        while index < len(states) - 1:
            budget = 400 - index
            reached, rng, steps = advance(game, states[index], policy, rng, budget)
            assert 1 <= steps <= budget
            index += steps
            assert reached == states[index], (seed, index)
            checked_lines += steps > 1
    assert checked_lines > 20  # the look-ahead's move was reused many times


@pytest.mark.parametrize("limit", [1, 7, 40, 41, 42, 90, 3000])
def test_pitfall_cut_offs_match_single_steps(limit):
    """A playout cut at ``limit`` actions stops on the same state (no advance may
    run past the limit), so cut-off playouts score the same."""
    game = game_from_spec("pitfall", {"players": 3})
    policy = pitfall_heuristic.policy
    evaluate = pitfall_heuristic.evaluate
    for seed in range(4):
        state = game.initial_state(100 + seed)
        fast = play_to_end(game, state, Rng.from_seed(seed), policy, evaluate, limit)
        slow = play_to_end(
            game, state, Rng.from_seed(seed), one_at_a_time(policy), evaluate, limit
        )
        assert fast == slow
        assert play_to_outcome(
            game, state, policy, Rng.from_seed(seed), limit
        ) == play_to_outcome(
            game, state, one_at_a_time(policy), Rng.from_seed(seed), limit
        )


@pytest.mark.parametrize(
    ("path", "step"),
    [
        ("notebooks/saves/pitfall_4p_seed12.json", 80),
        ("notebooks/saves/raiders_4p_seed5.json", 40),
    ],
)
def test_benchmark_positions_play_out_alike(path, step):
    """From the benchmark's positions, sampled from a seat's view or the true state,
    the fast playouts end as single steps do."""
    match = Match.load(path)
    match.goto(step)
    game, state = match.game, match.state
    policy = rollout_policy(game)
    winners = set()
    for i in range(12):
        world = sample_world(game, state, i % 4 if i % 2 else None, Rng.from_seed(i))
        fast = play_to_outcome(game, world, policy, Rng.from_seed(i))
        slow = play_to_outcome(game, world, one_at_a_time(policy), Rng.from_seed(i))
        assert fast == slow
        winners.add(fast.winner)
    assert len(winners) > 1  # the worlds differ, so the test sees several endings


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_shipped_heuristics_pick_only_legal_actions(name):
    """The policies marked ``picks_legal``, whose actions playouts resolve without
    the verdict, answer only with listed actions (PH-T-CHOICE and PH-4-OPTIONAL:
    a roll at a turn's start and a decline at an obstacle are always listed;
    RA-M-ROLL likewise), the Pitfall look-ahead included (both directions): with
    every resolution checked, playouts end exactly as unchecked ones do."""
    game = game_from_spec(name, {"players": 3})
    _assert_picks_only_legal(game, rollout_policy(game), 4, 150, 50)


def test_pitfall_light_policy_picks_only_legal_actions():
    """The light policy (no look-ahead at a direction, PH-2A-MOVE) is marked
    ``picks_legal`` too: it answers only with listed actions, so its unchecked
    playouts end as checked ones do."""
    game = game_from_spec("pitfall", {"players": 4})
    _assert_picks_only_legal(game, pitfall_heuristic.light_policy, 3, 3000, 70)


def _assert_picks_only_legal(game, policy, seeds: int, steps: int, starts: int):
    """``policy`` is marked ``picks_legal``, answers with a listed action at each of
    the first ``steps`` decisions of ``seeds`` games, and its unchecked playouts
    from ``initial_state(starts + seed)`` end as checked ones do."""
    assert policy.picks_legal is True
    for seed in range(seeds):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            action, rng = policy(game, state, rng)
            assert action in game.legal_actions(state)
            state = game.next_state(state, action)
        start = game.initial_state(starts + seed)
        fast = play_to_outcome(game, start, policy, Rng.from_seed(seed))
        checked = play_to_outcome(CheckedGame(game), start, policy, Rng.from_seed(seed))
        assert fast == checked
