"""The history notebook's activities (issue 16): their checkers, their widgets and their pictures."""

from __future__ import annotations

import itertools
import re

import pytest

from awithlaknannai import boards
from awithlaknannai.render import Picture
from awithlaknannai.render.maps import (
    HOPI_MESAS,
    SPOTS,
    STATES,
    ZUNI_PUEBLO,
    distance_km,
    locator_map_svg,
    state_of,
)
from awithlaknannai.render.spots import spot_drawings_svg
from awithlaknannai.render.timeline import timeline_svg
from awithlaknannai.tutorial import check
from awithlaknannai.tutorial.activities import (
    LocatorMap,
    SortStatements,
    SpotTheDifference,
    Timeline,
    activity,
)
from awithlaknannai.tutorial.exercises import marks
from awithlaknannai.tutorial.history_exercises import (
    SPOT_LETTERS,
    STATEMENTS,
    TIMELINE_SOURCES,
    timeline_years,
)
from awithlaknannai.tutorial.quiz import ask
from history_answers import ACTIVITY_ANSWERS, STATEMENT_SOURCES

# The statements' sources each by one word ("Stevenson", "encyclopedia"): a name in any form is accepted.
RIGHT = {
    **ACTIVITY_ANSWERS,
    "01-statement-sources": [source.removeprefix("the ").split()[0] for source in STATEMENT_SOURCES],
}


# --- the map -----------------------------------------------------------------------


def test_the_places_lie_in_their_states_and_the_decoys_far_from_both():
    assert state_of(ZUNI_PUEBLO) == "New Mexico" and state_of(HOPI_MESAS) == "Arizona"
    assert 150 < distance_km(ZUNI_PUEBLO, HOPI_MESAS) < 200
    for letter, spot in SPOTS.items():
        assert state_of(spot.where) in STATES, letter
        if spot.where not in (ZUNI_PUEBLO, HOPI_MESAS):
            assert min(distance_km(spot.where, ZUNI_PUEBLO), distance_km(spot.where, HOPI_MESAS)) > 300, (
                letter
            )
    # Each spot's words name the state it is drawn in.
    for letter, spot in SPOTS.items():
        assert state_of(spot.where) in spot.words, letter


def test_the_map_is_a_picture_with_words_for_every_spot_and_marks_that_are_not_colour_alone():
    svg = locator_map_svg(marks={"A": False, "E": True}, names={"E": "Zuni Pueblo"})
    picture = Picture(svg)
    for letter in SPOTS:
        assert f"{letter} is in the" in picture.alt
    assert "A is marked not right" in picture.alt and "E is Zuni Pueblo" in picture.alt
    assert "\u2718" in svg and "\u2714" in svg  # a symbol beside each mark
    with pytest.raises(ValueError, match="no spot 'Q'"):
        locator_map_svg(names={"Q": "nowhere"})


def test_a_wrong_map_pick_says_how_far_off_it_is_and_hints_grow():
    first = check("01-locator-map", {"Zuni Pueblo": "C", "Hopi mesas": "B"}, attempt=1)
    assert not first and "C is about 430 km (270 miles) away from Zuni Pueblo" in first.message
    assert "B is the Hopi mesas" in first.message
    assert first.hint == "From C, Zuni Pueblo lies to the west. Zuni Pueblo is in New Mexico."
    second = check("01-locator-map", {"Zuni Pueblo": "C", "Hopi mesas": "B"}, attempt=2)
    third = check("01-locator-map", {"Zuni Pueblo": "C", "Hopi mesas": "B"}, attempt=3)
    assert "west of New Mexico" in second.hint and "closest to the line" in third.hint
    assert len({first.hint, second.hint, third.hint}) == 3
    assert "E" not in first.message + first.hint + second.hint + third.hint


def test_every_wrong_check_on_the_map_shows_a_different_hint():
    """As a student picks again and again: the direction from each new pick, and the place more precisely."""
    from awithlaknannai.tutorial.activities import LocatorMap

    board = LocatorMap()
    hints = []
    for zuni, hopi in [("A", "C"), ("C", "D"), ("D", "A"), ("F", "C")]:
        board.menus["zuni"].value, board.menus["hopi"].value = zuni, hopi
        hints.append(board.check().hint)
        assert f"From {zuni}, Zuni Pueblo lies to the" in hints[-1]
    assert len(set(hints)) == len(hints)
    assert "From D, Zuni Pueblo lies to the north-east" in hints[2]


