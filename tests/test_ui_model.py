"""The table's model (``tabletop.ui.model.TableModel``) without any widget: who may
act, the selection, the timeline's lines, seats and bots, the hand-over, autosave
and resume, and one change notice per gesture."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop import IllegalActionError, Match
from tabletop.core.viewers import PUBLIC
from tabletop.ui.model import Selection, TableModel
from tests.ui_fake import Dash, DashLook


def make(players: int = 2, seed: int = 3, **options) -> TableModel:
    game = Dash(players)
    model = TableModel(Match(game, seed=seed), DashLook(game), **options)
    model.sync()
    return model


def test_the_model_imports_no_widget_library():
    probe = (
        "import sys, tabletop.ui.model\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'IPython')]\n"
        "assert not bad, bad\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_each_gesture_tells_the_view_once():
    model = make()
    told = []
    model.on_change(lambda: told.append(model.step))
    model.choose("roll")
    assert told == [1], "one notice for the move and everything it changed"
    model.goto(0)
    assert told == [1, 0]


def test_a_space_shared_by_two_actions_becomes_the_selection():
    """Two cards reach s1 (hop and warp): a click on s1 narrows to those two."""
    model = make(seed=6)
    model.click_space("s1")
    assert model.selection == Selection("space", "s1", "s1")
    assert {e.card for e in model.shown_actions()} == {"hop", "warp"}
    model.play_card("hop")
    assert model.step == 1 and model.selection is None


def test_playing_from_an_earlier_step_starts_a_new_line():
    model = make(handover=False)  # one learner plays both seats: a laboratory
    model.choose("roll")
    model.choose(model.legal[0].action)
    model.goto(0)
    model.choose(next(e.action for e in model.legal if str(e.action) != "roll"))
    assert len(model.lines) == 2 and model.branches[0].cursor == 0
    assert model.match.cursor == 1


def test_a_bot_seat_plays_and_nobody_plays_for_it():
    model = make()
    model.auto = False
    model.set_seat(1, "random")
    model.choose("roll")
    model.choose(model.legal[0].action)
    assert model.to_move == 1 and model.legal
    refusal = model.refusal_to_act()
    assert refusal.clause == "TT-TURN" and "bot (random)" in refusal.reason
    for gesture in (
        lambda: model.choose(model.legal[0].action),
        lambda: model.click_space("s1"),
        lambda: model.press(model.legal[0]),
    ):
        with pytest.raises(IllegalActionError, match="bot"):
            gesture()
    assert model.step == 2
    assert model.auto_play() >= 1 and model.to_move == 0


def test_the_hand_over_hides_until_the_next_human_reveals():
    model = make(players=3)
    model.viewer = 0
    model.choose("roll")
    model.choose(model.legal[0].action)
    assert model.curtain == 1 and model.eyes.is_public
    with pytest.raises(IllegalActionError, match="laptop is being passed"):
        model.choose("roll")
    model.reveal()
    assert model.viewer == 1 and model.curtain is None and model.can_act()


def test_looking_through_another_seat_refuses_to_act_for_the_mover():
    model = make()
    model.set_viewer(1)
    assert not model.hot_seat
    with pytest.raises(IllegalActionError, match="not your turn"):
        model.choose("roll")


def test_autosave_and_resume(tmp_path):
    """Every move is saved; a model made on the same file offers to resume it."""
    from race import Race

    from tabletop.draw import look_for

    path, game = tmp_path / "game.json", Race(players=2)
    model = TableModel(Match(game, seed=1), look_for(game), autosave=path)
    model.sync()
    model.choose("roll")
    assert path.exists()
    again = TableModel(Match(game, seed=1), look_for(game), autosave=path)
    assert again.resume_from == path
    again.resume_saved()
    assert again.step == 1 and again.resume_from is None


def test_a_match_refuses_nothing_a_table_asks():
    model = make()
    for what in ("fork", "branch", "seats", "viewer", "new_game", "load", "bots"):
        assert model.match.refusal(what) is None
    model.fork()
    assert len(model.lines) == 2


def _rolled_then_back(model: TableModel) -> tuple:
    """Seat 0 rolls (the die is shown), then the table steps back to look."""
    model.choose("roll")
    rolled = model.state.roll
    model.step_back()
    assert model.step == 0 and model.length == 1
    return rolled, model.match, model.state


def test_two_humans_cannot_play_again_from_before_a_shown_roll():
    model = make()
    model.hot_seat = False  # no hand-over screen in the way: the rule alone refuses
    rolled, match, state = _rolled_then_back(model)
    refusal = model.refusal_to_act()
    assert refusal is not None and refusal.clause == "TT-UNDO"
    assert "step 1 rolled the die" in refusal.reason
    assert model.shown_actions() == () and not model.can_act()
    for gesture in (
        lambda: model.choose("roll"),
        lambda: model.press(model.legal[0]),
        model.fork,
        model.play_again_same_deal,
    ):
        with pytest.raises(IllegalActionError, match="rolled the die") as caught:
            gesture()
        assert caught.value.clause == "TT-UNDO"
        assert model.match is match and model.lines == [match]
        assert (model.step, model.length, model.state) == (0, 1, state)
    model.step_forward()  # from the roll on, play goes on
    assert model.can_act()
    model.choose(model.legal[0].action)  # a move: it draws nothing
    model.step_back()
    assert model.can_act(), "play may go on after the last shown roll"
    model.choose(model.legal[0].action)  # the same move again: along the line
    assert len(model.lines) == 1 and model.step == 2 and rolled


def test_one_human_and_a_bot_may_replay_from_the_past():
    """A free laboratory: stepping back and rolling again gives the same roll."""
    model = make()
    model.auto = False
    model.set_seat(1, "random")
    rolled, match, _ = _rolled_then_back(model)
    assert model.refusal_to_act() is None
    model.choose("roll")  # the step that comes next: the table moves along
    assert model.state.roll == rolled and len(model.lines) == 1
    model.step_back()
    model.choose(next(e.action for e in model.legal if str(e.action) != "roll"))
    assert len(model.lines) == 2, "a new line from before the shown roll"
    model.goto(0)
    model.fork()
    model.play_again_same_deal()
    assert model.step == 0


def test_without_the_hand_over_one_learner_may_replay_every_seat():
    model = make(handover=False)
    rolled, _, _ = _rolled_then_back(model)
    model.choose(next(e.action for e in model.legal if str(e.action) != "roll"))
    assert len(model.lines) == 2 and rolled


def test_forcing_a_roll_stays_at_a_table_of_two_humans():
    model = make()
    model.match.force_roll(5)  # an edit: a step of its own, drawing nothing
    model.sync()
    assert model.match.last_chance_step() == 0
    model.choose("roll")
    assert model.state.roll == 5 and model.match.last_chance_step() == 2


def test_replaying_the_step_that_comes_next_moves_along_the_line():
    """The same action from the same state has the same outcome: the table moves
    along its line instead of making an identical new one."""
    model = make()
    model.hot_seat = False
    model.choose("roll")
    model.choose(model.legal[0].action)
    again = str(model.match.steps[1].action)
    model.goto(1)
    model.choose(again)
    assert len(model.lines) == 1 and model.step == 2 and model.length == 2


def _raiders_table(path, seats):
    from tabletop.core import make_game
    from tabletop.draw import look_for

    game = make_game("raiders", players=3)
    model = TableModel(Match(game, seed=4), look_for(game), autosave=path)
    if model.resume_from is None:
        model.seat_all(seats)
    model.sync()
    return model


def _play_humans(model, moves):
    """The humans to move reveal and play their first choice, bots playing on."""
    for _ in range(moves):
        if model.curtain is not None:
            model.reveal()
        seat = model.to_move
        if seat is None:
            break
        model.choose(str(model.game.legal_actions(model.state)[0]))


def test_resume_keeps_the_seats_and_opens_behind_the_hand_over(tmp_path):
    """A kernel restart loses the seats a player set; resuming the autosave seats
    them again (two humans and a bot), the resumed game opens behind the hand-over
    screen of the human to move, so nobody's cards show (TT-HANDOVER), and the
    bot to move plays by itself."""
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    _play_humans(model, 6)
    assert (tmp_path / "game.seats.json").exists()
    again = _raiders_table(path, ["human", "heuristic", "heuristic"])
    assert again.resume_from == path
    again.resume_saved()
    assert again.seats == ("human", "human", "heuristic")
    assert again.step == model.step and again.state == model.state
    assert again.to_move in again.human_seats()
    assert again.curtain == again.to_move
    assert again.eyes is not None and not isinstance(again.eyes, int)


def test_resume_plays_the_bot_to_move(tmp_path):
    """Saved with a bot to move (its human stepped away): after resume the bot
    moves by itself instead of waiting for a click."""
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    _play_humans(model, 4)
    model.set_seat(1, "heuristic")  # seat 1 is a bot now; bots play on to seat 0
    model.set_seat(1, "human")
    model.auto = False
    while model.to_move == 0:
        _play_humans(model, 1)
    assert model.to_move in (1, 2)
    model.set_seat(model.to_move, "heuristic")  # saved with a bot to move
    waiting = _raiders_table(path, ["human", "human", "human"])
    waiting.resume_saved()  # bots moved by themselves: off, and still off
    assert waiting.auto is False and waiting.bots_may_move()
    assert waiting.length == model.length
    seats = tmp_path / "game.seats.json"
    seats.write_text(seats.read_text().replace('"auto": false', '"auto": true'))
    again = _raiders_table(path, ["human", "human", "human"])
    again.resume_saved()
    assert again.auto is True and again.to_move not in again.bot_seats
    assert again.length > model.length


def test_a_resume_with_a_waiting_bot_to_move_shows_no_hand(tmp_path):
    """Saved between two humans with a bot to move and bots waiting for a click:
    whoever holds the laptop may not be the last one who saw their hand, so the
    resumed table (made with one human seat, as a table is by default) opens
    behind a hand-over screen, and the bots' moves show no hand (TT-HANDOVER)."""
    from tabletop.core import make_game
    from tabletop.draw import look_for

    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    model.auto = False
    _play_humans(model, 2)
    while model.to_move != 2:
        _play_humans(model, 1)
    game = make_game("raiders", players=3)
    again = TableModel(Match(game, seed=4), look_for(game), autosave=path)
    again.seat_all(["human", "heuristic", "heuristic"])  # a fresh table's seats
    again.sync()
    again.resume_saved()
    assert again.seats == ("human", "human", "heuristic") and again.to_move == 2
    assert again.curtain == 0 and again.eyes is PUBLIC
    again.auto_play()  # "Let the bots play": still no hand until a human reveals
    assert again.to_move in (0, 1)
    assert again.curtain == again.to_move and again.eyes is PUBLIC


