"""Teacher copies and student copies of the tutorial notebooks.

The teacher copies (``teacher/``, outside the students' ``notebooks/``) hold every answer, marked the way
nbgrader expects; the student copies (``notebooks/NN_*.ipynb``) are generated
from them by ``python -m awithlaknannai.tutorial.copies`` and must never drift.
A student copy shows "No answer yet" under every exercise and no answer; a
teacher copy shows every check passing.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from awithlaknannai.tutorial import exercise_ids
from awithlaknannai.tutorial.answers import answer_key
from awithlaknannai.tutorial.copies import (
    STUB,
    differences,
    main,
    student_copy,
    student_name,
    teacher_notebooks,
)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TEACHER = NOTEBOOKS.parent / "teacher"
TEACHER_COPIES = teacher_notebooks(TEACHER)
#: The tutorial notebooks with exercises, and so with a teacher copy (at least these).
EXERCISE_NOTEBOOKS = {
    "01_history.ipynb",
    "02_board_as_graph.ipynb",
    "03_rules.ipynb",
    "05_puzzles.ipynb",
    "06_variants_lab.ipynb",
}
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
CHECK_CALL = re.compile(r"""\b(?:check|ask)\(\s*["']([^"']+)["']""")
FEEDBACK_REPR = re.compile(r"""Feedback\((?:'[^']+'|"[^"]+"), '(\w+)'\)""")
ANSWER_BOX = re.compile(
    r"^Answer box \([^)]*\): .*\n(?:  .*\n)*(Correct!|Not yet\.|No answer yet\.)", re.MULTILINE
)


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _exercise_cells(notebook: nbformat.NotebookNode, students: bool = False) -> list[nbformat.NotebookNode]:
    """The cells that hold an answer; ``students``: only those a student copy keeps (board challenges'
    answers are teacher-only cells: a student answers them on the board)."""
    return [
        cell
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
        and not (students and "teacher-only" in cell.metadata.get("tags", []))
    ]


def _shown(cell: nbformat.NotebookNode) -> str:
    """Everything a cell's saved outputs show, as text."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(str(output.get("text", "")))
        parts += [str(value) for key, value in output.get("data", {}).items() if key.startswith("text/")]
    return "\n".join(parts)


def _statuses(cell: nbformat.NotebookNode) -> list[str]:
    """The verdict of each check a cell's saved outputs show (a feedback box or an answer box)."""
    shown = _shown(cell)
    words = {"Correct!": "correct", "Not yet.": "wrong", "No answer yet.": "missing"}
    return FEEDBACK_REPR.findall(shown) + [words[word] for word in ANSWER_BOX.findall(shown)]


def test_the_teacher_copies_are_the_notebooks_with_exercises():
    names = {path.name for path in TEACHER_COPIES}
    assert EXERCISE_NOTEBOOKS <= names
    assert (TEACHER / "teacher_guide.ipynb").exists()
    assert not (NOTEBOOKS / "teacher_guide.ipynb").exists(), "the teacher guide holds answers: teacher/ only"


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: p.name)
def test_student_copy_is_what_the_teacher_copy_makes(path):
    problems = differences(path)
    assert not problems, "\n".join(problems) + "\nRun: python -m awithlaknannai.tutorial.copies --execute"


def test_copies_check_command_passes_and_catches_a_hand_edit(tmp_path, capsys):
    assert main(["--check", "--teacher", str(TEACHER)]) == 0
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    source = TEACHER / "01_history.ipynb"
    (teacher / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    student = student_copy(_read(source))
    student.cells[-1].source += "\nA sentence added to the student copy by hand."
    (tmp_path / "notebooks").mkdir()
    nbformat.write(student, tmp_path / "notebooks" / source.name)
    assert main(["--check", "--teacher", str(teacher)]) == 1
    assert "01_history.ipynb, cell" in capsys.readouterr().err


def test_copies_writes_a_missing_student_copy(tmp_path):
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    source = TEACHER / "06_variants_lab.ipynb"
    (teacher / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["--teacher", str(teacher)]) == 0
    assert differences(teacher / source.name) == []
    assert student_name(teacher / source.name) == tmp_path / "notebooks" / source.name


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: p.name)
def test_teacher_copy_marks_every_answer_for_nbgrader(path):
    grade_ids = []
    for cell in _read(path).cells:
        lines = [line.strip() for line in cell.source.splitlines()]
        markers = [line for line in lines if line in (BEGIN, END)]
        meta = cell.metadata.get("nbgrader")
        if not markers:
            assert meta is None, f"{path.name}: nbgrader metadata on a cell without a solution"
            continue
        assert markers == [BEGIN, END], f"{path.name}: unbalanced solution markers in\n{cell.source}"
        assert meta["solution"] is True and meta["grade"] is False and meta["locked"] is False
        grade_ids.append(meta["grade_id"])
    assert grade_ids and len(grade_ids) == len(set(grade_ids)), f"{path.name}: grade ids {grade_ids}"


def test_every_quiz_exercise_is_asked_in_exactly_one_teacher_copy():
    used = [
        match
        for path in TEACHER_COPIES
        for cell in _read(path).cells
        if cell.cell_type == "code"
        for match in CHECK_CALL.findall(cell.source)
    ]
    assert sorted(used) == sorted(exercise_ids())


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: p.name)
def test_saved_teacher_copy_shows_every_check_passing(path):
    for cell in _exercise_cells(_read(path)):
        assert _statuses(cell) == ["correct"], (
            f"{path.name}, {cell.metadata['nbgrader']['grade_id']}: {_shown(cell)[:300]!r}"
        )


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: p.name)
def test_saved_student_copy_waits_for_every_answer_and_shows_none(path):
    teacher = _read(path)
    student = _read(student_name(path))
    by_id = {cell.get("id"): cell for cell in student.cells}
    solutions = [row.solution for row in answer_key(TEACHER).rows if row.notebook == path.name]
    student_code = "\n".join(cell.source for cell in student.cells if cell.cell_type == "code")
    for solution in solutions:
        for line in filter(str.strip, solution.splitlines()):
            assert line.strip() not in student_code, (
                f"{path.name}: the student copy holds the answer {line!r}"
            )
    exercise_text = "\n".join(
        by_id[cell.get("id")].source + _shown(by_id[cell.get("id")])
        for cell in _exercise_cells(teacher, students=True)
    )
    # Moves and point names (a letter and a number) must not show; a single letter or word would
    # match any text.
    # A board challenge's answer is the list of moves its teacher-only cell plays: one move must not
    # show anywhere; of a list (every legal move), not all may stand in the saved outputs.
    board_answers = [
        re.findall(r"'([^']+)'", line)
        for solution in solutions
        for line in re.findall(r"^moves = \[(.*)\]$", solution, re.MULTILINE)
    ]
    outputs = "\n".join(_shown(cell) for cell in student.cells)
    for moves in board_answers:
        if len(moves) > 1:
            assert not all(move in outputs for move in moves), (
                f"{path.name}: the outputs list the answer {moves}"
            )
    single = [moves[0] for moves in board_answers if len(moves) == 1]
    for value in re.findall(r'answer = "([^"]*\d[^"]*)"', "\n".join(solutions)) + single:
        assert value not in exercise_text, f"{path.name}: an exercise of the student copy shows {value!r}"
        whole = "\n".join(cell.source + _shown(cell) for cell in student.cells)
        assert value not in whole, f"{path.name}: the student copy shows the answer {value!r} somewhere"
    # A number answer must not stand in a saved output next to its question (three cells either
    # side): "predict, then count" with the count already on the screen is no question.
    order = [cell.get("id") for cell in student.cells]
    for cell, solution in zip(_exercise_cells(teacher), solutions):
        if cell.get("id") not in by_id:  # a teacher-only answer (a board challenge's moves)
            continue
        for number in re.findall(r"^answer = (\d{2,})$", solution, re.MULTILINE):
            where = order.index(cell.get("id"))
            for near in student.cells[max(0, where - 3) : where + 4]:
                shown = _shown(near)
                assert not re.search(rf"(?<![\w.]){number}(?![\w.])", shown), (
                    f"{path.name}: the answer {number} is on screen next to its question: {shown[:200]!r}"
                )
    for cell in _exercise_cells(teacher, students=True):
        copy = by_id[cell.get("id")]
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        assert BEGIN not in copy.source and "nbgrader" not in copy.metadata, grade_id
        assert _statuses(copy) == ["missing"], f"{path.name}, {grade_id}: {_shown(copy)[:300]!r}"
        assert "Correct!" not in _shown(copy)


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: p.name)
def test_quiz_answers_need_no_python_syntax(path):
    """Every answer that is not code (a number, a letter, a move, a choice) is given in an answer box."""
    for cell in student_copy(_read(path)).cells:
        if cell.cell_type == "code" and STUB in cell.source:
            code = cell.source.split(STUB, 1)[1]
            assert re.search(r"check\(", code), f"{path.name}: a typed answer outside a code exercise"
            assert not re.search(r"check\([^)]*=", code), f"{path.name}: the check line gives the answer away"
            assert not re.search(r"""check\("01-""", code), f"{path.name}: a quiz answered in Python"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["01_history.ipynb", "03_rules.ipynb"])
def test_student_copy_runs_top_to_bottom_and_every_exercise_waits(name):
    from nbclient import NotebookClient

    student = student_copy(_read(TEACHER / name))
    NotebookClient(
        student,
        timeout=300,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute()
    for index, cell in enumerate(student.cells):
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", f"{name}, cell {index}: {output.get('ename')}"
    statuses = [status for cell in student.cells for status in _statuses(cell)]
    assert statuses and set(statuses) == {"missing"}
