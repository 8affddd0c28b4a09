"""``tabletop.table`` is the table's logic for every screen, so it must run where no
widget library exists (a page with Python in the browser has only the standard
library): it imports nothing outside the standard library and ``tabletop``, and
a whole game is played through it with ipywidgets and traitlets blocked."""

from __future__ import annotations

import subprocess
import sys

BLOCKED_RUN = r"""
import importlib.abc, pkgutil, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"ipywidgets", "traitlets", "ipycanvas", "IPython"}:
            raise ImportError(f"{name} is blocked")
        return None

sys.meta_path.insert(0, Blocked())
import tabletop.table
for info in pkgutil.iter_modules(tabletop.table.__path__):
    __import__(f"tabletop.table.{info.name}")
outside = sorted(
    name for name in sys.modules
    if "." not in name and name != "tabletop" and not name.startswith("_")
    and name not in sys.stdlib_module_names
)
print("OUTSIDE", outside)

from tabletop import Match
from tabletop.core import make_game
from tabletop.draw.look import look_for
import json
from tabletop.table import TableLogic

for name in ("pitfall", "raiders"):
    game = make_game(name, players=3)
    table = TableLogic(Match(game, seed=5), look_for(game))
    table.seat_all(["human", "random", "random"])
    told = []
    table.on_change(lambda: told.append(table.step))
    table.sync()
    while table.to_move is not None:
        frame = table.frame()
        assert frame["refusal"] is None and frame["menus"][""]["buttons"]
        json.dumps(frame)
        table.choose(table.shown_actions()[0].action)
    print("OVER", name, table.step, len(told) > 0)
"""


def test_the_table_logic_imports_only_the_standard_library_and_plays_a_game():
    run = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "OUTSIDE []" in run.stdout, run.stdout
    assert run.stdout.count("OVER") == 2 and "False" not in run.stdout, run.stdout


def test_a_click_asks_who_may_act_once_and_legality_once(monkeypatch):
    """A click on a space that plays (RA-S-PLACE: placing a token) asks who may
    act once and checks the action once: as the game applies it."""
    from tabletop import Match
    from tabletop.draw import look_for
    from tabletop.games.raiders import Raiders
    from tabletop.table import TableLogic

    game = Raiders(players=2)
    table = TableLogic(Match(game, seed=1), look_for(game))
    table.sync()
    calls: dict[str, int] = {"refusal_to_act": 0, "check": 0, "apply": 0}

    def counted(owner, name):
        real = getattr(owner, name)

        def count(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, count)

    counted(table, "refusal_to_act")
    counted(game, "check")
    counted(game, "apply")
    # Stop counting once the click has played: what follows draws the new step.
    monkeypatch.setattr(table, "sync", lambda: None)
    table.click_space("PERU")
    assert str(table.match.steps[-1].action) == "place PERU"
    assert calls == {"refusal_to_act": 1, "check": 1, "apply": 1}, "apply checks"
