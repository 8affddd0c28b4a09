"""Raiders setup: deck, players, placing, the Ark, the deal, hidden hands, first player
(RA-C-DECK, RA-S-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core import IllegalActionError
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.cards import full_deck
from tests.raiders_play import clauses, legal, play, rolls


def placed(players: int = 4, seed: int = 3, forced: tuple[int, ...] = ()):
    game = Raiders(players=players)
    state = game.initial_state(seed)
    countries = ["PERU", "NEPAL", "EGYPT", "ISLAND", "CHINA", "USA"][:players]
    state, _ = play(game, state, *[f"place {c}" for c in countries[:-1]])
    if forced:
        state = rolls(state, *forced)
    state, events = play(game, state, f"place {countries[-1]}")
    return game, state, events


def test_ra_c_deck_has_56_cards_in_the_printed_mix():
    """RA-C-DECK: 1 Ark, 2 Staff, 3 Map Room, 4 Hostage, 4 Air, 8 Passport, 16
    Ambush, 18 Country (two per country)."""
    deck = Counter(full_deck(Raiders().board.countries))
    assert sum(deck.values()) == 56
    assert (deck["ark"], deck["staff"], deck["map"]) == (1, 2, 3)
    assert (deck["hostage"], deck["air"], deck["passport"], deck["ambush"]) == (
        4,
        4,
        8,
        16,
    )
    assert sum(n for c, n in deck.items() if c.startswith("country:")) == 18
    assert deck["country:PERU"] == 2


@pytest.mark.parametrize("players", [1, 7, "4", True])
def test_ra_s_players_outside_2_to_6_are_refused(players):
    """RA-S-PLAYERS: 2 to 6 players."""
    with pytest.raises(ValueError, match="RA-S-PLAYERS"):
        Raiders(players=players)


def test_ra_s_place_in_seat_order_one_token_per_country():
    """RA-S-PLACE: seat 0 places first, then seat 1...; a taken country is refused."""
    game = Raiders(players=3)
    state = game.initial_state(1)
    assert game.to_move(state) == 0 and len(legal(game, state)) == 9
    state, events = play(game, state, "place PERU")
    assert game.to_move(state) == 1 and "place PERU" not in legal(game, state)
    assert clauses(events) == ["RA-S-PLACE"]
    refusal = game.check(state, game.parse_action("place PERU"))
    assert refusal.clause == "RA-S-PLACE"
    with pytest.raises(IllegalActionError):
        game.apply(state, game.parse_action("place ATLANTIS"))


def test_ra_s_ark_is_the_first_country_card_turned_up():
    """RA-S-ARK: cards are turned until a Country card names the Ark's country."""
    game, state, events = placed()
    ark_event = next(e for e in events if e.clause == "RA-S-ARK")
    assert state.ark in game.board.countries
    assert ark_event.text.rstrip().endswith(f"The Ark is in {state.ark}")
    turned = ark_event.text.split(": ", 1)[1].split(". The Ark")[0].split(", ")
    assert turned[-1] == f"Country ({state.ark})"
    assert all(not t.startswith("Country") for t in turned[:-1])


def test_ra_s_deal_six_cards_each_the_rest_is_the_deck():
    """RA-S-DEAL: all 56 cards reshuffled, six to each player, the rest face down."""
    game, state, events = placed(players=5)
    assert [len(h) for h in state.hands] == [6] * 5
    assert len(state.deck) == 56 - 30 and state.discards == ()
    assert not game.invariants(state)
    deals = [e for e in events if e.clause == "RA-S-DEAL"]
    assert len(deals) == 5 and all(e.secret for e in deals)


def test_ra_s_hidden_views_hide_other_hands_and_the_deck():
    """RA-S-HIDDEN: a player's view shows their own cards only."""
    game, state, events = placed()
    mine = game.view(state, 1)
    assert mine.hands[1] == state.hands[1]
    assert all(set(h) == {"?"} for q, h in enumerate(mine.hands) if q != 1)
    assert set(mine.deck) == {"?"} and len(mine.deck) == len(state.deck)
    deal0 = next(e for e in events if e.clause == "RA-S-DEAL" and e.player == 0)
    assert "dealt 6 cards" in deal0.seen_by(1) and "Ambush" not in deal0.seen_by(1)


def test_ra_s_first_highest_roll_starts_ties_roll_again():
    """RA-S-FIRST: the highest roll starts; tied players roll again."""
    game, state, events = placed(players=3, forced=(5, 2, 5, 3, 6))
    rolled = [e.text for e in events if e.clause == "RA-S-FIRST"]
    assert "a tie: players 0, 2 rolled again" in rolled
    assert rolled[-1] == "player 2 went first"
    assert game.to_move(state) == 2 and state.phase == "turn"


def test_ra_s_hidden_views_and_worlds_change_only_the_hidden_fields():
    """RA-S-HIDDEN: a view, a world dealt back from it and a reseeded state differ
    from the state only in hands, deck, generator and (for a move in progress seen
    by another seat) the ways; every other field is the state's own, on every
    state of a seeded 4-player game."""
    import dataclasses

    from tabletop.core import Rng

    game = Raiders(players=4)
    state = game.initial_state(8)
    kept = [
        f.name
        for f in dataclasses.fields(state)
        if f.name not in ("hands", "deck", "rng", "ways")
    ]
    for step in range(300):
        if game.outcome(state) is not None:
            break
        for seat in range(4):
            view = game.view(state, seat)
            world = game.determinize(view, seat, Rng.from_seed(step))
            for other in (view, world, game.reseed(state, Rng(5))):
                assert [getattr(other, k) for k in kept] == [
                    getattr(state, k) for k in kept
                ]
            assert world.hands[seat] == state.hands[seat]
            assert game.reseed(state, Rng(5)) == dataclasses.replace(state, rng=Rng(5))
        legal = game.legal_actions(state)
        state, _ = game.apply(state, legal[step * 7 % len(legal)])
