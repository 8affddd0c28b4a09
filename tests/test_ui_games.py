"""Headless tests of the tables of both real games: what the board and hands draw,
the batching of redraws, clicks on spaces and cards, hidden hands and tokens.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop import Match
from tabletop.ui import Table, pitfall_table, raiders_table
from tabletop.ui.hands import CARD_H, CARD_W, GAP
from tabletop.ui.panels import MAX_BUTTONS
from tests.recording import TableWatch


class TextLook:
    """A look that says each event by its engine sentence and names seats
    "Player N": the recap's rules without a game's words."""

    def __init__(self, arrivals_told=frozenset()):
        self.arrivals_told = arrivals_told

    def seat_name(self, seat):
        return f"Player {seat}"

    def event_sentence(self, event, eyes):
        return event.text


# Commands whose point lists the frontend only accepts as binary buffers: a plain
# list in the JSON blanks the whole batch in the browser.
ARRAY_COMMANDS = {"fillPolygon", "strokePolygon", "strokeLines", "fillPolygons"}


def played(table: Table, moves: int) -> Table:
    """Let random bots play ``moves`` moves for every seat, then hand back to humans."""
    for seat in range(table.model.game.players):
        table.model.set_seat(seat, "random")
    table.model.auto = False
    table.model.set_seat(0, "random")
    table.model.auto_play(moves)
    for seat in range(table.model.game.players):
        table.model.set_seat(seat, "human")
    return table


def all_commands(batches):
    return [cmd for batch in batches for cmd in batch]


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_first_draw_is_one_message_and_point_lists_are_buffers(comms, make):
    table = make(players=4, seed=3)
    messages = comms.canvas_messages()
    assert len(messages) == 1
    for name, args in all_commands(comms.canvas_batches()):
        if name in ARRAY_COMMANDS:
            assert isinstance(args[0], dict) and "idx" in args[0], (name, args)
    assert table.widgets.board.redrawn == [0, 1, 2, 3]


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_a_move_redraws_less_than_a_tenth_of_the_first_draw(comms, make):
    table = make(players=3, seed=5)
    first = comms.canvas_messages()[0].nbytes
    sizes = []
    for _ in range(12):
        comms.clear()
        table.choose(table.legal[0].action)
        messages = comms.canvas_messages()
        assert len(messages) <= 1, "one batched message per move"
        sizes.append(sum(m.nbytes for m in messages))
        assert 0 not in table.widgets.board.redrawn, "the static board is never redrawn"
        table.model.reveal()  # three humans: the next one takes the laptop
    sizes.sort()
    assert sizes[len(sizes) // 2] <= first / 10, (first, sizes)


def test_pitfall_board_draws_every_obstacle_kind_and_both_levels(comms):
    """PH-B-ABOVE, PH-B-BELOW, PH-B-WALLS: the legend and spaces name every kind."""
    pitfall_table(players=2, seed=1)
    texts = [a[0] for n, a in all_commands(comms.canvas_batches()) if n == "fillText"]
    for word in (
        "pit trap",
        "pit with ladder",
        "crocodile",
        "log",
        "fire",
        "cobra",
        "swamp",
        "stone wall",
        "PITFALL HARRY",
    ):
        assert word in texts, word
    # each numbered space carries its name's number ("Log 1": the log and "1"),
    # never an id the words do not use
    assert {"1", "2", "24"} <= set(texts)
    assert "A0" not in texts and "U1" not in texts


def test_pitfall_roll_then_click_the_highlighted_space_moves_the_pawn():
    """PH-2A-MOVE through the board: the click picks the action whose spaces hold it."""
    table = pitfall_table(players=3, seed=7, bots=2)
    table.choose("roll")
    entry = next(e for e in table.legal if e.spaces)
    x, y = table.look.xy[entry.spaces[0]]
    before = table.model.step
    table.click_xy(x + 3, y - 3)
    assert table.model.step > before
    assert table.model.error == ""


def test_pitfall_other_hands_and_deck_stay_hidden_in_hot_seat(comms):
    """PH-S-DEAL and the views: only the viewing seat's cards are drawn face up."""
    table = pitfall_table(players=3, seed=7)
    seat = table.model.viewer
    hands = [table.look.hand(table.model.view_state, s) for s in range(3)]
    assert isinstance(hands[seat], tuple) and len(hands[seat]) == 7
    assert all(isinstance(h, int) and h == 7 for i, h in enumerate(hands) if i != seat)
    table.model.set_viewer(None)
    assert all(
        isinstance(table.look.hand(table.model.view_state, s), tuple) for s in range(3)
    )


