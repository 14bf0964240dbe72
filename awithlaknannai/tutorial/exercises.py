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

import dataclasses
import hashlib
import html
import itertools
import numbers
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from .. import boards
from ..errors import did_you_mean, shown

__all__ = ["EXERCISES", "Exercise", "Feedback", "Sealed", "answer_digest", "check", "exercise_ids", "marks", "question"]

CORRECT, WRONG, MISSING = "correct", "wrong", "missing"
#: Not about an answer: something to know (a picture this Python cannot draw). No headline, only the sign.
INFO = "info"

# Headline word, symbol and colour of each status. The colours are from the
# Okabe-Ito palette (colour-blind safe) and mark only the box's left edge and
# its faint background: the text keeps the theme's own colour, readable in
# the light and the dark theme alike, and the word and symbol carry the
# meaning on their own.
_STYLE: dict[str, tuple[str, str, str]] = {
    CORRECT: ("Correct!", "\u2714", "#009E73"),
    WRONG: ("Not yet.", "\u2718", "#D55E00"),
    MISSING: ("No answer yet.", "\u2026", "#0072B2"),
    INFO: ("", "\u2139", "#56B4E9"),
}

_CODE_SPAN = re.compile(r"`([^`]+)`")
_PLAIN_WORD = re.compile(r"[a-z]+(?=[\s,.;:!?]|$)")
_EMPHASIS = re.compile(r"\*([^*`]+)\*")


@dataclass(frozen=True)
class Feedback:
    """The result of checking one answer.

    Parameters
    ----------
    exercise : str
        The exercise's id, such as ``"02-zuni3-edges"``.
    status : {"correct", "wrong", "missing", "info"}
        ``"missing"`` means the answer is still the ``...`` placeholder;
        ``"info"`` is a note that judges nothing (no headline: the message alone).
    message : str
        What was right or wrong, in a little Markdown: text between backticks
        is shown as code, text between single asterisks in italics.
    hint : str, optional
        A nudge towards the answer, shown after a wrong one.

    Examples
    --------
    >>> fb = Feedback("demo", "wrong", "`M4` has 6 neighbours.", hint="Count the lines.")
    >>> str(fb)
    'Not yet. M4 has 6 neighbours. Hint: Count the lines.'
    >>> fb._repr_markdown_()
    '**\u2718 Not yet.** `M4` has 6 neighbours.\\n\\n*Hint:* Count the lines.'
    >>> print(Feedback("python", "info", "this cell needs matplotlib."))
    This cell needs matplotlib.
    >>> Feedback("python", "info", "this cell needs matplotlib.")._repr_markdown_()
    '**\u2139** This cell needs matplotlib.'
    >>> Feedback("demo", "maybe", "?")
    Traceback (most recent call last):
    ...
    ValueError: feedback status must be 'correct', 'wrong', 'missing' or 'info', got 'maybe'
    """

    exercise: str
    status: str
    message: str
    hint: str = ""

    def __post_init__(self) -> None:
        if self.status not in _STYLE:
            raise ValueError(f"feedback status must be 'correct', 'wrong', 'missing' or 'info', got {self.status!r}")
        # Every message follows a headline ("Not yet."): it starts a sentence.
        object.__setattr__(self, "message", _sentence(self.message))
        object.__setattr__(self, "hint", _sentence(self.hint))

    @property
    def correct(self) -> bool:
        """True when the answer was right."""
        return self.status == CORRECT

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        headline = _STYLE[self.status][0]
        text = f"{headline} {_plain(self.message)}".lstrip()
        if self.hint:
            text += f" Hint: {_plain(self.hint)}"
        return text

    def __repr__(self) -> str:
        return f"Feedback({self.exercise!r}, {self.status!r})"

    def _repr_markdown_(self) -> str:
        headline, symbol, _ = _STYLE[self.status]
        text = f"**{symbol} {headline}".rstrip() + f"** {self.message}"
        if self.hint:
            text += f"\n\n*Hint:* {self.hint}"
        return text

    def _repr_html_(self) -> str:
        headline, symbol, colour = _STYLE[self.status]
        hint = f'<div style="margin-top:0.3em"><em>Hint:</em> {_html(self.hint)}</div>' if self.hint else ""
        return (
            f'<div role="status" data-exercise="{html.escape(self.exercise)}" '
            f'style="border-left:6px solid {colour};padding:0.4em 0.8em;margin:0.3em 0;'
            f'background:{colour}1a;border-radius:4px;font-size:1.05em;line-height:1.45">'
            f'<strong><span aria-hidden="true">{symbol}</span>{" " + headline if headline else ""}</strong> '
            f"{_html(self.message)}{hint}</div>"
        )


def _sentence(text: str) -> str:
    """``"the Ludii ..."`` -> ``"The Ludii ..."``: a message starts with a capital letter.

    A first word that is code (``zuni(3)``, ``multi_leap``) keeps its spelling.

    >>> _sentence("the Ludii database"), _sentence("`T0` is empty"), _sentence("zuni(3) has"), _sentence("")
    ('The Ludii database', '`T0` is empty', 'zuni(3) has', '')
    """
    return text[:1].upper() + text[1:] if _PLAIN_WORD.match(text) else text


def _plain(text: str) -> str:
    return _EMPHASIS.sub(r"\1", _CODE_SPAN.sub(r"\1", text))


def _html(text: str) -> str:
    escaped = html.escape(text, quote=False)
    return _EMPHASIS.sub(r"<em>\1</em>", _CODE_SPAN.sub(r"<code>\1</code>", escaped))


