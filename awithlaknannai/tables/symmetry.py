"""Board symmetry for the endgame tables: one table entry per symmetry class of positions.

Pieces move alike in every direction and both sides follow the same rules,
so a position's value (from the side to move) does not change when the whole
board is mirrored or turned, as long as the mirror or turn maps every drawn
line onto a drawn line: steps onto steps and leaps onto leaps. The tables
therefore store one position of each *orbit* (the positions that a symmetry
maps onto each other) and look every other one up through its orbit's
canonical member.

Which symmetries
----------------
:func:`board_symmetries` tries the mirrors and turns of the drawing about
its centre (every multiple of 15 degrees, with and without a mirror) and
keeps those that send every point onto a point and every step and leap onto
a step and leap of the same board. Mosona and the Zuni boards keep the
left-right mirror, the top-bottom mirror and the half turn (4 symmetries);
Lau kata kati the same 4; Pretwa's circles all 12 of the hexagon. The start
position does not enter into it: the tables hold every position of a
material class, and the colours do not matter (see
:mod:`~awithlaknannai.tables.solver_core`).

Canonical rank
--------------
Class ``(a, b)`` (the mover has ``a`` pieces, the opponent ``b``) is ranked
as the plain tables rank it (:func:`~awithlaknannai.tables.solver_core.class_index`),
but over canonical mover sets only: the mover's set is replaced by the
smallest (in the plain rank) of its images, the opponent's set is moved by the
same symmetry, and the index is ``dense(own) * C(n - a, b) + rank(opp)``
where ``dense`` numbers the canonical mover sets. When the mover's set is
itself symmetric (a mirror keeps it), the opponent's set is also made the
smallest of its images under those symmetries; the other placements of that
mover set are never looked up (*holes*: Mosona's 5v5 table has 2 % more
entries than orbits, a small board's up to a quarter more), and
the solver fills them with their canonical twin's value so that every entry
of a table is the value of the position it names.

Examples
--------
>>> from awithlaknannai.variants import get_variant
>>> group = board_symmetries(get_variant("mosona"))
>>> len(group)
4
>>> index = SymmetricIndex(get_variant("zuni-3"), 2, 1)
>>> index.size, index.full_size
(128, 360)
"""

from __future__ import annotations

import math
from functools import lru_cache

import networkx as nx

from ..errors import missing_package
from ..variants import Variant

try:
    import numpy as np

    from .ranks import MAX_POINTS, RankBoard, _combination_masks, lex_rank
except ImportError:  # Pyodide in the browser (JupyterLite): board_symmetries works, SymmetricIndex says so
    np = None  # type: ignore[assignment]

__all__ = ["board_symmetries", "SymmetricIndex", "MAX_CANONICAL_SETS"]

#: The most mover sets of one size a canonical table is built for (``C(n, a)``):
#: 4 bytes and 8 bytes of mask each. ``C(25, 12)`` is 5.2 million; larger
#: classes are far beyond what can be solved anyway.
MAX_CANONICAL_SETS = 1 << 27


