"""A real hot seat: between two human seats a hand-over screen hides every hidden
value (hands, inspector, log, recap, timeline) until the next player reveals; news
for a seat (a card taken from it) waits for that seat's reveal."""

from __future__ import annotations

from race import Race

from tabletop import Match
from tabletop.games.raiders import Raiders
from tabletop.ui import Table
from tests.test_ui_table import by_canvas


def make_table(seed: int = 7, players: int = 2, **options) -> Table:
    """A table of the example game (examples/race): hidden hands, secret draws."""
    return Table(Match(Race(players), seed=seed), **options)


def play_first_card(table: Table) -> str:
    """The seat to move plays the first card of its hand and draws a secret card;
    returns the secret line of that draw."""
    table.model.play_card(0)
    step = table.match.steps[-1]
    return next(e.text for e in step.events if e.kind == "draw" and e.secret)


def every_text(table: Table) -> str:
    """What the table's text widgets show, every tab filled."""
    parts = []
    for index in range(len(table.widgets.tabs.children)):
        table.widgets.tabs.selected_index = index
        parts += [table.widgets.log_view.value, table.widgets.inspector.value]
    parts += [
        table.widgets.status.value,
        table.widgets.notice.value,
        table.widgets.recap.value,
        table.widgets.handover.text.value,
        table.widgets.actions.title.value,
        table.widgets.actions.why.value,
        " ".join(o[0] for o in table.widgets.timeline.lines.options),
    ]
    return "\n".join(parts)


def test_pass_to_the_next_human_hides_every_hand_until_reveal(comms):
    table = make_table()
    assert table.model.viewer == 0 and table.model.curtain is None, (
        "the first player looks"
    )
    drawn = play_first_card(table)  # seat 0 plays and draws a secret card
    assert table.model.curtain == 1 and table.model.viewer == 0
    assert "Pass the laptop to Player 1 (blue)" in table.widgets.handover.text.value
    assert table.widgets.handover.widget.layout.display == ""
    assert table.widgets.actions.widget.layout.display == "none"
    assert all(isinstance(h.cards, int) for h in table.widgets.hands), (
        "every hand face down"
    )
    assert table.model.shown_actions() == ()
    comms.clear()
    table.redraw_all()
    drawn_cmds = by_canvas(comms.canvas_batches())
    for hand in table.widgets.hands:
        images = [n for n, _ in drawn_cmds[hand.canvas[0].model_id] if n == "drawImage"]
        assert images == [], f"no card face of seat {hand.seat} on screen"
    text = every_text(table)
    assert drawn not in text, "the log shows only the public line"
    assert "hands" not in table.widgets.inspector.value
    table.widgets.handover.button.click()
    assert table.model.viewer == 1 and table.model.curtain is None
    assert isinstance(table.widgets.hands[1].cards, tuple), (
        "now seat 1 sees its own cards"
    )
    assert isinstance(table.widgets.hands[0].cards, int)


def test_the_viewers_own_hand_comes_first_under_the_board():
    table = make_table()
    assert table.widgets.grid.children[0] is table.widgets.hands[0].canvas
    play_first_card(table)
    table.model.reveal()
    assert table.widgets.grid.children[0] is table.widgets.hands[1].canvas


def test_no_hand_over_with_one_human_and_bots():
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    assert (
        table.model.to_move == 0
        and table.model.curtain is None
        and table.model.viewer == 0
    )


def test_rules_details_do_not_open_the_curtain():
    table = make_table(details=True)
    play_first_card(table)
    table.widgets.tabs.selected_index = 1
    assert "Hidden until the next player reveals" in table.widgets.inspector.value


def test_a_card_taken_on_another_turn_is_told_to_its_owner_after_the_reveal():
    """RA-K-AMBUSH: the victim learns which card went, and only after revealing."""
    game = Raiders(players=3)
    table = None
    for seed in range(40):
        match = Match(game, seed=seed)
        t = Table(match, seats=["human", "human", "human"])
        for _ in range(200):
            ambush = [e for e in t.legal if e.clause == "RA-K-AMBUSH"]
            if ambush and t.model.curtain is None:
                table = t
                break
            if t.model.curtain is not None:
                t.model.reveal()
                continue
            if t.model.game.outcome(t.model.state) is not None:
                break
            t.choose(t.legal[-1].action)
        if table is not None:
            break
    assert table is not None
    entry = next(e for e in table.legal if e.clause == "RA-K-AMBUSH")
    victim = int(str(entry.action).split()[-1])
    had = table.look.hand(table.model.game.view(table.model.state, victim), victim)
    table.choose(entry.action)
    after = table.look.hand(table.model.game.view(table.model.state, victim), victim)
    lost = sorted(set(had) - set(after)) or sorted(had)
    names = [table.look.face(k).name for k in lost]
    told = False
    for _ in range(30):
        if table.model.curtain is None:
            table.choose(table.legal[0].action)
            continue
        if table.model.curtain != victim:
            assert "you lost" not in table.recap.value, "waits for the victim"
            table.reveal()
            continue
        assert "you lost" not in table.widgets.recap.value, (
            "waits for the victim's reveal"
        )
        table.model.reveal()
        assert "you lost" in table.widgets.recap.value
        assert any(n in table.widgets.recap.value for n in names), (
            table.widgets.recap.value
        )
        told = True
        break
    assert told, "the victim was told"


