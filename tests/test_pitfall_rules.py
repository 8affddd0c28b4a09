"""Pitfall Harry rule clauses: each test sets up a situation (mostly a named scenario),
acts, and checks the outcome. Test names carry the clause IDs."""

from __future__ import annotations

import pytest

from tabletop import IllegalActionError
from tabletop.games.pitfall import Pitfall
from tabletop.games.pitfall.cards import CARDS, COBRA, CROC, JUMP, ROPE, SCORPION
from tabletop.games.pitfall.scenarios import build_state, scenario


def play(game, state, *notations):
    """Apply notations in order; returns the last state and all events."""
    events = []
    for text in notations:
        state, evs = game.apply(state, game.parse_action(text))
        events.extend(evs)
    return state, events


def clauses(events):
    return [e.clause for e in events]


def run_scenario(name, *notations):
    sc = scenario(name)
    state, events = play(sc.game, sc.state, *(notations or sc.try_actions))
    return sc.game, state, events


def legal(game, state):
    return [str(a) for a in game.legal_actions(state)]


# -- components and setup --------------------------------------------------------------
def test_ph_c_deck_and_ph_s_deal_sixty_cards_seven_each():
    """PH-C-DECK, PH-S-DEAL: 60 cards by kind; 7 dealt to each, the rest drawn from."""
    game = Pitfall(players=4)
    state = game.initial_state(3)
    counts = [0] * 7
    for hand in state.hands:
        assert sum(hand) == 7
        for k in range(7):
            counts[k] += hand[k]
    for c in state.deck:
        counts[c] += 1
    assert dict(zip(CARDS, counts, strict=True)) == {
        "croc": 10,
        "rope": 15,
        "jump": 14,
        "ladder": 8,
        "cobra": 5,
        "fire": 5,
        "scorpion": 3,
    }
    assert len(state.deck) == 60 - 28 and state.discards == ()


def test_ph_c_tokens_and_ph_s_tokens_fifteen_facedown_and_diamond():
    """PH-C-TOKENS, PH-S-TOKENS: 5 gold, 5 silver, 5 money facedown, a diamond."""
    game = Pitfall(players=2)
    state = game.initial_state(1)
    assert sorted(state.facedown) == [0] * 5 + [1] * 5 + [2] * 5
    assert state.diamond == -1 and state.winner is None
    assert game.view(state, 0).facedown == ("?",) * 15  # HIDDEN
    assert Pitfall(players=2).initial_state(2).facedown != state.facedown


@pytest.mark.parametrize("players", [0, 1, 5, "3"])
def test_ph_s_players_two_to_four(players):
    """PH-S-PLAYERS: only 2 to 4 players."""
    with pytest.raises((ValueError, TypeError)):
        Pitfall(players=players)


def test_ph_s_start_and_ph_s_scorpion_initial_places():
    """PH-S-START, PH-S-SCORPION: pawns on the riverboat, scorpion on its start."""
    game = Pitfall(players=3)
    state = game.initial_state(5)
    assert state.positions == ("A0",) * 3
    assert game.board.kind["A0"] == "riverboat"
    assert state.scorpion == game.board.scorpion_start == "U22"


def test_ph_s_first_highest_roll_starts_ties_roll_again():
    """PH-S-FIRST: the highest roll starts; tied highest roll again."""
    game = Pitfall(players=4)
    tied = 0
    for seed in range(60):
        state, events = game.setup(seed)
        rounds = state.first_rolls
        last = rounds[-1]
        assert last.count(max(last)) == 1
        for r in rounds[:-1]:
            assert r.count(max(r)) > 1
        tied += len(rounds) > 1
        assert [e for e in events if e.kind == "first"][0].player == state.to_move
    assert tied > 0


