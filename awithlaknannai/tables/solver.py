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

import os
import random
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Literal

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite) has none: the pure-Python solver does all the work
    np = None  # type: ignore[assignment]

from ..errors import GameOverError, missing_package, shown
from ..limits import check_long_job, flag, whole_number
from ..position import Move, Position
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
from .endgame_tables import EndgameTables
from .symmetry import SymmetricIndex, board_symmetries
from .tablefile import (
    SOLVER_VERSION,
    TABLE_FORMAT,
    TABLE_FORMAT_VERSION,
    CacheDirError,
    ClassTable,
    PlainIndex,
    StaleTableError,
    _cache_path,
    board_fingerprint,
    default_cache_dir,
    table_rules_text,
)
from .values import ClassReport, Value

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
