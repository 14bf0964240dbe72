"""Big solves: Mosona endgames, the full solution of zuni-4, and how far the method reaches.

Usage::

    python benchmarks/solve.py                    # everything below, one solve at a time
    python benchmarks/solve.py --jobs 2           # two solves side by side (2 cores)
    python benchmarks/solve.py --only zuni        # just the full solutions of zuni-2 to zuni-4
    python benchmarks/solve.py --extra zuni-5     # also solve zuni-5 completely (standard rules)
    python benchmarks/solve.py --save benchmarks/solve-results.txt

Every solve runs in its own process (so its peak memory can be measured)
and without the disk cache (so the build time is real); table sizes on disk
are measured by writing the tables to a temporary directory afterwards.

Tables printed:

1. Mosona endgames, 1 to 3 pieces a side, under each preset: won / lost /
   drawn positions per material class (counted from the side to move).
2. The full solution of the small Zuni boards (``zuni-2`` to ``zuni-4``,
   up to 13 points and 6 pieces a side) with and without the outer-row
   lines, under each preset: the value of the start position, the first
   player's optimal moves, a game of the perfect player against itself
   under the real rules (quiet-turn limit and repetition included), build
   time, memory and table size.
3. How far the method reaches: position counts of bigger problems with an
   estimate of time and memory from the measured rates.
"""

from __future__ import annotations

import argparse
import io
import resource
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from awithlaknannai import Color, Game, Position, get_variant
from awithlaknannai.i18n import use_language
from awithlaknannai.tables.solver_cli import format_reports
from awithlaknannai.tables.solver import (
    PerfectPlayer,
    estimate,
    solve_endgames,
    solve_game,
)
from awithlaknannai.tables.solver_core import class_size

PRESETS = ("standard", "maximum", "ludii")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def _current_mb() -> float:
    with open("/proc/self/statm") as handle:  # Linux: pages in use
        return int(handle.read().split()[1]) * resource.getpagesize() / 2**20


def _largest_pair(variant_name: str, max_pieces: int) -> int:
    n = get_variant(variant_name).tables.size
    return max(
        class_size(n, a, b) + (class_size(n, b, a) if a != b else 0)
        for a in range(1, max_pieces + 1)
        for b in range(1, a + 1)
        if a + b <= n
    )


def _disk_bytes(tables) -> int:
    with tempfile.TemporaryDirectory() as root:
        return sum(f.stat().st_size for f in tables.save(root).glob("*.tbl"))


def _endgame_job(job: tuple[str, str, int]) -> dict:
    variant, rules, max_pieces = job
    baseline = _current_mb()
    wall, cpu = time.perf_counter(), time.process_time()
    tables = solve_endgames(variant, max_pieces, rules=rules, cache_dir=False, allow_long=True)
    result = {
        "kind": "endgames",
        "variant": variant,
        "rules": rules,
        "max_pieces": max_pieces,
        "cpu": time.process_time() - cpu,
        "wall": time.perf_counter() - wall,
        "peak_mb": _peak_mb(),
        "baseline_mb": baseline,
        "table": format_reports(tables.reports),
        "positions": estimate(variant, max_pieces),
        "largest_pair": _largest_pair(variant, max_pieces),
    }
    result["disk"] = _disk_bytes(tables)
    return result


