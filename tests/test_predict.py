"""Predict, then reveal (awithlaknannai.tutorial.predict): the widget, the tutorial's predictions,
and the notebooks that ask them (02, 06, 07)."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets
import nbformat
import pytest
from test_tutorial_notebooks import _shown  # tests/test_tutorial_notebooks.py

from awithlaknannai.render import Picture
from awithlaknannai.tutorial.predict import (
    LOCK_IN,
    PREDICTIONS,
    WAITING,
    PredictBox,
    Prediction,
    Reveal,
    StatusLine,
    predict,
    prediction_ids,
)

PROJECT = Path(__file__).resolve().parent.parent
NOTEBOOKS = {
    "02": "02_board_as_graph.ipynb",
    "06": "06_variants_lab.ipynb",
    "07": "07_family_album.ipynb",
    "08": "08_write_a_player.ipynb",
}
PREDICT_CALL = re.compile(r"""\bpredict\(\s*["']([^"']+)["']\s*\)""")


def _controls(box: PredictBox) -> list[widgets.Widget]:
    found, stack = [], [box]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


@pytest.fixture(scope="module")
def reveals() -> dict[str, Reveal]:
    """Every tutorial prediction's answer, worked out once (a few seconds: two solved games, 1,000 random games)."""
    return {pid: prediction.reveal() for pid, prediction in PREDICTIONS.items()}


# --- the widget --------------------------------------------------------------------------------


def test_a_new_box_waits_for_a_guess_and_holds_no_answer():
    box = predict("06-drawing-decides")
    assert box.revealed is None and box.guess is None
    assert box.status.text == WAITING
    assert box.reveal_view.value == ""
    assert repr(box).splitlines()[0].startswith("Prediction (06-drawing-decides): On the 13-point board")
    assert repr(box).splitlines()[-1] == WAITING + " (No button? Run this cell first.)"
    bundle = box._repr_mimebundle_()
    assert bundle["text/plain"] == repr(box)  # all of it, not cut at 110 characters


def test_every_control_has_a_name_and_the_box_has_the_answer_class():
    for pid in prediction_ids():
        box = predict(pid)
        assert {"awithlaknannai-answer", "awithlaknannai-predict"} <= set(box._dom_classes)
        assert box.guess_input.description == "Your guess"
        assert box.lock_button.description == LOCK_IN and box.lock_button.tooltip
        statuses = [w for w in _controls(box) if isinstance(w, StatusLine)]
        assert len(statuses) == 1
        assert 'role' in StatusLine._esm and "'status'" in StatusLine._esm and "aria-live" in StatusLine._esm
        inputs = [w for w in _controls(box) if isinstance(w, (widgets.Text, widgets.RadioButtons))]
        assert inputs == [box.guess_input]


def test_nothing_is_locked_in_without_a_guess():
    calls = []
    prediction = Prediction(
        "p", "Which?", lambda: calls.append(1) or Reveal("a", "A."), {"a": "one", "b": "two"}
    )
    box = predict(prediction)
    assert box.lock_in() == "Nothing is locked in yet: choose an answer first."
    assert calls == [] and not box.guess_input.disabled and box.revealed is None
    number = predict(Prediction("n", "How many?", lambda: Reveal(3, "Three.")))
    for text in ("", "  ", "three", "3.5", "1e3", "9" * 20):
        number.guess_input.value = text
        assert number.lock_in().startswith("Nothing is locked in yet: type a whole number"), text
    number.guess_input.value = " -2 "
    assert number.lock_in() == "Locked in: -2. The answer is 3: 5 more than you guessed."
    assert "Three." in number.reveal_view.value


def test_locking_in_computes_once_then_keeps_the_guess():
    calls = []

    def reveal() -> Reveal:
        calls.append(1)
        return Reveal(
            "b",
            "It is *two*.",
            "Because `2`.\n\nA second paragraph.",
            Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', alt="a tiny picture"),
            "<table></table>",
        )

    box = predict(Prediction("p", "Which?", reveal, {"a": "one", "b": "two"}))
    box.guess_input.value = "a) one"
    status = box.lock_in()
    assert status == "Locked in: a) one. The computer found b) two."
    assert box.guess_input.disabled and box.guess == "a" and box.revealed.answer == "b"
    assert box.lock_button.description == "Locked in"
    html = box.reveal_view.value
    assert "<em>two</em>" in html and "<code>2</code>" in html and html.count("<p>") == 3
    assert 'alt="a tiny picture"' in html and "<table></table>" in html
    assert box.lock_in() == status and calls == [1]  # pressing again changes nothing
    assert repr(box).splitlines()[-1] == status


