"""``tabletop site OUT``: the table as a static site that plays in any browser.

The folder written holds:

- ``index.html``: the installed games (the registry), each with a form that deals
  a new game (players, a human or a bot per seat);
- ``play-<game>.html``: the seat page (``tabletop.page``: the
  same page the seat server serves) whose transport is a Web Worker running
  Python (``local.js`` puts it where the websocket would be), with the page's
  script and styles as files of their own so the policy allows nothing inline;
- ``worker.js``: loads Pyodide from ``pyodide/``, unpacks ``wheels/`` (tabletop
  and every installed game package, with their metadata, so the registry finds
  the games as in CPython) and answers the page's frames with
  ``tabletop.site.local.LocalRoom``;
- ``sw.js``: a service worker that keeps every file in a cache named by the
  build, so a second visit plays offline and a new build replaces the old cache;
- ``site.json``: the build's manifest: its format (``SITE_FORMAT``, the mark of a
  folder this command built), version, games, wheels and files.

The folder is written beside OUT and swapped in when complete
(``tabletop.site.swap``): a folder holding anything else is refused, and a failed
build leaves the old site whole. The wheels leave out what the browser's Python
cannot use (``LEFT_OUT``).

Every page carries a content security policy: its own scripts, WebAssembly, its
own workers and fetches, and nothing from another host.
"""

from __future__ import annotations

import csv
import hashlib
import html
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

from tabletop.site.runtime import CORE, PyodideError, from_folder, from_npm
from tabletop.site.swap import (
    SITE_FORMAT,
    SiteError,
    check_target,
    fresh_folder,
    swap_in,
)

ASSETS = Path(__file__).with_name("assets")
#: What every page may load: its own files, WebAssembly, its own workers.
POLICY = (
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; "
    "worker-src 'self'; connect-src 'self'; style-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'self'"
)
DEFAULT_CACHE = Path.home() / ".cache" / "tabletop-pyodide"
#: What the wheels hold that the browser's Python cannot use, left out of the
#: site: numpy archives (a game's value model; Pyodide's core has no numpy) and
#: notebooks (a game's lessons; there is no Jupyter in the page).
LEFT_OUT = (".npz", ".ipynb")


def build_site(
    out: str | Path,
    pyodide: str | Path | None = None,
    cache: str | Path | None = None,
    wheels: str | Path | None = None,
    *,
    replace: bool = False,
) -> dict[str, Any]:
    """Write the site into ``out`` and return its ``site.json``.

    The site is written into a new folder beside ``out`` and put in its place
    only when complete; on any failure ``out`` is left as it was.

    Args:
        out: the folder to write: new, empty, or a site this command built.
        pyodide: a folder with Pyodide's core files (or its npm tarball); by
            default the pinned version is fetched with npm into ``cache``.
        cache: where npm's tarball and its unpacked files are kept.
        wheels: a folder of ready wheels to ship instead of building them.
        replace: replace ``out`` whole even when it holds what this command did
            not write (deleting it).

    Raises:
        SiteError: ``out`` is refused (a file, a folder of other things, a
            read-only folder) or cannot be written; nothing was changed.
        PyodideError: Pyodide cannot be had or does not match its pins.
        ValueError: the wheels cannot be had.
    """
    out = Path(os.path.abspath(out))
    check_target(out, replace=replace)
    try:
        runtime = (
            from_folder(Path(pyodide))
            if pyodide
            else from_npm(Path(cache) if cache else DEFAULT_CACHE)
        )
    except OSError as exc:
        raise PyodideError(f"Pyodide could not be prepared: {_said(exc)}") from None
    new = fresh_folder(out)
    try:
        site = _write(new, runtime, Path(wheels) if wheels else None)
        check_target(out, replace=replace)  # nothing came into it meanwhile
        swap_in(new, out)
    except OSError as exc:
        raise SiteError(
            f"the site could not be written ({_said(exc)}); {out} is as it was"
        ) from None
    finally:
        shutil.rmtree(new, ignore_errors=True)  # gone already once swapped in
    return site


