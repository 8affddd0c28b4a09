"""Save the lesson notebooks with their outputs, so they read as lessons anywhere.

A lesson opened on a notebook viewer, exported with nbconvert or reopened without a
kernel shows only what was saved with it. This module runs each lesson notebook in
a fresh kernel and writes it back with its outputs: the text, the explanations,
and the picture that follows each table (``tabletop.ui.board_picture``), plus the
widget state (under the ``state`` key notebook viewers read).

    python -m tabletop.learn.publish           # run the lessons, save their outputs
    python -m tabletop.learn.publish --check   # exit 1 if a saved output is stale
    python -m tabletop.learn.publish NAME      # one game's lesson notebook only

The lesson notebooks are those the registered games' lessons name (``NOTEBOOK`` in
their ``lessons`` part), so an installed game's lessons publish like the shipped
ones.

``--check`` (and ``stale_outputs``, which a test calls) runs the lessons again and
compares what they print and draw with what the files hold. Widget model ids and
execution counts are left out of the comparison: they are new on every run and
hold nothing a reader sees.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What a reader sees; other formats of an output (a widget's model id) change on
# every run without changing what is shown.
COMPARED = ("text/plain", "text/html", "text/markdown", "image/svg+xml")


def lesson_notebooks() -> dict[str, Path]:
    """Game name -> its lesson notebook, for every registered game that has one on
    disk (a game installed from a wheel ships none)."""
    from tabletop.learn import taught_games, tutorial

    found = {}
    for name in taught_games():
        path = getattr(tutorial(name), "NOTEBOOK", None)
        if path is not None and Path(path).exists():
            found[name] = Path(path)
    return found


def _notebook(name: str | Path) -> Path:
    """A lesson notebook by game name, or a notebook path as it is."""
    books = lesson_notebooks()
    if isinstance(name, str) and name in books:
        return books[name]
    path = Path(name)
    if not path.exists():
        known = ", ".join(books) or "none"
        raise FileNotFoundError(f"no lesson notebook {name!r} (games: {known})")
    return path


def run_lesson(path: Path, timeout: int = 600) -> Any:
    """Run a notebook in a fresh kernel (in its own folder); returns it with its
    outputs (no widget state)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=False,
    )
    client.execute()
    return notebook


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def shown(notebook: Any) -> list[list[dict[str, Any]]]:
    """Per code cell, what its outputs show a reader (see ``COMPARED``)."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        outputs = []
        for out in cell.get("outputs", []):
            kind = out["output_type"]
            if kind == "stream":
                outputs.append({"stream": out["name"], "text": _text(out["text"])})
            elif kind == "error":
                outputs.append({"error": out["ename"], "value": out["evalue"]})
            else:
                data = out.get("data", {})
                item = {m: _text(data[m]) for m in COMPARED if m in data}
                if WIDGET_VIEW in data:
                    item["widget"] = True
                outputs.append(item)
        cells.append(outputs)
    return cells


def stale_outputs(name: str | Path) -> list[str]:
    """The differences between a lesson's saved outputs and a fresh run's
    (empty when the file is up to date); ``name`` is a game or a notebook path."""
    import nbformat

    path = _notebook(name)
    saved = shown(nbformat.read(path, as_version=4))
    fresh = shown(run_lesson(path))
    if saved == fresh:
        return []
    old = json.dumps(_brief(saved), indent=1).splitlines()
    new = json.dumps(_brief(fresh), indent=1).splitlines()
    return list(difflib.unified_diff(old, new, "saved", "fresh", lineterm="", n=1))


def _brief(cells: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Outputs for a readable diff: a picture is named by its title and a digest
    (a whole SVG is one very long line)."""
    out = []
    for outputs in cells:
        items = []
        for item in outputs:
            item = dict(item)
            svg = item.get("image/svg+xml")
            if svg is not None:
                title = re.search(r"<title>(.*?)</title>", svg)
                digest = hashlib.sha256(svg.encode()).hexdigest()[:12]
                item["image/svg+xml"] = (
                    f"picture: {title.group(1) if title else 'untitled'} ({digest})"
                )
            items.append(item)
        out.append(items)
    return out


def publish(name: str | Path) -> Path:
    """Run a lesson and save it with its outputs; returns the file's path
    (``name``: a game or a notebook path)."""
    import nbformat

    path = _notebook(name)
    notebook = run_lesson(path)
    notebook["metadata"].pop("widgets", None)
    # Execution counts stay (1, 2, 3... from the fresh run): a saved output without
    # one reads as a cell that never ran, and nbval refuses such a notebook.
    nbformat.validate(notebook)
    nbformat.write(notebook, path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.learn.publish",
        description="Run the lesson notebooks and save them with their outputs.",
    )
    parser.add_argument(
        "--check", action="store_true", help="only report saved outputs that are stale"
    )
    parser.add_argument(
        "lessons", nargs="*", help="games or notebook paths (default: every game's)"
    )
    args = parser.parse_args(argv)
    args.lessons = args.lessons or list(lesson_notebooks())
    stale = 0
    for name in args.lessons:
        if args.check:
            diff = stale_outputs(name)
            if diff:
                stale += 1
                print(f"{name}: saved outputs are stale")
                print("\n".join(diff[:60]))
            else:
                print(f"{name}: up to date")
        else:
            print(f"saved {publish(name)}")
    if stale:
        print("run: python -m tabletop.learn.publish")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