def test_map_answers_in_other_forms():
    assert check("01-locator-map", "E, B").correct
    assert check("01-locator-map", ("e", "b")).correct
    assert check("01-locator-map", {"zuni": "E", "the Hopi mesas": "B"}).correct
    assert marks("01-locator-map", {"Hopi mesas": "D"}) == {"hopi": False}


# --- two drawings --------------------------------------------------------------------


def test_the_spot_letters_sit_on_lines_and_the_right_ones_are_computed_from_the_boards():
    culin, murray = boards.mosona(), boards.mosona(outer_lines=False)
    assert all(culin.has_edge(*edge) for edge in SPOT_LETTERS.values())
    differing = {letter for letter, edge in SPOT_LETTERS.items() if not murray.has_edge(*edge)}
    assert check("01-spot-difference", differing).correct
    assert marks("01-spot-difference", "A, C") == {"A": True, "C": False}


def test_a_partial_spot_answer_is_told_how_many_not_which():
    feedback = check("01-spot-difference", "A, C")
    assert "At C both drawings have a line" in feedback.message and "found 1 of the 3" in feedback.message
    assert not re.search(r"\b[DG]\b", feedback.message + feedback.hint)


def test_the_drawings_mark_picks_and_show_the_missing_lines_only_when_asked():
    culin, murray = boards.mosona(), boards.mosona(outer_lines=False)
    plain = spot_drawings_svg(culin, murray, SPOT_LETTERS)
    assert plain.count('class="spot"') == 2 * len(SPOT_LETTERS) and 'class="missing"' not in plain
    done = spot_drawings_svg(culin, murray, SPOT_LETTERS, marks={"A": True}, show_missing=True)
    assert done.count("<path", done.index('class="missing"')) >= 14 and "14 segments" in done
    assert "A lies between T1 and T2, on the top row" in Picture(done).alt
    with pytest.raises(ValueError, match="same points"):
        spot_drawings_svg(culin, boards.zuni(3), SPOT_LETTERS)
    with pytest.raises(ValueError, match="not spots: Z"):
        spot_drawings_svg(culin, murray, SPOT_LETTERS, marks={"Z": True})


# --- who wrote it ---------------------------------------------------------------------


def test_every_statement_is_checked_on_its_own_and_clues_come_from_the_second_try():
    answer = list(RIGHT["01-statement-sources"])
    answer[2] = "Murray 1952"  # statement 3 is Culin's
    first = check("01-statement-sources", answer, attempt=1)
    assert "7 of 8 right" in first.message and "statement 3 is not by Murray 1952" in first.message
    assert "Statement 3:" not in first.hint
    second = check("01-statement-sources", answer, attempt=2)
    third = check("01-statement-sources", answer, attempt=3)
    assert second.hint.startswith("Statement 3: ") and len(third.hint) > len(second.hint)
    assert "Culin" not in first.message.replace("Culin's", "") + second.hint.replace("Culin's", "")
    assert marks("01-statement-sources", answer)["3"] is False


def test_statements_accept_names_in_any_form_and_a_mapping():
    as_map = {number: name for number, name in enumerate(RIGHT["01-statement-sources"], 1)}
    assert check("01-statement-sources", as_map).correct
    assert check("01-statement-sources", ", ".join(RIGHT["01-statement-sources"]).upper()).correct
    unknown = check("01-statement-sources", ["Wikipedia", "Herodotus"])
    assert not unknown and "Give one source" in unknown.message


