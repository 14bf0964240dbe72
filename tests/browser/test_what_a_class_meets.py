"""What a class meets first (issue 15), in a real JupyterLab and Chromium.

* The freeze: against the computer, play, Undo, play the same move again:
  the computer answers; the history buttons never leave it silent.
* A slip gives one friendly line, also from an exercise cell run before the
  import cell (the kernel loads the friendly-errors extension, as the
  installed IPython config makes it do).
* A freshly opened student notebook shows no answer anywhere.
* The widget's own text (which axe-core does not measure inside a canvas
  widget's live parts) reaches WCAG AA contrast in the light and the dark
  theme, every control has a visible focus ring, and at 320 CSS pixels
  wide the buttons keep their labels and the point names stay 12 px or more.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    PANEL,
    ROOT,
    THEMES,
    assert_outputs_accessible,
    open_and_run_all,
    open_notebook,
    run_all_in_theme,
    wait_for_board_fitted,
    wait_for_kernel_idle,
    write_notebook,
)
from test_play_in_browser import click_point, run_code_in_new_cell, status_text, wait_for_status

pytestmark = pytest.mark.browser

TEACHER = ROOT / "teacher"
BOARD = f"{PANEL} .awithlaknannai-board"


def game_widget_cell(variant: str) -> str:
    """A code cell that shows a :class:`~awithlaknannai.widgets.GameWidget` of ``variant``, no animation."""
    return f'from awithlaknannai.widgets import GameWidget\nGameWidget("{variant}", animate=False)'


def button(page: Any, label: str) -> Any:
    return page.locator(
        f"{PANEL} .awithlaknannai-game button", has_text=re.compile(f"^{re.escape(label)}$")
    ).first


def play(page: Any, geometry: Any, origin: str, target: str) -> None:
    click_point(page, BOARD, geometry.xy(origin))
    wait_for_status(page, BOARD, f"{origin} selected")
    click_point(page, BOARD, geometry.xy(target))


# --- the freeze ---------------------------------------------------------------------------------


def test_undo_then_the_same_move_again_the_computer_answers(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    from awithlaknannai.widgets import GameWidget

    geometry = GameWidget("mosona", animate=False).board.geometry
    name = write_notebook(
        lab_server,
        "freeze.ipynb",
        [
            'from awithlaknannai.widgets import GameWidget\n'
            'widget = GameWidget("mosona", opponent="casual", think_delay=0.2)\nwidget'
        ],
    )
    open_and_run_all(page, lab_server.url, name)
    page.wait_for_selector(f"{BOARD} canvas", state="visible")
    wait_for_status(page, BOARD, "White to move")

    play(page, geometry, "B3", "M4")
    wait_for_status(page, BOARD, "Last move: Black T4xB3")
    play(page, geometry, "M5", "M4")
    wait_for_status(page, BOARD, r"^White to move\. Last move: Black")
    button(page, "Undo").click()  # the computer's reply and the person's move
    wait_for_status(page, BOARD, r"Move 2 of 4\. White to move\. Last move: Black T4xB3")

    # The same move again: the computer answers (issue 15 found it silent, "move the slider").
    play(page, geometry, "M5", "M4")
    wait_for_status(page, BOARD, r"^White to move\. Last move: Black", timeout=60_000)
    assert "slider" not in status_text(page, BOARD)
    output = run_code_in_new_cell(page, "print('PLIES', len(widget.game.moves), widget.at_latest())")
    assert "PLIES 4 True" in output

    # Back to the computer's turn in the past: the board says to press Latest, a button on screen.
    button(page, "Back").click()
    wait_for_status(page, BOARD, "press Latest")
    click_point(page, BOARD, geometry.xy("B4"))
    wait_for_status(page, BOARD, "press Latest")
    button(page, "Latest").click()
    wait_for_status(page, BOARD, r"^White to move")
    page.locator(f"{BOARD} canvas").first.screenshot(path=str(artifacts / "class-freeze-fixed.png"))


# --- friendly errors --------------------------------------------------------------------------


def output_text(page: Any, index: int) -> str:
    cell = page.locator(f"{PANEL} .jp-Notebook .jp-CodeCell").nth(index)
    output = cell.locator(".jp-OutputArea-output")
    output.first.wait_for(state="visible")
    return cell.locator(".jp-OutputArea").inner_text()


def run_cell(page: Any, index: int, output: bool = True) -> str:
    cell = page.locator(f"{PANEL} .jp-Notebook .jp-CodeCell").nth(index)
    cell.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        "(p) => /\\[\\d+\\]/.test(p.textContent)", arg=cell.locator(".jp-InputArea-prompt").element_handle()
    )
    wait_for_kernel_idle(page)
    return output_text(page, index) if output else ""


def test_a_slip_gives_one_friendly_line_from_the_first_cell_run(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    name = write_notebook(
        lab_server,
        "slips.ipynb",
        [
            'ask("01-culin-year")',  # an exercise cell run before the import cell
            "from awithlaknannai import Rules\nfrom awithlaknannai.tutorial.quiz import ask",
            "Rules(compulsory_captur=False)",
            'Rules(multi_leap="None")',
        ],
    )
    open_notebook(page, lab_server.url, name)
    before_import = run_cell(page, 0)
    assert "comes from the awithlaknannai package" in before_import and "first code cell" in before_import
    run_cell(page, 1, output=False)
    typo = run_cell(page, 2)
    assert "has no setting called compulsory_captur: did you mean compulsory_capture?" in typo
    value = run_cell(page, 3)
    assert "multi_leap" in value and "none" in value
    for text in (before_import, typo, value):
        assert "Traceback" not in text and "File " not in text
        assert len([line for line in text.splitlines() if line.strip()]) <= 2, text
    page.screenshot(path=str(artifacts / "class-friendly-slips.png"))


# --- a fresh student notebook shows no answer --------------------------------------------------


def _teacher_answers() -> dict[str, list[str]]:
    """Every answer text of the teacher copies with a digit in it (moves, point lists, numbers of 2+ digits)."""
    from awithlaknannai.tutorial.answers import answer_key

    answers: dict[str, list[str]] = {}
    for row in answer_key(TEACHER).rows:
        values = re.findall(r'answer = "([^"]*\d[^"]*)"', row.solution) + re.findall(
            r"^answer = (\d{2,})$", row.solution, re.MULTILINE
        )
        answers.setdefault(row.notebook, []).extend(values)
    return answers


@pytest.mark.parametrize("notebook", ["02_board_as_graph.ipynb", "03_rules.ipynb", "05_puzzles.ipynb"])
def test_a_freshly_opened_student_notebook_shows_no_answer(lab_server: Any, page: Any, notebook: str) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / notebook, f"fresh_{notebook}")
    page.goto(f"{lab_server.url}/lab/tree/{name}?reset")
    page.wait_for_selector(f"{PANEL} .jp-OutputArea-output", state="attached")
    text = page.locator(f"{PANEL} .jp-Notebook").inner_text()
    alts = " ".join(page.locator(f"{PANEL} img").evaluate_all("images => images.map(i => i.alt)"))
    for answer in _teacher_answers()[notebook]:
        if answer.isdigit():  # a number: never in an output next to its question (checked offline too)
            continue
        assert answer not in text and answer not in alts, f"{notebook} shows the answer {answer!r}"
    # 03's "is it over?" exercise pictures (10 white and 2 black pieces; 9 and 2) do not tell.
    exercise_alts = re.findall(r"[^.]*(?:10|9) white and 2 black pieces", alts)
    assert all("game over" not in alt for alt in exercise_alts), exercise_alts
    assert "Run this cell (Shift + Enter) to play" in text or notebook == "02_board_as_graph.ipynb"


# --- contrast in both themes, focus, narrow windows ----------------------------------------------


# A game with a move undone (the current move and the greyed-out one after it) and an answer box.
CONTRAST_CELLS = [
    'from awithlaknannai.widgets import GameWidget\n'
    'widget = GameWidget("mosona", animate=False)\n'
    'widget.play("B3-M4"); widget.play("T4xB3"); widget.play("M5-M4"); widget.undo()\nwidget',
    'from awithlaknannai.tutorial.quiz import ask\nbox = ask("02-zuni3-edges")\nbox',
]


@pytest.mark.parametrize("theme", THEMES)
def test_the_widgets_own_text_reaches_aa_contrast_in_both_themes(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path, theme: str
) -> None:
    name = write_notebook(lab_server, f"contrast_{theme.split()[-1]}.ipynb", CONTRAST_CELLS)
    with run_all_in_theme(page, lab_server.url, name, theme):
        check_contrast(page, axe_source, artifacts, theme)


def check_contrast(page: Any, axe_source: str, artifacts: Path, theme: str) -> None:
    page.wait_for_selector(f"{PANEL} .awithlaknannai-moves", state="visible")
    # A refused click shows the warning sign.
    run_code_in_new_cell(page, 'widget.board.click("M4")')
    page.wait_for_selector(f"{BOARD} .awithlaknannai-warning:not([hidden])", state="visible")
    assert_outputs_accessible(
        page,
        axe_source,
        theme,
        (
            ".awithlaknannai-current-move",
            ".awithlaknannai-moves .awithlaknannai-muted",
            ".awithlaknannai-warning",
            ".awithlaknannai-status",
            ".awithlaknannai-answer [role=status]",
        ),
    )
    page.screenshot(path=str(artifacts / f"class-contrast-{theme.split()[-1].lower()}.png"))


def test_every_control_shows_a_focus_ring_of_3_to_1(lab_server: Any, page: Any) -> None:
    name = write_notebook(lab_server, "focus.ipynb", [game_widget_cell("mosona")])
    open_and_run_all(page, lab_server.url, name)
    controls = page.locator(f"{PANEL} .awithlaknannai-game :is(button, select, input)")
    controls.first.wait_for(state="visible")
    controls.first.focus()
    page.keyboard.press("Tab")  # a key press: from now on focus is "keyboard focus" (:focus-visible)
    checked = 0
    for index in range(controls.count()):
        control = controls.nth(index)
        if not control.is_visible() or control.is_disabled():
            continue
        control.focus()
        style = control.evaluate(
            "e => { const s = getComputedStyle(e); "
            "return [s.outlineStyle, s.outlineWidth, s.outlineColor, e.matches(':focus-visible')]; }"
        )
        assert style[3], (index, "not focused by keyboard")
        assert style[0] != "none" and float(style[1].rstrip("px")) >= 2, (index, style)
        checked += 1
    assert checked >= 10


def test_keys_typed_in_a_widget_stay_in_it_and_escape_returns_to_the_notebook(
    lab_server: Any, page: Any
) -> None:
    """JupyterLab's command-mode shortcuts ("B" inserts a cell, arrows move the selection) never
    fire from a widget's menu or text box; Escape leaves the widget for the notebook's command mode."""
    name = write_notebook(lab_server, "keys.ipynb", [game_widget_cell("mosona"), "1 + 1"])
    open_and_run_all(page, lab_server.url, name)
    cells = page.locator(f"{PANEL} .jp-Notebook .jp-Cell")
    menu = page.locator(f"{PANEL} .awithlaknannai-game select").first
    menu.wait_for(state="visible")
    before = cells.count()
    menu.focus()
    for key in ("b", "a", "ArrowDown", "ArrowUp", "d", "m", "x"):
        page.keyboard.press(key)
    move_box = page.locator(f"{PANEL} .awithlaknannai-game input[type=text]").first
    move_box.focus()
    page.keyboard.type("B3-M4")
    assert move_box.input_value() == "B3-M4"  # the letters went into the box, none became a shortcut
    page.wait_for_timeout(300)
    assert cells.count() == before, "a key typed in the widget inserted or deleted a cell"
    page.keyboard.press("Escape")
    page.wait_for_function(
        f"() => document.activeElement && document.activeElement.closest('{PANEL} .jp-Cell') !== null "
        "&& document.activeElement.closest('.awithlaknannai-game') === null"
    )
    page.keyboard.press("b")  # now the notebook's own shortcut works again: a cell below
    page.wait_for_function(
        f"(n) => document.querySelectorAll('{PANEL} .jp-Notebook .jp-Cell').length === n + 1", arg=before
    )


def test_a_320_pixel_window_keeps_labels_whole_and_point_names_readable(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    name = write_notebook(lab_server, "narrow.ipynb", [game_widget_cell("kolowis")])
    open_and_run_all(page, lab_server.url, name)
    page.wait_for_selector(f"{BOARD} canvas", state="visible")
    page.keyboard.press("Control+b")  # close the file browser, as a student on a phone would
    page.wait_for_selector(".jp-FileBrowser", state="hidden")
    page.set_viewport_size({"width": 320, "height": 800})  # WCAG 1.4.10: 320 CSS pixels, nothing lost
    # The kernel redraws the board for its new box: wait for that (on a busy machine it takes a while).
    wait_for_board_fitted(page, BOARD, box_at_most=330)
    cut = page.evaluate(f"""() => [...document.querySelectorAll('{PANEL} .awithlaknannai-game button')]
        .filter(b => b.getClientRects().length > 0 && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)""")
    assert not cut, f"buttons cut short: {cut}"
    # CSS pixels per canvas pixel, as drawn: the point names' size on screen follows from it.
    scale = page.evaluate(f"""() => {{ const c = document.querySelector('{BOARD} canvas');
        return c.getBoundingClientRect().width / c.width; }}""")
    from awithlaknannai.widgets import BoardWidget
    from awithlaknannai.widgets.board import MIN_LABEL_PX
    from awithlaknannai.widgets.drawing import label_size

    board = BoardWidget("kolowis", animate=False)
    shown = label_size(board.geometry, MIN_LABEL_PX * board.resolution) * scale
    assert shown >= MIN_LABEL_PX - 0.5, f"point names drawn {shown:.1f} px high"
    page.locator(f"{BOARD} canvas").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "class-narrow-320.png"))
