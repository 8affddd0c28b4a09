"""The picture that follows a table: shown once, replaced when the game moves on,
and silent when nothing changed (so a saved notebook holds the last position)."""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from tabletop import Match
from tabletop.games.raiders import Raiders
from tabletop.ui.board_picture import BoardPicture


@pytest.fixture
def shell():
    """An IPython shell for this test only (displays are captured through it)."""
    yield InteractiveShell.instance()
    InteractiveShell.clear_instance()


def test_the_picture_follows_the_match_and_its_viewer(shell):
    match = Match(Raiders(players=3), seed=5)
    picture = BoardPicture()
    with capture_output() as shown:
        assert picture.follow(match) is False  # not shown yet
        picture.show(match, viewer=0)
        assert picture.follow(match, viewer=0) is False  # unchanged
        match.play(match.legal_actions()[0])
        assert picture.follow(match, viewer=0) is True
        assert picture.follow(match, viewer="public") is True
    svgs = [out.data["image/svg+xml"] for out in shown.outputs]
    assert len(svgs) == 3
    assert "step 0 of 0" in svgs[0] and "seen by player 0" in svgs[0]
    assert "step 1 of 1" in svgs[1] and "seen by player 0" in svgs[1]
    assert "public view" in svgs[2]
    assert "step 1 of 1" in shown.outputs[2].data["text/plain"]
