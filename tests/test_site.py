"""The static site without a browser: Pyodide's pins refuse a wrong runtime in
words, and ``LocalRoom`` (the seat protocol for one device's seats, which the
site runs in a Web Worker) plays whole games in CPython: bots, the hand-over
between two humans, saves kept, downloaded and opened, corrupt ones refused."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tabletop.site import runtime
from tabletop.site.local import LocalRoom, bot_timings, start
from tabletop.site.runtime import PyodideError


def _fake_runtime(folder: Path) -> dict[str, str]:
    """Five stand-in core files and their sums."""
    folder.mkdir(parents=True, exist_ok=True)
    sums = {}
    for name in runtime.CORE:
        data = f"not really {name}".encode()
        (folder / name).write_bytes(data)
        sums[name] = hashlib.sha256(data).hexdigest()
    return sums


def test_the_pinned_sums_cover_the_five_core_files():
    pins = runtime.pins()
    assert set(pins["files"]) == set(runtime.CORE)
    assert pins["integrity"].startswith("sha512-")


def test_matching_files_pass_and_a_changed_one_is_named(tmp_path):
    sums = _fake_runtime(tmp_path)
    runtime.check_files(tmp_path, sums)
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"something else")
    with pytest.raises(PyodideError, match=r"pyodide\.asm\.wasm do not match"):
        runtime.check_files(tmp_path, sums)


def test_a_missing_file_is_named(tmp_path):
    sums = _fake_runtime(tmp_path)
    (tmp_path / "python_stdlib.zip").unlink()
    with pytest.raises(PyodideError, match=r"lacks python_stdlib\.zip"):
        runtime.check_files(tmp_path, sums)


def test_the_real_pins_refuse_a_folder_of_other_files(tmp_path):
    _fake_runtime(tmp_path)
    with pytest.raises(PyodideError, match="do not match the sha256 sums pinned"):
        runtime.from_folder(tmp_path)


def _tarball(path: Path) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name in runtime.CORE:
            data = name.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    path.write_bytes(buffer.getvalue())
    return buffer.getvalue()


def test_the_tarball_is_checked_against_its_integrity(tmp_path):
    data = _tarball(tmp_path / "p.tgz")
    good = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    runtime.check_integrity(tmp_path / "p.tgz", good)
    bad = "sha512-" + base64.b64encode(hashlib.sha512(b"x").digest()).decode()
    with pytest.raises(PyodideError, match="does not match npm's published integrity"):
        runtime.check_integrity(tmp_path / "p.tgz", bad)
    with pytest.raises(PyodideError, match="unknown integrity"):
        runtime.check_integrity(tmp_path / "p.tgz", "md5-abc")
    assert sorted(
        p.name for p in runtime.unpack(tmp_path / "p.tgz", tmp_path / "u").iterdir()
    ) == sorted(runtime.CORE)


def test_a_tampered_tarball_in_the_cache_is_refused(tmp_path):
    _tarball(tmp_path / f"pyodide-{runtime.pins()['version']}.tgz")
    with pytest.raises(PyodideError, match="published integrity"):
        runtime.from_npm(tmp_path)


def test_without_npm_the_build_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(PyodideError, match="npm is not installed.*--pyodide DIR"):
        runtime.from_npm(tmp_path)


# -- the room of one device ------------------------------------------------------
def _ask(room: LocalRoom, **frame) -> list[dict]:
    """The answer to a frame, then every bot's move as the worker asks for it
    (``advance`` while ``busy``)."""
    frames = room.answer(json.dumps(frame))
    while room.busy():
        frames += room.advance()
    json.dumps(frames)  # every frame crosses to the page as JSON
    return frames


def _shown(frames: list[dict]) -> dict:
    """What the page shows after these frames: the last view or hand-over."""
    return [f for f in frames if f["t"] in ("view", "handover")][-1]


@pytest.mark.parametrize("game", ["pitfall", "raiders", "race"])
def test_a_human_and_a_bot_play_twenty_decisions_by_frames(game):
    room = LocalRoom(game, ["human", "heuristic"], seed=3)
    frames = _ask(room, t="hello")
    assert [f["t"] for f in frames] == ["welcome", "view", "save"]
    assert frames[0]["seat"] == 0 and frames[0]["page"]["board"].startswith("<")
    view = frames[1]
    while view["step"] < 20 and view["outcome"] is None:
        page = view["page"]
        assert page["refusal"] is None, page["refusal"]
        first = page["actions"][0]["action"]
        frames = _ask(room, t="play", action=first, at=view["step"], id=1)
        ok = next(f for f in frames if f["t"] == "ok")
        assert ok == {"t": "ok", "id": 1, "step": view["step"] + 1}
        view = _shown(frames)
        # The bot answered at once: the human is to move again (or it is over).
        assert view["to_move"] in (0, None)
    assert view["step"] >= 20 or view["outcome"] is not None
    # The hand seen is the human's own: no other seat's faces.
    hands = view["page"]["hands"]
    assert all(not any(h["cards"]) for h in hands if not h["you"])


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_the_human_s_move_comes_at_once_then_each_bot_move_as_it_is_made(game):
    """Frames as things happen: a tap is answered with the human's own move;
    each bot move is its own answer (``advance``), the views saying who is
    thinking until the last; the board's picture went once, with the first
    welcome, and the save comes once the table waits for the human."""
    room = LocalRoom(game, ["human", "heuristic", "heuristic"], seed=5)
    frames = _ask(room, t="hello")
    assert [f["t"] for f in frames][:2] == ["welcome", "view"]
    assert "page" in frames[0]
    view = _shown(frames)
    bot_turns = 0
    while bot_turns < 3 and view["outcome"] is None:
        first = view["page"]["actions"][0]["action"]
        answered = room.answer(json.dumps({"t": "play", "action": first,
                                           "at": view["step"]}))  # fmt: skip
        assert [f["t"] for f in answered if f["t"] != "save"] == ["view", "ok"]
        own = answered[0]
        assert own["step"] == view["step"] + 1
        if not room.busy():
            assert own["thinking"] is None and answered[1]["t"] == "save"
            view = own
            continue
        bot_turns += 1
        mover = own["to_move"]
        assert own["thinking"] == f"{room.look.seat_name(mover)} is thinking\u2026"
        assert not any(f["t"] in ("save", "welcome") for f in answered)
        steps = [own["step"]]
        while room.busy():
            (bot_view, *rest) = room.advance()
            assert bot_view["t"] == "view" and "page" in bot_view
            steps.append(bot_view["step"])
            assert bot_view["thinking"] is None or room.busy()
            assert [f["t"] for f in rest] == ([] if room.busy() else ["save"])
        assert steps == list(range(steps[0], steps[0] + len(steps)))  # one by one
        view = bot_view
    assert bot_turns == 3


def test_a_tap_between_two_bot_moves_is_refused_as_stale_and_changes_nothing():
    room = LocalRoom("pitfall", ["human", "heuristic"], seed=2)
    view = _shown(_ask(room, t="hello"))
    action = view["page"]["actions"][0]["action"]
    room.answer(json.dumps({"t": "play", "action": action, "at": view["step"]}))
    while not room.busy():  # play on until a bot is to move
        view = _shown(_ask(room, t="hello"))
        action = view["page"]["actions"][0]["action"]
        room.answer(json.dumps({"t": "play", "action": action, "at": view["step"]}))
    at = len(room.match)
    late = room.answer(json.dumps({"t": "play", "action": action, "at": at - 1}))
    assert [f["t"] for f in late] == ["refused"] and late[0]["clause"] == "TT-STALE"
    early = room.answer(json.dumps({"t": "play", "action": action, "at": at}))
    assert early[0]["t"] == "refused" and early[0]["clause"] == "TT-TURN"
    assert len(room.match) == at


def test_a_stale_or_illegal_play_is_refused_and_nothing_changes():
    room = LocalRoom("pitfall", ["human", "random"], seed=1)
    view = _shown(_ask(room, t="hello"))
    stale = _ask(room, t="play", action="roll", at=view["step"] + 5)
    assert stale[0]["t"] == "refused" and stale[0]["clause"] == "TT-STALE"
    wrong = _ask(room, t="play", action="nonsense 99", at=view["step"])
    assert wrong[0]["t"] == "refused"
    assert _shown(_ask(room, t="hello"))["step"] == view["step"]
    bad = _ask(room, t="undo_request")
    assert bad[0]["t"] == "refused"
    assert _ask(room, t="play")[0]["t"] == "error"  # a malformed frame


def test_two_humans_pass_the_device_and_see_only_their_own_hand():
    room = LocalRoom("raiders", ["human", "human"], seed=4)
    view = _shown(_ask(room, t="hello"))
    assert view["t"] == "view" and view["to_move"] == 0
    passed = None
    for _ in range(40):
        frames = _ask(
            room, t="play", action=view["page"]["actions"][0]["action"], at=view["step"]
        )
        shown = _shown(frames)
        if shown["t"] == "handover":
            passed = shown
            break
        view = shown
    assert passed is not None and passed["seat"] == 1
    assert "Pass the laptop" in passed["title"] and passed["button"]
    assert not any(f["t"] == "view" for f in frames)  # nothing shown behind it
    frames = _ask(room, t="reveal")
    assert frames[0]["t"] == "welcome" and frames[0]["seat"] == 1
    assert "page" not in frames[0]  # the page has the board: sent once
    assert frames[1]["reset"]  # the log anew, in the new eyes' words
    hands = frames[1]["page"]["hands"]
    assert [h["you"] for h in hands] == [False, True]
    assert not any(hands[0]["cards"])


def test_the_save_is_the_notebooks_and_opens_again(tmp_path):
    from tabletop import Match

    room = LocalRoom("pitfall", ["human", "heuristic"], seed=8)
    view = _shown(_ask(room, t="hello"))
    for _ in range(3):
        frames = _ask(
            room, t="play", action=view["page"]["actions"][0]["action"], at=view["step"]
        )
        view = _shown(frames)
    save = next(f for f in frames if f["t"] == "save")
    (tmp_path / "game.json").write_text(json.dumps(save["match"]))
    loaded = Match.load(tmp_path / "game.json")  # the notebook opens the download
    assert len(loaded) == view["step"]
    again = start("pitfall", json.dumps(save["seats"]), json.dumps(save["match"]))
    frames = json.loads(again.answer_all(json.dumps({"t": "hello"})))
    assert _shown(frames)["step"] == view["step"]
    other = LocalRoom("pitfall", ["human", "random"], seed=9)
    opened = _ask(other, t="load", text=loaded.dumps())
    assert opened[0]["t"] == "ok" and _shown(opened)["step"] == view["step"]


def test_a_kept_game_that_cannot_go_on_deals_anew_and_says_why():
    room = start("raiders", json.dumps(["human", "heuristic"]), "{damaged")
    frames = json.loads(room.answer_all(json.dumps({"t": "hello"})))
    assert _shown(frames)["step"] >= 0
    said = [f["reason"] for f in frames if f["t"] == "refused"]
    assert len(said) == 1 and "could not go on" in said[0]
    again = json.loads(room.answer_all(json.dumps({"t": "hello"})))
    assert not any(f["t"] == "refused" for f in again)  # said once


class _JsNull:
    """What Pyodide hands Python for JavaScript's ``null``: not ``None``, falsy."""

    def __bool__(self) -> bool:
        return False