def test_pitfall_hand_click_plays_a_card_when_an_explain_entry_names_it():
    """PH-3-CARD via the hand widget: a card the entries name is played by clicking."""
    table = pitfall_table(players=2, seed=4)
    for _ in range(400):
        carded = [e for e in table.legal if e.card]
        if carded:
            break
        rolls = [e for e in table.legal if e.label == "Roll"]
        table.choose((rolls or list(table.legal))[0].action)
    assert carded, "rolling forward meets an obstacle with a card to play"
    kind = carded[0].card
    seat = table.model.to_move
    hand = table.look.hand(table.model.game.view(table.model.state, seat), seat)
    before = table.model.step
    table.model.set_viewer(seat)
    table.model.play_card(hand.index(kind))
    if len(carded) == 1:
        assert table.model.step == before + 1
        assert str(table.match.steps[-1].action) == str(carded[0].action)
    else:
        assert table.selection == f"card:{kind}"


def test_raiders_click_a_country_to_place_the_first_token():
    """RA-S-PLACE through the board: clicking a country places the token there."""
    table = raiders_table(players=4, seed=7, bots=3)
    country = table.legal[0].spaces[0]
    x, y = table.look.xy[country]
    table.click_xy(x, y)
    assert table.match.steps[0].action is not None
    assert table.model.state.positions[0] == country


def test_raiders_ark_country_is_drawn_once_known(comms):
    """RA-S-ARK: once revealed, the Ark's country is marked on the board."""
    table = raiders_table(players=3, seed=2, bots=2)
    comms.clear()
    table.model.click_space(table.legal[0].spaces[0])
    assert table.model.state.ark
    texts = [a[0] for n, a in all_commands(comms.canvas_batches()) if n == "fillText"]
    assert "ARK" in texts


def test_raiders_key_cards_stay_hidden_from_other_seats():
    """RA-S-HIDDEN: another seat's hand (key cards included) shows only a count."""
    table = played(raiders_table(players=3, seed=9), 30)
    table.model.reveal()  # after the hand-over screen, if one is up
    table.model.set_viewer(1)
    assert isinstance(table.look.hand(table.model.view_state, 0), int)
    assert isinstance(table.look.hand(table.model.view_state, 1), tuple)


def test_midgame_tables_render_and_summaries_are_deterministic():
    from tabletop.games.raiders import Raiders

    a = Table(Match(Raiders(players=4), seed=5), seats=["random"] * 4, auto=False)
    b = Table(Match(Raiders(players=4), seed=5), seats=["random"] * 4, auto=False)
    a.model.auto_play(60)
    b.model.auto_play(60)
    assert a.summary() == b.summary()
    assert a.model.error == "" and "step 60/60" in a.widgets.status.value


def test_many_exchanges_fold_into_a_button_that_opens_a_pick_in_the_hand():
    """PH-2B-DISCARD / PH-2B-SWAP: dozens of exchanges fold into one button each;
    pressed, it asks for the cards in the hand (no list of 25 discards), and four
    cards picked by clicks offer their discard in one button."""
    table = pitfall_table(players=3, seed=5)
    labels = [b.description for b in table.widgets.actions.box.children]
    assert "Roll" in labels
    groups = [
        b for b in table.widgets.actions.box.children if "\u2026" in b.description
    ]
    assert {b.description.split("\u2026")[0] for b in groups} == {"Discard", "Swap"}
    discard = next(b for b in groups if b.description.startswith("Discard"))
    discard.click()
    assert table.model.selection.picking
    assert table.widgets.actions.box.children == ()
    assert "Pick the cards in your hand" in table.widgets.actions.title.value
    seat = table.model.to_move
    hand = next(h for h in table.widgets.hands if h.seat == seat)
    held = hand.cards
    for index in range(4):
        x = GAP + index * hand._step(len(held)) + CARD_W / 2
        hand._clicked(x, 24 + CARD_H / 2)
    assert table.model.selection.picked == tuple(
        sorted(held[:4], key=table.look.card_kinds().index)
    )
    labels = [b.description for b in table.widgets.actions.box.children]
    assert labels[0].startswith("Discard") and len(labels) == 1 + 2  # and 2 swaps
    first = table.widgets.actions.items[0]
    assert Counter(first.cards) == Counter(held[:4])
    table.widgets.actions.box.children[0].click()
    assert table.match.steps[-1].action == first.action
    assert table.model.selection is None


