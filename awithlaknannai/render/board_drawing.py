"""Drawing a board onto SVG: its slab, lines, points, labels, pieces, heat and the marks of a move.

:func:`_draw` draws one board (with its pieces, highlights and captions) into
a list of SVG parts at a given place; :mod:`.svg` wraps it into the public
pictures, and the comparison, sheet and map pictures place several boards
side by side with it (:func:`_sheet_board`). Coordinates come from
:func:`.geometry.board_layout` and colours from :mod:`.style`, as for the
canvas widgets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

import networkx as nx

from ..boards import leap_lines, translated_name
from ..i18n import gettext as _
from ..variants import Color, Variant, picture_name
from .geometry import Layout, Segment, arc_parameters, board_layout
from . import style
from .svg_text import XY, _ID, _circle, _element, _rect, _finish, _fitting_size, _num, _open_svg, _xy

if TYPE_CHECKING:
    pass

# Warm stone shades for the slab's edge and its subtle gradient.
_SLAB_MID = "#ede1c8"


_PAPER = "#fbf6ea"


# The wash over the part of a shrinking board that is out of play.
_DEAD = "#8c8477"


# Viridis anchors: perceptually even, readable in greyscale and for colour-blind viewers.
_VIRIDIS = ("#440154", "#3b528b", "#21918c", "#5ec962", "#fde725")


def heat_color(value: float) -> str:
    """The colour of ``value`` (0 to 1) on the viridis scale, as ``#rrggbb``.

    Examples
    --------
    >>> heat_color(0.0), heat_color(1.0), heat_color(0.5)
    ('#440154', '#fde725', '#21918c')
    """
    value = min(1.0, max(0.0, float(value)))
    position = value * (len(_VIRIDIS) - 1)
    low = min(int(position), len(_VIRIDIS) - 2)
    fraction = position - low
    a, b = _VIRIDIS[low], _VIRIDIS[low + 1]
    channels = []
    for i in (1, 3, 5):
        ca, cb = int(a[i : i + 2], 16), int(b[i : i + 2], 16)
        channels.append(round(ca + (cb - ca) * fraction))
    return "#" + "".join(f"{c:02x}" for c in channels)


def board_title(board: nx.Graph) -> str:
    """The human name of a board, in the session's language (see :func:`~awithlaknannai.boards.translated_name`).

    >>> from awithlaknannai.boards import kolowis
    >>> board_title(kolowis())
    'Kolowis Awithlaknannai'
    """
    return translated_name(board) or _("Board")


def game_title(variant: Variant) -> str:
    """What a picture of the variant's positions calls the game: its board's title, unless its record names it.

    >>> from awithlaknannai.variants import get_variant
    >>> game_title(get_variant("tukvnanawopi")), game_title(get_variant("tuknanavuhpi"))
    ('Tukvnanawopi', 'Tuknanavuhpi')
    """
    return picture_name(variant) or board_title(variant.board)


def _check_points(board: nx.Graph, points: Iterable[str], what: str) -> list[str]:
    out = []
    for point in points:
        if point not in board:
            raise ValueError(f"{what}: there is no point {point!r} on this board ({board_title(board)})")
        out.append(point)
    return out


def _check_heat(board: nx.Graph, heat: Mapping[str, float] | None) -> dict[str, float]:
    if heat is None:
        return {}
    if not isinstance(heat, Mapping):
        raise TypeError(f"heat must be a dict point -> value in [0, 1], got {type(heat).__name__}")
    checked: dict[str, float] = {}
    for point, value in heat.items():
        _check_points(board, [point], "heat")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"heat[{point!r}] must be a number in [0, 1], got {value!r}") from None
        if not 0.0 <= number <= 1.0:  # also rejects NaN
            raise ValueError(f"heat[{point!r}] must be in [0, 1], got {value!r}")
        checked[point] = number
    return checked


class _Canvas:
    """Collects the SVG parts of one picture drawn on a :class:`Layout`.

    ``dy`` shifts the board down to make room for a visible title above it.
    """

    def __init__(self, layout: Layout, dy: float = 0.0) -> None:
        self.layout = layout
        self.dy = dy
        self.unit = layout.unit
        self.parts: list[str] = []
        self.surface = _SLAB_MID  # the colour under the labels, for their halos

    def xy(self, point: str) -> XY:
        x, y = self.layout.xy(point)
        return (x, y + self.dy)

    def add(self, text: str) -> None:
        self.parts.append(text)

    def segment_path(self, segments: Sequence[Segment], start: bool = True) -> str:
        """Path data following ``segments`` end to end (straight or curved)."""
        d = []
        for i, seg in enumerate(segments):
            pts = [(x, y + self.dy) for x, y in seg.points]
            if i == 0 and start:
                d.append(f"M{_xy(pts[0])}")
            if seg.kind == "quad":
                d.append(f"Q{_xy(pts[1])} {_xy(pts[2])}")
            elif seg.kind == "arc":
                _, radius, _, sweep = arc_parameters(seg)
                d.append(f"A{_num(radius)} {_num(radius)} 0 0 {1 if sweep > 0 else 0} {_xy(pts[2])}")
            else:
                d.append(f"L{_xy(pts[-1])}")
        return " ".join(d)

    def route(self, a: str, b: str, over: str | None = None) -> list[Segment]:
        """The drawn segments from ``a`` to ``b``.

        One edge for a step; for a leap, its two edges through ``over`` (the
        jumped point, if known), else through the middle of a run of three on
        one line, else through the only common neighbour (a bent leap);
        failing all these, a straight chord.
        """
        board = self.layout.board
        if over is None and board.has_edge(a, b):
            return [self.layout.segment(a, b)]
        if over is None and "lines" in board.graph:
            # leap_lines, not the lines themselves, so that leaps round a circle are found too
            over = next((run[1] for run in leap_lines(board) if (run[0], run[2]) in ((a, b), (b, a))), None)
        if over is None:
            common = sorted(set(board[a]) & set(board[b]))
            over = common[0] if len(common) == 1 else None
        if over is not None and board.has_edge(a, over) and board.has_edge(over, b):
            return [self.layout.segment(a, over), self.layout.segment(over, b)]
        return [Segment(a, b, "line", (self.layout.xy(a), self.layout.xy(b)))]

    # The layers, bottom to top.

    def background(self, height: float, paper: bool = False) -> None:
        width = self.layout.width

        def slab(inset: float, corner: float, **paint: Any) -> str:
            """A rounded rectangle ``inset`` inside the picture's edge."""
            return _rect(
                inset, inset, width - 2 * inset, height - 2 * inset, rx=corner, **paint, class_="background"
            )

        if paper:  # printing: pale, to save ink, with a clear edge to cut or fold along
            self.surface = _PAPER
            self.add(
                slab(0, self.unit * 0.18, fill=_PAPER, stroke=style.SLAB_EDGE, stroke_width=self.unit * 0.05)
            )
            return
        self.add(slab(0, self.unit * 0.18, fill=style.SLAB_EDGE))
        self.add(slab(self.unit * 0.06, self.unit * 0.14, fill=f"url(#{_ID}-slab)"))

    def heat(self, heat: Mapping[str, float]) -> None:
        if not heat:
            return
        radius = _heat_radius(self.layout)
        group = []
        for point in self.layout.board.nodes:
            if point in heat:
                x, y = self.xy(point)
                group.append(
                    _circle(
                        x,
                        y,
                        radius,
                        fill=heat_color(heat[point]),
                        fill_opacity="0.85",
                        class_="heat",
                        data_point=point,
                        data_value=f"{heat[point]:.3g}",
                    )
                )
        self.add(f'<g class="heat-map">{"".join(group)}</g>')

    def lines(self, color: str = style.BOARD["line"], width: float | None = None) -> None:
        stroke = self.unit * 0.045 if width is None else width
        group = []
        for seg in self.layout.segments():
            kind = "line curved" if seg.kind == "quad" else "line arc" if seg.kind == "arc" else "line"
            group.append(
                _element("path", d=self.segment_path([seg]), class_=kind, data_edge=f"{seg.a} {seg.b}")
            )
        self.add(
            f'<g fill="none" stroke={quoteattr(color)} stroke-width="{_num(stroke)}" '
            f'stroke-linecap="round">{"".join(group)}</g>'
        )

    def points(self, color: str = style.BOARD["point"]) -> None:
        radius = self.layout.point_radius
        group = [
            _element("circle", cx=self.xy(p)[0], cy=self.xy(p)[1], r=radius, class_="point", data_point=p)
            for p in self.layout.board.nodes
        ]
        self.add(f'<g fill={quoteattr(color)}>{"".join(group)}</g>')

    def dead(self, points: Sequence[str]) -> None:
        """Grey out the points a shrinking board has put out of play (and the lines between them)."""
        if not points:
            return
        radius = self.unit * 0.42
        group = [
            _element("circle", cx=self.xy(p)[0], cy=self.xy(p)[1], r=radius, class_="dead", data_point=p)
            for p in points
        ]
        # Opacity on the group, so that overlapping discs make one even wash.
        self.add(f'<g fill="{_DEAD}" opacity="0.55" aria-hidden="true">{"".join(group)}</g>')

    def labels(self) -> None:
        size = self.unit * 0.2
        offset = self.layout.piece_radius + size * 0.95
        halos, texts = [], []
        for point in self.layout.board.nodes:
            x, y = self.xy(point)
            name = escape(str(self.layout.board.nodes[point].get("label", point)))
            # A halo in the slab's colour keeps the name readable where it crosses a line.
            halos.append(_element("text", name, x=x, y=y + offset, class_="label-halo"))
            texts.append(_element("text", name, x=x, y=y + offset, class_="label"))
        font = f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="{_num(size)}" text-anchor="middle"'
        self.add(
            f'<g {font} fill="{self.surface}" stroke="{self.surface}" '
            f'stroke-width="{_num(size * 0.3)}" stroke-linejoin="round" aria-hidden="true">'
            f'{"".join(halos)}</g>'
        )
        self.add(f'<g {font} fill={quoteattr(style.BOARD["label"])}>{"".join(texts)}</g>')

    # --- highlights and pieces

    def last_move(self, path: Sequence[str]) -> None:
        if len(path) < 2:
            return
        segments: list[Segment] = []
        for a, b in pairwise(path):
            segments.extend(self.route(a, b))
        x, y = self.xy(path[0])
        self.add(
            f'<g class="last-move" fill="none" stroke="{style.HIGHLIGHT["last_move"]}" stroke-linecap="round" '
            f'stroke-linejoin="round">'
            + _element(
                "path",
                d=self.segment_path(segments),
                stroke_width=self.unit * 0.16,
                stroke_opacity=_num(style.LAST_MOVE_OPACITY),
            )
            + _circle(
                x,
                y,
                self.layout.piece_radius * 0.85,
                stroke_width=self.unit * 0.05,
                stroke_dasharray=f"{_num(self.unit * 0.08)} {_num(self.unit * 0.06)}",
            )
            + "</g>"
        )

    def piece(self, point: str, color: Color, css: str = "piece", opacity: float | None = None) -> None:
        x, y = self.xy(point)
        self.add(_piece(x, y, self.layout.piece_radius, color, css, point, opacity))

    def ring(self, point: str, css: str, color: str, radius: float, width: float) -> None:
        x, y = self.xy(point)
        self.add(
            _circle(
                x,
                y,
                radius,
                fill="none",
                stroke=color,
                stroke_width=width,
                class_=css,
                data_point=point,
            )
        )

    def arrows(self, path: Sequence[str], overs: Sequence[str | None] = ()) -> None:
        halos, hops = [], []
        for i, (a, b) in enumerate(pairwise(path)):
            d = self.segment_path(self.route(a, b, overs[i] if i < len(overs) else None))
            # A pale under-stroke keeps the arrow visible where it crosses dark pieces.
            halos.append(_element("path", d=d))
            hops.append(_element("path", d=d, class_="path", marker_end=f"url(#{_ID}-arrow)"))
        self.add(
            f'<g fill="none" stroke="#ffffff" stroke-opacity="0.6" '
            f'stroke-width="{_num(self.unit * 0.13)}" '
            f'stroke-linecap="round" stroke-linejoin="round">{"".join(halos)}</g>'
        )
        self.add(
            f'<g fill="none" stroke="{style.HIGHLIGHT["path"]}" stroke-width="{_num(self.unit * 0.07)}" '
            f'stroke-linecap="round" stroke-linejoin="round">{"".join(hops)}</g>'
        )

    def cross(self, point: str) -> None:
        x, y = self.xy(point)
        s = self.layout.piece_radius * 0.7
        d = f"M{_xy((x - s, y - s))} L{_xy((x + s, y + s))} M{_xy((x - s, y + s))} L{_xy((x + s, y - s))}"
        self.add(
            _element(
                "path",
                d=d,
                fill="none",
                stroke=style.HIGHLIGHT["captured"],
                stroke_width=self.unit * 0.08,
                stroke_linecap="round",
                class_="captured",
                data_point=point,
            )
        )

    def heat_legend(self, top: float, label: str | None) -> None:
        lay = self.layout
        width = min(lay.width * 0.5, self.unit * 4)
        height = self.unit * 0.16
        left = (lay.width - width) / 2
        size = self.unit * 0.2
        font = 'font-family="DejaVu Sans, Verdana, sans-serif"'
        texts = [
            _element("text", "0", x=left - size * 0.4, y=top + height * 0.85, text_anchor="end"),
            _element("text", "1", x=left + width + size * 0.4, y=top + height * 0.85),
        ]
        if label:
            texts.append(
                _element(
                    "text",
                    escape(label),
                    x=lay.width / 2,
                    y=top + height + size * 1.2,
                    text_anchor="middle",
                    font_size=_fitting_size(label, size, lay.width * 0.94, glyph=0.55),
                )
            )
        self.add(
            f'<g class="heat-legend" {font} font-size="{_num(size)}" fill={quoteattr(style.BOARD["label"])}>'
            + _element(
                "rect",
                x=left,
                y=top,
                width=width,
                height=height,
                fill=f"url(#{_ID}-heat)",
                stroke=style.BOARD["line"],
                stroke_width=self.unit * 0.015,
            )
            + "".join(texts)
            + "</g>"
        )


