"""The exercises of notebook 01 (history): the map, the two drawings, who said what, the timeline.

The map and the drawings are in :mod:`.history_picture_exercises` (imported
first: they come first in the notebook); their names are importable from here.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import N_, OUR_TRANSLATION, LazyString, _, ngettext
from .checking import (
    CORRECT,
    WRONG,
    Feedback,
    Sealed,
    _as_letters,
    _exercise,
    _grown,
    _is_bool,
    _key_text,
    _not_yet,
    _sentence,
    _html,
    _sequence,
    answer_digest,
)
from .history_picture_exercises import _MAP_RIGHT  # noqa: F401 - read from here by tests/test_tutorial.py
from .history_picture_exercises import MAP_PLACES, SPOT_LETTERS, _map_marks, _spot_marks

__all__ = [
    "MAP_PLACES",
    "SOURCES",
    "SPOT_LETTERS",
    "STATEMENTS",
    "TIMELINE_SOURCES",
    "statement_html",
    "timeline_years",
]

# --- 01: history --------------------------------------------------------------------
#
# Four activities on the sources themselves (answered with menus and tick boxes, see
# awithlaknannai.tutorial.activities), then two questions on the table of what each source
# says. Each activity's checker gives one verdict per item (see `marks`): the widgets mark
# every menu or letter with it, and the pictures draw it.


def _right_count(right: int, total: int, in_place: bool = False) -> str:
    """ "All right." / "3 of 8 right." (or "... in the right place."), in the session's language."""
    if in_place:
        if right == total:
            return _("All in the right place.")
        return _("{right} of {total} in the right place.").format(right=right, total=total)
    if right == total:
        return _("All right.")
    return _("{right} of {total} right.").format(right=right, total=total)


def _key_by_first_word(value: Any, prefixes: dict[str, str]) -> str | None:
    """The key of the first prefix that starts the name's first word (after "the", "a", "an"); else None."""
    text = _key_text(value)
    if text is None:
        return None
    words = [word for word in re.split(r"[^a-z]+", text) if word and word not in ("the", "a", "an")]
    return next((key for prefix, key in prefixes.items() if words and words[0].startswith(prefix)), None)


# 01 activity 3: which source wrote each statement?

SOURCES: dict[str, str] = {
    "stevenson": "Stevenson 1903",
    "culin": "Culin 1907",
    "murray": "Murray 1952",
    "encyclopedia": "the encyclopedia",
    "ludii": "Ludii",
}
# The sources as the feedback names them, in the session's language (SOURCES stays the English answer text).
_SOURCE_NAMES = {
    "stevenson": N_("Stevenson 1903"),
    "culin": N_("Culin 1907"),
    "murray": N_("Murray 1952"),
    "encyclopedia": N_("the encyclopedia"),
    "ludii": N_("Ludii"),
}
_SOURCE_PREFIXES = {
    "stev": "stevenson",
    "cul": "culin",
    "mur": "murray",
    "enc": "encyclopedia",
    "wiki": "encyclopedia",
    "lud": "ludii",
}

# The statements, each with two clues that grow with the tries. Quotations (in curly quotes) are the
# sources' own words: Stevenson 1903 and Culin 1907 as the Ludii database's evidence pages quote
# them, the encyclopedia articles as in shared/sources. In another language a quotation is shown as
# it is, with our translation beside it (statement_html); statements 2 and 5 are ours, translated.
STATEMENTS: tuple[tuple[LazyString, tuple[LazyString, LazyString]], ...] = (
    (
        N_(
            "\u201cThere is no specified size for the \u201cboard,\u201d it being larger or smaller according to "
            "the number of angles.\u201d"
        ),
        (
            N_("Someone who saw the game at Zuni tells how the board is made."),
            N_("She wrote an article on Zuni games; a later book printed her words."),
        ),
    ),
    (
        N_(
            "`(end (\"NoMoves\" Loss))`: a line of rules written as code (it means: a player who cannot move loses)."
        ),
        (
            N_("These words are written for a computer to read."),
            N_("Only one of the five sources is a computer program."),
        ),
    ),
    (
        N_(
            "\u201cLong stone slab, inscribed with the diagram shown in figure 111. This was found by the writer on a "
            "house top in Zu\u00f1i\u201d"
        ),
        (
            N_("The writer found an object, and it went to a museum."),
            N_("This writer collected games for museums; a Zuni man also drew a board for him."),
        ),
    ),
    (
        N_(
            "\u201cThere are two versions of the board perhaps due to the lack of clarity in Stewart Culin's "
            "diagram.\u201d"
        ),
        (
            N_("It talks about Culin's diagram, so someone who read Culin wrote it, later."),
            N_("It knows two versions of the board, and it is not a computer program."),
        ),
    ),
    (
        N_(
            "A drawing of the board with a line along the middle row, but none along the top and bottom rows."
        ),
        (
            N_("You compared this drawing with Culin's in Activity 2."),
            N_("It is in a history of board games from the middle of the 20th century."),
        ),
    ),
    (
        N_("\u201cThe stones may be moved in any direction so long as the lines are followed.\u201d"),
        (
            N_("Someone who saw the game at Zuni tells how the stones move."),
            N_("She wrote an article on Zuni games; a later book printed her words."),
        ),
    ),
    (
        N_("\u201cR.C. Bell coined the term Fighting Serpents, but provides no explanation for it.\u201d"),
        (
            N_("It talks about Bell, whose book the notebook cites as 1969: so it was written after 1969."),
            N_("Which source is later than 1969 and is not a computer program?"),
        ),
    ),
    (
        N_(
            "\u201cAnother form of the same game \u2026 was made for the writer by Zu\u00f1i Nick (Nick Graham)\u201d"
        ),
        (
            N_("A Zuni man made something for the writer."),
            N_("This writer collected games for museums, and found a stone slab too."),
        ),
    ),
)


