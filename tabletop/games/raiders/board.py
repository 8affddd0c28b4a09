"""The Raiders world map as data: loading ``boards/raiders.json`` and checking it.

The original board is lost, so the project ships a reconstruction (RA-C-COUNTRIES,
RA-B-MAP). The file lists countries, intersections and path spaces with drawing
coordinates, the paths joining them (a path is the row of spaces between two
countries or intersections; some cross the left/right map edge, RA-B-WRAP),
checkpoints with the neighbour their red arrow points at (RA-B-CHECKPOINTS) and
instruction spaces with their text and effect (RA-B-INSTRUCTIONS).

Every problem in a file is named at once (duplicate id, missing link, unknown
country, unreachable space, checkpoint arrow not along its path, ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path as FilePath
from typing import Any

from tabletop.core.boards import (
    Problems,
    board_digest,
    check_records,
    read_board,
    unreachable,
)

#: The instruction effects the engine knows (RA-B-INSTRUCTIONS ruling).
EFFECTS = ("lose_turn", "draw", "discard", "back", "roll_again")
#: RA-C-COUNTRIES: nine countries, two Country cards each.
COUNTRY_COUNT = 9


@dataclass(frozen=True, slots=True)
class Instruction:
    """A printed instruction: its effect kind, text and (for ``back``) count."""

    effect: str
    text: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class Path:
    """A row of spaces between two countries or intersections."""

    id: str
    ends: tuple[str, str]
    spaces: tuple[str, ...]
    wrap: bool

    @property
    def row(self) -> tuple[str, ...]:
        """Every place along the path, end to end: ``ends[0]``, the spaces,
        ``ends[1]``."""
        return (self.ends[0], *self.spaces, self.ends[1])


@dataclass(frozen=True)
class RaidersBoard:
    """The validated map with precomputed adjacency.

    Attributes:
        source: where the board came from (for messages).
        digest: a hash of the board data (saves record it).
        data: the raw board data (the UI draws from it).
        countries: country ids in file order.
        names: id -> readable name, for every place (the id where the file gives
            none); ``by_name``: its index for ``place_id``.
        intersections: intersection ids.
        spaces: path space ids.
        locations: every id a token may stand on.
        kind: id -> ``"country"``, ``"intersection"`` or ``"space"``.
        adjacent: id -> neighbouring ids.
        checkpoints: checkpoint space -> the neighbour its arrow points at.
        instructions: instruction space -> Instruction.
        paths: path id -> Path; ``path_of``: space -> path id.
        xy: id -> drawing coordinates.
        country_set: the country ids as a set.
        bit: country id -> its bit in a set of countries held as an int (the
            occupied countries in ``moves``).
        index: id -> its place in ``locations``.
        forward: (id, neighbour) -> the other neighbours of id (the ways on for a
            token that came from that neighbour, RA-M-FORWARD).
        near: (id, steps) -> the countries at most ``steps`` links away (0..12),
            direction ignored, as a bit set: a walk that short meets no other
            country, so no occupied one (``moves.way_open``).
    """

    source: str
    digest: str
    data: Mapping[str, Any]
    countries: tuple[str, ...]
    names: Mapping[str, str]
    by_name: Mapping[str, str]
    intersections: tuple[str, ...]
    spaces: tuple[str, ...]
    locations: tuple[str, ...]
    kind: Mapping[str, str]
    adjacent: Mapping[str, tuple[str, ...]]
    checkpoints: Mapping[str, str]
    instructions: Mapping[str, Instruction]
    paths: Mapping[str, Path]
    path_of: Mapping[str, str]
    xy: Mapping[str, tuple[float, float]]
    country_set: frozenset[str]
    bit: Mapping[str, int]
    index: Mapping[str, int]
    near: Mapping[tuple[str, int], int]
    forward: Mapping[tuple[str, str], tuple[str, ...]]

    def space_name(self, space_id: str) -> str:
        """The readable name of a country, intersection or path space (``"Egypt"``,
        ``"England–Egypt 2 (checkpoint)"``); unknown ids come back unchanged."""
        return self.names.get(space_id, space_id)

    @cached_property
    def distances(self) -> Mapping[str, Mapping[str, int]]:
        """id -> id -> the fewest steps between them, ignoring direction and
        tokens (derived from the map when first asked; the board is frozen)."""
        out: dict[str, dict[str, int]] = {}
        for start in self.kind:
            seen = {start: 0}
            frontier = [start]
            while frontier:
                nxt = []
                for loc in frontier:
                    for n in self.adjacent[loc]:
                        if n not in seen:
                            seen[n] = seen[loc] + 1
                            nxt.append(n)
                frontier = nxt
            out[start] = seen
        return out

    @cached_property
    def countries_by_distance(self) -> Mapping[str, tuple[tuple[int, str], ...]]:
        """id -> every reachable country as ``(steps, country)``, nearest first (ties
        in file order): the nearest country of a set is the first one in it."""
        order = {c: i for i, c in enumerate(self.countries)}
        return {
            loc: tuple(
                sorted(
                    ((seen[c], c) for c in self.countries if c in seen),
                    key=lambda item: (item[0], order[item[1]]),
                )
            )
            for loc, seen in self.distances.items()
        }

    def place_id(self, text: str) -> str | None:
        """The id a player means by ``text``: an id (any case) or a readable name
        (any case; ``-`` for ``–``; an instruction or checkpoint space also by its
        name without the part in brackets). None when nothing matches."""
        return self.by_name.get(name_key(text))


def name_key(text: str) -> str:
    """How names are compared: case, dashes and spacing do not matter."""
    return " ".join(text.replace("–", "-").replace(" - ", "-").lower().split())


def _names_index(names: Mapping[str, str]) -> dict[str, str]:
    """Readable names (and ids) -> ids; see ``RaidersBoard.place_id``."""
    index: dict[str, str] = {}
    for loc, name in names.items():
        index.setdefault(name_key(name), loc)
        if name.endswith(")") and " (" in name:
            index.setdefault(name_key(name[: name.rindex(" (")]), loc)
    for loc in names:
        index[name_key(loc)] = loc
    return index


def load_board(source: str | FilePath | Mapping[str, Any] = "raiders") -> RaidersBoard:
    """Read and validate a Raiders board (a name, a path or parsed data).

    Raises:
        BoardError: listing every problem found.
    """
    data, label = read_board(source, "raiders")
    problems = Problems(label)
    width = _canvas_width(problems, data.get("canvas"))
    countries, inters, spaces = _check_places(problems, data)
    kind: dict[str, str] = {}
    xy: dict[str, tuple[float, float]] = {}
    for what, records in (
        ("country", countries),
        ("intersection", inters),
        ("space", spaces),
    ):
        for rec in records:
            rid = rec["id"]
            if rid in kind:
                problems.add(f"{what} {rid!r}: duplicate id (already a {kind[rid]})")
                continue
            kind[rid] = what
            xy[rid] = (rec["x"], rec["y"])
    paths = _check_paths(problems, data.get("paths"), kind, xy, width)
    adjacent = _adjacency(paths, kind)
    _check_degrees(problems, kind, adjacent, paths)
    checkpoints = _check_checkpoints(problems, data.get("checkpoints"), kind, adjacent)
    instructions = _check_instructions(
        problems, data.get("instructions"), kind, checkpoints
    )
    if countries:
        _check_reachable(problems, countries[0]["id"], kind, adjacent)
    problems.raise_if_any()
    path_of = {s: p.id for p in paths.values() for s in p.spaces}
    names = _check_names(problems, countries + inters + spaces)
    problems.raise_if_any()
    return RaidersBoard(
        source=label,
        digest=board_digest(data),
        data=data,
        countries=tuple(r["id"] for r in countries),
        names=names,
        by_name=_names_index(names),
        intersections=tuple(r["id"] for r in inters),
        spaces=tuple(r["id"] for r in spaces),
        locations=tuple(kind),
        kind=kind,
        adjacent=adjacent,
        checkpoints=checkpoints,
        instructions=instructions,
        paths=paths,
        path_of=path_of,
        xy=xy,
        country_set=frozenset(r["id"] for r in countries),
        bit={r["id"]: 1 << i for i, r in enumerate(countries)},
        index={loc: i for i, loc in enumerate(kind)},
        near=_near(countries, adjacent),
        forward={
            (loc, came): tuple(n for n in nbrs if n != came)
            for loc, nbrs in adjacent.items()
            for came in nbrs
        },
    )


#: The longest walk (an Air Passage doubles a 6).
LONGEST = 12


def _near(countries: list, adjacent: dict) -> dict[tuple[str, int], int]:
    """(place, steps) -> the countries within ``steps`` links, as a bit set."""
    bit = {r["id"]: 1 << i for i, r in enumerate(countries)}
    out: dict[tuple[str, int], int] = {}
    for loc in adjacent:
        seen, frontier, mask = {loc}, [loc], bit.get(loc, 0)
        out[loc, 0] = mask
        for steps in range(1, LONGEST + 1):
            frontier = [n for x in frontier for n in adjacent[x] if n not in seen]
            seen.update(frontier)
            for n in frontier:
                mask |= bit.get(n, 0)
            out[loc, steps] = mask
    return out


def _check_names(problems: Problems, records: list) -> dict[str, str]:
    """Readable names: countries must have one, other places may; no two alike."""
    names: dict[str, str] = {}
    seen: dict[str, str] = {}
    for rec in records:
        name = rec.get("name", rec["id"])
        if not isinstance(name, str) or not name.strip():
            problems.add(f"{rec['id']!r}: 'name' must be non-empty text")
            continue
        key = name_key(name)
        if key in seen and seen[key] != rec["id"]:
            problems.add(
                f"{rec['id']!r}: name {name!r} is already the name of {seen[key]!r}"
            )
        seen[key] = rec["id"]
        names[rec["id"]] = name
    return names


def _check_reachable(
    problems: Problems, start: str, kind: dict, adjacent: dict
) -> None:
    """Every place can be reached from the first country (RA-B-MAP)."""
    links = [(a, b) for a, nbrs in adjacent.items() for b in nbrs]
    for loc in unreachable(start, kind, links):
        problems.add(
            f"{kind[loc]} {loc!r} cannot be reached from the rest of the "
            "map (unreachable)"
        )


def _canvas_width(problems: Problems, canvas: Any) -> float | None:
    """The canvas width (the wrap edge), or None when the canvas is malformed."""
    if not problems.need(isinstance(canvas, dict), "'canvas' must be an object"):
        return None
    width, height = canvas.get("width"), canvas.get("height")
    ok = all(
        isinstance(v, int | float) and not isinstance(v, bool) and v > 0
        for v in (width, height)
    )
    problems.need(ok, "canvas width and height must be positive numbers")
    return width if ok else None


def _check_places(problems: Problems, data: dict) -> tuple[list, list, list]:
    """Countries (RA-C-COUNTRIES), intersections and spaces with coordinates."""
    num = (int, float)
    countries = check_records(
        problems,
        data.get("countries"),
        "countries",
        {"id": str, "name": str, "x": num, "y": num},
    )
    inters = check_records(
        problems,
        data.get("intersections"),
        "intersections",
        {"id": str, "x": num, "y": num},
    )
    spaces = check_records(
        problems, data.get("spaces"), "spaces", {"id": str, "x": num, "y": num}
    )
    problems.need(
        len(countries) == COUNTRY_COUNT,
        f"the map needs {COUNTRY_COUNT} countries (RA-C-COUNTRIES), "
        f"found {len(countries)}",
    )
    canvas = data.get("canvas") if isinstance(data.get("canvas"), dict) else {}
    width, height = canvas.get("width", 1000), canvas.get("height", 560)
    for rec in countries + inters + spaces:
        if isinstance(width, int | float) and isinstance(height, int | float):
            problems.need(
                0 <= rec["x"] <= width and 0 <= rec["y"] <= height,
                f"{rec['id']!r}: coordinates ({rec['x']}, {rec['y']}) lie outside "
                "the canvas",
            )
    return countries, inters, spaces


def _check_paths(
    problems: Problems,
    records: Any,
    kind: dict[str, str],
    xy: dict[str, tuple[float, float]],
    width: Any,
) -> dict[str, Path]:
    """Paths: known ends, known spaces, each space on exactly one path, wraps."""
    good = check_records(
        problems, records, "paths", {"id": str, "ends": list, "spaces": list}
    )
    out: dict[str, Path] = {}
    owner: dict[str, str] = {}
    for rec in good:
        pid, ends, row = rec["id"], rec["ends"], rec["spaces"]
        ok = problems.need(
            len(ends) == 2 and all(isinstance(e, str) for e in ends),
            f"path {pid!r}: 'ends' must be two ids",
        )
        for end in ends if ok else ():
            if kind.get(end) not in ("country", "intersection"):
                problems.add(
                    f"path {pid!r} ends at unknown country or intersection {end!r}"
                )
                ok = False
        ok &= problems.need(len(row) > 0, f"path {pid!r} has no spaces")
        for sid in row:
            if not isinstance(sid, str) or kind.get(sid) != "space":
                problems.add(
                    f"path {pid!r} lists unknown space {sid!r} (missing link target)"
                )
                ok = False
            elif sid in owner:
                problems.add(
                    f"space {sid!r} is on two paths ({owner[sid]!r} and {pid!r})"
                )
                ok = False
            else:
                owner[sid] = pid
        wrap = rec.get("wrap", False)
        ok &= problems.need(
            isinstance(wrap, bool), f"path {pid!r}: 'wrap' must be true or false"
        )
        if ok:
            out[pid] = Path(pid, (ends[0], ends[1]), tuple(row), wrap)
            _check_wrap(problems, out[pid], xy, width)
    for sid, what in kind.items():
        if what == "space" and sid not in owner:
            problems.add(
                f"space {sid!r} is on no path, so nothing links to it (missing link)"
            )
    return out


def _check_wrap(problems: Problems, path: Path, xy: dict, width: Any) -> None:
    """RA-B-WRAP: a wrap path's drawing jumps across the edge, others do not."""
    if not isinstance(width, int | float):
        return
    chain = path.row
    jumps = sum(
        1
        for a, b in zip(chain, chain[1:], strict=False)
        if abs(xy[a][0] - xy[b][0]) > width / 2
    )
    if path.wrap and jumps != 1:
        problems.add(
            f"path {path.id!r} is marked wrap but does not cross the map "
            "edge once (RA-B-WRAP)"
        )
    if not path.wrap and jumps:
        problems.add(f"path {path.id!r} crosses the map edge but is not marked wrap")


