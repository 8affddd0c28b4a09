"""``tabletop.table`` is the table's logic for every screen, so it must run where no
widget library exists (a page with Python in the browser has only the standard
library): it imports nothing outside the standard library and ``tabletop``, and
a whole game is played through it with ipywidgets and traitlets blocked."""

from __future__ import annotations

import subprocess
import sys

import pytest

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


#: A move played from words or a button: who may act once (the turn once within
#: it), the mover's own space not asked, legality once (as the game applies it).
EACH_ONCE = {
    "refusal_to_act": 1,
    "turn_refusal": 1,
    "mover_space": 0,
    "check": 1,
    "apply": 1,
}


def _counted_table(monkeypatch, handover: bool = True):
    """A table of Raiders for two people, with the checks a gesture may make
    counted: who may act (``Seating.refusal_to_act`` and the ``turn_refusal``
    it asks), the mover's own space (``mover_space``), and the game's verdict
    (``check``, which ``apply`` asks as it plays)."""
    from tabletop import Match
    from tabletop.draw import look_for
    from tabletop.games.raiders import Raiders
    from tabletop.table import TableLogic, choices, seats

    game = Raiders(players=2)
    table = TableLogic(Match(game, seed=1), look_for(game), handover=handover)
    table.sync()
    calls = dict.fromkeys(
        ("refusal_to_act", "turn_refusal", "mover_space", "check", "apply"), 0
    )
    counted = _counter(monkeypatch, calls)
    counted(table.seating, "refusal_to_act")
    counted(seats, "turn_refusal")
    counted(choices, "mover_space")
    counted(game, "check")
    counted(game, "apply")
    return table, calls


def _counter(monkeypatch, calls: dict[str, int]):
    """``counted(owner, name)``: each call of ``owner.name`` adds one to
    ``calls[name]`` (and calls it)."""

    def counted(owner, name):
        real = getattr(owner, name)

        def count(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, count)

    return counted


def _stop_counting(monkeypatch, table, calls):
    """Once a gesture has played, what follows draws the new step: not counted."""
    monkeypatch.setattr(table, "sync", lambda: None)
    for name in calls:
        calls[name] = 0


def test_a_click_asks_who_may_act_once_and_legality_once(monkeypatch):
    """A click on a space that plays (RA-S-PLACE: placing a token) asks who may
    act once (the turn once within it), whether the mover stands there once,
    and checks the action once: as the game applies it."""
    table, calls = _counted_table(monkeypatch)
    _stop_counting(monkeypatch, table, calls)
    table.click_space("PERU")
    assert str(table.match.steps[-1].action) == "place PERU"
    assert calls == {**EACH_ONCE, "mover_space": 1}, "apply checks"


@pytest.mark.parametrize("gesture", ["choose", "enter", "press"])
def test_every_gesture_that_plays_asks_each_question_once(monkeypatch, gesture):
    """Notation, typed words and a button: who may act once, legality once."""
    table, calls = _counted_table(monkeypatch)
    entry = next(e for e in table.legal if str(e.action) == "place PERU")
    _stop_counting(monkeypatch, table, calls)
    if gesture == "choose":
        table.choose("place PERU")
    elif gesture == "enter":
        from tabletop.table import words

        table.enter(words.action_words(table.look, entry))
    else:
        table.press(entry)
    assert str(table.match.steps[-1].action) == "place PERU"
    assert calls == EACH_ONCE


def test_a_new_line_checks_the_action_once_and_an_illegal_one_starts_none(
    monkeypatch,
):
    """Played from an earlier step, an action starts a new line: checked once
    (by ``Match.play``, on the new line); an illegal one leaves the lines as
    they were."""
    from tabletop.core import IllegalActionError

    table, calls = _counted_table(monkeypatch, handover=False)
    first, other = (str(e.action) for e in table.legal[:2])
    table.choose(first)
    table.goto(0)
    lines = list(table.lines)
    _stop_counting(monkeypatch, table, calls)
    with pytest.raises(IllegalActionError):
        table.choose("roll")  # not a decision of this kind now
    assert table.lines == lines and table.match is lines[0]
    assert calls["check"] == 1 and calls["apply"] == 1
    calls.update(dict.fromkeys(calls, 0))
    table.choose(other)
    assert len(table.lines) == 2 and str(table.match.steps[-1].action) == other
    assert calls == EACH_ONCE


@pytest.mark.parametrize("side", ["server", "site"])
def test_a_tap_on_the_seat_page_asks_each_question_once(monkeypatch, side):
    """A tap that plays, on either transport (``Answerer.play``): whose turn it
    is once (for the page's seat), the table's own refusals once on the site
    (the hand-over, a new line: ``refusal_besides_turn``), legality once, as
    the match plays."""
    import json

    from tabletop.page import answerer
    from tabletop.table import seats
    from tests.transports import ServerSide, SiteSide

    made = (ServerSide if side == "server" else SiteSide)(
        "raiders", ["human", "random"], 1
    )
    made.hello()
    game = made.match.game
    calls = dict.fromkeys(
        ("refusal_to_act", "refusal_besides_turn", "turn_refusal", "check"), 0
    )
    counted = _counter(monkeypatch, calls)
    counted(answerer, "turn_refusal")
    counted(seats, "turn_refusal")
    counted(seats.Seating, "refusal_to_act")
    counted(seats.Seating, "refusal_besides_turn")
    counted(game, "check")
    assert game.to_move(made.match.state) == 0
    notation = str(made.match.legal_actions()[0])
    step = len(made.match)
    frames = made.send({"t": "play", "action": notation, "at": step})
    assert [f["t"] for f in frames][-1] == "ok", json.dumps(frames)[:300]
    assert len(made.match) == step + 1
    assert calls == {
        "refusal_to_act": 0,
        "refusal_besides_turn": 1 if side == "site" else 0,
        "turn_refusal": 1,
        "check": 1,
    }
