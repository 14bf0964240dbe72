"""Retrograde analysis of one pair of material classes, as pure functions over numpy blocks.

A *pair* is the classes ``(a, b)`` and ``(b, a)`` (or ``(a, a)`` alone):
quiet moves lead from one to the other, captures into smaller, solved
classes. Its entries are numbered one after the other (``(a, b)`` first) in
the canonical order of :class:`~awithlaknannai.tables.symmetry.SymmetricIndex`,
and a :class:`Block` holds the state of a contiguous range of them. Nothing
here knows how many blocks there are or where they live:

* :func:`forward` fills a block from its own positions and the smaller
  classes (each position's weighted count of quiet moves and best capture);
* :meth:`Block.frontier` lists the block's positions decided at one level;
* :func:`expand` turns positions into the indices of their quiet
  predecessors (anywhere in the pair), with the weights of their orbits;
* :meth:`Block.apply` takes the predecessors that fall in the block.

:func:`solve_pair` runs them with one block on one machine;
:mod:`awithlaknannai.tables.distributed` runs the same functions with one
block per MPI process, exchanging the predecessor indices between levels.

Working state: ``value`` (2 bytes), ``exit`` (the best capture's code, 2
bytes) and ``remaining`` (1 byte, 2 on boards and pieces where the weighted
count passes 255) a position: 5 bytes, against 26 before the canonical
index. The positions of a level are found again by scanning ``value``
rather than kept in lists.

Counting moves in orbits
------------------------
An entry stands for its whole orbit. A position ``x`` is lost when every
quiet move leads to a won position; the solver counts down its moves as the
won positions are found, from their side, by un-stepping. Across orbits the
two directions count differently: a symmetric position reaches one orbit
through several moves, and a symmetric child is found once for several.
Counting each move from ``x`` as ``|orbit(x)|`` and each notification from a
child ``c`` as ``|orbit(c)|`` makes them agree exactly (both sides then
count the moves between the two orbits, each once).

Examples
--------
>>> from awithlaknannai.variants import get_variant
>>> codes = solve_pair(get_variant("zuni-2"), 1, 1, lambda cls, idx: None)
>>> sorted(codes), int(codes[(1, 1)].size)
([(1, 1)], 18)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite): solve_endgames picks its pure-Python engine instead
    from ..errors import missing_package

    raise missing_package("awithlaknannai.tables.blocks (the array solver)", "numpy") from None

from ..variants import Variant
from .solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN
from .symmetry import SymmetricIndex
from .ranks import RankBoard, _best_per_row

__all__ = [
    "HOLE",
    "NO_EXIT",
    "UNDECIDED",
    "Block",
    "ChildLookup",
    "Pair",
    "expand",
    "fill_holes",
    "forward",
    "solve_pair",
]

UNDECIDED = 0xFFFF
HOLE = 0xFFFE  # an entry naming a non-canonical position: filled from its twin at the end
NO_EXIT = 0xFFFF
CHUNK = 1 << 20  # positions per step of a pass (bounds the temporary arrays)

#: ``lookup(cls, indices)``: the codes of a solved class at canonical indices.
ChildLookup = Callable[[tuple[int, int], np.ndarray], np.ndarray]


@dataclass
class Pair:
    """The classes solved together, their canonical indices and where each starts."""

    variant: Variant
    a: int
    b: int
    board: RankBoard
    group: tuple[tuple[int, ...], ...]
    classes: list[tuple[int, int]] = field(init=False)
    offsets: list[int] = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.classes = [(self.a, self.b)] if self.a == self.b else [(self.a, self.b), (self.b, self.a)]
        self._indexes: dict[tuple[int, int], SymmetricIndex] = {}
        self.offsets = []
        total = 0
        for cls in self.classes:
            self.offsets.append(total)
            total += self.index(cls).size
        self.size = total
        self.split = self.index(self.classes[0]).size  # entries from here on belong to (b, a)

    def index(self, cls: tuple[int, int]) -> SymmetricIndex:
        """The canonical index of a class (of this pair or one a capture leads to)."""
        found = self._indexes.get(cls)
        if found is None:
            found = self._indexes[cls] = SymmetricIndex(self.variant, *cls, self.group, self.board)
        return found

    def parts(self, lo: int, hi: int) -> list[tuple[int, int, int]]:
        """``(class number, start, stop)`` of the classes' pieces of the global range ``lo:hi``."""
        out = []
        for k, offset in enumerate(self.offsets):
            end = offset + self.index(self.classes[k]).size
            start, stop = max(lo, offset), min(hi, end)
            if start < stop:
                out.append((k, start, stop))
        return out

    def counter_type(self) -> type:
        """uint8 when every weighted count of quiet moves fits a byte."""
        degree = max(len(s) for s in self.variant.tables.steps)
        most = max(self.a, self.b) * degree * len(self.group)
        return np.uint8 if most <= 255 else np.uint16


