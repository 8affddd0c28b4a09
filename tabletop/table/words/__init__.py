"""Every sentence a screen of the table shows, in one place, built on the game's
``Look`` (names of seats, spaces and cards; the game's own event lines).

The notebook ``Table`` (``tabletop.ui``), the seat page
(``tabletop/page/page.html``, filled by ``tabletop.page.template``) and any
other screen say these, so a button, a recap line, a headline or a refusal reads
the same wherever it shows:

- ``labels``: an action's button, the folded groups, whose turn it is, the
  winner, the heading over the choices, the line under the board;
- ``recap``: how the other seats' turns are told;
- ``refusals``: why a gesture is refused, and the logic's notices;
- ``panels``: the notebook table's status line, waiting line, banner, log
  labels, the timeline's line names and the summary;
- ``page``: the seat page's own words.
"""

from tabletop.table.words.labels import (
    CONNECTION_LOST,
    GROUP_OVER,
    Group,
    action_words,
    choices_heading,
    group_entries,
    group_title,
    hover_words,
    pending_words,
    winner_words,
)
from tabletop.table.words.page import (
    PAGE_WORDS,
)
from tabletop.table.words.recap import (
    RECAP_TURNS,
    YOU,
    missed_turns_apart,
    recap_told,
    recap_turns,
    round_goes_on,
    told_to_you,
    walks_shortened,
    whole_turn,
)
from tabletop.table.words.refusals import (
    BACK_TO_AREAS,
    FIRST_CHOICES,
    GAME_OVER,
    KEPT_AS_LINE,
    NO_SPACE_THERE,
    OFFERED,
    ONLY_SHOWN_LINE,
    SEATS_NOT_RESTORED,
    aimed_at,
    alike,
    bot_turn,
    cannot_play,
    card_names,
    chance_shown,
    group_heading,
    lost_cards,
    more_title,
    no_card_at,
    no_line,
    no_seat,
    not_with_picked,
    not_your_turn,
    nothing_on,
    other_game,
    other_house_rules,
    passing,
    pick_heading,
    picked_words,
    same_deal_shown,
    the_card,
)

__all__ = [
    "BACK_TO_AREAS",
    "CONNECTION_LOST",
    "FIRST_CHOICES",
    "GAME_OVER",
    "GROUP_OVER",
    "KEPT_AS_LINE",
    "NO_SPACE_THERE",
    "OFFERED",
    "ONLY_SHOWN_LINE",
    "PAGE_WORDS",
    "RECAP_TURNS",
    "SEATS_NOT_RESTORED",
    "YOU",
    "Group",
    "action_words",
    "aimed_at",
    "alike",
    "bot_turn",
    "cannot_play",
    "card_names",
    "chance_shown",
    "choices_heading",
    "group_entries",
    "group_heading",
    "group_title",
    "hover_words",
    "lost_cards",
    "missed_turns_apart",
    "more_title",
    "no_card_at",
    "no_line",
    "no_seat",
    "not_with_picked",
    "not_your_turn",
    "nothing_on",
    "other_game",
    "other_house_rules",
    "passing",
    "pending_words",
    "pick_heading",
    "picked_words",
    "recap_told",
    "recap_turns",
    "round_goes_on",
    "same_deal_shown",
    "the_card",
    "told_to_you",
    "walks_shortened",
    "whole_turn",
    "winner_words",
]
