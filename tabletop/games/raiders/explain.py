"""Why each legal action of a Raiders position is legal, in words (with the clause,
a short label, the board places it involves and the card it plays)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Explanation
from tabletop.games.raiders.actions import (
    Air,
    Ambush,
    FlyCountry,
    Hostage,
    Leave,
    LoseTurn,
    Place,
    Roll,
    Send,
    ShowPassport,
    Step,
)
from tabletop.games.raiders.cards import AIR, AMBUSH, HOSTAGE, PASSPORT, card_name
from tabletop.games.raiders.turns import flight_card

if TYPE_CHECKING:
    from tabletop.games.raiders.board import RaidersBoard
    from tabletop.games.raiders.rules import Raiders
    from tabletop.games.raiders.state import RaidersState


def explain(game: Raiders, s: RaidersState) -> list[Explanation]:
    """One explanation per legal action, in the order they are listed."""
    return [_explain(game, s, a) for a in game.legal_actions(s)]


def _explain(g: Raiders, s: RaidersState, a) -> Explanation:
    name = g.board.space_name
    if isinstance(a, Place):
        return Explanation(
            a, "RA-S-PLACE", f"put your token in {name(a.country)}",
            f"place {a.country}", (a.country,),
        )  # fmt: skip
    if isinstance(a, Roll):
        return Explanation(
            a, "RA-T-CHOICE", "roll the die and travel that many spaces", "roll",
            (s.positions[s.to_move],),
        )  # fmt: skip
    if isinstance(a, Air | FlyCountry | Ambush | Hostage):
        return _explain_card(g, s, a)
    return _explain_travel(g, s, a)


def _explain_card(g: Raiders, s: RaidersState, a) -> Explanation:
    """Explanations of the card plays of a turn (RA-K-*)."""
    name = g.board.space_name
    if isinstance(a, Air):
        return Explanation(
            a, "RA-K-AIR", "play an Air Passage and roll: the roll counts double",
            "Air Passage", (), AIR,
        )  # fmt: skip
    if isinstance(a, FlyCountry):
        card = flight_card(g, s.hands[s.to_move], a.country)
        return Explanation(
            a, "RA-K-COUNTRY",
            f"play {card_name(card)}: fly to {name(a.country)} and draw a card there",
            f"fly {a.country}", (a.country,), card,
        )  # fmt: skip
    if isinstance(a, Ambush):
        return Explanation(
            a, "RA-K-AMBUSH",
            f"ambush player {a.victim}: take a card at random from their hand",
            f"ambush {a.victim}", (s.positions[a.victim],), AMBUSH, seat=a.victim,
        )  # fmt: skip
    return Explanation(
        a, "RA-K-HOSTAGE",
        f"take player {a.victim} hostage to {name(a.to)}; they miss their next turn"
        + _draws_there(g, a.to),
        f"hostage {a.victim}>{a.to}", (a.to,), HOSTAGE, seat=a.victim,
    )  # fmt: skip


def _draws_there(g: Raiders, to: str) -> str:
    """The words of the house rule ``hostage_draws`` for a token put on ``to``."""
    if g.house.hostage_draws and to in g.board.bit:
        return " and draw a card there (house rule)"
    return ""


def towards(board: RaidersBoard, here: str, to: str) -> str | None:
    """The country or intersection a step from ``here`` onto the path space
    ``to`` heads for (the path's end ahead), or None when ``to`` is not a path
    space next to ``here`` along its path."""
    for path in board.paths.values():
        row = path.row
        if to not in path.spaces or here not in row:
            continue
        i, j = row.index(here), row.index(to)
        if j == i + 1:
            return path.ends[1]
        if j == i - 1:
            return path.ends[0]
    return None


def checkpoint_ahead(board: RaidersBoard, here: str, to: str, steps: int) -> str:
    """The first checkpoint a walk of ``steps`` steps from ``here`` through the
    path space ``to`` meets along its arrow on that path, passed or landed on
    (RA-M-CHECKPOINT, RA-M-CHECKPOINT-LAND: a Passport, or a turn lost), or ""
    when it meets none before the walk or the path ends."""
    for path in board.paths.values():
        row = path.row
        if to not in path.spaces or here not in row:
            continue
        i, j = row.index(here), row.index(to)
        if abs(j - i) != 1:
            continue
        ahead = row[j :: j - i][:steps]
        for came, space in zip((here, *ahead), ahead, strict=False):
            arrow = board.checkpoints.get(space)
            if arrow is not None and arrow != came:
                return space
        return ""
    return ""


def _explain_travel(g: Raiders, s: RaidersState, a) -> Explanation:
    """Explanations of the decisions during and after travel (RA-M-*)."""
    name = g.board.space_name
    if isinstance(a, Step):
        here = s.positions[s.to_move]
        ahead = towards(g.board, here, a.to)
        label = f"towards {ahead} via {a.to}" if ahead else f"to {a.to}"
        past = checkpoint_ahead(g.board, here, a.to, s.steps) if ahead else ""
        return Explanation(
            a, "RA-M-DIRECTION",
            f"travel on to {name(a.to)} ({s.steps} steps left)",
            f"{label} past {past}" if past else label, (a.to,),
        )  # fmt: skip
    if isinstance(a, Send):
        return Explanation(
            a, "RA-M-LAND-PLAYER",
            f"send player {a.victim} to {name(a.to)} (no instruction affects them "
            f"there){_draws_there(g, a.to)}",
            f"send to {a.to}", (a.to,),
        )  # fmt: skip
    if isinstance(a, Leave):
        return Explanation(
            a, "RA-M-LAND-PLAYER", f"leave player {a.victim} where they stand",
            "leave them",
        )  # fmt: skip
    if isinstance(a, ShowPassport):
        return Explanation(
            a, "RA-M-CHECKPOINT-LAND",
            "show a Passport for this checkpoint, then take your turn",
            "show Passport", (), PASSPORT,
        )  # fmt: skip
    if isinstance(a, LoseTurn):
        return Explanation(
            a, "RA-M-CHECKPOINT-LAND", "show no Passport and lose this turn",
            "lose the turn",
        )  # fmt: skip
    raise TypeError(f"no explanation for {a!r}")
