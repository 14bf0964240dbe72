"""Boards of the Zuni leaping games and their relatives, as networkx graphs.

A board is a set of *drawn lines*. Each line is an ordered tuple of points;
consecutive points of a line are joined by an edge, and every edge belongs to
exactly one line. Leaps (captures) are derived from the lines: a piece on ``A``
may jump over ``B`` to ``C`` when ``A, B, C`` are three consecutive points of
one line. Nothing about leaps is listed by hand.

Labelling scheme (readable aloud in a classroom)
------------------------------------------------
Zuni boards have three rows: ``T`` (top), ``M`` (middle) and ``B`` (bottom).
Points are numbered from the left, starting at 0: ``T0 ... T7``, ``M0 ... M8``
and ``B0 ... B7`` on Mosona, so "M4" ("middle four") is the centre point.
Square-grid boards (Alquerque, Tukvnanawopi) use chess-like names: a column
letter from the left and a row number from the bottom, ``a1`` ... ``e5``; the
centres of the squares of Tukvnanawopi are named after the square's lower-left
corner with a ``+`` (``a1+`` is the centre of the square a1-b1-b2-a2). The
triangle boards of the Indian war games use the same grid names on a 7 x 7
grid (``d4`` is the centre); the circle boards name a point by its radius
(``a`` up, then clockwise) and its circle from the centre (``a1``, ``f3``),
and the centre ``o0``.

A board's ``name`` (``G.graph["name"]``) is English and stays so (a name of a
game or people is never translated); :func:`translated_name` is the name as a
student reads it, in the session's language (``"Tablero zuni n=3, con líneas en
las filas exteriores"``): pictures, menus and tables show that one.

Every node carries ``pos`` (x, y with y up), ``label`` and ``row`` (a row name
used for text diagrams, listed top to bottom in ``G.graph["rows"]``); every
edge carries ``line`` (the index of its line in ``G.graph["lines"]``); lines
drawn as curves are listed in ``G.graph["curved_lines"]``. A circle is a
closed line, written with its first point again at the end; its edges are
arcs about the centre given in ``G.graph["arc_centres"]`` (line index ->
centre), and leaps run all the way round it.

Examples
--------
>>> G = mosona()
>>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
(25, 54, 35)
>>> G.nodes["M4"]["pos"]
(3.5, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import networkx as nx

from .errors import LongJobError, shown
from .i18n import N_, LazyString

__all__ = [
    "MAX_ZUNI_N",
    "MAX_RINGS",
    "BoardGraph",
    "zuni",
    "mosona",
    "kolowis",
    "alquerque",
    "tukvnanawopi",
    "lau_kata_kati",
    "dash_guti",
    "egara_guti",
    "pretwa",
    "gol_skuish",
    "concentric",
    "leap_lines",
    "leaps",
    "rows",
    "translated_name",
]

Line = tuple[str, ...]

#: The largest ``zuni(n)`` built without ``allow_long=True``: 1,000 points in
#: an outer row, 3,001 points in all (about 0.1 s and 20 MB). The variants
#: ``zuni-N`` stop there too (:data:`awithlaknannai.variants.MAX_ZUNI_N`).
MAX_ZUNI_N = 1000

#: The most circles ``concentric(rings)`` draws without ``allow_long=True``:
#: 500 circles, 3,001 points, as many as the largest Zuni board.
MAX_RINGS = 500


def _size_argument(function: str, name: str, value: object, low: int, high: int, allow_long: bool) -> int:
    """A board size: an integer >= ``low``; above ``high`` only with ``allow_long``."""
    from .limits import duration, flag

    flag("allow_long", allow_long)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{function} needs an integer {name}, got {type(value).__name__}")
    if value < low:
        raise ValueError(f"{function} needs an integer {name} >= {low}, got {value:,}")
    if value > high and not allow_long:
        # About 7 KB a point (networkx's node and edge dicts), built at about 30,000 points a second.
        points = 3 * value if name == "n" else 6 * value
        raise LongJobError(
            f"{function} with {name} = {value:,}: {points:,} points, about {points * 7_000 / 2**20:,.0f} MB "
            f"and {duration(points / 30_000)}; boards are built up to {name} = {high:,} by default, "
            "pass allow_long=True for a larger one"
        )
    return value


class BoardGraph(nx.Graph):
    """A networkx graph that draws itself in notebooks.

    Everything networkx does works on it unchanged; it only adds
    ``_repr_mimebundle_`` (a :class:`~awithlaknannai.render.Picture`, imported
    lazily from the renderer, as python-chess does) so that a board shows
    itself in JupyterLab, trusted or not, on GitHub and in nbviewer.

    >>> mosona()
    <Awithlaknannai Mosona: 25 points, 54 edges>
    """

    def __repr__(self) -> str:
        # networkx's default repr carries a memory address; a notebook's saved
        # output must be the same on every run.
        name = self.graph.get("name", "board")
        return f"<{name}: {self.number_of_nodes()} points, {self.number_of_edges()} edges>"

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        from .render import Picture, board_svg

        return Picture(board_svg(self)).mimebundle(plain=False)  # shows untrusted, with alt text


def _name(G: nx.Graph, name: str | LazyString) -> None:
    """Name ``G``: in English in ``name``, and in ``title`` for a name with words to translate."""
    if isinstance(name, LazyString):
        G.graph["name"] = name.english()
        G.graph["title"] = name
    else:
        G.graph["name"] = name
        G.graph.pop("title", None)


def translated_name(board: nx.Graph) -> str | None:
    """The board's name in the session's language; ``None`` for a graph with no name.

    The words of a name are translated, never the names of games and peoples in it.
    A name changed by hand (``G.graph["name"] = "My board"``) is shown as it is.

    Examples
    --------
    >>> from .i18n import use_language
    >>> with use_language("es"):
    ...     translated_name(zuni(3)), translated_name(kolowis())
    ('Tablero zuni n=3, con líneas en las filas exteriores', 'Kolowis Awithlaknannai')
    >>> translated_name(zuni(3))
    'Zuni board n=3, with outer-row lines'
    >>> translated_name(nx.path_graph(2)) is None
    True
    """
    name = board.graph.get("name")
    if not name:
        return None
    title = board.graph.get("title")
    if isinstance(title, LazyString) and title.english() == name:
        return str(title)
    return str(name)


def _graph_from_lines(
    name: str | LazyString,
    points: Mapping[str, tuple[float, float]],
    row_of: dict[str, str],
    row_order: Sequence[str],
    lines: Iterable[Sequence[str]],
    curved: Iterable[int] = (),
    source: str = "",
) -> nx.Graph:
    """Build a board graph whose edges are the consecutive pairs of ``lines``."""
    G = BoardGraph(name="", source=source)  # the keys in their usual order
    _name(G, name)
    for node, (x, y) in points.items():
        G.add_node(node, pos=(float(x), float(y)), label=node, row=row_of[node])
    line_list: list[Line] = []
    for index, line in enumerate(lines):
        line = tuple(line)
        for a, b in zip(line, line[1:]):
            if G.has_edge(a, b):  # a board invariant, checked once at build time
                raise ValueError(f"edge {a}-{b} would belong to two lines")
            G.add_edge(a, b, line=index)
        line_list.append(line)
    G.graph["lines"] = line_list
    G.graph["curved_lines"] = sorted(curved)
    G.graph["rows"] = list(row_order)
    return G


def zuni(n: int, outer_lines: bool = True, *, allow_long: bool = False) -> BoardGraph:
    """Return the Zuni board with ``n`` points in each outer row.

    Stevenson (1903, pp. 496-497) says the board has "no specified size", so
    the family is parametrised: ``n`` points in the top and bottom rows and
    ``n + 1`` in the middle row, joined by crossing diagonals and a curved
    line at each end (the pattern of the boards in Culin 1907, p. 801).
    Only ``n = 8`` (Mosona) and ``n = 16`` (Kolowis) are boards from the
    sources; every other size is this project's extension of Stevenson's
    remark, not a board recorded from the Zuni.

    Parameters
    ----------
    n : int
        Points in each outer row, at least 2 (Mosona is 8, Kolowis 16).
    outer_lines : bool, optional
        Draw lines along the top and bottom rows (Culin's figure). ``False``
        gives Murray's 1952 drawing, where the outer points are joined only
        by the diagonals.
    allow_long : bool, optional
        Build a board with ``n`` above :data:`MAX_ZUNI_N` (about 21 KB a
        point in all: ``zuni(100_000)`` takes 6 GB).

    Returns
    -------
    networkx.Graph
        Nodes ``T0..T(n-1)``, ``M0..Mn``, ``B0..B(n-1)`` with ``pos``,
        ``label`` and ``row``; edges with ``line``; graph attributes
        ``lines``, ``curved_lines``, ``rows``, ``name``, ``source``, ``n`` and
        ``outer_lines``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is less than 2.
    LongJobError
        If ``n`` is above :data:`MAX_ZUNI_N` and ``allow_long`` is false.

    Examples
    --------
    >>> G = zuni(4)
    >>> G.number_of_nodes(), G.number_of_edges()
    (13, 26)
    >>> sorted(G["M2"])
    ['B1', 'B2', 'M1', 'M3', 'T1', 'T2']
    >>> zuni(1)
    Traceback (most recent call last):
    ...
    ValueError: zuni(n) needs an integer n >= 2, got 1
    >>> zuni(10**8)
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: zuni(n) with n = 100,000,000: 300,000,000 points, about 2,002,716 MB and 3 h; boards are built up to n = 1,000 by default, pass allow_long=True for a larger one
    """
    _size_argument("zuni(n)", "n", n, 2, MAX_ZUNI_N, allow_long)
    if not isinstance(outer_lines, bool):
        raise TypeError(
            f"zuni(n, outer_lines): outer_lines is True or False, got {type(outer_lines).__name__}"
        )
    points: dict[str, tuple[float, float]] = {}
    row_of: dict[str, str] = {}
    for i in range(n):
        points[f"T{i}"] = (i, 1)
        row_of[f"T{i}"] = "T"
    for j in range(n + 1):
        # Evenly spaced, half a unit beyond the outer rows at each end, so the
        # end lines T0-M0-B0 and T(n-1)-Mn-B(n-1) bow outwards as on Culin's
        # slab. (A plain reading would put M0 straight between T0 and B0,
        # where no curve can pass; only the drawing differs, not the graph.)
        points[f"M{j}"] = (j - 0.5, 0)
        row_of[f"M{j}"] = "M"
    for i in range(n):
        points[f"B{i}"] = (i, -1)
        row_of[f"B{i}"] = "B"

    lines: list[list[str]] = [[f"M{j}" for j in range(n + 1)]]
    if outer_lines:
        lines.append([f"T{i}" for i in range(n)])
        lines.append([f"B{i}" for i in range(n)])
    for j in range(1, n):
        lines.append([f"T{j - 1}", f"M{j}", f"B{j}"])
        lines.append([f"T{j}", f"M{j}", f"B{j - 1}"])
    curved = [len(lines), len(lines) + 1]
    lines.append(["T0", "M0", "B0"])
    lines.append([f"T{n - 1}", f"M{n}", f"B{n - 1}"])

    name = (
        N_("Zuni board n={n}, with outer-row lines")
        if outer_lines
        else N_("Zuni board n={n}, without outer-row lines")
    )
    G = _graph_from_lines(
        name.filled(n=n),
        points,
        row_of,
        ["T", "M", "B"],
        lines,
        curved,
        source="pattern: Culin 1907 p. 801; size: this project's extension of Stevenson 1903 "
        "pp. 496-497 ('no specified size')"
        + ("" if outer_lines else "; Murray 1952 p. 71 (drawing without outer-row lines)"),
    )
    G.graph["n"] = n
    G.graph["outer_lines"] = outer_lines
    return G


def mosona(outer_lines: bool = True) -> BoardGraph:
    """Return the 25-point Awithlaknannai Mosona board (``zuni(8)``).

    Parameters
    ----------
    outer_lines : bool, optional
        ``True`` (default) is the board of Culin's figure; ``False`` is
        Murray's 1952 drawing without lines along the outer rows.

    Examples
    --------
    >>> mosona().number_of_edges(), mosona(outer_lines=False).number_of_edges()
    (54, 40)
    """
    G = zuni(8, outer_lines)
    _name(G, "Awithlaknannai Mosona" if outer_lines else N_("Awithlaknannai Mosona (Murray's drawing)"))
    G.graph["source"] = "Culin 1907 p. 801; Stevenson 1903 pp. 496-497" + (
        "" if outer_lines else "; Murray 1952 p. 71 (drawing without outer-row lines)"
    )
    return G


def kolowis() -> BoardGraph:
    """Return the 49-point Kolowis Awithlaknannai board (``zuni(16)``).

    The game of the long stone slab Culin found on a house top in Zuni (Culin
    1907, p. 801). The size, 16 + 17 + 16 points with a curved line at each
    end (and 23 pieces a side), is the one the encyclopedia's article on
    Kolowis Awithlaknannai gives, not a count from Culin's text; Ludii reads
    Culin's figure differently (48 points, with a curve at one end only).

    Examples
    --------
    >>> G = kolowis()
    >>> G.number_of_nodes(), G.number_of_edges(), 2 * len(leap_lines(G))
    (49, 110, 150)
    """
    G = zuni(16, outer_lines=True)
    _name(G, "Kolowis Awithlaknannai")
    G.graph["source"] = (
        "Culin 1907 p. 801 (the slab); size from the encyclopedia article 'Kolowis Awithlaknannai'"
    )
    return G


def _grid_name(col: int, row: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


def alquerque() -> BoardGraph:
    """Return the classic 5 x 5 Alquerque board.

    Orthogonal lines plus the diagonals of alternate squares, so that points
    whose coordinates sum to an even number have eight directions (the board
    of the Alfonso X manuscript, 1283, and Murray 1952).

    Examples
    --------
    >>> G = alquerque()
    >>> G.number_of_nodes(), G.number_of_edges()
    (25, 56)
    """
    size = 5
    points = {_grid_name(c, r): (c, r) for r in range(size) for c in range(size)}
    row_of = {_grid_name(c, r): str(r + 1) for r in range(size) for c in range(size)}
    lines: list[list[str]] = []
    for r in range(size):
        lines.append([_grid_name(c, r) for c in range(size)])
    for c in range(size):
        lines.append([_grid_name(c, r) for r in range(size)])
    # Diagonals run through the even points: the two long ones and the shorter parallels.
    for start in (-2, 0, 2):  # x - y = start
        lines.append([_grid_name(c, c - start) for c in range(size) if 0 <= c - start < size])
    for total in (2, 4, 6):  # x + y = total
        lines.append([_grid_name(c, total - c) for c in range(size) if 0 <= total - c < size])
    return _graph_from_lines(
        "Alquerque",
        points,
        row_of,
        [str(r) for r in range(size, 0, -1)],
        lines,
        source="Alfonso X, Libro de los juegos (1283); Murray 1952",
    )


def tukvnanawopi() -> BoardGraph:
    """Return the Hopi Tukvnanawopi board: 4 x 4 squares, each with both diagonals.

    25 corner points and 16 square centres (41 points, 104 edges).

    Examples
    --------
    >>> G = tukvnanawopi()
    >>> G.number_of_nodes(), G.number_of_edges()
    (41, 104)
    """
    size = 5
    points: dict[str, tuple[float, float]] = {}
    row_of: dict[str, str] = {}
    for r in range(size):
        for c in range(size):
            points[_grid_name(c, r)] = (c, r)
            row_of[_grid_name(c, r)] = str(r + 1)
    for r in range(size - 1):
        for c in range(size - 1):
            name = _grid_name(c, r) + "+"
            points[name] = (c + 0.5, r + 0.5)
            row_of[name] = str(r + 1) + "+"
    lines: list[list[str]] = []
    for r in range(size):
        lines.append([_grid_name(c, r) for c in range(size)])
    for c in range(size):
        lines.append([_grid_name(c, r) for r in range(size)])

    def diagonal(x0: int, y0: int, dx: int) -> list[str]:
        # Walk from a corner point by half steps, alternating corners and centres.
        out: list[str] = []
        x2, y2 = 2 * x0, 2 * y0  # doubled coordinates keep the halves integral
        while 0 <= x2 <= 2 * (size - 1) and 0 <= y2 <= 2 * (size - 1):
            if x2 % 2 == 0:
                out.append(_grid_name(x2 // 2, y2 // 2))
            else:
                out.append(_grid_name((x2 - 1) // 2, (y2 - 1) // 2) + "+")
            x2 += dx
            y2 += 1
        return out

    for start in range(-(size - 2), size - 1):  # rising diagonals x - y = start
        x0, y0 = (start, 0) if start >= 0 else (0, -start)
        lines.append(diagonal(x0, y0, +1))
    for total in range(1, 2 * size - 2):  # falling diagonals x + y = total
        x0, y0 = (total, 0) if total < size else (size - 1, total - size + 1)
        lines.append(diagonal(x0, y0, -1))
    rows_top_down: list[str] = []
    for r in range(size - 1, -1, -1):
        rows_top_down.append(str(r + 1))
        if r > 0:
            rows_top_down.append(str(r) + "+")
    return _graph_from_lines(
        "Tukvnanawopi",
        points,
        row_of,
        rows_top_down,
        lines,
        source="Hopi; encyclopedia article on Tukvnanawopi",
    )


def leap_lines(G: nx.Graph) -> list[Line]:
    """Return every run of three consecutive points along one drawn line.

    A leap can go either way along each run, so a board has twice as many
    directed leaps as leap lines. A closed line (a circle, written with its
    first point again at the end) has runs all the way round.

    Examples
    --------
    >>> len(leap_lines(mosona(outer_lines=False)))
    23
    """
    runs: list[Line] = []
    for line in _drawn(G, "lines", "leap_lines"):
        if len(line) > 3 and line[0] == line[-1]:  # a circle: the runs wrap round its start
            line = (*line, line[1])
        runs.extend(tuple(line[i : i + 3]) for i in range(len(line) - 2))
    return runs


def leaps(G: nx.Graph, shape: str = "line") -> list[tuple[str, str, str]]:
    """Return the directed leaps ``(from, over, to)`` of a board.

    Parameters
    ----------
    G : networkx.Graph
        A board built by this module.
    shape : {"line", "bent"}
        ``"line"``: the three points are consecutive on one drawn line.
        ``"bent"``: any path of two edges with distinct ends (the looser
        reading of "the leap need not be in a straight line").

    Examples
    --------
    >>> len(leaps(mosona())), len(leaps(mosona(), "bent")) > 70
    (70, True)
    >>> leaps(mosona(), "diagonal")
    Traceback (most recent call last):
    ...
    ValueError: leap shape must be 'line' or 'bent', got 'diagonal'
    """
    _drawn(G, "lines", "leaps")
    if shape == "line":
        out = []
        for a, b, c in leap_lines(G):
            out.append((a, b, c))
            out.append((c, b, a))
        return out
    if shape == "bent":
        return [(a, b, c) for a in G for b in G[a] for c in G[b] if c != a]
    raise ValueError(f"leap shape must be 'line' or 'bent', got {shown(shape)}")


def rows(G: nx.Graph) -> list[list[str]]:
    """Return the points row by row, top row first, each row left to right.

    Examples
    --------
    >>> [len(r) for r in rows(mosona())]
    [8, 9, 8]
    """
    by_row: dict[str, list[str]] = {name: [] for name in _drawn(G, "rows", "rows")}
    for node, data in G.nodes(data=True):
        if data.get("row") not in by_row or "pos" not in data:
            raise ValueError(f"rows: point {shown(node)} has no 'row' among the board's rows, or no 'pos'")
        by_row[data["row"]].append(node)
    return [sorted(by_row[name], key=lambda v: G.nodes[v]["pos"][0]) for name in G.graph["rows"]]


def _drawn(G: object, attribute: str, function: str) -> list:
    """``G.graph[attribute]`` of a board built by this module; a clear error for anything else."""
    if not isinstance(G, nx.Graph):
        raise TypeError(
            f"{function} takes a board (a networkx Graph from this module), got {type(G).__name__}"
        )
    value = G.graph.get(attribute)
    if not isinstance(value, (list, tuple)):
        raise ValueError(
            f"{function}: the graph has no {attribute!r} (a list), so it is not a board of this "  # noqa: TRY004 - a graph, malformed
            "module; build it with awithlaknannai.boards"
        )
    return value  # type: ignore[return-value]


# --- The Indian war games ----------------------------------------------------
#
# The encyclopedia's articles (which cite Murray 1952; Ludii dates Murray
# 1951) call five leaping games of India the Indian war games: the pieces
# fill every point but the centre, so the first move goes to the centre and
# is jumped. Their boards are built here from drawn lines
# like every other board; circles are closed lines whose edges are arcs.


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
        name or N_("{rings} circles and three diameters").filled(rings=rings),
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
