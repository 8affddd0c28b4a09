"""Finding, reading and checking board files (``boards/*.json``).

The loader reads strict JSON (no NaN, no duplicate keys) and the games check their own
board clauses with the ``Problems`` collector, so a broken board is refused with every
problem named (file, space, what is wrong) rather than the first one only.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.errors import BoardError
from tabletop.core.jsonio import strict_loads

_PACKAGE = Path(__file__).resolve().parent.parent


def board_dirs() -> list[Path]:
    """Where named boards live: inside an installed wheel, or in a checkout."""
    return [_PACKAGE / "_boards", _PACKAGE.parent / "boards"]


def board_path(name_or_path: str | Path) -> Path:
    """The file for a board name (the file stem in boards/) or an explicit path."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".json" or candidate.parent != Path("."):
        return candidate
    for folder in board_dirs():
        path = folder / f"{name_or_path}.json"
        if path.is_file():
            return path
    raise BoardError(
        str(name_or_path), "no such board (looked in the package and boards/)"
    )


def read_board(
    name_or_path: str | Path | Mapping[str, Any], game: str
) -> tuple[dict[str, Any], str]:
    """Read a board file as a dict, checking its envelope (game, version).

    Args:
        name_or_path: a board name, a path, or already-parsed board data.
        game: the game the board must be for.

    Returns:
        The data and a source label used in error messages.
    """
    if isinstance(name_or_path, Mapping):
        data, source = dict(name_or_path), "<data>"
    else:
        path = board_path(name_or_path)
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BoardError(source, f"cannot read: {exc}") from None
        try:
            data = strict_loads(text)
        except ValueError as exc:
            raise BoardError(source, f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BoardError(source, "the top level must be a JSON object")
    if data.get("game") != game:
        raise BoardError(source, f"is a board for {data.get('game')!r}, not {game!r}")
    if data.get("version") != 1:
        raise BoardError(source, f"unsupported board version {data.get('version')!r}")
    return data, source


class Problems:
    """Collects what is wrong with a board, then raises them all at once."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[str] = []

    def need(self, condition: bool, message: str) -> bool:
        if not condition:
            self.items.append(message)
        return condition

    def add(self, message: str) -> None:
        self.items.append(message)

    def raise_if_any(self) -> None:
        if self.items:
            raise BoardError(self.source, self.items)


def check_records(
    problems: Problems,
    records: Any,
    what: str,
    fields: Mapping[str, type | tuple[type, ...]],
) -> list[dict[str, Any]]:
    """Check a list of objects with required typed fields and unique string ids."""
    if not isinstance(records, list):
        problems.add(f"'{what}' must be a list")
        return []
    if not records:
        problems.add(f"'{what}' is empty")
    good, seen = [], set()
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            problems.add(f"{what}[{i}] must be an object")
            continue
        label = f"{what} {rec.get('id', i)!r}"
        ok = True
        for field, kind in fields.items():
            value = rec.get(field)
            if value is None or isinstance(value, bool) or not isinstance(value, kind):
                problems.add(
                    f"{label}: field '{field}' is missing or has the wrong type"
                )
                ok = False
        rid = rec.get("id")
        if isinstance(rid, str) and rid in seen:
            problems.add(f"{label}: duplicate id")
            ok = False
        if isinstance(rid, str):
            seen.add(rid)
        if ok:
            good.append(rec)
    return good


def check_links(
    problems: Problems, links: Any, ids: set[str], what: str = "links"
) -> list[tuple[str, str]]:
    """Check ``[[a, b], ...]`` links: known ends, no self-links, no duplicates."""
    if not isinstance(links, list):
        problems.add(f"'{what}' must be a list")
        return []
    out, seen = [], set()
    for i, link in enumerate(links):
        if not (
            isinstance(link, list)
            and len(link) == 2
            and all(isinstance(x, str) for x in link)
        ):
            problems.add(f"{what}[{i}] must be a pair of space ids")
            continue
        a, b = link
        for end in (a, b):
            if end not in ids:
                problems.add(
                    f"{what}[{i}] links to unknown space {end!r} (missing link target)"
                )
        if a == b:
            problems.add(f"{what}[{i}] links space {a!r} to itself")
        key = frozenset((a, b))
        if key in seen:
            problems.add(f"{what}[{i}] duplicates the link {a!r}-{b!r}")
        seen.add(key)
        if a in ids and b in ids and a != b:
            out.append((a, b))
    return out


def unreachable(
    start: str, nodes: Iterable[str], links: Iterable[tuple[str, str]]
) -> list[str]:
    """The nodes that cannot be reached from ``start`` along undirected links."""
    nodes = list(nodes)
    adjacent: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in links:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in adjacent.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return [n for n in nodes if n not in seen]


@dataclass(frozen=True)
class BoardSpace:
    """A space of a generic board: id, readable name, kind and where it is drawn."""

    id: str
    name: str
    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class GenericBoard:
    """A board described only by its spaces and links, drawn by the generic adapter.

    A game whose board is a plain graph (a track, a map of spaces) loads its board
    file with ``load_generic_board`` and gets a board any Table can draw without
    game-specific drawing code.

    Attributes:
        game: the game the file is for.
        width, height: the drawing's size in pixels.
        spaces: id -> ``BoardSpace``, in file order.
        links: the undirected links between spaces.
        digest: a hash of the file's content (saves record it).
    """

    game: str
    width: int
    height: int
    spaces: Mapping[str, BoardSpace]
    links: tuple[tuple[str, str], ...]
    digest: str

    def space_name(self, space_id: str) -> str:
        """The readable name of a space (its id when it has none)."""
        space = self.spaces.get(space_id)
        return space.name if space is not None else space_id


def load_generic_board(
    name_or_path: str | Path | Mapping[str, Any], game: str
) -> GenericBoard:
    """Read and check a generic board file (every problem named at once).

    The file holds ``game``, ``version`` (1), ``width``, ``height``, ``spaces``
    (``id``, ``name``, ``kind``, ``x``, ``y``) and ``links`` (pairs of ids); every
    space must be reachable and lie inside the drawing.
    """
    data, source = read_board(name_or_path, game)
    problems = Problems(source)
    size: dict[str, int] = {}
    for key in ("width", "height"):
        value = data.get(key)
        ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
        problems.need(ok, f"'{key}' must be a positive integer")
        size[key] = value if ok and isinstance(value, int) else 1
    fields: dict[str, type | tuple[type, ...]] = {
        "id": str, "name": str, "kind": str, "x": (int, float), "y": (int, float)
    }  # fmt: skip
    records = check_records(problems, data.get("spaces"), "spaces", fields)
    spaces = {}
    for rec in records:
        inside = 0 <= rec["x"] <= size["width"] and 0 <= rec["y"] <= size["height"]
        problems.need(inside, f"space {rec['id']!r} lies outside the drawing")
        spaces[rec["id"]] = BoardSpace(
            rec["id"], rec["name"], rec["kind"], float(rec["x"]), float(rec["y"])
        )
    links = check_links(problems, data.get("links"), set(spaces))
    if spaces:
        lost = unreachable(next(iter(spaces)), spaces, links)
        problems.need(not lost, f"spaces cannot be reached: {', '.join(lost)}")
    problems.raise_if_any()
    return GenericBoard(
        game, size["width"], size["height"], spaces, tuple(links), board_digest(data)
    )


def board_digest(data: Mapping[str, Any]) -> str:
    """A short hash of a board file's content (key order and spacing ignored)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
