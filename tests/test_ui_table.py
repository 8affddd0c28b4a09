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
    assert table.step == 0 and table.to_move == 0
    labels = [b.description for b in table.actions.box.children]
    assert labels == ["Roll", "Hop s1", "Leap s2"], "labels start with a capital"
    tips = [b.tooltip for b in table.actions.box.children]
    assert tips[0] == "roll the die \u2014 notation: roll", "no clause ID by default"
    assert table.board.redrawn == [0, 1, 2, 3]
    assert "step 0/0" in table.status.value and "Player 0 (red)" in table.status.value


def test_button_click_plays_the_action_in_one_canvas_message(comms):
    table = make_table()
    comms.clear()
    table.actions.box.children[0].click()  # "Roll"
    assert table.step == 1 and table.state.roll == 3
    assert len(comms.canvas_messages()) == 1
    assert table.board.redrawn == [3], "only the highlight layer changes after a roll"
    assert [b.description for b in table.actions.box.children] == ["To s3"]


def test_click_space_chooses_the_action_that_involves_it(comms):
    table = make_table()
    table.choose("roll")
    comms.clear()
    table.click_space("s3")
    assert table.state.positions == (3, 0)
    batch = comms.canvas_batches()[0]
    circles = [args for name, args in batch if name == "fillCircle"]
    assert [52 * 3 + 30 - 8] == [c[0] for c in circles[:1]], "pawn drawn on s3"


def test_click_on_a_space_no_action_involves_is_refused():
    table = make_table()
    with pytest.raises(IllegalActionError) as err:
        table.click_space("s9")
    assert err.value.clause == "TT-PHASE"
    assert table.step == 0


def test_browser_click_on_the_board_maps_to_the_nearest_space(comms):
    table = make_table()
    table.choose("roll")
    x, y = table.look.xy["s3"]
    frontend(table.board.canvas, {"event": "mouse_down", "x": x + 9, "y": y - 7})
    assert table.state.positions[0] == 3
    assert table.error == "" and table.message == ""


def test_browser_click_off_the_board_shows_a_refusal_not_an_error():
    table = make_table()
    frontend(table.board.canvas, {"event": "mouse_down", "x": 5, "y": 5})
    assert table.step == 0
    assert "Not possible" in table.message and "no space" in table.notice.value
    assert table.refused_clause == "TT-PHASE"
    assert "TT-PHASE" not in table.notice.value, "clause IDs are rules details"


def test_play_card_by_kind_and_by_hand_index():
    table = make_table()
    assert table.state.hands[0] == ("leap", "hop", "hop")
    table.play_card("leap")
    assert table.state.positions[0] == 2
    assert table.to_move == 1
    assert table.curtain == 1, "two human seats: the laptop is passed first"
    table.reveal()
    hand = table.state.hands[1]
    table.play_card(hand.index("warp") if "warp" in hand else 0)
    assert table.step == 2


def test_ambiguous_card_selects_then_a_space_click_decides():
    table = make_table(seed=6)
    hand = table.state.hands[0]
    assert "warp" in hand, hand
    assert table.play_card("warp") == ()
    assert table.selection == Selection("card", "warp", "the card Warp")
    shown = table.shown_actions()
    assert {e.card for e in shown} == {"warp"} and len(shown) == 11
    table.click_space("s7")
    assert table.state.positions[0] == 7 and table.selection is None


def test_ambiguous_space_selects_then_a_card_decides():
    table = make_table(seed=6)
    assert {"hop", "warp"} <= set(table.state.hands[0])
    table.click_space("s1")  # hop and warp both reach s1
    assert table.selection == Selection("space", "s1", "s1")
    assert {e.card for e in table.shown_actions()} == {"hop", "warp"}
    table.play_card("warp")
    assert table.state.positions[0] == 1
    assert str(table.match.steps[-1].action) == "play warp s1"


