"""``python -m awithlaknannai solve``: the per-class report of the endgame solver.

The solver itself is :mod:`awithlaknannai.tables.solver`; this module
prints what it builds.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable

from ..errors import shown
from ..limits import duration
from ..rules import get_rules
from ..variants import get_variant
from .costs import array_solver_fits
from .solver import ClassReport, _report_line, estimate_cost, solve_endgames, table_rules_text
from .tablefile import default_cache_dir

__all__ = ["cli_solve", "format_reports", "CLI_SECONDS_LIMIT", "CLI_MEMORY_LIMIT"]


#: What ``python -m awithlaknannai solve`` accepts, by :func:`estimate_cost` (as the command line's other jobs).
CLI_SECONDS_LIMIT = 3600
CLI_MEMORY_LIMIT = 8 * 2**30


def format_reports(reports: Iterable[ClassReport]) -> str:
    """The per-class table that ``python -m awithlaknannai solve`` prints, with a total line."""
    reports = list(reports)
    return "\n".join([_REPORT_HEADER, *(_report_line(r) for r in reports), _total_line(reports)])


_REPORT_HEADER = (
    f"{'class':>5} {'positions':>10} {'won':>10} {'lost':>10} {'drawn':>10} "
    f"{'on pieces':>10} {'longest':>8} {'seconds':>8}"
)


def _total_line(reports: list[ClassReport]) -> str:
    # A pair AvB + BvA is built at once: count its time once.
    seconds = sum({(min(r.mover, r.opponent), max(r.mover, r.opponent)): r.seconds for r in reports}.values())
    total = ClassReport(
        0,
        0,
        sum(r.positions for r in reports),
        sum(r.won for r in reports),
        sum(r.lost for r in reports),
        sum(r.drawn for r in reports),
        sum(r.on_pieces for r in reports),
        max((r.longest for r in reports), default=0),
        seconds,
        "solved",
    )
    return _report_line(total).replace("  0v0", "total", 1)


_duration = duration


def cli_solve(args: object) -> int:
    """``python -m awithlaknannai solve --variant V --rules R --max-pieces K``.

    Prints won / lost / drawn counts per material class (``AvB``: the side
    to move has A pieces, the other B) and in total, and the time taken.
    Tables are cached (see the module docstring; ``AWITHLAKNANNAI_CACHE``
    chooses the directory).
    """
    variant_name = getattr(args, "variant", "mosona")
    rules = get_rules(getattr(args, "rules", "standard"))
    max_pieces = getattr(args, "max_pieces", 2)
    if isinstance(max_pieces, bool) or not isinstance(max_pieces, int) or max_pieces < 1:
        raise ValueError(f"--max-pieces must be at least 1, got {shown(max_pieces)}")
    variant = get_variant(variant_name, rules)
    cache = default_cache_dir()  # a bad AWITHLAKNANNAI_CACHE is one clear line before anything starts
    total, seconds, memory = estimate_cost(variant, max_pieces)
    if seconds > CLI_SECONDS_LIMIT or memory > CLI_MEMORY_LIMIT:
        solver = "array" if array_solver_fits(variant.tables.size) else "pure-Python"
        raise ValueError(
            f"--max-pieces {max_pieces:,} on {variant_name} means {total:,} positions, estimated "
            f"{_duration(seconds)} and {memory / 2**30:,.1f} GB: more than the {solver} solver "
            f"takes on (limits {_duration(CLI_SECONDS_LIMIT)} and {CLI_MEMORY_LIMIT / 2**30:.0f} GB); "
            "try a smaller --max-pieces"
        )
    print(
        f"Endgame tables for {variant_name}, rules {table_rules_text(rules)}, "
        f"1 to {max_pieces} pieces a side: {total:,} positions "
        f"(estimated at most {_duration(seconds)} and {memory / 2**20:,.0f} MB if nothing is cached)."
    )
    print(
        "Counted from the side to move (AvB: the mover has A pieces); each entry stands for "
        "White to move and Black to move."
    )
    print(
        "Endless play counts as "
        + (
            "a win for the side with more pieces ('on pieces')."
            if rules.no_capture_result == "more_pieces"
            else "a draw."
        ),
        flush=True,
    )
    print(_REPORT_HEADER, flush=True)
    started = time.perf_counter()

    def show(line: str) -> None:  # one line per class, as soon as it is ready
        print(line, file=sys.stderr if line.startswith("cache:") else sys.stdout, flush=True)

    tables = solve_endgames(
        variant, max_pieces, report=show, cache_dir=cache, allow_long=True
    )  # checked above
    print(_total_line(tables.reports))
    print(
        "won / lost / drawn: for the side to move; on pieces: how many of the won and lost ones "
        "are decided by endless play; longest: the longest win in plies; seconds: build time of "
        "AvB and BvA together."
    )
    print(f"time: {time.perf_counter() - started:.1f} s (cache: {tables.cache_dir})")
    return 0
