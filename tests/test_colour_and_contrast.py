"""Every player can tell the seats apart and read the cards (WCAG 2.2 AA).

- Never by colour alone: every pawn carries its seat's number, every seat's colour
  swatch too, and the chart's lines differ by their dash pattern and are named at
  their ends.
- The seat colours stay apart under simulated deuteranopia, protanopia and
  tritanopia: every pair differs by at least ``MARGIN`` (CIE76 Delta E; the old
  red and green differed by 17.5 under deuteranopia).
- Contrast: text on a card or a seat's colour reaches 4.5:1; the rings and
  outlines that mark targets and playable cards reach 3:1 against anything
  around them (a dark edge under a light ring).

Ratios are the WCAG formula's (``tabletop.draw.colours``).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tabletop import Match
from tabletop.core.registry import game_names, make_game
from tabletop.draw import look_for
from tabletop.draw.colours import (
    SIGHTS,
    closest_pair,
    contrast,
    difference,
    ink_on,
)
from tabletop.draw.pictures import match_scene
from tabletop.draw.shapes import Circle, Polygon, Rect, Text

MARGIN = 20.0  # CIE76 Delta E between any two seat colours, under every sight
TEXT, MARKS = 4.5, 3.0  # WCAG 2.2 AA: text 1.4.3, non-text marks 1.4.11
MOST_PLAYERS = {"pitfall": 4, "raiders": 6, "race": 4}


def most_seats(name: str) -> Any:
    """A game with as many seats as it takes (each seat shows its colour)."""
    for players in range(MOST_PLAYERS.get(name, 6), 1, -1):
        try:
            return make_game(name, players=players)
        except ValueError:
            continue
    return make_game(name)


def played(name: str, seed: int = 3, steps: int = 30) -> Match:
    match = Match(most_seats(name), seed=seed)
    rnd = random.Random(seed)
    while not match.over and len(match) < steps:
        match.play(rnd.choice(match.legal_actions()))
    return match


GAMES = game_names()


# -- the measures themselves ---------------------------------------------------------
def test_the_measures_agree_with_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert difference("#000000", "#ffffff") == pytest.approx(100.0, abs=0.01)
    # The old palette's red and green, as the issue measured them.
    assert difference("#d32f2f", "#2e7d32") == pytest.approx(102.8, abs=0.1)
    assert difference("#d32f2f", "#2e7d32", "deuteranopia") == pytest.approx(
        17.5, abs=0.1
    )
    for fill in ("#ffeb3b", "#1976d2", "#808080", "#767676", "#e65100"):
        assert contrast(ink_on(fill), fill) >= TEXT


# -- seat colours ----------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("sight", SIGHTS)
def test_every_pair_of_seat_colours_stays_apart_under_every_sight(name, sight):
    game = most_seats(name)
    palette = list(look_for(game).seat_colors[: game.players])
    gap, i, j = closest_pair(palette, sight)
    assert gap >= MARGIN, (
        f"{name}, {sight}: seats {i} and {j} ({palette[i]}, {palette[j]}) "
        f"differ by Delta E {gap:.1f} < {MARGIN}"
    )


# -- never by colour alone -------------------------------------------------------------
def _under(shapes: list[Any], x: float, y: float) -> str | None:
    """The fill of the topmost filled rectangle or disc under (x, y)."""
    for s in reversed(shapes):
        if (
            type(s) is Rect
            and s.fill
            and s.x <= x <= s.x + s.w
            and s.y <= y <= s.y + s.h
        ):
            return s.fill
        if type(s) is Circle and s.fill and (s.x - x) ** 2 + (s.y - y) ** 2 <= s.r**2:
            return s.fill
    return None


def _text_middle(t: Text) -> tuple[float, float]:
    """Where a line of text's letters are (about): its middle, a third up."""
    x = t.x + {"left": 0.3 * t.size, "right": -0.3 * t.size}.get(t.align, 0.0)
    return x, t.y - 0.35 * t.size


