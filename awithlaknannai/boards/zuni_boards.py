"""The Zuni boards: three rows of points, ``zuni(n)`` and its two named sizes (Mosona, Kolowis)."""

from __future__ import annotations


from ..i18n import N_
from .lines import BoardGraph, _graph_from_lines, _name, _size_argument
from .lines import leap_lines  # noqa: F401 - the Examples use it, as readers of awithlaknannai.boards would

#: The largest ``zuni(n)`` built without ``allow_long=True``: 1,000 points in
#: an outer row, 3,001 points in all (about 0.1 s and 20 MB). The variants
#: ``zuni-N`` stop there too (:data:`awithlaknannai.variants.MAX_ZUNI_N`).
MAX_ZUNI_N = 1000


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
