"""What every exercise checker is made of: :class:`Feedback`, the registry of exercises, sealed answers,
and the readers that turn whatever a student wrote into a number, letters or point names.

The exercises themselves are in :mod:`.history_exercises` (notebook 01) and
:mod:`.graph_exercises` (notebook 02); :mod:`.exercises` is where a notebook checks them.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import numbers
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import shown
from ..i18n import N_, LazyString
from ..i18n import gettext as _

CORRECT, WRONG, MISSING = "correct", "wrong", "missing"
#: Not about an answer: something to know (a picture this Python cannot draw). No headline, only the sign.
INFO = "info"

# Headline word, symbol and colour of each status. The colours are from the
# Okabe-Ito palette (colour-blind safe) and mark only the box's left edge and
# its faint background: the text keeps the theme's own colour, readable in
# the light and the dark theme alike, and the word and symbol carry the
# meaning on their own.
# The headlines are lazy (N_): translated into the session's language each time one is shown.
_STYLE: dict[str, tuple[Any, str, str]] = {
    CORRECT: (N_("Correct!"), "\u2714", "#009E73"),
    WRONG: (N_("Not yet."), "\u2718", "#D55E00"),
    MISSING: (N_("No answer yet."), "\u2026", "#0072B2"),
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
            raise ValueError(
                f"feedback status must be 'correct', 'wrong', 'missing' or 'info', got {self.status!r}"
            )
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
            text += " " + _("Hint: {hint}").format(hint=_plain(self.hint))
        return text

    def __repr__(self) -> str:
        return f"Feedback({self.exercise!r}, {self.status!r})"

    def _repr_markdown_(self) -> str:
        headline, symbol, _colour = _STYLE[self.status]
        text = f"**{symbol} {headline}".rstrip() + f"** {self.message}"
        if self.hint:
            text += "\n\n*" + _("Hint:") + f"* {self.hint}"
        return text

    def _repr_html_(self) -> str:
        headline, symbol, colour = _STYLE[self.status]
        return (
            f'<div role="status" data-exercise="{html.escape(self.exercise)}" '
            f'style="border-left:6px solid {colour};padding:0.4em 0.8em;margin:0.3em 0;'
            f'background:{colour}1a;border-radius:4px;font-size:1.05em;line-height:1.45">'
            f'<strong><span aria-hidden="true">{symbol}</span>{f" {headline}" if headline else ""}</strong> '
            f"{_html(self.message)}{self._hint_html()}</div>"
        )

    def _hint_html(self) -> str:
        """The hint, on its own line under the message (nothing when there is none)."""
        if not self.hint:
            return ""
        hint_word = html.escape(_("Hint:"))
        return f'<div style="margin-top:0.3em"><em>{hint_word}</em> {_html(self.hint)}</div>'


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
    """One exercise: its id, the question as the notebook asks it (in English), and its checker.

    ``form`` says how the answer is given (one of ``FORMS``); ``options``
    are the lettered choices of a ``"choice"`` or ``"choices"`` question.
    """

    id: str
    question: str
    checker: Callable[[str, Any, int], Feedback]
    form: str = "code"
    options: Mapping[str, str | LazyString] | None = None


EXERCISES: dict[str, Exercise] = {}

Checker = Callable[[str, Any, int], Feedback]


def _exercise(
    exercise_id: str,
    text: str | LazyString,
    form: str = "code",
    options: Mapping[str, str | LazyString] | None = None,
) -> Callable[[Checker], Checker]:
    """Register a checker ``checker(exercise_id, answer, attempt)`` under ``exercise_id`` (a decorator).

    ``text`` is the question, marked ``N_("...")`` so that :func:`~.exercises.question` can say it
    in the session's language; the record keeps the English.
    """
    if form not in FORMS:
        raise ValueError(f"exercise form must be one of {FORMS}, got {form!r}")

    def register(checker: Checker) -> Checker:
        english = text.message if isinstance(text, LazyString) else text
        EXERCISES[exercise_id] = Exercise(exercise_id, english, checker, form, options)
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


# What each form of answer looks like, for an answer that cannot be read at all.
_EXPECTED: dict[str, LazyString] = {
    "number": N_("Write a whole number, like 7."),
    "text": N_("Write point names separated by commas, like `T3, M4`."),
    "choice": N_("Answer with one letter, like \"a\"."),
    "choices": N_("Answer with letters, like \"a, c\"."),
    "truth": N_("Answer with `True` or `False`."),
    "map": N_("Give a letter for each place, like `{\"Zuni Pueblo\": \"A\", \"Hopi mesas\": \"B\"}`."),
    "spots": N_("Answer with letters, like \"A, C\"."),
    "sources": N_("Give a source for each statement, in order, like `[\"Culin\", \"Ludii\", ...]`."),
    "order": N_("Give the sources in order, oldest first, like `[\"Bell\", \"Culin\", ...]`."),
}


# --- Reading answers ------------------------------------------------------------


MAX_ANSWER_CHARS = 200  # longer text is no answer to these questions: refused before any work
MAX_ANSWER_ITEMS = 100  # a collection (or a generator) is read up to this many items
_NUMBER_TEXT = re.compile(r"\s*([+-]?[0-9]{1,12})(?:\s*[A-Za-z][A-Za-z .]{0,40})?\s*\.?\s*")


def _is_bool(answer: Any) -> bool:
    """True and False, also numpy's (``np.bool_`` is not a subclass of ``bool``)."""
    return (
        isinstance(answer, bool)
        or type(answer).__name__ in ("bool_", "bool")
        and type(answer).__module__ == "numpy"
    )


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
        return None, _("That is True or False; this question wants a number.")
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS:
            return None, _("That answer is far too long: this question wants one whole number, like 7.")
        match = _NUMBER_TEXT.fullmatch(answer)
        if match:
            tip = (
                ""
                if match.group(0).strip() != answer.strip() or not answer.strip().isdigit()
                else " " + _("(Tip: a number needs no quotation marks: write 25, not \"25\".)")
            )
            return int(match.group(1)), tip
        return None, _("I expected a whole number, like 7, but got {answer}.").format(answer=_shown(answer))
    if isinstance(answer, float) or type(answer).__name__.startswith("float"):
        try:
            value = float(answer)
        except (TypeError, ValueError, OverflowError):
            value = float("nan")
        if value.is_integer() and abs(value) < 1e12:
            return int(value), ""
        return None, _("I expected a whole number, like 7, but got {answer}.").format(answer=_shown(answer))
    if isinstance(answer, numbers.Number) and not isinstance(answer, numbers.Integral):
        # Decimal(19), Fraction(19): any number equal to a whole number is that number.
        # Any: numbers.Number declares no arithmetic and no .real, though Decimal and Fraction have them.
        number: Any = answer
        try:
            if abs(number) < 10**12 and number == int(number.real):
                return int(number.real), ""
        except (TypeError, ValueError, ArithmeticError):
            pass
        return None, _("I expected a whole number, like 7, but got {answer}.").format(answer=_shown(answer))
    try:
        value = operator.index(answer)  # int, numpy integers: anything that is a whole number
    except TypeError:
        return None, _("I expected a whole number, like 7, but got {answer}.").format(answer=_shown(answer))
    if abs(value) >= 10**12:
        return None, _("That number is far too big for this question.")
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