@pytest.mark.parametrize("name", GAMES)
def test_every_pawn_carries_its_seat_number_legibly(name):
    match = played(name)
    look, view = look_for(match.game), match.game.view(match.state, None)
    layer = look.pieces(view)
    shapes = list(layer.shapes)
    for seat in range(match.game.players):
        spot = look.spot(view, seat)
        if spot is None:
            continue
        numbers = [
            (k, s) for k, s in enumerate(shapes)
            if type(s) is Text and s.text == str(seat)
            and abs(s.x - spot[0]) <= 12 and abs(s.y - spot[1]) <= 16
        ]  # fmt: skip
        assert numbers, f"{name}: seat {seat}'s pawn carries no number"
        k, text = numbers[-1]
        assert text.size * layer.scale >= 9, "large enough to read"
        fill = _under(shapes[:k], *_text_middle(text))
        assert fill is not None and contrast(text.fill, fill) >= TEXT, (
            f"{name}: seat {seat}'s number {text.fill} on {fill}"
        )


@pytest.mark.parametrize("name", GAMES)
def test_the_pictures_seat_rows_and_turn_dot_carry_the_seat_number(name):
    match = played(name)
    scene = match_scene(match, None)
    look = look_for(match.game)
    for layer in ("seats", "status"):
        shapes = list(scene.layer(layer).shapes)
        for k, s in enumerate(shapes):
            if type(s) is not Text:
                continue
            fill = _under(shapes[:k], *_text_middle(s))
            if fill in look.seat_colors and s.text.isdigit():
                assert s.text == str(look.seat_colors.index(fill))
                assert contrast(s.fill, fill) >= TEXT
    seats = scene.layer("seats").shapes
    numbers = {s.text for s in seats if type(s) is Text and s.text.isdigit()}
    assert numbers >= {str(seat) for seat in range(match.game.players)}


class Recorder:
    """A stand-in canvas that keeps what was drawn, with the style it was drawn in."""

    def __init__(self) -> None:
        self.fill_style = self.stroke_style = "#000000"
        self.line_width, self.font, self.text_align = 1.0, "", "left"
        self.texts: list[tuple[str, str, float, float]] = []
        self.fills: list[tuple[str, float, float, float, float]] = []
        self.strokes: list[tuple[str, float]] = []

    def fill_text(self, text: str, x: float, y: float, max_width: Any = None) -> None:
        self.texts.append((text, self.fill_style, x, y))

    def fill_rect(self, x: float, y: float, w: float, h: float = 0.0) -> None:
        self.fills.append((self.fill_style, x, y, w, h))

    def stroke_rect(self, *args: float) -> None:
        self.strokes.append((self.stroke_style, self.line_width))

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None  # other drawing calls: not inspected


def _hand_view(name: str, seat: int = 0) -> Any:
    from tabletop.ui.hands import CardSprites, HandView

    look = look_for(most_seats(name))
    return HandView(look, seat, 640, lambda i: None, CardSprites(look))


@pytest.mark.parametrize("name", GAMES)
def test_a_notebook_hand_title_shows_the_seat_number_on_its_colour(name):
    for seat in range(most_seats(name).players):
        hand = _hand_view(name, seat)
        c = Recorder()
        hand._draw_title(c, 3, "", False)
        colour = hand.look.seat_colors[seat]
        drawn = [(ink, x) for text, ink, x, _ in c.texts if text == str(seat)]
        assert drawn, f"{name}: seat {seat}'s hand title has no number"
        assert contrast(drawn[0][0], colour) >= TEXT


def test_the_chart_tells_the_seats_apart_by_dash_and_name():
    from tabletop.analysis.charts import plot_advantage
    from tabletop.analysis.evaluation import Evaluation

    timeline = [
        Evaluation(step, wins, 100, None)
        for step, wins in enumerate(
            [(30, 30, 20, 20), (40, 30, 20, 10), (50, 30, 15, 5)]
        )
    ]
    names = [f"Player {s}" for s in range(4)]
    fig = plot_advantage(None, timeline, players=4, names=names)
    ax = fig.axes[0]
    # The dash pattern as drawn (a custom pattern reads "--" in get_linestyle).
    dashes = [(ln.get_linestyle(), ln._unscaled_dash_pattern) for ln in ax.lines]
    assert len(dashes) == 4 and len(set(map(repr, dashes))) == 4, dashes
    labels = [t for t in ax.texts if t.get_text() in names]
    assert sorted(t.get_text() for t in labels) == names, "each line named"
    for t in labels:
        x, _ = t.get_position()
        assert x >= 2, "at the line's end"
        assert contrast(t.get_color(), "#ffffff") >= TEXT


