"""Build large endgame tables with the array solver and print what they say.

Usage (run under ``/usr/bin/time -v`` for the peak memory)::

    python benchmarks/solve_big.py --variant mosona --max-pieces 4 --rules standard
    python benchmarks/solve_big.py --variant zuni-6 --game --rules standard maximum ludii
    python benchmarks/solve_big.py --variant mosona --max-pieces 8 --max-total 9 --cache DIR

``--max-total`` leaves out classes with more pieces on the board: with a cache that holds
the classes up to 6 a side, the last line above adds only the lopsided 7v1, 7v2 and 8v1
pairs (the proof search's cheapest open leaves, ``proof-results.txt``).

``--game`` solves every class up to the start material and prints the
start position's value and the best first moves. Every run also prints a
position with the longest forced win and the perfect line from it, and the
tables' size on disk. Tables go to ``--cache`` (default: a fresh temporary
directory, removed afterwards).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from awithlaknannai import Color, Game, Position, get_variant
from awithlaknannai.tables.solver_cli import format_reports
from awithlaknannai.tables.solver import (
    EndgameTables,
    PerfectPlayer,
    estimate,
    solve_endgames,
    solve_game,
)
from awithlaknannai.tables.solver_core import WIN


def longest_win(tables: EndgameTables) -> tuple[Position, Game] | None:
    """A position (White to move) with the longest finite win in the tables, and the perfect line from it."""
    best = max(tables.reports, key=lambda r: r.longest, default=None)
    if best is None or not best.longest:
        return None
    table = tables.table(best.mover, best.opponent)
    wanted = int(np.flatnonzero(table.palette == (best.longest << 3 | WIN))[0])
    step = 1 << 22
    for start in range(0, table.entries, step):
        found = np.flatnonzero(np.asarray(table.body[start : start + step]) == wanted)
        if found.size:
            own, opp = table.index.unrank(np.array([start + int(found[0])]))
            position = Position(tables.variant, int(own[0]), int(opp[0]), Color.WHITE)
            player = PerfectPlayer(tables)
            game = Game(start=position)
            while not game.is_over() and len(game.moves) < 4 * best.longest:
                game.play(player.choose_move(game.position))
            return position, game
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variant", default="mosona")
    parser.add_argument("--rules", nargs="+", default=["standard"])
    parser.add_argument("--max-pieces", type=int, default=4)
    parser.add_argument(
        "--max-total",
        type=int,
        default=None,
        help="leave out classes with more pieces on the board (--max-pieces 8 --max-total 9: 7v2, 8v1, ...)",
    )
    parser.add_argument(
        "--game", action="store_true", help="solve the whole game (all classes up to the start)"
    )
    parser.add_argument("--cache", default=None, help="table directory (default: temporary, removed)")
    args = parser.parse_args(argv)
    for rules in args.rules:
        variant = get_variant(args.variant, rules)
        cache = args.cache or tempfile.mkdtemp(prefix="awl-tables-")
        started, cpu = time.perf_counter(), time.process_time()

        def say(line: str) -> None:
            print(line, flush=True)

        try:
            if args.game:
                tables = solve_game(variant, cache_dir=cache, report=say, engine="arrays", allow_long=True)
            else:
                tables = solve_endgames(
                    variant,
                    args.max_pieces,
                    max_total=args.max_total,
                    cache_dir=cache,
                    report=say,
                    engine="arrays",
                    allow_long=True,
                )
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            total = sum(r.positions for r in tables.reports)
            print(
                f"== {args.variant} rules {rules}: {total:,} positions "
                f"(estimate {estimate(variant, tables.max_pieces):,})"
            )
            print(format_reports(tables.reports))
            print(
                f"wall {wall:.0f} s, CPU {cpu:.0f} s, {1e9 * cpu / max(total, 1):.0f} ns CPU a position, "
                f"peak RSS so far {peak:.0f} MB",
                flush=True,
            )
            disk = sum(f.stat().st_size for f in Path(cache).rglob("*.tbl"))
            wdl = sum(f.stat().st_size for f in Path(cache).rglob("*.wdl"))
            print(
                f"on disk: {disk:,} bytes of .tbl ({8 * disk / max(total, 1):.2f} bits a position), "
                f"{wdl:,} bytes of .wdl ({8 * wdl / max(total, 1):.2f} bits a position)",
                flush=True,
            )
            found = longest_win(tables)
            if found:
                position, game = found
                print(f"a longest win ({game.outcome()}, {len(game.moves)} plies): {position.text()}")
                print("  " + " ".join(str(m) for m in game.moves), flush=True)
            if args.game:
                start = Position.start(variant)
                best = tables.best_moves(start)
                print(
                    f"start position, {start.turn} to move: {tables.value(start)}; best first moves: "
                    + " ".join(str(m) for m, _ in best),
                    flush=True,
                )
        finally:
            if args.cache is None:
                shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
