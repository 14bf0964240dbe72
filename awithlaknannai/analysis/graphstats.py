"""Which points of a board matter most? Numbers per point, ready for heat maps.

Every function returns a dict ``{point: value}``. By default the values are
scaled to [0, 1] by dividing by the largest (so the busiest point is 1 and
"none at all" stays 0); pass ``normalised=False`` for the raw numbers. The
dicts can be handed straight to the renderer's ``heat=`` argument, e.g.
``board_svg(board, heat=degree(board))``.

The measures:

* :func:`degree`: lines leaving a point, i.e. the steps possible from it on an
  empty board (networkx's degree).
* :func:`betweenness`: how often the point lies on shortest routes between
  other points (networkx's betweenness centrality).
* :func:`closeness`: how near the point is to all the others on average
  (networkx's closeness centrality).
* :func:`leap_reach`: leaps a piece could make from the point on a board full
  of enemies with empty landing points, i.e. runs of three points starting there.
* :func:`reach`: steps plus leaps from the point on an empty board, the
  most a single piece there could ever choose from.
* :func:`exposure`: in how many ways a piece on the point could be jumped (runs
  of three points with the point in the middle). A point with exposure 0, such
  as a corner of the Mosona board, is a place where a piece can never be taken.
* :func:`mobility`: in a given position, the moves each piece has.

Examples
--------
>>> from awithlaknannai import mosona
>>> d = degree(mosona(), normalised=False)
>>> d["M4"], d["T0"], d["T3"]
(6, 3, 4)
>>> exposure(mosona(), normalised=False)["T0"]   # a corner can never be jumped
0
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TypeAlias

import networkx as nx

from ..boards import leaps, translated_name
from ..position import Position, generate_raw
from ..variants import Color, Variant, get_variant

__all__ = [
    "MEASURES",
    "PointStatistics",
    "betweenness",
    "closeness",
    "degree",
    "exposure",
    "leap_reach",
    "mobility",
    "normalise",
    "point_statistics",
    "reach",
]

Board: TypeAlias = nx.Graph | Variant | Position | str


def _board(board: Board) -> nx.Graph:
    """The graph of a board, variant, position or variant name."""
    if isinstance(board, Position):
        return board.variant.board
    if isinstance(board, Variant):
        return board.board
    if isinstance(board, str):
        return get_variant(board).board
    if isinstance(board, nx.Graph):
        if "lines" not in board.graph:
            raise ValueError(
                "the graph is not a board of this package (it has no 'lines'); "
                "build one with awithlaknannai.mosona() or similar"
            )
        return board
    raise ValueError(f"expected a board graph, a Variant, a Position or a variant name, got {board!r}")


def _leap_shape(board: Board) -> str:
    if isinstance(board, Position):
        return board.variant.rules.leap_shape
    if isinstance(board, Variant):
        return board.rules.leap_shape
    return "line"


def normalise(values: Mapping[str, float]) -> dict[str, float]:
    """Divide every value by the largest, so they lie in [0, 1].

    All zeros stay zeros; negative values are an error (the measures here
    are counts and centralities).

    >>> normalise({"a": 2, "b": 4, "c": 0})
    {'a': 0.5, 'b': 1.0, 'c': 0.0}
    """
    if any(v < 0 for v in values.values()):
        raise ValueError("normalise expects values >= 0")
    top = max(values.values(), default=0)
    if top == 0:
        return {k: 0.0 for k in values}
    return {k: v / top for k, v in values.items()}


def _finish(values: Mapping[str, float], normalised: bool) -> dict:
    return normalise(values) if normalised else dict(values)


def degree(board: Board, normalised: bool = True) -> dict:
    """Lines leaving each point (networkx's degree).

    >>> from awithlaknannai import mosona
    >>> sorted(p for p, v in degree(mosona()).items() if v == 1.0)
    ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7']
    """
    G = _board(board)
    return _finish(dict(G.degree()), normalised)


def betweenness(board: Board, normalised: bool = True) -> dict:
    """How often each point lies on shortest paths between others (networkx).

    >>> from awithlaknannai import mosona
    >>> max(betweenness(mosona()).items(), key=lambda kv: kv[1])[0]
    'M4'
    """
    G = _board(board)
    return _finish(nx.betweenness_centrality(G), normalised)


def closeness(board: Board, normalised: bool = True) -> dict:
    """How close each point is to all the others (networkx's closeness centrality).

    >>> from awithlaknannai import mosona
    >>> c = closeness(mosona())
    >>> c["M4"] == 1.0 and c["T0"] < c["M4"]
    True
    """
    G = _board(board)
    return _finish(nx.closeness_centrality(G), normalised)


_LEAP_START, _LEAP_OVER = 0, 1  # places in a leap (start, jumped point, landing)


def _leaps_per_point(board: Board, place: int) -> dict[str, int]:
    """How many leaps on the empty board have each point at ``place``: their start or their jumped point."""
    G = _board(board)
    counts = {p: 0 for p in G}
    for leap in leaps(G, _leap_shape(board)):
        counts[leap[place]] += 1
    return counts


def leap_reach(board: Board, normalised: bool = True) -> dict:
    """Leaps a piece could make from each point (runs of three starting there).

    A :class:`~awithlaknannai.Variant` or position uses its rules' leap
    shape; a bare board uses leaps along a line.

    >>> from awithlaknannai import mosona
    >>> leap_reach(mosona(), normalised=False)["T0"]
    3
    """
    return _finish(_leaps_per_point(board, _LEAP_START), normalised)


def reach(board: Board, normalised: bool = True) -> dict:
    """Steps plus leaps from each point on an empty board (:func:`degree` + :func:`leap_reach`).

    >>> from awithlaknannai import mosona
    >>> r = reach(mosona(), normalised=False)
    >>> r["M4"], r["T3"], r["M0"]
    (8, 8, 4)
    """
    steps = degree(board, normalised=False)
    jumps = leap_reach(board, normalised=False)
    return _finish({p: steps[p] + jumps[p] for p in steps}, normalised)


def exposure(board: Board, normalised: bool = True) -> dict:
    """In how many ways a piece on each point could be jumped.

    Each directed leap over the point counts once, so a point in the middle
    of one line scores 2 (it can be jumped from either side).

    >>> from awithlaknannai import mosona
    >>> e = exposure(mosona(), normalised=False)
    >>> e["M4"], e["T0"], e["B7"], e["M0"]
    (6, 0, 0, 2)
    """
    return _finish(_leaps_per_point(board, _LEAP_OVER), normalised)


def mobility(position: Position, normalised: bool = True) -> dict:
    """The moves each piece has in ``position``, for both sides.

    Each side's moves are counted as if it were its turn, by the position's
    rules: under compulsory capture a side that can capture has only its
    capturing pieces mobile. Empty points score 0.

    >>> from awithlaknannai import Position
    >>> m = mobility(Position.start("mosona"), normalised=False)
    >>> {p: v for p, v in m.items() if v}
    {'T3': 1, 'T4': 1, 'M3': 1, 'M5': 1, 'B3': 1, 'B4': 1}
    """
    if not isinstance(position, Position):
        raise TypeError(f"mobility needs a Position, got {position!r}")
    variant = position.variant
    names = variant.tables.points
    counts = {p: 0 for p in names}
    for color in (Color.WHITE, Color.BLACK):
        own, opp = (
            (position.white, position.black) if color is Color.WHITE else (position.black, position.white)
        )
        if own and opp:
            for origin, _, _, _ in generate_raw(variant, own, opp, position.dead):
                counts[names[origin]] += 1
    # Keep the board's own point order (rows top to bottom) for readable output.
    ordered = {p: counts[p] for p in _board(position)}
    return _finish(ordered, normalised)


MEASURES = {
    "degree": degree,
    "betweenness": betweenness,
    "closeness": closeness,
    "leap reach": leap_reach,
    "reach": reach,
    "exposure": exposure,
}


class PointStatistics:
    """A table of every measure for every point of a board.

    Attributes
    ----------
    values : dict
        ``{measure: {point: value}}``, normalised to [0, 1].
    raw : dict
        The same before normalising.
    name : str
        The board's name.
    """

    def __init__(self, name: str, raw: dict[str, dict[str, float]]) -> None:
        self.name = name
        self.raw = raw
        self.values = {measure: normalise(v) for measure, v in raw.items()}

    def __getitem__(self, measure: str) -> dict[str, float]:
        if measure not in self.values:
            raise ValueError(f"unknown measure {measure!r}; known: {', '.join(self.values)}")
        return self.values[measure]

    @property
    def points(self) -> list[str]:
        first = next(iter(self.raw.values()))
        return list(first)

    def _cell(self, measure: str, point: str) -> str:
        value = self.raw[measure][point]
        return str(value) if isinstance(value, int) else f"{value:.3f}"

    def to_text(self) -> str:
        """A plain-text table, one row per point."""
        measures = list(self.raw)
        widths = [max(len(m), 6) for m in measures]
        lines = [f"{self.name}", "point  " + "  ".join(m.rjust(w) for m, w in zip(measures, widths))]
        for point in self.points:
            lines.append(
                point.ljust(5)
                + "  "
                + "  ".join(self._cell(m, point).rjust(w) for m, w in zip(measures, widths))
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<PointStatistics {self.name}: {', '.join(self.raw)}>"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(m)}</th>" for m in self.raw)
        rows = "".join(
            f"<tr><td>{html.escape(p)}</td>"
            + "".join(f"<td>{self._cell(m, p)}</td>" for m in self.raw)
            + "</tr>"
            for p in self.points
        )
        return (
            f"<div class='awithlaknannai-points'><p><b>{html.escape(self.name)}</b> "
            f"(raw values; heat maps use each column divided by its largest)</p>"
            f"<table><thead><tr><th>point</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        )


def point_statistics(board: Board) -> PointStatistics:
    """Every measure for every point, as one table.

    Examples
    --------
    >>> stats = point_statistics("mosona")
    >>> stats["degree"]["M4"], stats.raw["degree"]["M4"]
    (1.0, 6)
    >>> print(stats.to_text().splitlines()[1])
    point  degree  betweenness  closeness  leap reach   reach  exposure
    """
    G = _board(board)
    raw = {name: function(board, normalised=False) for name, function in MEASURES.items()}
    name = translated_name(G) or "board"
    return PointStatistics(name, raw)
