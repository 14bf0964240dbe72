"""Answer boxes: a student types or picks an answer and presses Check, no Python needed.

A thin layer of ipywidgets over the pure checkers (:func:`~.exercises.check`
and :mod:`~.practice`): each box reads its input, asks a checker, and shows
the :class:`~.exercises.Feedback` below the button. The box counts the
student's tries, so a checker's hints can come one step at a time.

A notebook cell shows a box with one call::

    ask("02-zuni3-edges")                # a quiz question of notebooks 01 and 02
    ask("01-timeline")                   # a history activity (see awithlaknannai.tutorial.activities)
    ask_move(position)                   # one move, typed like T0xB0xT1
    ask_legal_moves(position)            # every legal move
    ask_outcome(position)                # who has won, or "not over"
    ask_puzzle(puzzle)                   # the winning move of a puzzle

Given an ``answer`` (as the teacher copies do), the box starts with that
answer filled in and checked.

Examples
--------
>>> box = ask("02-zuni3-edges")
>>> box.feedback.status
'missing'
>>> box.answer_input.value = "18"
>>> box.check()
Feedback('02-zuni3-edges', 'wrong')
>>> box.answer_input.value = "19"
>>> print(box.check())  # doctest: +ELLIPSIS
Correct! zuni(3) has 19 edges: ...
>>> print(repr(ask("02-zuni3-edges", 19)).splitlines()[0])
Answer box (02-zuni3-edges): 19
>>> print(repr(ask("02-zuni3-edges")))
Answer box (02-zuni3-edges): empty (run this cell to answer)
No answer yet. Type your answer in the box, then press Check.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..i18n import N_, LazyString, _
from ..widgets.access import FOCUS_STYLE
from ..widgets.shield import KeyboardShield
from .exercises import MISSING, Feedback, _get, check
from .practice import _position, check_legal_moves, check_move, check_outcome, check_puzzle
from .feedback_view import ShowsFeedback
from .plain_text import WholePlainText

__all__ = ["AnswerBox", "ask", "ask_legal_moves", "ask_move", "ask_outcome", "ask_puzzle"]

EMPTY_MESSAGE = N_("Type your answer in the box, then press Check.")
CHOOSE_MESSAGE = N_("Choose your answer, then press Check.")

# Long choices wrap onto several lines instead of running into the next one
# (ipywidgets gives each radio button a fixed height).
_STYLE = """<style>
.awithlaknannai-answer .widget-radio-box { height: auto; }
.awithlaknannai-answer .widget-radio-box label,
.awithlaknannai-answer .widget-checkbox label {
  height: auto; min-height: var(--jp-widgets-inline-height); line-height: 1.4;
  white-space: normal; margin-bottom: 0.25em;
}
.awithlaknannai-answer .widget-checkbox { height: auto; }
</style>"""

_OUTCOMES = {
    N_("White has won"): "white",
    N_("Black has won"): "black",
    N_("It is a draw"): "draw",
    N_("Nobody yet: the game goes on"): "nobody",
}
# What a text box shows before anything is typed, by the exercise's form.
_PLACEHOLDERS = {"number": N_("a number, like 7"), "text": N_("names separated by commas, like T3, M4")}


class AnswerBox(WholePlainText, ShowsFeedback, widgets.VBox):
    """An answer box: an input (text box, choices or tick boxes), a Check button and the feedback.

    Parameters
    ----------
    checker : callable
        ``checker(answer, attempt)`` returns a :class:`Feedback`; ``attempt``
        counts the student's checked answers, 1 for the first.
    exercise : str
        The exercise's id, shown in the plain-text form.
    form : {"number", "text", "choice", "choices"}
        The kind of input: a text box (a number is read as one), one choice
        (radio buttons) or several (tick boxes).
    choices : mapping, optional
        For ``"choice"`` and ``"choices"``: each text the student reads, with
        the value given to the checker.
    answer : optional
        An answer to start with (the teacher copy's); ``...`` for none.
    label : str, optional
        What the input is called for a screen reader ("Your answer", in the session's language).
    placeholder : str, optional
        The grey example text in an empty text box.
    """

    def __init__(
        self,
        checker: Callable[[Any, int], Feedback],
        exercise: str,
        form: str = "text",
        choices: Mapping[str, Any] | None = None,
        answer: Any = ...,
        label: str | None = None,
        placeholder: str = "",
    ) -> None:
        self._checker = checker
        label = _("Your answer") if label is None else label
        self.exercise = exercise
        self.form = form
        self.attempts = 0
        layout = widgets.Layout(width="auto", max_width="40em")
        wide = widgets.Layout(width="auto")
        if form in ("number", "text"):
            # continuous_update=False: the value arrives on Enter (or on leaving the box),
            # and Enter checks the answer as the button does.
            self.answer_input = widgets.Text(
                value="" if answer is ... or answer is None else _as_text(answer),
                description=label,
                placeholder=placeholder,
                continuous_update=False,
                style={"description_width": "initial"},
                layout=layout,
            )
            inputs: list[widgets.Widget] = [self.answer_input]
        elif form == "choice":
            self._values = dict(choices or {})
            chosen = next((text for text, value in self._values.items() if value == answer), None)
            self.answer_input = widgets.RadioButtons(
                options=list(self._values),
                value=chosen,
                description=label,
                style={"description_width": "initial"},
                layout=wide,
            )
            inputs = [self.answer_input]
        elif form == "choices":
            self._values = dict(choices or {})
            wanted = set(answer) if isinstance(answer, (set, frozenset, list, tuple)) else set()
            self._ticks = {
                value: widgets.Checkbox(value=value in wanted, description=text, indent=False, layout=wide)
                for text, value in self._values.items()
            }
            self.answer_input = widgets.VBox(list(self._ticks.values()))
            inputs = [
                widgets.Label(_("{label}: tick every right one.").format(label=label)),
                self.answer_input,
            ]
        else:
            raise ValueError(f"answer box form must be number, text, choice or choices, got {form!r}")
        self.check_button = widgets.Button(
            description=_("Check"), button_style="primary", icon="check", tooltip=_("Check your answer")
        )
        self.check_button.on_click(lambda _: self.check())
        self.feedback_view = widgets.HTML()
        self.feedback = Feedback(
            exercise, MISSING, str(EMPTY_MESSAGE if form in ("number", "text") else CHOOSE_MESSAGE)
        )
        # KeyboardShield: the keys pressed in the box go to its inputs, not to JupyterLab.
        super().__init__(
            [
                widgets.HTML(_STYLE + FOCUS_STYLE),
                KeyboardShield(),
                *inputs,
                self.check_button,
                self.feedback_view,
            ]
        )
        self.add_class("awithlaknannai-answer")  # a name for the page's styles and tests
        self._checked: str | None = None  # the last answer checked, so a repeat is not a new try
        if answer is not ... and answer is not None:
            self.check()
        else:
            self._show(self.feedback)
        if form in ("number", "text"):
            self.answer_input.observe(lambda change: change["new"].strip() and self.check(), names="value")

    def _answer(self) -> Any:
        """What the input holds, as the checker wants it; ``...`` when empty."""
        if self.form in ("number", "text"):
            text = self.answer_input.value.strip()
            if not text:
                return ...
            if self.form == "number" and re.fullmatch(r"[+-]?[0-9]{1,12}", text):
                return int(text)  # typed in a box: no "quotation marks" tip, as there would be in code
            return text
        if self.form == "choices":
            ticked = {value for value, box in self._ticks.items() if box.value}
            return ticked or ...
        chosen = self.answer_input.value
        return ... if chosen is None else self._values[chosen]

    def check(self) -> Feedback:
        """Check what the input holds, show the feedback, and return it.

        Each different answer counts as one more try (the hints grow with
        the tries); checking the same answer again changes nothing.
        """
        answer = self._answer()
        if answer is ...:
            feedback = Feedback(
                self.exercise,
                MISSING,
                str(EMPTY_MESSAGE if self.form in ("number", "text") else CHOOSE_MESSAGE),
            )
        elif _as_text(answer).casefold() == self._checked:
            return self.feedback  # the same answer again: the same feedback, not one more hint
        else:
            self.attempts += 1
            self._checked = _as_text(answer).casefold()
            feedback = self._checker(answer, self.attempts)
        self._show(feedback)
        return feedback

    def __repr__(self) -> str:
        # The plain-text form saved in the notebook: what a fresh (untrusted)
        # notebook, GitHub and nbval show in place of the interactive box.
        answer = self._answer()
        given = _("empty (run this cell to answer)") if answer is ... else _as_text(answer)
        choices = "".join(f"\n  {text}" for text in getattr(self, "_values", {}))
        heading = _("Answer box ({exercise}): {answer}").format(exercise=self.exercise, answer=given)
        return f"{heading}{choices}\n{self.feedback}"


def _as_text(answer: Any) -> str:
    if isinstance(answer, (set, frozenset)):
        return ", ".join(sorted(map(str, answer)))
    return str(answer)


def _lettered(options: Mapping[str, str | LazyString] | None) -> dict[str, str]:
    """``{"a": "Culin 1907"}`` -> ``{"a) Culin 1907": "a"}``: the text read, and the letter checked."""
    return {f"{letter}) {text}": letter for letter, text in (options or {}).items()}


def ask(exercise_id: str, answer: Any = ...) -> AnswerBox | Any:
    """An answer box for a quiz question of notebooks 01-02 (see :func:`~.exercises.exercise_ids`).

    A history activity of notebook 01 (a map, two drawings, statements to
    sort, a timeline) is shown by :func:`~.activities.activity` instead.

    Raises
    ------
    ValueError
        If the exercise is unknown, or is answered in code rather than in a box.
    """
    exercise = _get(exercise_id)
    from .activities import FORMS as ACTIVITY_FORMS  # the activities build on this module's checkers
    from .activities import activity

    if exercise.form in ACTIVITY_FORMS:
        return activity(exercise_id, answer)
    if exercise.form == "code":
        raise ValueError(
            f"exercise {exercise_id!r} is answered in Python code: use check({exercise_id!r}, answer)"
        )
    placeholder = str(_PLACEHOLDERS.get(exercise.form, ""))
    choices: dict[str, str] | dict[str, bool]
    form, choices = exercise.form, _lettered(exercise.options)
    if form == "truth":
        form, choices = "choice", {_("True"): True, _("False"): False}
    return AnswerBox(
        lambda given, attempt: check(exercise_id, given, attempt),
        exercise_id,
        form,
        choices,
        answer,
        placeholder=placeholder,
    )


# A typed answer's label and example (the placeholder): a move, or every legal move.
_YOUR_MOVE = ("Your move", "a move, like M5-M4, or T2xB3xT4 for a chain of leaps")
_EVERY_LEGAL_MOVE = ("Every legal move", "moves separated by commas, like M5-M4, M6-M5")


def _typed(
    checker: Callable[..., Feedback],
    subject: Any,
    answer: Any,
    exercise: str,
    wording: tuple[str, str],
    *more: Any,
) -> AnswerBox:
    """A box for a typed answer about ``subject`` (a position, a puzzle), checked by
    ``checker(subject, given, *more, exercise, attempt)``."""
    label, placeholder = wording
    return AnswerBox(
        lambda given, attempt: checker(subject, given, *more, exercise, attempt),
        exercise,
        "text",
        answer=answer,
        label=label,
        placeholder=placeholder,
    )


def ask_move(position: Any, answer: Any = ..., solutions: Any = None, exercise: str = "move") -> AnswerBox:
    """An answer box for one move, typed like ``B3-M4`` or ``T0xB0xT1`` (see :func:`~.practice.check_move`)."""
    return _typed(check_move, _position(position), answer, exercise, _YOUR_MOVE, solutions)


def ask_legal_moves(position: Any, answer: Any = ..., exercise: str = "legal-moves") -> AnswerBox:
    """An answer box for every legal move, separated by commas (see :func:`~.practice.check_legal_moves`)."""
    return _typed(check_legal_moves, _position(position), answer, exercise, _EVERY_LEGAL_MOVE)


def ask_outcome(position: Any, answer: Any = ..., exercise: str = "outcome") -> AnswerBox:
    """Choices for who has won, or that the game goes on (see :func:`~.practice.check_outcome`)."""
    position = _position(position)
    return AnswerBox(
        lambda given, attempt: check_outcome(position, given, exercise),
        exercise,
        "choice",
        {str(label): value for label, value in _OUTCOMES.items()},
        answer,
        label=_("Who has won?"),
    )


def ask_puzzle(puzzle: Any, answer: Any = ..., exercise: str = "puzzle") -> AnswerBox:
    """An answer box for a puzzle's winning move (see :func:`~.practice.check_puzzle`)."""
    return _typed(check_puzzle, puzzle, answer, exercise, _YOUR_MOVE)
