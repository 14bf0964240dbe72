"""The board's own canvas front end, for where ipycanvas cannot load (JupyterLite).

ipycanvas imports numpy and Pillow when it is imported, and a JupyterLite
site served from its own folder has neither (Pyodide's builds of them come
from its CDN, never from PyPI or npm). The board needs none of ipycanvas's
features beyond replaying drawing calls, and :mod:`.drawing` already makes
the picture as plain lists of calls (:data:`~.drawing.Op`). :class:`OpsCanvas`
is a small anywidget (its browser side: one ES module, no extension to
build; anywidget is already how the board gets its accessible name) that

- keeps each layer's list of calls as a synced trait (JSON), so the
  browser redraws a layer by replaying its list, and a view that
  (re)connects draws the current picture from the model at once;
- composites its layers (board, pieces, animation) onto ONE visible
  ``<canvas tabindex="0">``, so :class:`~.access.BoardAccess` names and
  describes it exactly as it does ipycanvas's canvas;
- sends mouse-downs (in canvas pixels, as ipycanvas does) and key-downs back
  to Python with the same arguments as ipycanvas's ``on_mouse_down`` and
  ``on_key_down`` handlers.

The same lists of calls go to ipycanvas wherever it loads
(:func:`~.drawing.paint`), so both front ends draw the same scene from the
same pure function of the game state.

Examples
--------
>>> from awithlaknannai.widgets.drawing import LinearGradient
>>> canvas = OpsCanvas(width=200, height=100)
>>> canvas.draw({0: [("clear",), ("set", "fill_style", LinearGradient(0, 0, 0, 100, ((0.0, "#fff"), (1.0, "#000"))))]})
>>> canvas.layer0
[['clear'], ['set', 'fill_style', {'gradient': [0, 0, 0, 100, [[0.0, '#fff'], [1.0, '#000']]]}]]
>>> clicks = []
>>> canvas.on_mouse_down(lambda x, y: clicks.append((x, y)))
>>> canvas._handle_message(canvas, {"event": "mouse_down", "x": 12.5, "y": 40}, [])   # as the browser sends it
>>> clicks
[(12.5, 40.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import anywidget
import traitlets

from .drawing import Op, ops_json

__all__ = ["LAYERS", "OpsCanvas"]

#: Layers, bottom first: the board, the pieces and highlights, a moving piece.
LAYERS = 3

_ESM = r"""
const ATTRIBUTES = {
  global_alpha: 'globalAlpha', fill_style: 'fillStyle', stroke_style: 'strokeStyle',
  line_width: 'lineWidth', line_cap: 'lineCap', line_join: 'lineJoin', font: 'font',
  text_align: 'textAlign', text_baseline: 'textBaseline',
};
const CALLS = {
  begin_path: 'beginPath', close_path: 'closePath', move_to: 'moveTo', line_to: 'lineTo',
  arc: 'arc', arc_to: 'arcTo', quadratic_curve_to: 'quadraticCurveTo', fill: 'fill',
  stroke: 'stroke', fill_text: 'fillText', stroke_text: 'strokeText', fill_rect: 'fillRect',
  stroke_rect: 'strokeRect', set_line_dash: 'setLineDash',
};
const LAYERS = __LAYERS__;
// Keys the board acts on, kept from the page (no scrolling, no notebook shortcut); Tab is never
// taken (the board's access front end lets it leave the canvas), nor a key with Ctrl or Cmd.
const KEPT = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'Escape']);

function paintStyle(ctx, value) {
  if (value !== null && typeof value === 'object' && Array.isArray(value.gradient)) {
    const [x0, y0, x1, y1, stops] = value.gradient;
    const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
    for (const [offset, color] of stops) gradient.addColorStop(offset, color);
    return gradient;
  }
  return value;
}

function circles(ctx, xs, ys, radius, how) {
  for (let i = 0; i < xs.length; i++) {
    ctx.beginPath();
    ctx.arc(xs[i], ys[i], Array.isArray(radius) ? radius[i] : radius, 0, 2 * Math.PI);
    ctx[how]();
  }
}

// Replay one layer's list of calls (the same list ipycanvas gets in a Jupyter server's kernel).
function replay(ctx, ops) {
  for (const [name, ...args] of ops) {
    if (name === 'set') {
      if (args[0] in ATTRIBUTES) ctx[ATTRIBUTES[args[0]]] = paintStyle(ctx, args[1]);
    } else if (name === 'clear') {
      ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    } else if (name === 'fill_circles' || name === 'stroke_circles') {
      circles(ctx, args[0], args[1], args[2], name === 'fill_circles' ? 'fill' : 'stroke');
    } else if (name === 'fill_polygon') {
      ctx.beginPath();
      args[0].forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.closePath();
      ctx.fill();
    } else if (name in CALLS) {
      ctx[CALLS[name]](...args);
    } else {
      console.warn(`awithlaknannai canvas: unknown drawing call ${name}`);
    }
  }
}

