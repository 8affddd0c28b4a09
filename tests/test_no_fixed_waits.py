"""No test waits a fixed time: each waits for what it checks (``tests/waits.py``).

A fixed wait passes on a quiet machine and flakes on a loaded one, and a check that
nothing happened after a fixed time proves nothing. The test sources (every Python
file under the test paths) call no ``sleep`` and no Playwright ``wait_for_timeout``,
and the JavaScript they hand a page pauses on no timer; the one pause left
is ``tests.waits.poll_pause`` (and its coroutine twin): the interval between two
looks at a condition.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_PATHS = ("tests", "notebooks", "examples")  # pyproject's testpaths
WAITS = ROOT / "tests" / "waits.py"
#: The functions of tests/waits.py that may pause: the poll interval.
POLL_INTERVAL = {"poll_pause", "poll_pause_async"}
FIXED = {"sleep", "wait_for_timeout"}
# A pause in the page: a promise resolved by a timer with a delay,
# ``new Promise((r) => setTimeout(r, 500))`` (``setTimeout(r, 0)`` yields, and a
# timer that settles a race, ``setTimeout(() => r(false), ms)``, is a deadline).
TIMER = re.compile(r"setTimeout\(\s*\w+\s*,\s*([^)]+?)\s*\)")


def fixed_waits(source: str, name: str = "<test>") -> list[str]:
    """Where ``source`` waits a fixed time: ``name:line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else None
            if isinstance(func, ast.Name):
                called = func.id
            if called in FIXED:
                found.append(f"{name}:{node.lineno}: {called}()")
        elif isinstance(node, ast.ImportFrom) and any(
            alias.name in FIXED for alias in node.names
        ):
            found.append(f"{name}:{node.lineno}: imports sleep")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(delay != "0" for delay in TIMER.findall(node.value)):
                found.append(f"{name}:{node.lineno}: a page timer with a delay")
    return found


def _sources() -> list[Path]:
    return sorted(
        path
        for part in TEST_PATHS
        for path in (ROOT / part).rglob("*.py")
        if ".ipynb_checkpoints" not in path.parts
        and path not in (WAITS, Path(__file__).resolve())  # its samples below
    )


def test_no_test_waits_a_fixed_time():
    found = [
        wait
        for path in _sources()
        for wait in fixed_waits(path.read_text(), str(path.relative_to(ROOT)))
    ]
    assert found == [], "wait for what is tested (tests/waits.py), not a time"


def test_the_only_pause_is_the_poll_interval():
    tree = ast.parse(WAITS.read_text())
    pausing = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and fixed_waits(ast.unparse(node))
    }
    assert pausing == POLL_INTERVAL
    outside = [
        node
        for node in tree.body
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and fixed_waits(ast.unparse(node))
    ]
    assert outside == []


def test_the_check_finds_each_kind_of_fixed_wait():
    caught = {
        "time.sleep(0.5)": True,
        "await asyncio.sleep(1)": True,
        "from time import sleep": True,
        "page.wait_for_timeout(1500)": True,
        "page.evaluate('new Promise((r) => setTimeout(r, 500))')": True,
        "page.evaluate('new Promise((done) => setTimeout(done, ms))')": True,
        "poll_pause()": False,
        "page.wait_for_function('() => ok', timeout=30_000)": False,
        "page.evaluate('await new Promise((r) => setTimeout(r, 0))')": False,
        "race = 'new Promise((r) => setTimeout(() => r(false), ms))'": False,
    }
    for source, fixed in caught.items():
        assert bool(fixed_waits(source)) is fixed, source
