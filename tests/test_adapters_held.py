"""Held resolutions (``tabletop.adapters.chance``): an action whose resolution is
held at its draws and resumed gives the same tree, node by node, as resolving it
again at every chance node, for every game with an action space; joined draws
give the same decisions as one node per draw; copies of a
chance node, evicted nodes and refused actions fall back or fail as the plain way
does, and the generator's waiting hook never leaks out of a resolver."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("greenlet")

from tabletop.adapters import chance as chance_mod  # noqa: E402
from tabletop.adapters.chance import ChanceGame, Position  # noqa: E402
from tabletop.adapters.spaces import space_of  # noqa: E402
from tabletop.core import ChanceNeeded, ChanceRng, IllegalActionError  # noqa: E402
from tabletop.core.rng import WAIT_FOR_OUTCOMES  # noqa: E402
from tests import harness  # noqa: E402

ENTRIES = [e for e in harness.installed_entries() if e.space]
GAMES = [
    pytest.param(entry, n, id=f"{entry.name}-{n}p")
    for entry in ENTRIES
    for n in sorted({harness.player_counts(entry)[0], harness.player_counts(entry)[-1]})
]


def _pair(entry, players):
    game = entry.factory(players=players)
    bound = space_of(game).max_chance_outcomes
    return ChanceGame(game, 600, bound, hold=True), ChanceGame(
        game, 600, bound, hold=False
    )


def _same(a: Position, b: Position, players: int) -> None:
    assert a.state == b.state
    assert (a.pending, a.drawn, a.need, a.decisions, a.ahead, a.mover, a.ended) == (
        b.pending, b.drawn, b.need, b.decisions, b.ahead, b.mover, b.ended,
    )  # fmt: skip
    for seat in range(players):
        told = [chance_mod.told_to(p.trail, seat) for p in (a, b)]
        assert told[0] == told[1]


def _played(name, seed, steps):
    """A held and a plain chance game of ``name`` (2 players), and the held one's
    position after ``steps`` random nodes from ``seed``."""
    held, plain = _pair(next(e for e in ENTRIES if e.name == name), 2)
    rng = random.Random(seed)
    a = held.initial()
    for _ in range(steps):
        a = _step(held, a, rng)
    return held, plain, a


def _step(chance, pos, rng):
    if pos.ended:
        return pos
    if pos.need:
        return chance.choose(pos, rng.randrange(pos.need))
    return chance.act(pos, rng.choice(chance.game.legal_actions(pos.state)))


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_held_resolutions_give_the_tree_of_resolving_again(entry, players):
    held, plain = _pair(entry, players)
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = held.initial(), plain.initial()
        nodes = 0
        while not a.ended and nodes < 1500:
            _same(a, b, players)
            a, b = _step(held, a, rng_a), _step(plain, b, rng_b)
            nodes += 1
        _same(a, b, players)
    assert held._drawing, "no action of this game drew: nothing was held"


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_joined_draws_give_the_decisions_of_one_node_per_draw(entry, players):
    """A joined node's outcome is its draws' outcomes in mixed radix (the first
    the most significant); played digit by digit on nodes of one draw, every
    decision, state and trail comes out the same, within the bound."""
    game = entry.factory(players=players)
    bound = space_of(game).max_chance_outcomes
    joined, single = (
        ChanceGame(game, 600, bound),
        ChanceGame(game, 600, bound, join=False),
    )
    seen_joined = 0
    for seed in range(3):
        rng = random.Random(seed)
        a, b = joined.initial(), single.initial()
        for _ in range(1500):
            if a.ended:
                break
            if a.need:
                assert a.need <= bound
                sizes = a.joined or (a.need,)
                assert a.need == _product(sizes)
                seen_joined += bool(a.joined)
                chosen = rng.randrange(a.need)
                for digit, size in zip(_digits(chosen, sizes), sizes, strict=True):
                    assert b.need == size and not b.joined
                    b = single.choose(b, digit)
                a = joined.choose(a, chosen)
                assert a.drawn == b.drawn
                continue
            assert b.need == 0
            _same_decision(a, b, players)
            action = rng.choice(game.legal_actions(a.state))
            a, b = joined.act(a, action), single.act(b, action)
        assert a.ended == b.ended
    if entry.name == "pitfall":
        assert seen_joined, "a reshuffle should have joined draws"


def _product(sizes):
    out = 1
    for size in sizes:
        out *= size
    return out


def _digits(outcome, sizes):
    """A joined outcome as its draws' outcomes, the first the most significant."""
    digits = []
    for size in reversed(sizes):
        outcome, digit = divmod(outcome, size)
        digits.append(digit)
    return digits[::-1]