def test_a_failing_reveal_says_so_and_unlocks():
    def broken() -> Reveal:
        raise RuntimeError("no solver today")

    box = predict(Prediction("p", "How many?", broken))
    box.guess_input.value = "4"
    status = box.lock_in()
    assert status.startswith("The computer could not work out the answer (RuntimeError: no solver today)")
    assert LOCK_IN in status and not box.guess_input.disabled and box.revealed is None
    not_a_reveal = predict(Prediction("q", "How many?", lambda: 4))
    not_a_reveal.guess_input.value = "4"
    assert "not a Reveal" in not_a_reveal.lock_in()


@pytest.mark.parametrize(
    "make, error, words",
    [
        (lambda: Prediction("", "Q?", lambda: None), ValueError, "id and a question"),
        (lambda: Prediction("p", 3, lambda: None), TypeError, "question must be text"),
        (lambda: Prediction("p", "Q?", "not callable"), TypeError, "reveal must be a function"),
        (lambda: Prediction("p", "Q?", lambda: None, {"a": "only one"}), ValueError, "2 to 8"),
        (lambda: Prediction("p", "Q?", lambda: None, {"A": "x", "B": "y"}), ValueError, "lower-case"),
        (lambda: Prediction("p", "Q?", lambda: None, {"a": "x", "b": ""}), ValueError, "needs a text"),
        (lambda: Prediction("p", "Q?", lambda: None, ["a", "b"]), TypeError, "dict"),
        (lambda: predict("06-no-such-thing"), ValueError, "unknown prediction"),
        (lambda: predict(6), TypeError, "prediction id or a Prediction"),
        (lambda: PredictBox("06-drawing-decides"), TypeError, "needs a Prediction"),
    ],
)
def test_bad_predictions_get_a_clear_error(make, error, words):
    with pytest.raises(error, match=words):
        make()


# --- the tutorial's predictions ------------------------------------------------------------


def test_every_answer_is_computed_and_is_one_of_the_choices(reveals):
    for pid, reveal in reveals.items():
        prediction = PREDICTIONS[pid]
        if prediction.choices is None:
            assert isinstance(reveal.answer, int), pid
        else:
            assert reveal.answer in prediction.choices, pid
        assert reveal.summary and isinstance(reveal.picture, Picture), pid
        assert reveal.picture.alt, pid


def test_the_answers_agree_with_the_package(reveals):
    from awithlaknannai.boards import mosona

    assert (
        reveals["02-more-edges"].answer
        == mosona().number_of_edges() - mosona(outer_lines=False).number_of_edges()
    )
    # README and benchmarks/solve-results.txt: with the outer-row lines the first player wins
    # zuni-4 under the standard rules (only M3-M2 wins); without them it is a draw.
    decides = reveals["06-drawing-decides"]
    assert decides.answer == "a"
    assert "the first player wins in 13 moves (the only winning first move is M3-M2)" in decides.summary
    assert "Without them, a draw" in decides.summary
    assert "1,255,982 for each drawing" in decides.explanation
    assert "The 13-point board: the drawing changes who wins" in decides.picture.alt
    assert "Perfect play, standard rules: a draw" in decides.picture.alt


def test_the_drawings_follow_the_notebook_theme(reveals):
    """02's and 06's reveal figures: a light and a dark drawing; the page's theme shows one (issue 25)."""
    from awithlaknannai.render.drawings import FIGURE_BACKGROUND, FIGURE_BACKGROUND_DARK

    for pid in ("02-more-edges", "06-drawing-decides"):
        reveal = reveals[pid]
        assert f'fill="{FIGURE_BACKGROUND}" class="figure"' in reveal.picture.svg
        assert f'fill="{FIGURE_BACKGROUND_DARK}" class="figure"' in reveal.dark_picture.svg
        assert reveal.dark_picture.alt == reveal.picture.alt  # the same facts read out
    box = predict("02-more-edges")
    shown = box._reveal_html(reveals["02-more-edges"])
    assert (
        shown.count('class="awithlaknannai-light-only"')
        == shown.count('class="awithlaknannai-dark-only"')
        == 1
    )
    style = box.question_view.value
    assert ".awithlaknannai-predict .awithlaknannai-dark-only { display: none; }" in style
    assert (
        '[data-jp-theme-light="false"] .awithlaknannai-predict .awithlaknannai-dark-only { display: block; }'
        in style
    )
    assert (
        '[data-jp-theme-light="false"] .awithlaknannai-predict .awithlaknannai-light-only { display: none; }'
        in style
    )


