"""The action spaces' fast numbering agrees with the plain lookup, for every game
with an action space (the race example too, whose actions are fresh objects)."""

from __future__ import annotations

import random

import pytest

from tabletop.adapters.spaces import PART_MEMO, legal_parts_of, space_of
from tabletop.core import make_game
from tabletop.core.registry import REGISTRY

NAMES = [e.name for e in REGISTRY.entries() if e.space]


def _legal_lists(game, seeds=3, steps=300):
    """The legal actions at every decision of a few random games."""
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.initial_state(seed)
        for _ in range(steps):
            legal = game.legal_actions(state)
            if not legal:
                break
            out.append(legal)
            state, _ = game.apply(state, rng.choice(legal))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_numbers_agree_with_the_plain_lookup(name):
    game = make_game(name, players=2)
    actions = space_of(game).actions
    for legal in _legal_lists(game):
        plain = sorted(actions.index[a] for a in legal)
        assert actions.numbers(legal) == plain
        # Equal objects that are not the ones met before get the same numbers.
        fresh = [game.parse_action(str(a)) for a in legal]
        assert actions.numbers(fresh) == plain


@pytest.mark.parametrize("name", NAMES)
def test_numbers_of_parts_agree_with_the_plain_lookup(name):
    # The adapters number a game's legal_parts, remembering tuples met before;
    # the answer must be the plain one at every decision, the second time through
    # (every tuple remembered) as the first, and a fresh list each time.
    game = make_game(name, players=2)
    actions = space_of(game).actions
    parts_of = legal_parts_of(game)
    for _ in range(2):
        for seed in range(3):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            for _ in range(300):
                legal = game.legal_actions(state)
                if not legal:
                    break
                parts = parts_of(state)
                assert [a for part in parts for a in part] == list(legal)
                plain = sorted(actions.index[a] for a in legal)
                got = actions.numbers_of_parts(parts)
                assert got == plain
                got.append(-1)  # the caller's to keep: the memo is not spoilt
                assert actions.numbers_of_parts(parts) == plain
                state, _ = game.apply(state, rng.choice(legal))
    assert len(actions._parts) <= PART_MEMO


def test_a_game_without_legal_parts_is_numbered_as_one_part():
    game = make_game("raiders", players=2)
    state = game.initial_state(1)

    class Plain:  # only the protocol's legal_actions
        legal_actions = staticmethod(game.legal_actions)

    parts = legal_parts_of(Plain())(state)
    assert [list(p) for p in parts] == [list(game.legal_actions(state))]


@pytest.mark.parametrize("name", NAMES)
def test_a_lone_action_never_met_gets_its_number(name):
    # A list of one object not met before must not come back as [None].
    game = make_game(name, players=2)
    actions = space_of(game).actions
    for number in (0, len(actions) - 1):
        fresh = game.parse_action(actions.notations[number])
        assert actions.numbers([fresh]) == [number]
    assert actions.numbers([]) == []


def test_an_action_outside_the_space_is_refused_by_name():
    game = make_game("raiders", players=2)
    actions = space_of(game).actions
    with pytest.raises(ValueError, match="not in the action space"):
        actions.numbers(["no such action"])


def test_the_identity_memo_is_bounded_for_games_of_fresh_objects():
    game = make_game("raiders", players=2)
    actions = space_of(game).actions
    for _ in range(10):
        actions.numbers([game.parse_action(n) for n in actions.notations[:50]])
    assert len(actions._met) <= 4 * len(actions)


def test_one_hots_write_the_cells_of_one_hot_after_one_hot():
    """``TensorWriter.one_hots`` (one call for a row of tokens) gives the vector
    of ``one_hot`` called for each, words outside the vocabulary included."""
    from tabletop.adapters.spaces import TensorWriter

    vocabulary = {w: i for i, w in enumerate("abcde")}
    for values in ((), ("a",), ("e", "a", None, "c", "zz"), ("b",) * 6):
        plain, fast = TensorWriter(), TensorWriter()
        for w in (plain, fast):
            w.numbers(1.5, 2.0)
        for value in values:
            plain.one_hot(value, vocabulary)
        fast.one_hots(values, vocabulary)
        for w in (plain, fast):
            w.one_hot("d", vocabulary)
        assert fast.size == plain.size
        assert fast.array().tolist() == plain.array().tolist()
