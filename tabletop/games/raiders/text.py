"""Words for Raiders states and actions: the text map, pending decisions, explain.

``render_state`` draws each path as a row (``.`` a space, ``!`` an instruction,
``>``/``<`` a checkpoint arrow pointing along the row as written, a digit a token),
then the countries, intersections and players.
"""

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
from tabletop.games.raiders.cards import (
    AIR,
    AMBUSH,
    HOSTAGE,
    PASSPORT,
    card_name,
    country_card,
)

if TYPE_CHECKING:
    from tabletop.games.raiders.rules import Raiders
    from tabletop.games.raiders.state import RaidersState


def render_state(s: RaidersState) -> str:
    """A readable text map of any state (uses the default board's layout)."""
    from tabletop.games.raiders.board import load_board

    board = _board_cache.get("b") or _board_cache.setdefault("b", load_board())
    return render(board, s)


_board_cache: dict = {}


def render(board, s: RaidersState) -> str:
    tokens: dict[str, list[str]] = {}
    for q, at in enumerate(s.positions):
        tokens.setdefault(at, []).append(str(q))
    lines = [_headline(s)]
    for path in board.paths.values():
        a, b = path.ends
        cells = []
        chain = [a, *path.spaces, b]
        for i, sid in enumerate(path.spaces, start=1):
            if sid in tokens:
                cells.append("".join(tokens[sid]))
            elif sid in board.checkpoints:
                cells.append(">" if board.checkpoints[sid] == chain[i + 1] else "<")
            elif sid in board.instructions:
                cells.append("!")
            else:
                cells.append(".")
        wrap = " ~edge~" if path.wrap else ""
        lines.append(f"  {path.id:<4}{_node(a, tokens):<11}{' '.join(cells)}{wrap}"
                     f"  {_node(b, tokens)}")
    lines.append("  countries: " + "  ".join(_node(c, tokens) for c in board.countries))
    lines.append("  intersections: " + "  ".join(
        _node(x, tokens) for x in board.intersections))
    for q in range(len(s.positions)):
        lines.append("  " + _player_line(s, q))
    lines.append(f"  deck {len(s.deck)} cards, discards {len(s.discards)}"
                 + (f" (top: {card_name(s.discards[-1])})" if s.discards else ""))
    return "\n".join(lines)


def _headline(s: RaidersState) -> str:
    ark = f"the Ark is in {s.ark}" if s.ark else "the Ark is not yet revealed"
    if s.phase == "over":
        who = f"player {s.winner} won" if s.winner >= 0 else "no winner"
        return f"Raiders, game over: {who}; {ark}"
    extra = ""
    if s.phase == "move":
        extra = f", {s.steps} steps left, route {'-'.join(s.route)}"
    return f"Raiders, turn {s.turn}: {ark}; player {s.player} to {s.phase}{extra}"


def _node(loc: str, tokens: dict) -> str:
    return f"{loc}[{''.join(tokens[loc])}]" if loc in tokens else loc


def _player_line(s: RaidersState, q: int) -> str:
    hand = s.hands[q]
    shown = ", ".join(card_name(c) if c != "?" else "?" for c in hand) or "no cards"
    notes = []
    if s.prev[q]:
        notes.append(f"came from {s.prev[q]}")
    if s.skips[q]:
        notes.append(f"misses {s.skips[q]} turn(s)")
    if s.hostage[q]:
        notes.append("just taken hostage")
    if s.owes[q]:
        notes.append("owes a Passport")
    extra = f" ({'; '.join(notes)})" if notes else ""
    return f"player {q} at {s.positions[q] or '-'}{extra}: {shown}"


def pending(g: Raiders, s: RaidersState) -> str:
    """Whose decision is pending, and what kind."""
    p = s.player
    if s.phase == "over":
        return "the game is over"
    return {
        "place": f"player {p} places a token on an unoccupied country",
        "turn": f"player {p} rolls the die or plays a card",
        "move": f"player {p} chooses the way on ({s.steps} steps left)",
        "land": f"player {p} landed on player {s.landed[0] if s.landed else '?'}: "
                "send them elsewhere or leave them",
        "customs": f"player {p} shows a Passport for checkpoint {s.positions[p]} or "
                   "loses this turn",
    }[s.phase]


def explain(g: Raiders, s: RaidersState) -> list[Explanation]:
    """One explanation per legal action."""
    return [_explain(g, s, a) for a in g.legal_actions(s)]


def _explain(g: Raiders, s: RaidersState, a) -> Explanation:
    if isinstance(a, Place):
        return Explanation(a, "RA-S-PLACE", f"put your token in {a.country}",
                           f"place {a.country}", (a.country,))
    if isinstance(a, Roll):
        return Explanation(a, "RA-T-CHOICE", "roll the die and travel that many "
                           "spaces", "roll", (s.positions[s.player],))
    if isinstance(a, Air | FlyCountry | Ambush | Hostage):
        return _explain_card(g, s, a)
    return _explain_travel(s, a)


def _explain_card(g: Raiders, s: RaidersState, a) -> Explanation:
    """Explanations of the card plays of a turn (RA-K-*)."""
    if isinstance(a, Air):
        return Explanation(a, "RA-K-AIR", "play an Air Passage and roll: the roll "
                           "counts double", "Air Passage", (), AIR)
    if isinstance(a, FlyCountry):
        hand = s.hands[s.player]
        card = country_card(a.country)
        if card not in hand:
            card = next(country_card(c) for c in g.board.countries
                        if country_card(c) in hand)
        return Explanation(a, "RA-K-COUNTRY", f"play {card_name(card)}: fly to "
                           f"{a.country} and draw a card there", f"fly {a.country}",
                           (a.country,), card)
    if isinstance(a, Ambush):
        return Explanation(a, "RA-K-AMBUSH", f"ambush player {a.victim}: take a "
                           "card at random from their hand", f"ambush {a.victim}",
                           (s.positions[a.victim],), AMBUSH)
    return Explanation(a, "RA-K-HOSTAGE", f"take player {a.victim} hostage to "
                       f"{a.to}; they miss their next turn",
                       f"hostage {a.victim}>{a.to}", (a.to,), HOSTAGE)


def _explain_travel(s: RaidersState, a) -> Explanation:
    """Explanations of the decisions during and after travel (RA-M-*)."""
    if isinstance(a, Step):
        return Explanation(a, "RA-M-DIRECTION", f"travel on to {a.to} ({s.steps} "
                           "steps left)", f"to {a.to}", (a.to,))
    if isinstance(a, Send):
        return Explanation(a, "RA-M-LAND-PLAYER", f"send player {a.victim} to "
                           f"{a.to} (no instruction affects them there)",
                           f"send to {a.to}", (a.to,))
    if isinstance(a, Leave):
        return Explanation(a, "RA-M-LAND-PLAYER", f"leave player {a.victim} where "
                           "they stand", "leave them")
    if isinstance(a, ShowPassport):
        return Explanation(a, "RA-M-CHECKPOINT-LAND", "show a Passport for this "
                           "checkpoint, then take your turn", "show Passport", (),
                           PASSPORT)
    if isinstance(a, LoseTurn):
        return Explanation(a, "RA-M-CHECKPOINT-LAND", "show no Passport and lose "
                           "this turn", "lose the turn")
    raise TypeError(f"no explanation for {a!r}")
