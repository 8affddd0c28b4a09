"""Event sentences are written when read, and read exactly as before.

Events keep their values (clause, kind, player, data) and build the sentence for
people from them only when ``text`` or ``public`` is read, so playouts, which read
no event, never build one. The golden files ``tests/golden/events_*.txt`` were
recorded before the sentences became lazy: for a seeded four-player game of each
game, every event's JSON and the line each seat, the public and the referee read
(``seen_by``, ``for_viewer``). They must come out byte for byte. Regenerate them
with ``python -m tests.test_event_text`` only after an intended change of wording,
and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.bots.registry import heuristic_module
from tabletop.core import Match, Rng
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES = {"pitfall": (Pitfall, 3), "raiders": (Raiders, 5)}
STEPS = 600


def played(name: str) -> Match:
    """A four-player game of ``name``: seats 0 and 1 play the game's heuristic
    policy, seats 2 and 3 a random legal action of a random kind."""
    cls, seed = GAMES[name]
    game = cls(players=4)
    policy = heuristic_module(game).policy
    match = Match(game, seed=seed)
    rng = Rng.from_seed(seed)
    while not match.over and len(match) < STEPS:
        if match.to_move() in (0, 1):
            action, rng = policy(game, match.state, rng)
        else:
            kinds: dict[type, list] = {}
            for action in match.legal_actions():
                kinds.setdefault(type(action), []).append(action)
            index, rng = rng.below(len(kinds))
            group = list(kinds.values())[index]
            index, rng = rng.below(len(group))
            action = group[index]
        match.play(action)
    return match


def transcript(match: Match) -> str:
    """Every event as JSON, and as each seat, the public and the referee read it."""
    viewers = [*range(match.game.players), "public", None]
    lines = []
    steps = [(0, "setup", match.setup_events)]
    steps += [(s.index, str(s.action), s.events) for s in match.steps]
    for index, action, events in steps:
        lines.append(f"{index} {action}")
        for event in events:
            lines.append("  " + json.dumps(event.to_json(), sort_keys=True))
            lines.append("  " + str(event))
            if not (event.secret or event.hidden):
                continue
            for viewer in viewers:
                shown = json.dumps(event.for_viewer(viewer).to_json(), sort_keys=True)
                lines.append(f"    {viewer}: {event.seen_by(viewer)} | {shown}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_event_sentences_read_as_recorded(name):
    """The sentences, public sentences and redacted views of every event of a
    seeded game match the recording byte for byte."""
    recorded = (GOLDEN / f"events_{name}.txt").read_text(encoding="utf-8")
    assert transcript(played(name)) == recorded


if __name__ == "__main__":
    for name in GAMES:
        (GOLDEN / f"events_{name}.txt").write_text(
            transcript(played(name)), encoding="utf-8"
        )
        print(f"wrote events_{name}.txt")
