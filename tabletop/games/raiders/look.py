"""How Raiders of the Lost Ark looks: a world map with its routes, and the tokens.

Drawn from the board file: countries (coloured lands with their names), the paths of
spaces between countries and intersections, checkpoints (red, with the arrow along
the path), instruction spaces (yellow, "!"), and the routes that leave one edge of
the map and come back at the other (RA-B-WRAP). The table shows the Ark's country
once known and the deck and discards; tokens stand on their locations. Its
locations take the clicks; cards, seats and button labels read in words.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tabletop.core.viewers import as_viewer
from tabletop.draw.colours import ink_on
from tabletop.draw.look import Face, Look, an, said_as_list
from tabletop.draw.shapes import Pen
from tabletop.games.raiders.cards import CARD_KINDS, card_country, country_card

SCALE = 0.9
# Decorative land masses (board units), placed under the countries of the map.
CONTINENTS = (
    ((60, 70), (330, 60), (360, 120), (300, 210), (240, 270), (160, 250), (70, 180)),
    ((230, 280), (330, 300), (370, 360), (330, 470), (280, 520), (250, 430)),
    ((440, 70), (560, 55), (600, 110), (540, 160), (460, 150)),
    ((500, 180), (640, 180), (660, 260), (610, 400), (560, 450), (500, 360),
     (480, 260)),
    ((600, 60), (960, 50), (980, 140), (900, 250), (760, 260), (640, 230), (600, 150)),
    ((850, 345), (950, 335), (965, 410), (880, 425)),
)  # fmt: skip
# What an instruction space does, printed under it on the map (its full text shows
# on the live table when the pointer rests on it).
EFFECT_WORDS = {
    "draw": "draw a card",
    "lose_turn": "lose a turn",
    "discard": "discard 1",
    "back": "back {n}",
    "roll_again": "roll again",
}
CARD_COLORS = {
    "ark": "#c9a227",
    "staff": "#c9a227",
    "map": "#c9a227",
    "hostage": "#8e24aa",
    "air": "#0288d1",
    "passport": "#2e7d32",
    "ambush": "#c62828",
}
INK = "#3e2723"
# A way button's warning (RA-M-DIRECTION): the way crosses a checkpoint along
# its arrow within the move (RA-M-CHECKPOINT, RA-M-CHECKPOINT-LAND).
CHECKPOINT_COST = "Passport or lose a turn"
CHECKPOINT_AHEAD = f"crosses a checkpoint: {CHECKPOINT_COST}"
_COUNTRY_CARD = re.compile(r"\bCountry \(([A-Z][A-Z0-9_]*)\)")


class RaidersLook(Look):
    """The Raiders world map, scaled to fit a notebook column."""

    scale = SCALE
    # Sentences that name the space they happen at ("landed on X: ...", "stopped
    # at checkpoint X"): the recap does not say the move there before them.
    arrivals_told = frozenset(
        {"instruction", "owes", "checkpoint", "passport", "blocked"}
    )

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.b = game.board
        canvas = self.b.data["canvas"]
        self.map_w, self.map_h = canvas["width"], canvas["height"]
        self.width = int(self.map_w * SCALE)
        self.height = int(self.map_h * SCALE)
        # The country each place is grouped under (``group_of``), when first asked.
        self._near: dict[str, str | None] | None = None
        self.colors = {
            c["id"]: c.get("color", "#8d6e63") for c in self.b.data["countries"]
        }

    def space_radius(self, sid: str) -> float:
        kind = self.b.kind.get(sid, "space")
        return {"country": 30.0, "intersection": 13.0}.get(kind, 12.0)

    def group_of(self, sid: str) -> str | None:
        """A long list of places (a Hostage's, RA-K-HOSTAGE; a token sent on,
        RA-M-LAND-PLAYER) shows them by country: each place under the country
        fewest steps away, the nearer on the map when two are as few."""
        if self._near is None:
            self._near = {loc: self._nearest_country(loc) for loc in self.b.kind}
        country = self._near.get(sid)
        return None if country is None else f"in and around {self.space_name(country)}"

    def _nearest_country(self, loc: str) -> str | None:
        steps = self.b.distances[loc]
        x, y = self.b.xy[loc]

        def far(country: str) -> tuple[int, float]:
            cx, cy = self.b.xy[country]
            dx = abs(cx - x)
            return steps[country], math.hypot(min(dx, self.map_w - dx), cy - y)

        reached = [c for c in self.b.countries if c in steps]
        return min(reached, key=far) if reached else None

    def route(self, a: str, b: str) -> tuple[str, ...]:
        """Along a path of the map when both spaces lie on the same one."""
        for path in self.b.paths.values():
            row = path.row
            if a in row and b in row:
                i, j = row.index(a), row.index(b)
                return row[i : j + 1] if i <= j else tuple(reversed(row[j : i + 1]))
        return (a, b)

    # -- the map --------------------------------------------------------------------
    def draw_board(self, p: Pen) -> None:
        p.rect(0, 0, self.map_w, self.map_h, fill="#1f5f99")
        for x in range(0, self.map_w + 1, 100):
            p.line(x, 0, x, self.map_h, "#2f74b3")
        for y in range(0, self.map_h + 1, 80):
            p.line(0, y, self.map_w, y, "#2f74b3")
        for poly in CONTINENTS:
            p.polygon(poly, fill="#d9c9a0", stroke="#a08c5b", width=2)
        for path in self.b.paths.values():
            self._path(p, path)
        for sid in self.b.spaces:
            self._space(p, sid)
        for xid in self.b.intersections:
            x, y = self.b.xy[xid]
            p.circle(x, y, 10, fill="#263238")
            p.line(x - 5, y - 5, x + 5, y + 5, "#eceff1", 2)
            p.line(x - 5, y + 5, x + 5, y - 5, "#eceff1", 2)
            # Path spaces are named after their ends ("United States–North
            # Atlantic 2"), so the crossings carry their names on the map.
            p.text(x, y - 15, self.b.names.get(xid, xid), fill="#eceff1", size=10,
                   bold=True, align="center", halo="#263238")  # fmt: skip
        for cid in self.b.countries:
            self._country(p, cid)
        p.text(20, self.map_h - 20, "RAIDERS OF THE LOST ARK", fill="#fff8e1",
               size=22, bold=True, family="serif")  # fmt: skip
        legend = (
            "red: checkpoint (arrow = way that needs a Passport)   "
            "yellow !: instruction (its effect under it)   "
            "\u25b6 at the edge: the route wraps around"
        )
        p.text(20, self.map_h - 6, legend, fill="#fff8e1", size=11)

    def _path(self, p: Pen, path: Any) -> None:
        points = [self.b.xy[i] for i in path.row]
        for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
            if abs(x2 - x1) > self.map_w / 2:  # RA-B-WRAP: off one edge, on the other
                shift = self.map_w if x2 < x1 else -self.map_w
                p.line(x1, y1, x2 + shift, y2, "#5d4037", 3, dash=(6, 4))
                p.line(x1 - shift, y1, x2, y2, "#5d4037", 3, dash=(6, 4))
                self._edge_marks(p, x1, y1, x2 + shift, y2)
            else:
                p.line(x1, y1, x2, y2, "#5d4037", 3, dash=(6, 4))

    def _edge_marks(self, p: Pen, x1: float, y1: float, x2: float, y2: float) -> None:
        """Yellow arrowheads where a wrapping route leaves and re-enters the map."""
        edge = self.map_w if x2 > x1 else 0
        y = y1 + (y2 - y1) * (edge - x1) / (x2 - x1)
        out = 1 if edge else -1
        p.polygon([(edge - 12 * out, y - 8), (edge, y), (edge - 12 * out, y + 8)],
                  fill="#ffeb3b")  # fmt: skip
        other = self.map_w - edge
        p.polygon([(other, y - 8), (other + 12 * out, y), (other, y + 8)],
                  fill="#ffeb3b")  # fmt: skip

    def _space(self, p: Pen, sid: str) -> None:
        x, y = self.b.xy[sid]
        if sid in self.b.checkpoints:
            p.circle(x, y, 10, fill="#d32f2f")
            tx, ty = self.b.xy[self.b.checkpoints[sid]]
            if abs(tx - x) > self.map_w / 2:
                tx += self.map_w if tx < x else -self.map_w
            angle = math.atan2(ty - y, tx - x)
            ux, uy = math.cos(angle), math.sin(angle)
            tip = (x + 9 * ux, y + 9 * uy)
            left = (x - 6 * ux - 6 * uy, y - 6 * uy + 6 * ux)
            right = (x - 6 * ux + 6 * uy, y - 6 * uy - 6 * ux)
            p.polygon([tip, left, right], fill="#ffffff")
            return
        instruction = sid in self.b.instructions
        p.circle(x, y, 8, fill="#ffd54f" if instruction else "#fff8e1", stroke=INK,
                 width=1.5)  # fmt: skip
        if instruction:
            p.text(x, y + 4, "!", fill=INK, size=11, bold=True, align="center")
            found = self.b.instructions[sid]
            short = EFFECT_WORDS.get(found.effect, found.effect).format(n=found.count)
            p.text(x, y + 19, short, fill="#ffeb3b", size=9, bold=True,
                   align="center", halo="#1f5f99")  # fmt: skip

    def _country(self, p: Pen, cid: str) -> None:
        x, y = self.b.xy[cid]
        label = self.b.names.get(cid, cid).upper()
        blob = _blob(x, y, max(26, 4.2 * len(label)), 24, _text_number(cid))
        p.polygon(blob, fill=self.colors[cid], stroke="#2b1d0e", width=2)
        p.text(x, y + 4, label, fill=ink_on(self.colors[cid]), size=11, bold=True,
               align="center")  # fmt: skip

    # -- the table and the tokens ---------------------------------------------------
    def draw_table(self, p: Pen, view: Any) -> None:
        if view.ark:
            x, y = self.b.xy[view.ark]
            _ark(p, x, y - 40)
        top = view.discards[-1] if view.discards else ""
        shown = self.face(top).name if top else "empty"
        p.text(self.map_w - 16, self.map_h - 10,
               f"deck: {len(view.deck)} cards   discard: {shown}", fill="#fff8e1",
               align="right")  # fmt: skip

    def draw_pieces(self, p: Pen, view: Any) -> None:
        for seat, where in enumerate(view.positions):
            if not where:
                continue
            x, y = self.spot(view, seat)
            color = self.seat_colors[seat]
            p.polygon([(x - 8, y + 2), (x + 8, y + 2), (x, y + 14)], fill="#000000")
            p.circle(x, y, 10, fill="#000000")
            p.circle(x, y, 8, fill=color)
            p.text(x, y + 4, str(seat), fill=self.seat_ink(seat), size=11,
                   bold=True, align="center")  # fmt: skip
            if view.skips[seat] > 0:
                p.line(x - 7, y - 7, x + 7, y + 7, "#ffffff", 2)

    def spot(self, view: Any, seat: int) -> tuple[float, float] | None:
        """A token's place above its location; tokens sharing one fan out across
        it, 14 apart, so that no token covers another's seat number."""
        where = view.positions[seat]
        if not where:
            return None
        k = sum(1 for q in view.positions[:seat] if q == where)
        n = sum(1 for q in view.positions if q == where)
        x, y = self.b.xy[where]
        lift = 26 if self.b.kind.get(where) == "country" else 12
        return x + 14 * (k - (n - 1) / 2), y - lift - 4 * k

    # -- cards, seats and words -----------------------------------------------------
    def hand(self, view: Any, seat: int) -> tuple[str, ...] | int:
        cards = view.hands[seat]
        return len(cards) if "?" in cards else tuple(cards)

    def face(self, kind: str) -> Face:
        country = card_country(kind)
        if country:
            _, text, clause = CARD_KINDS["country"]
            return Face(
                self.b.names.get(country, country),
                self.colors.get(country, "#555555"),
                f"Country card. {text}",
                clause,
            )
        name, text, clause = CARD_KINDS.get(kind, (kind, "", ""))
        return Face(name, CARD_COLORS.get(kind, "#555555"), text, clause)

    def card_kinds(self) -> tuple[str, ...]:
        plain = tuple(k for k in CARD_KINDS if k != "country")
        return plain + tuple(country_card(c) for c in self.b.countries)

    def seat_note(self, view: Any, seat: int) -> str:
        notes = []
        if view.skips[seat]:
            n = view.skips[seat]
            notes.append(f"misses {n} turn" if n == 1 else f"misses {n} turns")
        if view.owes[seat]:
            notes.append("owes a Passport")
        where = view.positions[seat]
        if where:
            notes.append(f"at {self.space_name(where)}")
        return ", ".join(notes)

    def describe(self, sid: str) -> str:
        name = self.space_name(sid)
        found = self.b.instructions.get(sid)
        if found is not None:
            return f"{name}: {found.text}"
        if sid in self.b.checkpoints:
            return f"{name}: checkpoint (a Passport is needed to pass this way)"
        return name

    def label_words(self, label: str) -> str:
        """ "ambush 0" -> "Ambush player 0"; "hostage 0>ENGLAND" -> "Hostage: player
        0 to ENGLAND"; "fly ENGLAND" -> "Fly to ENGLAND"; "place USA" -> "Place
        your token in USA" (spaces are named by the table afterwards); a way that
        crosses a checkpoint along its arrow within the move ("towards CHINA via
        S40 past S41", RA-M-DIRECTION) -> "towards CHINA via S40 (crosses a
        checkpoint: Passport or lose a turn)", and when the way's first space is
        that checkpoint ("via S30 past S30"), said once: "towards NEPAL via
        checkpoint S30 (Passport or lose a turn)"."""
        words = label.split()
        if not words:
            return label
        if words[0] == "towards" and len(words) == 6 and words[4] == "past":
            way = " ".join(words[:3])  # "towards CHINA via"
            if words[3] == words[5]:
                return f"{way} checkpoint {words[3]} ({CHECKPOINT_COST})"
            return f"{way} {words[3]} ({CHECKPOINT_AHEAD})"
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

    def words(self, text: str) -> str:
        """Seats and places named (``Look.words``), and a country card as its
        face reads it ("played Country (NEPAL)" -> "played a Nepal card")."""
        return super().words(
            _COUNTRY_CARD.sub(lambda m: self.some_cards(country_card(m[1]), 1), text)
        )

    def same_use(self, kind: str) -> tuple[str, ...]:
        """A Country card stands for every Country card (RA-K-COUNTRY ruling: any
        one flies to any unoccupied country; the flight spends the destination's
        own if held, else the first held in map order), unless the game restricts
        Country cards to their printed country."""
        if card_country(kind) and not self.game.restricted:
            return tuple(self.game.country_cards)
        return ()

    def some_cards(self, kind: Any, count: int) -> str:
        """A country card reads by its country ("a Nepal card", "2 Nepal cards")."""
        if card_country(str(kind)):
            name = self.card_name(kind)
            return f"{an(name)} {name} card" if count == 1 else f"{count} {name} cards"
        return super().some_cards(kind, count)

    def event_words(self, event: Any, viewer: Any) -> str | None:
        """The events that show or move cards, said from their data: each card by
        its face ("played a Nepal card and flew to Nepal"); a card ``viewer`` may
        not see reads "a card"."""
        data = event.for_viewer(as_viewer(viewer)).data
        kind = event.kind
        if kind == "ark" and isinstance(data.get("cards"), list | tuple):
            up = self.cards_words(data["cards"])
            where = self.space_name(str(data.get("country", "")))
            return f"Cards turned up: {up}. The Ark is in {where}"
        seat = data.get("seat", event.player)
        if not isinstance(seat, int) or seat >= self.game.players:
            return None
        who = self.seat_name(seat)
        victim = data.get("victim")
        them = self.seat_name(victim) if isinstance(victim, int) else ""
        cards = self.event_cards(event, viewer)
        if kind == "deal":
            return f"{who} was dealt {cards}"
        if kind == "draw":
            # Where or why it was drawn is in the public sentence, after the card.
            rest = event.for_viewer("public").text.partition(" drew a card")[2]
            return f"{who} drew {cards}{self.words(rest)}"
        if kind == "take" and them:
            return f"{who} took {cards} from {them}"
        if kind == "discard":
            return f"{who} discarded {cards}"
        if kind == "passport":
            at = self.space_name(str(data.get("at", "")))
            on = " and went on" if event.clause == "RA-M-CHECKPOINT" else ""
            return f"{who} showed {cards} at {at}{on}"
        if kind != "play":
            return None
        said = [f"{who} played {cards}"]
        to = self.space_name(str(data.get("to", "")))
        if event.clause == "RA-K-AMBUSH" and them:
            said[0] += f" on {them}"
        elif event.clause == "RA-K-COUNTRY" and "to" in data:
            said.append(f"flew to {to}")
        elif event.clause == "RA-K-HOSTAGE" and them:
            said.append(f"took {them} hostage to {to}; {them} will miss the next turn")
        return said_as_list(said)

    def own_words(self, event: Any, viewer: int) -> str | None:
        """A turn ``viewer`` loses, said to them: stopped at a checkpoint without a
        Passport (RA-M-CHECKPOINT), no Passport shown on one landed on
        (RA-M-CHECKPOINT-LAND), a hand run empty (RA-E-EMPTY), a turn missed
        (RA-T-SKIP)."""
        if event.player != viewer:
            return None
        at = event.for_viewer(as_viewer(viewer)).data.get("at")
        where = self.words(f"checkpoint {at}") if at else "a checkpoint"
        if event.kind == "checkpoint":
            return f"miss your next turn: no Passport at {where}"
        if event.kind == "empty":
            return "miss your next turn: your hand is empty (you draw a card then)"
        if event.kind != "skip":
            return None
        if event.clause == "RA-M-CHECKPOINT-LAND":
            return f"lost this turn: no Passport shown at {where}"
        if event.clause == "RA-E-EMPTY":
            return "missed this turn to draw a card for an empty hand"
        return "missed this turn"

    def outcome_notes(self, events: Any, seat: int) -> list[str]:
        """A Passport shown at a checkpoint (RA-M-CHECKPOINT) is spent."""
        spent = any(e.kind == "passport" and e.player == seat for e in events)
        return ["spends a Passport"] if spent else []


def _text_number(text: str) -> int:
    """A small stable number from a text (Python's ``hash`` varies per run)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(text))


def _blob(x: float, y: float, rx: float, ry: float, seed: int) -> list:
    """An irregular land shape around (x, y), the same every time for a seed."""
    points = []
    for k in range(10):
        wobble = 0.8 + 0.3 * (((seed * (k + 3)) % 7) / 6)
        angle = 2 * math.pi * k / 10
        points.append(
            (x + rx * wobble * math.cos(angle), y + ry * wobble * math.sin(angle))
        )
    return points


def _ark(p: Pen, x: float, y: float) -> None:
    p.rect(x - 16, y - 8, 32, 16, fill="#ffd54f", stroke="#8d6e00", width=2)
    p.polygon([(x - 14, y - 8), (x - 4, y - 18), (x - 2, y - 8)], fill="#ffd54f")
    p.polygon([(x + 14, y - 8), (x + 4, y - 18), (x + 2, y - 8)], fill="#ffd54f")
    p.text(x, y + 24, "ARK", fill="#fff8e1", size=10, bold=True, align="center")
