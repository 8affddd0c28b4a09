"""A seeded four-player Raiders game played through ``Match`` to a winner, and its
golden transcript (``tests/golden/raiders_seed7.txt``).

Set ``TABLETOP_REGEN_GOLDEN=1`` to rewrite the transcript after an intended change,
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from tabletop import Match
from tabletop.games.raiders import Raiders
from tests.raiders_play import Greedy

GOLDEN = Path(__file__).resolve().parent / "golden" / "raiders_seed7.txt"


def greedy_match(seed: int = 7, players: int = 4) -> Match:
    game = Raiders(players=players)
    policy = Greedy(game)
    match = Match(game, seed=seed)
    while not match.over and len(match) < 2000:
        match.play(policy.choose(match.state))
    return match


def transcript(match: Match) -> str:
    lines = [
        f"# Raiders, {match.game.players} players, seed {match.seed}, greedy "
        "policy of tests/raiders_play.py",
        str(match.initial_state),
        "",
    ]
    for step in match.steps:
        lines.append(f"{step.index:>3} player {step.player}: {step.notation}")
        lines.extend(f"      {event}" for event in step.events)
    lines += ["", str(match.state), "", f"outcome: {match.outcome()}"]
    return "\n".join(lines) + "\n"


def test_seeded_four_player_game_plays_to_a_winner_through_match():
    """RA-W-WIN: a seeded 4-player game ends with a winner; its save reloads."""
    match = greedy_match()
    outcome = match.outcome()
    assert outcome is not None and outcome.winner is not None
    assert outcome.clause == "RA-W-WIN"
    winner_hand = match.state.hands[outcome.winner]
    assert {"ark", "staff", "map"} <= set(winner_hand)
    again = Match.from_json(match.to_json())
    assert again.state == match.state and again.outcome() == outcome


def test_golden_transcript_seed_7():
    text = transcript(greedy_match())
    if os.environ.get("TABLETOP_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