class Block:
    """The state of the pair's entries ``lo:hi``."""

    def __init__(self, pair: Pair, lo: int, hi: int) -> None:
        self.pair, self.lo, self.hi = pair, lo, hi
        size = hi - lo
        self.value = np.full(size, UNDECIDED, dtype=np.uint16)
        self.exit = np.full(size, NO_EXIT, dtype=np.uint16)
        self.remaining: np.ndarray = np.zeros(size, dtype=pair.counter_type())
        self.horizon = -1  # the last level at which something of this block is due

    def frontier(self, level: int) -> np.ndarray:
        """The entries decided at ``level`` (global indices); captures that decide them are applied first."""
        code = level << 3 | (WIN if level & 1 else LOSS)
        seeds = np.flatnonzero(self.exit == code)
        if seeds.size:
            fresh = self.value[seeds] == UNDECIDED
            if not level & 1:  # a capture's loss decides only when no quiet move is left
                fresh &= self.remaining[seeds] == 0
            self.value[seeds[fresh]] = code
        return np.flatnonzero(self.value == code) + self.lo

    def apply(self, level: int, targets: np.ndarray, weights: np.ndarray | None) -> None:
        """Take the quiet predecessors (global indices in this block) of the positions decided at ``level``."""
        local = targets - self.lo
        open_ = (self.value[local] == UNDECIDED) & (self.remaining[local] > 0)
        after = level + 1
        if not level & 1:  # the children are lost: each predecessor wins by moving there
            chosen = local[open_]
            if chosen.size:
                self.value[chosen] = after << 3 | WIN
                self.horizon = max(self.horizon, after)
            return
        local = local[open_]
        if not local.size:
            return
        if weights is None:
            raise ValueError("counting down quiet moves needs the weights of the positions they come from")
        places, inverse = np.unique(local, return_inverse=True)
        spent = np.bincount(inverse, weights=weights[open_], minlength=places.size).astype(np.int64)
        left = self.remaining[places].astype(np.int64) - spent
        if (left < 0).any():
            raise AssertionError("a quiet move was counted twice (the symmetry weights are wrong)")
        self.remaining[places] = left
        hit = places[left == 0]
        exits = self.exit[hit].astype(np.int64)
        trapped = hit[exits == NO_EXIT]
        self.value[trapped] = after << 3 | LOSS
        lossy = (exits != NO_EXIT) & ((exits & 7) == LOSS)
        distance = np.maximum(after, exits[lossy] >> 3)
        self.value[hit[lossy]] = (distance << 3 | LOSS).astype(np.uint16)
        if trapped.size or distance.size:
            self.horizon = max(self.horizon, after, int(distance.max(initial=0)))


