"""Property tests: junk and near-miss notation is refused with an IllegalActionError
that names a clause and what is wrong, and the match is left unchanged (TT-NOTATION,
TT-TURN, TT-PHASE, TT-OVER and the rule clauses of both catalogues).

Near misses start from a legal action's notation at a random point of a random game
and change it a little: another seat's prefix, another card, a space id one off,
extra spaces or other letter case (which must still mean the same action), and
look-alike or invisible Unicode characters.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import IllegalActionError, Match
from tabletop.games.pitfall.cards import CARDS, CODES
from tests.props_strategies import CLAUSES, matches, props, snapshot

NAMES = ["pitfall", "raiders"]
LOOKALIKES = {
    "o": "\u043e",  # Cyrillic o
    "a": "\u0430",  # Cyrillic a
    "e": "\u0435",  # Cyrillic e
    "1": "\u00b9",  # superscript one
    "2": "\uff12",  # fullwidth two
    "3": "\u0663",  # Arabic-Indic three
    " ": "\u00a0",  # no-break space
}
NEAR_JUNK = [
    "",
    "   ",
    "P1:",
    "0:",
    "play",
    "swap 9",
    "to",
    "P1: P1: roll",
    "p\u00b9: roll",
    "swap \u00b2 CR CR CR CR",
]
INVISIBLE = ["\u200b", "\u200d", "\ufeff", "\u0301", "\x00"]


def attempt(match: Match, text: str):
    """Play ``text``; returns the IllegalActionError, or None if it was legal.

    A refusal must leave the match exactly as it was, name a clause of the game and
    give a reason; ``check`` must agree with ``play``.
    """
    before = snapshot(match)
    refusal = match.check(text)
    try:
        match.play(text)
    except IllegalActionError as exc:
        assert snapshot(match) == before, "a refused action changed the match"
        assert exc.clause in CLAUSES[match.game.name], exc.clause
        assert exc.reason.strip() and f"[{exc.clause}]" in str(exc)
        assert refusal is not None and refusal.clause == exc.clause
        return exc
    assert refusal is None, f"check refused {text!r} but play accepted it"
    return None


def names_the_text(exc: IllegalActionError, text: str) -> bool:
    """A notation refusal quotes the text, or the word of it that is wrong."""
    reason = exc.reason.lower()
    if not text.strip():
        return "empty" in reason or repr(text) in exc.reason or "''" in reason
    pieces = [text.strip(), *text.split()]
    return any(p.lower() in reason or repr(p).lower()[1:-1] in reason for p in pieces)


@pytest.mark.parametrize("name", NAMES)
@props(120)
@given(data=st.data())
def test_junk_text_is_refused_naming_it_and_nothing_changes(name, data):
    match = data.draw(matches(name, max_steps=40), label="match")
    text = data.draw(
        st.one_of(
            st.text(max_size=30),
            st.from_regex(r"[a-zA-Z0-9 :,]{0,24}", fullmatch=True),
            st.sampled_from(NEAR_JUNK),
        ),
        label="text",
    )
    exc = attempt(match, text)
    if exc is not None and exc.clause == "TT-NOTATION":
        assert names_the_text(exc, text), (text, exc.reason)


@pytest.mark.parametrize("name", NAMES)
@props(80)
@given(data=st.data())
def test_another_seats_prefix_is_refused_naming_the_seats(name, data):
    """TT-TURN: a legal action announced by another seat is refused."""
    match = data.draw(matches(name, max_steps=60), label="match")
    mover = match.to_move()
    if mover is None:
        return
    action = data.draw(st.sampled_from(match.legal_actions()), label="action")
    other = data.draw(st.sampled_from([s for s in range(9) if s != mover]))
    prefix = f"P{other}:" if name == "pitfall" else f"{other}:"
    exc = attempt(match, f"{prefix} {_bare(name, str(action))}")
    assert exc is not None and exc.clause == "TT-TURN"
    assert str(other) in exc.reason, exc.reason
    own = f"P{mover}:" if name == "pitfall" else f"{mover}:"
    assert attempt(match, f"{own} {_bare(name, str(action))}") is None


def _bare(name: str, notation: str) -> str:
    return re.sub(r"^(P?\d+:\s*)", "", notation)


@pytest.mark.parametrize("name", NAMES)
@props(120)
@given(data=st.data())
def test_space_ids_one_off_are_refused_naming_the_space(name, data):
    """An id one off (S12 -> S13, U4 -> U3) is either legal too or refused; a rule
    refusal of a move to a space names that space or the reason it is barred."""
    match = data.draw(matches(name, max_steps=80), label="match")
    legal = match.legal_actions()
    texts = [str(a) for a in legal if re.search(r"\b[A-Z]+\d+\b", str(a))]
    if not texts:
        return
    text = data.draw(st.sampled_from(texts), label="notation")
    delta = data.draw(st.sampled_from([-1, 1, 10, -10]))

    def shift(m: re.Match) -> str:
        return f"{m.group(1)}{max(0, int(m.group(2)) + delta)}"

    near = re.sub(r"\b([A-Z]+)(\d+)\b", shift, text)
    exc = attempt(match, near)
    if exc is None:
        assert near in {str(a) for a in legal}
        return
    ids = re.findall(r"\b[A-Z]+\d+\b", near)
    reason = exc.reason.upper()
    assert any(i in reason for i in ids) or exc.clause != "TT-NOTATION", exc.reason


@props(80)
@given(data=st.data())
def test_pitfall_wrong_card_is_refused_naming_the_card(data):
    """PH-3-CARD and friends: playing another card than a legal one is refused and
    the reason says which card or which decision is due."""
    match = data.draw(matches("pitfall", max_steps=80), label="match")
    legal = {str(a) for a in match.legal_actions()}
    if not legal:
        return
    card = data.draw(st.sampled_from(CARDS + CODES), label="card")
    text = f"play {card}"
    exc = attempt(match, text)
    if exc is None:
        return
    reason = exc.reason.lower()
    if exc.clause != "TT-PHASE":  # a card refusal says which card may be played
        assert "card" in reason or any(c in reason for c in CARDS), exc.reason
    else:  # a phase refusal says which decision is due
        assert str(match.to_move()) in reason or "over" in reason, exc.reason


@pytest.mark.parametrize("name", NAMES)
@props(80)
@given(data=st.data())
def test_extra_spaces_and_letter_case_mean_the_same_action(name, data):
    match = data.draw(matches(name, max_steps=60), label="match")
    legal = match.legal_actions()
    if not legal:
        return
    action = data.draw(st.sampled_from(legal), label="action")
    words = str(action).split()
    gaps = data.draw(
        st.lists(
            st.sampled_from([" ", "  ", "\t", "   "]),
            min_size=len(words) + 1,
            max_size=len(words) + 1,
        )
    )
    text = gaps[0] + "".join(w + g for w, g in zip(words, gaps[1:], strict=True))
    text = data.draw(st.sampled_from([text, text.upper(), text.lower(), text.title()]))
    assert match.game.parse_action(text) == action, text
    assert attempt(match, text) is None


@pytest.mark.parametrize("name", NAMES)
@props(150)
@given(data=st.data())
def test_lookalike_and_invisible_unicode_is_refused_or_means_the_same(name, data):
    """A Cyrillic 'o', a superscript or fullwidth digit, a zero-width space or a NUL
    inside a legal notation: refused naming the text (TT-NOTATION or a rule clause),
    never a crash, and never a different action than the one written."""
    match = data.draw(matches(name, max_steps=60), label="match")
    legal = match.legal_actions()
    if not legal:
        return
    action = data.draw(st.sampled_from(legal), label="action")
    text = str(action)
    spots = [i for i, c in enumerate(text) if c in LOOKALIKES]
    if spots and data.draw(st.booleans(), label="lookalike"):
        i = data.draw(st.sampled_from(spots))
        text = text[:i] + LOOKALIKES[text[i]] + text[i + 1 :]
    else:
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(st.sampled_from(INVISIBLE)) + text[i:]
    exc = attempt(match, text)
    if exc is None:
        played = match.steps[-1].action
        assert str(played) == str(action), (text, str(played), str(action))
    elif exc.clause == "TT-NOTATION":
        assert names_the_text(exc, text), (text, exc.reason)
