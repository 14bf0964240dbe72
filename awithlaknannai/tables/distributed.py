"""Endgame tables built by several processes at once, with MPI (mpi4py): one block of each pair a process.

The same retrograde analysis as :func:`~awithlaknannai.tables.solver.solve_endgames`,
on the same framework-free block functions (:mod:`~awithlaknannai.tables.blocks`):
each process (an MPI *rank*) owns a contiguous block of the pair being solved
and keeps its state; at every level each rank finds its decided positions,
computes their quiet predecessors, and sends each predecessor index to the
rank that owns it (one ``Alltoallv`` of ``int64`` indices, with the orbit
weights when moves are counted); the owners apply them. Solved classes are
written by rank 0 into the ordinary table cache, byte for byte the files the
single-machine build writes, and every rank reads the classes that captures
lead to from there (memory-mapped).

Why MPI and not Ray: see ``benchmarks/DISTRIBUTED.md``. In short, the build
is bulk-synchronous (a few hundred levels a pair, each an all-to-all
exchange of index arrays), which is what MPI's collectives do, in
microseconds and without copies through an object store; Ray's actors would
add a millisecond round trip per block and level and a second copy of every
exchanged array, for restarts and spilling that the table cache (a finished
pair is never built again) makes less needed.

Install the engine with the ``distributed`` extra (``pip install
"awithlaknannai[distributed]"``: mpi4py and MPICH from PyPI), then::

    mpiexec -n 4 python -m awithlaknannai.tables.distributed --variant mosona --max-pieces 5 --cache DIR
    mpiexec -n 2 python -m awithlaknannai.tables.distributed --variant zuni-5 --game --cache DIR

or, from Python, :func:`run_local` (starts ``mpiexec`` on this machine).
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite); the build runs on the array solver's blocks
    from ..errors import missing_package

    raise missing_package("awithlaknannai.tables.distributed (the table build on MPI)", "numpy") from None

from ..errors import missing_package, shown
from ..limits import whole_number
from ..variants import Color, Variant, get_variant
from . import blocks
from .blocks import UNDECIDED, Block, Pair, StandIn
from .solver_core import DRAW
from .symmetry import SymmetricIndex, board_symmetries
from .tablefile import ClassTable, PlainIndex, _cache_path, _count_positions
from .ranks import MAX_POINTS, RankBoard

__all__ = ["build", "engine_missing", "main", "mpiexec_path", "run_local"]


def engine_missing() -> str | None:
    """Why the distributed build cannot run here (the missing piece), or ``None`` when it can."""
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return "mpi4py is not installed (pip install 'awithlaknannai[distributed]')"
    if mpiexec_path() is None:
        return "no mpiexec found beside Python or on PATH (pip install 'awithlaknannai[distributed]' brings MPICH's)"
    return None


def mpiexec_path() -> str | None:
    """The ``mpiexec`` beside this Python (the ``mpich`` wheel puts it there), else on ``PATH``."""
    here = os.path.dirname(sys.executable)
    return shutil.which("mpiexec", path=here) or shutil.which("mpiexec")


def run_local(
    variant: str,
    cache_dir: str | os.PathLike[str],
    *,
    processes: int = 2,
    max_pieces: int | None = None,
    rules: str = "standard",
    timeout: float = 3600.0,
) -> str:
    """Build tables with ``processes`` MPI ranks on this machine; return what rank 0 printed.

    ``max_pieces=None`` solves the whole game. Raises ``RuntimeError``
    with the output when the build fails.
    """
    whole_number("processes", processes, 1, 64)
    problem = engine_missing()
    launcher = mpiexec_path()
    if problem or launcher is None:
        raise RuntimeError(problem)
    command = [
        launcher,
        "-n",
        str(processes),
        sys.executable,
        "-m",
        "awithlaknannai.tables.distributed",
        "--variant",
        variant,
        "--rules",
        rules,
        "--cache",
        os.fspath(cache_dir),
    ]
    command += (
        ["--game"] if max_pieces is None else ["--max-pieces", str(whole_number("max_pieces", max_pieces, 1))]
    )
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode:
        raise RuntimeError(f"mpiexec exited with {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


# --- the exchange -------------------------------------------------------------------------------


class _Exchange:
    """Sends index arrays (and payloads) to the ranks owning them: one ``Alltoallv`` per array."""

    def __init__(self, comm: object, bounds: np.ndarray) -> None:
        self.comm, self.bounds = comm, bounds
        self.ranks = comm.Get_size()  # type: ignore[attr-defined]

    def __call__(self, targets: np.ndarray, *payload: np.ndarray) -> list[np.ndarray]:
        owner = np.searchsorted(self.bounds, targets, side="right") - 1
        order = np.argsort(owner, kind="stable")
        send = np.bincount(owner, minlength=self.ranks).astype(np.int64)
        receive = np.empty(self.ranks, dtype=np.int64)
        self.comm.Alltoall(send, receive)  # type: ignore[attr-defined]
        send_at = np.concatenate([[0], np.cumsum(send)[:-1]])
        receive_at = np.concatenate([[0], np.cumsum(receive)[:-1]])
        out = []
        for array in (targets, *payload):
            ordered = np.ascontiguousarray(array[order])
            got = np.empty(int(receive.sum()), dtype=ordered.dtype)
            self.comm.Alltoallv([ordered, (send, send_at)], [got, (receive, receive_at)])  # type: ignore[attr-defined]
            out.append(got)
        return out


def _rounds(comm: object, local: int) -> int:
    from mpi4py import MPI

    return int(comm.allreduce(local, op=MPI.MAX))  # type: ignore[attr-defined]


def _chunks(positions: np.ndarray) -> list[np.ndarray]:
    step = blocks.CHUNK // 8
    return [positions[i : i + step] for i in range(0, positions.size, step)]


def _routed(
    comm: object,
    exchange: _Exchange,
    pair: Pair,
    positions: np.ndarray,
    weighted: bool,
    apply: Callable[[np.ndarray, np.ndarray | None], None],
) -> None:
    """Expand ``positions`` chunk by chunk, send the predecessors to their owners, apply what arrives."""
    parts = _chunks(positions)
    for number in range(_rounds(comm, len(parts))):
        part = parts[number] if number < len(parts) else positions[:0]
        targets, weights = blocks.expand(pair, part, weighted)
        if weights is not None:
            got_targets, got_weights = exchange(targets, weights)
            apply(got_targets, got_weights)
        else:
            apply(exchange(targets)[0], None)


# --- one pair ---------------------------------------------------------------------------------


def solve_pair(
    comm: object, variant: Variant, a: int, b: int, lookup: blocks.ChildLookup, board: object
) -> tuple[Pair, Block, np.ndarray]:
    """Solve a pair with this rank's block; returns the pair, the block and the blocks' bounds."""
    from mpi4py import MPI

    pair = Pair(variant, a, b, board, board_symmetries(variant))  # type: ignore[arg-type]
    ranks, rank = comm.Get_size(), comm.Get_rank()  # type: ignore[attr-defined]
    bounds = np.array([pair.size * r // ranks for r in range(ranks + 1)], dtype=np.int64)
    block = Block(pair, int(bounds[rank]), int(bounds[rank + 1]))
    exchange = _Exchange(comm, bounds)
    blocks.forward(block, lookup)
    level = 0
    horizon = comm.allreduce(block.horizon, op=MPI.MAX)  # type: ignore[attr-defined]
    while level <= horizon:
        frontier = block.frontier(level)
        _routed(
            comm,
            exchange,
            pair,
            frontier,
            bool(level & 1),
            functools.partial(block.apply, level),
        )
        level += 1
        horizon = comm.allreduce(block.horizon, op=MPI.MAX)  # type: ignore[attr-defined]
    if variant.rules.no_capture_result == "more_pieces":
        _stand_in(comm, exchange, block)
    else:
        block.value[block.value == UNDECIDED] = DRAW
    _fill_holes(exchange, pair, block)
    return pair, block, bounds


def _stand_in(comm: object, exchange: _Exchange, block: Block) -> None:
    from mpi4py import MPI

    pair = block.pair
    phase = StandIn(block)
    _routed(comm, exchange, pair, phase.rest_positions(), True, phase.count)  # type: ignore[arg-type]

    def attractor(target: int, reacher: np.ndarray) -> None:
        r_front, o_front = phase.start(target, reacher)
        depth = 1
        while comm.allreduce(int(r_front.size + o_front.size), op=MPI.SUM):  # type: ignore[attr-defined]
            from_r, weights = blocks.expand(pair, r_front, True)
            from_r, weights = exchange(from_r, weights)  # type: ignore[arg-type]
            from_o = exchange(blocks.expand(pair, o_front, False)[0])[0]
            r_front, o_front = phase.step(depth, from_r, weights, from_o)
            depth += 1

    phase.run(attractor)


def _fill_holes(exchange: _Exchange, pair: Pair, block: Block) -> None:
    """Holes take their canonical twin's value, wherever the twin lives: ask its owner, get the answer."""
    holes, twins = blocks.hole_twins(pair, block.value, block.lo)
    rank = exchange.comm.Get_rank()  # type: ignore[attr-defined]
    asked, asker, hole = exchange(twins, np.full(twins.size, rank, dtype=np.int64), holes)
    answer = block.value[asked - block.lo]
    # Back to the asking rank: route by its number, as an index in a block of one per rank.
    by_rank = _Exchange(exchange.comm, np.arange(exchange.ranks + 1, dtype=np.int64))
    _, hole, answer = by_rank(asker, hole, answer)
    block.value[hole - block.lo] = answer


