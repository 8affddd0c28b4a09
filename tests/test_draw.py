"""Pictures without a kernel: SVG of every step, replays, PNG/GIF, and no leaks.

Every picture is built from a viewer's view; the leak checks re-deal what the viewer
cannot see (``determinize``) and require the very same SVG text, so nothing hidden
can have reached the picture. Secret event texts (a card drawn, cards swapped) must
not appear in another seat's replay either.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tabletop import Match
from tabletop.draw import PUBLIC, Pen, Scene, match_svg, scene_svg
from tabletop.draw.pictures import moment
from tabletop.draw.replay import replay_data, replay_html
from tabletop.draw.scenes import SEAT_STRIP, Moment, scene, view_of
from tabletop.games.pitfall import Pitfall
from tabletop.games.raiders import Raiders
from tests.leaks import resampled_worlds

try:  # the example game, installed as its own package (pip install -e examples/race)
    from race import Race
except ImportError:
    Race = None

SVG = "{http://www.w3.org/2000/svg}"
GAMES = {"pitfall": Pitfall, "raiders": Raiders, "race": Race}
NEEDS_RACE = pytest.mark.skipif(Race is None, reason="pip install -e examples/race")


def played(name: str, players: int, seed: int, steps: int) -> Match:
    """A seeded random game of ``steps`` steps (or fewer if it ends)."""
    match = Match(GAMES[name](players=players), seed=seed)
    rnd = random.Random(seed)
    while not match.over and len(match) < steps:
        match.play(rnd.choice(match.legal_actions()))
    return match


def viewers(match: Match) -> list:
    return [None, PUBLIC, *range(match.game.players)]


@pytest.fixture(
    scope="module",
    params=[
        ("pitfall", 3, 2),
        ("raiders", 3, 4),
        pytest.param(("race", 3, 1), marks=NEEDS_RACE),
    ],
)
def match(request) -> Match:
    name, players, seed = request.param
    return played(name, players, seed, 90)


def test_every_step_is_well_formed_svg_for_every_viewer(match):
    for step in range(len(match) + 1):
        for viewer in viewers(match):
            root = ET.fromstring(match_svg(match, viewer, step))
            assert root.tag == SVG + "svg"
            layers = [g.get("class") for g in root.findall(SVG + "g")]
            assert layers == [
                "layer-board",
                "layer-table",
                "layer-marks",
                "layer-pieces",
                "layer-status",
                "layer-seats",
            ]


def _resampled_svgs(match: Match, step: int, viewer, seat: int) -> list[str]:
    """Pictures of worlds re-dealt (tests/leaks.py) from ``seat``'s view of a step
    and of the step before it."""
    game = match.game
    real = moment(match, step, viewer)
    nows = resampled_worlds(game, match.state_at(step), seat, samples=2)
    if step:
        befores = resampled_worlds(game, match.state_at(step - 1), seat, samples=2)
    else:
        befores = [None, None]
    out = []
    for now, before in zip(nows, befores, strict=True):
        old = None if before is None else view_of(game, before, viewer)
        fake = Moment(view_of(game, now, viewer), old, step, real.steps, real.sentences,
                      real.events, real.die, real.over)  # fmt: skip
        out.append(scene_svg(scene(game, fake, viewer)))
    return out


def test_a_seats_picture_shows_nothing_it_may_not_see(match):
    """Re-dealing every card a seat cannot see leaves its picture unchanged."""
    for step in range(0, len(match) + 1, 3):
        for seat in range(match.game.players):
            shown = match_svg(match, seat, step)
            assert set(_resampled_svgs(match, step, seat, seat)) == {shown}, step


def test_the_public_picture_shows_no_hand(match):
    """Re-dealt from any seat's view, the public picture stays the same."""
    for step in range(0, len(match) + 1, 5):
        shown = match_svg(match, PUBLIC, step)
        for seat in range(match.game.players):
            assert set(_resampled_svgs(match, step, PUBLIC, seat)) == {shown}, step


def test_the_referee_sees_what_a_re_deal_changes(match):
    """The check has teeth: the referee's picture does change when cards move."""
    step = len(match)
    shown = match_svg(match, None, step)
    assert set(_resampled_svgs(match, step, None, 0)) != {shown}


def test_hidden_hands_are_drawn_face_down(match):
    """Seat 0's picture names only the cards in seat 0's hand in the seats' rows."""
    from tabletop.draw import look_for

    d = look_for(match.game)
    view = view_of(match.game, match.state, 0)
    mine = {d.face(k).name for k in d.hand(view, 0)}
    root = ET.fromstring(match.svg(viewer=0))
    seats = root.find(f"{SVG}g[@class='layer-seats']")
    # Past each row's colour strip, which carries the seat's number.
    names = {t.text for t in seats.iter(SVG + "text") if float(t.get("x")) > SEAT_STRIP}
    every = {d.face(k).name for k in _every_card(match.game)}
    assert every & names <= mine | _split(mine)
    for seat in range(1, match.game.players):
        assert isinstance(d.hand(view, seat), int)


