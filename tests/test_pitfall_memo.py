"""Pitfall's memo and exchange table change no answer (PH-2B-DISCARD, PH-2B-SWAP):
the legal actions of every turn's start in seeded random games equal the start
rule's candidates judged one by one by its verdict on a game with no memo, and the
shared exchange actions equal freshly made ones."""

from __future__ import annotations

import pytest

from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.actions import Discard, Swap
from tabletop.games.pitfall.cards import CARDS, CODES, FOUR_TEXT, FOURS
from tabletop.games.pitfall.legal import DECISIONS
from tabletop.games.pitfall.memo import Exchanges, four_cards


def judged(game, state):
    """The start rule's candidates whose verdict is None, judged afresh."""
    (rule,) = DECISIONS["start"]
    candidates = rule.candidates(game, state)
    return [a for a in candidates if rule.verdict(game, state, a) is None]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_memo_legal_actions_equal_fresh_verdicts(players):
    game, bare = Pitfall(players=players), Pitfall(players=players)
    bare.exchanges = Exchanges(players, limit=0)  # remembers nothing
    starts = 0
    for seed in range(6):
        state, rng = game.initial_state(seed), Rng.from_seed(seed)
        for _ in range(200):
            legal = game.legal_actions(state)
            if not legal:
                break
            if state.phase == "start":
                starts += 1
                assert legal == judged(bare, state) == bare.legal_actions(state)
                hand = state.hands[state.to_move]
                assert game.exchanges.discards(hand) == tuple(
                    Discard(f) for f in four_cards(hand)
                )
            i, rng = rng.below(len(legal))
            state, _ = game.apply(state, legal[i])
    assert starts > 300
    assert len(bare.exchanges) == 0


def test_exchange_table_holds_every_choice_of_four_once():
    assert len(FOURS) == len(set(FOURS)) == 210
    assert all(list(f) == sorted(f) and len(f) == 4 for f in FOURS)
    actions = Exchanges(3).actions
    assert [actions.discard[f] for f in FOURS] == [Discard(f) for f in FOURS]
    for seat in range(3):
        assert [actions.swap[seat][f] for f in FOURS] == [Swap(seat, f) for f in FOURS]
    for f in FOURS:
        codes, names, words = FOUR_TEXT[f]
        assert codes == " ".join(CODES[c] for c in f)
        assert names == tuple(CARDS[c] for c in f)
        assert words == " ".join(names)
