"""Bots through the Game protocol only (random, search), on the example game
(examples/race)."""

from __future__ import annotations

import pytest
from race import Race
from race.actions import Play

from tabletop.bots import RandomBot, SearchBot, make_bot, play_out
from tabletop.core import HIDDEN
from tests.race_play import PlainRace, greedy_policy
from tests.race_play import endgame as _endgame


def _actions(game, seed, bots_for):
    """The notations of a whole game played by bots built by ``bots_for``."""
    played = []
    bots = bots_for()
    play_out(
        game, game.initial_state(seed), bots, on_step=lambda s, a: played.append(str(a))
    )
    return played


def test_random_bot_is_seeded_and_deterministic():
    game = Race(3)

    def run(seed):
        return _actions(game, 4, lambda: [RandomBot(game, seed + i) for i in range(3)])

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_random_bot_plays_only_legal_actions_to_the_end():
    game = Race(2)
    state = game.initial_state(9)
    bots = [RandomBot(game, 0), RandomBot(game, 1)]
    while game.outcome(state) is None:
        seat = game.to_move(state)
        action = bots[seat].choose(game.view(state, seat))
        assert game.check(state, action) is None
        state, _ = game.apply(state, action)
    assert game.outcome(state).clause == "RC-WIN"


class _Spy:
    """A bot that records the states it is shown."""

    name = "spy"

    def __init__(self, game):
        self.inner = RandomBot(game, 0)
        self.seen = []

    def choose(self, view):
        self.seen.append(view)
        return self.inner.choose(view)


def test_bots_are_shown_only_their_own_view():
    """Other hands and the deck order never reach a bot (TT view protocol)."""
    game = Race(2)
    spies = [_Spy(game), _Spy(game)]
    play_out(game, game.initial_state(3), spies)
    for seat, spy in enumerate(spies):
        assert spy.seen
        for view in spy.seen:
            other = view.hands[1 - seat]
            assert set(other) == {HIDDEN}
            assert set(view.deck) <= {HIDDEN}
            assert HIDDEN not in view.hands[seat]


def test_search_decision_ignores_hidden_cards():
    """Two states that differ only in what the bot cannot see get the same move."""
    game = Race(2)
    state = game.initial_state(5)
    swapped = game.determinize(game.view(state, 0), 0, state.rng.below(7)[1])
    assert swapped.hands[1] != state.hands[1] or swapped.deck != state.deck
    a = SearchBot(game, 11, iterations=60).choose(game.view(state, 0))
    b = SearchBot(game, 11, iterations=60).choose(game.view(swapped, 0))
    assert a == b


def test_search_with_an_iteration_budget_is_deterministic():
    game = Race(2)

    def run():
        return _actions(
            game, 2, lambda: [SearchBot(game, 1, iterations=40), RandomBot(game, 2)]
        )

    assert run() == run()


def test_search_beats_random_with_seats_rotated():
    game = Race(2)
    wins = 0
    for i in range(24):
        bots = [SearchBot(game, i, iterations=120), RandomBot(game, 100 + i)]
        seat = i % 2
        if seat:
            bots.reverse()
        wins += play_out(game, game.initial_state(i), bots).winner == seat
    assert wins >= 15


def test_search_uses_a_rollout_policy_and_a_time_budget():
    game = Race(2)
    state = game.initial_state(1)
    bot = SearchBot(game, 0, seconds=0.02, rollout=greedy_policy)
    action = bot.choose(game.view(state, 0))
    assert game.check(state, action) is None
    assert bot.last_iterations >= 1


def test_search_returns_a_lone_legal_action_at_once():
    """Race always offers a roll and a card, so a Raiders turn with only the roll
    left is taken: the first state, playing the last legal action, where one
    action is legal."""
    from tabletop.games.raiders import Raiders

    game = Raiders(players=2)
    state = game.initial_state(0)
    while len(game.legal_actions(state)) > 1:
        state, _ = game.apply(state, game.legal_actions(state)[-1])
    bot = SearchBot(game, 0, iterations=10_000)
    assert str(bot.choose(game.view(state, game.to_move(state)))) == "roll"
    assert bot.last_iterations == 0


def test_search_plays_a_winning_card():
    """At 20 with a 4 in hand and the opponent one step from the goal, only
    playing the 4 wins now (RC-WIN); search finds it."""
    game = Race(2)
    state = _endgame(game, 20, (1, 2, 4), 23)
    assert SearchBot(game, 0, iterations=100).choose(game.view(state, 0)) == Play(4)


def test_make_bot_by_name():
    game = PlainRace(2)
    assert isinstance(make_bot("random", game, 1), RandomBot)
    search = make_bot("search", game, 1, iterations=5)
    assert isinstance(search, SearchBot) and search.settings.iterations == 5
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", game, 1)
    with pytest.raises(ValueError, match="no heuristic"):
        make_bot("heuristic", game, 1)


def test_play_out_cuts_off_long_games():
    game = Race(2)
    result = play_out(
        game, game.initial_state(0), [RandomBot(game, 0)] * 2, max_steps=3
    )
    assert result.truncated and result.winner is None and result.steps == 3


def test_flat_search_corrects_its_rollout_policy():
    """The greedy policy rolls at 21 with (1, 2, 3); only playing the 3 wins surely
    before the opponent at 23 moves (RC-WIN): paired playouts find it."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    assert game.invariants(state) == []
    assert str(greedy_policy(game, state, None)[0]) == "roll"
    bot = SearchBot(game, 4, iterations=120, flat=True, rollout=greedy_policy)
    assert bot.choose(game.view(state, 0)) == Play(3)


def test_flat_search_keeps_the_policy_move_without_evidence():
    """With a margin no gain can reach, the rollout policy's move is played."""
    game = Race(2)
    state = _endgame(game, 21, (1, 2, 3), 23)
    bot = SearchBot(
        game, 4, iterations=60, flat=True, rollout=greedy_policy, margin=1e9
    )
    assert str(bot.choose(game.view(state, 0))) == "roll"


def test_flat_search_is_deterministic_for_an_iteration_budget():
    game = Race(2)
    state = game.initial_state(3)

    def pick():
        return SearchBot(game, 9, iterations=30, flat=True).choose(game.view(state, 0))

    assert pick() == pick()


def test_the_search_bots_settings_are_declared_once():
    """One dataclass holds every search setting; each bot says only where its
    defaults differ, and an unknown setting is refused by name."""
    import dataclasses

    from tabletop.bots.ismcts import ISMCTSBot
    from tabletop.bots.search import SearchBot
    from tabletop.bots.settings import FLAT_DEFAULTS, ISMCTS_DEFAULTS, SearchSettings
    from tabletop.core import make_game

    game = make_game("race", players=2)
    for cls, defaults in ((ISMCTSBot, ISMCTS_DEFAULTS), (SearchBot, FLAT_DEFAULTS)):
        bot = cls(game, 1, depth=17)
        assert isinstance(bot.settings, SearchSettings)
        assert bot.settings == dataclasses.replace(defaults, depth=17)
        with pytest.raises(TypeError, match="unknown search setting deepness"):
            cls(game, 1, deepness=3)
    with pytest.raises(ValueError, match="iterations"):
        SearchSettings(iterations=0)
