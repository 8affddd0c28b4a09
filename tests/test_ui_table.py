"""Headless tests of the Table controller: every gesture through its public method,
checking the state and what is drawn (decoded from the recorded canvas batches).

They run on the small "Dash" game of tests/ui_fake.py: board spaces, hidden hands and
secret draws, so nothing here depends on either real game, and what the example game
cannot express (a roll followed by a choice of space, a card with many target
spaces, two cards reaching one space; see its docstring).
"""

from __future__ import annotations

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from tabletop import IllegalActionError, Match
from tabletop.ui import Table
from tabletop.ui.controller import Selection
from tests.ui_fake import Dash, DashLook


def make_table(seed: int = 3, players: int = 2, **options) -> Table:
    game = Dash(players)
    return Table(Match(game, seed=seed), look=DashLook(game), **options)


def texts(batches) -> list[str]:
    return [args[0] for batch in batches for name, args in batch if name == "fillText"]


def frontend(widget, content: dict) -> None:
    """Deliver a message as the browser would send it to a widget's comm."""
    data = {"method": "custom", "content": content}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def test_first_render_draws_every_layer_and_lists_legal_actions(comms):
    table = make_table()
    assert table.model.step == 0 and table.model.to_move == 0
    labels = [b.description for b in table.widgets.actions.box.children]
    assert labels == ["Roll", "Hop s1", "Leap s2"], "labels start with a capital"
    tips = [b.tooltip for b in table.widgets.actions.box.children]
    assert tips[0] == "roll the die \u2014 notation: roll", "no clause ID by default"
    assert table.widgets.board.redrawn == [0, 1, 2, 3]
    assert (
        "step 0/0" in table.widgets.status.value
        and "Player 0 (red)" in table.widgets.status.value
    )


def test_button_click_plays_the_action_in_one_canvas_message(comms):
    table = make_table()
    comms.clear()
    table.widgets.actions.box.children[0].click()  # "Roll"
    assert table.model.step == 1 and table.model.state.roll == 3
    assert len(comms.canvas_messages()) == 1
    assert table.widgets.board.redrawn == [3], (
        "only the highlight layer changes after a roll"
    )
    assert [b.description for b in table.widgets.actions.box.children] == ["To s3"]


def test_click_space_chooses_the_action_that_involves_it(comms):
    table = make_table()
    table.choose("roll")
    comms.clear()
    table.model.click_space("s3")
    assert table.model.state.positions == (3, 0)
    batch = comms.canvas_batches()[0]
    circles = [args for name, args in batch if name == "fillCircle"]
    assert [52 * 3 + 30 - 8] == [c[0] for c in circles[:1]], "pawn drawn on s3"


def test_click_on_a_space_no_action_involves_is_refused():
    table = make_table()
    with pytest.raises(IllegalActionError) as err:
        table.model.click_space("s9")
    assert err.value.clause == "TT-PHASE"
    assert table.model.step == 0


def test_browser_click_on_the_board_maps_to_the_nearest_space(comms):
    table = make_table()
    table.choose("roll")
    x, y = table.look.xy["s3"]
    frontend(table.widgets.board.canvas, {"event": "mouse_up", "x": x + 9, "y": y - 7})
    assert table.model.state.positions[0] == 3
    assert table.model.error == "" and table.model.message == ""


def test_browser_click_off_the_board_shows_a_refusal_not_an_error():
    table = make_table()
    frontend(table.widgets.board.canvas, {"event": "mouse_up", "x": 5, "y": 5})
    assert table.model.step == 0
    assert (
        "Not possible" in table.model.message
        and "no space" in table.widgets.notice.value
    )
    assert table.model.refused_clause == "TT-PHASE"
    assert "TT-PHASE" not in table.widgets.notice.value, "clause IDs are rules details"


