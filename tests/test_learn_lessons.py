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
    assert (
        "refused by PH-3-CARD"
        in _wrong(why_not=((1, "play jump", "PH-4-JUMP"),)).problems()[0]
    )
    assert "legal" in _wrong(why_not=((1, "play croc", "PH-3-CARD"),)).problems()[0]
    assert _wrong(facts=(Fact("nonsense", lambda g, b, a: False),)).problems() == [
        "not true: nonsense"
    ]
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


def test_lesson_table_opens_at_the_teaching_moment_with_its_spaces_ringed():
    """PH-3-LADDER-DOWN: the lesson's compact table opens before the tries, the
    spaces involved ringed; the tries lie ahead on its timeline."""
    item = _titled("pitfall", "Down the ladder")
    table = item.table()
    assert table.teach and table.compact
    assert table.model.step == 0 and table.model.length == len(item.suggested())
    assert "U6" in table.board_area.rings and set(table.board_area.rings) <= set(
        table.look.xy
    )
    assert len(table.widgets.grid.children) == 1, "only the hand that decides"
    assert table.widgets.tabs.layout.display == "none"
    assert "PH-" not in table.teach_panel.listing.value, "no clause IDs by default"
    table.widgets.details_box.value = True  # a teacher turns rules details on
    assert table.teach_panel.listing.value.count("PH-2A-MOVE") == 1
    table.goto(table.model.length)
    assert table.model.state.positions[0] == "U6"


def test_show_displays_the_text_the_transcript_and_a_table(capsys):
    _titled("raiders", "Checkpoints").show()
    out = capsys.readouterr().out
    assert "Markdown" in out and "HTML" in out and "Table" in out


def test_markdown_names_the_rulings_and_the_suggestion():
    item = _titled("raiders", "Your turn: roll, or play a card")
    text = item.markdown(details=True)  # a teacher's view
    assert text.startswith("## Your turn") and "*Ruling `RA-M-DIRECTION`*" in text
    assert "Try: `roll` then `to S6`" in text
    plain = item.markdown()
    assert "RA-" not in plain and "`" not in plain, "a learner meets no code"
    assert "*The project's ruling*" in plain
    # the buttons' words: the space named as the board names it, not "S6"
    assert (
        "**Roll** then **Towards South Atlantic via North Atlantic–South Atlantic 1**"
        in plain
    )


@pytest.mark.parametrize("game", ["pitfall", "raiders"])
def test_every_lesson_reads_without_a_code(game):
    """A learner reading top to bottom meets no clause ID and no notation."""
    for item in learn.lessons(game):
        text = item.markdown()
        found = re.findall(r"(?:PH|RA|TT)-[A-Z0-9-]+|`[^`]*`", text)
        assert found == [], (item.title, found)


@pytest.mark.parametrize("name", ["learn_pitfall.ipynb", "learn_raiders.ipynb"])
def test_learn_notebooks_end_with_a_recap_not_test_output(name):
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).parent.parent / "notebooks" / name).read_text())
    last = nb["cells"][-1]
    text = "".join(last["source"])
    assert last["cell_type"] == "markdown" and "What you learned" in text
    every = "".join("".join(c["source"]) for c in nb["cells"])
    assert "untaught" not in every and "facts hold" not in every