# -- the board -------------------------------------------------------------------------
def test_ph_b_above_below_walls_layout_of_the_standard_board():
    """PH-B-ABOVE, PH-B-BELOW, PH-B-WALLS, PH-B-LAYOUT: the standard board."""
    board = Pitfall().board
    kinds = [board.kind[s] for s in board.above]
    assert kinds[0] == "riverboat" and kinds[-1] == "diamond"
    obstacles = set(kinds) - {"plain", "riverboat", "diamond"}
    assert {k: kinds.count(k) for k in obstacles} == {
        "ladder_pit": 4,
        "croc": 4,
        "pit": 5,
        "log": 3,
        "fire": 2,
        "cobra": 2,
        "swamp": 1,
    }
    assert len(board.below) == len(board.above) - 2
    assert len(board.walls) == 4
    half = len(board.above) // 2
    for part in (board.above[:half], board.above[half:]):
        assert {"cobra", "fire"} & {board.kind[s] for s in part}
    assert all(board.step(w, 1) != w for w in board.walls)


def test_ph_b_layout_figure_2_move_is_playable():
    """PH-B-LAYOUT, PH-4-TREASURE, PH-4-JUMP: the rulebook's Figure 2. A count of 5
    from A29: the cobra A30 with a Cobra card (a token taken), plain A31 and A32, the
    log A33 with a Jump card, and plain A34."""
    game = Pitfall(players=2)
    board = game.board
    assert [board.kind[f"A{i}"] for i in range(30, 35)] == [
        "cobra",
        "plain",
        "plain",
        "log",
        "plain",
    ]
    state = build_state(
        game,
        positions={0: "A29"},
        hands={0: "CO JU CR CR RO RO LA"},
        next_tokens="gold",
        next_roll=5,
    )
    state, _ = play(game, state, "roll", "forward")
    assert state.phase == "obstacle" and state.target == "A30"
    state, events = play(game, state, "play cobra")
    assert "PH-4-TREASURE" in clauses(events) and state.treasure[0] == (1, 0, 0)
    assert state.phase == "obstacle" and state.target == "A33"
    assert state.positions[0] == "A32" and state.remaining == 2
    assert legal(game, state) == ["play jump", "decline"]
    state, events = play(game, state, "play jump")
    assert state.positions[0] == "A34" and state.to_move == 1
    assert [c for c in state.discards[-2:]] == [COBRA, JUMP]


# -- a turn ----------------------------------------------------------------------------
def test_ph_t_choice_roll_or_exchange_at_the_start():
    """PH-T-CHOICE: a turn starts with a roll or an exchange, nothing else."""
    sc = scenario("exchange")
    kinds = {type(a).__name__ for a in sc.game.legal_actions(sc.state)}
    assert kinds == {"Roll", "Discard", "Swap", "Play"}
    assert str(sc.game.legal_actions(sc.state)[0]) == "play scorpion"


def test_ph_t_scorpion_first_only_before_rolling_and_once():
    """PH-T-SCORPION-FIRST: a Scorpion card before the roll, one per turn."""
    game, state, _ = run_scenario("scorpion-move", "play scorpion", "scorpion U30")
    assert state.phase == "start" and state.scorpion_played
    assert "play scorpion" not in legal(game, state)
    err = game.check(state, game.parse_action("play scorpion"))
    assert err.clause == "PH-T-SCORPION-FIRST"
    state, events = play(game, state, "discard CR JU JU RO")
    assert sum(state.hands[0]) == 7 and "PH-2A-REFILL" in clauses(events)


def test_ph_t_rolled_no_exchange_after_rolling():
    """PH-T-ROLLED: once rolled, the player must move."""
    sc = scenario("exchange")
    state, _ = play(sc.game, sc.state, "roll")
    with pytest.raises(IllegalActionError) as err:
        sc.game.apply(state, sc.game.parse_action("discard LA LA CO FI"))
    assert err.value.clause == "PH-T-ROLLED"
    assert legal(sc.game, state) == ["forward"]  # PH-T-STUCK: nothing behind A0


def test_ph_2a_move_exact_count_one_direction_kept_underground():
    """PH-2A-MOVE: exactly the die count, the chosen direction kept between levels."""
    game, state, events = run_scenario("ladder-pit-ahead")
    assert state.positions[0] == "U6"  # forward all the way, below as above
    state = build_state(
        game, positions={0: "A23"}, next_roll=1, hands={0: "CR CR JU JU RO RO LA"}
    )
    rolled, events = play(game, state, "roll")
    assert rolled.roll == 1 and "PH-T-CHOICE" in clauses(events)
    assert play(game, rolled, "forward")[0].target == "A24"  # the pit ahead
    assert play(game, rolled, "backward")[0].target == "A22"  # the log behind