# --- the whole build -----------------------------------------------------------------------------


def build(
    variant: Variant, max_pieces: int, cache_dir: Path, say: Callable[[str], None] | None = None
) -> None:
    """Build every class up to ``max_pieces`` a side with the ranks of ``MPI.COMM_WORLD`` (all call this)."""
    from mpi4py import MPI

    from . import solver

    comm = MPI.COMM_WORLD
    rank = comm.Get_rank()
    say = say if rank == 0 else None
    tables = solver.EndgameTables(variant, max_pieces, cache_dir)
    board = RankBoard(variant)
    n = variant.tables.size
    for a, b in solver._material_pairs(max_pieces, n):
        members = [(a, b)] if a == b else [(a, b), (b, a)]
        cached = None
        if rank == 0:
            loaded = solver._load_pair(tables, members, say or (lambda line: None))
            cached = len(loaded) == len(members)
            if cached:
                for cls in members:
                    report = solver.ClassReport.count(*cls, loaded[cls], 0.0, "cache")
                    if say:
                        say(solver._report_line(report))
        if comm.bcast(cached, root=0):
            continue
        started = time.perf_counter()
        pair, block, _ = solve_pair(comm, variant, a, b, tables._lookup, board)
        seconds = comm.allreduce(time.perf_counter() - started, op=MPI.MAX)
        for k, cls in enumerate(pair.classes):
            table = _gather_class(comm, pair, block, k, tables._index(*cls))
            if table is not None:  # rank 0
                tables._store(*cls, table)
                if say:
                    say(solver._report_line(solver.ClassReport.count(*cls, table, seconds, "solved")))
            comm.Barrier()  # the file is there before any rank looks for it
        del block


