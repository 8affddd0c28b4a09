"""Project-wide checks: layering, no unsafe loading of user files, packaging data."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI_STACK = re.compile(
    r"^\s*(import|from)\s+(ipywidgets|ipycanvas|traitlets|IPython)\b", re.M
)


def _sources(*parts: str) -> list[Path]:
    return sorted(p for part in parts for p in (ROOT / part).rglob("*.py"))


def test_engine_never_imports_the_ui_stack():
    offenders = [
        str(p.relative_to(ROOT))
        for p in _sources("tabletop/core", "tabletop/games")
        if UI_STACK.search(p.read_text())
    ]
    assert offenders == []


GENERIC = ("core", "draw", "ui", "bots", "sim", "analysis", "online", "adapters",
           "learn")  # fmt: skip
"""The generic layers: they find games in the registry and never name one."""

SHIPPED = sorted(p.name for p in (ROOT / "tabletop/games").iterdir()
                 if (p / "__init__.py").exists())  # fmt: skip
# Words that belong to one shipped game: its name, its title's proper nouns, and
# pieces or cards only it has.
GAME_WORDS = re.compile(
    r"\b(" + "|".join([*SHIPPED, "harry", "lost ark", "scorpion", "passport",
                        "crocodile", "croc"]) + r")\b",
    re.IGNORECASE,
)  # fmt: skip


def _generic_sources() -> list[Path]:
    return _sources(*(f"tabletop/{layer}" for layer in GENERIC))


def test_each_game_lives_in_its_own_package():
    """Every shipped game is a package of tabletop.games declaring its GameEntry,
    found by its entry point, with every part the registry knows."""
    from tabletop.core.registry import PARTS, lookup

    assert SHIPPED, "no game packages found"
    text = (ROOT / "pyproject.toml").read_text()
    for name in SHIPPED:
        assert f'{name} = "tabletop.games.{name}:ENTRY"' in text
        entry = lookup(name)
        for part in PARTS:
            assert entry.part(part) is not None, f"{name} has no {part}"


def test_generic_layers_import_no_game():
    """No module of a generic layer imports ``tabletop.games`` (AST, every import
    form, lazy imports inside functions included)."""
    offenders = []
    for path in _generic_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") in (
                "import_module",
            ):
                names = [a.value for a in node.args if isinstance(a, ast.Constant)]
            for name in names:
                if isinstance(name, str) and name.startswith("tabletop.games"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_generic_layers_name_no_game():
    """No generic module names a shipped game or a piece only one game has, in
    code, strings, comments or docstrings."""
    offenders = [
        f"{path.relative_to(ROOT)}:{n}: {m.group(0)}"
        for path in _generic_sources()
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        for m in [GAME_WORDS.search(line)]
        if m
    ]
    assert offenders == []


def test_the_core_and_a_game_rules_import_only_what_they_need():
    """``import tabletop.core`` loads no game; a game's rules load no drawing,
    widget, bot, lesson or adapter code (those parts load when asked for)."""
    probe = (
        "import sys, tabletop.core\n"
        "assert not [m for m in sys.modules if m.startswith('tabletop.games')]\n"
        "from tabletop.core import lookup\n"
        "for name in lookup.__self__.names():\n"
        "    lookup(name).make(players=lookup(name).players[0])\n"
        "heavy = ('tabletop.draw', 'tabletop.ui', 'tabletop.bots', 'tabletop.learn',"
        " 'tabletop.adapters', 'ipywidgets', 'ipycanvas', 'traitlets')\n"
        "loaded = [m for m in sys.modules if m.startswith(heavy)]\n"
        "assert not loaded, loaded\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True,
                         text=True, cwd=ROOT)  # fmt: skip
    assert run.returncode == 0, run.stderr


def test_every_game_package_has_the_same_modules():
    """A reader who knows one game package knows where everything is in another."""
    layouts = {
        name: sorted(
            p.relative_to(ROOT / "tabletop/games" / name).parts[0].removesuffix(".py")
            for p in (ROOT / "tabletop/games" / name).iterdir()
            if p.suffix == ".py" or (p / "__init__.py").exists()
        )
        for name in SHIPPED
    }
    first = layouts[SHIPPED[0]]
    for name, modules in layouts.items():
        assert modules == first, (name, sorted(set(modules) ^ set(first)))


def test_no_pickle_or_eval_anywhere_in_the_package():
    pattern = re.compile(r"\b(pickle|cPickle|marshal|shelve)\b|(?<![\w.])(eval|exec)\(")
    offenders = [
        str(p.relative_to(ROOT))
        for p in _sources("tabletop")
        if pattern.search(p.read_text())
    ]
    assert offenders == []


def test_boards_are_packaged_into_the_wheel():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"boards" = "tabletop/_boards"' in text


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
    return out


def test_the_site_and_the_page_import_nothing_from_the_seat_server():
    """The seat server (``tabletop.online``) and the static site are two
    transports of one page (``tabletop.page``): neither the page's package nor
    the site reads the server's."""
    for part in ("site", "page"):
        for path in sorted((ROOT / "tabletop" / part).rglob("*.py")):
            online = {m for m in _imported(path) if m.startswith("tabletop.online")}
            assert not online, f"tabletop/{part}/{path.name} imports {online}"


def test_the_analysis_layer_never_imports_the_simulation_layer():
    """One way: ``tabletop.sim`` may read ``tabletop.analysis`` (the value model,
    the charts' seat styles, rates), never the other way round (the rates and
    the seeds both use live in ``analysis.rates`` and ``core.rng``)."""
    for path in _sources("tabletop/analysis"):
        sim = {m for m in _imported(path) if m.split(".")[:2] == ["tabletop", "sim"]}
        assert not sim, f"{path.name} imports {sim}"


# A "line" in the table's logic and the page's package is a branch of the
# timeline, nothing else: what is said of an event is a sentence, a row of text
# is a row. These names hold "line" for that one meaning (a headline, an
# outline and the timeline itself are other words).
TIMELINE_NAMES = {
    "lines", "line", "use_line", "play_on_line", "no_line", "line_label",
    "lines_path", "lines_saved", "load_lines", "save_lines",
    "LINES_FORMAT", "LINES_VERSION", "KEPT_AS_LINE", "ONLY_SHOWN_LINE",
}  # fmt: skip
NOT_A_LINE = re.compile(r"headline|outline|timeline", re.IGNORECASE)


def test_a_line_is_only_a_branch_of_the_timeline():
    found: dict[str, set[str]] = {}
    for part in ("table", "page"):
        for path in sorted((ROOT / "tabletop" / part).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                name = (
                    getattr(node, "name", None) if isinstance(
                        node, ast.FunctionDef | ast.ClassDef
                    ) else node.arg if isinstance(node, ast.arg)
                    else node.id if isinstance(node, ast.Name)
                    else node.attr if isinstance(node, ast.Attribute)
                    else None
                )  # fmt: skip
                if not name or "line" not in NOT_A_LINE.sub("", name).lower():
                    continue
                if name not in TIMELINE_NAMES:
                    found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    assert not found, f"'line' used for something other than the timeline: {found}"