def test_ph_2a_refill_back_to_seven_after_playing_cards():
    """PH-2A-REFILL: after the move the hand is filled back to 7."""
    game, state, events = run_scenario("croc-ahead")
    assert sum(state.hands[0]) == 7
    refill = [e for e in events if e.clause == "PH-2A-REFILL"]
    assert refill and refill[0].secret and refill[0].public == "player 0 drew 1 card"


def test_ph_2b_discard_four_face_up_and_draw_four():
    """PH-2B-DISCARD: four cards to the discard pile, four drawn."""
    sc = scenario("exchange")
    state, events = play(sc.game, sc.state, "discard LA LA CO FI")
    assert state.discards == (3, 3, 4, 5)
    assert sum(state.hands[0]) == 7 and state.to_move == 1
    assert "PH-2B-DISCARD" in clauses(events)


def test_ph_2b_swap_four_random_from_opponent_before_giving():
    """PH-2B-SWAP: take 4 at random from the opponent, who then keeps your 4."""
    sc = scenario("exchange")
    state, events = play(sc.game, sc.state, "swap 1 LA LA CO FI")
    me, them = state.hands[0], state.hands[1]
    assert sum(me) == sum(them) == 7
    assert them[3] == 2 and them[4] == 1 and them[5] == 1  # our four are theirs
    assert me[ROPE] + me[JUMP] == 4 + 1  # four of theirs, plus our own Jump
    assert [e.secret for e in events if e.clause == "PH-2B-SWAP"] == [True, True]


def test_exchange_and_draw_events_hold_their_cards_as_tuples():
    """PH-2B-SWAP, PH-2B-DISCARD, PH-2A-REFILL: the cards an event names cannot be
    changed through it (the two swap events share their values, and a game's
    events are shared by every later state of an adapter's tree)."""
    sc = scenario("exchange")
    seen = []
    for move in ("swap 1 LA LA CO FI", "discard LA LA CO FI"):
        _, events = play(sc.game, sc.state, move)
        seen += [e.clause for e in events]
        for e in events:
            for key in ("cards", "gave", "took"):
                if key in e.data:
                    assert isinstance(e.data[key], tuple), (e.clause, key)
                    assert all(isinstance(name, str) for name in e.data[key])
    assert {"PH-2B-SWAP", "PH-2B-DISCARD", "PH-2A-REFILL"} <= set(seen)


def test_ph_8_reshuffle_discard_becomes_draw_pile():
    """PH-8-RESHUFFLE: an empty draw pile is refilled from the shuffled discards."""
    game, state, events = run_scenario("draw-pile-low")
    assert "PH-8-RESHUFFLE" in clauses(events)
    assert sum(state.hands[0]) == 7
    assert len(state.deck) + len(state.discards) == 60 - 14


def test_ph_t_stuck_path_end_behind_the_riverboat_is_not_offered():
    """PH-T-STUCK, PH-B-ENDS: on the riverboat backward is barred, forward is not,
    so after a roll only forward may be chosen."""
    sc = scenario("riverboat-back")
    game, state = sc.game, sc.state
    assert legal(game, state) == ["forward"]
    refusal = game.check(state, "backward")
    assert refusal is not None and refusal.clause == "PH-T-STUCK"
    assert "path's end" in refusal.reason
    with pytest.raises(IllegalActionError):
        game.apply(state, "backward")
    state, _ = play(game, state, "forward")
    assert state.positions[0] == "A1" and state.to_move == 1