def test_hand_click_plays_the_card_under_the_pointer():
    table = make_table()
    hand = table.hands[0]
    frontend(hand.canvas, {"event": "mouse_down", "x": 10 + 0, "y": 80})
    assert table.step == 1 and table.state.positions[0] == 2  # card 0 is leap


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
    assert table.state.hands == (("leap", "hop", "hop"), ("warp", "warp", "hop"))
    comms.clear()
    table.redraw_all()
    drawn = by_canvas(comms.canvas_batches())
    mine = drawn[table.hands[0].canvas[0].model_id]
    sprites = [
        args[0].removeprefix("IPY_MODEL_") for n, args in mine if n == "drawImage"
    ]
    faces = [table.sprites.get(k).model_id for k in ("leap", "hop", "hop")]
    assert sprites == faces, "seat 0 sees its own card faces, in order"
    theirs = drawn[table.hands[1].canvas[0].model_id]
    assert [n for n, _ in theirs if n == "drawImage"] == [], "no face of seat 1 shown"
    assert [n for n, _ in theirs if n == "fillRects"] == ["fillRects"], "backs only"
    titles = [
        a[0] for n, a in drawn[table.hands[1].canvas[1].model_id] if n == "fillText"
    ]
    assert titles == ["Player 1 (blue): 3 cards   "]
    assert table.viewer == 0


def test_other_hand_click_is_refused_with_the_turn_clause():
    table = make_table()
    frontend(table.hands[1].canvas, {"event": "mouse_down", "x": 10, "y": 80})
    assert table.step == 0 and "not Player 1 (blue)'s turn" in table.message
    assert table.refused_clause == "TT-TURN"


def test_set_viewer_none_shows_every_hand_and_the_secret_parts():
    table = make_table()
    table.set_viewer(None)
    assert table.viewer is None and table.hot_seat is False
    assert table.inspector.value == "", "a hidden tab is not filled"
    table.tabs.selected_index = 1
    assert table.tabs.get_title(1) == "Rules details"
    # the switch sits in the tab it opens (the tab once said to look elsewhere)
    assert table.details_box in table.tabs.children[1].children
    assert "just above" in table.inspector.value, "internals are off by default"
    table.details_box.value = True  # the teacher turns rules details on
    inspector = table.inspector.value
    assert "hands[1]" in inspector and "hidden from Player 0" in inspector
    table.set_viewer(1)
    assert "hidden from you" in table.inspector.value
    assert table.shown_actions() == (), "seat 1 may not see seat 0's choices"


def test_event_log_hides_secret_draws_from_other_seats():
    table = make_table()
    table.play_card("leap")
    drawn = table.state.hands[0][-1]
    table.reveal()  # the hand-over screen first: then any seat's eyes
    table.set_viewer(0)
    assert f"P0 drew {drawn}" in table.log_view.value
    table.set_viewer(1)
    assert "P0 drew</div>" in table.log_view.value
    assert "Step 1 \u00b7 Player 0 (red)" in table.log_view.value, "step labels"
    assert f"P0 drew {drawn}" not in table.log_view.value


def test_timeline_back_forward_goto_and_fork():
    table = make_table()
    table.choose("roll")
    table.click_space("s3")
    assert (table.step, table.length) == (2, 2)
    table.step_back()
    assert table.step == 1 and table.state.roll == 3
    assert table.timeline.slider.value == 1 and table.timeline.slider.max == 2
    table.step_forward()
    assert table.state.positions[0] == 3
    table.goto(0)
    assert table.state.positions == (0, 0)
    table.timeline.slider.value = 1  # dragging the slider
    assert table.step == 1
    old = table.match
    new = table.fork()
    assert table.branches == [old] and table.match is new and table.length == 1
    assert table.lines == [old, new]


def test_timeline_buttons_walk_the_steps():
    table = make_table()
    table.choose("roll")
    table.choose("move s3")
    table.timeline.buttons["start"].click()
    assert table.step == 0
    table.timeline.buttons["forward"].click()
    assert table.step == 1
    table.timeline.buttons["end"].click()
    assert table.step == 2
    table.timeline.buttons["back"].click()
    assert table.step == 1


def test_bot_seats_move_by_themselves_until_a_human_is_to_move():
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    assert table.to_move == 0, "the bot seat played its whole turn"
    moved_by_bot = [s for s in table.match.steps if s.player == 1]
    assert moved_by_bot
    assert table.seats == ("human", "random")


