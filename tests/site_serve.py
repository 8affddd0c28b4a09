"""A built static site served on 127.0.0.1 and Pyodide prepared once, for the
site's browser test and its benchmark (``benchmarks/site.py``)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tabletop.site.runtime import from_npm, pins

#: Where npm's Pyodide is kept between runs (one download for every build).
CACHE = Path(
    os.environ.get("TABLETOP_PYODIDE_CACHE", Path.home() / ".cache/tabletop-pyodide")
)


def pyodide_or_reason() -> tuple[Path | None, str]:
    """The pinned Pyodide's folder, or why there is none (npm absent)."""
    folder = CACHE / pins()["version"]
    if shutil.which("npm") is None and not folder.is_dir():
        return None, "npm is not installed: the site's Pyodide comes from npm pack"
    return from_npm(CACHE), ""


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, *args: object) -> None:
        pass

    def log_request(self, code: object = "-", size: object = "-") -> None:
        hits = getattr(self.server, "hits", None)
        if hits is not None:  # every answer: its path and status
            hits.append((self.path, int(code) if isinstance(code, int) else code))


class _Quiet(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, address: object) -> None:
        pass  # a browser dropping a download it no longer needs


@contextmanager
def served(folder: Path, hits: list | None = None) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port); yields the base URL. Each
    answer's (path, status) is added to ``hits`` when one is given."""
    handler = functools.partial(_Files, directory=str(folder))
    server = _Quiet(("127.0.0.1", 0), handler)
    server.hits = hits
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
