"""A stranger's install: build the wheel, install it into a fresh virtual environment
outside the checkout, and from there load both boards, play a seeded game, and run a
play notebook."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import random, sys, tabletop
    from pathlib import Path
    from tabletop import Match
    from tabletop.games.pitfall import Pitfall
    from tabletop.games.raiders import Raiders

    here = Path(tabletop.__file__).resolve()
    assert "site-packages" in str(here), here
    for game in (Pitfall(players=3), Raiders(players=4)):
        match = Match(game, seed=7)
        chooser = random.Random(7)
        while not match.over and len(match) < 3000:
            match.play(chooser.choice(match.legal_actions()))
        again = Match.from_json(match.to_json())
        assert again.state == match.state
        print(game.name, "steps", len(match), "outcome", match.outcome())
    print("installed-ok")
    """
)


def _run(args: list[str], cwd: Path) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, (
        f"{args[:3]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("stranger")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "-w",
            str(work / "dist"),
            str(ROOT),
        ],
        work,
    )
    wheels = list((work / "dist").glob("tabletop-*.whl"))
    assert len(wheels) == 1
    _run([sys.executable, "-m", "venv", str(work / "venv")], work)
    _run([str(work / "venv/bin/pip"), "install", "-q", str(wheels[0])], work)
    return work


def test_wheel_loads_both_boards_and_plays_outside_the_checkout(installed):
    out = _run([str(installed / "venv/bin/python"), "-c", SCRIPT], installed)
    assert "installed-ok" in out


def test_wheel_runs_a_play_notebook_outside_the_checkout(installed):
    notebook = installed / "play_pitfall.ipynb"
    notebook.write_bytes((ROOT / "notebooks/play_pitfall.ipynb").read_bytes())
    _run(
        [
            str(installed / "venv/bin/jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--output",
            "executed.ipynb",
            str(notebook),
        ],
        installed,
    )
    assert (installed / "executed.ipynb").stat().st_size > 0
