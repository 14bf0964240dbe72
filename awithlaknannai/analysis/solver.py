"""Exact endgame tables: who wins with perfect play, and how quickly.

The solver works backwards from the end of the game (*retrograde
analysis*). Captures can never be undone, so the positions are split into
*material classes* by the number of pieces on each side; a class depends
only on classes with fewer pieces, and inside a class the quiet moves are
solved by a fixpoint. :mod:`awithlaknannai.analysis.solver_core` holds the
loops; this module holds what people use:

* :func:`solve_endgames` -- every position with up to ``max_pieces`` pieces
  a side, with won / lost / drawn counts per class and build times;
* :func:`solve_game` -- every position a variant's game can reach (the full
  solution of a small board such as ``zuni-4``);
* :class:`EndgameTables` -- values (:class:`Value`) and optimal moves of
  covered positions; :func:`best_moves` -- the hint a widget asks for;
* :class:`PerfectPlayer` -- a player that never misses a win;
* :func:`cli_solve` -- ``python -m awithlaknannai solve``.

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

On-disk cache
-------------
Solved classes are cached, one file per class, under
``$AWITHLAKNANNAI_CACHE`` or else ``$XDG_CACHE_HOME/awithlaknannai`` (default
``~/.cache/awithlaknannai``), in ``endgames/<variant>-<board>/<rules>/AvB.tbl``.
A file is one line of JSON (the header) followed by the codes as unsigned
16-bit little-endian integers (the stdlib :mod:`array` module, typecode
``"H"``). The header holds ``format`` (``"awithlaknannai-endgame-table"``),
``format_version``, ``solver_version``, ``variant``, ``rules`` (the rules
text, without the quiet-turn and repetition limits, which the tables ignore),
``board`` (a SHA-256 fingerprint of the points, steps and leaps), ``points``,
``class`` (``[mover pieces, opponent pieces]``), ``entries``, ``typecode``,
``byteorder`` and ``crc32`` of the body. A file whose header or body does not
match what this version of the solver would write is never used: the class
is rebuilt and the file replaced, and the reason is reported. Nothing is
shipped with the package; tables are built on demand.

Each code is ``distance << 3 | category`` (see
:mod:`~awithlaknannai.analysis.solver_core`); entries follow the order of
:func:`~awithlaknannai.analysis.solver_core.class_keys`.

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
import hashlib
import json
import os
import random
import re
import stat
import sys
import tempfile
import time
import weakref
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite) has none: the pure-Python solver does all the work
    np = None  # type: ignore[assignment]

from ..errors import GameOverError, missing_package, shown
from ..limits import LONG_JOB_BYTES, LONG_JOB_SECONDS, check_long_job, duration, flag, whole_number
from ..position import Move, Position, generate_raw
from ..rules import Rules, get_rules
from ..variants import Color, Variant, get_variant
from . import solver_core as core
from .solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN

#: The array solver's largest board (:data:`awithlaknannai.analysis.tables.MAX_POINTS`: bit sets in
#: uint32); it needs numpy, so without numpy no board is the array solver's.
ARRAY_MAX_POINTS = 31


def _array_solver_fits(size: int) -> bool:
    """Whether the array solver (numpy) takes a board of ``size`` points here."""
    return np is not None and size <= ARRAY_MAX_POINTS

__all__ = [
    "Value", "ClassReport", "EndgameTables", "StaleTableError", "CacheDirError", "PerfectPlayer",
    "solve_endgames", "solve_game", "best_moves", "estimate", "estimate_cost", "cli_solve", "format_reports",
    "default_cache_dir", "board_fingerprint", "table_rules_text",
    "SOLVER_VERSION", "TABLE_FORMAT", "TABLE_FORMAT_VERSION",
]

SOLVER_VERSION = 1
TABLE_FORMAT = "awithlaknannai-endgame-table"
TABLE_FORMAT_VERSION = 1
_HEADER_LIMIT = 1 << 16  # a header line longer than this is not ours
_HEADER_BRACKETS = 8  # our header has three lists in one object

Outcome = Literal["win", "draw", "loss"]


# --- values ------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """The result of a position with perfect play, for the side to move.

    Attributes
    ----------
    outcome : {"win", "draw", "loss"}
        The result for the side to move.
    plies : int or None
        Turns until the game ends (the winner hurries, the loser delays);
        ``None`` when it never ends: a draw, or a stand-in result.
    stand_in : bool
        The result comes from endless play scored by the pieces left
        (rules with ``no_capture_result="more_pieces"``).

    Examples
    --------
    >>> Value.from_code(core.make_code(WIN, 3))
    Value(outcome='win', plies=3, stand_in=False)
    >>> str(Value.from_code(core.make_code(WIN, 3)))
    'win in 2 moves (3 plies)'
    >>> str(Value.from_code(core.make_code(LOSS_STAND_IN, 0)))
    'loss on pieces (no capture ever again)'
    """

    outcome: Outcome
    plies: int | None
    stand_in: bool = False

    @classmethod
    def from_code(cls, code: int) -> Value:
        """Read a table code (see :mod:`~awithlaknannai.analysis.solver_core`)."""
        category, distance = code & 7, code >> 3
        if category == WIN:
            return cls("win", distance)
        if category == LOSS:
            return cls("loss", distance)
        if category == DRAW:
            return cls("draw", None)
        return cls("win" if category == WIN_STAND_IN else "loss", None, True)

    @property
    def moves(self) -> int | None:
        """The side to move's own turns until the end, counting the last one if it wins."""
        if self.plies is None:
            return None
        return (self.plies + 1) // 2 if self.outcome == "win" else self.plies // 2

    def __str__(self) -> str:
        if self.outcome == "draw":
            return "draw"
        if self.stand_in:
            return f"{self.outcome} on pieces (no capture ever again)"
        if self.plies == 0:
            return "lost" if self.outcome == "loss" else "won"
        moves = self.moves
        unit = "move" if moves == 1 else "moves"
        return f"{self.outcome} in {moves} {unit} ({self.plies} {'ply' if self.plies == 1 else 'plies'})"