def _gather_class(
    comm: object, pair: Pair, block: Block, k: int, index: PlainIndex | SymmetricIndex
) -> ClassTable | None:
    """Class ``k`` of the pair on rank 0, palette-coded as the single-machine build codes it."""
    from mpi4py import MPI

    start, stop = pair.offsets[k], pair.offsets[k] + pair.index(pair.classes[k]).size
    lo, hi = max(start, block.lo), min(stop, block.hi)
    mine = block.value[lo - block.lo : hi - block.lo] if lo < hi else block.value[:0]
    present = np.bincount(mine, minlength=1 << 16) > 0
    everywhere = np.zeros_like(present)
    comm.Allreduce(present, everywhere, op=MPI.LOR)  # type: ignore[attr-defined]
    palette = np.flatnonzero(everywhere).astype(np.uint16)
    lookup = np.zeros(1 << 16, dtype=np.uint8 if palette.size <= 256 else np.uint16)
    lookup[palette] = np.arange(palette.size)
    coded = np.ascontiguousarray(lookup[mine])
    counts = np.zeros(1 << 16, dtype=np.int64)
    for code, number in _count_positions(ClassTable(index, palette, coded), max(lo, start) - start).items():
        counts[code] = number
    total = np.zeros_like(counts)
    comm.Allreduce(counts, total, op=MPI.SUM)  # type: ignore[attr-defined]
    sizes = comm.gather(int(coded.size), root=0)  # type: ignore[attr-defined]
    if comm.Get_rank() != 0:  # type: ignore[attr-defined]
        comm.Gatherv(coded, None, root=0)  # type: ignore[attr-defined]
        return None
    sizes = np.array(sizes, dtype=np.int64)
    body = np.empty(int(sizes.sum()), dtype=coded.dtype)
    comm.Gatherv(coded, [body, (sizes, np.concatenate([[0], np.cumsum(sizes)[:-1]]))], root=0)  # type: ignore[attr-defined]
    return ClassTable(index, palette, body, {int(c): int(total[c]) for c in palette if total[c]})


