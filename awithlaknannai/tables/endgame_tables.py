"""Solved endgame tables of one variant: values and optimal moves of the positions they cover.

:mod:`awithlaknannai.tables.solver` builds them (its docstring says what perfect play means here,
and how the tables are laid out and cached); :class:`EndgameTables` holds, reads and looks them up.
"""

from __future__ import annotations

import contextlib
import os
from array import array
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import shown
from ..i18n import gettext, pgettext
from ..limits import whole_number
from ..position import Move, Position, generate_raw
from ..variants import Color, Variant
from . import solver_core as core
from .costs import array_solver_fits
from .solver_core import LOSS
from .symmetry import SymmetricIndex, board_symmetries
from .tablefile import (
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
    import numpy as np

    from .ranks import RankBoard

__all__ = ["EndgameTables"]


class EndgameTables:
    """Solved material classes of one variant under one set of rules.

    Build with :func:`~awithlaknannai.tables.solver.solve_endgames` or
    :func:`~awithlaknannai.tables.solver.solve_game`. Classes are
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

    def summary(self) -> str:
        """The counts of each class solved, one line a class, under headings in the session's language.

        Seen from the side to move: ``1 v 2`` is one piece, to move, against two.

        Examples
        --------
        >>> from awithlaknannai.tables.solver import solve_endgames
        >>> print(solve_endgames("zuni-3", max_pieces=1, cache_dir=False).summary())
        pieces (to move v other)  positions  won  lost  drawn
        1 v 1                            90   20     0     70
        """
        headings = (
            gettext("pieces (to move v other)"),
            gettext("positions"),
            pgettext("chart legend", "won"),  # whole words, as a chart's legend has them
            pgettext("chart legend", "lost"),
            pgettext("chart legend", "drawn"),
        )
        rows = [
            (f"{r.mover} v {r.opponent}", f"{r.positions:,}", f"{r.won:,}", f"{r.lost:,}", f"{r.drawn:,}")
            for r in self.reports
        ]
        widths = [max(len(row[i]) for row in (headings, *rows)) for i in range(len(headings))]
        return "\n".join(
            "  ".join(
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(row, widths))
            ).rstrip()
            for row in (headings, *rows)
        )

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
        if isinstance(table_index, PlainIndex):
            entry = table_index.index_one(own, opp)
        else:  # a symmetric index exists only where numpy does (not in a browser's Pyodide)
            import numpy as np

            entry = int(table_index.index(np.array([own], np.uint32), np.array([opp], np.uint32))[0])
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
