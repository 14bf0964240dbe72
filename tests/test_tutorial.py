"""The tutorial's self-checking exercises: right answers pass, wrong ones get useful feedback."""

from __future__ import annotations

import itertools
import re

import networkx as nx
import pytest

from awithlaknannai import Rules, boards
from awithlaknannai.tutorial import EXERCISES, Feedback, check, exercise_ids, question
from history_answers import ACTIVITY_ANSWERS

RIGHT_ANSWERS = {
    **ACTIVITY_ANSWERS,
    "01-sources-compulsory": {"c", "d"},
    "01-authentic-rules": False,
    "02-build-zuni2": boards.zuni(2),
    "02-zuni3-edges": 19,
    "02-three-neighbours": {"T0", "T7", "B0", "B7", "M0", "M8"},
    "02-murray-leap-lines": 23,
    "02-edges-formula": lambda n: 7 * n - 2,
    "03-ludii-rules": Rules(compulsory_capture=False, multi_leap="none"),
    "06-optional-chains": Rules(multi_leap="optional"),
}


def test_every_exercise_has_a_right_answer_here():
    assert set(RIGHT_ANSWERS) == set(exercise_ids())


@pytest.mark.parametrize("exercise_id", list(RIGHT_ANSWERS))
def test_right_answers_are_accepted(exercise_id):
    feedback = check(exercise_id, RIGHT_ANSWERS[exercise_id])
    assert feedback.correct, str(feedback)
    assert str(feedback).startswith("Correct!")


@pytest.mark.parametrize("exercise_id", list(RIGHT_ANSWERS))
def test_placeholder_means_not_answered_yet(exercise_id):
    for placeholder in (..., None):
        feedback = check(exercise_id, placeholder)
        assert feedback.status == "missing"
        assert not feedback


@pytest.mark.parametrize("exercise_id", list(RIGHT_ANSWERS))
def test_nonsense_answers_get_feedback_not_an_exception(exercise_id):
    for nonsense in (object(), 3.5, "", [], True, -1, "zzz"):
        feedback = check(exercise_id, nonsense)
        assert feedback.status == "wrong", (exercise_id, nonsense)
        assert feedback.message


@pytest.mark.parametrize("exercise_id", list(RIGHT_ANSWERS))
def test_every_exercise_asks_a_question(exercise_id):
    assert question(exercise_id).endswith(("?", ".", ")"))
    assert EXERCISES[exercise_id].id == exercise_id


def test_unknown_exercise_is_a_notebook_mistake():
    with pytest.raises(ValueError, match="unknown exercise 'nope'; known: 01-locator-map"):
        check("nope", 1)


# --- numbers ---------------------------------------------------------------------


def test_number_written_as_text_counts_with_a_tip():
    feedback = check("02-zuni3-edges", "19")
    assert feedback.correct
    assert "quotation marks" in feedback.message


def test_whole_float_is_a_number():
    assert check("02-zuni3-edges", 19.0).correct


def test_murray_answers_are_recognised():
    assert "Murray" in check("02-zuni3-edges", boards.zuni(3, outer_lines=False).number_of_edges()).message
    assert "twice" in check("02-murray-leap-lines", 46).message
    assert "Culin" in check("02-murray-leap-lines", 35).message


def test_edge_feedback_breaks_the_count_down_by_line():
    message = check("02-zuni3-edges", 19).message
    assert "3 on the middle row" in message and "2 + 2 on the outer rows" in message
    assert "8 on the diagonals" in message and "4 on the end curves" in message


# --- choices ---------------------------------------------------------------------


def test_choice_accepts_upper_case_and_the_option_text():
    from awithlaknannai.tutorial.checking import Sealed, _choice_check, answer_digest

    options = {"a": "Fighting Serpents", "b": "Catch the Hare"}
    right = Sealed(answer_digest("demo", "a"))
    for answer in ("A", "a)", "fighting serpents"):
        assert _choice_check("demo", answer, options, right, {}, "Yes.").correct, answer
    wrong = _choice_check("demo", "b", options, right, {"b": "That is a hunt game."}, "Yes.")
    assert not wrong and wrong.message == "That is a hunt game." and wrong.hint
    assert "one letter" in _choice_check("demo", "c", options, right, {}, "Yes.").message
    assert "one letter" in _choice_check("demo", "a, b", options, right, {}, "Yes.").message


def test_sources_in_any_form():
    for answer in ("c, d", "d c", ["c", "d"], ("D", "C")):
        assert check("01-sources-compulsory", answer).correct, answer


def test_sources_wrong_letters_are_explained():
    feedback = check("01-sources-compulsory", "a, c, e")
    assert "Culin 1907 does not say" in feedback.message
    assert "Ludii database makes capturing optional" in feedback.message
    assert "left out 1 source" in feedback.message


