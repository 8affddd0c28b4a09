"""The one test harness: every installed game (``tabletop.games`` entry points), at
its fewest, a middle and its most players, passes the same checks
(``tests/harness.py``).

- contract: the Game protocol's members exist and behave on the first states.
- conformance: seeded random games checked at every step (invariants, JSON round
  trip, ``check`` agreeing with the list, notation round trip, views, ``explain``,
  ``apply`` leaving its input alone), replayed from seed plus notation; the golden
  game, played to its end, checked the same way.
- rule lists: on every state, each rule's own fast ``legal`` equals its candidates
  filtered by its verdict (the perft-style check of one source of legality).
- saves: ``Match.save``/``Match.load`` and ``to_json``/``from_json`` give the same
  timeline, and an altered digest is refused.
- leaks: a seat's view, the events as that seat reads them, and the public view do
  not change when what they may not see is re-dealt, and a seat is shown the other
  seats' hands only as the public is (``tests/leaks.py``).
- the game-independent contract asked of each game once: public views hide every
  hand, views carry no forced roll, worlds sampled from a view keep them, version 1
  saves are migrated, saves of newer rules are refused, bad positions are refused,
  ``play_until`` stops at the named seat.
- golden: a seeded game's transcript equals ``tests/golden/<name>.txt``.

Golden transcripts are regenerated one way, for every game::

    TABLETOP_REGENERATE_GOLDEN=1 python -m pytest tests/test_games_harness.py -k golden

then read the diff before committing it. A game with no golden file yet fails,
naming that command (which writes its file).
"""

from __future__ import annotations

import json
import os

import pytest

from tabletop.core import IllegalEditError, Match, Rng, SaveError
from tabletop.core.match import SAVE_VERSION, state_digest
from tests import harness
from tests.leaks import check_events, check_hands, check_same_reading, check_view

ENTRIES = harness.installed_entries()
ONE = [
    pytest.param(e, max(e.players[0], min(3, e.players[1])), id=e.name) for e in ENTRIES
]
"""Each game once, at three players where it can (else the nearest count)."""
GAMES = [
    pytest.param(entry, n, id=f"{entry.name}-{n}p")
    for entry in ENTRIES
    for n in harness.player_counts(entry)
]
SEEDS = (0, 1, 2)
CAP = 250
VARIANTS = [
    pytest.param(entry, name, value, id=f"{entry.name}-{name}={value}")
    for entry in ENTRIES
    for name, value in harness.option_variants(entry)
]
"""Each game's rule options, each alone at each value but its default."""


def test_every_installed_game_is_checked():
    """The shipped games are found through their entry points."""
    assert {"pitfall", "raiders"} <= {entry.name for entry in ENTRIES}


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_contract(entry, players):
    """The protocol's members exist and behave on the initial state of a few seeds:
    a live state has legal actions, each accepted by ``check`` (object, notation and
    seat prefix), each notation read back to the same action, no other candidate
    accepted; ``view``, ``explain``, ``outcome``, JSON and invariants agree;
    ``apply`` leaves its input untouched; ``determinize`` keeps the rules."""
    game = entry.make(players=players)
    harness.check_protocol(game, entry, players)
    for seed in SEEDS:
        state = game.initial_state(seed)
        harness.check_state(game, state)
        action = game.legal_actions(state)[0]
        harness.check_step(game, state, action)
        for seat in range(players):
            world = game.determinize(game.view(state, seat), seat, Rng.from_seed(seed))
            assert game.invariants(world) == []


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_conformance_seeded_random_games(entry, players):
    """Seeded random games, every state and step checked (``check_state``,
    ``check_step``), then replayed from seed plus notation to the same states."""
    game = entry.make(players=players)
    for seed in SEEDS:
        run = harness.playout(game, seed, cap=CAP)
        harness.check_replay(run)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_conformance_to_the_end_of_the_golden_game(entry):
    """The golden transcript's game, played by its policy to the end, passes the
    same checks at every step, the final state included."""
    match = harness.golden_match(entry)
    game, state = match.game, match.initial_state
    harness.check_state(game, state)
    for step in match.steps:
        after, _ = harness.check_step(game, state, step.action)
        assert after == step.state
        state = after
    assert match.over, f"the golden game of {entry.name} must be played to its end"


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_rule_lists_are_candidates_judged_by_their_verdict(entry, players):
    """On every state of seeded games, every rule's fast ``legal`` equals
    ``Rule.legal`` (its candidates whose verdict is None), in order."""
    game = entry.make(players=players)
    rules: set[str] = set()

    def compare(game, state):
        rules.update(harness.rule_lists(game, state))

    for seed in SEEDS:
        harness.playout(game, seed, cap=400, checked=False, on_state=compare)
    assert rules, "no rule was compared"


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_save_round_trip(entry, players, tmp_path):
    """A match saved to a file and loaded, and through ``to_json``/``from_json``,
    is the same timeline at the same cursor; an altered digest is refused."""
    game = entry.make(players=players)
    match = Match(game, seed=players)
    run = harness.playout(game, players, cap=40, checked=False)
    for action in run.actions:
        match.play(action)
    match.undo(2)
    path = tmp_path / "match.json"
    match.save(path)
    for loaded in (Match.load(path), Match.from_json(match.to_json())):
        assert loaded.state == match.state and loaded.cursor == match.cursor
        assert [s.notation for s in loaded.steps] == [s.notation for s in match.steps]
        assert loaded.to_json() == match.to_json()
    data = json.loads(path.read_text(encoding="utf-8"))
    last = match.steps[-1].state if match.steps else match.initial_state
    assert data["digest"] == state_digest(game, last)
    data["digest"] = "0" * len(data["digest"])
    with pytest.raises(SaveError, match="digest"):
        Match.from_json(data)


