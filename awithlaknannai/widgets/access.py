"""What a screen reader and a keyboard need from a canvas board, which ipycanvas cannot give.

ipycanvas 0.14 draws the board in one ``<canvas tabindex="0">`` whose
key handler calls ``preventDefault()`` on every key, so Tab could never
leave a focused board, and the canvas has no accessible name. ipywidgets
offers no way to set ARIA attributes on another widget's element, and an
``HTML`` widget rebuilds its content on every change (a live region rebuilt
on every update may not be announced). :class:`BoardAccess` is a small
front end made with anywidget (a well-kept library for exactly this: a
widget's browser side written as one ES module, no extension to build) that
sits in the board's box and:

- keeps ONE status line, a ``role="status"`` live region whose text changes;
- gives the canvas ``role="application"`` (its keys play moves), an
  accessible name and a description that follows the game;
- lets Tab and Shift+Tab leave the canvas (they never reach ipycanvas), and
  Escape too when no piece is selected: in a notebook it goes back to the
  board's cell (command mode), on a page of its own (Voila) to the next
  control (with a piece selected, Escape reaches the kernel and cancels
  the selection first).

Everything else (arrow keys, Enter, Space, clicks) still goes through
ipycanvas to :meth:`BoardWidget.handle_key` and :meth:`BoardWidget.handle_click`.

It also fits the board to the page and to touch screens:

- it measures the width the page gives the board (its scroller box) and
  reports it as :attr:`BoardAccess.available_width`; the board then redraws
  itself at the scale that fits (the picture stays a function of the game
  state and that width);
- when even the smallest scale is too wide, the board scrolls sideways: a
  scrollbar of its own shows under it (drag or tap it; touch screens hide
  the browser's scrollbars until touched), a swipe scrolls it, and the
  keyboard cursor's point (:attr:`BoardAccess.cursor_spot`) is scrolled into view;
- touches on the canvas never reach ipycanvas, whose touch handlers cancel
  the browser's own: a tap then becomes the mouse-down a click gives (so a
  tap plays exactly as a click does), and a swipe scrolls the page or the
  board as it does anywhere else. The mouse wheel likewise scrolls the page.
"""

from __future__ import annotations

import anywidget
import traitlets

from ..render.style import FOCUS, HIGHLIGHT, TEXT, TEXT_DARK

__all__ = ["BoardAccess"]

