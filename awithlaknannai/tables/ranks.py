"""The board as numpy tables: combinatorial ranks and vectorised moves.

The array solver (:mod:`~awithlaknannai.tables.blocks`) addresses every
position by its rank and keeps every per-position state in a flat numpy
array; this module holds what it needs of the board: the rank of a position
in its material class, and the steps, leaps and un-steps of whole batches
of positions at once.

Ranks
-----
A position of class ``(a, b)`` on an ``n``-point board is the mover's bit
set ``own`` (``a`` points) and the opponent's ``opp`` (``b`` points). Its
index is ``lex(own) * C(n - a, b) + lex(compress(opp))`` where ``lex`` is
the lexicographic rank of a combination (the order of
:func:`itertools.combinations`) and ``compress`` keeps the opponent's bits
at the points the mover does not hold: exactly the order of
:func:`~awithlaknannai.tables.solver_core.class_keys`. ``lex`` is two lookups in
tables over the low and the high half of the bits (``2**(m/2)`` entries), and
``compress`` goes byte by byte through a 64 K table, so ranking a batch of
positions is a few dozen vectorised numpy operations.

Boards up to :data:`MAX_POINTS` points are supported (bit sets in ``uint32``):
every Zuni board up to ``zuni-10``, Mosona (25 points) among them.

Examples
--------
>>> import numpy as np
>>> from awithlaknannai.variants import get_variant
>>> from awithlaknannai.tables import solver_core as core
>>> board = RankBoard(get_variant("zuni-2"))
>>> keys = core.class_keys(7, 2, 1)
>>> own = np.array([k >> 7 for k in keys], dtype=np.uint32)
>>> opp = np.array([k & 127 for k in keys], dtype=np.uint32)
>>> bool((board.index(2, 1, own, opp) == np.arange(len(keys))).all())
True
"""

from __future__ import annotations

import math
from itertools import combinations  # noqa: F401 - the doctests use it

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite): the solver picks its pure-Python engine instead
    from ..errors import missing_package

    raise missing_package("awithlaknannai.tables.ranks (the array solver)", "numpy") from None

from ..variants import Variant
from .solver_core import class_size

__all__ = ["MAX_POINTS", "RankBoard", "lex_rank", "lex_table"]

MAX_POINTS = 31  # bit sets in uint32


def _free_slots() -> tuple[np.ndarray, np.ndarray]:
    """For every mask byte (rows) and bit j (columns): is j free (0 in the mask), and how many free bits lie below it."""
    masks = np.arange(256, dtype=np.uint32)[:, None]
    bits = np.arange(8, dtype=np.uint32)[None, :]
    free = (masks >> bits & 1) == 0
    below = np.cumsum(free, axis=1) - free  # free bits under bit j
    return free, below.astype(np.uint32)


def _pext8() -> np.ndarray:
    # _PEXT[(mask_byte << 8) | value_byte]: the value's bits at the mask's free (zero) points, packed.
    # Built with array operations (a Python loop over the 65,536 entries cost 0.2-0.4 s at every import).
    free, below = _free_slots()
    values = np.arange(256, dtype=np.uint32)[None, :]
    table = np.zeros((256, 256), dtype=np.uint32)
    for j in range(8):
        bit = (values >> np.uint32(j) & 1) * free[:, j : j + 1]
        table |= bit.astype(np.uint32) << below[:, j : j + 1]
    return table.reshape(-1)


def _pdep8() -> np.ndarray:
    # _PDEP[(mask_byte << 8) | packed]: the packed bits spread over the mask's free points (0 where
    # ``packed`` has more bits than the mask has free points).
    free, below = _free_slots()
    packed = np.arange(256, dtype=np.uint32)[None, :]
    table = np.zeros((256, 256), dtype=np.uint32)
    for j in range(8):
        bit = (packed >> below[:, j : j + 1] & 1) * free[:, j : j + 1]
        table |= bit.astype(np.uint32) << np.uint32(j)
    fits = packed < (np.uint32(1) << free.sum(axis=1, dtype=np.uint32))[:, None]
    return (table * fits).reshape(-1).astype(np.uint32)


_PEXT = _pext8()
_PDEP = _pdep8()
_FREE = np.array([8 - m.bit_count() for m in range(256)], dtype=np.uint32)
_LEX_CACHE: dict[int, np.ndarray] = {}
_SPLIT_CACHE: dict[tuple[int, int], tuple[int, np.ndarray, np.ndarray, int]] = {}


