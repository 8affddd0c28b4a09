"""Make the small seeded saves that notebooks/experiment.ipynb loads (3 players) and
that ``benchmarks/playouts.py`` plays out from (4 players).

Run from the checkout: ``.venv/bin/python notebooks/saves/make_saves.py``. Bots play
each game for a fixed number of actions from a fixed seed, so the saves come out the
same every time (a test checks that they still load and replay).
"""

from __future__ import annotations

from pathlib import Path

from tabletop import Match
from tabletop.bots import make_bot
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders

HERE = Path(__file__).resolve().parent
SAVES = {
    "pitfall_3p_seed11.json": (Pitfall, 3, 11, 60, "heuristic"),
    "raiders_3p_seed5.json": (Raiders, 3, 5, 40, "random"),
    "pitfall_4p_seed12.json": (Pitfall, 4, 12, 80, "heuristic"),
    "raiders_4p_seed5.json": (Raiders, 4, 5, 40, "random"),
}


def make(game_class: type, players: int, seed: int, actions: int, bot: str) -> Match:
    """A match played by ``bot`` bots for ``actions`` actions."""
    game = game_class(players=players)
    match = Match(game, seed=seed)
    bots = [make_bot(bot, game, seed + seat) for seat in range(players)]
    while len(match) < actions and not match.over:
        seat = match.to_move()
        match.play(bots[seat].choose(game.view(match.state, seat)))
    return match


def main() -> None:
    for name, spec in SAVES.items():
        match = make(*spec)
        match.save(HERE / name)
        print(f"{name}: {match!r}")


if __name__ == "__main__":
    main()
