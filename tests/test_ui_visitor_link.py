"""A Voila visitor's game under the id of their page's link: the ids, the link, the
save of each visitor in a folder of their own, and the refusal of an id nobody was
given. Voila is imitated by its kernel's environment (``VOILA_KERNEL_ID``,
``QUERY_STRING``); the real page is tests/test_browser_voila.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tabletop.ui import new_table, saving, visitor_link
from tabletop.ui.visitor_link import (
    GameIdError,
    game_id_in,
    link_query,
    new_game_id,
    open_visit,
    parse_game_id,
)

URL_SAFE_22 = re.compile(r"[A-Za-z0-9_-]{22}")


@pytest.fixture
def voila(tmp_path, monkeypatch):
    """A Voila kernel's surroundings in ``tmp_path``; ``visit(query)`` is a page
    load: a new kernel (no visit kept) with that query string."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(saving, "in_a_kernel", lambda: True)
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/play_pitfall.ipynb")
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)

    def visit(query: str = ""):
        monkeypatch.setenv("QUERY_STRING", query)
        monkeypatch.setattr(visitor_link, "_VISITS", {})
        return new_table("pitfall", players=2, seed=3)

    return visit


def _href(table) -> str:
    return table.widgets.files.visit.href


def test_new_game_ids_are_unguessable_url_safe_and_read_back():
    ids = {new_game_id() for _ in range(200)}
    assert len(ids) == 200
    assert all(URL_SAFE_22.fullmatch(i) for i in ids)
    assert all(parse_game_id(i) == i for i in ids)


@pytest.mark.parametrize(
    "text",
    ["", "abc", "../../../etc/passwd", "a" * 21, "a" * 23, "a/" * 11, "é" * 22,
     "aaaaaaaaaaaaaaaaaaaaa.", "x" * 500],
)  # fmt: skip
def test_a_malformed_game_id_is_refused_saying_why(text):
    with pytest.raises(GameIdError) as caught:
        parse_game_id(text)
    said = str(caught.value)
    assert "is not a game id of this page" in said
    assert "22 letters, digits, '-' or '_'" in said
    assert len(said) < 200, "a long id is quoted cut"


def test_the_game_id_of_a_query_string():
    good = new_game_id()
    assert game_id_in("") is None
    assert game_id_in("template=lab&theme=dark") is None
    assert game_id_in(f"game={good}") == good
    assert game_id_in(f"theme=dark&game={good}&game={good}") == good
    with pytest.raises(GameIdError, match="not a game id"):
        game_id_in("game=..%2F..%2Fsecret")
    with pytest.raises(GameIdError, match="not a game id"):
        game_id_in("game=")
    with pytest.raises(GameIdError, match="more than one game"):
        game_id_in(f"game={good}&game={new_game_id()}")


def test_the_link_keeps_the_pages_other_parameters():
    good = new_game_id()
    assert link_query("", good) == f"game={good}"
    assert link_query("theme=dark&game=old", good) == f"theme=dark&game={good}"


def test_a_visit_keeps_its_id_and_refuses_ids_nobody_was_given(tmp_path):
    first = open_visit("", tmp_path)
    assert first.problem == "" and first.saves.is_dir()
    assert first.href == f"?game={first.game_id}"
    again = open_visit(first.query, tmp_path)
    assert again.game_id == first.game_id and again.problem == ""
    other = open_visit("", tmp_path)
    assert other.game_id != first.game_id
    # well-formed, but no visit was given it: a new game, and the reason
    made_up = open_visit("game=" + "a" * 22, tmp_path)
    assert made_up.game_id != "a" * 22
    assert "no game is kept under the link's id" in made_up.problem
    assert not (tmp_path / ".tabletop" / "visitors" / ("a" * 22)).exists()
    bad = open_visit("game=nope", tmp_path)
    assert "'nope' is not a game id" in bad.problem and bad.saves.is_dir()