def _adjacency(paths: dict[str, Path], kind: dict[str, str]) -> dict[str, tuple]:
    order = {loc: i for i, loc in enumerate(kind)}
    nbrs: dict[str, set[str]] = {loc: set() for loc in kind}
    for path in paths.values():
        chain = path.row
        for a, b in zip(chain, chain[1:], strict=False):
            nbrs[a].add(b)
            nbrs[b].add(a)
    return {loc: tuple(sorted(s, key=order.__getitem__)) for loc, s in nbrs.items()}


def _check_degrees(
    problems: Problems, kind: dict[str, str], adjacent: dict, paths: dict
) -> None:
    ends: dict[str, int] = {}
    for path in paths.values():
        for end in path.ends:
            ends[end] = ends.get(end, 0) + 1
    for loc, what in kind.items():
        if what == "country":
            problems.need(ends.get(loc, 0) >= 1, f"country {loc!r} has no path")
        elif what == "intersection":
            problems.need(
                ends.get(loc, 0) >= 3,
                f"intersection {loc!r} joins {ends.get(loc, 0)} paths; it needs 3 "
                "or more (RA-B-MAP)",
            )
    if paths:
        problems.need(
            any(p.wrap for p in paths.values()),
            "no path wraps around the map edge (RA-B-WRAP)",
        )


