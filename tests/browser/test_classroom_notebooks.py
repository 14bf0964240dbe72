"""A student's copy in a real JupyterLab: Run All shows no answers, and the answer boxes give stepped hints.

Each test copies a student copy (``notebooks/NN_*.ipynb``, generated from the
teacher copy) into the server's folder, runs it top to bottom as a student
would, and reads the page: every answer box says "No answer yet", no answer
and no error is visible anywhere; then it types a wrong and a partial answer
and presses Check, and the hint must not give the answer away.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (  # tests/browser/browser_helpers.py
    NOTEBOOKS,
    PANEL,
    accept_kernel_dialog,
    feedback_after,
    open_and_run_all,
    wait_for_kernel_idle,
)

pytestmark = pytest.mark.browser

BOX = f"{PANEL} .awithlaknannai-answer"


# --- driving JupyterLab (the same steps as a student: open, Run All, wait) ----------------


def notebook_text(page: Any) -> str:
    """All the text of the notebook, cells out of view included."""
    return page.locator(f"{PANEL} .jp-Notebook").evaluate("n => n.textContent")


def check_answer(page: Any, box: Any, previous: str) -> str:
    """Press the box's Check button and return its new feedback text (the feedback is redrawn)."""
    box.get_by_role("button", name="Check").click()
    return feedback_after(page, box, previous)


def assert_ran_without_errors_and_waits_for_answers(page: Any, boxes: int) -> None:
    errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    page.wait_for_function(f"() => document.querySelectorAll('{BOX}').length === {boxes}", timeout=60_000)
    for index in range(boxes):
        assert "No answer yet" in page.locator(BOX).nth(index).locator("[role=status]").text_content()
    text = notebook_text(page)
    assert "Correct!" not in text and "Traceback" not in text and "Error displaying widget" not in text


# --- the tests ---------------------------------------------------------------------


def test_history_activities_run_with_no_answers_and_hints_do_not_give_them_away(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / "01_history.ipynb", "student_01_history.ipynb")
    open_and_run_all(page, lab_server.url, name)
    assert_ran_without_errors_and_waits_for_answers(page, boxes=6)
    boxes = page.locator(BOX)
    boxes.first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "classroom-01-map-after-run-all.png"))

    # Activity 1, a wrong spot for Zuni Pueblo: how far off it is, and a hint; the right letter is not named.
    map_box = boxes.nth(0)
    map_box.get_by_role("combobox", name="Zuni Pueblo is at").select_option("C")
    feedback = check_answer(page, map_box, map_box.locator("[role=status]").text_content())
    assert feedback.startswith("✘ Not yet.") and "km" in feedback and "Hint:" in feedback
    assert " E " not in feedback and "E is" not in feedback

    # Activity 2, one right and one wrong letter: told how many differences remain, not which.
    spots = boxes.nth(1)
    before = spots.locator("[role=status]").text_content()
    spots.get_by_role("checkbox", name="A").check()
    spots.get_by_role("checkbox", name="C").check()
    feedback = check_answer(page, spots, before)
    assert "At C both drawings have a line." in feedback and "You found 1 of the 3" in feedback
    assert "D" not in feedback.replace("Hint", "") and "G" not in feedback

    # The table's question, a partial answer (one of the two sources): how many are missing, not which.
    sources = boxes.nth(4)
    before = sources.locator("[role=status]").text_content()
    sources.get_by_role("checkbox", name=re.compile(r"^c\)")).check()
    feedback = check_answer(page, sources, before)
    assert "You left out 1 source that says it." in feedback
    assert "French" not in feedback and "leglobejoueur" not in feedback
    sources.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "classroom-01-quiz-partial-answer.png"))


