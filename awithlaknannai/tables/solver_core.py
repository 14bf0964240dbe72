"""The solver's engine room: retrograde analysis of one pair of material classes.

This module holds the tight loops; :mod:`awithlaknannai.tables.solver` holds
the public face (values, tables, the cache, hints and the perfect player).

Positions without colours
-------------------------
Pieces move the same way in every direction and both sides follow the same
rules, so a position's value depends only on *whose* pieces stand where, not
on their colour. A position is therefore stored from the side to move: the
mover's bit set ``own`` and the opponent's bit set ``opp``, packed into one
integer key ``own << n | opp`` on an ``n``-point board. The *material class*
``(a, b)`` holds every position where the mover has ``a`` pieces and the
opponent ``b``. A quiet move (a step) leads from class ``(a, b)`` to
``(b, a)``; a capture of ``k`` pieces leads to ``(b - k, a)``, a class with
fewer pieces. So classes are solved in order of their total number of
pieces, and each pair ``{(a, b), (b, a)}`` is solved together by a
fixpoint over its quiet moves, looking captures up in smaller classes.

Value codes
-----------
A value is stored as one small integer, ``distance << 3 | category``, seen
from the side to move:

=====  =================  ====================================================
cat    name               distance
=====  =================  ====================================================
0      ``LOSS``           plies until the game ends (even; 0 = lost now)
1      ``LOSS_STAND_IN``  the opponent wins on pieces (see below); the
                          plies until play leaves this material class when
                          the opponent must capture to win, else 0
2      ``DRAW``           the same, when the side with fewer pieces must
                          capture to hold the draw; else 0
3      ``WIN_STAND_IN``   the side to move wins on pieces; distance as above
4      ``WIN``            plies until the game ends (odd)
=====  =================  ====================================================

The stand-in categories only occur under rules whose ``no_capture_result``
is ``"more_pieces"``: there, a game in which no capture ever happens again
is scored by the pieces left, and the side with more pieces wins it. A side
that needs a capture to reach its result must make progress, or endless
play would give another result; the distance (an attractor layer, see
:func:`_solve_stand_in`) tells it how: it shrinks with every turn of the
right plan. For the side that only has to keep the present material, any
move keeping the category will do, and the distance is 0.

Examples
--------
>>> from awithlaknannai.variants import get_variant
>>> bits = BoardBits(get_variant("zuni-2"))
>>> bits.n, len(class_keys(bits.n, 1, 1))
(7, 42)
>>> describe_code(make_code(WIN, 3))
'win in 3 plies'
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator
from itertools import combinations

from ..position import generate_raw
from ..variants import Variant

__all__ = [
    "LOSS",
    "LOSS_STAND_IN",
    "DRAW",
    "WIN_STAND_IN",
    "WIN",
    "CATEGORY_NAMES",
    "make_code",
    "describe_code",
    "mover_code",
    "BoardBits",
    "class_keys",
    "class_size",
    "class_index",
    "solve_pair",
    "preference",
]

LOSS, LOSS_STAND_IN, DRAW, WIN_STAND_IN, WIN = range(5)
CATEGORY_NAMES = ("loss", "loss (stand-in)", "draw", "win (stand-in)", "win")
MAX_DISTANCE = (1 << 13) - 1  # what fits in an unsigned 16-bit code
_UNDECIDED = -1
_NO_EXIT = -1


def make_code(category: int, distance: int) -> int:
    """Pack a category and a distance into one value code."""
    if not 0 <= distance <= MAX_DISTANCE:
        raise ValueError(f"distance {distance} does not fit in a table code (at most {MAX_DISTANCE})")
    return distance << 3 | category


def describe_code(code: int) -> str:
    """A short English reading of a value code (for messages and tests)."""
    category, distance = code & 7, code >> 3
    if category in (WIN, LOSS):
        return f"{CATEGORY_NAMES[category]} in {distance} {'ply' if distance == 1 else 'plies'}"
    return CATEGORY_NAMES[category]


def mover_code(child: int) -> int:
    """The value of a move for the player making it, from the value of the position it leads to.

    Finite results gain one ply; stand-in results and draws keep only their
    category (their distance belongs to the class they live in).

    >>> describe_code(mover_code(make_code(LOSS, 0)))
    'win in 1 ply'
    >>> describe_code(mover_code(make_code(WIN_STAND_IN, 5)))
    'loss (stand-in)'
    """
    category = child & 7
    if category == WIN:
        return ((child >> 3) + 1) << 3 | LOSS
    if category == LOSS:
        return ((child >> 3) + 1) << 3 | WIN
    return 4 - category


def preference(code: int) -> int:
    """A number that grows as a value code gets better for the side to move.

    Quicker wins beat slower ones; slower losses beat quicker ones; within
    the middle categories only the category counts.
    """
    category = code & 7
    if category == WIN:
        return 1_000_000 - (code >> 3)
    if category == LOSS:
        return -1_000_000 + (code >> 3)
    return (category - DRAW) * 1000


class BoardBits:
    """Bit tables of a variant's board, keyed by single-point bit masks."""

    def __init__(self, variant: Variant) -> None:
        tables = variant.tables
        self.n = tables.size
        self.full = tables.full_mask
        # step_mask[bit]: the neighbours a piece on `bit` may step to.
        self.step_mask = {1 << i: sum(1 << j for j in tables.steps[i]) for i in range(self.n)}
        # unsteps[bit]: for a piece now on `bit`, each (bit it came from, xor to undo the step).
        self.unsteps = {
            1 << i: tuple((1 << j, (1 << i) | (1 << j)) for j in tables.steps[i]) for i in range(self.n)
        }
        # leap_bits[bit]: each (jumped bit, landing bit) of a leap from `bit`.
        self.leap_bits = {1 << i: tuple((1 << o, 1 << t) for o, t in tables.leaps[i]) for i in range(self.n)}