# How a student gives an exercise's answer: in Python code, or in an answer box
# (see awithlaknannai.tutorial.quiz) as a number, a text, one choice, several
# choices, or True/False; or in one of the history activities (see
# awithlaknannai.tutorial.activities): letters on a map, letters on two drawings,
# a source for each statement, or sources in order.
FORMS = ("code", "number", "text", "choice", "choices", "truth", "map", "spots", "sources", "order")


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id, the question as the notebook asks it, and its checker.

    ``form`` says how the answer is given (one of ``FORMS``); ``options``
    are the lettered choices of a ``"choice"`` or ``"choices"`` question.
    """

    id: str
    question: str
    checker: Callable[[str, Any, int], Feedback]
    form: str = "code"
    options: Mapping[str, str] | None = None


EXERCISES: dict[str, Exercise] = {}

Checker = Callable[[str, Any, int], Feedback]


def _exercise(
    exercise_id: str, text: str, form: str = "code", options: Mapping[str, str] | None = None,
) -> Callable[[Checker], Checker]:
    """Register a checker ``checker(exercise_id, answer, attempt)`` under ``exercise_id`` (a decorator)."""
    if form not in FORMS:
        raise ValueError(f"exercise form must be one of {FORMS}, got {form!r}")

    def register(checker: Checker) -> Checker:
        EXERCISES[exercise_id] = Exercise(exercise_id, text, checker, form, options)
        return checker

    return register


def answer_digest(exercise_id: str, answer: str) -> str:
    """A one-way fingerprint of an answer to one exercise: what the checkers store instead of the answer.

    The fingerprint depends on the exercise, so two exercises with the same
    answer store different ones. (A maintainer writing a new exercise
    computes it once with this function.)

    >>> answer_digest("demo", "42")
    '539501ffcaad27898a8b6c66'
    """
    return hashlib.sha256(f"awithlaknannai/{exercise_id}/{answer}".encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Sealed:
    """An answer kept only as its fingerprint (see :func:`answer_digest`); it prints nothing useful.

    >>> sealed = Sealed(answer_digest("demo", "42"))
    >>> sealed.matches("demo", 42), sealed.matches("demo", 41), sealed
    (True, False, Sealed(...))
    """

    digest: str

    def matches(self, exercise_id: str, answer: object) -> bool:
        return answer_digest(exercise_id, str(answer)) == self.digest

    def __repr__(self) -> str:
        return "Sealed(...)"


def exercise_ids() -> list[str]:
    """The ids of all exercises, in the order the notebooks use them.

    >>> exercise_ids()[:2]
    ['01-locator-map', '01-spot-difference']
    """
    return list(EXERCISES)


def _get(exercise_id: str) -> Exercise:
    if not isinstance(exercise_id, str):
        raise TypeError(f"an exercise is named by its text id, such as '02-zuni3-edges', "
                        f"got {type(exercise_id).__name__}")
    if exercise_id not in EXERCISES:
        known = ", ".join(EXERCISES)
        known = known if len(known) <= 600 else f"{len(EXERCISES)} of them, listed by exercise_ids()"
        raise ValueError(f"unknown exercise {shown(exercise_id)}{did_you_mean(exercise_id, list(EXERCISES))}; "
                         f"known: {known}")
    return EXERCISES[exercise_id]


def question(exercise_id: str) -> str:
    """The question of an exercise, as the notebook asks it.

    >>> question("02-zuni3-edges")
    'How many edges (lines between two neighbouring points) does zuni(3) have?'
    """
    return _get(exercise_id).question


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
        return Feedback(exercise_id, MISSING, "Replace the `...` with your answer, then run the cell again.")
    tries = attempt if isinstance(attempt, int) and not isinstance(attempt, bool) and attempt > 0 else 1
    try:
        return exercise.checker(exercise_id, answer, min(tries, 100))
    except Exception as error:  # noqa: BLE001 - an answer is any object a student made: never a traceback
        return Feedback(exercise_id, WRONG, f"I could not read that answer ({type(error).__name__}). "
                        f"{_EXPECTED.get(exercise.form, 'Look at the example in the question.')}")


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


# What each form of answer looks like, for an answer that cannot be read at all.
_EXPECTED = {
    "number": "Write a whole number, like 7.",
    "text": "Write point names separated by commas, like `T3, M4`.",
    "choice": "Answer with one letter, like \"a\".",
    "choices": "Answer with letters, like \"a, c\".",
    "truth": "Answer with `True` or `False`.",
    "map": "Give a letter for each place, like `{\"Zuni Pueblo\": \"A\", \"Hopi mesas\": \"B\"}`.",
    "spots": "Answer with letters, like \"A, C\".",
    "sources": "Give a source for each statement, in order, like `[\"Culin\", \"Ludii\", ...]`.",
    "order": "Give the sources in order, oldest first, like `[\"Bell\", \"Culin\", ...]`.",
}


# --- Reading answers ------------------------------------------------------------


MAX_ANSWER_CHARS = 200  # longer text is no answer to these questions: refused before any work
MAX_ANSWER_ITEMS = 100  # a collection (or a generator) is read up to this many items
_NUMBER_TEXT = re.compile(r"\s*([+-]?[0-9]{1,12})(?:\s*[A-Za-z][A-Za-z .]{0,40})?\s*\.?\s*")


def _is_bool(answer: Any) -> bool:
    """True and False, also numpy's (``np.bool_`` is not a subclass of ``bool``)."""
    return isinstance(answer, bool) or type(answer).__name__ in ("bool_", "bool") and \
        type(answer).__module__ == "numpy"


def _as_number(answer: Any) -> tuple[int | None, str]:
    """Read a whole number; return it (or None) and a note on how it was written.

    ``25``, ``25.0``, numpy's ``int64(25)``, ``Decimal(25)``, ``"25"`` and ``"25 points"`` all read as 25.

    >>> _as_number("25 points"), _as_number("--5")[0], _as_number("\u00b2")[0], _as_number(True)[0]
    ((25, ''), None, None, None)
    >>> from decimal import Decimal
    >>> from fractions import Fraction
    >>> _as_number(Decimal(25)), _as_number(Fraction(50, 2))[0], _as_number(Decimal("25.5"))[0]
    ((25, ''), 25, None)
    """
    if _is_bool(answer):
        return None, "That is True or False; this question wants a number."
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS:
            return None, "That answer is far too long: this question wants one whole number, like 7."
        match = _NUMBER_TEXT.fullmatch(answer)
        if match:
            tip = "" if match.group(0).strip() != answer.strip() or not answer.strip().isdigit() else \
                " (Tip: a number needs no quotation marks: write 25, not \"25\".)"
            return int(match.group(1)), tip
        return None, f"I expected a whole number, like 7, but got {_shown(answer)}."
    if isinstance(answer, float) or type(answer).__name__.startswith("float"):
        try:
            value = float(answer)
        except (TypeError, ValueError, OverflowError):
            value = float("nan")
        if value.is_integer() and abs(value) < 1e12:
            return int(value), ""
        return None, f"I expected a whole number, like 7, but got {_shown(answer)}."
    if isinstance(answer, numbers.Number) and not isinstance(answer, numbers.Integral):
        # Decimal(19), Fraction(19): any number equal to a whole number is that number.
        try:
            if abs(answer) < 10**12 and answer == int(answer.real):  # type: ignore[call-overload,arg-type]
                return int(answer.real), ""  # type: ignore[call-overload,arg-type]
        except (TypeError, ValueError, ArithmeticError):
            pass
        return None, f"I expected a whole number, like 7, but got {_shown(answer)}."
    try:
        value = operator.index(answer)  # int, numpy integers: anything that is a whole number
    except TypeError:
        return None, f"I expected a whole number, like 7, but got {_shown(answer)}."
    if abs(value) >= 10**12:
        return None, "That number is far too big for this question."
    return value, ""


