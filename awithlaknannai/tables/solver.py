"""Exact endgame tables: who wins with perfect play, and how quickly.

The solver works backwards from the end of the game (*retrograde
analysis*). Captures can never be undone, so the positions are split into
*material classes* by the number of pieces on each side; a class depends
only on classes with fewer pieces, and inside a class the quiet moves are
solved by a fixpoint. :mod:`awithlaknannai.tables.solver_core` holds the
loops; this module holds what people use:

* :func:`solve_endgames` -- every position with up to ``max_pieces`` pieces
  a side, with won / lost / drawn counts per class and build times;
* :func:`solve_game` -- every position a variant's game can reach (the full
  solution of a small board such as ``zuni-4``);
* :class:`EndgameTables` -- values (:class:`Value`) and optimal moves of
  covered positions; :func:`best_moves` -- the hint a widget asks for;
* :class:`PerfectPlayer` -- a player that never misses a win;
* ``python -m awithlaknannai solve`` -- :mod:`.solver_cli` prints what it builds.

What "perfect play" means here
------------------------------
The solver plays the game the rules define, *without* the two stand-ins for
"no capture is possible any more" (the quiet-turn limit and repetition),
which depend on the history rather than the position:

* A game that would go on for ever without ending is scored as the rules'
  ``no_capture_result`` says. With ``"draw"`` (presets *standard* and
  *ludii*) it is a draw: exactly the encyclopedia's "no capture possible
  any more: draw". With ``"more_pieces"`` (preset *maximum*) every endless
  game eventually keeps one material forever, and it is won by the side
  that has more pieces then (equal material: a draw). Such results are
  marked ``stand_in``; the side that must capture to change the result is
  told how many plies it needs.
* Wins and losses at a finite distance count *plies* (single turns) to the
  end of the game. The winner takes the quickest win, the loser delays as
  long as he can. A real game also ends after ``quiet_turn_limit`` turns
  without a capture; a table win with a longer quiet stretch than that
  would become a stand-in ending in a real game. :attr:`ClassReport.longest`
  shows how long the longest wins are.
* Values are seen from the side to move. Pieces move alike in every
  direction and both sides follow the same rules, so colours do not matter:
  one table entry serves White to move and Black to move.

Tables: one entry per symmetry class
------------------------------------
A class's table holds one entry per orbit of the board's symmetries
(:mod:`~awithlaknannai.tables.symmetry`: Mosona's mirrors and half turn
divide it by almost 4), palette-coded in 1 byte an entry
(:mod:`~awithlaknannai.tables.tablefile`); lookups canonicalise the
position first. :meth:`EndgameTables.codes` still lists a (small) class in
the plain order of :func:`~awithlaknannai.tables.solver_core.class_keys`.
Each code is ``distance << 3 | category`` (see
:mod:`~awithlaknannai.tables.solver_core`).

On-disk cache
-------------
Solved classes are cached under ``$AWITHLAKNANNAI_CACHE`` or else
``$XDG_CACHE_HOME/awithlaknannai`` (default ``~/.cache/awithlaknannai``), in
``endgames/<variant>-<board>/<rules>/``: ``AvB.tbl`` (the codes) and
``AvB.wdl`` (who wins, 2 bits an entry), both read through a memory map.
Each begins with one line of JSON: ``format`` (``"awithlaknannai-endgame-table"``),
``format_version``, ``solver_version``, ``variant``, ``rules`` (the rules
text, without the quiet-turn and repetition limits, which the tables ignore),
``board`` (a SHA-256 fingerprint of the points, steps and leaps), ``points``,
``class`` (``[mover pieces, opponent pieces]``), ``entries``, ``positions``,
``symmetry`` (a digest of the symmetries used), ``typecode``, ``byteorder``,
the ``palette`` and ``counts`` of the codes, and the ``crc32`` of the body. A
file whose header or body does not match what this version of the solver
would write is never used: the class is rebuilt and the file replaced, and
the reason is reported. Nothing is shipped with the package; tables are
built on demand.

Examples
--------
A sacrifice on the 10-point board ``zuni-3``: the step T1-M1 forces Black's
B0 to jump it, and White's T0 then takes both black pieces in one turn.

>>> from awithlaknannai import Position
>>> tables = solve_endgames("zuni-3", max_pieces=2, cache_dir=False)
>>> p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
>>> print(tables.value(p))
win in 2 moves (3 plies)
>>> tables.best_moves(p)
[(Move('T1-M1'), Value(outcome='win', plies=3, stand_in=False))]
>>> PerfectPlayer(tables).choose_move(p.play("T1-M1").play("B0xT1"))
Move('T0xT2xB2')
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite) has none: the pure-Python solver does all the work
    np = None  # type: ignore[assignment]

from ..errors import GameOverError, missing_package, shown
from ..limits import check_long_job, flag, whole_number
from ..position import Move, Position, generate_raw
from ..rules import Rules, refuse_unfollowed
from ..variants import Color, Variant
from . import solver_core as core
from .costs import (
    ARRAY_MAX_POINTS,
    array_solver_fits,
    estimate,
    estimate_cost,
)
from .costs import count_text as _count
from .costs import last_use_as_child as _last_use_as_child
from .costs import material_pairs as _material_pairs
from .costs import variant_of as _variant_of
from .costs import work_left as _work_left
from .solver_core import LOSS
from .symmetry import SymmetricIndex, board_symmetries
from .tablefile import (
    SOLVER_VERSION,
    TABLE_FORMAT,
    TABLE_FORMAT_VERSION,
    CacheDirError,
    ClassTable,
    PlainIndex,
    StaleTableError,
    TableFiles,
    _cache_path,
    board_fingerprint,
    default_cache_dir,
    table_dir,
    table_rules_text,
    wdl_entry,
    write_class,
)
from .tablefile import header as _header
from .values import ClassReport, Outcome, Value, move_rank

if TYPE_CHECKING:  # pragma: no cover - the array solver's modules need numpy: imported where it runs
    from .ranks import RankBoard

__all__ = [
    "RULES_FOLLOWED",
    "Value",
    "ClassReport",
    "EndgameTables",
    "StaleTableError",
    "CacheDirError",
    "PerfectPlayer",
    "solve_endgames",
    "solve_game",
    "best_moves",
    "estimate",
    "estimate_cost",
    "default_cache_dir",
    "board_fingerprint",
    "table_rules_text",
    "SOLVER_VERSION",
    "TABLE_FORMAT",
    "TABLE_FORMAT_VERSION",
]

#: How the solver treats each field of :class:`~awithlaknannai.rules.Rules` (see
#: :data:`awithlaknannai.engines.lean.RULES_FOLLOWED`); "What perfect play means here" above says why
#: the two limits are left out.
RULES_FOLLOWED: dict[str, str] = {
    "compulsory_capture": "follows",
    "multi_leap": "follows",
    "maximum_capture": "follows",
    "leap_shape": "follows",
    "blocked_player_loses": "follows",
    "quiet_turn_limit": "ignores: a stand-in for 'no capture is possible any more' that depends on the history",
    "repetition_limit": "ignores: a stand-in for 'no capture is possible any more' that depends on the history",
    "no_capture_result": "follows",
    "shrink_boundary": "refuses",
}


# --- the tables ---------------------------------------------------------------


class EndgameTables:
    """Solved material classes of one variant under one set of rules.

    Build with :func:`solve_endgames` or :func:`solve_game`. Classes are
    held as :class:`~awithlaknannai.tables.tablefile.ClassTable` (one
    entry per symmetry class, 1 byte an entry), memory-mapped from the
    cache when there is one; a class can also be read lazily from the
    cache when a lookup needs it.

    Attributes
    ----------
    variant : Variant
        The board and rules the tables were built for.
    max_pieces : int
        The most pieces a side may have in a covered position.
    reports : list of ClassReport
        Counts and times per class, in the order they were solved.
    """

    def __init__(self, variant: Variant, max_pieces: int, cache_dir: Path | None = None) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"EndgameTables needs a Variant (see get_variant), got {type(variant).__name__}")
        if cache_dir is not None and not isinstance(cache_dir, Path):
            raise TypeError(f"EndgameTables' cache_dir is a Path or None, got {type(cache_dir).__name__}")
        self.variant = variant
        self.max_pieces = whole_number("max_pieces", max_pieces, 1)
        self.reports: list[ClassReport] = []
        self.cache_dir = cache_dir
        self.rules_text = table_rules_text(variant.rules)
        self.fingerprint = board_fingerprint(variant)
        self._n = variant.tables.size
        self._codes: dict[tuple[int, int], ClassTable] = {}
        self._expanded: dict[tuple[int, int], array] = {}
        self._wdl: dict[tuple[int, int], np.ndarray | array | bytes] = {}
        self._indexes: dict[tuple[int, int], SymmetricIndex | PlainIndex] = {}
        self._key_maps: dict[tuple[int, int], dict[int, int]] = {}
        self._board: RankBoard | None = None

    # -- identity and storage
    def _index(self, mover: int, opponent: int) -> SymmetricIndex | PlainIndex:
        """The order of a class's table: canonical where the array solver takes the board, else plain."""
        found = self._indexes.get((mover, opponent))
        if found is None:
            if not array_solver_fits(self._n):
                found = PlainIndex(self._n, mover, opponent)
            else:
                if self._board is None:
                    from .ranks import RankBoard

                    self._board = RankBoard(self.variant)
                found = SymmetricIndex(
                    self.variant, mover, opponent, board_symmetries(self.variant), self._board
                )
            self._indexes[(mover, opponent)] = found
        return found

    def _path(self, mover: int, opponent: int) -> Path | None:
        if self.cache_dir is None:
            return None
        directory = table_dir(self.cache_dir, self.variant, self.rules_text, self.fingerprint)
        return directory / f"{mover}v{opponent}.tbl"

    def _expected_header(self, mover: int, opponent: int) -> dict[str, object]:
        return _header(
            self.variant, self.rules_text, self.fingerprint, mover, opponent, self._index(mover, opponent)
        )

    def _files(self, mover: int, opponent: int) -> TableFiles | None:
        """The class's pair of files in the cache (``None`` without a cache folder)."""
        path = self._path(mover, opponent)
        return None if path is None else TableFiles(path)

    def _load(self, mover: int, opponent: int) -> ClassTable | None:
        """The class from the cache, both of its files checked (``None`` when not cached).

        A damaged pair (either file) is removed and :class:`StaleTableError`
        raised: the solver builds the class again and writes both files.
        """
        files = self._files(mover, opponent)
        if files is None or not files.tbl.exists():
            return None
        expected = self._expected_header(mover, opponent)
        expected.pop("variant")  # the same board under another name is fine
        table, packed = files.read(expected, self._index(mover, opponent), self.rules_text)
        self._wdl[(mover, opponent)] = packed
        return table

    def _store(self, mover: int, opponent: int, table: ClassTable) -> None:
        files = self._files(mover, opponent)
        if files is not None:
            self._wdl.pop((mover, opponent), None)
            files.write(self._expected_header(mover, opponent), table)

    def save(self, cache_dir: str | os.PathLike[str] | None = None) -> Path:
        """Write every class held in memory as table files; return the directory used.

        ``cache_dir`` defaults to the tables' own cache directory (or the
        default one). Loading works as for the cache (see the module docstring).
        """
        if cache_dir is not None:
            if not isinstance(cache_dir, (str, os.PathLike)):
                raise TypeError(f"cache_dir is a folder name, got {type(cache_dir).__name__}")
            root = _cache_path(cache_dir, "cache_dir")
        else:
            root = self.cache_dir or default_cache_dir()
        directory = table_dir(root, self.variant, self.rules_text, self.fingerprint)
        for mover, other in self.classes():
            write_class(
                directory / f"{mover}v{other}.tbl",
                self._expected_header(mover, other),
                self._codes[(mover, other)],
            )
        return directory

    def classes(self) -> list[tuple[int, int]]:
        """The material classes held in memory, as ``(mover pieces, opponent pieces)``."""
        return sorted(self._codes)

    def table(self, mover: int, opponent: int) -> ClassTable | None:
        """One solved class (its entries in canonical order), loading it from the cache if needed."""
        whole_number("mover", mover)
        whole_number("opponent", opponent)
        found = self._codes.get((mover, opponent))
        if (
            found is None
            and 1 <= mover <= self.max_pieces
            and 1 <= opponent <= self.max_pieces
            and mover + opponent <= self._n
        ):
            try:
                found = self._load(mover, opponent)
            except (OSError, StaleTableError):
                found = None
            if found is not None:
                self._codes[(mover, opponent)] = found
        return found

    def codes(self, mover: int, opponent: int) -> array | None:
        """The codes of one class in the plain order of ``class_keys`` (classes of up to
        :data:`~awithlaknannai.tables.tablefile.MAX_EXPANDED` positions; kept once listed)."""
        found = self._expanded.get((mover, opponent))
        if found is None:
            table = self.table(mover, opponent)
            if table is None:
                return None
            found = self._expanded[(mover, opponent)] = table.full_codes()
        return found

    def _lookup(self, cls: tuple[int, int], entries: np.ndarray) -> np.ndarray:
        # The codes of a solved class at canonical entries, for the array solver's captures.
        table = self.table(*cls)
        if table is None:
            raise ValueError(f"class {cls[0]}v{cls[1]} is not solved")
        return table.codes_at(entries)  # type: ignore[return-value]  # numpy's: only the array solver asks

    def _key_map(self, mover: int, opponent: int) -> dict[int, int]:
        # {key: code} for the fast lookups of captures while solving bigger classes.
        found = self._key_maps.get((mover, opponent))
        if found is None:
            codes = self.codes(mover, opponent)
            if codes is None:
                raise ValueError(f"class {mover}v{opponent} is not solved")
            keys = core.class_keys(self._n, mover, opponent)
            found = self._key_maps[(mover, opponent)] = dict(zip(keys, codes, strict=True))
        return found

    def outcome(self, position: Position) -> Outcome:
        """Who wins with perfect play, for the side to move, from the 2-bit ``.wdl`` file alone.

        A result on pieces counts as a win or a loss. Tables without a cache
        folder answer from the codes in memory.
        """
        own, opp = self._mover_sets(position)
        if not own or not opp:
            return "loss" if not own else "win"
        cls = (own.bit_count(), opp.bit_count())
        packed = self._wdl.get(cls)
        if packed is None:
            self.table(*cls)  # loads the class's pair of files, both checked (a damaged pair is removed)
            packed = self._wdl.get(cls)
        files = self._files(*cls)
        if packed is None and files is not None and files.wdl.exists() and self.table(*cls) is None:
            # Who wins from the 2-bit file alone (its .tbl is not there): a damaged one is removed.
            expected = self._expected_header(*cls)
            expected.pop("variant")
            with contextlib.suppress(StaleTableError):
                packed = self._wdl[cls] = files.read_wdl(expected)
        if packed is None:
            return self.value(position).outcome
        table_index = self._index(*cls)
        entry = (
            table_index.index_one(own, opp)
            if isinstance(table_index, PlainIndex)
            else int(table_index.index(np.array([own], np.uint32), np.array([opp], np.uint32))[0])
        )
        return ("loss", "draw", "win")[wdl_entry(packed, entry)]

    # -- lookups
    def _mover_sets(self, position: Position) -> tuple[int, int]:
        if not isinstance(position, Position):
            raise TypeError(f"the tables look up a Position, got {type(position).__name__}")
        if board_fingerprint(position.variant) != self.fingerprint:
            raise ValueError(
                f"these tables are for the {self.variant.name} board, not {position.variant.name}"
            )
        if table_rules_text(position.variant.rules) != self.rules_text:
            raise ValueError(
                f"these tables are for rules '{self.rules_text}', "
                f"not '{table_rules_text(position.variant.rules)}'"
            )
        if position.turn is Color.WHITE:
            return position.white, position.black
        return position.black, position.white

    def code_of(self, own: int, opp: int) -> int | None:
        """The code of a colour-free position (``own`` moves), or ``None`` if not covered.

        Raises
        ------
        TypeError
            ``own`` or ``opp`` is not an integer.
        ValueError
            They name points the board does not have, the same point, or
            no piece (a position needs a piece on each side here).
        """
        for name, value in (("own", own), ("opp", opp)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is a bit set of points (an integer), got {type(value).__name__}")
            if value <= 0 or value >> self._n:
                raise ValueError(
                    f"{name} must name at least one of the board's {self._n} points, got {shown(value)}"
                )
        if own & opp:
            raise ValueError("own and opp name the same point: a point holds one piece at most")
        table = self.table(own.bit_count(), opp.bit_count())
        if table is None:
            return None
        return table.code(own, opp)

    def covers(self, position: Position) -> bool:
        """Whether the tables hold this position's value (and those of its moves)."""
        try:
            own, opp = self._mover_sets(position)
        except ValueError:
            return False
        if not own or not opp:
            return True
        return self.code_of(own, opp) is not None

    def value(self, position: Position) -> Value:
        """The value of ``position`` with perfect play, for the side to move.

        A finished position (one side without pieces) is ``lost`` / ``won``
        in 0 plies.

        Raises
        ------
        ValueError
            The position is on another board or under other rules, or has
            more pieces than the tables cover.
        """
        own, opp = self._mover_sets(position)
        if not own:
            return Value("loss", 0)
        if not opp:
            return Value("win", 0)
        code = self.code_of(own, opp)
        if code is None:
            raise ValueError(self._not_covered(own, opp))
        return Value.from_code(code)

    def _not_covered(self, own: int, opp: int) -> str:
        return (
            f"position with {own.bit_count()} against {opp.bit_count()} pieces is not covered: "
            f"these {self.variant.name} tables hold up to {self.max_pieces} pieces a side"
            + ("" if self.cache_dir is None else " (or the class is not solved yet)")
        )

    def evaluate_moves(self, position: Position) -> list[tuple[Move, Value]]:
        """Every legal move with the value it leaves for the player making it, best first.

        Empty when the game is over. Ties keep the order of
        ``position.legal_moves()``.
        """
        ranked = self._ranked_moves(position)
        return [(move, value) for move, value, _ in ranked]

    def best_moves(self, position: Position) -> list[tuple[Move, Value]]:
        """The optimal moves with their values (several when they are equally good).

        "Optimal" means: the quickest win, or the longest resistance, or a
        move keeping the draw; under stand-in scoring, the side that must
        capture is steered to its capture by the shortest route.
        """
        ranked = self._ranked_moves(position)
        if not ranked:
            return []
        top = ranked[0][2]
        return [(move, value) for move, value, rank in ranked if rank == top]

    def _ranked_moves(self, position: Position) -> list[tuple[Move, Value, tuple[int, int]]]:
        own, opp = self._mover_sets(position)
        if position.is_terminal():
            return []
        if self.code_of(own, opp) is None:
            raise ValueError(self._not_covered(own, opp))
        variant = position.variant
        moves = position.legal_moves()
        raws = generate_raw(variant, own, opp)  # the same moves in the same order
        own_count, opp_count = own.bit_count(), opp.bit_count()
        more_pieces = variant.rules.no_capture_result == "more_pieces"
        ranked = []
        for order, (move, (origin, landings, _, captured)) in enumerate(zip(moves, raws, strict=True)):
            left = opp & ~captured
            moved = (own & ~(1 << origin)) | (1 << landings[-1])
            child = core.make_code(LOSS, 0) if not left else self.code_of(left, moved)
            if child is None:
                raise ValueError(self._not_covered(left, moved))
            mine = core.mover_code(child)
            rank = move_rank(mine, child, bool(captured), own_count, opp_count, more_pieces)
            ranked.append((move, Value.from_code(mine), rank, order))
        ranked.sort(key=lambda item: (-item[2][0], -item[2][1], item[3]))
        return [(move, value, rank) for move, value, rank, _ in ranked]


# --- building -------------------------------------------------------------------


def _resolve_cache(cache_dir: str | os.PathLike[str] | bool | None) -> Path | None:
    if cache_dir is False:
        return None
    if cache_dir is None or cache_dir is True:
        return default_cache_dir()
    if not isinstance(cache_dir, (str, os.PathLike)):
        raise TypeError(
            f"cache_dir is a folder, True/None for the default or False for none; "
            f"got {type(cache_dir).__name__}"
        )
    return _cache_path(cache_dir, "cache_dir")


def solve_endgames(
    variant: str | Variant = "mosona",
    max_pieces: int = 3,
    *,
    rules: str | Rules | None = None,
    max_total: int | None = None,
    cache_dir: str | os.PathLike[str] | bool | None = None,
    report: Callable[[str], None] | None = None,
    engine: Literal["auto", "arrays", "python"] = "auto",
    allow_long: bool = False,
) -> EndgameTables:
    """Solve every position with 1 to ``max_pieces`` pieces a side.

    Parameters
    ----------
    variant : str or Variant
        A variant name (``"mosona"``, ``"zuni-4"``, ...) or a :class:`Variant`.
    max_pieces : int
        The most pieces a side may have (at least 1).
    rules : str or Rules, optional
        Rules for a named variant (default: the variant's own rules).
    max_total : int, optional
        Also leave out classes with more than this many pieces on the board
        (``max_pieces=3, max_total=5`` solves 3 against 2 but not 3 against 3).
    cache_dir : path, bool or None
        Where tables are cached. ``None`` or ``True``: the default
        (:func:`default_cache_dir`); ``False``: no disk cache at all.
    report : callable, optional
        Called with one line of text per class (solved, loaded, or a stale
        cache file being rebuilt).
    engine : {"auto", "arrays", "python"}
        ``"arrays"``: the rank-indexed numpy solver of
        :mod:`~awithlaknannai.tables.blocks` (boards of up to 31 points);
        ``"python"``: :func:`~awithlaknannai.tables.solver_core.solve_pair`.
        Both give the same tables; ``"auto"`` takes the arrays where the board
        allows and numpy is there (a JupyterLite site has none: the
        pure-Python solver then builds tables in the plain order).
    allow_long : bool, optional
        Solve even if the work left (the classes not in the cache) is
        estimated above a minute or a gigabyte (:func:`estimate_cost`'s
        model; classes found in the cache count as loading them, 2 bytes a
        position).

    Returns
    -------
    EndgameTables
        With one :class:`ClassReport` per class in ``reports``.

    Raises
    ------
    TypeError
        An argument of the wrong type (a variant that is not a name or a
        Variant, a max_pieces that is not an integer, ...).
    ValueError
        A bad value; :class:`CacheDirError` for a cache folder that cannot be
        used.
    ImportError
        ``engine="arrays"`` where numpy cannot be imported (one line saying
        what to install).
    LongJobError
        The estimate is above the limits and ``allow_long`` is false.

    Examples
    --------
    >>> tables = solve_endgames("zuni-2", max_pieces=1, cache_dir=False)
    >>> r = tables.reports[0]
    >>> r.name, r.positions, r.won, r.lost, r.drawn
    ('1v1', 42, 10, 0, 32)
    >>> solve_endgames("mosona", 12, cache_dir=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: solve_endgames on mosona (standard), up to 12 pieces a side: more than ... positions: estimated at least ...
    """
    variant = _variant_of(variant, rules)
    if variant.shrink is not None:  # its tables index pieces only, and a shrinking board has more state
        raise ValueError(f"the solver does not follow a shrinking board ({variant.name})")
    refuse_unfollowed(variant.rules, RULES_FOLLOWED, "the endgame solver")
    max_pieces = whole_number("max_pieces", max_pieces, 1)
    if max_total is not None:
        max_total = whole_number("max_total", max_total, 2)
    if report is not None and not callable(report):
        raise TypeError(f"report is a function taking one line of text, got {type(report).__name__}")
    if engine not in ("auto", "arrays", "python"):
        raise ValueError(f"engine must be 'auto', 'arrays' or 'python', got {shown(engine)}")
    flag("allow_long", allow_long)
    if engine == "arrays" and np is None:
        raise missing_package(
            "the array solver (engine='arrays')",
            "numpy",
            "or use engine='python' (the default picks it here)",
        )
    if engine == "arrays" and variant.tables.size > ARRAY_MAX_POINTS:
        raise ValueError(f"the array solver handles boards of up to {ARRAY_MAX_POINTS} points")
    use_arrays = engine == "arrays" or (engine == "auto" and array_solver_fits(variant.tables.size))
    tables = EndgameTables(variant, max_pieces, _resolve_cache(cache_dir))
    n = variant.tables.size
    size = n if max_total is None else min(n, max_total)
    if not allow_long:
        positions, seconds, memory, more = _work_left(tables, size, use_arrays)
        check_long_job(
            f"solve_endgames on {variant.name} ({tables.rules_text}), up to {max_pieces:,} pieces a side: "
            f"{'more than ' if more else ''}{_count(positions)} positions",
            seconds,
            memory,
            allow_long=False,
            advice="try a smaller max_pieces",
            at_least=more,
        )
    pairs = _material_pairs(max_pieces, size)
    say = report or (lambda line: None)
    bits = core.BoardBits(variant)
    rank_board = None
    if use_arrays:
        from . import blocks
        from .ranks import RankBoard

        rank_board = RankBoard(variant)
    last_use = _last_use_as_child(pairs)
    for number, (a, b) in enumerate(pairs):
        members = [(a, b)] if a == b else [(a, b), (b, a)]
        loaded = _load_pair(tables, members, say)
        if len(loaded) == len(members):
            for cls in members:
                tables._codes[cls] = loaded[cls]
                tables.reports.append(ClassReport.count(*cls, loaded[cls], 0.0, "cache"))
                say(_report_line(tables.reports[-1]))
            continue
        started = time.perf_counter()
        solved: dict[tuple[int, int], ClassTable] = {}
        if rank_board is not None:
            for cls, codes in blocks.solve_pair(
                variant, a, b, tables._lookup, rank_board, board_symmetries(variant)
            ).items():
                solved[cls] = ClassTable.from_codes(tables._index(*cls), codes)
        else:
            for cls, full in core.solve_pair(variant, bits, a, b, tables._key_map).items():
                solved[cls] = _table_from_plain(tables._index(*cls), full)
                tables._expanded[cls] = full
        seconds = time.perf_counter() - started
        for cls in members:
            tables._codes[cls] = solved[cls]
            tables.reports.append(ClassReport.count(*cls, solved[cls], seconds, "solved"))
            try:
                tables._store(*cls, solved[cls])
                if tables.cache_dir is not None:  # read it back through a memory map: frees the memory
                    tables._codes[cls] = tables._load(*cls) or solved[cls]
            except (OSError, StaleTableError) as error:
                say(f"cache: cannot write {cls[0]}v{cls[1]} ({error}); keeping it in memory only")
            say(_report_line(tables.reports[-1]))
        del solved
        for cls in [cls for cls in tables._key_maps if last_use.get(cls, -1) <= number]:
            del tables._key_maps[cls]  # no bigger class captures into it any more: free the memory
    tables._key_maps.clear()  # only needed while solving
    _register(tables)
    return tables


def _load_pair(
    tables: EndgameTables, members: list[tuple[int, int]], say: Callable[[str], None]
) -> dict[tuple[int, int], ClassTable]:
    """The classes of a pair found in the cache (a stale or unreadable file is reported, not used)."""
    loaded: dict[tuple[int, int], ClassTable] = {}
    for cls in members:
        try:
            found = tables._load(*cls)
        except StaleTableError as error:
            say(f"cache: {error}; rebuilding")
            found = None
        except OSError as error:
            say(f"cache: cannot read {cls[0]}v{cls[1]} ({error}); rebuilding")
            found = None
        if found is not None:
            loaded[cls] = found
    return loaded


def _table_from_plain(index: SymmetricIndex | PlainIndex, full: array) -> ClassTable:
    """A class solved in the plain order (the pure-Python engine), in the order of ``index``."""
    if np is None:  # no numpy, no symmetric index: the plain order is the table's
        return ClassTable.from_codes(index, array("H", full))
    codes = np.frombuffer(full, dtype=np.uint16)
    if isinstance(index, PlainIndex):
        return ClassTable.from_codes(index, codes.copy())
    from .ranks import lex_rank

    own, opp = index.unrank(np.arange(index.size, dtype=np.int64))
    plain = lex_rank(index.n, index.a, own) * index.per_own + lex_rank(
        index.n - index.a, index.b, index.board.compress(opp, own)
    )
    return ClassTable.from_codes(index, codes[plain])


def solve_game(
    variant: str | Variant = "zuni-4",
    *,
    rules: str | Rules | None = None,
    cache_dir: str | os.PathLike[str] | bool | None = None,
    report: Callable[[str], None] | None = None,
    engine: Literal["auto", "arrays", "python"] = "auto",
    allow_long: bool = False,
) -> EndgameTables:
    """Solve every position a variant's game can reach: all classes up to its start material.

    With the array solver, boards up to ``zuni-6``, Lau kata kati and
    Pretwa (10^9 positions, about 0.3 GB of tables) take minutes on one
    machine; see ``benchmarks/solve_big.py`` and ``benchmarks/tables-results.txt``
    for times. Arguments and errors as for
    :func:`solve_endgames`: a game estimated above a minute or a gigabyte
    (``zuni-5`` and larger) needs ``allow_long=True``.

    >>> tables = solve_game("zuni-2", cache_dir=False)
    >>> print(tables.value(Position.start("zuni-2")))
    loss in 8 moves (16 plies)
    >>> solve_game("kolowis", cache_dir=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: solve_endgames on kolowis (standard), up to 23 pieces a side: ...
    """
    variant = _variant_of(variant, rules)
    start = variant.start
    most = max(start.count(Color.WHITE), start.count(Color.BLACK))
    return solve_endgames(
        variant, most, cache_dir=cache_dir, report=report, engine=engine, allow_long=allow_long
    )


def _report_line(r: ClassReport) -> str:
    return (
        f"{r.name:>5} {r.positions:>10} {r.won:>10} {r.lost:>10} {r.drawn:>10} {r.on_pieces:>10} "
        f"{r.longest:>8} {r.seconds:>8.1f}" + ("  (cache)" if r.source == "cache" else "")
    )


# --- hints and the perfect player ---------------------------------------------------

_REGISTRY: dict[tuple[str, str], EndgameTables] = {}  # solved in this session
# Read lazily from the default cache; each holds its board, so only the few
# boards asked about most recently are kept (a hint on many large boards must
# not keep them all).
_ON_DISK: dict[tuple[str, str, Path], EndgameTables] = {}
_ON_DISK_KEPT = 8


def _register(tables: EndgameTables) -> None:
    key = (tables.fingerprint, tables.rules_text)
    known = _REGISTRY.get(key)
    if known is None or known.max_pieces <= tables.max_pieces:
        _REGISTRY[key] = tables


def best_moves(position: Position, tables: EndgameTables | None = None) -> list[tuple[Move, Value]] | None:
    """The optimal moves with their values, or ``None`` when no solved table covers the position.

    Without ``tables``, the tables solved earlier in this session are used,
    then any class files in the default cache. Nothing is solved here, so
    the call is quick: a few table lookups per legal move.

    The default cache is left out here (an empty one stands in for it), so
    that tables the reader solved before do not change the answers:

    >>> import os, tempfile
    >>> from unittest import mock
    >>> from awithlaknannai import Position
    >>> with tempfile.TemporaryDirectory() as empty, mock.patch.dict(os.environ, {"AWITHLAKNANNAI_CACHE": empty}):
    ...     t = solve_endgames("zuni-3", max_pieces=1, cache_dir=False)
    ...     print(best_moves(Position.from_pieces("zuni-3", {"T0": "w", "M1": "b"})))
    ...     print(best_moves(Position.start("mosona")))
    [(Move('T0xB1'), Value(outcome='win', plies=1, stand_in=False))]
    None
    """
    if not isinstance(position, Position):
        raise TypeError(f"best_moves needs a Position, got {type(position).__name__}")
    if tables is not None and not isinstance(tables, EndgameTables):
        raise TypeError(f"best_moves takes EndgameTables (or None), got {type(tables).__name__}")
    if position.variant.shrink is not None:
        return None  # no table knows a shrinking board's dead part
    candidates: list[EndgameTables] = []
    if tables is not None:
        candidates.append(tables)
    else:
        key = (board_fingerprint(position.variant), table_rules_text(position.variant.rules))
        if key in _REGISTRY:
            candidates.append(_REGISTRY[key])
        try:
            cache = default_cache_dir()
        except (CacheDirError, TypeError):
            cache = None  # an unusable cache setting: no tables on disk, and the hint still works
        if cache is not None:
            disk_key = (*key, cache)
            on_disk = _ON_DISK.pop(disk_key, None)  # re-inserted last: the most recently used
            if on_disk is None:
                on_disk = EndgameTables(position.variant, position.variant.tables.size, cache)
            _ON_DISK[disk_key] = on_disk
            while len(_ON_DISK) > _ON_DISK_KEPT:
                del _ON_DISK[next(iter(_ON_DISK))]
            candidates.append(on_disk)
    for candidate in candidates:
        try:
            if candidate.covers(position):
                return candidate.best_moves(position)
        except (ValueError, OSError):  # a table that cannot be read, or a position too crowded to list
            continue
    return None


class PerfectPlayer:
    """A player that plays optimally from solved positions.

    Parameters
    ----------
    tables : EndgameTables
        Tables covering every position the player will meet (for a whole
        game: :func:`solve_game`).
    seed : int or None
        Among equally good moves, choose at random with this seed; ``None``
        takes the first one (fully deterministic).
    name : str
        Shown in match tables.

    Raises
    ------
    ValueError
        From :meth:`choose_move`, for a position the tables do not cover.
    GameOverError
        From :meth:`choose_move`, for a finished position.
    """

    def __init__(self, tables: EndgameTables, seed: int | None = None, name: str = "perfect") -> None:
        if not isinstance(tables, EndgameTables):
            raise TypeError(
                f"PerfectPlayer needs EndgameTables (see solve_game), got {type(tables).__name__}"
            )
        if not isinstance(name, str):
            raise TypeError(f"a player's name is a text, got {type(name).__name__}")
        self.tables = tables
        self.name = name
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        """Reseed the choice among equally good moves (the match runner calls this)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else None

    def choose_move(self, position: Position) -> Move:
        if not isinstance(position, Position):
            raise TypeError(f"a player chooses a move in a Position, got {type(position).__name__}")
        outcome = position.outcome()
        if outcome is not None:
            raise GameOverError(f"no move to choose: the game is over ({outcome})")
        choices = self.tables.best_moves(position)
        if self._rng is None:
            return choices[0][0]
        return self._rng.choice(choices)[0]

    def __repr__(self) -> str:
        tables = getattr(self, "tables", None)  # absent when the constructor refused its arguments
        if not isinstance(tables, EndgameTables):
            return "PerfectPlayer(<not built>)"
        return f"PerfectPlayer({tables.variant.name!r}, rules={tables.rules_text!r})"
