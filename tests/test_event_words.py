"""What people read of an event names every card once, in words, from its data.

The log, the recap, the pictures and the replays say an event through the game's
look (``Look.event_sentence``): each card that moved is named by its face as many times
as it moved (repeated kinds counted: "2 Crocodiles"), to every viewer allowed to
see it; to the others a hidden card reads "a card" or "N cards", never its name.
No card code, space id or placeholder reaches a person. The engines' own sentences
(``Event.text``, the golden transcripts) stay as they are.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from tabletop import Match
from tabletop.core import Event, Rng
from tabletop.core.registry import REGISTRY
from tabletop.core.viewers import PUBLIC, REFEREE, Viewer, as_viewer
from tabletop.draw.look import Look, look_for
from tabletop.ui import Table
from tabletop.ui.texts import log_steps
from tests.harness import by_kind

CARD_KEYS = ("card", "cards", "gave", "took")  # the data keys that name cards


def _groups(event: Event) -> list[tuple[str, Counter]]:
    """The cards an event's full data names, per key: (key, kind -> count)."""
    groups = []
    for key in CARD_KEYS:
        value = event.data.get(key)
        if value is None or isinstance(value, bool):
            continue
        if key == "cards" and isinstance(value, int):
            continue  # a count of cards (a reshuffle), not the cards
        if isinstance(value, dict):
            counts = Counter({k: int(n) for k, n in value.items() if n})
        elif isinstance(value, list | tuple):
            counts = Counter(value)
        else:
            counts = Counter([value])
        groups.append((key, counts))
    return groups


