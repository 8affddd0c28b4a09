"""Teach mode of the Table: explanations of every legal action, refusals of tempting
ones with their clause, and the explained action's spaces ringed on the board."""

from __future__ import annotations

import pytest

from tabletop import IllegalActionError, Match
from tabletop.games.pitfall.scenarios import scenario
from tabletop.games.raiders import scenarios as raiders
from tabletop.ui import Table


def _croc_table(teach: bool = True, details: bool = True) -> Table:
    """Player 0 on A5 has gone forward and stands before the crocodile at A6
    (a teacher's table: rules details on, so clause IDs show)."""
    sc = scenario("croc-ahead")
    match = Match.from_state(sc.game, sc.state)
    match.play("forward")
    return Table(match, teach=teach, details=details)


def test_without_rules_details_the_teach_panel_speaks_no_clause_ids():
    table = _croc_table(details=False)
    panel = table.teach_panel
    assert "PH-" not in panel.listing.value
    panel.why_not("play jump")
    assert "PH-" not in panel.detail.value
    assert "does not pass Crocodile 1" in panel.detail.value  # PH-3-CARD, in words
    table.widgets.details_box.value = True
    assert "PH-4-CROC" in panel.listing.value


def test_teach_panel_lists_every_legal_action_with_its_clause():
    table = _croc_table()
    panel = table.teach_panel
    assert panel.widget in table.children
    for entry in table.legal:
        assert entry.clause in panel.listing.value
        said = table.look.words(entry.text)  # the text in the table's words
        assert said.split(":")[0] in panel.listing.value
    assert len(panel.buttons.children) == len(table.legal)


def test_explanation_appears_after_a_click_and_rings_the_space():
    """PH-4-CROC: pressing 'explain' shows the clause and rings A6 on the board."""
    table = _croc_table()
    panel = table.teach_panel
    assert panel.detail.value == ""
    button = next(b for b in panel.buttons.children if "Croc" in b.description)
    button.click()
    where = table.look.space_name("A6")
    assert "PH-4-CROC" in panel.detail.value and where in panel.detail.value
    assert panel.focus_space() == "A6"
    assert table.widgets.board.redrawn, "the highlight layer was redrawn"


def test_why_not_names_the_clause_ph_3_card():
    """PH-3-CARD: 'why can't I play a Jump on the crocodile?'"""
    table = _croc_table()
    refusal = table.why_not("play jump")
    assert refusal.clause == "PH-3-CARD"
    assert "PH-3-CARD" in table.teach_panel.detail.value
    assert table.why_not("play croc") is None
    assert "is legal" in table.teach_panel.detail.value
    assert table.why_not("fly away").clause == "TT-NOTATION"


def test_why_not_box_and_button_ph_t_rolled():
    """PH-T-ROLLED: the tempting actions include an exchange after the roll."""
    table = _croc_table()
    table.goto(0)
    panel = table.teach_panel
    assert "roll" in panel.ask.options
    panel.ask.value = "roll"
    panel.ask_button.click()
    assert "PH-T-ROLLED" in panel.detail.value
    assert table.model.error == ""


def test_tempting_actions_are_all_refused_by_the_game():
    table = _croc_table()
    for notation in table.teach_panel.ask.options:
        assert table.match.check(notation) is not None


def test_teach_mode_toggles_and_follows_the_game():
    table = _croc_table(teach=False)
    assert table.teach_panel.widget not in table.children
    table.teach = True
    assert table.teach_panel.widget in table.children
    table.choose("play croc")
    assert "Roll" in table.teach_panel.listing.value or table.model.to_move == 1
    table.teach = False
    assert table.teach_panel.widget not in table.children
    assert table.teach_panel.focus_space() == ""


def test_focus_by_notation_and_refusal_of_an_illegal_focus():
    table = _croc_table()
    assert table.teach_panel.focus("decline").clause == "PH-4-OPTIONAL"
    with pytest.raises(IllegalActionError) as info:
        table.teach_panel.focus("play rope")
    assert info.value.clause == "PH-3-CARD"


def test_raiders_why_not_hostage_twice():
    """RA-K-HOSTAGE-TWICE: why can't I take player 2 hostage again?"""
    sc = raiders.scenario("hostage")
    table = Table(Match.from_state(sc.game, sc.state), teach=True, details=True)
    assert table.why_not("hostage 2 S8").clause == "RA-K-HOSTAGE-TWICE"
    assert "play ark" in table.teach_panel.ask.options
    assert table.why_not("play ark").clause == "RA-K-KEY"


def test_why_not_rings_the_space_it_names_ph_b_walls():
    """PH-B-WALLS: asking about the scorpion on a wall rings that wall space."""
    sc = scenario("scorpion-move")
    match = Match.from_state(sc.game, sc.state)
    match.play("play scorpion")
    table = Table(match, teach=True, details=True)
    assert table.why_not("scorpion U17").clause == "PH-B-WALLS"
    assert table.teach_panel.focus_space() == "U17"
    assert table.why_not("roll").clause == "TT-PHASE"
    assert table.teach_panel.focus_space() == ""


def test_a_lesson_table_points_only_at_what_is_there():
    """A lesson's compact table has no tabs: the teach panel carries its own rules
    details switch and says "just below", never "in the Rules details tab"."""
    sc = scenario("croc-ahead")
    lesson = Table(Match.from_state(sc.game, sc.state), teach=True, compact=True)
    panel = lesson.teach_panel
    assert "Rules details tab" not in panel.heading.value
    assert "just below" in panel.heading.value
    assert panel.details.layout.display == "" and not lesson.model.details
    panel.details.value = True
    assert lesson.model.details
    full = _croc_table(details=False)
    assert "Rules details tab" in full.teach_panel.heading.value
    assert full.teach_panel.details.layout.display == "none"
