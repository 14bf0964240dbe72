"""Test-run settings for the whole checkout: every skipped notebook cell says why.

nbval skips a cell tagged ``nbval-skip`` with a bare ``pytest.skip()``, so
``pytest -rs`` prints only "Skipped". Each such cell carries its reason in
its metadata (``"nbval-skip-reason"``); here it becomes the skip's reason, and
a tagged cell without one is reported as a failure, not skipped in silence.
"""

from __future__ import annotations

import pytest

SKIP_TAG = "nbval-skip"
REASON_KEY = "nbval-skip-reason"


def _skip_reason(item: pytest.Item) -> str | None:
    """The reason of a notebook cell nbval is told to skip (``""`` when the cell gives none)."""
    cell = getattr(item, "cell", None)
    options = getattr(item, "options", None)
    if cell is None or not isinstance(options, dict) or not options.get("skip"):
        return None
    reason = cell.get("metadata", {}).get(REASON_KEY, "")
    return reason if isinstance(reason, str) else ""


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
