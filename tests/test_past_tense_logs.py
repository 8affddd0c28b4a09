"""The log and the recap ("What just happened") tell what happened in the past tense,
in every game: "rolled 4, went forward", "moved to Egypt", "was dealt 6 cards".

Each event line a person reads (``Look.event_sentence``, as each seat, the public and
the referee read it) and each recap line of seeded games of every game is checked
against the present-tense verbs the engines once used ("rolls", "moves to", "is
dealt"...). Words that tell what will come stay as they are ("will miss the next
turn", the viewer's own "miss your next turn: ..."), and so does the printed text
of a Raiders instruction space, which the log quotes ("landed on X: A tailwind
over the ocean: roll again.").
"""

from __future__ import annotations

import re

import pytest

from tabletop import Match
from tabletop.core import Rng
from tabletop.core.registry import REGISTRY
from tabletop.core.viewers import PUBLIC, REFEREE
from tabletop.draw.look import look_for
from tabletop.table.words import recap_turns
from tests.harness import by_kind

GAMES = ("pitfall", "raiders")
# The present-tense verbs of the old log lines ("player 0 rolls 4", "goes
# forward", "is dealt", "the cards are dealt: 6 each", "misses this turn"...).
PRESENT = re.compile(
    r"\b(?:moves|rolls|draws|takes|goes|stops|plays|stays|misses|lands|flies|"
    r"shows|(?<!the )discards|places|leaves|sends|keeps|wins|starts|lie|lies|"
    r"loses|cannot|has no|is dealt|are dealt|is given|is moved|roll again|"
    r"start on)\b"
)


def _played(name: str, seed: int, cap: int = 240) -> Match:
    game = REGISTRY.lookup(name).make(players=3)
    match = Match(game, seed=seed)
    rng = Rng.from_seed(seed ^ 0x7E5E)
    while not match.over and len(match) < cap:
        action, rng = by_kind(game, match.state, rng)
        match.play(action)
    return match


def _present(match: Match, line: str) -> list[str]:
    """The present-tense verbs of ``line``, but in the printed text of an
    instruction space it quotes (a Raiders board's: "A tailwind over the ocean:
    roll again.")."""
    for printed in getattr(match.game.board, "instructions", {}).values():
        line = line.replace(printed.text.removesuffix("."), "")
    return PRESENT.findall(line)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", (3, 11))
def test_every_log_line_is_in_the_past_tense(name, seed):
    match = _played(name, seed)
    look = look_for(match.game)
    viewers = [*range(match.game.players), PUBLIC, REFEREE]
    events = [*match.setup_events, *(e for s in match.steps for e in s.events)]
    kinds = set()
    for event in events:
        kinds.add(event.kind)
        for viewer in viewers:
            for line in (look.event_sentence(event, viewer), event.seen_by(viewer)):
                found = _present(match, line)
                assert not found, f"{name}: {line!r} says {found} ({event.clause})"
    assert {"roll", "deal"} <= kinds, kinds


@pytest.mark.parametrize("name", GAMES)
def test_the_edits_are_told_in_the_past_tense(name):
    match = _played(name, 5, cap=0)
    if name == "raiders":
        while match.state.phase != "turn":
            match.play(match.legal_actions()[0])
        card = match.state.deck[0]
        edits = [("give", {"player": 1, "card": card}), ("move", {"player": 0,
                 "to": next(c for c in match.game.board.countries
                            if c not in match.state.positions)})]  # fmt: skip
    else:
        edits = [("move_pawn", {"player": 1, "space": "A1"})]
    look = look_for(match.game)
    for op, args in edits:
        match.edit(op, **args)
        (event,) = match.steps[-1].events
        for viewer in (0, 1, PUBLIC, REFEREE):
            line = look.event_sentence(event, viewer)
            assert not _present(match, line), line
    match.force_roll(4)
    for viewer in (0, PUBLIC, REFEREE):
        line = look.event_sentence(match.steps[-1].events[0], viewer)
        assert not _present(match, line) and "was forced" in line, line


@pytest.mark.parametrize(
    "name, wanted",
    [("pitfall", ("rolled", "went ")), ("raiders", ("rolled", "moved to"))],
)
def test_the_recap_tells_a_turn_in_the_past_tense(name, wanted):
    """A Pitfall turn reads "rolled 4, went forward, ..." and a Raiders one "rolled
    3, moved to ..." in "What just happened", as each seat and the referee read
    it; the opening reads "the cards were dealt: 6 each"."""
    match = _played(name, 7, cap=60)
    look = look_for(match.game)
    lines = []
    for end in range(1, len(match.steps) + 1):
        for eyes in (None, 0, 1):
            lines += recap_turns(look, match.steps[:end], eyes)
    for who, said in lines:
        assert not _present(match, said), (who, said)
    told = [said for _, said in lines]
    assert any(all(w in said for w in wanted) for said in told), told[:10]
    if name == "raiders":
        assert any("the cards were dealt: 6 each" in said for said in told)