@pytest.mark.parametrize(("entry", "players"), GAMES)
def test_views_and_events_hide_what_a_viewer_may_not_see(entry, players):
    """Every few steps of seeded games, each seat's view and the public view do not
    change when the cards hidden from them are re-dealt, and no event shows a seat
    or the public the secret text or data of another seat."""
    game = entry.make(players=players)
    checked = 0
    for seed in SEEDS:
        match = Match(game, seed=seed)
        run = harness.playout(game, seed, cap=60, checked=False)
        viewers = (*range(players), "public")
        for viewer in viewers:
            check_events(match.setup_events, viewer)
        for step, action in enumerate(run.actions):
            events = match.play(action)
            for viewer in viewers:
                check_events(events, viewer)
            if step % 6 == 0:
                for viewer in viewers:
                    check_view(game, match.state, viewer, samples=2)
                    check_hands(game, match.state, viewer)
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize(("entry", "name", "value"), VARIANTS)
def test_every_rule_option_alone_passes_the_harness(entry, name, value, tmp_path):
    """Each house rule alone (``tabletop.core.options``), at three players where
    the game takes them: seeded random games checked at every step and replayed
    from seed plus notation, every rule's list equal to its verdict, a save
    that keeps the option, and every seat's view, the public view and the
    events hiding what they must (``tests/leaks.py``)."""
    players = max(entry.players[0], min(3, entry.players[1]))
    game = entry.make(players=players, **{name: value})
    assert game.options[name] == value
    harness.check_protocol(game, entry, players)
    for seed in SEEDS:
        run = harness.playout(game, seed, cap=CAP)
        harness.check_replay(run)
        harness.playout(game, seed, cap=200, checked=False, on_state=harness.rule_lists)
    match = Match(game, seed=5)
    for action in harness.playout(game, 5, cap=60, checked=False).actions:
        events = match.play(action)
        for viewer in (*range(players), "public"):
            check_events(events, viewer)
        if match.cursor % 6 == 0:
            for viewer in (*range(players), "public"):
                check_view(game, match.state, viewer, samples=2)
                check_hands(game, match.state, viewer)
    path = tmp_path / "house.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.game.options == game.options and loaded.state == match.state


def test_default_options_leave_the_game_as_it_was():
    """A game built with every rule option at its default is today's game: no
    option in ``options`` (saves and value models keep their record) and the
    same states and JSON as a game built without them."""
    for entry in ENTRIES:
        defaults = {o.name: o.default for o in harness.options_of(entry)}
        players = entry.players[0]
        plain = entry.make(players=players)
        spelled = entry.make(players=players, **defaults)
        assert dict(spelled.options) == dict(plain.options)
        first = harness.playout(plain, 3, cap=80, checked=False)
        second = harness.playout(spelled, 3, cap=80, checked=False)
        assert [plain.state_to_json(x) for x in first.states] == [
            spelled.state_to_json(x) for x in second.states
        ]