def test_play_card_by_kind_and_by_hand_index():
    table = make_table()
    assert table.model.state.hands[0] == ("leap", "hop", "hop")
    table.model.play_card("leap")
    assert table.model.state.positions[0] == 2
    assert table.model.to_move == 1
    assert table.model.curtain == 1, "two human seats: the laptop is passed first"
    table.model.reveal()
    hand = table.model.state.hands[1]
    table.model.play_card(hand.index("warp") if "warp" in hand else 0)
    assert table.model.step == 2


def test_ambiguous_card_selects_then_a_space_click_decides():
    table = make_table(seed=6)
    hand = table.model.state.hands[0]
    assert "warp" in hand, hand
    assert table.model.play_card("warp") == ()
    assert table.model.selection == Selection("card", "warp", "the card Warp")
    shown = table.model.shown_actions()
    assert {e.card for e in shown} == {"warp"} and len(shown) == 11
    table.model.click_space("s7")
    assert table.model.state.positions[0] == 7 and table.model.selection is None


def test_ambiguous_space_selects_then_a_card_decides():
    table = make_table(seed=6)
    assert {"hop", "warp"} <= set(table.model.state.hands[0])
    table.model.click_space("s1")  # hop and warp both reach s1
    assert table.model.selection == Selection("space", "s1", "s1")
    assert {e.card for e in table.model.shown_actions()} == {"hop", "warp"}
    table.model.play_card("warp")
    assert table.model.state.positions[0] == 1
    assert str(table.match.steps[-1].action) == "play warp s1"


def test_hand_click_plays_the_card_under_the_pointer():
    table = make_table()
    hand = table.widgets.hands[0]
    frontend(hand.canvas, {"event": "mouse_up", "x": 10 + 0, "y": 80})
    assert (
        table.model.step == 1 and table.model.state.positions[0] == 2
    )  # card 0 is leap


def by_canvas(batches) -> dict[str, list]:
    """The commands of the batches grouped by the canvas (model id) they draw on."""
    out: dict[str, list] = {}
    current = ""
    for batch in batches:
        for name, args in batch:
            if name == "switchCanvas":
                current = args[0].removeprefix("IPY_MODEL_")
            else:
                out.setdefault(current, []).append((name, args))
    return out


def test_hot_seat_shows_only_the_viewers_hand_face_up(comms):
    table = make_table(seed=7)
    assert table.model.state.hands == (("leap", "hop", "hop"), ("warp", "warp", "hop"))
    comms.clear()
    table.redraw_all()
    drawn = by_canvas(comms.canvas_batches())
    mine = drawn[table.widgets.hands[0].canvas[0].model_id]
    sprites = [
        args[0].removeprefix("IPY_MODEL_") for n, args in mine if n == "drawImage"
    ]
    faces = [table.widgets.sprites.get(k).model_id for k in ("leap", "hop", "hop")]
    assert sprites == faces, "seat 0 sees its own card faces, in order"
    theirs = drawn[table.widgets.hands[1].canvas[0].model_id]
    assert [n for n, _ in theirs if n == "drawImage"] == [], "no face of seat 1 shown"
    assert [n for n, _ in theirs if n == "fillRects"] == ["fillRects"], "backs only"
    titles = [
        a[0]
        for n, a in drawn[table.widgets.hands[1].canvas[1].model_id]
        if n == "fillText"
    ]
    # the seat's number on its colour chip, then the title (not colour alone)
    assert titles == ["1", "Player 1 (blue): 3 cards   "]
    assert table.model.viewer == 0


def test_other_hand_click_is_refused_with_the_turn_clause():
    table = make_table()
    frontend(table.widgets.hands[1].canvas, {"event": "mouse_up", "x": 10, "y": 80})
    assert table.model.step == 0 and "not Player 1 (blue)'s turn" in table.model.message
    assert table.model.refused_clause == "TT-TURN"


