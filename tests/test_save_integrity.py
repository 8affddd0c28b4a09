"""Saves refuse what would crash the reader or slip past the digest (TT-SAVE).

Nesting is bounded on the text before parsing (400,000 brackets raised
``RecursionError``, and killed Pyodide in the browser); the digests cover the steps
and the setup as written, so a save whose steps changed is refused even where the
final state comes out the same.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.core import BoardError, Match, SaveError
from tabletop.core.boards import read_board
from tabletop.core.jsonio import MAX_DEPTH, NestingError, check_depth, strict_loads
from tabletop.core.match import SAVE_VERSION, state_digest
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tabletop.page.protocol import ProtocolError, parse_frame

DEEP = "[" * 400_000 + "]" * 400_000
SAVES = sorted((Path(__file__).parent.parent / "notebooks" / "saves").glob("*.json"))


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# -- nesting ---------------------------------------------------------------------


def test_the_strict_loader_takes_nesting_up_to_its_limit():
    assert strict_loads(nested(MAX_DEPTH)) is not None
    with pytest.raises(NestingError, match=f"deeper than {MAX_DEPTH} levels") as err:
        strict_loads(nested(MAX_DEPTH + 1))
    assert err.value.position == MAX_DEPTH


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ('{"a": "' + "[" * 500 + '"}', False),  # brackets in a string do not count
        ('["\\"' + "[" * 500 + '"]', False),  # nor after an escaped quote
        ('{"a": [' * 65 + "1" + "]}" * 65, True),
        ('["unclosed' + "[" * 500, False),  # an unclosed string holds the rest
        ("[]" * 10_000, False),  # many brackets, one level deep
    ],
)
def test_only_brackets_outside_strings_count(text, deep):
    if deep:
        with pytest.raises(NestingError):
            check_depth(text)
    else:
        check_depth(text)


def test_a_deeply_nested_save_is_refused_naming_the_depth(tmp_path):
    with pytest.raises(SaveError, match=f"deeper than {MAX_DEPTH} levels"):
        Match.from_json(DEEP)
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    with pytest.raises(SaveError, match=f"deeper than {MAX_DEPTH} levels"):
        Match.load(path)
    head = '{"format": "tabletop.match", "steps": '
    # the object is level 1: level 65 is the 64th bracket
    with pytest.raises(SaveError, match=f"character {len(head) + MAX_DEPTH - 1}"):
        Match.from_json(head + DEEP + "}")


def test_a_deeply_nested_board_file_is_refused(tmp_path):
    path = tmp_path / "board.json"
    path.write_text('{"game": "pitfall", "version": 1, "spaces": ' + DEEP + "}")
    with pytest.raises(BoardError, match=f"deeper than {MAX_DEPTH} levels"):
        read_board(path, "pitfall")


def test_network_frames_go_through_the_strict_loader():
    # Python's json keeps the last of two equal keys; the strict loader refuses.
    with pytest.raises(ProtocolError, match="not valid JSON"):
        parse_frame('{"t": "ping", "t": "ping"}')
    with pytest.raises(ProtocolError, match="not valid JSON"):
        parse_frame(nested(MAX_DEPTH + 1))


def test_the_static_site_answers_a_deep_frame_with_an_error():
    """The browser's Python reads the page's frames (a save to open among them):
    a deep one overflowed Pyodide's stack; it is answered in words."""
    from tabletop.site.local import LocalRoom

    room = LocalRoom("pitfall", ["human", "human"], seed=1)
    (answer,) = room.answer('{"t": "open", "save": ' + DEEP + "}")
    assert answer["t"] == "error" and answer["code"] == "bad_json"


# -- digests of the steps and the setup -----------------------------------------


def raiders_game() -> Match:
    """A seeded Raiders game whose first step (a setup move: player 0 places a
    token) can be changed for another without changing the final state."""
    match = Match(Raiders(players=2), seed=0)
    rnd = random.Random(0)
    for _ in range(25):
        match.play(rnd.choice(match.legal_actions()))
    return match


def test_a_changed_setup_move_reaching_the_same_state_is_refused():
    match = raiders_game()
    save = match.to_json()
    assert save["steps"][0] == {"action": "place NEPAL"}
    save["steps"][0] = {"action": "place USA"}
    # The premise: the changed steps lead to the very same final state.
    other = Match(match.game, seed=0)
    for step in save["steps"]:
        other.play(step["action"])
    assert state_digest(other.game, other.state) == save["digest"]
    with pytest.raises(SaveError, match="steps_digest does not match its steps"):
        Match.from_json(json.dumps(save))


def test_a_changed_seed_is_named_as_the_setup():
    save = raiders_game().to_json()
    save["seed"] = 1
    with pytest.raises(SaveError, match="setup_digest .*seed"):
        Match.from_json(save)


def test_lowering_the_rules_version_does_not_skip_the_checks():
    """A save from older rules is migrated without its final digest; its record
    digests do not depend on the rules, so a changed step is still refused."""
    save = raiders_game().to_json()
    save["rules_version"] = 1
    with pytest.raises(SaveError, match="setup_digest"):
        Match.from_json(save)


def test_a_step_refused_by_the_rules_is_named():
    save = raiders_game().to_json()
    save["steps"][3] = {"action": "roll"}
    with pytest.raises(SaveError, match="save step 4"):
        Match.from_json(save)


def test_spacing_and_key_order_do_not_matter():
    match = raiders_game()
    save = match.to_json()
    text = json.dumps(dict(reversed(save.items())), indent=4)
    assert Match.from_json(text).state == match.state


def as_version_2(save: dict) -> dict:
    old = {k: v for k, v in save.items() if k not in ("setup_digest", "steps_digest")}
    return {**old, "version": 2}


def test_a_version_2_save_is_read_with_its_final_digest():
    match = raiders_game()
    loaded = Match.from_json(as_version_2(match.to_json()))
    assert loaded.state == match.state and not loaded.migrated_from
    assert loaded.to_json()["version"] == SAVE_VERSION == 3


def test_record_digests_in_a_version_2_save_are_refused():
    save = raiders_game().to_json()
    save["version"] = 2
    with pytest.raises(SaveError, match="version 3.*says version 2"):
        Match.from_json(save)


def test_a_version_3_save_needs_its_record_digests():
    save = raiders_game().to_json()
    del save["steps_digest"]
    with pytest.raises(SaveError, match="missing field.*steps_digest"):
        Match.from_json(save)


def test_a_scenario_start_is_covered():
    played = Match(Pitfall(players=3), seed=4)
    for _ in range(6):
        played.play(played.legal_actions()[0])
    match = Match.from_state(played.game, played.state, seed=4)
    save = match.to_json()
    assert Match.from_json(save).state == match.state
    save["start"]["turn"] += 1
    with pytest.raises(SaveError, match="setup_digest"):
        Match.from_json(save)


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_the_shipped_saves_load_with_their_record_digests(path):
    save = json.loads(path.read_text())
    assert save["version"] == SAVE_VERSION
    Match.load(path)
