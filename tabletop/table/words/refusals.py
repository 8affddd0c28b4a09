"""Why a gesture is refused, and the other notices of the table's logic: a tap
that means nothing, who may act, the timeline, lost cards, resuming."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.draw.look import Look

# -- what a tap means (``tabletop.table.choices``) ------------------------------------
NO_SPACE_THERE = "there is no space there"


def nothing_on(look: Look, space: str) -> str:
    """A tap on a space no legal action involves."""
    return f"nothing can be done on {look.space_name(space)} now"


def cannot_play(name: str) -> str:
    """A tap on a card no legal action plays (nor any card like it)."""
    return f"{name} cannot be played now"


def no_card_at(index: int) -> str:
    """A card asked for by its place in a hand that has no such place."""
    return f"there is no card {index} in the hand"


def the_card(name: str) -> str:
    """A card chosen: what the list of its choices is for."""
    return f"the card {name}"


def alike(name: str) -> str:
    """A card the rules treat like others chosen: every choice any of them plays
    is listed, each saying which card it spends."""
    return f"the card {name}, or any like it: each choice says which card it spends"


def group_heading(group: Any) -> str:
    """A folded button opened: what its list is for ("Discard\u2026")."""
    return f"{group.label}\u2026"


def card_names(look: Look, kinds: Any) -> str:
    """Cards named in a row: "Rope, Jump and Croc"."""
    names: list[str] = [look.face(k).name for k in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pick_heading(look: Look, picked: Any, more: int) -> str:
    """The heading while cards are picked in the hand: what is picked and how many
    more a choice needs (``more``)."""
    if not picked:
        return "Pick the cards in your hand: press a card to pick it"
    said = f"Picked {card_names(look, picked)}"
    if more > 0:
        return f"{said}: pick {more} more card{'s' * (more != 1)}"
    return said + ": press a choice, or a picked card to put it back"


def picked_words(look: Look | None, picked: Any) -> str:
    """What a pick narrows the choices to, for a heading."""
    if not picked or look is None:
        return "the cards you pick"
    return f"the cards {card_names(look, picked)}"


def not_with_picked(name: str) -> str:
    """A card pressed that no choice takes with the cards picked so far."""
    return f"{name} does not go with the cards picked (press one to put it back)"


def aimed_at(look: Look, words: str, seat: int) -> str:
    """A list narrowed to the choices aimed at one seat."""
    who = look.seat_name(seat)
    return f"{words}, aimed at {who}" if words else who


def more_title(count: int) -> str:
    """The button that shows the next part of a long list."""
    return f"More choices\u2026 ({count})"


FIRST_CHOICES = "Back to the first choices"
#: The button that leaves a part of the board's choices for the list of parts.
BACK_TO_AREAS = "Back to all the places"


# -- who may act (``tabletop.table.seats``) -------------------------------------------
GAME_OVER = "the game is over"
OFFERED = "a saved game is waiting: Resume it or Start fresh first"


def bot_turn(look: Look, seat: int, bot: str) -> str:
    """A gesture at a bot's turn."""
    return f"it is {look.seat_name(seat)}'s turn, and a bot ({bot}) plays that seat"


def passing(look: Look, seat: int) -> str:
    """A gesture while the laptop is passed to ``seat``."""
    return f"the laptop is being passed: {look.seat_name(seat)} reveals first"


def not_your_turn(look: Look, seat: int, eyes: int | None = None) -> str:
    """A gesture for ``seat``'s decision by someone else (through ``eyes``, at a
    table showing another seat's eyes)."""
    text = f"not your turn: it is {look.seat_name(seat)}'s"
    if eyes is not None:
        text += f" (this table shows {look.seat_name(eyes)}'s eyes)"
    return text


def no_peeking(look: Look, seat: int | None) -> str:
    """Another seat's hand, or everything, asked for between two or more human
    seats with the hand-over on, without the referee view unlocked."""
    what = "every hand" if seat is None else f"{look.seat_name(seat)}'s hand"
    return (
        f"{what} is secret between human seats passing the laptop: to show it, "
        f'tick "{REFEREE_VIEW}" in the Seats tab first (every player then sees '
        "on the status line that all hands are shown)"
    )


REFEREE_VIEW = "Referee view"
"""The name of the deliberate unlock (the Seats tab's checkbox starts with it)."""


def no_seat(seat: Any) -> str:
    return f"there is no seat {seat}"


# -- the timeline (``tabletop.table.timeline``) ---------------------------------------
def chance_shown(step: int) -> str:
    """No new line before a shown chance outcome, between human seats."""
    return (
        f"step {step} rolled the die or drew a card and its outcome has been "
        f"shown: between human seats play cannot go on from before it (step "
        f"forward to step {step} or later to play on)"
    )


def same_deal_shown(step: int) -> str:
    """No replay of the same deal once a chance outcome showed, between humans."""
    return (
        f"step {step} rolled the die or drew a card and its outcome has been "
        "shown: between human seats the same deal cannot be played again (it "
        "would bring the same rolls and cards)"
    )


def no_line(index: int) -> str:
    return f"there is no line {index + 1}"


def other_game(game: Game) -> str:
    """A save of another game or player count loaded at a table."""
    return (
        f"that save is a {game.name} game for {game.players} players, not this table's"
    )


def other_house_rules(game: Game) -> str:
    """A save played under other house rules loaded at a table."""
    from tabletop.core.options import house_rules_words

    rules = house_rules_words(game).removesuffix(".") or "the rulings, no house rules"
    return f"that save was played under other rules ({rules}), not this table's"


# -- news for a seat (``tabletop.table.news``) ---------------------------------------
def lost_cards(look: Look, who: int, step: int, gone: Any, got: Any) -> str:
    """A letter to a seat that lost cards on another seat's move."""
    news = f"you lost {look.cards_words(gone)}"
    if got:  # a swap: the cards given in return
        news += f" and got {look.cards_words(got)}"
    return f"On {look.seat_name(who)}'s turn (step {step}) {news}."


# -- resuming (``tabletop.table.saves``) ---------------------------------------------
ONLY_SHOWN_LINE = "Only the shown line was resumed: {}"
SEATS_NOT_RESTORED = "The seats were not restored: {}"
KEPT_AS_LINE = "The moves played before resuming are kept as another line."