# -- contrast of text on cards ---------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_card_face_s_text_reads_on_its_colour(name):
    look = look_for(most_seats(name))
    low = {
        kind: round(contrast(look.face(kind).ink, look.face(kind).color), 2)
        for kind in look.card_kinds()
    }
    assert all(r >= TEXT for r in low.values()), {
        k: r for k, r in low.items() if r < TEXT
    }


@pytest.mark.parametrize("name", GAMES)
def test_the_notebook_card_sprites_write_in_the_face_s_ink(name):
    from tabletop.ui.hands import _draw_face

    look = look_for(most_seats(name))
    for kind in look.card_kinds():
        face = look.face(kind)
        c = Recorder()
        _draw_face(c, face, details=True)
        header = [ink for text, ink, _, y in c.texts if y < 30]  # on the colour band
        assert header and all(contrast(ink, face.color) >= TEXT for ink in header)
        below = [ink for text, ink, _, y in c.texts if y >= 30]  # on the cream
        assert all(contrast(ink, "#fffdf5") >= TEXT for ink in below)


@pytest.mark.parametrize("name", GAMES)
def test_the_picture_s_card_faces_write_in_the_face_s_ink(name):
    match = played(name)
    shapes = list(match_scene(match, None).layer("seats").shapes)
    faces = 0
    for k, s in enumerate(shapes):
        if type(s) is Text and s.align == "center" and s.x > 20:  # past the strip
            fill = _under(shapes[:k], *_text_middle(s))
            assert fill is not None and contrast(s.fill, fill) >= TEXT, (s.text, fill)
            faces += 1
    assert faces


@pytest.mark.parametrize("name", GAMES)
def test_the_page_s_hand_payload_gives_each_card_its_ink(name):
    from tabletop.table.frame import board_payload, hand_payload

    match = played(name)
    look = look_for(match.game)
    view = match.game.view(match.state, None)
    for seat in range(match.game.players):
        for card in hand_payload(look, view, seat, None)["cards"]:
            if card is not None:
                assert contrast(card["ink"], card["color"]) >= TEXT, card
    board = board_payload(look)
    for colour, ink in zip(board["colors"], board["inks"], strict=True):
        assert contrast(ink, colour) >= TEXT


def test_the_page_colours_card_text_and_numbers_its_seat_dots():
    from tabletop.page.template import SCRIPT_FILE

    text = SCRIPT_FILE.read_text(encoding="utf-8")
    assert "b.style.color = c.ink" in text
    assert "chip.style.color = c.ink" in text
    assert "dot.textContent = String(seat)" in text


# -- rings and outlines --------------------------------------------------------------
def _board_fills(look: Any) -> set[str]:
    return {
        s.fill
        for s in look.board().shapes
        if type(s) in (Rect, Circle, Polygon) and s.fill
    }


def _stands_out(colours: list[str], around: set[str]) -> dict[str, float]:
    """The backgrounds against which none of ``colours`` reaches 3:1."""
    return {
        bg: round(max(contrast(c, bg) for c in colours), 2)
        for bg in around
        if max(contrast(c, bg) for c in colours) < MARKS
    }


@pytest.mark.parametrize("name", GAMES)
def test_the_board_s_target_and_selection_rings_stand_out_from_any_land(name):
    look = look_for(most_seats(name))
    sids = list(look.xy)[:3]
    layer = look.marks(targets=sids[:2], selected=sids[2])
    for sid in sids:
        x, y = look.xy[sid]
        ring = [
            s for s in layer.shapes
            if type(s) is Circle and (s.x, s.y) == (x, y) and s.stroke
        ]  # fmt: skip
        assert len(ring) == 2, f"{sid}: a dark edge and a coloured ring"
        edge, colour = ring
        assert edge.stroke.width > colour.stroke.width  # shows either side
        assert contrast(edge.stroke.color, colour.stroke.color) >= MARKS
        colours = [edge.stroke.color, colour.stroke.color]
        assert not _stands_out(colours, _board_fills(look) | {"#ffffff"})


