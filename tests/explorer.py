"""The table explored by machine: random gestures, invariants after each.

``Exploration`` holds one table (the plain ``TableLogic`` or the notebook
``Table``) of an installed game, 2-6 seats mixing humans and Easy or random
bots, the hand-over on or off, autosave on in a scratch folder. Its gestures are
what people press (``GESTURES``): choose, a button, a tap on a space, a card
(picking and putting back), typed words and commands, the timeline (back,
forward, goto, fork, another line), a new game, the same deal again, the cell
run again on the same autosave (then Resume or Start fresh), reveal, view as,
the referee view, a seat changed, bots on and off. After every gesture
``check`` holds the table to its invariants:

- nothing is raised but the table's refusals (``IllegalActionError``), and a
  refused gesture changes nothing (state, step, lines, seats, eyes);
- never idle: at a line's end, with bots moving by themselves and no offer
  pending, no bot stays to move;
- no hand shown unasked: while a human is seated and the game is not over, the
  eyes are a human seat's or nobody's, unless the referee view is on or a lone
  human asked for everything; no hand in the frame, no word of the log and no
  announcement through those eyes shows a card or a secret they may not see,
  and (every few gestures) the eyes' view of the state is the same in re-dealt
  worlds (``tests.leaks.check_view``);
- every frame is JSON, and no menu lists more than ``LIST_MAX`` choices;
- each step is announced once per eyes, unless the timeline went back before it;
- the same gestures from the same seed give the same frames (``replay``).

``tests/test_table_explorer.py`` runs it under hypothesis (a
``RuleBasedStateMachine``) and as seeded random walks, bounded; the benchmark
``benchmarks/explore.py`` runs it long.
"""

from __future__ import annotations

import hashlib
import json
import random
import tempfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from tabletop.core import IllegalActionError, Match, make_game
from tabletop.core.registry import ENTRY_POINT_GROUP, lookup
from tabletop.core.viewers import PUBLIC
from tabletop.draw.look import look_for
from tabletop.table.choices import LIST_MAX
from tabletop.table.logic import MAX_AUTO_MOVES, TableLogic
from tests.leaks import check_view

SEAT_KINDS = ("human", "human", "heuristic", "random")
COMMANDS = ("hand", "where", "here", "last", "choices", "who", "help", "nonsense")
SCREENS = ("logic", "notebook")


class Finding(AssertionError):
    """An invariant the table broke, with the gestures that led there."""


def installed_games() -> list[str]:
    """Every game installed as a package (the entry points), by name."""
    points = metadata.entry_points(group=ENTRY_POINT_GROUP)
    return sorted({point.name for point in points})


@dataclass
class Setup:
    """One table to explore: the game, its seats, the hand-over, the screen."""

    game: str
    seats: tuple[str, ...]
    handover: bool
    screen: str
    seed: int

    @classmethod
    def drawn(cls, r: random.Random, game: str, screen: str) -> Setup:
        low, high = lookup(game).players
        players = r.randint(max(2, low), min(6, high))
        seats = [r.choice(SEAT_KINDS) for _ in range(players)]
        if "human" not in seats:
            seats[r.randrange(players)] = "human"
        return cls(game, tuple(seats), r.random() < 0.7, screen, r.randrange(10**6))


