"""The shrinking board (Tukvnanawopi, Tuknanavuhpi): which points go out of play, and when."""

from __future__ import annotations

import networkx as nx

from .board_tables import _Tables

__all__ = ["ShrinkTables"]


# --- The shrinking board (Tukvnanawopi, Tuknanavuhpi) --------------------------
#
# The playing area is a rectangle of *cells*: the board's squares
# (Tukvnanawopi) or its lines of points, ranks and files at half-square
# steps (Tuknanavuhpi). A point touches the cells it belongs to: a corner of
# a square touches up to four squares, a square's centre one; a point touches
# the one rank-and-file cell it stands on. When the end band of cells on
# any side (a row or column of the live rectangle) holds no piece on its
# live points, it goes out of play, again and again until no end band is
# empty. Which points stay playable is the open question of rule 7: a point
# touching both a dead and a live square is playable under the reading
# "playable" (it still belongs to a square in play) and dead under "dead".


class ShrinkTables:
    """Which points are out of play for each live rectangle of cells, and how it shrinks.

    Build with :func:`awithlaknannai.variants.shrink_tables`; positions keep the dead points as a
    bit set, and :meth:`after` gives the dead set after a move.
    """

    def __init__(self, tables: _Tables, board: nx.Graph, unit: str, reading: str) -> None:
        self.unit = unit
        self.reading = reading
        positions = {p: board.nodes[p]["pos"] for p in tables.points}
        if unit == "squares":
            width = int(max(x for x, _ in positions.values()))
            height = int(max(y for _, y in positions.values()))

            def touching(x: float, y: float) -> set[tuple[int, int]]:
                return {
                    (c, r) for c in range(width) for r in range(height) if c <= x <= c + 1 and r <= y <= r + 1
                }
        else:  # "lines": each rank and file of points, centres' included
            width = int(2 * max(x for x, _ in positions.values())) + 1
            height = int(2 * max(y for _, y in positions.values())) + 1

            def touching(x: float, y: float) -> set[tuple[int, int]]:
                return {(round(2 * x), round(2 * y))}

        self.columns, self.rows = width, height
        self._touch = [touching(*positions[p]) for p in tables.points]
        self.full = (0, width, 0, height)
        self._dead: dict[tuple[int, int, int, int], int] = {}
        self._bands: dict[tuple[int, int, int, int], tuple[tuple[int, tuple[int, int, int, int]], ...]] = {}
        for c0 in range(width):
            for c1 in range(c0 + 1, width + 1):
                for r0 in range(height):
                    for r1 in range(r0 + 1, height + 1):
                        self._dead[(c0, c1, r0, r1)] = self._dead_mask((c0, c1, r0, r1))
        # Several rectangles can leave the same points live (a band of cells
        # holding no point at all); the smallest of them stands for the rest,
        # and it is the one the shrinking reaches, since a band without live
        # points is empty and goes at once.
        self.rect_of: dict[int, tuple[int, int, int, int]] = {}
        for rect, mask in self._dead.items():
            known = self.rect_of.get(mask)
            if known is None or _area(rect) < _area(known):
                self.rect_of[mask] = rect

    def _live(self, index: int, rect: tuple[int, int, int, int]) -> bool:
        c0, c1, r0, r1 = rect
        inside = [c0 <= c < c1 and r0 <= r < r1 for c, r in self._touch[index]]
        return any(inside) if self.reading == "playable" else all(inside)

    def _dead_mask(self, rect: tuple[int, int, int, int]) -> int:
        return sum(1 << i for i in range(len(self._touch)) if not self._live(i, rect))

    def _band_masks(
        self, rect: tuple[int, int, int, int]
    ) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
        """For each side that can shrink: the live points of its end band, and the rectangle without it."""
        bands = self._bands.get(rect)
        if bands is None:
            c0, c1, r0, r1 = rect
            sides = []
            if r1 - r0 > 1:
                sides += [
                    (lambda c, r: r == r0, (c0, c1, r0 + 1, r1)),
                    (lambda c, r: r == r1 - 1, (c0, c1, r0, r1 - 1)),
                ]
            if c1 - c0 > 1:
                sides += [
                    (lambda c, r: c == c0, (c0 + 1, c1, r0, r1)),
                    (lambda c, r: c == c1 - 1, (c0, c1 - 1, r0, r1)),
                ]
            out = []
            for in_band, smaller in sides:
                mask = sum(
                    1 << i
                    for i, cells in enumerate(self._touch)
                    if self._live(i, rect)
                    and any(in_band(c, r) and c0 <= c < c1 and r0 <= r < r1 for c, r in cells)
                )
                out.append((mask, smaller))
            bands = self._bands[rect] = tuple(out)
        return bands

    def is_reachable(self, dead: int) -> bool:
        """Whether ``dead`` is the dead set of some live rectangle."""
        return dead in self.rect_of

    def after(self, occupied: int, dead: int) -> int:
        """The dead set after a move leaves the pieces on ``occupied``."""
        rect = self.rect_of[dead]
        changed = True
        while changed:
            changed = False
            for band, smaller in self._band_masks(rect):
                if not occupied & band:
                    rect, changed = smaller, True
                    break
        return self._dead[rect]


def _area(rect: tuple[int, int, int, int]) -> int:
    return (rect[1] - rect[0]) * (rect[3] - rect[2])