def class_size(n: int, a: int, b: int) -> int:
    """How many positions class ``(a, b)`` has on an ``n``-point board."""
    return math.comb(n, a) * math.comb(n - a, b)


def class_keys(n: int, a: int, b: int) -> list[int]:
    """Every key of class ``(a, b)`` in the tables' order.

    The order: the mover's points as a combination in lexicographic order,
    then the opponent's points among the remaining ones, also lexicographic.
    :func:`class_index` computes a key's place without building the list.
    """
    bits = [1 << i for i in range(n)]
    keys: list[int] = []
    for own_points in combinations(range(n), a):
        own = sum(bits[i] for i in own_points)
        high = own << n
        rest = [bit for bit in bits if not own & bit]
        keys.extend(high | sum(chosen) for chosen in combinations(rest, b))
    return keys


def _lex_rank(elements: list[int], m: int) -> int:
    # Lexicographic rank of a sorted k-combination of range(m):
    # C(m, k) - 1 - sum C(m - 1 - c_i, k - i).
    k = len(elements)
    return math.comb(m, k) - 1 - sum(math.comb(m - 1 - c, k - i) for i, c in enumerate(elements))


def class_index(n: int, own: int, opp: int) -> int:
    """The place of position ``(own, opp)`` in its class's table (see :func:`class_keys`).

    >>> keys = class_keys(6, 2, 1)
    >>> all(class_index(6, k >> 6, k & 63) == i for i, k in enumerate(keys))
    True
    """
    own_points = [i for i in range(n) if own >> i & 1]
    rest = [i for i in range(n) if not own >> i & 1]
    opp_slots = [slot for slot, i in enumerate(rest) if opp >> i & 1]
    a, b = len(own_points), len(opp_slots)
    return _lex_rank(own_points, n) * math.comb(n - a, b) + _lex_rank(opp_slots, n - a)


def _predecessors(bits: BoardBits, key: int) -> Iterator[int]:
    # Positions from which a quiet move leads to `key`: the previous mover
    # (now `opp`) steps one piece back to an empty neighbour.
    n, full = bits.n, bits.full
    own, opp = key >> n, key & full
    empty = full ^ (own | opp)
    unsteps = bits.unsteps
    rest = opp
    while rest:
        low = rest & -rest
        rest ^= low
        for from_bit, flip in unsteps[low]:
            if empty & from_bit:
                yield ((opp ^ flip) << n) | own


