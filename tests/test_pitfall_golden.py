"""The golden transcript of a seeded Pitfall game (tests/golden/pitfall_seed7.txt).

The game is replayed and its transcript compared exactly, so any change in rules,
randomness, notation or event text shows up here. After a deliberate change,
regenerate it with ``python -m tests.test_pitfall_golden`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core import Rng
from tabletop.games.pitfall import Pitfall
from tests.pitfall_policies import eager

GOLDEN = Path(__file__).parent / "golden" / "pitfall_seed7.txt"
SEED, PLAYERS = 7, 3


def transcript() -> str:
    """Seed 7, three players, the eager random policy seeded 7, to the end."""
    game = Pitfall(players=PLAYERS)
    state, events = game.setup(SEED)
    lines = [
        f"# Pitfall Harry, seed {SEED}, {PLAYERS} players, eager policy seed {SEED}"
    ]
    lines += [f"       {e}" for e in events]
    lines += [str(state), ""]
    rng = Rng.from_seed(SEED)
    step = 0
    while game.outcome(state) is None:
        step += 1
        mover = game.to_move(state)
        action, rng = eager(game.legal_actions(state), rng)
        state, events = game.apply(state, action)
        lines.append(f"{step:>5} P{mover} {action}")
        lines += [f"       {e}" for e in events]
    lines += ["", str(state), f"outcome: {game.outcome(state)}", ""]
    return "\n".join(lines)


def test_golden_transcript_seed7():
    """The seeded game's transcript matches the recorded one exactly."""
    assert transcript() == GOLDEN.read_text(encoding="utf-8")


if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
