"""Test-run settings for the whole checkout: every skipped notebook cell says why, each
pytest-xdist worker keeps its endgame tables in a cache of its own.

nbval skips a cell tagged ``nbval-skip`` with a bare ``pytest.skip()``, so
``pytest -rs`` prints only "Skipped". Each such cell carries its reason in
its metadata (``"nbval-skip-reason"``); here it becomes the skip's reason, and
a tagged cell without one is reported as a failure, not skipped in silence.
"""

from __future__ import annotations

import os
import resource
import shutil
import tempfile
from collections.abc import Iterator

import pytest

from awithlaknannai import Position

SKIP_TAG = "nbval-skip"
REASON_KEY = "nbval-skip-reason"
#: Where this pytest-xdist worker keeps its endgame tables; removed when the worker ends.
_WORKER_CACHE = pytest.StashKey[str]()


def _skip_reason(item: pytest.Item) -> str | None:
    """The reason of a notebook cell nbval is told to skip (``""`` when the cell gives none)."""
    cell = getattr(item, "cell", None)
    options = getattr(item, "options", None)
    if cell is None or not isinstance(options, dict) or not options.get("skip"):
        return None
    reason = cell.get("metadata", {}).get(REASON_KEY, "")
    return reason if isinstance(reason, str) else ""


def pytest_configure(config: pytest.Config) -> None:
    # The tests expect English unless they choose a language: the machine's LANG must not pick one
    # (awithlaknannai.i18n reads AWITHLAKNANNAI_LANG first; the notebooks' kernels inherit it too).
    os.environ["AWITHLAKNANNAI_LANG"] = "en"
    # Under pytest-xdist (.ci/other-pythons) each worker keeps its endgame tables in a cache of
    # its own: a test that sets the shared cache aside must not pull it from under another worker.
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and "AWITHLAKNANNAI_CACHE" not in os.environ:
        cache = tempfile.mkdtemp(prefix=f"awithlaknannai-cache-{worker}-")
        os.environ["XDG_CACHE_HOME"] = cache
        config.stash[_WORKER_CACHE] = cache


def pytest_unconfigure(config: pytest.Config) -> None:
    # The worker's cache holds only tables the tests built: it goes with the worker.
    cache = config.stash.get(_WORKER_CACHE, None)
    if cache is not None:
        shutil.rmtree(cache, ignore_errors=True)


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test (or doctest) that chooses a language, and fails before switching back, leaves English behind."""
    yield
    from awithlaknannai.i18n import set_language

    set_language("en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        reason = _skip_reason(item)
        if reason is None:
            continue
        if not reason.strip():
            message = f"a cell tagged {SKIP_TAG} must say why it is skipped, in its metadata ({REASON_KEY!r})"
            item.runtest = lambda message=message: pytest.fail(message, pytrace=False)  # type: ignore[method-assign]
            continue
        item.add_marker(pytest.mark.skip(reason=f"{SKIP_TAG}: {reason}"))


# --- fixtures shared by the test files (here, not in tests/conftest.py: a second module named
# conftest beside tests/browser/conftest.py cannot be imported for the doctest run) ---

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


@pytest.fixture(autouse=True)
def _doctests_sign_with_a_scratch_league_key(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A docstring's example that saves league results signs them with a scratch key, never the user's own."""
    if isinstance(request.node, pytest.DoctestItem):
        from awithlaknannai.league.confine import CONFIG_ENV

        monkeypatch.setenv(CONFIG_ENV, str(tmp_path_factory.getbasetemp() / "doctest-config"))
