"""The move tables of a board: its steps and leaps over point indices, derived once from its lines.

Every position of a variant shares its board's tables (:attr:`awithlaknannai.variants.Variant.tables`);
the move generator's inner loops read them in the shapes built here.
"""

from __future__ import annotations

from functools import lru_cache

import networkx as nx

from . import boards

__all__ = ["CACHED_BOARDS"]


class _Tables:
    """Step and leap tables over point indices, derived once from the graph's lines."""

    def __init__(self, board: nx.Graph, leap_shape: str) -> None:
        # Row by row, left to right: the order of position texts and bit indices.
        self.rows: tuple[tuple[str, ...], ...] = tuple(tuple(row) for row in boards.rows(board))
        self.points: tuple[str, ...] = tuple(p for row in self.rows for p in row)
        self.index: dict[str, int] = {p: i for i, p in enumerate(self.points)}
        # Lower-case spelling -> point name, for reading typed moves in any case.
        lowered: dict[str, list[str]] = {}
        for p in self.points:
            lowered.setdefault(p.lower(), []).append(p)
        self.spelling: dict[str, str] = {k: v[0] for k, v in lowered.items() if len(v) == 1}
        self.size = len(self.points)
        self.full_mask = (1 << self.size) - 1
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.index[q] for q in board[p])) for p in self.points
        )
        leap_lists: list[list[tuple[int, int]]] = [[] for _ in self.points]
        for a, b, c in boards.leaps(board, leap_shape):
            leap_lists[self.index[a]].append((self.index[b], self.index[c]))
        self.leaps: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(sorted(set(lst))) for lst in leap_lists
        )
        # The same tables in the shapes the generator's inner loops want: bits
        # instead of indices, and the step moves built once (raw move tuples
        # are immutable, so every position can share them).
        self.step_moves: tuple[tuple[tuple[int, tuple[int, tuple[int, ...], tuple[()], int]], ...], ...] = (
            tuple(
                tuple((1 << to, (origin, (to,), (), 0)) for to in targets)
                for origin, targets in enumerate(self.steps)
            )
        )
        self.step_mask: tuple[int, ...] = tuple(sum(1 << to for to in targets) for targets in self.steps)
        self.leap_bits: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
            tuple((1 << over, 1 << to, over, to) for over, to in runs) for runs in self.leaps
        )
        self.leap_over_mask: tuple[int, ...] = tuple(
            sum({1 << over for over, _ in runs}) for runs in self.leaps
        )
        # For each point, the points a leap could start from to land on it.
        leap_from = [0] * self.size
        for origin, runs in enumerate(self.leaps):
            for _, to in runs:
                leap_from[to] |= 1 << origin
        self.leap_from_mask: tuple[int, ...] = tuple(leap_from)


# Tables and boards are shared by every position of a variant: each Variant
# holds its tables once asked, so these caches only make rebuilding a variant
# by name quick. They are bounded (least recently used first out): a session
# that reads texts naming many large boards must not keep them all (200
# rejected texts naming zuni-500 ... zuni-1495 once left 4.2 GB resident).
CACHED_BOARDS = 8


def _board_content(board: nx.Graph) -> tuple[object, ...]:
    return (
        tuple(sorted((node, tuple(data["pos"]), data["row"]) for node, data in board.nodes(data=True))),
        tuple(tuple(line) for line in board.graph["lines"]),
        tuple(board.graph["rows"]),
    )


def _tables_for(name: str, board: nx.Graph, shape: str, content: tuple[object, ...] | None = None) -> _Tables:
    # Keyed by the board's content, not only its name, so that a hand-built
    # Variant reusing a name never gets another board's tables.
    key = (name, shape, content if content is not None else _board_content(board))
    return _cached_tables(key, _BoardRef(board), shape)


#: The most points a hand-built variant's board may have: as many as the


class _BoardRef:
    """Carries the board into the cache without making it part of the key."""

    __slots__ = ("board",)

    def __init__(self, board: nx.Graph) -> None:
        self.board = board

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _BoardRef)


@lru_cache(maxsize=CACHED_BOARDS)
def _cached_tables(key: tuple[object, ...], board: _BoardRef, shape: str) -> _Tables:
    return _Tables(board.board, shape)
