"""Self-play statistics for every variant under every rules preset; prints one table per player.

Usage::

    python benchmarks/selfplay.py                          # greedy and alphabeta:2, the default grid
    python benchmarks/selfplay.py --players greedy --games 200
    python benchmarks/selfplay.py --variants mosona mosona-murray --rules standard maximum --save out.txt

Each batch is :func:`awithlaknannai.analysis.selfplay.selfplay_statistics`
with a seed, so the tables repeat exactly. The figures answer: does moving
first help, how often is a game drawn, how long is a game, how many pieces
are left, and why games end, for each board and each rules preset.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from awithlaknannai.analysis.selfplay import SelfplayTable, selfplay_statistics

VARIANTS = ["mosona", "mosona-murray", "zuni-4", "zuni-4-murray", "kolowis", "alquerque", "tukvnanawopi"]
RULES = ["standard", "maximum", "ludii"]


def _batch(job):
    variant, rules, player, games, seed, opening = job
    started = time.perf_counter()
    stats = selfplay_statistics(
        variant, rules, player, games=games, seed=seed, opening_turns=opening, allow_long=True
    )
    return stats, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variants", nargs="+", default=VARIANTS)
    parser.add_argument("--rules", nargs="+", default=RULES)
    parser.add_argument(
        "--players",
        nargs="+",
        default=["greedy", "alphabeta:2"],
        help="each plays itself (default greedy and alphabeta:2)",
    )
    parser.add_argument("--games", type=int, default=100, help="games per batch (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opening", type=int, default=0, help="random opening turns (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--save", help="also write the tables to this file")
    args = parser.parse_args()

    out: list[str] = []
    for player in args.players:
        jobs = [
            (v, r, player, args.games, args.seed, args.opening) for v in args.variants for r in args.rules
        ]
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            done = list(pool.map(_batch, jobs))
        table = SelfplayTable(stats for stats, _ in done)
        out.append(
            f"Self-play: {player} against itself, {args.games} games a batch, seed {args.seed}, "
            f"{args.opening} random opening turns"
        )
        out.append(
            "(first/second wins and draws are shares of games; end-reason columns count games; "
            "'first left'/'second left' are mean pieces left)"
        )
        out.append(table.to_text())
        out.append(f"(wall time {time.perf_counter() - started:.0f} s with {args.jobs} worker processes)")
        out.append("")
        print("\n".join(out[-5:]), flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            handle.write(
                "$ python benchmarks/selfplay.py "
                + " ".join(
                    f"--{k.replace('_', '-')} {' '.join(map(str, v)) if isinstance(v, list) else v}"
                    for k, v in vars(args).items()
                    if k != "save" and v is not None
                )
                + "\n\n"
            )
            handle.write("\n".join(out))


if __name__ == "__main__":
    main()
