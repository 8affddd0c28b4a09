"""Saved notebooks show the board: nbconvert's HTML of a played notebook holds it.

A small notebook plays a seeded match, shows the match itself (its SVG repr) and a
widget whose display bundle carries the picture (``with_picture``, what a Table
adds to its own bundle). It is executed and converted to HTML by nbconvert, as a
teacher publishing a lesson would; the HTML and the saved notebook must hold the
picture of the last step, as the chosen seat saw it.

Every picture stored in a shipped notebook carries a PNG beside its SVG (JupyterLab
draws no SVG in a notebook it does not trust, as a fresh clone is): a small palette
image of the SVG's size that is not blank.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("examples/*/*.ipynb")])

CELLS = [
    """import random
from tabletop import Match
from tabletop.games.pitfall import Pitfall
match = Match(Pitfall(players=3), seed=5)
chooser = random.Random(5)
for _ in range(25):
    match.play(chooser.choice(match.legal_actions()))""",
    "match",
    """import ipywidgets
from IPython.display import display
from tabletop.draw import with_picture
live = ipywidgets.Label("the live table would be here")
display(with_picture(live._repr_mimebundle_(), match, viewer=1), raw=True)""",
]


def test_nbconvert_html_of_a_played_notebook_shows_the_board(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    source = tmp_path / "played.ipynb"
    nbformat.write(notebook, source)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    # Executed and saved without the widget state, as JupyterLab saves by default
    # (the widget cannot be rebuilt, so nbconvert takes the next format of its
    # output: the picture); then the saved notebook is published as HTML.
    commands = (
        ["--execute", "--ExecutePreprocessor.store_widget_state=False",
         "--to", "notebook", "--output", "out.notebook", str(source)],
        ["--to", "html", "--output", "out", str(tmp_path / "out.notebook.ipynb")],
    )  # fmt: skip
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "jupyter", "nbconvert", *args],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]

    saved = json.loads((tmp_path / "out.notebook.ipynb").read_text())
    outputs = [o for cell in saved["cells"] for o in cell.get("outputs", [])]
    pictures = [o["data"]["image/svg+xml"] for o in outputs if "data" in o
                and "image/svg+xml" in o["data"]]  # fmt: skip
    assert len(pictures) == 2
    assert all("image/png" in o["data"] for o in outputs if "data" in o
               and "image/svg+xml" in o["data"])  # fmt: skip
    public, seat1 = ("".join(p) if isinstance(p, list) else p for p in pictures)
    assert "step 25 of 25" in public and "public view" in public
    assert "step 25 of 25" in seat1 and "seen by player 1" in seat1

    html = (tmp_path / "out.html").read_text()
    shown = [  # nbconvert embeds SVG outputs as data: images
        base64.b64decode(data).decode("utf-8", "replace")
        for data in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    ]
    boards = [svg for svg in shown if "PITFALL HARRY" in svg]
    assert len(boards) == 2
    assert "step 25 of 25 \u00b7 public view" in boards[0]
    assert "step 25 of 25 \u00b7 seen by player 1" in boards[1]


TABLE_CELLS = [
    """from tabletop.ui import raiders_table
table = raiders_table(players=2, seed=4, bots=0)
table""",
    "table.summary()",
    """for _ in range(12):  # two humans play by the table's own buttons
    table.model.reveal()  # the one the laptop was passed to takes it
    table.choose(table.legal[0].action)
table.model.step""",
]


def test_a_played_table_is_saved_showing_its_last_step(tmp_path):
    """The Table's picture and its summary follow it: played in later cells, the
    notebook saved afterwards shows the last step (saved outputs and nbconvert
    HTML), and the
    widget state it stores carries the ``state`` key notebook viewers need."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(src) for src in TABLE_CELLS]
    source = tmp_path / "table.ipynb"
    nbformat.write(notebook, source)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    commands = (
        ["--execute", "--to", "notebook", "--output", "out.notebook", str(source)],
        ["--to", "html", "--output", "out", str(tmp_path / "out.notebook.ipynb")],
    )
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "jupyter", "nbconvert", *args],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-3000:]

    saved = json.loads((tmp_path / "out.notebook.ipynb").read_text())
    first = saved["cells"][0]["outputs"]
    kinds = [sorted(o.get("data", {})) for o in first]
    assert "application/vnd.jupyter.widget-view+json" in kinds[0]
    pictures = ["".join(o["data"]["image/svg+xml"]) for o in first[1:]]
    assert len(pictures) == 1
    assert "step 12 of 12" in pictures[0]
    assert "step 0 of 0" not in pictures[0]
    widgets = saved["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]
    assert isinstance(widgets["state"], dict) and widgets["state"]
    assert "version_major" in widgets

    html = (tmp_path / "out.html").read_text()
    shown = [
        base64.b64decode(data).decode("utf-8", "replace")
        for data in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", html)
    ]
    assert any("step 12 of 12" in svg for svg in shown)
    # The summary shown before playing follows the table as its picture does:
    # the saved notebook does not say "step 0 of 0" under a step-12 picture.
    summary = "".join(saved["cells"][1]["outputs"][0]["data"]["text/plain"])
    assert summary.startswith("raiders, 2 players, seed 4, step 12 of 12"), summary
    assert "step 12 of 12" in html and "step 0 of 0" not in html


def stored_pictures(path: Path) -> list[tuple[str, dict]]:
    """(where, data) of every output of ``path`` that holds an SVG picture."""
    found = []
    for number, cell in enumerate(json.loads(path.read_text())["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/svg+xml" in data:
                found.append((f"{path.name} cell {number}", data))
    return found


def test_the_lessons_store_pictures():
    books = [path.name for path in SHIPPED if stored_pictures(path)]
    assert {"learn_pitfall.ipynb", "learn_raiders.ipynb", "learn_race.ipynb"} <= set(
        books
    )


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_every_stored_picture_has_a_png_that_shows_the_board(path):
    from PIL import Image

    for where, data in stored_pictures(path):
        svg = "".join(data["image/svg+xml"])
        assert "image/png" in data, f"{where}: an SVG picture without its PNG"
        png = base64.b64decode("".join(data["image/png"]).replace("\n", ""))
        assert len(png) < 80_000, f"{where}: a {len(png)}-byte PNG"
        image = Image.open(io.BytesIO(png))
        image.load()
        width, height = (int(float(v)) for v in re.search(
            r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups())  # fmt: skip
        assert image.size == (width, height) and min(width, height) >= 300, where
        assert image.mode == "P", f"{where}: a {image.mode} PNG, not a palette one"
        rgb = image.convert("RGB")
        colours = rgb.getcolors(maxcolors=256) or []
        assert len(colours) >= 16, f"{where}: {len(colours)} colours, a blank picture?"
        # The busiest colour (the background) covers well under most of the board.
        assert max(count for count, _ in colours) < 0.6 * width * height, where