def _split_tables(m: int, k: int) -> tuple[int, np.ndarray, np.ndarray, int]:
    """Tables for the lex rank of k-subsets of range(m), split into a low and a high half of the bits.

    The rank is ``C(m, k) - 1 - sum C(m - 1 - c_i, k - i)`` over the sorted
    elements ``c_i``; the low half's terms depend on its bits only, the high
    half's on its bits and on how many elements the low half holds.
    """
    found = _SPLIT_CACHE.get((m, k))
    if found is not None:
        return found
    low_bits = (m + 1) // 2
    high_bits = m - low_bits

    def terms(bits: int, offset: int, before: int) -> np.ndarray:
        out = np.zeros(1 << bits, dtype=np.int64)
        for x in range(1 << bits):
            total, i = 0, before
            for j in range(bits):
                if x >> j & 1:
                    if k - i >= 0:
                        total += math.comb(m - 1 - (offset + j), k - i)
                    i += 1
            out[x] = total
        return out

    low = terms(low_bits, 0, 0)
    # high[(t << high_bits) | y]: the high half y's terms when the low half holds t elements.
    high = np.concatenate(
        [terms(high_bits, low_bits, t) for t in range(k + 1)]
        + [np.zeros(1 << high_bits, dtype=np.int64)] * max(0, low_bits - k)
    )
    kind = np.int32 if math.comb(m, k) < 2**31 else np.int64
    found = _SPLIT_CACHE[(m, k)] = (low_bits, low.astype(kind), high.astype(kind), math.comb(m, k) - 1)
    return found