def test_unticking_auto_is_kept_at_once(tmp_path):
    """Bots moving by themselves turned off and the kernel restarted before any
    move: the resumed table still has it off (the seats file kept it at once)."""
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    _play_humans(model, 3)
    model.auto = False  # no move after it
    again = _raiders_table(path, ["human", "human", "heuristic"])
    again.resume_saved()
    assert again.auto is False


def test_the_offer_to_resume_shows_no_hand_and_plays_nothing(tmp_path):
    """The table under the offer deals from the same seed as the saved game, so
    until Resume or Start fresh no hand shows, no move is taken (refused by name,
    nothing changed) and no bot moves."""
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    _play_humans(model, 3)
    again = _raiders_table(path, ["human", "human", "heuristic"])
    assert again.resume_from == path
    assert again.eyes is PUBLIC
    before = (again.state, again.length)
    with pytest.raises(IllegalActionError) as refused:
        again.choose(str(again.game.legal_actions(again.state)[0]))
    assert refused.value.clause == "TT-PHASE" and "Resume" in refused.value.reason
    again.set_seat(again.to_move, "heuristic")  # a bot to move still waits
    assert (again.state, again.length) == before
    again.dismiss_resume()
    # Start fresh: the waiting bot moves, and a human seat's eyes (or the
    # hand-over screen between the two humans) show, never every hand.
    assert again.to_move in again.human_seats()
    assert again.eyes == (again.viewer if again.curtain is None else PUBLIC)
    assert again.eyes is not None