def _ready(widget) -> None:
    data = {"method": "custom", "content": {"event": "client_ready"}}
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def test_client_ready_after_a_reload_redraws_each_canvas_once(comms):
    """A reloaded page starts blank: each canvas's ready message redraws it."""
    table = raiders_table(players=3, seed=2, bots=2)
    table.model.click_space(table.legal[0].spaces[0])
    watch = TableWatch(table)
    comms.clear()
    _ready(table.widgets.board.canvas[3])
    for hand in table.widgets.hands:
        _ready(hand.canvas[2])
    batches = comms.canvas_batches()
    assert len(batches) == 1 + len(table.widgets.hands), "one message per ready canvas"
    assert all(batch[0][0] == "switchCanvas" for batch in batches)
    assert watch.redraws[0] == [0, 1, 2, 3], "the whole board"
    for hand, batch in zip(table.widgets.hands, batches[1:], strict=True):
        named = {args[0] for name, args in batch if name == "switchCanvas"}
        layers = {f"IPY_MODEL_{hand.canvas[i].model_id}" for i in range(3)}
        assert layers <= named, "the hand's cards, title and marks"


@pytest.mark.parametrize(("make", "players"), [(pitfall_table, 2), (raiders_table, 3)])
def test_a_whole_game_through_buttons_only_never_dead_ends(make, players):
    """A newcomer's game: only buttons (groups unfold, cards are picked by their
    buttons), bots answer, until the end."""
    from tabletop.core import Rng

    table = make(players=players, seed=21, bots=players - 1, bot="heuristic")
    rng = Rng.from_seed(21)
    for _ in range(1500):
        if table.model.game.outcome(table.model.state) is not None:
            break
        actions = table.widgets.actions
        # the hand's buttons that do something now: playable, or picked
        cards = tuple(
            b
            for b in actions.picker.children
            if {"tabletop-playable", "tabletop-picked"} & set(b._dom_classes)
        )
        buttons = tuple(b for b in actions.box.children if not b.disabled) + cards
        assert buttons, f"no button for the human at step {table.model.step}"
        index, rng = rng.below(len(buttons))
        before = (table.model.step, table.model.selection)
        buttons[index].click()
        assert table.model.error == "" and table.model.message == ""
        assert (table.model.step, table.model.selection) != before, (
            "every button does something"
        )
    assert table.model.game.outcome(table.model.state) is not None, (
        "the game reached its end"
    )
    assert "Game over" in table.widgets.status.value


def test_buttons_speak_words_and_keep_the_notation_in_the_tooltip():
    """Codes become names: cards, seats, countries and path spaces."""
    from tabletop.ui.texts import action_words

    table = raiders_table(players=3, seed=4)
    labels = [b.description for b in table.widgets.actions.box.children]
    assert "Place your token in United States" in labels
    tip = next(
        b.tooltip
        for b in table.widgets.actions.box.children
        if "United" in b.description
    )
    assert "notation: place USA" in tip
    pitfall = pitfall_table(players=3, seed=5)
    discard = next(e for e in pitfall.legal if e.clause == "PH-2B-DISCARD")
    said = action_words(pitfall.model, discard)
    assert said.startswith("Discard ") and "CR" not in said and "," in said
    swap = next(e for e in pitfall.legal if e.clause == "PH-2B-SWAP")
    assert "Player 1 (blue)" in action_words(pitfall.model, swap) or "Player 2" in (
        action_words(pitfall.model, swap)
    )


def test_hover_names_the_space_and_its_instruction():
    table = raiders_table(players=3, seed=4)
    x, y = table.look.xy["S2"]
    table.hover_xy(x, y)
    assert "A friendly guide shares a clue" in table.widgets.hover.value
    assert "United States" in table.widgets.hover.value
    # the pointer leaves the board (the canvas's mouse-out event): the line clears
    top = table.widgets.board.canvas._canvases[-1]
    top._handle_frontend_event(None, {"event": "mouse_out", "x": 0, "y": 0}, [])
    assert table.widgets.hover.value == ""