def board_symmetries(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The mirrors and turns of the drawing that map steps onto steps and leaps onto leaps.

    Each symmetry is a permutation of point indices (``perm[i]`` is where
    point ``i`` goes); the identity comes first. The set is a group: the
    candidates (turns by multiples of 15 degrees, with or without a mirror)
    form one, and so do the maps that keep the board.

    >>> from awithlaknannai.variants import get_variant
    >>> len(board_symmetries(get_variant("pretwa"))), len(board_symmetries(get_variant("lau-kata-kati")))
    (12, 4)
    """
    return _symmetries(variant.tables, variant.board)


Point = tuple[float, float]
Steps = tuple[tuple[int, ...], ...]
Leaps = tuple[tuple[tuple[int, int], ...], ...]


@lru_cache(maxsize=16)
def _symmetries_cached(
    points: tuple[str, ...], positions: tuple[Point, ...], steps: Steps, leaps: Leaps
) -> tuple[tuple[int, ...], ...]:
    n = len(points)
    xs = [p[0] for p in positions]
    ys = [p[1] for p in positions]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    where = {(round(x - cx, 5), round(y - cy, 5)): i for i, (x, y) in enumerate(positions)}
    if len(where) != n:
        return (tuple(range(n)),)
    step_set = {(i, j) for i, targets in enumerate(steps) for j in targets}
    leap_set = {(i, o, t) for i, runs in enumerate(leaps) for o, t in runs}
    found = []
    for mirror in (False, True):
        for k in range(24):
            angle = math.radians(15 * k)
            c, s = math.cos(angle), math.sin(angle)
            perm = []
            for x, y in positions:
                x, y = x - cx, y - cy
                if mirror:
                    x = -x
                image = where.get((round(c * x - s * y, 5), round(s * x + c * y, 5)))
                if image is None:
                    break
                perm.append(image)
            if len(perm) != n or len(set(perm)) != n:
                continue
            if all((perm[i], perm[j]) in step_set for i, j in step_set) and all(
                (perm[i], perm[o], perm[t]) in leap_set for i, o, t in leap_set
            ):
                found.append(tuple(perm))
    identity = tuple(range(n))
    return (identity, *sorted(p for p in set(found) if p != identity))


def _symmetries(tables: object, board: nx.Graph) -> tuple[tuple[int, ...], ...]:
    points = tables.points  # type: ignore[attr-defined]
    positions = tuple((float(board.nodes[p]["pos"][0]), float(board.nodes[p]["pos"][1])) for p in points)
    return _symmetries_cached(points, positions, tables.steps, tables.leaps)  # type: ignore[attr-defined]


@lru_cache(maxsize=64)
def _permutation_tables(group: tuple[tuple[int, ...], ...], n: int) -> np.ndarray:
    """``table[g * 4 + k, byte]``: the image under symmetry ``g`` of the bits ``byte << 8k``.

    Kept per (group, board size) and read-only: every material class of a
    board, and every rule set on it, shares the same table.
    """
    table = np.zeros((len(group) * 4, 256), dtype=np.uint32)
    values = np.arange(256, dtype=np.uint32)
    for g, perm in enumerate(group):
        for k in range(4):
            for j in range(8):
                point = 8 * k + j
                if point < n:
                    table[g * 4 + k] |= ((values >> np.uint32(j)) & np.uint32(1)) * np.uint32(
                        1 << perm[point]
                    )
    table.flags.writeable = False
    return table


class SymmetricIndex:
    """The canonical rank of one material class: one entry per orbit (plus a few holes).

    Parameters
    ----------
    variant : Variant
        Board (at most :data:`~awithlaknannai.tables.ranks.MAX_POINTS` points).
    a, b : int
        Pieces of the side to move and of the opponent.
    group : tuple of permutations, optional
        The symmetries to use (default :func:`board_symmetries`; ``((0, 1, ...),)``
        gives the plain rank).

    Attributes
    ----------
    size : int
        Entries of the table (canonical mover sets times ``C(n - a, b)``).
    full_size : int
        Positions of the class.
    """

    def __init__(
        self,
        variant: Variant,
        a: int,
        b: int,
        group: tuple[tuple[int, ...], ...] | None = None,
        board: RankBoard | None = None,
    ) -> None:
        if np is None:  # the canonical order is ranked with numpy; without it tables keep the plain order
            raise missing_package("SymmetricIndex (the tables' order by symmetry class)", "numpy")
        n = variant.tables.size
        if n > MAX_POINTS:
            raise ValueError(f"symmetric tables need a board of at most {MAX_POINTS} points")
        if not (1 <= a and 0 <= b and a + b <= n):
            raise ValueError(f"class {a}v{b} does not fit a board of {n} points")
        self.n, self.a, self.b = n, a, b
        self.group = board_symmetries(variant) if group is None else group
        self.board = board or RankBoard(variant)
        self.per_own = math.comb(n - a, b)
        self.full_size = math.comb(n, a) * self.per_own
        self._perm = _permutation_tables(self.group, n) if len(self.group) > 1 else None
        own_table = _canonical_sets(n, a, self.group)
        self._canon_of_rank, self._coset, self.own_masks = own_table
        self.size = int(self.own_masks.size) * self.per_own

    # -- bit-set permutations
    def permute(self, masks: np.ndarray, g: np.ndarray | int) -> np.ndarray:
        """The images of bit sets under symmetry ``g`` (one per row, or one for all)."""
        if self._perm is None:
            return masks.astype(np.uint32, copy=True)
        base = np.asarray(g, dtype=np.intp) * 4
        out = np.zeros(masks.shape, dtype=np.uint32)
        for k in range(4):
            out |= self._perm[base + k, (masks >> np.uint32(8 * k)) & np.uint32(255)]
        return out

    # -- ranks
    def index(self, own: np.ndarray, opp: np.ndarray) -> np.ndarray:
        """Table indices of positions ``(own, opp)`` of this class (any member of an orbit)."""
        own = np.asarray(own, dtype=np.uint32)
        opp = np.asarray(opp, dtype=np.uint32)
        a, n = self.a, self.n
        rank = lex_rank(n, a, own)
        if self._perm is None:
            return rank * self.per_own + lex_rank(n - a, self.b, self.board.compress(opp, own))
        dense = self._canon_of_rank[rank].astype(np.int64)
        coset = self._coset[rank]
        canon_own = self.own_masks[dense]
        first = _lowest_bit_index(coset)
        opp_rank = lex_rank(n - a, self.b, self.board.compress(self.permute(opp, first), canon_own))
        several = np.flatnonzero(coset & (coset - np.uint64(1)))
        if several.size:
            opp_rank[several] = self._least_opp(opp[several], coset[several], canon_own[several])
        return dense * self.per_own + opp_rank

    def _least_opp(self, opp: np.ndarray, coset: np.ndarray, canon_own: np.ndarray) -> np.ndarray:
        best = np.full(opp.shape, np.iinfo(np.int64).max, dtype=np.int64)
        for g in range(len(self.group)):
            rows = np.flatnonzero((coset >> np.uint64(g)) & np.uint64(1))
            if rows.size:
                ranks = lex_rank(
                    self.n - self.a, self.b, self.board.compress(self.permute(opp[rows], g), canon_own[rows])
                )
                best[rows] = np.minimum(best[rows], ranks)
        return best

    def unrank(self, index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(own, opp)`` of table entries (for a hole: the position it names, not its twin)."""
        index = np.asarray(index, dtype=np.int64)
        own = self.own_masks[index // self.per_own]
        packed = _combination_masks(self.n - self.a, self.b)[index % self.per_own]
        return own, self.board.spread(packed, own)

    def symmetric_own(self, own: np.ndarray) -> np.ndarray:
        """Whether each canonical mover set is kept by a symmetry other than the identity."""
        if self._perm is None:
            return np.zeros(own.shape, dtype=bool)
        stabiliser = self._coset[lex_rank(self.n, self.a, own)]
        return (stabiliser & (stabiliser - np.uint64(1))) != 0

    def orbit_sizes(self, own: np.ndarray, opp: np.ndarray) -> np.ndarray:
        """How many positions each canonical ``(own, opp)`` stands for (the group's order over the stabiliser's)."""
        order = len(self.group)
        sizes = np.full(own.shape, order, dtype=np.int32)
        if order == 1:
            return sizes
        rank = lex_rank(self.n, self.a, own)
        stabiliser = self._coset[rank]  # own is canonical: its coset is its stabiliser
        rows = np.flatnonzero(stabiliser & (stabiliser - np.uint64(1)))
        if rows.size:
            fixed = np.zeros(rows.size, dtype=np.int32)
            for g in range(order):
                keeps = ((stabiliser[rows] >> np.uint64(g)) & np.uint64(1)).astype(bool)
                keeps &= self.permute(opp[rows], g) == opp[rows]
                fixed += keeps
            sizes[rows] = order // fixed
        return sizes


def _lowest_bit_index(masks: np.ndarray) -> np.ndarray:
    low = masks & (~masks + np.uint64(1))
    return np.bitwise_count(low - np.uint64(1)).astype(np.intp)


_CANONICAL: dict[tuple[int, int, tuple[tuple[int, ...], ...]], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _canonical_sets(
    n: int, a: int, group: tuple[tuple[int, ...], ...]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every ``a``-set (by plain rank): the dense number of its canonical image, and the
    symmetries reaching it (a bit mask); and the canonical sets' bit sets in dense order."""
    key = (n, a, group)
    found = _CANONICAL.get(key)
    if found is not None:
        return found
    count = math.comb(n, a)
    if len(group) == 1:
        found = (np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.uint64), _combination_masks(n, a))
        _CANONICAL[key] = found
        return found
    if count > MAX_CANONICAL_SETS:
        raise ValueError(f"{count:,} sets of {a} points: too many for a symmetric table")
    perm = _permutation_tables(group, n)
    masks = _combination_masks(n, a)
    least = np.arange(count, dtype=np.int64)
    images = []
    for g in range(len(group)):
        image = np.zeros(count, dtype=np.uint32)
        for k in range(4):
            image |= perm[g * 4 + k, (masks >> np.uint32(8 * k)) & np.uint32(255)]
        ranks = lex_rank(n, a, image)
        images.append(ranks)
        np.minimum(least, ranks, out=least)
    coset = np.zeros(count, dtype=np.uint64)
    for g, ranks in enumerate(images):
        coset |= (ranks == least).astype(np.uint64) << np.uint64(g)
    canonical = least == np.arange(count)
    dense_of_rank = np.cumsum(canonical, dtype=np.int64) - 1
    found = (dense_of_rank[least].astype(np.int32), coset, masks[canonical])
    if len(_CANONICAL) > 64:
        _CANONICAL.clear()
    _CANONICAL[key] = found
    return found
