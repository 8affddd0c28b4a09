"""Pictures in saved notebooks: the static image a live table carries.

A widget shows nothing without its kernel (a notebook viewer, ``nbconvert``, a
reopened notebook). A display output that also holds ``image/svg+xml`` shows the
picture there: nbconvert skips a widget view whose state was not saved and takes
the next format of the same output. ``picture_bundle`` is that image for a viewer;
``with_picture`` adds it to a widget's own bundle (``_repr_mimebundle_``), so the
image is saved with the widget and shows wherever the widget cannot. Nothing here
imports a Jupyter package: the caller displays the bundle (``display(bundle,
raw=True)``, updated through a display handle on every step).

Each picture is there twice: as SVG, and as a small palette PNG of the same size
(``picture_formats``). JupyterLab draws no SVG output of a notebook it does not
trust (a freshly cloned or downloaded one) and shows the PNG instead; a trusted
notebook, nbconvert and notebook viewers take the SVG.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Mapping
from typing import Any

from tabletop.draw.pictures import match_svg, palette_png
from tabletop.draw.scenes import PUBLIC, viewer_label

SVG_MIME = "image/svg+xml"
PNG_MIME = "image/png"
LOG = logging.getLogger(__name__)


def picture_formats(svg: str) -> dict[str, str]:
    """The formats of one picture in a display bundle: the SVG and its PNG
    (base64, as a notebook stores it). Without a working CairoSVG (no cairo
    library on the system) the PNG is left out and the SVG still shows."""
    formats = {SVG_MIME: svg}
    try:
        png = palette_png(svg)
    except (ImportError, OSError):  # cairocffi raises OSError without libcairo
        LOG.warning("no PNG beside the SVG picture: CairoSVG cannot run here")
    else:
        formats[PNG_MIME] = base64.b64encode(png).decode("ascii")
    return formats


def picture_bundle(
    match: Any, viewer: Any = PUBLIC, step: int | None = None, png: bool = True
) -> dict[str, str]:
    """A display bundle with the picture of ``step`` (default: the cursor); with
    ``png=False`` the SVG alone (the PNG costs a rendering: 0.1-0.2 CPU s)."""
    step = match.cursor if step is None else step
    text = (
        f"{match.game.name} board at step {step} of {len(match)}, "
        f"{viewer_label(viewer)}"
    )
    svg = match_svg(match, viewer, step)
    formats = picture_formats(svg) if png else {SVG_MIME: svg}
    return {**formats, "text/plain": text}


def with_picture(
    bundle: Mapping[str, Any], match: Any, viewer: Any = PUBLIC
) -> dict[str, Any]:
    """A widget's display bundle plus the picture of its match as ``viewer`` sees it
    (the widget's own formats are kept, so a live notebook still shows the widget)."""
    picture = picture_bundle(match, viewer)
    picture.pop("text/plain")
    return {**bundle, **picture}
