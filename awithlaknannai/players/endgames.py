"""Perfect endgames for the search players: endgame tables where they cover a position.

The endgame solver (:mod:`awithlaknannai.tables.solver`) works out who
wins every position with few pieces a side, and how quickly. A player given
an :class:`EndgameProbe` plays such positions perfectly: where the tables
cover the position to move in, it chooses only among their best moves. The
tables are not consulted inside the search (see
:class:`~awithlaknannai.players.alphabeta.AlphaBetaPlayer`: exact values
beside the evaluation's estimates made it throw pieces away).

Tables come from two places, and nothing is ever written to disk here:

* classes already solved in the table cache (``$AWITHLAKNANNAI_CACHE``, or
  the user cache folder; see :func:`~awithlaknannai.tables.solver.default_cache_dir`),
  read the first time a position needs them;
* the classes small enough to solve on the spot, in memory: up to
  :data:`SOLVE_ON_THE_SPOT` seconds by the solver's own estimate (Mosona up
  to 2 pieces a side, about 0.2 s, once per session).

What "perfect" means is the solver's: the turn limit and repetition are left
out, so a table win longer than the quiet-turn limit would end as the rules
score that limit; the quickest wins are chosen, and Mosona's longest quiet
stretches are far below 50 turns.

Examples
--------
>>> from awithlaknannai import Position
>>> probe = EndgameProbe.for_variant(Position.start("zuni-3").variant)
>>> p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
>>> probe.covers(p.white, p.black), probe.value(p.white, p.black)
(True, (4, 3))
"""

from __future__ import annotations

import weakref
from typing import Any

from ..position import Move, Position
from ..variants import Variant

__all__ = [
    "PROBE_PIECES",
    "SOLVE_ON_THE_SPOT",
    "SOLVE_ON_THE_SPOT_BYTES",
    "EndgameProbe",
    "check_endgames",
    "table_moves",
]

#: Players look positions up in the tables only with at most this many pieces (4 against 4).
PROBE_PIECES = 8

#: The longest a player spends solving small endgames on the spot, once per
#: variant and session, by the solver's estimate (in seconds).
SOLVE_ON_THE_SPOT = 0.5
#: ... and the most memory, by the same estimate (a quarter of Binder's 2 GB).
SOLVE_ON_THE_SPOT_BYTES = 512 * 2**20


class EndgameProbe:
    """The exact values of one variant's positions with few pieces, from endgame tables.

    Build it with :meth:`for_variant` (shared by every player of the variant).

    Parameters
    ----------
    variant : Variant
        The board and rules (a shrinking board has no tables: nothing is covered).
    sources : list of EndgameTables
        Where to look, in order.
    """

    def __init__(self, variant: Variant, sources: list[Any]) -> None:
        self.variant = variant
        self.sources = sources
        # The most pieces a side may have in a covered position (both sides at most this).
        self.max_pieces = max((t.max_pieces for t in sources), default=0)
        self._classes: dict[tuple[int, int], Any] = {}  # (mover, other) -> its table, or None: not solved

    @classmethod
    def for_variant(cls, variant: Variant) -> EndgameProbe:
        """The probe of ``variant``: its cached tables, and the small classes solved on the spot."""
        key = _probe_key(variant)
        found = _PROBES.get(key)
        if found is None:
            found = _PROBES[key] = cls(variant, _sources(variant))
        return found

    def _class_table(self, mover: int, other: int) -> Any:
        """The first source's table of one material class (a ``ClassTable``), or ``None``."""
        key = (mover, other)
        if key in self._classes:
            return self._classes[key]
        found = None
        for tables in self.sources:
            if mover <= tables.max_pieces and other <= tables.max_pieces:
                try:
                    found = tables.table(mover, other)
                except (OSError, ValueError):  # a table file that cannot be read: as if not solved
                    found = None
                if found is not None:
                    break
        self._classes[key] = found
        return found

    def code(self, own: int, opp: int) -> int | None:
        """The table code of a position (``own`` to move, both sides with pieces), or ``None``."""
        mover, other = own.bit_count(), opp.bit_count()
        if mover > self.max_pieces or other > self.max_pieces or not mover or not other:
            return None
        table = self._class_table(mover, other)
        return None if table is None else table.code(own, opp)

    def covers(self, own: int, opp: int) -> bool:
        """Whether the tables hold this position (``own`` to move)."""
        return self.code(own, opp) is not None

    def value(self, own: int, opp: int) -> tuple[int, int] | None:
        """``(category, plies)`` of a covered position: 4 win, 3 win on pieces, 2 draw, 1 and 0 losses."""
        code = self.code(own, opp)
        return None if code is None else (code & 7, code >> 3)

    def best_moves(self, position: Position) -> list[Move] | None:
        """The optimal moves of a covered position (several when equally good), or ``None``."""
        if position.variant.shrink is not None or not self.covers(*position._sides()):
            return None
        for tables in self.sources:
            try:
                if tables.covers(position):
                    return [move for move, _ in tables.best_moves(position)]
            except (OSError, ValueError):
                continue
        return None


def check_endgames(endgames: object) -> bool | EndgameProbe:
    """A player's ``endgames`` argument: True, False or an :class:`EndgameProbe` (a TypeError otherwise).

    >>> check_endgames(True)
    True
    """
    if not isinstance(endgames, (bool, EndgameProbe)):
        raise TypeError(f"endgames is True, False or an EndgameProbe, got {type(endgames).__name__}")
    return endgames


def table_moves(endgames: bool | EndgameProbe, position: Position) -> list[Move] | None:
    """A player's perfect moves: the tables' best moves where ``endgames`` is on and they cover ``position``.

    ``endgames`` is a player's setting: ``False`` (never), ``True`` (the
    variant's shared probe) or a probe of its own, which must be for the
    position's variant.
    """
    if not endgames or (position.white | position.black).bit_count() > PROBE_PIECES:
        return None
    probe = endgames if isinstance(endgames, EndgameProbe) else EndgameProbe.for_variant(position.variant)
    if probe.variant.tables is not position.variant.tables:
        raise ValueError(f"the endgame probe is for {probe.variant.name}, not {position.variant.name}")
    return probe.best_moves(position) or None


def _probe_key(variant: Variant) -> tuple[object, ...]:
    from ..tables.solver import board_fingerprint, table_rules_text

    return (board_fingerprint(variant), table_rules_text(variant.rules))


def _sources(variant: Variant) -> list[Any]:
    """The tables a variant's probe reads: the cache on disk, then what is quick to solve now."""
    if variant.shrink is not None:
        return []  # no table knows a shrinking board's dead part
    from ..tables import solver

    sources: list[Any] = []
    try:
        cache = solver.default_cache_dir()
    except (ValueError, TypeError):
        cache = None  # an unusable cache setting: no tables on disk
    if cache is not None:
        sources.append(solver.EndgameTables(variant, variant.tables.size, cache))
    pieces = 0
    for trying in (1, 2, 3):
        # The memory estimate includes the array solver's fixed ~400 MB allowance.
        _, seconds, memory = solver.estimate_cost(variant, trying)
        if seconds > SOLVE_ON_THE_SPOT or memory > SOLVE_ON_THE_SPOT_BYTES:
            break
        pieces = trying
    if pieces:
        sources.append(solver.solve_endgames(variant, pieces, cache_dir=False, allow_long=True))
    return sources


# One probe per board and table rules, dropped when nothing uses it.
_PROBES: weakref.WeakValueDictionary[tuple[object, ...], EndgameProbe] = weakref.WeakValueDictionary()