@dataclass(frozen=True)
class ClassReport:
    """Counts for one material class, seen from the side to move.

    ``won``, ``lost`` and ``drawn`` count positions; ``on_pieces`` counts the
    won and lost ones decided by endless play (stand-in scoring);
    ``longest`` is the longest finite win in plies; ``seconds`` is the
    build time of the class's pair (0 when loaded from the cache).
    """

    mover: int
    opponent: int
    positions: int
    won: int
    lost: int
    drawn: int
    on_pieces: int
    longest: int
    seconds: float
    source: Literal["solved", "cache"]

    @property
    def name(self) -> str:
        return f"{self.mover}v{self.opponent}"

    @classmethod
    def count(cls, mover: int, opponent: int, codes: array, seconds: float, source: str) -> ClassReport:
        tally = [0] * 5
        longest = 0
        if np is not None:
            values, numbers = np.unique(np.frombuffer(codes, dtype=np.uint16), return_counts=True)
            counts = dict(zip(values.tolist(), numbers.tolist(), strict=True))
        else:
            counts = Counter(codes)
        for code, number in counts.items():
            tally[code & 7] += number
            if code & 7 == WIN:
                longest = max(longest, code >> 3)
        return cls(mover, opponent, len(codes), tally[WIN] + tally[WIN_STAND_IN],
                   tally[LOSS] + tally[LOSS_STAND_IN], tally[DRAW],
                   tally[WIN_STAND_IN] + tally[LOSS_STAND_IN], longest, seconds, source)  # type: ignore[arg-type]


# --- identity of a table: board and rules ----------------------------------------


def board_fingerprint(variant: Variant) -> str:
    """A SHA-256 digest of the board as the solver sees it: points, steps and leaps.

    Two variants with the same drawing (``mosona`` and ``zuni-8``) share it;
    removing one line changes it.

    >>> board_fingerprint(get_variant("mosona")) == board_fingerprint(get_variant("zuni-8"))
    True
    >>> board_fingerprint(get_variant("mosona")) == board_fingerprint(get_variant("mosona-murray"))
    False
    """
    tables = variant.tables
    known = _FINGERPRINTS.get(tables)
    if known is None:
        text = json.dumps([list(tables.points), [list(s) for s in tables.steps],
                           [[list(leap) for leap in leaps] for leaps in tables.leaps]])
        known = _FINGERPRINTS[tables] = hashlib.sha256(text.encode()).hexdigest()
    return known


# Variants share their step and leap tables, so a lookup costs no hashing.
_FINGERPRINTS: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()


def table_rules_text(rules: Rules) -> str:
    """The rules text a table is built for: the limits the solver ignores are reset.

    >>> table_rules_text(Rules.from_text("standard,quiet_turn_limit=20"))
    'standard'
    """
    default = Rules()
    return rules.replace(quiet_turn_limit=default.quiet_turn_limit,
                         repetition_limit=default.repetition_limit).to_text()


def default_cache_dir() -> Path:
    """Where tables are cached: ``$AWITHLAKNANNAI_CACHE``, else the user cache directory.

    Raises
    ------
    CacheDirError
        The setting cannot name a folder (``~nosuchuser/c``: no such user;
        no home directory; a name of spaces or with a NUL character).
    """
    explicit = os.environ.get("AWITHLAKNANNAI_CACHE")
    if explicit:
        return _cache_path(explicit, "AWITHLAKNANNAI_CACHE")
    base = os.environ.get("XDG_CACHE_HOME")
    if base and os.path.isabs(base):  # the XDG specification ignores a relative path
        return _cache_path(base, "XDG_CACHE_HOME") / "awithlaknannai"
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        raise CacheDirError("the endgame cache needs a folder: there is no home directory here; "
                            "set AWITHLAKNANNAI_CACHE to one") from None
    return home / ".cache" / "awithlaknannai"