def _shown(answer: Any) -> str:
    """A short, safe description of an answer for a message (never raises, never long, never costly:
    a 10 MB text is not copied whole to be cut)."""
    text = shown(answer, 50)
    return text if len(text) <= 60 else text[:57] + "..."


def _items(answer: Any) -> list[Any] | None:
    """The items of a collection or generator, at most MAX_ANSWER_ITEMS + 1 of them; None if not iterable."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        return None
    return list(itertools.islice(answer, MAX_ANSWER_ITEMS + 1))


def _as_letters(answer: Any) -> set[str] | None:
    """Read one letter or several ("a, c", ["a", "c"] or {"a", "c"}) as lower-case letters."""
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS:
            return None
        parts = re.split(r"[\s,;]+", answer.strip())
    else:
        items = _items(answer)
        if items is None or len(items) > MAX_ANSWER_ITEMS:
            return None
        parts = [p.strip() for p in items if isinstance(p, str)]
    letters = {p.lower().rstrip(")") for p in parts if p}
    return letters if letters and all(len(p) == 1 and p.isalpha() for p in letters) else None


def _as_points(answer: Any) -> set[str] | None:
    """Read a collection of point names such as {"T0", "m8"} (upper-cased)."""
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS:
            return None
        parts = re.split(r"[\s,;]+", answer.strip())
    else:
        items = _items(answer)
        if items is None or len(items) > MAX_ANSWER_ITEMS or not all(isinstance(p, str) for p in items):
            return None
        parts = items
    return {p.strip().upper() for p in parts if p.strip() and len(p.strip()) <= 8}


def _grown(hints: str | Sequence[str], attempt: int) -> str:
    """The hints shown after ``attempt`` tries: one more step each time, then all of them."""
    steps = [hints] if isinstance(hints, str) else list(hints)
    return " ".join(steps[: max(1, attempt)])


def _listing(items: Iterable[str], limit: int = 6) -> str:
    items = sorted(items, key=_natural)
    shown = ", ".join(f"`{item}`" for item in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def _natural(label: str) -> tuple[str, int, str]:
    """Sort T2 before T10."""
    match = re.match(r"([A-Za-z]+)(\d+)(.*)", label)
    return (match.group(1), int(match.group(2)), match.group(3)) if match else (label, 0, "")


def _number_check(
    exercise_id: str,
    answer: Any,
    correct: int | Sealed,
    right: str,
    hints: str | Sequence[str],
    near_misses: Mapping[int, str] | None = None,
    attempt: int = 1,
) -> Feedback:
    value, note = _as_number(answer)
    if value is None:
        return Feedback(exercise_id, WRONG, note, _grown(hints, attempt))
    if correct.matches(exercise_id, value) if isinstance(correct, Sealed) else value == correct:
        return Feedback(exercise_id, CORRECT, right + note)
    message = (near_misses or {}).get(value, f"{value} is not it.")
    return Feedback(exercise_id, WRONG, message + note, _grown(hints, attempt))


def _choice_check(
    exercise_id: str,
    answer: Any,
    options: Mapping[str, str],
    correct: Sealed,
    notes: Mapping[str, str],
    right: str,
    hints: Sequence[str] = ("Read the section again and try another letter.",),
    attempt: int = 1,
) -> Feedback:
    """A one-letter multiple-choice answer; the option's own text is accepted too."""
    by_text = {text.lower(): letter for letter, text in options.items()}
    if isinstance(answer, str) and answer.strip().lower() in by_text:
        answer = by_text[answer.strip().lower()]
    letters = _as_letters(answer)
    choices = ", ".join(f'"{letter}"' for letter in options)
    if letters is None or len(letters) != 1 or not letters <= set(options):
        return Feedback(exercise_id, WRONG, f"Answer with one letter: {choices}.")
    (letter,) = letters
    if correct.matches(exercise_id, letter):
        return Feedback(exercise_id, CORRECT, right)
    return Feedback(exercise_id, WRONG, notes.get(letter, "That is not it."), _grown(hints, attempt))


# --- 01: history --------------------------------------------------------------------
#
# Four activities on the sources themselves (answered with menus and tick boxes, see
# awithlaknannai.tutorial.activities), then two questions on the table of what each source
# says. Each activity's checker gives one verdict per item (see `marks`): the widgets mark
# every menu or letter with it, and the pictures draw it.


def _key_text(value: Any) -> str | None:
    """A short piece of text, lower-cased and trimmed; None for anything else (or far too long)."""
    if not isinstance(value, str) or len(value) > MAX_ANSWER_CHARS:
        return None
    return " ".join(value.lower().split())


def _sequence(answer: Any, size: int) -> list[Any] | None:
    """An answer given item by item: a list or tuple, a mapping {1: ..., 2: ...}, or text split at commas.

    Returns ``size`` items (``None`` where an item is not given), or None when the answer is none of these.
    """
    if isinstance(answer, Mapping):
        items: list[Any] = [None] * size
        for key, value in itertools.islice(answer.items(), MAX_ANSWER_ITEMS):
            number, _ = _as_number(key)
            if number is not None and 1 <= number <= size:
                items[number - 1] = value
        return items
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS * 2:
            return None
        parts: list[Any] = [part.strip() or None for part in answer.split(",")]
    else:
        got = _items(answer)
        if got is None or len(got) > MAX_ANSWER_ITEMS:
            return None
        parts = got
    if len(parts) > size:
        return None
    return [None if part is ... else part for part in parts] + [None] * (size - len(parts))


def _fraction(right: int, total: int) -> str:
    return "All" if right == total else f"{right} of {total}"


# 01 activity 1: find Zuni Pueblo and the Hopi mesas on the locator map (awithlaknannai.render.maps).

MAP_PLACES = {"zuni": "Zuni Pueblo", "hopi": "the Hopi mesas"}
# The right spot of each place, as answer_digest(id, "place:LETTER").
_MAP_RIGHT = {"zuni": Sealed("7c4d6d28875df1a18cbc7310"), "hopi": Sealed("caa70ba923587d062afcd8d4")}
_MAP_HINTS = {
    "zuni": ("Zuni Pueblo is in New Mexico.",
             "Zuni Pueblo is in the west of New Mexico, about 18 km (11 miles) from the border with Arizona.",
             "On the map, look for the spot in New Mexico closest to the line between New Mexico and Arizona."),
    "hopi": ("The Hopi mesas are in Arizona.",
             "The Hopi mesas are in the north-east of Arizona, about 170 km (105 miles) north-west of Zuni Pueblo.",
             "On the map, look for the spot in the top right part of Arizona."),
}