def _same_decision(a: Position, b: Position, players: int) -> None:
    assert a.state == b.state
    assert (a.decisions, a.mover, a.ended) == (b.decisions, b.mover, b.ended)
    for seat in range(players):
        assert chance_mod.told_to(a.trail, seat) == chance_mod.told_to(b.trail, seat)


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_a_copy_of_a_held_chance_node_resolves_again_with_the_same_result(name):
    """Only the first path from a chance node resumes its held resolution; a copy
    (OpenSpiel's clone shares the position) resolves again, and agrees."""
    entry = next(e for e in ENTRIES if e.name == name)
    held, plain = _pair(entry, 2)
    rng = random.Random(5)
    a = held.initial()
    branched = 0
    while not a.ended and branched < 40:
        if a.need and not a.ahead and a.pending is not chance_mod.SETUP:
            first, second = rng.randrange(a.need), rng.randrange(a.need)
            got = [held.choose(a, first), held.choose(a, second)]
            want = [plain.choose(a, first), plain.choose(a, second)]
            for g, w in zip(got, want, strict=True):
                _same(g, w, 2)
            branched += 1
            a = got[0]
        else:
            a = _step(held, a, rng)
    assert branched == 40


def test_evicted_chance_nodes_resolve_again():
    """More chance nodes waiting than ``HELD``: the oldest give their resolvers up
    and resolve again when chosen, with the same result."""
    entry = next(e for e in ENTRIES if e.name == "raiders")
    held, plain = _pair(entry, 2)
    rng = random.Random(1)
    a = held.initial()
    waiting = []
    while len(waiting) < chance_mod.HELD + 10:
        if a.need and not a.ahead and a.pending is not chance_mod.SETUP:
            waiting.append(a)
        a = _step(held, a, rng)
        if a.ended:
            a = held.initial()
    assert len(held._holds.held) <= chance_mod.HELD
    for node in waiting:  # the oldest first: evicted, then the held ones
        _same(held.choose(node, 0), plain.choose(node, 0), 2)
    assert not any(id(node) in held._holds.held for node in waiting)


def test_a_refused_action_raises_and_leaves_the_resolver_idle():
    """A refused action of a kind resolved in a resolver (a roll, which has drawn
    before) raises ``IllegalActionError`` naming the clause, as ``apply`` does,
    and the resolver is idle again."""
    from tabletop.games.raiders.actions import Roll

    entry = next(e for e in ENTRIES if e.name == "raiders")
    held, _ = _pair(entry, 2)
    rng = random.Random(2)
    a = held.initial()
    while not (
        Roll in held._drawing and a.mover is not None and a.state.phase == "move"
    ):
        a = _step(held, a, rng)
    idle = len(held._holds.idle)
    with pytest.raises(IllegalActionError) as refused:
        held.act(a, Roll())
    assert refused.value.clause == "TT-PHASE"
    assert len(held._holds.idle) == idle
    after = held.act(a, held.game.legal_actions(a.state)[0])
    assert after.decisions == a.decisions + 1


def test_the_waiting_hook_stays_inside_the_resolvers():
    held, _, _ = _played("pitfall", 3, 300)
    assert held._holds.held or held._holds.idle
    assert WAIT_FOR_OUTCOMES.get() is None
    with pytest.raises(ChanceNeeded):
        ChanceRng(0).below(6)


def test_a_chance_game_copies_and_pickles_without_its_held_resolutions():
    """Held resolutions stay in their process: a copy or an unpickled chance game
    starts with none and plays the same tree."""
    import copy
    import pickle

    held, plain, _ = _played("raiders", 4, 200)
    for other in (copy.deepcopy(held), pickle.loads(pickle.dumps(held))):
        assert not other._holds.held and other.hold
        rng_o, rng_p = random.Random(9), random.Random(9)
        o, p = other.initial(), plain.initial()
        for _ in range(300):
            _same(o, p, 2)
            o, p = _step(other, o, rng_o), _step(plain, p, rng_p)
