"""``play_out`` with bots that offer ``choose_state`` (no view per decision, no
verdict asked again, no events) plays exactly the game that views and the checked
``apply`` play, for every installed game: the same actions, the same final state,
length, winner, clause and cut-off (like a perft count, the fast path is pinned
to the plain one).
"""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot, play_out
from tabletop.bots.registry import heuristic_module
from tabletop.sim import run_playouts
from tests import harness

ENTRIES = harness.installed_entries()
GAMES = [
    pytest.param(entry, n, id=f"{entry.name}-{n}p")
    for entry in ENTRIES
    for n in harness.player_counts(entry)
]


def _bots(game, names, seed):
    return [make_bot(name, game, seed * 10 + seat) for seat, name in enumerate(names)]


def _both(game, state, names, seed, max_steps=2000):
    played = ([], [])
    results = []
    for plain, log in ((True, played[0]), (False, played[1])):
        results.append(
            play_out(
                game,
                state,
                _bots(game, names, seed),
                max_steps,
                on_step=lambda s, a, log=log: log.append(a),
                plain=plain,
            )
        )
    return results, played


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_fast_play_out_is_the_plain_play_out(entry, players):
    game = entry.factory(players=players)
    kinds = ["heuristic", "random"] if heuristic_module(game) else ["random"]
    for seed in range(4):
        # Even seeds: every seat the heuristic; odd ones: heuristic and random mixed.
        names = [
            kinds[(seat + seed) % len(kinds) * (seed % 2)] for seat in range(players)
        ]
        state = game.initial_state(seed)
        (plain, fast), (plain_actions, fast_actions) = _both(game, state, names, seed)
        assert fast_actions == plain_actions
        assert fast == plain, (entry.name, players, seed)


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_fast_play_out_cuts_off_where_the_plain_one_does(entry, players):
    game = entry.factory(players=players)
    names = ["random"] * players
    (plain, fast), _ = _both(game, game.initial_state(7), names, 7, max_steps=25)
    assert fast == plain
    assert fast.steps <= 25


def test_a_bot_without_choose_state_sends_the_game_the_plain_way():
    """One bot that decides only from views (``choose``) gets a view every time."""
    entry = next(e for e in ENTRIES if e.name == "raiders")
    game = entry.factory(players=2)
    seen = []

    class ViewOnly:
        name = "view-only"

        def __init__(self):
            self.inner = make_bot("random", game, 3)

        def choose(self, view):
            seen.append(view)
            return self.inner.choose(view)

    bots = [ViewOnly(), make_bot("heuristic", game, 1)]
    result = play_out(game, game.initial_state(2), bots, 300)
    assert seen and all(set(v.deck) <= {"?"} for v in seen)
    assert result == play_out(
        game,
        game.initial_state(2),
        [ViewOnly(), make_bot("heuristic", game, 1)],
        300,
        plain=True,
    )


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_simulated_playouts_from_a_mid_game_state_are_unchanged(name, monkeypatch):
    """``run_playouts`` (what ``win_probabilities`` plays) gives the same table
    whether its workers take the fast path or the plain one."""
    entry = next(e for e in ENTRIES if e.name == name)
    game = entry.factory(players=4)
    bots = _bots(game, ["heuristic"] * 4, 11)
    state = game.initial_state(11)
    for _ in range(60):
        seat = game.to_move(state)
        state, _ = game.apply(state, bots[seat].choose(game.view(state, seat)))
    fast = run_playouts(state, 24, game=game, seed=3, workers=1, progress=False)

    from tabletop.bots import protocol

    original = protocol.play_out

    def plain_play_out(*args, **kw):
        return original(*args, **kw, plain=True)

    monkeypatch.setattr("tabletop.sim.worker.play_out", plain_play_out)
    plain = run_playouts(state, 24, game=game, seed=3, workers=1, progress=False)
    assert list(fast) == list(plain)
