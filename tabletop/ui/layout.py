"""The Table's widgets: made and wired once, for the view (``controller.Table``).

``build`` returns them in a ``TableWidgets`` (the Table keeps it as ``widgets``).
Every callback goes through the table's ``_guard`` so a refusal or an error shows
in the table rather than in a log; game moves from the page also go through its
``_gesture`` (dropped when made on a render the page had not yet shown).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as w

from tabletop.core.options import house_rules_words
from tabletop.table.seats import (
    HUMAN,
    bot_levels,
    bot_levels_tooltip,
    seat_kind_label,
    seat_kind_of,
)
from tabletop.table.words.panels import outcome_hint
from tabletop.ui.board import BoardView
from tabletop.ui.evaluation import BAR_CSS, EvaluationBar
from tabletop.ui.hands import CardSprites, HandView
from tabletop.ui.model import WHO_ACTS
from tabletop.ui.panel_parts import PanelParts
from tabletop.ui.panels import ActionsPanel, HandOver, SeatControls, Timeline
from tabletop.ui.review_tab import REVIEW_CSS, ReviewPanel
from tabletop.ui.saving import SaveLoad
from tabletop.ui.style import page_script
from tabletop.ui.texts import action_words, words
from tabletop.ui.view_bar import ViewBar

if TYPE_CHECKING:
    from tabletop.ui.controller import Table

# The evaluation bar: playouts and CPU seconds per position (it shares the CPU
# with the kernel), and the pause after a step before it starts.
EVALUATION_BUDGET, EVALUATION_CPU_SECONDS, EVALUATION_DELAY = 200, 1.0, 0.25


@dataclass(eq=False)
class PageLink:
    """The table's style, and the page's echo of the last render (the beacon
    carries the render's number, the page copies it into the echo once shown)."""

    style: w.HTML
    beacon: w.IntText
    echo: w.IntText
    echo_link: w.Link


@dataclass(eq=False)
class TableWidgets:
    """Every widget of a Table, by what it shows (``table.widgets.board``...)."""

    style: w.HTML
    beacon: w.IntText
    echo: w.IntText
    echo_link: w.Link
    board: BoardView
    hover: w.HTML  # the line under the board: the space under the pointer
    view_bar: ViewBar  # the buttons that move the board's view
    sprites: CardSprites
    hands: list[HandView]
    status: w.HTML
    notice: w.HTML  # the last refusal
    error_area: w.HTML
    banner: w.HTML  # the game's end, or the offer to resume a saved game
    fresh_deal: w.Button
    again: w.Button
    resume: w.Button
    fresh: w.Button
    end_box: w.VBox
    handover: HandOver
    recap: w.HTML
    actions: ActionsPanel
    timeline: Timeline
    seat_controls: SeatControls
    details_box: w.Checkbox
    files: SaveLoad
    log_view: w.HTML
    inspector: w.HTML
    evaluation: EvaluationBar
    review: ReviewPanel
    tabs: w.Tab
    grid: w.Box  # the hands' row
    side: w.VBox  # beside the board: hand-over, who is ahead, choices, recap
    board_box: w.VBox


def build(t: Table, css: str) -> TableWidgets:
    """Create the table's board, hands, panels and tabs, and lay them out."""
    page = page_link(css)
    board, hover, sprites, hands = board_and_hands(t)
    end = notices_and_end(t)
    choices = choices_and_timeline(t, end["notice"])
    tabs = seats_files_and_tabs(t, page.echo)
    widgets = TableWidgets(
        **vars(page), board=board, hover=hover, sprites=sprites, hands=hands,
        **end, **choices, **tabs, **arrange(t, board, hover, hands, choices, tabs),
    )  # fmt: skip
    # Board and side panel side by side; stacked on a narrow page (style.py).
    main = w.HBox([widgets.board_box, widgets.side], layout=w.Layout(width="100%"))
    main.add_class("tabletop-main")
    t.children = [
        page.style,
        end["status"],
        *house_rules(t),
        t.reader.said,  # the live region: each new moment said once
        end["notice"],
        end["error_area"],
        end["end_box"],
        main,
        widgets.grid,
        widgets.timeline.widget,
        widgets.tabs,
        page.beacon,
        page.echo,
        # A lesson's table sits among its text: it does not scroll itself there.
        page_script(land=not t.compact),
    ]
    t.add_class("tabletop-table")
    if t.compact:
        t.add_class("tabletop-compact")
        widgets.tabs.layout.display = "none"
    return widgets


def panel_parts(t: Table) -> PanelParts:
    """What a panel of ``t`` is given (``tabletop.ui.panel_parts``); the getters
    read the widgets ``build`` is about to make."""
    return PanelParts(
        model=t.model,
        look=t.look,
        guard=t._guard,
        render=t.render,
        on_render=lambda f: t.observe(f, names=["token"]),
        actions=lambda: t.widgets.actions,
        render_hands=t.render_hands,
        timeline=lambda: t.evaluation.timeline(),
        place=lambda widget, shown: place_panel(t, widget, shown),
        compact=t.compact,
        echo=lambda: getattr(getattr(t, "widgets", None), "echo", None),
    )


def place_panel(t: Table, widget: w.Widget, shown: bool) -> None:
    """Show ``widget`` just under the row that holds the board, or take it away."""
    kids = [c for c in t.children if c is not widget]
    if shown:
        board = t.widgets.board.canvas
        holds = [board in getattr(c, "children", ()) for c in kids]
        at = holds.index(True) + 1 if True in holds else len(kids)
        kids.insert(at, widget)
    t.children = tuple(kids)


def house_rules(t: Table) -> list[w.HTML]:
    """The line that tells every player the house rules played (a game of the
    project's rulings has none)."""
    line = house_rules_words(t.model.game)
    if not line:
        return []
    said = w.HTML(html.escape(line))
    said.add_class("tabletop-house-rules")
    return [said]


def page_link(css: str) -> PageLink:
    """The style and the page's echo of the last render."""
    style = w.HTML(css + BAR_CSS + REVIEW_CSS)
    style.add_class("tabletop-style")
    beacon = w.IntText(0, layout=w.Layout(display="none"))
    echo = w.IntText(-1, layout=w.Layout(display="none"))
    return PageLink(style, beacon, echo, w.jsdlink((beacon, "value"), (echo, "value")))


def board_and_hands(t: Table) -> tuple[BoardView, w.HTML, CardSprites, list[HandView]]:
    """The board, the line under it and the hands."""
    board = BoardView(t.look, t._gesture(t.click_xy))
    board.on_move(t._guard(t.hover_xy))
    board.canvas.on_mouse_out(t._guard(lambda x, y: t.hover_out()))
    hover = w.HTML(layout=w.Layout(height="20px", overflow="hidden"))
    hover.add_class("tabletop-hover")
    board.canvas.on_client_ready(t._guard(lambda: t.redraw_all(board)))
    sprites = CardSprites(t.look)
    hands = [
        HandView(
            t.look,
            s,
            t.look.hand_width,
            t._gesture(t._hand_click(s)),
            sprites,
        )
        for s in range(t.model.game.players)
    ]
    for hand in hands:
        hand.canvas.on_client_ready(t._guard(lambda h=hand: t.redraw_all(h)))
    return board, hover, sprites, hands


def notices_and_end(t: Table) -> dict[str, w.Widget]:
    """The status, notice and error lines; the end-of-game and resume buttons."""
    model = t.model
    status = w.HTML()
    status.add_class("tabletop-status")
    notice = w.HTML()
    notice.add_class("tabletop-notice")
    notice.add_class("tabletop-message")
    error_area = w.HTML()
    error_area.add_class("tabletop-error")
    banner = w.HTML()
    banner.add_class("tabletop-banner")
    fresh_deal = w.Button(
        description="New game",
        tooltip="the same seats, a new deal",
        button_style="success",
    )
    fresh_deal.add_class("tabletop-new-game")
    fresh_deal.on_click(t._guard(lambda _: model.new_game()))
    again = w.Button(
        description="Play again",
        tooltip="this deal again from its start (the game just played stays a "
        "line of the timeline)",
    )
    again.add_class("tabletop-play-again")
    again.on_click(t._guard(lambda _: model.play_again_same_deal()))
    resume = w.Button(description="Resume", button_style="success")
    resume.add_class("tabletop-resume")
    resume.on_click(t._guard(lambda _: model.resume_saved()))
    fresh = w.Button(description="Start fresh")
    fresh.add_class("tabletop-start-fresh")
    fresh.on_click(t._guard(lambda _: model.dismiss_resume()))
    end_box = w.VBox(
        [
            banner,
            w.HBox([fresh_deal, again, resume, fresh]),
        ],
        layout=w.Layout(display="none"),
    )
    end_box.add_class("tabletop-end")
    return dict(
        status=status, notice=notice, error_area=error_area, banner=banner,
        fresh_deal=fresh_deal, again=again, resume=resume, fresh=fresh,
        end_box=end_box,
    )  # fmt: skip


def choices_and_timeline(t: Table, notice: w.HTML) -> dict[str, w.Widget]:
    """The hand-over screen, the recap, the action buttons and the timeline."""
    model = t.model
    handover = HandOver(t._guard(model.reveal))
    recap = w.HTML()
    recap.add_class("tabletop-recap")
    enter = t._guard(model.enter)

    def typed(text: str) -> bool:
        """Play typed words (``TableLogic.enter``: a choice's words, a space's
        name, notation); whether the field empties: yes when it played or showed
        choices, or when the refusal was about who may act now (the text was fine,
        and the same text entered again would send nothing), no when the text was
        refused."""
        nobody_may = model.refusal_to_act()  # who may act, before the choice
        played = enter(text) is not None
        # the refusal under the field as well (cleared with the notice line)
        actions.typed_refusal.value = "" if played else notice.value
        return played or nobody_may is not None or model.refused_clause in WHO_ACTS

    actions = ActionsPanel(
        t._gesture(t._press_drawn),
        t._guard(model.clear_selection),
        typed,
        t._guard(lambda: model.auto_play()),
        t._gesture(t._pick_drawn),
    )
    actions.words = lambda entry: action_words(model, entry)
    actions.say = lambda text: words(model, text)
    actions.hint = lambda entry: outcome_hint(model, entry)
    timeline = Timeline(
        t._guard(model.goto), t._guard(model.fork), t._guard(model.use_line)
    )
    tb = timeline.buttons
    tb["start"].on_click(t._guard(lambda _: model.goto(0)))
    tb["back"].on_click(t._guard(lambda _: model.step_back()))
    tb["forward"].on_click(t._guard(lambda _: model.step_forward()))
    tb["end"].on_click(t._guard(lambda _: model.goto(model.length)))
    tb["fork"].on_click(t._guard(lambda _: model.fork()))
    return dict(handover=handover, recap=recap, actions=actions, timeline=timeline)


def seats_files_and_tabs(t: Table, echo: w.IntText) -> dict[str, w.Widget]:
    """Seat controls, rules details, save/load, the log, the inspector, the
    evaluation bar and the review, in their tabs."""
    model = t.model
    names = [t.look.seat_name(s) for s in range(model.game.players)]

    def shown_again() -> None:  # a refused gesture leaves the seats as they are
        sc.render(
            [seat_kind_label(kind) for kind in model.seats],
            model.viewer,
            model.hot_seat,
            model.auto,
            model.referee_view,
        )

    def view_as(seat: int | None) -> None:
        t._guard(model.set_viewer)(seat)
        shown_again()

    def referee(change: dict) -> None:
        if sc._quiet:
            return
        on = change["new"]
        t._guard(model.unlock_referee_view if on else model.lock_referee_view)()
        shown_again()

    sc = SeatControls(  # bots offered by level (Easy, Medium, Hard)
        names,
        (HUMAN, *(level for level, _ in bot_levels())),
        t._guard(lambda seat, label: model.set_seat(seat, seat_kind_of(label))),
        view_as,
        t._guard(lambda: model.auto_play()),
    )
    for dropdown in sc.dropdowns:  # which player each level is
        dropdown.tooltip = bot_levels_tooltip()
    sc.referee.observe(referee, names="value")
    sc.hot_seat.observe(
        t._guard(lambda ch: sc._quiet or setattr(model, "hot_seat", ch["new"])),
        names="value",
    )
    sc.auto.observe(
        t._guard(lambda ch: sc._quiet or setattr(model, "auto", ch["new"])),
        names="value",
    )
    details_box = w.Checkbox(
        value=False,
        description="rules details (clause IDs, state inspector)",
        indent=False,
        layout=w.Layout(width="auto"),
    )
    details_box.add_class("tabletop-details")
    details_box.observe(
        t._guard(lambda ch: setattr(model, "details", ch["new"])), names="value"
    )
    files = SaveLoad(model, t._guard)
    log_view = w.HTML()
    log_view.add_class("tabletop-log")
    inspector = w.HTML()
    inspector.add_class("tabletop-inspector")
    evaluation = EvaluationBar(
        t,
        budget=EVALUATION_BUDGET,
        cpu_seconds=EVALUATION_CPU_SECONDS,
        enabled=t._evaluation_option,
        wait_for_page=True,
        delay=EVALUATION_DELAY,
        every=20,
        echo=echo,
    )
    review = ReviewPanel(t)
    evaluation.head.children = (*evaluation.head.children, review.quick_hint)
    tabs = w.Tab(
        [
            log_view,
            w.VBox([details_box, inspector]),
            sc.widget,
            files.widget,
            review,
        ]
    )
    titles = ("Log", "Rules details", "Seats", "Save / load", "Review")
    for i, title in enumerate(titles):
        tabs.set_title(i, title)
    tabs.observe(t._guard(lambda _: t.render_tabs()), names="selected_index")
    return dict(
        seat_controls=sc, details_box=details_box, files=files, log_view=log_view,
        inspector=inspector, evaluation=evaluation, review=review, tabs=tabs,
    )  # fmt: skip


_ROW = w.Layout(flex_flow="row wrap", align_items="center", margin="2px 0 0 0")


def arrange(
    t: Table,
    board: BoardView,
    hover: w.HTML,
    hands: list[HandView],
    choices: dict[str, w.Widget],
    tabs: dict[str, w.Widget],
) -> dict[str, w.Box | ViewBar]:
    """The board (the view's buttons under it) beside the side panel, the hands
    under them."""
    grid = w.Box(
        [h.canvas for h in hands],
        layout=w.Layout(flex_flow="row wrap", grid_gap="4px 12px"),
    )
    # Who is ahead sits above the choices, keeping its height while it
    # recomputes (nothing moves under the pointer); the side panel takes the
    # width the board, kept in its aspect ratio, leaves, and the board's height
    # (CSS ``contain: size``: a long list of choices scrolls inside the panel
    # instead of pushing the hands down, leaving a gap under the board).
    actions = choices["actions"]
    side = w.VBox(
        [
            choices["handover"].widget,
            tabs["evaluation"],
            actions.widget,
            choices["recap"],
            t.reader.fold,  # the board in words
            actions.why,
        ],
        layout=w.Layout(
            flex="1 1 320px",
            min_width="300px",
            max_width="520px",
            margin="0 0 0 8px",
        ),  # fmt: skip
    )
    side.add_class("tabletop-side")
    view_bar = ViewBar()  # beside the line under the board: the hands stay close
    hover.layout.flex, hover.layout.margin = "1 1 10em", "0 0 0 8px"
    board_box = w.VBox(
        [board.canvas, w.HBox([view_bar.widget, hover], layout=_ROW)],
        layout=w.Layout(flex="0 1 auto", min_width="0"),
    )
    return dict(grid=grid, side=side, board_box=board_box, view_bar=view_bar)
