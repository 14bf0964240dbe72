"""Long jobs and hostile inputs: what the library's estimates say, and what the worst inputs cost.

Usage::

    python benchmarks/long_jobs.py perft                   # perft estimates against real counts, every variant
    python benchmarks/long_jobs.py inputs                  # worst time and peak memory per kind of input
    python benchmarks/long_jobs.py perft inputs --save benchmarks/long-jobs-results.txt

``perft``: for every variant and preset, the deepest perft each limit
allows by :func:`awithlaknannai.position.perft_estimate` (a minute for the
library without ``allow_long=True``, an hour for ``python -m awithlaknannai
perft``), and, where the real count takes at most ``--budget`` seconds, the
ratio of the estimated to the real number of leaves and time. The depth a
call may reach is not a fixed number: it follows the measured cost of the
board, the rules and the position, which is what this table shows.

``inputs``: each hostile input of issue 17 (and the few found the same
way) in a child process whose address space is capped at 2 GB (Binder's
memory), with its wall time and peak resident memory. A row whose outcome
is a MemoryError, a timeout or an undocumented error type is a regression.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from awithlaknannai import Position, perft
from awithlaknannai.cli import CLI_SECONDS_LIMIT
from awithlaknannai.limits import LONG_JOB_SECONDS, duration
from awithlaknannai.position import perft_estimate
from awithlaknannai.variants import variant_names

VARIANTS = variant_names(zuni_sizes=[4])
RULES = ["standard", "maximum", "ludii"]


def perft_rows(budget: float) -> list[str]:
    lines = [
        f"{'variant':<24}{'rules':<10}{'<=1 min':>8}{'<=1 h':>7}  {'checked at depth':>16}"
        f"{'leaves est/real':>17}{'time est/real':>15}"
    ]
    for variant in VARIANTS:
        for rules in RULES:
            start = Position.start(variant, rules)
            allowed = {LONG_JOB_SECONDS: 0, CLI_SECONDS_LIMIT: 0}
            checked = None
            for depth in range(1, 13):
                leaves, seconds = perft_estimate(start, depth, give_up_after=2 * CLI_SECONDS_LIMIT)
                for limit in allowed:
                    if seconds <= limit:
                        allowed[limit] = depth
                if seconds <= budget:
                    began = time.perf_counter()
                    real = perft(start, depth, allow_long=True)
                    took = time.perf_counter() - began
                    if took > 0.05:
                        checked = (depth, leaves / max(real, 1), seconds / took)
                if seconds > CLI_SECONDS_LIMIT:
                    break
            shown = (
                f"{checked[0]:>16}{checked[1]:>17.2f}{checked[2]:>15.2f}"
                if checked
                else f"{'-':>16}{'-':>17}{'-':>15}"
            )
            lines.append(
                f"{variant:<24}{rules:<10}{allowed[LONG_JOB_SECONDS]:>8}{allowed[CLI_SECONDS_LIMIT]:>7}  "
                f"{shown}"
            )
            print(lines[-1], flush=True)
    return lines


# Each probe: (kind, code). The code runs in a child capped at 2 GB; it prints nothing, or a short outcome.
SETUP = textwrap.dedent("""
    import json
    def ladder(n, rules="standard"):
        top = "".join("w" if i == 0 else "b" if i % 2 else "." for i in range(n))
        middle = "".join("b" if 1 <= j < n else "." for j in range(n + 1))
        bottom = "".join("b" if i % 2 == 0 else "." for i in range(n))
        return f"zuni-{n} {rules} {top}/{middle}/{bottom} w 0"
    def big_record(moves, n=1000):
        top = "." * (n - 1) + "b"
        middle = "".join("w" if j % 2 == 0 and j < n - 10 else "." for j in range(n + 1))
        bottom = "".join("w" if i % 2 == 0 and i < n - 10 else "." for i in range(n))
        rules = "standard,quiet_turn_limit=off,repetition_limit=off"
        cycle = ["B0-B1", f"T{n - 1}-T{n - 2}", "B1-B0", f"T{n - 2}-T{n - 1}"]
        return json.dumps({"format": "awithlaknannai-game", "version": 1, "variant": f"zuni-{n}", "rules": rules,
                           "start": f"zuni-{n} {rules} {top}/{middle}/{bottom} w 0",
                           "moves": [cycle[i % 4] for i in range(moves)]})
    RECORD = {"format": "awithlaknannai-game", "version": 1, "variant": "mosona", "moves": []}
