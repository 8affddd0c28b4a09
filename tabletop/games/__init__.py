"""The games. Each subpackage defines ``GAME_CLASS``, found by name when a save is
loaded: ``tabletop.games.pitfall.Pitfall`` and ``tabletop.games.raiders.Raiders``."""

GAMES = ("pitfall", "raiders")
