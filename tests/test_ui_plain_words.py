"""What the notebook table says in words a player understands, as issue 49 found
it: the README's example seated random bots (no screen offers one), the status
line mixed its tenses ("rolled 3 and chooses forward or backward"), and a Raiders
way button said "checkpoint" twice."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop.ui import pitfall_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_a_table_seats_easy_bots_unless_told():
    """The README's example: ``bots=2`` seats the Easy bot, the weakest that
    every screen offers, not the random bot; the Seats tab says so."""
    table = pitfall_table(players=3, seed=7, bots=2, autosave=False)
    assert table.model.seats == ("human", "heuristic", "heuristic")
    shown = [dd.value for dd in table.widgets.seat_controls.dropdowns]
    assert shown == ["human", "Easy", "Easy"]
    hard = pitfall_table(players=3, seed=7, bots=2, bot="Hard", autosave=False)
    assert hard.model.seats[1:] == ("flat-mc", "flat-mc")
    example = next(
        line for line in README.read_text().splitlines()
        if re.match(r"table = pitfall_table\(players=3, seed=7, bots=2\)", line)
    )  # fmt: skip
    assert "Easy bots" in example and "random" not in example, example


def _walk(name: str, players: int, seeds: range, steps: int = 200):
    """The states of seeded random games (every state, in order)."""
    import random

    from tabletop import Match
    from tabletop.core.registry import make_game

    game = make_game(name, players=players)
    for seed in seeds:
        match, pick = Match(game, seed=seed), random.Random(seed)
        for _ in range(steps):
            if match.outcome() is not None:
                break
            yield game, match
            match.play(pick.choice(match.legal_actions()))


def test_the_status_line_keeps_one_tense():
    """ "rolled 3 and chooses forward or backward" mixed a past and a present;
    the pending sentence says the choice and the roll in the present."""
    from tabletop.draw.look import look_for
    from tabletop.table.words import pending_words

    said = set()
    for game, match in _walk("pitfall", 3, range(6), 60):
        look = look_for(game)
        _, what = pending_words(look, game, game.view(match.state, None))
        said.add(re.sub(r"\d+", "N", what))
    assert "chooses forward or backward for N spaces" in said, said
    mixed = [s for s in said if re.search(r"\b(rolled|landed|drew)\b.* and ", s)]
    assert not mixed, mixed


def test_a_way_button_says_checkpoint_once():
    """A way whose first space is the checkpoint it crosses read "via Persia–Nepal
    1 (checkpoint) (crosses a checkpoint: ...)"; it says the checkpoint once."""
    from tabletop.draw.look import look_for
    from tabletop.table.words import action_words

    ways = set()
    for game, match in _walk("raiders", 3, range(30)):
        look = look_for(game)
        for entry in match.explain():
            if entry.label and entry.label.startswith("towards"):
                ways.add(action_words(look, entry))
    crossing = [w for w in ways if "Passport or lose a turn" in w]
    assert any("via checkpoint " in w for w in crossing), crossing
    twice = [w for w in ways if w.lower().count("checkpoint") > 1]
    assert not twice, twice