""")
PROBES: list[tuple[str, str]] = [
    ("record: 15 MB JSON string", "game_from_json(json.dumps(dict(RECORD, tags={'a': 'x' * 15_000_000})))"),
    (
        "record: 16 MB of escaped quotes",
        "game_from_json('{\"tags\": {\"a\": \"' + '\\\\\\\\\"' * 8_000_000 + '\"}}')",
    ),
    ("record: 16 MB of empty lists", "game_from_json('[' + '[],' * 5_500_000 + '[]]')"),
    ("record: 16 MB of empty objects", "game_from_json('[' + '{},' * 5_500_000 + '{}]')"),
    ("record: 100,000 moves on zuni-1000", "game_from_json(big_record(100_000))"),
    (
        "record: 100,000 moves on zuni-4",
        "game_from_json(json.dumps(dict(RECORD, variant='zuni-4', "
        "rules='standard,quiet_turn_limit=off,repetition_limit=off', start='zuni-4 standard,quiet_turn_limit=off,"
        "repetition_limit=off b.../...../...w w 0', moves=['B3-B2', 'T0-T1', 'B2-B3', 'T1-T0'] * 25_000)))",
    ),
    ("move text: 10 MB", "Game().play('B3' + '-M4' * 3_400_000)"),
    ("position text: ladder on zuni-40 (line leaps)", "parse_position(ladder(40)).legal_moves()"),
    (
        "position text: ladder, optional multi-leaps",
        "parse_position(ladder(20, 'standard,multi_leap=optional')).legal_moves()",
    ),
    (
        "position text: 1 KB bent leaps on zuni-300",
        "import random; random.seed(1); n = 300; "
        "parse_position(f'zuni-{n} standard,leap_shape=bent ' + '/'.join(["
        "''.join(random.choice('bb.') for _ in range(n)), ''.join(random.choice('b.') for _ in range(n + 1)), "
        "'w' + ''.join(random.choice('b.') for _ in range(n - 1))]) + ' w 0').legal_moves()",
    ),
    ("solve_endgames('mosona', 12)", "solve_endgames('mosona', 12, cache_dir=False)"),
    ("solve_game('zuni-1000')", "solve_game('zuni-1000', cache_dir=False)"),
    (
        "CLI solve --max-pieces 1000000 (zuni-3)",
        "main(['solve', '--variant', 'zuni-3', '--max-pieces', '1000000'])",
    ),
    ("LeanEngine.random_games(10**12)", "LeanEngine('mosona').random_games(10**12)"),
    ("BatchPlayouts.play(10**12)", "BatchPlayouts('mosona').play(10**12)"),
    ("BatchPlayouts.play(10**6) on kolowis", "BatchPlayouts('kolowis').play(10**6)"),
    ("perft depth 64 (mosona)", "perft(Position.start('mosona'), 64)"),
    (
        "CLI perft --depth 12 kolowis ludii",
        "main(['perft', '--variant', 'kolowis', '--rules', 'ludii', '--depth', '12'])",
    ),
    (
        "MCTS 100,000 playouts, 3,956 moves (zuni-1000)",
        "MCTSPlayer(playouts=100_000).choose_move(parse_position(json.loads(big_record(1))['start']))",
    ),
    (
        "MCTS 600 s a move on mosona",
        "MCTSPlayer(playouts=None, time_limit=600).choose_move(Position.start('mosona'))",
    ),
    (
        "alpha-beta depth 8 on zuni-1000",
        "AlphaBetaPlayer(depth=8).choose_move(parse_position(json.loads(big_record(1))['start']))",
    ),
    ("run_match of 10**6 games", "run_match('greedy', 'random', 10**6, 'mosona', progress=False)"),
    ("zuni(10**8)", "zuni(10**8)"),
    ("Game.save with 17 MB of tags", "Game(tags={'a': 'x' * 17_000_000}).save(TMP + '/g.json')"),
    (
        "hint with AWITHLAKNANNAI_CACHE=~nosuchuser/c",
        "import os; os.environ['AWITHLAKNANNAI_CACHE'] = "
        "'~nosuchuser/c'; print(best_moves(Position.from_pieces('zuni-3', {'T0': 'w', 'M1': 'b'})))",
    ),
]


def run_probe(code: str, cap: int = 2 * 2**30, timeout: float = 600) -> tuple[str, float, int]:
    program = SETUP + textwrap.dedent(f"""
        import resource, time
        resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
        from awithlaknannai import *
        from awithlaknannai.tables.solver import solve_endgames, solve_game, best_moves
        from awithlaknannai.boards import zuni
        from awithlaknannai.cli import main
        from awithlaknannai.game import game_from_json
        from awithlaknannai.players import AlphaBetaPlayer, MCTSPlayer, run_match
        from awithlaknannai.engines.lean import LeanEngine
        from awithlaknannai.engines.batch import BatchPlayouts
        import contextlib, io
        TMP = {tempfile.mkdtemp()!r}
        began = time.perf_counter()
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                {code}
            outcome = "returned"
        except BaseException as error:
            outcome = type(error).__name__
        took = time.perf_counter() - began
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        print(json.dumps([outcome, took, peak]))
    """)
    env = dict(os.environ, AWITHLAKNANNAI_CACHE=tempfile.mkdtemp())
    try:
        done = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "TIMEOUT", timeout, 0
    if done.returncode != 0 or not done.stdout.strip():
        return (
            f"crashed ({done.stderr.strip().splitlines()[-1][:60] if done.stderr.strip() else done.returncode})",
            0,
            0,
        )
    outcome, took, peak = json.loads(done.stdout.strip().splitlines()[-1])
    return outcome, took, peak


def input_rows() -> list[str]:
    lines = [f"{'input':<48}{'outcome':<20}{'wall s':>8}{'peak MB':>9}"]
    for kind, code in PROBES:
        outcome, took, peak = run_probe(code)
        lines.append(f"{kind:<48}{outcome:<20}{took:>8.2f}{peak / 2**20:>9.0f}")
        print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("parts", nargs="+", choices=["perft", "inputs"])
    parser.add_argument(
        "--budget", type=float, default=5.0, help="longest real perft run to compare (seconds)"
    )
    parser.add_argument("--save", help="also write the tables to this file")
    args = parser.parse_args(argv)
    out = [
        f"long jobs and hostile inputs, Python {platform.python_version()} on {platform.machine()}, "
        f"limits {duration(LONG_JOB_SECONDS)} (library) and {duration(CLI_SECONDS_LIMIT)} (command line)"
    ]
    if "perft" in args.parts:
        out += [
            "",
            "Deepest perft each limit allows, by estimate; where a real count took at most "
            f"{args.budget:g} s, estimated / real leaves and time at the deepest such depth:",
        ]
        out += perft_rows(args.budget)
    if "inputs" in args.parts:
        out += ["", "Hostile inputs, each in a child process capped at 2 GB (outcome: what it raised):"]
        out += input_rows()
    if args.save:
        Path(args.save).write_text("\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