def test_ph_t_stuck_scorpion_first_step_without_card_must_go_back():
    """PH-T-STUCK, PH-6-BLOCK: pawn U9, scorpion U10, no Scorpion card, die forced to
    2: forward may not be chosen; the pawn must move backward."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        positions={0: "U9"},
        scorpion="U10",
        hands={0: "CR CR JU JU RO RO FI"},
        next_roll=2,
    )
    state, _ = play(game, state, "roll")
    assert state.roll == 2 and legal(game, state) == ["backward"]
    refusal = game.check(state, "forward")
    assert refusal.clause == "PH-T-STUCK" and "scorpion" in refusal.reason
    state, events = play(game, state, "backward")
    assert state.positions[0] == "U8" and state.to_move == 1  # U8, then the wall U7
    assert "PH-B-WALLS" in clauses(events)


def test_ph_t_stuck_scorpion_first_step_with_a_scorpion_card_may_pass():
    """PH-T-STUCK, PH-4-SCORPION-PASS: with a Scorpion card the way is open."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "U9"},
        scorpion="U10",
        hands={0: "SC CR JU JU RO RO FI"},
    )
    assert legal(game, state) == ["forward", "backward"]


def test_ph_t_stuck_wall_first_step_must_go_the_other_way():
    """PH-T-STUCK, PH-B-WALLS: a wall right behind U8 bars backward."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "U8"},
        hands={0: "CR CR JU JU RO RO FI"},
    )
    assert legal(game, state) == ["forward"]
    refusal = game.check(state, "backward")
    assert refusal.clause == "PH-T-STUCK" and "stone wall" in refusal.reason


def test_ph_t_stuck_a_climb_is_a_first_step():
    """PH-T-STUCK, PH-4-CLIMB: under a ladder pit (U28 under A28) with the wall U27
    behind, backward can still step: up the ladder."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "U28"},
        hands={0: "CR CR JU JU RO RO FI"},
    )
    assert legal(game, state) == ["forward", "backward"]
    state, _ = play(game, state, "backward", "climb")
    assert state.positions[0] == "A27"  # up to A28 (1), back to A27 (2)


def test_ph_t_stuck_neither_way_can_step_stays_put():
    """PH-T-STUCK: wall U7 behind U8, the scorpion on U9, no Scorpion card: both
    directions are offered, the pawn stays put and the turn ends (hand still 7)."""
    sc = scenario("stuck-both-ways")
    game, state = sc.game, sc.state
    assert legal(game, state) == ["forward", "backward"]
    state, events = play(game, state, "forward")
    assert state.positions[0] == "U8" and state.to_move == 1
    assert "PH-T-STUCK" in clauses(events) and sum(state.hands[0]) == 7


def test_ph_t_stuck_an_obstacle_without_its_card_still_stops_the_first_step():
    """PH-T-STUCK, PH-3-CARD: a cobra ahead (A8) without Jump or Cobra is no bar to
    choosing forward; the pawn stops before it and the turn is over."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=3,
        positions={0: "A7"},
        hands={0: "CR CR RO RO RO LA LA"},
    )
    assert legal(game, state) == ["forward", "backward"]
    state, events = play(game, state, "forward")
    assert state.positions[0] == "A7" and state.to_move == 1
    assert "PH-3-CARD" in clauses(events)


def test_ph_t_stuck_a_declined_obstacle_on_the_first_step_stops_the_pawn():
    """PH-T-STUCK, PH-4-OPTIONAL: declining the card at the first step stops there."""
    sc = scenario("croc-ahead")
    game = sc.game
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "A5"},
        hands={0: "CR JU JU RO RO LA LA"},
    )
    state, events = play(game, state, "forward", "decline")
    assert state.positions[0] == "A5" and state.to_move == 1


def test_ph_b_ends_underground_path_ends():
    """PH-B-ENDS: no step beyond the end of the underground path."""
    game, state, events = run_scenario("tunnel-end")
    assert state.positions[0] == "U45"
    assert "PH-B-ENDS" in clauses(events)


def test_ph_t_share_pawns_may_share_a_space():
    """PH-T-SHARE: a pawn may end on a space another pawn holds."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=1,
        positions={0: "A31", 1: "A32"},
        hands={0: "CR CR JU JU RO RO LA"},
    )
    state, _ = play(game, state, "forward")
    assert state.positions == ("A32", "A32")