def test_a_match_played_before_resuming_stays_a_line(tmp_path):
    from tabletop.core import make_game
    from tabletop.draw import look_for

    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "heuristic", "heuristic"])
    _play_humans(model, 3)
    game = make_game("raiders", players=3)
    played = Match(game, seed=9)
    played.play(game.legal_actions(played.state)[0])
    again = TableModel(played, look_for(game), autosave=path)
    again.resume_saved()
    assert played in again.lines and again.match is not played
    assert "kept as another line" in again.message


def test_a_second_click_on_resume_does_nothing(tmp_path):
    """A double click on Resume resumes once: no copy of the game as a line."""
    from tabletop.ui import Table

    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "heuristic", "heuristic"])
    _play_humans(model, 3)
    table = Table(Match(model.game, seed=4), autosave=path)
    table.widgets.resume.click()
    table.widgets.resume.click()
    assert len(table.model.lines) == 1 and table.model.length == model.length


def test_a_corrupt_seats_file_is_refused_by_name_and_the_game_still_resumes(tmp_path):
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "heuristic", "heuristic"])
    _play_humans(model, 2)
    (tmp_path / "game.seats.json").write_text(
        '{"format": "tabletop-seats", "version": 1, "seats": ["human", "eval", "x"]}'
    )
    again = _raiders_table(path, ["human", "heuristic", "heuristic"])
    again.resume_saved()
    assert again.step == model.step
    assert "seats were not restored" in again.message and "'eval'" in again.message


