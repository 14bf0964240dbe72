"""Exercises for the tutorial notebooks, checked in the cell with friendly feedback.

A notebook cell sets an answer and asks for a check::

    answer = 25
    check("01-mosona-points", answer)

:func:`check` returns a :class:`Feedback`. In a notebook it shows as a small
coloured box (HTML, with a word and a symbol as well as a colour, so it does
not depend on seeing colour); ``print`` or ``str`` gives one plain line.

Right answers are computed from the package (the boards and variants)
wherever they can be; only historical facts, such as the year of a book, are
written down here. Nothing in this module is game logic.

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
ValueError: unknown exercise '02-no-such-exercise'; known: 01-culin-year, 01-origin, 01-kolowis-name, 01-mosona-points, 01-sources-compulsory, 01-authentic-rules, 02-build-zuni2, 02-zuni3-edges, 02-three-neighbours, 02-murray-leap-lines, 02-edges-formula
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import networkx as nx

from .. import boards
from ..variants import Color, get_variant

__all__ = ["EXERCISES", "Exercise", "Feedback", "check", "exercise_ids", "question"]

CORRECT, WRONG, MISSING = "correct", "wrong", "missing"

# Headline word, symbol and colour of each status. The colours are from the
# Okabe-Ito palette (colour-blind safe), and the word and symbol carry the
# meaning on their own.
_STYLE: dict[str, tuple[str, str, str]] = {
    CORRECT: ("Correct!", "\u2714", "#009E73"),
    WRONG: ("Not yet.", "\u2718", "#D55E00"),
    MISSING: ("No answer yet.", "\u2026", "#0072B2"),
}

_CODE_SPAN = re.compile(r"`([^`]+)`")
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
            f'<strong style="color:{colour}"><span aria-hidden="true">{symbol}</span> {headline}</strong> '
            f"{_html(self.message)}{hint}</div>"
        )


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
    checker: Callable[[str, Any], Feedback]
    form: str = "code"
    options: Mapping[str, str] | None = None


EXERCISES: dict[str, Exercise] = {}


def _exercise(
    exercise_id: str, text: str, form: str = "code", options: Mapping[str, str] | None = None,
) -> Callable[[Callable[[str, Any], Feedback]], Callable[[str, Any], Feedback]]:
    """Register a checker under ``exercise_id`` (a decorator)."""
    if form not in FORMS:
        raise ValueError(f"exercise form must be one of {FORMS}, got {form!r}")

    def register(checker: Callable[[str, Any], Feedback]) -> Callable[[str, Any], Feedback]:
        EXERCISES[exercise_id] = Exercise(exercise_id, text, checker, form, options)
        return checker

    return register


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


def check(exercise_id: str, answer: Any) -> Feedback:
    """Check an answer and say what was right or wrong.

    Parameters
    ----------
    exercise_id : str
        Which exercise, e.g. ``"01-mosona-points"`` (see :func:`exercise_ids`).
    answer : object
        The student's answer: a number, a letter, a set of point names, a
        graph or a function, depending on the exercise. ``...`` (the
        placeholder left in a student's copy) means "not answered yet".

    Returns
    -------
    Feedback
        Shows itself in a notebook; ``bool(feedback)`` is True when correct.

    Raises
    ------
    ValueError
        If ``exercise_id`` is not a known exercise (a mistake in the
        notebook, not in the answer). A wrong answer never raises.
    """
    exercise = _get(exercise_id)
    if answer is ... or answer is None:
        return Feedback(exercise_id, MISSING, "Replace the `...` with your answer, then run the cell again.")
    return exercise.checker(exercise_id, answer)


# --- Reading answers ------------------------------------------------------------


def _as_number(answer: Any) -> tuple[int | None, str]:
    """Read a whole number; return it (or None) and a note on how it was written."""
    if isinstance(answer, bool):
        return None, "That is True or False; this question wants a number."
    if isinstance(answer, int):
        return answer, ""
    if isinstance(answer, float) and answer.is_integer():
        return int(answer), ""
    if isinstance(answer, str) and answer.strip().lstrip("-").isdigit():
        return int(answer.strip()), " (Tip: a number needs no quotation marks: write 25, not \"25\".)"
    return None, f"I expected a whole number, like 7, but got {answer!r}."


def _as_letters(answer: Any) -> set[str] | None:
    """Read one letter or several ("a, c", ["a", "c"] or {"a", "c"}) as lower-case letters."""
    if isinstance(answer, str):
        parts = re.split(r"[\s,;]+", answer.strip())
    elif isinstance(answer, Iterable):
        parts = [p.strip() for p in answer if isinstance(p, str)]
    else:
        return None
    letters = {p.lower() for p in parts if p}
    return letters if letters and all(len(p) == 1 and p.isalpha() for p in letters) else None


def _as_points(answer: Any) -> set[str] | None:
    """Read a collection of point names such as {"T0", "m8"} (upper-cased)."""
    if isinstance(answer, str):
        parts = re.split(r"[\s,;]+", answer.strip())
    elif isinstance(answer, Iterable):
        parts = [p for p in answer if isinstance(p, str)]
        if len(parts) != len(list(answer)):
            return None
    else:
        return None
    return {p.strip().upper() for p in parts if p.strip()}


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
    correct: int,
    right: str,
    hint: str,
    near_misses: Mapping[int, str] | None = None,
) -> Feedback:
    value, note = _as_number(answer)
    if value is None:
        return Feedback(exercise_id, WRONG, note, hint)
    if value == correct:
        return Feedback(exercise_id, CORRECT, right + note)
    message = (near_misses or {}).get(value, f"{value} is not it.")
    return Feedback(exercise_id, WRONG, message + note, hint)


def _choice_check(
    exercise_id: str,
    answer: Any,
    options: Mapping[str, str],
    correct: str,
    notes: Mapping[str, str],
    right: str,
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
    if letter == correct:
        return Feedback(exercise_id, CORRECT, right)
    return Feedback(exercise_id, WRONG, notes[letter], "Read the section again and try another letter.")


# --- 01: history --------------------------------------------------------------------


@_exercise("01-culin-year", "In which year did Stewart Culin publish Games of the North American Indians, "
           "the book with the Awithlaknannai boards on page 801?", "number")
def _culin_year(exercise_id: str, answer: Any) -> Feedback:
    return _number_check(
        exercise_id, answer, 1907,
        "Culin's *Games of the North American Indians* came out in 1907.",
        "Look for the year in bold in the paragraph about Stewart Culin.",
        {
            1903: "1903 is the year of Matilda Coxe Stevenson's article on Zuni games, which Culin "
                  "later reprinted.",
            1898: "1898 is the year of Culin's earlier catalogue Chess and Playing-Cards, which "
                  "describes a different Zuni board game.",
            1952: "1952 is the year of H. J. R. Murray's history of board games, which drew the board "
                  "without its outer lines.",
            1960: "1960 is the year of the first edition of R. C. Bell's book, which calls Kolowis "
                  "'Fighting Serpents'.",
            1969: "1969 is the year of the second edition of R. C. Bell's book, which calls Kolowis "
                  "'Fighting Serpents'.",
            1283: "1283 is the year of King Alfonso X's book of games, which describes Alquerque.",
        },
    )


_ORIGIN_OPTIONS = {
    "a": "Spanish settlers brought Alquerque, and it slowly changed into the Zuni game.",
    "b": "It came to them from Mexico.",
    "c": "Stevenson invented it for her article.",
}


@_exercise("01-origin", "What did some older Zuni men tell Matilda Coxe Stevenson about where the game came from?",
           "choice", _ORIGIN_OPTIONS)
def _origin(exercise_id: str, answer: Any) -> Feedback:
    return _choice_check(
        exercise_id, answer, _ORIGIN_OPTIONS, "b",
        {
            "a": "That is the other idea: it is thought that the Spanish brought Alquerque to the "
                 "Southwest, and some later writers suggest the Zuni game grew out of it. The older "
                 "Zuni men told Stevenson something different.",
            "c": "Stevenson described a game that Zuni men played and explained to her; she did not "
                 "invent it.",
        },
        "Some older Zuni men told Stevenson that the game came from Mexico (as the Ludii database "
        "summarises her report). That it was a Mexican hunt game, changed so that both sides are "
        "equal, is the encyclopedia's reading.",
    )


_KOLOWIS_OPTIONS = {"a": "Fighting Serpents", "b": "Catch the Hare", "c": "Little Alquerque"}


@_exercise("01-kolowis-name", "Which English name did R. C. Bell (1960; 2nd edition 1969) give to Kolowis Awithlaknannai?",
           "choice", _KOLOWIS_OPTIONS)
def _kolowis_name(exercise_id: str, answer: Any) -> Feedback:
    return _choice_check(
        exercise_id, answer, _KOLOWIS_OPTIONS, "a",
        {
            "b": "Catch the Hare is a European hunt game; the encyclopedia compares the Mexican game "
                 "of the origin story with it.",
            "c": "No source here uses that name. Alquerque is a game of the same family, thought to "
                 "have come to the Southwest with the Spanish.",
        },
        "Bell called it Fighting Serpents: his own English name, not a translation, and he did not "
        "say why. The Zuni name is the one Culin recorded, \"the kolowisi being a mythic serpent\".",
    )


@_exercise("01-mosona-points", "How many points does the Awithlaknannai Mosona board have?", "number")
def _mosona_points(exercise_id: str, answer: Any) -> Feedback:
    board = boards.mosona()
    sizes = [len(row) for row in boards.rows(board)]
    total = board.number_of_nodes()
    return _number_check(
        exercise_id, answer, total,
        f"The Mosona board has {total} points: {sizes[0]} on top, {sizes[1]} in the middle "
        f"and {sizes[2]} at the bottom.",
        "Count the rows one at a time, and remember the middle row has one more point.",
        {   # later entries win when two mistakes give the same number (8 * 3 = 2 * 12)
            2 * get_variant("mosona").start.count(Color.WHITE):
                "That is the number of pieces. One point stays empty at the start.",
            boards.kolowis().number_of_nodes(): "That is the big Kolowis board. Mosona is smaller.",
            sizes[0] * 3: f"Close! The middle row has {sizes[1]} points, one more than the outer rows.",
        },
    )


_SOURCE_OPTIONS = {
    "a": "Culin 1907",
    "b": "Stevenson 1903",
    "c": "the encyclopedia article",
    "d": "the French rules sheet (leglobejoueur)",
    "e": "the Ludii database",
}
_SAY_COMPULSORY = {"c", "d"}


@_exercise("01-sources-compulsory", "Which sources say that capturing is compulsory? (Give all the letters.)",
           "choices", _SOURCE_OPTIONS)
def _sources_compulsory(exercise_id: str, answer: Any) -> Feedback:
    letters = _as_letters(answer)
    if letters is None or not letters <= set(_SOURCE_OPTIONS):
        return Feedback(exercise_id, WRONG, "Give letters from a to e, for example `\"a, b\"` or `{\"a\", \"b\"}`.")
    if letters == _SAY_COMPULSORY:
        return Feedback(
            exercise_id, CORRECT,
            "Only the encyclopedia and the French sheet say so. Culin and Stevenson do not say, "
            "and Ludii makes capturing optional.",
        )
    notes = []
    for letter in sorted(letters - _SAY_COMPULSORY):
        reason = "makes capturing optional" if letter == "e" else "does not say either way"
        notes.append(f"{_SOURCE_OPTIONS[letter]} {reason}.")
    missing = _SAY_COMPULSORY - letters
    if missing:
        notes.append(f"You left out {len(missing)} source{'s that say' if len(missing) > 1 else ' that says'} it.")
    return Feedback(exercise_id, WRONG, " ".join(notes), "Look at the row 'must you capture?' of the table in the section \"What each source says\".")


@_exercise("01-authentic-rules", "True or False: the written sources record exactly how the Zuni played the game in 1900.", "truth")
def _authentic(exercise_id: str, answer: Any) -> Feedback:
    if isinstance(answer, str) and answer.strip().lower() in {"true", "false"}:
        answer = answer.strip().lower() == "true"
    if not isinstance(answer, bool):
        return Feedback(exercise_id, WRONG, "Answer with `True` or `False` (no quotation marks).")
    if answer is False:
        return Feedback(
            exercise_id, CORRECT,
            "The written sources do not record the full rules. Stevenson (and Culin, who reprints her) "
            "describe the board and the first moves; later writers filled the gaps in different ways. "
            "Zuni people may know more than the books say.",
        )
    return Feedback(
        exercise_id, WRONG,
        "Stevenson and Culin leave out whether capturing is compulsory and whether a piece may jump twice.",
        "Look at how many cells of the table say 'not said'.",
    )


# --- 02: the board as a graph -------------------------------------------------------


@_exercise("02-build-zuni2", "Build the smallest Zuni board, zuni(2), by hand with nx.Graph().")
def _build_zuni2(exercise_id: str, answer: Any) -> Feedback:
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
def _zuni3_edges(exercise_id: str, answer: Any) -> Feedback:
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
        "Count line by line: the middle row, the two outer rows, the crossing diagonals, the two end curves.",
        {boards.zuni(n, outer_lines=False).number_of_edges():
            "That would be right for Murray's drawing. Culin's board also has lines along the outer rows."},
    )


@_exercise("02-three-neighbours", "Which points of the Mosona board have exactly three neighbours?", "text")
def _three_neighbours(exercise_id: str, answer: Any) -> Feedback:
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
    return Feedback(exercise_id, WRONG, " ".join(notes), "Try `board.degree` to see every point's number of neighbours.")


@_exercise("02-murray-leap-lines", "How many leap lines does Murray's drawing of the Mosona board have?")
def _murray_leap_lines(exercise_id: str, answer: Any) -> Feedback:
    murray, culin = boards.mosona(outer_lines=False), boards.mosona()
    total = len(boards.leap_lines(murray))
    return _number_check(
        exercise_id, answer, total,
        f"Murray's drawing has {total} leap lines, {len(boards.leap_lines(culin)) - total} fewer than "
        "Culin's board: no leap can run along an outer row.",
        "Use `leap_lines(...)` on `mosona(outer_lines=False)` and count with `len`.",
        {
            len(boards.leap_lines(culin)): "That is Culin's board, with the outer-row lines.",
            2 * total: "That counts each leap line twice, once in each direction.",
        },
    )


@_exercise("02-edges-formula", "Write a function edges(n) that gives the number of edges of zuni(n) for every n.")
def _edges_formula(exercise_id: str, answer: Any) -> Feedback:
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