def test_the_self_play_answers_follow_the_games(reveals):
    from awithlaknannai import Rules
    from awithlaknannai.analysis.selfplay import selfplay_statistics

    def games(variant, rules="standard"):
        # allow_long: the time estimate depends on how busy the machine is; the answers do not.
        return selfplay_statistics(variant, rules, players="random", games=100, seed=1, allow_long=True)

    culin, murray = games("mosona"), games("mosona-murray")
    optional = games("mosona", Rules(multi_leap="optional"))
    # The seed fixes the games; these are the answers they give (far from "about the same").
    assert murray.mean_length < 0.95 * culin.mean_length and reveals["06-random-lengths"].answer == "b"
    assert (
        culin.second_player_wins > culin.first_player_wins + 5 and reveals["06-who-wins-random"].answer == "b"
    )
    assert optional.mean_length > 1.05 * culin.mean_length and reveals["06-optional-chains"].answer == "a"
    five = {
        letter: games(variant).mean_length
        for letter, variant in {
            "a": "mosona",
            "b": "lau-kata-kati",
            "c": "egara-guti",
            "d": "pretwa",
            "e": "gol-skuish",
        }.items()
    }
    assert reveals["07-shortest-games"].answer == min(five, key=five.get) == "d"
    assert PREDICTIONS["07-shortest-games"].choices["d"] == "Pretwa"


def test_a_right_and_a_wrong_guess_are_told_apart(reveals, monkeypatch):
    for pid, reveal in reveals.items():
        prediction = PREDICTIONS[pid]
        monkeypatch.setitem(
            PREDICTIONS,
            pid,
            Prediction(pid, prediction.question, lambda r=reveal: r, prediction.choices, prediction.note),
        )
        right, wrong = predict(pid), predict(pid)
        if prediction.choices is None:
            right.guess_input.value, wrong.guess_input.value = str(reveal.answer), str(reveal.answer + 3)
            assert "Exactly right!" in right.lock_in()
            assert "3 fewer than you guessed" in wrong.lock_in()
        else:
            text = {letter: option for option, letter in right._options.items()}
            other = next(letter for letter in prediction.choices if letter != reveal.answer)
            right.guess_input.value, wrong.guess_input.value = text[reveal.answer], text[other]
            assert "That is what the computer found!" in right.lock_in()
            assert f"The computer found {reveal.answer})" in wrong.lock_in()


# --- the notebooks that ask them -------------------------------------------------------------


def _notebooks() -> list[Path]:
    paths = [PROJECT / "notebooks" / name for name in NOTEBOOKS.values()]
    return paths + [
        PROJECT / "teacher" / name for name in NOTEBOOKS.values() if (PROJECT / "teacher" / name).exists()
    ]


def test_every_prediction_is_asked_in_one_student_notebook():
    asked = []
    for number, name in NOTEBOOKS.items():
        notebook = nbformat.read(PROJECT / "notebooks" / name, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                for pid in PREDICT_CALL.findall(cell.source):
                    assert pid.startswith(number + "-"), (name, pid)
                    asked.append(pid)
    assert sorted(asked) == sorted(prediction_ids())


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_saved_notebook_waits_for_each_guess_and_shows_no_answer(path, reveals):
    notebook = nbformat.read(path, as_version=4)
    everything = "\n".join(_shown(cell) for cell in notebook.cells)
    for cell in notebook.cells:
        for pid in PREDICT_CALL.findall(cell.source):
            assert "nbval-ignore-output" in cell.metadata.get("tags", []), pid
            shown = _shown(cell).strip()
            assert shown.startswith(f"Prediction ({pid}): "), shown[:100]
            assert shown.splitlines()[-1].startswith(WAITING), shown[-100:]
            reveal = reveals[pid]
            # Neither the answer's sentence nor its picture is saved anywhere in the notebook.
            assert reveal.summary not in everything, pid
            assert reveal.picture.alt not in everything, pid
    if path.parent.name == "notebooks":
        for cell in notebook.cells:
            if "reveal" in cell.metadata.get("tags", []):
                assert not cell.get("outputs"), f"{path.name}: a reveal cell keeps its output"


@pytest.mark.parametrize("name", list(NOTEBOOKS.values()))
def test_the_notebooks_name_the_button_as_it_is(name):
    text = "\n".join(
        cell.source
        for cell in nbformat.read(PROJECT / "notebooks" / name, as_version=4).cells
        if cell.cell_type == "markdown"
    )
    box = predict(prediction_ids()[0])
    for named in re.findall(r"the ([A-Z][a-z]+(?: [a-z]+){1,4}) button", text):
        assert named == box.lock_button.description, named
    assert LOCK_IN in text or "lock in" in text.lower()
