"""The chance-mode generator: every random outcome is offered, then injected."""

from __future__ import annotations

import pytest

from tabletop.core import ChanceNeeded, ChanceRng, Rng


def test_below_takes_queued_outcomes_and_asks_when_empty():
    rng = ChanceRng(0).queue(2, 0)
    value, rng = rng.below(3)
    assert value == 2 and isinstance(rng, ChanceRng)
    value, rng = rng.below(5)
    assert value == 0
    with pytest.raises(ChanceNeeded) as need:
        rng.below(4)
    assert need.value.n == 4


def test_a_single_outcome_is_no_chance_node():
    value, rng = ChanceRng(0).below(1)
    assert value == 0 and rng == ChanceRng(0)


def test_a_die_roll_is_below_six_plus_one():
    with pytest.raises(ChanceNeeded) as need:
        ChanceRng(0).roll()
    assert need.value.n == 6
    value, rng = ChanceRng(0).queue(5).roll()
    assert value == 6 and rng.outcomes == ()


def test_forced_rolls_come_first_and_keep_chance_mode():
    rng = ChanceRng(0).force(3, 4)
    assert isinstance(rng, ChanceRng)
    value, rng = rng.roll()
    assert value == 3 and isinstance(rng, ChanceRng) and rng.forced == (4,)
    value, rng = rng.roll()
    assert value == 4
    with pytest.raises(ChanceNeeded):
        rng.roll()


def test_a_shuffle_is_successive_fisher_yates_draws():
    items = ["a", "b", "c", "d"]
    asked = []
    rng = ChanceRng(0)
    while True:
        try:
            out, rng2 = rng.shuffle(items)
            break
        except ChanceNeeded as need:
            asked.append(need.n)
            rng = rng.queue(0)
    assert asked == [4, 3, 2]
    # j = 0 each time: swap positions 3<->0, 2<->0, 1<->0
    assert out == ("b", "c", "d", "a")
    assert isinstance(rng2, ChanceRng) and rng2.outcomes == ()


def test_a_shuffle_says_which_draws_come_next():
    with pytest.raises(ChanceNeeded) as need:
        ChanceRng(0).shuffle("abcde")
    assert (need.value.n, need.value.ahead) == (5, (4, 3, 2))
    with pytest.raises(ChanceNeeded) as need:
        ChanceRng(0).queue(1, 2).shuffle("abcde")
    assert (need.value.n, need.value.ahead) == (3, (2,))
    with pytest.raises(ChanceNeeded) as need:
        ChanceRng(0).below(4)
    assert need.value.ahead == ()


def test_every_permutation_is_reachable_exactly_once():
    seen = set()
    for a in range(3):
        for b in range(2):
            out, _ = ChanceRng(0).queue(a, b).shuffle([1, 2, 3])
            seen.add(out)
    assert len(seen) == 6


def test_an_outcome_out_of_range_is_refused():
    with pytest.raises(ValueError):
        ChanceRng(0).queue(7).below(3)


def test_plain_rng_is_unchanged():
    assert Rng.from_seed(3).below(10) == Rng.from_seed(3).below(10)
    assert type(Rng.from_seed(3).below(10)[1]) is Rng
