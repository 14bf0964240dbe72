"""What the canvas widgets draw, as plain lists of canvas calls.

Each ``*_ops`` function is pure: from a :class:`~awithlaknannai.render.geometry.Layout`
and the state to show, it returns a list of :data:`Op` tuples naming an
ipycanvas method (or ``("set", attribute, value)`` for a drawing attribute)
with its arguments. :func:`paint` replays such a list on an ipycanvas canvas;
where ipycanvas cannot load (JupyterLite), :func:`ops_json` sends the same
list to the board's own front end (:mod:`.canvas`), which replays it there. Keeping
the picture as data makes it testable without a browser and keeps the
widgets free of drawing details.

The look follows :mod:`awithlaknannai.render.svg` (same geometry, palette and
proportions), so a board on the canvas and the same board in a saved SVG
picture look alike.

Examples
--------
>>> from awithlaknannai.boards import mosona
>>> from awithlaknannai.render.geometry import board_layout
>>> ops = board_ops(board_layout(mosona(), unit=60, margin=42))
>>> sum(op[0] == "quadratic_curve_to" for op in ops)    # the two curved end lines, two halves each
4
>>> dots = next(op for op in ops if op[0] == "fill_circles")   # one batched call for all points
>>> len(dots[1]), dots[1][0], dots[2][0]                        # 25 points; T0 at (72, 42)
(25, 72.0, 42.0)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ..boards import leap_lines
from ..position import Move, Position
from ..render.geometry import Layout, Segment, arc_parameters
from ..render.style import (
    BOARD,
    HIGHLIGHT,
    LAST_MOVE_OPACITY,
    PIECE_FILL,
    PIECE_RIM,
    PIECE_SHINE,
    SLAB_EDGE,
    SLAB_LIGHT,
)
from ..variants import Color

__all__ = [
    "FONT",
    "LinearGradient",
    "Op",
    "board_ops",
    "clear_ops",
    "hop_segments",
    "ops_json",
    "paint",
    "piece_ops",
    "pieces_ops",
    "point_on_segments",
]

Op = tuple[Any, ...]
XY = tuple[float, float]

FONT = "DejaVu Sans, Verdana, sans-serif"


@dataclass(frozen=True)
class LinearGradient:
    """A linear gradient as a fill value: from ``(x0, y0)`` to ``(x1, y1)`` through ``stops``."""

    x0: float
    y0: float
    x1: float
    y1: float
    stops: tuple[tuple[float, str], ...]


# ipycanvas gradients are widgets of their own: make each distinct one once.
_GRADIENTS: dict[LinearGradient, Any] = {}


def paint(canvas: Any, ops: Iterable[Op]) -> None:
    """Replay ``ops`` on an ipycanvas ``Canvas`` (or anything with the same methods)."""
    for op in ops:
        if op[0] == "set":
            value = op[2]
            if isinstance(value, LinearGradient):
                if value not in _GRADIENTS:
                    _GRADIENTS[value] = canvas.create_linear_gradient(
                        value.x0, value.y0, value.x1, value.y1, list(value.stops)
                    )
                value = _GRADIENTS[value]
            setattr(canvas, op[1], value)
        else:
            getattr(canvas, op[0])(*op[1:])


def ops_json(ops: Iterable[Op]) -> list[list[Any]]:
    """``ops`` as JSON-ready lists, for a front end that replays them in the browser (:mod:`.canvas`).

    Tuples become lists and a :class:`LinearGradient` becomes
    ``{"gradient": [x0, y0, x1, y1, [[offset, colour], ...]]}``.

    >>> ops_json([("fill_circles", [1.0, 2.0], [3.0, 4.0], 5.0), ("fill_polygon", [(0, 0), (1, 0), (0, 1)])])
    [['fill_circles', [1.0, 2.0], [3.0, 4.0], 5.0], ['fill_polygon', [[0, 0], [1, 0], [0, 1]]]]
    """

    def plain(value: Any) -> Any:
        if isinstance(value, LinearGradient):
            return {
                "gradient": [value.x0, value.y0, value.x1, value.y1, [list(stop) for stop in value.stops]]
            }
        if isinstance(value, (tuple, list)):
            return [plain(item) for item in value]
        return value

    return [plain(op) for op in ops]


def clear_ops() -> list[Op]:
    """Wipe a layer (and reset the drawing state a frame may have changed)."""
    return [("clear",), ("set", "global_alpha", 1.0)]


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Op]:
    return [
        ("begin_path",),
        ("move_to", x + r, y),
        ("arc_to", x + w, y, x + w, y + h, r),
        ("arc_to", x + w, y + h, x, y + h, r),
        ("arc_to", x, y + h, x, y, r),
        ("arc_to", x, y, x + w, y, r),
        ("close_path",),
    ]


def _segment_path(segments: Sequence[Segment]) -> list[Op]:
    """Path calls following ``segments`` end to end (no begin/stroke)."""
    ops: list[Op] = []
    for i, seg in enumerate(segments):
        if i == 0:
            ops.append(("move_to", *seg.points[0]))
        if seg.kind == "quad":
            (cx, cy), (ex, ey) = seg.points[1], seg.points[2]
            ops.append(("quadratic_curve_to", cx, cy, ex, ey))
        elif seg.kind == "arc":  # a circle's edge: canvas angles grow clockwise, as the sweep does
            (cx, cy), radius, start, sweep = arc_parameters(seg)
            ops.append(("arc", cx, cy, radius, start, start + sweep, sweep < 0))
        else:
            ops.append(("line_to", *seg.points[-1]))
    return ops


def board_ops(layout: Layout, labels: bool = True, min_label: float = 0.0) -> list[Op]:
    """The board layer: the stone slab, the drawn lines, the points and their names.

    Curved end lines are drawn as quadratic curves, exactly as the SVG
    pictures draw them. ``min_label`` is the smallest font size of the point
    names in canvas pixels (a big board's small unit must not make them
    unreadable).
    """
    unit = layout.unit
    inset = unit * 0.06
    ops: list[Op] = [("clear",), ("set", "global_alpha", 1.0), ("set", "fill_style", SLAB_EDGE)]
    ops += _rounded_rect(0, 0, layout.width, layout.height, unit * 0.18)
    ops.append(("fill",))
    # The slab's face: light at the top to a warmer tone at the bottom, as in the SVG pictures.
    ops.append(
        (
            "set",
            "fill_style",
            LinearGradient(0, 0, 0, layout.height, ((0.0, SLAB_LIGHT), (1.0, BOARD["background"]))),
        )
    )
    ops += _rounded_rect(inset, inset, layout.width - 2 * inset, layout.height - 2 * inset, unit * 0.14)
    ops.append(("fill",))

    ops += [
        ("set", "stroke_style", BOARD["line"]),
        ("set", "line_width", unit * 0.045),
        ("set", "line_cap", "round"),
        ("set", "line_join", "round"),
        ("begin_path",),
    ]
    for seg in layout.segments():
        ops += _segment_path([seg])
    ops.append(("stroke",))

    points = list(layout.board.nodes)
    ops += [
        ("set", "fill_style", BOARD["point"]),
        (
            "fill_circles",
            [layout.xy(p)[0] for p in points],
            [layout.xy(p)[1] for p in points],
            layout.point_radius,
        ),
    ]
    if labels:
        ops += _label_ops(layout, min_label)
    return ops


_GRID_NAME = re.compile(r"^([a-z])(\d+)$")


def _mix(a: str, b: str, t: float) -> str:
    """The colour a fraction ``t`` of the way from ``a`` to ``b`` (both ``#rrggbb``)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


LABEL_SIZE = 0.2  # point names' font size, in units (the distance between neighbouring points)


def label_size(layout: Layout, min_label: float = 0.0) -> float:
    """The point names' font size in canvas pixels."""
    return max(layout.unit * LABEL_SIZE, min_label)


def _label_ops(layout: Layout, min_label: float = 0.0) -> list[Op]:
    """Point names: under each point, or, where points are too close for that (Tukvnanawopi),
    file letters and rank numbers in the margin, as on a chess board."""
    unit = layout.unit
    size = label_size(layout, min_label)
    board = layout.board
    shortest = min((math.dist(layout.xy(a), layout.xy(b)) for a, b in board.edges), default=unit)
    placed: list[tuple[str, float, float]] = []
    grid = {p: _GRID_NAME.match(p) for p in board.nodes}
    if shortest < unit * 0.9 and any(grid.values()):
        files: dict[str, float] = {}
        ranks: dict[str, float] = {}
        for point, match in grid.items():
            if match:
                files.setdefault(match.group(1), layout.xy(point)[0])
                ranks.setdefault(match.group(2), layout.xy(point)[1])
        bottom = layout.height - layout.margin * 0.35
        left = layout.margin * 0.4
        placed += [(letter, x, bottom) for letter, x in sorted(files.items())]
        placed += [(number, left, y + size * 0.35) for number, y in sorted(ranks.items())]
    else:
        offset = layout.piece_radius + size * 0.95
        for point in board.nodes:
            x, y = layout.xy(point)
            placed.append((str(board.nodes[point].get("label", point)), x, y + offset))
    ops: list[Op] = [
        ("set", "font", f"{size:.1f}px {FONT}"),
        ("set", "text_align", "center"),
        ("set", "text_baseline", "alphabetic"),
        ("set", "line_width", size * 0.3),
        ("set", "line_join", "round"),
    ]
    for text, x, y in placed:
        # A halo in the slab's own colour there keeps the name readable where it crosses a line.
        ops += [
            ("set", "stroke_style", _mix(SLAB_LIGHT, BOARD["background"], y / layout.height)),
            ("stroke_text", text, x, y),
        ]
    ops.append(("set", "fill_style", BOARD["label"]))
    ops += [("fill_text", text, x, y) for text, x, y in placed]
    return ops


def piece_ops(
    layout: Layout, pieces: Mapping[str, Color] | Sequence[tuple[XY, Color]], alpha: float = 1.0
) -> list[Op]:
    """Pieces drawn as in the SVG pictures: a shadow, a shiny body, a rim and a groove.

    ``pieces`` is ``{point: colour}`` or a list of ``((x, y), colour)`` (for
    a piece in flight between points). All pieces of one colour are drawn
    with a few batched calls.
    """
    items: list[tuple[XY, Color]] = (
        [(layout.xy(p), c) for p, c in pieces.items()] if isinstance(pieces, Mapping) else list(pieces)
    )
    if not items:
        return []
    r = layout.piece_radius
    ops: list[Op] = [
        ("set", "global_alpha", 0.22 * alpha),
        ("set", "fill_style", "#000000"),
        ("fill_circles", [x + r * 0.08 for (x, _), _ in items], [y + r * 0.12 for (_, y), _ in items], r),
    ]
    for color in Color:
        xs = [x for (x, _), c in items if c is color]
        ys = [y for (_, y), c in items if c is color]
        if not xs:
            continue
        ops += [
            ("set", "global_alpha", alpha),
            ("set", "fill_style", PIECE_FILL[color]),
            ("fill_circles", xs, ys, r),
            # the shine of the SVG's radial gradient: a soft light spot up and to the left
            ("set", "global_alpha", 0.45 * alpha),
            ("set", "fill_style", PIECE_SHINE[color]),
            ("fill_circles", [x - r * 0.22 for x in xs], [y - r * 0.27 for y in ys], r * 0.45),
            ("set", "global_alpha", alpha),
            ("set", "stroke_style", PIECE_RIM[color]),
            ("set", "line_width", r * 0.12),
            ("stroke_circles", xs, ys, r),
            ("set", "global_alpha", 0.55 * alpha),
            ("set", "line_width", r * 0.07),
            ("stroke_circles", xs, ys, r * 0.62),
        ]
    ops.append(("set", "global_alpha", 1.0))
    return ops


def hop_segments(layout: Layout, a: str, b: str) -> list[Segment]:
    """The drawn segments a piece follows from ``a`` to ``b``: one edge, or a leap's two.

    A leap follows its line through the jumped point, so a leap round a
    curved end line follows the curve.
    """
    board = layout.board
    if board.has_edge(a, b):
        return [layout.segment(a, b)]
    middles = [m for m in board[a] if m in board[b]]
    for run in leap_lines(board):  # leap_lines includes the runs round a circle's start
        if (run[0], run[2]) in ((a, b), (b, a)) and run[1] in middles:
            return [layout.segment(a, run[1]), layout.segment(run[1], b)]
    if middles:  # a bent leap: two edges of different lines
        return [layout.segment(a, middles[0]), layout.segment(middles[0], b)]
    return [Segment(a, b, "line", (layout.xy(a), layout.xy(b)))]


def _point_on(seg: Segment, t: float) -> XY:
    if seg.kind == "arc":
        (cx, cy), radius, start, sweep = arc_parameters(seg)
        angle = start + sweep * t
        return (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    if seg.kind == "quad":
        (x0, y0), (cx, cy), (x1, y1) = seg.points
        u = 1 - t
        return (u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1)
    (x0, y0), (x1, y1) = seg.points[0], seg.points[-1]
    return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)


def point_on_segments(segments: Sequence[Segment], t: float) -> XY:
    """The point a fraction ``t`` (0 to 1) of the way along ``segments``, one equal share each.

    >>> seg = Segment("a", "b", "line", ((0.0, 0.0), (10.0, 0.0)))
    >>> point_on_segments([seg], 0.25)
    (2.5, 0.0)
    """
    t = min(max(t, 0.0), 1.0)
    n = len(segments)
    index = min(int(t * n), n - 1)
    return _point_on(segments[index], t * n - index)


def _path_ops(layout: Layout, path: Sequence[str], color: str, width: float, alpha: float) -> list[Op]:
    ops: list[Op] = [
        ("set", "global_alpha", alpha),
        ("set", "stroke_style", color),
        ("set", "line_width", width),
        ("set", "line_cap", "round"),
        ("set", "line_join", "round"),
        ("begin_path",),
    ]
    for a, b in pairwise(path):
        ops += _segment_path(hop_segments(layout, a, b))
    ops += [("stroke",), ("set", "global_alpha", 1.0)]
    return ops


def _ring_ops(
    layout: Layout, points: Sequence[str], color: str, radius: float, width: float, dash: Sequence[float] = ()
) -> list[Op]:
    if not points:
        return []
    return [
        ("set", "stroke_style", color),
        ("set", "line_width", width),
        ("set_line_dash", list(dash)),
        ("stroke_circles", [layout.xy(p)[0] for p in points], [layout.xy(p)[1] for p in points], radius),
        ("set_line_dash", []),
    ]


def _cross_ops(layout: Layout, points: Sequence[str]) -> list[Op]:
    if not points:
        return []
    s = layout.piece_radius * 0.7
    ops: list[Op] = [
        ("set", "stroke_style", HIGHLIGHT["captured"]),
        ("set", "line_width", layout.unit * 0.08),
        ("set", "line_cap", "round"),
        ("begin_path",),
    ]
    for p in points:
        x, y = layout.xy(p)
        ops += [
            ("move_to", x - s, y - s),
            ("line_to", x + s, y + s),
            ("move_to", x - s, y + s),
            ("line_to", x + s, y - s),
        ]
    ops.append(("stroke",))
    return ops


def _arrow_ops(layout: Layout, path: Sequence[str], dash: Sequence[float] = ()) -> list[Op]:
    """The route clicked so far (or a hint's route, dashed), with an arrowhead at its end."""
    if len(path) < 2:
        return []
    ops: list[Op] = [("set_line_dash", list(dash))]
    ops += _path_ops(layout, path, HIGHLIGHT["path"], layout.unit * 0.07, 1.0)
    ops.append(("set_line_dash", []))
    last = hop_segments(layout, path[-2], path[-1])
    tip = point_on_segments(last, 1.0)
    back = point_on_segments(last, 0.9)
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    # stop the head at the piece's rim so it stays visible
    rim = layout.piece_radius * 1.05
    tx, ty = tip[0] - rim * math.cos(angle), tip[1] - rim * math.sin(angle)
    size = layout.unit * 0.2
    left = (tx - size * math.cos(angle - 0.5), ty - size * math.sin(angle - 0.5))
    right = (tx - size * math.cos(angle + 0.5), ty - size * math.sin(angle + 0.5))
    ops += [("set", "fill_style", HIGHLIGHT["path"]), ("fill_polygon", [(tx, ty), left, right])]
    return ops


def pieces_ops(
    layout: Layout,
    position: Position,
    *,
    last_move: Move | None = None,
    selected: str | None = None,
    path: Sequence[str] = (),
    captured: Sequence[str] = (),
    targets: Sequence[str] = (),
    hidden: Sequence[str] = (),
    cursor: str | None = None,
    hint: Sequence[str] = (),
    hint_piece: str | None = None,
) -> list[Op]:
    """The pieces layer: last-move trail, targets, pieces, selection and the route clicked so far.

    Parameters
    ----------
    layout : Layout
        Where things go.
    position : Position
        The pieces to draw.
    last_move : Move, optional
        Drawn as a green trail with a dashed ring where it started.
    selected : str, optional
        The selected piece's point (an orange ring).
    path : sequence of str
        Leaps clicked so far this turn: the piece is drawn at the last point,
        the route as blue arrows.
    captured : sequence of str
        Pieces jumped so far this turn: drawn faded with a red cross.
    targets : sequence of str
        Points that may be clicked next (blue rings).
    hidden : sequence of str
        Points whose pieces are left out (an animation draws them).
    cursor : str, optional
        The keyboard cursor's point (a dashed blue square).
    hint : sequence of str
        A suggested move's route (its origin, then each landing point): a
        dashed navy arrow.
    hint_piece : str, optional
        The piece a hint points at: a dashed navy ring (with or without a route).
    """
    unit = layout.unit
    r = layout.piece_radius
    ops = clear_ops()
    if position.dead:  # a shrinking board's dead part, greyed as in the SVG pictures
        ops += [("set", "fill_style", "#8c8477"), ("set", "global_alpha", 0.55), ("begin_path",)]
        for point in position.dead_points:  # one path, one fill: overlapping discs make an even wash
            x, y = layout.xy(point)
            ops += [("move_to", x + unit * 0.42, y), ("arc", x, y, unit * 0.42, 0.0, 2 * math.pi)]
        ops += [("fill",), ("set", "global_alpha", 1.0)]
    if last_move is not None:
        ops += _path_ops(layout, last_move.path, HIGHLIGHT["last_move"], unit * 0.16, LAST_MOVE_OPACITY)
        ops += [("set", "global_alpha", 1.0)]
        ops += _ring_ops(
            layout,
            [last_move.origin],
            HIGHLIGHT["last_move"],
            r * 0.85,
            unit * 0.05,
            (unit * 0.08, unit * 0.06),
        )
    pieces = {p: c for p, c in position.pieces().items() if p not in hidden}
    moving = None
    if len(path) > 1:
        moving = pieces.pop(path[0], None)
        pieces = {p: c for p, c in pieces.items() if p not in captured}
    ops += piece_ops(layout, pieces)
    ops += _ring_ops(layout, list(targets), HIGHLIGHT["target"], r * 0.7, unit * 0.07)
    if captured:
        ghosts = {p: position.piece_at(p) for p in captured if position.piece_at(p) is not None}
        ops += piece_ops(layout, ghosts, alpha=0.35)  # type: ignore[arg-type]
        ops += _cross_ops(layout, captured)
    if moving is not None:
        ops += _ring_ops(
            layout, [path[0]], HIGHLIGHT["selected"], r * 0.85, unit * 0.05, (unit * 0.08, unit * 0.06)
        )
        ops += _arrow_ops(layout, path)
        ops += piece_ops(layout, {path[-1]: moving})
    if selected is not None:
        ops += _ring_ops(
            layout, [path[-1] if len(path) > 1 else selected], HIGHLIGHT["selected"], r * 1.18, unit * 0.08
        )
    dash = (unit * 0.14, unit * 0.09)
    if hint_piece is not None:
        ops += _ring_ops(layout, [hint_piece], HIGHLIGHT["path"], r * 1.18, unit * 0.07, dash)
    if len(hint) > 1:
        ops += _arrow_ops(layout, hint, dash)
    if cursor is not None:
        x, y = layout.xy(cursor)
        half = r * 1.4
        ops += [
            ("set", "stroke_style", HIGHLIGHT["path"]),
            ("set", "line_width", unit * 0.05),
            ("set_line_dash", [unit * 0.1, unit * 0.07]),
            ("stroke_rect", x - half, y - half, 2 * half, 2 * half),
            ("set_line_dash", []),
        ]
    return ops
