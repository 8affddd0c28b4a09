"""Property tests: random sequences of legal actions in both games keep every
conformance property after every step.

For any seed, player count and sequence of choices among the legal actions:
the game's invariants hold (PH-C-DECK, PH-C-TOKENS, RA-S-DEAL card count), ``apply``
leaves its input unchanged, the JSON round trip is exact, the notation of every
action parses back to it, the mover's own view offers the same legal actions,
no view leaks another seat's cards, the deck order, the facedown tokens or the
generator, and replaying the seed and the notations (directly, and through a saved
and reloaded Match) reaches the same states.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import HIDDEN, Match, Rng
from tabletop.games.pitfall.cards import HIDDEN_SLOT
from tests.props_strategies import PLAYERS, game_for, props

STEPS = {"pitfall": 250, "raiders": 250}


@st.composite
def seeds_and_choices(draw: st.DrawFn, name: str):
    """(players, seed, choices): the choices pick among the legal actions."""
    players = draw(st.sampled_from(PLAYERS[name]), label="players")
    seed = draw(st.integers(0, 2**32), label="seed")
    length = draw(st.integers(1, STEPS[name]), label="steps")
    choices = draw(st.lists(st.integers(0, 2**16), min_size=length, max_size=length))
    return players, seed, choices


def play(name: str, players: int, seed: int, choices: list[int]):
    """Play the choices; check every step; return (game, actions, states)."""
    game = game_for(name, players)
    state = game.initial_state(seed)
    check_state(game, state)
    actions, states = [], [state]
    for choice in choices:
        legal = game.legal_actions(state)
        if not legal:
            assert game.outcome(state) is not None
            break
        action = legal[choice % len(legal)]
        assert game.parse_action(str(action)) == action, str(action)
        assert game.check(state, action) is None
        before = json.dumps(game.state_to_json(state))
        after, events = game.apply(state, action)
        assert json.dumps(game.state_to_json(state)) == before, "apply changed input"
        assert all(e.clause for e in events), "every event names its clause"
        for e in events:
            assert not e.secret or e.public, "a secret event has a public text"
        check_state(game, after)
        actions.append(action)
        states.append(after)
        state = after
    return game, actions, states


def check_state(game, state) -> None:
    assert game.invariants(state) == [], game.invariants(state)
    text = json.dumps(game.state_to_json(state))
    assert game.state_from_json(json.loads(text)) == state, "JSON round trip"
    mover = game.to_move(state)
    if mover is not None:
        legal = game.legal_actions(state)
        assert legal, "a live game offers an action"
        assert game.legal_actions(game.view(state, mover)) == legal
    else:
        assert game.outcome(state) is not None
    assert game.view(state, None) == state
    for seat in range(game.players):
        check_view(game, state, seat)


def check_view(game, state, seat: int) -> None:
    """The view of ``seat`` hides every secret, and depends on nothing hidden: a full
    state with the hidden parts dealt again looks the same to that seat."""
    view = game.view(state, seat)
    data = game.state_to_json(view)
    json.dumps(data)  # a view is saveable too
    assert data["rng"] != game.state_to_json(state)["rng"] or not state.deck
    if game.name == "pitfall":
        for other, hand in enumerate(view.hands):
            if other != seat:
                assert hand[:HIDDEN_SLOT] == (0,) * HIDDEN_SLOT, "another hand's cards"
                assert hand[HIDDEN_SLOT] == sum(state.hands[other])
        assert set(view.deck) <= {HIDDEN} and len(view.deck) == len(state.deck)
        assert set(view.facedown) <= {HIDDEN}
        assert set(data["deck"]) <= {"?"} and set(data["facedown"]) <= {"?"}
    else:
        for other, hand in enumerate(view.hands):
            if other != seat:
                assert set(hand) <= {HIDDEN}, "another hand's cards"
                assert len(hand) == len(state.hands[other])
        assert set(view.deck) <= {HIDDEN}
    assert view.hands[seat] == state.hands[seat], "a seat sees its own hand"
    full = game.determinize(view, seat, Rng.from_seed(len(state.deck) + seat))
    assert game.invariants(full) == [], game.invariants(full)
    assert game.view(full, seat) == view, "the view depends on a hidden part"


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
@props(60)
@given(data=st.data())
def test_random_legal_sequences_keep_every_property(name, data):
    players, seed, choices = data.draw(seeds_and_choices(name), label="game")
    game, actions, states = play(name, players, seed, choices)
    replay = game.initial_state(seed)
    assert replay == states[0]
    for i, action in enumerate(actions, start=1):
        replay, _ = game.apply(replay, game.parse_action(str(action)))
        assert replay == states[i], f"replay differs at step {i}"


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
@props(40)
@given(data=st.data())
def test_match_timeline_save_and_load_replays_the_same_states(name, data):
    """Through the Match API: play the notations, undo/redo/goto anywhere, save and
    load: the loaded match holds the same states and cursor (TT-SAVE digest)."""
    players, seed, choices = data.draw(seeds_and_choices(name), label="game")
    game = game_for(name, players)
    match = Match(game, seed)
    for choice in choices:
        legal = match.legal_actions()
        if not legal:
            break
        match.play(str(legal[choice % len(legal)]))
    end = match.cursor
    where = data.draw(st.integers(0, end), label="goto")
    match.goto(where)
    assert match.state == match.state_at(where)
    match.undo(data.draw(st.integers(0, 3)))
    match.redo(data.draw(st.integers(0, 3)))
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.cursor == match.cursor and len(loaded) == len(match) == end
    for step in range(end + 1):
        assert loaded.state_at(step) == match.state_at(step), step
    assert loaded.to_json() == match.to_json()
