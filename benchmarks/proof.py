"""Proof-number search on Mosona: sampled endgames against bigger tables, and the search from the start.

(a) ``sample``: N random Mosona positions with 5 v 6 pieces (``--material``;
    colours random), each asked "win" and "draw" with table leaves of at
    most ``--leaves`` pieces a side (``--leaves-without 6v6``: but not
    that class), checked against the tables of that material when they are
    built (else said so); ``--deeper-without 6v6`` answers each question
    again without that class's leaves, a deeper search, and compares.
(b) ``start``: the search from Mosona's start under a preset with a budget;
    prints the frontier (or the proof, with the certificate's size and the
    checker's verdict).
(c) ``known``: a small board's whole game solved (``--variant zuni-5``),
    then its start under each preset asked "win" and "draw" with leaves of
    at most ``--leaves`` a side, each answer compared with the tables and
    each certificate replayed.

The build folder (``--source``, default /work/tables-mosona6) is never
written: finished class pairs are hard-linked into ``--snapshot`` (a
folder of our own) and read from there, so that a reader's clean-up of a
file it finds damaged can never touch the build.

    nice -n 10 python benchmarks/proof.py start --seconds 1200 --memory-mb 6144 --leaves 5
    nice -n 10 python benchmarks/proof.py sample --count 100 --leaves 5
    nice -n 10 python benchmarks/proof.py sample --material 6v6 --leaves 6 --leaves-without 6v6 --count 1000
    nice -n 10 python benchmarks/proof.py sample --material 6v7 --leaves 6 --deeper-without 6v6 --count 1000
    nice -n 10 python benchmarks/proof.py known --variant zuni-5 --leaves 5 --seconds 300 --memory-mb 2048
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import time
from pathlib import Path

from awithlaknannai import Position
from awithlaknannai.rules import get_rules
from awithlaknannai.tables.certificate import check_certificate
from awithlaknannai.tables.proof import prove, save_certificate
from awithlaknannai.tables.solver import EndgameTables, solve_game
from awithlaknannai.variants import Color, get_variant


def snapshot(source: Path, target: Path, leave_out: frozenset[str] = frozenset()) -> list[str]:
    """Hard-link every finished pair (.tbl and .wdl both there) of ``source`` into ``target``.

    The classes named in ``leave_out`` ("6v6", "5v6", ...) are not linked: a search over
    ``target`` must then play through them instead of reading them.
    """
    linked = []
    for tbl in sorted(source.rglob("*.tbl")):
        wdl = tbl.with_suffix(".wdl")
        if not wdl.exists() or tbl.stem in leave_out:
            continue
        folder = target / tbl.parent.relative_to(source)
        folder.mkdir(parents=True, exist_ok=True)
        for path in (tbl, wdl):
            if not (folder / path.name).exists():
                os.link(path, folder / path.name)
        linked.append(tbl.stem)
    return linked


def sample_positions(variant, count: int, mover: int, other: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        points = rng.sample(range(variant.tables.size), mover + other)
        own = sum(1 << p for p in points[:mover])
        opp = sum(1 << p for p in points[mover:])
        turn = rng.choice([Color.WHITE, Color.BLACK])
        white, black = (own, opp) if turn is Color.WHITE else (opp, own)
        position = Position(variant, white, black, turn)
        if position.outcome() is None:
            found.append(position)
    return found


def proven_by_tables(outcome: str, question: str) -> bool:
    """Whether the tables' outcome for the side to move makes ``question`` ("win" or "draw") true."""
    return outcome == "win" if question == "win" else outcome != "loss"


def pair(material: str) -> frozenset[str]:
    """A class and its mirror: "5v6" -> {"5v6", "6v5"}."""
    mover, other = material.split("v")
    return frozenset({material, f"{other}v{mover}"})


def run_sample(args: argparse.Namespace, folder: Path) -> None:
    """Sampled positions, each question answered with table leaves and checked (see the module docstring)."""
    variant = get_variant("mosona", get_rules(args.rules))
    mover, other = (int(part) for part in args.material.split("v"))
    most = max(mover, other, args.leaves)
    truth_tables = EndgameTables(variant, most, folder)
    big = truth_tables.table(mover, other) is not None and truth_tables.table(other, mover) is not None
    leaf_folder = folder
    if args.leaves_without:
        leaf_folder = Path(f"{args.snapshot}-without-{args.leaves_without}")
        snapshot(Path(args.source), leaf_folder, pair(args.leaves_without))
    tables = EndgameTables(variant, most, leaf_folder)
    deeper = None
    if args.deeper_without:
        deeper_folder = Path(f"{args.snapshot}-without-{args.deeper_without}")
        snapshot(Path(args.source), deeper_folder, pair(args.deeper_without))
        deeper = EndgameTables(variant, most, deeper_folder)
    print(
        f"check against the {mover}v{other} and {other}v{mover} tables: "
        f"{'yes' if big else 'no (not built): answers only'}; leaves without: {args.leaves_without or '-'}; "
        f"a deeper search without {args.deeper_without or '-'}: {'yes' if deeper else 'no'}"
    )
    agree = disagree = unknown = checked = 0
    deeper_agree = deeper_disagree = deeper_unknown = 0
    times = []
    started = time.perf_counter()
    for position in sample_positions(variant, args.count, mover, other, args.seed):
        truth = truth_tables.value(position).outcome if big else None
        for question in ("win", "draw"):
            result = prove(
                position, question, tables, max_pieces=args.leaves, seconds=args.each, memory_mb=256
            )
            times.append(result.seconds)
            if result.answer == "unknown":
                unknown += 1
                continue
            if result.certificate is not None:
                checked += check_certificate(result.certificate.to_json(), tables).proven
            if truth is not None:
                if (result.answer == "proven") == proven_by_tables(truth, question):
                    agree += 1
                else:
                    disagree += 1
                    print(f"DISAGREE {position.text()} {question}: {result.answer}, tables {truth}")
            if deeper is not None:
                again = prove(
                    position, question, deeper, max_pieces=args.leaves, seconds=args.each, memory_mb=256
                )
                if again.answer == "unknown":
                    deeper_unknown += 1
                elif again.answer == result.answer:
                    deeper_agree += 1
                else:
                    deeper_disagree += 1
                    print(
                        f"DEEPER DISAGREES {position.text()} {question}: {result.answer}, deeper {again.answer}"
                    )
    times.sort()
    print(
        f"positions {args.count} ({mover} v {other}, leaves <= {args.leaves}, {args.each:g} s a question), "
        f"questions {2 * args.count}: unknown {unknown}, certificates checked proven {checked}, "
        f"agree {agree}, disagree {disagree}, {time.perf_counter() - started:.1f} s; seconds a question: "
        f"median {times[len(times) // 2]:.2f}, 90% {times[len(times) * 9 // 10]:.2f}"
    )
    if deeper is not None:
        print(
            f"the deeper search (no {args.deeper_without} leaves) on the answered questions: agree {deeper_agree}, "
            f"disagree {deeper_disagree}, unknown {deeper_unknown}"
        )