@pytest.mark.parametrize("saved", [None, _JsNull()], ids=["none", "jsnull"])
def test_a_new_deal_without_a_save_says_nothing_of_a_lost_game(saved):
    room = start("race", json.dumps(["human", "random"]), saved)
    frames = json.loads(room.answer_all(json.dumps({"t": "hello"})))
    assert [f["t"] for f in frames] == ["welcome", "view", "save"]
    assert _shown(frames)["step"] >= 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "cannot be opened"),
        ('{"format": "something else"}', "cannot be opened"),
        (None, "a save is JSON text"),
    ],
)
def test_a_corrupt_save_is_refused_in_words_and_nothing_changes(text, words):
    room = LocalRoom("raiders", ["human", "heuristic"], seed=2)
    before = _shown(_ask(room, t="hello"))["step"]
    answer = _ask(room, t="load", text=text)
    assert answer[0]["t"] == "refused" and words in answer[0]["reason"]
    assert _shown(_ask(room, t="hello"))["step"] == before


def test_a_save_of_another_game_is_refused():
    from tabletop import Match
    from tabletop.core import make_game

    race = Match(make_game("race", players=2), seed=1).dumps()
    answer = _ask(
        LocalRoom("pitfall", ["human", "random"], seed=1), t="load", text=race
    )
    assert "not of pitfall" in answer[0]["reason"]


