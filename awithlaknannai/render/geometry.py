"""Where things go on a picture of a board: shared by the SVG renderer and the widgets.

A :class:`Layout` maps a board's ``pos`` coordinates (y up) to pixels (y
down), gives every edge as a straight or curved segment, and finds the point
under a click. It is pure: no drawing library is imported here.

Examples
--------
>>> from awithlaknannai.boards import mosona
>>> lay = board_layout(mosona(), unit=60, margin=40)
>>> lay.width, lay.height
(560, 200)
>>> lay.xy("T0"), lay.xy("M0")
((70.0, 40.0), (40.0, 100.0))
>>> lay.nearest_point(72, 44), lay.nearest_point(5, 5)
('T0', None)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

import networkx as nx

__all__ = ["Layout", "Segment", "arc_parameters", "board_layout"]

XY = tuple[float, float]


@dataclass(frozen=True)
class Segment:
    """One drawn edge in pixels: ``kind`` is ``"line"`` (two points),
    ``"quad"`` (start, control, end of a quadratic Bézier curve) or ``"arc"``
    (start, centre, end of the shorter arc of a circle)."""

    a: str
    b: str
    kind: str
    points: tuple[XY, ...]


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of one board at one size and orientation."""

    board: nx.Graph = field(repr=False)
    unit: float
    margin: float
    flipped: bool
    width: int
    height: int
    _xy: dict[str, XY] = field(repr=False)

    @property
    def point_radius(self) -> float:
        """Radius of an empty point's dot."""
        return self.unit * 0.08

    @property
    def piece_radius(self) -> float:
        """Radius of a piece: a little under half the closest spacing of two points."""
        return self.unit * 0.3

    def xy(self, point: str) -> XY:
        """Pixel centre of ``point``."""
        return self._xy[point]

    def segments(self) -> list[Segment]:
        """Every edge of the board, straight or curved, in pixels.

        A curved line of three points ``(a, m, b)`` is one quadratic Bézier
        curve from ``a`` to ``b`` passing through ``m`` at its middle; each of
        its two edges is drawn as its own half of that curve. The edges of a
        line listed in the board's ``arc_centres`` are arcs of a circle
        about that centre (the circles of Pretwa and Gol-skuish).
        """
        out: list[Segment] = []
        curved = {tuple(self.board.graph["lines"][i]) for i in self.board.graph.get("curved_lines", [])}
        arc_centres = self.board.graph.get("arc_centres", {})
        for index, line in enumerate(self.board.graph["lines"]):
            if index in arc_centres:
                centre = self._pixel(line[0], arc_centres[index])
                for p, q in pairwise(line):
                    out.append(Segment(p, q, "arc", (self._xy[p], centre, self._xy[q])))
            elif tuple(line) in curved and len(line) == 3:
                a, m, b = (self._xy[p] for p in line)
                control = (2 * m[0] - (a[0] + b[0]) / 2, 2 * m[1] - (a[1] + b[1]) / 2)
                out.append(Segment(line[0], line[1], "quad", (a, _mid(a, control), m)))
                out.append(Segment(line[1], line[2], "quad", (m, _mid(control, b), b)))
            else:
                for p, q in zip(line, line[1:]):
                    out.append(Segment(p, q, "line", (self._xy[p], self._xy[q])))
        return out

    def _pixel(self, near: str, pos: XY) -> XY:
        """The pixel of board coordinates ``pos``, found from a point ``near`` it (the scale is uniform)."""
        (x, y), (px, py) = self.board.nodes[near]["pos"], self._xy[near]
        sign = -1.0 if self.flipped else 1.0
        return (px + sign * (pos[0] - x) * self.unit, py - sign * (pos[1] - y) * self.unit)

    def segment(self, a: str, b: str) -> Segment:
        """The drawn edge between two adjacent points, oriented from ``a`` to ``b``."""
        for seg in self.segments():
            if (seg.a, seg.b) == (a, b):
                return seg
            if (seg.b, seg.a) == (a, b):
                return Segment(a, b, seg.kind, tuple(reversed(seg.points)))
        raise ValueError(f"{a} and {b} are not joined by a line")

    def nearest_point(self, x: float, y: float, radius: float | None = None) -> str | None:
        """The point nearest the pixel ``(x, y)``, if within ``radius`` (default: half a unit * 0.9).

        Used to turn a click into a point; ``None`` means the click hit no point.
        """
        limit = self.unit * 0.45 if radius is None else radius
        best, best_distance = None, math.inf
        for point, (px, py) in self._xy.items():
            distance = math.hypot(px - x, py - y)
            if distance < best_distance:
                best, best_distance = point, distance
        return best if best_distance <= limit else None


def arc_parameters(seg: Segment) -> tuple[XY, float, float, float]:
    """Centre, radius, start angle and signed sweep (radians, y down) of an ``"arc"`` segment.

    The sweep is the shorter way round, positive clockwise on the screen.

    >>> seg = Segment("a", "b", "arc", ((10.0, 0.0), (0.0, 0.0), (0.0, 10.0)))
    >>> centre, radius, start, sweep = arc_parameters(seg)
    >>> radius, round(math.degrees(start)), round(math.degrees(sweep))
    (10.0, 0, 90)
    """
    (x0, y0), (cx, cy), (x1, y1) = seg.points
    start = math.atan2(y0 - cy, x0 - cx)
    sweep = (math.atan2(y1 - cy, x1 - cx) - start + math.pi) % (2 * math.pi) - math.pi
    return (cx, cy), math.hypot(x0 - cx, y0 - cy), start, sweep


def _mid(p: XY, q: XY) -> XY:
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def board_layout(board: nx.Graph, unit: float = 60, margin: float = 40, flipped: bool = False) -> Layout:
    """Lay out ``board`` with ``unit`` pixels between neighbouring points.

    Parameters
    ----------
    board : networkx.Graph
        A board from :mod:`awithlaknannai.boards` (nodes carry ``pos``).
    unit : float
        Pixels per unit of ``pos``.
    margin : float
        Pixels of blank border around the outermost points.
    flipped : bool
        Turn the board half round (the top player's view).

    Raises
    ------
    ValueError
        If ``unit`` or ``margin`` is not positive, or a node has no ``pos``.
    """
    if unit <= 0 or margin < 0:
        raise ValueError(f"unit must be > 0 and margin >= 0, got unit={unit}, margin={margin}")
    positions = nx.get_node_attributes(board, "pos")
    if len(positions) != board.number_of_nodes():
        raise ValueError("every node of the board needs a 'pos' attribute")
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    for index, (cx, cy) in board.graph.get("arc_centres", {}).items():
        # A circle bulges past its points: keep the whole of it on the picture.
        first = positions[board.graph["lines"][index][0]]
        radius = math.hypot(first[0] - cx, first[1] - cy)
        xs += [cx - radius, cx + radius]
        ys += [cy - radius, cy + radius]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    width = round((max_x - min_x) * unit + 2 * margin)
    height = round((max_y - min_y) * unit + 2 * margin)
    xy: dict[str, XY] = {}
    for point, (x, y) in positions.items():
        px = margin + (x - min_x) * unit
        py = margin + (max_y - y) * unit
        if flipped:
            px, py = width - px, height - py
        xy[point] = (float(px), float(py))
    return Layout(board, float(unit), float(margin), flipped, width, height, xy)