_ESM = r"""
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

function tabStops() {
  return Array.from(document.querySelectorAll(FOCUSABLE)).filter((e) =>
    !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0 && !e.closest('[hidden], [inert]'));
}

// Escape: "leave the board". In a notebook, back to the board's cell (JupyterLab's command mode,
// as Escape on the widgets' other controls does); elsewhere (Voila) to the next tab stop.
function leave(canvas) {
  const cell = canvas.closest('.jp-NotebookPanel .jp-Cell');  // JupyterLab's notebook, not Voila's page
  if (cell !== null) { canvas.blur(); cell.focus(); return; }
  const stops = tabStops();
  const next = stops[stops.indexOf(canvas) + 1];
  if (next) { next.focus(); } else { canvas.blur(); }
}

// A page with no main landmark (Voila's template has none) gets one: the
// top-level block that holds the board, so that landmark navigation finds the
// game. JupyterLab has its own main landmark, and is left alone.
function markMain(board) {
  if (document.querySelector('main, [role="main"]') !== null) return;
  let block = board;
  while (block.parentElement !== null && block.parentElement !== document.body) block = block.parentElement;
  if (block.parentElement === document.body) block.setAttribute('role', 'main');
}

let counter = 0;

function render({ model, el }) {
  el.classList.add('awithlaknannai-access');
  // The one live region: built once, only its text changes.
  const live = document.createElement('div');
  live.className = 'awithlaknannai-status';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  const sign = document.createElement('span');
  sign.className = 'awithlaknannai-warning';
  sign.textContent = '\u26a0 ';
  const text = document.createElement('span');
  live.append(sign, text);
  // The canvas's description: hidden, read through aria-describedby.
  const description = document.createElement('div');
  description.id = `awithlaknannai-board-description-${Date.now().toString(36)}-${counter++}`;
  description.hidden = true;
  el.append(live, description);

  let board = null;
  const label = () => {
    const canvas = board && board.querySelector('canvas');
    if (!canvas) return;
    const wanted = {role: 'application', 'aria-label': model.get('name'), 'aria-describedby': description.id};
    for (const [key, value] of Object.entries(wanted)) {
      if (canvas.getAttribute(key) !== value) canvas.setAttribute(key, value);
    }
  };
  const update = () => {
    if (text.textContent !== model.get('status')) text.textContent = model.get('status');
    sign.hidden = !model.get('error');
    description.textContent = model.get('description');
    label();
  };
  const onKey = (event) => {
    if (!(event.target instanceof HTMLCanvasElement)) return;
    if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.stopPropagation();  // never reaches ipycanvas, so the browser moves the focus
    } else if (event.key === 'Escape' && !model.get('selecting')) {
      event.stopPropagation();
      event.preventDefault();
      leave(event.target);
    }
  };
  // The width the page gives the board: reported (whole pixels, after the layout settles) so that
  // the kernel redraws the board at the scale that fits. A hidden board measures 0 and is not reported.
  const scroller = () => board && board.querySelector('.awithlaknannai-scroller');
  let settle = null;
  const report = () => {
    settle = null;
    const box = scroller();
    const width = box ? Math.floor(box.clientWidth) : 0;
    if (width > 0 && Math.abs(width - model.get('available_width')) >= 1) {
      model.set('available_width', width);
      model.save_changes();
    }
  };
  const measure = () => {
    placeBar();
    if (settle === null) settle = setTimeout(report, 60);
  };
  // The board's own scrollbar (the browser's may be an invisible overlay): shown while the board is
  // wider than its box; the thumb follows the scrolling; a tap or a drag on it scrolls the board.
  // Hidden from screen readers: the keyboard cursor scrolls the board too.
  const bar = document.createElement('div');
  bar.className = 'awithlaknannai-scrollbar';
  bar.setAttribute('aria-hidden', 'true');
  bar.hidden = true;
  const track = document.createElement('div');
  const thumb = document.createElement('div');
  track.append(thumb);
  bar.append(track);
  el.prepend(bar);
  function placeBar() {
    const box = scroller();
    const over = box !== null && box.scrollWidth > box.clientWidth + 1;
    bar.hidden = !over;
    if (!over) return;
    bar.style.width = `${box.clientWidth}px`;
    thumb.style.width = `${100 * box.clientWidth / box.scrollWidth}%`;
    thumb.style.left = `${100 * box.scrollLeft / box.scrollWidth}%`;
  }
  const dragBar = (event) => {
    const box = scroller();
    if (box === null || (event.type === 'pointermove' && !bar.hasPointerCapture(event.pointerId))) return;
    const rect = track.getBoundingClientRect();
    box.scrollLeft = (event.clientX - rect.left) / rect.width * box.scrollWidth - box.clientWidth / 2;
    event.preventDefault();
    if (event.type === 'pointerdown') {
      try { bar.setPointerCapture(event.pointerId); } catch { /* a pointer already gone: no drag */ }
    }
  };
  bar.addEventListener('pointerdown', dragBar);
  bar.addEventListener('pointermove', dragBar);
  // Keep the keyboard cursor's point in view when the board is wider than its box.
  const showCursor = () => {
    const box = scroller();
    const spot = model.get('cursor_spot');
    const canvas = box && box.querySelector('canvas');
    if (!canvas || spot.length < 3 || box.scrollWidth <= box.clientWidth) return;
    const drawn = canvas.getBoundingClientRect();
    const left = box.getBoundingClientRect().left + box.clientLeft;
    const x = drawn.left + spot[0] * drawn.width;
    const margin = spot[2] * drawn.width;
    if (x - margin < left) box.scrollLeft -= left - (x - margin);
    else if (x + margin > left + box.clientWidth) box.scrollLeft += x + margin - (left + box.clientWidth);
  };
  // ipycanvas cancels every touch (and wheel turn) on its canvas; stopped on the way down, they
  // never reach it, so the browser scrolls and turns a tap into a mouse-down as usual.
  const TOUCH = ['touchstart', 'touchmove', 'touchend', 'touchcancel', 'wheel'];
  const onTouch = (event) => { if (event.target instanceof HTMLCanvasElement) event.stopPropagation(); };
  let observer = null;
  let resizes = null;
  let tries = 0;
  const attach = () => {
    board = el.closest('.awithlaknannai-board');
    if (board === null) {
      if (tries++ < 400) setTimeout(attach, 50);
      return;
    }
    markMain(board);
    board.addEventListener('keydown', onKey, true);
    for (const type of TOUCH) board.addEventListener(type, onTouch, {capture: true, passive: true});
    const box = scroller();
    if (box !== null) {
      resizes = new ResizeObserver(measure);
      resizes.observe(box);  // the width given
      if (box.firstElementChild !== null) resizes.observe(box.firstElementChild);  // the canvas's size
      box.addEventListener('scroll', placeBar, {passive: true});
    }
    measure();
    observer = new MutationObserver(label);  // the canvas may be drawn after this widget
    observer.observe(board, {childList: true, subtree: true});
    label();
  };
  model.on('change', update);
  model.on('change:cursor_spot', showCursor);
  update();
  attach();
  return () => {
    model.off('change', update);
    model.off('change:cursor_spot', showCursor);
    if (board !== null) {
      board.removeEventListener('keydown', onKey, true);
      for (const type of TOUCH) board.removeEventListener(type, onTouch, {capture: true});
      const box = scroller();
      if (box !== null) box.removeEventListener('scroll', placeBar);
    }
    if (observer !== null) observer.disconnect();
    if (resizes !== null) resizes.disconnect();
    if (settle !== null) clearTimeout(settle);
  };
}

export default { render };
"""