# -- obstacles and cards ---------------------------------------------------------------
def test_ph_3_card_and_ph_4_croc_play_to_pass():
    """PH-3-CARD, PH-4-CROC: play the Crocodile card on arrival and go on counting."""
    sc = scenario("croc-ahead")
    state, _ = play(sc.game, sc.state, "forward")
    assert state.phase == "obstacle" and state.target == "A6"
    assert legal(sc.game, state) == ["play croc", "decline"]
    state, events = play(sc.game, state, "play croc")
    assert state.positions[0] == "A7" and state.discards[-1] == CROC


def test_ph_3_card_without_the_card_stop_before():
    """PH-3-CARD: without the card the pawn stops before the obstacle; turn over."""
    game, state, events = run_scenario("croc-no-card")
    assert state.positions[0] == "A5" and state.to_move == 1
    assert "PH-3-CARD" in clauses(events)


def test_ph_3_card_obstacles_bar_both_directions():
    """PH-3-CARD: an obstacle bars the way backward too."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=3,
        positions={0: "A7"},
        hands={0: "JU JU RO RO LA LA FI"},
    )
    state, events = play(game, state, "backward")
    assert state.positions[0] == "A7" and "PH-3-CARD" in clauses(events)


def test_ph_4_rope_passes_pits_and_swamp():
    """PH-4-ROPE: Rope passes a pit trap and the swamp."""
    game, state, _ = run_scenario("rope-over-pit")
    assert state.positions[0] == "A5" and state.discards[-1] == ROPE
    swamp = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "A11"},
        hands={0: "RO CR JU JU LA LA FI"},
    )
    swamp, _ = play(game, swamp, "forward")
    assert legal(game, swamp) == ["play rope", "decline"] and swamp.target == "A12"


@pytest.mark.parametrize("start, target", [("A1", "A2"), ("A17", "A18"), ("A7", "A8")])
def test_ph_4_jump_passes_logs_fires_cobras(start, target):
    """PH-4-JUMP: Jump passes logs, fires and cobras."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: start},
        hands={0: "JU CR CR RO RO LA LA"},
    )
    state, _ = play(game, state, "forward")
    assert state.target == target and "play jump" in legal(game, state)
    state, _ = play(game, state, "play jump")
    assert state.positions[0] == f"A{int(target[1:]) + 1}"


def test_ph_3_ladder_down_counts_one_step_and_goes_on():
    """PH-3-LADDER-DOWN: down the ladder counts one step, then on underground."""
    game, state, events = run_scenario("ladder-pit-ahead")
    assert "PH-3-LADDER-DOWN" in clauses(events)
    assert state.positions[0] == "U6"  # A4 (1), down to U4 (2), U5 (3), U6 (4)


def test_ph_3_fall_through_pit_turn_over():
    """PH-3-FALL: no Rope at a pit trap without ladder: fall, turn over."""
    game, state, events = run_scenario("pit-without-ladder")
    assert state.positions[0] == "U10" and state.to_move == 1
    assert "PH-3-FALL" in clauses(events)


def test_ph_4_ladder_card_climbs_from_under_a_pit():
    """PH-4-LADDER: a Ladder card climbs up a pit trap without ladder (one step)."""
    sc = scenario("climb-with-ladder")
    state, _ = play(sc.game, sc.state, "forward")
    assert state.phase == "climb"
    explained = {str(e.action): e for e in sc.game.explain(state)}
    assert (
        explained["climb"].clause == "PH-4-LADDER"
        and explained["climb"].card == "ladder"
    )
    state, events = play(sc.game, state, "climb")
    assert state.positions[0] == "A11" and state.discards[-1] == 3


