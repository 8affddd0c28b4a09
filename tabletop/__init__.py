"""tabletop: Pitfall Harry and Raiders of the Lost Ark, every rule enforced,
playable and inspectable in Jupyter notebooks.

The engine (``tabletop.core``, ``tabletop.games``) imports nothing from Jupyter; the
notebook tabletop lives in ``tabletop.ui``. Games are found by name in the registry
(``tabletop.core.registry``); importing this package imports none of them.
"""

from tabletop.core import (
    BoardError,
    IllegalActionError,
    IllegalEditError,
    Match,
    SaveError,
)

__version__ = "0.1.0"

__all__ = [
    "BoardError",
    "IllegalActionError",
    "IllegalEditError",
    "Match",
    "SaveError",
    "__version__",
]
