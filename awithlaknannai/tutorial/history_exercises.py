"""The exercises of notebook 01 (history): the map, the two drawings, who said what, the timeline."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import boards
from ..i18n import N_, LazyString, _, ngettext
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


def _right_count(right: int, total: int, in_place: bool = False) -> str:
    """ "All right." / "3 of 8 right." (or "... in the right place."), in the session's language."""
    if in_place:
        if right == total:
            return _("All in the right place.")
        return _("{right} of {total} in the right place.").format(right=right, total=total)
    if right == total:
        return _("All right.")
    return _("{right} of {total} right.").format(right=right, total=total)


# 01 activity 1: find Zuni Pueblo and the Hopi mesas on the locator map (awithlaknannai.render.maps).

MAP_PLACES = {"zuni": "Zuni Pueblo", "hopi": "the Hopi mesas"}
# The places as the feedback names them, in the session's language (MAP_PLACES stays the English key text).
_MAP_PLACE_NAMES = {"zuni": N_("Zuni Pueblo"), "hopi": N_("the Hopi mesas")}
# The right spot of each place, as answer_digest(id, "place:LETTER").
_MAP_RIGHT = {"zuni": Sealed("7c4d6d28875df1a18cbc7310"), "hopi": Sealed("caa70ba923587d062afcd8d4")}
_MAP_HINTS = {
    "zuni": (
        N_("Zuni Pueblo is in New Mexico."),
        N_("Zuni Pueblo is in the west of New Mexico, about 18 km (11 miles) from the border with Arizona."),
        N_("On the map, look for the spot in New Mexico closest to the line between New Mexico and Arizona."),
    ),
    "hopi": (
        N_("The Hopi mesas are in Arizona."),
        N_(
            "The Hopi mesas are in the north-east of Arizona, about 170 km (105 miles) north-west of Zuni Pueblo."
        ),
        N_("On the map, look for the spot in the top right part of Arizona."),
    ),
}