def _said(exc: OSError) -> str:
    where = f": {exc.filename}" if exc.filename else ""
    return f"{(exc.strerror or str(exc)).lower()}{where}"


def _write(out: Path, runtime: Path, wheels: Path | None) -> dict[str, Any]:
    """Write the site into the empty folder ``out``; its ``site.json``."""
    from tabletop.core.registry import REGISTRY

    (out / "pyodide").mkdir()
    for name in CORE:
        shutil.copyfile(runtime / name, out / "pyodide" / name)
    built = _wheels(out / "wheels", wheels)
    games = [
        {"name": e.name, "title": e.title or e.name, "players": list(e.players)}
        for e in REGISTRY.entries()
    ]
    _pages(out, games)
    for name in ("local.js", "worker.js", "site.css"):
        shutil.copyfile(ASSETS / name, out / name)
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    version = _digest(out, files)
    site = {
        "format": SITE_FORMAT,
        "version": version,
        "games": games,
        "wheels": built,
        "files": files,
    }
    (out / "site.json").write_text(json.dumps(site, indent=1), encoding="utf-8")
    # The service worker names the build, so a browser sees a new build's worker
    # as new (it compares the file) and swaps the cache.
    cached = json.dumps([*files, "site.json"])
    (out / "sw.js").write_text(
        f"const VERSION = {json.dumps(version)};\nconst FILES = {cached};\n"
        + (ASSETS / "sw.js").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    return site


def _digest(out: Path, files: list[str]) -> str:
    """The build's version: a digest of every file, so any change is new."""
    sha = hashlib.sha256()
    for name in files:
        sha.update(name.encode() + b"\0" + (out / name).read_bytes())
    return sha.hexdigest()[:16]


# -- the wheels -------------------------------------------------------------------
def game_distributions() -> list[metadata.Distribution]:
    """tabletop and every installed distribution that declares a game."""
    from tabletop.core.registry import ENTRY_POINT_GROUP

    found = {"tabletop": metadata.distribution("tabletop")}
    for dist in metadata.distributions():
        if any(p.group == ENTRY_POINT_GROUP for p in dist.entry_points):
            found.setdefault(dist.metadata["Name"], dist)
    return list(found.values())


def _wheels(into: Path, given: Path | None) -> list[str]:
    """The wheels the site ships, with their metadata: copied from ``given``, or
    built from each distribution's source (``pip wheel --no-deps``)."""
    into.mkdir(parents=True)
    if given is not None:
        for wheel in sorted(given.glob("*.whl")):
            shutil.copyfile(wheel, into / wheel.name)
    else:
        sources = [_source(dist) for dist in game_distributions()]
        with tempfile.TemporaryDirectory() as tmp:
            # With the build backend installed, build offline, in this Python.
            isolation = ["--no-build-isolation"] if _has("hatchling") else []
            done = subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation]
                + ["-w", tmp, *sources],
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                raise ValueError(
                    "pip wheel could not build the games' wheels: "
                    + (done.stderr.strip().splitlines() or ["no message"])[-1]
                )
            for wheel in Path(tmp).glob("*.whl"):
                shutil.copyfile(wheel, into / wheel.name)
    names = sorted(p.name for p in into.glob("*.whl"))
    for name in names:
        for_the_browser(into / name)
    if not any(name.startswith("tabletop-") for name in names):
        raise ValueError(f"no tabletop wheel among {names or 'no wheels'}")
    return names


def for_the_browser(wheel: Path) -> None:
    """Rewrite ``wheel`` without the files the browser's Python cannot use
    (``LEFT_OUT``), and its ``RECORD`` without their lines.

    Raises:
        ValueError: ``wheel`` is not a zip file.
    """
    try:
        with zipfile.ZipFile(wheel) as source:
            members = source.infolist()
            left = {m.filename for m in members if m.filename.endswith(LEFT_OUT)}
            if not left:
                return
            kept = io.BytesIO()
            with zipfile.ZipFile(kept, "w") as target:
                for member in members:
                    if member.filename in left:
                        continue
                    data = source.read(member)
                    if member.filename.endswith(".dist-info/RECORD"):
                        data = _record_without(data, left)
                    target.writestr(member, data)
    except zipfile.BadZipFile:
        raise ValueError(f"{wheel.name} is not a wheel (not a zip file)") from None
    wheel.write_bytes(kept.getvalue())