def solve_pair(
    variant: Variant,
    bits: BoardBits,
    a: int,
    b: int,
    child_codes: Callable[[int, int], dict[int, int]],
) -> dict[tuple[int, int], array]:
    """Solve classes ``(a, b)`` and ``(b, a)`` together.

    Parameters
    ----------
    variant : Variant
        Board and rules (the quiet-turn and repetition limits are not used).
    bits : BoardBits
        The board's bit tables.
    a, b : int
        Pieces of the side to move and of the opponent (both at least 1).
    child_codes : callable
        ``child_codes(c, d)`` returns ``{key: code}`` for an already solved
        class ``(c, d)`` with fewer pieces (captures lead there).

    Returns
    -------
    dict
        ``{(a, b): codes, (b, a): codes}`` as ``array("H")`` in table order.

    Notes
    -----
    Phase 1 finds the wins and losses at a finite distance, shortest first
    (a bucket per distance): a position is decided the moment one quiet
    move reaches a lost position (a win), or its last quiet move turns out
    to reach a won one (a loss). Each decided position then looks at its
    quiet predecessors, found by stepping one of the opponent's pieces back.
    Whatever is left is a draw, or goes to :func:`_solve_stand_in`.
    """
    n, full = bits.n, bits.full
    rules = variant.rules
    classes = [(a, b)] if a == b else [(a, b), (b, a)]
    keys: list[int] = []
    remaining: list[int] = []  # quiet moves not yet known to lose
    best_exit: list[int] = []  # best code a capture reaches (or a blocked draw)
    closed = bytearray()  # 1: decided, or quiet moves are illegal here
    exit_decided: list[int] = []  # positions whose captures decide them for now
    for mover, other in classes:
        _forward_pass(
            variant, bits, mover, other, child_codes, keys, remaining, best_exit, closed, exit_decided
        )
    size = len(keys)
    split = class_size(n, a, b)  # indices >= split belong to (b, a)
    index = dict(zip(keys, range(size), strict=True))
    value = [_UNDECIDED] * size
    propagated = bytearray(size)
    buckets: defaultdict[int, list[int]] = defaultdict(list)
    for i in exit_decided:
        code = best_exit[i]
        if code == _NO_EXIT:
            buckets[0].append(i)  # blocked, and being blocked loses
        else:
            buckets[code >> 3].append(i)  # a capture wins, or every move loses

    # Unstep tables with the xor already shifted into the opponent's half of a key.
    unsteps = {
        low: tuple((from_bit, flip << n) for from_bit, flip in pairs) for low, pairs in bits.unsteps.items()
    }
    level = 0
    while buckets:
        batch = buckets.pop(level, None)
        if batch:
            after = level + 1
            win_code = make_code(WIN, after)
            later = buckets[after]
            code = make_code(WIN if level & 1 else LOSS, level)
            for x in batch:
                if propagated[x]:
                    continue
                if value[x] == _UNDECIDED:  # a capture's win (or loss) that nothing beat
                    value[x] = code
                    closed[x] = 1
                elif value[x] != code:
                    continue  # an earlier, better value replaced this entry
                propagated[x] = 1
                key = keys[x]
                own, opp = key >> n, key & full
                empty = full ^ (own | opp)
                opp_high = opp << n
                rest = opp
                # The predecessor walk (as _predecessors) is written out in each branch on purpose:
                # a generator or a call per predecessor slows the solver's innermost loop.
                if level & 1:
                    # x is won for its mover: each predecessor loses one escape.
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        for from_bit, flip in unsteps[low]:
                            if empty & from_bit:
                                y = index[(opp_high ^ flip) | own]
                                if closed[y]:
                                    continue
                                left = remaining[y] - 1
                                remaining[y] = left
                                if not left:
                                    exit_code = best_exit[y]
                                    if exit_code == _NO_EXIT:
                                        value[y] = make_code(LOSS, after)
                                        closed[y] = 1
                                        later.append(y)
                                    elif exit_code & 7 == LOSS:
                                        distance = max(after, exit_code >> 3)
                                        value[y] = make_code(LOSS, distance)
                                        closed[y] = 1
                                        buckets[distance].append(y)
                else:
                    # x is lost for its mover: each predecessor wins by moving there.
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        for from_bit, flip in unsteps[low]:
                            if empty & from_bit:
                                y = index[(opp_high ^ flip) | own]
                                if not closed[y]:
                                    value[y] = win_code
                                    closed[y] = 1
                                    later.append(y)
            if not later:
                del buckets[after]
        level += 1

    undecided = [i for i in range(size) if value[i] == _UNDECIDED]
    if undecided:
        if rules.no_capture_result == "more_pieces":
            _solve_stand_in(bits, keys, index, value, best_exit, closed, undecided, a, b, split)
        else:
            draw = make_code(DRAW, 0)
            for i in undecided:
                value[i] = draw

    out = {}
    start = 0
    for cls in classes:
        end = start + class_size(n, *cls)
        out[cls] = array("H", value[start:end])
        start = end
    return out


