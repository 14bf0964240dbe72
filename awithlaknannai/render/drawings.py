"""Two drawings of one board, side by side: which lines only one of them has (:func:`drawing_differences`,
:func:`compare_drawings_svg`), in the light and the dark theme."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias
from xml.sax.saxutils import escape

import networkx as nx

from ..boards import leap_lines
from ..i18n import N_, _, ngettext
from ..variants import Variant
from .compare import BoardLike, _board_of, _labels_for, board_statistics
from .geometry import Layout, board_layout
from .style import BOARD, HIGHLIGHT
from .board_drawing import _margin, _sheet_board, board_title
from .svg_text import _element, _finish, _num, _open_svg

__all__ = [
    "FIGURE_BACKGROUND",
    "FIGURE_BACKGROUND_DARK",
    "THEMES",
    "DrawingDifferences",
    "compare_drawings_svg",
    "drawing_differences",
]

# --- two drawings of one board: what differs -------------------------------------------------------

ACCENT = HIGHLIGHT["captured"]
"""The colour that marks what only one drawing has (dark vermillion: 4.5:1 on the slab, 6.1:1
under white text); dashes, dotted arcs and "+2" badges carry the same meaning without colour."""
BADGE_TEXT = "#ffffff"
# The figure's page: a light stone colour like the boards' slabs, not white, so that in JupyterLab's
# dark theme the figure is no glaring white panel (the boards inside are stone in both themes). Its text
# is a darker brown than the boards' labels, to keep 7:1 on it (the accent stays above 4.5:1).
FIGURE_BACKGROUND = "#ede1c8"
TEXT_COLOUR = "#3a3226"
# The same figure for JupyterLab's dark theme (``theme="dark"``): a dark stone page, light text (13:1),
# the boards still stone. The accent marks stay on stone too: the legend's samples sit on small stone
# swatches, since the accent reaches only 2.8:1 on the dark page.
FIGURE_BACKGROUND_DARK = "#1e1a14"
TEXT_COLOUR_DARK = "#ede1c8"
THEMES = ("light", "dark")
_FONT = "DejaVu Sans, Verdana, sans-serif"

Edge: TypeAlias = tuple[str, str]
LeapLine: TypeAlias = tuple[str, str, str]


@dataclass(frozen=True)
class DrawingDifferences:
    """What each of two drawings of the same points has that the other lacks.

    Made by :func:`drawing_differences`. Each pair holds the first
    drawing's extras, then the second's. ``degree_change`` maps each point
    whose number of neighbours differs to (first drawing's) minus (second
    drawing's); points that agree are left out.
    """

    labels: tuple[str, str]
    extra_edges: tuple[tuple[Edge, ...], tuple[Edge, ...]]
    extra_leap_lines: tuple[tuple[LeapLine, ...], tuple[LeapLine, ...]]
    degree_change: dict[str, int]
    boards: tuple[nx.Graph, nx.Graph] = field(repr=False, compare=False)

    @property
    def same(self) -> bool:
        """True when the two drawings have the same lines."""
        return not any(self.extra_edges) and not any(self.extra_leap_lines)

    def gained(self, which: int) -> dict[str, int]:
        """The points that have more neighbours on drawing ``which`` (0 or 1), with how many more."""
        sign = 1 if which == 0 else -1
        return {point: sign * change for point, change in self.degree_change.items() if sign * change > 0}

    def text(self) -> str:
        """The differences in plain words (also the picture's description).

        >>> print(drawing_differences("zuni-3", "zuni-3-murray", ["Culin's style", "Murray's style"]).text())
        Culin's style has what Murray's style lacks: 4 line segments (on the lines T0 to T2 and B0 to B2), \
2 leap lines (T0-T1-T2, B0-B1-B2); 6 points have more neighbours there (+1 at T0, T2, B0, B2; +2 at T1, B1).
        """
        if self.same:
            return _("{first} and {second} have the same lines.").format(
                first=self.labels[0], second=self.labels[1]
            )
        sentences = []
        for which in (0, 1):
            edges, leaps = self.extra_edges[which], self.extra_leap_lines[which]
            if not edges and not leaps:
                continue
            other = self.labels[1 - which]
            bits = []
            if edges:
                bits.append(
                    ngettext(
                        "{count} line segment (on {lines})", "{count} line segments (on {lines})", len(edges)
                    ).format(count=len(edges), lines=_on_lines(self.boards[which], edges))
                )
            if leaps:
                bits.append(
                    ngettext("{count} leap line ({runs})", "{count} leap lines ({runs})", len(leaps)).format(
                        count=len(leaps), runs=", ".join("-".join(run) for run in leaps)
                    )
                )
            sentence = _("{first} has what {second} lacks: {what}").format(
                first=self.labels[which], second=other, what=", ".join(bits)
            )
            gained = self.gained(which)
            if gained:
                by_change: dict[int, list[str]] = {}
                for point, change in gained.items():
                    by_change.setdefault(change, []).append(point)
                listed = "; ".join(
                    _("+{change} at {points}").format(change=change, points=", ".join(points))
                    for change, points in sorted(by_change.items())
                )
                sentence += "; " + ngettext(
                    "{count} point has more neighbours there ({listed})",
                    "{count} points have more neighbours there ({listed})",
                    len(gained),
                ).format(count=len(gained), listed=listed)
            sentences.append(sentence + ".")
        return " ".join(sentences)


def _lines_of(board: nx.Graph, edges: Sequence[Edge]) -> list[str]:
    """The drawn lines the edges lie on, each named by its ends: ``["T0 to T7", "B0 to B7"]``."""
    lines = board.graph["lines"]
    indexes: list[int] = []
    for a, b in edges:
        index = board.edges[a, b].get("line")
        if index is not None and index not in indexes:
            indexes.append(index)
    return [_("{start} to {end}").format(start=lines[i][0], end=lines[i][-1]) for i in indexes]


def _and(items: Sequence[str]) -> str:
    return (
        items[0]
        if len(items) == 1
        else _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
    )


def _on_lines(board: nx.Graph, edges: Sequence[Edge]) -> str:
    """Name the drawn lines the edges lie on: 'the lines T0 to T7 and B0 to B7'."""
    names = _lines_of(board, edges)
    if not names:
        return _("the board")
    return ngettext("the line {lines}", "the lines {lines}", len(names)).format(lines=_and(names))


def _pair_labels(first: BoardLike, second: BoardLike, labels: Sequence[str] | None) -> list[str]:
    if labels is not None and (isinstance(labels, str) or len(labels) != 2):
        raise ValueError("labels must be two texts, one for each drawing")
    return _labels_for([first, second], labels)


def drawing_differences(
    first: BoardLike, second: BoardLike, labels: Sequence[str] | None = None
) -> DrawingDifferences:
    """Compare two drawings of the same points: the line segments, leap lines and neighbours each adds.

    Parameters
    ----------
    first, second : networkx.Graph, Variant or str
        Two boards with the same points and drawn lines (graph attribute
        ``lines``), such as ``"mosona"`` and ``"mosona-murray"``.
    labels : two str, optional
        What to call each drawing (default: the names given).

    Raises
    ------
    ValueError
        If the boards do not have the same points, if either has no drawn
        lines, or if ``labels`` is not two texts.
    TypeError
        If a board is not a graph, a Variant or a variant name.

    Examples
    --------
    >>> diff = drawing_differences("mosona", "mosona-murray", ["Culin", "Murray"])
    >>> [len(edges) for edges in diff.extra_edges], [len(runs) for runs in diff.extra_leap_lines]
    ([14, 0], [12, 0])
    >>> diff.degree_change["T3"], diff.degree_change["T0"], "M4" in diff.degree_change
    (2, 1, False)
    >>> drawing_differences("mosona", "zuni-4")
    Traceback (most recent call last):
    ...
    ValueError: the two drawings must have the same points: only on mosona: B4, B5, B6, B7, M5 and 7 more
    """
    for item in (first, second):
        if not isinstance(item, (nx.Graph, Variant, str)):
            raise TypeError(
                f"expected a board (networkx graph), a Variant or a variant name, got {type(item).__name__}"
            )
    graphs = [_board_of(first)[0], _board_of(second)[0]]
    names = _pair_labels(first, second, labels)
    for name, graph in zip(names, graphs, strict=True):
        if "lines" not in graph.graph:
            raise ValueError(f"{name}: the board has no drawn lines (graph attribute 'lines') to compare")
    points = [set(graph.nodes) for graph in graphs]
    if points[0] != points[1]:
        only = [(names[i], sorted(points[i] - points[1 - i], key=_natural_point)) for i in (0, 1)]
        where = "; ".join(f"only on {name}: {_few(found)}" for name, found in only if found)
        raise ValueError(f"the two drawings must have the same points: {where}")
    edge_sets = [{frozenset(edge) for edge in graph.edges} for graph in graphs]
    run_sets = [{frozenset([run, run[::-1]]) for run in map(tuple, leap_lines(graph))} for graph in graphs]
    order = {point: index for index, point in enumerate(graphs[0].nodes)}

    def edges_only(i: int) -> tuple[Edge, ...]:
        # In the order the board lists its edges (line by line), so texts read along the lines.
        return tuple((a, b) for a, b in graphs[i].edges if frozenset((a, b)) not in edge_sets[1 - i])

    def runs_only(i: int) -> tuple[LeapLine, ...]:
        runs: list[LeapLine] = [
            (a, m, c)
            for a, m, c in leap_lines(graphs[i])
            if frozenset([(a, m, c), (c, m, a)]) not in run_sets[1 - i]
        ]
        return tuple(sorted(runs, key=lambda run: [order[p] for p in run]))

    change = {
        point: graphs[0].degree[point] - graphs[1].degree[point]
        for point in graphs[0].nodes
        if graphs[0].degree[point] != graphs[1].degree[point]
    }
    return DrawingDifferences(
        (names[0], names[1]),
        (edges_only(0), edges_only(1)),
        (runs_only(0), runs_only(1)),
        change,
        (graphs[0], graphs[1]),
    )


def _natural_point(label: str) -> tuple[str, int, str]:
    head = label.rstrip("0123456789")
    digits = label[len(head) :]
    return (head, int(digits) if digits else -1, label)


def _few(items: Sequence[str], limit: int = 5) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def compare_drawings_svg(
    first: BoardLike,
    second: BoardLike,
    labels: Sequence[str] | None = None,
    *,
    marks: bool = True,
    results: Sequence[str | None] | None = None,
    title: str | None = None,
    unit: float = 56,
    theme: str = "light",
) -> str:
    """Two drawings of the same points, one above the other, with what differs marked.

    With ``marks`` (the default), on each drawing the line segments the
    other lacks are drawn over with thick accent-coloured dashes, the extra
    leap lines as dotted accent arcs from the first point to the third, and
    every point with more neighbours than on the other drawing carries a
    badge ("+2"). Under each drawing one line gives its counts and what it
    adds, then (if given) its entry of ``results``, such as who wins with
    perfect play. A legend explains the marks, so no mark depends on colour
    alone. ``marks=False`` draws the two boards plainly, without numbers
    in the picture or its description: a question ("what differs?") rather
    than its answer.

    Parameters
    ----------
    first, second : networkx.Graph, Variant or str
        Two boards with the same points (see :func:`drawing_differences`);
        they are drawn empty.
    labels : two str, optional
        A heading for each drawing.
    marks : bool
        Mark the differences and give the counts.
    results : two str or None, optional
        A line written under each drawing (``None`` for none), e.g.
        ``"Perfect play: the first player wins"``.
    title : str, optional
        The picture's heading (drawn at the top, and its ``<title>``).
    unit : float
        Pixels between neighbouring points, the same for both drawings.
    theme : {"light", "dark"}
        The page around the boards: light stone with dark text (the default), or
        dark stone with light text, for a notebook in a dark theme. The boards and
        their marks are the same in both.

    Raises
    ------
    ValueError
        As :func:`drawing_differences`; if ``results`` is not two entries;
        if ``unit`` is not a positive number up to 200; if ``theme`` is neither.
    TypeError
        If a result or the title is not text.

    Examples
    --------
    >>> svg = compare_drawings_svg("zuni-4", "zuni-4-murray", ["With the lines", "Without"],
    ...                            results=["first player wins", "draw"])
    >>> svg.count('class="extra-edge"'), svg.count('class="extra-leap"'), svg.count('class="degree-badge"')
    (6, 4, 8)
    >>> svg.count('class="board"'), svg.count('class="result"'), 'class="legend"' in svg
    (2, 2, True)
    >>> plain = compare_drawings_svg("zuni-4", "zuni-4-murray", ["With the lines", "Without"], marks=False)
    >>> "extra-edge" in plain, "6 line segments" in plain
    (False, False)
    >>> dark = compare_drawings_svg("zuni-4", "zuni-4-murray", ["With the lines", "Without"], theme="dark")
    >>> f'fill="{FIGURE_BACKGROUND_DARK}" class="figure"' in dark, dark.count('class="swatch"')
    (True, 3)
    """
    if theme not in THEMES:
        raise ValueError(f"theme must be 'light' or 'dark', got {theme!r}")
    page, ink = (
        (FIGURE_BACKGROUND, TEXT_COLOUR) if theme == "light" else (FIGURE_BACKGROUND_DARK, TEXT_COLOUR_DARK)
    )
    if isinstance(unit, bool) or not isinstance(unit, (int, float)) or not 0 < unit <= 200:
        raise ValueError(f"unit must be a number of pixels between 0 and 200, got {unit!r}")
    diff = drawing_differences(first, second, labels)
    if results is None:
        results = (None, None)
    elif isinstance(results, str) or len(results) != 2:
        raise ValueError("results must be two entries, one for each drawing (None for none)")
    for result in results:
        if result is not None and not isinstance(result, str):
            raise TypeError(f"each result must be text or None, got {type(result).__name__}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text, got {type(title).__name__}")
    names = diff.labels
    heading = title or (
        _("What differs between {first} and {second}").format(first=names[0], second=names[1])
        if marks
        else _("Two drawings: {first} and {second}").format(first=names[0], second=names[1])
    )
    layouts = [board_layout(graph, unit=unit, margin=_margin(unit)) for graph in diff.boards]
    gap = unit * 0.4
    # At least as wide as Mosona's drawing, so that the texts fit on a line or two under a small board.
    width = max(max(layout.width for layout in layouts) + 2 * gap, unit * 9.5)
    room = width - 2 * gap
    blocks: list[tuple[str, list[str], float, bool]] = []  # (css class, lines, font size, bold)
    title_block = ("title", _wrap(heading, unit * 0.4, room, bold=True), unit * 0.4, True)
    body: list[list[tuple[str, list[str], float, bool]]] = []
    for which, name in enumerate(names):
        above = [("caption", _wrap(name, unit * 0.34, room, bold=True), unit * 0.34, True)]
        below = []
        if marks:
            below.append(("stats", _wrap(_stats_line(diff, which), unit * 0.28, room), unit * 0.28, False))
        if results[which]:
            below.append(
                ("result", _wrap(str(results[which]), unit * 0.3, room, bold=True), unit * 0.3, True)
            )
        body.append(above + [("board", [], 0.0, False)] + below)
    legend = marks and not diff.same
    legend_size = unit * 0.26
    legend_texts = [_wrap(str(text), legend_size, room - unit * 1.05) for text in _LEGEND]
    legend_h = sum(max(unit * 0.55, len(lines) * legend_size * 1.3 + unit * 0.2) for lines in legend_texts)

    def block_height(block: tuple[str, list[str], float, bool]) -> float:
        return len(block[1]) * block[2] * 1.3 + block[2] * 0.5

    height = gap + block_height(title_block) + legend_h * legend
    for which, blocks in enumerate(body):
        height += sum(block_height(b) for b in blocks if b[0] != "board") + layouts[which].height + gap
    parts = _open_svg(width, height, heading, _drawings_desc(diff, results, marks))
    parts.append(_element("rect", x=0, y=0, width=width, height=height, fill=page, class_="figure"))
    y = gap
    parts.append(_text_block(title_block, width / 2, y, "middle", ink))
    y += block_height(title_block)
    for which, (name, graph, layout) in enumerate(zip(names, diff.boards, layouts, strict=True)):
        for block in body[which]:
            if block[0] != "board":
                anchor = "start" if block[0] == "caption" else "middle"
                parts.append(_text_block(block, gap if anchor == "start" else width / 2, y, anchor, ink))
                y += block_height(block)
                continue
            x = (width - layout.width) / 2
            parts.append(
                _sheet_board(
                    graph,
                    unit=unit,
                    default_title=name,
                    desc=f"{name}: {board_title(graph)}",
                    placement=(x, y, 1.0),
                )
            )
            if marks:
                parts.append(_marks(diff, which, layout, x, y, page))
            y += layout.height
        y += gap
    if legend:
        parts.append(
            _legend(
                x=gap, y=y, unit=unit, size=legend_size, texts=legend_texts, ink=ink, swatches=theme == "dark"
            )
        )
    parts.append("</svg>")
    return _finish(parts)


def _wrap(text: str, size: float, room: float, *, bold: bool = False) -> list[str]:
    """Break ``text`` into lines that fit ``room`` pixels at font ``size`` (a generous width estimate).

    >>> _wrap("a short line", 10, 1000), _wrap("two words", 10, 40)
    (['a short line'], ['two', 'words'])
    """
    per_line = max(1, int(room / (size * (0.63 if bold else 0.58))))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text_block(
    block: tuple[str, list[str], float, bool], x: float, top: float, anchor: str, ink: str = TEXT_COLOUR
) -> str:
    """One text of one or more lines (``<tspan>`` each), its first baseline one line below ``top``."""
    css, lines, size, bold = block
    spans = "".join(
        _element("tspan", escape(line), x=x, dy=size * (1.05 if i == 0 else 1.3))
        for i, line in enumerate(lines)
    )
    return _element(
        "text",
        spans,
        x=x,
        y=top + size * 0.1,
        font_family=_FONT,
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor=anchor,
        fill=ink,
        class_=css,
    )


def _stats_line(diff: DrawingDifferences, which: int) -> str:
    stats = board_statistics(diff.boards[which])
    edges, leaps = len(diff.extra_edges[which]), len(diff.extra_leap_lines[which])
    edge_text = _("{count} line segments").format(count=stats["edges"])
    if edges:
        edge_text += " " + _("({count} more)").format(count=edges)
    leap_text = _("{count} leap lines").format(count=stats["leap_lines"])
    if leaps:
        leap_text += " " + _("({count} more)").format(count=leaps)
    return _("{count} points").format(count=stats["points"]) + f" · {edge_text} · {leap_text}"


def _drawings_desc(diff: DrawingDifferences, results: Sequence[str | None], marks: bool) -> str:
    graph = diff.boards[0]
    names = diff.labels
    if not marks:
        # A question, not its answer: what is drawn, in words, with no counts.
        extra = [
            (names[i], names[1 - i], _lines_of(diff.boards[i], diff.extra_edges[i]))
            for i in (0, 1)
            if diff.extra_edges[i]
        ]
        lines = " ".join(
            _("{first} has {what} that {second} does not.").format(
                first=a,
                what=_and([_("a line from {where}").format(where=where) for where in found])
                if found
                else _("lines"),
                second=b,
            )
            for a, b, found in extra
        )
        return (
            _(
                "Two drawings of {board}, one above the other, on the same {count} points: {first} and {second}."
            ).format(board=board_title(graph), count=graph.number_of_nodes(), first=names[0], second=names[1])
            + " "
            + (lines or _("They have the same lines."))
        )
    text = [f"{names[i]}: {_stats_line(diff, i)}." for i in (0, 1)]
    text.append(diff.text())
    if not diff.same:
        text.append(
            _(
                "Marks: dashed accent lines are line segments only one drawing has, dotted accent arcs "
                "its extra leap lines, and a badge such as +2 on a point says how many more neighbours "
                "it has there."
            )
        )
    text += [f"{names[i]}: {results[i]}." for i in (0, 1) if results[i]]
    return " ".join(text)


def _marks(
    diff: DrawingDifferences, which: int, layout: Layout, x: float, y: float, page: str = FIGURE_BACKGROUND
) -> str:
    """The accent marks on drawing ``which``: dashed extra segments, dotted leap arcs, degree badges."""
    unit = layout.unit
    graph = diff.boards[which]

    def at(point: str) -> tuple[float, float]:
        px, py = layout.xy(point)
        return (x + px, y + py)

    out = []
    segments = {frozenset((seg.a, seg.b)): seg for seg in layout.segments()}
    dash = f"{_num(unit * 0.2)} {_num(unit * 0.1)}"
    for a, b in diff.extra_edges[which]:
        seg = segments[frozenset((a, b))]
        points = [(x + px, y + py) for px, py in seg.points]
        if seg.kind == "line":
            d = f"M{_num(points[0][0])} {_num(points[0][1])} L{_num(points[1][0])} {_num(points[1][1])}"
        elif seg.kind == "quad":
            d = (
                f"M{_num(points[0][0])} {_num(points[0][1])} Q{_num(points[1][0])} {_num(points[1][1])} "
                f"{_num(points[2][0])} {_num(points[2][1])}"
            )
        else:  # an arc of a circle: its chord is near enough for a mark
            d = f"M{_num(points[0][0])} {_num(points[0][1])} L{_num(points[2][0])} {_num(points[2][1])}"
        out.append(_element("path", d=d, class_="extra-edge", data_edge=f"{a} {b}"))
    edges = (
        (
            f'<g fill="none" stroke="{ACCENT}" stroke-width="{_num(unit * 0.11)}" stroke-dasharray="{dash}" '
            f'stroke-linecap="butt">{"".join(out)}</g>'
        )
        if out
        else ""
    )
    # Leap arcs bulge away from the middle of the board, two heights in turn so that overlapping arcs part.
    xs = [at(p)[0] for p in graph.nodes]
    ys = [at(p)[1] for p in graph.nodes]
    centre = (sum(xs) / len(xs), sum(ys) / len(ys))
    arcs = []
    for number, (a, m, c) in enumerate(diff.extra_leap_lines[which]):
        (ax, ay), (cx, cy) = at(a), at(c)
        mx, my = (ax + cx) / 2, (ay + cy) / 2
        length = math.hypot(cx - ax, cy - ay) or 1.0
        nx_, ny_ = -(cy - ay) / length, (cx - ax) / length
        if nx_ * (mx - centre[0]) + ny_ * (my - centre[1]) < 0:
            nx_, ny_ = -nx_, -ny_
        rise = unit * (0.3 if number % 2 == 0 else 0.52)
        control = (mx + 2 * rise * nx_, my + 2 * rise * ny_)
        d = f"M{_num(ax)} {_num(ay)} Q{_num(control[0])} {_num(control[1])} {_num(cx)} {_num(cy)}"
        arcs.append(_element("path", d=d, class_="extra-leap", data_leap=f"{a} {m} {c}"))
    dots = f"0 {_num(unit * 0.13)}"
    leaps = (
        (
            f'<g fill="none" stroke="{ACCENT}" stroke-width="{_num(unit * 0.075)}" stroke-dasharray="{dots}" '
            f'stroke-linecap="round">{"".join(arcs)}</g>'
        )
        if arcs
        else ""
    )
    badges = []
    radius = unit * 0.22
    for point, change in diff.gained(which).items():
        px, py = at(point)
        badges.append(
            _element(
                "g",
                _element("circle", cx=px, cy=py, r=radius, fill=ACCENT, stroke=page, stroke_width=unit * 0.03)
                + _element(
                    "text",
                    f"+{change}",
                    x=px,
                    y=py + unit * 0.085,
                    font_family=_FONT,
                    font_size=unit * 0.24,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=BADGE_TEXT,
                ),
                class_="degree-badge",
                data_point=point,
            )
        )
    return f'<g class="differences" aria-hidden="true">{edges}{leaps}{"".join(badges)}</g>'


_LEGEND = (
    N_("dashed: a line segment only this drawing has"),
    N_("dotted arc: a leap line only this drawing has (a capture can jump along it)"),
    N_("badge: how many more neighbours the point has on this drawing"),
)


def _legend(
    *,
    x: float,
    y: float,
    unit: float,
    size: float,
    texts: Sequence[list[str]],
    ink: str = TEXT_COLOUR,
    swatches: bool = False,
) -> str:
    """What the marks mean, each beside a sample mark: the meaning never rests on colour alone.

    With ``swatches`` each sample is drawn on a small piece of stone, as the marks are on the boards
    (on a dark page the accent alone would not stand out enough)."""
    sample_x, text_x = x + unit * 0.1, x + unit * 1.05
    items = []
    top = y
    for number, lines in enumerate(texts):
        row = max(unit * 0.55, len(lines) * size * 1.3 + unit * 0.2)
        mid = top + row / 2
        if number == 0:
            line = f"M{_num(sample_x)} {_num(mid)} L{_num(sample_x + unit * 0.7)} {_num(mid)}"
            sample = _element("path", d=line, stroke=BOARD["line"], stroke_width=unit * 0.045) + _element(
                "path",
                d=line,
                stroke=ACCENT,
                stroke_width=unit * 0.11,
                stroke_dasharray=f"{_num(unit * 0.2)} {_num(unit * 0.1)}",
            )
        elif number == 1:
            sample = _element(
                "path",
                d=(
                    f"M{_num(sample_x)} {_num(mid + unit * 0.12)} "
                    f"Q{_num(sample_x + unit * 0.35)} {_num(mid - unit * 0.4)} "
                    f"{_num(sample_x + unit * 0.7)} {_num(mid + unit * 0.12)}"
                ),
                stroke=ACCENT,
                stroke_width=unit * 0.075,
                stroke_dasharray=f"0 {_num(unit * 0.13)}",
                stroke_linecap="round",
            )
        else:
            sample = _element(
                "circle", cx=sample_x + unit * 0.35, cy=mid, r=unit * 0.22, fill=ACCENT
            ) + _element(
                "text",
                "+2",
                x=sample_x + unit * 0.35,
                y=mid + unit * 0.085,
                font_size=unit * 0.24,
                font_weight="bold",
                text_anchor="middle",
                fill=BADGE_TEXT,
            )
        if swatches:
            sample = (
                _element(
                    "rect",
                    x=sample_x - unit * 0.1,
                    y=mid - unit * 0.3,
                    width=unit * 0.9,
                    height=unit * 0.6,
                    rx=unit * 0.08,
                    fill=BOARD["background"],
                    class_="swatch",
                )
                + sample
            )
        first_baseline = mid - (len(lines) - 1) * size * 0.65 + size * 0.35
        spans = "".join(
            _element("tspan", escape(text), x=text_x, dy=None if i == 0 else size * 1.3)
            for i, text in enumerate(lines)
        )
        items.append(sample + _element("text", spans, x=text_x, y=first_baseline, font_size=size, fill=ink))
        top += row
    return (
        f'<g class="legend" aria-hidden="true" fill="none" font-family="{_FONT}">' + "".join(items) + "</g>"
    )
