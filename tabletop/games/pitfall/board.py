"""The Pitfall Harry board: loading, validation (PH-B-*) and precomputed movement.

A board file (``boards/pitfall.json``) lists the spaces of both levels with drawing
coordinates, the links along each level in clockwise order (the first id of a pair
comes first along the path), the underground spaces' ``under`` (the aboveground space
above each), the scorpion's start, the deck counts and the treasure-token mix.
``load_board`` checks every board clause and names every problem at once; the
resulting ``PitfallBoard`` holds lookup tables so a move needs no search.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core.boards import (
    Problems,
    board_digest,
    check_links,
    check_records,
    read_board,
    unreachable,
)
from tabletop.games.pitfall.cards import CARDS, OBSTACLE_NAMES, PIT_KINDS, TOKENS

ABOVE_COUNTS: Mapping[str, int] = {
    "ladder_pit": 4,
    "croc": 4,
    "pit": 5,
    "log": 3,
    "fire": 2,
    "cobra": 2,
    "swamp": 1,
}
"""PH-B-ABOVE: how many of each obstacle the aboveground path holds."""

ABOVE_KINDS = frozenset({"riverboat", "diamond", "plain", *ABOVE_COUNTS})
BELOW_KINDS = frozenset({"tunnel", "wall"})
WALL_COUNT = 4


class PitfallBoard:
    """A validated board with precomputed movement tables.

    Attributes:
        source: where it came from (for messages).
        data: the board file as read.
        above: aboveground space ids in clockwise order, riverboat first.
        below: underground space ids in clockwise order.
        riverboat, diamond: the first and last aboveground spaces.
        kind: space id -> kind (``plain``, ``croc``, ``pit``, ``ladder_pit``,
            ``wall``...).
        level: space id -> ``"above"`` or ``"below"``.
        forward, backward: space id -> the next space that way along its level, or
            ``None`` where the way is blocked (a path end, past the riverboat or the
            diamond, into a wall).
        down: pit trap id -> the underground space below it.
        up: underground id under a pit trap -> that pit trap.
        walls: the wall spaces.
        scorpion_start: the scorpion's starting space (PH-S-SCORPION).
        deck: count per card kind, in ``CARDS`` order (PH-C-DECK).
        tokens: count per treasure kind, in ``TOKENS`` order (PH-C-TOKENS).
        hand_size: cards per hand (PH-S-DEAL).
        xy: space id -> drawing coordinates on a ``canvas`` (width, height).
        names: space id -> its readable name (``space_name``); ``by_name`` maps
            each name and id, case-folded, back to the id (``space_id``).
        digest: a hash of the board file's content (saves record it).
        order: space id -> its index along the path (underground spaces take the
            index of the space above them).
        treasure_spaces: the cobra and fire spaces along the path, in path order,
            where a treasure card takes a token (PH-4-TREASURE).
    """

    __slots__ = (
        "source",
        "data",
        "above",
        "below",
        "riverboat",
        "diamond",
        "kind",
        "level",
        "forward",
        "backward",
        "down",
        "up",
        "walls",
        "scorpion_start",
        "deck",
        "tokens",
        "hand_size",
        "xy",
        "canvas",
        "piles",
        "order",
        "spaces",
        "retreat",
        "wall_next",
        "names",
        "by_name",
        "digest",
        "treasure_spaces",
    )

    def __init__(
        self, data: dict[str, Any], source: str, above: list[str], below: list[str]
    ) -> None:
        self.source = source
        self.data = data
        self.above = tuple(above)
        self.below = tuple(below)
        self.riverboat, self.diamond = above[0], above[-1]
        spaces = {rec["id"]: rec for rec in data["spaces"]}
        self.spaces: tuple[str, ...] = self.above + self.below
        self.kind = {sid: spaces[sid]["kind"] for sid in self.spaces}
        self.level = {sid: spaces[sid]["level"] for sid in self.spaces}
        self.xy = {sid: (spaces[sid]["x"], spaces[sid]["y"]) for sid in self.spaces}
        self.names = {sid: spaces[sid].get("name", sid) for sid in self.spaces}
        self.by_name = {
            " ".join(n.split()).casefold(): sid for sid, n in self.names.items()
        }
        self.by_name.update({sid.casefold(): sid for sid in self.spaces})
        self.canvas = (data["canvas"]["width"], data["canvas"]["height"])
        self.piles = {k: tuple(v) for k, v in data.get("piles", {}).items()}
        self.walls = frozenset(s for s in below if self.kind[s] == "wall")
        self.order = {sid: i for i, sid in enumerate(above)}
        under = {sid: spaces[sid]["under"] for sid in below}
        self.order.update({sid: self.order[under[sid]] for sid in below})
        self.down = {a: u for u, a in under.items() if self.kind[a] in PIT_KINDS}
        self.up = {u: a for a, u in self.down.items()}
        self.wall_next: set[tuple[str, int]] = set()
        self.forward: dict[str, str | None] = {}
        self.backward: dict[str, str | None] = {}
        for path in (self.above, self.below):
            for i, sid in enumerate(path):
                nxt = path[i + 1] if i + 1 < len(path) else None
                prv = path[i - 1] if i > 0 else None
                self.forward[sid] = None if nxt in self.walls else nxt
                self.backward[sid] = None if prv in self.walls else prv
                if nxt in self.walls:
                    self.wall_next.add((sid, 1))
                if prv in self.walls:
                    self.wall_next.add((sid, -1))
        self.retreat = self._retreats()
        self.treasure_spaces = tuple(
            s for s in self.above if self.kind[s] in ("cobra", "fire")
        )
        self.scorpion_start: str = data["scorpion_start"]
        self.deck = tuple(data["deck"][k] for k in CARDS)
        self.tokens = tuple(data["tokens"][k] for k in TOKENS)
        self.hand_size: int = data["hand_size"]
        self.digest = board_digest(data)

    def _retreats(self) -> dict[str, str]:
        """PH-6-HIT: underground space -> the space under the nearest pit trap behind
        it (walls do not matter: it is a placement), or the riverboat."""
        out, last = {}, self.riverboat
        for sid in self.below:
            out[sid] = last
            if sid in self.up:
                last = sid
        return out

    def space_name(self, space_id: str) -> str:
        """The readable name the board file gives a space (its id if none)."""
        return self.names[space_id]

    def space_id(self, text: str) -> str | None:
        """The space named ``text``: an id or a readable name, any case."""
        return self.by_name.get(" ".join(text.split()).casefold())

    def step(self, space: str, direction: int) -> str | None:
        """The next space from ``space`` (+1 clockwise, -1 back), or None if blocked."""
        return (self.forward if direction > 0 else self.backward)[space]

    def __repr__(self) -> str:
        return f"PitfallBoard({self.source!r}, {len(self.above)} + {len(self.below)})"


def load_board(source: str | Path | Mapping[str, Any] = "pitfall") -> PitfallBoard:
    """Read and validate a Pitfall board (a name, a path or parsed data).

    Raises:
        BoardError: listing every problem found (file, space, what is wrong).
    """
    data, label = read_board(source, "pitfall")
    problems = Problems(label)
    spaces = check_records(
        problems,
        data.get("spaces"),
        "spaces",
        {"id": str, "level": str, "kind": str, "x": (int, float), "y": (int, float)},
    )
    by_id = {rec["id"]: rec for rec in spaces}
    _check_kinds(problems, spaces)
    _check_names(problems, spaces)
    links = check_links(problems, data.get("links"), set(by_id))
    above, below = _check_paths(problems, by_id, links)
    if above:
        _check_counts(problems, by_id, above)
    if above and below is not None:
        _check_below(problems, by_id, above, below)
    _check_extras(problems, data, by_id)
    if by_id:
        start = above[0] if above else next(iter(by_id))
        shafts = [
            (r["under"], r["id"])
            for r in spaces
            if r["level"] == "below"
            and isinstance(r.get("under"), str)
            and r["under"] in by_id
        ]
        lost = unreachable(start, by_id, links + shafts)
        if lost:
            problems.add(f"unreachable space(s): {', '.join(sorted(lost))}")
    problems.raise_if_any()
    return PitfallBoard(data, label, above, below)


def _check_kinds(problems: Problems, spaces: list[dict]) -> None:
    for rec in spaces:
        sid, level, kind = rec["id"], rec["level"], rec["kind"]
        if level not in ("above", "below"):
            problems.add(
                f"space {sid!r}: level must be 'above' or 'below', not {level!r}"
            )
        elif kind == "wall" and level != "below":
            problems.add(f"space {sid!r}: a wall must be underground (PH-B-WALLS)")
        elif level == "above" and kind not in ABOVE_KINDS:
            problems.add(f"space {sid!r}: unknown aboveground kind {kind!r}")
        elif level == "below" and kind not in BELOW_KINDS:
            problems.add(f"space {sid!r}: unknown underground kind {kind!r}")


def _check_names(problems: Problems, spaces: list[dict]) -> None:
    """Readable names (optional): non-empty strings, unique, not another's id."""
    ids = {rec["id"].casefold() for rec in spaces}
    seen: dict[str, str] = {}
    for rec in spaces:
        name = rec.get("name", rec["id"])
        if not isinstance(name, str) or not name.strip():
            problems.add(f"space {rec['id']!r}: name must be a non-empty string")
            continue
        key = " ".join(name.split()).casefold()
        if key in seen:
            problems.add(f"space {rec['id']!r}: name {name!r} is also {seen[key]!r}'s")
        elif key in ids and key != rec["id"].casefold():
            problems.add(f"space {rec['id']!r}: name {name!r} is another space's id")
        seen[key] = rec["id"]