def _full_job(job: tuple[str, str]) -> dict:
    variant, rules = job
    baseline = _current_mb()
    wall, cpu = time.perf_counter(), time.process_time()
    tables = solve_game(variant, rules=rules, cache_dir=False, allow_long=True)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    start = Position.start(variant, rules)
    value = tables.value(start)
    best = [str(m) for m, _ in tables.best_moves(start)]
    with use_language("en"):  # the results file stays English whatever language the machine speaks
        value_text = str(value)
        after_first = {str(m): str(v) for m, v in tables.evaluate_moves(start)}
    perfect = PerfectPlayer(tables)
    game = Game(start=start)
    while not game.is_over():
        game.play(perfect.choose_move(game.position))
    most = max(start.count(Color.WHITE), start.count(Color.BLACK))
    return {
        "kind": "full",
        "variant": variant,
        "rules": rules,
        "value": value_text,
        "outcome": value.outcome,
        "best": best,
        "first_moves": after_first,
        "game": f"{game.outcome()} after {len(game.moves)} plies: {game.move_list()}",
        "cpu": cpu,
        "wall": wall,
        "peak_mb": _peak_mb(),
        "baseline_mb": baseline,
        "positions": estimate(variant, most),
        "largest_pair": _largest_pair(variant, most),
        "disk": _disk_bytes(tables),
        "table": format_reports(tables.reports),
    }


def _rates(result: dict) -> tuple[float, float] | None:
    """CPU seconds a position, and memory bytes a position of the largest pair (big solves only)."""
    if result["largest_pair"] < 1_000_000:
        return None  # too small to say anything about big ones
    memory = (result["peak_mb"] - result["baseline_mb"]) * 2**20 / result["largest_pair"]
    return result["cpu"] / result["positions"], memory


def _run(job):
    return _endgame_job(job) if len(job) == 3 else _full_job(job)


def _reach_rows(rate_us: float, bytes_per_position: float) -> list[str]:
    problems = [
        ("zuni-4 (13 points), full game, 6 a side", "zuni-4", 6),
        ("Mosona endgames, 4 a side", "mosona", 4),
        ("zuni-5 (16 points), full game, 7 a side", "zuni-5", 7),
        ("Mosona endgames, 5 a side", "mosona", 5),
        ("zuni-6 (19 points), full game, 9 a side", "zuni-6", 9),
        ("Mosona, full game, 12 a side", "mosona", 12),
    ]
    header = (
        f"{'problem':<44} {'positions':>16} {'largest pair':>14} {'est. CPU':>12} "
        f"{'est. RAM':>10} {'disk':>10}"
    )
    rows = [header]
    for label, name, pieces in problems:
        count = estimate(name, pieces)
        pair = _largest_pair(name, pieces)
        seconds = count * rate_us / 1e6
        rows.append(
            f"{label:<44} {count:>16,} {pair:>14,} {_duration(seconds):>12} "
            f"{_size(pair * bytes_per_position):>10} {_size(2 * count):>10}"
        )
    return rows


#: (below how many seconds, seconds a unit, the form): one more digit for hours than
#: awithlaknannai.limits.duration gives, since an estimate of 6.1 h and one of 5.6 h differ.
_DURATION_UNITS = (
    (120, 1, "{:.0f} s"),
    (7200, 60, "{:.0f} min"),
    (3 * 86400, 3600, "{:.1f} h"),
    (float("inf"), 86400, "{:.0f} days"),
)


def _duration(seconds: float) -> str:
    _, unit, form = next(row for row in _DURATION_UNITS if seconds < row[0] or row[0] == float("inf"))
    return form.format(seconds / unit)


