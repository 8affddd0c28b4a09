"""House rules: a game's named rule options for the points its rulebook leaves open.

Where a rulebook is silent or its figures are lost, the project decided (a clause
marked **ruling** in the game's catalogue). Families settle some of those points
their own way; a game lets them by declaring the ruling as a ``RuleOption``, once,
in its own package (``RULE_OPTIONS`` on its Game class): the option's keyword, the
clause it settles, a title, and its choices, each with the words players read. The
first choice is the project's ruling and the default, so a game built without the
option is today's game: the same state, the same saves, the same rules version.

A Game takes the options as keywords (``make_game(name, players=3, keyword=True)``)
and holds them as a ``RuleSet`` (``game.house``, read by its rules); ``game.options``
carries only the ones set otherwise than their default, so a save or a simulation
spec names exactly the house rules played. ``house_rules_words(game)`` is what every
player at the table is told: ``"House rules: ..."``.

This module knows no game: ``options_of`` finds a game's declaration on its class.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


class RuleOptionError(ValueError):
    """An unknown rule option, or a value it does not take, named in words."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One way to settle a ruling.

    Attributes:
        value: what the option's keyword takes (``True``, a word): a JSON
            scalar, so saves and simulation specs carry it.
        label: a few words for a menu.
        words: the rule as players read it, a sentence without a full stop.
    """

    value: bool | str
    label: str
    words: str


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A ruling a table may settle otherwise.

    Attributes:
        name: the keyword the Game takes (an identifier).
        clause: the catalogue clause ID of the ruling it settles.
        title: the point in question, for a heading.
        choices: the ways to settle it; the first is the project's ruling and
            the default.
        why: why a table might choose otherwise, in a sentence or two.
    """

    name: str
    clause: str
    title: str
    choices: tuple[Choice, ...]
    why: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"a rule option's name is an identifier: {self.name!r}")
        if len(self.choices) < 2:
            raise ValueError(f"rule option {self.name} needs at least two choices")
        values = [c.value for c in self.choices]
        if len(set(map(repr, values))) != len(values):
            raise ValueError(f"rule option {self.name} repeats a value")

    @property
    def default(self) -> bool | str:
        """The project's ruling: the first choice's value."""
        return self.choices[0].value

    @property
    def values(self) -> tuple[bool | str, ...]:
        return tuple(c.value for c in self.choices)

    def choice(self, value: Any) -> Choice:
        """The choice whose value is ``value``; refused in words otherwise."""
        for choice in self.choices:
            if type(choice.value) is type(value) and choice.value == value:
                return choice
        allowed = ", ".join(repr(v) for v in self.values)
        raise RuleOptionError(
            f"the rule option {self.name} ({self.clause}) takes {allowed}, "
            f"not {value!r}"
        )

    def parse(self, text: str) -> bool | str:
        """The value written as ``text`` (``"yes"``, ``"true"``, a value or a
        choice's label, any case); refused in words otherwise."""
        said = " ".join(str(text).split()).casefold()
        for choice in self.choices:
            value = choice.value
            if isinstance(value, bool):
                if said in (TRUE_WORDS if value else FALSE_WORDS):
                    return value
            elif said == value.casefold():
                return value
            if said == choice.label.casefold():
                return value
        allowed = ", ".join(_written(c.value) for c in self.choices)
        raise RuleOptionError(
            f"the rule option {self.name} ({self.clause}) takes {allowed}, not {text!r}"
        )


def _written(value: bool | str) -> str:
    return str(value).lower() if isinstance(value, bool) else value