def _chain(
    problems: Problems, ids: list[str], links: list[tuple[str, str]], what: str
) -> list[str]:
    """Order the spaces of one level along its links; report breaks and branches."""
    nxt: dict[str, str] = {}
    prv: dict[str, str] = {}
    for a, b in links:
        if a in nxt:
            problems.add(f"{what}: space {a!r} has two next spaces ({nxt[a]!r}, {b!r})")
        if b in prv:
            problems.add(f"{what}: space {b!r} has two previous spaces")
        nxt[a], prv[b] = b, a
    starts = [s for s in ids if s not in prv]
    for s in starts[1:]:
        problems.add(
            f"{what}: space {s!r} has no link from a previous space (missing link)"
        )
    if not starts:
        problems.add(f"{what}: the path has no start (it loops)")
        return []
    order, seen = [starts[0]], {starts[0]}
    while order[-1] in nxt and nxt[order[-1]] not in seen:
        order.append(nxt[order[-1]])
        seen.add(order[-1])
    missing = [s for s in ids if s not in seen]
    if missing and len(starts) == 1:
        problems.add(
            f"{what}: spaces off the path (missing link?): {', '.join(missing)}"
        )
    return order


def _check_paths(
    problems: Problems, by_id: dict[str, dict], links: list[tuple[str, str]]
) -> tuple[list[str], list[str] | None]:
    levels: dict[str, list[str]] = {"above": [], "below": []}
    for sid, rec in by_id.items():
        levels.setdefault(rec["level"], []).append(sid)
    same = []
    for a, b in links:
        if by_id[a]["level"] != by_id[b]["level"]:
            problems.add(
                f"link {a!r}-{b!r} joins the two levels; they meet only at "
                "pit traps (PH-B-BELOW)"
            )
        else:
            same.append((a, b))
    kinds = [by_id[s]["kind"] for s in levels["above"]]
    for special in ("riverboat", "diamond"):
        if kinds.count(special) != 1:
            problems.add(
                f"the aboveground path needs exactly one {special} space, "
                f"found {kinds.count(special)}"
            )
    above_links = [(a, b) for a, b in same if by_id[a]["level"] == "above"]
    above = _chain(problems, levels["above"], above_links, "aboveground path")
    if above and by_id[above[0]]["kind"] != "riverboat":
        problems.add(
            f"the aboveground path starts at {above[0]!r}, not the riverboat "
            "(PH-S-START)"
        )
    if above and by_id[above[-1]]["kind"] != "diamond":
        problems.add(
            f"the aboveground path ends at {above[-1]!r}, not the diamond space "
            "(PH-B-ABOVE)"
        )
    below_links = [(a, b) for a, b in same if by_id[a]["level"] == "below"]
    below = _chain(problems, levels["below"], below_links, "underground path")
    return above, (below if levels["below"] else None)