def test_set_viewer_none_shows_every_hand_and_the_secret_parts():
    table = make_table()
    table.model.set_viewer(None)
    assert table.model.viewer is None and table.model.hot_seat is False
    assert table.widgets.inspector.value == "", "a hidden tab is not filled"
    table.widgets.tabs.selected_index = 1
    assert table.widgets.tabs.get_title(1) == "Rules details"
    # the switch sits in the tab it opens (the tab once said to look elsewhere)
    assert table.widgets.details_box in table.widgets.tabs.children[1].children
    assert "just above" in table.widgets.inspector.value, "internals are off by default"
    table.widgets.details_box.value = True  # the teacher turns rules details on
    inspector = table.widgets.inspector.value
    assert "hands[1]" in inspector and "hidden from Player 0" in inspector
    table.model.set_viewer(1)
    assert "hidden from you" in table.widgets.inspector.value
    assert table.model.shown_actions() == (), "seat 1 may not see seat 0's choices"


def test_event_log_hides_secret_draws_from_other_seats():
    table = make_table()
    table.model.play_card("leap")
    drawn = table.model.state.hands[0][-1]
    table.model.reveal()  # the hand-over screen first: then any seat's eyes
    table.model.unlock_referee_view()  # between humans, other hands need it
    table.model.set_viewer(0)
    assert f"P0 drew {drawn}" in table.widgets.log_view.value
    table.model.set_viewer(1)
    assert "P0 drew</div>" in table.widgets.log_view.value
    assert "Step 1 \u00b7 Player 0 (red)" in table.widgets.log_view.value, "step labels"
    assert f"P0 drew {drawn}" not in table.widgets.log_view.value


def test_timeline_back_forward_goto_and_fork():
    table = make_table()
    table.choose("roll")
    table.model.click_space("s3")
    assert (table.model.step, table.model.length) == (2, 2)
    table.model.step_back()
    assert table.model.step == 1 and table.model.state.roll == 3
    assert (
        table.widgets.timeline.slider.value == 1
        and table.widgets.timeline.slider.max == 2
    )
    table.model.step_forward()
    assert table.model.state.positions[0] == 3
    table.goto(0)
    assert table.model.state.positions == (0, 0)
    table.widgets.timeline.slider.value = 1  # dragging the slider
    assert table.model.step == 1
    old = table.match
    new = table.model.fork()
    assert (
        table.model.branches == [old] and table.match is new and table.model.length == 1
    )
    assert table.model.lines == [old, new]


def test_timeline_buttons_walk_the_steps():
    table = make_table()
    table.choose("roll")
    table.choose("move s3")
    table.widgets.timeline.buttons["start"].click()
    assert table.model.step == 0
    table.widgets.timeline.buttons["forward"].click()
    assert table.model.step == 1
    table.widgets.timeline.buttons["end"].click()
    assert table.model.step == 2
    table.widgets.timeline.buttons["back"].click()
    assert table.model.step == 1


def test_bot_seats_move_by_themselves_until_a_human_is_to_move():
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    assert table.model.to_move == 0, "the bot seat played its whole turn"
    moved_by_bot = [s for s in table.match.steps if s.player == 1]
    assert moved_by_bot
    assert table.model.seats == ("human", "random")


def test_auto_play_with_bots_everywhere_plays_to_the_end():
    table = make_table(seats=["random", "random"])
    assert table.model.game.outcome(table.model.state) is not None
    assert "Game over" in table.widgets.status.value
    assert table.widgets.actions.box.children == ()


def test_set_seat_and_auto_play_button():
    table = make_table(auto=False)
    table.model.set_seat(0, "random")
    assert table.model.step == 0, "auto is off: the bot waits"
    table.widgets.seat_controls.play.click()
    assert table.model.step > 0 and table.model.to_move == 1


def test_seat_dropdown_sets_a_bot():
    table = make_table(auto=False)
    table.widgets.seat_controls.dropdowns[1].value = "Medium"  # offered by level
    assert table.model.seats == ("human", "ismcts")


