"""Make ``awithlaknannai/analysis/saved_results.json``: results that never change.

Usage::

    python benchmarks/saved_results.py           # solve and write the file (about a minute)
    python benchmarks/saved_results.py --check   # solve and compare with the file

The whole games of ``zuni-3`` and ``zuni-4``, with and without the outer-row
lines, under the three rules presets, solved by :func:`awithlaknannai.tables.solver.solve_game` without
the disk cache: the first player's value and the best first moves. Notebook 6
reads them through :mod:`awithlaknannai.analysis.saved` instead of solving
twelve games during Run All (it solves one ``zuni-3`` game live); ``tests/test_saved_results.py`` checks them against a
fresh solve.

It also holds the statistics of 100 random games (seed 1, standard rules) on
each board notebooks 6 and 7 compare (:func:`awithlaknannai.analysis.saved.saved_selfplay`),
played by :func:`awithlaknannai.analysis.selfplay.selfplay_statistics`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from awithlaknannai import Position
from awithlaknannai.analysis.saved import SELFPLAY_GAMES, SELFPLAY_SEED
from awithlaknannai.analysis.selfplay import SelfplayStatistics, selfplay_statistics
from awithlaknannai.tables.solver import EndgameTables, solve_game

TARGET = Path(__file__).resolve().parent.parent / "awithlaknannai" / "analysis" / "saved_results.json"
BOARDS = ["zuni-3", "zuni-3-murray", "zuni-4", "zuni-4-murray"]
PRESETS = ["standard", "maximum", "ludii"]
# Notebook 6: the two drawings of Mosona; notebook 7: its family album (Mosona first).
SELFPLAY_BOARDS = [
    "mosona",
    "mosona-murray",
    "lau-kata-kati",
    "dash-guti",
    "egara-guti",
    "pretwa",
    "gol-skuish",
    "tukvnanawopi",
    "tukvnanawopi-shrinking",
    "tuknanavuhpi",
]


def whole_game(board: str, rules: str, tables: EndgameTables | None = None) -> dict[str, object]:
    """One saved entry: what a fresh solve of ``board`` under ``rules`` finds from the start (or ``tables``)."""
    tables = tables or solve_game(board, rules=rules, cache_dir=False)
    start = Position.start(board, rules)
    value = tables.value(start)
    best = [str(move) for move, after in tables.best_moves(start)]
    return {
        "board": board,
        "rules": rules,
        "outcome": value.outcome,
        "plies": value.plies,
        "stand_in": value.stand_in,
        "best": best,
        "positions": sum(report.positions for report in tables.reports),
    }


def random_games(
    board: str, rules: str = "standard", stats: SelfplayStatistics | None = None
) -> dict[str, object]:
    """One saved batch of random games: what ``selfplay_statistics`` finds on ``board`` (or ``stats``)."""
    stats = stats or selfplay_statistics(
        board, rules, players="random", games=SELFPLAY_GAMES, seed=SELFPLAY_SEED
    )
    return {
        "variant": stats.variant,
        "rules_preset": rules,
        "rules": stats.rules,
        "players": list(stats.players),
        "games": stats.games,
        "first_player_wins": stats.first_player_wins,
        "second_player_wins": stats.second_player_wins,
        "draws": stats.draws,
        "lengths": list(stats.lengths),
        "pieces_left": [list(pair) for pair in stats.pieces_left],
        "reasons": dict(sorted(stats.reasons.items())),
    }


def contents() -> dict[str, object]:
    return {
        "made_by": "benchmarks/saved_results.py",
        "whole_games": [whole_game(b, r) for b in BOARDS for r in PRESETS],
        "selfplay": [random_games(board) for board in SELFPLAY_BOARDS],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="compare with the saved file instead of writing it"
    )
    args = parser.parse_args(argv)
    started = time.process_time()
    fresh = contents()
    print(
        f"solved {len(fresh['whole_games'])} games and played {len(fresh['selfplay'])} batches of random games "
        f"in {time.process_time() - started:.1f} CPU s"
    )
    text = json.dumps(fresh, indent=1) + "\n"
    if args.check:
        same = TARGET.read_text(encoding="utf-8") == text
        print("the saved file matches" if same else f"{TARGET} differs from a fresh solve")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
