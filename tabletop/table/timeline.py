"""The table's timeline: its lines, the step shown, and playing on from there.

A table keeps several lines (``lines``): the game as played, each future kept
when play went on from an earlier step, earlier deals. ``TimelineMixin`` walks
them (``goto``, ``use_line``, ``fork``, ``new_game``) and plays an action on the
shown line (``_play``), starting a new line when it is played from an earlier step.

Between two or more human seats, no new line may start before a step that showed
a chance outcome (a die rolled, a card drawn): stepping back to look stays
allowed, playing on from there does not, so nobody replays a roll they have seen
(``refusal_to_branch``). A table of one human and bots stays a free laboratory,
as does a table with the hand-over off (a lesson: one learner plays every seat).
Where the match itself forbids a new line (online), it says why when played.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import IllegalActionError, Match, Refusal
from tabletop.core.rng import fresh_seed
from tabletop.table import words
from tabletop.table.seats import MAX_AUTO_MOVES


class TimelineMixin:
    """Lines, goto, fork and playing on a line (``TableLogic``)."""

    @property
    def branches(self) -> list[Any]:
        """The other lines of the timeline (kept futures, earlier games)."""
        return [m for m in self.lines if m is not self.match]

    def refusal_to_branch(self) -> Refusal | None:
        """Why play may not go on from the step shown (a new line), or None.

        Between two or more human seats a new line may not start before a step
        that showed a chance outcome (``Match.last_chance_step``): the roll or the
        card would be known before choosing again.
        """
        match = self.match
        if match.cursor >= len(match) or not self._several_humans():
            return None
        chance = match.last_chance_step()
        if chance <= match.cursor:
            return None
        return Refusal("TT-UNDO", words.chance_shown(chance))

    def _several_humans(self) -> bool:
        """Whether several people share this local table: two or more human seats
        with the hand-over on (a table that may start new lines)."""
        return (
            self.handover_on
            and len(self.human_seats()) > 1
            and self.match.refusal("branch") is None
        )

    def _refuse_unless(self, what: str) -> None:
        refusal = self.match.refusal(what)
        if refusal is not None:
            raise refusal.error()

    def _choose(self, action: Any) -> tuple:
        """Play ``action`` on the shown line (who may act was asked already),
        then the bots, and show the result."""
        events = self._play(action)
        with self.batch():
            self.selection = None
            self.message = ""
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()
        return events

    def _play(self, action: Any) -> tuple:
        """Play on the match; from an earlier step, on a new line, unless it is the
        very step that comes next on this line (the same action from the same
        state has the same outcome): then the table moves along the line. The
        match checks legality (once)."""
        m = self.match
        # Where no new line may start (online), the match itself says why not.
        if m.cursor < len(m) and m.refusal("branch") is None:
            ahead = m.steps[m.cursor]
            if ahead.action is not None and str(action).strip() == str(ahead.action):
                m.goto(m.cursor + 1)
                self._played.append(ahead)
                return ahead.events
            refusal = self.refusal_to_branch() or m.check(action)
            if refusal is not None:
                raise refusal.error()
            self.match = m.fork()
            self.lines = [*self.lines, self.match]
        events = self.match.play(action)
        steps = self.match.steps
        if steps:  # a match that keeps its steps here (online, the server does)
            self._played.append(steps[self.match.cursor - 1])
        return events

    def step_back(self) -> int:
        return self.goto(max(0, self.step - 1))

    def step_forward(self) -> int:
        return self.goto(min(self.length, self.step + 1))

    def goto(self, step: int) -> int:
        """Show any step of the timeline (playing from there starts a new line)."""
        self.match.goto(step)
        with self.batch():
            self.selection = None
            self.recent = ()
            self.sync()
            self._bots_catch_up()
        return step

    def fork(self) -> Any:
        """Play on from here in a new line; the old line stays listed (between
        human seats, not from before a shown chance outcome: ``refusal_to_branch``)."""
        self._refuse_unless("fork")
        refusal = self.refusal_to_branch()
        if refusal is not None:
            raise refusal.error()
        self.match = self.match.fork()
        self.lines = [*self.lines, self.match]
        with self.batch():
            self.sync()
            self._bots_catch_up()
        self._save_if_asked()
        return self.match

    def use_line(self, index: int) -> Any:
        """Take up another line of the timeline (where it was left)."""
        self._refuse_unless("branch")
        if not 0 <= index < len(self.lines):
            raise IllegalActionError("TT-PHASE", words.no_line(index))
        self.match = self.lines[index]
        with self.batch():
            self.selection = None
            self.recent = ()
            self.sync()
            self._bots_catch_up()
        self._save_if_asked()
        return self.match

    def new_game(self, seed: int | None = None) -> Match:
        """A new deal for the same seats (``seed``: a fresh one if omitted, drawn
        from the operating system's randomness; ``play_again_same_deal`` replays
        this one)."""
        self._refuse_unless("new_game")
        seed = fresh_seed(pinned=False) if seed is None else seed
        self.match = Match(self.game, seed=seed)
        self.lines = [self.match]
        with self.batch():
            self.curtain = None
            self.selection = None
            self.recent = ()
            for seat in list(self._bots):
                self._seat(seat, self.seats[seat])
            if self.auto:
                self.play_bots(MAX_AUTO_MOVES)
            self.sync()
        return self.match

    def play_again_same_deal(self) -> int:
        """Back to the start of this deal; the first move starts a new line.

        Between human seats, refused once a step showed a chance outcome: the same
        deal would bring the same rolls and cards (``refusal_to_branch``)."""
        self._refuse_unless("replay_deal")
        if self._several_humans():
            chance = self.match.last_chance_step()
            if chance > 0:
                raise IllegalActionError("TT-UNDO", words.same_deal_shown(chance))
        return self.goto(0)

    def load_match(self, match: Match) -> Match:
        """Play on with a loaded match (same game and players as this table)."""
        self._refuse_unless("load")
        if match.game.name != self.game.name or match.game.players != (
            self.game.players
        ):
            raise IllegalActionError("TT-PHASE", words.other_game(match.game))
        if _house(match.game) != _house(self.game):
            raise IllegalActionError("TT-PHASE", words.other_house_rules(match.game))
        self.match = match
        self.lines = [match]
        with self.batch():
            self.curtain = None
            self.selection = None
            self.recent = ()
            self.sync()
        return match


def _house(game: Any) -> dict[str, Any]:
    """A game's rule options set otherwise than the rulings (none: ``{}``)."""
    return dict(getattr(game, "options", None) or {})