# "to the north-west": the direction as the map's feedback says it (French writes "au nord-ouest", "à l'est").
_TOWARDS = {
    "east": N_("to the east"),
    "north-east": N_("to the north-east"),
    "north": N_("to the north"),
    "north-west": N_("to the north-west"),
    "west": N_("to the west"),
    "south-west": N_("to the south-west"),
    "south": N_("to the south"),
    "south-east": N_("to the south-east"),
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
            _(
                "Give a letter from {letters} for each place, "
                "for example `{{\"Zuni Pueblo\": \"A\", \"Hopi mesas\": \"B\"}}`."
            ).format(letters=", ".join(SPOTS)),
        )
    if all(letter is None for letter in picks.values()):  # (an answer box sends ... when nothing is chosen)
        return Feedback(
            exercise_id, WRONG, _("There is no letter in that answer: choose one for each place.")
        )
    where = {"zuni": ZUNI_PUEBLO, "hopi": HOPI_MESAS}
    marks = _map_marks(exercise_id, answer)
    notes, hints, directions = [], [], []
    for place, letter in picks.items():
        name = str(_MAP_PLACE_NAMES[place])
        if letter is None:
            notes.append(_("Choose a letter for {place} too.").format(place=name))
        elif marks[place]:
            notes.append(_("{letter} is {place}.").format(letter=letter, place=name))
        else:
            km = distance_km(SPOTS[letter].where, where[place])
            notes.append(
                _("{letter} is about {km} km ({miles} miles) away from {place}.").format(
                    letter=letter,
                    km=f"{round(km, -1):.0f}",
                    miles=f"{round(km / KM_PER_MILE, -1):.0f}",
                    place=name,
                )
            )
            hints.append([str(step) for step in _MAP_HINTS[place]])
            towards = _TOWARDS[_compass(SPOTS[letter].where, where[place])]
            directions.append(
                (
                    _("From {letter}, {place} lie {direction}.")
                    if place == "hopi"
                    else _("From {letter}, {place} lies {direction}.")
                ).format(letter=letter, place=name, direction=towards)
            )
    if all(marks.get(place) for place in MAP_PLACES):
        return Feedback(
            exercise_id,
            CORRECT,
            " ".join(notes)
            + " "
            + _(
                "The Zuni live at Zuni Pueblo, in the west of "
                "New Mexico; the Hopi mesas are about 170 km (105 miles) to the north-west, in Arizona."
            ),
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
            exercise_id,
            WRONG,
            _("Give letters from A to {last}, for example `\"A, C\"`.").format(last=max(SPOT_LETTERS)),
        )
    if not picks:
        return Feedback(
            exercise_id, WRONG, _("No letter is ticked: tick the letters where the drawings differ.")
        )
    truth = _spot_truth()
    culin, murray = boards.mosona(), boards.mosona(outer_lines=False)
    if picks == truth:
        left_out = culin.number_of_edges() - murray.number_of_edges()
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "{letters}: there Culin's board has a line along "
                "the top or bottom row, and Murray's drawing has none. Murray's drawing leaves out all "
                "{segments} segments along the two outer rows."
            ).format(letters=", ".join(sorted(truth)), segments=left_out),
        )
    notes = [
        _("At {letter} both drawings have a line.").format(letter=letter) for letter in sorted(picks - truth)
    ]
    found = len(picks & truth)
    if found < len(truth):
        notes.append(
            _("You found {found} of the {total} places where Murray's drawing has no line.").format(
                found=found, total=len(truth)
            )
        )
    return Feedback(
        exercise_id,
        WRONG,
        " ".join(notes),
        _grown(
            (
                _(
                    "Put your finger on a letter in the top drawing, then on the same letter in the bottom one: "
                    "is there a line under it in both?"
                ),
                _("Look along the top row and the bottom row of the two drawings."),
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

# The statements, each with two clues that grow with the tries. Quotations are the sources' own
# words: Stevenson 1903 and Culin 1907 as the Ludii database's evidence pages quote them, the
# encyclopedia articles as in shared/sources, Ludii's game file "Awithlaknan Mosona.lud".
STATEMENTS: tuple[tuple[str, tuple[LazyString, LazyString]], ...] = (
    (
        (
            "\u201cThere is no specified size for the \u201cboard,\u201d it being larger or smaller according to "
            "the number of angles.\u201d"
        ),
        (
            N_("Someone who saw the game at Zuni tells how the board is made."),
            N_("She wrote an article on Zuni games; a later book printed her words."),
        ),
    ),
    (
        "`(end (\"NoMoves\" Loss))`: a line of rules written as code (it means: a player who cannot move loses).",
        (
            N_("These words are written for a computer to read."),
            N_("Only one of the five sources is a computer program."),
        ),
    ),
    (
        (
            "\u201cLong stone slab, inscribed with the diagram shown in figure 111. This was found by the writer on a "
            "house top in Zu\u00f1i\u201d"
        ),
        (
            N_("The writer found an object, and it went to a museum."),
            N_("This writer collected games for museums; a Zuni man also drew a board for him."),
        ),
    ),
    (
        (
            "\u201cThere are two versions of the board perhaps due to the lack of clarity in Stewart Culin's "
            "diagram.\u201d"
        ),
        (
            N_("It talks about Culin's diagram, so someone who read Culin wrote it, later."),
            N_("It knows two versions of the board, and it is not a computer program."),
        ),
    ),
    (
        "A drawing of the board with a line along the middle row, but none along the top and bottom rows.",
        (
            N_("You compared this drawing with Culin's in Activity 2."),
            N_("It is in a history of board games from the middle of the 20th century."),
        ),
    ),
    (
        "\u201cThe stones may be moved in any direction so long as the lines are followed.\u201d",
        (
            N_("Someone who saw the game at Zuni tells how the stones move."),
            N_("She wrote an article on Zuni games; a later book printed her words."),
        ),
    ),
    (
        "\u201cR.C. Bell coined the term Fighting Serpents, but provides no explanation for it.\u201d",
        (
            N_("It talks about Bell, whose book the notebook cites as 1969: so it was written after 1969."),
            N_("Which source is later than 1969 and is not a computer program?"),
        ),
    ),
    (
        "\u201cAnother form of the same game \u2026 was made for the writer by Zu\u00f1i Nick (Nick Graham)\u201d",
        (
            N_("A Zuni man made something for the writer."),
            N_("This writer collected games for museums, and found a stone slab too."),
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
    "Which sources say that capturing is compulsory? (Give all the letters.)",
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
    return Feedback(
        exercise_id,
        WRONG,
        " ".join(notes),
        _grown(
            (
                _(
                    "Look at the row 'must you capture?' of the table in the section \"What each source says\"."
                ),
                _("Two sources say yes in that row."),
                _("Both are later than Culin, and neither is a database."),
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
