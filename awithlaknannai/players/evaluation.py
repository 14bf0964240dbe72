"""How the search players judge a position they do not search any deeper.

The score is always from the point of view of the side to move, in
hundredths of a piece:

    score = material * (own pieces - opponent pieces)
          + centre   * (sum of own point weights - sum of opponent point weights)
          + mobility * (own free steps - opponent free steps)
          - exposed  * (own pieces the opponent could jump right now)
          + exposed  * (opponent pieces the side to move could jump) / 2
          + trade    * (own pieces - opponent pieces) / (all pieces)

* A point's weight is the number of steps plus leaps a piece has from it
  on an empty board, scaled to [0, 1]. On Mosona the inner points T2..T5,
  M2..M6 and B2..B5 (8 each) weigh 1, the ends of the middle row M0 and
  M8 (4 each) weigh 0: a piece with more ways out is harder to trap.
* A free step is a line from a piece to an empty neighbour.
* The trade term makes the side ahead glad to exchange pieces: 3 against
  2 is a bigger lead than 12 against 11.
* A piece is exposed when an enemy piece stands on one side of it along a
  line and the point on the other side is empty.

The search calls this almost only in quiet positions (see
:class:`~awithlaknannai.players.alphabeta.AlphaBetaPlayer`), so captures in
the air are settled by search, not guessed here. Under compulsory capture
the side to move then has no capture, and the fifth term is 0.

Examples
--------
>>> from awithlaknannai import Position
>>> ev = Evaluator(Position.start("mosona").variant)
>>> p = Position.start("mosona")
>>> ev.score(p.white, p.black)   # the start is symmetric
0
>>> ev.weights
Weights(material=100, centre=30, mobility=1, exposed=20, trade=200)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ..variants import Variant

__all__ = ["Evaluator", "Weights"]


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in hundredths of a piece (see the module text)."""

    material: int = 100
    centre: int = 30
    mobility: int = 1
    exposed: int = 20
    trade: int = 200

    def __post_init__(self) -> None:
        for name in ("material", "centre", "mobility", "exposed", "trade"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"Weights.{name} must be an integer >= 0, got {value!r}")