def forward(block: Block, lookup: ChildLookup) -> None:
    """Fill ``block`` from its positions: weighted quiet-move counts, best captures, holes."""
    pair = block.pair
    board, rules = pair.board, pair.variant.rules
    win_now = 1 << 3 | WIN
    for k, start, stop in pair.parts(block.lo, block.hi):
        mover, other = pair.classes[k]
        index = pair.index((mover, other))
        offset = pair.offsets[k]
        for lo in range(start, stop, CHUNK):
            hi = min(stop, lo + CHUNK)
            entries = np.arange(lo - offset, hi - offset, dtype=np.int64)
            own, opp = index.unrank(entries)
            hole = np.zeros(entries.size, dtype=bool)
            if len(pair.group) > 1:
                symmetric = np.flatnonzero(index.symmetric_own(own))
                if symmetric.size:
                    hole[symmetric] = index.index(own[symmetric], opp[symmetric]) != entries[symmetric]
            empty = board.full & ~(own | opp)
            quiet = board.quiet_counts(own, empty).astype(np.int32)
            row, xor, captured, count = board.capture_leaves(own, opp, empty)
            can_capture = np.zeros(own.size, dtype=bool)
            can_capture[row] = True
            exits = np.full(own.size, NO_EXIT, dtype=np.uint16)
            if row.size:
                left = opp[row] & ~captured
                moved = own[row] ^ xor
                codes = np.full(row.size, win_now, dtype=np.int32)
                for taken in np.unique(count):
                    sel = np.flatnonzero((count == taken) & (left != 0))
                    if sel.size:
                        child = (other - int(taken), mover)
                        found = lookup(child, pair.index(child).index(left[sel], moved[sel]))
                        codes[sel] = _mover_codes(found.astype(np.int32))
                best = _best_per_row(row, _order_keys(codes), own.size)
                exits[can_capture] = _code_of_key(best[can_capture])
            if rules.compulsory_capture:
                quiet[can_capture] = 0
            blocked = ~can_capture & (quiet == 0)
            exits[blocked] = 0 << 3 | LOSS if rules.blocked_player_loses else DRAW
            quiet *= index.orbit_sizes(own, opp)
            quiet[hole] = 0
            exits[hole] = NO_EXIT
            g = slice(lo - block.lo, hi - block.lo)
            block.remaining[g] = quiet
            block.exit[g] = exits
            block.value[g] = np.where(hole, HOLE, UNDECIDED)
            category = exits & 7
            due = (exits != NO_EXIT) & ((category == WIN) | ((category == LOSS) & (quiet == 0)))
            if due.any():
                block.horizon = max(block.horizon, int((exits[due] >> 3).max()))


