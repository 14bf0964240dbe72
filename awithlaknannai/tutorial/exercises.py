"""Exercises for the tutorial notebooks, checked in the cell with friendly feedback.

A notebook cell sets an answer and asks for a check::

    answer = 25
    check("01-mosona-points", answer)

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
>>> check("02-no-such-exercise", 1)
Traceback (most recent call last):
...
ValueError: unknown exercise '02-no-such-exercise'; known: 01-culin-year, 01-origin, 01-kolowis-name, 01-mosona-points, 01-sources-compulsory, 01-authentic-rules, 02-build-zuni2, 02-zuni3-edges, 02-three-neighbours, 02-murray-leap-lines, 02-edges-formula, 03-ludii-rules, 06-optional-chains
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import itertools
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from .. import boards
from ..variants import Color, get_variant

__all__ = ["EXERCISES", "Exercise", "Feedback", "Sealed", "answer_digest", "check", "exercise_ids", "question"]

CORRECT, WRONG, MISSING = "correct", "wrong", "missing"

# Headline word, symbol and colour of each status. The colours are from the
# Okabe-Ito palette (colour-blind safe) and mark only the box's left edge and
# its faint background: the text keeps the theme's own colour, readable in
# the light and the dark theme alike, and the word and symbol carry the
# meaning on their own.
_STYLE: dict[str, tuple[str, str, str]] = {
    CORRECT: ("Correct!", "\u2714", "#009E73"),
    WRONG: ("Not yet.", "\u2718", "#D55E00"),
    MISSING: ("No answer yet.", "\u2026", "#0072B2"),
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
    status : {"correct", "wrong", "missing"}
        ``"missing"`` means the answer is still the ``...`` placeholder.
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
    >>> Feedback("demo", "maybe", "?")
    Traceback (most recent call last):
    ...
    ValueError: feedback status must be 'correct', 'wrong' or 'missing', got 'maybe'
    """

    exercise: str
    status: str
    message: str
    hint: str = ""

    def __post_init__(self) -> None:
        if self.status not in _STYLE:
            raise ValueError(f"feedback status must be 'correct', 'wrong' or 'missing', got {self.status!r}")
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
        text = f"{headline} {_plain(self.message)}"
        if self.hint:
            text += f" Hint: {_plain(self.hint)}"
        return text

    def __repr__(self) -> str:
        return f"Feedback({self.exercise!r}, {self.status!r})"

    def _repr_markdown_(self) -> str:
        headline, symbol, _ = _STYLE[self.status]
        text = f"**{symbol} {headline}** {self.message}"
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
            f'<strong><span aria-hidden="true">{symbol}</span> {headline}</strong> '
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
# choices, or True/False.
FORMS = ("code", "number", "text", "choice", "choices", "truth")


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

    >>> answer_digest("01-culin-year", "1907")
    '8a9c08aee57d6738d21e4909'
    """
    return hashlib.sha256(f"awithlaknannai/{exercise_id}/{answer}".encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Sealed:
    """An answer kept only as its fingerprint (see :func:`answer_digest`); it prints nothing useful.

    >>> sealed = Sealed("8a9c08aee57d6738d21e4909")
    >>> sealed.matches("01-culin-year", 1907), sealed.matches("01-culin-year", 1903), sealed
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
    ['01-culin-year', '01-origin']
    """
    return list(EXERCISES)


def _get(exercise_id: str) -> Exercise:
    if exercise_id not in EXERCISES:
        raise ValueError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}")
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
        Which exercise, e.g. ``"01-mosona-points"`` (see :func:`exercise_ids`).
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


# What each form of answer looks like, for an answer that cannot be read at all.
_EXPECTED = {
    "number": "Write a whole number, like 7.",
    "text": "Write point names separated by commas, like `T3, M4`.",
    "choice": "Answer with one letter, like \"a\".",
    "choices": "Answer with letters, like \"a, c\".",
    "truth": "Answer with `True` or `False`.",
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

    ``25``, ``25.0``, numpy's ``int64(25)``, ``"25"`` and ``"25 points"`` all read as 25.

    >>> _as_number("25 points"), _as_number("--5")[0], _as_number("\u00b2")[0], _as_number(True)[0]
    ((25, ''), None, None, None)
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
    try:
        value = operator.index(answer)  # int, numpy integers: anything that is a whole number
    except TypeError:
        return None, f"I expected a whole number, like 7, but got {_shown(answer)}."
    if abs(value) >= 10**12:
        return None, "That number is far too big for this question."
    return value, ""


def _shown(answer: Any) -> str:
    """A short, safe description of an answer for a message (never raises, never long)."""
    try:
        text = repr(answer)
    except Exception:  # noqa: BLE001 - a student's object may fail to describe itself
        text = f"a {type(answer).__name__}"
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


@_exercise("01-culin-year", "In which year did Stewart Culin publish Games of the North American Indians, "
           "the book with the Awithlaknannai boards on page 801?", "number")
def _culin_year(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _number_check(
        exercise_id, answer, Sealed("8a9c08aee57d6738d21e4909"),
        "That is the year of Culin's *Games of the North American Indians*.",
        ("Look for the year in bold in the paragraph about Stewart Culin.",
         "It is a few years after Stevenson's article, in the same decade.",
         "The book is the 24th Annual Report of the Bureau of American Ethnology: the paragraph "
         "gives its year in bold."),
        {
            1903: "1903 is the year of Matilda Coxe Stevenson's article on Zuni games, which Culin "
                  "later reprinted.",
            1898: "1898 is the year of Culin's earlier catalogue Chess and Playing-Cards, which "
                  "describes a different Zuni board game.",
            1952: "1952 is the year of H. J. R. Murray's history of board games, which drew the board "
                  "without its outer lines.",
            1969: "1969 is the year of the second edition of R. C. Bell's book, which calls Kolowis "
                  "'Fighting Serpents'.",
            1283: "1283 is the year of King Alfonso X's book of games, which describes Alquerque.",
        },
        attempt,
    )


_ORIGIN_OPTIONS = {
    "a": "Spanish settlers brought Alquerque, and it slowly changed into the Zuni game.",
    "b": "It came to them from Mexico.",
    "c": "Stevenson invented it for her article.",
}


@_exercise("01-origin", "What did some older Zuni men say about where the game came from?",
           "choice", _ORIGIN_OPTIONS)
def _origin(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _choice_check(
        exercise_id, answer, _ORIGIN_OPTIONS, Sealed("92ebbe98e3cdfee93c75d374"),
        {
            "a": "That is the other idea: it is thought that the Spanish brought Alquerque to the "
                 "Southwest, and some later writers suggest the Zuni game grew out of it. The older "
                 "Zuni men said something different.",
            "c": "Stevenson described a game that Zuni men played and explained to her; she did not "
                 "invent it.",
        },
        "That is what older Zuni men said, as the Ludii database reports; the encyclopedia places "
        "the claim in Culin (1907). That it was a hunt game, changed so that both sides are equal, "
        "is the encyclopedia's reading.",
        ("Read the section again and try another letter.",
         "The answer is a place, south of the Zuni."),
        attempt,
    )


_KOLOWIS_OPTIONS = {"a": "Fighting Serpents", "b": "Catch the Hare", "c": "Little Alquerque"}


@_exercise("01-kolowis-name", "Which English name did R. C. Bell (1969) give to Kolowis Awithlaknannai?",
           "choice", _KOLOWIS_OPTIONS)
def _kolowis_name(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _choice_check(
        exercise_id, answer, _KOLOWIS_OPTIONS, Sealed("06cbda4b5f16151cbdc5f247"),
        {
            "b": "Catch the Hare is a European hunt game; the encyclopedia compares the game of the "
                 "origin story with it.",
            "c": "No source here uses that name. Alquerque is a game of the same family, thought to "
                 "have come to the Southwest with the Spanish.",
        },
        "That is Bell's own English name, not a translation, and he did not say why he chose it. "
        "The Zuni name is the one Culin recorded, \"the kolowisi being a mythic serpent\".",
        ("Read the section again and try another letter.",
         "Think of what the word kolowisi means in Culin's note."),
        attempt,
    )


@_exercise("01-mosona-points", "How many points does the Awithlaknannai Mosona board have?", "number")
def _mosona_points(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    board = boards.mosona()
    sizes = [len(row) for row in boards.rows(board)]
    total = board.number_of_nodes()
    return _number_check(
        exercise_id, answer, total,
        f"The Mosona board has {total} points: {sizes[0]} on top, {sizes[1]} in the middle "
        f"and {sizes[2]} at the bottom.",
        ("Count the rows one at a time, and remember the middle row has one more point.",
         f"The top row has {sizes[0]} points.",
         f"The bottom row has {sizes[2]} points too; now count the middle row."),
        {   # later entries win when two mistakes give the same number (8 * 3 = 2 * 12)
            2 * get_variant("mosona").start.count(Color.WHITE):
                "That is the number of pieces. One point stays empty at the start.",
            boards.kolowis().number_of_nodes(): "That is the big Kolowis board. Mosona is smaller.",
            sizes[0] * 3: f"Close! The middle row has {sizes[1]} points, one more than the outer rows.",
        },
        attempt,
    )


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
            "The written sources do not record the full rules. Stevenson (and Culin, who reprints her) "
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
