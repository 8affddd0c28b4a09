"""The Table's style sheet and page script: its layout, its pointer pauses.

A fresh button or a freshly drawn board ignores the pointer for a moment (CSS
animations), and a table that lost its kernel says so and hides what it showed.
"""

from __future__ import annotations

import ipywidgets as w

from tabletop.table.frame import SETTLE_MS

# A table whose kernel restarted or stopped (ipywidgets marks its views
# ``jupyter-widgets-disconnected``) says so instead of ignoring clicks, and hides
# everything it showed (a dead view would go on showing the last revealed hand);
# the picture kept beside it (the board as the notebook file keeps it) shows instead.
DISCONNECTED = (
    "This table lost its kernel (restarted or stopped). The picture below is the "
    "board as the notebook last kept it, and may be some moves behind. Run its "
    "cell again to play on (with autosave on, the new table offers to resume "
    "this game)."
)

CSS = f"""<style>
@keyframes tabletop-settle-a
  {{ from {{pointer-events:none}} to {{pointer-events:none}} }}
@keyframes tabletop-settle-b
  {{ from {{pointer-events:none}} to {{pointer-events:none}} }}
.tabletop-action {{ animation: tabletop-settle-a {SETTLE_MS}ms; }}
.tabletop-board.tabletop-fresh-a, .tabletop-hand.tabletop-fresh-a
  {{ animation: tabletop-settle-a {SETTLE_MS}ms; }}
.tabletop-board.tabletop-fresh-b, .tabletop-hand.tabletop-fresh-b
  {{ animation: tabletop-settle-b {SETTLE_MS}ms; }}
.tabletop-table .tabletop-board, .tabletop-table .tabletop-hand
  {{ max-width: 100%; height: auto !important; }}
.tabletop-table .tabletop-board {{ width: auto !important; align-self: flex-start;
  max-height: max(300px, calc(100vh - 300px)); }}
.tabletop-table .tabletop-hand {{ width: auto !important; }}
.tabletop-compact .tabletop-board {{ max-height: 340px; }}
.tabletop-viewbar {{ gap: 4px; }}
.tabletop-viewbar button {{ margin: 0; padding: 0 8px; font-weight: bold; }}
.tabletop-viewbar .tabletop-pressed {{ background: #263238; color: #fff; }}
.tabletop-table .tabletop-side {{ max-height: max(320px, calc(100vh - 200px));
  min-height: min(max(320px, calc(100vh - 400px)), 420px);
  overflow-y: auto; contain: size;
  /* a shadow at an edge with more to scroll to (the covers move with the text) */
  background:
    linear-gradient(var(--jp-layout-color0, #fff) 30%, transparent) top / 100% 24px
      no-repeat local,
    linear-gradient(transparent, var(--jp-layout-color0, #fff) 70%) bottom / 100% 24px
      no-repeat local,
    linear-gradient(rgba(0,0,0,.18), transparent) top / 100% 10px no-repeat scroll,
    linear-gradient(transparent, rgba(0,0,0,.18)) bottom / 100% 10px no-repeat scroll;
  }}
.tabletop-compact .tabletop-side {{ max-height: 360px; min-height: 300px; }}
.tabletop-table .tabletop-side > * {{ flex-shrink: 0; }}
/* Who is ahead stays at the panel's top while the choices and the recap scroll
   under it (its shadow covers the gap beneath it) */
.tabletop-table .tabletop-side > .tabletop-evaluation {{ position: sticky; top: 0;
  z-index: 2; background: var(--jp-layout-color0, #fff);
  box-shadow: 0 6px 0 var(--jp-layout-color0, #fff); }}
.tabletop-table .tabletop-side[data-scrolled] > .tabletop-evaluation
  {{ box-shadow: 0 6px 0 var(--jp-layout-color0, #fff),
  0 12px 6px -4px rgba(0,0,0,.18); }}
/* Targets of 24 by 24 CSS px at least (WCAG 2.5.8): checkboxes, the timeline's
   handle (the Hint button: review_tab.py) */
.tabletop-table .widget-checkbox input[type=checkbox] {{ width: 24px; height: 24px; }}
.tabletop-table .widget-hslider {{ --jp-widgets-slider-handle-size: 24px; }}
.tabletop-table .tabletop-action button, .tabletop-table button.tabletop-action
  {{ white-space: normal; height: auto; min-height: 28px; }}
.tabletop-table .tabletop-many > button.tabletop-action
  {{ flex: 1 1 calc(50% - 4px); max-width: calc(50% - 4px); line-height: 16px;
  padding: 4px 8px; }}
.tabletop-notice {{ min-height: var(--jp-widgets-inline-height, 28px);
  white-space: normal; overflow-wrap: anywhere; }}
.tabletop-beacon {{ display: none; }}
.tabletop-table .tabletop-announce {{ position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; margin: 0; }}
.tabletop-table .tabletop-pick.tabletop-playable {{ outline: 3px solid #006064;
  outline-offset: 1px; }}
/* A narrow page (a phone, or a window zoomed to 200-400%: WCAG 1.4.10) stacks
   the side panel under the board and lets it grow instead of scrolling inside;
   long words wrap and the tabs wrap onto more rows, so nothing is cut. */
@media (max-width: 560px) {{
  .tabletop-table .tabletop-main {{ flex-direction: column; }}
  .tabletop-table .tabletop-main > .tabletop-side {{ flex: 0 0 auto !important;
    min-width: 0 !important; max-width: 100% !important; margin: 6px 0 0 0 !important;
    max-height: none; min-height: 0; contain: none; overflow: visible; }}
  .tabletop-table .tabletop-main > .widget-vbox:first-child {{ max-width: 100%; }}
  /* the panel no longer scrolls: Who is ahead would stick to the page's top */
  .tabletop-table .tabletop-side > .tabletop-evaluation {{ position: static; }}
}}
.tabletop-table .widget-html-content {{ overflow-wrap: anywhere; }}
.tabletop-table .widget-tab > .lm-TabBar .lm-TabBar-content {{ flex-wrap: wrap; }}
.tabletop-table .widget-tab > .lm-TabBar {{ min-height: fit-content; }}
.tabletop-table .widget-tab > .lm-TabBar .lm-TabBar-tab {{ flex: 0 0 auto;
  min-width: fit-content; }}
.tabletop-table .tabletop-answer p {{ margin: 2px 0; font-weight: 600; }}
.tabletop-table button:focus, .tabletop-table input:focus,
.tabletop-table [tabindex]:not(canvas):focus
  {{ outline: 3px solid #1a237e !important; outline-offset: 2px;
  box-shadow: 0 0 0 5px #ffffff; }}
/* Coloured buttons whose white words reach 4.5:1 (the theme's teal 3.5:1,
   orange 2.7:1, green 4.1:1) */
.tabletop-table .jupyter-button.mod-info {{ background: #006d7a; color: #fff; }}
.tabletop-table .jupyter-button.mod-warning {{ background: #a84300; color: #fff; }}
.tabletop-table .jupyter-button.mod-success {{ background: #2e7d32; color: #fff; }}
.tabletop-table .jupyter-button.mod-danger {{ background: #c62828; color: #fff; }}
.tabletop-table .jupyter-button.mod-primary {{ background: #1565c0; color: #fff; }}

.tabletop-table .jupyter-widgets-disconnected::before {{ display: none; }}
.tabletop-table.jupyter-widgets-disconnected > * {{ display: none;
  pointer-events: none; }}
.tabletop-table.jupyter-widgets-disconnected::before {{ content: "{DISCONNECTED}";
  display: block; align-self: stretch; font: inherit; font-weight: bold;
  color: #b71c1c; background: #ffebee; border: 2px solid #b71c1c; padding: 8px;
  margin: 0 0 6px 0; }}
.jp-OutputArea-child:has(.tabletop-table:not(.jupyter-widgets-disconnected))
  + .jp-OutputArea-child:has(.jp-RenderedSVG) {{ display: none; }}
</style>"""


