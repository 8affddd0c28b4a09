"""Save and Load in the table (through the strict loader), autosave of a play table
to ``.tabletop/`` and resuming it, also after a real kernel restart."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest
from race import Race

from tabletop import IllegalActionError, Match
from tabletop.games.pitfall import Pitfall
from tabletop.ui import Table
from tabletop.ui.saving import autosave_by_default, autosave_path

ROOT = Path(__file__).resolve().parent.parent


def pitfall(tmp_path: Path, **options) -> Table:
    return Table(Match(Pitfall(players=2), seed=3), **options)


def test_save_and_load_buttons_round_trip(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = pitfall(tmp_path, hot_seat=False)
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    table.widgets.tabs.selected_index = 3
    table.widgets.files.name.value = "family.json"
    table.widgets.files.save_button.click()
    assert (tmp_path / "family.json").exists()
    assert "Saved step 2 of 2" in table.widgets.files.info.value
    other = pitfall(tmp_path)
    other.widgets.tabs.selected_index = 3
    other.widgets.files.name.value = "family.json"
    other.widgets.files.load_button.click()
    assert other.model.error == "" and other.model.step == 2
    assert other.model.state == table.model.state


def test_load_refuses_an_altered_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = pitfall(tmp_path)
    table.choose("roll")
    data = json.loads(table.match.dumps())
    data["steps"].append({"action": "roll"})
    (tmp_path / "bad.json").write_text(json.dumps(data))
    table.widgets.files.name.value = "bad.json"
    table.widgets.files.load_button.click()
    assert table.model.step == 1, "nothing is half-loaded"
    assert "Not loaded" in table.widgets.files.info.value
    assert "Not possible" in table.model.message


def test_load_refuses_another_games_save(tmp_path):
    race = Table(Match(Race(2), seed=1))
    path = tmp_path / "pitfall.json"
    pitfall(tmp_path).match.save(path)
    race.widgets.files.name.value = str(path)
    race.widgets.files.load_button.click()
    assert "not this table's" in race.model.message


def test_autosave_after_every_move_and_resume(tmp_path):
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    table = pitfall(tmp_path, autosave=path)
    assert not path.exists(), "nothing to save before the first move"
    table.choose("roll")
    assert Match.load(path).cursor == 1
    table.choose(str(table.legal[0].action))
    assert Match.load(path).cursor == 2
    again = pitfall(tmp_path, autosave=path)
    assert (
        again.model.resume_from == path and again.widgets.end_box.layout.display == ""
    )
    assert "A saved game of this table was found" in again.widgets.banner.value
    # which game, in words: no file name
    assert "(Pitfall Harry, 2 players, 2 steps, saved " in again.widgets.banner.value
    assert path.name not in again.widgets.banner.value
    again.widgets.resume.click()
    assert again.model.step == 2 and again.model.state == table.model.state
    assert again.widgets.end_box.layout.display == "none"


def test_a_table_made_again_for_a_save_closes_the_one_before(tmp_path):
    """Running a table's cell again closes the table it replaces: a page reloaded
    from an older copy of the notebook would show that one live, and its moves
    would cut the newer game's save short."""
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    old = pitfall(tmp_path, autosave=path)
    old.choose("roll")
    new = pitfall(tmp_path, autosave=path)
    new.widgets.resume.click()
    if new.model.curtain is not None:
        new.model.reveal()
    new.choose(str(new.legal[0].action))
    assert Match.load(path).cursor == 2
    assert old.comm is None, "the table before is closed"
    assert old.model.autosave is None
    try:
        old.choose(str(old.legal[0].action))
    except Exception:  # a closed table may refuse; it must not write the save
        pass
    assert Match.load(path).cursor == 2
    other = pitfall(tmp_path, autosave=tmp_path / "another.json")
    assert new.comm is not None and other.comm is not None, "one per file"


def test_under_the_offer_nothing_tells_the_fresh_deal(tmp_path):
    """The table under the offer deals from the saved game's seed: no hint, no
    chances of who is ahead, no bot move, no review (refused by name, TT-PHASE
    and said in the Review tab), and the
    choices panel says what to do instead of inviting a look at a seat."""
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    pitfall(tmp_path, autosave=path).choose("roll")
    again = pitfall(tmp_path, autosave=path)
    assert again.model.resume_from == path
    assert "Resume it or Start fresh" in again.widgets.actions.title.value
    assert "view as them" not in again.widgets.actions.title.value
    assert again.evaluation.layout.display == "none"
    assert "offered" in again.evaluation._refusal()
    again.review.quick_hint.click()
    assert (
        "saved game is waiting" in again.model.message
        and again.review.hint_answer is None
    )
    with pytest.raises(IllegalActionError) as refused:
        again.model.auto_play()
    assert refused.value.clause == "TT-PHASE" and again.model.length == 0
    with pytest.raises(IllegalActionError) as refused:  # nothing to review yet
        again.review.run_review()
    assert refused.value.clause == "TT-PHASE"
    again.review.run_button.click()
    assert "saved game is waiting" in again.review.status.value
    again.widgets.resume.click()
    assert "saved game is waiting" not in again.review.status.value
    assert again.model.step == 1 and "offered" not in again.evaluation._refusal()
    assert "waiting" not in again.widgets.actions.title.value