def _found(phrase: str, line: str) -> int:
    return len(re.findall(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", line))


def _played(entry: Any, players: int, seed: int, cap: int = 160) -> Match:
    game = entry.make(players=players)
    match = Match(game, seed=seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while not match.over and len(match) < cap:
        action, rng = by_kind(game, match.state, rng)
        match.play(action)
    return match


def _viewers(players: int) -> list[Viewer]:
    return [*(Viewer.of_seat(s) for s in range(players)), PUBLIC, REFEREE]


def check_event_words(look: Any, event: Event, viewer: Viewer) -> str:
    """``event`` as ``viewer`` reads it names its cards as its data says; returns
    the line."""
    line = look.event_sentence(event, viewer)
    where = f"{event.kind} {event.clause} to {viewer}: {line!r} ({event.text!r})"
    assert line.strip(), where
    assert not re.search(r"<[\w ]+>", line), f"a placeholder in {where}"
    assert not re.search(r"\b[A-Z]{2}\b", line), f"a code in {where}"
    for sid in look.xy:
        if look.space_name(sid) != sid:
            assert not re.search(rf"\b{re.escape(sid)}\b", line), f"{sid} in {where}"
    named: Counter = Counter()
    for key, counts in _groups(event):
        sees = key not in event.hidden or event.visible_to(viewer)
        if sees:
            for kind, n in counts.items():
                named[look.some_cards(kind, n)] += 1
        else:
            hidden = look.hidden_cards(sum(counts.values()))
            assert _found(hidden, line), f"{hidden!r} missing from {where}"
            for kind in counts:
                for n in range(1, sum(counts.values()) + 1):
                    phrase = look.some_cards(kind, n)
                    assert not _found(phrase, line), f"{phrase!r} shown in {where}"
    for phrase, times in named.items():
        assert _found(phrase, line) == times, f"{phrase!r} x{times} in {where}"
    for counts in (c for _, c in _groups(event)):
        for kind in counts:
            name = look.card_name(kind)
            if str(kind).lower() not in name.lower().split():  # the rules' own id
                assert not _found(str(kind), line), f"{kind!r} in {where}"
    return line


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for entry in REGISTRY.entries():
        low, high = entry.players
        for players, seed in ((low, 1), (high, 2)):
            cases.append((entry.name, players, seed))
    return cases


@pytest.mark.parametrize(("name", "players", "seed"), _cases())
def test_every_event_names_its_cards_to_each_viewer(name, players, seed):
    entry = REGISTRY.lookup(name)
    match = _played(entry, players, seed)
    look = look_for(match.game)
    events = [*match.setup_events, *(e for s in match.steps for e in s.events)]
    checked = 0
    for event in events:
        for viewer in _viewers(players):
            check_event_words(look, event, viewer)
        checked += bool(_groups(event))
    assert checked, f"{name}: no event moved a card in this game"


# -- the examples of the report ---------------------------------------------------
def _pitfall(players: int = 2):
    game = REGISTRY.lookup("pitfall").make(players=players)
    return game, look_for(game)


def test_a_discard_of_two_alike_names_both():
    game, look = _pitfall()
    state = game.position(hands={0: "CR CR RO JU LA CO FI"})
    _, events = game.apply(state, game.parse_action("discard CR CR RO JU"))
    discard = next(e for e in events if e.clause == "PH-2B-DISCARD")
    assert discard.text == "player 0 discarded croc croc rope jump"  # the engine's
    for viewer in _viewers(2):
        line = look.event_sentence(discard, viewer)
        assert line == ("Player 0 (red) discarded 2 Crocodiles, a Rope and a Jump"), (
            viewer
        )
    drawn = next(e for e in events if e.kind == "draw")
    assert look.event_sentence(drawn, PUBLIC) == "Player 0 (red) drew 4 cards"
    own = look.event_sentence(drawn, 0)
    assert own.startswith("Player 0 (red) drew ") and "4 cards" not in own
    check_event_words(look, drawn, as_viewer(0))


def test_a_swap_is_said_from_each_side():
    """PH-2B-SWAP: the mover gave its four and took four at random; the seat
    swapped with received the mover's four and lost the four taken. Each side reads
    its own cards; the other seats read who swapped with whom, no card named."""
    game, look = _pitfall(3)
    state = game.position(
        hands={0: "RO RO RO RO JU LA CO", 1: "CR CR RO FI JU JU LA"}, to_move=1
    )
    _, events = game.apply(state, game.parse_action("swap 0 JU JU LA RO"))
    mover, taken = (e for e in events if e.clause == "PH-2B-SWAP")
    assert (mover.player, taken.player) == (1, 0)
    gave = "a Rope, 2 Jumps and a Ladder"  # in the order of the cards
    assert look.event_sentence(mover, 1).startswith(
        f"Player 1 (blue) gave {gave} to Player 0 (red) and took "
    )
    mine = look.event_sentence(taken, 0)
    assert mine.startswith(f"Player 0 (red) received {gave} from Player 1 (blue) ")
    assert " and lost " in mine
    for viewer in (2, PUBLIC):
        assert look.event_sentence(mover, viewer) == (
            "Player 1 (blue) swapped 4 cards with Player 0 (red)"
        )
        assert look.event_sentence(taken, viewer) == (
            "Player 0 (red) took Player 1 (blue)'s 4 cards in return"
        )
    assert look.event_sentence(taken, 1) == look.event_sentence(taken, PUBLIC)


def test_words_keep_every_repeated_card_word():
    game, look = _pitfall()
    generic = Look(game)  # the generic words: no repeated word is dropped
    assert generic.words("player 1 discarded jump jump croc croc") == (
        "Player 1 (blue) discarded jump jump croc croc"
    )
    assert generic.words("the log A2") == "the Log 1"  # the case it was made for
    # The game's words count the cards of an engine sentence, codes or kinds.
    assert look.words("player 1 discarded jump jump croc croc") == (
        "Player 1 (blue) discarded 2 Jumps and 2 Crocodiles"
    )
    assert look.words("player 0 was dealt CR RO RO JU LA SC FI") == (
        "Player 0 (red) was dealt a Crocodile, 2 Ropes, a Jump, a Ladder, a "
        "Scorpion and a Fire treasure"
    )
    assert look.label_words("Discard CR CR RO JU") == (
        "Discard 2 Crocodiles, a Rope and a Jump"
    )
    assert look.refusal_words("the cards to exchange (CR LA missing)") == (
        "the cards to exchange (a Crocodile and a Ladder missing)"
    )


def test_the_setup_row_names_seven_cards_and_counts_them_for_another_seat():
    game, look = _pitfall(players=3)
    match = Match(game, seed=4)
    deals = [e for e in match.setup_events if e.kind == "deal"]
    assert [sum(e.data["cards"].values()) for e in deals] == [7, 7, 7]
    for seat in range(3):
        table = Table(match, seats=["human"] * 3, hot_seat=False)
        table.model.set_viewer(seat)
        label, rows = log_steps(table.model)[0]
        assert label == "Setup"
        said = [text for text, _ in rows if " was dealt " in text]
        assert len(said) == 3
        for other, text in enumerate(said):
            name = look.seat_name(other)
            if other == seat:
                dealt = text.removeprefix(f"{name} was dealt ")
                counts = re.findall(r"(?:^|, | and )(an?|\d+) ", dealt)
                total = sum(1 if n in ("a", "an") else int(n) for n in counts)
                assert total == 7, text
                assert "cards" not in text
            else:
                assert text == f"{name} was dealt 7 cards"
        table.close()


def test_the_recap_and_the_picture_say_what_the_log_says():
    from tabletop.draw.pictures import moment

    game, look = _pitfall()
    table = Table(Match(game, seed=0), seats=["human", "human"], hot_seat=False)
    try:
        seat = table.model.to_move
        hand = look.hand(table.model.view_state, seat)
        codes = {"croc": "CR", "rope": "RO", "jump": "JU", "ladder": "LA"}
        codes |= {"cobra": "CO", "fire": "FI", "scorpion": "SC"}
        table.choose("discard " + " ".join(codes[k] for k in hand[:4]))
        step = table.match.steps[-1]
        discard = next(e for e in step.events if e.clause == "PH-2B-DISCARD")
        said = look.event_sentence(discard, PUBLIC)
        assert said.startswith(look.seat_name(seat) + " discarded ")
        assert said.endswith(look.cards_words(discard.data["cards"]))
        table.model.set_viewer(1 - seat)
        rows = dict(log_steps(table.model))
        assert said in [
            text for text, _ in rows[f"Step {step.index} \u00b7 {look.seat_name(seat)}"]
        ]
        assert (
            said.removeprefix(look.seat_name(seat) + " ") in table.widgets.recap.value
        )
        assert "drew 4 cards" in table.widgets.recap.value
        shown = moment(table.match, None, 1 - seat)
        assert said in shown.sentences
    finally:
        table.close()


def test_a_refusal_of_typed_nonsense_is_shown_whole_without_placeholders():
    from tabletop.ui.controller import CSS

    for name in ("pitfall", "raiders"):
        game = REGISTRY.lookup(name).make(players=2)
        table = Table(Match(game, seed=1), seats=["human", "human"])
        try:
            table.widgets.actions.notation.value = "fly me to the moon"
            message = table.model.message
        finally:
            table.close()
        assert message.startswith("Not possible: cannot read"), message
        assert "<" not in message and not re.search(r"\b[A-Z]{2,}\b", message)
    notice = re.search(r"\.tabletop-notice \{([^}]*)\}", CSS)
    assert notice is not None and "ellipsis" not in notice.group(1)
    assert "nowrap" not in notice.group(1)


def test_the_roll_off_is_no_move_s_die():
    """At Raiders' start the roll-off (who goes first) shows no die on the board
    or the picture; the first roll of the game proper does."""
    from tabletop.draw.pictures import moment
    from tabletop.ui.texts import last_move

    game = REGISTRY.lookup("raiders").make(players=2)
    table = Table(Match(game, seed=3), seats=["human", "human"], hot_seat=False)
    try:
        while not any(e.kind == "first" for s in table.match.steps for e in s.events):
            table.choose(game.legal_actions(table.model.state)[0])
        rolls = [e for e in table.match.steps[-1].events if e.kind == "roll"]
        assert rolls, "the roll-off was rolled in the last placement's step"
        assert last_move(table.model)[1] == ""
        assert moment(table.match, None, PUBLIC).die == ""
        table.choose("roll")
        roll = next(e for e in table.match.steps[-1].events if e.kind == "roll")
        assert last_move(table.model)[1] == str(roll.data["roll"])
        assert moment(table.match, None, PUBLIC).die == str(roll.data["roll"])
    finally:
        table.close()


def test_a_checkpoint_is_named_once_in_words():
    """RA-M-CHECKPOINT: "checkpoint S23" reads "checkpoint England–Egypt 2", the
    board's name without its "(checkpoint)" note said a second time."""
    look = look_for(REGISTRY.lookup("raiders").make(players=2))
    said = look.words("player 0 stopped at checkpoint S23: every way needs a Passport")
    assert "checkpoint England–Egypt 2:" in said
    assert "(checkpoint)" not in said
    assert (
        look.words("player 1 is on S23")
        == "Player 1 (blue) is on England–Egypt 2 (checkpoint)"
    )


def test_a_space_s_kind_and_note_are_not_said_twice():
    """PH-3-CARD: "before the log at Log 3" reads "before Log 3"; RA-B-INSTRUCTIONS:
    a space whose name carries its instruction, followed by that instruction,
    says the instruction once."""
    pitfall = look_for(REGISTRY.lookup("pitfall").make(players=2))
    said = pitfall.words("player 0 stopped at A11, before the log at A33")
    assert said == "Player 0 (red) stopped at Path 6, before Log 3"
    raiders = look_for(REGISTRY.lookup("raiders").make(players=2))
    board = raiders.game.board
    sid = next(s for s in board.spaces if "friendly guide" in board.space_name(s))
    said = raiders.words(f"player 0 landed on {sid}: A friendly guide shares a clue.")
    assert said.count("A friendly guide shares a clue") == 1, said
