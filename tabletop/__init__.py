"""tabletop: Pitfall Harry and Raiders of the Lost Ark, every rule enforced,
playable and inspectable in Jupyter notebooks.

The engine (``tabletop.core``, ``tabletop.games``) imports nothing from Jupyter; the
notebook tabletop lives in ``tabletop.ui``.
"""

from tabletop.core import (
    BoardError,
    IllegalActionError,
    IllegalEditError,
    Match,
    SaveError,
)

# The games shipped with the package register themselves on import; games from
# other packages are found through the ``tabletop.games`` entry points.
from tabletop.games import pitfall as _pitfall  # noqa: E402, F401
from tabletop.games import raiders as _raiders  # noqa: E402, F401

__version__ = "0.1.0"

__all__ = [
    "BoardError",
    "IllegalActionError",
    "IllegalEditError",
    "Match",
    "SaveError",
    "__version__",
]
