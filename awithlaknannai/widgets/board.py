"""A board you can click: a canvas picture of a game with a status line.

The canvas has three layers: the board (drawn once per size and
orientation), the pieces with their highlights (redrawn in one batch after
every change), and a layer for short animations. The canvas is ipycanvas's
wherever ipycanvas loads; where it cannot (a JupyterLite site, whose Pyodide
has no numpy or Pillow for ipycanvas to import) it is the board's own small
front end, :class:`~awithlaknannai.widgets.canvas.OpsCanvas`, which replays
the same drawing calls (:mod:`.drawing`) in the browser. A click goes canvas ->
:meth:`BoardWidget.handle_click` -> the nearest point ->
:class:`~awithlaknannai.widgets.controller.ClickController`, which plays
the move in the game; the widget then redraws from the game's state.

What a student reads (the status line, the board's accessible name and
description) is in the session's language (:mod:`awithlaknannai.i18n`);
point names and move texts are never translated.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import Any

import ipywidgets as widgets

try:
    from ipycanvas import MultiCanvas, hold_canvas
except ImportError:  # JupyterLite: ipycanvas imports numpy and PIL, which Pyodide has only from its CDN
    MultiCanvas = hold_canvas = None

from ..boards import translated_name
from ..game import Game
from ..i18n import N_, ngettext
from ..i18n import gettext as _
from ..position import Move, Position
from ..render import Picture
from ..render.geometry import Layout, board_layout
from ..render.svg import game_svg
from ..rules import Rules
from .access import BoardAccess
from .canvas import LAYERS, OpsCanvas
from .controller import ClickController, ClickResult, Selection, turn_status
from .drawing import (
    Op,
    board_ops,
    clear_ops,
    hop_segments,
    paint,
    piece_ops,
    pieces_ops,
    point_on_segments,
)

__all__ = [
    "BoardWidget",
    "auto_unit",
    "board_description",
    "board_name",
    "preview_html",
    "saved_text",
    "wait_for_tasks",
    "width_in_units",
    "with_preview",
]

# The point names stay at least this big (CSS pixels): the canvas never shrinks below it, a narrow
# window scrolls the board instead (WCAG asks for readable text at 320 CSS pixels wide).
MIN_LABEL_PX = 12
# The smallest spacing of neighbouring points (CSS pixels) a board is drawn at to fit a narrow box:
# a 12 px name such as "M12" (about 24 px wide) still fits between two points, and each point's hit
# area (0.45 unit round it) stays 24 px across (WCAG 2.5.8). Below it the board scrolls sideways.
MIN_UNIT_PX = 28

# Seconds per hop of the move animation, and frames per second.
STEP_SECONDS = 0.16
LEAP_SECONDS = 0.28
FRAMES_PER_SECOND = 40


def auto_unit(board: Any, max_width: float = 880, largest: float = 76, smallest: float = 34) -> float:
    """CSS pixels between neighbouring points so that the board fits ``max_width``.

    >>> from awithlaknannai.boards import kolowis, mosona
    >>> auto_unit(mosona()), round(auto_unit(kolowis()), 1)
    (76, 50.6)
    """
    return max(smallest, min(largest, max_width / width_in_units(board)))


def width_in_units(board: Any) -> float:
    """The board's drawn width (margins and any circle's bulge included) in units of point spacing.

    >>> from awithlaknannai.boards import mosona
    >>> width_in_units(mosona())
    9.4
    """
    return board_layout(board, unit=1000, margin=700).width / 1000


_ARROWS: dict[str, tuple[int, int]] = {
    "ArrowLeft": (-1, 0),
    "ArrowRight": (1, 0),
    "ArrowUp": (0, -1),
    "ArrowDown": (0, 1),
}

KEYS_HELP = N_(
    "Keys: arrow keys move a cursor from point to point, Enter or Space clicks the point under it, "
    "Escape cancels a selection, Tab leaves the board."
)


def board_name(game: Game, name: str | None = None) -> str:
    """The board's accessible name: which board it is, or ``name`` when the page gives one.

    Several boards on one page need names of their own (one per exercise),
    so a screen reader's list of them says which is which.

    >>> board_name(Game("mosona")), board_name(Game("mosona"), "Exercise 3.1")
    ('Awithlaknannai Mosona board', 'Exercise 3.1: Awithlaknannai Mosona board')
    """
    variant = game.variant
    title = _("{board} board").format(board=translated_name(variant.board) or variant.name)
    return f"{name}: {title}" if name else title


def _points(points: list[str], order: list[str]) -> str:
    return ", ".join(sorted(points, key=order.index)) if points else _("none")


def board_description(
    game: Game, selection: Selection | None = None, cursor: str | None = None, interactive: bool = True
) -> str:
    """The board's text alternative: whose turn, every piece, the last move and the selection.

    Examples
    --------
    >>> game = Game("zuni-3")
    >>> print(board_description(game, interactive=False))
    White to move. White pieces (4): M3, B0, B1, B2. Black pieces (4): T0, T1, T2, M0. Empty: M1, M2.
    """
    position = game.position
    order = list(game.variant.points)
    pieces = position.pieces()
    parts = [turn_status(game)]
    for color in (game.variant.first, game.variant.first.other):
        mine = [p for p, c in pieces.items() if c is color]
        pieces_of = (
            ngettext("White pieces ({count}): {points}.", "White pieces ({count}): {points}.", len(mine))
            if color.value == "white"
            else ngettext("Black pieces ({count}): {points}.", "Black pieces ({count}): {points}.", len(mine))
        )
        parts.append(pieces_of.format(count=len(mine), points=_points(mine, order)))
    empty = [p for p in order if p not in pieces]
    parts.append(_("Empty: {points}.").format(points=_points(empty, order)))
    if selection is not None:
        where = selection.current
        targets = _(" or ").join(selection.targets) if selection.targets else _("nowhere")
        parts.append(
            _("Selected: the piece on {point}; it can go to {targets}.").format(point=where, targets=targets)
        )
    if cursor is not None:
        parts.append(_("Keyboard cursor on {point}.").format(point=cursor))
    if interactive:
        parts.append(str(KEYS_HELP))
    return " ".join(parts)


def preview_html(game: Game, *, labels: bool = True, flipped: bool = False, what: str = "board") -> str:
    """What a saved notebook shows in place of a board widget before the cell runs.

    A freshly opened notebook has no kernel, so the widget itself cannot
    show: the output keeps a picture of the board as it was (with its text
    alternative) and a line saying that running the cell makes it playable.
    JupyterLab shows this ``text/html`` for an untrusted notebook, and the
    live widget once the cell runs.

    >>> html = preview_html(Game("zuni-3"))
    >>> html.startswith('<div class="awithlaknannai-preview"><img alt="Zuni board'), html.endswith('then.</em></p></div>')
    (True, True)
    """
    picture = Picture(game_svg(game, labels=labels, flipped=flipped))
    image = picture._repr_mimebundle_()[0]["text/html"]
    line = _PREVIEW_LINES.get(what)
    text = (
        str(line)
        if line is not None
        else _("Run this cell (Shift + Enter) to play on this {what}: it is a picture until then.").format(
            what=what
        )
    )
    return f'<div class="awithlaknannai-preview">{image}<p><em>{text}</em></p></div>'


def saved_text(kind: str, game: Game, live: str) -> str:
    """The plain-text form of a widget saved in a notebook and shown on GitHub.

    It stands instead of ipywidgets' long list of children: ``kind`` names the
    widget, ``live`` says what it becomes when the notebook runs.

    >>> saved_text("BoardWidget", Game("zuni-3"), "an interactive board")
    '<BoardWidget: zuni-3, standard rules, 0 moves played; an interactive board when the notebook runs>'
    """
    return (
        f"<{kind}: {game.variant.name}, {game.variant.rules.to_text()} rules, "
        f"{len(game.moves)} moves played; {live} when the notebook runs>"
    )


def with_preview(bundle: dict[str, Any] | None, preview: Callable[[], str]) -> dict[str, Any] | None:
    """A widget's output ``bundle`` with a picture (``preview()``) for a notebook opened without its kernel."""
    if bundle is not None:
        bundle["text/html"] = preview()
    return bundle