def _cache_path(text: str | os.PathLike[str], setting: str) -> Path:
    """A cache folder named by a setting or an argument, or a :class:`CacheDirError` saying why it cannot be one."""
    name = os.fspath(text)
    if isinstance(name, bytes):
        raise TypeError(f"{setting} is a folder name as text, got bytes")
    if not name.strip():
        raise CacheDirError(f"{setting} is empty: give a folder (or cache_dir=False for no disk cache)")
    if "\0" in name:
        raise CacheDirError(f"{setting} {shown(name)} holds a NUL character: no folder has that name")
    if len(name) > 4000 or any(len(part.encode("utf-8", "surrogatepass")) > 255 for part in Path(name).parts):
        raise CacheDirError(f"{setting} {shown(name)} is too long for a folder name")
    try:
        return Path(name).expanduser()
    except (RuntimeError, KeyError, OSError):  # ~nosuchuser: Python cannot find that user's home
        raise CacheDirError(f"{setting} {shown(name)} cannot be a folder: '~' names a home directory "
                            "that does not exist here") from None


class StaleTableError(ValueError):
    """A cached table file does not match what the solver would build now."""


class CacheDirError(ValueError):
    """The cache folder setting cannot be used (the message says why)."""


_SAFE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def _table_dir(root: Path, variant: Variant, rules_text: str, fingerprint: str) -> Path:
    slug = rules_text if all(c.isalnum() or c in "-_" for c in rules_text) else (
        "custom-" + hashlib.sha256(rules_text.encode()).hexdigest()[:12])
    # A variant's name becomes a folder name only if it is a plain one (a hand-built variant may be
    # called '../../x'): anything else is named by its hash, inside the cache folder.
    name = variant.name if _SAFE_NAME.fullmatch(variant.name) else (
        "custom-" + hashlib.sha256(variant.name.encode("utf-8", "surrogatepass")).hexdigest()[:12])
    return root / "endgames" / f"{name}-{fingerprint[:12]}" / slug


def _header(variant: Variant, rules_text: str, fingerprint: str, mover: int, opponent: int,
            entries: int) -> dict[str, object]:
    return {
        "format": TABLE_FORMAT,
        "format_version": TABLE_FORMAT_VERSION,
        "solver_version": SOLVER_VERSION,
        "variant": variant.name,
        "rules": rules_text,
        "board": fingerprint,
        "points": list(variant.points),
        "class": [mover, opponent],
        "entries": entries,
        "typecode": "H",
        "byteorder": "little",
    }


def _write_table(path: Path, header: dict[str, object], codes: array) -> None:
    body = codes.tobytes() if sys.byteorder == "little" else _swapped(codes).tobytes()
    full = dict(header, crc32=zlib.crc32(body))
    path.parent.mkdir(parents=True, exist_ok=True)
    # A name of its own per writer (processes and threads alike), removed if
    # anything fails (a full disk): readers never see a half-written file.
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(json.dumps(full).encode() + b"\n")
            file.write(body)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _swapped(codes: array) -> array:
    copy = array(codes.typecode, codes)
    copy.byteswap()
    return copy


def _read_table(path: Path, expected: dict[str, object]) -> array:
    """Read a cached table; raise :class:`StaleTableError` saying why it cannot be used.

    Only a regular file is opened for reading (a FIFO or a device, also
    behind a link, is refused without waiting), and only as many bytes as
    the expected table has: a padded file is refused by its size first.
    """
    entries = int(expected["entries"])  # type: ignore[call-overload]
    # O_NONBLOCK: opening a FIFO must not wait for a writer.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise StaleTableError(f"{path.name}: not a regular file")
        if info.st_size > _HEADER_LIMIT + 2 * entries:
            raise StaleTableError(f"{path.name}: {info.st_size:,} bytes, too large for this table")
        line = handle.readline(_HEADER_LIMIT)
        body = handle.read(2 * entries + 1)
    if line.count(b"[") + line.count(b"{") > _HEADER_BRACKETS:
        raise StaleTableError(f"{path.name}: the header nests too deeply to be ours")
    try:
        header = json.loads(line)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise StaleTableError(f"{path.name}: the header is not JSON") from None
    if not isinstance(header, dict):
        raise StaleTableError(f"{path.name}: the header is not a JSON object")
    for field, want in expected.items():
        if header.get(field) != want:
            shown = "a different board" if field in ("board", "points") else repr(header.get(field))
            raise StaleTableError(f"{path.name}: {field} is {shown}, expected {want!r}"
                                  if field not in ("board", "points") else f"{path.name}: built for {shown}")
    if len(body) != 2 * entries:
        raise StaleTableError(f"{path.name}: truncated or padded body ({len(body)} bytes, "
                              f"expected {2 * entries})")
    if zlib.crc32(body) != header.get("crc32"):
        raise StaleTableError(f"{path.name}: the body's checksum does not match (corrupt file)")
    codes = array("H")
    codes.frombytes(body)
    if sys.byteorder != "little":
        codes.byteswap()
    bad = _impossible_code(codes, str(expected.get("rules", "standard")))
    if bad is not None:
        raise StaleTableError(f"{path.name}: entry {bad:,} holds code {codes[bad]}, which no position can have "
                              "(a corrupt file with a valid checksum)")
    return codes


