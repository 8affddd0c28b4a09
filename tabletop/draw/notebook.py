"""Pictures in saved notebooks: the static image a live table carries.

A widget shows nothing without its kernel (a notebook viewer, ``nbconvert``, a
reopened notebook). A display output that also holds ``image/svg+xml`` shows the
picture there: nbconvert skips a widget view whose state was not saved and takes
the next format of the same output. ``picture_bundle`` is that image for a viewer;
``with_picture`` adds it to a widget's own bundle (``_repr_mimebundle_``), so the
image is saved with the widget and shows wherever the widget cannot. Nothing here
imports a Jupyter package: the caller displays the bundle (``display(bundle,
raw=True)``, updated through a display handle on every step).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.draw.pictures import match_svg
from tabletop.draw.scenes import PUBLIC, viewer_label

SVG_MIME = "image/svg+xml"


def picture_bundle(
    match: Any, viewer: Any = PUBLIC, step: int | None = None
) -> dict[str, str]:
    """A display bundle with the picture of ``step`` (default: the cursor)."""
    step = match.cursor if step is None else step
    text = (
        f"{match.game.name} board at step {step} of {len(match)}, "
        f"{viewer_label(viewer)}"
    )
    return {SVG_MIME: match_svg(match, viewer, step), "text/plain": text}


def with_picture(
    bundle: Mapping[str, Any], match: Any, viewer: Any = PUBLIC
) -> dict[str, Any]:
    """A widget's display bundle plus the picture of its match as ``viewer`` sees it
    (the widget's own formats are kept, so a live notebook still shows the widget)."""
    out = dict(bundle)
    out[SVG_MIME] = picture_bundle(match, viewer)[SVG_MIME]
    return out
