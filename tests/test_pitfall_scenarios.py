"""The named Pitfall scenarios build valid states whose suggested actions are legal,
so tests and tutorials can lean on them (PH-B-LAYOUT board landmarks)."""

from __future__ import annotations

import pytest

from tabletop.games.pitfall.scenarios import BOOK, build_state, scenario


@pytest.mark.parametrize("name", BOOK.names())
def test_named_scenario_is_valid_and_playable(name):
    sc = scenario(name)
    game, state = sc.game, sc.state
    assert game.invariants(state) == [] and sc.summary and sc.clauses
    assert game.state_from_json(game.state_to_json(state)) == state
    assert "Pitfall Harry" in str(state)
    for text in sc.try_actions:
        assert game.check(state, text) is None, (name, text, game.pending(state))
        state, _ = game.apply(state, text)
        assert game.invariants(state) == []


def test_build_state_places_named_cards_and_tokens():
    sc = scenario("treasure-duplicate")
    state = build_state(
        sc.game,
        hands={1: "SC SC SC CR CR CR CR"},
        deck_top="LA FI",
        next_tokens="money silver",
        next_roll=[6, 1],
    )
    assert state.hands[1][6] == 3 and state.deck[:2] == (3, 5)  # top first
    assert state.facedown[:2] == (2, 1)
    assert state.rng.forced == (6, 1)


def test_scenario_plays_through_a_match_and_reloads():
    """A scenario is a starting point for a Match timeline, saved and replayed."""
    from tabletop import Match

    sc = scenario("treasure-duplicate")
    match = Match.from_state(sc.game, sc.state, seed=3)
    for text in sc.try_actions:
        match.play(text)
    again = Match.from_json(match.dumps())
    assert again.state == match.state and again.state.treasure[2] == (1, 0, 0)
