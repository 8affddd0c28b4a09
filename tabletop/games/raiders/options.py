"""Raiders of the Lost Ark's house rules: the rulings a table may settle otherwise.

Each is a ``RuleOption`` (``tabletop.core.options``) for one ruling of the clause
catalogue; its first choice is the project's ruling and the default. ``Raiders``
takes them as keywords and its rules read them from ``game.house``. Which rulings
are here, and why the others are not, is in ``docs/house-rules.md``.
"""

from __future__ import annotations

from tabletop.core.options import Choice, RuleOption

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "country_cards_restricted",
        "RA-K-COUNTRY",
        "Where a Country card flies",
        (
            Choice(
                False,
                "any country",
                "a Country card flies to any unoccupied country",
            ),
            Choice(
                True,
                "its printed country",
                "a Country card flies only to the country printed on it",
            ),
        ),
        "The rulebook says any country, yet each card prints one; many tables "
        "play the card as printed.",
    ),
    RuleOption(
        "win_by_landing",
        "RA-W-WIN",
        "Reaching the Ark",
        (
            Choice(
                False,
                "passing through counts",
                "with the three cards, passing through the Ark's country wins",
            ),
            Choice(
                True,
                "end the move there",
                "with the three cards, a move must end in the Ark's country to win; "
                "passing through does not count",
            ),
        ),
        "Some tables ask for an exact arrival, as at the diamond of many race "
        "games; it makes the end longer.",
    ),
    RuleOption(
        "ambush_spares_countries",
        "RA-K-AMBUSH",
        "Ambushing a player in a country",
        (
            Choice(
                False,
                "anyone with cards",
                "an Ambush may rob any opponent who holds cards, wherever they stand",
            ),
            Choice(
                True,
                "not in a country",
                "an opponent standing in a country is safe from an Ambush, as from "
                "being passed",
            ),
        ),
        "The rulebook makes countries safe from being passed and landed on; some "
        "tables extend that safety to the Ambush card.",
    ),
    RuleOption(
        "passport_required",
        "RA-M-CHECKPOINT-LAND",
        "A Passport owed on a checkpoint landed on",
        (
            Choice(
                False,
                "show it or lose the turn",
                "a player owing a Passport may show one or lose the turn",
            ),
            Choice(
                True,
                "must show one held",
                "a player owing a Passport who holds one must show it",
            ),
        ),
        "Whether keeping a Passport for a later checkpoint is a choice.",
    ),
    RuleOption(
        "one_miss_at_a_time",
        "RA-T-SKIP",
        "Missed turns",
        (
            Choice(False, "add up", "missed turns add up: each one skips a turn"),
            Choice(
                True,
                "at most one",
                "missed turns do not add up: a player owes at most one",
            ),
        ),
        "A hostage taken on a checkpoint could otherwise miss two turns in a row.",
    ),
    RuleOption(
        "hostage_draws",
        "RA-K-HOSTAGE",
        "A token put into a country by another player",
        (
            Choice(
                False,
                "draws no card",
                "a token another player puts into a country draws no card there",
            ),
            Choice(
                True,
                "draws a card",
                "a token another player puts into an unoccupied country draws a "
                "card there",
            ),
        ),
        "Arriving in a country draws a card; some tables say that holds however "
        "the token got there.",
    ),
)
