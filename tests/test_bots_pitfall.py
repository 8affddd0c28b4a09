"""The Pitfall heuristic bot: sensible moves per clause, and games that end."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot, play_out
from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.actions import (
    Climb,
    Direction,
    Discard,
    Give,
    PlaceScorpion,
    Play,
    Roll,
)
from tabletop.games.pitfall.cards import COBRA, CROC, JUMP, ROPE, SCORPION
from tabletop.games.pitfall.heuristic import HeuristicBot, evaluate, policy
from tabletop.games.pitfall.scenarios import build_state


def _choose(game, state, seed=0):
    seat = game.to_move(state)
    return HeuristicBot(game, seed).choose(game.view(state, seat))


@pytest.mark.parametrize("players", [2, 4])
def test_ph_win_heuristic_games_always_end_with_a_winner(players):
    """PH-WIN / PH-7-DIAMOND: heuristic bots finish their games."""
    game = Pitfall(players=players)
    for seed in range(4):
        bots = [make_bot("heuristic", game, 10 * seed + s) for s in range(players)]
        result = play_out(game, game.initial_state(seed), bots, max_steps=3000)
        assert not result.truncated and result.winner is not None
        assert game.outcome(result.state).winner == result.winner


def test_heuristic_beats_random_with_seats_rotated():
    game = Pitfall(players=2)
    wins = 0
    for i in range(10):
        bots = [make_bot("heuristic", game, i), make_bot("random", game, 50 + i)]
        seat = i % 2
        if seat:
            bots.reverse()
        wins += play_out(game, game.initial_state(i), bots, 3000).winner == seat
    assert wins >= 8


def _at_obstacle(target, hand, treasure=""):
    game = Pitfall(players=2)
    state = build_state(
        game,
        positions={0: _before(game, target)},
        hands={0: hand},
        treasure={0: treasure},
        phase="obstacle",
        roll=3,
        direction="forward",
        remaining=2,
        target=target,
    )
    return game, state


def _before(game, space):
    return game.board.above[game.board.order[space] - 1]


def test_ph_4_treasure_plays_the_cobra_card_while_a_kind_is_missing():
    game, state = _at_obstacle("A8", "CO JU RO RO CR LA LA", "gold")
    assert _choose(game, state) == Play(COBRA)


def test_ph_4_jump_passes_a_cobra_once_all_kinds_are_held():
    game, state = _at_obstacle("A8", "CO JU RO RO CR LA LA", "gold silver money")
    assert _choose(game, state) == Play(JUMP)


def test_ph_4_rope_is_played_rather_than_falling_into_a_pit():
    game, state = _at_obstacle("A10", "RO JU JU CR LA LA FI")
    assert _choose(game, state) == Play(ROPE)


def test_ph_4_croc_card_passes_a_crocodile():
    game, state = _at_obstacle("A6", "RO JU JU CR LA LA FI")
    assert _choose(game, state) == Play(CROC)


def test_ph_5_back_moves_backward_to_take_a_treasure():
    """PH-5-BACK: one step back enters the cobra at A8 with a Cobra card."""
    game = Pitfall(players=2)
    state = build_state(
        game, positions={0: "A9"}, hands={0: "CO RO JU JU CR CR LA"},
        phase="direction", roll=1,
    )  # fmt: skip
    assert _choose(game, state) == Direction(-1)


def test_ph_7_diamond_heads_forward_with_all_three_kinds():
    game = Pitfall(players=2)
    state = build_state(
        game, positions={0: "A44"}, hands={0: "CO RO JU JU CR CR LA"},
        treasure={0: "gold silver money"}, phase="direction", roll=2,
    )  # fmt: skip
    assert _choose(game, state) == Direction(1)


def test_ph_6_hit_sends_the_leader_back_with_the_scorpion():
    game = Pitfall(players=2)
    description = dict(
        positions={0: "A2", 1: "U20"},
        hands={0: "SC RO JU JU CR CR LA"},
        treasure={1: "gold silver"},
    )
    state = build_state(game, **description)
    assert _choose(game, state) == Play(SCORPION)
    placing = game.apply(state, Play(SCORPION))[0]
    assert placing.phase == "scorpion"
    assert _choose(game, placing) == PlaceScorpion("U20")


def test_ph_5_give_hands_the_duplicate_to_the_opponent_furthest_behind():
    game = Pitfall(players=3)
    state = build_state(
        game, positions={0: "A20", 1: "A30", 2: "A5"},
        treasure={0: "gold", 1: "silver money"}, phase="give", token="gold",
        roll=4, direction="forward", remaining=2,
    )  # fmt: skip
    assert _choose(game, state) == Give(2)


def test_ph_4_climb_always_climbs_back_up():
    game = Pitfall(players=2)
    state = build_state(
        game, positions={0: "U14"}, hands={0: "RO JU JU CR CR LA LA"},
        phase="climb", roll=3, direction="forward", remaining=2,
    )  # fmt: skip
    assert _choose(game, state) == Climb()


def test_ph_2b_discard_exchanges_when_the_way_ahead_is_barred():
    """PH-2B-DISCARD: before the crocodile at A6 without a Crocodile card, heading
    for the cobra at A8 with a Cobra card: exchange, keeping the Cobra card."""
    game = Pitfall(players=2)
    state = build_state(game, positions={0: "A5"}, hands={0: "CO RO RO RO JU JU LA"})
    action = _choose(game, state)
    assert isinstance(action, Discard) and COBRA not in action.cards
    free = build_state(game, positions={0: "A5"}, hands={0: "CO CR RO RO JU JU LA"})
    assert _choose(game, free) == Roll()


def test_decisions_depend_only_on_the_view():
    """Hidden hands and deck order do not change a decision (TT view protocol)."""
    game = Pitfall(players=3)
    state = game.initial_state(4)
    while state.phase != "direction":
        state = game.apply(state, policy(game, state, Rng.from_seed(0))[0])[0]
    seat = game.to_move(state)
    other = game.determinize(game.view(state, seat), seat, Rng.from_seed(99))
    assert other.hands != state.hands or other.deck != state.deck
    assert _choose(game, state, 3) == _choose(game, other, 3)


def test_evaluate_gives_win_chances():
    game = Pitfall(players=3)
    state = build_state(game, treasure={1: "gold silver money"}, positions={1: "A40"})
    chances = evaluate(game, state)
    assert sum(chances) == pytest.approx(1.0)
    assert max(range(3), key=chances.__getitem__) == 1
