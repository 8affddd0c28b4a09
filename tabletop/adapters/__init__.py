"""Our games for the game-AI ecosystem: OpenSpiel and PettingZoo.

- ``tabletop.adapters.openspiel`` (extra ``[openspiel]``): importing it registers
  ``tabletop_<name>`` with ``pyspiel`` for every registered game with an action
  space (its entry's ``space`` part);
- ``tabletop.adapters.pettingzoo`` (extra ``[rl]``): ``env(name, players=3)``,
  an AEC environment with action masks;
- ``tabletop.adapters.gym`` (extra ``[rl]``): ``SeatEnv(name, players, seat,
  opponents)``, one seat as a Gymnasium environment against our bots, with
  ``action_masks()``;
- ``tabletop.adapters.chance``, ``tabletop.adapters.worlds`` and
  ``tabletop.adapters.spaces`` need neither: a game as a tree with explicit chance
  nodes, worlds a seat cannot tell from the real one along its whole history, and
  each game's fixed action numbering and observation vector.

This package imports neither framework itself; each module imports its own when
it is imported, so the base install stays lean.
"""