@dataclass
class Exploration:
    """A table under random gestures, checked after each (see the module)."""

    setup: Setup
    folder: Path
    gestures: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    seeds: int = 0  # fresh seeds drawn so far (pinned: a counter)

    def __post_init__(self) -> None:
        self.game = make_game(self.setup.game, players=len(self.setup.seats))
        self.look = look_for(self.game)
        self.autosave = self.folder / f"{self.setup.game}.json"
        self.screen: Any = None
        self.model: Any = None
        self.told: dict[tuple[int, Any], set[int]] = {}
        self.lines_seen: dict[int, Any] = {}  # every line told, kept alive
        self.asked_everything = False
        self._make(self.setup.seed)

    # -- making the table (as the cell does) ---------------------------------------
    def _make(self, seed: int) -> None:
        match = Match(self.game, seed=seed)
        seats = list(self.setup.seats)
        if self.setup.screen == "notebook":
            from tabletop.ui import Table

            if self.screen is not None:
                self.screen.close()
            self.screen = Table(
                match,
                look=self.look,
                seats=seats,
                autosave=self.autosave,
                handover=self.setup.handover,
                evaluation=False,
            )
            self.model = self.screen.model
        else:
            model = TableLogic(match, self.look, self.autosave, self.setup.handover)
            with model.batch():
                model.seat_all(seats)
                model.play_bots(MAX_AUTO_MOVES)
                model.sync()
            self.model = model
        self.asked_everything = False
        from tabletop.table.announce import Announcer

        self.announcer = Announcer()

    def fresh_seed(self) -> int:
        """A fresh deal's seed, pinned: the same walk deals the same games."""
        self.seeds += 1
        return self.setup.seed * 1000 + self.seeds

    # -- one gesture -----------------------------------------------------------------
    def do(self, name: str, r: random.Random) -> None:
        """Make the gesture ``name`` with the random source ``r``, then check."""
        self.gestures.append(name)
        before = self.snapshot()
        try:
            GESTURES[name](self, r)
        except IllegalActionError as refused:
            after = self.snapshot()
            if after != before:
                self.fail(
                    f"refused ({refused.clause}) yet changed {diff(before, after)}"
                )
        except Finding:
            raise
        except Exception as exc:  # anything but a refusal is a finding
            self.fail(f"raised {type(exc).__name__}: {exc}")
        self.check()

    def snapshot(self) -> tuple:
        m = self.model
        return (
            m.state,
            m.step,
            m.length,
            tuple(id(line) for line in m.lines),
            m.seats,
            m.eyes,
            m.auto,
        )

    def fail(self, what: str) -> None:
        s = self.setup
        raise Finding(
            f"{what}\n  table: {s.game}, seats {s.seats}, hand-over {s.handover}, "
            f"{s.screen}, seed {s.seed}\n  gestures: {self.gestures}"
        )

    # -- the invariants ----------------------------------------------------------------
    def check(self) -> None:
        m = self.model
        if self.setup.screen == "notebook" and m.error:
            self.fail(f"the table shows an error: {m.error}")
        self.check_not_idle()
        self.check_eyes()
        frame = self.check_frame()
        self.frames.append(frame)
        self.check_said_once()
        if len(self.gestures) % 7 == 0 and m.eyes is not None:
            eyes = m.eyes
            try:
                check_view(self.game, m.state, eyes, samples=1)
            except AssertionError as exc:
                self.fail(f"the view through {eyes} leaks: {exc}")

    def check_not_idle(self) -> None:
        m = self.model
        if m.resume_from is not None or not m.auto or m.step != m.length:
            return
        if not m.human_seats():
            return  # bots watched: each gesture plays at most MAX_AUTO_MOVES
        if m.to_move is not None and m.to_move in m.bot_seats:
            self.fail(f"idle: bot seat {m.to_move} is to move and nothing moves it")

    def check_eyes(self) -> None:
        m = self.model
        humans = m.human_seats()
        if not humans or m.to_move is None or m.referee_view:
            return
        eyes = m.eyes
        if eyes is PUBLIC or eyes in humans:
            return
        if eyes is None and self.asked_everything:
            return  # asked for, where the table allowed it (``peeking_guarded``)
        if isinstance(eyes, int) and eyes == m.viewer and self.asked_seat == eyes:
            return  # a seat asked for by name (view as), still shown as asked
        self.fail(f"a hand shown unasked: eyes {eyes}, humans {humans}")

    asked_seat: Any = None

    def check_frame(self) -> str:
        m = self.model
        frame = m.frame()
        try:
            text = json.dumps(frame, sort_keys=True)
        except (TypeError, ValueError) as exc:
            self.fail(f"the frame is not JSON: {exc}")
        digest = hashlib.sha1(text.encode()).hexdigest()
        _heading, items = m.menu()
        if len(items) > LIST_MAX + 2:  # the next part and a way back besides
            self.fail(f"a menu of {len(items)} choices")
        shown = [b for b in items if not _is_way(b)]
        if len(shown) > LIST_MAX:
            self.fail(f"a menu of {len(shown)} choices besides the ways on and back")
        eyes = m.eyes
        for hand in frame["hands"]:
            sees = eyes is None or eyes == hand["seat"]
            if hand["cards"] and not sees and not m.referee_view:
                self.fail(f"the frame through {eyes} shows seat {hand['seat']}'s hand")
        return digest

    def check_said_once(self) -> None:
        """Each step told once per eyes on a line, unless the timeline went back."""
        m = self.model
        heard = self.announcer._heard
        words = self.announcer.next(m)
        if words is None or heard is None:
            return
        self.lines_seen.setdefault(id(m.match), m.match)  # ids stay this line's
        line, step, eyes = id(m.match), m.step, m.eyes
        for (kept, _eyes), told in self.told.items():
            if kept == line:  # the timeline went back: later steps may be told again
                told -= set(range(step, max(told, default=0) + 1))
        if heard[0] == line and heard[2] == eyes and heard[1] < step:
            told = self.told.setdefault((line, eyes), set())
            again = told & set(range(heard[1], step))
            if again:
                self.fail(f"steps {sorted(again)} announced again to {eyes}")
            told |= set(range(heard[1], step))
        secrets = hidden_texts(m.match, m.step, eyes)
        for secret in secrets:
            if secret in words:
                self.fail(f"the announcement to {eyes} says {secret!r}")