def _answer_parts(answer: Any) -> list[Any] | None:
    """The pieces of an answer: a text split at spaces, commas or semicolons, or a collection's items.

    None for a text or a collection too long to be an answer, or anything else.
    """
    if isinstance(answer, str):
        if len(answer) > MAX_ANSWER_CHARS:
            return None
        return re.split(r"[\s,;]+", answer.strip())
    items = _items(answer)
    return None if items is None or len(items) > MAX_ANSWER_ITEMS else items


def _as_letters(answer: Any) -> set[str] | None:
    """Read one letter or several ("a, c", ["a", "c"] or {"a", "c"}) as lower-case letters."""
    parts = _answer_parts(answer)
    if parts is None:
        return None
    letters = {p.strip().lower().rstrip(")") for p in parts if isinstance(p, str) and p.strip()}
    return letters if letters and all(len(p) == 1 and p.isalpha() for p in letters) else None


def _as_points(answer: Any) -> set[str] | None:
    """Read a collection of point names such as {"T0", "m8"} (upper-cased)."""
    parts = _answer_parts(answer)
    if parts is None or not all(isinstance(p, str) for p in parts):
        return None
    return {p.strip().upper() for p in parts if p.strip() and len(p.strip()) <= 8}


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
            number, _unused = _as_number(key)
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


def _grown(hints: str | Sequence[str], attempt: int) -> str:
    """The hints shown after ``attempt`` tries: one more step each time, then all of them."""
    steps = [hints] if isinstance(hints, str) else list(hints)
    return " ".join(steps[: max(1, attempt)])


def _rules_named(exercise_id: str, rules: Any) -> Feedback:
    """A right ``Rules`` answer: it names the preset those rules are, or writes the rules out."""
    if rules.name != "custom":
        return Feedback(
            exercise_id, CORRECT, _("These are the rules of the {preset} preset.").format(preset=rules.name)
        )
    return Feedback(
        exercise_id, CORRECT, _("These are your own rules: `{rules}`.").format(rules=rules.to_text())
    )


def _not_yet(exercise_id: str, notes: Sequence[str], hints: str | Sequence[str], attempt: int) -> Feedback:
    """A wrong answer's feedback: the notes as one message, and the hints shown after ``attempt`` tries."""
    return Feedback(exercise_id, WRONG, " ".join(notes), _grown(hints, attempt))


def _listing(items: Iterable[str], limit: int = 6) -> str:
    items = sorted(items, key=_natural)
    shown = ", ".join(f"`{item}`" for item in items[:limit])
    if len(items) <= limit:
        return shown
    return _("{shown} and {count} more").format(shown=shown, count=len(items) - limit)


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
    message = (near_misses or {}).get(value) or _("{value} is not it.").format(value=value)
    return Feedback(exercise_id, WRONG, message + note, _grown(hints, attempt))


def _choice_check(
    exercise_id: str,
    answer: Any,
    options: Mapping[str, str],
    correct: Sealed,
    notes: Mapping[str, str],
    right: str,
    hints: Sequence[str] = (),
    attempt: int = 1,
) -> Feedback:
    """A one-letter multiple-choice answer; the option's own text is accepted too."""
    hints = hints or (_("Read the section again and try another letter."),)
    by_text = {text.lower(): letter for letter, text in options.items()}
    if isinstance(answer, str) and answer.strip().lower() in by_text:
        answer = by_text[answer.strip().lower()]
    letters = _as_letters(answer)
    choices = ", ".join(f'"{letter}"' for letter in options)
    if letters is None or len(letters) != 1 or not letters <= set(options):
        return Feedback(exercise_id, WRONG, _("Answer with one letter: {choices}.").format(choices=choices))
    (letter,) = letters
    if correct.matches(exercise_id, letter):
        return Feedback(exercise_id, CORRECT, right)
    return Feedback(exercise_id, WRONG, notes.get(letter) or _("That is not it."), _grown(hints, attempt))