def _check_counts(problems: Problems, by_id: dict[str, dict], above: list[str]) -> None:
    for kind, want in ABOVE_COUNTS.items():
        have = sum(1 for s in above if by_id[s]["kind"] == kind)
        if have != want:
            problems.add(
                f"the aboveground path has {have} {OBSTACLE_NAMES[kind]} "
                f"space(s); PH-B-ABOVE needs exactly {want}"
            )


def _check_below(
    problems: Problems, by_id: dict[str, dict], above: list[str], below: list[str]
) -> None:
    inner = above[1:-1]
    under = {s: by_id[s].get("under") for s in below}
    for s, a in under.items():
        if (
            not isinstance(a, str)
            or a not in by_id
            or by_id[a]["level"] != "above"
            or a in (above[0], above[-1])
        ):
            problems.add(
                f"underground space {s!r}: 'under' must name an aboveground "
                f"space other than the riverboat and diamond, not {a!r}"
            )
    above_ids = [under[s] for s in below]
    if above_ids != inner:
        lacking = [a for a in inner if a not in above_ids]
        if lacking:
            problems.add(
                f"no underground space under: {', '.join(lacking)} (PH-B-BELOW)"
            )
        else:
            problems.add(
                "the underground path does not follow the aboveground path's "
                "order (PH-B-BELOW)"
            )
        return
    _check_walls(problems, by_id, below, under)


