"""A freshly cloned lesson shows its boards in JupyterLab before anything runs.

JupyterLab trusts no notebook it has not signed itself (a clone, a download), and
draws no SVG output of an untrusted one. The lesson is opened as it comes from the
checkout, neither run nor trusted: every stored picture must show as a PNG image
(``img`` with a PNG source and a natural width) and no SVG may be drawn. A
screenshot goes to ``test-artifacts/``.
"""

from __future__ import annotations

import json

import pytest

from tests.browser_harness import (
    CURRENT,
    ROOT,
    chromium_page,
    jupyter_lab,
    need_browser,
    shoot,
)

pytestmark = pytest.mark.browser
LESSON = "learn_pitfall.ipynb"
PNG = f'{CURRENT} .jp-OutputArea-output img[src^="data:image/png"]'

# How many stored pictures are drawn (loaded, with a width), once every code cell
# of the notebook's model is there; -1 while the notebook is still opening.
DRAWN = """([selector, cells]) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.model) return -1;
  if (w.content.widgets.length !== cells) return -1;
  return [...document.querySelectorAll(selector)]
      .filter((img) => img.complete && img.naturalWidth > 0).length;
}"""

# Whether each code cell with outputs is untrusted, as JupyterLab's model says.
TRUST = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code' && cell.outputs.length) out.push(cell.trusted);
  }
  return out;
}"""


def test_an_untrusted_lesson_shows_its_boards_as_images(tmp_path):
    need_browser()
    stored = json.loads((ROOT / "notebooks" / LESSON).read_text())
    pictures = sum(
        "image/svg+xml" in output.get("data", {})
        for cell in stored["cells"]
        for output in cell.get("outputs", [])
    )
    assert pictures > 5
    with jupyter_lab(tmp_path, [LESSON]) as url, chromium_page() as page:
        page.goto(f"{url}lab/tree/{LESSON}?reset")
        page.wait_for_function(
            f"(args) => ({DRAWN})(args) === {pictures}",
            arg=[PNG, len(stored["cells"])],
            timeout=120_000,
        )
        trusted = page.evaluate(TRUST)
        assert trusted and not any(trusted), "the lesson was opened trusted"
        sizes = page.eval_on_selector_all(
            PNG, "(imgs) => imgs.map((i) => [i.naturalWidth, i.naturalHeight])"
        )
        assert len(sizes) == pictures
        assert all(w >= 300 and h >= 300 for w, h in sizes), sizes
        # Untrusted: JupyterLab drew none of the SVGs, so the PNGs are what shows.
        svgs = page.locator(
            f'{CURRENT} .jp-OutputArea-output img[src^="data:image/svg"], '
            f"{CURRENT} .jp-OutputArea-output svg"
        )
        assert svgs.count() == 0

        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        # The first table's picture, whole, under the words above it.
        first = page.locator(PNG).first.element_handle()
        first.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        page.wait_for_function(
            "(e) => { const r = e.getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= window.innerHeight; }",
            arg=first,
        )
        shoot(page, "lesson-untrusted-pitfall.png")