def _piece(
    x: float,
    y: float,
    r: float,
    color: Color,
    css: str = "piece",
    point: str | None = None,
    opacity: float | None = None,
) -> str:
    """One piece: a soft shadow, a shaded body with a rim, and a turned groove, like a game piece."""
    name = color.value
    rim = style.PIECE_RIM[color]
    shadow = _element("circle", cx=x + r * 0.08, cy=y + r * 0.12, r=r, fill="#000", fill_opacity="0.22")
    body = _element("circle", cx=x, cy=y, r=r, fill=f"url(#{_ID}-{name})", stroke=rim, stroke_width=r * 0.12)
    groove = _circle(
        x,
        y,
        r * 0.62,
        fill="none",
        stroke=rim,
        stroke_width=r * 0.07,
        stroke_opacity="0.55",
    )
    return _element(
        "g",
        shadow + body + groove,
        class_=f"{css} {name}",
        data_point=point,
        opacity=None if opacity is None else _num(opacity),
    )


def _heat_radius(layout: Layout) -> float:
    """Disks just short of touching: a little under half the shortest edge."""
    shortest = (
        min(math.dist(layout.xy(a), layout.xy(b)) for a, b in layout.board.edges)
        if layout.board.number_of_edges()
        else layout.unit
    )
    return 0.46 * shortest