def test_the_quotations_are_the_sources_own_words():
    """The encyclopedia's two statements are in the shared sources, word for word."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "shared" / "sources"
    if not folder.exists():
        folder = Path("/work/shared/sources")
    if not folder.exists():
        pytest.skip("the shared sources are not beside this checkout")
    text = " ".join(path.read_text(encoding="utf-8") for path in folder.glob("encyclopedia-*.txt"))
    for statement, _ in (STATEMENTS[3], STATEMENTS[6]):
        quoted = statement.message.strip("\u201c\u201d")
        assert quoted in " ".join(text.split()), quoted


# --- the timeline -----------------------------------------------------------------------


def test_the_timeline_counts_places_and_its_years_open_only_with_the_right_order():
    wrong = ["Culin", "Stevenson", "Murray", "Bell", "Ludii"]
    feedback = check("01-timeline", wrong)
    assert "3 of 5 in the right place" in feedback.message and "Culin, Stevenson" in feedback.message
    for order in itertools.permutations(TIMELINE_SOURCES):
        years = timeline_years(list(order))
        assert (years is not None) == (list(order) == ["stevenson", "culin", "murray", "bell", "ludii"])
    assert timeline_years(["stevenson", "culin", "murray", "bell", "ludii"]) == sorted(
        timeline_years(["stevenson", "culin", "murray", "bell", "ludii"])
    )
    repeated = check("01-timeline", ["Culin", "Culin", "Murray", "Bell", "Ludii"])
    assert not repeated and "once each" in repeated.message


def test_timeline_picture_marks_and_years():
    svg = timeline_svg([("A",), ("B",)], marks=[None, False], years=[1900, 2000])
    assert svg.count('class="mark wrong"') == 1 and svg.count('class="year"') == 2
    with pytest.raises(ValueError, match="at least one card"):
        timeline_svg([])


# --- the widgets -------------------------------------------------------------------------


@pytest.mark.parametrize("exercise", list(RIGHT))
def test_each_activity_starts_empty_and_shows_the_teacher_answer_checked(exercise):
    empty = ask(exercise)
    assert empty.feedback.status == "missing" and empty.attempts == 0
    assert repr(empty).startswith(f"Answer box ({exercise}): empty (run this cell to answer)\nNo answer yet.")
    assert "awithlaknannai-answer" in empty._dom_classes
    assert empty.check().status == "missing" or exercise == "01-timeline"
    filled = ask(exercise, RIGHT[exercise])
    assert filled.feedback.correct, str(filled.feedback)
    assert re.match(rf"Answer box \({exercise}\): .+\nCorrect!", repr(filled))
    assert filled._repr_mimebundle_()["text/plain"] == repr(filled)


def test_the_map_widget_marks_its_picture_and_counts_tries():
    box = LocatorMap()
    box.menus["zuni"].value = "C"
    assert not box.check() and box.attempts == 1
    assert "C is marked not right" in box.picture.value
    assert box.check() is box.feedback and box.attempts == 1  # the same answer is not a new try
    box.menus["zuni"].value, box.menus["hopi"].value = "E", "B"
    assert box.check().correct and "E is Zuni Pueblo" in box.picture.value


def test_the_sort_widget_marks_each_row_with_a_word():
    box = SortStatements()
    box.menus[1].value, box.menus[2].value = "ludii", "murray"
    box.check()
    shown = [mark.value for mark in box.row_marks]
    assert "right" in shown[1] and "not yet" in shown[2] and shown[0] == ""
    assert all(menu.description.startswith("Statement ") for menu in box.menus)


def test_the_spot_widget_draws_the_missing_lines_once_right():
    box = SpotTheDifference()
    box.ticks["A"].value = True
    box.check()
    assert "dashed" not in box.picture.value
    for letter in "DG":
        box.ticks[letter].value = True
    assert box.check().correct and "Dashed on the bottom drawing" in box.picture.value


def test_the_timeline_widget_swaps_and_shows_the_years_once_right():
    box = Timeline()
    assert sorted(box._order) == sorted(TIMELINE_SOURCES) and box._order != [
        "stevenson",
        "culin",
        "murray",
        "bell",
        "ludii",
    ]
    box.places[0].value = "culin"
    assert box._order[0] == "culin" and sorted(box._order) == sorted(TIMELINE_SOURCES)
    assert [menu.value for menu in box.places] == box._order and "moved to place 1" in box.moved.value
    for index, key in enumerate(["stevenson", "culin", "murray", "bell", "ludii"]):
        box.places[index].value = key
    assert box.check().correct and "(1903)" in box.picture.value


def test_activity_refuses_exercises_that_are_not_activities():
    with pytest.raises(ValueError, match="not an activity"):
        activity("01-authentic-rules")
