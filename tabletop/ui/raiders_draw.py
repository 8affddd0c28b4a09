"""Raiders of the Lost Ark at the table: its map under the mouse, its cards in words.

The map, the Ark, the deck and the tokens are drawn by ``tabletop.draw.raiders`` (the
same shapes as the game's SVG pictures); this adapter says where the locations are
on that drawing, what one is when the pointer rests on it, and how cards and hands
read. Nothing here decides what is legal.
"""

from __future__ import annotations

from typing import Any

from tabletop.draw.raiders import CARD_COLORS
from tabletop.ui.board import BoardAdapter, CardFace


class RaidersDraw(BoardAdapter):
    """The Raiders map's locations and words (its drawing is ``RaidersDrawing``)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        board = game.board
        self.board = board
        self.xy = {s: self.board_xy(x, y) for s, (x, y) in board.xy.items()}
        self.colors = {
            c["id"]: c.get("color", "#8d6e63") for c in board.data["countries"]
        }

    # -- words ----------------------------------------------------------------------
    def label_words(self, label: str) -> str:
        """ "ambush 0" -> "Ambush player 0"; "hostage 0>ENGLAND" -> "Hostage: player
        0 to ENGLAND"; "fly ENGLAND" -> "Fly to ENGLAND"; "place USA" -> "Place
        your token in USA" (spaces are named by the table afterwards)."""
        words = label.split()
        if not words:
            return label
        head = words[0].lower()
        if head == "ambush" and len(words) == 2:
            return f"Ambush player {words[1]}"
        if head == "hostage" and len(words) == 2 and ">" in words[1]:
            seat, _, place = words[1].partition(">")
            return f"Hostage: player {seat} to {place}"
        if head == "fly" and len(words) == 2:
            return f"Fly to {words[1]}"
        if head == "place" and len(words) == 2:
            return f"Place your token in {words[1]}"
        if head == "send" and len(words) >= 3 and words[1] == "to":
            return f"Send them to {' '.join(words[2:])}"
        return label

    def describe(self, sid: str) -> str:
        name = self.space_label(sid)
        found = self.board.instructions.get(sid)
        if found is not None:
            return f"{name}: {found.text}"
        if sid in self.board.checkpoints:
            return f"{name}: checkpoint (a Passport is needed to pass this way)"
        return name

    # -- hands ----------------------------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        cards = view.hands[seat]
        return len(cards) if "?" in cards else tuple(cards)

    def face(self, kind: str) -> CardFace:
        from tabletop.games.raiders.cards import CARD_KINDS, card_country

        country = card_country(kind)
        if country:
            name, text, clause = CARD_KINDS["country"]
            label = self.board.names.get(country, country)
            return CardFace(
                f"{label}",
                f"Country card. {text}",
                clause,
                self.colors.get(country, "#555"),
            )
        name, text, clause = CARD_KINDS.get(kind, (kind, "", ""))
        return CardFace(name, text, clause, CARD_COLORS.get(kind, "#555"))

    def card_kinds(self) -> tuple[str, ...]:
        from tabletop.games.raiders.cards import CARD_KINDS, country_card

        plain = tuple(k for k in CARD_KINDS if k != "country")
        return plain + tuple(country_card(c) for c in self.board.countries)

    def seat_notes(self, view: Any, seat: int) -> str:
        notes = []
        if view.skips[seat]:
            notes.append(f"misses {view.skips[seat]} turn(s)")
        if view.owes[seat]:
            notes.append("owes a Passport")
        where = view.positions[seat]
        if where:
            notes.append(f"at {self.space_label(where)}")
        return ", ".join(notes)


ADAPTER = RaidersDraw