def statement_html(statement: LazyString) -> str:
    """A statement as the sorting activity shows it, in the session's language.

    A quotation keeps the source's own words; in another language our
    translation follows it, marked as ours. A statement of ours is simply
    translated.

    >>> from awithlaknannai.i18n import use_language
    >>> statement_html(STATEMENTS[5][0])
    '\u201cThe stones may be moved in any direction so long as the lines are followed.\u201d'
    >>> with use_language("es"):
    ...     print(statement_html(STATEMENTS[5][0]))  # doctest: +ELLIPSIS
    \u201cThe stones may be moved ...\u201d<br><span class="awithlaknannai-our-translation">Traducción nuestra ... Las piedras se pueden mover...
    """
    original, shown = statement.message, str(statement)
    if not original.startswith("\u201c") or shown == original:
        return _html(shown)
    return (
        f'{_html(original)}<br><span class="awithlaknannai-our-translation">'
        f"{html.escape(str(OUR_TRANSLATION))} {_html(shown)}</span>"
    )


# The right source of each statement, as answer_digest(id, "NUMBER:source").
_STATEMENT_SOURCES = (
    Sealed("5ac346363697597c13e2b32e"),
    Sealed("5d59586f14e1ad3cde5649a1"),
    Sealed("f4b942eafc8f3852a8676f65"),
    Sealed("f08b086f860e12580c3975d1"),
    Sealed("c1ccefe75eceafab069794c7"),
    Sealed("756ea53d4c655fa7a60be664"),
    Sealed("830b00cbee9d58cbeb1e9ce8"),
    Sealed("4bc14a82e0bcd0ade69f988d"),
)


def _source_key(value: Any) -> str | None:
    """ "Culin 1907", "the Encyclopedia", "ludii" -> the source's key; None if it names no source."""
    return _key_by_first_word(value, _SOURCE_PREFIXES)


def _statement_picks(answer: Any) -> list[str | None] | None:
    """The source chosen for each statement (None where none is), or None if the answer cannot be read."""
    values = _sequence(answer, len(STATEMENTS))
    if values is None:
        return None
    picks: list[str | None] = []
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
    return {
        str(number): _STATEMENT_SOURCES[number - 1].matches(exercise_id, f"{number}:{key}")
        for number, key in enumerate(picks, 1)
        if key is not None
    }