class RuleSet:
    """The value of every option of a game, read as attributes
    (``game.house.<keyword>``). Frozen once made."""

    declared: tuple[RuleOption, ...]

    def __init__(self, declared: Sequence[RuleOption], values: Mapping[str, Any]):
        object.__setattr__(self, "declared", tuple(declared))
        for option in declared:
            object.__setattr__(self, option.name, values[option.name])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a rule set is frozen: build the game with other options")

    def values(self) -> dict[str, Any]:
        """Every option's value, by name, in declaration order."""
        return {o.name: getattr(self, o.name) for o in self.declared}

    def changed(self) -> dict[str, Any]:
        """The options set otherwise than their default (the house rules)."""
        return {
            o.name: getattr(self, o.name)
            for o in self.declared
            if getattr(self, o.name) != o.default
        }

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.changed().items())
        return f"RuleSet({shown or 'the rulings'})"


def settle(
    declared: Sequence[RuleOption], given: Mapping[str, Any], title: str
) -> RuleSet:
    """The rule set of a game built with ``given`` keywords: each declared option
    its given value or its default. An unknown keyword or a value an option does
    not take is refused, naming it and what is allowed.

    Args:
        declared: the game's ``RULE_OPTIONS``.
        given: the keywords the game was built with (the rule options only).
        title: the game's name for the refusal.
    """
    known = {o.name: o for o in declared}
    unknown = [name for name in given if name not in known]
    if unknown:
        listed = ", ".join(known) or "none"
        raise RuleOptionError(
            f"{title} has no rule option {', '.join(map(repr, unknown))} "
            f"(its options: {listed}; python -m tabletop options lists them)"
        )
    values = {}
    for option in declared:
        value = given.get(option.name, option.default)
        values[option.name] = option.choice(value).value
    return RuleSet(declared, values)


def options_of(game: Any) -> tuple[RuleOption, ...]:
    """The rule options a game declares (a Game, its class, or a registry
    entry); empty when it declares none."""
    factory = getattr(game, "factory", None)  # a GameEntry
    target = factory if factory is not None else game
    return tuple(getattr(target, "RULE_OPTIONS", ()))


def house_rules(game: Any) -> list[tuple[RuleOption, Choice]]:
    """The options a Game object was built with otherwise than their default,
    with the choice made, in declaration order."""
    options = dict(getattr(game, "options", {}) or {})
    return [
        (option, option.choice(options[option.name]))
        for option in options_of(game)
        if option.name in options and options[option.name] != option.default
    ]


def house_rules_words(game: Any) -> str:
    """What every player at the table is told of the house rules played:
    ``"House rules: <the choice's words> (<its clause>)."``, or ``""`` when
    the game plays the project's rulings."""
    chosen = house_rules(game)
    if not chosen:
        return ""
    parts = "; ".join(f"{c.words} ({o.clause})" for o, c in chosen)
    return f"House rules: {parts}."


def describe(options: Iterable[RuleOption]) -> list[str]:
    """Each option in lines of text (``python -m tabletop options GAME``): its
    keyword, clause and title, then each choice with its value, the default
    marked, then why a table might choose otherwise."""
    lines: list[str] = []
    for option in options:
        lines.append(f"{option.name} ({option.clause}): {option.title}")
        for choice in option.choices:
            mark = (
                " (default: the project's ruling)"
                if choice.value == (option.default)
                else ""
            )
            lines.append(f"    {_written(choice.value)}: {choice.words}{mark}")
        if option.why:
            lines.append(f"    why: {option.why}")
    return lines


def parse_assignments(
    declared: Sequence[RuleOption], texts: Iterable[str], title: str
) -> dict[str, Any]:
    """Options written ``name=value`` (a command line's), as keywords; an
    unknown name, a missing ``=`` or a value an option does not take is refused
    in words."""
    known = {o.name: o for o in declared}
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, value = str(text).partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise RuleOptionError(
                f"write a rule option as name=value, not {text!r} "
                f"({title}'s options: {', '.join(known) or 'none'})"
            )
        if name not in known:
            raise RuleOptionError(
                f"{title} has no rule option {name!r} "
                f"(its options: {', '.join(known) or 'none'})"
            )
        out[name] = known[name].parse(value)
    return out
