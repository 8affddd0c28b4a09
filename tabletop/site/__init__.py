"""The table as a static site: Python in the browser, nothing installed.

``tabletop site OUT`` (``build_site``) writes a folder any static web server can
serve (built beside OUT and swapped in whole, ``tabletop.site.swap``): the games'
list, the seat page per game with a Web Worker running the table's logic under
Pyodide (``tabletop.site.local.LocalRoom`` speaks the seat protocol for the
seats of one device), and a service worker for offline play. Pyodide is pinned
and checked (``tabletop.site.runtime``). See docs/site.md.
"""

from __future__ import annotations

from tabletop.site.build import build_site
from tabletop.site.runtime import PyodideError
from tabletop.site.swap import SiteError

__all__ = ["PyodideError", "SiteError", "build_site"]
