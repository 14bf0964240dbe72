"""Counting a game tree: exactly (perft's count of leaves) or by random descents (Knuth's estimate).

The functions here know nothing of positions: a tree is a root, a way to list a node's moves and a
way to play one. :func:`awithlaknannai.position.perft` and
:func:`~awithlaknannai.position.perft_estimate` hand them a position's tree in lean form.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from .movegen import LeanMove
from .shrinking import ShrinkTables

__all__ = [
    "MAX_PERFT_DEPTH",
    "PERFT_PROBES",
    "PERFT_TABLE_ENTRIES",
    "RETIME_AFTER",
    "tree_estimate",
    "lean_tree",
    "count_leaves",
]

#: A node of a lean game tree: the mover's and the other side's pieces (bit sets), the quiet
#: turns played, and the points out of play.
LeanNode = tuple[int, int, int, int]

#: The deepest perft: far beyond what finishes (Mosona's tree grows about
#: 4.5 times a level), and well within Python's recursion limit. Below it,
#: the depth a call may reach is set by the estimated time
#: (:func:`~awithlaknannai.position.perft_estimate`), which depends on the board, the rules and the
#: position: depth 12 is about a second on Mosona and hours on Kolowis under
#: the Ludii rules.
MAX_PERFT_DEPTH = 64

#: Random descents per estimate: enough to find the order of magnitude of
#: a game tree (checked against exact counts in ``benchmarks/long_jobs.py``).
PERFT_PROBES = 64

#: A node timed longer than this (seconds) is timed again, and the lesser time kept: a pause of the
#: machine (another process, the garbage collector) during one listing of a few microseconds would
#: otherwise be multiplied by the node's weight, thousands on a deep level, and refuse a count that
#: takes a moment. A node that really is slow is slow both times.
RETIME_AFTER = 0.001

#: The most subtrees one perft remembers (about 150 bytes each): past it, it
#: counts on without remembering more.
PERFT_TABLE_ENTRIES = 500_000

_Node = TypeVar("_Node")


def tree_estimate(
    root: _Node,
    depth: int,
    expand: Callable[[_Node], Sequence[object] | None],
    child: Callable[[_Node, object], _Node],
    *,
    probes: int = PERFT_PROBES,
    give_up_after: float = math.inf,
    seed: int = 0,
) -> tuple[float, float]:
    """Estimate ``(leaves, seconds)`` of counting a game tree ``depth`` plies deep, by random descents.

    Knuth's estimator (1975): walk from the root choosing a random move at
    each node; the product of the numbers of moves met along the way is an
    unbiased estimate of the number of nodes at that depth, and weighting
    the time each node took by the same product estimates the time of the
    whole count. The descents run side by side, one level at a time, and
    stop as soon as the levels seen already cost more than ``give_up_after``
    seconds (the seconds returned are then a lower bound).

    Parameters
    ----------
    root : object
        The root node.
    depth : int
        Plies to count (the last level is counted in bulk, as perft does).
    expand : callable
        ``expand(node)`` returns the node's moves (an empty sequence or
        ``None`` for a finished game); it is timed.
    child : callable
        ``child(node, move)`` returns the node after ``move``.

    Notes
    -----
    A node whose listing took longer than :data:`RETIME_AFTER` is listed
    again and the lesser of the two times kept (``expand`` must give the same
    moves each time), so that a pause of the machine is not multiplied by the
    node's weight.

    Examples
    --------
    >>> from awithlaknannai.position import Position
    >>> p = Position.start("mosona")
    >>> leaves, seconds = tree_estimate(p, 6, lambda q: q.legal_moves(), lambda q, m: q.play(m))
    >>> 50 < leaves < 2000 and seconds < 1.0   # perft(p, 6) is 233
    True
    """
    rng = random.Random(seed * 1_000_003 + depth)
    walkers: list[tuple[float, _Node]] = [(1.0, root) for _ in range(probes)]
    leaves = seconds = 0.0
    clock = time.perf_counter
    for level in range(depth):
        spent = 0.0
        following: list[tuple[float, _Node]] = []
        for weight, node in walkers:
            began = clock()
            moves = expand(node)
            took = clock() - began
            if took > RETIME_AFTER:
                began = clock()
                expand(node)
                took = min(took, clock() - began)
            spent += weight * took
            if not moves:
                continue
            if level == depth - 1:
                leaves += weight * len(moves)
                continue
            following.append((weight * len(moves), child(node, moves[int(rng.random() * len(moves))])))
        seconds += spent / probes
        walkers = following
        if seconds > give_up_after or not walkers:
            break
    return leaves / probes, seconds


def lean_tree(
    lean: Callable[[int, int, int], list[LeanMove]], limit: int, shrink: ShrinkTables | None
) -> tuple[Callable[[LeanNode], list[LeanMove] | None], Callable[[LeanNode, LeanMove], LeanNode]]:
    """A lean game tree's (expand, child): the moves of a node, and the node after one, shrinking board included.

    ``lean`` lists a side's lean moves, ``limit`` is the quiet-turn limit and ``shrink`` the board's
    shrinking tables (or ``None``).
    """

    def expand(node: LeanNode) -> list[LeanMove] | None:
        own, opp, quiet, dead = node
        if not own or not opp or quiet >= limit:
            return None
        return lean(own, opp, dead)

    def child(node: LeanNode, move: LeanMove) -> LeanNode:
        own, opp, quiet, dead = node
        xor, captured = move
        mover, other = own ^ xor, opp & ~captured
        return other, mover, 0 if captured else quiet + 1, shrink.after(mover | other, dead) if shrink else 0

    return expand, child


def count_leaves(
    lean: Callable[[int, int, int], list[LeanMove]],
    limit: int,
    shrink: ShrinkTables | None,
    root: LeanNode,
    depth: int,
) -> int:
    """The leaves of a lean game tree ``depth`` plies below ``root`` (``depth`` >= 1): perft's count.

    The last level is counted in bulk, and a subtree met again is counted once (at most
    :data:`PERFT_TABLE_ENTRIES` are remembered).
    """
    # Subtrees already counted, as chess perft programs keep them: moves of different pieces
    # commute, so the same position is met again and again at the same depth. The quiet-turn
    # count is part of the key only where the limit can stop a game within the subtree.
    counted: dict[tuple[int, int, int, int, int], int] = {}

    def count(own: int, opp: int, quiet: int, depth: int, dead: int) -> int:
        if not own or not opp or quiet >= limit:
            return 0
        if depth > 1:
            key = (own, opp, dead, depth, quiet if quiet + depth > limit else -1)
            known = counted.get(key)
            if known is not None:
                return known
        moves = lean(own, opp, dead)
        if depth == 1:
            return len(moves)
        total = 0
        below = depth - 1
        for xor, captured in moves:
            mover, other = own ^ xor, opp & ~captured
            total += count(
                other,
                mover,
                0 if captured else quiet + 1,
                below,
                shrink.after(mover | other, dead) if shrink is not None else 0,
            )
        if len(counted) < PERFT_TABLE_ENTRIES:
            counted[key] = total
        return total

    own, opp, quiet, dead = root
    return count(own, opp, quiet, depth, dead)
