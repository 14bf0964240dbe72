"""Two drawings of one board, one above the other, with lettered spots to compare them by.

"Spot the difference" for boards: the same letters sit at the same places of
both drawings, each on the middle of one line segment (an edge) of either
drawing. A student picks the letters where the drawings disagree; after a
check the picture marks each pick with a tick or a cross (a symbol and a
ring, not a colour alone), and after a right answer it can draw every
segment that the second drawing leaves out, dashed.

Like every picture of the project, :func:`spot_drawings_svg` is a pure
function returning SVG text; show it with :class:`~awithlaknannai.render.Picture`.

Examples
--------
>>> from awithlaknannai.boards import mosona
>>> spots = {"A": ("T1", "T2"), "B": ("M4", "M5")}
>>> svg = spot_drawings_svg(mosona(), mosona(outer_lines=False), spots, marks={"A": True})
>>> svg.count('class="spot"'), svg.count('class="mark right"')
(4, 2)
>>> print(spot_description(mosona(), "A", ("T1", "T2")))
A lies between T1 and T2, on the top row
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

import networkx as nx

from .geometry import Layout, Segment, board_layout
from .style import BOARD, HIGHLIGHT
from .board_drawing import _answer_ring, _margin, _sheet_board, _sheet_caption, board_title
from .svg_text import _element, _finish, _num, _open_svg

__all__ = ["spot_description", "spot_drawings_svg"]

_FONT = "DejaVu Sans, Verdana, sans-serif"
_RIGHT = HIGHLIGHT["last_move"]
_WRONG = HIGHLIGHT["captured"]
_MISSING = HIGHLIGHT["selected"]
_ROWS = {"T": "the top row", "M": "the middle row", "B": "the bottom row"}


def _segment(layouts: Sequence[Layout], a: str, b: str) -> Segment:
    for layout in layouts:
        if layout.board.has_edge(a, b):
            return layout.segment(a, b)
    raise ValueError(f"no drawing joins {a} and {b}: a spot must sit on a line of one of the drawings")


def _middle(segment: Segment) -> tuple[float, float]:
    """The middle of a drawn segment: of its straight line, or of its curve (a Bezier curve at t = 1/2)."""
    if segment.kind == "quad":
        (x0, y0), (x1, y1), (x2, y2) = segment.points
        return (x0 + 2 * x1 + x2) / 4, (y0 + 2 * y1 + y2) / 4
    (x0, y0), (x2, y2) = segment.points[0], segment.points[-1]
    return (x0 + x2) / 2, (y0 + y2) / 2


def spot_description(board: nx.Graph, letter: str, edge: tuple[str, str]) -> str:
    """Where a lettered spot lies, in words (the picture's text alternative says this of each letter).

    >>> from awithlaknannai.boards import mosona
    >>> spot_description(mosona(), "E", ("T7", "M8"))
    'E lies between T7 and M8, on the curved end'
    """
    a, b = edge
    rows = {board.nodes[a].get("row"), board.nodes[b].get("row")}
    if len(rows) == 1:
        where = _ROWS.get(rows.pop(), "one row")
    elif any(
        edge_set == {a, b}
        for index in board.graph.get("curved_lines", ())
        for edge_set in _pairs(board.graph["lines"][index])
    ):
        where = "the curved end"
    else:
        where = "a diagonal"
    return f"{letter} lies between {a} and {b}, on {where}"


def _pairs(line: Sequence[str]) -> list[set[str]]:
    return [{p, q} for p, q in itertools.pairwise(line)]


def _lines_in_words(board: nx.Graph) -> str:
    rows = {
        board.nodes[p].get("row")
        for a, b in board.edges
        for p in (a, b)
        if board.nodes[a].get("row") == board.nodes[b].get("row")
    }
    along = [_ROWS[row] for row in "TMB" if row in rows]
    return (
        f"{board.number_of_nodes()} points and {board.number_of_edges()} line segments; "
        f"lines along {', '.join(along) if along else 'no row'}"
    )


def spot_drawings_svg(
    first: nx.Graph,
    second: nx.Graph,
    spots: Mapping[str, tuple[str, str]],
    *,
    labels: tuple[str, str] | None = None,
    marks: Mapping[str, bool] | None = None,
    show_missing: bool = False,
    unit: float = 56,
) -> str:
    """Draw two boards with the same points one above the other, with lettered spots on both.

    Parameters
    ----------
    first, second : networkx.Graph
        Two drawings of one board: the same points at the same places
        (their lines may differ).
    spots : mapping of str to (str, str)
        Each letter, and the two points of the segment it sits on (a
        segment of either drawing).
    labels : (str, str), optional
        A caption above each drawing (default: the boards' names).
    marks : mapping of str to bool, optional
        Letters to mark after a check: ``True`` a tick, ``False`` a cross.
    show_missing : bool
        Draw, dashed on the second drawing, every segment of the first that
        the second leaves out (after a right answer).
    unit : float
        Pixels between neighbouring points.

    Raises
    ------
    ValueError
        If the boards' points differ, a spot's points are not joined in
        either drawing, or ``marks`` names an unknown letter.
    """
    if set(first.nodes) != set(second.nodes):
        raise ValueError("the two drawings must have the same points")
    marks = dict(marks or {})
    unknown = sorted(set(marks) - set(spots))
    if unknown:
        raise ValueError(f"marks name letters that are not spots: {', '.join(unknown)}")
    names = labels or (board_title(first), board_title(second))
    margin = _margin(unit)
    layouts = [board_layout(board, unit=unit, margin=margin) for board in (first, second)]
    centres = {letter: _middle(_segment(layouts, *edge)) for letter, edge in spots.items()}
    missing = [edge for edge in first.edges if not second.has_edge(*edge)]
    caption_h, gap = unit * 0.6, unit * 0.25
    legend_h = unit * 0.5 if show_missing and missing else 0.0
    width = layouts[0].width
    height = 2 * (caption_h + layouts[0].height) + gap + legend_h
    desc = (
        f"Top: {names[0]}, {_lines_in_words(first)}. Bottom: {names[1]}, {_lines_in_words(second)}. "
        "The same letters sit at the same places on both: "
        + "; ".join(spot_description(first, letter, edge) for letter, edge in spots.items())
        + "."
    )
    for letter, right in marks.items():
        desc += f" {letter} is marked {'right' if right else 'not right'}."
    if show_missing and missing:
        desc += f" Dashed on the bottom drawing: the {len(missing)} segments it leaves out."
    parts = _open_svg(width, height, f"{names[0]} and {names[1]}, with lettered spots", desc)
    parts.append(_element("rect", x=0, y=0, width=width, height=height, fill="#ffffff", class_="figure"))
    y = 0.0
    for index, (board, layout, name) in enumerate(zip((first, second), layouts, names)):
        parts.append(
            _sheet_caption(
                name, x=unit * 0.3, y=y + caption_h * 0.72, font_family=_FONT, font_size=unit * 0.32
            )
        )
        y += caption_h
        parts.append(
            _sheet_board(
                board,
                unit=unit,
                default_title=name,
                desc=f"{name}: {_lines_in_words(board)}.",
                placement=(0, y, 1.0),
                margin=margin,
            )
        )
        if index == 1 and show_missing:
            dash = f"{_num(unit * 0.12)} {_num(unit * 0.08)}"
            paths = "".join(
                _element("path", d=_segment_path(layouts[0].segment(a, b), y)) for a, b in missing
            )
            parts.append(
                f'<g class="missing" fill="none" stroke="{_MISSING}" stroke-width="{_num(unit * 0.06)}" '
                f'stroke-dasharray="{dash}" stroke-linecap="round">{paths}</g>'
            )
        for letter in spots:
            x0, y0 = centres[letter]
            parts.append(_spot(letter, x0, y0 + y, marks.get(letter), unit))
        y += layout.height + (gap if index == 0 else 0)
    if legend_h:
        x0, y0 = unit * 0.3, y + legend_h * 0.55
        parts.append(
            _element(
                "path",
                d=f"M{_num(x0)} {_num(y0 - 4)} h{_num(unit * 0.8)}",
                stroke=_MISSING,
                stroke_width=unit * 0.06,
                stroke_dasharray=f"{_num(unit * 0.12)} {_num(unit * 0.08)}",
            )
            + _element(
                "text",
                escape(f"dashed: the {len(missing)} segments the lower drawing leaves out"),
                x=x0 + unit,
                y=y0,
                font_family=_FONT,
                font_size=unit * 0.26,
                fill=BOARD["label"],
                class_="legend",
            )
        )
    parts.append("</svg>")
    return _finish(parts)


def _segment_path(segment: Segment, dy: float) -> str:
    points = [(x, y + dy) for x, y in segment.points]
    if segment.kind == "quad":
        return (
            f"M{_num(points[0][0])} {_num(points[0][1])} Q{_num(points[1][0])} {_num(points[1][1])} "
            f"{_num(points[2][0])} {_num(points[2][1])}"
        )
    return f"M{_num(points[0][0])} {_num(points[0][1])} L{_num(points[-1][0])} {_num(points[-1][1])}"


def _spot(letter: str, x: float, y: float, mark: bool | None, unit: float) -> str:
    radius = unit * 0.2
    parts = []
    if mark is not None:
        colour = _RIGHT if mark else _WRONG
        parts.append(_answer_ring(x, y, radius * 1.45, unit * 0.06, mark, colour))
        parts.append(
            _element(
                "text",
                "\u2714" if mark else "\u2718",
                x=x + radius * 1.5,
                y=y - radius * 1.1,
                font_family=_FONT,
                font_size=unit * 0.3,
                font_weight="bold",
                fill=colour,
            )
        )
    parts.append(
        _element(
            "circle",
            cx=x,
            cy=y,
            r=radius,
            fill="#ffffff",
            stroke=BOARD["line"],
            stroke_width=unit * 0.03,
            class_="spot",
            data_spot=letter,
        )
    )
    parts.append(
        _element(
            "text",
            letter,
            x=x,
            y=y + radius * 0.45,
            font_family=_FONT,
            font_size=radius * 1.25,
            font_weight="bold",
            fill=BOARD["label"],
            text_anchor="middle",
        )
    )
    return "".join(parts)