function render({ model, el }) {
  el.classList.add('awithlaknannai-canvas');
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = 'auto';
  el.append(canvas);
  // Each layer on a canvas of its own, off the page; the visible canvas shows them stacked.
  const layers = Array.from({length: LAYERS}, () => document.createElement('canvas'));
  const contexts = layers.map((layer) => layer.getContext('2d'));
  const show = () => {
    const ctx = canvas.getContext('2d');
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    for (const layer of layers) ctx.drawImage(layer, 0, 0);
  };
  const resize = () => {
    const [width, height] = [model.get('width'), model.get('height')];
    for (const c of [canvas, ...layers]) { c.width = width; c.height = height; }  // clears them
    contexts.forEach((ctx, i) => replay(ctx, model.get(`layer${i}`)));
    show();
  };
  let pending = null;  // several layers changed in one message: composite once
  const redraw = (i) => () => {
    replay(contexts[i], model.get(`layer${i}`));
    if (pending === null) pending = requestAnimationFrame(() => { pending = null; show(); });
  };
  const handlers = layers.map((_, i) => [`change:layer${i}`, redraw(i)]);
  for (const [event, handler] of handlers) model.on(event, handler);
  model.on('change:width', resize);
  model.on('change:height', resize);

  const onMouseDown = (event) => {
    const box = canvas.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    model.send({event: 'mouse_down',
                x: (event.clientX - box.left) * canvas.width / box.width,
                y: (event.clientY - box.top) * canvas.height / box.height});
  };
  const onKeyDown = (event) => {
    if (event.key === 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (KEPT.has(event.key)) event.preventDefault();
    model.send({event: 'key_down', key: event.key, shift: event.shiftKey, ctrl: event.ctrlKey,
                meta: event.metaKey});
  };
  canvas.addEventListener('mousedown', onMouseDown);
  canvas.addEventListener('keydown', onKeyDown);
  resize();
  return () => {
    for (const [event, handler] of handlers) model.off(event, handler);
    model.off('change:width', resize);
    model.off('change:height', resize);
    canvas.removeEventListener('mousedown', onMouseDown);
    canvas.removeEventListener('keydown', onKeyDown);
    if (pending !== null) cancelAnimationFrame(pending);
  };
}

export default { render };
""".replace("__LAYERS__", str(LAYERS))


class OpsCanvas(anywidget.AnyWidget):
    """A layered canvas that replays :mod:`.drawing`'s lists of calls in the browser (see the module).

    Parameters
    ----------
    width, height : int
        The canvas's size in canvas pixels (its CSS size comes from ``layout``).
    """

    _esm = _ESM

    width = traitlets.Int(200).tag(sync=True)
    height = traitlets.Int(200).tag(sync=True)
    #: Each layer's drawing calls (as JSON), bottom first; the browser replays a layer when it changes.
    layer0: traitlets.List[list[Any]] = traitlets.List([]).tag(sync=True)
    layer1: traitlets.List[list[Any]] = traitlets.List([]).tag(sync=True)
    layer2: traitlets.List[list[Any]] = traitlets.List([]).tag(sync=True)

    def __init__(self, width: float = 200, height: float = 200, **kwargs: Any) -> None:
        super().__init__(width=round(width), height=round(height), **kwargs)
        self._mouse_down: list[Callable[[float, float], Any]] = []
        self._key_down: list[Callable[..., Any]] = []
        self.on_msg(self._handle_message)

    def __repr__(self) -> str:
        return f"OpsCanvas(width={self.width}, height={self.height})"

    def draw(self, layers: Mapping[int, Iterable[Op]]) -> None:
        """Replace the calls of each layer given (``{layer: ops}``), all in one message to the browser."""
        for layer in layers:
            if not (isinstance(layer, int) and 0 <= layer < LAYERS):
                raise ValueError(f"a layer is a number from 0 to {LAYERS - 1}, got {layer!r}")
        with self.hold_sync():
            for layer, ops in layers.items():
                setattr(self, f"layer{layer}", ops_json(ops))

    def on_mouse_down(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback(x, y)`` (canvas pixels) when the canvas is clicked, as ipycanvas does."""
        self._mouse_down.append(callback)

    def on_key_down(self, callback: Callable[..., Any]) -> None:
        """Call ``callback(key, shift, ctrl, meta)`` for a key pressed on the focused canvas, as ipycanvas does."""
        self._key_down.append(callback)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # Messages come from the browser: anything malformed is ignored, never raised into the kernel's log.
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "mouse_down":
            x, y = content.get("x"), content.get("y")
            if isinstance(x, (int, float)) and isinstance(y, (int, float)) and not isinstance(x, bool):
                for callback in list(self._mouse_down):
                    callback(float(x), float(y))
        elif event == "key_down" and isinstance(content.get("key"), str):
            key = content["key"][:40]
            for callback in list(self._key_down):
                callback(
                    key, bool(content.get("shift")), bool(content.get("ctrl")), bool(content.get("meta"))
                )
