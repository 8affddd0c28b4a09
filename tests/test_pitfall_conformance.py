"""Pitfall conformance: 2,000 seeded random playouts (2, 3 and 4 players, capped in
length) checking after every step that cards and tokens are conserved, hands are full
between turns, ``apply`` leaves its input alone, the JSON round trip is exact, a view
gives the mover the same legal actions, a live game always has a legal action, and
replaying seed plus actions gives the same states (PH-C-DECK, PH-C-TOKENS,
PH-2A-REFILL)."""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tests.pitfall_policies import by_kind, eager

GAMES = 2000
EAGER_EVERY = 10  # one game in ten leans forward and runs long enough to end
CAP, EAGER_CAP = 100, 900
GAMES_BY_PLAYERS = {n: Pitfall(players=n) for n in (2, 3, 4)}


def check_step(game, before_json, state, action, after):
    """Every per-step property of one transition (raises AssertionError)."""
    assert game.state_to_json(state) == before_json, "apply changed its input"
    assert game.invariants(after) == [], (action, game.invariants(after))
    tokens = len(after.facedown) + sum(map(sum, after.treasure)) + (after.token >= 0)
    assert tokens + 1 == 16  # the diamond, on its space or with the winner
    cards = sum(map(sum, after.hands)) + len(after.deck) + len(after.discards)
    assert cards == 60
    if after.phase == "start" and not after.scorpion_played:
        assert all(sum(h) == 7 for h in after.hands)
    data = game.state_to_json(after)
    assert game.state_from_json(data) == after
    mover = game.to_move(after)
    if mover is None:
        assert game.outcome(after) is not None and not game.legal_actions(after)
    else:
        legal = game.legal_actions(after)
        assert legal, "a live game must offer an action"
        assert game.legal_actions(game.view(after, mover)) == legal
    return data


def playout(seed):
    """One capped random game; returns (game, actions, states)."""
    game = GAMES_BY_PLAYERS[2 + seed % 3]
    state = game.initial_state(seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    data = game.state_to_json(state)
    actions, states = [], [state]
    policy, cap = (eager, EAGER_CAP) if seed % EAGER_EVERY == 0 else (by_kind, CAP)
    for _ in range(cap):
        legal = game.legal_actions(state)
        if not legal:
            break
        action, rng = policy(legal, rng)
        after, _ = game.apply(state, action)
        data = check_step(game, data, state, action, after)
        actions.append(action)
        states.append(after)
        state = after
    return game, actions, states


def test_conformance_random_playouts_keep_every_invariant():
    """2,000 playouts with all per-step checks, and replay from seed + actions."""
    finished = 0
    for seed in range(GAMES):
        game, actions, states = playout(seed)
        replay = game.initial_state(seed)
        assert replay == states[0]
        for i, action in enumerate(actions, start=1):
            replay, _ = game.apply(replay, game.parse_action(str(action)))
            assert replay == states[i], f"seed {seed}: replay differs at step {i}"
        finished += game.outcome(states[-1]) is not None
    assert finished >= GAMES // EAGER_EVERY // 2  # the ends of games were checked too


def test_views_hide_secrets_and_determinize_is_consistent():
    """Views hide other hands, the deck order and facedown tokens; determinize fills
    them back consistently."""
    for seed in range(40):
        game, _, states = playout(seed)
        for state in states[:: max(1, len(states) // 6)]:
            for seat in range(game.players):
                view = game.view(state, seat)
                text = str(game.state_to_json(view))
                assert set(view.deck) <= {"?"} and set(view.facedown) <= {"?"}
                for other, hand in enumerate(view.hands):
                    if other != seat:
                        assert hand[:7] == (0,) * 7
                assert view.hands[seat] == state.hands[seat]
                assert "counter" in text
                full = game.determinize(view, seat, Rng.from_seed(seed))
                assert game.invariants(full) == []
                assert full.hands[seat] == state.hands[seat]
                assert full.positions == state.positions
                assert sorted(full.facedown) == sorted(state.facedown)
