"""The history activities of notebook 01 in Spanish and French: controls, marks and the statements.

A quotation keeps the source's own words and gets our translation beside it, marked as ours;
the statements that are ours are translated whole.
"""

from __future__ import annotations

import pytest

from awithlaknannai.i18n import use_language
from awithlaknannai.tutorial.activities import activity
from awithlaknannai.tutorial.history_exercises import STATEMENTS, statement_html

OUR_TRANSLATION = {"es": "Traducción nuestra", "fr": "Notre traduction"}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_quotation_keeps_its_words_and_gets_our_translation(lang):
    quotation = STATEMENTS[5][0]
    with use_language(lang):
        shown = statement_html(quotation)
    words, translation = shown.split("<br>")
    assert words == quotation.message  # the source's words, untouched
    assert OUR_TRANSLATION[lang] in translation
    assert "The stones" not in translation


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_statement_of_ours_is_translated_whole(lang):
    ours = STATEMENTS[4][0]  # a description of Murray's drawing, not a quotation
    with use_language(lang):
        shown = statement_html(ours)
    assert "<br>" not in shown and "drawing" not in shown
    assert {"es": "dibujo", "fr": "dessin"}[lang] in shown


def test_in_english_a_quotation_is_shown_once():
    assert statement_html(STATEMENTS[0][0]).count("number of angles") == 1
    assert "<br>" not in statement_html(STATEMENTS[0][0])


@pytest.mark.parametrize(
    ("lang", "menu", "source", "place"),
    [
        ("es", "La frase 1 es de", "la enciclopedia", "1.º (el más antiguo)"),
        ("fr", "La phrase 1 est de", "l'encyclopédie", "1er (le plus ancien)"),
    ],
)
def test_the_activities_controls_speak_the_session_language(lang, menu, source, place):
    with use_language(lang):
        sources = activity("01-statement-sources")
        timeline = activity("01-timeline")
        locator = activity("01-locator-map")
        spots = activity("01-spot-difference")
    first = sources.menus[0]
    assert first.description == menu
    assert source in [label for label, _key in first.options]
    assert first.options[0][0] in ("(elige)", "(choisis)")
    assert timeline.places[0].description == place
    assert locator.menus["zuni"].description.startswith("Zuni Pueblo ")
    assert locator.menus["zuni"].description != "Zuni Pueblo is at"
    assert not any("Murray's drawing" in getattr(child, "value", "") for child in spots.children)


@pytest.mark.parametrize(("lang", "word"), [("es", "bien"), ("fr", "juste")])
def test_a_checked_statement_is_marked_in_the_session_language(lang, word):
    with use_language(lang):
        box = activity("01-statement-sources")
        box.menus[0].value = "stevenson"
        box.check()
    marks = [mark.value for mark in box.row_marks if mark.value]
    assert marks and all(
        word in mark or {"es": "todavía no", "fr": "pas encore"}[lang] in mark for mark in marks
    )


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_swap_on_the_timeline_is_told_in_the_session_language(lang):
    with use_language(lang):
        box = activity("01-timeline")
        box.places[0].value = "stevenson"
    assert {"es": "pasó al lugar 1", "fr": "est passé à la place 1"}[lang] in box.moved.value
