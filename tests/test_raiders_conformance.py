"""Seeded random Raiders playouts.

400 games over 2..6 players (some with the restricted Country cards option or a
turn limit), each capped in length: more than a tenth end, the rare clauses all
happen (reshuffle, empty deck, checkpoints, occupied countries, landing on and
passing players, the win, the turn limit), and on every step of every 10th game
``check`` accepts exactly the listed actions among random Raiders actions of every
kind (``benchmarks/conformance.py`` plays the same checked games by the thousand).
Each rule's fast list equals its candidates judged by its verdict with the
restricted Country cards option too, and every rule that lists actions lists some.
A seeded four-player game played through ``Match`` ends with a winner (RA-W-WIN).

The checks every game passes (invariants, ``apply`` leaving its input alone, JSON
round trip, the mover's view giving the same legal actions, legal actions in every
unfinished state, replay from the seed) are in ``tests/test_games_harness.py``.
"""

from __future__ import annotations

import random

from tabletop import Match
from tabletop.core import Rng, lookup
from tabletop.games.raiders import Raiders
from tabletop.games.raiders import actions as A
from tests import harness

GAMES = 400  # every clause below happens within 5 games; 2,000 added none
CAP = 300
RARE = {
    "RA-K-RESHUFFLE",
    "RA-E-EMPTY",
    "RA-M-CHECKPOINT-LAND",
    "RA-M-OCCUPIED",
    "RA-M-LAND-PLAYER",
    "RA-W-WIN",
    "TT-LIMIT",
    "RA-M-PASS-PLAYER",
}


def _games() -> dict[tuple, Raiders]:
    games = {}
    for n in range(2, 7):
        games[(n, False, None)] = Raiders(players=n)
        games[(n, True, None)] = Raiders(players=n, country_cards_restricted=True)
        games[(n, False, 40)] = Raiders(players=n, turn_limit=40)
    return games


def _agree(game: Raiders, state, chooser: random.Random) -> None:
    """``check`` accepts exactly the listed actions, on random candidates."""
    legal = set(game.legal_actions(state))
    places = game.board.locations
    seat = chooser.randrange(game.players)
    where = places[chooser.randrange(len(places))]
    country = game.board.countries[chooser.randrange(9)]
    for action in (
        A.Roll(),
        A.Air(),
        A.FlyCountry(country),
        A.Ambush(seat),
        A.Hostage(seat, where),
        A.Step(where),
        A.Send(seat, where),
        A.Leave(seat),
        A.ShowPassport(),
        A.LoseTurn(),
        A.Place(country),
    ):
        assert (game.check(state, action) is None) == (action in legal), action


def conformance_run(games: int, first_seed: int = 0) -> tuple[int, set[str]]:
    """Seeded playouts of seeds ``first_seed ..``: ``check`` against the list on
    every step of every 10th game, a determinized view of every 50th game's end
    checked; returns how many ended and the clauses that happened."""
    variants = _games()
    keys = list(variants)
    finished = 0
    seen: set[str] = set()
    for seed in range(first_seed, first_seed + games):
        game = variants[keys[seed % len(keys)]]
        chooser = random.Random(seed)

        def policy(game, state, rng, chooser=chooser):
            legal = game.legal_actions(state)
            return legal[chooser.randrange(len(legal))], rng

        def agree(game, state, chooser=chooser):
            _agree(game, state, chooser)

        deep = seed % 10 == 0
        run = harness.playout(
            game, seed, CAP, policy, checked=False, on_state=agree if deep else None
        )
        seen.update(e.clause for events in run.events for e in events)
        final = run.final
        finished += game.outcome(final) is not None
        if seed % 50 == 0:
            view = game.view(final, 0)
            full = game.determinize(view, 0, Rng.from_seed(seed))
            assert not game.invariants(full)
            assert full.hands[0] == final.hands[0]
    return finished, seen


def test_conformance_seeded_random_playouts():
    finished, seen = conformance_run(GAMES)
    assert finished > GAMES // 10
    assert seen >= RARE, sorted(RARE - seen)


def test_every_rules_fast_list_is_its_candidates_judged_by_its_verdict():
    """One source of legality: each rule's ``legal`` override lists exactly, and in
    the same order, the candidates whose verdict is None (``Rule.legal``), on every
    state of seeded random games for 2..6 players, with and without the restricted
    Country cards option; every rule but NeverPlayedRule lists something."""
    from tabletop.games.raiders.legal import DECISIONS

    judged: dict[str, int] = {}

    def compare(game, state):
        for name, listed in harness.rule_lists(game, state).items():
            judged[name] = judged.get(name, 0) + listed

    def uniform(game, state, rng):
        legal = game.legal_actions(state)
        i, rng = rng.below(len(legal))
        return legal[i], rng

    for players in range(2, 7):
        for restricted in (False, True):
            game = Raiders(players=players, country_cards_restricted=restricted)
            for seed in range(8):
                harness.playout(
                    game, seed, 400, uniform, checked=False, on_state=compare
                )
    rules = {type(r).__name__ for rules in DECISIONS.values() for r in rules}
    listed = rules - {"NeverPlayedRule"}  # it lists nothing, by design
    assert all(judged.get(name, 0) > 0 for name in listed), judged


def test_seeded_four_player_game_plays_to_a_winner_through_match():
    """RA-W-WIN: the golden game (four players, seed 7, the greedy policy of
    tests/raiders_play.py) ends with a winner holding the three key cards; its save
    reloads."""
    match = harness.golden_match(lookup("raiders"))
    assert match.game.players == 4 and match.seed == 7
    outcome = match.outcome()
    assert outcome is not None and outcome.winner is not None
    assert outcome.clause == "RA-W-WIN"
    winner_hand = match.state.hands[outcome.winner]
    assert {"ark", "staff", "map"} <= set(winner_hand)
    again = Match.from_json(match.to_json())
    assert again.state == match.state and again.outcome() == outcome
