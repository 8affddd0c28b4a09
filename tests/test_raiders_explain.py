"""What the Raiders engine tells players: explanations, pending text, the text map,
card info for the UI, and the shared Match API."""

from __future__ import annotations

from tabletop import Match
from tabletop.games.raiders import Raiders
from tabletop.games.raiders.cards import CARD_KINDS, card_name, kind_of
from tests.raiders_play import play, position, rolls


def test_explain_one_entry_per_legal_action_with_spaces_and_cards():
    game, s = position(
        ark="NEPAL",
        players=[
            {"at": "USA", "hand": ["air", "ambush", "hostage", "country:PERU"]},
            {"at": "S40", "from": "S39", "hand": ["map"]},
        ],
    )
    entries = game.explain(s)
    assert [str(e.action) for e in entries] == [str(a) for a in game.legal_actions(s)]
    by = {str(e.action): e for e in entries}
    assert by["air"].card == "air" and by["air"].clause == "RA-K-AIR"
    assert by["country EGYPT"].spaces == ("EGYPT",)
    assert by["country EGYPT"].card == "country:PERU"
    assert by["ambush 1"].spaces == ("S40",) and by["ambush 1"].card == "ambush"
    assert by["hostage 1 S8"].spaces == ("S8",) and by["hostage 1 S8"].card == (
        "hostage"
    )
    assert by["roll"].card is None and all(e.text and e.label for e in entries)


def test_explain_steps_select_by_the_next_space():
    """RA-M-DIRECTION: the choice of way is clicked on the next space."""
    game, s = position(
        ark="NEPAL",
        players=[{"at": "S17", "hand": ["air"]}, {"at": "PERU", "hand": ["air"]}],
    )
    s, _ = play(game, rolls(s, 1), "roll")
    assert [(e.spaces, e.clause) for e in game.explain(s)] == [
        (("USA",), "RA-M-DIRECTION"),
        (("S18",), "RA-M-DIRECTION"),
    ]
    assert "chooses the way" in game.pending(s)
    # The button names where each way heads: a path space alone read like a place.
    assert [e.label for e in game.explain(s)] == ["to USA", "towards MEXICO via S18"]


def test_a_way_button_warns_of_a_checkpoint_it_crosses():
    """RA-M-DIRECTION, RA-M-CHECKPOINT: from Nepal, the way towards China meets
    the checkpoint Nepal–China 2 along its arrow on the second step; the way
    towards Persia meets Persia–Nepal 1 against its arrow (free). The button
    warns only of a checkpoint the move really crosses."""
    from tabletop.games.raiders.look import RaidersLook
    from tabletop.table.words import action_words

    warning = "(crosses a checkpoint: Passport or lose a turn)"
    for roll, china_warned in ((1, False), (2, True), (3, True)):
        game, s = position(
            ark="EGYPT",
            players=[{"at": "NEPAL", "hand": ["air"]}, {"at": "PERU", "hand": []}],
        )
        s, _ = play(game, rolls(s, roll), "roll")
        look = RaidersLook(game)
        said = {str(e.action): action_words(look, e) for e in game.explain(s)}
        china = said["to S43"]
        assert china.startswith("Towards China via Nepal–China 1"), china
        assert (warning in china) is china_warned, (roll, china)
        assert said["to S31"] == "Towards Persia via Persia–Nepal 2"
        assert all(warning not in w for a, w in said.items() if a != "to S43")


def test_text_map_shows_tokens_checkpoints_instructions_and_hands():
    game, s = position(
        ark="NEPAL",
        players=[
            {"at": "S22", "from": "ENGLAND", "hand": ["air"]},
            {"at": "PERU", "hand": ["map"], "skips": 1},
        ],
    )
    text = str(s)
    assert "the Ark is in Nepal" in text
    assert "player 0 at England–Egypt 1 (S22)" in text
    assert "P8  ENGLAND    0 > .  EGYPT" in text
    assert "PERU[1]" in text and "misses 1 turn" in text
    assert "~edge~" in text and "!" in text
    hidden = str(game.view(s, 0))
    assert "player 1 at Peru (misses 1 turn): ?" in hidden


def test_card_kinds_for_the_ui():
    for name, does, clause in CARD_KINDS.values():
        assert name and does and clause.startswith("RA-K-")
    assert kind_of("country:PERU") == "country" and card_name("country:PERU") == (
        "Country (PERU)"
    )


def test_both_games_share_the_match_api():
    """Both games run through the same Match: play, undo, fork, save and load."""
    from tabletop.core import lookup

    for game in (lookup("pitfall").make(players=3), lookup("raiders").make(players=3)):
        match = Match(game, seed=11)
        for _ in range(12):
            match.play(match.legal_actions()[0])
        assert match.explain() and match.pending()
        match.undo(2)
        fork = match.fork()
        fork.play(fork.legal_actions()[-1])
        again = Match.from_json(fork.to_json())
        assert again.state == fork.state
    assert lookup("raiders").factory is Raiders


def test_a_scenario_match_saves_and_loads():
    """A match started from a named scenario replays from its saved start."""
    from tabletop.games.raiders.scenarios import scenario

    sc = scenario("land-on-player")
    match = Match.from_state(sc.game, sc.state)
    for notation in sc.try_actions:
        match.play(notation)
    again = Match.from_json(match.to_json())
    assert again.state == match.state and again.state.positions[1] == "S8"


def test_a_click_on_the_movers_token_selects_the_roll():
    game, s = position(
        ark="NEPAL",
        players=[{"at": "USA", "hand": ["air"]}, {"at": "PERU", "hand": ["air"]}],
    )
    roll = next(e for e in game.explain(s) if str(e.action) == "roll")
    assert roll.spaces == ("USA",)
