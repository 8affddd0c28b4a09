"""The games that ship with the tabletop, one package each.

Each package declares one ``GameEntry`` (``ENTRY`` in its ``__init__``), which the
``tabletop.games`` entry points in ``pyproject.toml`` name, so a save, a worker or a
link finds a game by its name (``tabletop.core.registry``). Nothing outside this
package imports a game or names one.
"""
