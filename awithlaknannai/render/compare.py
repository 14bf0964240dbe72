"""Boards side by side: their numbers from networkx, and a figure to compare them.

A board is a graph, so graph theory can say how two drawings of "the same"
game differ: Murray's 1952 drawing of Mosona has 14 fewer line segments than
Culin's, so fewer leaps, and a longer way from one end to the other.

Examples
--------
>>> from awithlaknannai.boards import mosona
>>> stats = board_statistics(mosona())
>>> stats["points"], stats["edges"], stats["leap_lines"], stats["directed_leaps"]
(25, 54, 35, 70)
>>> table = compare_boards(["mosona", "mosona-murray", "kolowis"])
>>> [row["edges"] for row in table.rows]
[54, 40, 110]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias
from xml.sax.saxutils import escape

import networkx as nx

from ..boards import leap_lines
from ..i18n import N_, LazyString, _
from ..variants import Variant, get_variant
from .geometry import board_layout
from .style import BOARD
from .board_drawing import _margin, _sheet_board, _sheet_caption, board_title
from .svg_text import _element, _finish, _fitting_size, _num, _open_svg

__all__ = [
    "STATISTICS",
    "BoardComparison",
    "CompactComparison",
    "board_statistics",
    "compare_boards",
    "compare_boards_svg",
]

BoardLike: TypeAlias = nx.Graph | Variant | str

# Each statistic of board_statistics, in the full table's order: what it means (the full table's row
# name) and its short heading (a column of the compact table; the degree histogram has none).
_NAMES: dict[str, tuple[LazyString, LazyString | None]] = {
    "points": (N_("points"), N_("points")),
    "edges": (N_("line segments (edges)"), N_("edges")),
    "drawn_lines": (N_("drawn lines"), N_("drawn lines")),
    "leap_lines": (N_("leap lines (three points in a row along a line)"), N_("leap lines")),
    "directed_leaps": (N_("possible leaps (each leap line, both ways)"), N_("possible leaps")),
    "degree_histogram": (N_("points by number of neighbours"), None),
    "min_degree": (N_("fewest neighbours"), N_("fewest neighbours")),
    "max_degree": (N_("most neighbours"), N_("most neighbours")),
    "mean_degree": (N_("average number of neighbours"), N_("average neighbours")),
    "diameter": (N_("most steps between two points (diameter)"), N_("diameter")),
    "average_shortest_path": (N_("average steps between two points"), N_("average distance")),
    "average_clustering": (N_("clustering (how often two neighbours are neighbours)"), N_("clustering")),
}

STATISTICS: dict[str, str] = {key: meaning.message for key, (meaning, _heading) in _NAMES.items()}
"""What each key of :func:`board_statistics` means, in plain words (the table's row names)."""

COMPACT_KEYS = ("points", "edges", "leap_lines", "max_degree")
"""The columns of :meth:`BoardComparison.compact` by default."""


def _board_of(item: BoardLike) -> tuple[nx.Graph, Variant | None]:
    if isinstance(item, nx.Graph):
        return item, None
    if isinstance(item, str):
        item = get_variant(item)
    if isinstance(item, Variant):
        return item.board, item
    raise ValueError(
        f"expected a board (networkx graph), a Variant or a variant name, got {type(item).__name__}"
    )


def board_statistics(board: BoardLike) -> dict[str, object]:
    """Count and measure a board with networkx.

    Parameters
    ----------
    board : networkx.Graph, Variant or str
        A board, a variant (its board is measured) or a variant name. A
        plain graph built by hand works too; without the ``lines`` graph
        attribute the line and leap counts are ``None``.

    Returns
    -------
    dict
        ``name``, then the keys of :data:`STATISTICS`: counts, a degree
        histogram ``{degree: number of points}``, and distances in steps.
        Distances are ``None`` for a board in several pieces.

    Examples
    --------
    >>> s = board_statistics("kolowis")
    >>> s["points"], s["edges"], s["directed_leaps"], s["degree_histogram"]
    (49, 110, 150, {3: 6, 4: 28, 6: 15})
    >>> board_statistics(nx.path_graph(3))["leap_lines"] is None
    True
    """
    graph, _ = _board_of(board)
    if graph.number_of_nodes() == 0:
        raise ValueError("board_statistics needs a board with at least one point")
    lines = graph.graph.get("lines")
    degrees = [d for _, d in graph.degree]
    histogram: dict[int, int] = {}
    for d in sorted(degrees):
        histogram[d] = histogram.get(d, 0) + 1
    connected = nx.is_connected(graph)
    runs = len(leap_lines(graph)) if lines is not None else None
    return {
        "name": board_title(graph),
        "points": graph.number_of_nodes(),
        "edges": graph.number_of_edges(),
        "drawn_lines": len(lines) if lines is not None else None,
        "leap_lines": runs,
        "directed_leaps": 2 * runs if runs is not None else None,
        "degree_histogram": histogram,
        "min_degree": min(degrees),
        "max_degree": max(degrees),
        "mean_degree": _rounded(sum(degrees) / len(degrees)),
        "diameter": nx.diameter(graph) if connected else None,
        "average_shortest_path": _rounded(nx.average_shortest_path_length(graph)) if connected else None,
        "average_clustering": _rounded(nx.average_clustering(graph)),
    }


def _rounded(value: float) -> float:
    # Averages rounded to 10 decimals: Python 3.12 sums floats more exactly,
    # so the raw values differ between versions in their last digit
    # (0.7680000000000001 against 0.768), and shown values must not.
    return round(value, 10)


def _format(key: str, value: object) -> str:
    if value is None:
        return "–"
    if key == "degree_histogram":
        items = value.items()  # type: ignore[attr-defined]
        return ", ".join(
            _("{count} have {degree}").format(count=count, degree=degree) for degree, count in items
        )
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


@dataclass(frozen=True)
class BoardComparison:
    """Several boards' statistics, as a table.

    ``rows`` holds one dict per board (its ``label`` plus the keys of
    :func:`board_statistics`), ready for ``pandas.DataFrame(rows)`` or a
    plot. In a notebook it shows itself as an HTML table with one column per
    board; :meth:`svg` draws the boards themselves.
    """

    rows: list[dict[str, object]]
    boards: list[BoardLike] = field(repr=False)

    @property
    def labels(self) -> list[str]:
        return [str(row["label"]) for row in self.rows]

    def value(self, label: str, key: str) -> object:
        """One statistic of one board, e.g. ``value("mosona", "diameter")``."""
        for row in self.rows:
            if row["label"] == label:
                if key not in row:
                    raise ValueError(f"unknown statistic {key!r}; known: {', '.join(STATISTICS)}")
                return row[key]
        raise ValueError(f"no board labelled {label!r}; labels: {', '.join(self.labels)}")

    def text(self) -> str:
        """The table as aligned plain text (for a terminal or a doctest)."""
        head = ["", *self.labels]
        body = [[_(STATISTICS[key]), *(_format(key, row[key]) for row in self.rows)] for key in STATISTICS]
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        lines = ("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in [head, *body])
        return "\n".join(line.rstrip() for line in lines)

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col">{escape(label)}</th>' for label in self.labels)
        body = []
        for key, meaning in STATISTICS.items():
            # Numbers stay on one line; the list of neighbour counts may wrap, so a
            # table of three boards fits beside JupyterLab's file browser.
            wrap = "" if key == "degree_histogram" else ";white-space:nowrap"
            cell = f'<td style="text-align:right{wrap}">{{}}</td>'
            cells = "".join(cell.format(escape(_format(key, row[key]))) for row in self.rows)
            body.append(f'<tr><th scope="row" style="text-align:left">{escape(_(meaning))}</th>{cells}</tr>')
        caption = escape(_("Boards compared"))
        return (
            f'<table class="awithlaknannai-comparison"><caption>{caption}</caption>'
            f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
        )

    def svg(self, *, stats: bool = True, unit: float = 40) -> str:
        """The boards drawn one above the other (see :func:`compare_boards_svg`)."""
        return compare_boards_svg(self.boards, labels=self.labels, stats=stats, unit=unit)

    def compact(self, keys: Sequence[str] = COMPACT_KEYS) -> CompactComparison:
        """A short table to read at a glance: one row per board, a few numbers as columns.

        >>> table = compare_boards(["mosona", "pretwa"]).compact()
        >>> print(table.text())
        board   points  edges  leap lines  most neighbours
        mosona      25     54          35                6
        pretwa      19     36          33                6
        >>> compare_boards(["mosona"]).compact(["colour"])
        Traceback (most recent call last):
        ...
        ValueError: unknown statistic 'colour'; the short table takes points, edges, drawn_lines, leap_lines, directed_leaps, min_degree, max_degree, mean_degree, diameter, average_shortest_path, average_clustering
        """
        keys = list(keys)
        allowed = [key for key in STATISTICS if key != "degree_histogram"]
        for key in keys:
            if key not in allowed:
                raise ValueError(f"unknown statistic {key!r}; the short table takes {', '.join(allowed)}")
        if not keys:
            raise ValueError("the short table needs at least one statistic")
        return CompactComparison(self, tuple(keys))


COMPACT_HEADINGS: dict[str, str] = {
    key: heading.message for key, (_meaning, heading) in _NAMES.items() if heading is not None
}
"""Short column headings of :meth:`BoardComparison.compact` (the full meanings are in :data:`STATISTICS`)."""


@dataclass(frozen=True)
class CompactComparison:
    """A :class:`BoardComparison` cut down to a few columns, one row per board (see :meth:`BoardComparison.compact`)."""

    comparison: BoardComparison
    keys: tuple[str, ...]

    def _cells(self) -> list[list[str]]:
        return [
            [str(row["label"]), *(_format(key, row[key]) for key in self.keys)]
            for row in self.comparison.rows
        ]

    def text(self) -> str:
        """The table as aligned plain text."""
        head = [_("board"), *(_(COMPACT_HEADINGS[key]) for key in self.keys)]
        body = self._cells()
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        lines = [
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(r, widths, strict=True))
            )
            for r in [head, *body]
        ]
        return "\n".join(line.rstrip() for line in lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        head = "".join(
            f'<th scope="col" style="text-align:right">{escape(_(COMPACT_HEADINGS[key]))}</th>'
            for key in self.keys
        )
        body = "".join(
            f'<tr><th scope="row" style="text-align:left">{escape(cells[0])}</th>'
            + "".join(f'<td style="text-align:right">{escape(cell)}</td>' for cell in cells[1:])
            + "</tr>"
            for cells in self._cells()
        )
        caption, corner = escape(_("Boards compared")), escape(_("board"))
        return (
            f'<table class="awithlaknannai-comparison"><caption>{caption}</caption>'
            f'<thead><tr><th scope="col" style="text-align:left">{corner}</th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )


def _labels_for(items: Sequence[BoardLike], labels: Sequence[str] | None) -> list[str]:
    if labels is None:
        return [
            item if isinstance(item, str) else item.name if isinstance(item, Variant) else board_title(item)
            for item in items
        ]
    labels = [str(label) for label in labels]
    if len(labels) != len(items):
        raise ValueError(f"got {len(labels)} labels for {len(items)} boards")
    return labels


def _as_list(items: Sequence[BoardLike] | BoardLike) -> list[BoardLike]:
    if isinstance(items, (str, Variant, nx.Graph)):
        return [items]
    out = list(items)
    if not out:
        raise ValueError("nothing to compare: give at least one board, variant or variant name")
    return out


def compare_boards(
    boards_or_variants: Sequence[BoardLike], labels: Sequence[str] | None = None
) -> BoardComparison:
    """Measure several boards for a side-by-side table.

    Parameters
    ----------
    boards_or_variants : sequence of networkx.Graph, Variant or str
        What to compare; a variant name stands for its board.
    labels : sequence of str, optional
        A column heading per board (default: the names given, or the boards' names).

    Examples
    --------
    >>> from awithlaknannai.boards import mosona
    >>> table = compare_boards([mosona(), mosona(outer_lines=False)], labels=["Culin", "Murray"])
    >>> table.value("Culin", "edges"), table.value("Murray", "edges")
    (54, 40)
    >>> table.text().splitlines()[4].split()[-2:]
    ['35', '23']
    """
    items = _as_list(boards_or_variants)
    names = _labels_for(items, labels)
    rows = [{"label": name, **board_statistics(item)} for name, item in zip(names, items, strict=True)]
    return BoardComparison(rows, items)


def compare_boards_svg(
    boards_or_variants: Sequence[BoardLike],
    labels: Sequence[str] | None = None,
    stats: bool = True,
    *,
    unit: float = 40,
) -> str:
    """Draw boards one above the other at the same scale, each with its numbers beneath.

    The boards are stacked rather than set side by side because the Zuni
    boards are long. A variant (or a variant name) is drawn with its start
    position; a board is drawn empty.

    Parameters
    ----------
    boards_or_variants : sequence of networkx.Graph, Variant or str
        What to draw.
    labels : sequence of str, optional
        A heading per board (default: as :func:`compare_boards`).
    stats : bool
        Write each board's main statistics under it.
    unit : float
        Pixels between neighbouring points, the same for every board so
        their sizes compare truly.

    Examples
    --------
    >>> svg = compare_boards_svg(["mosona", "mosona-murray"])
    >>> svg.count('class="board"'), svg.count('class="stats"'), svg.count('class="piece white"')
    (2, 2, 24)
    """
    items = _as_list(boards_or_variants)
    names = _labels_for(items, labels)
    layouts = []
    for item in items:
        graph, variant = _board_of(item)
        layouts.append((graph, variant, board_layout(graph, unit=unit, margin=_margin(unit))))
    gap = unit * 0.5
    caption_h = unit * 0.55
    stats_h = unit * 0.5 if stats else 0.0
    width = max(layout.width for _, _, layout in layouts) + 2 * gap
    height = gap + sum(caption_h + layout.height + stats_h + gap for _, _, layout in layouts)
    figure_name = _("Boards compared: {boards}").format(boards=", ".join(names))
    desc = " ".join(
        f"{name}: {_summary(board_statistics(graph))}."
        for name, (graph, _, _) in zip(names, layouts, strict=True)
    )
    parts = _open_svg(width, height, figure_name, desc)
    parts.append(_element("rect", x=0, y=0, width=width, height=height, fill="#ffffff", class_="figure"))
    font = "DejaVu Sans, Verdana, sans-serif"
    y = gap
    for name, (graph, variant, layout) in zip(names, layouts, strict=True):
        parts.append(
            _sheet_caption(name, x=gap, y=y + caption_h * 0.7, font_family=font, font_size=unit * 0.36)
        )
        y += caption_h
        x = (width - layout.width) / 2
        pieces = dict(variant.start_pieces) if variant is not None else None
        title = _("{board}: start position").format(board=name) if variant is not None else name
        parts.append(
            _sheet_board(
                graph,
                unit=unit,
                default_title=title,
                desc=_summary(board_statistics(graph)),
                pieces=pieces,
                placement=(x, y, 1.0),
            )
        )
        y += layout.height
        if stats:
            summary = _summary(board_statistics(graph))
            # A lone short board (Mosona) is narrower than its numbers at full size.
            size = _fitting_size(summary, unit * 0.3, width - 2 * gap, glyph=0.55)
            parts.append(
                _element(
                    "text",
                    escape(summary),
                    x=width / 2,
                    y=y + stats_h * 0.65,
                    font_family=font,
                    font_size=size,
                    text_anchor="middle",
                    fill=BOARD["label"],
                    class_="stats",
                )
            )
            y += stats_h
        y += gap
    parts.append("</svg>")
    return _finish(parts)


def _summary(stats: dict[str, object]) -> str:
    """One line of a board's main numbers."""
    bits = [
        _("{count} points").format(count=stats["points"]),
        _("{count} edges").format(count=stats["edges"]),
    ]
    if stats["leap_lines"] is not None:
        bits.append(_("{count} leap lines").format(count=stats["leap_lines"]))
    bits.append(_("{fewest}–{most} neighbours").format(fewest=stats["min_degree"], most=stats["max_degree"]))
    if stats["diameter"] is not None:
        bits.append(_("diameter {count}").format(count=stats["diameter"]))
        mean = _num(float(stats["average_shortest_path"]))  # type: ignore[arg-type]
        bits.append(_("mean distance {count}").format(count=mean))
    return " · ".join(bits)