def test_hover_says_what_a_click_there_does():
    """The line under the board says what a click on a target shows when it
    does not play at once: a card played on the board (RA-K-AMBUSH) shows its
    choice first; after it is played the line follows the new position."""
    from tests.raiders_play import AMBUSH_ON_PERU, position

    game, state = position(**AMBUSH_ON_PERU)
    table = raiders_table(players=2, seed=1)
    table.model.match = Match.from_state(game, state, seed=1)
    table.model.sync()
    x, y = table.look.xy["PERU"]
    table.hover_xy(x, y)
    assert "Peru \u2014 a click shows the choice: Ambush Player 1 (blue)" in (
        table.widgets.hover.value
    )
    table.choose("ambush 1")
    assert "a click" not in table.widgets.hover.value  # not the Ambush's any more


def test_a_country_card_no_flight_spends_is_outlined_with_the_others():
    """RA-K-COUNTRY: the Egypt card flies like the others (a press on it lists
    every flight), so the hand outlines it as playable too."""
    from tests.raiders_play import COUNTRY_CARDS_IN_EGYPT, position

    game, state = position(**COUNTRY_CARDS_IN_EGYPT)
    hand = state.hands[0]
    table = raiders_table(players=2, seed=1)
    table.model.match = Match.from_state(game, state, seed=1)
    table.model.sync()
    table.render()
    outlined = set(table.widgets.hands[0]._drawn[2][1])
    assert outlined == set(hand), outlined


def test_plots_use_the_seat_colours_of_the_table():
    from matplotlib.figure import Figure

    from tabletop.ui.board import SEAT_COLORS, paint_seats

    fig = Figure()
    ax = fig.add_subplot()
    for seat in range(3):
        (line,) = ax.plot([0, 1], [seat, seat])
        ax.fill_between([0, 1], [0, 0], [1, 1], color=line.get_color())
    paint_seats(fig)
    assert [line.get_color() for line in ax.lines] == list(SEAT_COLORS[:3])
    assert ax.lines[1].get_label() == "Player 1 (blue)"
    # never by colour alone: each seat's line has its own dash pattern and marker
    assert len({str(line.get_linestyle()) for line in ax.lines}) == 3
    assert len({line.get_marker() for line in ax.lines}) == 3


def test_a_space_named_by_its_id_and_its_name_is_said_once():
    """The engines name a space by id and name ("enter A2 (Log 1)"); once the id is
    named the table must not read "Log 1 (Log 1)" (PH-5-OBSTACLE, RA-M-FORK)."""
    pitfall = pitfall_table(players=2, seed=4, autosave=False, evaluation=False)
    pitfall.choose("roll")
    pitfall.choose(pitfall.legal[0].action)  # the same seat decides on
    assert "enter Log 1, 1 to go" in pitfall.widgets.status.value
    raiders = raiders_table(players=2, seed=3, autosave=False, evaluation=False)
    for action in ("place USA", "place MEXICO", "roll"):
        raiders.choose(action)
        raiders.model.reveal()  # two humans: the laptop goes round
    raiders.choose(raiders.legal[0].action)
    assert "from United States (1 step left)" in raiders.widgets.status.value
    for table in (pitfall, raiders):
        text = table.widgets.status.value + table.widgets.log_view.value
        # The pictures (lesson boards, replays) share the drawing's words.
        pending = table.model.game.pending(table.model.state)
        text += table.look.words(pending)
        for name in ("Log 1", "United States", "Mexico"):
            assert f"{name} ({name})" not in text