def _defs(unit: float, arrow: bool, heat: bool) -> str:
    """Gradients for the slab and the pieces, and the arrowhead marker."""
    parts = [
        (
            f'<linearGradient id="{_ID}-slab" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{style.SLAB_LIGHT}"/><stop offset="1" stop-color="{style.BOARD["background"]}"/>'
            "</linearGradient>"
        )
    ]
    for color in Color:
        fill = style.PIECE_FILL[color]
        shine = style.PIECE_SHINE[color]
        parts.append(
            f'<radialGradient id="{_ID}-{color.value}" cx="0.5" cy="0.5" r="0.5" fx="0.35" fy="0.3">'
            f'<stop offset="0" stop-color="{shine}"/><stop offset="0.75" stop-color="{fill}"/>'
            f'<stop offset="1" stop-color="{fill}"/></radialGradient>'
        )
    if heat:
        stops = "".join(
            f'<stop offset="{_num(i / (len(_VIRIDIS) - 1))}" stop-color="{c}"/>'
            for i, c in enumerate(_VIRIDIS)
        )
        parts.append(f'<linearGradient id="{_ID}-heat" x1="0" y1="0" x2="1" y2="0">{stops}</linearGradient>')
    if arrow:
        parts.append(
            f'<marker id="{_ID}-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" '
            f'markerHeight="4" orient="auto" markerUnits="strokeWidth">'
            f'<path d="M0 0 L10 5 L0 10 z" fill="{style.HIGHLIGHT["path"]}"/></marker>'
        )
    return "<defs>" + "".join(parts) + "</defs>"