def _size(nbytes: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if nbytes < 1024 or unit == "TB":
            return f"{nbytes:.0f} {unit}" if unit in ("B", "KB") else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return ""  # pragma: no cover


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--jobs", type=int, default=1, help="solves run side by side (default 1)")
    parser.add_argument("--only", choices=["endgames", "zuni", "extra"], help="run one part only")
    parser.add_argument(
        "--max-pieces", type=int, default=3, help="Mosona endgames: pieces a side (default 3)"
    )
    parser.add_argument(
        "--extra",
        nargs="*",
        default=[],
        help="more variants to solve completely under the standard rules (e.g. zuni-5)",
    )
    parser.add_argument("--save", help="also write the report to this file")
    args = parser.parse_args()

    jobs: list[tuple] = []
    if args.only in (None, "endgames"):
        jobs += [("mosona", rules, args.max_pieces) for rules in PRESETS]
    if args.only in (None, "zuni"):
        jobs += [
            (f"zuni-{n}{drawing}", rules)
            for n in (2, 3, 4)
            for drawing in ("", "-murray")
            for rules in PRESETS
        ]
    jobs += [(name, "standard") for name in args.extra]
    out = io.StringIO()

    def say(line: str = "") -> None:
        print(line, flush=True)
        out.write(line + "\n")

    say(
        f"python {sys.version.split()[0]}, {len(jobs)} solves, {args.jobs} at a time; "
        "CPU seconds are per process, wall-clock seconds depend on the machine's load."
    )
    started = time.perf_counter()
    # A fresh process per solve, so that each peak memory is its own.
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), max_tasks_per_child=1) as pool:
        results = list(pool.map(_run, jobs))
    rates = []
    for r in results:
        if r["kind"] != "endgames":
            continue
        say()
        say(f"== Mosona endgames, 1-{r['max_pieces']} pieces a side, rules {r['rules']} ==")
        say(r["table"])
        say(
            f"{r['positions']:,} positions in {r['cpu']:.0f} s CPU ({r['wall']:.0f} s wall), "
            f"{1e6 * r['cpu'] / r['positions']:.1f} us a position; peak memory {r['peak_mb']:.0f} MB "
            f"(largest pair of classes {r['largest_pair']:,} positions); tables on disk {_size(r['disk'])}"
        )
        rates.append(_rates(r))

    full = [r for r in results if r["kind"] == "full"]
    if full:
        say()
        say("== Full solutions of the small Zuni boards (zuni-N: N + (N+1) + N points) ==")
        say(
            f"{'board':<15} {'rules':<9} {'first player (White) to move':<30} {'best first moves':<22} "
            f"{'positions':>10} {'CPU s':>6} {'peak MB':>8} {'disk':>8}"
        )
        for r in full:
            say(
                f"{r['variant']:<15} {r['rules']:<9} {r['value']:<30} {' '.join(r['best']):<22} "
                f"{r['positions']:>10,} {r['cpu']:>6.1f} {r['peak_mb']:>8.0f} {_size(r['disk']):>8}"
            )
        say()
        say(
            "Each first move's value for White, and a game of the perfect player against itself "
            "under the real rules:"
        )
        for r in full:
            moves = ", ".join(f"{m}: {v}" for m, v in r["first_moves"].items())
            say(f"  {r['variant']} {r['rules']}: {moves}")
            say(f"    game: {r['game']}")
        outcomes = {(r["variant"], r["rules"]): r["outcome"] for r in full}
        say()
        say("Does the drawing (outer-row lines or not) change the first player's result?")
        for (name, rules), outcome in outcomes.items():
            if name.endswith("-murray") or (f"{name}-murray", rules) not in outcomes:
                continue
            other = outcomes[(f"{name}-murray", rules)]
            verdict = "no" if other == outcome else "YES"
            say(f"  {name:<7} {rules:<9} with the lines: {outcome:<5} without: {other:<5} -> {verdict}")
        rates += [_rates(r) for r in full]
        say()
        say("Per-class counts of the full solutions of zuni-4 and bigger:")
        for r in full:
            if r["positions"] >= 1_000_000:
                say(f"-- {r['variant']} {r['rules']} --")
                say(r["table"])

    rates = [rate for rate in rates if rate is not None]
    if rates:
        rate_us = 1e6 * max(rate for rate, _ in rates)
        per_position = max(mem for _, mem in rates)
        say()
        say(
            f"== How far the method reaches (at the slowest measured rate, {rate_us:.1f} us a position, "
            f"and {per_position:.0f} bytes a position of the largest pair while solving) =="
        )
        for row in _reach_rows(rate_us, per_position):
            say(row)
    say()
    say(f"total wall time {time.perf_counter() - started:.0f} s")
    if args.save:
        Path(args.save).write_text(out.getvalue())


if __name__ == "__main__":
    main()
