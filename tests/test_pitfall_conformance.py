"""Pitfall conformance: 400 seeded random playouts (2, 3 and 4 players, capped in
length) checking after every step that cards and tokens are conserved and hands are
full between turns (PH-C-DECK, PH-C-TOKENS, PH-2A-REFILL), and reaching the rare
clauses; views hide Pitfall's secrets and ``determinize`` fills them back
consistently. ``benchmarks/conformance.py`` plays the same checked games by the
thousand.

The checks every game passes (invariants, ``apply`` leaving its input alone, JSON
and notation round trips, the mover's view giving the same legal actions, a live
game always offering an action, replay from seed plus actions) are in
``tests/test_games_harness.py``, which also plays the golden game to its end.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tests import harness
from tests.pitfall_policies import by_kind, eager

GAMES = 400  # every clause below happens within 71 games; 2,000 added none
EAGER_EVERY = 10  # one game in ten leans forward and runs long enough to end
RARE = {
    "PH-4-SCORPION-PASS",
    "PH-4-SCORPION-BELOW",
    "PH-6-BLOCK",
    "PH-6-HIT",
    "PH-T-STUCK",
}
CAP, EAGER_CAP = 100, 900
GAMES_BY_PLAYERS = {n: Pitfall(players=n) for n in (2, 3, 4)}


def conserved(game, state) -> None:
    """PH-C-TOKENS, PH-C-DECK, PH-2A-REFILL on one state."""
    tokens = len(state.facedown) + sum(map(sum, state.treasure)) + (state.token >= 0)
    assert tokens + 1 == 16  # the diamond, on its space or with the winner
    cards = sum(map(sum, state.hands)) + len(state.deck) + len(state.discards)
    assert cards == 60
    if state.phase == "start" and not state.scorpion_played:
        assert all(sum(h) == 7 for h in state.hands)


def playout(seed, on_state=None) -> harness.Playout:
    """One capped random game (one in ten eager); ``on_state`` sees every state."""
    game = GAMES_BY_PLAYERS[2 + seed % 3]
    chosen, cap = (eager, EAGER_CAP) if seed % EAGER_EVERY == 0 else (by_kind, CAP)

    def policy(game, state, rng):
        return chosen(game.legal_actions(state), rng)

    return harness.playout(
        game, seed, cap=cap, policy=policy, checked=False, on_state=on_state
    )


def conformance_run(games: int, first_seed: int = 0) -> tuple[int, set[str]]:
    """Checked playouts of seeds ``first_seed ..`` (``conserved`` on every state):
    how many ended, and the clauses that happened."""
    finished, seen = 0, set()
    for seed in range(first_seed, first_seed + games):
        run = playout(seed, on_state=conserved)
        finished += run.game.outcome(run.final) is not None
        seen.update(e.clause for events in run.events for e in events)
    return finished, seen


def test_conformance_random_playouts_conserve_cards_and_tokens():
    """400 playouts, cards, tokens and full hands checked on every state; one in
    ten runs long enough to end; the rare clauses happen."""
    finished, seen = conformance_run(GAMES)
    assert finished >= GAMES // EAGER_EVERY // 2  # the ends of games were checked too
    assert seen >= RARE, sorted(RARE - seen)


def test_views_hide_secrets_and_determinize_is_consistent():
    """Views hide other hands, the deck order and facedown tokens; determinize fills
    them back consistently."""
    for seed in range(40):
        run = playout(seed)
        game, states = run.game, run.states
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
