"""Where a build goes: beside its folder, swapped in whole, deleting nothing else.

``tabletop site OUT`` never empties OUT. It writes the new site into a fresh
folder beside OUT (same parent, so a rename moves it), and only when that is
complete puts it in OUT's place: the old folder is moved aside, the new one
renamed in, then the old one removed. Any failure before that removes the new
folder alone and leaves OUT as it was.

OUT may be new, empty, or a site this command built: its ``site.json`` says
``"format": SITE_FORMAT`` and lists its files, and OUT holds nothing else. Any
other OUT (a lesson plan beside it, a repository, a folder of someone's files)
is refused in words and left untouched, unless the caller asks to replace it
(``--replace``). A file where the folder should be, or a folder that cannot be
written, is a ``SiteError`` too: one sentence, nothing changed.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from pathlib import Path

#: The manifest's mark of a site this command built (``site.json``'s "format").
SITE_FORMAT = "tabletop-site/1"
#: Files a build writes that its manifest's file list (what the service worker
#: caches) leaves out: the manifest itself, and the service worker.
ALSO_WRITTEN = ("site.json", "sw.js")


class SiteError(ValueError):
    """The site cannot be written where asked: the sentence says why."""


def check_target(out: Path, *, replace: bool = False) -> None:
    """Refuse ``out`` unless a build may take its place.

    Raises:
        SiteError: ``out`` is a file or a link, holds what this command did not
            write (and ``replace`` is false), or has a folder that cannot be
            written (so the old site could not be removed).
    """
    if out.is_symlink():
        raise SiteError(
            f"{out} is a link: give the folder it points to; nothing was changed"
        )
    if not out.exists():
        return
    if not out.is_dir():
        raise SiteError(
            f"{out} is a file, not a folder: the site needs a folder of its own; "
            "nothing was changed"
        )
    strangers = [] if replace else foreign(out)
    if strangers:
        shown = ", ".join(strangers[:3]) + (", ..." if len(strangers) > 3 else "")
        raise SiteError(
            f"{out} holds {len(strangers)} files or folders that tabletop site did "
            f"not write ({shown}); nothing was changed: choose a new or empty "
            "folder, or give --replace to replace the folder whole, deleting them"
        )
    for root, _, _ in os.walk(out):
        if not os.access(root, os.W_OK | os.X_OK):
            raise SiteError(
                f"{root} is read-only, so the old site cannot be replaced; "
                "nothing was changed"
            )


def foreign(out: Path) -> list[str]:
    """What the folder ``out`` holds that a build of this command did not write
    (paths relative to ``out``; a link is never a build's)."""
    files = written(out)
    folders = {p.as_posix() for name in files for p in Path(name).parents}
    found = []
    for root, dirs, names in os.walk(out):
        here = Path(root).relative_to(out)
        for name in dirs + names:
            path, rel = Path(root) / name, (here / name).as_posix()
            ours = folders if name in dirs else files
            if path.is_symlink() or rel not in ours:
                found.append(rel + ("/" if name in dirs else ""))
        dirs[:] = [d for d in dirs if (here / d).as_posix() + "/" not in found]
    return sorted(found)


def written(out: Path) -> set[str]:
    """The files a build wrote into ``out``, from its ``site.json``; none when
    there is no such manifest (a folder this command did not build)."""
    try:
        site = json.loads((out / "site.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(site, dict) or site.get("format") != SITE_FORMAT:
        return set()
    files = site.get("files")
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return set()
    return {*files, *ALSO_WRITTEN}


def fresh_folder(out: Path) -> Path:
    """A new empty folder beside ``out``, where the build is written.

    Raises:
        SiteError: ``out``'s parent cannot be made or written.
    """
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        above = [out.parent, *out.parent.parents]
        file = next((p for p in above if p.exists() and not p.is_dir()), out.parent)
        raise SiteError(
            f"{file} is a file, not a folder: the site cannot go in {out}; "
            "nothing was changed"
        ) from None
    except OSError as exc:
        raise SiteError(_unwritable(out.parent, exc)) from None
    while True:
        folder = _beside(out, "new")
        try:
            folder.mkdir()  # the usual permissions (mkdtemp's 0700 hides it)
            return folder
        except FileExistsError:
            continue
        except OSError as exc:
            raise SiteError(_unwritable(out.parent, exc)) from None


def swap_in(new: Path, out: Path) -> None:
    """Put the complete build ``new`` in ``out``'s place; the old ``out`` is
    moved aside first and removed only once ``new`` is in.

    Raises:
        SiteError: the rename failed (``out`` is back as it was), or the old
            site could not be removed (the new one is in place; the old one's
            folder is named).
    """
    aside = None
    try:
        if out.exists():
            aside = _beside(out, "old")
            os.rename(out, aside)
        os.rename(new, out)
    except OSError as exc:
        if aside is not None and not out.exists():
            os.rename(aside, out)
        raise SiteError(_unwritable(out, exc)) from None
    if aside is not None:
        try:
            shutil.rmtree(aside)
        except OSError as exc:
            raise SiteError(
                f"the new site is in {out}, but the old one, moved to {aside}, "
                f"could not be removed ({exc.strerror}): remove it by hand"
            ) from None


def _beside(out: Path, kind: str) -> Path:
    return out.parent / f".{out.name}.{kind}-{secrets.token_hex(4)}"


def _unwritable(where: Path, exc: OSError) -> str:
    why = exc.strerror or str(exc)
    return f"cannot write the site in {where} ({why.lower()}); nothing was changed"
