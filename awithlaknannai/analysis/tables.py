"""Rank-indexed endgame tables in flat numpy arrays.

The same retrograde analysis as :func:`awithlaknannai.analysis.solver_core.solve_pair`,
giving the same value codes in the same table order, but with every
position addressed by its combinatorial rank and every per-position state in
a flat numpy array, so that a material class costs about 20 bytes a
position while it is being solved (and 2 bytes once solved) instead of the
Python lists, dicts and integers of the pure-Python solver.

Ranks
-----
A position of class ``(a, b)`` on an ``n``-point board is the mover's bit
set ``own`` (``a`` points) and the opponent's ``opp`` (``b`` points). Its
index is ``lex(own) * C(n - a, b) + lex(compress(opp))`` where ``lex`` is
the lexicographic rank of a combination (the order of
:func:`itertools.combinations`) and ``compress`` keeps the opponent's bits
at the points the mover does not hold: exactly the order of
:func:`~awithlaknannai.analysis.solver_core.class_keys`. ``lex`` is two lookups in
tables over the low and the high half of the bits (``2**(m/2)`` entries), and
``compress`` goes byte by byte through a 64 K table, so ranking a batch of
positions is a few dozen vectorised numpy operations.

Boards up to :data:`MAX_POINTS` points are supported (bit sets in ``uint32``):
every Zuni board up to ``zuni-10``, Mosona (25 points) among them.

Examples
--------
>>> import numpy as np
>>> from awithlaknannai.variants import get_variant
>>> from awithlaknannai.analysis import solver_core as core
>>> board = RankBoard(get_variant("zuni-2"))
>>> keys = core.class_keys(7, 2, 1)
>>> own = np.array([k >> 7 for k in keys], dtype=np.uint32)
>>> opp = np.array([k & 127 for k in keys], dtype=np.uint32)
>>> bool((board.index(2, 1, own, opp) == np.arange(len(keys))).all())
True
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from itertools import combinations

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite): the solver picks its pure-Python engine instead
    from ..errors import missing_package

    raise missing_package("awithlaknannai.analysis.tables (the array solver)", "numpy") from None

from ..variants import Variant
from .solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN, class_size

__all__ = ["MAX_POINTS", "RankBoard", "solve_pair_arrays"]

MAX_POINTS = 31  # bit sets in uint32
_UNDECIDED = np.uint16(0xFFFF)
_NO_EXIT = -1
_CHUNK = 1 << 21  # positions per block in the forward pass (bounds temporary memory)


def _pext8() -> np.ndarray:
    # _PEXT[(mask_byte << 8) | value_byte]: the value's bits at the mask's free (zero) points, packed.
    table = np.zeros(1 << 16, dtype=np.uint32)
    for mask in range(256):
        free = [j for j in range(8) if not mask >> j & 1]
        for value in range(256):
            packed = 0
            for slot, j in enumerate(free):
                if value >> j & 1:
                    packed |= 1 << slot
            table[(mask << 8) | value] = packed
    return table


def _pdep8() -> np.ndarray:
    # _PDEP[(mask_byte << 8) | packed]: the packed bits spread over the mask's free points.
    table = np.zeros(1 << 16, dtype=np.uint32)
    for mask in range(256):
        free = [j for j in range(8) if not mask >> j & 1]
        for packed in range(1 << len(free)):
            value = 0
            for slot, j in enumerate(free):
                if packed >> slot & 1:
                    value |= 1 << j
            table[(mask << 8) | packed] = value
    return table


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
    high = np.concatenate([terms(high_bits, low_bits, t) for t in range(k + 1)] +
                          [np.zeros(1 << high_bits, dtype=np.int64)] * max(0, low_bits - k))
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
            raise ValueError(f"the array solver handles boards of up to {MAX_POINTS} points; "
                             f"{variant.name} has {n}")
        self.variant = variant
        self.rules = variant.rules
        self.n = n
        self.full = np.uint32((1 << n) - 1)
        degree = max(len(s) for s in tables.steps)
        self.neighbour_bit = np.zeros((n, degree), dtype=np.uint32)  # 0 pads
        for p, targets in enumerate(tables.steps):
            for d, t in enumerate(targets):
                self.neighbour_bit[p, d] = 1 << t
        self.step_pairs = [(t, f, np.uint32((1 << t) | (1 << f))) for t, targets in enumerate(tables.steps)
                           for f in targets]
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

    def class_keys(self, a: int, b: int, start: int = 0, stop: int | None = None
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

    def capture_leaves(self, own: np.ndarray, opp: np.ndarray, empty: np.ndarray
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
                nxt.append((pos[k], origin[k], self.leap_to_point[cur[k], d], opp_now[k] ^ over[k],
                            empty_now[k] | over[k], captured[k] | over[k], count[k] + 1))
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
            return empty_result, np.zeros(0, dtype=np.uint32), np.zeros(0, dtype=np.uint32), np.zeros(0, np.int8)
        pos, origin, cur, captured, count = (np.concatenate(c) for c in zip(*out))
        xor = (np.uint32(1) << origin.astype(np.uint32)) ^ (np.uint32(1) << cur.astype(np.uint32))
        if rules.maximum_capture and pos.size:
            most = _best_per_row(pos, count.astype(np.uint16), own.size)
            keep = count == most[pos]
            pos, xor, captured, count = pos[keep], xor[keep], captured[keep], count[keep]
        return pos, xor, captured, count

    def unsteps(self, own: np.ndarray, opp: np.ndarray, pieces: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    """Bit sets of the k-combinations of range(m), in lexicographic order."""
    found = _COMBO_CACHE.get((m, k))
    if found is None:
        found = np.fromiter((sum(1 << i for i in c) for c in combinations(range(m), k)), dtype=np.uint32,
                            count=math.comb(m, k))
        _COMBO_CACHE[(m, k)] = found
    return found


class _Distinct:
    """Removes repeats from index arrays with one scatter and one gather (no sorting, no hashing)."""

    def __init__(self, size: int) -> None:
        self.owner = np.zeros(size, dtype=np.int32)

    def __call__(self, xs: np.ndarray) -> np.ndarray:
        if xs.size < 2:
            return xs
        places = np.arange(xs.size, dtype=np.int32)
        self.owner[xs] = places  # of repeated indices, one write wins
        return xs[self.owner[xs] == places]


def _best_per_row(rows: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """The largest value per row (rows without values get -1); values are small (uint16 keys)."""
    best = np.full(size, -1, dtype=np.int32)
    order = np.argsort(values, kind="stable")  # a radix sort for 16-bit keys
    best[rows[order]] = values[order]  # the last write, the largest, wins
    return best


def _order_keys(code: np.ndarray) -> np.ndarray:
    """A uint16 key per value code that grows with ``solver_core.preference`` (one-to-one on mover codes)."""
    category = code & 7
    distance = code >> 3
    key = (category - LOSS_STAND_IN + 8192).astype(np.int32)  # the middle categories: 8192..8194
    key = np.where(category == LOSS, distance, key)
    key = np.where(category == WIN, 8195 + 8191 - distance, key)
    return key.astype(np.uint16)


def _code_of_key(key: np.ndarray) -> np.ndarray:
    key = key.astype(np.int32)
    code = key - 8192 + LOSS_STAND_IN
    code = np.where(key < 8192, (key << 3) | LOSS, code)
    return np.where(key >= 8195, ((8195 + 8191 - key) << 3) | WIN, code)


def _mover_codes(child: np.ndarray) -> np.ndarray:
    # Vectorised solver_core.mover_code.
    category = child & 7
    distance = child >> 3
    out = (4 - category).astype(np.int32)
    won = category == WIN
    lost = category == LOSS
    out[won] = ((distance[won] + 1) << 3) | LOSS
    out[lost] = ((distance[lost] + 1) << 3) | WIN
    return out


def solve_pair_arrays(
    variant: Variant,
    a: int,
    b: int,
    child_codes: Callable[[int, int], np.ndarray],
    board: RankBoard | None = None,
) -> dict[tuple[int, int], array]:
    """Solve classes ``(a, b)`` and ``(b, a)`` together; as ``solve_pair``, with arrays.

    Parameters
    ----------
    variant : Variant
        Board and rules (the quiet-turn and repetition limits are not used).
    a, b : int
        Pieces of the side to move and of the opponent (both at least 1).
    child_codes : callable
        ``child_codes(c, d)`` returns the codes of an already solved class
        ``(c, d)`` with fewer pieces, as a numpy ``uint16`` array in table order.
    board : RankBoard, optional
        Reused between calls.

    Returns
    -------
    dict
        ``{(a, b): codes, (b, a): codes}`` as ``array("H")`` in table order,
        equal to what :func:`~awithlaknannai.analysis.solver_core.solve_pair` returns.
    """
    board = board or RankBoard(variant)
    n = board.n
    rules = variant.rules
    classes = [(a, b)] if a == b else [(a, b), (b, a)]
    sizes = [class_size(n, *c) for c in classes]
    size = sum(sizes)
    split = sizes[0]
    offsets = {classes[0]: 0, classes[-1]: split if a != b else 0}
    own_keys = np.empty(size, dtype=np.uint32)
    opp_keys = np.empty(size, dtype=np.uint32)
    remaining = np.empty(size, dtype=np.int16)
    best_exit = np.full(size, _NO_EXIT, dtype=np.int32)
    exit_level = np.full(size, -1, dtype=np.int32)
    children: dict[tuple[int, int], np.ndarray] = {}
    win_now = (1 << 3) | WIN

    # Forward pass: quiet-move counts and the best capture of every position.
    for (mover, other), base in zip(classes, (0, split), strict=False):
        total = class_size(n, mover, other)
        for start in range(0, total, _CHUNK):
            own, opp = board.class_keys(mover, other, start, start + _CHUNK)
            stop = start + own.size
            g = slice(base + start, base + stop)
            own_keys[g], opp_keys[g] = own, opp
            empty = board.full & ~(own | opp)
            quiet = board.quiet_counts(own, empty)
            row, xor, captured, count = board.capture_leaves(own, opp, empty)
            can_capture = np.zeros(own.size, dtype=bool)
            can_capture[row] = True
            exits = np.full(own.size, _NO_EXIT, dtype=np.int32)
            if row.size:
                left = opp[row] & ~captured
                moved = own[row] ^ xor
                codes = np.full(row.size, win_now, dtype=np.int32)
                for k in np.unique(count):
                    sel = np.flatnonzero((count == k) & (left != 0))
                    if not sel.size:
                        continue
                    child = (other - int(k), mover)
                    table = children.get(child)
                    if table is None:
                        table = children[child] = child_codes(*child)
                    idx = board.index(child[0], child[1], left[sel], moved[sel])
                    codes[sel] = _mover_codes(table[idx].astype(np.int32))
                best = _best_per_row(row, _order_keys(codes), own.size)
                exits[can_capture] = _code_of_key(best[can_capture])
            if rules.compulsory_capture:
                quiet[can_capture] = 0
            blocked = ~can_capture & (quiet == 0)
            if not rules.blocked_player_loses:
                exits[blocked] = DRAW
            category = exits & 7
            decided = can_capture & ((category == WIN) | ((category == LOSS) & (quiet == 0)))
            levels = np.full(own.size, -1, dtype=np.int32)
            levels[decided] = exits[decided] >> 3
            if rules.blocked_player_loses:
                levels[blocked] = 0
            remaining[g], best_exit[g], exit_level[g] = quiet, exits, levels
    children.clear()
    closed = remaining == 0
    distinct = _Distinct(size)
    value = np.full(size, _UNDECIDED, dtype=np.uint16)
    propagated = np.zeros(size, dtype=bool)

    def predecessors(batch: np.ndarray) -> np.ndarray:
        """Indices of the positions with a quiet move to each of ``batch`` (with repeats)."""
        out = []
        for (mover, other), lo, hi in ((classes[0], 0, split), (classes[-1], split, size)):
            if a == b and lo:
                break
            part = batch[(batch >= lo) & (batch < hi)] if a != b else batch
            if not part.size:
                continue
            _, own_before, opp_before = board.unsteps(own_keys[part], opp_keys[part], other)
            out.append(offsets[(other, mover)] + board.index(other, mover, own_before, opp_before))
        return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)

    buckets: dict[int, list[np.ndarray]] = {}
    start_levels = np.flatnonzero(exit_level >= 0)
    if start_levels.size:
        lv = exit_level[start_levels]
        for level in np.unique(lv):
            buckets[int(level)] = [start_levels[lv == level]]
    del exit_level, start_levels
    level = 0
    while buckets:
        parts = buckets.pop(level, None)
        if parts:
            batch = distinct(np.concatenate(parts))
            after = level + 1
            code = np.uint16((level << 3) | (WIN if level & 1 else LOSS))
            fresh = value[batch] == _UNDECIDED
            value[batch[fresh]] = code
            closed[batch[fresh]] = True
            batch = batch[(value[batch] == code) & ~propagated[batch]]
            propagated[batch] = True
            later: list[np.ndarray] = []
            for lo in range(0, batch.size, _CHUNK // 4):
                ys = predecessors(batch[lo:lo + _CHUNK // 4])
                ys = ys[~closed[ys]]
                if level & 1:
                    # Each predecessor loses one escape; those with none left lose.
                    before = remaining[ys]
                    np.subtract.at(remaining, ys, 1)
                    hit = distinct(ys[(before > 0) & (remaining[ys] <= 0)])
                    exits = best_exit[hit]
                    trapped = hit[exits == _NO_EXIT]
                    value[trapped] = (after << 3) | LOSS
                    closed[trapped] = True
                    later.append(trapped)
                    lossy = (exits != _NO_EXIT) & ((exits & 7) == LOSS)
                    slow = hit[lossy]
                    distance = np.maximum(after, exits[lossy] >> 3)
                    value[slow] = (distance << 3) | LOSS
                    closed[slow] = True
                    for dist in np.unique(distance):
                        sel = slow[distance == dist]
                        if int(dist) == after:
                            later.append(sel)
                        else:
                            buckets.setdefault(int(dist), []).append(sel)
                else:
                    ys = distinct(ys)
                    value[ys] = (after << 3) | WIN
                    closed[ys] = True
                    later.append(ys)
            later = [x for x in later if x.size]
            if later:
                buckets.setdefault(after, []).extend(later)
        level += 1

    undecided = np.flatnonzero(value == _UNDECIDED)
    if undecided.size:
        if rules.no_capture_result == "more_pieces":
            _stand_in(value, best_exit, closed, undecided, predecessors, a, b, split, size, distinct)
        else:
            value[undecided] = DRAW
    out = {}
    lo = 0
    for cls, length in zip(classes, sizes, strict=True):
        out[cls] = array("H", value[lo:lo + length].tobytes())
        lo += length
    return out


def _stand_in(value: np.ndarray, best_exit: np.ndarray, closed: np.ndarray, undecided: np.ndarray,
              predecessors: Callable[[np.ndarray], np.ndarray], a: int, b: int, split: int, size: int,
              distinct: _Distinct) -> None:
    """Phase 2 under ``more_pieces`` scoring, as ``solver_core._solve_stand_in``, with arrays."""
    in_rest = np.zeros(size, dtype=bool)
    in_rest[undecided] = True

    def preds(ys: np.ndarray) -> np.ndarray:
        xs = predecessors(ys)
        return xs[in_rest[xs] & ~closed[xs]]

    successors = np.zeros(size, dtype=np.int16)  # quiet moves: at most pieces x neighbours
    for lo in range(0, undecided.size, _CHUNK):
        xs = preds(undecided[lo:lo + _CHUNK])
        np.add.at(successors, xs, 1)
    exit_cat = np.where(best_exit == _NO_EXIT, -1, best_exit & 7).astype(np.int8)
    is_rest = in_rest

    def attractor(reacher_moves: np.ndarray, target: int) -> tuple[np.ndarray, np.ndarray]:
        # Attractor layers become distances, which fit 13 bits (MAX_DISTANCE): int16 keeps memory down.
        level_r = np.zeros(size, dtype=np.int16)
        level_o = np.zeros(size, dtype=np.int16)
        left = successors.copy()
        r_front = undecided[((reacher_moves[undecided]) | (a == b)) & (exit_cat[undecided] >= target)]
        o_front = undecided[(~reacher_moves[undecided] | (a == b)) & (successors[undecided] == 0)
                            & (exit_cat[undecided] <= 4 - target)]
        level_r[r_front] = 1
        level_o[o_front] = 1
        depth = 1
        while r_front.size or o_front.size:
            new_o = np.zeros(0, dtype=np.int64)
            new_r = np.zeros(0, dtype=np.int64)
            if r_front.size:
                xs = preds(r_front)
                xs = xs[level_o[xs] == 0]
                before = left[xs]
                np.subtract.at(left, xs, 1)
                hit = distinct(xs[(before > 0) & (left[xs] <= 0) & (exit_cat[xs] <= 4 - target)])
                level_o[hit] = depth + 1
                new_o = hit
            if o_front.size:
                xs = distinct(preds(o_front))
                xs = xs[level_r[xs] == 0]
                level_r[xs] = depth + 1
                new_r = xs
            r_front, o_front = new_r, new_o
            depth += 1
        return level_r, level_o

    def code(category: int, distance: np.ndarray | int) -> np.ndarray:
        return ((np.asarray(distance, dtype=np.int64) << 3) | category).astype(np.uint16)

    u = undecided
    if a == b:
        reach, other = attractor(np.ones(size, dtype=bool), WIN_STAND_IN)
        r, o = reach[u], other[u]
        value[u] = code(DRAW, 0)
        value[u[o > 0]] = code(LOSS_STAND_IN, o[o > 0])
        value[u[r > 0]] = code(WIN_STAND_IN, r[r > 0])
        return
    small_first = a < b
    small = np.zeros(size, dtype=bool)
    if small_first:
        small[:split] = True
    else:
        small[split:] = True
    draw_r, draw_o = attractor(small, DRAW)
    win_r, win_o = attractor(small, WIN_STAND_IN)
    del is_rest
    s = u[small[u]]
    value[s] = code(LOSS_STAND_IN, 0)
    sel = s[draw_r[s] > 0]
    value[sel] = code(DRAW, draw_r[sel])
    sel = s[win_r[s] > 0]
    value[sel] = code(WIN_STAND_IN, win_r[sel])
    t = u[~small[u]]
    value[t] = code(WIN_STAND_IN, 0)
    sel = t[draw_o[t] > 0]
    value[sel] = code(DRAW, draw_o[sel])
    sel = t[win_o[t] > 0]
    value[sel] = code(LOSS_STAND_IN, win_o[sel])