def test_illegal_notation_is_refused_and_changes_nothing():
    table = make_table()
    with pytest.raises(IllegalActionError):
        table.choose("move s9")
    table.widgets.actions.notation.value = "fly away"  # typed, then Enter
    assert table.model.step == 0 and "unknown notation" in table.model.message
    assert table.model.refused_clause == "TT-NOTATION"
    assert table.widgets.actions.notation.value == "fly away", "kept, to be mended"
    # said under the field too (the notice above the board may be out of view)
    assert "unknown notation" in table.widgets.actions.typed_refusal.value
    table.widgets.actions.notation.value = "roll"
    assert table.widgets.actions.typed_refusal.value == ""
    assert table.model.step == 1 and table.widgets.actions.notation.value == ""


def test_error_inside_a_drawing_callback_shows_in_the_ui_and_batching_recovers(comms):
    table = make_table()
    table.choose("roll")
    drawing = table.look
    real = drawing.draw_pieces

    def broken(pen, view):
        raise RuntimeError("pawn sprite missing")

    drawing.draw_pieces = broken
    table.widgets.actions.box.children[0].click()
    assert "pawn sprite missing" in table.model.error
    assert "pawn sprite missing" in table.widgets.error_area.value
    assert ipycanvas_canvas._CANVAS_MANAGER._caching is False
    drawing.draw_pieces = real
    comms.clear()
    table.widgets.timeline.buttons["back"].click()
    assert len(comms.canvas_messages()) == 1, "draws still go out after the error"
    assert table.model.error == "" and table.widgets.error_area.value == "", (
        "a new gesture clears it"
    )


def test_client_ready_redraws_everything_naming_the_canvas_first(comms):
    table = make_table()
    comms.clear()
    frontend(table.widgets.board.canvas[3], {"event": "client_ready"})
    batches = comms.canvas_batches()
    assert len(batches) == 1
    assert batches[0][0][0] == "switchCanvas"
    assert table.widgets.board.redrawn == [0, 1, 2, 3]


def test_hand_title_ends_before_the_to_move_mark():
    """A long seat note is squeezed to end before "to move" instead of running
    into it (a Raiders token on a long-named instruction space)."""
    from types import SimpleNamespace

    from tabletop.ui.hands import HandView

    calls = []
    canvas = SimpleNamespace(
        fill_rect=lambda *a: None,
        fill_text=lambda text, x, y, max_width=None: calls.append((text, x, max_width)),
    )
    look = SimpleNamespace(
        seat_name=lambda seat: "Player 0 (red)", seat_ink=lambda seat: "#fff"
    )
    look.seat_colors = ["#c00"]
    hand = SimpleNamespace(look=look, seat=0, width=400, height=100)
    HandView._draw_title(hand, canvas, 3, "at " + "England–Egypt 2 " * 4, True)
    (chip, *_), (title, x, room), (mark, mark_x, _) = calls
    assert chip == "0"  # the seat's number on its chip
    assert mark == "\u25c0 to move"
    assert x + room < mark_x  # the title's squeezed width stops short of the mark
    HandView._draw_title(hand, canvas, 3, "at Egypt", False)
    _, left, room = calls[-1]
    assert left + room == 400 - 12  # the title runs to the edge's margin


def test_a_button_s_words_typed_play_its_action():
    """The field takes what a button says as well as notation: "place your token
    in PERU." (any case, spaces, a final full stop) plays the Place action; the
    words of no button are read as notation and refused by name."""
    from tabletop.ui import raiders_table
    from tabletop.ui.texts import action_words

    table = raiders_table(players=2, seed=1)
    peru = next(e for e in table.legal if str(e.action) == "place PERU")
    said = action_words(table.model, peru)
    assert said == "Place your token in Peru"
    table.widgets.actions.notation.value = "place my token somewhere"
    assert table.model.refused_clause == "TT-NOTATION" and table.model.step == 0
    assert table.widgets.actions.notation.value == "place my token somewhere"
    table.widgets.actions.notation.value = "  place your token   in PERU. "
    assert table.model.step >= 1 and table.widgets.actions.notation.value == ""
    first = table.match.steps[0]
    assert str(first.action) == "place PERU" and first.player == 0
