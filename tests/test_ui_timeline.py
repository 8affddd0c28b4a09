"""A timeline you can trust, and what just happened: lines instead of lost futures,
no bot choices offered to a human, recaps, the last move, the log, the banner."""

from __future__ import annotations

import pytest

from tabletop import Match
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tabletop.ui import Table
from tests.ui_fake import Dash, DashLook


def make_table(seed: int = 3, players: int = 2, **options) -> Table:
    game = Dash(players)
    return Table(Match(game, seed=seed), look=DashLook(game), **options)


def test_playing_from_the_past_starts_a_new_line_and_keeps_the_old_future():
    table = make_table(hot_seat=False)
    table.choose("roll")
    table.choose("move s3")
    table.choose("roll")
    # One human and a bot play on freely from the past (between two humans no new
    # line starts before a shown roll: test_ui_who_acts.py).
    table.model.auto = False
    table.model.set_seat(1, "random")
    old = table.match
    table.goto(0)
    table.choose(next(str(e.action) for e in table.legal if str(e.action) != "roll"))
    assert table.match is not old and table.model.lines == [old, table.match]
    assert len(old) == 3, "the old future is kept, not overwritten"
    assert table.widgets.timeline.lines.layout.display == ""
    labels = [text for text, _ in table.widgets.timeline.lines.options]
    assert labels[0].startswith("line 1: 3 steps, left at step 0")
    assert "(shown)" in labels[1]
    table.widgets.timeline.lines.value = 0  # switch back to the old line
    assert table.match is old and table.model.length == 3 and table.model.step == 0
    table.goto(3)
    assert str(table.match.steps[-1].action) == "roll"


def test_an_illegal_move_in_the_past_starts_no_line():
    table = make_table()
    table.choose("roll")
    table.goto(0)
    try:
        table.choose("move s5")
    except Exception:  # noqa: BLE001 - refused, as it should be
        pass
    assert len(table.model.lines) == 1 and table.model.length == 1


def test_a_bots_turn_in_the_past_is_never_offered_to_a_human():
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    bot_step = next(s.index for s in table.match.steps if s.player == 1)
    table.goto(bot_step - 1)
    assert table.model.to_move == 1
    table.model.set_viewer(None)  # even the referee's eyes
    assert (
        table.model.shown_actions() == () and table.widgets.actions.box.children == ()
    )
    assert table.widgets.actions.bots.layout.display == "", "offers to let the bot play"
    table.widgets.actions.bots.click()
    assert table.model.to_move == 0 and len(table.model.lines) == 2


def test_recap_tells_the_bots_turn_in_plain_words():
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    table.choose(str(table.legal[0].action))
    recap = table.widgets.recap.value
    assert "What just happened" in recap and "Player 1 (blue)" in recap
    assert "rolled" in recap or "moved" in recap
    assert "DASH-" not in recap, "no clause IDs in the recap"


def test_last_move_is_marked_with_a_line_and_the_die(comms):
    table = make_table(seats=["human", "random"])
    table.choose("roll")
    comms.clear()
    table.choose("move s3")
    batch = comms.canvas_batches()[-1]
    names = [n for n, _ in batch]
    assert "strokeLine" in names and "setLineDash" in names, "the path is marked"
    texts = [a[0] for n, a in batch if n == "fillText"]
    assert "rolled" in texts, "the die is shown"


def test_log_reads_in_order_with_step_labels():
    table = make_table(hot_seat=False)
    table.choose("roll")
    table.choose("move s3")
    log = table.widgets.log_view.value
    assert log.index("Step 1") < log.index("Step 2"), "oldest first, newest last"
    assert "column-reverse" in log, "the box keeps its scroll at the newest row"


def test_game_over_banner_offers_play_again_and_new_game():
    table = make_table(seats=["random", "random"])
    assert table.model.game.outcome(table.model.state) is not None
    assert "wins!" in table.widgets.banner.value
    # Only characters every common font draws: no emoji, which shows as an empty
    # box on a browser without an emoji font.
    assert all(ord(c) <= 0xFFFF for c in table.widgets.banner.value)
    assert table.widgets.end_box.layout.display == ""
    seed = table.match.seed
    assert table.widgets.fresh_deal.description == "New game"
    assert table.widgets.again.description == "Play again"
    table.widgets.fresh_deal.click()
    fresh = table.match.seed
    assert fresh not in (seed, seed + 1), "a fresh deal"
    assert table.model.lines == [table.match]
    assert table.model.game.outcome(table.model.state) is not None, (
        "bots played the new deal"
    )
    table.widgets.again.click()
    assert table.model.step == 0 and table.match.seed == fresh


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (Pitfall, {"roll", "move", "card", "token", "fall", "scorpion", "climb"}),
        (Raiders, {"place", "roll", "step", "draw", "play", "take"}),
    ],
)
def test_recap_texts_for_every_event_kind(game, expected):
    """Every event kind the engine emits reads in words in the recap: seats and
    spaces named, arrows instead of '->', no clause IDs, no space ids."""
    from tabletop.ui.texts import recap_html

    table = Table(Match(game(players=3), seed=4), seats=["heuristic"] * 3)
    table.model.set_viewer(None)
    firsts = {}
    for step in table.match.steps:
        for e in step.events:
            firsts.setdefault(e.kind, step)
    assert expected <= set(firsts), sorted(firsts)
    ids = set(table.look.xy) - {"USA"}
    for kind, step in firsts.items():
        said = recap_html(table.model, [step])
        assert "->" not in said and "player " not in said, (kind, said)
        assert "PH-" not in said and "RA-" not in said, (kind, said)
        named = {w.strip(".,:;()") for w in said.split()} & ids
        assert not named, (kind, named, said)


def test_a_click_on_your_own_piece_shows_what_you_can_do_there():
    """Pitfall: the pawn on the riverboat; a click on it lists Roll, not rolls."""
    from tabletop.ui import pitfall_table

    table = pitfall_table(players=2, seed=5)
    here = table.model.state.positions[0]
    table.model.click_space(here)
    assert table.model.step == 0 and table.model.selection.value == here
    assert [b.description for b in table.widgets.actions.box.children] == ["Roll"]


def test_the_last_move_follows_the_track_space_by_space():
    """Pitfall: the dashed path walks every space between start and stop."""
    from tabletop.ui import pitfall_table
    from tabletop.ui.texts import last_move

    table = pitfall_table(players=2, seed=3)
    table.match.force_roll(4)
    table.choose("roll")
    table.choose("forward")
    moved, die = last_move(table.model)
    seat, path = moved[0]
    assert seat == 0 and die == "4"
    track = table.model.game.board.above
    assert path[0] == "A0" and path[-1] == table.model.state.positions[0]
    assert len(path) >= 2, path
    for a, b in zip(path, path[1:], strict=False):
        assert abs(track.index(a) - track.index(b)) == 1, path


def test_button_hints_say_what_will_happen_without_revealing_chance():
    """The tooltip tells where the move ends (found by applying it), but says
    nothing for a roll (the die is not known before it is rolled)."""
    from tabletop.ui import pitfall_table

    table = pitfall_table(players=2, seed=3)
    roll = next(
        b for b in table.widgets.actions.box.children if b.description == "Roll"
    )
    assert "you end on" not in roll.tooltip and "you stop on" not in roll.tooltip
    table.match.force_roll(2)
    table.choose("roll")
    forward = table.widgets.actions.box.children[0]
    assert "you stop on Path 1 and decide again" in forward.tooltip, forward.tooltip
