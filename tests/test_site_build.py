"""``tabletop site OUT`` with stand-in runtime files: pages that run nothing
inline, a wheel without what the browser's Python cannot use, and a build that
deletes nothing it did not write (built beside OUT, swapped in whole; a folder
of other things, a file in the way or a read-only folder refused in words; a
failed build leaves the old site byte for byte)."""

from __future__ import annotations

import json
import os
import re
import zipfile
from pathlib import Path

import pytest

from tabletop.__main__ import main
from tabletop.site import SiteError, build_site, runtime
from tabletop.site import build as site_build
from tests.test_site import _fake_runtime

WHEEL = "tabletop-0.1.0-py3-none-any.whl"
WHEEL_FILES = {
    "tabletop/__init__.py": b"",
    "tabletop/games/raiders/value.npz": b"weights " * 1000,
    "tabletop/games/raiders/rules.py": b"RULES = 1\n",
    "race/learn_race.ipynb": b"{}",
    "tabletop-0.1.0.dist-info/METADATA": b"Name: tabletop\n",
}


def _wheel(path: Path, files: dict[str, bytes] = WHEEL_FILES) -> None:
    """A small wheel holding ``files`` and a RECORD row for each."""
    rows = [f"{name},sha256=x,{len(data)}" for name, data in files.items()]
    rows.append("tabletop-0.1.0.dist-info/RECORD,,")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
        wheel.writestr("tabletop-0.1.0.dist-info/RECORD", "\n".join(rows) + "\n")


@pytest.fixture
def stand_in(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """A Pyodide folder of stand-in files pinned for this test, and a wheel."""
    sums = _fake_runtime(tmp_path / "pyodide")
    pins = {**runtime.pins(), "files": sums}
    (tmp_path / "pins.json").write_text(json.dumps(pins))
    monkeypatch.setattr(runtime, "PINS_FILE", tmp_path / "pins.json")
    (tmp_path / "wheels").mkdir()
    _wheel(tmp_path / "wheels" / WHEEL)
    return tmp_path / "pyodide", tmp_path / "wheels"


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file's bytes and every folder (``None``) under ``folder``."""
    return {
        p.relative_to(folder).as_posix(): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
    }


def _site(stand_in, out: Path, **options) -> int:
    """``tabletop site OUT`` on the stand-in runtime and wheel; its status."""
    folder, wheels = stand_in
    argv = ["site", str(out), "--pyodide", str(folder), "--wheels", str(wheels)]
    return main(argv + [f"--{k}" for k, v in options.items() if v])


def test_the_build_writes_pages_that_run_nothing_inline_or_from_elsewhere(stand_in):
    from tabletop.core.registry import REGISTRY
    from tabletop.site.build import POLICY

    folder, wheels = stand_in
    out = folder.parent / "site"
    site = build_site(out, pyodide=folder, wheels=wheels)
    names = {g["name"] for g in site["games"]}
    assert names == set(REGISTRY.names())
    assert site["wheels"] == [WHEEL]
    for page in ["index.html", *(f"play-{n}.html" for n in names)]:
        text = (out / page).read_text()
        assert f'content="{POLICY}"' in text
        assert "nonce" not in text and "<style" not in text
        # Every script is a file of the site's own; none runs inline.
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text) == []
        assert re.findall(r"(?:src|href|action)=\"(?:https?:)?//", text) == []
    for script in ("play.js", "local.js", "worker.js", "sw.js"):
        text = (out / script).read_text()
        hosts = set(re.findall(r"https?://[^\s\"'/]+", text)) - {"http://www.w3.org"}
        assert hosts == set(), (script, hosts)
    assert "script-src 'self' 'wasm-unsafe-eval'" in POLICY
    assert "connect-src 'self'" in POLICY and "default-src 'none'" in POLICY
    assert f'const VERSION = "{site["version"]}"' in (out / "sw.js").read_text()
    assert "pyodide/pyodide.asm.wasm" in site["files"]
    assert all((out / f).is_file() for f in site["files"])
    assert json.loads((out / "site.json").read_text())["format"] == "tabletop-site/1"


def test_a_changed_build_is_a_new_version(stand_in):
    folder, wheels = stand_in
    first = build_site(folder.parent / "a", pyodide=folder, wheels=wheels)
    _wheel(wheels / WHEEL, {**WHEEL_FILES, "tabletop/__init__.py": b"# 2\n"})
    second = build_site(folder.parent / "b", pyodide=folder, wheels=wheels)
    assert first["version"] != second["version"]


def test_the_command_line_names_what_is_wrong(tmp_path, capsys):
    _fake_runtime(tmp_path / "pyodide")
    code = main(["site", str(tmp_path / "out"), "--pyodide", str(tmp_path / "pyodide")])
    assert code == 2
    assert "do not match the sha256 sums pinned" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["pyodide"]  # nothing half-built


# -- what the wheels carry -------------------------------------------------------
def test_the_site_wheels_carry_no_weights_or_notebooks_the_page_cannot_use(stand_in):
    folder, wheels = stand_in
    out = folder.parent / "site"
    build_site(out, pyodide=folder, wheels=wheels)
    with zipfile.ZipFile(out / "wheels" / WHEEL) as wheel:
        names = set(wheel.namelist())
        record = wheel.read("tabletop-0.1.0.dist-info/RECORD").decode()
        assert wheel.read("tabletop/games/raiders/rules.py") == b"RULES = 1\n"
    assert "tabletop/games/raiders/value.npz" not in names
    assert "race/learn_race.ipynb" not in names
    assert {"tabletop/__init__.py", "tabletop-0.1.0.dist-info/METADATA"} <= names
    assert ".npz" not in record and ".ipynb" not in record
    assert "tabletop/games/raiders/rules.py,sha256=x,10" in record
    assert os.path.getsize(out / "wheels" / WHEEL) < os.path.getsize(wheels / WHEEL)