def test_true_false_accepts_text():
    assert check("01-authentic-rules", "False").correct
    assert not check("01-authentic-rules", True)


# --- points ----------------------------------------------------------------------


def test_points_in_any_case_and_form():
    assert check("02-three-neighbours", "t0 T7 b0 B7 m0 M8").correct
    assert check("02-three-neighbours", ["T0", "T7", "B0", "B7", "M0", "M8"]).correct


def test_wrong_points_are_explained_with_their_degree():
    feedback = check("02-three-neighbours", {"T0", "M4"})
    assert "`M4` has 6 neighbours" in feedback.message
    assert "found 1 of the 6" in feedback.message


def test_points_not_on_the_board():
    assert "no point `X9`" in check("02-three-neighbours", {"X9"}).message


# --- graphs ----------------------------------------------------------------------


def _hand_built(edges):
    G = nx.Graph()
    G.add_nodes_from(boards.zuni(2))
    G.add_edges_from(edges)
    return G


def test_plain_graph_with_the_right_edges_is_correct():
    G = _hand_built(boards.zuni(2).edges)
    feedback = check("02-build-zuni2", G)
    assert feedback.correct and "7 points and 12 edges" in feedback.message


def test_missing_edges_are_counted_and_one_is_named_in_the_hint_extra_edges_are_named():
    edges = [e for e in boards.zuni(2).edges if set(e) != {"T0", "M1"}] + [("T0", "B0")]
    feedback = check("02-build-zuni2", _hand_built(edges))
    assert "11 of the 12" in feedback.message
    assert "1 edge is still missing" in feedback.message and "M1-T0" not in feedback.message
    assert "`M1-T0`" in feedback.hint
    assert "1 edge is not on the board: `B0-T0`" in feedback.message


def test_a_half_built_graph_is_not_told_every_missing_edge():
    some = [e for e in boards.zuni(2).edges if "T1" not in e]
    feedback = check("02-build-zuni2", _hand_built(some))
    missing = ["-".join(sorted(e)) for e in boards.zuni(2).edges if "T1" in e]
    shown = str(feedback)
    assert feedback.status == "wrong" and sum(edge in shown for edge in missing) <= 1


def test_the_notebooks_middle_row_alone_is_no_answer_yet():
    feedback = check("02-build-zuni2", _hand_built([("M0", "M1"), ("M1", "M2")]))
    assert feedback.status == "missing"


def test_murray_version_gets_its_own_hint():
    feedback = check("02-build-zuni2", _hand_built(boards.zuni(2, outer_lines=False).edges))
    assert "Murray" in feedback.hint


def test_empty_graph_lists_what_is_missing():
    feedback = check("02-build-zuni2", nx.Graph())
    assert "points are missing" in feedback.message


def test_lower_case_names_get_a_capital_letters_hint():
    G = nx.relabel_nodes(boards.zuni(2), {"T0": "t0"})
    assert "capital letters" in check("02-build-zuni2", G).message


def test_directed_graph_is_refused_kindly():
    assert "nx.Graph()" in check("02-build-zuni2", nx.DiGraph()).message


# --- formulas --------------------------------------------------------------------


def test_formula_mismatch_names_the_first_bad_size():
    feedback = check("02-edges-formula", lambda n: 7 * n if n < 5 else 7 * n - 2)
    assert "For n = 2 your function gives 14" in feedback.message


def test_formula_that_crashes_is_reported():
    def edges(n):
        if n == 3:
            raise ZeroDivisionError("division by zero")
        return 7 * n - 2

    feedback = check("02-edges-formula", edges)
    assert "n = 3" in feedback.message and "ZeroDivisionError" in feedback.message


def test_formula_without_a_return_value_is_not_answered_yet():
    def edges(n):
        answer = ...  # noqa: F841 - the line a student copy leaves in the function

    assert check("02-edges-formula", edges).status == "missing"


def test_formula_answer_must_be_a_function():
    assert "a function" in check("02-edges-formula", 54).message


# --- feedback display --------------------------------------------------------------


def test_feedback_html_escapes_and_marks_code():
    feedback = Feedback("x", "wrong", "`<M4>` & more", hint="try `a<b`")
    page = feedback._repr_html_()
    assert "<code>&lt;M4&gt;</code> &amp; more" in page
    assert "<code>a&lt;b</code>" in page
    assert 'role="status"' in page and "Not yet." in page


def test_feedback_italics_in_html_and_plain_text():
    feedback = Feedback("x", "correct", "That is Culin's *Games of the North American Indians*.")
    assert "<em>Games of the North American Indians</em>" in feedback._repr_html_()
    assert "*" not in str(feedback)


