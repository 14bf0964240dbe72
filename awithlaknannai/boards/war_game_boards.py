"""The boards of the Indian war games: two triangles, and concentric circles cut by diameters.

The encyclopedia's articles (which cite Murray 1952; Ludii dates Murray
1951) call five leaping games of India the Indian war games: the pieces
fill every point but the centre, so the first move goes to the centre and
is jumped. Their boards are built here from drawn lines
like every other board; circles are closed lines whose edges are arcs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence


from ..i18n import N_, LazyString
from .lines import BoardGraph, _graph_from_lines, _grid_name, _size_argument
from .lines import leap_lines  # noqa: F401 - the Examples use it, as readers of awithlaknannai.boards would

#: The most circles ``concentric(rings)`` draws without ``allow_long=True``:
#: 500 circles, 3,001 points, as many as the largest Zuni board.
MAX_RINGS = 500


def _triangle_points(extra: Iterable[tuple[int, int]] = ()) -> dict[str, tuple[float, float]]:
    """Two triangles on a 7 x 7 grid meeting at d4, plus ``extra`` grid points."""
    points: dict[str, tuple[float, float]] = {}
    for y in (0, 1, 2, 4, 5, 6):
        half = abs(3 - y)  # the triangles widen by one column per rank
        for x in (3 - half, 3, 3 + half):
            points[_grid_name(x, y)] = (x, y)
    points["d4"] = (3, 3)
    for x, y in extra:
        points[_grid_name(x, y)] = (x, y)
    return dict(sorted(points.items(), key=lambda item: (-item[1][1], item[1][0])))


def _triangle_lines(base: Sequence[str] = ("a", "d", "g")) -> list[list[str]]:
    """The lines of a Lau kata kati board: three through the centre, three ranks per triangle."""
    lines = [
        ["a1", "b2", "c3", "d4", "e5", "f6", "g7"],  # one side of each triangle, in one straight line
        ["g1", "f2", "e3", "d4", "c5", "b6", "a7"],
        ["d1", "d2", "d3", "d4", "d5", "d6", "d7"],  # the height of both triangles
    ]
    for rank in (1, 7):
        lines.append([f"{col}{rank}" for col in base])
    lines += [["b2", "d2", "f2"], ["c3", "d3", "e3"], ["c5", "d5", "e5"], ["b6", "d6", "f6"]]
    return lines


def _by_rank(points: Mapping[str, tuple[float, float]]) -> tuple[dict[str, str], list[str]]:
    row_of = {p: str(int(y) + 1) for p, (_, y) in points.items()}
    order = sorted(set(row_of.values()), key=int, reverse=True)
    return row_of, order


_WAR_GAMES = "Murray 1952 (A History of Board-Games other than Chess) and the encyclopedia's articles"


def lau_kata_kati() -> BoardGraph:
    """Return the Lau kata kati board: two triangles meeting at the centre, 19 points.

    Each triangle is cut by its height (a line through the common apex) and
    by two lines across it, so it has three ranks of three points; the sides
    of the two triangles continue each other straight through the centre
    ``d4`` (so a leap may cross it). Points are named on a 7 x 7 grid like
    Alquerque's: columns ``a``-``g``, ranks ``1``-``7`` from the bottom.

    Checked against Ludii's game file "Lau Kata Kati.lud" (two ``wedge 4``
    triangles merged at the apex: 19 vertices, 30 edges, each player's nine
    pieces on one triangle, the apex empty) and the Ludii evidence page
    quoting Datta (1933, p. 168): "each player places his nine distinctive
    pieces on the nine cross-points of his triangle".

    Examples
    --------
    >>> G = lau_kata_kati()
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (19, 30, 21)
    >>> sorted(G["d4"])
    ['c3', 'c5', 'd3', 'd5', 'e3', 'e5']
    """
    points = _triangle_points()
    row_of, order = _by_rank(points)
    return _graph_from_lines(
        "Lau kata kati",
        points,
        row_of,
        order,
        _triangle_lines(),
        source=_WAR_GAMES + "; Datta 1933 p. 168; Ludii 'Lau Kata Kati'",
    )


def dash_guti(side_lines: bool = False) -> BoardGraph:
    """Return the Dash-guti board: Lau kata kati plus a line across the centre, 21 points.

    The encyclopedia's article adds "two line segments connected to the
    vertex" outside both triangles: a line ``a4 - d4 - g4`` through the
    centre, ending in two more points. Each player has ten pieces, so
    21 points with the centre empty.

    Sources disagree about the sides: Ludii's game file "Dash Guti.lud"
    (after Gupta 1924, p. 166) also joins each end point to the two outer
    corners on its side (``a1 - a4 - a7`` and ``g1 - g4 - g7``). The
    encyclopedia's article (citing Murray) names only the two segments, so
    that is the default; ``side_lines=True`` gives Ludii's board (21 points, 36 edges).

    Parameters
    ----------
    side_lines : bool, optional
        Add Ludii's two side lines.

    Examples
    --------
    >>> G = dash_guti()
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (21, 32, 22)
    >>> dash_guti(side_lines=True).number_of_edges()
    36
    """
    points = _triangle_points([(0, 3), (6, 3)])
    row_of, order = _by_rank(points)
    lines = _triangle_lines() + [["a4", "d4", "g4"]]
    if side_lines:
        lines += [["a1", "a4", "a7"], ["g1", "g4", "g7"]]
    G = _graph_from_lines(
        N_("Dash-guti (Ludii's side lines)") if side_lines else "Dash-guti",
        points,
        row_of,
        order,
        lines,
        source=_WAR_GAMES + "; Ludii 'Dash Guti' (Gupta 1924 p. 166)",
    )
    G.graph["side_lines"] = side_lines
    return G


def egara_guti() -> BoardGraph:
    """Return the Egara-guti board: Lau kata kati plus two long lines, 23 points.

    Two more lines join the triangles: each runs through the ends of the
    second rank of both triangles (``b2``, ``b6`` and ``f2``, ``f6``) and on to
    both bases, which gain a point each (``b1``, ``f1``, ``b7``, ``f7``), so
    each base has five points. Each player has eleven pieces: the
    whole of his triangle.

    Checked against Ludii's game file "Egara Guti.lud" (after Gupta 1926,
    p. 211): 23 vertices, 40 edges, eleven pieces each on one triangle;
    Ludii draws the bases wider, which changes the picture, not the graph.

    Examples
    --------
    >>> G = egara_guti()
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (23, 40, 29)
    >>> G.graph["lines"][-1]
    ('f1', 'f2', 'f6', 'f7')
    """
    points = _triangle_points([(1, 0), (5, 0), (1, 6), (5, 6)])
    row_of, order = _by_rank(points)
    lines = _triangle_lines(base=("a", "b", "d", "f", "g"))
    lines += [["b1", "b2", "b6", "b7"], ["f1", "f2", "f6", "f7"]]
    return _graph_from_lines(
        "Egara-guti",
        points,
        row_of,
        order,
        lines,
        source=_WAR_GAMES + "; Ludii 'Egara Guti' (Gupta 1926 p. 211)",
    )


_RADII = "abcdef"  # clockwise from the top


def _concentric_name(rings: int) -> LazyString:
    # Not ngettext: a board keeps its name untranslated (LazyString) and has one ring only at 1.
    if rings == 1:
        return N_("one circle and three diameters")
    return N_("{rings} circles and three diameters").filled(rings=rings)


def concentric(
    rings: int, name: str | None = None, source: str = "", *, allow_long: bool = False
) -> BoardGraph:
    """Return a board of ``rings`` concentric circles cut by three diameters.

    The diameters meet at the centre ``o0`` and cut each circle at six
    points; radius ``a`` points up and ``b``...``f`` follow clockwise, and
    circle ``k`` (counted from the centre) has points ``ak``...``fk``. Each
    diameter is one straight line through the centre, and each circle is
    one closed line, drawn as arcs: pieces step and leap along both.

    Parameters
    ----------
    rings : int
        Number of circles, at least 1 (Pretwa 3, Gol-skuish 7).
    name, source : str, optional
        The board's name and sources.
    allow_long : bool, optional
        Build more than :data:`MAX_RINGS` circles.

    Raises
    ------
    TypeError
        If ``rings`` is not an integer.
    ValueError
        If ``rings`` is less than 1.
    LongJobError
        If ``rings`` is above :data:`MAX_RINGS` and ``allow_long`` is false.

    Examples
    --------
    >>> G = concentric(2)
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (13, 24, 21)
    >>> G.graph["lines"][3]
    ('a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'a1')
    """
    _size_argument("concentric(rings)", "rings", rings, 1, MAX_RINGS, allow_long)
    if name is not None and not isinstance(name, str) or not isinstance(source, str):
        raise TypeError("concentric: name and source are texts")
    points: dict[str, tuple[float, float]] = {"o0": (0.0, 0.0)}
    for k in range(1, rings + 1):
        for i, letter in enumerate(_RADII):
            angle = math.radians(90 - 60 * i)
            # Rounded so that points at the same height share a row exactly.
            points[f"{letter}{k}"] = (
                round(k * math.cos(angle), 9) + 0.0,
                round(k * math.sin(angle), 9) + 0.0,
            )
    heights = sorted({y for _, y in points.values()}, reverse=True)
    row_name = {y: f"r{i + 1}" for i, y in enumerate(heights)}
    row_of = {p: row_name[y] for p, (_, y) in points.items()}
    lines: list[list[str]] = []
    for first in range(3):  # diameters a-d, b-e, c-f, each through the centre
        out, back = _RADII[first], _RADII[first + 3]
        lines.append(
            [f"{out}{k}" for k in range(rings, 0, -1)] + ["o0"] + [f"{back}{k}" for k in range(1, rings + 1)]
        )
    circles = {}
    for k in range(1, rings + 1):
        circles[len(lines)] = (0.0, 0.0)
        lines.append([f"{letter}{k}" for letter in _RADII] + [f"a{k}"])
    G = _graph_from_lines(
        name or _concentric_name(rings),
        points,
        row_of,
        [row_name[y] for y in heights],
        lines,
        source=source,
    )
    G.graph["arc_centres"] = circles  # line index -> centre: these lines are drawn as arcs
    G.graph["rings"] = rings
    return G


def pretwa() -> BoardGraph:
    """Return the Pretwa board: three concentric circles cut by three diameters, 19 points.

    Nine pieces each, on three neighbouring radii; only the centre is empty.

    Checked against Ludii's game file "Pretwa.lud" (after Murray, whom Ludii dates 1951,
    p. 71): ``concentric {1 6 6 6}``, that is the centre and three circles of
    six points (19), nine pieces each on three consecutive radii.
    Ludii moves pieces by "rotational" directions (in, out, round); this
    project takes each diameter as one straight line, so a leap may cross
    the centre, which the documented opening (the piece moved to the
    centre is jumped) needs.

    Examples
    --------
    >>> G = pretwa()
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (19, 36, 33)
    >>> ("f1", "a1", "b1") in leap_lines(G)   # leaps run round the circles
    True
    """
    return concentric(3, "Pretwa", source=_WAR_GAMES + "; Ludii 'Pretwa' (after Murray, p. 71)")


def gol_skuish() -> BoardGraph:
    """Return the Gol-skuish (Gol-ekuish) board: seven circles cut by three diameters, 43 points.

    Murray's name is Gol-skuish; Ludii's evidence page quotes Gupta (1924,
    p. 167), who calls it gol-ekuish: "seven concentric circles with three
    diameters ... meeting the circles at 42 points", 21 pieces a player on
    "3 consecutive radii", and pieces move "along the arcs or the
    circumferences" as well as the diameters. With the centre that is 43
    points, 21 pieces each and the centre empty.

    Checked against Ludii's game file "Gol Ekuish.lud": ``concentric {1 6 6
    6 6 6 6 6}`` (43 vertices), 21 pieces each on three consecutive radii.

    Examples
    --------
    >>> G = gol_skuish()
    >>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
    (43, 84, 81)
    """
    return concentric(7, "Gol-skuish", source=_WAR_GAMES + "; Gupta 1924 p. 167; Ludii 'Gol Ekuish'")
