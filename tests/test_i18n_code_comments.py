"""The comments in the translated notebooks' code cells are in the notebook's language.

A comment such as "# Add the missing edges to G here" is an instruction to the student; the
solution markers and tool comments stay as they are (the student copies are cut by them).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from awithlaknannai.tutorial.code_texts import code_texts
from awithlaknannai.tutorial.translate import source_notebook

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = sorted((ROOT / "notebooks").glob("[a-z][a-z]/[0-9][0-9]_*.ipynb")) + sorted(
    (ROOT / "teacher").glob("[a-z][a-z]/[0-9][0-9]_*.ipynb")
)


def _comments(notebook: nbformat.NotebookNode) -> dict[str, list[str]]:
    return {
        cell.id: [text.message for text in code_texts(cell.source) if text.comment]
        for cell in notebook.cells
        if cell.cell_type == "code"
    }


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_comment_of_a_translated_notebook_is_translated(path: Path) -> None:
    english = _comments(nbformat.read(source_notebook(path.name[:2], ROOT), as_version=4))
    translated = _comments(nbformat.read(path, as_version=4))
    pairs = [
        (ours, theirs)
        for cell_id, comments in translated.items()
        for ours, theirs in zip(comments, english.get(cell_id, []))
    ]
    assert all(ours != theirs for ours, theirs in pairs), [ours for ours, theirs in pairs if ours == theirs]


def test_the_solution_markers_stay_as_they_are() -> None:
    teacher = nbformat.read(ROOT / "teacher" / "es" / "02_board_as_graph.ipynb", as_version=4)
    sources = "\n".join(cell.source for cell in teacher.cells if cell.cell_type == "code")
    assert "### BEGIN SOLUTION" in sources and "### END SOLUTION" in sources
    assert "# Añade aquí a G las aristas que faltan" in sources
