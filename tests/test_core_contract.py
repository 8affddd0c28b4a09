"""The one game contract in tabletop.core: viewers, forced rolls in what-ifs, the
game registry, the turn template and the save-version policy (docs/saves.md).

What every game must do (public views hiding hands, views without forced rolls,
sampled worlds keeping them, version 1 saves migrated, saves of newer rules refused,
bad positions refused, ``play_until``) is asked of each installed game by
``tests/test_games_harness.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from race import Race

from tabletop.core import (
    PUBLIC,
    REFEREE,
    Event,
    GameRules,
    IllegalActionError,
    Match,
    Refusal,
    Rule,
    SaveError,
    Seated,
    Viewer,
    as_viewer,
    lookup,
    register,
    split_seat,
)
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders

SAVES = Path(__file__).resolve().parent.parent / "notebooks" / "saves"


def _played(game, seed: int, moves: int) -> Match:
    """A seeded match a few decisions in, played by the first legal action."""
    match = Match(game, seed=seed)
    for _ in range(moves):
        if match.over:
            break
        match.play(match.legal_actions()[0])
    return match


# -- the viewer model -------------------------------------------------------------
def test_viewer_forms_and_who_sees_what():
    assert as_viewer(2) == Viewer.of_seat(2)
    assert as_viewer(None) is REFEREE
    assert as_viewer("public") is PUBLIC and as_viewer("spectator") is PUBLIC
    assert as_viewer("referee") is REFEREE
    seat = as_viewer(1)
    assert seat.sees(1) and not seat.sees(0) and not seat.sees(None)
    assert not PUBLIC.sees(0) and not PUBLIC.sees(None)
    assert REFEREE.sees(0) and REFEREE.sees(None)
    for bad in (-1, "north", 1.5, True):
        with pytest.raises(ValueError):
            as_viewer(bad)
    # A seat's viewer is made once and shared (a frozen value); a negative
    # seat is still refused, and never kept.
    assert as_viewer(2) is as_viewer(2) and as_viewer(2).seat == 2
    with pytest.raises(ValueError):
        as_viewer(-3)


def test_event_for_viewer_drops_secret_text_and_data():
    event = Event(
        "PH-2A-REFILL",
        "player 1 drew Rope",
        1,
        "draw",
        True,
        "player 1 drew a card",
        {"seat": 1, "card": "rope", "count": 1},
        ("card",),
    )
    other = event.for_viewer(0)
    assert other.text == "player 1 drew a card" and "card" not in other.data
    assert other.data == {"seat": 1, "count": 1}
    assert event.for_viewer(1) is event and event.for_viewer(None) is event
    assert "Rope" not in event.seen_by("public")


def test_a_witness_reads_the_secret_parts_too():
    taken = Event(
        "RA-K-AMBUSH",
        "player 0 took Map Room from player 2",
        0,
        "take",
        True,
        "player 0 took a card from player 2",
        {"card": "map"},
        ("card",),
        (2,),
    )
    assert taken.for_viewer(2) is taken and "Map Room" in taken.seen_by(2)
    assert "Map Room" not in taken.seen_by(1) and "card" not in taken.for_viewer(1).data


# -- forced rolls: never in a view, always in what-if worlds ----------------------
# (every game: tests/test_games_harness.py)
def test_compare_rolls_with_a_viewer_depends_on_the_roll():
    from tabletop.sim import compare_rolls

    match = Match.load(SAVES / "raiders_3p_seed5.json")
    seat = match.to_move()
    kw = dict(n=40, bots="random", workers=1, max_steps=400)
    results = compare_rolls(match, [1, 6], viewer=seat, **kw)
    assert results[1].wins != results[6].wins or results[1].n != results[6].n


# -- the registry -----------------------------------------------------------------
def test_registry_finds_the_games_by_name():
    assert lookup("pitfall").factory is Pitfall
    assert lookup("raiders").factory is Raiders
    with pytest.raises(KeyError, match="no game named 'chess'"):
        lookup("chess")


class _RunTimeRace(Race):
    name = "run_time_race"


def test_a_game_registered_at_run_time_saves_and_loads():
    register("run_time_race", _RunTimeRace)
    match = _played(_RunTimeRace(players=2), 3, 5)
    loaded = Match.from_json(match.dumps())
    assert isinstance(loaded.game, _RunTimeRace)
    assert loaded.state == match.state


# -- the turn template ------------------------------------------------------------
def test_seat_prefix_forms():
    assert split_seat("P2: roll") == (2, "roll")
    assert split_seat("2: roll") == (2, "roll")
    assert split_seat("p0:roll") == (0, "roll")
    assert split_seat("roll") == (None, "roll")
    assert str(Seated(3, "roll")) == "P3: roll"


class _Count(Rule):
    kinds = (int,)

    def candidates(self, game, state):
        return range(1, 4)

    def verdict(self, game, state, action):
        if action + state > 5:
            return Refusal("X-OVER", f"{action} would pass 5")
        return None


class _Tiny(GameRules):
    """Count to exactly 5 adding 1-3; seat 0 only."""

    name = "tiny"
    players = 1

    def parse_move(self, text):
        if not text.strip().isdigit():
            raise IllegalActionError("TT-NOTATION", f"cannot read {text!r}")
        return int(text)

    def to_move(self, state):
        return None if state == 5 else 0

    def pending(self, state):
        return f"at {state}"

    def decision_rules(self, state):
        return () if state == 5 else (_Count(),)

    def resolve(self, state, action):
        return state + action, ()


def test_template_order_and_one_source_of_legality():
    game = _Tiny()
    assert game.legal_actions(3) == [1, 2]
    assert game.check(3, 3).clause == "X-OVER"
    assert game.check(3, "P1: 1").clause == "TT-TURN"
    assert game.check(5, "P1: 1").clause == "TT-OVER"
    assert game.check(5, 1).clause == "TT-OVER"
    assert game.check(3, "x").clause == "TT-NOTATION"
    assert game.check(3, 1.5).clause == "TT-PHASE"
    assert game.apply(3, "P0: 2") == (5, ())
    with pytest.raises(ValueError, match="X-OVER"):
        game.apply(3, 3)


# -- save versions ----------------------------------------------------------------
def _as_version_1(data: dict) -> dict:
    newer = ("rules_version", "board", "setup_digest", "steps_digest")
    old = {k: v for k, v in data.items() if k not in newer}
    old["version"] = 1
    return old


def test_a_migrated_save_whose_actions_are_no_longer_legal_is_refused():
    data = _played(Pitfall(players=2), 2, 6).to_json()
    data = _as_version_1(data)
    data["steps"].append({"action": "play ark"})
    with pytest.raises(SaveError, match="cannot be migrated"):
        Match.from_json(data)


# -- positions in two lines -------------------------------------------------------
def test_a_pitfall_position_in_two_lines():
    game = Pitfall(players=2)
    match = Match.from_position(game, positions={0: "A5"}, next_roll=3)
    assert match.state.positions[0] == "A5" and len(match) == 0
    match.play("roll")
    assert match.legal_actions()


def test_a_raiders_position_in_two_lines():
    game = Raiders(players=2)
    match = Match.from_position(
        game,
        ark="EGYPT",
        players=[{"at": "NEPAL", "hand": ["ambush"]}, {"at": "PERU", "hand": ["map"]}],
    )
    assert match.state.positions == ("NEPAL", "PERU")
    assert match.legal_actions()


@pytest.mark.parametrize("name", ["pitfall", "raiders"])
def test_from_position_seed_belongs_to_the_position(name):
    """TT-POSITION: ``seed`` in ``Match.from_position`` is the description's (it
    orders the cards nobody named, exactly as ``game.position(seed=...)``), and the
    match's own seed is ``match_seed``."""
    if name == "pitfall":
        game = Pitfall(players=2)
        description = {"positions": {0: "A5"}}
    else:
        game = Raiders(players=2)
        description = {
            "ark": "EGYPT",
            "players": [{"at": "NEPAL", "hand": ["ambush"]}, {"at": "PERU"}],
        }
    one = Match.from_position(game, seed=1, **description)
    two = Match.from_position(game, seed=2, match_seed=9, **description)
    assert one.state == game.position(seed=1, **description)
    assert two.state == game.position(seed=2, **description)
    assert one.state.deck != two.state.deck
    assert (one.seed, two.seed) == (0, 9)
    again = Match.from_json(two.to_json())
    assert again.seed == 9 and again.state == two.state
