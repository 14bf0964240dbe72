"""Notebooks 01 and 02: their exercises are wired up, and the student copy works.

A teacher may make a student copy with nbgrader, which replaces each
``### BEGIN SOLUTION`` ... ``### END SOLUTION`` region by a stub. That copy
must still run top to bottom and answer every check with "No answer yet" or
"Not yet", never with a traceback. The copy is made here the way nbgrader's
ClearSolutions makes it (stub indented like the BEGIN line), with the stub
that notebooks/README.md tells teachers to configure.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from awithlaknannai.tutorial import exercise_ids

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
OWN = [NOTEBOOKS / "01_history.ipynb", NOTEBOOKS / "02_board_as_graph.ipynb"]
STUB = "answer = ...  # YOUR ANSWER HERE"  # as in notebooks/README.md
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
CHECK_CALL = re.compile(r"""check\(\s*["']([^"']+)["']""")
FEEDBACK_REPR = re.compile(r"Feedback\('[^']+', '(\w+)'\)")


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _code_cells(path: Path) -> list[nbformat.NotebookNode]:
    return [cell for cell in _read(path).cells if cell.cell_type == "code"]


def _student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Replace every solution region by the stub, as nbgrader generate_assignment does."""
    copy = nbformat.from_dict(nb)
    for cell in copy.cells:
        if cell.cell_type != "code":
            continue
        cell.outputs, cell.execution_count = [], None
        out, inside = [], False
        for line in cell.source.splitlines():
            if line.strip() == BEGIN:
                inside = True
                out.append(line[: len(line) - len(line.lstrip())] + STUB)
            elif line.strip() == END:
                inside = False
            elif not inside:
                out.append(line)
        cell.source = "\n".join(out)
    return copy


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.name)
def test_solution_cells_are_marked_for_nbgrader(path):
    grade_ids = []
    for cell in _code_cells(path):
        lines = [line.strip() for line in cell.source.splitlines()]
        markers = [line for line in lines if line in (BEGIN, END)]
        meta = cell.metadata.get("nbgrader")
        if not markers:
            assert meta is None, f"{path.name}: nbgrader metadata on a cell without a solution"
            continue
        assert markers == [BEGIN, END], f"{path.name}: unbalanced solution markers in\n{cell.source}"
        assert meta is not None, f"{path.name}: solution without nbgrader metadata:\n{cell.source}"
        assert meta["solution"] is True and meta["grade"] is False and meta["locked"] is False
        assert meta["schema_version"] == 3
        grade_ids.append(meta["grade_id"])
    assert grade_ids, f"{path.name} has no exercises"
    assert len(grade_ids) == len(set(grade_ids)), f"{path.name}: grade_id used twice"


def test_every_exercise_is_checked_in_exactly_one_notebook():
    used = [match for path in OWN for cell in _code_cells(path) for match in CHECK_CALL.findall(cell.source)]
    assert sorted(used) == sorted(exercise_ids())


def _feedback_statuses(nb: nbformat.NotebookNode) -> list[str]:
    """The status of every Feedback shown in the notebook's outputs; fails on an error output."""
    statuses = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            assert output.output_type != "error", f"{output.ename}: {output.evalue}\n{cell.source}"
            statuses += FEEDBACK_REPR.findall(output.get("data", {}).get("text/plain", ""))
    return statuses


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.name)
def test_saved_notebook_has_every_answer_right(path):
    nb = _read(path)
    statuses = _feedback_statuses(nb)
    checks = sum(len(CHECK_CALL.findall(cell.source)) for cell in nb.cells if cell.cell_type == "code")
    assert statuses == ["correct"] * checks


@pytest.mark.slow
@pytest.mark.parametrize("path", OWN, ids=lambda p: p.name)
def test_student_copy_runs_and_every_check_waits_for_an_answer(path):
    from nbclient import NotebookClient

    student = _student_copy(_read(path))
    assert BEGIN not in str(student) and STUB in str(student)
    NotebookClient(student, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    statuses = _feedback_statuses(student)
    assert len(statuses) == sum(len(CHECK_CALL.findall(c.source)) for c in student.cells if c.cell_type == "code")
    assert set(statuses) <= {"missing", "wrong"}