def _impossible_code(codes: array, rules_text: str) -> int | None:
    """The index of the first code no solved position can have, or None.

    A code is ``distance << 3 | category``: the category is 0 to 4; a win is
    an odd number of plies away, a loss an even number; without stand-in
    scoring (``no_capture_result="draw"``) there are no stand-in results
    and a draw has no distance.
    """
    try:
        stand_in = Rules.from_text(rules_text).no_capture_result == "more_pieces"
    except ValueError:
        stand_in = True
    if np is None:
        for index, code in enumerate(codes):
            category, distance = code & 7, code >> 3
            if category > WIN or (category == WIN and distance % 2 == 0) or (category == LOSS and distance % 2 == 1) \
                    or (not stand_in and (category in (WIN_STAND_IN, LOSS_STAND_IN) or (category == DRAW and distance))):
                return index
        return None
    values = np.frombuffer(codes, dtype=np.uint16)
    category = values & 7
    distance = values >> 3
    bad = (category > WIN) | ((category == WIN) & (distance % 2 == 0)) | ((category == LOSS) & (distance % 2 == 1))
    if not stand_in:
        bad |= (category == WIN_STAND_IN) | (category == LOSS_STAND_IN) | ((category == DRAW) & (distance != 0))
    found = np.flatnonzero(bad)
    return int(found[0]) if found.size else None


# --- the tables ---------------------------------------------------------------