@_exercise(
    "01-statement-sources",
    N_(
        "Which source wrote each statement: Stevenson 1903, Culin 1907, Murray 1952, the encyclopedia or Ludii?"
    ),
    "sources",
)
def _statement_sources(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    picks = _statement_picks(answer)
    if picks is None:
        return Feedback(
            exercise_id,
            WRONG,
            _("Give one source for each of the {count} statements, in order, from: {sources}.").format(
                count=len(STATEMENTS), sources=", ".join(str(name) for name in _SOURCE_NAMES.values())
            ),
        )
    if all(key is None for key in picks):
        return Feedback(
            exercise_id, WRONG, _("No statement has a source yet: choose one for each statement.")
        )
    marks = _statement_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(STATEMENTS):
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "Every statement is matched to its source. Stevenson and Culin "
                "write as visitors who were there; Murray draws; the encyclopedia and Ludii put together "
                "what the older books say, each in its own way."
            ),
        )
    wrong = [number for number in range(1, len(STATEMENTS) + 1) if marks.get(str(number)) is False]
    empty = [number for number, key in enumerate(picks, 1) if key is None]
    notes = [_right_count(right, len(STATEMENTS))]
    if wrong:
        notes.append(
            _("Not yet: {statements}.").format(
                statements=", ".join(
                    _("statement {number} is not by {source}").format(
                        number=number, source=_SOURCE_NAMES[key]
                    )
                    for number, key in enumerate(picks, 1)
                    if number in wrong and key is not None  # a wrong statement has a source
                )
            )
        )
    if empty:
        notes.append(
            ngettext(
                "Statement {numbers} still needs a source.",
                "Statements {numbers} still need a source.",
                len(empty),
            ).format(numbers=_and(empty))
        )
    hint = ""
    if attempt > 1 and wrong:  # the clues come from the second try on, one step more each time
        hint = " ".join(
            _("Statement {number}: {clue}").format(
                number=number, clue=_grown([str(clue) for clue in STATEMENTS[number - 1][1]], attempt - 1)
            )
            for number in wrong
        )
    elif wrong:
        hint = _("Read each statement again: who would write like that, and when?")
    return Feedback(exercise_id, WRONG, " ".join(notes), hint)


def _and(numbers: Sequence[int]) -> str:
    words = [str(number) for number in numbers]
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


# 01 activity 4: the sources on a timeline, oldest first.

