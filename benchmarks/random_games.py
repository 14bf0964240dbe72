"""Random games per second for every variant and preset.

Usage::

    python benchmarks/random_games.py                  # 200 games per variant and preset
    python benchmarks/random_games.py --games 1000 --variants mosona kolowis --rules ludii

Two ways of playing a random game are timed, both seeded so runs repeat:

* ``position``: ``Position.legal_moves()`` and ``Position.play(move)``, the
  immutable API that players and widgets use;
* ``game``: the same through :class:`awithlaknannai.Game`, which also keeps
  the history, checks threefold repetition and supports undo.

A game ends as the rules end it (no pieces, no move, the quiet-turn limit,
and in ``game`` mode repetition). Times are CPU seconds of this process.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from awithlaknannai import Game, Position, get_variant
from random_play import random_game_plies  # benchmarks/random_play.py, beside this script

VARIANTS = ["mosona", "mosona-murray", "kolowis", "zuni-4", "alquerque", "tukvnanawopi"]
RULES = ["standard", "maximum", "ludii"]


def position_games(variant, games: int, seed: int) -> int:
    """Play ``games`` uniformly random games of ``variant`` through Position; return the plies."""
    return random_game_plies(Position.start(variant), games, seed)


def play_positions(variant_name: str, rules: str, games: int, seed: int) -> tuple[int, float]:
    variant = get_variant(variant_name, rules)
    began = time.process_time()
    plies = position_games(variant, games, seed)
    return plies, time.process_time() - began


def play_games(variant_name: str, rules: str, games: int, seed: int) -> tuple[int, float]:
    variant = get_variant(variant_name, rules)
    rng = random.Random(seed)
    plies = 0
    began = time.process_time()
    for _ in range(games):
        game = Game(variant)
        moves = game.legal_moves()
        while moves:
            game.play(rng.choice(moves))
            moves = game.legal_moves()
        plies += len(game.moves)
    return plies, time.process_time() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variants", nargs="+", default=VARIANTS)
    parser.add_argument("--rules", nargs="+", default=RULES)
    parser.add_argument(
        "--games", type=int, default=200, help="games per variant, preset and mode (default 200)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"random games, Python {platform.python_version()}, {args.games} games each, seed {args.seed}")
    print(
        f"{'variant':<14} {'rules':<9} {'plies/game':>10} {'position games/s':>17} {'plies/s':>9} "
        f"{'Game games/s':>13} {'plies/s':>9}"
    )
    for variant in args.variants:
        for rules in args.rules:
            plies, elapsed = play_positions(variant, rules, args.games, args.seed)
            game_plies, game_elapsed = play_games(variant, rules, args.games, args.seed)
            print(
                f"{variant:<14} {rules:<9} {plies / args.games:>10.1f} {args.games / elapsed:>17.0f} "
                f"{plies / elapsed:>9.0f} {args.games / game_elapsed:>13.0f} {game_plies / game_elapsed:>9.0f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