def _record_without(record: bytes, left: set[str]) -> bytes:
    """A wheel's ``RECORD`` (CSV: path, hash, size) without the rows of ``left``."""
    rows = csv.reader(io.StringIO(record.decode("utf-8")))
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(
        row for row in rows if row and row[0] not in left
    )
    return text.getvalue().encode("utf-8")


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _source(dist: metadata.Distribution) -> str:
    """Where a distribution's wheel is built from: its source folder (an editable
    or a local install says where it came from)."""
    text = dist.read_text("direct_url.json")
    url = json.loads(text).get("url", "") if text else ""
    if not url.startswith("file://"):
        raise ValueError(
            f"{dist.metadata['Name']} was not installed from a folder, so its wheel "
            "cannot be built here: give --wheels DIR with its wheel"
        )
    return url[len("file://") :]


# -- the pages --------------------------------------------------------------------
def _pages(out: Path, games: list[dict[str, Any]]) -> None:
    from tabletop.page.protocol import PROTOCOL_VERSION
    from tabletop.page.template import page_files
    from tabletop.site.words import SITE_WORDS

    page = page_files(
        "local", PROTOCOL_VERSION, _head(), '<script src="play.js"></script>'
    )
    (out / "play.js").write_text(page.script, encoding="utf-8")
    (out / "play.css").write_text(page.style, encoding="utf-8")
    words = html.escape(json.dumps(SITE_WORDS), quote=True)
    for game in games:
        text = page.document.replace(
            "</head>",
            f'<meta name="tabletop-game" content="{html.escape(game["name"])}">\n'
            f'<meta name="tabletop-words" content="{words}">\n'
            '<script src="local.js"></script>\n</head>',
        )
        (out / f"play-{game['name']}.html").write_text(text, encoding="utf-8")
    (out / "index.html").write_text(index_html(games), encoding="utf-8")


def _head() -> str:
    return (
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<link rel="stylesheet" href="play.css">\n'
        '<link rel="stylesheet" href="site.css">'
    )


def index_html(games: list[dict[str, Any]]) -> str:
    """The list of games, each with a form that deals a new game."""
    from tabletop.site.words import SITE_WORDS, seat_options

    w, parts = SITE_WORDS, []
    for game in games:
        name, title = html.escape(game["name"]), html.escape(game["title"])
        low, high = game["players"]
        rows = []
        for seat in range(high):
            choice = "".join(
                f'<option value="{v}"{" selected" if v == d else ""}>{html.escape(t)}'
                "</option>"
                for v, t, d in seat_options(seat, low)
            )
            rows.append(
                f"<label>{html.escape(w['seat'])} {seat}: "
                f'<select name="s{seat}">{choice}</select></label>'
            )
        parts.append(
            f'<section id="game-{name}"><h2>{title}</h2>'
            f'<p class="quiet">{low}\u2013{high} {html.escape(w["players"])}</p>'
            f'<form action="play-{name}.html" method="get" class="deal">'
            f"{''.join(rows)}"
            f'<button type="submit">{html.escape(w["deal"])}</button></form>'
            # shown by local.js only when this browser keeps a game of it
            f'<p data-resume="{name}" hidden>'
            f'<a href="play-{name}.html">{html.escape(w["resume"])}</a></p>'
            "</section>"
        )
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        '<link rel="icon" href="data:,">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<link rel="stylesheet" href="site.css">\n'
        '<script src="local.js"></script>\n'
        f'<title>{html.escape(w["title"])}</title>\n</head>\n<body class="index">\n'
        f"<h1>{html.escape(w['title'])}</h1>\n<p>{html.escape(w['intro'])}</p>\n"
        + "\n".join(parts)
        + "\n</body>\n</html>\n"
    )