# A card's lines: the author, then the work's title (as printed, never translated) or what it is (marked
# for translation, translated when the card is drawn).
TIMELINE_SOURCES: dict[str, tuple[str, ...]] = {
    "stevenson": ("Stevenson", "\u201cZu\u00f1i Games\u201d", N_("(an article)").message),
    "culin": ("Culin", "Games of the North", "American Indians"),
    "murray": ("Murray", "A History of", "Board-Games"),
    "bell": ("Bell", "Board and Table", "Games"),
    "ludii": ("Ludii", N_("a computer").message, N_("game database").message),
}
_TIMELINE_PREFIXES = {"stev": "stevenson", "cul": "culin", "mur": "murray", "bell": "bell", "lud": "ludii"}
# The right source at each place, as answer_digest(id, "PLACE:source"), places counted from 1.
_TIMELINE_PLACES = (
    Sealed("14ee4e5e214d2949d094f368"),
    Sealed("801a923c17aeedb572d425e2"),
    Sealed("9f0aecec9dfff063436902dd"),
    Sealed("f2c4b9028d41ab38b1f77233"),
    Sealed("2a83e0d7ca3ee771295e1da3"),
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
    blocks = (
        hashlib.sha256(f"awithlaknannai/stream/{key}/{index}".encode()).digest()
        for index in range((size + 31) // 32)
    )
    return b"".join(blocks)[:size]


def _timeline_key(value: Any) -> str | None:
    """ "Stevenson", "the Ludii database" -> the timeline source's key; None if it names none."""
    return _key_by_first_word(value, _TIMELINE_PREFIXES)


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
    return {
        str(place): _TIMELINE_PLACES[place - 1].matches(exercise_id, f"{place}:{key}")
        for place, key in enumerate(order, 1)
    }


def timeline_years(order: Sequence[str]) -> list[int] | None:
    """The years of the timeline's sources, given them in the right order (else None).

    The years are the end of the timeline activity: they are kept so that
    only the right order reads them.
    """
    text = _opened(_TIMELINE_YEARS, ",".join(order)) if all(isinstance(key, str) for key in order) else None
    if text is None:
        return None
    return [int(year) for year in text.split(",")]


@_exercise(
    "01-timeline", N_("Put the sources in order on a timeline, from the oldest to the newest."), "order"
)
def _timeline(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    order = _timeline_order(answer)
    if order is None or len(set(order)) != len(order):
        names = ", ".join(lines[0] for lines in TIMELINE_SOURCES.values())
        return Feedback(
            exercise_id,
            WRONG,
            _("Give the {count} sources once each, oldest first: {names} in some order.").format(
                count=len(TIMELINE_SOURCES), names=names
            ),
        )
    marks = _timeline_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(order):
        years = timeline_years(order) or []
        gaps = ", ".join(f"{TIMELINE_SOURCES[key][0]} {year}" for key, year in zip(order, years))
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "From the oldest to the newest: {sources}. The two first-hand "
                "sources are only a few years apart; everything else came at least 45 years later."
            ).format(sources=gaps),
        )
    misplaced = [TIMELINE_SOURCES[order[int(place) - 1]][0] for place, ok in marks.items() if not ok]
    return Feedback(
        exercise_id,
        WRONG,
        _right_count(right, len(order), in_place=True)
        + " "
        + _("Not yet in its place: {sources}.").format(sources=", ".join(misplaced)),
        _grown(
            (
                _("Look for each one's year in the sections above."),
                _("Culin prints Stevenson's account, so hers came first."),
                _("Ludii is a computer program, described by its makers in 2019: the newest of all."),
            ),
            attempt,
        ),
    )


_MARKS: dict[str, Callable[[str, Any], dict[str, bool]]] = {
    "01-locator-map": _map_marks,
    "01-spot-difference": _spot_marks,
    "01-statement-sources": _statement_marks,
    "01-timeline": _timeline_marks,
}


_SOURCE_OPTIONS = {
    "a": N_("Culin 1907"),
    "b": N_("Stevenson 1903"),
    "c": N_("the encyclopedia article"),
    "d": N_("the French rules sheet (leglobejoueur)"),
    "e": N_("the Ludii database"),
}
_SAY_COMPULSORY = Sealed(
    "749f83255947349fce2794ee"
)  # the letters that are right, sorted and joined by commas
# Each right letter's fingerprint (as answer_digest(id, "letter:" + letter)), and how many there are.
_SAYS_IT = {"91704f7fdb2c9180284caa10", "d0a6bbdca4f7491e5c622645"}
_NOT_SAID_SO = N_("does not say so")
_NOT_SAID = {  # what each wrong letter's source says instead, by the letter's fingerprint
    "cd74ca17a61dc0aa5a64e63f": N_("does not say either way"),
    "f1794d33e3791cb606500bfd": N_("does not say either way"),
    "c44e12aaad1d1b317785d9dd": N_("makes capturing optional"),
}


@_exercise(
    "01-sources-compulsory",
    N_("Which sources say that capturing is compulsory? (Give all the letters.)"),
    "choices",
    _SOURCE_OPTIONS,
)
def _sources_compulsory(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    letters = _as_letters(answer)
    if letters is None or not letters <= set(_SOURCE_OPTIONS):
        return Feedback(
            exercise_id, WRONG, _("Give letters from a to e, for example `\"a, b\"` or `{\"a\", \"b\"}`.")
        )
    if _SAY_COMPULSORY.matches(exercise_id, ",".join(sorted(letters))):
        return Feedback(
            exercise_id,
            CORRECT,
            _("Only these two say so. Culin and Stevenson do not say, and Ludii makes capturing optional."),
        )
    right = {letter for letter in letters if answer_digest(exercise_id, f"letter:{letter}") in _SAYS_IT}
    notes = [
        _sentence(
            _("{source} {says}.").format(
                source=_SOURCE_OPTIONS[letter],
                says=_NOT_SAID.get(answer_digest(exercise_id, f"letter:{letter}"), _NOT_SAID_SO),
            )
        )
        for letter in sorted(letters - right)
    ]
    missing = len(_SAYS_IT) - len(right)
    if missing:
        notes.append(
            ngettext(
                "You left out {count} source that says it.",
                "You left out {count} sources that say it.",
                missing,
            ).format(count=missing)
        )
    hints = (
        _("Look at the row 'must you capture?' of the table in the section \"What each source says\"."),
        _("Two sources say yes in that row."),
        _("Both are later than Culin, and neither is a database."),
    )
    return _not_yet(exercise_id, notes, hints, attempt)


@_exercise(
    "01-authentic-rules",
    N_("True or False: the written sources record exactly how the Zuni played the game in 1900."),
    "truth",
)
def _authentic(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    if isinstance(answer, str) and answer.strip().lower() in {"true", "false"}:
        answer = answer.strip().lower() == "true"
    if not (_is_bool(answer)):
        return Feedback(exercise_id, WRONG, _("Answer with `True` or `False` (no quotation marks)."))
    if Sealed("6a15adb9675479cdd2692ac5").matches(exercise_id, str(bool(answer)).lower()):
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "The written sources do not record the full rules. Stevenson and Culin (who wrote after her) "
                "describe the board and the first moves; later writers filled the gaps in different ways. "
                "Zuni people may know more than the books say."
            ),
        )
    return Feedback(
        exercise_id,
        WRONG,
        _(
            "Stevenson and Culin leave out whether capturing is compulsory and whether a piece may jump twice."
        ),
        _grown(
            (
                _("Look at how many cells of the table say 'not said'."),
                _("Ask: could you play a whole game from Stevenson's account alone?"),
            ),
            attempt,
        ),
    )