def expand(pair: Pair, positions: np.ndarray, weighted: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """The quiet predecessors of ``positions`` (global indices, with repeats) and, if asked, the
    orbit size of the position each one comes from."""
    targets, weights = [], []
    for k, start, stop in pair.parts(0, pair.size):
        part = positions[(positions >= start) & (positions < stop)]
        if not part.size:
            continue
        mover, other = pair.classes[k]
        own, opp = pair.index((mover, other)).unrank(part - pair.offsets[k])
        row, own_before, opp_before = pair.board.unsteps(own, opp, other)
        back = pair.classes.index((other, mover))
        targets.append(pair.offsets[back] + pair.index((other, mover)).index(own_before, opp_before))
        if weighted:
            weights.append(pair.index((mover, other)).orbit_sizes(own, opp)[row])
    if not targets:
        return np.zeros(0, dtype=np.int64), (np.zeros(0, dtype=np.int32) if weighted else None)
    return np.concatenate(targets), (np.concatenate(weights) if weighted else None)


def expand_in_chunks(pair: Pair, positions: np.ndarray, weighted: bool):
    """:func:`expand` a slice at a time (bounds the temporary arrays)."""
    step = CHUNK // 8
    for lo in range(0, positions.size, step):
        yield expand(pair, positions[lo : lo + step], weighted)


# --- phase 2: endless play scored by the pieces left -----------------------------------------


class StandIn:
    """The state of phase 2 for one block (rules with ``no_capture_result="more_pieces"``).

    The positions still undecided end in a capture into a smaller class or in
    endless play, which the side with more pieces wins. Each question "can
    side S force at least t?" is a reachability game, solved by an attractor
    in breadth-first layers (the layer becomes the stored distance); see
    :func:`~awithlaknannai.tables.solver_core._solve_stand_in`, which this
    follows with weighted counts.
    """

    def __init__(self, block: Block) -> None:
        self.block = block
        self.rest = block.value == UNDECIDED
        self.successors = np.zeros(block.value.size, dtype=np.int16)
        exits = block.exit.astype(np.int32)
        self.exit_cat = np.where(exits == NO_EXIT, -1, exits & 7).astype(np.int8)

    def rest_positions(self) -> np.ndarray:
        return np.flatnonzero(self.rest) + self.block.lo

    def _open(self, local: np.ndarray) -> np.ndarray:
        return self.rest[local] & (self.block.remaining[local] > 0)

    def count(self, targets: np.ndarray, weights: np.ndarray) -> None:
        """Count the weighted quiet moves of the rest into the rest (targets: predecessors of rest positions)."""
        local = targets - self.block.lo
        keep = self._open(local)
        np.add.at(self.successors, local[keep], weights[keep].astype(np.int16))

    def small_moves(self) -> np.ndarray:
        """Whether the side with fewer pieces is to move, per entry of the block."""
        pair, block = self.block.pair, self.block
        small_first = pair.a < pair.b
        first_class = np.arange(block.lo, block.hi) < pair.split
        return first_class == small_first

    def start(self, target: int, reacher: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Begin an attractor: the first layers of reacher-to-move and opponent-to-move states."""
        both = self.block.pair.a == self.block.pair.b
        self.target, self.reacher = target, reacher
        self.level_r = np.zeros(self.rest.size, dtype=np.int16)
        self.level_o = np.zeros(self.rest.size, dtype=np.int16)
        self.left = self.successors.copy()
        r_front = self.rest & (reacher | both) & (self.exit_cat >= target)
        o_front = self.rest & (~reacher | both) & (self.successors == 0) & (self.exit_cat <= 4 - target)
        self.level_r[r_front] = 1
        self.level_o[o_front] = 1
        return np.flatnonzero(r_front) + self.block.lo, np.flatnonzero(o_front) + self.block.lo

    def step(
        self, depth: int, from_r: np.ndarray, weights: np.ndarray, from_o: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """One layer: predecessors of reacher-to-move states lose an escape, those of opponent-to-move
        states are reached. Returns the block's new fronts."""
        lo = self.block.lo
        local = from_r - lo
        keep = self._open(local)
        local, w = local[keep], weights[keep]
        keep = self.level_o[local] == 0
        local, w = local[keep], w[keep]
        new_o = np.zeros(0, dtype=np.int64)
        if local.size:
            places, inverse = np.unique(local, return_inverse=True)
            spent = np.bincount(inverse, weights=w, minlength=places.size).astype(np.int64)
            before = self.left[places].astype(np.int64)
            after = before - spent
            self.left[places] = np.maximum(after, 0)
            hit = places[(before > 0) & (after <= 0) & (self.exit_cat[places] <= 4 - self.target)]
            self.level_o[hit] = depth + 1
            new_o = hit
        local = from_o - lo
        local = np.unique(local[self._open(local)])
        local = local[self.level_r[local] == 0]
        self.level_r[local] = depth + 1
        return local + lo, new_o + lo

    def run(self, attractor: Callable[[int, np.ndarray], None]) -> None:
        """Phase 2 in its order, ``attractor(target, reacher)`` running each reachability game.

        Equal material: one attractor to a win on pieces. Unequal: the
        smaller side's win attractor, then its draw attractor, then the rest.
        The caller's ``attractor`` does the layer-by-layer work, on one
        machine or across ranks.
        """
        if self.block.pair.a == self.block.pair.b:
            attractor(WIN_STAND_IN, np.ones(self.rest.size, dtype=bool))
            self.finish_equal()
            return
        small = self.small_moves()
        attractor(WIN_STAND_IN, small)
        self.finish_unequal("win")
        attractor(DRAW, small)
        self.finish_unequal("draw")
        self.finish_unequal("rest")

    def finish_equal(self) -> None:
        """Equal material: a side wins only by reaching a capture into a class it wins on pieces."""
        value, u = self.block.value, np.flatnonzero(self.rest)
        r, o = self.level_r[u], self.level_o[u]
        value[u] = DRAW
        value[u[o > 0]] = _codes(LOSS_STAND_IN, o[o > 0])
        value[u[r > 0]] = _codes(WIN_STAND_IN, r[r > 0])

    def finish_unequal(self, stage: str) -> None:
        """Unequal material, after the ``"win"`` attractor then the ``"draw"`` one; the rest last."""
        value, small = self.block.value, self.small_moves()
        u = np.flatnonzero(self.rest & (value == UNDECIDED))
        s, t = u[small[u]], u[~small[u]]
        if stage == "win":
            value[s[self.level_r[s] > 0]] = _codes(WIN_STAND_IN, self.level_r[s][self.level_r[s] > 0])
            value[t[self.level_o[t] > 0]] = _codes(LOSS_STAND_IN, self.level_o[t][self.level_o[t] > 0])
        elif stage == "draw":
            value[s[self.level_r[s] > 0]] = _codes(DRAW, self.level_r[s][self.level_r[s] > 0])
            value[t[self.level_o[t] > 0]] = _codes(DRAW, self.level_o[t][self.level_o[t] > 0])
        else:
            value[s] = LOSS_STAND_IN
            value[t] = WIN_STAND_IN


def _codes(category: int, distance: np.ndarray) -> np.ndarray:
    return ((distance.astype(np.int64) << 3) | category).astype(np.uint16)


# --- one machine --------------------------------------------------------------------------


def solve_pair(
    variant: Variant,
    a: int,
    b: int,
    lookup: ChildLookup,
    board: RankBoard | None = None,
    group: tuple[tuple[int, ...], ...] | None = None,
) -> dict[tuple[int, int], np.ndarray]:
    """Solve classes ``(a, b)`` and ``(b, a)`` with one block; the codes per class in canonical order.

    Parameters
    ----------
    variant : Variant
        Board and rules (the quiet-turn and repetition limits are not used).
    a, b : int
        Pieces of the side to move and of the opponent (both at least 1).
    lookup : callable
        ``lookup((c, d), indices)``: the codes of the solved class ``(c, d)``
        (fewer pieces) at canonical indices, as a ``uint16`` array.
    board : RankBoard, optional
        Reused between calls.
    group : tuple of permutations, optional
        The symmetries (default: the board's; the identity alone gives the
        plain order of :func:`~awithlaknannai.tables.solver_core.class_keys`).
    """
    from .symmetry import board_symmetries

    board = board or RankBoard(variant)
    pair = Pair(variant, a, b, board, board_symmetries(variant) if group is None else group)
    block = Block(pair, 0, pair.size)
    forward(block, lookup)
    level = 0
    while level <= block.horizon:
        frontier = block.frontier(level)
        for targets, weights in expand_in_chunks(pair, frontier, weighted=bool(level & 1)):
            block.apply(level, targets, weights)
        level += 1
    if (block.value == UNDECIDED).any():
        if variant.rules.no_capture_result == "more_pieces":
            _stand_in_serial(block)
        else:
            block.value[block.value == UNDECIDED] = DRAW
    fill_holes(pair, block.value, 0)
    return {
        cls: block.value[offset : offset + pair.index(cls).size]
        for cls, offset in zip(pair.classes, pair.offsets, strict=True)
    }


def _stand_in_serial(block: Block) -> None:
    pair = block.pair
    phase = StandIn(block)
    for targets, weights in expand_in_chunks(pair, phase.rest_positions(), weighted=True):
        phase.count(targets, weights)

    def attractor(target: int, reacher: np.ndarray) -> None:
        r_front, o_front = phase.start(target, reacher)
        depth = 1
        while r_front.size or o_front.size:
            from_r = [expand(pair, r_front[i : i + CHUNK], True) for i in range(0, r_front.size, CHUNK)]
            from_o = [expand(pair, o_front[i : i + CHUNK], False)[0] for i in range(0, o_front.size, CHUNK)]
            targets = np.concatenate([t for t, _ in from_r]) if from_r else np.zeros(0, dtype=np.int64)
            weights = np.concatenate([w for _, w in from_r]) if from_r else np.zeros(0, dtype=np.int32)
            reached = np.concatenate(from_o) if from_o else np.zeros(0, dtype=np.int64)
            r_front, o_front = phase.step(depth, targets, weights, reached)
            depth += 1

    phase.run(attractor)


def hole_twins(pair: Pair, value: np.ndarray, lo: int) -> tuple[np.ndarray, np.ndarray]:
    """The holes among entries ``lo:lo + value.size`` (global) and the global index of each one's twin."""
    holes = np.flatnonzero(value == HOLE) + lo
    twins = np.empty(holes.size, dtype=np.int64)
    for k, start, stop in pair.parts(lo, lo + value.size):
        sel = (holes >= start) & (holes < stop)
        if sel.any():
            index = pair.index(pair.classes[k])
            own, opp = index.unrank(holes[sel] - pair.offsets[k])
            twins[sel] = index.index(own, opp) + pair.offsets[k]
    return holes, twins


def fill_holes(pair: Pair, value: np.ndarray, lo: int) -> None:
    """Give every hole its canonical twin's value (all of the pair in ``value``, from ``lo``)."""
    holes, twins = hole_twins(pair, value, lo)
    value[holes - lo] = value[twins - lo]


# --- value codes, vectorised ---------------------------------------------------------------


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
    return np.where(key >= 8195, ((8195 + 8191 - key) << 3) | WIN, code).astype(np.uint16)


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
