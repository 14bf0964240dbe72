"""Fixtures shared by the test files of this folder."""

from __future__ import annotations

import resource
from collections.abc import Iterator

import pytest

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
