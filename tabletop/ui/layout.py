"""The Table's widgets: made and wired once, for the view (``controller.Table``).

Every callback goes through the table's ``_guard`` so a refusal or an error shows
in the table rather than in a log; game moves from the page also go through its
``_gesture`` (dropped when made on a render the page had not yet shown).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from tabletop.ui.board import BoardView
from tabletop.ui.evaluation import BAR_CSS, EvaluationBar
from tabletop.ui.hands import CardSprites, HandView
from tabletop.ui.model import WHO_ACTS
from tabletop.ui.panels import ActionsPanel, HandOver, SeatControls, Timeline
from tabletop.ui.review_tab import REVIEW_CSS, ReviewPanel
from tabletop.ui.seats import HUMAN, bot_names
from tabletop.ui.texts import action_words, outcome_hint, words

# The evaluation bar: playouts and CPU seconds per position (it shares the CPU
# with the kernel), and the pause after a step before it starts.
EVALUATION_BUDGET, EVALUATION_CPU_SECONDS, EVALUATION_DELAY = 200, 1.0, 0.25


def build(t: Any, css: str) -> None:
    """Create the table's board, hands, panels and tabs, and lay them out."""
    board_and_hands(t, css)
    notices_and_end(t)
    choices_and_timeline(t)
    seats_files_and_tabs(t)
    arrange(t)


def board_and_hands(t: Any, css: str) -> None:
    """The style, the page's echo of the last render, the board and the hands."""
    t.style = w.HTML(css + BAR_CSS + REVIEW_CSS)
    t.style.add_class("tabletop-style")
    t.beacon = w.IntText(0, layout=w.Layout(display="none"))
    t.echo = w.IntText(-1, layout=w.Layout(display="none"))
    t._echo_link = w.jsdlink((t.beacon, "value"), (t.echo, "value"))
    t.board = BoardView(t.look, t._gesture(t.click_xy))
    t.board.on_move(t._guard(t.hover_xy))
    t.board.canvas.on_mouse_out(t._guard(lambda x, y: t.hover_out()))
    t.hover = w.HTML(layout=w.Layout(height="20px", overflow="hidden"))
    t.hover.add_class("tabletop-hover")
    t._hovered: str | None = None
    t.board.canvas.on_client_ready(t._guard(lambda: t.redraw_all(t.board)))
    t.sprites = CardSprites(t.look)
    t.hands = [
        HandView(
            t.look,
            s,
            t.look.hand_width,
            t._gesture(t._hand_click(s)),
            t.sprites,
        )
        for s in range(t.game.players)
    ]
    for hand in t.hands:
        hand.canvas.on_client_ready(t._guard(lambda h=hand: t.redraw_all(h)))


def notices_and_end(t: Any) -> None:
    """The status, notice and error lines; the end-of-game and resume buttons."""
    t.status = w.HTML()
    t.status.add_class("tabletop-status")
    t.notice = w.HTML()
    t.notice.add_class("tabletop-notice")
    t.notice.add_class("tabletop-message")
    t.error_area = w.HTML()
    t.error_area.add_class("tabletop-error")
    t.banner = w.HTML()
    t.banner.add_class("tabletop-banner")
    t.fresh_deal = w.Button(
        description="New game",
        tooltip="the same seats, a new deal",
        button_style="success",
    )
    t.fresh_deal.add_class("tabletop-new-game")
    t.fresh_deal.on_click(t._guard(lambda _: t.new_game()))
    t.again = w.Button(
        description="Play again",
        tooltip="this deal again from its start (the game just played stays a "
        "line of the timeline)",
    )
    t.again.add_class("tabletop-play-again")
    t.again.on_click(t._guard(lambda _: t.play_again_same_deal()))
    t.resume = w.Button(description="Resume", button_style="success")
    t.resume.add_class("tabletop-resume")
    t.resume.on_click(t._guard(lambda _: t.resume_saved()))
    t.fresh = w.Button(description="Start fresh")
    t.fresh.add_class("tabletop-start-fresh")
    t.fresh.on_click(t._guard(lambda _: t.dismiss_resume()))
    t.end_box = w.VBox(
        [
            t.banner,
            w.HBox([t.fresh_deal, t.again, t.resume, t.fresh]),
        ],
        layout=w.Layout(display="none"),
    )
    t.end_box.add_class("tabletop-end")