def _every_card(game) -> list[str]:
    if hasattr(game, "card_kinds"):
        return list(game.card_kinds())
    if game.name == "pitfall":
        from tabletop.games.pitfall.cards import CARDS

        return list(CARDS)
    from tabletop.games.raiders.cards import CARD_KINDS, country_card

    return [k for k in CARD_KINDS if k != "country"] + [
        country_card(c) for c in game.board.countries
    ]


def _split(names: set[str]) -> set[str]:
    return {word for name in names for word in name.split(" ", 1)}


def test_secret_event_texts_stay_out_of_other_seats_replays():
    """PH-2B-SWAP names the swapped cards: only the two seats involved read them."""
    match = played("pitfall", 3, 5, 150)
    secrets = [
        e for s in match.steps for e in s.events if e.secret and e.text != e.public
    ]
    assert secrets, "the seeded game should hold a secret event"
    for viewer in (PUBLIC, 0, 1, 2):
        page = replay_html(match, viewer)
        for event in secrets:
            if viewer != event.player:
                assert event.text not in page
        assert f"seed {match.seed}" not in page  # the seed would deal the cards again
    assert f"seed {match.seed}" in replay_html(match, None)


def test_status_names_whose_turn_and_the_last_step():
    match = played("raiders", 2, 1, 6)
    root = ET.fromstring(match.svg(viewer=0))
    status = root.find(f"{SVG}g[@class='layer-status']")
    texts = [t.text for t in status.iter(SVG + "text")]
    mover = match.to_move()
    assert any(f"Player {mover}" in t and "to move" in t for t in texts)
    assert any(t.startswith("last: ") for t in texts)
    assert f"step {len(match)} of {len(match)}" in " ".join(texts)


def test_text_is_escaped_in_svg():
    pen = Pen()
    pen.text(10, 10, 'a <b> & "c" </svg><script>x</script>')
    svg = scene_svg(Scene(50, 20, (pen.layer("status"),), title="<t>&"))
    root = ET.fromstring(svg)
    assert "<script>" not in svg and "<b>" not in svg
    text = root.find(f"{SVG}g/{SVG}text")
    assert text.text == 'a <b> & "c" </svg><script>x</script>'


def test_replay_page_escapes_its_title_and_data():
    match = played("pitfall", 2, 3, 4)
    page = replay_html(match, PUBLIC, title="</title><script>alert(1)</script>")
    assert "<script>alert(1)" not in page
    script = page.split("<script>", 1)[1]
    assert script.count("</script>") == 1  # the data cannot end the script early


def test_replay_holds_the_board_once_and_steps_as_changes():
    match = played("pitfall", 3, 2, 60)
    board, data = replay_data(match, 1)
    assert len(data["steps"]) == len(match) + 1
    assert board.count("PITFALL HARRY") == 1
    assert len(data["shapes"]) < 40 * len(data["steps"])
    assert len(data["log"]) == len(match) + 1


@pytest.mark.slow
def test_a_2000_step_replay_stays_under_5_mb(tmp_path):
    match = played("pitfall", 4, 0, 2000)
    assert len(match) == 2000
    path = match.export_html(tmp_path / "game.html", viewer=1)
    assert path.stat().st_size < 5_000_000


def test_match_shows_as_svg_in_a_notebook_public_by_default():
    match = played("raiders", 3, 4, 10)
    bundle = match._repr_mimebundle_()
    assert bundle["text/plain"] == repr(match)
    assert bundle["image/svg+xml"] == match.svg(viewer=PUBLIC)
    assert "public view" in bundle["image/svg+xml"]
    assert match._repr_svg_() == bundle["image/svg+xml"]


def test_svg_of_an_earlier_step_and_bad_viewers():
    match = played("pitfall", 2, 3, 10)
    assert "step 4 of 10" in match.svg(viewer=0, step=4)
    with pytest.raises(ValueError):
        match.svg(viewer=2)
    with pytest.raises(ValueError):
        match.svg(viewer="seat 1")
    with pytest.raises(IndexError):
        match.svg(step=11)


def test_save_image_svg_png_and_gif(tmp_path):
    match = played("pitfall", 2, 3, 5)
    svg = match.save_image(tmp_path / "pos.svg", viewer=0)
    assert svg.read_text().startswith("<svg")
    png = match.save_image(tmp_path / "pos.png", viewer=1, step=2)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    gif = match.export_gif(tmp_path / "game.gif", steps=range(3), scale=0.25)
    assert gif.read_bytes()[:6] == b"GIF89a"
    with pytest.raises(ValueError):
        match.save_image(tmp_path / "pos.jpg")


def test_draw_imports_no_jupyter_package():
    code = (
        "import sys, tabletop.draw, tabletop.core\n"
        "bad = {'ipywidgets', 'ipycanvas', 'traitlets', 'IPython'} & set(sys.modules)\n"
        "print(sorted(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stderr


def test_coordinates_are_short():
    svg = played("raiders", 2, 1, 3).svg()
    assert not re.search(r"\d\.\d{3}", svg)