def run_known(args: argparse.Namespace, folder: Path) -> None:
    """Whole-game tables of a small board, then its start searched with smaller leaves and compared."""
    for preset in args.presets:
        started = time.perf_counter()
        tables = solve_game(args.variant, rules=preset, cache_dir=folder / "known", allow_long=True)
        solved = time.perf_counter() - started
        start = Position.start(args.variant, rules=preset)
        truth = tables.value(start).outcome
        for question in ("win", "draw"):
            result = prove(
                start,
                question,
                tables,
                max_pieces=args.leaves,
                seconds=args.seconds,
                memory_mb=args.memory_mb,
            )
            verdict = "-"
            if result.certificate is not None:
                verdict = str(check_certificate(result.certificate.to_json(), tables))
            if result.answer == "unknown":
                agrees = "unknown"
            elif (result.answer == "proven") == proven_by_tables(truth, question):
                agrees = "agrees"
            else:
                agrees = "DISAGREES"
            print(
                f"{args.variant} {preset} start (tables: {truth} for White, solved in {solved:.0f} s), question "
                f"{question}, leaves <= {args.leaves}: {result.answer}, {agrees}; nodes {result.nodes:,} in "
                f"{result.seconds:.1f} s; certificate: {verdict}",
                flush=True,
            )


def run_start(args: argparse.Namespace, folder: Path) -> None:
    variant = get_variant("mosona", get_rules(args.rules))
    tables = EndgameTables(variant, args.leaves, folder)
    position = Position.start(variant)
    result = prove(
        position,
        args.question,
        tables,
        max_pieces=args.leaves,
        seconds=args.seconds,
        memory_mb=args.memory_mb,
    )
    print(
        f"mosona {args.rules} start, question {args.question}, leaves <= {args.leaves}: {result.answer} "
        f"({result.stopped}); nodes {result.nodes:,} in {result.seconds:.0f} s "
        f"({result.nodes / max(result.seconds, 1e-9):,.0f}/s); table {result.tt_entries:,} of "
        f"{result.tt_capacity:,}, cut back {result.tt_collections} times; proven entries "
        f"{result.proven_entries:,}, disproven {result.disproven_entries:,}"
    )
    print(
        f"  peak memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GB"
    )
    for nodes, at, pn, dn in result.history:
        print(f"  root at {nodes:>12,} nodes {at:>8.1f} s: pn {pn:,} dn {dn:,}")
    for row in result.frontier:
        print("  " + ", ".join(f"{key} {value}" for key, value in row.items()))
    if result.certificate is not None:
        path = save_certificate(result.certificate, Path(args.snapshot) / "mosona-start.json.gz")
        started = time.perf_counter()
        verdict = check_certificate(result.certificate.to_json(), tables)
        print(
            f"certificate {len(result.certificate.nodes):,} nodes, {path.stat().st_size:,} bytes; "
            f"checker: {verdict} in {time.perf_counter() - started:.1f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("sample", "start", "known"))
    parser.add_argument("--variant", default="zuni-5", help="the board (known)")
    parser.add_argument("--presets", nargs="+", default=["standard", "maximum", "ludii"], help="(known)")
    parser.add_argument("--source", default="/work/tables-mosona6")
    parser.add_argument("--snapshot", default="/tmp/proof-mosona-snapshot")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--leaves", type=int, default=5)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--material", default="5v6", help="pieces of the side to move v the other's (sample)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--each", type=float, default=10.0, help="seconds per question (sample)")
    parser.add_argument(
        "--leaves-without",
        default="",
        help="a class (and its mirror) the leaves leave out, e.g. 6v6 (sample)",
    )
    parser.add_argument(
        "--deeper-without",
        default="",
        help="answer each question again without this class's leaves, and compare (sample)",
    )
    parser.add_argument("--question", default="draw", choices=("win", "draw"))
    parser.add_argument("--seconds", type=float, default=1200.0)
    parser.add_argument("--memory-mb", type=float, default=6144.0)
    args = parser.parse_args()
    if args.what != "known":  # known solves its own board: it reads no Mosona table
        linked = snapshot(Path(args.source), Path(args.snapshot))
        print(f"classes linked from {args.source}: {' '.join(linked)}")
    {"sample": run_sample, "start": run_start, "known": run_known}[args.what](args, Path(args.snapshot))


if __name__ == "__main__":
    main()