class Evaluator:
    """The static evaluation for one variant, with its tables built once.

    Parameters
    ----------
    variant : Variant
        Board and rules (the leap shape decides which leaps count).
    weights : Weights, optional
        The weights. The defaults won 60% of 80 games at depth 4 on Mosona
        against the first guess (centre 12, mobility 3, exposed 30); other
        changes tried scored within the noise of such a match (+-6%).

    Notes
    -----
    A piece's own terms (its point's weight, its free steps, whether it is
    exposed) depend only on which of its neighbours are empty and which
    hold enemy pieces, so they are remembered per point under those bits,
    packed into one integer that the loop over the pieces adds up: one
    table lookup a piece instead of a loop over its lines. The sums are the
    formula above, term for term.
    """

    def __init__(self, variant: Variant, weights: Weights | None = None) -> None:
        self.weights = weights if weights is not None else Weights()
        tables = variant.tables
        self.full_mask = tables.full_mask
        self.neighbours: tuple[int, ...] = tuple(sum(1 << j for j in steps) for steps in tables.steps)
        over_pairs: list[list[tuple[int, int]]] = [[] for _ in range(tables.size)]
        for a, leaps in enumerate(tables.leaps):
            for over, to in leaps:
                over_pairs[over].append((1 << min(a, to), 1 << max(a, to)))
        # Every leap can run both ways: keep one pair per line, test both ends.
        self.attack_pairs: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(sorted(set(pairs))) for pairs in over_pairs
        )
        reach = [len(steps) + len(leaps) for steps, leaps in zip(tables.steps, tables.leaps)]
        low, high = min(reach), max(reach)
        span = (high - low) or 1
        self.point_value: tuple[int, ...] = tuple(
            round(self.weights.centre * (r - low) / span) for r in reach
        )
        n = self._n = tables.size
        # Per point: enemy pieces matter on the ends of its lines, empty points also on its neighbours.
        self._enemy_mask = [0] * n
        for p, pairs in enumerate(self.attack_pairs):
            for a, c in pairs:
                self._enemy_mask[p] |= a | c
        self._empty_mask = [self.neighbours[p] | self._enemy_mask[p] for p in range(n)]
        self._memo_size = 0
        self._memo = [_PieceTerms(self, p) for p in range(n)]
        # Per byte of the board and per value of the byte: each piece's two masks (the empty one
        # shifted above the board, as in the keys) and its table.
        items = [(self._enemy_mask[p], self._empty_mask[p] << n, self._memo[p]) for p in range(n)]  # shared
        self._chunks = tuple(
            (
                shift,
                tuple(
                    tuple(items[p] for p in range(shift, min(shift + 8, n)) if value >> (p - shift) & 1)
                    for value in range(256)
                ),
            )
            for shift in range(0, n, 8)
        )

    @classmethod
    def shared(cls, variant: Variant, weights: Weights | None = None) -> Evaluator:
        """The evaluator of a board and weights, shared by every player (its remembered terms too).

        >>> from awithlaknannai import get_variant
        >>> Evaluator.shared(get_variant("mosona")) is Evaluator.shared(get_variant("mosona", "ludii"))
        True
        """
        weights = weights if weights is not None else Weights()
        tables = variant.tables
        known = _SHARED.get(tables)
        if known is None:
            known = _SHARED[tables] = {}
        found = known.get(weights)
        if found is None:
            found = known[weights] = cls(variant, weights)
        return found

    def score(self, own: int, opp: int) -> int:
        """Score the position with ``own`` to move, in hundredths of a piece."""
        return self.evaluate(own, opp)[0]

    def _piece(self, p: int, enemy: int, empty: int) -> int:
        """A piece's terms on ``p``, packed: free steps, + exposed << 20, + its point's weight << 40."""
        exposed = 0
        for a, c in self.attack_pairs[p]:
            if (enemy & a and empty & c) or (enemy & c and empty & a):
                exposed = 1
                break
        return (self.neighbours[p] & empty).bit_count() | exposed << _EXPOSED | self.point_value[p] << _VALUE

    def evaluate(self, own: int, opp: int) -> tuple[int, bool, bool]:
        """Return the score and, found on the way, whether the side to move can capture and can step.

        The search uses the two flags to settle quiet positions without
        generating their moves.
        """
        w = self.weights
        empty = (self.full_mask & ~(own | opp)) << self._n  # above the board, as in the keys
        sides = []  # the packed terms of the mover's pieces, then of the opponent's
        for pieces, enemy in ((own, opp), (opp, own)):
            packed = 0
            for shift, table in self._chunks:
                byte = pieces >> shift
                if not byte:
                    break
                for enemy_mask, empty_mask, terms in table[byte & 255]:
                    packed += terms[(enemy & enemy_mask) | (empty & empty_mask)]
            sides.append(packed)
        mine, theirs = sides
        own_count, opp_count = own.bit_count(), opp.bit_count()
        lead = own_count - opp_count
        total = w.material * lead + (int(w.trade * lead / (own_count + opp_count)) if lead else 0)
        own_steps, opp_steps = mine & _FIELD, theirs & _FIELD
        exposed_own, exposed_opp = (mine >> _EXPOSED) & _FIELD, (theirs >> _EXPOSED) & _FIELD
        total += (mine >> _VALUE) - (theirs >> _VALUE)
        total += (
            w.mobility * (own_steps - opp_steps) - w.exposed * exposed_own + (w.exposed * exposed_opp) // 2
        )
        return total, exposed_opp > 0, own_steps > 0


# The packed per-piece terms: 20 bits each for the steps and the exposed flags (a side has at
# most a few thousand pieces of at most eight steps), the point weights above them.
_EXPOSED, _VALUE = 20, 40
_FIELD = (1 << 20) - 1
# Patterns remembered per evaluator (about 100 bytes each), past which they are worked out each time.
_MEMO_ENTRIES = 200_000
# Evaluators shared by the players of a board (see Evaluator.shared), dropped with the board's tables.
_SHARED: weakref.WeakKeyDictionary[object, dict[Weights, Evaluator]] = weakref.WeakKeyDictionary()


class _PieceTerms(dict):
    """One point's packed terms under each pattern met: ``(enemy bits) | (empty bits) << n`` -> terms.

    A pattern not met yet is worked out from the key itself (it holds every
    bit the terms depend on) and kept while the evaluator's memory allows.
    """

    __slots__ = ("evaluator", "point")

    def __init__(self, evaluator: Evaluator, point: int) -> None:
        super().__init__()
        self.evaluator = evaluator
        self.point = point

    def __missing__(self, key: int) -> int:
        evaluator, p = self.evaluator, self.point
        packed = evaluator._piece(
            p, key & evaluator._enemy_mask[p], (key >> evaluator._n) & evaluator._empty_mask[p]
        )
        if evaluator._memo_size < _MEMO_ENTRIES:
            self[key] = packed
            evaluator._memo_size += 1
        return packed
