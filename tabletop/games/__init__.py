"""The games that ship with the tabletop. Each subpackage registers its Game with
``tabletop.core.registry`` when imported, and the ``tabletop.games`` entry points in
``pyproject.toml`` name them, so a save or a worker finds a game by its name."""