def test_auto_play_with_bots_everywhere_plays_to_the_end():
    table = make_table(seats=["random", "random"])
    assert table.game.outcome(table.state) is not None
    assert "Game over" in table.status.value
    assert table.actions.box.children == ()


def test_set_seat_and_auto_play_button():
    table = make_table(auto=False)
    table.set_seat(0, "random")
    assert table.step == 0, "auto is off: the bot waits"
    table.seat_controls.play.click()
    assert table.step > 0 and table.to_move == 1


def test_seat_dropdown_sets_a_bot():
    table = make_table(auto=False)
    table.seat_controls.dropdowns[1].value = "random"
    assert table.seats == ("human", "random")


def test_illegal_notation_is_refused_and_changes_nothing():
    table = make_table()
    with pytest.raises(IllegalActionError):
        table.choose("move s9")
    table.actions.notation.value = "fly away"  # typed, then Enter
    assert table.step == 0 and "unknown notation" in table.message
    assert table.refused_clause == "TT-NOTATION"
    assert table.actions.notation.value == "fly away", "kept, to be mended"
    # said under the field too (the notice above the board may be out of view)
    assert "unknown notation" in table.actions.typed_refusal.value
    table.actions.notation.value = "roll"
    assert table.actions.typed_refusal.value == ""
    assert table.step == 1 and table.actions.notation.value == ""


def test_error_inside_a_drawing_callback_shows_in_the_ui_and_batching_recovers(comms):
    table = make_table()
    table.choose("roll")
    drawing = table.look
    real = drawing.draw_pieces

    def broken(pen, view):
        raise RuntimeError("pawn sprite missing")

    drawing.draw_pieces = broken
    table.actions.box.children[0].click()
    assert "pawn sprite missing" in table.error
    assert "pawn sprite missing" in table.error_area.value
    assert ipycanvas_canvas._CANVAS_MANAGER._caching is False
    drawing.draw_pieces = real
    comms.clear()
    table.timeline.buttons["back"].click()
    assert len(comms.canvas_messages()) == 1, "draws still go out after the error"
    assert table.error == "" and table.error_area.value == "", "a new gesture clears it"


def test_client_ready_redraws_everything_naming_the_canvas_first(comms):
    table = make_table()
    comms.clear()
    frontend(table.board.canvas[3], {"event": "client_ready"})
    batches = comms.canvas_batches()
    assert len(batches) == 1
    assert batches[0][0][0] == "switchCanvas"
    assert table.board.redrawn == [0, 1, 2, 3]


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
    look = SimpleNamespace(seat_name=lambda seat: "Player 0 (red)")
    look.seat_colors = ["#c00"]
    hand = SimpleNamespace(look=look, seat=0, width=400, height=100)
    HandView._draw_title(hand, canvas, 3, "at " + "England–Egypt 2 " * 4, True)
    (title, x, room), (mark, mark_x, _) = calls
    assert mark == "\u25c0 to move"
    assert x + room < mark_x  # the title's squeezed width stops short of the mark
    HandView._draw_title(hand, canvas, 3, "at Egypt", False)
    assert calls[-1][2] == 400 - 24


def test_a_button_s_words_typed_play_its_action():
    """The field takes what a button says as well as notation: "place your token
    in PERU." (any case, spaces, a final full stop) plays the Place action; the
    words of no button are read as notation and refused by name."""
    from tabletop.ui import raiders_table
    from tabletop.ui.texts import action_words

    table = raiders_table(players=2, seed=1)
    peru = next(e for e in table.legal if str(e.action) == "place PERU")
    said = action_words(table, peru)
    assert said == "Place your token in Peru"
    table.actions.notation.value = "place my token somewhere"
    assert table.refused_clause == "TT-NOTATION" and table.step == 0
    assert table.actions.notation.value == "place my token somewhere"
    table.actions.notation.value = "  place your token   in PERU. "
    assert table.step >= 1 and table.actions.notation.value == ""
    first = table.match.steps[0]
    assert str(first.action) == "place PERU" and first.player == 0