# A table's page-side script, run once where it is shown (ipywidgets has no
# scroll command; an output's script can):
# - the wheel over a board or hand scrolls the page: ipycanvas cancels every wheel
#   event on its canvas, so the table stops it on the way down (capture phase);
#   nothing here listens to the wheel.
# - when "What just happened" changes and lies below the visible part of the
#   side panel (the choices fill it on a laptop), the panel scrolls to show it
#   whole, under "Who is ahead" (sticky at the panel's top); the focus stays
#   where it was, and a keyboard's focus in the panel stays in view.
# - the focus follows the choices (see "The focus stays near" below).
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
    // The keyboard passes the canvases by: ipycanvas puts each in the tab order
    // and cancels every key pressed on it (Tab included), so a canvas focused by
    // a click or by Tab kept the keyboard. Out of the tab order, and their keys
    // not handed to ipycanvas, they let Tab, Shift+Tab and Escape go on; the
    // board's keyboard model is the buttons and the command field beside it.
    table.addEventListener('keydown', (e) => {
      if (!(e.target instanceof HTMLCanvasElement)) return;
      e.stopPropagation();
      if (e.key === 'Escape') e.target.blur();
    }, {capture: true});
    const LABELS = {
      'tabletop-board': 'The board (told in words in the list "The board in words")',
      'tabletop-hand': 'A hand of cards (your own: the buttons "Your hand")',
    };
    const tend = () => {
      for (const c of table.querySelectorAll('canvas')) {
        if (c.getAttribute('tabindex') !== '-1') c.setAttribute('tabindex', '-1');
        if (c.getAttribute('role')) continue;
        const kind = Object.keys(LABELS).find((k) => c.classList.contains(k));
        // a layer under the top one of a board or hand says nothing
        if (!kind) { c.setAttribute('aria-hidden', 'true'); continue; }
        c.setAttribute('role', 'img');
        c.setAttribute('aria-label', LABELS[kind]);
      }
      // a slider's handle is named by its widget's label ("step")
      for (const h of table.querySelectorAll('[role=slider]:not([aria-label])')) {
        const box = h.closest('.widget-slider');
        const label = box && box.querySelector('.widget-label');
        h.setAttribute('aria-label', (label && label.textContent.trim()) || 'slider');
      }
      for (const live of table.querySelectorAll('.tabletop-announce'))
        if (!live.getAttribute('aria-live')) {
          live.setAttribute('role', 'status'); live.setAttribute('aria-live', 'polite');
        }
      // "The board in words" opens by the keyboard: its header is a button
      for (const head of table.querySelectorAll('.jupyter-widget-Collapse-header')) {
        const open = String(!!head.closest('.jupyter-widget-Collapse-open'));
        if (head.getAttribute('role') !== 'button') {
          head.setAttribute('role', 'button'); head.tabIndex = 0;
          head.addEventListener('keydown', (e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault(); head.click();
          });
        }
        if (head.getAttribute('aria-expanded') !== open)
          head.setAttribute('aria-expanded', open);
      }
      // a refusal is said at once, wherever the player is looking
      for (const n of table.querySelectorAll(
          '.tabletop-notice, .tabletop-typed-refusal, .tabletop-error'))
        if (n.getAttribute('role') !== 'alert') n.setAttribute('role', 'alert');
      // the log scrolls: a keyboard reaches it, a reader names it
      const logs = '.tabletop-log > .widget-html-content > div';
      for (const log of table.querySelectorAll(logs))
        if (log.tabIndex !== 0) {
          log.tabIndex = 0; log.setAttribute('role', 'region');
          log.setAttribute('aria-label', 'Log');
        }
      // the side panel's titles are headings a reader can jump to
      for (const b of table.querySelectorAll(
          '.tabletop-actions-title b, .tabletop-hand-title b, .tabletop-recap-title'))
        if (b.getAttribute('role') !== 'heading') {
          b.setAttribute('role', 'heading'); b.setAttribute('aria-level', '3');
        }
      // the view's buttons: named by what they do; Whole map says if it is shown
      for (const b of table.querySelectorAll('.tabletop-viewbar button')) {
        if (b.title && b.getAttribute('aria-label') !== b.title)
          b.setAttribute('aria-label', b.title);
        const on = String(b.classList.contains('tabletop-pressed'));
        const whole = b.classList.contains('tabletop-view-whole');
        if (whole && b.getAttribute('aria-pressed') !== on)
          b.setAttribute('aria-pressed', on);
      }
    };
    tend();
    new MutationObserver(tend).observe(table, {childList: true, subtree: true,
      attributes: true, attributeFilter: ['class']});
    // The focus stays near: a pressed choice, a card played or a list opened is
    // redrawn away, and the browser dropped the focus to the page's body. Once
    // the table has redrawn, a focus lost from inside it goes to the first
    // choice, else the hand's first card, else the first button of the side
    // panel (Hint, the hand-over screen's); a focus left there while no choice
    // was on offer (the bots' turns) moves to the first choice when one comes.
    // A click elsewhere on the page lets go. Who is ahead stays at the side
    // panel's top (sticky): for a keyboard, the panel scrolls the focus out
    // from under it.
    const side = table.querySelector('.tabletop-side');
    const bar = side && side.querySelector('.tabletop-evaluation');
    let inside = false, pending = 0, parked = null, keyboard = false;
    table.addEventListener('focusin', (e) => {
      inside = true;
      if (e.target !== parked) parked = null;
    });
    document.addEventListener('mousedown', (e) => {
      inside = table.contains(e.target);
      keyboard = false;
    }, {capture: true});
    document.addEventListener('keydown', () => { keyboard = true; }, {capture: true});
    const shown = (el) => el && el.offsetParent !== null && !el.disabled;
    const first = (selector) => [...table.querySelectorAll(selector)].find(shown);
    const CHOICES = ['.tabletop-action-box button', '.tabletop-picker button'];
    // The side panel's visible part that Who is ahead does not cover.
    const clear = () => {
      const s = side.getBoundingClientRect();
      const under = bar && bar.offsetHeight ? bar.offsetHeight + 6 : 0;
      return {top: Math.max(s.top + under, 0),
              bottom: Math.min(s.bottom, window.innerHeight)};
    };
    const reveal = (el) => {  // scroll the side panel, never the page, to show el
      if (!keyboard || !side || !side.contains(el) || (bar && bar.contains(el)))
        return;
      const r = el.getBoundingClientRect(), c = clear();
      if (r.top < c.top) side.scrollTop -= c.top - r.top;
      else if (r.bottom > c.bottom)
        side.scrollTop += Math.min(r.bottom - c.bottom, r.top - c.top);
    };
    const refocus = () => {
      pending = 0;
      const now = document.activeElement;
      const lost = !now || now === document.body || !now.isConnected
        || (table.contains(now) && now.offsetParent === null);
      const choice = CHOICES.map(first).find(Boolean);
      if (inside && parked && now === parked && choice) {  // a choice came
        parked = null;
        choice.focus({preventScroll: true});
        reveal(choice);
        return;
      }
      if (!inside || !lost) return;
      const next = choice || first('.tabletop-side button');
      if (!next) return;
      next.focus({preventScroll: true});
      reveal(next);
      parked = choice ? null : next;
    };
    new MutationObserver(() => {
      if (!pending) pending = setTimeout(refocus, 120);
    }).observe(table, {childList: true, subtree: true});
    if (side && bar) {  // Tab scrolls a control out from under Who is ahead too
      const pad = () => { side.style.scrollPaddingTop = `${bar.offsetHeight + 6}px`; };
      pad();
      new ResizeObserver(pad).observe(bar);
      // a shadow under it says that more lies above
      side.addEventListener('scroll', () => {
        if ((side.scrollTop > 0) !== ('scrolled' in side.dataset))
          side.toggleAttribute('data-scrolled', side.scrollTop > 0);
      });
    }
    // How big the board is on screen (CSS px per canvas pixel, per mille), told
    // to the kernel through a hidden field: the view enlarges the map from it
    // until its labels read at 12 px.
    const measure = () => {
      const field = table.querySelector('.tabletop-shown input');
      const c = table.querySelector('canvas.tabletop-board');
      if (!field || !c || !c.width) return;
      const per = Math.round(1000 * c.getBoundingClientRect().width / c.width);
      if (per > 0 && String(per) !== field.value) {
        field.value = String(per);
        field.dispatchEvent(new Event('change', {bubbles: true}));
      }
    };
    measure();
    new ResizeObserver(measure).observe(board);
    // "What just happened" changed: the side panel scrolls to show it whole
    // (its heading never under Who is ahead), except that a keyboard's focus
    // in the panel stays in view.
    const recap = table.querySelector('.tabletop-recap');
    const showRecap = () => {
      if (!recap.querySelector('.tabletop-recap-title')) return;
      const r = recap.getBoundingClientRect(), c = clear();
      let by = Math.min(r.bottom - c.bottom, r.top - c.top);
      const now = document.activeElement;
      if (keyboard && now && side.contains(now) && !(bar && bar.contains(now)))
        by = Math.min(by, now.getBoundingClientRect().top - c.top);
      if (by > 0) side.scrollTop += by;
    };
    if (side && recap)
      new MutationObserver(() => requestAnimationFrame(showRecap)).observe(
        recap, {childList: true, subtree: true, characterData: true});
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


def restart_pointer_pause(widget: w.DOMWidget) -> None:
    """Restart the short pointer pause of a redrawn canvas (the CSS animation
    ``tabletop-settle``: two names, so that setting one restarts it)."""
    a, b = "tabletop-fresh-a", "tabletop-fresh-b"
    if a in widget._dom_classes:
        widget.remove_class(a)
        widget.add_class(b)
    else:
        widget.remove_class(b)
        widget.add_class(a)