def _forward_pass(
    variant: Variant,
    bits: BoardBits,
    a: int,
    b: int,
    child_codes: Callable[[int, int], dict[int, int]],
    keys: list[int],
    remaining: list[int],
    best_exit: list[int],
    closed: bytearray,
    exit_decided: list[int],
) -> None:
    """Append class ``(a, b)``'s keys with their quiet-move counts and capture values.

    Walks the class in table order with the mover's pieces fixed in the
    outer loop, so the work per position is one short loop over the
    opponent's pieces: how many of the mover's steps they block, and
    whether one of them can be jumped.
    """
    n, full = bits.n, bits.full
    rules = variant.rules
    compulsory = rules.compulsory_capture
    blocked_loses = rules.blocked_player_loses
    step_mask, leap_bits = bits.step_mask, bits.leap_bits
    point_bits = [1 << i for i in range(n)]
    win_now = make_code(WIN, 1)
    tables: dict[tuple[int, int], dict[int, int]] = {}
    for own_points in combinations(range(n), a):
        own = sum(point_bits[i] for i in own_points)
        free = full ^ own
        high = own << n
        rest = [bit for bit in point_bits if free & bit]
        # blocks[q]: the mover's steps onto q; jump_to[q]: where a leap over q lands.
        blocks = dict.fromkeys(rest, 0)
        jump_to = dict.fromkeys(rest, 0)
        steps_total = 0
        for i in own_points:
            bit = point_bits[i]
            targets = step_mask[bit] & free
            steps_total += targets.bit_count()
            while targets:
                low = targets & -targets
                targets ^= low
                blocks[low] += 1
            for over, land in leap_bits[bit]:
                if free & over:
                    jump_to[over] |= land
        for chosen in combinations(rest, b):
            opp = sum(chosen)
            empty = free ^ opp
            quiet = steps_total
            can_capture = False
            for bit in chosen:
                quiet -= blocks[bit]
                if jump_to[bit] & empty:
                    can_capture = True
            keys.append(high | opp)
            if can_capture and compulsory:
                quiet = 0
            remaining.append(quiet)
            closed.append(0 if quiet else 1)
            if not can_capture:
                if quiet:
                    best_exit.append(_NO_EXIT)
                elif blocked_loses:
                    best_exit.append(_NO_EXIT)
                    exit_decided.append(len(keys) - 1)
                else:
                    best_exit.append(make_code(DRAW, 0))
                continue
            best = _NO_EXIT
            best_pref = -10_000_000
            for origin, landings, _, captured in generate_raw(variant, own, opp):
                if not captured:
                    continue
                left = opp & ~captured
                if not left:
                    code = win_now
                else:
                    child = (left.bit_count(), a)
                    table = tables.get(child)
                    if table is None:
                        table = tables[child] = child_codes(*child)
                    moved = (own & ~(1 << origin)) | (1 << landings[-1])
                    code = mover_code(table[(left << n) | moved])
                pref = preference(code)
                if pref > best_pref:
                    best, best_pref = code, pref
            best_exit.append(best)
            if best & 7 == WIN or (best & 7 == LOSS and not quiet):
                exit_decided.append(len(keys) - 1)