def test_a_choice_among_one_kind_of_move_lists_them_without_a_folded_button():
    """PH-6-MOVE: when the only choice is where the Scorpion goes (40 spaces), the
    buttons list the spaces at once instead of one "Scorpion… (40)" to open, in
    parts of 11 with a button for the next part (no list over 12 buttons)."""
    table = pitfall_table(players=2, seed=4, bots=1, bot="heuristic",
                          autosave=False, evaluation=False)  # fmt: skip
    while (
        table.model.game.pending(table.model.view_state).find("scorpion's new space")
        < 0
    ):
        assert (
            table.model.game.outcome(table.model.state) is None
            and table.model.step < 200
        )
        table.widgets.actions.box.children[0].click()
    labels = [b.description for b in table.widgets.actions.box.children]
    assert len(labels) == MAX_BUTTONS == 12
    assert not any("\u2026" in x for x in labels[:-1])
    assert labels[0] == "Scorpion to Under Path 1"
    assert labels[-1].startswith("More choices\u2026")
    table.widgets.actions.box.children[-1].click()  # the next part
    later = [b.description for b in table.widgets.actions.box.children]
    assert len(later) <= 12 and not set(later[:-1]) & set(labels)
    before = table.model.step
    table.widgets.actions.box.children[0].click()
    assert table.model.step == before + 1 and table.model.error == ""


def test_a_lone_kind_of_choice_is_never_hidden_under_more():
    """RA-M-LAND-PLAYER: landed on a player, the 110 places to send them share a
    clause with "leave them"; the one Leave gets a button, beside the places
    folded by country."""
    import random

    from tabletop import Match
    from tabletop.core import make_game
    from tabletop.games.raiders.actions import Leave
    from tabletop.ui import Table

    game = make_game("raiders", players=2)
    match, rng = Match(game, seed=0), random.Random(0)
    while not any(isinstance(a, Leave) for a in game.legal_actions(match.state)):
        assert game.to_move(match.state) is not None and len(match) < 400
        match.play(rng.choice(game.legal_actions(match.state)))
    assert len(game.legal_actions(match.state)) > MAX_BUTTONS
    table = Table(match, seats=["human", "human"], evaluation=False)
    table.model.reveal()
    buttons = table.widgets.actions.box.children
    leave = [b for b in buttons if b.description.lower().startswith("leave")]
    assert len(leave) == 1 and len(buttons) <= MAX_BUTTONS
    assert all(b.description.startswith("In and around") for b in buttons[1:])
    leave[0].click()
    assert isinstance(match.steps[-1].action, Leave) and table.model.error == ""


def test_the_explanations_say_a_folded_group_in_one_line():
    """PH-2B-DISCARD / PH-2B-SWAP: the explanations under the buttons follow the
    buttons: "Discard… (13)" is one line, not a dozen lines of discards."""
    table = pitfall_table(players=2, seed=4, autosave=False, evaluation=False)
    rows = table.widgets.actions.why.value.count("<li>")
    assert rows == len(table.widgets.actions.box.children) == 3, (
        table.widgets.actions.why.value
    )
    assert (
        "Discard\u2026 (13)</b>: 13 choices of this kind"
        in table.widgets.actions.why.value
    )
    table.widgets.actions.box.children[1].click()  # a pick: no line until complete
    assert table.widgets.actions.why.value.count("<li>") == 0
    for index in range(4):
        table.widgets.actions.picker.children[index].click()
    rows = table.widgets.actions.why.value.count("<li>")
    assert rows == len(table.widgets.actions.box.children) == 2  # discard, swap


@pytest.mark.parametrize("make", [pitfall_table, raiders_table])
def test_the_status_names_the_seat_to_move_once(make):
    """ "Player 0 (red) to move: plays a Scorpion card, rolls, ..." (PH-T-CHOICE),
    not the seat's name twice over."""
    table = make(players=2, seed=4, autosave=False, evaluation=False)
    name = table.look.seat_name(0)
    status = table.widgets.status.value
    assert f"<b>{name}</b> to move: " in status
    assert status.count(name) == 2  # to move, and "showing Player 0 (red)"


def test_no_empty_hand_rows_before_anything_is_dealt():
    """Raiders deals after every token is placed: until then no '0 cards' rows
    stand under the board; once dealt, every hand shows, the viewer's first."""
    table = raiders_table(players=4, seed=7)
    assert table.widgets.grid.children == ()
    while table.model.game.to_move(table.model.state) is not None and not any(
        table.look.hand(table.model.view_state, s) for s in range(4)
    ):
        table.model.reveal()
        table.choose(table.legal[0].action)
    table.model.reveal()
    assert len(table.widgets.grid.children) == 4
    assert (
        table.widgets.grid.children[0] is table.widgets.hands[table.model.viewer].canvas
    )