def _dealt(game, seed: int = 4) -> Match:
    """A seeded match past its setup (every hand dealt), by the first legal action."""
    match = Match(game, seed=seed)
    while match.state.phase in ("place", "first", "setup") and not match.over:
        match.play(match.legal_actions()[0])
    return match


def _hidden_edits(name: str, state) -> list[tuple[str, int | None, dict, dict]]:
    """Each edit of the game ``name`` that moves hidden cards, twice with other
    hidden values: (op, the seat that may read it or None, args, other args)."""
    if name == "raiders":
        deck = list(dict.fromkeys(state.deck))
        return [
            ("give", 1, {"player": 1, "card": deck[0]}, {"player": 1, "card": deck[1]}),
            ("deck_top", None, {"cards": [deck[0]]}, {"cards": [deck[1]]}),
            ("force_roll", None, {"values": [2]}, {"values": [5]}),
        ]
    from tabletop.games.pitfall.cards import CARDS, TOKENS

    size = sum(state.hands[1])
    held = [CARDS[k] for k, n in enumerate(state.hands[1]) for _ in range(n)]
    other = [CARDS[c] for c in state.deck[:size]]
    kinds = list(dict.fromkeys(TOKENS[k] for k in state.facedown))
    tops = list(dict.fromkeys(CARDS[c] for c in state.deck))
    return [
        ("set_hand", 1, {"player": 1, "cards": held}, {"player": 1, "cards": other}),
        ("set_deck", None, {"cards": [tops[0]]}, {"cards": [tops[1]]}),
        ("set_next_tokens", None, {"kinds": [kinds[0]]}, {"kinds": [kinds[1]]}),
        ("force_roll", None, {"values": [2]}, {"values": [5]}),
    ]


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_edits_of_hidden_cards_read_the_same_to_every_other_viewer(name, tmp_path):
    """TT-EDIT, TT-FORCE (RA-S-HIDDEN, PH-S-DEAL): an edit that moves hidden cards
    (giving a card, setting a hand, stacking the deck or the facedown tokens,
    forcing the dice) is an event like any other: done with other hidden values,
    it reads the same to every seat it does not concern and to the public, in
    the log, the events, every picture and the replay; the seat it concerns (and
    the referee) reads what was done."""
    entry = next(e for e in ENTRIES if e.name == name)
    game = entry.make(players=3)
    start = _dealt(game)
    for op, owner, args, other in _hidden_edits(name, start.state):
        first, second = start.fork(), start.fork()
        first.edit(op, **args)
        second.edit(op, **other)
        for viewer in (0, 1, 2, "public"):
            if viewer != owner:
                check_same_reading(first, second, viewer, tmp_path)
        for match in (first, second):
            check_view(game, match.state, "public", samples=2)
            for seat in range(3):
                check_view(game, match.state, seat, samples=2)
                check_hands(game, match.state, seat)
        readers = (None,) if owner is None else (None, owner)
        for viewer in readers:
            assert first.log(viewer)[-1] != second.log(viewer)[-1], (op, viewer)


def test_raiders_give_edit_reads_as_a_card_to_the_others():
    """TT-EDIT, RA-S-HIDDEN: after ``give`` of a Hostage to player 1, seat 0's
    picture and log read "was given a card"; player 1 and the referee read the
    card."""
    from tabletop.games.raiders import Raiders

    match = _dealt(Raiders(players=2))
    assert "hostage" in match.state.deck
    match.edit("give", player=1, card="hostage")
    assert "Player 1 (blue) was given a card" in match.svg(viewer=0)
    assert "Hostage" not in match.log(0)[-1] and "a card" in match.log(0)[-1]
    assert "was given Hostage" in match.svg(viewer=1)
    assert "Hostage" in match.log(1)[-1] and "Hostage" in match.log(None)[-1]
    seen = match.steps[-1].events[0].for_viewer(0)
    assert "card" not in seen.data and seen.text == "player 1 was given a card"