def button_named(t: Any, text: str) -> Any:
    """The legal action whose button reads ``text`` ("fly to peru": the case, the
    spaces and a final full stop aside), when exactly one does; else None (the
    text is read as notation)."""
    said = " ".join(text.casefold().rstrip(".").split())
    named = [
        e.action
        for e in t.model.legal
        if " ".join(action_words(t, e).casefold().split()) == said
    ]
    return named[0] if len(named) == 1 else None


def choices_and_timeline(t: Any) -> None:
    """The hand-over screen, the recap, the action buttons and the timeline."""
    t.handover = HandOver(t._guard(t.reveal))
    t.recap = w.HTML()
    t.recap.add_class("tabletop-recap")
    choose = t._guard(t.choose)

    def typed(text: str) -> bool:
        """Play typed notation; whether the field empties: yes when it played or
        when the refusal was about who may act now (the text was fine, and the same
        text entered again would send nothing), no when the text was refused."""
        nobody_may = t.model.refusal_to_act()  # who may act, before the choice
        played = choose(button_named(t, text) or text) is not None
        # the refusal under the field as well (cleared with the notice line)
        t.actions.typed_refusal.value = "" if played else t.notice.value
        return played or nobody_may is not None or t.model.refused_clause in WHO_ACTS

    t.actions = ActionsPanel(
        t._gesture(t._press_drawn),
        t._guard(t.clear_selection),
        typed,
        t._guard(lambda: t.auto_play()),
    )
    t.actions.words = lambda entry: action_words(t, entry)
    t.actions.say = lambda text: words(t, text)
    t.actions.hint = lambda entry: outcome_hint(t, entry)
    t.timeline = Timeline(t._guard(t.goto), t._guard(t.fork), t._guard(t.use_line))
    tb = t.timeline.buttons
    tb["start"].on_click(t._guard(lambda _: t.goto(0)))
    tb["back"].on_click(t._guard(lambda _: t.step_back()))
    tb["forward"].on_click(t._guard(lambda _: t.step_forward()))
    tb["end"].on_click(t._guard(lambda _: t.goto(t.length)))
    tb["fork"].on_click(t._guard(lambda _: t.fork()))


def seats_files_and_tabs(t: Any) -> None:
    """Seat controls, rules details, save/load, the log, the inspector, the
    evaluation bar and the review, in their tabs."""
    names = [t.look.seat_name(s) for s in range(t.game.players)]
    t.seat_controls = SeatControls(
        names,
        (HUMAN, *bot_names()),
        t._guard(t.set_seat),
        t._guard(t.set_viewer),
        t._guard(lambda: t.auto_play()),
    )
    sc = t.seat_controls
    sc.hot_seat.observe(
        t._guard(lambda ch: sc._quiet or setattr(t, "hot_seat", ch["new"])),
        names="value",
    )
    sc.auto.observe(
        t._guard(lambda ch: sc._quiet or setattr(t, "auto", ch["new"])),
        names="value",
    )
    t.details_box = w.Checkbox(
        value=False,
        description="rules details (clause IDs, state inspector)",
        indent=False,
        layout=w.Layout(width="auto"),
    )
    t.details_box.add_class("tabletop-details")
    t.details_box.observe(
        t._guard(lambda ch: setattr(t, "details", ch["new"])), names="value"
    )
    from tabletop.ui.saving import SaveLoad

    t.files = SaveLoad(t, t._guard)
    t.log_view = w.HTML()
    t.log_view.add_class("tabletop-log")
    t.inspector = w.HTML()
    t.inspector.add_class("tabletop-inspector")
    t.evaluation = EvaluationBar(
        t,
        budget=EVALUATION_BUDGET,
        cpu_seconds=EVALUATION_CPU_SECONDS,
        enabled=t._evaluation_option,
        wait_for_page=True,
        delay=EVALUATION_DELAY,
        every=20,
    )
    t.review = ReviewPanel(t)
    t.evaluation.head.children = (*t.evaluation.head.children, t.review.quick_hint)
    t.tabs = tabs = w.Tab(
        [
            t.log_view,
            w.VBox([t.details_box, t.inspector]),
            sc.widget,
            t.files.widget,
            t.review,
        ]
    )
    titles = ("Log", "Rules details", "Seats", "Save / load", "Review")
    for i, title in enumerate(titles):
        tabs.set_title(i, title)
    tabs.observe(t._guard(lambda _: t.render_tabs()), names="selected_index")


