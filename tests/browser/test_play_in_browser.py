"""Play by clicking on the canvas in a real JupyterLab in Chromium.

Each test opens a notebook, runs it, clicks on the board at pixel
positions computed from the board's :class:`~awithlaknannai.render.geometry.Layout`
(scaled from canvas pixels to the element's CSS size on the page), then
checks the status line on the page and the game in the kernel.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (  # tests/browser/browser_helpers.py
    NOTEBOOKS,
    OUTPUTS,
    PANEL,
    accept_kernel_dialog,
    assert_no_axe_violations,
    open_and_run_all,
    wait_for_kernel_idle,
)

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
START_HERE = NOTEBOOKS / "00_start_here.ipynb"


# --- driving JupyterLab ----------------------------------------------------------


# The notebook in the visible tab.


def run_code_in_new_cell(page: Any, code: str) -> str:
    """Add a cell at the end, run it, and return the text of its output."""
    cells = page.locator(f"{PANEL} .jp-Notebook .jp-Cell")
    cells.last.locator(".jp-InputArea-prompt").click()  # select the last cell in command mode
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # insert a cell below
    page.keyboard.press("Enter")  # edit it
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    output = cells.last.locator(".jp-OutputArea-output")
    output.first.wait_for(state="visible")
    wait_for_kernel_idle(page)
    return output.first.inner_text()


def canvas_point(page: Any, board_selector: str, xy: tuple[float, float]) -> tuple[float, float]:
    """Page coordinates of canvas pixel ``xy``: the canvas is shown scaled to its CSS box."""
    canvas = page.locator(f"{board_selector} canvas").first
    box = canvas.bounding_box()
    pixel_width = canvas.evaluate("c => c.width")
    pixel_height = canvas.evaluate("c => c.height")
    return (box["x"] + xy[0] * box["width"] / pixel_width, box["y"] + xy[1] * box["height"] / pixel_height)


def click_point(page: Any, board_selector: str, xy: tuple[float, float]) -> None:
    x, y = canvas_point(page, board_selector, xy)
    page.mouse.click(x, y)


def status_text(page: Any, board_selector: str) -> str:
    return page.locator(f"{board_selector} .awithlaknannai-status").first.inner_text()


def wait_for_status(page: Any, board_selector: str, pattern: str, timeout: float = 30_000) -> None:
    """Wait until the board's status line matches the regular expression ``pattern``."""
    page.wait_for_function(
        "([selector, pattern]) => { const s = document.querySelector(selector + ' .awithlaknannai-status');"
        " return s !== null && new RegExp(pattern).test(s.innerText); }",
        arg=[board_selector, pattern],
        timeout=timeout,
    )


# --- the tests ---------------------------------------------------------------------


def test_click_a_move_on_the_canvas_and_the_computer_answers(
    lab_server: Any, page: Any, artifacts: Path
) -> None:
    from awithlaknannai.widgets import GameWidget

    # The notebook builds GameWidget("mosona") with default sizes: the same geometry as this one.
    geometry = GameWidget("mosona", animate=False).board.geometry
    name = lab_server.add_notebook(HERE / "play_test.ipynb")
    open_and_run_all(page, lab_server.url, name)
    board = f"{PANEL} .awithlaknannai-board"
    page.wait_for_selector(f"{board} canvas", state="visible")
    wait_for_status(page, board, "White to move")
    page.locator(f"{board} canvas").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "browser-game-start.png"), full_page=False)

    # A click on an empty point is refused, and the status line explains it.
    click_point(page, board, geometry.xy("M4"))
    wait_for_status(page, board, "M4 is empty")

    # Select B3, then click M4: the move is played; the stand-in opponent answers T4xB3.
    click_point(page, board, geometry.xy("B3"))
    wait_for_status(page, board, "B3 selected")
    page.locator(f"{board} canvas").first.screenshot(path=str(artifacts / "browser-selected.png"))
    click_point(page, board, geometry.xy("M4"))
    wait_for_status(page, board, "Last move: Black T4xB3")
    assert "White to move" in status_text(page, board)
    moves = page.locator(f"{PANEL} .awithlaknannai-moves").first.inner_text()
    assert "B3-M4" in moves and "T4xB3" in moves
    page.screenshot(path=str(artifacts / "browser-game-after-reply.png"))

    # The keyboard reaches the board too: arrows move the cursor, the status line names its point.
    page.locator(f"{board} canvas").first.focus()
    page.keyboard.press("ArrowRight")
    wait_for_status(page, board, "Cursor on B0")
    page.keyboard.press("ArrowRight")
    wait_for_status(page, board, "Cursor on B1")
    page.keyboard.press("Enter")
    wait_for_status(page, board, "B1 cannot move")

    # Tab and Shift+Tab leave the board in JupyterLab too (ipycanvas would keep them).
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") != "CANVAS"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.tagName") == "CANVAS"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.innerText") == "Hint"

    # The game in the kernel has both moves.
    output = run_code_in_new_cell(page, 'print("MOVES:", widget.game.move_list())')
    assert "MOVES: 1. B3-M4 T4xB3" in output


# What a canvas pixel at a point's centre shows: a black piece's body, a white piece's body, or neither.
_PIXEL_KIND = """([selector, checks]) => {
  const canvas = document.querySelector(selector + ' canvas');
  if (canvas === null) return false;
  const context = canvas.getContext('2d');
  return checks.every(([x, y, kind]) => {
    const [r, g, b] = context.getImageData(x, y, 1, 1).data;
    const black = Math.max(r, g, b) < 80, white = Math.min(r, g, b) > 220;
    return kind === 'black' ? black : kind === 'white' ? white : !black && !white;
  });
}"""


