"""The square-grid boards: Alquerque and the Hopi Tukvnanawopi."""

from __future__ import annotations


from .lines import BoardGraph, _graph_from_lines, _grid_name


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
