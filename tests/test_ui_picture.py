"""A Table's display output carries an SVG picture of what it shows, so a notebook
saved without widget state still shows the board; behind a hand-over screen the
picture is the public view."""

from __future__ import annotations

from tabletop import Match
from tabletop.core import PUBLIC
from tabletop.games.pitfall import Pitfall
from tabletop.ui import Table, pitfall_table

SVG = "image/svg+xml"
WIDGET = "application/vnd.jupyter.widget-view+json"


def test_the_display_bundle_holds_the_widget_and_its_picture():
    table = pitfall_table(players=3, seed=5, bots=2)
    bundle = table._repr_mimebundle_()
    assert WIDGET in bundle and bundle[SVG].startswith("<svg")
    assert bundle[SVG] == table.match.svg(viewer=table.model.eyes)


def test_behind_the_hand_over_screen_the_picture_is_public():
    table = Table(Match(Pitfall(players=2), seed=3), seats=["human", "human"])
    while table.model.curtain is None:
        table.choose(table.legal[0].action)
    assert table.model.eyes in ("public", PUBLIC)
    assert table._repr_mimebundle_()[SVG] == table.match.svg(viewer="public")
