"""Predict, then reveal, in a real JupyterLab and Chromium (issue 16, the variants lab that asks first).

* A freshly opened 02, 06 or 07 shows each prediction's question and "Make your prediction,
  then press Lock in my guess." and no answer.
* By keyboard alone: choose with the arrow keys, Tab to the button, press Space; type a number,
  Tab, press Enter. The status line (one live region) says what was locked in and the answer;
  the answer's picture shows with its text alternative.
* axe-core finds no WCAG 2.1 A/AA violation in the outputs, and the status line and the
  revealed text reach 4.5:1 in the light and the dark theme.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    OUTPUTS,
    PANEL,
    THEMES,
    assert_no_axe_violations,
    assert_outputs_accessible,
    open_and_run_all,
    run_all_in_theme,
    wait_for_kernel_idle,
    write_notebook,
)
from test_untrusted_pictures import open_without_running

from awithlaknannai.tutorial.predict import LOCK_IN, WAITING

pytestmark = pytest.mark.browser

BOX = f"{PANEL} .awithlaknannai-predict"


@pytest.mark.parametrize(
    "notebook", ["02_board_as_graph.ipynb", "06_variants_lab.ipynb", "07_family_album.ipynb"]
)
def test_a_freshly_opened_notebook_asks_and_does_not_answer(
    lab_server: Any, page: Any, notebook: str, artifacts: Path
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / notebook, f"fresh_predict_{notebook}")
    open_without_running(page, lab_server.url, name)
    text = page.locator(f"{PANEL} .jp-Notebook").inner_text()
    assert text.count(WAITING) >= 1, notebook
    assert "The computer's answer" not in text and "Locked in:" not in text
    page.locator(f"{PANEL} .jp-OutputArea-output", has_text=WAITING).first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"predict-fresh-{notebook.split('_')[0]}.png"))


@pytest.mark.parametrize("theme", THEMES)
def test_a_prediction_by_keyboard_alone(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path, theme: str
) -> None:
    name = write_notebook(
        lab_server,
        f"predict_{theme.split()[-1]}.ipynb",
        [
            'from awithlaknannai.tutorial.predict import predict\npredict("06-drawing-decides")',
            'predict("02-more-edges")',
        ],
    )
    with run_all_in_theme(page, lab_server.url, name, theme):
        boxes = page.locator(BOX)
        boxes.nth(1).wait_for(state="visible")
        choice, number = boxes.nth(0), boxes.nth(1)
        status = choice.locator("[role=status]")
        assert status.inner_text() == WAITING
        # Choices: into the radio group, down to b), then a), Tab to the button, Space.
        choice.locator("input[type=radio]").first.focus()
        page.keyboard.press("Space")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowUp")
        assert choice.locator("input[type=radio]").first.is_checked()
        # ipywidgets holds back a value change while the kernel is busy with the last one, but a
        # button's click goes at once: let the a) reach the kernel, as a person's pause would.
        page.wait_for_timeout(500)
        wait_for_kernel_idle(page)
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.textContent.trim()")
        assert focused == LOCK_IN, focused
        page.keyboard.press("Space")
        page.wait_for_function(
            "(box) => box.querySelector('[role=status]').textContent.includes('found')",
            arg=choice.element_handle(),
            timeout=60_000,
        )
        said = status.inner_text()
        assert said.startswith("Locked in: a) With the outer-row lines"), said
        assert said.endswith("That is what the computer found!"), said
        assert "M3-M2" in choice.locator(".awithlaknannai-reveal").inner_text()
        # The reveal holds the figure for each theme; the page shows the one for its own.
        picture = choice.locator(".awithlaknannai-reveal img:visible")
        assert picture.count() == 1
        assert "the drawing changes who wins" in picture.get_attribute("alt")
        assert choice.locator("input[type=radio]").first.is_disabled()
        # A number: type it, Tab to the button, Enter.
        number.locator("input[type=text]").focus()
        page.keyboard.type("12")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(box) => box.querySelector('[role=status]').textContent.includes('guessed')",
            arg=number.element_handle(),
            timeout=60_000,
        )
        assert (
            "Locked in: 12. The answer is 14: 2 more than you guessed."
            in number.locator("[role=status]").inner_text()
        )
        number.locator(".awithlaknannai-reveal img:visible").first.wait_for(state="visible")
        page.wait_for_timeout(500)
        assert_outputs_accessible(
            page,
            axe_source,
            theme,
            ("[role=status]", ".awithlaknannai-reveal p", ".widget-radio-box label", ".widget-label"),
            within=BOX,
        )
        choice.scroll_into_view_if_needed()
        page.screenshot(
            path=str(artifacts / f"predict-keyboard-{theme.split()[-1].lower()}.png"), full_page=True
        )


def test_the_variants_lab_runs_and_its_outputs_pass_axe(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / "06_variants_lab.ipynb", "axe_06_variants_lab.ipynb")
    open_and_run_all(page, lab_server.url, name)
    box = page.locator(BOX).first
    box.locator("input[type=radio]").nth(1).check()
    box.locator("button", has_text=LOCK_IN).click()
    page.wait_for_function(
        "(box) => box.querySelector('[role=status]').textContent.includes('found')",
        arg=box.element_handle(),
        timeout=60_000,
    )
    box.locator(".awithlaknannai-reveal img").wait_for(state="visible")
    assert_no_axe_violations(page, axe_source, [OUTPUTS])
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "predict-06-revealed.png"))