def test_a_wheel_that_is_not_a_zip_is_refused_in_words(stand_in, capsys):
    folder, wheels = stand_in
    (wheels / WHEEL).write_bytes(b"PK")
    assert _site(stand_in, folder.parent / "site") == 2
    assert "is not a wheel (not a zip file)" in capsys.readouterr().err
    assert not (folder.parent / "site").exists()


# -- a build deletes nothing it did not write ----------------------------------------
def test_a_folder_holding_a_lesson_plan_and_a_folder_is_refused_and_kept(
    stand_in, capsys
):
    out = stand_in[0].parent / "class"
    (out / "week 1").mkdir(parents=True)
    (out / "lesson plan.txt").write_text("Monday: Pitfall")
    (out / "week 1" / "notes.txt").write_text("who won")
    before = _snapshot(out)
    assert _site(stand_in, out) != 0
    said = capsys.readouterr().err
    assert "did not write" in said and "lesson plan.txt" in said
    assert "--replace" in said and "Traceback" not in said
    assert _snapshot(out) == before
    assert not any(p.name.startswith(".class.") for p in out.parent.iterdir())


def test_a_site_this_command_built_is_replaced_but_not_with_a_stranger_in_it(
    stand_in, capsys
):
    out = stand_in[0].parent / "site"
    assert _site(stand_in, out) == 0
    (out / "index.html").write_text("an old page")
    assert _site(stand_in, out) == 0  # its own files: replaced whole
    assert "an old page" not in (out / "index.html").read_text()
    (out / "pyodide" / "lesson plan.txt").write_text("Monday: Pitfall")
    before = _snapshot(out)
    assert _site(stand_in, out) != 0
    assert "pyodide/lesson plan.txt" in capsys.readouterr().err
    assert _snapshot(out) == before
    assert _site(stand_in, out, replace=True) == 0  # asked for: replaced whole
    assert not (out / "pyodide" / "lesson plan.txt").exists()
    assert (out / "site.json").is_file()
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".")] == []


def test_an_empty_folder_takes_the_site(stand_in):
    out = stand_in[0].parent / "empty"
    out.mkdir()
    assert _site(stand_in, out) == 0
    assert (out / "index.html").is_file()


def test_the_current_folder_of_a_repository_is_refused_and_kept(
    stand_in, monkeypatch, capsys
):
    repo = stand_in[0].parent / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (repo / "README.md").write_text("a project")
    before = _snapshot(repo)
    monkeypatch.chdir(repo)
    assert _site(stand_in, Path(".")) != 0
    said = capsys.readouterr().err
    assert ".git/" in said and "Traceback" not in said
    assert _snapshot(repo) == before


@pytest.mark.parametrize("where", ["out", "parent"])
def test_a_file_in_the_way_is_said_in_words(stand_in, capsys, where):
    base = stand_in[0].parent
    (base / "in the way").write_text("a file")
    out = base / "in the way" if where == "out" else base / "in the way" / "a" / "b"
    assert _site(stand_in, out) != 0
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "Traceback" not in said
    assert f"{base / 'in the way'} is a file, not a folder" in said
    assert (base / "in the way").read_text() == "a file"


def _read_only(folder: Path) -> None:
    """Make ``folder`` read-only, or skip where that stops nobody (root)."""
    folder.chmod(0o555)
    try:
        (folder / ".probe").write_text("")
    except PermissionError:
        return
    (folder / ".probe").unlink()
    folder.chmod(0o755)
    pytest.skip("running as root: a read-only folder does not stop its writes")


@pytest.mark.parametrize("which", ["parent", "site"])
def test_a_read_only_folder_is_said_in_words(stand_in, capsys, which):
    parent = stand_in[0].parent / "space"
    out = parent / "site"
    parent.mkdir()
    assert _site(stand_in, out) == 0
    before = _snapshot(out)
    _read_only(parent if which == "parent" else out)
    try:
        assert _site(stand_in, out) != 0
    finally:
        (parent if which == "parent" else out).chmod(0o755)
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.startswith("error:") and ("read-only" in said or "denied" in said)
    assert _snapshot(out) == before


def test_a_refused_write_is_said_in_words(stand_in, monkeypatch, capsys):
    """The same path as a read-only parent, where chmod stops nobody."""
    out = stand_in[0].parent / "site"
    real = Path.mkdir

    def refused(self, *args, **kwargs):
        if self.name.startswith(".site."):
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refused)
    assert _site(stand_in, out) != 0
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "permission denied" in said
    assert not out.exists()


def test_a_failed_build_leaves_the_old_site_byte_for_byte(stand_in, tmp_path):
    folder, wheels = stand_in
    out = tmp_path / "site"
    build_site(out, pyodide=folder, wheels=wheels)
    before = _snapshot(out)
    empty = tmp_path / "no wheels"
    empty.mkdir()
    with pytest.raises(ValueError, match="no tabletop wheel"):
        build_site(out, pyodide=folder, wheels=empty)
    assert _snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_build_failing_midway_leaves_the_old_site_byte_for_byte(
    stand_in, tmp_path, monkeypatch
):
    folder, wheels = stand_in
    out = tmp_path / "site"
    build_site(out, pyodide=folder, wheels=wheels)
    before = _snapshot(out)

    def broken(*args):
        raise OSError(28, "No space left on device", "play.js")

    monkeypatch.setattr(site_build, "_pages", broken)
    with pytest.raises(SiteError, match="no space left on device.*is as it was"):
        build_site(out, pyodide=folder, wheels=wheels)
    assert _snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
