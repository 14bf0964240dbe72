"""The board graph and what its drawn lines give: leap lines, directed leaps, rows.

Every builder of this package makes its graph with :func:`_graph_from_lines`, so the rules
about lines (an edge belongs to one line, a circle is a closed line) hold in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import networkx as nx

from ..errors import LongJobError, shown
from ..i18n import LazyString

Line = tuple[str, ...]


def _size_argument(function: str, name: str, value: object, low: int, high: int, allow_long: bool) -> int:
    """A board size: an integer >= ``low``; above ``high`` only with ``allow_long``."""
    from ..limits import duration, flag

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

    >>> from awithlaknannai.boards import mosona
    >>> mosona()
    <Awithlaknannai Mosona: 25 points, 54 edges>
    """

    def __repr__(self) -> str:
        # networkx's default repr carries a memory address; a notebook's saved
        # output must be the same on every run.
        name = self.graph.get("name", "board")
        return f"<{name}: {self.number_of_nodes()} points, {self.number_of_edges()} edges>"

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        from ..render import Picture, board_svg

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
    >>> from awithlaknannai.boards import kolowis, zuni
    >>> from awithlaknannai.i18n import use_language
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


def _grid_name(col: int, row: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


def leap_lines(G: nx.Graph) -> list[Line]:
    """Return every run of three consecutive points along one drawn line.

    A leap can go either way along each run, so a board has twice as many
    directed leaps as leap lines. A closed line (a circle, written with its
    first point again at the end) has runs all the way round.

    Examples
    --------
    >>> from awithlaknannai.boards import mosona
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
    >>> from awithlaknannai.boards import mosona
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
    >>> from awithlaknannai.boards import mosona
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