class EndgameTables:
    """Solved material classes of one variant under one set of rules.

    Build with :func:`solve_endgames` or :func:`solve_game`. Classes are
    kept in memory as compact arrays (2 bytes a position); a class can
    also be read lazily from the on-disk cache when a lookup needs it.

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
        self._codes: dict[tuple[int, int], array] = {}
        self._key_maps: dict[tuple[int, int], dict[int, int]] = {}

    # -- identity and storage
    def _path(self, mover: int, opponent: int) -> Path | None:
        if self.cache_dir is None:
            return None
        directory = _table_dir(self.cache_dir, self.variant, self.rules_text, self.fingerprint)
        return directory / f"{mover}v{opponent}.tbl"

    def _expected_header(self, mover: int, opponent: int) -> dict[str, object]:
        return _header(self.variant, self.rules_text, self.fingerprint, mover, opponent,
                       core.class_size(self._n, mover, opponent))

    def _load(self, mover: int, opponent: int) -> array | None:
        path = self._path(mover, opponent)
        if path is None or not path.exists():
            return None
        expected = self._expected_header(mover, opponent)
        expected.pop("variant")  # the same board under another name is fine
        return _read_table(path, expected)

    def _store(self, mover: int, opponent: int, codes: array) -> None:
        path = self._path(mover, opponent)
        if path is not None:
            _write_table(path, self._expected_header(mover, opponent), codes)

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
        for mover, other in self.classes():
            path = _table_dir(root, self.variant, self.rules_text, self.fingerprint) / f"{mover}v{other}.tbl"
            _write_table(path, self._expected_header(mover, other), self._codes[(mover, other)])
        return _table_dir(root, self.variant, self.rules_text, self.fingerprint)

    def classes(self) -> list[tuple[int, int]]:
        """The material classes held in memory, as ``(mover pieces, opponent pieces)``."""
        return sorted(self._codes)

    def codes(self, mover: int, opponent: int) -> array | None:
        """The codes of one class in table order, loading them from the cache if needed."""
        whole_number("mover", mover)
        whole_number("opponent", opponent)
        found = self._codes.get((mover, opponent))
        if found is None and 1 <= mover <= self.max_pieces and 1 <= opponent <= self.max_pieces:
            try:
                found = self._load(mover, opponent)
            except (OSError, StaleTableError):
                found = None
            if found is not None:
                self._codes[(mover, opponent)] = found
        return found

    def _code_array(self, mover: int, opponent: int) -> Any:
        # The codes of a solved class as a numpy view, for the array solver's lookups.
        codes = self.codes(mover, opponent)
        if codes is None:
            raise ValueError(f"class {mover}v{opponent} is not solved")
        return np.frombuffer(codes, dtype=np.uint16)

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

    # -- lookups
    def _mover_sets(self, position: Position) -> tuple[int, int]:
        if not isinstance(position, Position):
            raise TypeError(f"the tables look up a Position, got {type(position).__name__}")
        if board_fingerprint(position.variant) != self.fingerprint:
            raise ValueError(f"these tables are for the {self.variant.name} board, "
                             f"not {position.variant.name}")
        if table_rules_text(position.variant.rules) != self.rules_text:
            raise ValueError(f"these tables are for rules '{self.rules_text}', "
                             f"not '{table_rules_text(position.variant.rules)}'")
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
                raise ValueError(f"{name} must name at least one of the board's {self._n} points, "
                                 f"got {shown(value)}")
        if own & opp:
            raise ValueError("own and opp name the same point: a point holds one piece at most")
        codes = self.codes(own.bit_count(), opp.bit_count())
        if codes is None:
            return None
        return codes[core.class_index(self._n, own, opp)]

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
        return (f"position with {own.bit_count()} against {opp.bit_count()} pieces is not covered: "
                f"these {self.variant.name} tables hold up to {self.max_pieces} pieces a side"
                + ("" if self.cache_dir is None else " (or the class is not solved yet)"))

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
            rank = _move_rank(mine, child, bool(captured), own_count, opp_count, more_pieces)
            ranked.append((move, Value.from_code(mine), rank, order))
        ranked.sort(key=lambda item: (-item[2][0], -item[2][1], item[3]))
        return [(move, value, rank) for move, value, rank, _ in ranked]


def _move_rank(mine: int, child: int, capture: bool, own: int, opp: int,
               more_pieces: bool) -> tuple[int, int]:
    """How good a move is for its player (bigger is better), from the codes around it."""
    category = mine & 7
    if category == WIN:
        return (WIN, -(mine >> 3))
    if category == LOSS:
        return (LOSS, mine >> 3)
    if not more_pieces:
        return (category, 0)
    # Stand-in scoring: endless play in the present material gives `holding`.
    holding = (own > opp) - (own < opp)
    needs_capture = (category == WIN_STAND_IN and holding <= 0) or (category == DRAW and holding < 0)
    if needs_capture:
        # The capture that settles the result is the goal; else shorten the way to it.
        return (category, 0 if capture else -(child >> 3))
    if category == LOSS_STAND_IN and not capture:
        return (category, child >> 3)  # make the opponent's way to his capture long
    return (category, 0)


# --- building -------------------------------------------------------------------


def _material_pairs(max_pieces: int, size: int) -> list[tuple[int, int]]:
    # Pairs {(a, b), (b, a)} as (a, b) with a >= b, fewest pieces first. No side has more pieces
    # than the board has points (max_pieces=1,000,000 once looped 5 * 10^11 times here).
    return list(_pairs_in_order(max_pieces, size))


def _pairs_in_order(max_pieces: int, size: int) -> Iterable[tuple[int, int]]:
    """The pairs of :func:`_material_pairs`, one at a time (an estimate can stop early)."""
    most = min(max_pieces, size)
    for total in range(2, min(2 * most, size) + 1):
        for a in range((total + 1) // 2, min(most, total - 1) + 1):
            yield a, total - a


def _count(number: int) -> str:
    """A count for a message: exact up to 10^15, else its order of magnitude."""
    return f"{number:,}" if number < 10**15 else f"about 10^{len(str(number)) - 1}"


def _last_use_as_child(pairs: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """For each class, the index of the last pair whose captures lead into it."""
    last: dict[tuple[int, int], int] = {}
    for number, (a, b) in enumerate(pairs):
        # The mover of (a, b) captures k of b pieces: (b - k, a); likewise from (b, a).
        for mover, other in {(a, b), (b, a)}:
            for left in range(1, other):
                last[(left, mover)] = number
    return last


def estimate(variant: str | Variant, max_pieces: int, max_total: int | None = None) -> int:
    """How many positions (counted from the side to move) tables up to ``max_pieces`` hold.

    ``max_total`` leaves out classes with more pieces on the board, as in
    :func:`solve_endgames`.

    >>> estimate("mosona", 3), estimate("zuni-4", 6), estimate("mosona", 3, max_total=5)
    (4796100, 1255982, 1254100)
    """
    variant = _variant_of(variant, None)
    max_pieces = whole_number("max_pieces", max_pieces, 1)
    n = variant.tables.size
    total = n if max_total is None else min(n, whole_number("max_total", max_total, 2))
    most = min(max_pieces, n)  # no side has more pieces than the board has points
    return sum(core.class_size(n, a, b) for a in range(1, most + 1)
               for b in range(1, most + 1) if a + b <= total)


def _variant_of(variant: object, rules: str | Rules | None) -> Variant:
    """A variant given by name or as a Variant (under ``rules`` if given); a TypeError otherwise."""
    if isinstance(variant, str):
        return get_variant(variant, rules)
    if isinstance(variant, Variant):
        return variant if rules is None else variant.with_rules(rules)
    raise TypeError(f"a variant is a name such as 'mosona' or a Variant, got {type(variant).__name__}")


#: Cost model of the solver, fitted on a 2-core machine (Mosona, Kolowis,
#: Alquerque and zuni-4, line and bent leaps, 2 and 3 pieces a side): the
#: time per position grows with the moves a piece has (steps and leaps per
#: point) and with the pieces a side; the peak memory is about 200 bytes per
#: position (the tables and the lookups of smaller classes while solving).
SECONDS_PER_UNIT = 0.5e-6
BYTES_PER_POSITION = 200
#: The same for the rank-indexed array solver (:mod:`.tables`, boards of up to
#: ``MAX_POINTS`` points, what ``engine="auto"`` uses there), from Mosona with
#: up to 4 pieces a side (120 million positions: 231 s of CPU, 2.8 GB peak).
ARRAY_SECONDS_PER_UNIT = 0.1e-6
ARRAY_BYTES_PER_POSITION = 24


def estimate_cost(variant: str | Variant, max_pieces: int, max_total: int | None = None) -> tuple[int, float, int]:
    """Estimate ``(positions, seconds, bytes)`` for solving up to ``max_pieces`` a side.

    A rough upper estimate from the cost models above (within about a factor
    of two of measured times), for the engine ``solve_endgames`` picks by
    default: the array solver on boards it handles, else the pure-Python
    one. The command line refuses work estimated above an hour or 8 GB
    before starting.

    >>> positions, seconds, memory = estimate_cost("mosona", 4)
    >>> positions, round(seconds), memory // 2**20
    (119999650, 342, 2746)
    >>> positions, seconds, memory = estimate_cost("kolowis", 2)
    >>> positions, round(seconds), memory // 2**20
    (1384152, 10, 264)
    """
    variant = _variant_of(variant, None)
    tables = variant.tables
    positions = estimate(variant, max_pieces, max_total)
    moves_per_point = (sum(map(len, tables.steps)) + sum(map(len, tables.leaps))) / tables.size
    pieces = min(max_pieces, tables.size)
    if _array_solver_fits(tables.size):
        return (positions, positions * moves_per_point * pieces * ARRAY_SECONDS_PER_UNIT,
                positions * ARRAY_BYTES_PER_POSITION)
    return positions, positions * moves_per_point * pieces * SECONDS_PER_UNIT, positions * BYTES_PER_POSITION


def _resolve_cache(cache_dir: str | os.PathLike[str] | bool | None) -> Path | None:
    if cache_dir is False:
        return None
    if cache_dir is None or cache_dir is True:
        return default_cache_dir()
    if not isinstance(cache_dir, (str, os.PathLike)):
        raise TypeError(f"cache_dir is a folder, True/None for the default or False for none; "
                        f"got {type(cache_dir).__name__}")
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
        :mod:`~awithlaknannai.analysis.tables` (boards of up to 31 points);
        ``"python"``: :func:`~awithlaknannai.analysis.solver_core.solve_pair`.
        Both give the same tables; ``"auto"`` takes the arrays where the board allows.
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
    max_pieces = whole_number("max_pieces", max_pieces, 1)
    if max_total is not None:
        max_total = whole_number("max_total", max_total, 2)
    if report is not None and not callable(report):
        raise TypeError(f"report is a function taking one line of text, got {type(report).__name__}")
    if engine not in ("auto", "arrays", "python"):
        raise ValueError(f"engine must be 'auto', 'arrays' or 'python', got {shown(engine)}")
    flag("allow_long", allow_long)
    if engine == "arrays" and np is None:
        raise missing_package("the array solver (engine='arrays')", "numpy",
                              "or use engine='python' (the default picks it here)")
    if engine == "arrays" and variant.tables.size > ARRAY_MAX_POINTS:
        raise ValueError(f"the array solver handles boards of up to {ARRAY_MAX_POINTS} points")
    use_arrays = engine == "arrays" or (engine == "auto" and _array_solver_fits(variant.tables.size))
    tables = EndgameTables(variant, max_pieces, _resolve_cache(cache_dir))
    n = variant.tables.size
    size = n if max_total is None else min(n, max_total)
    if not allow_long:
        positions, seconds, memory, more = _work_left(tables, size, use_arrays)
        check_long_job(f"solve_endgames on {variant.name} ({tables.rules_text}), up to {max_pieces:,} pieces a side: "
                       f"{'more than ' if more else ''}{_count(positions)} positions", seconds, memory,
                       allow_long=False, advice="try a smaller max_pieces", at_least=more)
    pairs = _material_pairs(max_pieces, size)
    say = report or (lambda line: None)
    bits = core.BoardBits(variant)
    if use_arrays:
        from . import tables as array_solver
    rank_board = array_solver.RankBoard(variant) if use_arrays else None
    last_use = _last_use_as_child(pairs)
    for number, (a, b) in enumerate(pairs):
        members = [(a, b)] if a == b else [(a, b), (b, a)]
        loaded: dict[tuple[int, int], array] = {}
        for cls in members:
            try:
                codes = tables._load(*cls)
            except StaleTableError as error:
                say(f"cache: {error}; rebuilding")
                codes = None
            except OSError as error:
                say(f"cache: cannot read {cls[0]}v{cls[1]} ({error}); rebuilding")
                codes = None
            if codes is not None:
                loaded[cls] = codes
        if len(loaded) == len(members):
            for cls in members:
                tables._codes[cls] = loaded[cls]
                tables.reports.append(ClassReport.count(*cls, loaded[cls], 0.0, "cache"))
                say(_report_line(tables.reports[-1]))
            continue
        started = time.perf_counter()
        if rank_board is not None:
            solved = array_solver.solve_pair_arrays(variant, a, b, tables._code_array, rank_board)
        else:
            solved = core.solve_pair(variant, bits, a, b, tables._key_map)
        seconds = time.perf_counter() - started
        for cls in members:
            tables._codes[cls] = solved[cls]
            try:
                tables._store(*cls, solved[cls])
            except OSError as error:
                say(f"cache: cannot write {cls[0]}v{cls[1]} ({error}); keeping it in memory only")
            tables.reports.append(ClassReport.count(*cls, solved[cls], seconds, "solved"))
            say(_report_line(tables.reports[-1]))
        for cls in [cls for cls in tables._key_maps if last_use.get(cls, -1) <= number]:
            del tables._key_maps[cls]  # no bigger class captures into it any more: free the memory
    tables._key_maps.clear()  # only needed while solving
    _register(tables)
    return tables


def solve_game(variant: str | Variant = "zuni-4", *, rules: str | Rules | None = None,
               cache_dir: str | os.PathLike[str] | bool | None = None,
               report: Callable[[str], None] | None = None,
               engine: Literal["auto", "arrays", "python"] = "auto",
               allow_long: bool = False) -> EndgameTables:
    """Solve every position a variant's game can reach: all classes up to its start material.

    With the array solver, boards up to ``zuni-6`` (10^9 positions, about
    2 GB of tables) are practical on one machine; see ``benchmarks/solve.py``
    and ``benchmarks/solve_big.py`` for times. Arguments and errors as for
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
    return solve_endgames(variant, most, cache_dir=cache_dir, report=report, engine=engine, allow_long=allow_long)


