"""The notebook's new-game controls for house rules: a game, its players and its
rule options picked from menus, the words every player will read, then a table
dealt with them, or a fairness report comparing them with the project's rulings.

``HouseRulesPicker`` reads the options a game declares (``tabletop.core.options``)
and names no game. Every gesture has a method (``pick_game``, ``pick_players``,
``choose``, ``deal``, ``compare``), so a test or a script drives it as a person
does.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from tabletop.core.options import RuleOptionError, options_of
from tabletop.core.registry import REGISTRY, lookup


class HouseRulesPicker(w.VBox):
    """Menus for a game's house rules, a table dealt with them, a comparison.

    Args:
        game: the game's registry name (default: the first known).
        players: the seats (default: the game's smallest count).
        games: the comparison's games per rule set.
        executor: where the comparison runs (``tabletop.sim.fairness``: None
            makes a dask LocalCluster, ``"local"`` plays in this process).

    Attributes:
        menus: one menu per rule option, the project's ruling first.
        said: the words every player will read ("House rules: ...").
        table: the last table dealt; report: the last comparison.
    """

    def __init__(
        self,
        game: str | None = None,
        players: int | None = None,
        *,
        games: int = 200,
        executor: Any = None,
    ) -> None:
        entries = REGISTRY.entries()
        name = game or entries[0].name
        self.executor = executor
        self.game_menu = w.Dropdown(
            options=[(e.title or e.name, e.name) for e in entries],
            value=lookup(name).name,
            description="Game",
        )
        self.players_menu = w.Dropdown(description="Players")
        self.rules_box = w.VBox()
        self.said = w.HTML()
        self.said.add_class("tabletop-house-rules")
        self.games_box = w.BoundedIntText(
            value=games, min=2, max=10_000_000, description="Games"
        )
        self.deal_button = w.Button(description="Deal a table", button_style="success")
        self.compare_button = w.Button(
            description="Compare with the rulings",
            tooltip="seeded bot games under the project's rulings and under these "
            "house rules, each figure with its 95% interval",
        )
        self.out = w.Output()
        self.menus: list[w.Dropdown] = []
        self.table: Any = None
        self.report: Any = None
        self.game_menu.observe(lambda change: self._show(change["new"]), "value")
        self.deal_button.on_click(lambda _: self._shown(self.deal))
        self.compare_button.on_click(lambda _: self._shown(self.compare))
        super().__init__(
            [
                w.HBox([self.game_menu, self.players_menu]),
                self.rules_box,
                self.said,
                w.HBox([self.deal_button, self.games_box, self.compare_button]),
                self.out,
            ]
        )
        self.pick_game(name, players)

    # -- gestures and their methods -----------------------------------------------
    def pick_game(self, name: str, players: int | None = None) -> None:
        """Show ``name``'s player counts and rule options (each at its ruling)."""
        entry = lookup(name)
        if self.game_menu.value != entry.name:
            self.game_menu.value = entry.name  # observed: shows the game
        else:
            self._show(entry.name)
        if players is not None:
            self.pick_players(players)

    def _show(self, name: str) -> None:
        entry = lookup(name)
        low, high = entry.players
        self.players_menu.options = list(range(low, high + 1))
        self.players_menu.value = low
        self.menus = [_menu(option) for option in options_of(entry)]
        for menu in self.menus:
            menu.observe(lambda _: self._say(), "value")
        self.rules_box.children = tuple(self.menus)
        self._say()

    def pick_players(self, players: int) -> None:
        """Set the seats; refused in words outside the game's counts."""
        if players not in self.players_menu.options:
            low, high = lookup(self.game_menu.value).players
            raise ValueError(f"{self.game_menu.label} takes {low} to {high} players")
        self.players_menu.value = players
        self._say()

    def names(self) -> list[str]:
        """The rule options' keywords, in the order of the menus."""
        return [o.name for o in options_of(lookup(self.game_menu.value))]

    def choose(self, name: str, value: Any) -> None:
        """Set the option ``name`` to ``value``; refused in words (naming what it
        takes) when the game has no such option or it takes no such value."""
        declared = {o.name: o for o in options_of(lookup(self.game_menu.value))}
        if name not in declared:
            raise RuleOptionError(
                f"{self.game_menu.label} has no rule option {name!r} "
                f"(its options: {', '.join(declared) or 'none'})"
            )
        value = declared[name].choice(value).value
        self.menus[list(declared).index(name)].value = value

    def chosen(self) -> dict[str, Any]:
        """The options set otherwise than their ruling (the house rules)."""
        declared = options_of(lookup(self.game_menu.value))
        return {
            o.name: menu.value
            for o, menu in zip(declared, self.menus, strict=True)
            if menu.value != o.default
        }

    def game(self) -> Any:
        """The game the menus describe."""
        entry = lookup(self.game_menu.value)
        return entry.make(players=self.players_menu.value, **self.chosen())

    def deal(self, **table_options: Any) -> Any:
        """A table of these house rules: seat 0 human, Easy bots elsewhere
        (``table_options``: as for ``tabletop.ui.new_table``)."""
        from tabletop.ui.start import new_table

        players = self.players_menu.value
        table_options.setdefault("bots", players - 1)
        table_options.setdefault("bot", "heuristic")
        self.table = new_table(
            self.game_menu.value, players=players, **table_options, **self.chosen()
        )
        return self.table

    def compare(self, **fairness_options: Any) -> Any:
        """The fairness report of the rulings against these house rules (Easy
        bots; ``fairness_options``: as for ``tabletop.sim.fairness``)."""
        from tabletop.sim import fairness

        fairness_options.setdefault("games", self.games_box.value)
        fairness_options.setdefault("bots", "Easy")
        fairness_options.setdefault("skill", None)
        fairness_options.setdefault("executor", self.executor)
        self.report = fairness(
            self.game_menu.value,
            self.players_menu.value,
            against=self.chosen(),
            **fairness_options,
        )
        return self.report

    # -- drawing ----------------------------------------------------------------------
    def _say(self) -> None:
        from tabletop.core.options import house_rules_words

        line = house_rules_words(self.game()) or "The project's rulings."
        self.said.value = html.escape(line)

    def _shown(self, make: Any) -> None:
        """Run a gesture, its result (or its refusal in words) in the output."""
        self.out.clear_output()
        with self.out:
            try:
                display(make())
            except ValueError as exc:
                print(exc)


def _menu(option: Any) -> w.Dropdown:
    labels = [
        (f"{c.label} (the ruling)" if i == 0 else c.label, c.value)
        for i, c in enumerate(option.choices)
    ]
    menu = w.Dropdown(
        options=labels,
        value=option.default,
        description=option.title,
        tooltip=f"{option.clause}: {option.why}",
        style={"description_width": "initial"},
        layout=w.Layout(width="max-content"),
    )
    return menu
