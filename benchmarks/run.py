"""All the speed figures in one run, side by side, with ratios.

Usage::

    python benchmarks/run.py                  # about 3-6 minutes on 2 cores
    python benchmarks/run.py --quick          # smaller samples, about a minute
    python benchmarks/run.py --notebooks      # also each notebook's wall time (slow)
    python benchmarks/run.py --big-tables     # also Mosona 3 a side with both solvers (minutes)

Rows compare a baseline with the fast path on the same work:

* perft: leaves a second of the plain oracle (``tests/oracle.py``), of
  ``position.perft`` and of :class:`awithlaknannai.playout.LeanEngine`, on
  the same start positions and depths (the counts must agree);
* random play per variant and preset: games and moves a second through
  ``Position`` (legal_moves + play), through the lean engine, and through
  the numpy batch (:mod:`awithlaknannai.playout_batch`; not for ``maximum``);
* alpha-beta nodes a second and the strongest level's time per move;
* the kernel-side cost of a click on the board widget (benchmarks/widget_redraw.py);
* endgame tables: build time and peak memory of the pure-Python solver and
  the array solver, each in a fresh process;
* each notebook's wall time (``--notebooks``).

Times are CPU seconds of the measuring process unless a row says wall; on a
shared machine they still vary by 10-30 %. The results are printed and
written to ``benchmarks/run-results.txt``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))  # the oracle lives with the tests
sys.path.insert(0, str(HERE))

from random_games import position_games  # benchmarks/random_games.py

from awithlaknannai import Position, get_variant, perft
from awithlaknannai.playout import LeanEngine
from awithlaknannai.playout_batch import BatchPlayouts

VARIANTS = ["mosona", "mosona-murray", "kolowis", "zuni-4", "alquerque", "tukvnanawopi"]
RULES = ["standard", "maximum", "ludii"]

rows: list[str] = []


def say(line: str = "") -> None:
    print(line, flush=True)
    rows.append(line)


def cpu(fn, *args, **kwargs):
    began = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - began


def ratio(fast: float, slow: float) -> str:
    return f"{fast / slow:,.1f}x" if slow > 0 else "-"


# --- perft ------------------------------------------------------------------------


def oracle_leaves(variant_name: str, rules: str, depth: int) -> int:
    from oracle import oracle_perft

    variant = get_variant(variant_name, rules)
    start = Position.start(variant)
    pieces = {p: ("w" if c.value == "white" else "b") for p, c in start.pieces().items()}
    return oracle_perft(variant.board, variant.rules, pieces, "w" if start.turn.value == "white" else "b",
                        0, depth)


def bench_perft(quick: bool) -> None:
    say("== perft from the start position: leaves a second (CPU) ==")
    say(f"{'variant':<14} {'rules':<9} {'depth':>5} {'leaves':>10} {'oracle/s':>10} {'Position/s':>11} "
        f"{'lean/s':>10} {'lean/oracle':>12} {'lean/Position':>14}")
    cut = 1 if quick else 0
    for variant, rules, depth in [("mosona", "standard", 11 - cut), ("mosona", "ludii", 7 - cut),
                                  ("zuni-4", "maximum", 10 - cut), ("kolowis", "standard", 8 - cut)]:
        start = Position.start(get_variant(variant, rules))
        engine = LeanEngine(start.variant)
        perft(start, depth - 1, allow_long=True)  # warm both: the lean engine fills its per-point tables as patterns occur
        engine.perft(start, depth - 1, allow_long=True)
        fast, t_fast = cpu(perft, start, depth)
        lean, t_lean = cpu(engine.perft, start, depth)
        oracle_depth = depth
        slow, t_slow = cpu(oracle_leaves, variant, rules, oracle_depth)
        assert slow == perft(start, oracle_depth) and lean == fast, "perft counts disagree"
        r_oracle, r_fast, r_lean = slow / t_slow, fast / t_fast, lean / t_lean
        say(f"{variant:<14} {rules:<9} {depth:>5} {fast:>10,} {r_oracle:>10,.0f} {r_fast:>11,.0f} {r_lean:>10,.0f} "
            f"{ratio(r_lean, r_oracle):>12} {ratio(r_lean, r_fast):>14}")
    say("(same start position and depth for all three, counts checked equal; leaves/s = count / CPU s)")
    say()


# --- random play -------------------------------------------------------------------


def bench_random(quick: bool) -> None:
    say("== uniformly random games to their end (quiet-turn limit 50, no repetition check): CPU ==")
    say(f"{'variant':<14} {'rules':<9} {'plies/game':>10} {'Position g/s':>12} {'moves/s':>9} "
        f"{'lean g/s':>9} {'moves/s':>9} {'batch g/s':>10} {'moves/s':>10} {'lean/Pos':>9} {'batch/Pos':>10}")
    scale = 0.25 if quick else 1.0
    for name in VARIANTS:
        for rules in RULES:
            variant = get_variant(name, rules)
            base = {"kolowis": 40, "tukvnanawopi": 40}.get(name, 150)
            games = max(10, int(base * scale))
            plies_p, t_p = cpu(position_games, variant, games, 0)
            engine = LeanEngine(variant)
            lean_games = games * 3
            (_, plies_l), t_l = cpu(engine.random_games, lean_games, 0, allow_long=True)
            batch_cell = f"{'-':>10} {'-':>10}"
            batch_ratio = "-"
            if not variant.rules.maximum_capture:
                batch_games = max(200, int((10_000 if name.startswith("mosona") else 2_000) * scale))
                result, t_b = cpu(BatchPlayouts(variant).play, batch_games, 0, allow_long=True)
                batch_cell = f"{batch_games / t_b:>10,.0f} {result.plies.sum() / t_b:>10,.0f}"
                batch_ratio = ratio(batch_games / t_b, games / t_p)
            say(f"{name:<14} {rules:<9} {plies_p / games:>10.1f} {games / t_p:>12,.0f} {plies_p / t_p:>9,.0f} "
                f"{lean_games / t_l:>9,.0f} {plies_l / t_l:>9,.0f} {batch_cell} "
                f"{ratio(lean_games / t_l, games / t_p):>9} {batch_ratio:>10}")
    say("(batch: Mosona 10,000 games in one numpy batch, others 2,000; first actions chosen uniformly)")
    say()


def bench_targets(quick: bool) -> None:
    """The issue's two play targets, each the median of repeated runs."""
    say("== targets, median of repeated runs (CPU) ==")
    repeats = 3 if quick else 5
    ludii = get_variant("mosona", "ludii")
    engine = LeanEngine(ludii)
    engine.random_games(50, 99)  # fill the per-point tables
    position_rates, lean_rates = [], []
    for seed in range(repeats):
        plies, seconds = cpu(position_games, ludii, 60, seed)
        position_rates.append(plies / seconds)
        (_, plies), seconds = cpu(engine.random_games, 300, seed, allow_long=True)
        lean_rates.append(plies / seconds)
    position_rate, lean_rate = statistics.median(position_rates), statistics.median(lean_rates)
    say(f"Mosona ludii, moves/s (target > 300,000): Position {position_rate:,.0f}, lean {lean_rate:,.0f} "
        f"({ratio(lean_rate, position_rate)}); lean runs {', '.join(f'{r:,.0f}' for r in lean_rates)}")
    standard = get_variant("mosona", "standard")
    batch = BatchPlayouts(standard)
    batch_rates, position_games_rates = [], []
    for seed in range(repeats):
        _, seconds = cpu(batch.play, 10_000, seed)
        batch_rates.append(10_000 / seconds)
        _, seconds = cpu(position_games, standard, 200, seed)
        position_games_rates.append(200 / seconds)
    batch_rate, base = statistics.median(batch_rates), statistics.median(position_games_rates)
    say(f"Mosona standard, complete playouts/s (target >= 10,000): Position {base:,.0f}, "
        f"batch of 10,000 {batch_rate:,.0f} ({ratio(batch_rate, base)}); "
        f"batch runs {', '.join(f'{r:,.0f}' for r in batch_rates)}")
    say()