# --- command line (run under mpiexec) -------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m awithlaknannai.tables.distributed",
        description="Build endgame tables with MPI (run under mpiexec).",
    )
    parser.add_argument("--variant", default="mosona")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--max-pieces", type=int, default=3)
    parser.add_argument("--game", action="store_true", help="every class up to the start material")
    parser.add_argument("--cache", required=True, help="the table folder (shared by every rank)")
    args = parser.parse_args(argv)
    # Every argument is checked before anything starts, each refusal one line (argparse's usage and error).
    try:
        variant = get_variant(args.variant, args.rules)
        start = variant.start
        most = (
            max(start.count(Color.WHITE), start.count(Color.BLACK))
            if args.game
            else whole_number("--max-pieces", args.max_pieces, 1, variant.tables.size)
        )
        cache = _cache_path(args.cache, "--cache")
    except ValueError as error:
        parser.error(str(error).splitlines()[0][:500])
    if variant.tables.size > MAX_POINTS or variant.shrink is not None:
        parser.error(f"the distributed build takes boards of up to {MAX_POINTS} points that do not shrink")
    if cache.exists() and not cache.is_dir():
        parser.error(f"--cache {shown(str(cache))} is a file, not a folder")
    try:
        from mpi4py import MPI
    except ImportError:
        parser.exit(
            1,
            f"{parser.prog}: error: "
            f"{missing_package('the distributed build', 'mpi4py', 'and run it under mpiexec')}\n",
        )
    rank = MPI.COMM_WORLD.Get_rank()
    started, cpu = time.perf_counter(), time.process_time()
    build(variant, most, cache, lambda line: print(line, flush=True))
    cpu = MPI.COMM_WORLD.allreduce(time.process_time() - cpu, op=MPI.SUM)
    if rank == 0:
        print(
            f"== {variant.name} rules {args.rules}, up to {most} a side, {MPI.COMM_WORLD.Get_size()} ranks: "
            f"wall {time.perf_counter() - started:.1f} s, CPU {cpu:.1f} s (all ranks)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