def _check_walls(
    problems: Problems, by_id: dict[str, dict], below: list[str], under: dict[str, str]
) -> None:
    """PH-B-WALLS: four walls, none under a pit trap, every stretch with a way up."""
    walls = [s for s in below if by_id[s]["kind"] == "wall"]
    if len(walls) != WALL_COUNT:
        problems.add(
            f"the underground path has {len(walls)} walls; PH-B-WALLS needs "
            f"{WALL_COUNT}"
        )
    for s in walls:
        if by_id[under[s]]["kind"] in PIT_KINDS:
            problems.add(
                f"wall {s!r} lies under a pit trap: a pawn falling there "
                "would land in stone (PH-B-WALLS)"
            )
    stretch: list[str] = []
    for s in [*below, None]:
        if s is not None and by_id[s]["kind"] != "wall":
            stretch.append(s)
            continue
        if stretch and not any(by_id[under[t]]["kind"] in PIT_KINDS for t in stretch):
            problems.add(
                f"underground stretch {stretch[0]}..{stretch[-1]} has no pit "
                "trap above it: a pawn there could never leave"
            )
        stretch = []


def _check_extras(problems: Problems, data: dict, by_id: dict[str, dict]) -> None:
    start = data.get("scorpion_start")
    rec = by_id.get(start) if isinstance(start, str) else None
    if rec is None:
        problems.add(f"scorpion_start {start!r} is not a space (PH-S-SCORPION)")
    elif rec["level"] != "below" or rec["kind"] == "wall":
        problems.add(
            f"scorpion_start {start!r} must be an underground space that is not "
            "a wall (PH-S-SCORPION)"
        )
    _check_piles(problems, data.get("piles", {}))
    _check_counter(problems, data.get("deck"), CARDS, "deck", 0)
    _check_counter(problems, data.get("tokens"), TOKENS, "tokens", 4)
    hand = data.get("hand_size")
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 4:
        problems.add(f"hand_size must be an integer of at least 4, not {hand!r}")
    elif isinstance(data.get("deck"), dict):
        total = sum(v for v in data["deck"].values() if isinstance(v, int))
        if total < 4 * hand + 8:
            problems.add(f"a deck of {total} cards is too small for 4 hands of {hand}")
    canvas = data.get("canvas")
    if not (
        isinstance(canvas, dict)
        and all(
            isinstance(canvas.get(k), int) and canvas[k] > 0
            for k in ("width", "height")
        )
    ):
        problems.add("canvas must be an object with positive integer width and height")
        return
    for sid, rec in by_id.items():
        if not (0 <= rec["x"] <= canvas["width"] and 0 <= rec["y"] <= canvas["height"]):
            problems.add(
                f"space {sid!r}: coordinates ({rec['x']}, {rec['y']}) lie off "
                "the canvas"
            )


def _check_piles(problems: Problems, piles: Any) -> None:
    """Where the draw, discard and token piles are drawn: name -> [x, y]."""
    if not isinstance(piles, dict):
        problems.add("'piles' must be an object of name -> [x, y]")
        return
    for name, xy in piles.items():
        if not (
            isinstance(xy, list)
            and len(xy) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in xy)
        ):
            problems.add(f"piles {name!r} must be a pair of coordinates [x, y]")


def _check_counter(
    problems: Problems, value: Any, kinds: tuple[str, ...], what: str, least: int
) -> None:
    if not isinstance(value, dict) or set(value) != set(kinds):
        problems.add(f"'{what}' must give a count for each of: {', '.join(kinds)}")
        return
    for kind, n in value.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < least:
            problems.add(f"{what} count for {kind!r} must be an integer >= {least}")
