"""A class league at full size: 30 players on Mosona, every pair twice (435 pairs, 870 games).

Usage::

    python benchmarks/league.py                                  # 30 players: beginner, casual, club
    python benchmarks/league.py --levels beginner casual club strong --jobs 2
    python benchmarks/league.py --players 8 --save league.json  # a smaller league; keep the results
    python benchmarks/league.py --save league.json --no-journal  # saved only at the end, as before the journal
    python benchmarks/league.py --files benchmarks/players       # students' files: 30 copies of these
    python benchmarks/league.py --files benchmarks/players --compare-confinement  # confined and not, in one run

The built-in levels stand in for students' players (each is a Contestant
run in a process of its own, exactly as a student's file would be), named
``casual-07`` and so on, each with its own seed. The script prints the
wall time, the players' own thinking time (measured inside their processes),
and what is left, the league's cost: starting processes, sending positions
and moves, checking every move, keeping the records. It also prints the
machine's load average before and after, since other work on the machine
slows the league down. With ``--save``, the league keeps each game in its
journal as it ends (``run_league(save_to=...)``); the script prints the time
that took (serialising, signing, writing and fsync-ing each game's line),
the time of the final signed whole-file write, the file's size, and the time
``LeagueResults.load`` takes to read it back.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from awithlaknannai.league import Contestant, LeagueGame, LeagueResults, run_league, sandbox
from awithlaknannai.league import journal
from awithlaknannai.league import results as league_results
from awithlaknannai.league import tournament as league


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=30, help="how many players (default 30)")
    parser.add_argument(
        "--levels",
        nargs="+",
        default=["beginner", "casual", "club"],
        help="levels the players cycle through (default beginner casual club)",
    )
    parser.add_argument(
        "--files",
        metavar="FOLDER",
        help="players from the .py files in FOLDER, cycled like --levels (e.g. benchmarks/players: "
        "notebook 08's template, Idea 1, Idea 1 with mobility)",
    )
    parser.add_argument("--variant", default="mosona")
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument(
        "--jobs", type=int, default=1, help="games at once (default 1: at most 2 player processes alive)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--save", help="save the results (JSON) here: run_league(save_to=...), journal and all"
    )
    parser.add_argument(
        "--compare-confinement",
        action="store_true",
        help="play the league twice, with each player file's process confined (Landlock, "
        "seccomp, limits) and without (trusted=True on a machine told it cannot confine), "
        "and print the confinement's cost",
    )
    parser.add_argument(
        "--no-journal",
        action="store_true",
        help="with --save: save only once the league is over (results.save), to compare",
    )
    args = parser.parse_args()

    if args.files:
        files = sorted(path for path in Path(args.files).glob("*.py") if not path.name.startswith("_"))
        players = [
            Contestant.from_file(files[i % len(files)], name=f"{files[i % len(files)].stem}-{i + 1:02d}")
            for i in range(args.players)
        ]
        kinds = " ".join(path.stem for path in files)
    else:
        players = [
            Contestant.builtin(
                args.levels[i % len(args.levels)],
                name=f"{args.levels[i % len(args.levels)]}-{i + 1:02d}",
                seed=i,
            )
            for i in range(args.players)
        ]
        kinds = " ".join(args.levels)
    starts = [0]
    original_start = sandbox.PlayerProcess.start

    def counted_start(self: sandbox.PlayerProcess) -> None:
        starts[0] += 1
        original_start(self)

    sandbox.PlayerProcess.start = counted_start  # type: ignore[method-assign]
    journal_seconds = [0.0, 0]
    final_seconds = [0.0]
    original_add, original_write = journal._Journal.add, league.write_text_file
    original_sign = league_results.LeagueResults._signed_json

    def timed_add(self: journal._Journal, game: LeagueGame) -> None:
        started = time.perf_counter()
        original_add(self, game)
        journal_seconds[0] += time.perf_counter() - started
        journal_seconds[1] += 1

    def timed_write(*args: object, **kwargs: object) -> None:
        started = time.perf_counter()
        original_write(*args, **kwargs)  # type: ignore[arg-type]
        final_seconds[0] += time.perf_counter() - started

    def timed_sign(self: league_results.LeagueResults) -> str:
        started = time.perf_counter()
        text = original_sign(self)
        final_seconds[0] += time.perf_counter() - started
        return text

    journal._Journal.add = timed_add  # type: ignore[method-assign]
    league_results.LeagueResults._signed_json = timed_sign  # type: ignore[method-assign]
    league.write_text_file = timed_write  # type: ignore[assignment]
    save_to = args.save if args.save and not args.no_journal else None

    def play_league(save_to: str | None) -> LeagueResults:
        """The benchmark's league, saved to ``save_to`` as it goes (None: not saved)."""
        return run_league(
            players,
            args.variant,
            games_per_pair=args.games_per_pair,
            time_limit=args.time_limit,
            seed=args.seed,
            jobs=args.jobs,
            progress=False,
            title="Benchmark league",
            save_to=save_to,
            trusted=True,
        )

    load_before = os.getloadavg()
    wall = time.perf_counter()
    cpu = time.process_time()
    results = play_league(save_to)
    wall = time.perf_counter() - wall
    unconfined_wall = None
    if args.compare_confinement:
        os.environ["AWITHLAKNANNAI_NO_CONFINEMENT"] = "1"
        try:
            unconfined_wall = time.perf_counter()
            unconfined = play_league(None)
            unconfined_wall = time.perf_counter() - unconfined_wall
        finally:
            del os.environ["AWITHLAKNANNAI_NO_CONFINEMENT"]
        same = [g.moves for g in unconfined.games] == [g.moves for g in results.games]
    cpu = time.process_time() - cpu
    load_after = os.getloadavg()
    if args.save and args.no_journal:
        started = time.perf_counter()
        results.save(args.save)
        final_seconds[0] = time.perf_counter() - started

    games = results.games
    moves = sum(len(g.moves) for g in games)
    thinking = sum(sum(g.seconds) for g in games)
    by_reason: dict[str, int] = {}
    for g in games:
        by_reason[g.reason] = by_reason.get(g.reason, 0) + 1
    pairs = args.players * (args.players - 1) // 2
    source = f"--files {args.files}" if args.files else f"--levels {' '.join(args.levels)}"
    print(
        f"$ python benchmarks/league.py --players {args.players} {source} "
        f"--variant {args.variant} --games-per-pair {args.games_per_pair} --time-limit {args.time_limit:g} "
        f"--jobs {args.jobs} --seed {args.seed}"
    )
    print(
        f"machine: {os.cpu_count()} cores; load average before {load_before[0]:.2f} {load_before[1]:.2f} "
        f"{load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} (1, 5, 15 min)"
    )
    print(f"players: {kinds}")
    print(
        f"league: {args.players} players, {pairs} pairs, {len(games)} games, {moves:,} moves "
        f"({moves / len(games):.1f} a game)"
    )
    print(f"wall time: {wall:.1f} s ({wall / 60:.1f} min); games at once: {args.jobs}")
    print(f"players' thinking time (the league's clock, from question to answer): {thinking:.1f} s")
    overhead = wall * args.jobs - thinking
    print(
        f"league overhead (wall x jobs - thinking): {overhead:.1f} s, {1000 * overhead / moves:.2f} ms a move; "
        f"the league's own process used {cpu:.1f} s of CPU"
    )
    print(f"player processes started: {starts[0]} ({starts[0] / len(games):.2f} a game)")
    if unconfined_wall is not None:
        print(
            f"confined (Landlock, seccomp, limits): {wall:.1f} s; unconfined: {unconfined_wall:.1f} s; "
            f"the confinement costs {100 * (wall / unconfined_wall - 1):+.1f}% "
            f"(same games both times: {'yes' if same else 'no'})"
        )
    if args.save:
        started = time.perf_counter()
        loaded = LeagueResults.load(args.save)
        load_seconds = time.perf_counter() - started
        assert loaded.to_record() == results.to_record()
        if journal_seconds[1]:
            print(
                f"journal: {journal_seconds[1]} games written and fsync-ed in {journal_seconds[0]:.2f} s "
                f"({1000 * journal_seconds[0] / journal_seconds[1]:.2f} ms a game, "
                f"{100 * journal_seconds[0] / wall:.2f}% of the wall time)"
            )
        print(
            f"results file: {os.path.getsize(args.save) / 2**20:.2f} MB, made, signed, written and fsync-ed in "
            f"{final_seconds[0]:.2f} s; LeagueResults.load (signature checked, every game replayed): "
            f"{load_seconds:.2f} s"
        )
    print(
        f"forfeits: {len(results.forfeits())}; end reasons: "
        + ", ".join(f"{reason} {count}" for reason, count in sorted(by_reason.items(), key=lambda x: -x[1]))
    )
    print()
    print("\n".join(results.standings().to_text().splitlines()[:6] + ["..."]))


if __name__ == "__main__":
    main()
