"""Where the site's Python comes from: Pyodide, pinned and checked.

The site carries Pyodide's core runtime only: five files (``CORE``), about 14 MB.
They come from the npm registry at build time (``npm pack pyodide@VERSION``, the
tarball checked against the registry's published integrity, sha512) or from a
folder given with ``--pyodide DIR`` (an unpacked package or a tarball beside it);
either way each file must match the sha256 kept in ``pyodide.json`` beside this
module, so a site never ships a runtime this project has not pinned. Nothing is
fetched at play time.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

PINS_FILE = Path(__file__).with_name("pyodide.json")
CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class PyodideError(ValueError):
    """Pyodide cannot be had or does not match its pins: the sentence says what."""


def pins() -> dict[str, Any]:
    """The pinned version, the tarball's integrity and the files' sha256 sums."""
    pinned: dict[str, Any] = json.loads(PINS_FILE.read_text(encoding="utf-8"))
    return pinned


def check_integrity(tarball: Path, integrity: str) -> None:
    """Raise unless ``tarball`` matches npm's ``sha512-<base64>`` integrity."""
    kind, _, want = integrity.partition("-")
    if kind != "sha512" or not want:
        raise PyodideError(f"unknown integrity {integrity!r} (expected sha512-...)")
    digest = hashlib.sha512(tarball.read_bytes()).digest()
    if base64.b64encode(digest).decode() != want:
        raise PyodideError(
            f"{tarball.name} does not match npm's published integrity "
            f"({integrity[:24]}...): a corrupt or different download; delete it "
            "and build again"
        )


def check_files(folder: Path, sums: dict[str, str]) -> None:
    """Raise unless every core file is in ``folder`` with its pinned sha256,
    naming each file missing or different."""
    missing = [name for name in sums if not (folder / name).is_file()]
    if missing:
        raise PyodideError(
            f"Pyodide in {folder} lacks {', '.join(missing)}: give a folder with "
            f"the {len(sums)} core files ({', '.join(sums)})"
        )
    wrong = [
        name
        for name, want in sums.items()
        if hashlib.sha256((folder / name).read_bytes()).hexdigest() != want
    ]
    if wrong:
        raise PyodideError(
            f"Pyodide in {folder}: {', '.join(wrong)} do not match the sha256 "
            f"sums pinned in {PINS_FILE.name} (version {pins()['version']}): "
            "another version or a damaged copy"
        )


def unpack(tarball: Path, into: Path) -> Path:
    """The core files of an npm tarball (``package/...``), written to ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in CORE:
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                raise PyodideError(f"{tarball.name} holds no {name}") from None
            source = tar.extractfile(member)
            if source is None:
                raise PyodideError(f"{tarball.name}: {name} is not a file")
            (into / name).write_bytes(source.read())
    return into


def from_npm(cache: Path) -> Path:
    """The pinned Pyodide from the npm registry, kept in ``cache``: the tarball
    (fetched once with ``npm pack``, checked against ``integrity``) unpacked into
    ``cache/VERSION``."""
    pinned = pins()
    folder: Path = cache / str(pinned["version"])
    if folder.is_dir():
        try:
            check_files(folder, pinned["files"])
            return folder
        except PyodideError:
            shutil.rmtree(folder)
    tarball = cache / f"pyodide-{pinned['version']}.tgz"
    if not tarball.is_file():
        _npm_pack(pinned["version"], cache)
    check_integrity(tarball, pinned["integrity"])
    unpack(tarball, folder)
    check_files(folder, pinned["files"])
    return folder


def from_folder(folder: Path) -> Path:
    """Pyodide's core files from ``folder`` (an unpacked package, or one holding
    the pinned tarball), checked against the pins."""
    pinned = pins()
    tarball = folder / f"pyodide-{pinned['version']}.tgz"
    if not (folder / CORE[0]).exists() and tarball.is_file():
        check_integrity(tarball, pinned["integrity"])
        return from_npm(folder)
    check_files(folder, pinned["files"])
    return folder


def _npm_pack(version: str, cache: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise PyodideError(
            f"npm is not installed, so pyodide@{version} cannot be fetched: install "
            "npm, or give --pyodide DIR (a folder with pyodide's core files "
            f"{', '.join(CORE)}, or with pyodide-{version}.tgz)"
        )
    cache.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "pack", f"pyodide@{version}", "--silent"],
        cwd=cache,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise PyodideError(
            f"npm pack pyodide@{version} failed (is the npm registry reachable?): "
            + (done.stderr.strip().splitlines() or ["no message"])[-1]
        )