def test_a_long_walk_is_told_in_the_recap_as_where_it_ended():
    """RA-M-ROLL: a roll of six steps is one "moved to ..." in "What just happened"
    (the Log keeps every step), so the recap of bot turns fits the side panel."""
    from tabletop.ui.texts import log_steps, recap_html

    table = raiders_table(players=2, seed=4, bots=2, bot="heuristic")
    walks = [
        step
        for step in table.match.steps
        if sum(e.kind == "step" for e in step.events) >= 3
    ]
    assert walks, "some roll walks three or more steps"
    step = walks[0]
    told = recap_html(table.model, [step])
    last = [e for e in step.events if e.kind == "step"][-1]
    assert told.count("moved to") == 1
    assert table.look.space_name(last.data["to"]) in told
    table.goto(step.index)
    logged = " ".join(t for _, rows in log_steps(table.model) for t, _ in rows)
    assert logged.count("moved to") >= 3, "the Log keeps every step"


def test_the_recap_of_the_opening_says_the_deal_and_the_roll_off_in_one_line():
    """RA-S-DEAL, RA-S-FIRST: the step that ends the placing reads as one short
    line (the deal as "the cards were dealt: 6 each", the roll-off as who went
    first); the Log keeps each hand and each roll."""
    from tabletop.ui.texts import log_steps, recap_html

    table = raiders_table(players=4, seed=7, bots=4, bot="heuristic")
    step = next(s for s in table.match.steps if any(e.kind == "deal" for e in s.events))
    told = recap_html(table.model, [step])
    assert "the cards were dealt: 6 each" in told
    assert "went first" in told and "for first player" not in told
    assert "was dealt" not in told and "(see the Log tab)" not in told
    line = told.split("<li>")[1]
    assert line.count(", ") < 4
    table.goto(step.index)
    logged = " ".join(t for _, rows in log_steps(table.model) for t, _ in rows)
    assert logged.count("was dealt") == 4 and "for first player" in logged


def test_a_long_bot_turn_is_told_whole():
    """A bot's turn that says many things (PH-2A-MOVE, PH-5-TAKE: a treasure
    taken, PH-2A-REFILL: the draw that ends it) is told whole: its recap line
    holds every phrase the recap tells (walks folded), and no "other things (see
    the Log tab)"."""
    from tabletop.table.words import recap_told
    from tabletop.ui import pitfall_table
    from tabletop.ui.texts import recap_html

    table = pitfall_table(players=2, seed=4, bots=2, bot="heuristic")
    look = table.look

    def told_of(step):
        return recap_told(step.events, None, look.event_sentence, look.arrivals_told)

    long = [s for s in table.match.steps if len(told_of(s)) > 5]
    assert long
    for step in long:
        told = recap_html(table.model, [step]).replace("&gt;", ">")
        assert "other things" not in told and "(see the Log tab)" not in told
        for _, phrase in told_of(step):
            assert phrase.removeprefix("Player 0 (red) ") in told, (phrase, told)


def test_a_turn_of_any_length_is_told_whole():
    """A turn of 5, 6 or 12 phrases is one line that tells each of them, in
    order: none is hidden behind a count."""
    from types import SimpleNamespace

    from tabletop.core import Event
    from tabletop.table.words import recap_turns

    look = TextLook()

    def turn(n):
        events = tuple(
            Event(f"T-X{i}", f"Player 1 did thing {i}", 1, "thing") for i in range(n)
        )
        return [SimpleNamespace(player=1, events=events, index=1)]

    for n in (5, 6, 12):
        ((_, whole),) = recap_turns(look, turn(n), 0)
        assert whole == ", ".join(f"did thing {i}" for i in range(n))


