"""Learning on the board (issue 16), in a real JupyterLab and Chromium.

The student notebooks 03 (rules) and 05 (puzzles) are run top to bottom; then
one rule challenge and one puzzle are solved with the mouse, and one
challenge by keyboard alone (Tab to the board, arrow keys, Enter), each
answered on the board's status line; axe-core finds no WCAG 2.1 A/AA
violation in the outputs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import NOTEBOOKS, OUTPUTS, PANEL, assert_no_axe_violations, open_and_run_all
from test_play_in_browser import click_point, wait_for_status

pytestmark = pytest.mark.browser


def board_selector(page: Any, title: str) -> str:
    """The selector of the board whose accessible name starts with ``title`` (its challenge's title)."""
    canvas = page.locator(f"{PANEL} canvas[aria-label^=\"{title}\"]").first
    canvas.wait_for(state="attached", timeout=60_000)
    classes = canvas.evaluate("c => c.closest('.awithlaknannai-board').className")
    model = re.search(r"awithlaknannai-model-(\w+)", classes).group(1)
    return f".awithlaknannai-model-{model}"


def geometry_for(position_text: str) -> Any:
    from awithlaknannai import Game, parse_position
    from awithlaknannai.widgets import BoardWidget

    return BoardWidget(Game(start=parse_position(position_text)), animate=False).geometry


def click_move(page: Any, selector: str, geometry: Any, points: list[str]) -> None:
    page.locator(f"{selector} canvas").first.scroll_into_view_if_needed()
    for point in points:
        click_point(page, selector, geometry.xy(point))
        page.wait_for_timeout(250)


def test_a_rule_challenge_by_mouse_and_another_by_keyboard(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / "03_rules.ipynb", "challenges_03.ipynb")
    open_and_run_all(page, lab_server.url, name)

    # By mouse: Challenge 5.1, two in one turn. A wrong try first: the board says why, Try again.
    text = "mosona standard .wb...../......b../...wb... w 0"
    geometry = geometry_for(text)
    board = board_selector(page, "Challenge 5.1")
    click_move(page, board, geometry, ["T1", "T3"])
    wait_for_status(page, board, "takes 1 piece")
    page.locator(board).locator(
        "xpath=ancestor::*[contains(@class,'awithlaknannai-challenge')][1]"
    ).get_by_role("button", name="Try again").click()
    wait_for_status(page, board, "Again")
    click_move(page, board, geometry, ["B3", "B5"])  # the rest of the chain plays itself
    wait_for_status(page, board, "Solved!")
    page.locator(board).screenshot(path=str(artifacts / "challenge-03-mouse.png"))

    # By keyboard alone: the opening challenge (Black's only reply, T4xB3).
    board = board_selector(page, "Black's reply")
    canvas = page.locator(f"{board} canvas").first
    canvas.scroll_into_view_if_needed()
    canvas.focus()
    from awithlaknannai import Position

    opening = geometry_for(Position.start("mosona").play("B3-M4").text())
    for target in ("T4", "B3"):
        for _ in range(30):
            status = page.locator(f"{board} .awithlaknannai-status").inner_text()
            cursor = re.search(r"Cursor on (\w+)", status)
            if cursor and cursor.group(1) == target:
                break
            here = opening.xy(cursor.group(1)) if cursor else (0.0, 0.0)
            there = opening.xy(target)
            key = (
                "ArrowDown"
                if there[1] > here[1] + 1
                else "ArrowUp"
                if there[1] < here[1] - 1
                else "ArrowRight"
                if there[0] > here[0]
                else "ArrowLeft"
            )
            page.keyboard.press(key)
            page.wait_for_timeout(150)
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
    wait_for_status(page, board, "Solved!")
    # The canvas's description (what a screen reader reads) follows the move played by keyboard.
    described = page.locator(f"{board} canvas").first.get_attribute("aria-describedby")
    assert "Last move: Black T4xB3" in page.locator(f"[id='{described}']").text_content()
    assert_no_axe_violations(page, axe_source, [OUTPUTS])


def test_a_puzzle_played_out_by_mouse_against_the_defence(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path
) -> None:
    from awithlaknannai.analysis.puzzles import tutorial_puzzles

    name = lab_server.add_notebook(NOTEBOOKS / "05_puzzles.ipynb", "challenges_05.ipynb")
    open_and_run_all(page, lab_server.url, name)
    board = board_selector(page, "Puzzle 1")
    row = page.locator(board).locator("xpath=ancestor::*[contains(@class,'awithlaknannai-challenge')][1]")
    # Puzzle 3: win in 2. Go there with the row's button, play the first move, let Black defend.
    row.get_by_role("button", name=re.compile(r"^3\. Puzzle 3")).click()
    puzzle = tutorial_puzzles()[2]
    geometry = geometry_for(puzzle.position_text)
    click_move(page, board, geometry, ["M8", "M7"])
    wait_for_status(page, board, "answers T7xB6: your move", timeout=30_000)
    click_move(page, board, geometry, ["B7", "B5"])
    wait_for_status(page, board, "Solved!")
    assert row.get_by_role("button", name=re.compile("^\u2714 3\\. Puzzle 3")).count() == 1  # ticked
    page.locator(board).screenshot(path=str(artifacts / "challenge-05-puzzle.png"))
    assert_no_axe_violations(page, axe_source, [OUTPUTS])