def _work_left(tables: EndgameTables, size: int, use_arrays: bool) -> tuple[int, float, int, bool]:
    """``(positions, seconds, bytes, more)`` of solving, classes found in the cache counting as loaded.

    The model of :func:`estimate_cost` for the classes to solve; a class in
    the cache costs its 2 bytes a position in memory and no time to speak of.
    Stops adding up (``more`` is then true) once the job is far beyond the
    limits: ``zuni-1000`` has a million pairs of classes.
    """
    variant = tables.variant
    steps_and_leaps = sum(map(len, variant.tables.steps)) + sum(map(len, variant.tables.leaps))
    moves_per_point = steps_and_leaps / variant.tables.size
    pieces = min(tables.max_pieces, variant.tables.size)
    unit, per_position = ((ARRAY_SECONDS_PER_UNIT, ARRAY_BYTES_PER_POSITION) if use_arrays
                          else (SECONDS_PER_UNIT, BYTES_PER_POSITION))
    positions = solving = 0
    more = False
    for a, b in _pairs_in_order(tables.max_pieces, size):
        members = [(a, b)] if a == b else [(a, b), (b, a)]
        count = sum(core.class_size(variant.tables.size, *cls) for cls in members)
        positions += count
        try:
            cached = all((path := tables._path(*cls)) is not None and path.is_file() for cls in members)
        except OSError:  # a cache folder that cannot be read: the classes will be solved
            cached = False
        if not cached:
            solving += count
        if solving * moves_per_point * pieces * unit > 100 * LONG_JOB_SECONDS or \
                2 * positions + per_position * solving > 100 * LONG_JOB_BYTES:
            more = True
            break
    return (positions, solving * moves_per_point * pieces * unit, 2 * (positions - solving) + per_position * solving,
            more)


