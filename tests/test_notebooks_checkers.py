"""The checkers behind the exercises of notebooks 03-06, and the teacher guide's answer key."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from test_tutorial_notebooks import EXERCISE_NOTEBOOKS  # tests/test_tutorial_notebooks.py

from awithlaknannai import Move, Rules, parse_position
from awithlaknannai.analysis.puzzles import Puzzle, tutorial_puzzles, winning_moves
from awithlaknannai.boards import leap_lines, mosona
from awithlaknannai.tutorial.answers import answer_key
from awithlaknannai.tutorial.practice import (
    check_legal_moves,
    check_move,
    check_outcome,
    check_puzzle,
    check_rules,
)

STEPS = "mosona standard .......b/...w...../...w.... w 0"
MUST = "mosona standard .......b/...b...../..w...w. w 0"
CHAIN = "mosona standard w......b/bb......./.w...... w 0"


def test_legal_moves_accepts_any_order_case_and_separators() -> None:
    position = parse_position(STEPS)
    legal = [m.text() for m in position.legal_moves()]
    assert check_legal_moves(position, ", ".join(reversed(legal))).correct
    assert check_legal_moves(STEPS, " ".join(t.lower() for t in legal)).correct
    assert check_legal_moves(position, list(position.legal_moves())).correct


def test_legal_moves_explains_illegal_and_counts_missing() -> None:
    feedback = check_legal_moves(MUST, "B2xT3, B6-M6")
    assert feedback.status == "wrong"
    assert "capture is compulsory" in feedback.message
    partial = check_legal_moves(STEPS, "M3-T2")
    assert partial.status == "wrong" and "1 of the 8" in partial.message
    assert partial.hint.startswith("One you have not listed starts at")


@pytest.mark.parametrize("answer", [..., None])
def test_no_answer_yet_is_not_wrong(answer: object) -> None:
    assert check_legal_moves(STEPS, answer).status == "missing"
    assert check_move(STEPS, answer).status == "missing"
    assert check_rules(answer).status == "missing"
    assert check_puzzle(tutorial_puzzles()[0], answer).status == "missing"


@pytest.mark.parametrize("answer", [42, 3.5, [1, 2], ""])
def test_answers_of_the_wrong_kind_get_a_friendly_wrong(answer: object) -> None:
    assert check_legal_moves(STEPS, answer).status == "wrong"
    assert check_move(STEPS, answer).status == "wrong"


def test_check_move_with_and_without_solutions() -> None:
    assert check_move(CHAIN, "T0xB0xT1").correct
    assert "must keep leaping" in check_move(CHAIN, "T0xB0").message
    assert check_move(STEPS, Move("M3", ("M4",))).correct
    wrong = check_move(STEPS, "M3-M4", solutions=["B3-B4"])
    assert wrong.status == "wrong" and "legal, but" in wrong.message


def test_check_rules_names_each_wrong_switch() -> None:
    assert check_rules(Rules(multi_leap="optional"), multi_leap="optional").correct
    feedback = check_rules(Rules(multi_leap="optional", maximum_capture=True), multi_leap="optional")
    assert (
        not feedback.correct
        and "maximum_capture" in feedback.message
        and "leave this switch" in feedback.message
    )
    assert not check_rules("ludii", compulsory_capture=False).correct


def test_check_puzzle_right_and_wrong() -> None:
    puzzle = tutorial_puzzles()[0]
    (answer,) = winning_moves(puzzle.position, puzzle.moves)
    assert check_puzzle(puzzle, answer.text().lower()).correct
    wrong_moves = [m for m in puzzle.position.legal_moves() if m != answer]
    if wrong_moves:
        feedback = check_puzzle(puzzle, wrong_moves[0])
        assert not feedback.correct and feedback.hint
    own = Puzzle("mosona standard ......../...b...../..w..... w 0", 1)
    assert not check_puzzle(own, "B2-B1").correct


def test_checkers_leave_the_position_unchanged() -> None:
    position = parse_position(MUST)
    before = (position.white, position.black, position.turn)
    check_legal_moves(position, "B6-M6, B2xT3")
    check_move(position, "B2xT3")
    assert (position.white, position.black, position.turn) == before
    assert position == parse_position(MUST)


def _write(folder: Path, name: str, source: str, grade_id: str = "q1") -> None:
    cell = new_code_cell(source)
    cell.metadata["nbgrader"] = {
        "solution": True,
        "grade": False,
        "locked": False,
        "grade_id": grade_id,
        "schema_version": 3,
    }
    nbformat.write(new_notebook(cells=[new_markdown_cell("## Exercise 1: count"), cell]), folder / name)


def test_answer_key_reads_solutions_in_notebook_order(tmp_path: Path) -> None:
    _write(tmp_path, "02_b.ipynb", "### BEGIN SOLUTION\nanswer = 2\n### END SOLUTION\ncheck(answer)", "b")
    _write(tmp_path, "01_a.ipynb", "### BEGIN SOLUTION\nanswer = 1\n### END SOLUTION", "a")
    key = answer_key(tmp_path)
    assert [(r.notebook, r.grade_id, r.solution) for r in key.rows] == [
        ("01_a.ipynb", "a", "answer = 1"),
        ("02_b.ipynb", "b", "answer = 2"),
    ]
    assert key.rows[0].heading == "Exercise 1: count"
    assert [(r.number, r.value) for r in key.rows] == [(1, "1"), (2, "2")]
    assert (
        "<table>" in key._repr_html_()
        and "<td style=\"text-align:left;vertical-align:top\">2</td>" in key._repr_html_()
    )
    assert str(key).splitlines() == [
        "1. 01_a.ipynb, Exercise 1: count (a): 1",
        "2. 02_b.ipynb, Exercise 1: count (b): 2",
    ]


def _notebook(folder: Path, name: str, *sources: str) -> None:
    cells = [new_code_cell(source) for source in sources]
    cells[-1].metadata["nbgrader"] = {"solution": True, "grade_id": "q"}
    nbformat.write(new_notebook(cells=[new_markdown_cell("## Count"), *cells]), folder / name)


def test_answer_key_works_out_a_computed_answer_from_the_package_only(tmp_path: Path) -> None:
    solution = "### BEGIN SOLUTION\nanswer = {}\n### END SOLUTION"
    _notebook(
        tmp_path,
        "01.ipynb",
        "from awithlaknannai.boards import zuni\nsmall = zuni(3)\nother = zuni(4)",
        solution.format("small.number_of_edges()"),
    )
    # Code that is not the package's is never run by the key: the answer stays code.
    _notebook(tmp_path, "02.ipynb", "import os\nhere = os.getcwd()", solution.format("len(here)"))
    _notebook(tmp_path, "03.ipynb", "x = 1", solution.format('__import__("os").getcwd()'))
    _notebook(
        tmp_path, "04.ipynb", "from awithlaknannai.boards import zuni", solution.format("zuni(3).__class__")
    )
    _notebook(tmp_path, "05.ipynb", "def f():\n    return 1", solution.format("f()"))
    values = [row.value for row in answer_key(tmp_path).rows]
    assert values == [
        "19",
        "answer = len(here)",
        'answer = __import__("os").getcwd()',
        "answer = zuni(3).__class__",
        "answer = f()",
    ]


def test_answer_key_numbers_rows_that_share_a_heading(tmp_path: Path) -> None:
    cells = [new_markdown_cell("Eight puzzles, easiest first.")]
    for grade_id, moves in [
        ("puzzle-1", "['B3xT4']"),
        ("puzzle-2", "['T5-T4', 'T4xB3']"),
        ("other", "['M3-M4']"),
    ]:
        cell = new_code_cell(f"### BEGIN SOLUTION\nmoves = {moves}\n### END SOLUTION")
        cell.metadata["nbgrader"] = {"solution": True, "grade_id": grade_id}
        cells.append(cell)
    nbformat.write(new_notebook(cells=cells), tmp_path / "05.ipynb")
    rows = answer_key(tmp_path).rows
    assert [(r.number, r.heading, r.value) for r in rows] == [
        (1, "Puzzle 1", "B3xT4"),
        (2, "Puzzle 2", "T5-T4, T4xB3"),
        (3, "Eight puzzles, easiest first. (3 of 3)", "M3-M4"),
    ]


def test_answer_key_rejects_unpaired_markers_and_empty_folders(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no notebooks"):
        answer_key(tmp_path)
    _write(tmp_path, "01_a.ipynb", "### BEGIN SOLUTION\nanswer = 1\n")
    with pytest.raises(ValueError, match="01_a.ipynb"):
        answer_key(tmp_path)


def test_answer_key_of_the_real_notebooks_covers_every_exercise() -> None:
    folder = Path(__file__).resolve().parent.parent / "teacher"  # the copies with the answers
    key = answer_key(folder)
    notebooks = {row.notebook for row in key.rows}
    assert EXERCISE_NOTEBOOKS <= notebooks
    assert len(key) >= 26 and all(row.solution.strip() for row in key.rows)
    assert [row.number for row in key.rows] == list(range(1, len(key) + 1))
    by_id = {row.grade_id: row for row in key.rows}
    assert by_id["murray-leap-lines"].value == str(len(leap_lines(mosona(outer_lines=False))))
    assert [by_id[f"puzzle-{n}"].heading for n in range(1, 9)] == [f"Puzzle {n}" for n in range(1, 9)]
    assert (
        "[" not in by_id["puzzle-3"].value and len(by_id["puzzle-3"].value.split(", ")) == 2
    )  # two moves, as text
    assert len({(row.notebook, row.heading) for row in key.rows}) == len(key), "two rows under one name"
    assert not any("answer =" in row.value or "moves =" in row.value for row in key.rows), (
        "a value shown as code"
    )
    assert answer_key(folder.parent / "notebooks").rows == (), "the student copies must hold no solution"


BLOCKED = "mosona standard ww.....w/ww....wwb/bww....w b 0"
NOT_OVER = "mosona standard w......w/ww....wwb/bww....w b 0"


@pytest.mark.parametrize(
    ("position", "answer", "correct"),
    [
        (BLOCKED, "White", True),
        (BLOCKED, "black", False),
        (BLOCKED, "nobody", False),
        (BLOCKED, "draw", False),
        (NOT_OVER, "not over", True),
        (NOT_OVER, "white", False),
    ],
)
def test_check_outcome(position: str, answer: str, correct: bool) -> None:
    feedback = check_outcome(position, answer)
    assert feedback.correct is correct
    if not correct:
        assert feedback.hint and "wins" not in feedback.message  # a nudge, not the result


@pytest.mark.parametrize("answer", [..., 3, "maybe"])
def test_check_outcome_unreadable_or_missing(answer: object) -> None:
    assert check_outcome(BLOCKED, answer).status == ("missing" if answer is ... else "wrong")
