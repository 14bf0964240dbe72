"""The move generator: every legal move of a position, worked out in one place.

Steps, leaps, multi-leaps (compulsory, optional or none), bent leaps,
compulsory and maximum capture and the points out of play on a shrinking
board are decided here and nowhere else. A position is two bit sets over the
variant's points, ``own`` (the side to move) and ``opp``, and the bit set
``dead`` of the points out of play; the generator does not look at the end
of the game.

The same list of moves comes in three forms, in the same order:

* **lean** moves, ``(xor, captured)``: the next position is
  ``(opp & ~captured, own ^ xor)`` seen from the other side; what search
  and random play use (:meth:`MoveGenerator.lean`);
* **raw** moves, ``(origin, landings, captured points, captured mask)``:
  the route of every leap, for the solver and the puzzles
  (:meth:`MoveGenerator.raw`, :func:`awithlaknannai.position.generate_raw`);
* **entries** built by the caller from the raw form, once per distinct step
  or single leap and then shared: :class:`~awithlaknannai.position.Position`
  makes its :class:`~awithlaknannai.position.Move` objects this way
  (:meth:`MoveGenerator.form`).

The order: captures first (by origin, then leap by leap in the board's
table order, as a depth-first search finds them), then steps (by origin,
then destination). With bent leaps a capture is one move per origin,
landing point and set of captured pieces (the first route found stands for
the others); line leaps keep every route, as the rules count them.

Speed comes from one table lookup per piece: the steps and first leaps of a
piece depend only on which of its neighbours are empty and which points it
could jump hold enemy pieces, so they are remembered per point under those
bits (at most :data:`MEMO_WORDS` of memory a form), and a chain of leaps is
searched only from the pieces that have a first leap. A position's key for
a point is one AND of its "state" ``opp | empty << n`` with the point's
mask, and the pieces of a side are found a chunk of the board at a time.
The lean form, the hot path of random play and search, has its own copy of
that loop (:attr:`MoveGenerator.lean`): a closure built once per generator
over the same tables and the same first-leap entries, specialised to its
switches (with one leap a turn it keeps no leapers and searches nothing)
and going to the same leap search otherwise; ``tests/test_lean_moves.py``
checks it against :meth:`MoveGenerator.listed` on every variant and preset.

Examples
--------
>>> from awithlaknannai.variants import get_variant
>>> v = get_variant("mosona")
>>> gen = generator_for(v)
>>> start_white = sum(1 << v.tables.index[p] for p, c in v.start_pieces.items() if c.value == "white")
>>> start_black = sum(1 << v.tables.index[p] for p, c in v.start_pieces.items() if c.value == "black")
>>> [(v.points[o], [v.points[i] for i in lands]) for o, lands, _, _ in gen.raw(start_white, start_black)]
[('M5', ['M4']), ('B3', ['M4']), ('B4', ['M4'])]
>>> len(gen.lean(start_white, start_black))
3
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import cached_property
from typing import Any

from .errors import TooManyMovesError

__all__ = [
    "MAX_LEAP_STATES",
    "MAX_LEAP_WORK",
    "MEMO_WORDS",
    "LeanMove",
    "MoveGenerator",
    "RawMove",
    "generator_for",
    "lean_move_of",
]

#: A lean move: (xor of the origin and destination bits, bits of the captured points).
LeanMove = tuple[int, int]
#: A raw move: (origin index, landing indices, captured indices, captured mask).
RawMove = tuple[int, tuple[int, ...], tuple[int, ...], int]

#: A safety net for bent leaps on boards not measured here (hand-built
#: variants): the most (landing point, captured set) pairs one piece's leap
#: search may visit before it stops with a :class:`TooManyMovesError`.
MAX_LEAP_STATES = 500_000

#: The most work one position's leap search may do, in 8-byte words of the
#: tuples it builds (each step of the search costs the length of its
#: sequence; each capture found also the memory it keeps): at most about a
#: second and 150 MB with the moves built from it. Line leaps list every
#: route, and on a Zuni board a ladder of pieces gives a number of routes
#: that doubles every two points: a 70-character position text on
#: ``zuni-18`` once took 18 s into MemoryError. Positions of real games need
#: a few hundred units; the bound is checked as the search goes, before the
#: memory is spent. Every form counts the same units, so a position refused
#: in one form is refused in all.
MAX_LEAP_WORK = 10_000_000
# What one capture found costs in those units: the memory it keeps (its raw
# tuples now and its Move object later, about 600 bytes) in 8-byte words.
_MOVE_WORK = 64

#: The memory each form's per-point tables may take, in 8-byte words (about
#: 16 MB): past it, new patterns are worked out each time and not kept.
MEMO_WORDS = 2_000_000
# Points whose moves depend on more bits than this (Alquerque's centre has
# 24) meet too many patterns for a table to pay: their moves are worked out each time.
_MEMO_BITS = 16
# Fewer empty points than this: only pieces a step or a leap away from one are tried.
_CROWDED = 4


def _chunk_bits(n: int) -> int:
    """How many points a chunk of the piece loop's tables holds: up to 9 (512 entries a table)
    where that makes at most 6 chunks (3 on Mosona's 25 points), else 8 (bytes)."""
    chunks = -(-n // 9)
    return -(-n // chunks) if chunks <= 6 else 8


def lean_move_of(raw: RawMove) -> LeanMove:
    """The lean form ``(xor, captured)`` of a raw move.

    >>> lean_move_of((3, (5, 7), (4, 6), 0b1010000))
    (136, 80)
    """
    origin, landings, _, capmask = raw
    return ((1 << origin) ^ (1 << landings[-1]), capmask)


class _Form:
    """One form of the move list: how its entries are built, and its per-point tables."""

    __slots__ = ("candidates", "chunks", "count", "generator", "interned", "make", "memo", "routes", "words")

    def __init__(
        self, generator: MoveGenerator, make: Callable[[RawMove], Any] | None, count: Callable[[Any], int]
    ) -> None:
        self.generator = generator
        self.make = make  # None: the lean form
        self.routes = make is not None
        self.count = count  # pieces an entry captures (for maximum capture)
        self.interned: dict[RawMove, Any] = {}
        self.words = 0
        n = generator.size
        # Per point, once asked: its steps as (landing bit, entry) and its leaps as
        # (jumped bit, landing bit, entry, (jumped bit, landing)), in table order.
        self.candidates: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None] = [None] * n
        # Per point: {key: (steps, first leaps, their (jumped bit, landing))}, filled by
        # MoveGenerator._fill as patterns occur (plain dicts: the fastest lookup Python has).
        self.memo: list[dict[int, Any]] = [{} for _ in range(n)]
        # Per point, what its lookup needs (see MoveGenerator.key_mask); per chunk of the board
        # and per value of that chunk, the points it holds, so the loop over a side's pieces
        # indexes nothing else. The per-point tuples are shared.
        items = [(generator.key_mask[p], self.memo[p], p) for p in range(n)]
        self.chunks = tuple(
            (shift, tuple(tuple(items[p] for p in points) for points in table))
            for shift, table in generator.bit_chunks
        )

    def lookup(
        self, p: int, key: int
    ) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[tuple[int, int], ...]]:
        """The steps, first leaps and their (jumped bit, landing) of a piece on ``p`` under ``key``."""
        try:
            return self.memo[p][key]
        except KeyError:
            return self.generator._fill(self, p, key, key, key >> self.generator.size)

    def candidates_of(self, p: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """Every step and single leap a piece on ``p`` could make, with its entry (see ``candidates``)."""
        generator = self.generator
        bit = 1 << p
        if self.routes:
            steps = tuple((1 << t, self.entry((p, (t,), (), 0))) for t in generator.steps[p])
            leaps = tuple(
                (1 << o, 1 << t, self.entry((p, (t,), (o,), 1 << o)), (1 << o, t))
                for o, t in generator.leaps[p]
            )
        else:
            steps = tuple((1 << t, (bit | 1 << t, 0)) for t in generator.steps[p])
            leaps = tuple(
                (1 << o, 1 << t, (bit | 1 << t, 1 << o), (1 << o, t)) for o, t in generator.leaps[p]
            )
        return steps, leaps

    def entry(self, raw: RawMove) -> Any:
        """The entry of a step or a single leap, built once and shared."""
        found = self.interned.get(raw)
        if found is None:
            found = self.interned[raw] = self.make(raw)  # type: ignore[misc]
        return found

    def sequence(
        self, origin: int, landings: tuple[int, ...], captured: tuple[int, ...], mask: int, end: int
    ) -> Any:
        """The entry of a whole capture found by the leap search."""
        if not self.routes:
            return ((1 << origin) ^ (1 << end), mask)
        raw = (origin, landings, captured, mask)
        return self.entry(raw) if len(landings) == 1 else self.make(raw)  # type: ignore[misc]


def _lean_count(move: LeanMove) -> int:
    return move[1].bit_count()


def _raw_count(move: RawMove) -> int:
    return len(move[2])


def _same(raw: RawMove) -> RawMove:
    return raw


class MoveGenerator:
    """The legal moves of one board under one set of move rules (build it with :func:`generator_for`).

    Parameters
    ----------
    tables : variants._Tables
        The board's step and leap tables (``variant.tables``).
    compulsory_capture, multi_leap, maximum_capture, bent : rule switches
        As in :class:`~awithlaknannai.rules.Rules` (``bent``: ``leap_shape == "bent"``).
    """

    def __init__(
        self, tables: Any, compulsory_capture: bool, multi_leap: str, maximum_capture: bool, bent: bool
    ) -> None:
        self.tables = tables
        self.size = n = tables.size
        self.full = tables.full_mask
        self.compulsory = compulsory_capture
        self.multi = multi_leap != "none"
        self.optional = multi_leap == "optional"
        self.maximum = maximum_capture
        self.bent = bent
        self.steps: tuple[tuple[int, ...], ...] = tables.steps
        self.leaps: tuple[tuple[tuple[int, int], ...], ...] = tables.leaps
        self.leap_bits = tables.leap_bits  # per point: (over bit, landing bit, over, landing)
        self.over_mask = list(tables.leap_over_mask)
        self.reach_mask = [tables.step_mask[p] | sum({1 << t for _, t in tables.leaps[p]}) for p in range(n)]
        # Per point: the points a piece could come to it from (a step or a leap away).
        comes_from = [0] * n
        for p in range(n):
            for t in tables.steps[p]:
                comes_from[t] |= 1 << p
            for _, t in tables.leaps[p]:
                comes_from[t] |= 1 << p
        self.comes_from = comes_from
        self.memo_worth = [
            (self.over_mask[p] | self.reach_mask[p]).bit_count() <= _MEMO_BITS for p in range(n)
        ]
        # Per point, the bits its moves depend on in the "state" ``opp | empty << n`` of a
        # position: ``state & key_mask[p]`` is the key of the point's moves, one AND a piece.
        self.key_mask = [self.over_mask[p] | self.reach_mask[p] << n for p in range(n)]
        # Bit positions of each value of a chunk of the board, per chunk (``chunk_bits`` wide:
        # three chunks on Mosona's 25 points, bytes on big boards).
        width = self.chunk_bits = _chunk_bits(n)
        self.bit_chunks = tuple(
            (
                shift,
                tuple(
                    tuple(shift + j for j in range(width) if value >> j & 1 and shift + j < n)
                    for value in range(1 << width)
                ),
            )
            for shift in range(0, n, width)
        )
        self._forms: dict[object, _Form] = {}

    # --- the three forms --------------------------------------------------------

    @cached_property
    def lean(self) -> Callable[..., list[LeanMove]]:
        """``lean(own, opp, dead=0)``: every legal move of the side owning ``own`` as ``(xor, captured)``.

        The hot path of search and random play: :meth:`listed` in the lean
        form, as a closure over this generator's tables and switches (built
        once, on first use), without the work count that only the bounds of
        a game record need. The bit sets are trusted (see
        :meth:`awithlaknannai.engines.lean.LeanEngine.moves` for a checked
        call); the list is new, and may be changed by the caller.

        Raises
        ------
        TooManyMovesError
            The captures are too many to list (see :data:`MAX_LEAP_WORK`).
        """
        form = self._lean_form
        n, full, chunks, fill, near = self.size, self.full, form.chunks, self._fill, self._near
        low_bits = (1 << self.chunk_bits) - 1
        crowded, compulsory = _CROWDED, self.compulsory
        # A side's pieces, as (key mask, table, point) in board order: on boards of up to three
        # chunks (up to 27 points) three lookups joined, the fastest; on bigger ones, a loop.
        few = len(chunks) <= 3
        nothing = (n, ((),) * (low_bits + 1))  # a chunk past the board: no pieces there
        (_, t0), (s1, t1), (s2, t2) = (list(chunks) + [nothing, nothing])[:3]

        def walk(own: int) -> tuple[tuple[int, dict[int, Any], int], ...]:
            items: tuple[tuple[int, dict[int, Any], int], ...] = ()
            for shift, table in chunks:
                chunk = own >> shift
                if not chunk:
                    break
                items += table[chunk & low_bits]
            return items

        if not self.multi:
            # One leap a turn: a piece's captures are its first leaps, each taking one piece (so
            # maximum capture keeps them all); no search, and no leapers to remember for one.
            # Its lines repeat lean's below on purpose: a shared helper would cost a call a position
            # on the hot path (benchmarks/run.py measures it).
            def one_leap_lean(own: int, opp: int, dead: int = 0) -> list[LeanMove]:
                empty = full & ~(own | opp | dead)
                if empty.bit_count() < crowded:
                    own &= near(empty)
                state = opp | empty << n
                captures: list[LeanMove] = []
                steps: list[LeanMove] = []
                pieces = (
                    t0[own & low_bits] + t1[own >> s1 & low_bits] + t2[own >> s2 & low_bits]
                    if few
                    else walk(own)
                )
                for mask, memo, p in pieces:
                    try:
                        piece_steps, piece_leaps, _ = memo[state & mask]
                    except KeyError:
                        key = state & mask
                        piece_steps, piece_leaps, _ = fill(form, p, key, key, key >> n)
                    if piece_leaps:
                        captures += piece_leaps
                    if piece_steps:
                        steps += piece_steps
                if not captures or compulsory:
                    return captures or steps
                captures += steps
                return captures

            return one_leap_lean

        chains, maximum = self._chains, self.maximum

        def lean(own: int, opp: int, dead: int = 0) -> list[LeanMove]:
            empty = full & ~(own | opp | dead)
            if empty.bit_count() < crowded:
                own &= near(empty)
            state = opp | empty << n
            captures: list[LeanMove] = []
            steps: list[LeanMove] = []
            leapers = []
            pieces = (
                t0[own & low_bits] + t1[own >> s1 & low_bits] + t2[own >> s2 & low_bits] if few else walk(own)
            )
            for mask, memo, p in pieces:
                try:
                    piece_steps, piece_leaps, jumps = memo[state & mask]
                except KeyError:
                    key = state & mask
                    piece_steps, piece_leaps, jumps = fill(form, p, key, key, key >> n)
                if piece_leaps:
                    captures += piece_leaps
                    leapers.append((p, piece_leaps, jumps))
                if piece_steps:
                    steps += piece_steps
            if not captures:
                return steps
            # The same search, with the same work so far, as listed's.
            captures = chains(form, leapers, opp, empty, own.bit_count())[0]
            if maximum:
                most = max([capture.bit_count() for _, capture in captures])
                captures = [m for m in captures if m[1].bit_count() == most]
            if not compulsory:
                captures += steps
            return captures

        return lean

    def raw(self, own: int, opp: int, dead: int = 0) -> list[RawMove]:
        """The same moves as :meth:`lean`, with their routes: ``(origin, landings, captured, mask)``."""
        return self.listed(self._raw_form, own, opp, dead)[0]

    @cached_property
    def _lean_form(self) -> _Form:
        return _Form(self, None, _lean_count)

    @cached_property
    def _raw_form(self) -> _Form:
        return _Form(self, _same, _raw_count)

    def form(self, key: object, make: Callable[[RawMove], Any], count: Callable[[Any], int]) -> _Form:
        """The form whose entries ``make(raw)`` builds (once per step or single leap); ``count(entry)``
        gives the pieces an entry captures. Use it with :meth:`listed`."""
        found = self._forms.get(key)
        if found is None:
            found = self._forms[key] = _Form(self, make, count)
        return found

    # --- generation ---------------------------------------------------------------

    def _near(self, empty: int) -> int:
        """The points a step or a leap away from the ``empty`` ones: when a board is crowded (the
        openings), only pieces on them can move."""
        comes_from = self.comes_from
        near = 0
        while empty:
            low = empty & -empty
            empty ^= low
            near |= comes_from[low.bit_length() - 1]
        return near

    def listed(self, form: _Form, own: int, opp: int, dead: int = 0) -> tuple[list[Any], int]:
        """The moves in ``form``, and the work done (pieces tried, leap-search steps, moves listed)."""
        empty = self.full & ~(own | opp | dead)
        movers = own
        if empty.bit_count() < _CROWDED:
            movers &= self._near(empty)
        n = self.size
        state = opp | empty << n  # every bit the pieces' moves depend on (see key_mask)
        low_bits = (1 << self.chunk_bits) - 1
        captures: list[Any] = []
        steps: list[Any] = []
        leapers: list[tuple[int, tuple[Any, ...], tuple[tuple[int, int], ...]]] = []
        for shift, table in form.chunks:
            chunk = movers >> shift
            if not chunk:
                break
            for mask, memo, p in table[chunk & low_bits]:
                key = state & mask
                try:
                    piece_steps, piece_leaps, jumps = memo[key]
                except KeyError:
                    piece_steps, piece_leaps, jumps = self._fill(form, p, key, key, key >> n)
                if piece_leaps:
                    captures += piece_leaps
                    leapers.append((p, piece_leaps, jumps))
                if piece_steps:
                    steps += piece_steps
        work = movers.bit_count()
        if not captures:
            return steps, work + len(steps)
        if self.multi:
            captures, searched = self._chains(form, leapers, opp, empty, work)
            work += searched
        if self.maximum:
            count = form.count
            most = max(map(count, captures))
            captures = [m for m in captures if count(m) == most]
        if not self.compulsory:
            captures += steps
        return captures, work + len(captures)

    def _fill(
        self, form: _Form, p: int, key: int, opp: int, empty: int
    ) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[tuple[int, int], ...]]:
        """A piece's steps, first leaps and their (jumped bit, landing), remembered under ``key``.

        ``opp`` and ``empty`` need to be right only on the points the key
        holds. Remembered while the form's memory allows (:data:`MEMO_WORDS`).
        """
        candidates = form.candidates[p]
        if candidates is None:
            candidates = form.candidates[p] = form.candidates_of(p)
        step_items, leap_items = candidates
        steps = tuple([move for to_bit, move in step_items if empty & to_bit])
        possible = [item for item in leap_items if opp & item[0] and empty & item[1]]
        leaps = tuple([item[2] for item in possible])
        jumps = tuple([item[3] for item in possible])
        found = (steps, leaps, jumps)
        if self.memo_worth[p] and form.words < MEMO_WORDS:
            form.memo[p][key] = found
            form.words += 24 + len(steps) + 2 * len(leaps) + (key.bit_length() >> 6)
        return found

    def _chains(
        self,
        form: _Form,
        leapers: list[tuple[int, tuple[Any, ...], tuple[tuple[int, int], ...]]],
        opp: int,
        empty: int,
        work: int,
    ) -> tuple[list[Any], int]:
        """Whole captures of the pieces that can leap, in the leap search's order.

        Most captures are single leaps: a piece none of whose first leaps can
        go on (one table lookup each, for the piece on its landing point)
        takes its first leaps as they are; the others are searched leap by
        leap (:meth:`_sequences`).
        """
        out: list[Any] = []
        spent = 0
        n = self.size
        key_mask, lookup = self.key_mask, form.lookup
        for p, first, jumps in leapers:
            start = 1 << p
            for over, to in jumps:
                found = lookup(to, ((opp ^ over) | (empty | over | start) << n) & key_mask[to])
                if found[1]:  # this leap can go on: search the piece's leaps one by one
                    more, searched = self._sequences(form, start, opp, empty, work + spent)
                    out += more
                    spent += searched
                    break
            else:
                out += first
                spent += len(first) * (4 + _MOVE_WORK + 4)  # as the search would count them
        return out, spent

    def _sequences(self, form: _Form, leapers: int, opp: int, empty: int, work: int) -> tuple[list[Any], int]:
        """Every whole capture of the pieces in ``leapers``, and the work of the search.

        A depth-first search with its own stack, not recursion, so that a
        chain of any length (about 500 leaps on the largest Zuni board)
        cannot raise RecursionError; it lists captures in the order a
        recursive search would. Jumped pieces leave at once and their points
        become empty; the origin is empty while the piece leaps. A capture
        is recorded when it cannot go on, or after every leap if multi-leaps
        are optional.

        With bent leaps a capture is identified by where it lands and the
        set of pieces it takes: the search visits each (point, captured set)
        of a piece once and keeps the first route, so no capture is lost and
        the work is bounded by the number of such pairs, not of routes.

        Each step costs the length of the sequence it builds plus a few
        units, the bent search's remembered set the size of its sets, and
        each capture found the memory it keeps; past :data:`MAX_LEAP_WORK`
        units in all (``work`` already spent) the search stops with
        :class:`TooManyMovesError`, before the memory is spent.
        """
        out: list[Any] = []
        optional, merge, routes = self.optional, self.bent, form.routes
        leap_bits = self.leap_bits
        sequence = form.sequence
        spent = 0
        budget = MAX_LEAP_WORK - work
        while leapers:
            low = leapers & -leapers
            leapers ^= low
            origin = low.bit_length() - 1
            seen: set[tuple[int, int]] = set()
            # A frame: [point, enemy pieces left, empty points, captured mask, leaps so far,
            #           landings, captured points (both only with routes), next leap to try, any leap found].
            stack: list[list[Any]] = [[origin, opp, empty | low, 0, 0, (), (), 0, False]]
            while stack:
                frame = stack[-1]
                cur, opp_now, empty_now, captured, depth, landings, taken, i, found = frame
                runs = leap_bits[cur]
                child = None
                while i < len(runs):
                    over_bit, to_bit, over, to = runs[i]
                    i += 1
                    if opp_now & over_bit and empty_now & to_bit:
                        found = True
                        now = captured | over_bit
                        spent += depth + 4
                        if merge:
                            if (to, now) in seen:
                                continue
                            seen.add((to, now))
                            spent += now.bit_length() >> 6  # the set keeps the captured set
                            if len(seen) > MAX_LEAP_STATES:
                                raise TooManyMovesError(
                                    f"bent leaps: one piece has more than {MAX_LEAP_STATES:,} different captures "
                                    "here, more than can be listed; use leap_shape=line on this board"
                                )
                        if spent > budget:
                            raise TooManyMovesError(
                                "this position has more captures than can be listed (the leap search passed "
                                f"MAX_LEAP_WORK, {MAX_LEAP_WORK:,} units); it is refused rather than filling the "
                                "memory"
                            )
                        if routes:
                            new_landings, new_taken = landings + (to,), taken + (over,)
                        else:
                            new_landings = new_taken = ()
                        if optional:
                            out.append(sequence(origin, new_landings, new_taken, now, to))
                            spent += _MOVE_WORK + 4 * (depth + 1)
                        child = [
                            to,
                            opp_now ^ over_bit,
                            empty_now | over_bit,
                            now,
                            depth + 1,
                            new_landings,
                            new_taken,
                            0,
                            False,
                        ]
                        break
                if child is not None:
                    frame[7] = i
                    frame[8] = True
                    stack.append(child)
                    continue
                stack.pop()
                if not found and captured and not optional:
                    out.append(sequence(origin, landings, taken, captured, cur))
                    spent += _MOVE_WORK + 4 * depth
        return out, spent


# Generators are shared by every variant with the same board tables and move rules (the
# turn limits, repetition and scoring do not change the moves); they go with the tables.
_GENERATORS: weakref.WeakKeyDictionary[Any, dict[tuple[bool, str, bool, bool], MoveGenerator]] = (
    weakref.WeakKeyDictionary()
)


def generator_for(variant: Any) -> MoveGenerator:
    """The move generator of a :class:`~awithlaknannai.variants.Variant` (built once, then shared).

    >>> from awithlaknannai.variants import get_variant
    >>> generator_for(get_variant("mosona")) is generator_for(get_variant("mosona", "standard,quiet_turn_limit=9"))
    True
    """
    tables = variant.tables
    rules = variant.rules
    key = (rules.compulsory_capture, rules.multi_leap, rules.maximum_capture, rules.leap_shape == "bent")
    known = _GENERATORS.get(tables)
    if known is None:
        known = _GENERATORS[tables] = {}
    found = known.get(key)
    if found is None:
        found = known[key] = MoveGenerator(tables, *key)
    return found
