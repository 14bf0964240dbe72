"""Perft tables: move-generator counts and speed for every variant and preset.

Usage::

    python benchmarks/perft.py                      # every table, depths 1..8, ~60 s budget each
    python benchmarks/perft.py --variants mosona --rules ludii --max-depth 10
    python benchmarks/perft.py --budget 10 --save benchmarks/perft-results.txt

``perft(position, d)`` counts the move sequences of length ``d`` from the
start (the leaves of the game tree, counting the last ply in bulk). A table
stops before a depth whose expected time, judged from the growth so far,
would take it past the budget. Times are CPU seconds of this process, so a
busy machine slows the wall clock but not the figures much; "nodes/s" is the
perft count divided by that time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from awithlaknannai import Position, perft
from awithlaknannai.variants import variant_names

VARIANTS = list(variant_names(zuni_sizes=[4]))
RULES = ["standard", "maximum", "ludii"]


def perft_table(variant: str, rules: str, max_depth: int, budget: float) -> list[tuple[int, int, float]]:
    """Rows ``(depth, count, cpu seconds)`` until ``max_depth`` or the budget would be exceeded."""
    start = Position.start(variant, rules)
    rows: list[tuple[int, int, float]] = []
    spent = 0.0
    for depth in range(1, max_depth + 1):
        if len(rows) >= 2:
            (_, before, _), (_, last, last_time) = rows[-2], rows[-1]
            growth = last / before if before else 1.0
            if spent + last_time * max(growth, 1.0) > budget:
                break
        began = time.process_time()
        count = perft(start, depth, allow_long=True)  # the budget above bounds it
        elapsed = time.process_time() - began
        rows.append((depth, count, elapsed))
        spent += elapsed
    return rows


def format_table(variant: str, rules: str, rows: list[tuple[int, int, float]]) -> str:
    lines = [f"{variant} / {rules}", f"{'depth':>5} {'perft':>12} {'cpu s':>9} {'nodes/s':>11}"]
    for depth, count, elapsed in rows:
        rate = f"{count / elapsed:,.0f}" if elapsed > 0.01 else "-"
        lines.append(f"{depth:>5} {count:>12,} {elapsed:>9.3f} {rate:>11}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variants", nargs="+", default=VARIANTS)
    parser.add_argument("--rules", nargs="+", default=RULES)
    parser.add_argument("--max-depth", type=int, default=8)
    parser.add_argument("--budget", type=float, default=60.0, help="CPU seconds per table (default 60)")
    parser.add_argument("--save", help="also write the tables to this file")
    args = parser.parse_args(argv)
    header = (
        f"perft tables, Python {platform.python_version()} on {platform.machine()}, "
        f"budget {args.budget:g} CPU s per table, depths up to {args.max_depth}"
    )
    out = [header]
    print(header, flush=True)
    for variant in args.variants:
        for rules in args.rules:
            table = format_table(variant, rules, perft_table(variant, rules, args.max_depth, args.budget))
            print("\n" + table, flush=True)
            out.append(table)
    if args.save:
        Path(args.save).write_text("\n\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
