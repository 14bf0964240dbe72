"""Big solves: Mosona endgames, the full solution of zuni-4, and how far the method reaches.

Usage::

    python benchmarks/solve.py                    # everything below, one solve at a time
    python benchmarks/solve.py --jobs 2           # two solves side by side (2 cores)
    python benchmarks/solve.py --only zuni        # just the zuni-4 full solutions
    python benchmarks/solve.py --save benchmarks/solve-results.txt

Every solve runs in its own process (so its peak memory can be measured)
and without the disk cache (so the build time is real); table sizes on disk
are measured by writing the tables to a temporary directory afterwards.

Tables printed:

1. Mosona endgames, 1 to 3 pieces a side, under each preset: won / lost /
   drawn positions per material class (counted from the side to move).
2. The full solution of the 13-point board (``zuni-4``, 6 pieces a side)
   with and without the outer-row lines, under each preset: the value of
   the start position, the first player's optimal moves, a game of the
   perfect player against itself under the real rules (quiet-turn limit and
   repetition included), build time, memory and table size.
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
from awithlaknannai.analysis.solver import (
    PerfectPlayer,
    estimate,
    format_reports,
    solve_endgames,
    solve_game,
)
from awithlaknannai.analysis.solver_core import class_size

PRESETS = ("standard", "maximum", "ludii")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def _largest_pair(variant_name: str, max_pieces: int) -> int:
    n = get_variant(variant_name).tables.size
    return max(class_size(n, a, b) + (class_size(n, b, a) if a != b else 0)
               for a in range(1, max_pieces + 1) for b in range(1, a + 1) if a + b <= n)


def _disk_bytes(tables) -> int:
    with tempfile.TemporaryDirectory() as root:
        return sum(f.stat().st_size for f in tables.save(root).glob("*.tbl"))


def _endgame_job(job: tuple[str, str, int]) -> dict:
    variant, rules, max_pieces = job
    wall, cpu = time.perf_counter(), time.process_time()
    tables = solve_endgames(variant, max_pieces, rules=rules, cache_dir=False)
    result = {
        "kind": "endgames", "variant": variant, "rules": rules, "max_pieces": max_pieces,
        "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall, "peak_mb": _peak_mb(),
        "table": format_reports(tables.reports),
        "positions": estimate(variant, max_pieces), "largest_pair": _largest_pair(variant, max_pieces),
    }
    result["disk"] = _disk_bytes(tables)
    return result


def _full_job(job: tuple[str, str]) -> dict:
    variant, rules = job
    wall, cpu = time.perf_counter(), time.process_time()
    tables = solve_game(variant, rules=rules, cache_dir=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    start = Position.start(variant, rules)
    value = tables.value(start)
    best = [str(m) for m, _ in tables.best_moves(start)]
    after_first = {str(m): str(v) for m, v in tables.evaluate_moves(start)}
    perfect = PerfectPlayer(tables)
    game = Game(start=start)
    while not game.is_over():
        game.play(perfect.choose_move(game.position))
    most = max(start.count(Color.WHITE), start.count(Color.BLACK))
    return {
        "kind": "full", "variant": variant, "rules": rules, "value": str(value),
        "outcome": value.outcome, "best": best, "first_moves": after_first,
        "game": f"{game.outcome()} after {len(game.moves)} plies: {game.move_list()}",
        "cpu": cpu, "wall": wall, "peak_mb": _peak_mb(), "positions": estimate(variant, most),
        "largest_pair": _largest_pair(variant, most), "disk": _disk_bytes(tables),
        "table": format_reports(tables.reports),
    }


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
    header = (f"{'problem':<44} {'positions':>16} {'largest pair':>14} {'est. CPU':>12} "
              f"{'est. RAM':>10} {'disk':>10}")
    rows = [header]
    for label, name, pieces in problems:
        count = estimate(name, pieces)
        pair = _largest_pair(name, pieces)
        seconds = count * rate_us / 1e6
        rows.append(f"{label:<44} {count:>16,} {pair:>14,} {_duration(seconds):>12} "
                    f"{_size(pair * bytes_per_position):>10} {_size(2 * count):>10}")
    return rows


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"


def _size(nbytes: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if nbytes < 1024 or unit == "TB":
            return f"{nbytes:.0f} {unit}" if unit in ("B", "KB") else f"{nbytes:.1f} {unit}"
        nbytes /= 1024
    return ""  # pragma: no cover


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=1, help="solves run side by side (default 1)")
    parser.add_argument("--only", choices=["endgames", "zuni"], help="run one part only")
    parser.add_argument("--max-pieces", type=int, default=3,
                        help="Mosona endgames: pieces a side (default 3)")
    parser.add_argument("--save", help="also write the report to this file")
    args = parser.parse_args()

    jobs: list[tuple] = []
    if args.only in (None, "endgames"):
        jobs += [("mosona", rules, args.max_pieces) for rules in PRESETS]
    if args.only in (None, "zuni"):
        jobs += [(name, rules) for name in ("zuni-4", "zuni-4-murray") for rules in PRESETS]
    out = io.StringIO()

    def say(line: str = "") -> None:
        print(line, flush=True)
        out.write(line + "\n")

    say(f"python {sys.version.split()[0]}, {len(jobs)} solves, {args.jobs} at a time; "
        "CPU seconds are per process, wall-clock seconds depend on the machine's load.")
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(_run, jobs))
    rates = []
    for r in results:
        if r["kind"] != "endgames":
            continue
        say()
        say(f"== Mosona endgames, 1-{r['max_pieces']} pieces a side, rules {r['rules']} ==")
        say(r["table"])
        say(f"{r['positions']:,} positions in {r['cpu']:.0f} s CPU ({r['wall']:.0f} s wall), "
            f"{1e6 * r['cpu'] / r['positions']:.1f} us a position; peak memory {r['peak_mb']:.0f} MB "
            f"(largest pair of classes {r['largest_pair']:,} positions); tables on disk {_size(r['disk'])}")
        rates.append((r["cpu"] / r["positions"], r["peak_mb"] * 2**20 / r["largest_pair"]))

    full = [r for r in results if r["kind"] == "full"]
    if full:
        say()
        say("== Full solution of zuni-4 (13 points, 6 pieces a side, centre empty) ==")
        say(f"{'board':<15} {'rules':<9} {'first player (White) to move':<30} {'best first moves':<22} "
            f"{'CPU s':>6} {'peak MB':>8} {'disk':>8}")
        for r in full:
            say(f"{r['variant']:<15} {r['rules']:<9} {r['value']:<30} {' '.join(r['best']):<22} "
                f"{r['cpu']:>6.0f} {r['peak_mb']:>8.0f} {_size(r['disk']):>8}")
        say()
        say("Each first move's value for White, and a game of the perfect player against itself "
            "under the real rules:")
        for r in full:
            moves = ", ".join(f"{m}: {v}" for m, v in r["first_moves"].items())
            say(f"  {r['variant']} {r['rules']}: {moves}")
            say(f"    game: {r['game']}")
        by_rules: dict[str, dict[str, str]] = {}
        for r in full:
            by_rules.setdefault(r["rules"], {})[r["variant"]] = r["outcome"]
        say()
        for rules, outcomes in by_rules.items():
            same = len(set(outcomes.values())) == 1
            say(f"  {rules}: with outer-row lines the first player's result is {outcomes.get('zuni-4')}, "
                f"without them {outcomes.get('zuni-4-murray')}: the drawing "
                + ("does not change who wins." if same else "CHANGES the result."))
        for r in full:
            rates.append((r["cpu"] / r["positions"], r["peak_mb"] * 2**20 / r["largest_pair"]))
        say()
        say("Per-class counts of the full solutions:")
        for r in full:
            say(f"-- {r['variant']} {r['rules']} --")
            say(r["table"])

    if rates:
        rate_us = 1e6 * max(rate for rate, _ in rates)
        per_position = max(mem for _, mem in rates)
        say()
        say(f"== How far the method reaches (at the slowest measured rate, {rate_us:.1f} us a position, "
            f"and {per_position:.0f} bytes a position of the largest pair while solving) ==")
        for row in _reach_rows(rate_us, per_position):
            say(row)
    say()
    say(f"total wall time {time.perf_counter() - started:.0f} s")
    if args.save:
        Path(args.save).write_text(out.getvalue())


if __name__ == "__main__":
    main()
