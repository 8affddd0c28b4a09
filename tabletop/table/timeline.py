"""The table's timeline: its lines, the step shown, and playing on from there.

A table keeps several lines (``TableLogic.lines``): the game as played, each
future kept when play went on from an earlier step, earlier deals.
``Timeline``, a part of the table's logic, walks them (``goto``, ``use_line``,
``fork``, ``new_game``) and plays on the shown line: a person's move
(``play``), then the bots' (``play_bots``), each through ``play_on_line``,
which starts a new line when it is played from an earlier step.

Between two or more human seats, no new line may start before a step that showed
a chance outcome (``Seating.refusal_to_branch``). Where the match itself forbids
a new line (online), it says why when played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core import IllegalActionError, Match, MatchLike
from tabletop.core.game import Event
from tabletop.core.rng import fresh_seed
from tabletop.table import words
from tabletop.table.changes import Changes
from tabletop.table.news import News
from tabletop.table.opaque import Action
from tabletop.table.seats import MAX_AUTO_MOVES, Seating, ensure_match_may

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.table.logic import TableLogic


class Timeline:
    """Lines, goto, fork, and the moves played on the shown line.

    Args:
        table: the table whose ``match`` and ``lines`` this part writes.
        changes: its batches of changes (one notice per gesture).
        seating: who sits (the bots that play, who may start a new line).
        news: told of every step played (the recap and the letters).
    """

    def __init__(
        self, table: TableLogic, changes: Changes, seating: Seating, news: News
    ) -> None:
        self.table = table
        self.changes = changes
        self.seating = seating
        self.news = news

    @property
    def branches(self) -> list[MatchLike]:
        """The other lines of the timeline (kept futures, earlier games)."""
        return [m for m in self.table.lines if m is not self.table.match]

    # -- playing ------------------------------------------------------------------
    def play(self, action: Action) -> tuple[Event, ...]:
        """A person's move (who may act was asked already): ``action`` played on
        the shown line (``play_on_line``), then the bots' (with ``auto``), and
        the table shows the result."""
        table = self.table
        events = self.play_on_line(action)
        with self.changes.batch():
            table.selection = None
            table.message = ""
            if table.auto:
                self.play_bots(MAX_AUTO_MOVES)
            table.sync()
        return events

    def play_on_line(self, action: Action) -> tuple[Event, ...]:
        """Play on the match; from an earlier step, on a new line, unless it is the
        very step that comes next on this line (the same action from the same
        state has the same outcome): then the table moves along the line.
        ``Match.play`` checks legality, once: an illegal action raises there, and
        the new line it was played on is dropped."""
        table = self.table
        m = table.match
        # Where no new line may start (online), the match itself says why not.
        if m.cursor < len(m) and m.refusal("branch") is None:
            ahead = m.steps[m.cursor]
            if ahead.action is not None and str(action).strip() == str(ahead.action):
                m.goto(m.cursor + 1)
                self.news.note_played(ahead)
                return ahead.events
            refusal = self.seating.refusal_to_branch()
            if refusal is not None:
                raise refusal.error()
            line: MatchLike = m.fork()
            events = line.play(action)
            table.match = line
            table.lines = [*table.lines, line]
        else:
            events = m.play(action)
        steps = table.match.steps
        if steps:  # a match that keeps its steps here (online, the server does)
            self.news.note_played(steps[table.match.cursor - 1])
        return events

    def play_bots(self, max_moves: int) -> int:
        """The bots of the seats to move play, at most ``max_moves`` moves."""
        table, bots = self.table, self.seating.bots
        played = 0
        while played < max_moves and table.resume_from is None:
            if self.seating.refusal_to_branch() is not None:
                break  # an earlier step, where no new line may start: bots wait
            state = table.match.state
            seat = table.game.to_move(state)
            if seat is None or seat not in bots:
                break
            self.play_on_line(bots[seat].choose(table.game.view(state, seat)))
            played += 1
        return played

    def auto_play(self, max_moves: int = MAX_AUTO_MOVES) -> int:
        """Let bot seats move until a human seat is to move or the game ends.

        Raises:
            IllegalActionError: TT-PHASE while a saved game is offered (no bot
                plays on the table under the offer).
        """
        table = self.table
        ensure_match_may(table.match, "bots")
        offered = table.refusal_while_offered()
        if offered is not None:
            raise offered.error()
        with self.changes.batch():
            played = self.play_bots(max_moves)
            table.selection = None
            table.sync()
        return played

    def bots_catch_up(self) -> None:
        """With bots moving by themselves, a bot to move at the line's end moves
        now (bots just turned on, or the timeline walked to a line's end where a
        bot is to move: nothing else would wake them)."""
        table = self.table
        if not table.auto or table.state is None or table.resume_from is not None:
            return
        if table.match.cursor != len(table.match):
            return
        if table.to_move not in self.seating.bots:
            return
        with self.changes.batch():
            self.play_bots(MAX_AUTO_MOVES)
            table.sync()

    def bots_may_move(self) -> bool:
        """Whether a bot is to move here and will not by itself (auto play is off,
        or the table shows an earlier step)."""
        table = self.table
        seat = table.to_move
        return (
            seat is not None
            and seat in self.seating.bots
            and not (table.auto and table.step == table.length)
            and self.seating.refusal_to_branch() is None
        )

    # -- walking the lines --------------------------------------------------------
    def step_back(self) -> int:
        return self.goto(max(0, self.table.step - 1))

    def step_forward(self) -> int:
        return self.goto(min(self.table.length, self.table.step + 1))

    def goto(self, step: int) -> int:
        """Show any step of the timeline (playing from there starts a new line)."""
        table = self.table
        table.match.goto(step)
        with self.changes.batch():
            table.selection = None
            table.recent = ()
            table.sync()
            self.bots_catch_up()
        return step

    def fork(self) -> MatchLike:
        """Play on from here in a new line; the old line stays listed (between
        human seats, not from before a shown chance outcome:
        ``Seating.refusal_to_branch``)."""
        table = self.table
        ensure_match_may(table.match, "fork")
        refusal = self.seating.refusal_to_branch()
        if refusal is not None:
            raise refusal.error()
        table.match = table.match.fork()
        table.lines = [*table.lines, table.match]
        with self.changes.batch():
            table.sync()
            self.bots_catch_up()
        return table.match

    def use_line(self, index: int) -> MatchLike:
        """Take up another line of the timeline (where it was left)."""
        table = self.table
        ensure_match_may(table.match, "branch")
        if not 0 <= index < len(table.lines):
            raise IllegalActionError("TT-PHASE", words.no_line(index))
        table.match = table.lines[index]
        with self.changes.batch():
            table.selection = None
            table.recent = ()
            table.sync()
            self.bots_catch_up()
        return table.match

    def new_game(self, seed: int | None = None) -> Match:
        """A new deal for the same seats (``seed``: a fresh one if omitted, drawn
        from the operating system's randomness; ``play_again_same_deal`` replays
        this one); every bot is made anew for it."""
        table = self.table
        ensure_match_may(table.match, "new_game")
        seed = fresh_seed(pinned=False) if seed is None else seed
        match = Match(table.game, seed=seed)
        self._take_up(match, then=self._bots_anew)
        return match

    def _bots_anew(self) -> None:
        """Every bot made anew for a new deal; with ``auto``, the bots move."""
        table = self.table
        for seat in list(self.seating.bots):
            self.seating.seat(seat, table.seats[seat])
        if table.auto:
            self.play_bots(MAX_AUTO_MOVES)

    def play_again_same_deal(self) -> int:
        """Back to the start of this deal; the first move starts a new line.

        Between human seats, refused once a step showed a chance outcome: the same
        deal would bring the same rolls and cards (``refusal_to_branch``)."""
        ensure_match_may(self.table.match, "replay_deal")
        if self.seating.several_humans():
            chance = self.table.match.last_chance_step()
            if chance > 0:
                raise IllegalActionError("TT-UNDO", words.same_deal_shown(chance))
        return self.goto(0)

    def load_match(self, match: Match) -> Match:
        """Play on with a loaded match (same game and players as this table)."""
        table = self.table
        ensure_match_may(table.match, "load")
        game = table.game
        if match.game.name != game.name or match.game.players != game.players:
            raise IllegalActionError("TT-PHASE", words.other_game(match.game))
        if _house(match.game) != _house(game):
            raise IllegalActionError("TT-PHASE", words.other_house_rules(match.game))
        self._take_up(match)
        return match

    def _take_up(self, match: Match, then: Callable[[], None] | None = None) -> None:
        """Put ``match`` on the table as its only line, with nothing selected,
        recapped or covered from the last one, in one change (``then`` too), and
        bring what is shown in line with it."""
        table = self.table
        table.match = match
        table.lines = [match]
        with self.changes.batch():
            table.curtain = None
            table.selection = None
            table.recent = ()
            if then is not None:
                then()
            table.sync()


def _house(game: Game) -> dict[str, Any]:
    """A game's rule options set otherwise than the rulings (none: ``{}``)."""
    return dict(getattr(game, "options", None) or {})
