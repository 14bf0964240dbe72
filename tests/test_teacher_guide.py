"""The teacher guide: the class links (the README's, made from pyproject.toml), the warnings about
slow cells, and what to do when something goes wrong."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "teacher" / "teacher_guide.ipynb"


def _links():
    """.ci/links.py, which makes the README's links from pyproject.toml."""
    spec = importlib.util.spec_from_file_location("ci_links", ROOT / ".ci" / "links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _guide_text() -> str:
    guide = nbformat.read(GUIDE, as_version=4)
    return "\n".join(cell.source for cell in guide.cells if cell.cell_type == "markdown")


def test_the_guide_links_the_real_binder_and_jupyterlite_addresses():
    links = _links()
    block = re.compile(re.escape(links.BEGIN) + r".*?" + re.escape(links.END), re.DOTALL)
    text = _guide_text()
    ours = block.findall(text)
    assert len(ours) == 1, "the guide needs the README's block of links once"
    assert ours == block.findall((ROOT / "README.md").read_text(encoding="utf-8")), (
        "the guide's links differ from the README's: run python .ci/links.py, then copy its block into the guide"
    )
    tagged = links.release_tagged(links.project()[2])
    assert ours[0] in [links.block(t) for t in ([tagged] if tagged is not None else [True, False])]
    owner, repo, _ = links.project()
    assert f"https://mybinder.org/v2/gh/{owner}/{repo}/" in ours[0]
    assert f"https://{owner}.github.io/{repo}/" in ours[0]
    assert "<owner>" not in text and "<repository>" not in text


def test_the_guide_warns_where_a_notebook_takes_longer_with_the_benchmark_figures():
    text = _guide_text()
    section = text[text.index("## Where a notebook takes longer") : text.index("## What to do when")]
    assert "benchmarks/notebooks-results.txt" in section
    for notebook in ("Notebook 5", "Notebook 6", "Notebook 7", "Notebook 8"):
        assert f"**{notebook}**" in section
    # Each notebook's Run All is under 5 CPU seconds in the benchmark's latest figures, as the guide says.
    results = (ROOT / "benchmarks" / "notebooks-results.txt").read_text(encoding="utf-8")
    latest: dict[str, float] = {}
    in_table = False  # the one-notebook-at-a-time tables: a "notebook cpu_s peak_mb" header, then rows
    for line in results.splitlines():
        row = re.match(r"(\d\d_\w+\.ipynb|play\.ipynb)\s+([\d.]+)\s", line)
        if re.match(r"notebook\s+cpu_s\s+peak_mb", line):
            in_table = True
        elif in_table and row:
            latest[row.group(1)] = float(row.group(2))  # a later table's row replaces an earlier one
        elif not line.startswith("(empty kernel)"):
            in_table = False
    assert len(latest) >= 10 and max(latest.values()) < 5, latest
    assert "under 5 seconds" in section


def test_the_guide_says_what_to_do_when_things_go_wrong():
    text = _guide_text()
    section = text[text.index("## What to do when") : text.index("## The 45-minute lesson")]
    for case in (
        "the kernel died",
        "Binder timed out",
        "a board shows only a picture",
        "not trusted",
        "pressed Run again",
        "cannot confine players",
    ):
        assert case in section, case
    assert "trusted=True" in section


def test_the_guide_and_the_readme_say_how_a_school_server_gets_the_friendly_errors():
    command = "python -m awithlaknannai.tutorial.friendly --install"
    assert command in _guide_text()
    assert command in (ROOT / "README.md").read_text(encoding="utf-8")