def test_a_missed_turn_is_the_missing_seats_line_in_the_recap():
    """RA-T-SKIP: a Hostage makes its victim miss a turn, and the engine records
    "player 3 missed this turn" in the step of the seat who played it. The recap
    tells it as the victim's own line, not inside the other seat's turn; the
    victim's own recap tells it to them ("You missed this turn")."""
    import random

    from tabletop.core import Match
    from tabletop.games.raiders import Raiders
    from tabletop.games.raiders.look import RaidersLook
    from tabletop.table.words import recap_turns

    for seed in range(40):
        match, rng = Match(Raiders(players=4), seed=seed), random.Random(seed)
        while not match.over and len(match) < 400:
            match.play(rng.choice(match.legal_actions()))
        found = [
            (step, event)
            for step in match.steps
            for event in step.events
            if event.clause == "RA-T-SKIP" and event.player != step.player
        ]
        if found:
            break
    assert found, "no random game had a turn missed because of another seat"
    step, event = found[0]
    look = RaidersLook(match.game)
    steps = match.steps[: step.index]  # step 1 is steps[0]
    told = recap_turns(look, steps, None)
    missed = look.seat_name(event.player)
    actor = look.seat_name(step.player)
    assert told[-1] == (missed, "missed this turn")
    assert told[-2][0] == actor and "missed this turn" not in told[-2][1]
    mine = recap_turns(look, steps, event.player)
    assert all("missed this turn" not in said for who, said in mine if who != "You")
    assert mine[-1] == ("You", "missed this turn")


def test_your_own_turn_lost_at_a_checkpoint_is_told_to_you():
    """RA-M-CHECKPOINT: a seat that moves past a checkpoint along its arrow with no
    Passport stops there and loses its next turn. That seat's own recap tells it
    ("You miss your next turn: no Passport at checkpoint ..."), though the rest
    of its own turn is left out; the other seats read it in its turn's line."""
    import random

    from tabletop.core import Match
    from tabletop.games.raiders import Raiders
    from tabletop.games.raiders.look import RaidersLook
    from tabletop.table.words import recap_turns

    found = []
    for seed in range(40):
        match, rng = Match(Raiders(players=3), seed=seed), random.Random(seed)
        while not match.over and len(match) < 300 and not found:
            match.play(rng.choice(match.legal_actions()))
            step = match.steps[-1]
            found = [e for e in step.events if e.clause == "RA-M-CHECKPOINT"]
        if found:
            break
    assert found, "no random game stopped a token at a checkpoint"
    (event,) = found
    look = RaidersLook(match.game)
    place = look.words(f"checkpoint {event.data['at']}")
    mine = recap_turns(look, [step], event.player)
    assert mine == [("You", f"miss your next turn: no Passport at {place}")]
    other = (event.player + 1) % 3
    ((who, said),) = recap_turns(look, [step], other)
    assert who == look.seat_name(event.player) and "had no Passport" in said
    assert "You" not in said


def test_the_events_about_a_missing_seat_stay_on_its_line():
    """RA-E-EMPTY: a seat whose hand emptied missed its turn and drew a card;
    both are its line, and what the acting seat does after stays on the
    acting seat's."""
    from types import SimpleNamespace

    from tabletop.core import Event
    from tabletop.table.words import recap_turns

    look = TextLook()

    events = (
        Event("X-MOVE", "Player 2 moved on", 2, "move"),
        Event("RA-E-EMPTY", "Player 0 missed this turn", 0, "skip"),
        Event("RA-E-EMPTY", "Player 0 drew a card", 0, "draw"),
        Event("X-END", "Player 2 ended the round", 2, "end"),
    )
    steps = [SimpleNamespace(player=2, events=events, index=1)]
    assert recap_turns(look, steps, None) == [
        ("Player 2", "moved on"),
        ("Player 0", "missed this turn, drew a card"),
        ("Player 2", "ended the round"),
    ]


def test_a_landing_that_names_its_space_is_not_told_after_the_move_there():
    """RA-M-INSTRUCTION, RA-M-CHECKPOINT-LAND: "landed on X: <instruction>" names
    the space, so the recap does not also say "moved to X (<instruction>)" just
    before it (a card drawn there still says where, as in the Log)."""
    import random

    from tabletop.core import Match
    from tabletop.games.raiders import Raiders
    from tabletop.games.raiders.look import RaidersLook
    from tabletop.table.words import recap_turns

    checked = set()
    for seed in range(20):
        match, rng = Match(Raiders(players=3), seed=seed), random.Random(seed)
        while not match.over and len(match) < 300:
            match.play(rng.choice(match.legal_actions()))
        look = RaidersLook(match.game)
        for step in match.steps:
            kinds = [e.kind for e in step.events]
            for i, event in enumerate(step.events[1:], 1):
                before = step.events[i - 1].data
                if event.kind in ("instruction", "owes") and (
                    before.get("to") == event.data["at"]
                ):
                    said = "; ".join(t for _, t in recap_turns(look, [step], None))
                    place = look.space_name(event.data["at"]).split(" (")[0]
                    assert f"moved to {place}" not in said, (kinds, said)
                    assert f"on {place}:" in said or (f"checkpoint {place}:" in said), (
                        kinds,
                        said,
                    )
                    checked.add(event.kind)
        if checked == {"instruction", "owes"}:
            break
    assert checked == {"instruction", "owes"}


