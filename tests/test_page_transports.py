"""One page, one answerer: the seat server's room and the static site's room of
one device answer the page's frames alike (``tests/transports.py`` drives both
with the same frames), the site takes nothing from the server's package, and
the page's script holds none of the table's figures."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.core.registry import game_names, make_game
from tests import transports


def _seats(name: str, bots: tuple[str, ...]) -> list[str]:
    low = max(2, min(make_game(name).players, 4))
    return ["human", *[bots[k % len(bots)] for k in range(low - 1)]]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_server_and_the_site_answer_the_same_frames_alike(name, seed):
    """Plays, stale and early taps, nonsense, malformed frames, pings, looks
    back and bot moves: every answer the same on both transports."""
    bots = ("heuristic", "random") if seed != 2 else ("random",)
    seats = _seats(name, bots)
    found, compared, made = transports.walk(name, seats, seed, 60)
    assert found is None, str(found)
    assert compared > 40 and made > 20


def test_the_comparison_finds_a_transport_that_words_a_refusal_its_own_way(
    monkeypatch,
):
    """The walk can fail: a site that says a stale tap in other words is caught."""
    from tabletop.site import local

    real = local.Answerer.play

    def other_words(self, seat, notation, at):
        refusal = real(self, seat, notation, at)
        if refusal is not None and refusal.clause == "TT-STALE":
            return type(refusal)("TT-STALE", "too late")
        return refusal

    monkeypatch.setattr(local, "Answerer", type("Other", (local.Answerer,), {}))
    monkeypatch.setattr(local.Answerer, "play", other_words)
    found = None
    for seed in range(1, 6):
        found = found or transports.walk("pitfall", ["human", "random"], seed, 60)[0]
    assert found is not None and "too late" in found.what


def test_the_page_s_script_holds_no_figure_of_the_table():
    """Tap reach, zoom and follow figures come from Python (filled in)."""
    from tabletop.draw.figures import page_figures
    from tabletop.page.template import SCRIPT_FILE, page_html

    script = SCRIPT_FILE.read_text(encoding="utf-8")
    assert "const FIG = {{FIGURES}};" in script
    figures = page_figures()
    for value in figures.values():
        if value != int(value):  # a whole number is any count; a fraction is ours
            literal = re.escape(repr(value))
            assert not re.search(rf"(?<![\w.]){literal}(?![\w.])", script), value
    # the reach, follow and zoom as the script used to write them
    for old in ('"r") + 4', "22 * perPixel", "room = 60", "ZOOM_MOST = 4"):
        assert old not in script, old
    for name in figures:
        assert f"FIG.{name}" in script, f"the page uses {name}"
    filled = page_html("r", 2, "n")
    at = filled.index("const FIG = ") + len("const FIG = ")
    assert json.loads(filled[at : filled.index(";", at)]) == figures
