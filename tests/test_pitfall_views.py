"""Pitfall views and sampled worlds change only the hidden parts: ``view``,
``determinize`` and ``reseed`` build the state directly, and every other field equals
the state's own (as ``dataclasses.replace`` would give it)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall


def test_views_worlds_and_reseeds_keep_every_field_but_the_hidden_ones():
    game = Pitfall(players=3)
    checked = 0
    for seed in range(6):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for step in range(120):
            legal = game.legal_actions(state)
            if not legal:
                break
            for seat in range(3):
                v = game.view(state, seat)
                hidden = {"hands": v.hands, "deck": v.deck, "facedown": v.facedown}
                assert v == replace(state, **hidden, rng=Rng(0))
                world = game.determinize(v, seat, Rng.from_seed(step))
                parts = {"hands": world.hands, "deck": world.deck}
                assert world == replace(
                    v, **parts, facedown=world.facedown, rng=world.rng
                )
            fresh = Rng.from_seed(step + 1)
            assert game.reseed(state, fresh) == replace(state, rng=fresh)
            checked += 1
            i, rng = rng.below(len(legal))
            state, _ = game.apply(state, legal[i])
    assert checked > 300
