"""The array solver's byte tables (tables.ranks._PEXT, _PDEP), built with array operations, are what a plain loop makes."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from awithlaknannai.tables import ranks  # noqa: E402 - after the numpy check


def _loop_tables() -> tuple[np.ndarray, np.ndarray]:
    pext = np.zeros(1 << 16, dtype=np.uint32)
    pdep = np.zeros(1 << 16, dtype=np.uint32)
    for mask in range(256):
        free = [j for j in range(8) if not mask >> j & 1]
        for value in range(256):
            pext[(mask << 8) | value] = sum(1 << slot for slot, j in enumerate(free) if value >> j & 1)
        for packed in range(1 << len(free)):
            pdep[(mask << 8) | packed] = sum(1 << j for slot, j in enumerate(free) if packed >> slot & 1)
    return pext, pdep


def test_the_byte_tables_are_what_a_loop_makes() -> None:
    pext, pdep = _loop_tables()
    assert ranks._PEXT.dtype == ranks._PDEP.dtype == np.uint32
    assert np.array_equal(ranks._PEXT, pext)
    assert np.array_equal(ranks._PDEP, pdep)
    # Spread then packed again is the identity on every value that fits the mask's free points.
    mask = 0b10100101
    for packed in range(1 << 4):
        spread = int(ranks._PDEP[(mask << 8) | packed])
        assert spread & mask == 0 and int(ranks._PEXT[(mask << 8) | spread]) == packed
