"""The exercises of notebook 01 (history) answered on a picture: the locator map and the two drawings.

Importing :mod:`.history_exercises` imports this module first, so that these
two come first among notebook 01's exercises, as the notebook asks them.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from .. import boards
from ..i18n import N_, _
from .checking import CORRECT, MAX_ANSWER_ITEMS, WRONG, Feedback, Sealed
from .checking import _as_letters, _exercise, _grown, _key_text, _not_yet, _sequence

__all__ = ["MAP_PLACES", "SPOT_LETTERS"]

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
    "01-locator-map",
    N_("Which lettered spot on the map is Zuni Pueblo, and which are the Hopi mesas?"),
    "map",
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
    N_("Which lettered places have a line in Culin's drawing but none in Murray's?"),
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
    hints = (
        _(
            "Put your finger on a letter in the top drawing, then on the same letter in the bottom one: "
            "is there a line under it in both?"
        ),
        _("Look along the top row and the bottom row of the two drawings."),
    )
    return _not_yet(exercise_id, notes, hints, attempt)