def _report_line(r: ClassReport) -> str:
    return (f"{r.name:>5} {r.positions:>10} {r.won:>10} {r.lost:>10} {r.drawn:>10} {r.on_pieces:>10} "
            f"{r.longest:>8} {r.seconds:>8.1f}" + ("  (cache)" if r.source == "cache" else ""))


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

    >>> from awithlaknannai import Position
    >>> t = solve_endgames("zuni-3", max_pieces=1, cache_dir=False)
    >>> best_moves(Position.from_pieces("zuni-3", {"T0": "w", "M1": "b"}))
    [(Move('T0xB1'), Value(outcome='win', plies=1, stand_in=False))]
    >>> best_moves(Position.start("zuni-3")) is None
    True
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
            raise TypeError(f"PerfectPlayer needs EndgameTables (see solve_game), got {type(tables).__name__}")
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
        return f"PerfectPlayer({self.tables.variant.name!r}, rules={self.tables.rules_text!r})"


# --- command line ------------------------------------------------------------------

#: What ``python -m awithlaknannai solve`` accepts, by :func:`estimate_cost` (as the command line's other jobs).
CLI_SECONDS_LIMIT = 3600
CLI_MEMORY_LIMIT = 8 * 2**30


def format_reports(reports: Iterable[ClassReport]) -> str:
    """The per-class table that ``python -m awithlaknannai solve`` prints, with a total line."""
    reports = list(reports)
    return "\n".join([_REPORT_HEADER, *(_report_line(r) for r in reports), _total_line(reports)])