def test_start_fresh_keeps_the_old_save_beside(tmp_path):
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    table = pitfall(tmp_path, autosave=path)
    table.choose("roll")
    again = pitfall(tmp_path, autosave=path)
    again.widgets.fresh.click()
    assert (tmp_path / ".tabletop" / "play-pitfall.previous.json").exists()
    again.choose("roll")
    assert Match.load(path).cursor == 1


def test_autosave_is_off_outside_a_kernel(monkeypatch):
    assert autosave_by_default() is False, "no kernel here"
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/me/games/play_pitfall.ipynb")
    path = autosave_path("pitfall")
    assert path == Path(".") / ".tabletop" / "play_pitfall-pitfall.json"


KERNEL_CODE = """
from tabletop.ui import pitfall_table
t = pitfall_table(players=2, seed=3)
print("AUTOSAVE", t.model.autosave)
"""


def test_resume_after_a_kernel_restart(tmp_path):
    """A play table in a real kernel, a move, a kernel restart, the same cell
    again: the table offers the saved game and resumes it."""
    jupyter_client = pytest.importorskip("jupyter_client")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "JPY_SESSION_NAME": str(tmp_path / "play_pitfall.ipynb"),
    }
    km = jupyter_client.KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(tmp_path), env=env, extra_arguments=[])
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=60)

        def run(code: str) -> str:
            out = []

            def hook(msg):
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                if msg["msg_type"] == "error":
                    out.append("\n".join(msg["content"]["traceback"]))

            kc.execute_interactive(textwrap.dedent(code), output_hook=hook, timeout=120)
            return "".join(out)

        first = run(KERNEL_CODE + "t.choose('roll'); print('STEP', t.model.step)")
        assert "AUTOSAVE .tabletop/play_pitfall-pitfall-2p-seed3.json" in first, first
        assert "STEP 1" in first, first
        km.restart_kernel(now=True)
        kc.wait_for_ready(timeout=60)
        second = run(
            KERNEL_CODE + "print('OFFER', t.model.resume_from is not None); "
            "t.model.resume_saved(); print('STEP', t.model.step)"
        )
        assert "OFFER True" in second and "STEP 1" in second, second
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)
    assert (tmp_path / ".tabletop" / "play_pitfall-pitfall-2p-seed3.json").exists()


def test_autosave_is_on_in_a_kernel_under_voila_too(monkeypatch):
    """Under Voila too (each visitor's tables save in a folder of their own:
    tests/test_ui_visitor_link.py)."""
    from tabletop.ui import saving

    monkeypatch.setattr(saving, "in_a_kernel", lambda: True)
    assert saving.autosave_by_default() is True
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    assert saving.autosave_by_default() is True


def _two_lines(tmp_path: Path, path: Path) -> Table:
    table = pitfall(tmp_path, autosave=path, hot_seat=False)
    table.model.set_seat(1, "random")
    table.model.auto = False
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    table.goto(0)
    table.choose(next(str(e.action) for e in table.legal if str(e.action) != "roll"))
    assert len(table.model.lines) == 2
    return table


def test_a_resumed_game_keeps_every_line_of_its_timeline(tmp_path):
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    table = _two_lines(tmp_path, path)
    again = pitfall(tmp_path, autosave=path, hot_seat=False)
    again.model.auto = False  # as the saved table: its random seat (restored) waits
    again.widgets.resume.click()
    assert again.model.seats == ("human", "random")
    assert len(again.model.lines) == 2
    assert [len(m) for m in again.model.lines] == [len(m) for m in table.model.lines]
    assert (
        again.model.lines.index(again.match) == 1
        and again.model.state == table.model.state
    )
    assert again.model.lines[0].state_at(2) == table.model.lines[0].state_at(2)
    again.widgets.timeline.lines.value = 0  # the old line is there to take up
    assert again.model.length == 2


def test_a_broken_lines_file_resumes_the_shown_line_and_says_why(tmp_path):
    path = tmp_path / ".tabletop" / "play-pitfall.json"
    table = _two_lines(tmp_path, path)
    beside = path.with_suffix(".lines.json")
    beside.write_text('{"format": "tabletop-lines", "version": 1, "lines": [7, null]}')
    again = pitfall(tmp_path, autosave=path, hot_seat=False)
    again.model.auto = False  # as the saved table: its random seat (restored) waits
    again.widgets.resume.click()
    assert again.model.lines == [again.match] and again.model.state == table.model.state
    assert (
        "line 1" in again.model.message and "Only the shown line" in again.model.message
    )


def test_two_tables_of_one_game_in_a_notebook_keep_two_saves(tmp_path, monkeypatch):
    """A notebook with a 4-player and a 2-player Raiders table: each autosaves to
    a file of its own (the game, its player count and seed name it), so the second
    table neither offers the first one's game nor closes it; the same cell run
    again (same players and seed) still finds its save."""
    from tabletop.ui import raiders_table, saving

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "play_raiders.ipynb"))
    monkeypatch.setattr(saving, "in_a_kernel", lambda: True)
    four = raiders_table(players=4, seed=7, bots=3)
    four.choose(four.legal[0].action)
    two = raiders_table(players=2, seed=6, bots=1)
    assert four.model.autosave != two.model.autosave
    assert str(four.model.autosave).endswith("play_raiders-raiders-4p-seed7.json")
    assert two.model.resume_from is None, "not the other table's game"
    again = raiders_table(players=4, seed=7, bots=3)
    assert again.model.resume_from is not None