def _compass(start: tuple[float, float], end: tuple[float, float]) -> str:
    """The direction from ``start`` to ``end`` (latitude, longitude) in words: "north-east", "south".

    >>> _compass((35.0, -109.0), (36.0, -110.0)), _compass((35.0, -109.0), (33.0, -109.1))
    ('north-west', 'south')
    """
    import math

    north = end[0] - start[0]
    east = (end[1] - start[1]) * math.cos(math.radians((start[0] + end[0]) / 2))
    names = ["east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"]
    return names[round(math.degrees(math.atan2(north, east)) / 45) % 8]


def _map_place(key: Any) -> str | None:
    text = _key_text(key)
    if text is None:
        return None
    return next((place for place in MAP_PLACES if place in text), None)


def _map_picks(answer: Any) -> dict[str, str | None] | None:
    """{"zuni": letter or None, "hopi": letter or None} from a mapping, a pair or "E, B"; None if unreadable."""
    from ..render.maps import SPOTS

    if isinstance(answer, Mapping):
        picks: dict[str, Any] = {}
        for key, value in itertools.islice(answer.items(), MAX_ANSWER_ITEMS):
            place = _map_place(key)
            if place is None:
                return None
            picks[place] = value
        values = [picks.get(place) for place in MAP_PLACES]
    else:
        values = _sequence(answer, len(MAP_PLACES))
        if values is None:
            return None
    letters: dict[str, str | None] = {}
    for place, value in zip(MAP_PLACES, values):
        if value is None or value is ...:
            letters[place] = None
            continue
        text = _key_text(value)
        if text is None or text.upper() not in SPOTS:
            return None
        letters[place] = text.upper()
    return letters


def _map_marks(exercise_id: str, answer: Any) -> dict[str, bool]:
    picks = _map_picks(answer) or {}
    return {place: _MAP_RIGHT[place].matches(exercise_id, f"{place}:{letter}")
            for place, letter in picks.items() if letter is not None}