# --- players ---------------------------------------------------------------------------


def bench_players(quick: bool) -> None:
    from awithlaknannai.players import AlphaBetaPlayer
    from awithlaknannai.players.levels import player_for_level

    say("== players (Mosona, standard) ==")
    rng = random.Random(5)
    positions = []
    position = Position.start("mosona")
    while len(positions) < (4 if quick else 10) and not position.is_terminal():
        position = position.play(rng.choice(position.legal_moves()))
        positions.append(position)
    player = AlphaBetaPlayer(depth=4, seed=0)
    nodes = seconds = 0.0
    for p in positions:
        if p.is_terminal():
            continue
        began = time.process_time()
        player.choose_move(p)
        seconds += time.process_time() - began
        nodes += player.last_search["nodes"]
    say(f"alpha-beta depth 4: {nodes / seconds:,.0f} nodes/s (CPU) over {len(positions)} positions")
    strong = player_for_level("strong", seed=0)
    times = []
    for p in positions:
        if p.is_terminal():
            continue
        began = time.perf_counter()
        strong.choose_move(p)
        times.append(time.perf_counter() - began)
    say(f"strongest level (strong = alphabeta:6:1s): {statistics.mean(times):.3f} s a move on average, "
        f"max {max(times):.3f} s (wall, {len(times)} moves)")
    say()


