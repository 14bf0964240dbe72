"""Exercises for the tutorial notebooks, checked in the cell with friendly feedback.

A notebook cell sets an answer and asks for a check::

    answer = 19
    check("02-zuni3-edges", answer)

:func:`check` returns a :class:`Feedback`. In a notebook it shows as a small
coloured box (HTML, with a word and a symbol as well as a colour, so it does
not depend on seeing colour); ``print`` or ``str`` gives one plain line.

Right answers are computed from the package (the boards and variants)
wherever they can be. Historical facts, such as the year of a book, are kept
only as one-way fingerprints (:func:`answer_digest`): a checker compares the
fingerprint of the student's answer with the stored one, so no answer can be
printed from this module. Nothing in this module is game logic.

A checker never raises for an answer, whatever it is (a number written as
``"25 points"``, a numpy number, a generator, an object whose methods fail):
it says what it expected instead. Hints grow with each try.

Examples
--------
>>> print(check("02-zuni3-edges", 19))
Correct! zuni(3) has 19 edges: 3 on the middle row, 2 + 2 on the outer rows, 8 on the diagonals and 4 on the end curves.
>>> feedback = check("02-zuni3-edges", 18)
>>> bool(feedback), feedback.status
(False, 'wrong')
>>> print(check("02-zuni3-edges", ...))
No answer yet. Replace the ... with your answer, then run the cell again.
>>> check("02-no-such-exercise", 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown exercise '02-no-such-exercise'; known: 01-locator-map, 01-spot-difference, ...

The history activities give a verdict for each item too (:func:`marks`), which
their widgets draw on every menu, letter and picture:

>>> marks("01-spot-difference", "B, C")
{'B': False, 'C': False}
"""

from __future__ import annotations

from typing import Any

from ..errors import did_you_mean, shown
from ..i18n import gettext as _
from . import graph_exercises as _graph_exercises  # noqa: F401 - registers notebook 02's exercises
from .checking import (
    _EXPECTED,
    CORRECT,
    EXERCISES,
    FORMS,
    INFO,
    MISSING,
    WRONG,
    Exercise,
    Feedback,
    Sealed,
    answer_digest,
)
from .history_exercises import _MARKS  # importing it registers notebook 01's exercises

__all__ = [
    "CORRECT",
    "EXERCISES",
    "FORMS",
    "INFO",
    "MISSING",
    "WRONG",
    "Exercise",
    "Feedback",
    "Sealed",
    "answer_digest",
    "check",
    "exercise_ids",
    "marks",
    "question",
]


def exercise_ids() -> list[str]:
    """The ids of all exercises, in the order the notebooks use them.

    >>> exercise_ids()[:2]
    ['01-locator-map', '01-spot-difference']
    """
    # By notebook (the id's number), in the order each notebook's module lists them.
    return sorted(EXERCISES, key=lambda exercise_id: exercise_id.split("-", 1)[0])


def _get(exercise_id: str) -> Exercise:
    if not isinstance(exercise_id, str):
        raise TypeError(
            f"an exercise is named by its text id, such as '02-zuni3-edges', got {type(exercise_id).__name__}"
        )
    if exercise_id not in EXERCISES:
        known = ", ".join(exercise_ids())
        known = known if len(known) <= 600 else f"{len(EXERCISES)} of them, listed by exercise_ids()"
        raise ValueError(
            f"unknown exercise {shown(exercise_id)}{did_you_mean(exercise_id, list(EXERCISES))}; "
            f"known: {known}"
        )
    return EXERCISES[exercise_id]


def question(exercise_id: str) -> str:
    """The question of an exercise, as the notebook asks it, in the session's language.

    >>> question("02-zuni3-edges")
    'How many edges (lines between two neighbouring points) does zuni(3) have?'
    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("fr"):
    ...     question("02-three-neighbours")
    'Quels points du plateau Mosona ont exactement trois voisins ?'
    """
    return _(_get(exercise_id).question)


def check(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    """Check an answer and say what was right or wrong.

    Parameters
    ----------
    exercise_id : str
        Which exercise, e.g. ``"02-zuni3-edges"`` (see :func:`exercise_ids`).
    answer : object
        The student's answer: a number, a letter, a set of point names, a
        graph or a function, depending on the exercise. ``...`` (the
        placeholder left in a student's copy) means "not answered yet".
    attempt : int, optional
        How many answers the student has tried (an answer box counts them):
        the hint grows by one step with each.

    Returns
    -------
    Feedback
        Shows itself in a notebook; ``bool(feedback)`` is True when correct.

    Raises
    ------
    ValueError
        If ``exercise_id`` is not a known exercise (a mistake in the
        notebook, not in the answer). A wrong answer never raises, whatever
        it is.
    """
    exercise = _get(exercise_id)
    if answer is ... or answer is None:
        return Feedback(
            exercise_id, MISSING, _("Replace the `...` with your answer, then run the cell again.")
        )
    tries = attempt if isinstance(attempt, int) and not isinstance(attempt, bool) and attempt > 0 else 1
    try:
        return exercise.checker(exercise_id, answer, min(tries, 100))
    except Exception as error:  # noqa: BLE001 - an answer is any object a student made: never a traceback
        return Feedback(
            exercise_id,
            WRONG,
            _("I could not read that answer ({kind}).").format(kind=type(error).__name__)
            + " "
            + str(_EXPECTED.get(exercise.form) or _("Look at the example in the question.")),
        )


def marks(exercise_id: str, answer: Any) -> dict[str, bool]:
    """A verdict for each item of a history activity's answer: the widgets draw them on the page.

    The items are the places of the map (``"zuni"``, ``"hopi"``), the ticked
    letters of the two drawings, the statements (``"1"``, ``"2"``, ...) or
    the places on the timeline (``"1"`` is the oldest). An item left empty
    has no verdict. For any other exercise, or an answer that cannot be
    read, the result is empty; it never raises.

    >>> marks("01-locator-map", {"Zuni Pueblo": "A"})
    {'zuni': False}
    >>> marks("02-zuni3-edges", 19)
    {}
    """
    judge = _MARKS.get(exercise_id) if isinstance(exercise_id, str) else None
    if judge is None:
        return {}
    try:
        return judge(exercise_id, answer)
    except Exception:  # noqa: BLE001 - an answer is any object a student made: no verdicts, never a traceback
        return {}