@_exercise("01-locator-map", "Which lettered spot on the map is Zuni Pueblo, and which are the Hopi mesas?", "map")
def _locator_map(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    from ..render.maps import HOPI_MESAS, KM_PER_MILE, SPOTS, ZUNI_PUEBLO, distance_km

    picks = _map_picks(answer)
    if picks is None:
        return Feedback(exercise_id, WRONG, f"Give a letter from {', '.join(SPOTS)} for each place, "
                        "for example `{\"Zuni Pueblo\": \"A\", \"Hopi mesas\": \"B\"}`.")
    if all(letter is None for letter in picks.values()):  # (an answer box sends ... when nothing is chosen)
        return Feedback(exercise_id, WRONG, "There is no letter in that answer: choose one for each place.")
    where = {"zuni": ZUNI_PUEBLO, "hopi": HOPI_MESAS}
    marks = _map_marks(exercise_id, answer)
    notes, hints, directions = [], [], []
    for place, letter in picks.items():
        name = MAP_PLACES[place]
        if letter is None:
            notes.append(f"Choose a letter for {name} too.")
        elif marks[place]:
            notes.append(f"{letter} is {name}.")
        else:
            km = distance_km(SPOTS[letter].where, where[place])
            notes.append(f"{letter} is about {round(km, -1):.0f} km ({round(km / KM_PER_MILE, -1):.0f} miles) "
                         f"away from {name}.")
            hints.append(_MAP_HINTS[place])
            lies = "lie" if place == "hopi" else "lies"
            directions.append(f"From {letter}, {name} {lies} to the {_compass(SPOTS[letter].where, where[place])}.")
    if all(marks.get(place) for place in MAP_PLACES):
        return Feedback(exercise_id, CORRECT, " ".join(notes) + " The Zuni live at Zuni Pueblo, in the west of "
                        "New Mexico; the Hopi mesas are about 170 km (105 miles) to the north-west, in Arizona.")
    # Each try: which way to look from the letter chosen (it changes with the pick), then one step more
    # of where each wrongly placed place is: its state, where in the state, where on the map.
    steps = [" ".join(hint[level] for hint in hints) for level in range(3)] if hints else []
    hint = " ".join(directions) + (" " + _grown(steps, attempt) if steps else "")
    return Feedback(exercise_id, WRONG, " ".join(notes), hint.strip())


# 01 activity 2: spot where Murray's drawing of the board differs from Culin's.

# Each letter sits on the middle of one segment of Culin's board (awithlaknannai.render.spots).
SPOT_LETTERS: dict[str, tuple[str, str]] = {
    "A": ("T1", "T2"), "B": ("T2", "M3"), "C": ("M4", "M5"), "D": ("B5", "B6"),
    "E": ("T7", "M8"), "F": ("M1", "B1"), "G": ("T5", "T6"), "H": ("M0", "B0"),
}


def _spot_truth() -> set[str]:
    """The letters on a segment that Culin's board has and Murray's drawing leaves out (from the boards)."""
    murray = boards.mosona(outer_lines=False)
    return {letter for letter, (a, b) in SPOT_LETTERS.items() if not murray.has_edge(a, b)}


def _spot_picks(answer: Any) -> set[str] | None:
    if isinstance(answer, (set, frozenset, list, tuple)) and not answer:
        return set()
    letters = _as_letters(answer)
    return {letter.upper() for letter in letters} if letters is not None else None


def _spot_marks(exercise_id: str, answer: Any) -> dict[str, bool]:
    picks = _spot_picks(answer) or set()
    truth = _spot_truth()
    return {letter: letter in truth for letter in sorted(picks) if letter in SPOT_LETTERS}


@_exercise("01-spot-difference", "Which lettered places have a line in Culin's drawing but none in Murray's?", "spots")
def _spot_difference(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    picks = _spot_picks(answer)
    if picks is None or not picks <= set(SPOT_LETTERS):
        return Feedback(exercise_id, WRONG, f"Give letters from A to {max(SPOT_LETTERS)}, for example `\"A, C\"`.")
    if not picks:
        return Feedback(exercise_id, WRONG, "No letter is ticked: tick the letters where the drawings differ.")
    truth = _spot_truth()
    culin, murray = boards.mosona(), boards.mosona(outer_lines=False)
    if picks == truth:
        left_out = culin.number_of_edges() - murray.number_of_edges()
        return Feedback(exercise_id, CORRECT, f"{', '.join(sorted(truth))}: there Culin's board has a line along "
                        f"the top or bottom row, and Murray's drawing has none. Murray's drawing leaves out all "
                        f"{left_out} segments along the two outer rows.")
    notes = [f"At {letter} both drawings have a line." for letter in sorted(picks - truth)]
    found = len(picks & truth)
    if found < len(truth):
        notes.append(f"You found {found} of the {len(truth)} places where Murray's drawing has no line.")
    return Feedback(exercise_id, WRONG, " ".join(notes), _grown((
        ("Put your finger on a letter in the top drawing, then on the same letter in the bottom one: "
        "is there a line under it in both?"),
        "Look along the top row and the bottom row of the two drawings."), attempt))


# 01 activity 3: which source wrote each statement?

SOURCES: dict[str, str] = {
    "stevenson": "Stevenson 1903", "culin": "Culin 1907", "murray": "Murray 1952",
    "encyclopedia": "the encyclopedia", "ludii": "Ludii",
}
_SOURCE_PREFIXES = {"stev": "stevenson", "cul": "culin", "mur": "murray", "enc": "encyclopedia",
                    "wiki": "encyclopedia", "lud": "ludii"}

# The statements, each with two clues that grow with the tries. Quotations are the sources' own
# words: Stevenson 1903 and Culin 1907 as the Ludii database's evidence pages quote them, the
# encyclopedia articles as in shared/sources, Ludii's game file "Awithlaknan Mosona.lud".
STATEMENTS: tuple[tuple[str, tuple[str, str]], ...] = (
    (("\u201cThere is no specified size for the \u201cboard,\u201d it being larger or smaller according to "
     "the number of angles.\u201d"),
     ("Someone who saw the game at Zuni tells how the board is made.",
      "She wrote an article on Zuni games; a later book printed her words.")),
    ("`(end (\"NoMoves\" Loss))`: a line of rules written as code (it means: a player who cannot move loses).",
     ("These words are written for a computer to read.",
      "Only one of the five sources is a computer program.")),
    (("\u201cLong stone slab, inscribed with the diagram shown in figure 111. This was found by the writer on a "
     "house top in Zu\u00f1i\u201d"),
     ("The writer found an object, and it went to a museum.",
      "This writer collected games for museums; a Zuni man also drew a board for him.")),
    (("\u201cThere are two versions of the board perhaps due to the lack of clarity in Stewart Culin's "
     "diagram.\u201d"),
     ("It talks about Culin's diagram, so someone who read Culin wrote it, later.",
      "It knows two versions of the board, and it is not a computer program.")),
    ("A drawing of the board with a line along the middle row, but none along the top and bottom rows.",
     ("You compared this drawing with Culin's in Activity 2.",
      "It is in a history of board games from the middle of the 20th century.")),
    ("\u201cThe stones may be moved in any direction so long as the lines are followed.\u201d",
     ("Someone who saw the game at Zuni tells how the stones move.",
      "She wrote an article on Zuni games; a later book printed her words.")),
    ("\u201cR.C. Bell coined the term Fighting Serpents, but provides no explanation for it.\u201d",
     ("It talks about Bell, whose book the notebook cites as 1969: so it was written after 1969.",
      "Which source is later than 1969 and is not a computer program?")),
    ("\u201cAnother form of the same game \u2026 was made for the writer by Zu\u00f1i Nick (Nick Graham)\u201d",
     ("A Zuni man made something for the writer.",
      "This writer collected games for museums, and found a stone slab too.")),
)
# The right source of each statement, as answer_digest(id, "NUMBER:source").
_STATEMENT_SOURCES = (
    Sealed("5ac346363697597c13e2b32e"), Sealed("5d59586f14e1ad3cde5649a1"), Sealed("f4b942eafc8f3852a8676f65"),
    Sealed("f08b086f860e12580c3975d1"), Sealed("c1ccefe75eceafab069794c7"), Sealed("756ea53d4c655fa7a60be664"),
    Sealed("830b00cbee9d58cbeb1e9ce8"), Sealed("4bc14a82e0bcd0ade69f988d"),
)


def _source_key(value: Any) -> str | None:
    """"Culin 1907", "the Encyclopedia", "ludii" -> the source's key; None if it names no source."""
    text = _key_text(value)
    if text is None:
        return None
    words = [word for word in re.split(r"[^a-z]+", text) if word and word not in ("the", "a", "an")]
    return next((key for prefix, key in _SOURCE_PREFIXES.items() if words and words[0].startswith(prefix)), None)


def _statement_picks(answer: Any) -> list[str | None] | None:
    """The source chosen for each statement (None where none is), or None if the answer cannot be read."""
    values = _sequence(answer, len(STATEMENTS))
    if values is None:
        return None
    picks = []
    for value in values:
        if value is None or (isinstance(value, str) and not value.strip()):
            picks.append(None)
            continue
        key = _source_key(value)
        if key is None:
            return None
        picks.append(key)
    return picks


def _statement_marks(exercise_id: str, answer: Any) -> dict[str, bool]:
    picks = _statement_picks(answer) or []
    return {str(number): _STATEMENT_SOURCES[number - 1].matches(exercise_id, f"{number}:{key}")
            for number, key in enumerate(picks, 1) if key is not None}


@_exercise("01-statement-sources", "Which source wrote each statement: Stevenson 1903, Culin 1907, Murray 1952, "
           "the encyclopedia or Ludii?", "sources")
def _statement_sources(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    picks = _statement_picks(answer)
    if picks is None:
        return Feedback(exercise_id, WRONG, f"Give one source for each of the {len(STATEMENTS)} statements, in "
                        f"order, from: {', '.join(SOURCES.values())}.")
    if all(key is None for key in picks):
        return Feedback(exercise_id, WRONG, "No statement has a source yet: choose one for each statement.")
    marks = _statement_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(STATEMENTS):
        return Feedback(exercise_id, CORRECT, "Every statement is matched to its source. Stevenson and Culin "
                        "write as visitors who were there; Murray draws; the encyclopedia and Ludii put together "
                        "what the older books say, each in its own way.")
    wrong = [number for number in range(1, len(STATEMENTS) + 1) if marks.get(str(number)) is False]
    empty = [number for number, key in enumerate(picks, 1) if key is None]
    notes = [f"{_fraction(right, len(STATEMENTS))} right."]
    if wrong:
        notes.append("Not yet: " + ", ".join(f"statement {number} is not by {SOURCES[picks[number - 1]]}"
                                               for number in wrong) + ".")
    if empty:
        notes.append(f"Statement{'s' if len(empty) > 1 else ''} {_and(empty)} still need"
                     f"{'' if len(empty) > 1 else 's'} a source.")
    hint = ""
    if attempt > 1 and wrong:  # the clues come from the second try on, one step more each time
        hint = " ".join(f"Statement {number}: {_grown(STATEMENTS[number - 1][1], attempt - 1)}" for number in wrong)
    elif wrong:
        hint = "Read each statement again: who would write like that, and when?"
    return Feedback(exercise_id, WRONG, " ".join(notes), hint)


def _and(numbers: Sequence[int]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# 01 activity 4: the sources on a timeline, oldest first.

TIMELINE_SOURCES: dict[str, tuple[str, ...]] = {
    "stevenson": ("Stevenson", "\u201cZu\u00f1i Games\u201d", "(an article)"),
    "culin": ("Culin", "Games of the North", "American Indians"),
    "murray": ("Murray", "A History of", "Board-Games"),
    "bell": ("Bell", "Board and Table", "Games"),
    "ludii": ("Ludii", "a computer", "game database"),
}
_TIMELINE_PREFIXES = {"stev": "stevenson", "cul": "culin", "mur": "murray", "bell": "bell", "lud": "ludii"}
# The right source at each place, as answer_digest(id, "PLACE:source"), places counted from 1.
_TIMELINE_PLACES = (
    Sealed("14ee4e5e214d2949d094f368"), Sealed("801a923c17aeedb572d425e2"), Sealed("9f0aecec9dfff063436902dd"),
    Sealed("f2c4b9028d41ab38b1f77233"), Sealed("2a83e0d7ca3ee771295e1da3"),
)
# The years of the sources in the right order, readable only with the right order as the key (see
# `_opened`): shown on the timeline once the student has found the order.
_TIMELINE_YEARS = "3f07bddcfd9896bf5899228cf70a2cddda082eb6311b68a230a8f6"


def _opened(sealed_hex: str, key: str) -> str | None:
    """Text kept by `_sealed_text`, read back with its key; None with any other key."""
    try:
        data = bytes.fromhex(sealed_hex)
    except ValueError:
        return None
    stream = _keystream(key, len(data))
    plain = bytes(a ^ b for a, b in zip(data, stream))
    if not plain.startswith(b"ok:"):
        return None
    try:
        return plain[3:].decode("utf-8")
    except UnicodeDecodeError:
        return None


def _sealed_text(text: str, key: str) -> str:
    """``text`` made unreadable without ``key`` (a maintainer makes the sealed text once with this)."""
    data = b"ok:" + text.encode("utf-8")
    return bytes(a ^ b for a, b in zip(data, _keystream(key, len(data)))).hex()


def _keystream(key: str, size: int) -> bytes:
    blocks = (hashlib.sha256(f"awithlaknannai/stream/{key}/{index}".encode()).digest()
              for index in range((size + 31) // 32))
    return b"".join(blocks)[:size]


def _timeline_key(value: Any) -> str | None:
    text = _key_text(value)
    if text is None:
        return None
    words = [word for word in re.split(r"[^a-z]+", text) if word and word not in ("the", "a", "an")]
    return next((key for prefix, key in _TIMELINE_PREFIXES.items() if words and words[0].startswith(prefix)), None)


def _timeline_order(answer: Any) -> list[str] | None:
    values = _sequence(answer, len(TIMELINE_SOURCES))
    if values is None or any(value is None for value in values):
        return None
    keys = [_timeline_key(value) for value in values]
    if None in keys:
        return None
    return keys  # type: ignore[return-value]


def _timeline_marks(exercise_id: str, answer: Any) -> dict[str, bool]:
    order = _timeline_order(answer) or []
    return {str(place): _TIMELINE_PLACES[place - 1].matches(exercise_id, f"{place}:{key}")
            for place, key in enumerate(order, 1)}


def timeline_years(order: Sequence[str]) -> list[int] | None:
    """The years of the timeline's sources, given them in the right order (else None).

    The years are the end of the timeline activity: they are kept so that
    only the right order reads them.
    """
    text = _opened(_TIMELINE_YEARS, ",".join(order)) if all(isinstance(key, str) for key in order) else None
    if text is None:
        return None
    return [int(year) for year in text.split(",")]


@_exercise("01-timeline", "Put the sources in order on a timeline, from the oldest to the newest.", "order")
def _timeline(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    order = _timeline_order(answer)
    if order is None or len(set(order)) != len(order):
        names = ", ".join(lines[0] for lines in TIMELINE_SOURCES.values())
        return Feedback(exercise_id, WRONG, f"Give the {len(TIMELINE_SOURCES)} sources once each, oldest first: "
                        f"{names} in some order.")
    marks = _timeline_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(order):
        years = timeline_years(order) or []
        gaps = ", ".join(f"{TIMELINE_SOURCES[key][0]} {year}" for key, year in zip(order, years))
        return Feedback(exercise_id, CORRECT, f"From the oldest to the newest: {gaps}. The two first-hand "
                        "sources are only a few years apart; everything else came at least 45 years later.")
    misplaced = [TIMELINE_SOURCES[order[int(place) - 1]][0] for place, ok in marks.items() if not ok]
    return Feedback(exercise_id, WRONG, f"{_fraction(right, len(order))} in the right place. Not yet in its "
                    f"place: {', '.join(misplaced)}.", _grown((
                        "Look for each one's year in the sections above.",
                        "Culin prints Stevenson's account, so hers came first.",
                        "Ludii is a computer program, described by its makers in 2019: the newest of all."),
                        attempt))


_MARKS: dict[str, Callable[[str, Any], dict[str, bool]]] = {
    "01-locator-map": _map_marks, "01-spot-difference": _spot_marks,
    "01-statement-sources": _statement_marks, "01-timeline": _timeline_marks,
}


_SOURCE_OPTIONS = {
    "a": "Culin 1907",
    "b": "Stevenson 1903",
    "c": "the encyclopedia article",
    "d": "the French rules sheet (leglobejoueur)",
    "e": "the Ludii database",
}
_SAY_COMPULSORY = Sealed("749f83255947349fce2794ee")  # the letters that are right, sorted and joined by commas
# Each right letter's fingerprint (as answer_digest(id, "letter:" + letter)), and how many there are.
_SAYS_IT = {"91704f7fdb2c9180284caa10", "d0a6bbdca4f7491e5c622645"}
_NOT_SAID = {  # what each wrong letter's source says instead, by the letter's fingerprint
    "cd74ca17a61dc0aa5a64e63f": "does not say either way",
    "f1794d33e3791cb606500bfd": "does not say either way",
    "c44e12aaad1d1b317785d9dd": "makes capturing optional",
}


@_exercise("01-sources-compulsory", "Which sources say that capturing is compulsory? (Give all the letters.)",
           "choices", _SOURCE_OPTIONS)
def _sources_compulsory(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    letters = _as_letters(answer)
    if letters is None or not letters <= set(_SOURCE_OPTIONS):
        return Feedback(exercise_id, WRONG, "Give letters from a to e, for example `\"a, b\"` or `{\"a\", \"b\"}`.")
    if _SAY_COMPULSORY.matches(exercise_id, ",".join(sorted(letters))):
        return Feedback(
            exercise_id, CORRECT,
            "Only these two say so. Culin and Stevenson do not say, and Ludii makes capturing optional.",
        )
    right = {letter for letter in letters if answer_digest(exercise_id, f"letter:{letter}") in _SAYS_IT}
    notes = [_sentence(f"{_SOURCE_OPTIONS[letter]} "
             f"{_NOT_SAID.get(answer_digest(exercise_id, f'letter:{letter}'), 'does not say so')}.")
             for letter in sorted(letters - right)]
    missing = len(_SAYS_IT) - len(right)
    if missing:
        notes.append(f"You left out {missing} source{'s that say' if missing > 1 else ' that says'} it.")
    return Feedback(exercise_id, WRONG, " ".join(notes), _grown((
        "Look at the row 'must you capture?' of the table in the section \"What each source says\".",
        "Two sources say yes in that row.",
        "Both are later than Culin, and neither is a database."), attempt))


@_exercise("01-authentic-rules", "True or False: the written sources record exactly how the Zuni played the game in 1900.", "truth")
def _authentic(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    if isinstance(answer, str) and answer.strip().lower() in {"true", "false"}:
        answer = answer.strip().lower() == "true"
    if not (_is_bool(answer)):
        return Feedback(exercise_id, WRONG, "Answer with `True` or `False` (no quotation marks).")
    if Sealed("6a15adb9675479cdd2692ac5").matches(exercise_id, str(bool(answer)).lower()):
        return Feedback(
            exercise_id, CORRECT,
            "The written sources do not record the full rules. Stevenson and Culin (who wrote after her) "
            "describe the board and the first moves; later writers filled the gaps in different ways. "
            "Zuni people may know more than the books say.",
        )
    return Feedback(
        exercise_id, WRONG,
        "Stevenson and Culin leave out whether capturing is compulsory and whether a piece may jump twice.",
        _grown(("Look at how many cells of the table say 'not said'.",
                "Ask: could you play a whole game from Stevenson's account alone?"), attempt),
    )


# --- 02: the board as a graph -------------------------------------------------------


@_exercise("02-build-zuni2", "Build the smallest Zuni board, zuni(2), by hand with nx.Graph().")
def _build_zuni2(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _graph_check(exercise_id, answer, boards.zuni(2), "zuni(2)")


def _graph_check(exercise_id: str, answer: Any, reference: nx.Graph, name: str) -> Feedback:
    if not isinstance(answer, nx.Graph) or answer.is_directed() or answer.is_multigraph():
        return Feedback(exercise_id, WRONG, f"I expected a graph made with `nx.Graph()`, but got {type(answer).__name__}.")
    want_nodes, have_nodes = set(reference.nodes), set(answer.nodes)
    lower_case = {n for n in have_nodes - want_nodes if isinstance(n, str) and n.upper() in want_nodes}
    if lower_case:
        return Feedback(exercise_id, WRONG, f"Point names need capital letters: {_listing(lower_case)}.",
                        "Write `\"T0\"`, not `\"t0\"`.")
    strange = [n for n in have_nodes if not isinstance(n, str)]
    if strange:
        return Feedback(exercise_id, WRONG, f"Point names are text in quotation marks, like `\"T0\"`; "
                        f"your graph has {strange[0]!r}.")
    missing_nodes, extra_nodes = want_nodes - have_nodes, have_nodes - want_nodes
    if missing_nodes or extra_nodes:
        parts = []
        if missing_nodes:
            parts.append(f"these points are missing: {_listing(missing_nodes)}")
        if extra_nodes:
            parts.append(f"these points are not on {name}: {_listing(extra_nodes)}")
        return Feedback(exercise_id, WRONG, "Your graph's points do not match: " + "; ".join(parts) + ".",
                        f"{name} has {len(want_nodes)} points: {_listing(want_nodes, limit=20)}.")

    def edge_set(G: nx.Graph) -> set[frozenset[str]]:
        return {frozenset(e) for e in G.edges}

    want, have = edge_set(reference), edge_set(answer)
    if want == have:
        return Feedback(exercise_id, CORRECT, f"Your graph is exactly {name}: {len(want_nodes)} points and "
                        f"{len(want)} edges, the same as the package's builder.")
    middle_row = {e for e in want if all(reference.nodes[p]["row"] == "M" for p in e)}
    if have == middle_row:  # only the middle row, which the notebook draws before the exercise
        return Feedback(exercise_id, MISSING, "Your graph has only the middle row so far. Add the other "
                        "edges to `G`, then run the cell again.")
    missing, extra = want - have, have - want

    def show(edges: set[frozenset[str]]) -> str:
        return _listing("-".join(sorted(e, key=_natural)) for e in edges)

    parts = []
    if missing:  # how many, not which: naming them all would give the answer away
        parts.append(f"{len(missing)} edge{'s are' if len(missing) > 1 else ' is'} still missing")
    if extra:
        parts.append(f"{len(extra)} edge{'s are' if len(extra) > 1 else ' is'} not on the board: {show(extra)}")
    hint = "Look at the picture of the board and follow each drawn line from end to end."
    if missing:
        first = min(("-".join(sorted(e, key=_natural)) for e in missing), key=_natural)
        hint += f" One that is missing: `{first}`."
    outer = edge_set(reference) - edge_set(boards.zuni(reference.graph["n"], outer_lines=False))
    if not extra and missing == outer:
        hint = "You have drawn Murray's version of the board! Culin's drawing also has lines along the top and bottom rows."
    return Feedback(exercise_id, WRONG, f"You have {len(have & want)} of the {len(want)} edges. "
                    + "; ".join(parts) + ".", hint)


@_exercise("02-zuni3-edges", "How many edges (lines between two neighbouring points) does zuni(3) have?", "number")
def _zuni3_edges(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    n = 3
    board = boards.zuni(n)
    counts = {"middle": 0, "outer": 0, "diagonal": 0, "end": 0}
    curved = set(board.graph["curved_lines"])
    for _, _, index in board.edges(data="line"):
        line_rows = {board.nodes[p]["row"] for p in board.graph["lines"][index]}
        if index in curved:
            counts["end"] += 1
        elif line_rows == {"M"}:
            counts["middle"] += 1
        elif len(line_rows) == 1:
            counts["outer"] += 1
        else:
            counts["diagonal"] += 1
    total = board.number_of_edges()
    return _number_check(
        exercise_id, answer, total,
        f"zuni(3) has {total} edges: {counts['middle']} on the middle row, {counts['outer'] // 2} + "
        f"{counts['outer'] // 2} on the outer rows, {counts['diagonal']} on the diagonals and "
        f"{counts['end']} on the end curves.",
        ("Count line by line: the middle row, the two outer rows, the crossing diagonals, the two end curves.",
         f"The middle row alone has {counts['middle']} edges.",
         f"Each end curve has {counts['end'] // 2} edges."),
        {boards.zuni(n, outer_lines=False).number_of_edges():
            "That would be right for Murray's drawing. Culin's board also has lines along the outer rows."},
        attempt,
    )


@_exercise("02-three-neighbours", "Which points of the Mosona board have exactly three neighbours?", "text")
def _three_neighbours(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    board = boards.mosona()
    want = {p for p, degree in board.degree if degree == 3}
    have = _as_points(answer)
    if have is None:
        return Feedback(exercise_id, WRONG, "Give point names, for example `T3, M4`.")
    unknown = have - set(board)
    if unknown:
        return Feedback(exercise_id, WRONG, f"The Mosona board has no point {_listing(unknown)}.",
                        "Points are called T0..T7, M0..M8 and B0..B7.")
    if have == want:
        return Feedback(exercise_id, CORRECT, f"The {len(want)} points with three neighbours are the four "
                        f"corners and the two ends of the middle row: {_listing(want)}.")
    notes = [f"`{p}` has {board.degree[p]} neighbours." for p in sorted(have - want, key=_natural)[:3]]
    if want - have:
        notes.append(f"You found {len(have & want)} of the {len(want)}.")
    return Feedback(exercise_id, WRONG, " ".join(notes), _grown((
        "Try `dict(board.degree)` to see every point's number of neighbours.",
        "Look at the four corners of the board first.",
        "Then the two ends of the middle row."), attempt))


@_exercise("02-murray-leap-lines", "How many leap lines does Murray's drawing of the Mosona board have?")
def _murray_leap_lines(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    murray, culin = boards.mosona(outer_lines=False), boards.mosona()
    total = len(boards.leap_lines(murray))
    return _number_check(
        exercise_id, answer, total,
        f"Murray's drawing has {total} leap lines, {len(boards.leap_lines(culin)) - total} fewer than "
        "Culin's board: no leap can run along an outer row.",
        ("Use `leap_lines(...)` on `mosona(outer_lines=False)` and count with `len`.",
         "`murray` is already Murray's drawing: `len(leap_lines(murray))`."),
        {
            len(boards.leap_lines(culin)): "That is Culin's board, with the outer-row lines.",
            2 * total: "That counts each leap line twice, once in each direction.",
        },
        attempt,
    )


@_exercise("02-edges-formula", "Write a function edges(n) that gives the number of edges of zuni(n) for every n.")
def _edges_formula(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _formula_check(exercise_id, answer, lambda n: boards.zuni(n).number_of_edges(), "edges of zuni(n)")


def _formula_check(exercise_id: str, answer: Any, truth: Callable[[int], int], what: str) -> Feedback:
    if not callable(answer):
        return Feedback(exercise_id, WRONG, "I expected a function, like `def edges(n): return ...`, "
                        "then `check(..., edges)` without brackets after `edges`.")
    sizes = range(2, 31)
    for n in sizes:
        try:
            value = answer(n)
        except Exception as error:  # noqa: BLE001 - a student's function may fail in any way; report it kindly
            return Feedback(exercise_id, WRONG, f"Your function stopped with an error for n = {n}: "
                            f"{type(error).__name__}: {error}")
        if value is None or value is ...:
            return Feedback(exercise_id, MISSING, "Your function does not give a number yet: "
                            "finish its `return` line.")
        if value != truth(n):
            return Feedback(exercise_id, WRONG, f"For n = {n} your function gives {value!r}, but there are "
                            f"{truth(n)} {what}.",
                            "Each kind of line adds a fixed number of edges for every point you add to a row.")
    return Feedback(exercise_id, CORRECT, f"Your formula matches the real boards for every n from "
                    f"{sizes[0]} to {sizes[-1]}.")


# --- 03 and 06: rules as values ---------------------------------------------------------


def _rules_check(exercise_id: str, answer: Any, asked: Mapping[str, set[str]], attempt: int) -> Feedback:
    """A ``Rules(...)`` value: the switches the question names set as asked (kept as fingerprints), the rest as they are.

    ``asked`` maps each switch the question names to the fingerprints of its
    right setting (``answer_digest(exercise_id, "name=value")``).
    """
    from ..rules import Rules

    if not isinstance(answer, Rules):
        return Feedback(exercise_id, WRONG, f"I expected a `Rules(...)` value, but got {_shown(answer)}.",
                        "Write for example `Rules(compulsory_capture=False)`.")
    default = Rules()
    notes = []
    for field in dataclasses.fields(Rules):
        have = getattr(answer, field.name)
        if field.name in asked:
            if answer_digest(exercise_id, f"{field.name}={have!r}") not in asked[field.name]:
                notes.append(f"`{field.name}` is {have!r}: that is not what the question asks for.")
        elif have != getattr(default, field.name):
            notes.append(f"`{field.name}` is {have!r}; leave this switch as it is "
                         f"({getattr(default, field.name)!r}).")
    if notes:
        return Feedback(exercise_id, WRONG, " ".join(notes), _grown((
            "Run `Rules()` in a new cell: it lists every switch with its setting.",
            "Text settings go in quotation marks, like `multi_leap=\"optional\"`; True and False do not."),
            attempt))
    preset = answer.name
    where = f"the rules of the {preset} preset" if preset != "custom" else f"your own rules: `{answer.to_text()}`"
    return Feedback(exercise_id, CORRECT, f"These are {where}.")


@_exercise("03-ludii-rules", "Build the Rules where capturing is not compulsory and a piece makes only one leap "
           "a turn; every other switch as it is.")
def _ludii_rules(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _rules_check(exercise_id, answer, {"compulsory_capture": {"50579ff9fd1588b1d371accc"},
                                              "multi_leap": {"d8cb94a5c61fde007a30e06a"}}, attempt)


@_exercise("06-optional-chains", "Build the Rules where a piece may stop leaping whenever it likes; every other "
           "switch as it is.")
def _optional_chains(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _rules_check(exercise_id, answer, {"multi_leap": {"80a1622a7a4923b5f3038f37"}}, attempt)
