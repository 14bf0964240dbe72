"""The exercises of notebook 01 (history): the map, the two drawings, who said what, the timeline."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import boards
from .checking import (
    CORRECT,
    MAX_ANSWER_CHARS,
    MAX_ANSWER_ITEMS,
    WRONG,
    Feedback,
    Sealed,
    _as_letters,
    _as_number,
    _exercise,
    _grown,
    _is_bool,
    _items,
    _sentence,
    answer_digest,
)

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
    "zuni": (
        "Zuni Pueblo is in New Mexico.",
        "Zuni Pueblo is in the west of New Mexico, about 18 km (11 miles) from the border with Arizona.",
        "On the map, look for the spot in New Mexico closest to the line between New Mexico and Arizona.",
    ),
    "hopi": (
        "The Hopi mesas are in Arizona.",
        "The Hopi mesas are in the north-east of Arizona, about 170 km (105 miles) north-west of Zuni Pueblo.",
        "On the map, look for the spot in the top right part of Arizona.",
    ),
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

    values: list[Any] | None
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
    return {
        place: _MAP_RIGHT[place].matches(exercise_id, f"{place}:{letter}")
        for place, letter in picks.items()
        if letter is not None
    }


@_exercise(
    "01-locator-map", "Which lettered spot on the map is Zuni Pueblo, and which are the Hopi mesas?", "map"
)
def _locator_map(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    from ..render.maps import HOPI_MESAS, KM_PER_MILE, SPOTS, ZUNI_PUEBLO, distance_km

    picks = _map_picks(answer)
    if picks is None:
        return Feedback(
            exercise_id,
            WRONG,
            f"Give a letter from {', '.join(SPOTS)} for each place, "
            "for example `{\"Zuni Pueblo\": \"A\", \"Hopi mesas\": \"B\"}`.",
        )
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
            notes.append(
                f"{letter} is about {round(km, -1):.0f} km ({round(km / KM_PER_MILE, -1):.0f} miles) "
                f"away from {name}."
            )
            hints.append(_MAP_HINTS[place])
            lies = "lie" if place == "hopi" else "lies"
            directions.append(
                f"From {letter}, {name} {lies} to the {_compass(SPOTS[letter].where, where[place])}."
            )
    if all(marks.get(place) for place in MAP_PLACES):
        return Feedback(
            exercise_id,
            CORRECT,
            " ".join(notes) + " The Zuni live at Zuni Pueblo, in the west of "
            "New Mexico; the Hopi mesas are about 170 km (105 miles) to the north-west, in Arizona.",
        )
    # Each try: which way to look from the letter chosen (it changes with the pick), then one step more
    # of where each wrongly placed place is: its state, where in the state, where on the map.
    steps = [" ".join(hint[level] for hint in hints) for level in range(3)] if hints else []
    hint = " ".join(directions) + (" " + _grown(steps, attempt) if steps else "")
    return Feedback(exercise_id, WRONG, " ".join(notes), hint.strip())


# 01 activity 2: spot where Murray's drawing of the board differs from Culin's.

# Each letter sits on the middle of one segment of Culin's board (awithlaknannai.render.spots).
SPOT_LETTERS: dict[str, tuple[str, str]] = {
    "A": ("T1", "T2"),
    "B": ("T2", "M3"),
    "C": ("M4", "M5"),
    "D": ("B5", "B6"),
    "E": ("T7", "M8"),
    "F": ("M1", "B1"),
    "G": ("T5", "T6"),
    "H": ("M0", "B0"),
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


@_exercise(
    "01-spot-difference",
    "Which lettered places have a line in Culin's drawing but none in Murray's?",
    "spots",
)
def _spot_difference(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    picks = _spot_picks(answer)
    if picks is None or not picks <= set(SPOT_LETTERS):
        return Feedback(
            exercise_id, WRONG, f"Give letters from A to {max(SPOT_LETTERS)}, for example `\"A, C\"`."
        )
    if not picks:
        return Feedback(
            exercise_id, WRONG, "No letter is ticked: tick the letters where the drawings differ."
        )
    truth = _spot_truth()
    culin, murray = boards.mosona(), boards.mosona(outer_lines=False)
    if picks == truth:
        left_out = culin.number_of_edges() - murray.number_of_edges()
        return Feedback(
            exercise_id,
            CORRECT,
            f"{', '.join(sorted(truth))}: there Culin's board has a line along "
            f"the top or bottom row, and Murray's drawing has none. Murray's drawing leaves out all "
            f"{left_out} segments along the two outer rows.",
        )
    notes = [f"At {letter} both drawings have a line." for letter in sorted(picks - truth)]
    found = len(picks & truth)
    if found < len(truth):
        notes.append(f"You found {found} of the {len(truth)} places where Murray's drawing has no line.")
    return Feedback(
        exercise_id,
        WRONG,
        " ".join(notes),
        _grown(
            (
                (
                    "Put your finger on a letter in the top drawing, then on the same letter in the bottom one: "
                    "is there a line under it in both?"
                ),
                "Look along the top row and the bottom row of the two drawings.",
            ),
            attempt,
        ),
    )


# 01 activity 3: which source wrote each statement?

SOURCES: dict[str, str] = {
    "stevenson": "Stevenson 1903",
    "culin": "Culin 1907",
    "murray": "Murray 1952",
    "encyclopedia": "the encyclopedia",
    "ludii": "Ludii",
}
_SOURCE_PREFIXES = {
    "stev": "stevenson",
    "cul": "culin",
    "mur": "murray",
    "enc": "encyclopedia",
    "wiki": "encyclopedia",
    "lud": "ludii",
}

# The statements, each with two clues that grow with the tries. Quotations are the sources' own
# words: Stevenson 1903 and Culin 1907 as the Ludii database's evidence pages quote them, the
# encyclopedia articles as in shared/sources, Ludii's game file "Awithlaknan Mosona.lud".
STATEMENTS: tuple[tuple[str, tuple[str, str]], ...] = (
    (
        (
            "\u201cThere is no specified size for the \u201cboard,\u201d it being larger or smaller according to "
            "the number of angles.\u201d"
        ),
        (
            "Someone who saw the game at Zuni tells how the board is made.",
            "She wrote an article on Zuni games; a later book printed her words.",
        ),
    ),
    (
        "`(end (\"NoMoves\" Loss))`: a line of rules written as code (it means: a player who cannot move loses).",
        (
            "These words are written for a computer to read.",
            "Only one of the five sources is a computer program.",
        ),
    ),
    (
        (
            "\u201cLong stone slab, inscribed with the diagram shown in figure 111. This was found by the writer on a "
            "house top in Zu\u00f1i\u201d"
        ),
        (
            "The writer found an object, and it went to a museum.",
            "This writer collected games for museums; a Zuni man also drew a board for him.",
        ),
    ),
    (
        (
            "\u201cThere are two versions of the board perhaps due to the lack of clarity in Stewart Culin's "
            "diagram.\u201d"
        ),
        (
            "It talks about Culin's diagram, so someone who read Culin wrote it, later.",
            "It knows two versions of the board, and it is not a computer program.",
        ),
    ),
    (
        "A drawing of the board with a line along the middle row, but none along the top and bottom rows.",
        (
            "You compared this drawing with Culin's in Activity 2.",
            "It is in a history of board games from the middle of the 20th century.",
        ),
    ),
    (
        "\u201cThe stones may be moved in any direction so long as the lines are followed.\u201d",
        (
            "Someone who saw the game at Zuni tells how the stones move.",
            "She wrote an article on Zuni games; a later book printed her words.",
        ),
    ),
    (
        "\u201cR.C. Bell coined the term Fighting Serpents, but provides no explanation for it.\u201d",
        (
            "It talks about Bell, whose book the notebook cites as 1969: so it was written after 1969.",
            "Which source is later than 1969 and is not a computer program?",
        ),
    ),
    (
        "\u201cAnother form of the same game \u2026 was made for the writer by Zu\u00f1i Nick (Nick Graham)\u201d",
        (
            "A Zuni man made something for the writer.",
            "This writer collected games for museums, and found a stone slab too.",
        ),
    ),
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
    text = _key_text(value)
    if text is None:
        return None
    words = [word for word in re.split(r"[^a-z]+", text) if word and word not in ("the", "a", "an")]
    return next(
        (key for prefix, key in _SOURCE_PREFIXES.items() if words and words[0].startswith(prefix)), None
    )


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
    "Which source wrote each statement: Stevenson 1903, Culin 1907, Murray 1952, the encyclopedia or Ludii?",
    "sources",
)
def _statement_sources(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    picks = _statement_picks(answer)
    if picks is None:
        return Feedback(
            exercise_id,
            WRONG,
            f"Give one source for each of the {len(STATEMENTS)} statements, in "
            f"order, from: {', '.join(SOURCES.values())}.",
        )
    if all(key is None for key in picks):
        return Feedback(exercise_id, WRONG, "No statement has a source yet: choose one for each statement.")
    marks = _statement_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(STATEMENTS):
        return Feedback(
            exercise_id,
            CORRECT,
            "Every statement is matched to its source. Stevenson and Culin "
            "write as visitors who were there; Murray draws; the encyclopedia and Ludii put together "
            "what the older books say, each in its own way.",
        )
    wrong = [number for number in range(1, len(STATEMENTS) + 1) if marks.get(str(number)) is False]
    empty = [number for number, key in enumerate(picks, 1) if key is None]
    notes = [f"{_fraction(right, len(STATEMENTS))} right."]
    if wrong:
        notes.append(
            "Not yet: "
            + ", ".join(
                f"statement {number} is not by {SOURCES[key]}"
                for number, key in enumerate(picks, 1)
                if number in wrong and key is not None  # a wrong statement has a source
            )
            + "."
        )
    if empty:
        notes.append(
            f"Statement{'s' if len(empty) > 1 else ''} {_and(empty)} still need"
            f"{'' if len(empty) > 1 else 's'} a source."
        )
    hint = ""
    if attempt > 1 and wrong:  # the clues come from the second try on, one step more each time
        hint = " ".join(
            f"Statement {number}: {_grown(STATEMENTS[number - 1][1], attempt - 1)}" for number in wrong
        )
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
    text = _key_text(value)
    if text is None:
        return None
    words = [word for word in re.split(r"[^a-z]+", text) if word and word not in ("the", "a", "an")]
    return next(
        (key for prefix, key in _TIMELINE_PREFIXES.items() if words and words[0].startswith(prefix)), None
    )


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


@_exercise("01-timeline", "Put the sources in order on a timeline, from the oldest to the newest.", "order")
def _timeline(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    order = _timeline_order(answer)
    if order is None or len(set(order)) != len(order):
        names = ", ".join(lines[0] for lines in TIMELINE_SOURCES.values())
        return Feedback(
            exercise_id,
            WRONG,
            f"Give the {len(TIMELINE_SOURCES)} sources once each, oldest first: {names} in some order.",
        )
    marks = _timeline_marks(exercise_id, answer)
    right = sum(marks.values())
    if right == len(order):
        years = timeline_years(order) or []
        gaps = ", ".join(f"{TIMELINE_SOURCES[key][0]} {year}" for key, year in zip(order, years))
        return Feedback(
            exercise_id,
            CORRECT,
            f"From the oldest to the newest: {gaps}. The two first-hand "
            "sources are only a few years apart; everything else came at least 45 years later.",
        )
    misplaced = [TIMELINE_SOURCES[order[int(place) - 1]][0] for place, ok in marks.items() if not ok]
    return Feedback(
        exercise_id,
        WRONG,
        f"{_fraction(right, len(order))} in the right place. Not yet in its place: {', '.join(misplaced)}.",
        _grown(
            (
                "Look for each one's year in the sections above.",
                "Culin prints Stevenson's account, so hers came first.",
                "Ludii is a computer program, described by its makers in 2019: the newest of all.",
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
    "a": "Culin 1907",
    "b": "Stevenson 1903",
    "c": "the encyclopedia article",
    "d": "the French rules sheet (leglobejoueur)",
    "e": "the Ludii database",
}
_SAY_COMPULSORY = Sealed(
    "749f83255947349fce2794ee"
)  # the letters that are right, sorted and joined by commas
# Each right letter's fingerprint (as answer_digest(id, "letter:" + letter)), and how many there are.
_SAYS_IT = {"91704f7fdb2c9180284caa10", "d0a6bbdca4f7491e5c622645"}
_NOT_SAID = {  # what each wrong letter's source says instead, by the letter's fingerprint
    "cd74ca17a61dc0aa5a64e63f": "does not say either way",
    "f1794d33e3791cb606500bfd": "does not say either way",
    "c44e12aaad1d1b317785d9dd": "makes capturing optional",
}


@_exercise(
    "01-sources-compulsory",
    "Which sources say that capturing is compulsory? (Give all the letters.)",
    "choices",
    _SOURCE_OPTIONS,
)
def _sources_compulsory(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    letters = _as_letters(answer)
    if letters is None or not letters <= set(_SOURCE_OPTIONS):
        return Feedback(
            exercise_id, WRONG, "Give letters from a to e, for example `\"a, b\"` or `{\"a\", \"b\"}`."
        )
    if _SAY_COMPULSORY.matches(exercise_id, ",".join(sorted(letters))):
        return Feedback(
            exercise_id,
            CORRECT,
            "Only these two say so. Culin and Stevenson do not say, and Ludii makes capturing optional.",
        )
    right = {letter for letter in letters if answer_digest(exercise_id, f"letter:{letter}") in _SAYS_IT}
    notes = [
        _sentence(
            f"{_SOURCE_OPTIONS[letter]} "
            f"{_NOT_SAID.get(answer_digest(exercise_id, f'letter:{letter}'), 'does not say so')}."
        )
        for letter in sorted(letters - right)
    ]
    missing = len(_SAYS_IT) - len(right)
    if missing:
        notes.append(f"You left out {missing} source{'s that say' if missing > 1 else ' that says'} it.")
    return Feedback(
        exercise_id,
        WRONG,
        " ".join(notes),
        _grown(
            (
                "Look at the row 'must you capture?' of the table in the section \"What each source says\".",
                "Two sources say yes in that row.",
                "Both are later than Culin, and neither is a database.",
            ),
            attempt,
        ),
    )


@_exercise(
    "01-authentic-rules",
    "True or False: the written sources record exactly how the Zuni played the game in 1900.",
    "truth",
)
def _authentic(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    if isinstance(answer, str) and answer.strip().lower() in {"true", "false"}:
        answer = answer.strip().lower() == "true"
    if not (_is_bool(answer)):
        return Feedback(exercise_id, WRONG, "Answer with `True` or `False` (no quotation marks).")
    if Sealed("6a15adb9675479cdd2692ac5").matches(exercise_id, str(bool(answer)).lower()):
        return Feedback(
            exercise_id,
            CORRECT,
            "The written sources do not record the full rules. Stevenson and Culin (who wrote after her) "
            "describe the board and the first moves; later writers filled the gaps in different ways. "
            "Zuni people may know more than the books say.",
        )
    return Feedback(
        exercise_id,
        WRONG,
        "Stevenson and Culin leave out whether capturing is compulsory and whether a piece may jump twice.",
        _grown(
            (
                "Look at how many cells of the table say 'not said'.",
                "Ask: could you play a whole game from Stevenson's account alone?",
            ),
            attempt,
        ),
    )
