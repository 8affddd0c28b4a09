"""The tutorials: every lesson's stated facts hold on the engines, and together the
lessons teach every clause of both catalogues and explain every ruling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import learn
from tabletop.learn.lesson import Fact, Lesson

CATALOGUES = Path(__file__).resolve().parents[2] / "shared" / "rules"
ALL = [(g, n) for g in ("pitfall", "raiders")
       for n in range(1, len(learn.lessons(g)) + 1)]  # fmt: skip


def _id(item: tuple[str, int]) -> str:
    game, n = item
    return f"{game}-{n}-{'-'.join(learn.lesson(game, n).clauses[:2])}"


@pytest.mark.parametrize("item", ALL, ids=[_id(i) for i in ALL])
def test_lesson_facts_hold(item):
    """Each lesson: the position is valid, the tries are legal, the tempting actions
    are refused by the stated clause, and the result is what the text says."""
    game, n = item
    assert learn.lesson(game, n).problems() == []


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_every_clause_is_taught_and_every_ruling_explained(game):
    assert learn.coverage(game) == {"untaught": [], "unexplained rulings": []}
    for item in learn.lessons(game):
        for clause, why in item.rulings:
            assert clause in item.clauses and clause in learn.rulings(game)
            assert len(why) > 40, f"{clause}: say why the project decided so"


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_clause_list_matches_the_catalogue(game):
    """The embedded clause list is the catalogue's (when the catalogue is at hand)."""
    path = CATALOGUES / f"{game}.md"
    if not path.exists():
        pytest.skip(f"the catalogue {path} is not beside this checkout")
    text = path.read_text()
    ids = re.findall(r"^- \*\*((?:PH|RA)-[A-Z0-9-]+)\*\*", text, re.M)
    ruling = r"^- \*\*((?:PH|RA)-[A-Z0-9-]+)\*\*.*\*\*ruling\*\*"
    rulings = re.findall(ruling, text, re.M)
    assert learn.clauses(game) == tuple(ids)
    assert learn.rulings(game) == frozenset(rulings)


def _titled(game: str, title: str) -> Lesson:
    return next(item for item in learn.lessons(game) if item.title == title)


def _wrong(**changes) -> Lesson:
    base = {"scenario": "croc-ahead", "events": ("PH-3-CARD",), "at": {0: "A7"}}
    return Lesson("pitfall", "a wrong lesson", ("PH-3-CARD",), "text",
                  **{**base, **changes})  # fmt: skip


def test_a_wrong_lesson_is_caught():
    """PH-3-CARD: stated facts are really checked (each wrong claim is reported)."""
    assert _wrong().problems() == []
    assert _wrong(at={0: "A9"}).problems() == ["seat 0 is on A7, not A9"]
    assert "no PH-3-FALL event" in _wrong(events=("PH-3-FALL",)).problems()[0]
    assert "refused" in _wrong(tries=("forward", "play jump")).problems()[0]
    assert "refused by PH-3-CARD" in _wrong(
        why_not=((1, "play jump", "PH-4-JUMP"),)).problems()[0]
    assert "legal" in _wrong(why_not=((1, "play croc", "PH-3-CARD"),)).problems()[0]
    assert _wrong(facts=(Fact("nonsense", lambda g, b, a: False),)).problems() == [
        "not true: nonsense"]
    assert _wrong(said=("never said",)).problems() == ["no event says 'never said'"]


def test_transcript_lists_options_tries_and_refusals_with_clauses():
    text = _titled("pitfall", "Obstacles need their card").transcript()
    assert "option: forward  [PH-2A-MOVE]" in text
    assert "> try: play croc" in text and "(PH-3-CARD)" in text
    assert "why not 'play jump'?" in text and "[PH-3-CARD]" in text
    assert text == _titled("pitfall", "Obstacles need their card").transcript()


def test_lesson_numbers_and_unknown_games():
    with pytest.raises(IndexError):
        learn.lesson("pitfall", 0)
    with pytest.raises(KeyError):
        learn.lessons("chess")


def test_summary_reports_every_lesson():
    text = learn.summary("raiders")
    assert text.count("facts hold") == len(learn.lessons("raiders"))
    assert text.endswith("clauses in the catalogue: 38; untaught: 0; "
                         "rulings unexplained: 0")  # fmt: skip


def test_lesson_table_is_in_teach_mode_after_the_tries():
    """PH-3-LADDER-DOWN: the lesson's table shows the end of the tries, steppable."""
    item = _titled("pitfall", "Down the ladder")
    table = item.table()
    assert table.teach and table.step == len(item.suggested())
    assert table.state.positions[0] == "U6"
    table.goto(0)
    assert table.teach_panel.listing.value.count("PH-2A-MOVE") == 1


def test_show_displays_the_text_the_transcript_and_a_table(capsys):
    _titled("raiders", "Checkpoints").show()
    out = capsys.readouterr().out
    assert "Markdown" in out and "HTML" in out and "Table" in out


def test_markdown_names_the_rulings_and_the_suggestion():
    text = _titled("raiders", "Your turn: roll, or play a card").markdown()
    assert text.startswith("## Your turn") and "*Ruling `RA-M-DIRECTION`*" in text
    assert "Try: `roll` then `to S6`" in text
