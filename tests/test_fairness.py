"""The fairness report (``tabletop.sim.fairness``): the same figures on any
executor, intervals by their stated methods, bad input refused in words, the
report's words and plots.

The comparison runs Raiders at two players, Easy bots, 100 games under the
rulings and 100 under a house rule (RA-W-WIN: ``win_by_landing``), once in this
process and once on a dask ``LocalCluster`` of two workers with another chunk
size: the figures must be identical.
"""

from __future__ import annotations

import math
import pickle

import pytest

from tabletop.__main__ import main
from tabletop.sim import fairness
from tabletop.sim.estimates import Difference as Diff
from tabletop.sim.estimates import (
    holm,
    mean,
    proportion,
    proportion_difference,
    quantile,
    quantile_difference,
)
from tabletop.sim.fairness_play import FairnessChunk, run_fairness_chunk
from tabletop.sim.spec import BotSpec, GameSpec
from tabletop.sim.tally import Tally

SMALL = {
    "games": 100,
    "bots": "Easy",
    "skill": None,
    "seed": 3,
    "progress": False,
}


@pytest.fixture(scope="module")
def local():
    """RA-W-WIN: the rulings against ``win_by_landing``, in this process."""
    return fairness(
        "raiders", 2, against={"win_by_landing": True}, executor="local", **SMALL
    )


def test_the_same_comparison_on_a_local_cluster_gives_the_same_figures(local):
    """A dask LocalCluster of two workers, with another chunk size, gives every
    figure and difference exactly as this process did."""
    on_dask = fairness(
        "raiders",
        2,
        against={"win_by_landing": True},
        workers=2,
        chunk_size=7,
        **SMALL,
    )
    assert "LocalCluster of 2 workers" in on_dask.executor
    assert on_dask.to_dict() == local.to_dict()
    assert sum(t.games for t in on_dask.tallies.values()) == 200


def test_the_report_has_every_figure_with_an_interval(local):
    """Each seat's win rate, the first player's edge, lengths in turns and actions
    (median and quartiles), decisiveness, each with a 95% interval around it;
    both rule sets; the differences judged together by Holm's method."""
    data = local.to_dict()
    assert [r["name"] for r in data["rule_sets"]] == [
        "the rulings (A)",
        "house rules (B)",
    ]
    for name in ("the rulings (A)", "house rules (B)"):
        figures = data["figures"][name]["Easy"]
        for key in (
            "seat_0", "seat_1", "order_0", "first_edge", "actions_median",
            "actions_p25", "actions_p75", "turns_median", "leader_25", "leader_50",
            "leader_75", "lead_changes", "comebacks",
        ):  # fmt: skip
            f = figures[key]
            assert f["low"] <= f["value"] <= f["high"], key
        seats = figures["seat_0"]["value"] + figures["seat_1"]["value"]
        assert math.isclose(seats + figures["no_winner"]["value"], 1.0)
    assert len(data["differences"]) >= 9
    assert all(isinstance(d["beyond_chance"], bool) for d in data["differences"])
    assert "evaluation" in data["evaluation"] and "value model" in data["evaluation"]
    text = str(local)
    assert "Holm's method" in text and "RA-W-WIN" in text


def test_tallies_add_up_in_any_order():
    """Chunks merged in any order give the same tally: the figures cannot depend
    on which worker finished first."""
    spec = GameSpec.of("raiders", 2)
    chunks = [
        FairnessChunk(spec, (BotSpec("Easy"),), 1, (i, i + 1), 2000, "game")
        for i in range(0, 6, 2)
    ]
    parts = [run_fairness_chunk(c) for c in chunks]
    forward, backward = Tally(2), Tally(2)
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(pickle.loads(pickle.dumps(part)))
    assert forward == backward and forward.games == 6


def test_estimates_follow_their_stated_methods():
    """Wilson, order statistics, Newcombe (his worked example: 56/70 against
    48/80), Price-Bonett and Holm give their known answers."""
    p = proportion(81, 263)
    assert (round(p.low, 4), round(p.high, 4)) == (0.2553, 0.3662)
    d = proportion_difference("x", (48, 80), (56, 70))
    assert round(d.estimate.low, 4) == 0.0524 and round(d.estimate.high, 4) == 0.3339
    q = quantile({v: 1 for v in range(1, 101)}, 0.5)
    assert q.value == 50 and q.low == 40 and q.high == 61
    same = quantile_difference("y", {5: 10}, {5: 10})
    assert same.estimate.value == 0 and same.p == 1.0
    m = mean(10, 30, 5)
    assert m.value == 2.0 and m.low < 2.0 < m.high
    judged = holm([Diff("a", p, 0.01), Diff("b", p, 0.04), Diff("c", p, 0.03)])
    assert [d.beyond_chance for d in judged] == [True, False, False]
    judged = holm([Diff("a", p, 0.01), Diff("b", p, 0.02), Diff("c", p, 0.04)])
    assert [d.beyond_chance for d in judged] == [True, True, True]


@pytest.mark.parametrize(
    ("call", "words"),
    [
        ({"game": "chess"}, "no game named 'chess'"),
        ({"game": "raiders", "players": 7}, "2 to 6 players"),
        ({"game": "raiders", "against": {"land": True}}, "no rule option 'land'"),
        ({"game": "raiders", "rules": {"win_by_landing": 2}}, "takes False, True"),
        ({"game": "raiders", "bots": "Easy,chess"}, "unknown bot 'chess'"),
        ({"game": "raiders", "games": 0}, "at least 1"),
    ],
)
def test_bad_input_is_refused_in_words(call, words):
    with pytest.raises(ValueError, match=words):
        fairness(**call, executor="local", skill=None)


def test_one_skilled_bot_among_easy_ones_is_counted():
    """How much skill matters: one Medium bot (a budget in iterations) among Easy
    bots, its seat rotating, with its edge over its share by chance."""
    report = fairness(
        "raiders", 2, games=2, bots="Easy", skill="Medium", skill_games=2,
        iterations=2, executor="local", progress=False,
    )  # fmt: skip
    tally = report.tallies[0, "skill"]
    assert tally.skill_games == 2
    figure, edge = report.skill_result(0)
    assert figure.estimate.n == 2 and edge.estimate.n == 2
    assert "Medium" in str(report) and "2 iterations a decision" in str(report)


def test_html_report_is_readable_without_colour(local, tmp_path):
    """The page holds the figures' table, the differences judged together, and
    plots whose rule sets differ by hatching and line style, each captioned."""
    path = tmp_path / "fair.html"
    page = local.to_html(path)
    assert path.read_text(encoding="utf-8") == page
    assert page.count("<svg") >= 4 and page.count("<figcaption>") >= 4
    assert "<pattern" in page  # the hatched bars of rule set B
    assert "A plain and B hatched" in page and "B dashed with squares" in page
    assert "Holm" in page and "95% interval" in page


def test_fairness_command_line(tmp_path, capsys):
    """``tabletop fairness`` prints the report and writes the page; a bad rule
    option is refused in words with exit status 2."""
    out = tmp_path / "r.html"
    argv = [
        "fairness", "raiders", "--players", "2", "--games", "6", "--bots", "Easy",
        "--skill", "none", "--local", "--no-progress", "--against",
        "win_by_landing=yes", "--html", str(out),
    ]  # fmt: skip
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "house rules (B) minus the rulings (A)" in said and out.exists()
    assert main(["fairness", "raiders", "--local", "--rules", "win=yes"]) == 2
    assert "no rule option 'win'" in capsys.readouterr().err
