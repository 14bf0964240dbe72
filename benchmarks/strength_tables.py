"""The classroom levels judged by perfect play: do they keep a won position won, a drawn one drawn?

Usage::

    AWITHLAKNANNAI_CACHE=DIR python benchmarks/strength_tables.py            # Mosona tables up to 4 a side in DIR
    python benchmarks/strength_tables.py --tables DIR --positions 100 --games 20
    python benchmarks/strength_tables.py --tables DIR --groups "5 a side" --no-ladder   # tables up to 5 a side

The judge is the solved Mosona endgame tables (standard rules, up to 4
pieces a side; build them once with ``python benchmarks/solve_big.py
--variant mosona --max-pieces 4 --cache DIR``, about 4 minutes and 3 GB).
Positions are drawn at random from the material classes (each class
equally often, each position of a class equally likely, White to move, no
quiet turns), and kept when the tables say the side to move wins (or
draws) *and* some legal move would throw that away: a position where every
move keeps the result tests nothing. Each level then chooses one move in
each position, with its classroom settings (``player_for_level``); the move
keeps the win if the tables still give the mover a win after it (at any
distance), and keeps the draw if the mover does not then lose.

The groups are the classes up to 3 a side, those with 4 pieces on one side
(and at most 4 on the other), and those with 5 on one side and at most 5 on
the other (``--groups "5 a side"``: the judge then needs the tables up to 5
a side, ``--max-pieces 5``, hours and many GB to build).

The strong level plays positions that tables cover perfectly; it is judged
three ways: with every table of the judge in its cache (perfect by
construction), with only the small classes it solves on the spot in a
classroom without a cache (up to 2 a side on Mosona), and by its search
alone (``endgames=False``); with a judge of 5 a side, also with the tables up
to 4 a side, the cache the documented build gives.

A second table plays matches between adjacent levels (colours alternating,
a few random opening turns), to show that each level stays itself.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from awithlaknannai import Position, get_variant
from awithlaknannai.tables.solver import EndgameTables, solve_endgames
from awithlaknannai.players import player_for_level, run_match
from awithlaknannai.players.endgames import EndgameProbe

LEVELS = ("beginner", "casual", "club", "strong")
GROUPS = {
    "<= 3 a side": [(a, b) for a in range(1, 4) for b in range(1, 4)],
    "4 a side": [(a, b) for a in range(1, 5) for b in range(1, 5) if max(a, b) == 4],
    "5 a side": [(a, b) for a in range(1, 6) for b in range(1, 6) if max(a, b) == 5],
}
_WIN, _DRAW = 4, 2


@dataclass
class Sample:
    """Positions of one group, with the moves that keep their result."""

    won: list[tuple[Position, frozenset[str]]]
    drawn: list[tuple[Position, frozenset[str]]]


def judge_tables(cache: Path, most: int = 4) -> EndgameTables:
    """The Mosona standard tables up to ``most`` a side, read from ``cache`` (refused if a class is missing)."""
    variant = get_variant("mosona", "standard")
    tables = EndgameTables(variant, most, cache)
    span = range(1, most + 1)
    missing = [f"{a}v{b}" for a in span for b in span if tables.table(a, b) is None]
    if missing:
        raise SystemExit(
            f"the judge's tables are not all in {cache} (missing {', '.join(missing)}); build them with "
            f"python benchmarks/solve_big.py --variant mosona --max-pieces {most} --cache {cache}"
        )
    return tables


def has_classes(cache: Path, most: int) -> bool:
    """Whether ``cache`` holds every Mosona standard class up to ``most`` a side."""
    tables = EndgameTables(get_variant("mosona", "standard"), most, cache)
    span = range(1, most + 1)
    return all(tables.table(a, b) is not None for a in span for b in span)


def sample(tables: EndgameTables, classes: list[tuple[int, int]], count: int, seed: int) -> Sample:
    """``count`` critical won and drawn positions of the classes (see the module text)."""
    variant = tables.variant
    points = list(variant.points)
    rng = random.Random(seed)
    won: list[tuple[Position, frozenset[str]]] = []
    drawn: list[tuple[Position, frozenset[str]]] = []
    tries = 0
    while (len(won) < count or len(drawn) < count) and tries < 400 * count:
        tries += 1
        mine, theirs = classes[rng.randrange(len(classes))]
        chosen = rng.sample(points, mine + theirs)
        pieces = {p: "w" for p in chosen[:mine]} | {p: "b" for p in chosen[mine:]}
        position = Position.from_pieces(variant, pieces)
        if position.is_terminal():
            continue
        value = tables.value(position)
        ranked = tables.evaluate_moves(position)
        if value.outcome == "win" and not value.stand_in and len(won) < count:
            keeping = frozenset(str(m) for m, v in ranked if v.outcome == "win")
            if len(keeping) < len(ranked):
                won.append((position, keeping))
        elif value.outcome == "draw" and len(drawn) < count:
            keeping = frozenset(str(m) for m, v in ranked if v.outcome != "loss")
            if len(keeping) < len(ranked):
                drawn.append((position, keeping))
    return Sample(won, drawn)


def kept(player, positions: list[tuple[Position, frozenset[str]]]) -> tuple[float, list[float]]:
    """The share of positions where ``player`` keeps the result, and its seconds a move."""
    good = 0
    times = []
    for i, (position, keeping) in enumerate(positions):
        player.reset(i)
        began = time.perf_counter()
        move = player.choose_move(position)
        times.append(time.perf_counter() - began)
        good += str(move) in keeping
    return good / max(1, len(positions)), times


def players(variant, tables: EndgameTables) -> list[tuple[str, object]]:
    """The levels as classrooms have them, and the strong level three ways (see the module text).

    With a judge beyond 4 a side, the strong level is judged a fourth way:
    with the tables up to 4 a side that the documented cache build gives.
    """
    judged = EndgameProbe(variant, [tables])
    with tempfile.TemporaryDirectory() as empty:
        saved = os.environ.get("AWITHLAKNANNAI_CACHE")
        os.environ["AWITHLAKNANNAI_CACHE"] = empty  # a classroom without a table cache
        try:
            small = [solve_endgames(variant, 2, cache_dir=False, allow_long=True)]
        finally:
            if saved is None:
                os.environ.pop("AWITHLAKNANNAI_CACHE")
            else:
                os.environ["AWITHLAKNANNAI_CACHE"] = saved
    classroom = EndgameProbe(variant, small)
    out: list[tuple[str, object]] = [(level, player_for_level(level)) for level in LEVELS[:3]]
    probes: list[tuple[str, object]] = [(f"strong, tables <= {tables.max_pieces} a side", judged)]
    if tables.max_pieces > 4:
        four = EndgameTables(variant, 4, tables.cache_dir)
        probes.append(("strong, tables <= 4 a side", EndgameProbe(variant, [four])))
    probes += [("strong, classroom (<= 2 a side)", classroom), ("strong, search only", False)]
    for label, probe in probes:
        player = player_for_level("strong")
        player.endgames = probe
        out.append((label, player))
    return out


def strength_rows(tables: EndgameTables, count: int, seed: int, say=print, groups=None) -> None:
    """Print the keep-the-win and keep-the-draw table (``groups``: names of ``GROUPS``, all by default).

    A group's sample depends on its name's place in ``GROUPS`` and ``seed``
    only, so judging one group alone draws the same positions as judging it
    with the others.
    """
    variant = tables.variant
    chosen = list(GROUPS) if groups is None else list(groups)
    samples = {
        group: sample(tables, GROUPS[group], count, seed + list(GROUPS).index(group)) for group in chosen
    }
    say(
        f"{'level':<32}"
        + "".join(f" {group + ' won':>17} {group + ' drawn':>19}" for group in chosen)
        + f" {'s/move mean':>12} {'max':>6}"
    )
    for label, player in players(variant, tables):
        cells = []
        times: list[float] = []
        for group in chosen:
            for width, positions in ((17, samples[group].won), (19, samples[group].drawn)):
                share, spent = kept(player, positions)
                times += spent
                cells.append(f" {f'{100 * share:.1f}% of {len(positions)}':>{width}}")
        say(f"{label:<32}{''.join(cells)} {statistics.mean(times):>12.3f} {max(times):>6.2f}")


def ladder_rows(games: int, seed: int, say=print) -> None:
    """Matches between adjacent levels: how much each scores against the next."""
    say(f"{'level':<10} {'against':<10} {'wins':>5} {'draws':>6} {'losses':>7} {'score':>7}")
    for k, (weaker, stronger) in enumerate(zip(LEVELS, LEVELS[1:])):
        result = run_match(
            player_for_level(weaker),
            player_for_level(stronger),
            games=games,
            variant="mosona",
            rules="standard",
            seed=seed + k,
            progress=False,
            opening_turns=4,
            allow_long=True,
        )
        won, drawn, lost = result.wins("A"), result.draws(), result.losses("A")
        say(
            f"{weaker:<10} {stronger:<10} {won:>5} {drawn:>6} {lost:>7} {100 * (won + drawn / 2) / games:>6.1f}%"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tables",
        default=os.environ.get("AWITHLAKNANNAI_CACHE"),
        help="the cache folder holding Mosona's tables up to 4 a side (5 a side for --groups with 5)",
    )
    parser.add_argument(
        "--groups",
        default="<= 3 a side,4 a side",
        help=f"comma-separated groups to judge, of: {', '.join(GROUPS)} (default: the first two)",
    )
    parser.add_argument("--no-ladder", action="store_true", help="skip the matches between levels")
    parser.add_argument("--positions", type=int, default=150, help="won and drawn positions per group")
    parser.add_argument("--games", type=int, default=40, help="games per pairing of adjacent levels")
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args(argv)
    if not args.tables:
        raise SystemExit("give --tables DIR (or set AWITHLAKNANNAI_CACHE)")
    groups = [group.strip() for group in args.groups.split(",") if group.strip()]
    unknown = [group for group in groups if group not in GROUPS]
    if unknown or not groups:
        raise SystemExit(f"unknown groups {unknown}; choose from {', '.join(GROUPS)}")
    most = max(max(a, b) for group in groups for a, b in GROUPS[group])
    tables = judge_tables(Path(args.tables), max(4, most))
    strength_rows(tables, args.positions, args.seed, groups=groups)
    if not args.no_ladder:
        print()
        ladder_rows(args.games, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