def test_ph_4_ladder_needed_where_there_is_no_ladder():
    """PH-4-LADDER: without a Ladder card no climb is offered under a plain pit trap."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "U10"},
        hands={0: "CR CR JU JU RO RO FI"},
    )
    state, _ = play(game, state, "forward")
    assert state.positions[0] == "U12"


def test_ph_4_climb_free_at_a_ladder_and_optional():
    """PH-4-CLIMB: under a ladder pit the climb is free and a choice."""
    game, state, events = run_scenario("climb-free")
    assert state.positions[0] == "A15" and "PH-4-CLIMB" in clauses(events)
    sc = scenario("climb-free")
    state, _ = play(sc.game, sc.state, "forward", "stay")
    assert state.positions[0] == "U16"


def test_ph_4_climb_then_stand_on_the_pit_without_rope():
    """PH-4-CLIMB: a pawn that climbed onto a pit trap stands there and steps off."""
    sc = scenario("climb-free")
    state = build_state(
        sc.game,
        phase="direction",
        roll=1,
        positions={0: "U14"},
        hands={0: "CR CR JU JU LA LA FI"},
    )
    state, _ = play(sc.game, state, "forward", "climb")
    assert state.positions[0] == "A14" and state.to_move == 1


def test_ph_4_optional_decline_a_held_card():
    """PH-4-OPTIONAL: declining acts as not holding the card."""
    sc = scenario("rope-over-pit")
    state, events = play(sc.game, sc.state, "forward", "decline")
    assert state.positions[0] == "U4"  # A4 (1) and down the ladder (2)
    assert "PH-4-OPTIONAL" in clauses(events) and "PH-3-LADDER-DOWN" in clauses(events)


def test_ph_4_scorpion_pass_and_ph_6_block():
    """PH-4-SCORPION-PASS, PH-6-BLOCK: pass the scorpion only with a Scorpion card."""
    game, state, events = run_scenario("scorpion-ahead")
    assert state.positions[0] == "U21" and "PH-6-BLOCK" in clauses(events)
    game, state, events = run_scenario("scorpion-pass")
    assert state.positions[0] == "U23" and "PH-4-SCORPION-PASS" in clauses(events)
    assert state.discards[-1] == SCORPION


def test_ph_4_scorpion_below_stays_on_the_pit():
    """PH-4-SCORPION-BELOW: scorpion right below a pit: stay on the pit trap."""
    game, state, events = run_scenario("scorpion-below")
    assert state.positions[0] == "A4" and state.to_move == 1
    assert "PH-4-SCORPION-BELOW" in clauses(events)


def test_ph_4_scorpion_below_with_a_scorpion_card_lands_on_it():
    """PH-4-SCORPION-BELOW: with a Scorpion card the pawn goes down onto it."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=4,
        positions={0: "A3"},
        hands={0: "SC CR JU JU LA LA FI"},
        scorpion="U4",
    )
    state, _ = play(game, state, "forward")
    assert legal(game, state) == ["play scorpion", "decline"]
    state, _ = play(game, state, "play scorpion")
    assert state.positions[0] == "U6"  # A4 (1), down onto U4 (2), U5, U6


# -- treasure --------------------------------------------------------------------------
def test_ph_4_treasure_and_ph_5_take_keep():
    """PH-4-TREASURE, PH-5-TAKE, PH-5-KEEP: a Cobra card takes a token and passes."""
    sc = scenario("treasure-cobra")
    state, _ = play(sc.game, sc.state, "forward")
    assert legal(sc.game, state) == ["play jump", "play cobra", "decline"]
    state, events = play(sc.game, state, "play cobra")
    assert state.treasure[0] == (1, 0, 0) and state.positions[0] == "A9"
    assert clauses(events).index("PH-5-TAKE") < clauses(events).index("PH-5-KEEP")
    assert state.discards[-1] == COBRA and len(state.facedown) == 14


def test_ph_4_treasure_not_playable_without_facedown_tokens():
    """PH-4-TREASURE (ruling): no facedown tokens left, no treasure card."""
    sc = scenario("no-tokens-left")
    state, _ = play(sc.game, sc.state, "forward")
    assert legal(sc.game, state) == ["play jump", "decline"]
    refusal = sc.game.check(state, sc.game.parse_action("play cobra"))
    assert refusal.clause == "PH-4-TREASURE"


def test_ph_5_give_duplicate_to_chosen_opponent():
    """PH-5-GIVE: a kind you have goes to an opponent who lacks it (your choice)."""
    sc = scenario("treasure-duplicate")
    state, _ = play(sc.game, sc.state, "forward", "play cobra")
    assert state.phase == "give" and legal(sc.game, state) == ["give 1", "give 2"]
    assert sc.game.check(state, sc.game.parse_action("give 0")).clause == "PH-5-GIVE"
    state, events = play(sc.game, state, "give 2")
    assert state.treasure == ((1, 0, 0), (0, 0, 0), (1, 0, 0))
    assert state.positions[0] == "A9"  # the move went on after the gift