def bench_widget(quick: bool) -> None:
    try:
        import widget_redraw
    except ImportError as error:  # the widgets need ipycanvas
        say(f"== widget redraw: skipped ({error}) ==")
        return
    say("== kernel-side redraw after a click (handle_click to commands sent; wall) ==")
    for variant in ("mosona", "kolowis"):
        widget_redraw.measure(variant, 5, 1)
        times = widget_redraw.measure(variant, 20 if quick else 60, 0)
        ms = [t * 1000 for t in times["select"] + times["move"]]
        say(f"{variant:<9} median {statistics.median(ms):.2f} ms, p90 {widget_redraw.percentile(ms, 0.9):.2f} ms "
            f"({len(ms)} clicks)")
    say()


# --- endgame tables ---------------------------------------------------------------------

_BUILD = """
import json, resource, sys, time
from awithlaknannai.analysis.solver import solve_endgames, solve_game
variant, pieces, rules, engine = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
t, w = time.process_time(), time.perf_counter()
if pieces == 0:
    tables = solve_game(variant, rules=rules, cache_dir=False, engine=engine, allow_long=True)
else:
    tables = solve_endgames(variant, pieces, rules=rules, cache_dir=False, engine=engine, allow_long=True)
print(json.dumps({"cpu": time.process_time() - t, "wall": time.perf_counter() - w,
                  "positions": sum(r.positions for r in tables.reports),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def build(variant: str, pieces: int, rules: str, engine: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _BUILD, variant, str(pieces), rules, engine],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_tables(big: bool) -> None:
    say("== endgame tables: build in a fresh process (CPU s, peak resident MB incl. ~70 MB interpreter) ==")
    say(f"{'build':<34} {'positions':>11} {'python s':>9} {'MB':>6} {'arrays s':>9} {'MB':>6} {'speed-up':>9}")
    jobs = [("zuni-4", 0, "standard"), ("zuni-4-murray", 0, "maximum"), ("mosona", 2, "standard")]
    if big:
        jobs.append(("mosona", 3, "standard"))
    for variant, pieces, rules in jobs:
        slow = build(variant, pieces, rules, "python")
        fast = build(variant, pieces, rules, "arrays")
        label = f"{variant} {'whole game' if pieces == 0 else f'<= {pieces} a side'} {rules}"
        say(f"{label:<34} {fast['positions']:>11,} {slow['cpu']:>9.1f} {slow['peak_mb']:>6.0f} "
            f"{fast['cpu']:>9.1f} {fast['peak_mb']:>6.0f} {ratio(slow['cpu'], fast['cpu']):>9}")
    results = HERE / "tables-results.txt"
    if results.exists():
        say(f"(larger builds, Mosona 4 a side and the whole zuni-6 game: see {results.name})")
    say()


def bench_notebooks() -> None:
    say("== notebooks: wall time of a fresh kernel running each one top to bottom ==")
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        with tempfile.TemporaryDirectory() as tmp:
            began = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                                   "--output-dir", tmp, str(notebook)], capture_output=True, text=True, check=False)
            elapsed = time.perf_counter() - began
        status = "ok" if done.returncode == 0 else "FAILED"
        say(f"{notebook.name:<28} {elapsed:>7.1f} s  {status}")
    say()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--notebooks", action="store_true", help="also time every notebook (slow)")
    parser.add_argument("--big-tables", action="store_true", help="also Mosona 3 a side with both solvers")
    parser.add_argument("--output", default=str(HERE / "run-results.txt"))
    args = parser.parse_args(argv)
    say(f"benchmarks/run.py, Python {platform.python_version()}, {platform.machine()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}" + (" (quick)" if args.quick else ""))
    say()
    bench_targets(args.quick)
    bench_perft(args.quick)
    bench_random(args.quick)
    bench_players(args.quick)
    bench_widget(args.quick)
    bench_tables(args.big_tables)
    if args.notebooks:
        bench_notebooks()
    Path(args.output).write_text("\n".join(rows) + "\n")
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
