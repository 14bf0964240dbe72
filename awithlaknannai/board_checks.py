"""The checks a hand-built board passes before a variant may use it.

A named variant's board is built here and trusted; a board built by hand must be one the move
tables, texts and pictures can use, and small enough for every part of the library.
"""

from __future__ import annotations

import itertools
import math
import re
import weakref

import networkx as nx

from .boards import MAX_ZUNI_N
from .errors import shown

__all__ = ["MAX_BOARD_POINTS", "MAX_BENT_LEAPS"]


MAX_BOARD_POINTS = 3 * MAX_ZUNI_N + 1
#: The most bent leaps (paths of two edges) a hand-built board may have
#: under ``leap_shape=bent``; ``zuni-1000`` has about 24,000.
MAX_BENT_LEAPS = 200_000
_POINT_NAME = re.compile(r"[A-Za-z]+[0-9]+\+?")

# Boards the variants module built (frozen, and known to be well formed): not checked again.
_TRUSTED_BOARDS: weakref.WeakSet[nx.Graph] = weakref.WeakSet()


def _check_board(board: nx.Graph, leap_shape: str) -> None:
    """A board built by hand must be one the move tables, texts and pictures can use."""
    if board.is_directed() or board.is_multigraph():
        raise ValueError("a board is an undirected networkx Graph (lines join points both ways)")
    size = board.number_of_nodes()
    if not 1 <= size <= MAX_BOARD_POINTS:
        raise ValueError(f"a board has 1 to {MAX_BOARD_POINTS:,} points, this one has {size:,}")
    if board.number_of_edges() > 8 * size:
        raise ValueError(
            f"a board has at most 8 lines a point on average; this one has {board.number_of_edges():,} "
            f"edges for {size:,} points"
        )
    rows = board.graph.get("rows")
    lines = board.graph.get("lines")
    if not isinstance(rows, (list, tuple)) or not isinstance(lines, (list, tuple)):
        raise ValueError(
            "a board needs graph attributes 'rows' (row names, top first) and 'lines' (each a "  # noqa: TRY004
            "sequence of points): build it with awithlaknannai.boards"
        )
    row_names = set()
    for row in rows:
        if not isinstance(row, str):
            raise ValueError(f"a board's row names are texts, got {type(row).__name__}")  # noqa: TRY004 - content
        row_names.add(row)
    for node, data in board.nodes(data=True):
        if not isinstance(node, str) or not _POINT_NAME.fullmatch(node) or len(node) > 20:
            raise ValueError(
                f"a board's points are named like 'B3' or 'a1+' (letters, digits, an optional +), "
                f"got {shown(node)}"
            )
        pos = data.get("pos")
        if not (
            isinstance(pos, (tuple, list))
            and len(pos) == 2
            and all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in pos)
        ):
            raise ValueError(f"point {node}: 'pos' is an (x, y) pair of finite numbers, got {shown(pos)}")
        if data.get("row") not in row_names:
            raise ValueError(
                f"point {node}: 'row' names one of the board's rows, got {shown(data.get('row'))}"
            )
    total = 0
    for index, line in enumerate(lines):
        if isinstance(line, str) or not isinstance(line, (list, tuple)) or len(line) < 2:
            raise ValueError(f"line {index}: a line is a sequence of two or more points")
        total += len(line)
        if len(lines) > board.number_of_edges() + 1 or total > 3 * board.number_of_edges() + 2 * len(lines):
            raise ValueError("a board's lines go over its edges more often than a drawing can")
        for a, b in itertools.pairwise(line):
            if not (isinstance(a, str) and isinstance(b, str) and board.has_edge(a, b)):
                raise ValueError(
                    f"line {index}: {shown(a)} and {shown(b)} are not joined by an edge of the board"
                )
    for key, allowed in (("curved_lines", None), ("arc_centres", None)):
        value = board.graph.get(key, ())
        indices = value.keys() if isinstance(value, dict) else value
        if not isinstance(indices, (list, tuple, set, frozenset, type({}.keys()))) or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(lines) for i in indices
        ):
            raise ValueError(f"a board's {key!r} lists indices of its lines")
    if leap_shape == "bent":
        bent = sum(d * (d - 1) for _, d in board.degree())
        if bent > MAX_BENT_LEAPS:
            raise ValueError(
                f"bent leaps: this board has {bent:,} paths of two edges, more than the "
                f"{MAX_BENT_LEAPS:,} the move generator takes on; use leap_shape=line"
            )