# -- the game-independent contract, asked of every game -------------------------
def _played(game, seed: int, moves: int) -> Match:
    """A seeded match a few decisions in, played by the first legal action."""
    match = Match(game, seed=seed)
    for _ in range(moves):
        if match.over:
            break
        match.play(match.legal_actions()[0])
    return match


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_public_view_hides_every_hand(entry, players):
    game = entry.make(players=players)
    match = _played(game, 4, 8)
    view = match.view("public")
    for seat in range(game.players):
        assert view.hands[seat] != match.state.hands[seat]
        assert game.view(match.state, seat).hands[seat] == match.state.hands[seat]


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_views_never_carry_forced_rolls(entry, players):
    game = entry.make(players=players)
    match = _played(game, 3, 6)
    match.force_roll(6, 1)
    assert game.forced_rolls(match.state) == (6, 1)
    for viewer in (*range(players), "public"):
        assert game.forced_rolls(game.view(match.state, viewer)) == ()


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_worlds_sampled_from_a_view_keep_the_forced_rolls(entry, players):
    """The bug: sampled from a seat's view, forced rolls were dropped, so
    compare_rolls(..., viewer=0) gave identical chances for every roll."""
    from tabletop.sim.worker import _resample

    game = entry.make(players=players)
    match = _played(game, 5, 6)
    match.force_roll(4)
    for index in range(3):
        world = _resample(game, match.state, 0, 11, index)
        assert game.forced_rolls(world) == (4,)
        assert game.invariants(world) == []


def _as_version_1(data: dict) -> dict:
    newer = ("rules_version", "board", "setup_digest", "steps_digest")
    old = {k: v for k, v in data.items() if k not in newer}
    old["version"] = 1
    return old


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_a_version_1_save_is_migrated_by_replaying_its_notation(entry, players):
    game = entry.make(players=players)
    match = _played(game, 9, 12)
    data = match.to_json()
    assert data["version"] == SAVE_VERSION
    assert data["rules_version"] == game.RULES_VERSION
    loaded = Match.from_json(_as_version_1(data))
    # A version 1 save predates the rules version field: it counts as rules version 1.
    assert "version 1" in loaded.migrated_from
    assert loaded.state == match.state


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_a_save_from_newer_rules_is_refused_naming_the_version(entry, players):
    game = entry.make(players=players)
    data = _played(game, 2, 4).to_json()
    data["rules_version"] = game.RULES_VERSION + 1
    with pytest.raises(SaveError, match=f"rules version {game.RULES_VERSION + 1}"):
        Match.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("entry", "players"),
    [p for p in ONE if harness.builds_positions(p.values[0])],
)
def test_a_bad_position_is_refused_with_the_reason(entry, players):
    """Games that build positions from descriptions refuse an unknown keyword."""
    game = entry.make(players=players)
    with pytest.raises(IllegalEditError, match=f"not a position of {game.name}"):
        Match.from_position(game, colour="green")


@pytest.mark.parametrize(("entry", "players"), ONE)
def test_play_until_a_seat_must_decide(entry, players):
    from tabletop.bots import make_bot

    game = entry.make(players=players)
    kind = "heuristic" if entry.heuristic else "random"
    seat = players - 1
    match = Match(game, seed=6)
    bots = {s: make_bot(kind, game, seed=s) for s in range(players)}
    for _ in range(3):
        match.play_until(seat, bots)
        assert match.over or match.to_move() == seat
        if match.over:
            break
        match.play(match.legal_actions()[0])
    with pytest.raises(ValueError, match="has no bot"):
        Match(game, seed=6).play_until(None, {})


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_golden_transcript(entry):
    """The seeded game's transcript equals the recorded one byte for byte: any
    change of rules, randomness, notation or event text shows up here."""
    path = harness.golden_path(entry)
    text = harness.transcript(entry)
    if os.environ.get(harness.REGENERATE) == "1":
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(
            f"{entry.name} has no golden transcript tests/golden/{path.name}: write "
            f"it with {harness.REGENERATE}=1 python -m pytest "
            "tests/test_games_harness.py -k golden, read it and commit it",
            pytrace=False,
        )
    assert text == path.read_text(encoding="utf-8"), (
        f"the transcript differs from tests/golden/{path.name}; after an intended "
        f"change, regenerate it with {harness.REGENERATE}=1 and read the diff"
    )