def test_puzzles_run_with_no_answers_and_hints_and_refutations_never_give_the_move(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    """05 answers on the board: Hint says what to look for, rings the piece, then the leaps; a wrong move is refuted."""
    from awithlaknannai.analysis.puzzles import tutorial_puzzles, winning_moves
    from test_challenges_in_browser import board_selector, click_move, geometry_for

    puzzles = tutorial_puzzles()
    name = lab_server.add_notebook(NOTEBOOKS / "05_puzzles.ipynb", "student_05_puzzles.ipynb")
    open_and_run_all(page, lab_server.url, name)
    assert_ran_without_errors_and_waits_for_answers(page, boxes=0)
    text = notebook_text(page)
    answers = [winning_moves(puzzle.position, puzzle.moves)[0] for puzzle in puzzles]
    for answer in answers:
        assert answer.text() not in text, f"the page shows the answer {answer}"

    board = board_selector(page, "Puzzle 1")
    row = page.locator(board).locator("xpath=ancestor::*[contains(@class,'awithlaknannai-challenge')][1]")
    status = page.locator(f"{board} .awithlaknannai-status")
    solution = answers[0]  # a chain of three leaps
    row.get_by_role("button", name="Hint").click()
    # innerText, not textContent: the status line's warning sign is there but hidden.
    page.wait_for_function("(s) => s.innerText.startsWith('Hint:')", arg=status.element_handle())
    first = status.inner_text()
    assert "win in" in first and solution.origin not in first  # what to look for, in words
    shown = [first]
    for _ in range(2):
        row.get_by_role("button", name="Hint").click()
        page.wait_for_function(
            "([s, before]) => s.innerText !== before", arg=[status.element_handle(), shown[-1]]
        )
        shown.append(status.inner_text())
    assert f"Look at the piece on {solution.origin}" in shown[1]
    assert "leap" in shown[2]
    assert all(solution.text() not in hint and solution.landings[-1] not in hint for hint in shown)

    # Puzzle 3 (win in 2): a wrong first move is answered by the reply that spoils it, on the board.
    row.get_by_role("button", name=re.compile(r"^3\. Puzzle 3")).click()
    puzzle = puzzles[2]
    (right,) = winning_moves(puzzle.position, 2)
    wrong = next(m for m in puzzle.position.legal_moves() if m != right and not m.is_capture)
    click_move(page, board, geometry_for(puzzle.position_text), list(wrong.path))
    page.wait_for_function(
        "(s) => s.textContent.includes('Not this one')", arg=status.element_handle(), timeout=30_000
    )
    assert right.text() not in status.text_content()
    page.locator(board).screenshot(path=str(artifacts / "classroom-05-puzzle-refuted.png"))


def test_rules_notebook_runs_with_no_answers_and_a_bare_word_gets_plain_words(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / "03_rules.ipynb", "student_03_rules.ipynb")
    open_and_run_all(page, lab_server.url, name)
    assert_ran_without_errors_and_waits_for_answers(page, boxes=2)  # 7.1 and 7.2; the rest are boards
    text = notebook_text(page)
    for answer in ("B3xB5xT6", "T1xB2", "M2-M1"):  # challenges 5.1, 6.1 and 7.0
        assert answer not in text, f"the page shows the answer {answer}"
    page.locator(BOX).nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "classroom-03-is-it-over.png"))

    # Exercise 8.1 is Python: a bare word (none for "none") gets plain words, not a traceback.
    cell = page.locator(f"{PANEL} .jp-CodeCell", has_text='check("03-ludii-rules"').last
    cell.scroll_into_view_if_needed()
    editor = cell.locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(
        'answer = Rules(compulsory_capture=False, multi_leap=none)\ncheck("03-ludii-rules", answer)'
    )
    page.keyboard.press("Control+Enter")
    wait_for_kernel_idle(page)
    output = cell.locator(".jp-OutputArea-output").first
    output.wait_for(state="visible")
    shown = output.text_content()
    assert "Python does not know the word none" in shown and '"none"' in shown
    assert "Traceback" not in cell.text_content()
    page.screenshot(path=str(artifacts / "classroom-03-bare-word.png"))


@pytest.mark.parametrize(
    "notebook",
    [
        "02_board_as_graph.ipynb",
        "06_variants_lab.ipynb",
        "07_family_album.ipynb",
        "../teacher/teacher_guide.ipynb",
    ],
)
def test_wide_outputs_fit_a_1024_pixel_window_with_the_file_browser_open(
    lab_server: Any, page: Any, artifacts: Path, notebook: str
) -> None:
    """The self-play tables and the printable-sheet preview: nothing needs a sideways scroll."""
    page.set_viewport_size({"width": 1024, "height": 768})
    name = lab_server.add_notebook(NOTEBOOKS / notebook, "wide_" + Path(notebook).name)
    page.goto(f"{lab_server.url}/lab/tree/{name}?reset")
    page.wait_for_selector(f"{PANEL} .jp-OutputArea-output", state="attached")
    accept_kernel_dialog(page)
    assert page.locator(".jp-FileBrowser").is_visible(), (
        "the file browser should be open, as a student has it"
    )
    overflowing = page.locator(f"{PANEL} .jp-OutputArea-output").evaluate_all(
        "outputs => outputs.filter(o => o.scrollWidth > o.clientWidth + 1)"
        ".map(o => o.textContent.slice(0, 80) + ` (${o.scrollWidth} > ${o.clientWidth} px)`)"
    )
    # The screenshot shows the widest output (a table or the printable sheet).
    page.locator(f"{PANEL} .jp-OutputArea-output").evaluate_all(
        "outputs => outputs.reduce((a, b) => (b.scrollWidth > a.scrollWidth ? b : a)).scrollIntoView()"
    )
    page.screenshot(path=str(artifacts / f"classroom-1024-{Path(notebook).stem}.png"))
    assert not overflowing, f"{notebook}: outputs wider than the window: {overflowing}"