def test_feedback_markdown_and_plain_text_agree():
    feedback = check("02-zuni3-edges", 18)
    assert feedback.message in feedback._repr_markdown_()
    assert str(feedback).startswith("Not yet. ") and "Hint: " in str(feedback)


# --- answers of every shape never raise (issue 17, item 7), and none is stored in plain text ---


class Awkward:
    """An answer object whose every method fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __iter__(self):
        raise RuntimeError("no iteration")

    def __index__(self) -> int:
        raise RuntimeError("no index")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    __hash__ = None  # type: ignore[assignment]


HOSTILE = [
    "--5",
    "\u00b2",
    "9" * 4300,
    "25" * 1000,
    Awkward(),
    itertools.count(),
    (p for p in ["T0"] * 10**6),
    float("nan"),
    float("inf"),
    10**40,
    b"25",
]


@pytest.mark.parametrize("exercise_id", list(RIGHT_ANSWERS))
def test_hostile_answers_are_wrong_answers_not_errors(exercise_id):
    for answer in HOSTILE:
        feedback = check(exercise_id, answer)
        assert feedback.status == "wrong", (exercise_id, answer)
        assert len(feedback.message) < 400 and "9" * 100 not in feedback.message


def test_numbers_in_every_form():
    np = pytest.importorskip("numpy")
    for answer in (19, 19.0, "19", " 19 ", "19 edges", "19 edges.", np.int64(19), np.float64(19.0)):
        assert check("02-zuni3-edges", answer).correct, answer
    assert not check("01-authentic-rules", np.bool_(True)).correct
    assert check("01-authentic-rules", np.bool_(False)).correct
    assert not check("02-zuni3-edges", np.bool_(True)).correct


def test_a_generator_of_the_right_points_is_right():
    right = ["T0", "T7", "B0", "B7", "M0", "M8"]
    assert check("02-three-neighbours", (point for point in right)).correct
    assert check("02-three-neighbours", iter(right)).correct


def test_hints_grow_with_each_try():
    for exercise_id, wrong in (
        ("01-locator-map", {"Zuni Pueblo": "A", "Hopi mesas": "C"}),
        ("01-spot-difference", "B"),
        ("01-timeline", "Ludii, Bell, Murray, Culin, Stevenson"),
        ("01-sources-compulsory", "a"),
        ("02-zuni3-edges", 3),
    ):
        hints = [check(exercise_id, wrong, attempt=attempt).hint for attempt in (1, 2, 3)]
        assert hints[0] and hints[1] != hints[0] and hints[1].startswith(hints[0]), (exercise_id, hints)


def test_every_message_starts_a_sentence():
    for exercise_id in RIGHT_ANSWERS:
        for answer in ("a", "a, c, e", "e", 3, "T3"):
            feedback = check(exercise_id, answer)
            for sentence in re.split(r"(?<=\.) ", feedback.message):
                assert not sentence[:1].islower(), (exercise_id, answer, feedback.message)


def test_no_fact_answer_can_be_printed_from_the_package():
    """The history answers are fingerprints: nothing the exercises hold prints 1907 or the right letters."""
    import inspect

    from awithlaknannai.tutorial import (
        checking,
        exercises,
        graph_exercises,
        history_exercises,
        history_picture_exercises,
    )

    for module in (checking, exercises, graph_exercises, history_exercises, history_picture_exercises):
        source = inspect.getsource(module)
        assert (
            '"c", "d"' not in source
            and "1903,1907" not in source
            and '"stevenson", "culin", "murray"' not in source
        )
    assert repr(history_exercises._SAY_COMPULSORY) == "Sealed(...)"
    for sealed in (
        *history_exercises._STATEMENT_SOURCES,
        *history_exercises._TIMELINE_PLACES,
        *history_exercises._MAP_RIGHT.values(),
    ):
        assert repr(sealed) == "Sealed(...)"
    # The timeline's years open only with the right order.
    assert history_exercises.timeline_years(["culin", "stevenson", "murray", "bell", "ludii"]) is None
    assert history_exercises.timeline_years(["stevenson", "culin", "murray", "bell", "ludii"])[:2] == [
        1903,
        1907,
    ]


def test_rules_checker_says_which_switch_without_giving_its_value():
    feedback = check("03-ludii-rules", Rules(multi_leap="none"))
    assert (
        not feedback
        and "`compulsory_capture` is True: that is not what the question asks for." in feedback.message
    )
    assert "False" not in feedback.message
    feedback = check("03-ludii-rules", Rules(compulsory_capture=False, multi_leap="none", quiet_turn_limit=3))
    assert "leave this switch as it is" in feedback.message
    assert "Correct!" in str(check("06-optional-chains", Rules(multi_leap="optional")))