# The line under a preview, whole for each thing the package previews (a translation needs the whole sentence).
_PREVIEW_LINES = {
    "board": N_("Run this cell (Shift + Enter) to play on this board: it is a picture until then."),
    "challenge": N_("Run this cell (Shift + Enter) to play on this challenge: it is a picture until then."),
    "board against a friend or the computer": N_(
        "Run this cell (Shift + Enter) to play on this board against a friend or the computer: "
        "it is a picture until then."
    ),
}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def wait_for_tasks(tasks: Callable[[], Iterable[asyncio.Task[None] | None]]) -> None:
    """Wait until none of the ``tasks()`` runs: asked again after each wait, as one may have started another.

    >>> asyncio.run(wait_for_tasks(lambda: (None,)))
    """
    while True:
        pending = {task for task in tasks() if task is not None and not task.done()}
        if not pending:
            return
        await asyncio.wait(pending)


class BoardWidget(widgets.VBox):
    """A clickable board for one game, with a status line underneath.

    Click one of your pieces, then where it should go; for a turn of
    several leaps, click each landing point in turn (when only one way on
    is left, the rest is played for you). The status line says whose turn
    it is and explains every refused click.

    Without a mouse: Tab to the board, move the dashed cursor with the arrow
    keys, and press Enter or Space to click the point under it; Escape
    cancels a selection, and Tab, Shift+Tab (or Escape with nothing
    selected) move on to the other controls. The status line is a live
    region that names the point, the selected piece's targets and every
    refusal; the canvas carries the board's name and a description of the
    position (whose turn, every piece, the last move) for screen readers.

    Parameters
    ----------
    game : Game, str or Position, optional
        The game to show and play in, a variant name for a new game, or a
        start position. Default: a new game of Mosona.
    rules : str or Rules, optional
        Rules for a new game built from a variant name.
    flipped : bool
        Show the board turned half round (the top player's view).
    animate : bool
        Slide moving pieces and fade captured ones (never blocks the kernel;
        skipped where no event loop runs, as in plain scripts and tests).
    unit : float, optional
        CSS pixels between neighbouring points; by default the board is
        sized to fit ``max_width``.
    max_width : float
        Widest the board may be drawn, in CSS pixels. Where the page gives
        it less room, its browser view says so and the board is redrawn
        to fit (:meth:`fit_width`), down to :data:`MIN_UNIT_PX` between
        points; narrower still, it scrolls sideways.
    labels : bool
        Write the point names (``T0``, ``M4``, ...) on the board.
    interactive : bool
        Accept clicks (``False``: the board only shows positions).
    resolution : int
        Canvas pixels per CSS pixel: 2 keeps the picture sharp on high
        density screens.
    name : str, optional
        What this board is for ("Exercise 3.1", "Leap round the curve"):
        it starts the board's accessible name, so that several boards on
        one page are told apart by a screen reader.

    Examples
    --------
    >>> from awithlaknannai.widgets import BoardWidget
    >>> board = BoardWidget("mosona", animate=False)
    >>> board   # doctest: +SKIP
    >>> x, y = board.geometry.xy("B3")           # canvas pixels, as the browser sends them
    >>> board.handle_click(x, y).selection.targets
    ('M4',)
    >>> board.click("M4").played, board.game.move_list()
    (Move('B3-M4'), '1. B3-M4')
    """

    def __repr__(self) -> str:
        return saved_text("BoardWidget", self.game, "an interactive board")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return with_preview(
            super()._repr_mimebundle_(**kwargs),
            lambda: preview_html(self.game, labels=self.labels, flipped=self.flipped),
        )

    def __init__(
        self,
        game: Game | str | Position | None = None,
        *,
        rules: str | Rules | None = None,
        flipped: bool = False,
        animate: bool = True,
        unit: float | None = None,
        max_width: float = 880,
        labels: bool = True,
        interactive: bool = True,
        resolution: int = 2,
        name: str | None = None,
    ) -> None:
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be text, got {type(name).__name__}")
        if isinstance(resolution, bool) or not isinstance(resolution, int) or not 1 <= resolution <= 4:
            raise ValueError(f"resolution must be an integer from 1 to 4, got {resolution!r}")
        if unit is not None and not unit > 0:
            raise ValueError(f"unit must be a positive number of pixels, got {unit!r}")
        if not max_width > 0:
            raise ValueError(f"max_width must be a positive number of pixels, got {max_width!r}")
        self.game = _as_game(game, rules)
        self.controller = ClickController(self.game)
        self.animate = animate
        self.interactive = interactive
        self.labels = labels
        self.resolution = resolution
        self._unit = unit
        self._max_width = max_width
        # The width (CSS pixels) the page gives the board, as its browser view measures it; None until
        # a view has reported it. The board is drawn at the scale that fits it (see _make_geometry).
        self._available: float | None = None
        self._flipped = bool(flipped)
        self.name = name[:120] if name else None
        self._move_callbacks: list[Callable[[Move], None]] = []
        self._animation: asyncio.Task[None] | None = None
        self.last_click: ClickResult | None = None
        # A hint's route and piece, drawn while its position is shown.
        self._hint: tuple[Position, tuple[str, ...], str | None] | None = None
        self.cursor: str | None = None  # the keyboard cursor's point
        self._status_text, self._status_error = "", False
        self.geometry: Layout = self._make_geometry()
        self.canvas: Any = (
            MultiCanvas(LAYERS, width=self.geometry.width, height=self.geometry.height)
            if MultiCanvas is not None
            else OpsCanvas(self.geometry.width, self.geometry.height)
        )
        self._size_canvas()
        # The status line (one live region), and the canvas's name, description and Tab handling.
        self.access = BoardAccess(name=board_name(self.game, self.name))
        self.status = self.access
        # The box whose width the board is fitted to (the browser view measures it and reports it as
        # access.available_width); a board still too wide at MIN_UNIT_PX scrolls in it sideways.
        self.scroller = widgets.Box(
            [self.canvas], layout=widgets.Layout(width="100%", overflow="auto hidden")
        )
        self.scroller.add_class("awithlaknannai-scroller")
        self.access.observe(self._on_available_width, names="available_width")
        super().__init__([self.scroller, self.access])
        self.add_class("awithlaknannai-board")
        if not interactive:
            self.add_class("awithlaknannai-view-only")
        # Lets a browser test find this widget's kernel object from the page.
        self.add_class(f"awithlaknannai-model-{self.model_id}")
        self.canvas.on_mouse_down(self.handle_click)
        self.canvas.on_key_down(self.handle_key)
        if not isinstance(self.canvas, OpsCanvas):
            # A browser view that (re)connects starts with blank layers: draw them again (an OpsCanvas
            # keeps its layers' calls in the model, so a new view draws them by itself).
            self.canvas[0].on_client_ready(self.draw_board)
            self.canvas[1].on_client_ready(self._draw_pieces)
        self.draw_board()
        self._draw_pieces()
        self.show_status(turn_status(self.game))

    # --- geometry -----------------------------------------------------------

    def fitted_unit(self) -> float:
        """CSS pixels between neighbouring points: as asked (``unit``) or as fits ``max_width``, and no wider
        than the page gives the board, down to :data:`MIN_UNIT_PX` (narrower, the board scrolls).

        Shrinking the spacing rather than the whole picture keeps the point names at
        :data:`MIN_LABEL_PX` (they are drawn at least that big whatever the spacing).
        """
        board = self.game.variant.board
        largest = self._unit if self._unit is not None else auto_unit(board, self._max_width)
        units_wide = width_in_units(board)
        if self._available is None or largest * units_wide <= self._available - 1:
            return largest
        # Half-pixel steps (rounded down, a pixel to spare): no redraw for a window a pixel wider,
        # and never a fraction of a pixel too wide for the box.
        return max(MIN_UNIT_PX, math.floor(2 * (self._available - 1) / units_wide) / 2)

    def _make_geometry(self) -> Layout:
        scale = self.fitted_unit() * self.resolution
        return board_layout(self.game.variant.board, unit=scale, margin=scale * 0.7, flipped=self._flipped)

    @property
    def overflows(self) -> bool:
        """Whether the board, even at its smallest scale, is wider than the page gives it (it scrolls)."""
        return self._available is not None and self.geometry.width / self.resolution > self._available

    def _size_canvas(self) -> None:
        width, height = self.geometry.width, self.geometry.height
        if isinstance(self.canvas, OpsCanvas):  # whole canvas pixels, as a <canvas> has
            width, height = round(width), round(height)
        self.canvas.width = width
        self.canvas.height = height
        css_width = self.geometry.width / self.resolution
        # Shown at exactly its drawn scale once fitted. Until the browser has reported the width it
        # is given, it may shrink with the box (a moment's smaller names); a board that does not fit
        # even at its smallest scale keeps its size (names >= MIN_LABEL_PX) and scrolls instead.
        self.canvas.layout = widgets.Layout(
            width=f"{css_width:g}px",
            height="auto",
            flex="0 0 auto",
            max_width="none" if self.overflows else "100%",
        )

    def _on_available_width(self, change: dict[str, Any]) -> None:
        self.fit_width(change["new"])

    def fit_width(self, width: float) -> None:
        """Redraw the board to fit ``width`` CSS pixels (its browser view reports the width it is given)."""
        if not (isinstance(width, (int, float)) and math.isfinite(width) and width >= 1):
            return  # a hidden view measures 0: keep the last fit
        if self._available is not None and abs(width - self._available) < 1:
            return
        self._available = float(width)
        geometry = self._make_geometry()
        if geometry.unit == self.geometry.unit:
            self._size_canvas()  # same scale: only whether it scrolls may change
            return
        self.geometry = geometry
        self._size_canvas()
        self.draw_board()
        self.redraw()

    @property
    def flipped(self) -> bool:
        """Whether the board is shown turned half round."""
        return self._flipped

    @flipped.setter
    def flipped(self, value: bool) -> None:
        self._flipped = bool(value)
        self.geometry = self._make_geometry()
        self.draw_board()
        self.redraw()

    def flip(self) -> None:
        """Turn the board half round."""
        self.flipped = not self._flipped

    def set_game(self, game: Game) -> None:
        """Show and play another game (another variant resizes the canvas)."""
        if not isinstance(game, Game):
            raise TypeError(f"set_game needs a Game, got {type(game).__name__}")
        self._cancel_animation()
        self.game = game
        self.controller = ClickController(game)
        self.geometry = self._make_geometry()
        self._size_canvas()
        self.draw_board()
        self.redraw()

    # --- events -------------------------------------------------------------

    def on_move(self, callback: Callable[[Move], None], remove: bool = False) -> None:
        """Call ``callback(move)`` after a click plays a move (``remove=True`` to stop)."""
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    def handle_click(self, x: float, y: float) -> ClickResult:
        """The canvas's mouse-down handler: ``(x, y)`` are canvas pixels.

        Finds the point under the click, lets the controller act on it,
        redraws and updates the status line. Returns what the click did.
        """
        return self.click(self.geometry.nearest_point(x, y))

    def click(self, point: str | None) -> ClickResult:
        """Act on a click on ``point`` (by name; ``None`` for a miss), as :meth:`handle_click` does."""
        if not self.interactive:
            result = ClickResult(point, False, _("This board only shows positions."), None)
        else:
            result = self.controller.click(point)
        self.last_click = result
        self.show_status(result.status, error=not result.accepted)
        if result.played is not None:
            self.show_move(result.played)
            for callback in list(self._move_callbacks):  # may update the status line again
                callback(result.played)
        elif result.accepted:
            self.redraw()
        return result

    def handle_key(
        self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False
    ) -> ClickResult | None:
        """The canvas's key-down handler: play without a mouse.

        Arrow keys move a cursor from point to point, Enter or Space clicks
        the cursor's point, Escape cancels the selection. The status line
        (read out by screen readers) names the point under the cursor. Tab,
        Shift+Tab (and Escape with nothing selected) never get here: the
        browser side (:class:`BoardAccess`) lets them move the focus on.
        """
        if not self.interactive or ctrl or meta:
            return None
        if key in _ARROWS:
            self.cursor = self._next_point(*_ARROWS[key])
            self.redraw()
            holder = self.game.position.piece_at(self.cursor)
            if holder is None:
                text = _("Cursor on {point} (empty): press Enter to click it.")
            elif holder.value == "white":
                text = _("Cursor on {point} (a white piece): press Enter to click it.")
            else:
                text = _("Cursor on {point} (a black piece): press Enter to click it.")
            self.show_status(text.format(point=self.cursor), name_targets=False)
            return None
        if key in ("Enter", " ") and self.cursor is not None:
            return self.click(self.cursor)
        if key == "Escape":
            selection = self.controller.selection
            if selection is not None and not selection.can_stop:
                return self.click(selection.current)
        return None

    def _escape_cancels(self) -> bool:
        selection = self.controller.selection
        return self.interactive and selection is not None and not selection.can_stop

    def _next_point(self, dx: int, dy: int) -> str:
        """The nearest point from the cursor in direction ``(dx, dy)`` (screen axes)."""
        if self.cursor is None:
            selection = self.controller.selection
            mine = self.game.position.pieces(self.game.position.turn)
            return selection.current if selection else (min(mine) if mine else self.game.variant.points[0])
        cx, cy = self.geometry.xy(self.cursor)
        # The nearest point within 60 degrees of the arrow's direction; nearer beats straighter.
        best, best_key = self.cursor, (float("inf"), float("inf"))
        for point in self.game.variant.points:
            x, y = self.geometry.xy(point)
            along = (x - cx) * dx + (y - cy) * dy
            across = abs((x - cx) * dy - (y - cy) * dx)
            if along <= 1e-6 or across > 1.8 * along:
                continue
            key = (round(math.hypot(x - cx, y - cy), 3), across)
            if key < best_key:
                best, best_key = point, key
        return best

    def lock(self, reason: str) -> None:
        """Refuse clicks with ``reason`` until :meth:`unlock` (e.g. while a computer thinks)."""
        self.controller.locked = reason

    def unlock(self) -> None:
        self.controller.locked = None

    # --- drawing --------------------------------------------------------------

    def show_status(self, text: str, error: bool = False, *, name_targets: bool = True) -> None:
        """Put ``text`` on the status line (a live region); errors get a warning sign and colour.

        A selection's targets are named too (unless ``name_targets`` is false, as when the
        text names the keyboard cursor's point), so a screen reader hears where the piece can go.
        """
        self._status_text, self._status_error = text, error
        selection = self.controller.selection
        if selection is not None and selection.targets and not error and name_targets:
            text = _("{status} It can go to {targets}.").format(
                status=text, targets=_(" or ").join(selection.targets)
            )
        self.access.status = text
        self.access.error = error
        self._describe()

    def _describe(self) -> None:
        """Bring the board's accessible name and description up to date with the game."""
        with self.access.hold_sync():
            self.access.name = board_name(self.game, self.name)
            self.access.description = board_description(
                self.game, self.controller.selection, self.cursor, self.interactive
            )
            self.access.selecting = self._escape_cancels()
            # Where the keyboard cursor is, as fractions of the canvas, and a unit's margin round it:
            # the browser scrolls a board wider than its box to keep it in view.
            if self.cursor is None:
                self.access.cursor_spot = []
            else:
                x, y = self.geometry.xy(self.cursor)
                width, height = self.geometry.width, self.geometry.height
                self.access.cursor_spot = [x / width, y / height, self.geometry.unit / width]

    @property
    def status_text(self) -> str:
        """The status line as plain text (``"\u26a0 "`` starts an error)."""
        return ("\u26a0 " if self._status_error else "") + self._status_text

    def _paint(self, layers: dict[int, list[Op]]) -> None:
        """Draw each layer's calls (``{layer: ops}``) on whichever canvas this board has, in one batch."""
        if isinstance(self.canvas, OpsCanvas):
            self.canvas.draw(layers)
            return
        with hold_canvas():
            for layer, ops in layers.items():
                paint(self.canvas[layer], ops)

    def draw_board(self) -> None:
        """Draw the board layer (slab, lines, points, names)."""
        self._paint(
            {0: board_ops(self.geometry, labels=self.labels, min_label=MIN_LABEL_PX * self.resolution)}
        )

    def show_hint(self, move: Move | Sequence[str] | None, text: str, piece: str | None = None) -> None:
        """Say ``text`` on the status line and draw a hint until the position changes.

        ``move`` (a :class:`Move`, or a route of points such as a first leap
        only) is drawn as a dashed arrow with a dashed ring round its first
        point; ``piece`` alone rings one piece ("look at this one"). A
        selection in progress is dropped first, so the hint is the only
        thing the board and its status line show.
        """
        self.controller.clear()
        path = tuple(move.path) if isinstance(move, Move) else tuple(move or ())
        ringed = piece if piece is not None else (path[0] if path else None)
        self._hint = (self.game.position, path, ringed) if (path or ringed) else None
        self.redraw()
        self.show_status(text)

    @property
    def hint(self) -> tuple[str, ...]:
        """The hint's route drawn on the board (empty when none: it goes once the position changes
        or a piece is selected)."""
        mark = self._current_hint()
        return mark[1] if mark else ()

    def _current_hint(self) -> tuple[Position, tuple[str, ...], str | None] | None:
        if (
            self._hint is None
            or self._hint[0] is not self.game.position
            or self.controller.selection is not None
        ):
            return None
        return self._hint

    def scene(self, hidden: tuple[str, ...] = ()) -> list[tuple[Any, ...]]:
        """The pieces layer's drawing calls for the current state (see :func:`pieces_ops`)."""
        selection = self.controller.selection
        last = self.game.moves[-1] if self.game.moves else None
        hint = self._current_hint()
        return pieces_ops(
            self.geometry,
            self.game.position,
            last_move=last,
            selected=selection.origin if selection else None,
            path=selection.path if selection else (),
            captured=selection.captures if selection else (),
            targets=selection.targets if selection else (),
            hidden=hidden,
            cursor=self.cursor,
            hint=hint[1] if hint else (),
            hint_piece=hint[2] if hint else None,
        )

    def _draw_pieces(self) -> None:
        self._paint({1: self.scene(), 2: clear_ops()})

    def redraw(self) -> None:
        """Redraw pieces and highlights from the game's state (ends any animation)."""
        self._cancel_animation()
        self._draw_pieces()
        self._describe()

    def refresh(self) -> None:
        """Redraw and reset the status line after the game was changed from code."""
        self.controller.clear()
        self.redraw()
        self.show_status(turn_status(self.game))

    # --- animation ------------------------------------------------------------

    @property
    def animation(self) -> asyncio.Task[None] | None:
        """The running animation task, if any (await it to wait for the end)."""
        if self._animation is not None and self._animation.done():
            self._animation = None
        return self._animation

    def _cancel_animation(self) -> None:
        if self._animation is not None and not self._animation.done():
            self._animation.cancel()
        self._animation = None

    def show_move(self, move: Move) -> None:
        """Show ``move``, just played in the game: animated when possible, else drawn at once."""
        loop = _running_loop()
        if not self.animate or loop is None:
            self.redraw()
            return
        self._cancel_animation()
        self._animation = loop.create_task(self._play_animation(move))

    async def _play_animation(self, move: Move) -> None:
        position = self.game.position
        mover = position.piece_at(move.destination)
        if mover is None:  # the game moved on already: nothing to animate
            self._draw_pieces()
            return
        captured_color = mover.other
        hops = [hop_segments(self.geometry, a, b) for a, b in pairwise(move.path)]
        seconds = [LEAP_SECONDS if move.is_capture else STEP_SECONDS] * len(hops)
        self._paint({1: self.scene(hidden=(move.destination,))})
        frame = 1 / FRAMES_PER_SECOND
        try:
            for index, (segments, duration) in enumerate(zip(hops, seconds)):
                start = time.perf_counter()
                while True:
                    t = min(1.0, (time.perf_counter() - start) / duration)
                    eased = t * t * (3 - 2 * t)
                    ops = clear_ops()
                    # jumped pieces still standing, the current one fading in the hop's second half
                    for later, point in enumerate(move.captures):
                        if later > index:
                            ops += piece_ops(self.geometry, {point: captured_color})
                        elif later == index:
                            ops += piece_ops(
                                self.geometry, {point: captured_color}, alpha=1.0 - max(0.0, eased - 0.5) * 2
                            )
                    ops += piece_ops(self.geometry, [(point_on_segments(segments, eased), mover)])
                    self._paint({2: ops})
                    if t >= 1.0:
                        break
                    await asyncio.sleep(frame)
        finally:
            if self._animation is asyncio.current_task():
                self._animation = None
        self._draw_pieces()


def _as_game(game: Game | str | Position | None, rules: str | Rules | None) -> Game:
    if game is None:
        return Game("mosona", rules)
    if isinstance(game, Game):
        if rules is not None:
            raise ValueError("rules= is for a new game; this Game already has its rules")
        return game
    if isinstance(game, str):
        return Game(game, rules)
    if isinstance(game, Position):
        if rules is not None:
            raise ValueError("rules= is for a new game; this Position already has its rules")
        return Game(start=game)
    raise ValueError(f"a board shows a Game, a variant name or a Position, got {type(game).__name__}")