@pytest.mark.parametrize("name", GAMES)
def test_the_page_s_target_rings_have_a_dark_edge(name):
    from tabletop.draw.look import SELECTED_COLOR
    from tabletop.page.template import STYLE_FILE
    from tabletop.table.frame import targets_svg

    look = look_for(most_seats(name))
    legal = next(
        m.explain() for m in (played(name, seed, steps=6) for seed in range(20))
        if any(e.spaces for e in m.explain())
    )  # fmt: skip
    svg = targets_svg(look, legal)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    circles = list(root.iter("{http://www.w3.org/2000/svg}circle"))
    rings = [c for c in circles if c.get("class") == "target"]
    edges = [c for c in circles if c.get("class") == "target-edge"]
    assert len(edges) == len(rings)
    for edge, ring in zip(edges, rings, strict=True):
        assert (edge.get("cx"), edge.get("cy")) == (ring.get("cx"), ring.get("cy"))
        assert float(edge.get("stroke-width")) >= 5 + 2  # wider than a selected ring
        colours = [edge.get("stroke"), ring.get("stroke"), SELECTED_COLOR]
        assert contrast(colours[0], colours[1]) >= MARKS
        assert contrast(colours[0], colours[2]) >= MARKS
        assert not _stands_out(colours[:2], _board_fills(look))
        assert not _stands_out([colours[0], colours[2]], _board_fills(look))
    css = STYLE_FILE.read_text(encoding="utf-8")
    assert f".target.selected {{ stroke: {SELECTED_COLOR};" in css


def _card_colours() -> set[str]:
    out = {"#5d4037"}
    for name in GAMES:
        look = look_for(most_seats(name))
        out |= {look.face(kind).color for kind in look.card_kinds()}
    return out


def test_the_page_s_playable_outline_is_a_light_ring_on_a_dark_one():
    from tabletop.page.template import STYLE_FILE

    css = STYLE_FILE.read_text(encoding="utf-8")
    rule = re.search(r"\.card\.playable \{([^}]*)\}", css)
    assert rule, "a .card.playable rule"
    outline = re.search(r"outline:[^;]*(#[0-9a-fA-F]{3,6})", rule.group(1))
    shadow = re.search(r"box-shadow:[^;]*(#[0-9a-fA-F]{3,6})", rule.group(1))
    assert outline and shadow, "an outline over a dark box-shadow ring"
    light, dark = outline.group(1), shadow.group(1)
    page = re.search(r"body \{[^}]*background: (#[0-9a-fA-F]{3,6})", css).group(1)
    assert contrast(light, dark) >= MARKS
    assert contrast(dark, page) >= MARKS  # the outer ring against the page
    assert contrast(light, "#212121") >= MARKS  # the inner ring against the border


def test_the_page_s_focus_ring_on_a_playable_card_stands_out():
    """A focused playable card: the playable rings, a white halo, then the focus
    outline; each ring reaches 3:1 against what lies beside it."""
    from tabletop.page.template import STYLE_FILE

    css = STYLE_FILE.read_text(encoding="utf-8")
    rule = re.search(r"#hand \.card\.playable:focus-visible \{([^}]*)\}", css)
    assert rule, "a focus rule that outranks .card.playable"
    outline = re.search(r"outline:[^;]*(#[0-9a-fA-F]{3,6})", rule.group(1)).group(1)
    rings = re.findall(r"(#[0-9a-fA-F]{3,6})", rule.group(1).split("box-shadow:")[1])
    light, dark, halo = rings
    page = re.search(r"body \{[^}]*background: (#[0-9a-fA-F]{3,6})", css).group(1)
    assert contrast(outline, halo) >= MARKS  # the focus ring against its halo
    assert contrast(outline, page) >= MARKS  # and against the page
    assert contrast(halo, dark) >= MARKS  # the halo against the playable ring
    assert contrast(light, dark) >= MARKS


@pytest.mark.parametrize("name", GAMES)
def test_the_notebook_hand_s_playable_outline_stands_out_on_any_card(name):
    hand = _hand_view(name)
    kinds = hand.look.card_kinds()[:4]
    c = Recorder()
    hand._draw_marks(c, kinds, len(kinds), set(kinds), set(), set())
    colours = list(dict.fromkeys(colour for colour, _ in c.strokes))
    assert len(colours) == 2, "a dark ring and a light ring"
    assert contrast(*colours) >= MARKS
    assert not _stands_out(colours, _card_colours() | {"#ffffff", "#fffdf5"})
