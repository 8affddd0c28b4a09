"""One source of legality for Pitfall: every rule's ``legal`` (some build their list
straight from their verdict's checks, the start from the game's memo) lists exactly,
and in the same order, its candidates whose verdict is None (``Rule.legal``), on
every state of seeded games for 2-4 players (PH-T-CHOICE, PH-2B-DISCARD,
PH-2B-SWAP, PH-2A-MOVE, PH-T-STUCK, PH-3-CARD); a game with no memo answers the
same; the shared exchange actions and their words equal freshly made ones."""

from __future__ import annotations

import pytest

from tabletop.core import Rng, Rule
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.actions import Discard, Swap
from tabletop.games.pitfall.cards import CARDS, CODES, FOUR_TEXT, FOURS
from tabletop.games.pitfall.legal import DECISIONS, MAX_SEATS, Exchanges, four_cards
from tests.pitfall_policies import by_kind, eager


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_rules_list_is_its_candidates_judged_by_its_verdict(players):
    game, bare = Pitfall(players=players), Pitfall(players=players)
    bare.exchanges = Exchanges(limit=0)  # remembers nothing
    listed: dict[str, int] = {}
    for seed in range(40):
        state, rng = game.initial_state(seed), Rng.from_seed(seed + 99)
        policy = eager if seed % 3 == 0 else by_kind
        for _ in range(400):
            for rule in DECISIONS[state.phase]:
                fast = list(rule.legal(game, state))
                assert fast == Rule.legal(rule, game, state), (rule, state)
                assert fast == list(rule.legal(bare, state)), (rule, state)
                name = type(rule).__name__
                listed[name] = listed.get(name, 0) + bool(fast)
            legal = game.legal_actions(state)
            if not legal:
                break
            action, rng = policy(legal, rng)
            state, _ = game.apply(state, action)
    for name in ("StartRule", "DirectionRule", "CardRule", "PlaceScorpionRule"):
        assert listed.get(name, 0) > 10, listed
    assert len(bare.exchanges) == 0


def test_the_memo_lists_the_choices_of_four_of_each_hand():
    game = Pitfall(players=4)
    for seed in range(10):
        hand = game.initial_state(seed).hands[0]
        fours = four_cards(hand)
        assert game.exchanges.discards(hand) == [Discard(f) for f in fours]
        assert game.exchanges.swaps(hand, 3) == [Swap(3, f) for f in fours]
        assert game.exchanges.four_set(hand) == frozenset(fours)
        assert game.exchanges.start(hand, 1, 4, "key", ("head",)) == tuple(
            ["head"]
            + [Discard(f) for f in fours]
            + [Swap(seat, f) for seat in (0, 2, 3) for f in fours]
        )


def test_exchange_table_holds_every_choice_of_four_once():
    assert len(FOURS) == len(set(FOURS)) == 210
    assert all(list(f) == sorted(f) and len(f) == 4 for f in FOURS)
    actions = Exchanges().actions
    assert [actions.discard[f] for f in FOURS] == [Discard(f) for f in FOURS]
    for seat in range(MAX_SEATS):
        assert [actions.swap[seat][f] for f in FOURS] == [Swap(seat, f) for f in FOURS]
    for f in FOURS:
        codes, names, words = FOUR_TEXT[f]
        assert codes == " ".join(CODES[c] for c in f)
        assert names == tuple(CARDS[c] for c in f)
        assert words == " ".join(names)
