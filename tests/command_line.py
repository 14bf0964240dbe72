"""Run the ``awithlaknannai`` command line as a program of its own, as a student's shell runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_program(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python -m awithlaknannai ARGUMENTS`` with this checkout's package, in ``cwd``; not checked.

    PYTHONPATH names the checkout, so that a ``cwd`` outside it still runs this package.
    """
    return subprocess.run(
        [sys.executable, "-m", "awithlaknannai", *arguments],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
