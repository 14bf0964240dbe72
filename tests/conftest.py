"""Fixtures shared by the test files of this folder."""

from __future__ import annotations

import resource
from collections.abc import Iterator

import pytest

from awithlaknannai import Position

#: How much a test's peak memory may grow under :func:`memory_bound`: a gigabyte.
PEAK_GROWTH_BYTES = 2**30


def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux


@pytest.fixture()
def memory_bound() -> Iterator[None]:
    """Fail the test if the process's peak memory grew by PEAK_GROWTH_BYTES or more while it ran."""
    before = _peak_bytes()
    yield
    assert _peak_bytes() - before < PEAK_GROWTH_BYTES


@pytest.fixture()
def shrunk_position() -> Position:
    """Tukvnanawopi, shrinking board, after a2-a3 d4-d3: the bottom row of squares and its line are dead.

    White (a3) to move; with ``shrink_boundary=dead`` the line a2 ... e2 went out
    of play with the empty row of squares below it.
    """
    return (
        Position.from_pieces(
            "tukvnanawopi-shrinking",
            {"a2": "w", "d4": "b", "e5": "b"},
            "w",
            rules="standard,shrink_boundary=dead",
        )
        .play("a2-a3")
        .play("d4-d3")
    )