def _caption(canvas: _Canvas, text: str, width: float) -> None:
    size = _fitting_size(text, canvas.unit * 0.3, width * 0.94)
    canvas.add(
        _element(
            "text",
            escape(text),
            x=width / 2,
            y=canvas.unit * 0.5,
            class_="title",
            font_family="DejaVu Serif, Georgia, serif",
            font_size=size,
            font_weight="bold",
            text_anchor="middle",
            fill=style.BOARD["label"],
        )
    )


def _margin(unit: float) -> float:
    return unit * 0.7


def _draw(
    board: nx.Graph,
    *,
    unit: float,
    labels: bool = False,
    flipped: bool = False,
    heat: Mapping[str, float] | None = None,
    title: str | None = None,
    default_title: str,
    desc: str,
    pieces: Mapping[str, Color] | None = None,
    last_move: Sequence[str] = (),
    targets: Sequence[str] = (),
    selected: str | None = None,
    path: Sequence[str] = (),
    path_overs: Sequence[str | None] = (),
    captured: Sequence[str] = (),
    ghost: Color | None = None,
    heat_label: str | None = None,
    start_marks: Mapping[str, Color] | None = None,
    paper: bool = False,
    placement: tuple[float, float, float] | None = None,
    margin: float | None = None,
    dead: Sequence[str] = (),
) -> str:
    """The shared drawing routine behind :func:`board_svg` and :func:`position_svg`.

    ``start_marks`` draws faint pieces where a game starts (printable
    sheets); ``paper`` picks the ink-saving print style; ``placement``
    nests the picture in a larger one (see :func:`_open_svg`).
    """
    heat_values = _check_heat(board, heat)
    margin = _margin(unit) if margin is None else margin
    layout = board_layout(board, unit=unit, margin=margin, flipped=flipped)
    title_band = unit * 0.75 if title else 0.0
    legend_band = unit * (0.8 if heat_label else 0.5) if heat_values else 0.0
    width, height = layout.width, layout.height + title_band + legend_band
    canvas = _Canvas(layout, dy=title_band)
    parts = _open_svg(width, height, title or default_title, desc, placement)
    parts.append(_defs(unit, arrow=len(path) > 1, heat=bool(heat_values)))
    canvas.background(height, paper)
    if title:
        _caption(canvas, title, width)
    canvas.heat(heat_values)
    canvas.last_move(last_move)
    canvas.lines()
    canvas.points()
    canvas.dead(dead)
    r = layout.piece_radius
    for point in targets:
        canvas.ring(point, "target", style.HIGHLIGHT["target"], r * 0.7, unit * 0.07)
    for point in board.nodes:
        if start_marks and point in start_marks:
            canvas.piece(point, start_marks[point], css="start", opacity=0.22)
    pieces = pieces or {}
    for point in board.nodes:  # board order keeps the output stable
        if point in pieces:
            canvas.piece(point, pieces[point])
    for point in captured:
        if point not in pieces and ghost is not None:
            canvas.piece(point, ghost, css="ghost", opacity=0.35)
        canvas.cross(point)
    if selected is not None:
        canvas.ring(selected, "selected", style.HIGHLIGHT["selected"], r * 1.18, unit * 0.08)
    if len(path) > 1:
        canvas.arrows(path, path_overs)
    if labels:
        canvas.labels()
    if heat_values:
        canvas.heat_legend(title_band + layout.height - unit * 0.05, heat_label)
    parts.extend(canvas.parts)
    parts.append("</svg>")
    return _finish(parts)