def _check_checkpoints(
    problems: Problems, records: Any, kind: dict[str, str], adjacent: dict
) -> dict[str, str]:
    """RA-B-CHECKPOINTS: a path space and an arrow to one of its neighbours."""
    out: dict[str, str] = {}
    if not isinstance(records, list):
        problems.add("'checkpoints' must be a list")
        return out
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or not all(
            isinstance(rec.get(k), str) for k in ("space", "arrow")
        ):
            problems.add(f"checkpoints[{i}] must have 'space' and 'arrow' ids")
            continue
        space, arrow = rec["space"], rec["arrow"]
        if kind.get(space) != "space":
            problems.add(f"checkpoint on unknown path space {space!r}")
        elif space in out:
            problems.add(f"checkpoint {space!r}: duplicate id")
        elif arrow not in adjacent.get(space, ()):
            problems.add(
                f"checkpoint {space!r}: its arrow points at {arrow!r}, which "
                "is not next to it along its path"
            )
        else:
            out[space] = arrow
    return out


def _check_instructions(
    problems: Problems, records: Any, kind: dict[str, str], checkpoints: dict
) -> dict[str, Instruction]:
    """RA-B-INSTRUCTIONS: path spaces with a known effect and a text."""
    out: dict[str, Instruction] = {}
    if not isinstance(records, list):
        problems.add("'instructions' must be a list")
        return out
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or not all(
            isinstance(rec.get(k), str) for k in ("space", "effect", "text")
        ):
            problems.add(f"instructions[{i}] needs 'space', 'effect' and 'text'")
            continue
        space, effect, count = rec["space"], rec["effect"], rec.get("count", 0)
        if kind.get(space) != "space":
            problems.add(f"instruction on unknown path space {space!r}")
        elif space in out or space in checkpoints:
            problems.add(f"instruction {space!r}: duplicate id or on a checkpoint")
        elif effect not in EFFECTS:
            problems.add(
                f"instruction {space!r}: unknown effect {effect!r} "
                f"(known: {', '.join(EFFECTS)})"
            )
        elif effect == "back" and not (isinstance(count, int) and 1 <= count <= 6):
            problems.add(f"instruction {space!r}: 'back' needs a count 1..6")
        elif not rec["text"].strip():
            problems.add(f"instruction {space!r}: empty text")
        else:
            out[space] = Instruction(effect, rec["text"], count)
    return out