def _is_way(item: Any) -> bool:
    """A button that walks a long list (its next part, back), not a choice."""
    from tabletop.table.words.refusals import BACK_TO_AREAS, FIRST_CHOICES

    title = getattr(item, "title", "")
    return title in (BACK_TO_AREAS, FIRST_CHOICES) or title.startswith("More choices")


def hidden_texts(match: Any, step: int, eyes: Any) -> set[str]:
    """The texts of secret events up to ``step`` that ``eyes`` may not read."""
    if eyes is None:
        return set()
    texts = set()
    events = [*match.setup_events]
    for s in match.steps[:step]:
        events += s.events
    for e in events:
        if e.secret and e.text != e.public and not e.visible_to(_viewer(eyes)):
            texts.add(e.text)
    return texts


def _viewer(eyes: Any) -> Any:
    from tabletop.core import as_viewer

    return as_viewer(eyes)


def diff(before: tuple, after: tuple) -> str:
    names = ("state", "step", "length", "lines", "seats", "eyes", "auto")
    return ", ".join(n for n, a, b in zip(names, before, after, strict=True) if a != b)


# -- the gestures ---------------------------------------------------------------------


def choose(x: Exploration, r: random.Random) -> None:
    legal = x.model.legal
    if legal:
        x.model.choose(r.choice(legal).action)
    else:
        x.model.choose("roll")


def press(x: Exploration, r: random.Random) -> None:
    _heading, items = x.model.menu()
    if items:
        x.model.press(r.choice(items))
    elif x.setup.screen == "notebook":
        buttons = list(x.screen.widgets.actions.box.children)
        if buttons:
            r.choice(buttons).click()


def tap_space(x: Exploration, r: random.Random) -> None:
    targets = [s for e in x.model.shown_actions() for s in e.spaces]
    spaces = list(x.look.space_ids())
    if targets and r.random() < 0.7:
        x.model.click_space(r.choice(targets))
    elif spaces:
        x.model.click_space(r.choice(spaces))


def tap_card(x: Exploration, r: random.Random) -> None:
    """A card of the hand of the seat to move, by place (a picked one: put back)."""
    m = x.model
    seat = m.to_move
    if seat is None:
        m.play_card(0)
        return
    hand = x.look.hand(m.game.view(m.state, seat), seat)
    size = hand if isinstance(hand, int) else len(hand)
    m.play_card(r.randrange(size + 1) if size else 0)


def enter_words(x: Exploration, r: random.Random) -> None:
    m = x.model
    if m.legal and r.random() < 0.5:
        m.enter(str(r.choice(m.legal).action))
    else:
        names = list(x.look.space_ids())
        m.enter(r.choice(["roll", "nonsense", "", *names[:5]]))


def command(x: Exploration, r: random.Random) -> None:
    x.model.command(r.choice(COMMANDS))


def step_back(x: Exploration, r: random.Random) -> None:
    x.model.step_back()