_REPORT_HEADER = (f"{'class':>5} {'positions':>10} {'won':>10} {'lost':>10} {'drawn':>10} "
                  f"{'on pieces':>10} {'longest':>8} {'seconds':>8}")


def _total_line(reports: list[ClassReport]) -> str:
    # A pair AvB + BvA is built at once: count its time once.
    seconds = sum({(min(r.mover, r.opponent), max(r.mover, r.opponent)): r.seconds for r in reports}.values())
    total = ClassReport(0, 0, sum(r.positions for r in reports), sum(r.won for r in reports),
                        sum(r.lost for r in reports), sum(r.drawn for r in reports),
                        sum(r.on_pieces for r in reports), max((r.longest for r in reports), default=0),
                        seconds, "solved")
    return _report_line(total).replace("  0v0", "total", 1)


_duration = duration


def cli_solve(args: object) -> int:
    """``python -m awithlaknannai solve --variant V --rules R --max-pieces K``.

    Prints won / lost / drawn counts per material class (``AvB``: the side
    to move has A pieces, the other B) and in total, and the time taken.
    Tables are cached (see the module docstring; ``AWITHLAKNANNAI_CACHE``
    chooses the directory).
    """
    variant_name = getattr(args, "variant", "mosona")
    rules = get_rules(getattr(args, "rules", "standard"))
    max_pieces = getattr(args, "max_pieces", 2)
    if isinstance(max_pieces, bool) or not isinstance(max_pieces, int) or max_pieces < 1:
        raise ValueError(f"--max-pieces must be at least 1, got {shown(max_pieces)}")
    variant = get_variant(variant_name, rules)
    cache = default_cache_dir()  # a bad AWITHLAKNANNAI_CACHE is one clear line before anything starts
    total, seconds, memory = estimate_cost(variant, max_pieces)
    if seconds > CLI_SECONDS_LIMIT or memory > CLI_MEMORY_LIMIT:
        solver = "array" if _array_solver_fits(variant.tables.size) else "pure-Python"
        raise ValueError(f"--max-pieces {max_pieces:,} on {variant_name} means {total:,} positions, estimated "
                         f"{_duration(seconds)} and {memory / 2**30:,.1f} GB: more than the {solver} solver "
                         f"takes on (limits {_duration(CLI_SECONDS_LIMIT)} and {CLI_MEMORY_LIMIT / 2**30:.0f} GB); "
                         "try a smaller --max-pieces")
    print(f"Endgame tables for {variant_name}, rules {table_rules_text(rules)}, "
          f"1 to {max_pieces} pieces a side: {total:,} positions "
          f"(estimated at most {_duration(seconds)} and {memory / 2**20:,.0f} MB if nothing is cached).")
    print("Counted from the side to move (AvB: the mover has A pieces); each entry stands for "
          "White to move and Black to move.")
    print("Endless play counts as " + ("a win for the side with more pieces ('on pieces')."
                                        if rules.no_capture_result == "more_pieces" else "a draw."),
          flush=True)
    print(_REPORT_HEADER, flush=True)
    started = time.perf_counter()

    def show(line: str) -> None:  # one line per class, as soon as it is ready
        print(line, file=sys.stderr if line.startswith("cache:") else sys.stdout, flush=True)

    tables = solve_endgames(variant, max_pieces, report=show, cache_dir=cache, allow_long=True)  # checked above
    print(_total_line(tables.reports))
    print("won / lost / drawn: for the side to move; on pieces: how many of the won and lost ones "
          "are decided by endless play; longest: the longest win in plies; seconds: build time of "
          "AvB and BvA together.")
    print(f"time: {time.perf_counter() - started:.1f} s (cache: {tables.cache_dir})")
    return 0