# A table's page-side script, run once where it is shown (ipywidgets has no
# scroll command; an output's script can):
# - the wheel over a board or hand scrolls the page: ipycanvas cancels every wheel
#   event on its canvas, so the table stops it on the way down (capture phase);
#   nothing here listens to the wheel.
# - with ``land``: Run all leaves the notebook scrolled to its last cell, below a
#   tall table; once the board is drawn, a table not in view scrolls itself so the
#   board comes first, and keeps it there for a few seconds while cells render
#   above, unless the person scrolls, clicks or types first.
PAGE_SCRIPT = """
(() => {
  const LAND = %s;
  let tries = 0;
  const start = () => {
    const table = element.closest && element.closest('.tabletop-table');
    const board = table && table.querySelector('canvas.tabletop-board');
    const r = board && board.getBoundingClientRect();
    if (!r || r.height < 50) { if (tries++ < 150) setTimeout(start, 100); return; }
    if (table.dataset.scripted) return;
    table.dataset.scripted = '1';
    table.addEventListener('wheel', (e) => {
      if (e.target instanceof HTMLCanvasElement) e.stopPropagation();
    }, {capture: true});
    if (!LAND) return;
    table.dataset.landed = '1';
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    let moved = false;
    const mine = () => { moved = true; };
    for (const kind of ['wheel', 'keydown', 'touchstart', 'mousedown'])
      window.addEventListener(kind, mine, {once: true, capture: true});
    for (const wait of [0, 300, 800, 1500, 2500, 4000])
      setTimeout(() => moved || table.scrollIntoView({block: 'start'}), wait);
  };
  setTimeout(start, 0);
})();
"""


def page_script(land: bool) -> w.Output:
    """A hidden output holding the table's page-side script (``PAGE_SCRIPT``):
    the wheel scrolls the page over the canvases, and with ``land`` the table
    scrolls itself into view once its board is drawn out of view."""
    out = w.Output(layout=w.Layout(display="none"))
    out.add_class("tabletop-page-script")
    script = PAGE_SCRIPT % ("true" if land else "false")
    out.outputs = (
        {
            "output_type": "display_data",
            "data": {"application/javascript": script, "text/plain": ""},
            "metadata": {},
        },
    )
    return out


def arrange(t: Any) -> None:
    """The board beside the side panel, the hands under them, then the tabs."""
    t.grid = w.Box(
        [h.canvas for h in t.hands],
        layout=w.Layout(flex_flow="row wrap", grid_gap="4px 12px"),
    )
    # Who is ahead sits above the choices, keeping its height while it
    # recomputes (nothing moves under the pointer); the side panel takes the
    # width the board, kept in its aspect ratio, leaves, and the board's height
    # (CSS ``contain: size``: a long list of choices scrolls inside the panel
    # instead of pushing the hands down, leaving a gap under the board).
    t.side = w.VBox(
        [
            t.handover.widget,
            t.evaluation,
            t.actions.widget,
            t.recap,
            t.actions.why,
        ],
        layout=w.Layout(
            flex="1 1 320px",
            min_width="300px",
            max_width="520px",
            margin="0 0 0 8px",
        ),  # fmt: skip
    )
    t.side.add_class("tabletop-side")
    t.board_box = w.VBox(
        [t.board.canvas, t.hover],
        layout=w.Layout(flex="0 1 auto", min_width="0"),
    )
    t.children = [
        t.style,
        t.status,
        t.notice,
        t.error_area,
        t.end_box,
        w.HBox([t.board_box, t.side], layout=w.Layout(width="100%")),
        t.grid,
        t.timeline.widget,
        t.tabs,
        t.beacon,
        t.echo,
    ]
    # A lesson's table sits among its text: it does not scroll itself there.
    t.children = [*t.children, page_script(land=not t.compact)]
    t.add_class("tabletop-table")
    if t.compact:
        t.add_class("tabletop-compact")
        t.tabs.layout.display = "none"