def wait_for_pieces(
    page: Any, board_selector: str, geometry: Any, expected: dict[str, str], timeout: float = 30_000
) -> None:
    """Wait until the canvas shows ``expected``: point -> "black", "white" or "empty"."""
    checks = [[int(geometry.xy(p)[0]), int(geometry.xy(p)[1]), kind] for p, kind in expected.items()]
    page.wait_for_function(_PIXEL_KIND, arg=[board_selector, checks], timeout=timeout)


def test_a_reloaded_page_shows_the_board_again(lab_server: Any, page: Any, artifacts: Path) -> None:
    from awithlaknannai.widgets import GameWidget

    geometry = GameWidget("mosona", animate=False).board.geometry
    name = lab_server.add_notebook(HERE / "play_test.ipynb", "reload_test.ipynb")
    open_and_run_all(page, lab_server.url, name)
    board = f"{PANEL} .awithlaknannai-board"
    wait_for_status(page, board, "White to move")
    run_code_in_new_cell(page, 'widget.play("B3-M4"); print("PLAYED")')
    wait_for_status(page, board, "Last move: Black T4xB3")
    # B3-M4 T4xB3: a black piece on B3, White's piece on M4 taken, T4 left empty
    after = {"B3": "black", "M4": "empty", "T4": "empty", "B4": "white", "T0": "black"}
    wait_for_pieces(page, board, geometry, after)
    # Save (so the page keeps the widget's output) and reload: the new canvases start blank,
    # and the kernel draws them again when they report ready.
    page.keyboard.press("Control+s")
    page.wait_for_timeout(1000)
    page.reload()
    accept_kernel_dialog(page)
    page.wait_for_selector(f"{board} canvas", state="visible")
    wait_for_pieces(page, board, geometry, after)
    page.locator(board).first.screenshot(path=str(artifacts / "browser-after-reload.png"))


def test_start_here_notebook_board_plays_a_click(lab_server: Any, page: Any, artifacts: Path) -> None:
    if not START_HERE.exists():
        pytest.skip(f"{START_HERE} does not exist yet")
    name = lab_server.add_notebook(START_HERE, "start_here_copy.ipynb")
    open_and_run_all(page, lab_server.url, name)
    board = page.locator(f"{PANEL} .awithlaknannai-game .awithlaknannai-board").first  # the whole game
    board.locator("canvas").first.wait_for(state="visible")
    classes = board.get_attribute("class") or ""
    found = re.search(r"awithlaknannai-model-(\w+)", classes)
    assert found, f"the board has no model class: {classes}"
    model_id = found.group(1)
    selector = f".awithlaknannai-model-{model_id}"
    # Ask the kernel for a legal move of that board and where its points are on the canvas.
    probe = (
        "import json\n"
        "from ipywidgets import widget_serialization\n"
        f"_board = widget_serialization['from_json']('IPY_MODEL_{model_id}', None)\n"
        "_move = _board.game.legal_moves()[0]\n"
        "print('PROBE', json.dumps({'move': str(_move), 'before': len(_board.game.moves),\n"
        "      'clicks': [_board.geometry.xy(p) for p in _move.path]}))"
    )
    probe_output = run_code_in_new_cell(page, probe)
    data = json.loads(probe_output.split("PROBE", 1)[1])
    board.locator("canvas").first.scroll_into_view_if_needed()
    for xy in data["clicks"]:
        click_point(page, selector, tuple(xy))
        page.wait_for_timeout(300)
    wait_for_status(page, selector, re.escape(data["move"]))
    board.screenshot(path=str(artifacts / "browser-start-here.png"))
    check = run_code_in_new_cell(page, "print('PLAYED', len(_board.game.moves), _board.game.moves[-1])")
    assert f"PLAYED {data['before'] + 1} {data['move']}" in check


# --- accessibility of every notebook's outputs ----------------------------------------


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.slow
@pytest.mark.parametrize("notebook", _notebooks(), ids=lambda path: path.stem)
def test_notebook_outputs_have_no_wcag_violations_after_run_all(
    lab_server: Any, page: Any, axe_source: str, notebook: Path
) -> None:
    """axe-core's WCAG 2.1 A/AA rules on the output areas of ``notebook`` after Run All.

    Only what the notebook shows is judged (JupyterLab's own interface is not ours to fix).
    """
    name = lab_server.add_notebook(notebook, f"axe_{notebook.name}", clear_outputs=True)
    open_and_run_all(page, lab_server.url, name)
    # Run All is done when every code cell with code has its execution number (none waits: [*]).
    page.wait_for_function(
        f"""() => {{
            const cells = [...document.querySelectorAll('{PANEL} .jp-CodeCell')]
                // A cell whose code is hidden shows no prompt; the kernel-idle wait below covers it.
                .filter((c) => {{
                    const editor = c.querySelector('.jp-InputArea-editor');
                    return editor !== null && c.querySelector('.jp-InputArea-prompt') !== null
                        && editor.textContent.trim() !== ''; }});
            return cells.length > 0 && cells.every((c) => /\\[\\d+\\]/.test(c.querySelector('.jp-InputArea-prompt').innerText));
        }}""",
        timeout=300_000,
    )
    wait_for_kernel_idle(page)
    # Widgets render after the kernel goes idle: wait until every board has its name.
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{PANEL} .awithlaknannai-board canvas')]"
        ".every((c) => c.hasAttribute('aria-label'))",
        timeout=60_000,
    )
    page.wait_for_timeout(500)
    assert page.locator(OUTPUTS).count() > 0, f"{notebook.name} shows no outputs after Run All"
    assert_no_axe_violations(
        page,
        axe_source,
        [OUTPUTS],
        heading=f"axe-core, WCAG 2.1 A/AA, outputs of {notebook.name} after Run All",
    )
