"""Strength table: every pair of players plays a match; print scores and thinking time.

Usage::

    python benchmarks/strength.py                       # the default ladder, 40 games a pairing
    python benchmarks/strength.py --games 100 --players random greedy alphabeta:2 alphabeta:4 mcts:300
    python benchmarks/strength.py --variant mosona-murray --rules maximum --jobs 2

Each pairing is a :func:`awithlaknannai.players.run_match` with colours
alternating and a seed, so the table repeats exactly. ``--opening N`` plays N
random moves first (games 1-2, 3-4, ... share an opening with colours
swapped), which varies the games of players that rarely meet a tie.
A second table gives each player's thinking time per move, measured while
it played.
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor

from awithlaknannai.players import make_player, run_match

DEFAULT_PLAYERS = [
    "random",
    "greedy",
    "mcts:300",
    "alphabeta:2",
    "alphabeta:3",
    "alphabeta:4",
    "alphabeta:6:1s",
]


class _Timed:
    """Wrap a player to record how long each move took."""

    def __init__(self, player):
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def reset(self, seed=None):
        self.player.reset(seed)

    def choose_move(self, position):
        started = time.perf_counter()
        move = self.player.choose_move(position)
        self.times.append(time.perf_counter() - started)
        return move


def _pairing(job):
    spec_a, spec_b, games, variant, rules, seed, opening = job
    a, b = _Timed(make_player(spec_a)), _Timed(make_player(spec_b))
    result = run_match(
        a,
        b,
        games=games,
        variant=variant,
        rules=rules,
        seed=seed,
        progress=False,
        opening_turns=opening,
        allow_long=True,
    )
    return (
        spec_a,
        spec_b,
        result.wins("A"),
        result.draws(),
        result.losses("A"),
        sum(result.lengths()) / games,
        a.times,
        b.times,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", nargs="+", default=DEFAULT_PLAYERS)
    parser.add_argument("--games", type=int, default=40, help="games per pairing (even; default 40)")
    parser.add_argument("--variant", default="mosona")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opening", type=int, default=4, help="random opening turns (default 4)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--only-neighbours",
        action="store_true",
        help="play only neighbouring players of the list (a ladder), not every pair",
    )
    args = parser.parse_args()

    if args.only_neighbours:
        pairs = list(zip(args.players, args.players[1:]))
    else:
        pairs = list(itertools.combinations(args.players, 2))
    jobs = [
        (a, b, args.games, args.variant, args.rules, args.seed + k, args.opening)
        for k, (a, b) in enumerate(pairs)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(_pairing, jobs))
    elapsed = time.perf_counter() - started

    print(
        f"Strength table: {args.variant}, {args.rules} rules, {args.games} games a pairing, "
        f"colours alternating, {args.opening} random opening turns, seed {args.seed}"
    )
    print(f"{'A':>14} {'B':>14} {'A wins':>7} {'draws':>6} {'B wins':>7} {'A score':>8} {'mean turns':>11}")
    times: dict[str, list[float]] = {p: [] for p in args.players}
    for a, b, won, drawn, lost, length, ta, tb in results:
        score = (won + drawn / 2) / (won + drawn + lost)
        print(f"{a:>14} {b:>14} {won:7d} {drawn:6d} {lost:7d} {100 * score:7.1f}% {length:11.1f}")
        times[a].extend(ta)
        times[b].extend(tb)
    print()
    print(f"{'player':>14} {'moves':>7} {'mean s/move':>12} {'95% s/move':>11} {'max s/move':>11}")
    for player, values in times.items():
        if not values:
            continue
        values.sort()
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        print(
            f"{player:>14} {len(values):7d} {sum(values) / len(values):12.4f} {p95:11.4f} {values[-1]:11.4f}"
        )
    print(f"\n(wall time {elapsed:.0f} s with {args.jobs} worker processes)")


if __name__ == "__main__":
    main()
