"""What Run All costs each tutorial notebook's kernel: CPU seconds and peak memory.

Usage::

    python benchmarks/notebooks.py                    # every student notebook, one after the other
    python benchmarks/notebooks.py --only 03 06       # just these (numbers or names)
    python benchmarks/notebooks.py --teacher          # the teacher copies (teacher/) instead
    python benchmarks/notebooks.py --class 30 --only 03 06   # 30 kernels at once, as a class would

Each notebook runs in its own, fresh ``python3`` kernel (nbclient, as
``awithlaknannai.tutorial.copies --execute`` runs them). After the last cell
the kernel is asked for its own figures (``resource.getrusage``):

``cpu_s``
    the kernel's user + system CPU seconds, from its start to the end of
    Run All (imports included; ``empty`` is a kernel that ran nothing, for
    comparison). The target is under 5 s for every notebook.
``peak_mb``
    the kernel's peak resident memory (``ru_maxrss``), in MB.
``wall_s``
    seconds on the clock for Run All (depends on what else the machine does).

The first line gives the CPU seconds of a fixed pure-Python loop (see
:func:`reference_cpu`): on a busy or slow machine every figure grows with it.

With ``--class N`` each named notebook is run by N kernels started together,
like a class pressing Run All in the same minute. The report gives the wall
time until the last kernel finished, the sum and the largest of the kernels'
CPU seconds and peak memory: the sum of peaks is an upper bound on the memory
the server needs for those kernels (the Jupyter server itself comes on top).
Widgets' browser side does not run here: the figures are the kernel's only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
STUDENTS = ROOT / "notebooks"
TEACHER = ROOT / "teacher"

# Runs in the kernel after the notebook's last cell; prints one JSON line.
PROBE = """
import json as _json, resource as _resource
_usage = _resource.getrusage(_resource.RUSAGE_SELF)
print("@@figures@@" + _json.dumps({"cpu_s": _usage.ru_utime + _usage.ru_stime,
                                   "peak_mb": _usage.ru_maxrss / 1024}))
"""


def notebooks(folder: Path, only: list[str] | None) -> list[Path]:
    """The folder's notebooks (sorted), or those whose name starts with or equals one of ``only``."""
    paths = sorted(folder.glob("*.ipynb"))
    if only:
        paths = [p for p in paths if any(p.name.startswith(o) or p.stem == o for o in only)]
    return paths


def _figures(notebook: nbformat.NotebookNode) -> dict[str, float]:
    outputs = notebook.cells[-1].get("outputs", [])
    text = "".join(str(output.get("text", "")) for output in outputs)
    for line in text.splitlines():
        if line.startswith("@@figures@@"):
            return json.loads(line.removeprefix("@@figures@@"))
    raise RuntimeError(f"the kernel did not report its figures: {outputs!r:.300}")


async def run_all(path: Path | None, timeout: int = 900) -> dict[str, float]:
    """Run every cell of ``path`` (``None``: no cell) in a fresh kernel; the kernel's figures.

    Errors in cells do not stop the run (a student copy's unanswered
    exercise is meant to say "No answer yet", not to raise, but a run should
    be measured to its end either way); ``errors`` counts the cells that raised.
    """
    notebook = nbformat.read(path, as_version=4) if path else nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))
    folder = path.parent if path else ROOT
    # iopub_timeout: on a busy machine (a class of kernels at once) a cell's output may come well
    # after its reply; nbclient's default (4 s) would drop it.
    client = NotebookClient(
        notebook,
        timeout=timeout,
        iopub_timeout=120,
        kernel_name="python3",
        allow_errors=True,
        store_widget_state=False,
        record_timing=False,
        resources={"metadata": {"path": str(folder)}},
    )
    start = time.perf_counter()
    await client.async_execute()
    figures = _figures(notebook)
    figures["wall_s"] = time.perf_counter() - start
    figures["errors"] = sum(
        1
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    )
    return figures


def reference_cpu() -> float:
    """CPU seconds of a fixed pure-Python loop in this process: how fast this machine is right now.

    On a shared or busy server the loop takes longer, and every figure in the
    table grows with it: compare runs on different machines (or at different
    times) by their ratio to this figure, not by their seconds alone.
    """
    start = time.process_time()
    total = 0
    for i in range(5_000_000):
        total += i
    return time.process_time() - start


def one_by_one(paths: list[Path]) -> None:
    print(f"{'notebook':28} {'cpu_s':>7} {'peak_mb':>8} {'wall_s':>7} {'errors':>6}")
    for name, path in [("(empty kernel)", None)] + [(p.name, p) for p in paths]:
        f = asyncio.run(run_all(path))
        flag = "  over 5 s" if f["cpu_s"] >= 5 else ""
        print(
            f"{name:28} {f['cpu_s']:7.2f} {f['peak_mb']:8.0f} {f['wall_s']:7.1f} {f['errors']:6d}{flag}",
            flush=True,
        )


async def _together(path: Path, kernels: int) -> list[dict[str, float] | BaseException]:
    return await asyncio.gather(
        *(run_all(path, timeout=3600) for _ in range(kernels)), return_exceptions=True
    )


def a_class(paths: list[Path], kernels: int) -> None:
    print(f"{kernels} kernels at once, each running the whole notebook")
    print(
        f"{'notebook':28} {'wall_s':>7} {'cpu_sum_s':>9} {'cpu_max_s':>9} {'peak_sum_mb':>11} "
        f"{'peak_max_mb':>11} {'errors':>6}"
    )
    for path in paths:
        start = time.perf_counter()
        results = asyncio.run(_together(path, kernels))
        wall = time.perf_counter() - start
        runs = [r for r in results if isinstance(r, dict)]
        for failure in (r for r in results if not isinstance(r, dict)):
            print(f"  a kernel failed: {failure!r:.200}", file=sys.stderr)
        if not runs:
            print(f"{path.name:28} every kernel failed")
            continue
        print(
            f"{path.name:28} {wall:7.1f} {sum(r['cpu_s'] for r in runs):9.1f} "
            f"{max(r['cpu_s'] for r in runs):9.2f} {sum(r['peak_mb'] for r in runs):11.0f} "
            f"{max(r['peak_mb'] for r in runs):11.0f} {sum(r['errors'] for r in runs):6d}"
            f"{'' if len(runs) == kernels else f'  ({kernels - len(runs)} kernels failed)'}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help="notebooks whose name starts with NAME")
    parser.add_argument("--teacher", action="store_true", help="run the teacher copies (teacher/)")
    parser.add_argument(
        "--class", dest="kernels", type=int, metavar="N", help="run each notebook in N kernels at once"
    )
    args = parser.parse_args(argv)
    paths = notebooks(TEACHER if args.teacher else STUDENTS, args.only)
    if not paths:
        print("no notebook matches", file=sys.stderr)
        return 1
    print(
        f"python {sys.version.split()[0]}, {'teacher' if args.teacher else 'student'} copies; "
        f"reference loop (speed of this machine now): {reference_cpu():.2f} CPU s"
    )
    if args.kernels:
        a_class(paths, args.kernels)
    else:
        one_by_one(paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