def lex_rank(m: int, k: int, masks: np.ndarray) -> np.ndarray:
    """Lexicographic ranks of ``k``-subsets of ``range(m)`` given as bit sets (the order of
    :func:`itertools.combinations`).

    >>> masks = np.array([sum(1 << i for i in c) for c in combinations(range(5), 2)], dtype=np.uint32)
    >>> lex_rank(5, 2, masks).tolist()
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    low_bits, low, high, top = _split_tables(m, k)
    lo = masks & np.uint32((1 << low_bits) - 1)
    hi = masks >> np.uint32(low_bits)
    hi |= np.bitwise_count(lo).astype(np.uint32) << np.uint32(m - low_bits)
    ranks = low[lo]
    ranks += high[hi]
    return top - ranks.astype(np.int64)


def lex_table(m: int) -> np.ndarray:
    """``table[mask]``: the lexicographic rank of ``mask`` among the bit sets of ``m`` bits with as many bits.

    For tests and small ``m`` (the solver uses :func:`lex_rank`).

    >>> t = lex_table(4)
    >>> [int(t[sum(1 << i for i in c)]) for c in combinations(range(4), 2)]
    [0, 1, 2, 3, 4, 5]
    """
    masks = np.arange(1 << m, dtype=np.uint32)
    counts = np.bitwise_count(masks)
    table = np.zeros(1 << m, dtype=np.int64)
    for k in range(m + 1):
        sel = counts == k
        table[sel] = lex_rank(m, k, masks[sel])
    return table


class RankBoard:
    """A variant's board as numpy tables: steps, leaps, and the rank function.

    Parameters
    ----------
    variant : Variant
        Board and rules.
    """

    def __init__(self, variant: Variant) -> None:
        tables = variant.tables
        n = tables.size
        if n > MAX_POINTS:
            raise ValueError(
                f"the array solver handles boards of up to {MAX_POINTS} points; {variant.name} has {n}"
            )
        self.variant = variant
        self.rules = variant.rules
        self.n = n
        self.full = np.uint32((1 << n) - 1)
        degree = max(len(s) for s in tables.steps)
        self.neighbour_bit = np.zeros((n, degree), dtype=np.uint32)  # 0 pads
        for p, targets in enumerate(tables.steps):
            for d, t in enumerate(targets):
                self.neighbour_bit[p, d] = 1 << t
        self.step_pairs = [
            (t, f, np.uint32((1 << t) | (1 << f))) for t, targets in enumerate(tables.steps) for f in targets
        ]
        self.step_mask = np.array([sum(1 << t for t in s) for s in tables.steps], dtype=np.uint32)
        width = max(len(runs) for runs in tables.leaps) or 1
        self.leap_over = np.zeros((n, width), dtype=np.uint32)
        self.leap_to = np.zeros((n, width), dtype=np.uint32)
        self.leap_to_point = np.zeros((n, width), dtype=np.int8)
        for p, runs in enumerate(tables.leaps):
            for d, (o, t) in enumerate(runs):
                self.leap_over[p, d] = 1 << o
                self.leap_to[p, d] = 1 << t
                self.leap_to_point[p, d] = t
        self.leap_points = [(p, o, t) for p, runs in enumerate(tables.leaps) for o, t in runs]
        self.bit_index = np.zeros(37, dtype=np.int8)  # lowest bit -> point, via bit % 37
        for p in range(n):
            self.bit_index[(1 << p) % 37] = p

    # --- ranks --------------------------------------------------------------

    def compress(self, opp: np.ndarray, own: np.ndarray) -> np.ndarray:
        """``opp``'s bits at the points ``own`` does not hold, packed (a vectorised pext)."""
        packed = np.zeros(opp.shape, dtype=np.uint32)
        shift = np.zeros(opp.shape, dtype=np.uint32)
        for s in range(0, self.n, 8):
            own_byte = (own >> np.uint32(s)) & np.uint32(255)
            opp_byte = (opp >> np.uint32(s)) & np.uint32(255)
            packed |= _PEXT[(own_byte << np.uint32(8)) | opp_byte] << shift
            shift += _FREE[own_byte]
        return packed

    def spread(self, packed: np.ndarray, own: np.ndarray) -> np.ndarray:
        """The inverse of :meth:`compress`: put packed bits on the points ``own`` does not hold."""
        out = np.zeros(packed.shape, dtype=np.uint32)
        shift = np.zeros(packed.shape, dtype=np.uint32)
        for s in range(0, self.n, 8):
            own_byte = (own >> np.uint32(s)) & np.uint32(255)
            if s + 8 > self.n:  # points past the board are not free
                own_byte = own_byte | np.uint32((0xFF << (self.n - s)) & 0xFF)
            free = _FREE[own_byte]
            part = (packed >> shift) & ((np.uint32(1) << free) - np.uint32(1))
            out |= _PDEP[(own_byte << np.uint32(8)) | part] << np.uint32(s)
            shift += free
        return out

    def index(self, a: int, b: int, own: np.ndarray, opp: np.ndarray) -> np.ndarray:
        """Table indices of positions of class ``(a, b)`` (the order of ``class_keys``)."""
        n = self.n
        return lex_rank(n, a, own) * math.comb(n - a, b) + lex_rank(n - a, b, self.compress(opp, own))

    def class_keys(
        self, a: int, b: int, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(own, opp)`` of the class's positions ``start:stop`` in table order."""
        n = self.n
        per_own = math.comb(n - a, b)
        total = class_size(n, a, b)
        stop = total if stop is None else min(stop, total)
        owns = _combination_masks(n, a)
        packed = _combination_masks(n - a, b)
        idx = np.arange(start, stop, dtype=np.int64)
        own = owns[idx // per_own]
        opp = self.spread(packed[idx % per_own], own)
        return own, opp

    # --- moves ----------------------------------------------------------------

    def quiet_counts(self, own: np.ndarray, empty: np.ndarray) -> np.ndarray:
        """How many steps the side owning ``own`` has."""
        counts = np.zeros(own.shape, dtype=np.int16)
        for p in range(self.n):
            has = ((own >> np.uint32(p)) & np.uint32(1)).astype(bool)
            counts[has] += np.bitwise_count(empty[has] & self.step_mask[p]).astype(np.int16)
        return counts

    def capture_leaves(
        self, own: np.ndarray, opp: np.ndarray, empty: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every capturing move, one row per distinct leap sequence (as ``generate_raw``).

        Returns ``(position, xor, captured, count)``: the row's position in
        the input, the origin-xor-destination bits, the jumped points and
        how many they are; ``maximum_capture`` is applied.
        """
        rules = self.rules
        multi = rules.multi_leap
        # First leaps, one leap of the board at a time over the whole batch (bytes, not bit sets).
        n = self.n
        one = np.uint32(1)
        own_b = [((own >> np.uint32(p)) & one).astype(bool) for p in range(n)]
        opp_b = [((opp >> np.uint32(p)) & one).astype(bool) for p in range(n)]
        empty_b = [((empty >> np.uint32(p)) & one).astype(bool) for p in range(n)]
        found = []
        for p, o, t in self.leap_points:
            k = np.flatnonzero(own_b[p] & opp_b[o] & empty_b[t])
            if k.size:
                found.append((k, p, o, t))
        if not found:
            z = np.zeros(0, dtype=np.int64)
            return z, np.zeros(0, dtype=np.uint32), np.zeros(0, dtype=np.uint32), np.zeros(0, np.int8)
        pos = np.concatenate([k for k, *_ in found])
        origin = np.concatenate([np.full(k.size, p, dtype=np.int8) for k, p, _, _ in found])
        cur = np.concatenate([np.full(k.size, t, dtype=np.int8) for k, _, _, t in found])
        captured = np.concatenate([np.full(k.size, 1 << o, dtype=np.uint32) for k, _, o, _ in found])
        opp_now = opp[pos] ^ captured
        # Like Position: the origin and each jumped point are empty while the piece leaps on.
        empty_now = empty[pos] | captured | (one << origin.astype(np.uint32))
        count = np.ones(pos.shape, dtype=np.int8)
        out: list[tuple[np.ndarray, ...]] = []
        if multi != "compulsory":
            out.append((pos, origin, cur, captured, count))
        while multi != "none" and pos.size:
            has_next = np.zeros(pos.shape, dtype=bool)
            nxt: list[tuple[np.ndarray, ...]] = []
            for d in range(self.leap_over.shape[1]):
                over = self.leap_over[cur, d]
                to = self.leap_to[cur, d]
                ok = ((opp_now & over) != 0) & ((empty_now & to) != 0)
                if not ok.any():
                    continue
                has_next |= ok
                k = np.flatnonzero(ok)
                nxt.append(
                    (
                        pos[k],
                        origin[k],
                        self.leap_to_point[cur[k], d],
                        opp_now[k] ^ over[k],
                        empty_now[k] | over[k],
                        captured[k] | over[k],
                        count[k] + 1,
                    )
                )
            if multi == "compulsory":
                done = ~has_next
                out.append((pos[done], origin[done], cur[done], captured[done], count[done]))
            if not nxt:
                break
            pos, origin, cur, opp_now, empty_now, captured, count = (np.concatenate(c) for c in zip(*nxt))
            if multi == "optional":
                out.append((pos, origin, cur, captured, count))
        if not out:
            empty_result = np.zeros(0, dtype=np.int64)
            return (
                empty_result,
                np.zeros(0, dtype=np.uint32),
                np.zeros(0, dtype=np.uint32),
                np.zeros(0, np.int8),
            )
        pos, origin, cur, captured, count = (np.concatenate(c) for c in zip(*out))
        xor = (np.uint32(1) << origin.astype(np.uint32)) ^ (np.uint32(1) << cur.astype(np.uint32))
        if rules.maximum_capture and pos.size:
            most = _best_per_row(pos, count.astype(np.uint16), own.size)
            keep = count == most[pos]
            pos, xor, captured, count = pos[keep], xor[keep], captured[keep], count[keep]
        return pos, xor, captured, count

    def unsteps(
        self, own: np.ndarray, opp: np.ndarray, pieces: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Quiet predecessors: the opponent (``pieces`` of them) steps one piece back.

        Returns ``(row, own_before, opp_before)`` seen from the predecessor's mover.
        """
        empty = self.full & ~(own | opp)
        one = np.uint32(1)
        opp_b = [((opp >> np.uint32(p)) & one).astype(bool) for p in range(self.n)]
        empty_b = [((empty >> np.uint32(p)) & one).astype(bool) for p in range(self.n)]
        rows, befores = [], []
        for t, f, flip in self.step_pairs:
            k = np.flatnonzero(opp_b[t] & empty_b[f])  # the piece now on t came from the empty f
            if k.size:
                rows.append(k)
                befores.append(opp[k] ^ flip)
        if not rows:
            z = np.zeros(0, dtype=np.int64)
            return z, np.zeros(0, dtype=np.uint32), np.zeros(0, dtype=np.uint32)
        row = np.concatenate(rows)
        return row, np.concatenate(befores), own[row]


_COMBO_CACHE: dict[tuple[int, int], np.ndarray] = {}


def _combination_masks(m: int, k: int) -> np.ndarray:
    """Bit sets of the k-combinations of range(m), in lexicographic order.

    Built from smaller ones (the first element, then the rest shifted past
    it), so that ``C(25, 12)`` sets take a fraction of a second.

    >>> _combination_masks(4, 2).tolist()
    [3, 5, 9, 6, 10, 12]
    """
    found = _COMBO_CACHE.get((m, k))
    if found is None:
        if k == 0:
            found = np.zeros(1, dtype=np.uint32)
        elif k > m:
            found = np.zeros(0, dtype=np.uint32)
        else:
            found = np.concatenate(
                [
                    np.uint32(1 << first) | (_combination_masks(m - first - 1, k - 1) << np.uint32(first + 1))
                    for first in range(m - k + 1)
                ]
            )
        if len(_COMBO_CACHE) > 256:
            _COMBO_CACHE.clear()
        _COMBO_CACHE[(m, k)] = found
    return found


def _best_per_row(rows: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """The largest value per row (rows without values get -1); values are small (uint16 keys)."""
    best = np.full(size, -1, dtype=np.int32)
    order = np.argsort(values, kind="stable")  # a radix sort for 16-bit keys
    best[rows[order]] = values[order]  # the last write, the largest, wins
    return best