def step_forward(x: Exploration, r: random.Random) -> None:
    x.model.step_forward()


def goto(x: Exploration, r: random.Random) -> None:
    x.model.goto(r.randint(0, x.model.length))


def fork(x: Exploration, r: random.Random) -> None:
    x.model.fork()


def use_line(x: Exploration, r: random.Random) -> None:
    x.model.use_line(r.randrange(len(x.model.lines) + 1))


def new_game(x: Exploration, r: random.Random) -> None:
    x.model.new_game(x.fresh_seed())


def play_again(x: Exploration, r: random.Random) -> None:
    x.model.play_again_same_deal()


def run_cell_again(x: Exploration, r: random.Random) -> None:
    """The table's cell run again: a new table on the same autosave, with a
    fresh seed of its own; then Resume or Start fresh (or neither yet)."""
    x._make(x.fresh_seed())
    choice = r.random()
    if choice < 0.4:
        resume(x, r)
    elif choice < 0.8:
        start_fresh(x, r)


def resume(x: Exploration, r: random.Random) -> None:
    if x.setup.screen == "notebook" and x.model.resume_from is not None:
        x.screen.widgets.resume.click()
    else:
        x.model.resume_saved()


def start_fresh(x: Exploration, r: random.Random) -> None:
    if x.setup.screen == "notebook" and x.model.resume_from is not None:
        x.screen.widgets.fresh.click()
    else:
        x.model.dismiss_resume()


def reveal(x: Exploration, r: random.Random) -> None:
    x.model.reveal()


def view_as(x: Exploration, r: random.Random) -> None:
    seat = r.choice([None, *range(x.game.players)])
    x.model.set_viewer(seat)
    x.asked_everything = seat is None
    x.asked_seat = seat


def referee(x: Exploration, r: random.Random) -> None:
    if x.model.referee_view:
        x.model.lock_referee_view()
    else:
        x.model.unlock_referee_view()


def change_seat(x: Exploration, r: random.Random) -> None:
    """A seat changed; the last human seat stays human (a table of bots alone
    plays up to ``MAX_AUTO_MOVES`` moves a gesture)."""
    seat, kind = r.randrange(x.game.players), r.choice(SEAT_KINDS)
    if x.model.human_seats() == (seat,):
        kind = "human"
    x.model.set_seat(seat, kind)


def bots_on_off(x: Exploration, r: random.Random) -> None:
    x.model.auto = not x.model.auto


def bots_play_now(x: Exploration, r: random.Random) -> None:
    x.model.auto_play()


def clear(x: Exploration, r: random.Random) -> None:
    x.model.clear_selection()


GESTURES = {
    f.__name__: f
    for f in (
        choose,
        press,
        tap_space,
        tap_card,
        enter_words,
        command,
        step_back,
        step_forward,
        goto,
        fork,
        use_line,
        new_game,
        play_again,
        run_cell_again,
        resume,
        start_fresh,
        reveal,
        view_as,
        referee,
        change_seat,
        bots_on_off,
        bots_play_now,
        clear,
    )
}
# Gestures people make most often come up more often in a walk.
WEIGHTS = {"choose": 6, "press": 6, "tap_space": 4, "tap_card": 4, "reveal": 3}


def walk(setup: Setup, gestures: int, seed: int, folder: Path | None = None) -> Any:
    """A seeded random walk of ``gestures`` gestures on ``setup``'s table; returns
    the exploration (its frames, one per gesture). Raises ``Finding``."""
    r = random.Random(seed)
    names = [n for n in GESTURES for _ in range(WEIGHTS.get(n, 1))]
    with tempfile.TemporaryDirectory() as scratch:
        x = Exploration(setup, Path(folder or scratch))
        x.check()
        for _ in range(gestures):
            x.do(r.choice(names), random.Random(r.random()))
        if x.screen is not None:
            x.screen.close()
        return x


def replay_matches(setup: Setup, gestures: int, seed: int) -> None:
    """The same gestures from the same seed give the same frames."""
    first = walk(setup, gestures, seed).frames
    second = walk(setup, gestures, seed).frames
    for number, (a, b) in enumerate(zip(first, second, strict=True)):
        if a != b:
            raise Finding(f"replayed, frame {number} differs ({setup})")