def test_a_swap_tells_its_victim_what_went_and_what_came():
    """PH-2B-SWAP: the seat swapped with is told, after its reveal, the cards it
    has fewer of and those it has more of (four Ropes came for a Rope taken)."""
    from tabletop.games.pitfall import Pitfall

    match = Match.from_position(
        Pitfall(players=2),
        hands={0: "CR CR RO FI JU LA CO", 1: "RO RO RO RO JU LA CO"},
        to_move=1,
    )
    table = Table(match, seats=["human", "human"])
    if table.model.curtain is not None:
        table.reveal()
    assert table.model.to_move == 1
    table.choose("swap 0 RO RO RO RO")
    for _ in range(10):
        if table.model.curtain == 0:
            break
        if table.curtain is not None:
            table.reveal()
        table.choose(table.legal[0].action)
    assert table.model.curtain == 0
    assert "For you" not in table.widgets.recap.value, "waits for the reveal"
    table.model.reveal()
    letter = table.widgets.recap.value
    assert "you lost" in letter and " and got " in letter, letter
    assert "Ropes" in letter.split(" and got ")[-1], letter


def test_everything_secret_stays_hidden_through_a_hot_seat_game():
    table = make_table(seed=4)
    for _ in range(40):
        if table.model.game.outcome(table.model.state) is not None:
            break
        if table.model.curtain is not None:
            secrets = [
                e.text
                for step in table.match.steps
                for e in step.events
                if e.secret and e.text != e.public
            ]
            text = every_text(table)
            for secret in secrets:
                assert secret not in text
            table.model.reveal()
            continue
        table.choose(table.legal[-1].action)


def test_stepping_along_the_timeline_never_opens_the_hand_over_screen():
    table = make_table()
    play_first_card(table)
    assert table.model.curtain == 1
    table.model.step_back()  # back to seat 0's turn: still hidden until a reveal
    assert table.model.to_move == 0 and table.model.curtain == 0
    assert all(isinstance(h.cards, int) for h in table.widgets.hands)
    table.widgets.seat_controls.viewer.value = 1  # peeking through the Seats tab
    assert table.model.curtain == 0 and "reveals first" in table.model.message
    table.model.reveal()
    assert table.model.viewer == 0 and isinstance(table.widgets.hands[0].cards, tuple)


def test_turning_hot_seat_off_does_not_open_the_hand_over_screen():
    table = make_table()
    play_first_card(table)
    table.widgets.seat_controls.hot_seat.value = False
    assert table.model.curtain == 1
    assert all(isinstance(h.cards, int) for h in table.widgets.hands)
    table.model.reveal()
    assert table.model.viewer == 1 and isinstance(table.widgets.hands[1].cards, tuple)


def test_a_seat_handed_to_a_bot_behind_the_screen_passes_it_on():
    table = make_table(players=3, auto=False)
    play_first_card(table)
    assert table.model.curtain == 1
    table.model.set_seat(
        1, "random"
    )  # seat 1 becomes a bot; it does not move (auto off)
    assert table.model.curtain == 2, "the screen now waits for the next human"
    assert all(isinstance(h.cards, int) for h in table.widgets.hands)


def test_typed_text_does_not_cross_the_hand_over():
    """TT-TURN: a refused text left in the field by one seat is gone when the
    laptop is passed (it may name a card that seat holds, and Enter would send it
    as the next player's move)."""
    table = make_table(seed=7, players=2)
    if table.model.curtain is not None:
        table.reveal()
    table.widgets.actions.notation.value = "play no-such-card"
    assert (
        table.widgets.actions.notation.value == "play no-such-card"
    )  # kept to be mended
    assert table.widgets.actions.typed_refusal.value
    play_first_card(table)
    for _ in range(10):
        if table.model.curtain is not None:
            break
        table.choose(table.legal[0].action)
    assert table.model.curtain is not None
    assert table.widgets.actions.notation.value == ""
    assert table.widgets.actions.typed_refusal.value == ""


def test_a_typed_action_of_the_wrong_kind_stays_to_be_mended():
    """TT-PHASE from the game ('not a decision of this kind now') refuses what was
    typed, not who may act: the text stays in the field, as other refusals of
    the text do; the resume offer's TT-PHASE (who may act) still empties it."""
    from tabletop.ui import pitfall_table

    table = pitfall_table(players=2, seed=5, name="family", autosave=False)
    if table.model.curtain is not None:
        table.reveal()
    table.widgets.actions.notation.value = "forward"
    assert table.model.refused_clause == "TT-PHASE"
    assert table.widgets.actions.notation.value == "forward"
    assert "not a decision of this kind" in table.widgets.actions.typed_refusal.value