# The page's styles for the board and everything around it (anywidget adds them to the page once).
# Every colour is given for JupyterLab's light and dark themes (JupyterLab and Voila mark the page
# with data-jp-theme-light), each reaching WCAG 2.1 AA on that theme's background:
# tests/test_widgets.py computes the ratios from TEXT and FOCUS, and the browser tests measure
# them on the page in both themes.
_DARK = '[data-jp-theme-light="false"]'
# Keyboard focus on every control of the package's widgets. Only a board brings _CSS to the page,
# so the widgets without one (answer boxes, predictions, activities, comparisons) carry FOCUS_STYLE
# themselves: a notebook holding only ask(...) and predict(...) gets the same ring.
_FOCUS = f"""/* Keyboard focus on every control: a 2 px ring of at least 3:1 (ipywidgets' own is 1 px, about 2:1,
   and its menus and text boxes say "outline: none !important", hence ours). */
:is(.awithlaknannai-game, .awithlaknannai-answer, .awithlaknannai-compare, .awithlaknannai-challenge)
  :is(button, select, input, textarea, [tabindex]):focus-visible {{
  outline: 2px solid {FOCUS["light"]} !important; outline-offset: 2px; }}
{_DARK} :is(.awithlaknannai-game, .awithlaknannai-answer, .awithlaknannai-compare, .awithlaknannai-challenge)
  :is(button, select, input, textarea, [tabindex]):focus-visible {{ outline-color: {FOCUS["dark"]} !important; }}
"""
#: The focus rules as a ``<style>`` element, for a widget to put in an ``ipywidgets.HTML``.
FOCUS_STYLE = f"<style>\n{_FOCUS}</style>"
_CSS = f"""
.awithlaknannai-board canvas {{ cursor: pointer; touch-action: manipulation; }}
/* The board's box takes the width it is given and never asks for more (the board is fitted to it,
   or scrolls in it). Its scrollbar is the board's own, drawn alike everywhere (touch screens hide the
   browser's): 12 px high in a 24 px strip a finger can hit, the thumb 3:1 or more against the track. */
.awithlaknannai-scroller {{ contain: inline-size; min-width: 0; scrollbar-width: none; }}
.awithlaknannai-scroller::-webkit-scrollbar {{ display: none; }}
.awithlaknannai-scrollbar {{ padding: 6px 0; touch-action: none; cursor: pointer; }}
.awithlaknannai-scrollbar[hidden] {{ display: none; }}
.awithlaknannai-scrollbar > div {{ position: relative; height: 12px; border-radius: 6px; background: #e4e4e4; }}
.awithlaknannai-scrollbar > div > div {{ position: absolute; top: 0; bottom: 0; border-radius: 6px;
  background: #686868; }}
{_DARK} .awithlaknannai-scrollbar > div {{ background: #3a3a3a; }}
{_DARK} .awithlaknannai-scrollbar > div > div {{ background: #a8a8a8; }}
.awithlaknannai-board.awithlaknannai-view-only canvas {{ cursor: default; }}
.awithlaknannai-board canvas:focus {{ outline: none; }}
.awithlaknannai-board canvas:focus-visible {{ outline: 3px solid {HIGHLIGHT["path"]}; outline-offset: -3px; }}
.awithlaknannai-status {{ font-size: 1.05em; line-height: 1.3; min-height: 2.6em; }}
.awithlaknannai-warning {{ color: {TEXT["warning"]}; font-weight: 600; }}
{_DARK} .awithlaknannai-warning {{ color: {TEXT_DARK["warning"]}; }}
.awithlaknannai-muted {{ color: {TEXT["muted"]}; }}
{_DARK} .awithlaknannai-muted {{ color: {TEXT_DARK["muted"]}; }}
.awithlaknannai-current-move {{ background: {TEXT["current_move"]}; color: {TEXT["current_move_text"]};
  border-radius: 3px; padding: 0 2px; }}
{_DARK} .awithlaknannai-current-move {{ background: {TEXT_DARK["current_move"]};
  color: {TEXT_DARK["current_move_text"]}; }}
.awithlaknannai-move {{ white-space: nowrap; }}
{_FOCUS}.awithlaknannai-current-challenge {{ font-weight: 700; box-shadow: inset 0 -3px 0 {FOCUS["light"]}; }}
{_DARK} .awithlaknannai-current-challenge {{ box-shadow: inset 0 -3px 0 {FOCUS["dark"]}; }}
/* Buttons keep their whole label at any zoom: rows wrap instead of squeezing a button to "P...". */
:is(.awithlaknannai-game, .awithlaknannai-answer, .awithlaknannai-compare, .awithlaknannai-challenge)
  .widget-button, .awithlaknannai-game .widget-toggle-button {{ flex-shrink: 0; min-width: max-content;
  overflow: visible; }}
"""


class BoardAccess(anywidget.AnyWidget):
    """The status line and the canvas's name, description and Tab handling (see the module)."""

    _esm = _ESM
    _css = _CSS

    #: The status line's text (the live region).
    status = traitlets.Unicode("").tag(sync=True)
    #: Whether the status line reports a refusal (shows a warning sign).
    error = traitlets.Bool(False).tag(sync=True)
    #: The board's accessible name.
    name = traitlets.Unicode("Game board").tag(sync=True)
    #: The board's accessible description: whose turn, the pieces, the last move, the selection.
    description = traitlets.Unicode("").tag(sync=True)
    #: A piece is selected: Escape goes to the kernel (cancel) instead of leaving the board.
    selecting = traitlets.Bool(False).tag(sync=True)
    #: The width (CSS pixels) the page gives the board, measured by the browser (0: not yet known).
    available_width = traitlets.Float(0).tag(sync=True)
    #: The keyboard cursor's point as fractions of the canvas's width and height, and the margin to
    #: keep round it (a fraction of the width); empty without a cursor.
    cursor_spot = traitlets.List(traitlets.Float(), default_value=[], maxlen=3).tag(sync=True)
