"""The history notebook's activities in a real JupyterLab, as a student meets them (issue 16).

The student copy of 01 runs top to bottom in the light and the dark theme;
one activity (the map) is completed with the keyboard alone, the timeline
by choosing from its menus; the marks and the feedback reach AA contrast
in both themes, and axe-core finds no WCAG 2.1 A/AA violation in the outputs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    PANEL,
    THEMES,
    assert_outputs_accessible,
    feedback_after,
    run_all_in_theme,
)

pytestmark = pytest.mark.browser

BOX = f"{PANEL} .awithlaknannai-answer"


@pytest.mark.parametrize("theme", THEMES)
def test_history_activities_by_keyboard_in_both_themes_with_no_axe_violation(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path, theme: str
) -> None:
    name = lab_server.add_notebook(NOTEBOOKS / "01_history.ipynb", f"history_{theme.split()[-1]}.ipynb")
    with run_all_in_theme(page, lab_server.url, name, theme):
        page.wait_for_function(f"() => document.querySelectorAll('{BOX}').length === 6", timeout=60_000)
        boxes = page.locator(BOX)
        suffix = theme.split()[-1].lower()

        # Activity 1 with the keyboard only: a letter typed on each menu, Tab to the next, Enter on Check.
        map_box = boxes.nth(0)
        map_box.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"history-map-{suffix}.png"))
        before = map_box.locator("[role=status]").text_content()
        map_box.get_by_role("combobox", name="Zuni Pueblo is at").focus()
        page.keyboard.type("E")
        page.keyboard.press("Tab")
        cells = page.locator(f"{PANEL} .jp-Cell").count()
        page.keyboard.type("B")  # in command mode "B" would insert a cell, were the box not shielded
        assert page.locator(f"{PANEL} .jp-Cell").count() == cells, (
            "a key pressed on a menu reached JupyterLab"
        )
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.textContent.trim()")
        assert focused == "Check", f"Tab from the last menu reaches {focused!r}, not the Check button"
        page.keyboard.press("Enter")
        feedback = feedback_after(page, map_box, before)
        assert feedback.startswith("✔ Correct!"), feedback
        assert "E is Zuni Pueblo" in map_box.locator("img").get_attribute("alt")
        page.screenshot(path=str(artifacts / f"history-map-done-{suffix}.png"))

        boxes.nth(1).scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"history-spots-{suffix}.png"))

        # Activity 3, one right and one wrong source: each row is marked with a word, not a colour alone.
        sort_box = boxes.nth(2)
        before = sort_box.locator("[role=status]").text_content()
        sort_box.get_by_role("combobox", name="Statement 2 is by").select_option(label="Ludii")
        sort_box.get_by_role("combobox", name="Statement 3 is by").select_option(label="Murray 1952")
        sort_box.get_by_role("button", name="Check").click()
        feedback = feedback_after(page, sort_box, before)
        assert "1 of 8 right" in feedback and "statement 3 is not by Murray 1952" in feedback
        marks = sort_box.locator(".awithlaknannai-mark")
        assert [mark.text_content().strip() for mark in marks.all()] == ["✔ right", "✘ not yet"]
        sort_box.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"history-sort-{suffix}.png"))

        # Activity 4: a choice swaps two sources; the right order shows the years on the picture.
        timeline = boxes.nth(3)
        for place, source in zip(
            ("1st (oldest)", "2nd", "3rd", "4th", "5th (newest)"),
            ("Stevenson", "Culin", "Murray", "Bell", "Ludii"),
        ):
            timeline.get_by_role("combobox", name=place).select_option(label=source)
        assert "moved to place" in timeline.text_content()
        before = timeline.locator("[role=status]").text_content()
        timeline.get_by_role("button", name="Check").click()
        feedback = feedback_after(page, timeline, before)
        assert feedback.startswith("✔ Correct!") and "Culin 1907" in feedback
        assert "(1903)" in timeline.locator("img").get_attribute("alt")
        timeline.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"history-timeline-{suffix}.png"))

        assert_outputs_accessible(
            page,
            axe_source,
            theme,
            (
                ".awithlaknannai-mark",
                ".awithlaknannai-answer [role=status]",
                ".awithlaknannai-statement",
                ".awithlaknannai-activity .widget-label",
            ),
        )
        text = page.locator(f"{PANEL} .jp-Notebook").evaluate("n => n.textContent")
        assert not re.search(r"Traceback|Error displaying widget", text)