def test_ph_5_give_automatic_with_one_candidate():
    """PH-5-GIVE: with one opponent lacking it, the token goes there at once."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=2,
        positions={0: "A7"},
        hands={0: "CO JU CR CR RO RO LA"},
        treasure={0: "gold"},
        next_tokens="gold",
    )
    state, events = play(game, state, "forward", "play cobra")
    assert state.treasure == ((1, 0, 0), (1, 0, 0)) and "PH-5-GIVE" in clauses(events)


def test_ph_5_extra_everyone_has_it_keep_without_counting():
    """PH-5-EXTRA: a kind everyone has is kept but does not count."""
    game, state, events = run_scenario("treasure-extra")
    assert state.treasure[0] == (2, 0, 0) and "PH-5-EXTRA" in clauses(events)


def test_ph_5_back_move_backward_to_a_treasure():
    """PH-5-BACK: moving backward to reach a treasure space."""
    game, state, events = run_scenario("back-to-treasure")
    assert state.treasure[0] == (0, 1, 0) and state.positions[0] == "A18"


def test_ph_5_need_and_ph_7_diamond_win_without_exact_count():
    """PH-5-NEED, PH-7-DIAMOND, PH-WIN: all three kinds, reach the diamond, win."""
    game, state, events = run_scenario("diamond-run")
    assert game.outcome(state).winner == 0 and state.diamond == 0
    assert "PH-WIN" in clauses(events)
    assert list(game.legal_actions(state)) == [] and game.to_move(state) is None
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, game.parse_action("roll"))
    assert err.value.clause == "TT-OVER"


def test_ph_7_diamond_without_all_treasure_stops_there():
    """PH-7-DIAMOND, PH-5-NEED (ruling): without all three, the move ends there."""
    game, state, events = run_scenario("diamond-without-treasure")
    assert state.positions[0] == "A46" and game.outcome(state) is None
    assert state.to_move == 1


def test_ph_win_extra_tokens_do_not_replace_a_missing_kind():
    """PH-WIN, PH-5-EXTRA: two gold bars and a silver bar are not enough."""
    game = Pitfall(players=2)
    state = build_state(
        game,
        phase="direction",
        roll=3,
        positions={0: "A44"},
        hands={0: "CR CR JU JU RO RO LA"},
        treasure={0: "gold gold silver", 1: "gold"},
    )
    state, _ = play(game, state, "forward")
    assert game.outcome(state) is None


# -- the scorpion ----------------------------------------------------------------------
def test_ph_6_move_targets_exclude_walls_and_own_only_space():
    """PH-6-MOVE: any underground space but walls, its own, or only your pawn's."""
    sc = scenario("scorpion-move")
    state, _ = play(sc.game, sc.state, "play scorpion")
    targets = legal(sc.game, state)
    assert "scorpion U24" in targets and "scorpion U12" not in targets
    assert not any(f"scorpion {w}" in targets for w in sc.game.board.walls)
    assert "scorpion U22" not in targets
    assert (
        sc.game.check(state, sc.game.parse_action("scorpion U7")).clause == "PH-B-WALLS"
    )
    assert (
        sc.game.check(state, sc.game.parse_action("scorpion U12")).clause == "PH-6-MOVE"
    )


def test_ph_6_hit_sends_the_pawn_back_to_the_nearest_pit():
    """PH-6-HIT: the scorpion on an opponent sends it under the nearest pit behind."""
    game, state, events = run_scenario("scorpion-move", "play scorpion", "scorpion U24")
    assert state.positions[1] == "U20" and state.scorpion == "U24"
    assert "PH-6-HIT" in clauses(events)
    game = Pitfall(players=2)
    state = build_state(game, positions={1: "U3"}, hands={0: "SC CR JU JU RO RO LA"})
    state, _ = play(game, state, "play scorpion", "scorpion U3")
    assert state.positions[1] == "A0"  # no pit trap behind: back to the riverboat