def test_phrases_joined_by_commas_lose_their_own_full_stop():
    """A recap joins a turn's phrases with commas: an instruction's sentence
    (RA-M-INSTRUCTION: "...: draw a card.") must not read "card., drew"."""
    from tabletop.draw.look import said_as_list

    assert said_as_list(["landed on S57: draw a card.", "drew a card"]) == (
        "landed on S57: draw a card and drew a card"
    )
    assert said_as_list(["a", "b", "c"]) == "a, b and c"


def test_the_picture_kept_in_the_notebook_shows_no_hand_between_humans():
    """TT-HANDOVER: the saved notebook's picture is read later, by whoever holds
    the laptop then; between two humans it is the public picture even while a
    player looks at their hand, and with one human it is that human's."""
    from tabletop.core import make_game
    from tabletop.draw import picture_bundle
    from tabletop.ui import Table

    game = make_game("pitfall", players=2)
    svg = "image/svg+xml"
    two = Table(Match(game, seed=3), seats=["human", "human"], evaluation=False)
    two.model.reveal()
    assert two.model.eyes == 0
    kept = two._repr_mimebundle_()[svg]
    assert kept == picture_bundle(two.match, PUBLIC)[svg]
    assert kept != picture_bundle(two.match, 0)[svg]  # a hand would show
    one = Table(Match(game, seed=3), seats=["human", "random"], evaluation=False)
    assert one.model.eyes == 0
    assert one._repr_mimebundle_()[svg] == picture_bundle(one.match, 0)[svg]


def test_news_of_a_lost_card_survives_a_resume(tmp_path):
    """A card taken on another seat's move is told to its owner when they next
    look; saved before they looked, the resumed table still tells them."""
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "human", "heuristic"])
    for _ in range(400):
        waiting = [s for s in model.news.mail if s != model.eyes]
        if waiting:
            break
        _play_humans(model, 1)
    else:
        pytest.fail("no card was taken from a human in 400 moves")
    seat = waiting[0]
    told = list(model.news.mail[seat])
    again = _raiders_table(path, ["human", "human", "heuristic"])
    again.resume_saved()
    assert again.news.mail.get(seat) == told
    assert again.curtain == again.to_move and again.letter == ""  # not yet
    again.reveal()
    if again.eyes != seat:  # the news waits for its owner to look
        assert again.letter == "" and again.news.mail.get(seat) == told
        again.set_viewer(seat)
        again.sync()
    assert all(t in again.letter for t in told)


def test_a_seats_file_whose_auto_is_not_a_flag_is_refused_by_name(tmp_path):
    path = tmp_path / "game.json"
    model = _raiders_table(path, ["human", "heuristic", "heuristic"])
    _play_humans(model, 2)
    seats = tmp_path / "game.seats.json"
    seats.write_text(seats.read_text().replace('"auto": true', '"auto": "yes"'))
    again = _raiders_table(path, ["human", "heuristic", "heuristic"])
    again.resume_saved()
    assert again.step == model.step and again.auto is True
    assert "seats were not restored" in again.message and "'auto'" in again.message


