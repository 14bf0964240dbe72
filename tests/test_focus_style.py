"""Every widget of the package brings its own focus ring: none relies on a board being on the page."""

from __future__ import annotations

import ipywidgets as widgets

from awithlaknannai.tutorial.activities import activity
from awithlaknannai.tutorial.predict import predict
from awithlaknannai.tutorial.quiz import ask
from awithlaknannai.widgets.access import _CSS, FOCUS_STYLE


def _styles(widget: widgets.Widget) -> str:
    """Every HTML text inside a widget, children included."""
    found = [widget.value] if isinstance(widget, widgets.HTML) else []
    for child in getattr(widget, "children", ()):
        found.append(_styles(child))
    return "\n".join(found)


def test_the_focus_rules_are_one_text_shared_with_the_board():
    assert "outline: 2px solid" in FOCUS_STYLE and FOCUS_STYLE.startswith("<style>")
    rules = FOCUS_STYLE.removeprefix("<style>\n").removesuffix("</style>")
    assert rules in _CSS  # the board's stylesheet holds the very same rules


def test_answer_boxes_predictions_and_activities_carry_the_focus_ring():
    for widget in (
        ask("02-zuni3-edges"),
        predict("02-more-edges"),
        predict("06-who-wins-random"),
        activity("01-locator-map"),
    ):
        assert FOCUS_STYLE in _styles(widget), type(widget).__name__