def test_under_voila_a_visitors_game_comes_back_only_with_their_link(voila):
    """A move saved for visitor A; their link offers it again and resumes it at
    the same step; a visit without the link, or with B's link, never sees it."""
    a = voila()
    href = _href(a)
    a.choose("roll")
    game = href.removeprefix("?game=")
    save = Path(".tabletop/visitors") / game / "play_pitfall-pitfall-2p-seed3.json"
    assert a.model.autosave == save and save.exists()
    assert not Path(".tabletop/play_pitfall-pitfall-2p-seed3.json").exists()
    assert f"href='{href}'" in a.widgets.files.link_box.children[0].value
    kids = list(a.children)
    assert kids.index(a.widgets.files.link_box) == kids.index(a.widgets.end_box) + 1

    stranger = voila()
    assert _href(stranger) != href and stranger.model.resume_from is None
    assert stranger.model.step == 0
    b_href = _href(stranger)
    stranger.choose("roll")
    stranger.choose(str(stranger.legal[0].action))

    back = voila(href.removeprefix("?"))
    assert _href(back) == href and back.model.resume_from == save
    back.widgets.resume.click()
    assert back.model.error == "" and back.model.step == 1

    b_again = voila(b_href.removeprefix("?"))
    b_again.widgets.resume.click()
    assert b_again.model.step == 2, "B's own game, not A's"


def test_under_voila_a_malformed_or_unknown_link_deals_a_new_game_and_says_so(voila):
    voila().choose("roll")
    bad = voila("game=../../.tabletop")
    line = html.unescape(bad.widgets.files.link_box.children[0].value)
    assert "is not a game id of this page" in line and "A new game has started" in line
    assert bad.model.resume_from is None and bad.model.step == 0
    unknown = voila("game=" + new_game_id())
    line = html.unescape(unknown.widgets.files.link_box.children[0].value)
    assert "no game is kept under the link's id" in line
    assert unknown.model.resume_from is None


def test_every_table_of_a_page_shares_the_pages_link(voila):
    first = voila()
    second = new_table("pitfall", players=3, seed=4)
    assert _href(second) == _href(first)
    assert second.model.autosave.parent == first.model.autosave.parent


def test_the_address_script_carries_the_link(voila):
    table = voila("theme=dark")
    script = table.widgets.files.link_box.children[1].outputs[0]["data"]
    query = table.widgets.files.visit.query
    assert query.startswith("theme=dark&game=")
    assert f'"{query}"' in script["application/javascript"]
    assert "history.replaceState" in script["application/javascript"]


def test_under_voila_the_summary_is_a_widget_that_follows_the_table(voila):
    table = voila()
    table.summary()._ipython_display_()
    shown = table.picture.summary._widget
    assert "step 0 of 0" in shown.value
    table.choose("roll")
    assert "step 1 of 1" in shown.value


def test_in_a_notebook_nothing_changes(tmp_path, monkeypatch):
    """Outside Voila: the save beside the notebook, no link, a plain-text
    summary."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(saving, "in_a_kernel", lambda: True)
    for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "QUERY_STRING"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "play_pitfall.ipynb"))
    table = new_table("pitfall", players=2, seed=3)
    assert table.model.autosave == Path(".tabletop/play_pitfall-pitfall-2p-seed3.json")
    files = table.widgets.files
    assert files.visit is None and files.link_box.children == ()
    assert files.link_box not in table.children
    table.summary()._ipython_display_()
    assert table.picture.summary._widget is None and table.picture.summary.shown
    assert not (tmp_path / ".tabletop" / "visitors").exists()


def test_a_preheated_kernel_asks_voila_for_the_query_string_once(monkeypatch, tmp_path):
    """A preheated Voila kernel runs before the visitor comes: the query string is
    Voila's ``get_query_string()``, asked once however many tables the page has."""
    voila_utils = pytest.importorskip("voila.utils")
    asked = []
    game = open_visit("", tmp_path).game_id
    monkeypatch.setattr(
        voila_utils, "get_query_string", lambda: asked.append(1) or f"game={game}"
    )
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(visitor_link, "_VISITS", {})
    assert visitor_link.this_visit(tmp_path).game_id == game
    assert visitor_link.this_visit(tmp_path).game_id == game
    assert asked == [1]