def test_a_player_taking_the_laptop_back_is_told_everything_since_their_turn():
    """Hot seat: the recap a player reads on the hand-over screen and on
    revealing covers every step since their own last decision (the other human's
    several decisions, the bot's turn), not only those of the last click."""
    from tabletop.core import make_game
    from tabletop.draw import look_for

    game = make_game("pitfall", players=3)  # a turn: a roll, then a move
    model = TableModel(Match(game, seed=4), look_for(game))
    model.seat_all(["human", "human", "heuristic"])
    model.sync()
    for _ in range(60):
        if model.curtain is not None:
            seat = model.curtain
            steps = model.match.steps
            mine = [s.index for s in steps if s.player == seat]
            missed = [s for s in steps if s.index > (mine[-1] if mine else 0)]
            # the hand-over screen (public words) already says it all
            assert model.recent == tuple(missed[-40:]) and model.eyes is PUBLIC
            model.reveal()
            assert model.recent == tuple(missed[-40:]), seat
            by_humans = [s for s in missed if s.player not in model.bot_seats]
            if len(by_humans) >= 2 and mine:
                return  # two clicks of the other human, both told
        _play_humans(model, 1)
    pytest.fail("no hand-over after two decisions of the other human")


def test_a_board_click_never_plays_a_card_by_itself():
    """RA-K-AMBUSH: the only thing to do on the country where Player 1 stands is an
    Ambush on them. A click there shows that choice instead of spending the card;
    its button plays it (a card pressed first, then a space clicked, is
    test_ui_table's ambiguous-card test)."""
    from tabletop.draw import look_for
    from tests.raiders_play import AMBUSH_ON_PERU, position

    game, state = position(**AMBUSH_ON_PERU)
    model = TableModel(Match.from_state(game, state, seed=1), look_for(game))
    model.sync()
    on_peru = [e for e in model.legal if "PERU" in e.spaces]
    assert [str(e.action) for e in on_peru] == ["ambush 1"], on_peru
    assert model.click_space("PERU") == ()
    assert model.step == 0 and model.state.hands[0] == state.hands[0]
    assert model.selection is not None and model.selection.value == "PERU"
    assert [str(e.action) for e in model.shown_actions()] == ["ambush 1"]
    model.choose(model.shown_actions()[0].action)
    assert model.step == 1 and "ambush" not in model.state.hands[0]


def test_any_country_card_pressed_lists_every_flight():
    """RA-K-COUNTRY (ruling): any Country card flies to any unoccupied country,
    and a flight spends the destination's own card if held, else the first held
    in map order. Standing in Egypt with an Egypt card, no flight spends that
    card; pressing it had said "Egypt cannot be played now". It now lists every
    flight, each saying which card it spends, and is outlined with the others."""
    from tabletop.draw import look_for
    from tabletop.games.raiders import Raiders
    from tests.raiders_play import COUNTRY_CARDS_IN_EGYPT, position

    game, state = position(**COUNTRY_CARDS_IN_EGYPT)
    model = TableModel(Match.from_state(game, state, seed=1), look_for(game))
    model.sync()
    flights = [e for e in model.legal if e.clause == "RA-K-COUNTRY"]
    assert flights and "country:EGYPT" not in {e.card for e in flights}
    assert model.play_card("country:EGYPT") == ()
    assert model.step == 0 and model.selection.kind == "clause"
    assert set(model.shown_actions()) == set(flights)
    assert all("play Country (" in e.text for e in flights)  # the card it spends
    # The space first, then the Egypt card: that flight is played.
    model.clear_selection()
    model.click_space("CHINA")
    assert model.step == 0 and model.selection.value == "CHINA"
    model.play_card("country:EGYPT")
    assert model.step == 1 and model.state.positions[0] == "CHINA"
    # Restricted Country cards fly only to their own country: no stand-in.
    assert (
        look_for(Raiders(players=2, country_cards_restricted=True)).same_use(
            "country:EGYPT"
        )
        == ()
    )
