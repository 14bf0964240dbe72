"""How much work a table build is: positions, material pairs, and the cost models that bound a
call before it starts (:mod:`awithlaknannai.limits`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..limits import LONG_JOB_BYTES, LONG_JOB_SECONDS, whole_number
from ..position import _variant_argument
from ..rules import Rules
from ..variants import Variant
from . import solver_core as core
from .symmetry import board_symmetries

try:
    import numpy  # noqa: F401 - only whether it is there
except ImportError:  # a browser's Pyodide (JupyterLite) has none: the pure-Python solver does all the work
    HAVE_NUMPY = False
else:
    HAVE_NUMPY = True

__all__ = [
    "estimate",
    "estimate_cost",
    "material_pairs",
    "pairs_in_order",
    "last_use_as_child",
    "work_left",
    "variant_of",
    "array_solver_fits",
    "ARRAY_MAX_POINTS",
    "SECONDS_PER_UNIT",
    "BYTES_PER_POSITION",
    "ARRAY_SECONDS_PER_UNIT",
    "ARRAY_BYTES_PER_ENTRY",
    "ARRAY_BASE_BYTES",
]

#: The array solver's largest board, and the symmetric tables' (bit sets in uint32): the value of
#: :data:`awithlaknannai.tables.ranks.MAX_POINTS`, here because that module needs numpy to import.
ARRAY_MAX_POINTS = 31


def array_solver_fits(size: int) -> bool:
    """Whether the array solver, and the order by symmetry class, take a board of ``size`` points here.

    Both need numpy: without it (a JupyterLite site) no board is theirs, and
    the pure-Python solver builds tables in the plain order.

    >>> array_solver_fits(25) == HAVE_NUMPY, array_solver_fits(32)
    (True, False)
    """
    return HAVE_NUMPY and size <= ARRAY_MAX_POINTS


def material_pairs(max_pieces: int, size: int) -> list[tuple[int, int]]:
    # Pairs {(a, b), (b, a)} as (a, b) with a >= b, fewest pieces first. No side has more pieces
    # than the board has points (max_pieces=1,000,000 once looped 5 * 10^11 times here).
    return list(pairs_in_order(max_pieces, size))


def pairs_in_order(max_pieces: int, size: int) -> Iterable[tuple[int, int]]:
    """The pairs of :func:`material_pairs`, one at a time (an estimate can stop early)."""
    most = min(max_pieces, size)
    for total in range(2, min(2 * most, size) + 1):
        for a in range((total + 1) // 2, min(most, total - 1) + 1):
            yield a, total - a


def count_text(number: int) -> str:
    """A count for a message: exact up to 10^15, else its order of magnitude."""
    return f"{number:,}" if number < 10**15 else f"about 10^{len(str(number)) - 1}"


def last_use_as_child(pairs: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """For each class, the index of the last pair whose captures lead into it."""
    last: dict[tuple[int, int], int] = {}
    for number, (a, b) in enumerate(pairs):
        # The mover of (a, b) captures k of b pieces: (b - k, a); likewise from (b, a).
        for mover, other in {(a, b), (b, a)}:
            for left in range(1, other):
                last[(left, mover)] = number
    return last


def estimate(variant: str | Variant, max_pieces: int, max_total: int | None = None) -> int:
    """How many positions (counted from the side to move) tables up to ``max_pieces`` hold.

    ``max_total`` leaves out classes with more pieces on the board, as in
    :func:`solve_endgames`.

    >>> estimate("mosona", 3), estimate("zuni-4", 6), estimate("mosona", 3, max_total=5)
    (4796100, 1255982, 1254100)
    """
    variant = variant_of(variant, None)
    max_pieces = whole_number("max_pieces", max_pieces, 1)
    n = variant.tables.size
    total = n if max_total is None else min(n, whole_number("max_total", max_total, 2))
    most = min(max_pieces, n)  # no side has more pieces than the board has points
    return sum(
        core.class_size(n, a, b) for a in range(1, most + 1) for b in range(1, most + 1) if a + b <= total
    )


def variant_of(variant: object, rules: str | Rules | None) -> Variant:
    """A variant given by name or as a Variant (under ``rules`` if given); a TypeError otherwise."""
    return _variant_argument(variant, rules)  # the one reading of a variant argument, Position's


#: Cost model of the solver, fitted on a 2-core machine (Mosona, Kolowis,
#: Alquerque and zuni-4, line and bent leaps, 2 and 3 pieces a side): the
#: time per position grows with the moves a piece has (steps and leaps per
#: point) and with the pieces a side; the peak memory is about 200 bytes per
#: position (the tables and the lookups of smaller classes while solving).
SECONDS_PER_UNIT = 0.5e-6
BYTES_PER_POSITION = 200
#: The same for the array solver (:mod:`.blocks`, boards of up to ``MAX_POINTS``
#: points, what ``engine="auto"`` uses there), per table entry (one per orbit of
#: the board's symmetries): fitted on Mosona up to 5 a side (1.6e9 positions),
#: zuni-5, Lau kata kati and Pretwa (benchmarks/tables-results.txt). Memory: the
#: pair being solved (5 bytes an entry, with the temporaries of its passes 8),
#: every table at most 2 bytes an entry, and a fixed part for the passes' chunks.
ARRAY_SECONDS_PER_UNIT = 0.06e-6
ARRAY_BYTES_PER_ENTRY = 8
ARRAY_BASE_BYTES = 400 * 2**20


def _array_cost(
    variant: Variant, pieces: int, solving: int, largest: int, loaded: int = 0
) -> tuple[float, int]:
    """``(seconds, bytes)`` of the array solver for ``solving`` positions whose largest pair has
    ``largest``, with ``loaded`` positions read from the cache (2 bytes each)."""
    tables = variant.tables
    moves_per_point = (sum(map(len, tables.steps)) + sum(map(len, tables.leaps))) / tables.size
    order = len(board_symmetries(variant))
    seconds = solving * moves_per_point * pieces * ARRAY_SECONDS_PER_UNIT / order
    if not solving:
        return seconds, 2 * loaded
    return seconds, 2 * loaded + ARRAY_BASE_BYTES + (ARRAY_BYTES_PER_ENTRY * largest + 2 * solving) // order


def estimate_cost(
    variant: str | Variant, max_pieces: int, max_total: int | None = None
) -> tuple[int, float, int]:
    """Estimate ``(positions, seconds, bytes)`` for solving up to ``max_pieces`` a side.

    A rough upper estimate from the cost models above (within about a factor
    of two of measured times), for the engine ``solve_endgames`` picks by
    default: the array solver on boards it handles (when numpy is there),
    else the pure-Python one. The command line refuses work estimated above
    an hour or 8 GB before starting.

    >>> positions, seconds, memory = estimate_cost("mosona", 4)
    >>> positions, round(seconds), memory // 2**20
    (119999650, 51, 601)
    >>> positions, seconds, memory = estimate_cost("kolowis", 2)
    >>> positions, round(seconds), memory // 2**20
    (1384152, 10, 264)
    """
    variant = variant_of(variant, None)
    tables = variant.tables
    positions = estimate(variant, max_pieces, max_total)
    moves_per_point = (sum(map(len, tables.steps)) + sum(map(len, tables.leaps))) / tables.size
    pieces = min(max_pieces, tables.size)
    if array_solver_fits(tables.size):
        size = tables.size if max_total is None else min(tables.size, whole_number("max_total", max_total, 2))
        largest = max((_pair_size(tables.size, a, b) for a, b in pairs_in_order(max_pieces, size)), default=0)
        return (positions, *_array_cost(variant, pieces, positions, largest))
    return positions, positions * moves_per_point * pieces * SECONDS_PER_UNIT, positions * BYTES_PER_POSITION


def _pair_size(n: int, a: int, b: int) -> int:
    return core.class_size(n, a, b) + (core.class_size(n, b, a) if a != b else 0)


def work_left(tables: Any, size: int, use_arrays: bool) -> tuple[int, float, int, bool]:
    """``(positions, seconds, bytes, more)`` of solving, classes found in the cache counting as loaded.

    The model of :func:`estimate_cost` for the classes to solve; a class in
    the cache costs at most 2 bytes a position in memory and no time to
    speak of. Stops adding up (``more`` is then true) once the job is far
    beyond the limits: ``zuni-1000`` has a million pairs of classes.
    """
    variant = tables.variant
    n = variant.tables.size
    steps_and_leaps = sum(map(len, variant.tables.steps)) + sum(map(len, variant.tables.leaps))
    moves_per_point = steps_and_leaps / n
    pieces = min(tables.max_pieces, n)
    positions = solving = largest = 0
    more = False

    def cost() -> tuple[float, int]:
        if use_arrays:
            return _array_cost(variant, pieces, solving, largest, positions - solving)
        return (
            solving * moves_per_point * pieces * SECONDS_PER_UNIT,
            2 * (positions - solving) + BYTES_PER_POSITION * solving,
        )

    for a, b in pairs_in_order(tables.max_pieces, size):
        members = [(a, b)] if a == b else [(a, b), (b, a)]
        count = _pair_size(n, a, b)
        positions += count
        try:
            cached = all((files := tables._files(*cls)) is not None and files.exist() for cls in members)
        except OSError:  # a cache folder that cannot be read: the classes will be solved
            cached = False
        if not cached:
            solving += count
            largest = max(largest, count)
        seconds, memory = cost()
        if seconds > 100 * LONG_JOB_SECONDS or memory > 100 * LONG_JOB_BYTES:
            more = True
            break
    return (positions, *cost(), more)
