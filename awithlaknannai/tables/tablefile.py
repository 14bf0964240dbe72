"""Solved classes in memory and on disk: palette-coded codes and 2-bit win/draw/loss files.

A solved class is a :class:`ClassTable`: one value code per entry of its
canonical index (:mod:`~awithlaknannai.tables.symmetry`), stored as an index
into the class's *palette*, the sorted list of the codes that occur. A class
rarely has more than 256 different codes (wins and losses up to about 250
plies), so a position costs 1 byte, against 2 for the codes themselves and 4
times fewer positions than without the board's symmetry.

Files
-----
Two files per class, each one line of JSON (the header) followed by the body:

* ``AvB.tbl`` -- the palette indices (``typecode`` ``"B"``, 1 byte, or
  ``"H"``, 2 bytes little-endian), with ``palette`` and ``counts`` (how many
  positions of the whole class have each code, symmetric ones counted
  once each) in the header. Lookups, hints and the build of bigger classes
  read it.
* ``AvB.wdl`` -- the result alone, 2 bits an entry (0 loss, 1 draw, 2 win,
  for the side to move; a result on pieces counts as a win or a loss), four
  entries a byte from the low bits up: what "who wins" needs, a quarter of
  the ``.tbl``. Optional: nothing else depends on it.

Both are read through a memory map (:class:`numpy.memmap`) when larger than
:data:`MAP_FROM_BYTES`, so a lookup touches a page of the file, not the
whole class (smaller ones are copied into memory); they are checked in full
once when opened (size, header, CRC-32 of the body, every palette index
and code possible), and a file that fails any check is refused with a
:class:`StaleTableError` saying why.

Without numpy (Python in the browser, :mod:`awithlaknannai.lite`) the same
files are written and read with the standard library: palette and body are
:class:`array.array` (``"H"``; ``"B"`` or ``"H"``), a body is read into
memory rather than mapped, and every table is in the plain order
(:class:`PlainIndex`: the symmetric index is ranked with numpy), so a file
built by symmetry class elsewhere is refused there and rebuilt.

Examples
--------
>>> import numpy as np
>>> codes = np.array([12, 4, 4, 2, 0], dtype=np.uint16)
>>> t = ClassTable.from_codes(PlainIndex(5, 1, 1), codes)
>>> t.palette.tolist(), t.body.tolist()
([0, 2, 4, 12], [3, 2, 2, 1, 0])
>>> wdl_of(codes).tolist()
[2, 2, 2, 1, 0]
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
import weakref
import zlib
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite): the pure-Python solver's tables, in array.array
    np = None  # type: ignore[assignment]

from ..errors import shown
from ..rules import Rules
from ..variants import Variant
from . import solver_core as core
from .solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN

if TYPE_CHECKING:
    from .symmetry import SymmetricIndex

__all__ = [
    "SOLVER_VERSION",
    "TABLE_FORMAT",
    "TABLE_FORMAT_VERSION",
    "board_fingerprint",
    "table_rules_text",
    "symmetry_digest",
    "header",
    "ClassTable",
    "PlainIndex",
    "StaleTableError",
    "CacheDirError",
    "write_class",
    "read_class",
    "read_wdl",
    "TableFiles",
    "wdl_of",
    "impossible_codes",
    "default_cache_dir",
    "table_dir",
    "HEADER_LIMIT",
]

HEADER_LIMIT = 1 << 20  # a header line longer than this is not ours (a palette of 65,536 codes fits)
_HEADER_BRACKETS = 8  # our header has four lists in one object
_READ_STEP = 1 << 24  # bytes checked at a time through the memory map
#: Bodies larger than this stay memory-mapped; smaller ones are read into memory.
MAP_FROM_BYTES = 1 << 24
#: The most entries :meth:`ClassTable.full_codes` spells out in the plain order (2 bytes each).
MAX_EXPANDED = 1 << 27


class StaleTableError(ValueError):
    """A cached table file does not match what the solver would build now."""


class PlainIndex:
    """The plain order of :func:`~awithlaknannai.tables.solver_core.class_keys`, for any board size
    (the symmetric index needs a board of at most 31 points)."""

    group: tuple[tuple[int, ...], ...] = ()

    def __init__(self, n: int, a: int, b: int) -> None:
        self.n, self.a, self.b = n, a, b
        self.size = self.full_size = core.class_size(n, a, b)

    def index_one(self, own: int, opp: int) -> int:
        return core.class_index(self.n, own, opp)

    def plain_positions(self, start: int, stop: int) -> np.ndarray | range:
        """The entries naming the plain-order positions ``start:stop`` (a range without numpy)."""
        if np is None:
            return range(start, stop)
        return np.arange(start, stop, dtype=np.int64)


def _wdl_code(code: int) -> int:
    """0 (loss), 1 (draw) or 2 (win) for one code."""
    category = code & 7
    return 1 if category == DRAW else 2 if category >= WIN_STAND_IN else 0


def wdl_of(codes: np.ndarray | Iterable[int]) -> np.ndarray | bytes:
    """0 (loss), 1 (draw) or 2 (win) per code, for the side to move (bytes without numpy)."""
    if np is None:
        return bytes(map(_wdl_code, codes))
    category = codes & 7  # type: ignore[operator]
    return np.where(category == DRAW, 1, np.where(category >= WIN_STAND_IN, 2, 0)).astype(np.uint8)


class ClassTable:
    """One solved class: palette-coded codes in the order of its index.

    Parameters
    ----------
    index : SymmetricIndex or PlainIndex
        The class's order.
    palette : numpy.ndarray or array.array
        The codes that occur (``uint16``, sorted; ``array("H")`` without numpy).
    body : numpy.ndarray or array.array
        An index into ``palette`` per entry (``uint8`` or ``uint16``, may be a
        memory map; ``array("B")`` or ``array("H")`` without numpy).
    counts : dict, optional
        Positions of the whole class per code (computed when not given).
    """

    def __init__(
        self,
        index: PlainIndex | SymmetricIndex,
        palette: Any,
        body: Any,
        counts: dict[int, int] | None = None,
    ) -> None:
        self.index = index
        self.palette = palette
        self.body = body
        self._counts = counts

    @classmethod
    def from_codes(cls, index: PlainIndex | SymmetricIndex, codes: np.ndarray | array) -> ClassTable:
        """Palette-code the codes of every entry (``uint16`` in the index's order; ``array("H")`` without numpy)."""
        if np is None:
            palette = sorted(set(codes))
            lookup = {code: number for number, code in enumerate(palette)}
            body = array("B" if len(palette) <= 256 else "H", map(lookup.__getitem__, codes))
            return cls(index, array("H", palette), body)
        present = np.flatnonzero(np.bincount(codes, minlength=1 << 16))
        lookup = np.zeros(1 << 16, dtype=np.uint8 if present.size <= 256 else np.uint16)
        lookup[present] = np.arange(present.size)
        return cls(index, present.astype(np.uint16), lookup[codes])

    @property
    def entries(self) -> int:
        return len(self.body)

    def codes_at(self, entries: np.ndarray | Iterable[int]) -> np.ndarray | list[int]:
        """The codes of table entries (``uint16``; a list without numpy)."""
        if np is None:
            palette, body = self.palette, self.body
            return [palette[body[entry]] for entry in entries]
        return self.palette[self.body[entries]]

    def codes(self) -> np.ndarray | array:
        """Every entry's code, in the index's order (for building and small classes)."""
        if np is None:
            return array("H", map(self.palette.__getitem__, self.body))
        return self.palette[np.asarray(self.body)]

    def code(self, own: int, opp: int) -> int:
        """The code of one position of the class (any member of its orbit)."""
        index = self.index
        if isinstance(index, PlainIndex):
            entry = index.index_one(own, opp)
        else:
            entry = int(index.index(np.array([own], dtype=np.uint32), np.array([opp], dtype=np.uint32))[0])
        return int(self.palette[self.body[entry]])

    # -- the plain order, for code that walks a class with class_keys
    def __len__(self) -> int:
        return int(self.index.full_size)

    def __iter__(self) -> Iterator[int]:
        step = 1 << 18
        for start in range(0, len(self), step):
            codes = self.codes_at(_plain_entries(self.index, start, min(len(self), start + step)))
            yield from codes if np is None else codes.tolist()  # type: ignore[union-attr]

    def full_codes(self) -> array:
        """The codes of every position of the class in the order of ``class_keys`` (``array("H")``)."""
        if len(self) > MAX_EXPANDED:
            raise ValueError(
                f"class {self.index.a}v{self.index.b} has {len(self):,} positions: "
                f"too many to list in the plain order (at most {MAX_EXPANDED:,}); look them up one "
                "by one (code_of)"
            )
        if np is None:  # only the plain order here: the body is already in it
            return self.codes()
        codes = self.codes_at(_plain_entries(self.index, 0, len(self)))
        return array("H", codes.tobytes())  # type: ignore[union-attr]

    def counts(self) -> dict[int, int]:
        """How many positions of the whole class have each code (symmetric ones counted each)."""
        if self._counts is None:
            self._counts = _count_positions(self)
        return self._counts

    def wdl(self) -> np.ndarray | bytes:
        """The entries' results packed 4 to a byte (the body of a ``.wdl`` file)."""
        if np is None:
            per_index = wdl_of(self.palette)
            results = bytes(map(per_index.__getitem__, self.body)) + bytes(-len(self.body) % 4)
            quads = [iter(results)] * 4
            return bytes(a | b << 2 | c << 4 | d << 6 for a, b, c, d in zip(*quads, strict=True))
        values = np.asarray(wdl_of(self.palette))[np.asarray(self.body)]
        padded = np.zeros(-(-values.size // 4) * 4, dtype=np.uint8)
        padded[: values.size] = values
        quads = padded.reshape(-1, 4)
        return (quads[:, 0] | quads[:, 1] << 2 | quads[:, 2] << 4 | quads[:, 3] << 6).astype(np.uint8)


def _plain_entries(index: PlainIndex | SymmetricIndex, start: int, stop: int) -> np.ndarray | range:
    """The table entries of the plain-order positions ``start:stop`` of a class."""
    if isinstance(index, PlainIndex):
        return index.plain_positions(start, stop)
    own, opp = index.board.class_keys(index.a, index.b, start, stop)
    return index.index(own, opp)


def _count_positions(table: ClassTable, first: int = 0) -> dict[int, int]:
    """Positions per code: each canonical entry counts its orbit, a hole nothing (``table.body[i]``
    is entry ``first + i`` of the class: a block of it, in the distributed build)."""
    index = table.index
    if np is None:  # the plain order only (no symmetric index without numpy): an entry is a position
        numbers = Counter(table.body)
        return {int(table.palette[number]): count for number, count in sorted(numbers.items())}
    if isinstance(index, PlainIndex) or len(index.group) == 1:
        numbers = np.bincount(np.asarray(table.body), minlength=table.palette.size)
        return {int(c): int(k) for c, k in zip(table.palette, numbers, strict=True) if k}
    totals = np.zeros(table.palette.size, dtype=np.int64)
    step = 1 << 20
    for start in range(0, table.entries, step):
        entries = np.arange(first + start, first + min(table.entries, start + step), dtype=np.int64)
        own, opp = index.unrank(entries)
        weight = index.orbit_sizes(own, opp)
        symmetric = np.flatnonzero(index.symmetric_own(own))
        if symmetric.size:
            twin = index.index(own[symmetric], opp[symmetric])
            weight[symmetric[twin != entries[symmetric]]] = 0
        totals += np.bincount(
            table.body[start : start + step], weights=weight, minlength=table.palette.size
        ).astype(np.int64)
    return {int(c): int(k) for c, k in zip(table.palette, totals, strict=True) if k}


SOLVER_VERSION = 1
TABLE_FORMAT = "awithlaknannai-endgame-table"
TABLE_FORMAT_VERSION = 2  # 1: 16-bit codes of every position; 2: palette-coded, one entry per orbit

# --- identity of a table: board and rules ----------------------------------------


def board_fingerprint(variant: Variant) -> str:
    """A SHA-256 digest of the board as the solver sees it: points, steps and leaps.

    Two variants with the same drawing (``mosona`` and ``zuni-8``) share it;
    removing one line changes it.

    >>> from awithlaknannai.variants import get_variant
    >>> board_fingerprint(get_variant("mosona")) == board_fingerprint(get_variant("zuni-8"))
    True
    >>> board_fingerprint(get_variant("mosona")) == board_fingerprint(get_variant("mosona-murray"))
    False
    """
    tables = variant.tables
    known = _FINGERPRINTS.get(tables)
    if known is None:
        text = json.dumps(
            [
                list(tables.points),
                [list(s) for s in tables.steps],
                [[list(leap) for leap in leaps] for leaps in tables.leaps],
            ]
        )
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
    return rules.replace(
        quiet_turn_limit=default.quiet_turn_limit, repetition_limit=default.repetition_limit
    ).to_text()


def symmetry_digest(group: tuple[tuple[int, ...], ...]) -> str:
    """A short digest of the symmetries a table is built with (in its header)."""
    return f"{len(group)}:" + hashlib.sha256(json.dumps(group).encode()).hexdigest()[:16]


def header(
    variant: Variant,
    rules_text: str,
    fingerprint: str,
    mover: int,
    opponent: int,
    index: PlainIndex | SymmetricIndex,
) -> dict[str, object]:
    return {
        "format": TABLE_FORMAT,
        "format_version": TABLE_FORMAT_VERSION,
        "solver_version": SOLVER_VERSION,
        "variant": variant.name,
        "rules": rules_text,
        "board": fingerprint,
        "points": list(variant.points),
        "class": [mover, opponent],
        "entries": index.size,
        "positions": index.full_size,
        "symmetry": symmetry_digest(index.group),
        "byteorder": "little",
    }


# --- the cache folder ------------------------------------------------------------------------------


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
        raise CacheDirError(
            "the endgame cache needs a folder: there is no home directory here; "
            "set AWITHLAKNANNAI_CACHE to one"
        ) from None
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
        raise CacheDirError(
            f"{setting} {shown(name)} cannot be a folder: '~' names a home directory that does not exist here"
        ) from None


class CacheDirError(ValueError):
    """The cache folder setting cannot be used (the message says why)."""


_SAFE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def table_dir(root: Path, variant: Variant, rules_text: str, fingerprint: str) -> Path:
    slug = (
        rules_text
        if all(c.isalnum() or c in "-_" for c in rules_text)
        else ("custom-" + hashlib.sha256(rules_text.encode()).hexdigest()[:12])
    )
    # A variant's name becomes a folder name only if it is a plain one (a hand-built variant may be
    # called '../../x'): anything else is named by its hash, inside the cache folder.
    name = (
        variant.name
        if _SAFE_NAME.fullmatch(variant.name)
        else ("custom-" + hashlib.sha256(variant.name.encode("utf-8", "surrogatepass")).hexdigest()[:12])
    )
    return root / "endgames" / f"{name}-{fingerprint[:12]}" / slug


# --- checks -------------------------------------------------------------------------------------


def impossible_codes(codes: np.ndarray | Iterable[int], rules_text: str) -> np.ndarray | list[bool]:
    """Whether each code is one no solved position can have (a list without numpy).

    A code is ``distance << 3 | category``: the category is 0 to 4; a win is
    an odd number of plies away, a loss an even number; without stand-in
    scoring (``no_capture_result="draw"``) there are no stand-in results
    and a draw has no distance.

    >>> [bool(bad) for bad in impossible_codes([3 << 3 | WIN, 2 << 3 | WIN, 1 << 3 | DRAW], "standard")]
    [False, True, True]
    """
    try:
        stand_in = Rules.from_text(rules_text).no_capture_result == "more_pieces"
    except ValueError:
        stand_in = True
    if np is None:
        return [_impossible(int(code), stand_in) for code in codes]
    codes = np.asarray(codes).astype(np.int64)
    category = codes & 7
    distance = codes >> 3
    bad = (
        (category > WIN)
        | ((category == WIN) & (distance % 2 == 0))
        | ((category == LOSS) & (distance % 2 == 1))
    )
    if not stand_in:
        bad |= (
            (category == WIN_STAND_IN) | (category == LOSS_STAND_IN) | ((category == DRAW) & (distance != 0))
        )
    return bad


def _impossible(code: int, stand_in: bool) -> bool:
    """:func:`impossible_codes` for one code."""
    category, distance = code & 7, code >> 3
    if category > WIN or (category == WIN and distance % 2 == 0) or (category == LOSS and distance % 2 == 1):
        return True
    return not stand_in and (
        category in (WIN_STAND_IN, LOSS_STAND_IN) or (category == DRAW and distance != 0)
    )


# --- writing --------------------------------------------------------------------------------------


def _atomic_write(path: Path, parts: list[bytes | memoryview]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # A name of its own per writer (processes and threads alike), removed if
    # anything fails (a full disk): readers never see a half-written file.
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            for part in parts:
                file.write(part)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _little(values: np.ndarray) -> np.ndarray:
    return values.astype(values.dtype.newbyteorder("<"), copy=False)


def _little_bytes(body: np.ndarray | array) -> tuple[str, memoryview]:
    """A body's typecode (``"B"`` or ``"H"``) and its bytes, little-endian as in the file."""
    if np is None:
        if sys.byteorder == "big" and body.itemsize > 1:
            body = array(body.typecode, body)
            body.byteswap()
        return body.typecode, memoryview(body).cast("B")
    body = np.ascontiguousarray(_little(np.asarray(body)))
    # .data: the array's own memoryview (numpy's stubs declare its buffer protocol only from 3.12 on).
    return "B" if body.dtype.itemsize == 1 else "H", body.data.cast("B")


def write_class(path: Path, header: dict[str, object], table: ClassTable, wdl: bool = True) -> None:
    """Write ``path`` (the ``.tbl``) and, if asked, ``path.with_suffix(".wdl")``."""
    typecode, body = _little_bytes(table.body)
    counts = table.counts()
    full = dict(
        header,
        typecode=typecode,
        palette=table.palette.tolist(),
        counts=[counts.get(int(c), 0) for c in table.palette],
        crc32=zlib.crc32(body),
    )
    _atomic_write(path, [json.dumps(full).encode() + b"\n", body])
    if wdl:
        results = table.wdl()
        packed = memoryview(results) if isinstance(results, bytes) else results.data
        wdl_header = dict(
            header, format=str(header["format"]) + "-wdl", typecode="wdl2", crc32=zlib.crc32(packed)
        )
        _atomic_write(path.with_suffix(".wdl"), [json.dumps(wdl_header).encode() + b"\n", packed])


# --- reading --------------------------------------------------------------------------------------


def _open_checked(
    path: Path, expected: dict[str, object], most_bytes: int
) -> tuple[dict[str, object], int, object]:
    """Open a table file: the header (checked against ``expected``), where the body starts, and the
    open file (the caller maps and closes it).

    Only a regular file is opened for reading (a FIFO or a device, also
    behind a link, is refused without waiting), and only if it is no larger
    than the table can be.
    """
    # O_NONBLOCK: opening a FIFO must not wait for a writer.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    handle = os.fdopen(fd, "rb")
    try:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise StaleTableError(f"{path.name}: not a regular file")
        if info.st_size > HEADER_LIMIT + most_bytes:
            raise StaleTableError(f"{path.name}: {info.st_size:,} bytes, too large for this table")
        line = handle.readline(HEADER_LIMIT)
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
                if field in ("board", "points"):
                    raise StaleTableError(f"{path.name}: built for a different board")
                raise StaleTableError(f"{path.name}: {field} is {header.get(field)!r}, expected {want!r}")
        return header, len(line), handle
    except BaseException:
        handle.close()
        raise


def _map_body(path: Path, handle: Any, start: int, count: int, typecode: str) -> np.ndarray | array:
    """The body of ``count`` entries of ``typecode`` (``"B"`` or ``"H"``, little-endian) after ``start``:
    memory-mapped when large, else in memory (always in memory, as an ``array``, without numpy)."""
    itemsize = 1 if typecode == "B" else 2
    size = os.fstat(handle.fileno()).st_size - start
    if size != count * itemsize:
        raise StaleTableError(
            f"{path.name}: truncated or padded body ({size:,} bytes, expected {count * itemsize:,})"
        )
    if np is None:
        handle.seek(start)
        body = array(typecode)
        body.frombytes(handle.read(size))
        if len(body) != count:  # the file shrank since it was measured
            raise StaleTableError(f"{path.name}: truncated body (changed while read)")
        if sys.byteorder == "big" and itemsize > 1:
            body.byteswap()
        return body
    dtype = np.uint8 if typecode == "B" else np.uint16
    if count == 0:
        return np.zeros(0, dtype=dtype)
    mapped = np.memmap(
        handle, dtype=np.dtype(dtype).newbyteorder("<"), mode="r", offset=start, shape=(count,)
    )
    # A small table is copied into memory: a file changed in place later cannot change it.
    return np.array(mapped) if size <= MAP_FROM_BYTES else mapped


def _crc(body: np.ndarray | array) -> int:
    if np is None:
        return zlib.crc32(_little_bytes(body)[1])
    raw = body.view(np.uint8)  # type: ignore[union-attr]
    crc = 0
    for start in range(0, raw.size, _READ_STEP):
        crc = zlib.crc32(np.ascontiguousarray(raw[start : start + _READ_STEP]).data, crc)
    return crc


def read_class(
    path: Path, expected: dict[str, object], index: PlainIndex | SymmetricIndex, rules_text: str
) -> ClassTable:
    """Open a ``.tbl`` file; raise :class:`StaleTableError` saying why it cannot be used."""
    entries = int(expected["entries"])  # type: ignore[call-overload]
    header, start, handle = _open_checked(path, expected, 2 * entries)
    with handle:  # type: ignore[attr-defined]
        typecode = header.get("typecode")
        palette = header.get("palette")
        counts = header.get("counts")
        if typecode not in ("B", "H") or not isinstance(palette, list) or not isinstance(counts, list):
            raise StaleTableError(f"{path.name}: the header has no palette of codes")
        if (
            not all(type(c) is int and 0 <= c < 1 << 16 for c in palette)
            or palette != sorted(set(palette))
            or len(palette) > (256 if typecode == "B" else 1 << 16)
        ):
            raise StaleTableError(f"{path.name}: the palette is not a sorted list of distinct codes")
        if (
            len(counts) != len(palette)
            or not all(type(k) is int and k >= 0 for k in counts)
            or sum(counts) != expected.get("positions")
        ):
            raise StaleTableError(f"{path.name}: the counts do not add up to the class's positions")
        body = _map_body(path, handle, start, entries, typecode)
    if _crc(body) != header.get("crc32"):
        raise StaleTableError(f"{path.name}: the body's checksum does not match (corrupt file)")
    if np is None:
        bad = impossible_codes(palette, rules_text)
        return _checked_plain(path, index, palette, counts, body, bad)
    codes = np.array(palette, dtype=np.int64)
    bad = np.append(impossible_codes(codes, rules_text), True)  # the last: an index past the palette
    for lo in range(0, entries, _READ_STEP):
        part = np.minimum(np.asarray(body[lo : lo + _READ_STEP]).astype(np.int64), len(palette))
        wrong = np.flatnonzero(bad[part])
        if wrong.size:
            first, held = lo + int(wrong[0]), int(part[wrong[0]])
            shown = f"code {palette[held]}" if held < len(palette) else "a palette index past the palette"
            raise StaleTableError(
                f"{path.name}: entry {first:,} holds {shown}, which no position can have "
                "(a corrupt file with a valid checksum)"
            )
    return ClassTable(
        index,
        codes.astype(np.uint16),
        body,
        {int(c): int(k) for c, k in zip(palette, counts, strict=True) if k},
    )


def _checked_plain(
    path: Path,
    index: PlainIndex | SymmetricIndex,
    palette: list[int],
    counts: list[int],
    body: array,
    bad: list[bool],
) -> ClassTable:
    """:func:`read_class`'s check of every entry, without numpy: each palette index the body holds
    names a code of the palette that a position can have."""

    def wrong(number: int) -> bool:
        return number >= len(palette) or bad[number]

    if any(map(wrong, set(body))):  # the distinct indices first: the body is read once more only to say where
        first = next(entry for entry, number in enumerate(body) if wrong(number))
        held = body[first]
        shown = f"code {palette[held]}" if held < len(palette) else "a palette index past the palette"
        raise StaleTableError(
            f"{path.name}: entry {first:,} holds {shown}, which no position can have "
            "(a corrupt file with a valid checksum)"
        )
    held_counts = {c: k for c, k in zip(palette, counts, strict=True) if k}
    return ClassTable(index, array("H", palette), body, held_counts)


#: For each byte of a ``.wdl`` body: 1 if one of its four 2-bit fields holds 3 (no result), else 0.
_BAD_WDL_BYTES = bytes(1 if (value >> 1) & value & 0x55 else 0 for value in range(256))


def read_wdl(path: Path, expected: dict[str, object]) -> np.ndarray | array:
    """Open a ``.wdl`` file (the packed bytes, memory-mapped; in memory without numpy), checked as
    :func:`read_class` checks."""
    entries = int(expected["entries"])  # type: ignore[call-overload]
    packed = -(-entries // 4)
    header, start, handle = _open_checked(
        path, dict(expected, format=str(expected["format"]) + "-wdl", typecode="wdl2"), packed
    )
    with handle:  # type: ignore[attr-defined]
        body = _map_body(path, handle, start, packed, "B")
    if _crc(body) != header.get("crc32"):
        raise StaleTableError(f"{path.name}: the body's checksum does not match (corrupt file)")
    if np is None:
        if body.tobytes().translate(_BAD_WDL_BYTES).find(1) >= 0:
            raise StaleTableError(f"{path.name}: a result no position can have (a corrupt file)")
    else:
        for i in range(0, packed, _READ_STEP):
            part = np.asarray(body[i : i + _READ_STEP])
            if ((part >> 1) & part & 0x55).any():  # a 2-bit field holding 3
                raise StaleTableError(f"{path.name}: a result no position can have (a corrupt file)")
    if entries % 4 and int(body[-1]) >> (2 * (entries % 4)):
        raise StaleTableError(f"{path.name}: bits set past the last entry (a corrupt file)")
    return body


class TableFiles:
    """The two files of one solved class, ``AvB.tbl`` and ``AvB.wdl``: one table, checked, written and
    discarded together.

    Both files are checked whenever the class is read: if either is damaged
    (a flipped bit, a file of another class, a ``.tbl`` copied over the
    ``.wdl``, a file cut short), :meth:`read` removes both and raises
    :class:`StaleTableError`, and the solver builds the class again and
    writes both anew. Nothing but the solver writes these files. The
    ``.wdl`` stays optional: without it, the results are taken from the
    ``.tbl`` in memory.

    Parameters
    ----------
    tbl : Path
        The ``.tbl`` file; the ``.wdl`` is beside it, with the same stem.
    """

    def __init__(self, tbl: Path) -> None:
        self.tbl = Path(tbl)
        self.wdl = self.tbl.with_suffix(".wdl")

    def __repr__(self) -> str:
        return f"TableFiles({str(self.tbl)!r})"

    def exist(self) -> bool:
        """Whether both files are there (the class is cached, if they pass their checks)."""
        return self.tbl.is_file() and self.wdl.is_file()

    def write(self, header: dict[str, object], table: ClassTable) -> None:
        """Write both files (each atomically: a reader sees an old file or a whole new one)."""
        write_class(self.tbl, header, table, wdl=True)

    def read_wdl(self, expected: dict[str, object]) -> np.ndarray | array:
        """The packed results alone (who wins, without the ``.tbl``), checked; a damaged file is
        removed (with its ``.tbl``, if any) and :class:`StaleTableError` raised."""
        try:
            return read_wdl(self.wdl, expected)
        except StaleTableError:
            self.discard()
            raise

    def read(
        self, expected: dict[str, object], index: PlainIndex | SymmetricIndex, rules_text: str
    ) -> tuple[ClassTable, np.ndarray | array | bytes]:
        """The class and its packed results, both files checked in full; or :class:`StaleTableError`
        (naming the damaged file) once both files are removed."""
        try:
            table = read_class(self.tbl, expected, index, rules_text)
            packed = read_wdl(self.wdl, expected) if self.wdl.exists() else table.wdl()
        except StaleTableError:
            self.discard()
            raise
        return table, packed

    def discard(self) -> None:
        """Remove both files (those that are there)."""
        for path in (self.tbl, self.wdl):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def wdl_entry(packed: np.ndarray | array | bytes, entry: int) -> int:
    """The result (0 loss, 1 draw, 2 win) of one entry of a packed ``.wdl`` body."""
    return int(packed[entry >> 2]) >> (2 * (entry & 3)) & 3
