"""Information-set MCTS (tabletop.bots.ismcts) on the example game (examples/race),
and its registry names next to flat Monte Carlo."""

from __future__ import annotations

import pytest
from race import Race
from race.actions import Play

from tabletop.bots import ISMCTSBot, RandomBot, SearchBot, make_bot, play_out
from tabletop.core.match import game_from_spec
from tests.race_play import endgame as _endgame
from tests.race_play import greedy_policy


def test_ismcts_finds_the_winning_card_its_policy_misses():
    """The greedy policy rolls at 21 with (1, 2, 3); only the 3 wins surely before
    the opponent at 23 moves (RC-WIN)."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    assert str(greedy_policy(game, state, None)[0]) == "roll"
    bot = ISMCTSBot(game, 4, iterations=150, rollout=greedy_policy)
    assert bot.choose(game.view(state, 0)) == Play(3)
    stats = bot.root_statistics()
    assert stats[Play(3)][0] > stats[game.parse_action("roll")][0]


def test_paired_root_finds_the_winning_card_on_shared_worlds():
    """With a paired root every compared action is played in the same worlds: the
    3 (RC-WIN) is found, and each compared action was tried equally often."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = ISMCTSBot(
        game, 4, iterations=120, rollout=greedy_policy, paired=True, margin=2.0
    )
    assert bot.choose(game.view(state, 0)) == Play(3)
    tried = {a: n for a, (n, _) in bot.root_statistics().items() if n}
    assert len(tried) == len(game.legal_actions(state))  # within width=6
    assert len(set(tried.values())) == 1
    assert bot.last_iterations == sum(tried.values())


def test_paired_root_needs_more_than_a_few_lucky_worlds():
    """Over 15 shared worlds the 3 wins 3 worlds the roll loses and loses none:
    3 / sqrt(3) < 2 does not pass a margin of 2, so the policy's roll is kept;
    over 30 worlds it does pass (see the test above)."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = ISMCTSBot(
        game, 4, iterations=60, rollout=greedy_policy, paired=True, margin=2.0
    )
    assert str(bot.choose(game.view(state, 0))) == "roll"
    stats = bot.root_statistics()
    assert stats[Play(3)] == (15, 1.0)
    assert round(stats[game.parse_action("roll")][1] * 15) == 12
    # The evidence the sign test weighed, world by world: 3 wins, no losses.
    diffs = bot.last_gains[Play(3)]
    assert len(diffs) == 15 and sorted(diffs) == [0.0] * 12 + [1.0] * 3


def test_paired_root_keeps_the_policy_move_without_evidence():
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = ISMCTSBot(game, 4, iterations=60, rollout=greedy_policy, paired=True)
    bot.settings = bot.settings.changed(margin=1e9)
    assert str(bot.choose(game.view(state, 0))) == "roll"


def test_ismcts_keeps_the_policy_move_without_evidence():
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = ISMCTSBot(game, 4, iterations=60, rollout=greedy_policy, margin=1e9)
    assert str(bot.choose(game.view(state, 0))) == "roll"


def test_ismcts_decision_ignores_hidden_cards_and_is_deterministic():
    game = Race(2)
    state = game.initial_state(5)
    swapped = game.determinize(game.view(state, 0), 0, state.rng.below(7)[1])
    assert swapped.hands[1] != state.hands[1] or swapped.deck != state.deck
    a = ISMCTSBot(game, 11, iterations=60).choose(game.view(state, 0))
    b = ISMCTSBot(game, 11, iterations=60).choose(game.view(swapped, 0))
    assert a == b


def test_ismcts_beats_random_with_seats_rotated():
    game = Race(2)
    wins = 0
    for i in range(16):
        bots = [ISMCTSBot(game, i, iterations=80), RandomBot(game, 100 + i)]
        seat = i % 2
        if seat:
            bots.reverse()
        wins += play_out(game, game.initial_state(i), bots).winner == seat
    assert wins >= 10


def test_ismcts_cpu_budget_and_widening():
    """A CPU-seconds budget runs at least two iterations; with widening a root
    with n visits tries at most ceil(widen * n ** alpha) actions."""
    game = game_from_spec("raiders", {"players": 2})
    state = game.initial_state(3)
    bot = make_bot("ismcts", game, 1, iterations=16, depth=10, paired=False)
    view = game.view(state, game.to_move(state))
    bot.choose(view)
    tried = [a for a, (n, _) in bot.root_statistics().items() if n]
    assert 1 <= len(tried) <= 5
    timed = make_bot("ismcts", game, 1, seconds=0.05, depth=10)
    timed.choose(view)
    assert timed.last_iterations >= 2


def test_registry_names_every_search_bot_for_what_it_is():
    game = game_from_spec("pitfall", {"players": 2})
    assert isinstance(make_bot("ismcts", game, 1), ISMCTSBot)
    flat = make_bot("flat-mc", game, 1, iterations=5)
    assert isinstance(flat, SearchBot) and flat.settings.flat and flat.name == "flat-mc"
    alias = make_bot("search", game, 1, iterations=5)
    assert (
        isinstance(alias, SearchBot) and alias.settings.flat and alias.name == "search"
    )


def test_random_root_candidates_are_the_policy_move_then_a_shuffle():
    """``candidates="random"`` orders the root as flat-mc draws its candidates: the
    policy's move first, the other legal actions in a random order (no one-step
    evaluation); it still finds the winning 3 (RC-WIN) on shared worlds, and an
    unknown ordering is refused."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    view = game.view(state, 0)
    bot = ISMCTSBot(
        game,
        4,
        iterations=120,
        rollout=greedy_policy,
        paired=True,
        margin=2.0,
        candidates="random",
    )
    assert bot.choose(view) == Play(3)
    order = bot.last_root.order
    assert str(order[0]) == "roll"  # the policy's move
    assert sorted(map(str, order)) == sorted(map(str, game.legal_actions(state)))
    with pytest.raises(ValueError, match="candidates"):
        ISMCTSBot(game, 4, candidates="best")


def test_paired_root_without_the_tree_rolls_out_straight_after_each_candidate():
    """``tree=False``: each compared action is rolled out by the policy at once, as
    flat-mc does; the winning 3 (RC-WIN) is still found, and every compared action
    was tried in every world."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = ISMCTSBot(
        game, 4, iterations=120, rollout=greedy_policy, paired=True, margin=2.0,
        tree=False,
    )  # fmt: skip
    assert bot.choose(game.view(state, 0)) == Play(3)
    tried = {a: n for a, (n, _) in bot.root_statistics().items() if n}
    assert len(set(tried.values())) == 1


def test_patience_keeps_the_policy_move_below_the_root_until_enough_visits():
    """``patience=5``: a node below the root plays the policy's move (the first of
    its order legal in the world) on its first 5 visits, and only then tries
    others; the winning 3 (RC-WIN) is still found at the root."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    picks = []

    class Watched(ISMCTSBot):
        def _select(self, node, legal, state, patience=0):
            edge, action = super()._select(node, legal, state, patience)
            if patience:
                first = next(a for a in node.order if a in legal)
                picks.append((node.visits, action == first))
            return edge, action

    bot = Watched(
        game, 4, iterations=600, rollout=greedy_policy, paired=True, margin=2.0,
        patience=5,
    )  # fmt: skip
    assert bot.choose(game.view(state, 0)) == Play(3)
    assert all(first for visits, first in picks if visits < 5)
    assert any(not first for visits, first in picks if visits >= 5)