def _solve_stand_in(
    bits: BoardBits,
    keys: list[int],
    index: dict[int, int],
    value: list[int],
    best_exit: list[int],
    closed: bytearray,
    undecided: list[int],
    a: int,
    b: int,
    split: int,
) -> None:
    """Phase 2 under ``more_pieces`` scoring: the positions without a finite result.

    Each remaining position ends either in a capture reaching a smaller
    class (whose value is known) or in endless play, which the side with
    more pieces wins (equal material: a draw). Each question "can side S
    force at least t?" is a reachability game, solved by an attractor in
    breadth-first layers; the layer is the distance stored with the value.
    With a == b a position's mover may be either side, so attractor states
    are (position, whether its mover is the side trying to reach).
    """
    in_rest = bytearray(len(keys))
    for i in undecided:
        in_rest[i] = 1

    def preds(y: int) -> list[int]:
        # Remaining positions with a quiet move to y (recomputed, not stored: saves memory).
        found = []
        for key in _predecessors(bits, keys[y]):
            x = index[key]
            if in_rest[x] and not closed[x]:  # closed: its quiet moves are illegal
                found.append(x)
        return found

    successors = [0] * len(keys)  # quiet moves from each remaining position to another one
    for y in undecided:
        for x in preds(y):
            successors[x] += 1
    exit_cat = {i: (best_exit[i] & 7 if best_exit[i] != _NO_EXIT else -1) for i in undecided}

    def attractor(reacher_moves: Callable[[int], bool], target: int) -> tuple[dict[int, int], dict[int, int]]:
        # Levels of states (x, reacher to move) and (x, opponent to move).
        # target is the category the reacher needs, seen from the reacher:
        # the opponent's exits must all be at most 4 - target for him.
        level_reacher: dict[int, int] = {}
        level_other: dict[int, int] = {}
        left = {}
        frontier: list[tuple[int, bool]] = []
        for x in undecided:
            if (reacher_moves(x) or a == b) and exit_cat[x] >= target:
                level_reacher[x] = 1
                frontier.append((x, True))
            if not reacher_moves(x) or a == b:
                left[x] = successors[x]
                if successors[x] == 0 and exit_cat[x] <= 4 - target:
                    level_other[x] = 1
                    frontier.append((x, False))
        depth = 1
        while frontier:
            nxt: list[tuple[int, bool]] = []
            for y, reacher_at_y in frontier:
                for x in preds(y):
                    if reacher_at_y:  # the opponent moves at x
                        if x in level_other:
                            continue
                        left[x] -= 1
                        if left[x] == 0 and exit_cat[x] <= 4 - target:
                            level_other[x] = depth + 1
                            nxt.append((x, False))
                    elif x not in level_reacher:
                        level_reacher[x] = depth + 1
                        nxt.append((x, True))
            frontier = nxt
            depth += 1
        return level_reacher, level_other

    if a == b:
        # Equal material: endless play is a draw; a side wins only by
        # reaching a capture into a class it wins by the stand-in.
        reach, other = attractor(lambda x: True, WIN_STAND_IN)
        for x in undecided:
            if x in reach:
                value[x] = make_code(WIN_STAND_IN, reach[x])
            elif x in other:
                value[x] = make_code(LOSS_STAND_IN, other[x])
            else:
                value[x] = make_code(DRAW, 0)
        return
    # Unequal material: the smaller side must capture to avoid losing.
    small_moves_first = a < b  # positions before `split` have the a-side to move

    def small_moves(x: int) -> bool:
        return (x < split) == small_moves_first

    draw_reach, draw_other = attractor(small_moves, DRAW)
    win_reach, win_other = attractor(small_moves, WIN_STAND_IN)
    for x in undecided:
        if small_moves(x):
            if x in win_reach:
                value[x] = make_code(WIN_STAND_IN, win_reach[x])
            elif x in draw_reach:
                value[x] = make_code(DRAW, draw_reach[x])
            else:
                value[x] = make_code(LOSS_STAND_IN, 0)
        else:
            if x in win_other:
                value[x] = make_code(LOSS_STAND_IN, win_other[x])
            elif x in draw_other:
                value[x] = make_code(DRAW, draw_other[x])
            else:
                value[x] = make_code(WIN_STAND_IN, 0)