def test_a_long_turn_is_whole_and_a_missed_turn_is_told_to_both_seats():
    """A long turn tells every phrase (a treasure token, PH-5-TAKE, among them);
    a turn the viewer made another seat miss (RA-T-SKIP after the viewer's
    Hostage) is told to the viewer, though the viewer's own turn is not, and
    the seat that misses it is told so ("You missed this turn")."""
    from types import SimpleNamespace

    from tabletop.core import Event
    from tabletop.table.words import recap_turns

    look = TextLook()

    kinds = ["roll", "direction", "card", "token", "card", "move", "draw"]
    events = tuple(
        Event(f"T-{k.upper()}", f"Player 1 did {k} {i}", 1, k)
        for i, k in enumerate(kinds)
    )
    steps = [SimpleNamespace(player=1, events=events, index=1)]
    ((_, said),) = recap_turns(look, steps, 0)
    assert said == ", ".join(f"did {k} {i}" for i, k in enumerate(kinds))
    mine = (
        Event("RA-K-HOSTAGE", "Player 0 took Player 1 hostage", 0, "play"),
        Event("RA-T-SKIP", "Player 1 missed this turn", 1, "skip"),
    )
    steps = [SimpleNamespace(player=0, events=mine, index=1)]
    assert recap_turns(look, steps, 0) == [("Player 1", "missed this turn")]
    assert recap_turns(look, steps, 1) == [
        ("Player 0", "took Player 1 hostage"),
        ("You", "missed this turn"),
    ]


def test_the_no_card_button_says_where_it_leaves_you():
    """PH-4-OPTIONAL: declining to play a card at an obstacle stops before it,
    falls through a pit or goes down a ladder; the button says which ("No card"
    alone read as if nothing happened at a ladder pit)."""
    import random

    from tabletop.games.pitfall.rules import Pitfall

    match, rng, seen = Match(Pitfall(players=2), seed=2), random.Random(2), set()
    while len(match) < 1500 and len(seen) < 2:
        for e in match.explain():
            if e.clause == "PH-4-OPTIONAL":
                assert e.label.startswith("No card: "), e.label
                what = e.label.removeprefix("No card: ")
                assert what.split()[0] in ("stop", "stay", "fall", "go"), e.label
                seen.add(what.split()[0])
        match.play(rng.choice(match.legal_actions()))
    assert len(seen) >= 2, seen


def test_a_landing_is_said_once_even_after_a_player_is_sent_away():
    """RA-M-LAND-PLAYER then RA-M-INSTRUCTION: the mover lands on a player, sends
    them away, and the space's instruction applies; the move onto the space is
    not said before "landed on X: ..." though the send came between."""
    from types import SimpleNamespace

    from tabletop.core import Event
    from tabletop.table.words import recap_turns

    look = TextLook(arrivals_told=frozenset({"instruction"}))

    events = (
        Event("X-ROLL", "Player 0 rolled 3", 0, "roll"),
        Event(
            "X-STEP", "Player 0 moved to S2", 0, "step", data={"from": "S1", "to": "S2"}
        ),
        Event(
            "RA-M-LAND-PLAYER",
            "Player 0 sent Player 1 to S9",
            0,
            "send",
            data={"victim": 1, "from": "S2", "to": "S9"},
        ),  # fmt: skip
        Event(
            "RA-M-INSTRUCTION",
            "Player 0 landed on S2: roll again",
            0,
            "instruction",
            data={"at": "S2"},
        ),  # fmt: skip
    )
    steps = [SimpleNamespace(player=0, events=events, index=1)]
    assert recap_turns(look, steps, None) == [
        ("Player 0", "rolled 3, sent Player 1 to S9, landed on S2: roll again")
    ]