def test_bot_timings_say_cold_and_warm():
    times = json.loads(bot_timings("race", "heuristic", count=5))
    assert times["cold"] >= 0 and len(times["warm"]) == 5


HYGIENE = r"""
import importlib.abc, json, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "PIL", "tornado", "sqlite3", "_sqlite3"}:
            raise ImportError(f"{name} is not in a browser's Python")

sys.meta_path.insert(0, Blocked())
from tabletop.site.local import LocalRoom
for name in ("pitfall", "raiders", "race"):
    for bot in ("heuristic", "ismcts", "flat-mc", "random"):
        room = LocalRoom(name, ["human", bot], seed=1)
        view = room.answer(json.dumps({"t": "hello"}))[1]
        first = view["page"]["actions"][0]["action"]
        play = {"t": "play", "action": first, "at": view["step"]}
        assert any(f["t"] == "ok" for f in room.answer(json.dumps(play)))
outside = sorted(
    n for n in sys.modules
    if "." not in n and not n.startswith("_")
    and n not in sys.stdlib_module_names and n not in ("tabletop", "race")
)
heavy = sorted(n for n in sys.modules if n.split(".")[0] in
               {"sqlite3", "tornado", "asyncio", "numpy", "PIL"})
print("OUTSIDE", outside, "HEAVY", heavy)
"""


def test_the_site_path_imports_only_the_standard_library_with_every_bot():
    run = subprocess.run(
        [sys.executable, "-c", HYGIENE], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "OUTSIDE [] HEAVY []" in run.stdout, run.stdout
