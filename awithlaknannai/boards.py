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
corner with a ``+`` (``a1+`` is the centre of the square a1-b1-b2-a2).

Every node carries ``pos`` (x, y with y up), ``label`` and ``row`` (a row name
used for text diagrams, listed top to bottom in ``G.graph["rows"]``); every
edge carries ``line`` (the index of its line in ``G.graph["lines"]``); lines
drawn as curves are listed in ``G.graph["curved_lines"]``.

Examples
--------
>>> G = mosona()
>>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
(25, 54, 35)
>>> G.nodes["M4"]["pos"]
(3.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import networkx as nx

__all__ = [
    "BoardGraph",
    "zuni",
    "mosona",
    "kolowis",
    "alquerque",
    "tukvnanawopi",
    "leap_lines",
    "leaps",
    "rows",
]

Line = tuple[str, ...]


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


def _graph_from_lines(
    name: str,
    points: Mapping[str, tuple[float, float]],
    row_of: dict[str, str],
    row_order: Sequence[str],
    lines: Iterable[Sequence[str]],
    curved: Iterable[int] = (),
    source: str = "",
) -> nx.Graph:
    """Build a board graph whose edges are the consecutive pairs of ``lines``."""
    G = BoardGraph(name=name, source=source)
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


def zuni(n: int, outer_lines: bool = True) -> BoardGraph:
    """Return the Zuni board with ``n`` points in each outer row.

    Stevenson (1903, p. 496) says the board has "no specified size", so the
    family is parametrised: ``n`` points in the top and bottom rows and
    ``n + 1`` in the middle row, joined by crossing diagonals and a curved
    line at each end (Culin 1907, p. 801).

    Parameters
    ----------
    n : int
        Points in each outer row, at least 2 (Mosona is 8, Kolowis 16).
    outer_lines : bool, optional
        Draw lines along the top and bottom rows (Culin's figure). ``False``
        gives Murray's 1951 drawing, where the outer points are joined only
        by the diagonals.

    Returns
    -------
    networkx.Graph
        Nodes ``T0..T(n-1)``, ``M0..Mn``, ``B0..B(n-1)`` with ``pos``,
        ``label`` and ``row``; edges with ``line``; graph attributes
        ``lines``, ``curved_lines``, ``rows``, ``name``, ``source``, ``n`` and
        ``outer_lines``.

    Raises
    ------
    ValueError
        If ``n`` is not an integer of at least 2.

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
    ValueError: zuni(n) needs an integer n >= 2 (points in an outer row), got 1
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValueError(f"zuni(n) needs an integer n >= 2 (points in an outer row), got {n!r}")
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

    drawing = "with outer-row lines" if outer_lines else "without outer-row lines"
    G = _graph_from_lines(
        f"Zuni board n={n}, {drawing}",
        points,
        row_of,
        ["T", "M", "B"],
        lines,
        curved,
        source="Culin 1907 p. 801; Stevenson 1903 pp. 496-497"
        + ("" if outer_lines else "; Murray 1951 p. 71 (drawing without outer-row lines)"),
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
        Murray's 1951 drawing without lines along the outer rows.

    Examples
    --------
    >>> mosona().number_of_edges(), mosona(outer_lines=False).number_of_edges()
    (54, 40)
    """
    G = zuni(8, outer_lines)
    G.graph["name"] = "Awithlaknannai Mosona" + ("" if outer_lines else " (Murray's drawing)")
    return G


def kolowis() -> BoardGraph:
    """Return the 49-point Kolowis Awithlaknannai board (``zuni(16)``).

    The encyclopedia's symmetric board: 16 + 17 + 16 points with a curved
    line at each end (Culin 1907 describes it from a large stone slab).

    Examples
    --------
    >>> G = kolowis()
    >>> G.number_of_nodes(), G.number_of_edges(), 2 * len(leap_lines(G))
    (49, 110, 150)
    """
    G = zuni(16, outer_lines=True)
    G.graph["name"] = "Kolowis Awithlaknannai"
    return G


def _grid_name(col: int, row: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


def alquerque() -> BoardGraph:
    """Return the classic 5 x 5 Alquerque board.

    Orthogonal lines plus the diagonals of alternate squares, so that points
    whose coordinates sum to an even number have eight directions (the board
    of the Alfonso X manuscript, 1283, and Murray 1951).

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
        "Alquerque", points, row_of, [str(r) for r in range(size, 0, -1)], lines,
        source="Alfonso X, Libro de los juegos (1283); Murray 1951",
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
        "Tukvnanawopi", points, row_of, rows_top_down, lines,
        source="Hopi; encyclopedia article on Tukvnanawopi",
    )


def leap_lines(G: nx.Graph) -> list[Line]:
    """Return every run of three consecutive points along one drawn line.

    A leap can go either way along each run, so a board has twice as many
    directed leaps as leap lines.

    Examples
    --------
    >>> len(leap_lines(mosona(outer_lines=False)))
    23
    """
    runs: list[Line] = []
    for line in G.graph["lines"]:
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
    if shape == "line":
        out = []
        for a, b, c in leap_lines(G):
            out.append((a, b, c))
            out.append((c, b, a))
        return out
    if shape == "bent":
        return [(a, b, c) for a in G for b in G[a] for c in G[b] if c != a]
    raise ValueError(f"leap shape must be 'line' or 'bent', got {shape!r}")


def rows(G: nx.Graph) -> list[list[str]]:
    """Return the points row by row, top row first, each row left to right.

    Examples
    --------
    >>> [len(r) for r in rows(mosona())]
    [8, 9, 8]
    """
    by_row: dict[str, list[str]] = {name: [] for name in G.graph["rows"]}
    for node, data in G.nodes(data=True):
        by_row[data["row"]].append(node)
    return [sorted(by_row[name], key=lambda v: G.nodes[v]["pos"][0]) for name in G.graph["rows"]]