def _answer_ring(
    x: float, y: float, r: float, stroke_width: float, right: bool, colour: str, fill: str = "none"
) -> str:
    """The ring around something a check marked right or wrong (class ``mark right`` or ``mark wrong``)."""
    return _circle(
        x,
        y,
        r,
        fill=fill,
        stroke=colour,
        stroke_width=stroke_width,
        class_=f"mark {'right' if right else 'wrong'}",
    )


def _sheet_caption(name: str, *, x: float, y: float, font_family: str, font_size: float) -> str:
    """The bold caption that names one board of a sheet of several, above it."""
    return _element(
        "text",
        escape(name),
        x=x,
        y=y,
        font_family=font_family,
        font_size=font_size,
        font_weight="bold",
        fill=style.BOARD["label"],
        class_="caption",
    )


def _sheet_board(
    board: nx.Graph,
    *,
    unit: float,
    default_title: str,
    desc: str,
    placement: tuple[float, float, float],
    pieces: Mapping[str, Color] | None = None,
    margin: float | None = None,
) -> str:
    """One board of a sheet of several, in a ``<g class="board">``: no labels, heat or title band.

    The parameters are those of :func:`_draw`, which draws it.
    """
    return (
        '<g class="board">'
        + _draw(
            board,
            unit=unit,
            default_title=default_title,
            desc=desc,
            pieces=pieces,
            placement=placement,
            margin=margin,
        )
        + "</g>"
    )
