"""All the speed and strength figures in one run: the naive engine, Position, lean, batch, the players, the tables.

Usage::

    AWITHLAKNANNAI_CACHE=DIR python benchmarks/run.py            # about 15-25 minutes on 2 cores
    python benchmarks/run.py --quick                             # smaller samples, a few minutes
    python benchmarks/run.py --before /tmp/before                # also the same figures of an older checkout
    python benchmarks/run.py --more                              # also widget clicks and table builds

Every speed is CPU seconds of this process (``time.process_time``), the
median of ``--rounds`` rounds in which the engines take turns (an engine
never runs all its rounds while the machine is quiet and another while it is
busy); the load average is printed before and after. Rows:

* random play on Mosona under the Ludii rules (the issue's yardstick), moves
  a second: the naive reference engine (``benchmarks/naive.py``: frozensets,
  written from the rules alone), the ``Position`` API (``legal_moves`` +
  ``play``), the lean engine and the numpy batch;
* Position and the lean engine on more boards and presets (the lean engine
  must cover Alquerque and Tukvnanawopi at least as fast as Position);
* perft through ``Position`` (``awithlaknannai.perft``), leaves a second;
* alpha-beta nodes a second (depth 4) and MCTS playouts a second (400 a
  move), on the same ten Mosona positions;
* the classroom levels judged by the solved Mosona tables, and matches
  between adjacent levels (``benchmarks/strength_tables.py``; needs the
  tables up to 4 a side in ``$AWITHLAKNANNAI_CACHE`` or ``--tables``; with
  the classes of 5 a side there too, also at 5 a side).

``--before DIR`` loads the package found in ``DIR/awithlaknannai`` (an
older checkout, e.g. ``git archive COMMIT | tar -x -C DIR``) under another
name and times it in the same rounds, so before and after are measured side
by side. The results are printed and written to ``benchmarks/run-results.txt``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))  # the benchmarks' own modules

import naive  # benchmarks/naive.py  # noqa: E402
from random_play import random_game_plies  # benchmarks/random_play.py  # noqa: E402

import awithlaknannai  # noqa: E402

rows: list[str] = []


def say(line: str = "") -> None:
    print(line, flush=True)
    rows.append(line)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def cpu(fn: Callable, *args, **kwargs) -> tuple[object, float]:
    began = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - began


def rounds(jobs: dict[str, Callable[[int], float]], count: int) -> dict[str, list[float]]:
    """Run every job once a round, in turn, ``count`` rounds; each job returns its rate for that round.

    Each job runs once first, untimed (seed 1000), so that the tables engines fill as patterns
    occur are measured full, as in a long session.
    """
    for job in jobs.values():
        job(1000)
    rates: dict[str, list[float]] = {name: [] for name in jobs}
    for r in range(count):
        for name, job in jobs.items():
            rates[name].append(job(r))
    return rates


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def load_before(directory: str) -> ModuleType:
    """The package in ``directory/awithlaknannai``, imported as ``awithlaknannai_before``."""
    init = Path(directory) / "awithlaknannai" / "__init__.py"
    if not init.exists():
        raise SystemExit(f"--before: no package at {init}")
    spec = importlib.util.spec_from_file_location(
        "awithlaknannai_before", init, submodule_search_locations=[str(init.parent)]
    )
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["awithlaknannai_before"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def submodule(package: ModuleType, *names: str) -> ModuleType:
    """The first of ``names`` that ``package`` has (a module moved between the two versions compared)."""
    for name in names[:-1]:
        try:
            return importlib.import_module(f"{package.__name__}.{name}")
        except ModuleNotFoundError:
            continue
    return importlib.import_module(f"{package.__name__}.{names[-1]}")


# --- the engines, given a package (this one or the one before) ---------------------------------


def position_games(package: ModuleType, variant_name: str, rules: str, games: int, seed: int) -> int:
    """Uniformly random games through the Position API (legal_moves + play); return the plies."""
    variant = package.get_variant(variant_name, rules)
    return random_game_plies(package.Position.start(variant), games, seed)


def lean_engine(package: ModuleType, variant_name: str, rules: str):
    return submodule(package, "engines.lean", "playout").LeanEngine(variant_name, rules)


def batch_engine(package: ModuleType, variant_name: str, rules: str):
    return submodule(package, "engines.batch", "playout_batch").BatchPlayouts(variant_name, rules)


def search_positions(package: ModuleType) -> list:
    rng = random.Random(5)
    positions = []
    position = package.Position.start("mosona")
    while len(positions) < 10 and not position.is_terminal():
        position = position.play(rng.choice(position.legal_moves()))
        positions.append(position)
    return positions


def alphabeta_rate(package: ModuleType, positions: list) -> float:
    player = submodule(package, "players").AlphaBetaPlayer(depth=4, seed=0)
    nodes = seconds = 0.0
    for position in positions:
        began = time.process_time()
        player.choose_move(position)
        seconds += time.process_time() - began
        nodes += player.last_search["nodes"]
    return nodes / seconds


def mcts_rate(package: ModuleType, positions: list) -> float:
    player = submodule(package, "players").MCTSPlayer(playouts=400, seed=0)
    done = seconds = 0.0
    for position in positions[:5]:
        began = time.process_time()
        player.choose_move(position)
        seconds += time.process_time() - began
        done += player.last_search["playouts"]
    return done / seconds


# --- the sections -----------------------------------------------------------------------------


summary: list[tuple[str, str, str, str]] = []  # (figure, before, after, target and verdict)


def cell(value: float | None, unit: str = "") -> str:
    return "-" if value is None else f"{value:,.0f}{unit}"


def bench_random(packages: dict[str, ModuleType], count: int, scale: float) -> None:
    say(
        "== random play, Mosona, Ludii rules (quiet-turn limit 50): moves a second (CPU), "
        f"median of {count} interleaved rounds =="
    )
    engine = naive.NaiveZuni(8, "ludii")
    here = packages["after"]
    start = here.Position.start(here.get_variant("mosona", "ludii"))
    for depth in range(1, 8):  # the yardstick must play the same game
        assert engine.perft(depth) == here.perft(start, depth), "the naive engine disagrees with perft"
    games = max(10, int(60 * scale))
    jobs: dict[str, Callable[[int], float]] = {}

    def timed(fn: Callable[[int], int]) -> Callable[[int], float]:
        def job(r: int) -> float:
            plies, seconds = cpu(fn, r)
            return plies / seconds  # type: ignore[operator]

        return job

    jobs["naive engine"] = timed(lambda r: naive.random_games(engine, games, r))
    for label, package in packages.items():
        lean = lean_engine(package, "mosona", "ludii")
        lean.random_games(30, 99, allow_long=True)  # fill its tables
        batch = batch_engine(package, "mosona", "ludii")
        jobs[f"Position ({label})"] = timed(
            lambda r, p=package: position_games(p, "mosona", "ludii", games, r)
        )
        jobs[f"lean ({label})"] = timed(lambda r, e=lean: e.random_games(games * 4, r, allow_long=True)[1])
        jobs[f"batch ({label})"] = timed(
            lambda r, b=batch: int(b.play(max(500, int(10_000 * scale)), r, allow_long=True).plies.sum())
        )
    rates = rounds(jobs, count)
    yardstick = median(rates["naive engine"])
    say(f"{'engine':<20} {'moves/s':>10} {'x naive':>8}   rounds")
    for name, values in rates.items():
        say(
            f"{name:<20} {median(values):>10,.0f} {median(values) / yardstick:>7.2f}x   "
            + ", ".join(f"{v:,.0f}" for v in values)
        )
    say(
        "(batch: 10,000 games in one numpy batch; the Ludii rules play one leap a turn, so its uniform choice of "
        "first actions is a uniform choice of moves)"
    )
    say()
    for engine, target in (("Position", ">= 1.0x, aim 2.5x"), ("lean", ">= 3.3x, aim 4x")):
        after = median(rates[f"{engine} (after)"]) / yardstick
        before = median(rates[f"{engine} (before)"]) / yardstick if "before" in packages else None
        summary.append(
            (
                f"{engine} random play, x naive engine",
                "-" if before is None else f"{before:.2f}x",
                f"{after:.2f}x",
                target,
            )
        )


def bench_boards(packages: dict[str, ModuleType], count: int, scale: float) -> None:
    say(
        f"== Position and lean engine on more boards: moves a second (CPU), median of {count} interleaved rounds =="
    )
    say(
        f"{'variant':<14} {'rules':<9} "
        + " ".join(f"{'Position ' + k:>17} {'lean ' + k:>13}" for k in packages)
        + f" {'lean/Position':>14}"
    )
    for name in ("mosona", "alquerque", "tukvnanawopi"):
        for rules in ("standard", "maximum", "ludii"):
            games = max(4, int((15 if name == "tukvnanawopi" else 40) * scale))
            jobs: dict[str, Callable[[int], float]] = {}
            for label, package in packages.items():
                lean = lean_engine(package, name, rules)
                lean.random_games(5, 99, allow_long=True)

                def by_position(r: int, p: ModuleType = package) -> float:
                    plies, seconds = cpu(position_games, p, name, rules, games, r)
                    return plies / seconds  # type: ignore[operator]

                def by_lean(r: int, e=lean) -> float:
                    (_, plies), seconds = cpu(e.random_games, games, r, allow_long=True)
                    return plies / seconds

                jobs[f"P {label}"] = by_position
                jobs[f"L {label}"] = by_lean
            rates = {k: median(v) for k, v in rounds(jobs, count).items()}
            cells = " ".join(f"{rates['P ' + k]:>17,.0f} {rates['L ' + k]:>13,.0f}" for k in packages)
            say(f"{name:<14} {rules:<9} {cells} {rates['L after'] / rates['P after']:>13.2f}x")
    say()


def bench_perft(packages: dict[str, ModuleType], count: int, quick: bool) -> None:
    say(
        f"== perft through Position (awithlaknannai.perft): leaves a second (CPU), median of {count} rounds =="
    )
    say(
        f"{'variant':<9} {'rules':<9} {'depth':>5} {'leaves':>9} "
        + " ".join(f"{k:>12}" for k in packages)
        + (f" {'after/before':>13}" if "before" in packages else "")
    )
    cut = 1 if quick else 0
    ratios = []
    for name, rules, depth in [
        ("mosona", "standard", 11 - cut),
        ("mosona", "ludii", 7 - cut),
        ("zuni-4", "maximum", 10 - cut),
        ("kolowis", "standard", 8 - cut),
    ]:
        jobs: dict[str, Callable[[int], float]] = {}
        leaves = {}
        for label, package in packages.items():
            start = package.Position.start(package.get_variant(name, rules))
            leaves[label] = package.perft(start, depth, allow_long=True)  # also warms the tables

            def job(r: int, p: ModuleType = package, s=start) -> float:
                count_, seconds = cpu(p.perft, s, depth, allow_long=True)
                return count_ / seconds  # type: ignore[operator]

            jobs[label] = job
        assert len(set(leaves.values())) == 1, f"perft counts disagree: {leaves}"
        rates = {k: median(v) for k, v in rounds(jobs, count).items()}
        line = f"{name:<9} {rules:<9} {depth:>5} {leaves['after']:>9,} " + " ".join(
            f"{rates[k]:>12,.0f}" for k in packages
        )
        if "before" in packages:
            ratios.append(rates["after"] / rates["before"])
            line += f" {ratios[-1]:>12.2f}x"
        say(line)
    say("(the same start position and depth for every checkout; counts checked equal)")
    say()
    if ratios:
        summary.append(
            (
                "perft through Position, x before (geometric mean of 4)",
                "1.00x",
                f"{statistics.geometric_mean(ratios):.2f}x",
                ">= 3x",
            )
        )


def bench_players(packages: dict[str, ModuleType], count: int) -> None:
    say(f"== players, Mosona standard, the same 10 positions: CPU, median of {count} interleaved rounds ==")
    jobs: dict[str, Callable[[int], float]] = {}
    for label, package in packages.items():
        positions = search_positions(package)
        jobs[f"alpha-beta depth 4, nodes/s ({label})"] = lambda r, p=package, q=positions: alphabeta_rate(
            p, q
        )
        jobs[f"MCTS 400 playouts, playouts/s ({label})"] = lambda r, p=package, q=positions: mcts_rate(p, q)
    rates = rounds(jobs, count)
    for name, values in rates.items():
        say(f"{name:<44} {median(values):>10,.0f}   rounds " + ", ".join(f"{v:,.0f}" for v in values))
    here = packages["after"]
    strong = submodule(here, "players").player_for_level("strong", seed=0)
    times = []
    for position in search_positions(here):
        began = time.perf_counter()
        strong.choose_move(position)
        times.append(time.perf_counter() - began)
    say(
        f"strong level (alphabeta:6:1s, perfect endgames): {statistics.mean(times):.3f} s a move on average, "
        f"max {max(times):.3f} s (wall, {len(times)} moves)"
    )
    say()
    for what, key, target in (
        ("alpha-beta nodes/s", "alpha-beta depth 4, nodes/s", ">= 3x"),
        ("MCTS playouts/s", "MCTS 400 playouts, playouts/s", ">= 5x"),
    ):
        after = median(rates[f"{key} (after)"])
        before = median(rates[f"{key} (before)"]) if "before" in packages else None
        summary.append(
            (what, cell(before), cell(after) + (f" ({after / before:.2f}x)" if before else ""), target)
        )


def bench_strength(tables_dir: str | None, quick: bool) -> None:
    import strength_tables

    say("== the classroom levels judged by perfect play (Mosona standard, tables up to 4 or 5 a side) ==")
    if not tables_dir:
        say(
            "(skipped: give --tables DIR or set AWITHLAKNANNAI_CACHE to a cache holding Mosona's tables up to 4 a side; "
            "build them with python benchmarks/solve_big.py --variant mosona --max-pieces 4 --cache DIR)"
        )
        say()
        return
    groups = list(strength_tables.GROUPS)
    if not strength_tables.has_classes(Path(tables_dir), 5):
        groups.remove("5 a side")
    tables = strength_tables.judge_tables(Path(tables_dir), 5 if "5 a side" in groups else 4)
    say("Share of critical positions (some move throws the result away) where the level's move keeps it:")
    strength_tables.strength_rows(tables, 40 if quick else 150, seed=19, say=say, groups=groups)
    say()
    say("Matches between adjacent levels (Mosona standard, colours alternating, 4 random opening turns):")
    strength_tables.ladder_rows(10 if quick else 40, seed=19, say=say)
    say()


def bench_more() -> None:
    try:
        import widget_redraw
    except ImportError as error:  # the widgets need ipycanvas
        say(f"== widget redraw: skipped ({error}) ==")
    else:
        say("== kernel-side redraw after a click (handle_click to commands sent; wall) ==")
        for variant in ("mosona", "kolowis"):
            widget_redraw.measure(variant, 5, 1)
            times = widget_redraw.measure(variant, 60, 0)
            ms = [t * 1000 for t in times["select"] + times["move"]]
            say(
                f"{variant:<9} median {statistics.median(ms):.2f} ms, p90 {widget_redraw.percentile(ms, 0.9):.2f} ms "
                f"({len(ms)} clicks)"
            )
        say()
    say("== endgame tables: Mosona up to 2 a side, built in a fresh process (CPU s) ==")
    code = (
        "import time; from awithlaknannai.tables.solver import solve_endgames; t = time.process_time(); "
        "solve_endgames('mosona', 2, cache_dir=False, allow_long=True); print(time.process_time() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    say(f"array solver: {float(out.stdout.strip()):.2f} s")
    say()


SECTIONS = ("random", "boards", "perft", "players", "strength")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per figure (default 3)")
    parser.add_argument("--before", metavar="DIR", help="also time the package of an older checkout in DIR")
    parser.add_argument(
        "--tables",
        metavar="DIR",
        default=os.environ.get("AWITHLAKNANNAI_CACHE"),
        help="the cache holding Mosona's tables up to 4 a side (default $AWITHLAKNANNAI_CACHE)",
    )
    parser.add_argument("--more", action="store_true", help="also the widget's clicks and a table build")
    parser.add_argument("--skip-strength", action="store_true", help="leave out the strength tables (slow)")
    parser.add_argument(
        "--only",
        metavar="SECTIONS",
        help=f"comma-separated sections to run, of: {', '.join(SECTIONS)} (default: all; with --only, "
        "--output defaults to standard output only)",
    )
    parser.add_argument("--output", default=None)
    args = parser.parse_args(argv)
    only = set(SECTIONS) if args.only is None else {name.strip() for name in args.only.split(",")}
    if only - set(SECTIONS):
        raise SystemExit(
            f"--only: unknown sections {sorted(only - set(SECTIONS))}; choose from {', '.join(SECTIONS)}"
        )
    if args.output is None and args.only is None:
        args.output = str(HERE / "run-results.txt")
    packages: dict[str, ModuleType] = {}
    if args.before:
        packages["before"] = load_before(args.before)
    packages["after"] = awithlaknannai
    began = time.perf_counter()
    say(
        f"benchmarks/run.py, Python {platform.python_version()}, {platform.machine()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}" + (" (quick)" if args.quick else "")
    )
    say(f"at the start: {load()}")
    if args.before:
        say(f"before: {Path(args.before).resolve()}; after: {ROOT}")
    say()
    scale = 0.3 if args.quick else 1.0
    if "random" in only:
        bench_random(packages, args.rounds, scale)
    if "boards" in only:
        bench_boards(packages, args.rounds, scale)
    if "perft" in only:
        bench_perft(packages, args.rounds, args.quick)
    if "players" in only:
        bench_players(packages, args.rounds)
    if "strength" in only and not args.skip_strength:
        bench_strength(args.tables, args.quick)
    if args.more:
        bench_more()
    say("== summary: the issue's figures ==")
    say(f"{'figure':<52} {'before':>10} {'after':>22}   target")
    for figure, before, after, target in summary:
        say(f"{figure:<52} {before:>10} {after:>22}   {target}")
    say()
    say(f"at the end: {load()}; {time.perf_counter() - began:.0f} s wall")
    if args.output:
        Path(args.output).write_text("\n".join(rows) + "\n")
        print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
