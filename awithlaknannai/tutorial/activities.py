"""The history notebook's activities: answered with menus and tick boxes on the sources themselves.

Four thin ipywidgets over pure checkers (see the 01 exercises in
:mod:`~.exercises`), each shown by :func:`~.quiz.ask` like any answer box:

- ``ask("01-locator-map")``: a map drawn from coordinates; a menu for each
  place picks the letter of Zuni Pueblo and of the Hopi mesas;
- ``ask("01-spot-difference")``: Culin's board above Murray's drawing, with
  the same lettered spots on both; a tick box for each letter;
- ``ask("01-statement-sources")``: statements from the sources, each with a
  menu of the five sources;
- ``ask("01-timeline")``: five places from the oldest to the newest, each a
  menu; choosing a source for a place swaps it with the one there, so the
  five are always in some order.

Every control has a text name, everything works with the keyboard, and a
check marks every item with a symbol and a word (never a colour alone), in
the menus' rows and on the pictures. Hints grow with each new try; the right
answer of a wrong item is never shown. Given an ``answer`` (as the teacher
copy does), an activity starts with it filled in and checked.

Examples
--------
>>> box = activity("01-timeline")
>>> box.feedback.status
'missing'
>>> box.places[0].value = "stevenson"  # the first place: Stevenson swaps with the source there
>>> print(box.check().message.split(".")[0])
1 of 5 in the right place
>>> box = activity("01-locator-map", {"Zuni Pueblo": "C"})
>>> print(repr(box))
Answer box (01-locator-map): Zuni Pueblo C, the Hopi mesas (none)
Not yet. C is about 430 km (270 miles) away from Zuni Pueblo. Choose a letter for the Hopi mesas too. Hint: From C, Zuni Pueblo lies to the west. Zuni Pueblo is in New Mexico.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .. import boards
from ..i18n import N_, LazyString, _
from ..render.maps import SPOTS, locator_map_svg
from ..render.picture import Picture
from ..render.spots import spot_drawings_svg
from ..render.style import FOCUS, HIGHLIGHT, TEXT_DARK
from ..render.timeline import timeline_svg
from ..widgets.access import FOCUS_STYLE
from ..widgets.shield import KeyboardShield
from .checking import MISSING, Feedback
from .exercises import _get, check, marks
from .history_exercises import (
    _SOURCE_NAMES,
    MAP_PLACES,
    SOURCES,
    SPOT_LETTERS,
    STATEMENTS,
    TIMELINE_SOURCES,
    statement_html,
    timeline_years,
)
from .feedback_view import ShowsFeedback
from .plain_text import WholePlainText

__all__ = ["FORMS", "Activity", "LocatorMap", "SortStatements", "SpotTheDifference", "Timeline", "activity"]

FORMS = ("map", "spots", "sources", "order")
"""The exercise forms answered by an activity here rather than by a plain answer box."""

_DARK = '[data-jp-theme-light="false"]'
# Marks in the rows keep the theme's background; their colour reaches 4.5:1 on it in either theme,
# and the symbol and the word carry the meaning on their own.
_STYLE = f"""<style>
.awithlaknannai-answer :is(button, select, input):focus-visible {{
  outline: 2px solid {FOCUS["light"]} !important; outline-offset: 2px; }}
{_DARK} .awithlaknannai-answer :is(button, select, input):focus-visible {{ outline-color: {FOCUS["dark"]} !important; }}
.awithlaknannai-answer .widget-button {{ flex-shrink: 0; min-width: max-content; overflow: visible; }}
.awithlaknannai-mark {{ font-weight: 600; white-space: nowrap; }}
.awithlaknannai-mark-right {{ color: {HIGHLIGHT["last_move"]}; }}
.awithlaknannai-mark-wrong {{ color: {HIGHLIGHT["captured"]}; }}
{_DARK} .awithlaknannai-mark-right {{ color: #5fd3a5; }}
{_DARK} .awithlaknannai-mark-wrong {{ color: {TEXT_DARK["warning"]}; }}
.awithlaknannai-statement {{ line-height: 1.45; margin: 0.6em 0 0.2em 0; }}
.awithlaknannai-answer .widget-checkbox {{ width: auto; }}
</style>"""

_CHOOSE = N_("(choose)")
_PLACE_NAMES = {"zuni": "Zuni Pueblo", "hopi": "Hopi mesas"}  # the names written on the map
_ORDINALS = (N_("1st (oldest)"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th (newest)"))


def _mark_html(mark: bool | None) -> str:
    if mark is None:
        return ""
    word, symbol, css = (_("right"), "\u2714", "right") if mark else (_("not yet"), "\u2718", "wrong")
    return (
        f'<span class="awithlaknannai-mark awithlaknannai-mark-{css}">'
        f'<span aria-hidden="true">{symbol}</span> {word}</span>'
    )


class Activity(WholePlainText, ShowsFeedback, widgets.VBox):
    """What every activity shares: a Check button, the feedback, the count of tries, the saved text form.

    A subclass builds its controls, says what they hold (:meth:`_answer`,
    ``...`` for nothing chosen yet; :meth:`_given`, in words) and shows the
    verdicts of a check (:meth:`_show_marks`).
    """

    empty_message: str | LazyString = N_("Choose your answers, then press Check.")

    def __init__(self, exercise: str, controls: list[widgets.Widget]) -> None:
        self.exercise = exercise
        self.attempts = 0
        self._checked: str | None = None
        self.check_button = widgets.Button(
            description=_("Check"), button_style="primary", icon="check", tooltip=_("Check your answers")
        )
        self.check_button.on_click(lambda _: self.check())
        self.feedback_view = widgets.HTML()
        self.feedback = Feedback(exercise, MISSING, str(self.empty_message))
        super().__init__(
            [
                widgets.HTML(_STYLE + FOCUS_STYLE),
                KeyboardShield(),
                *controls,
                self.check_button,
                self.feedback_view,
            ]
        )
        self.add_class("awithlaknannai-answer")  # the page's styles and the tests find every answer box by it
        self.add_class("awithlaknannai-activity")
        self._show(self.feedback)

    def _answer(self) -> Any:
        raise NotImplementedError

    def _given(self, answer: Any) -> str:
        return str(answer)

    def _show_marks(self, verdicts: Mapping[str, bool]) -> None:
        """Draw the verdicts of a check on the controls and the picture (nothing by default)."""

    def check(self) -> Feedback:
        """Check what the controls hold, mark every item, show the feedback, and return it.

        Each different answer is one more try (the hints grow with the
        tries); checking the same answer again changes nothing.
        """
        answer = self._answer()
        if answer is ...:
            self._show_marks({})
            feedback = Feedback(self.exercise, MISSING, str(self.empty_message))
        elif self._given(answer) == self._checked:
            return self.feedback
        else:
            self.attempts += 1
            self._checked = self._given(answer)
            feedback = check(self.exercise, answer, self.attempts)
            self._show_marks(marks(self.exercise, answer))
        self._show(feedback)
        return feedback

    def __repr__(self) -> str:
        # The plain-text form saved in the notebook (what nbval compares, and a fresh notebook shows).
        given = "empty (run this cell to answer)" if self._checked is None else self._checked
        return f"Answer box ({self.exercise}): {given}\n{self.feedback}"


def _wrapping_row(controls: list[widgets.Widget]) -> widgets.HBox:
    """Controls side by side, wrapping onto more rows in a narrow window (a phone's 320 px) rather
    than running off its edge."""
    return widgets.HBox(controls, layout=widgets.Layout(flex_flow="row wrap"))


def _menu(label: str, options: list[tuple[str, str]], width: str = "auto") -> widgets.Dropdown:
    return widgets.Dropdown(
        options=[(str(_CHOOSE), ""), *options],
        value="",
        description=label,
        style={"description_width": "initial"},
        layout=widgets.Layout(width=width),
    )


class LocatorMap(Activity):
    """Find Zuni Pueblo and the Hopi mesas among the map's lettered spots."""

    empty_message: str | LazyString = N_("Choose a letter for each place, then press Check.")

    def __init__(self, answer: Any = ...) -> None:
        letters = [(letter, letter) for letter in SPOTS]
        self.menus = {
            "zuni": _menu(_("Zuni Pueblo is at"), letters),
            "hopi": _menu(_("The Hopi mesas are at"), letters),
        }
        self.picture = widgets.HTML(Picture(locator_map_svg()).html())
        super().__init__("01-locator-map", [self.picture, _wrapping_row(list(self.menus.values()))])
        if isinstance(answer, Mapping):
            for key, value in answer.items():
                place = next((p for p in MAP_PLACES if isinstance(key, str) and p in key.lower()), None)
                if place and isinstance(value, str) and value.upper() in SPOTS:
                    self.menus[place].value = value.upper()
            self.check()

    def _answer(self) -> Any:
        picks = {_PLACE_NAMES[place]: menu.value for place, menu in self.menus.items() if menu.value}
        return picks or ...

    def _given(self, answer: Any) -> str:
        return ", ".join(f"{MAP_PLACES[place]} {self.menus[place].value or '(none)'}" for place in MAP_PLACES)

    def _show_marks(self, verdicts: Mapping[str, bool]) -> None:
        spot_marks: dict[str, bool] = {}
        names: dict[str, str] = {}
        for place, right in verdicts.items():
            letter = self.menus[place].value
            if right:
                names[letter] = _PLACE_NAMES[place]
            # A letter picked for both places shows one mark: right if it is right for either.
            spot_marks[letter] = spot_marks.get(letter, False) or right
        self.picture.value = Picture(locator_map_svg(marks=spot_marks, names=names)).html()


class SpotTheDifference(Activity):
    """Tick the lettered places where Murray's drawing has no line and Culin's board has one."""

    empty_message: str | LazyString = N_("Tick the letters where the two drawings differ, then press Check.")
    labels = (
        N_("Culin's board (1907), as this project draws it"),
        N_("Murray's drawing (1952), as this project draws it"),
    )

    def __init__(self, answer: Any = ...) -> None:
        self.ticks = {
            letter: widgets.Checkbox(
                value=False,
                description=letter,
                indent=False,
                layout=widgets.Layout(width="auto", margin="0 1.2em 0 0"),
            )
            for letter in SPOT_LETTERS
        }
        self.picture = widgets.HTML(self._drawing({}))
        prompt = widgets.Label(_("Murray's drawing has no line at:"))
        super().__init__(
            "01-spot-difference", [self.picture, prompt, _wrapping_row(list(self.ticks.values()))]
        )
        if answer is not ... and answer is not None:
            wanted = (
                {str(letter).upper() for letter in answer}
                if not isinstance(answer, str)
                else {part.strip().upper() for part in answer.split(",")}
            )
            for letter, tick in self.ticks.items():
                tick.value = letter in wanted
            self.check()

    def _drawing(self, verdicts: Mapping[str, bool]) -> str:
        show_missing = bool(verdicts) and self.feedback.correct if hasattr(self, "feedback") else False
        return Picture(
            spot_drawings_svg(
                boards.mosona(),
                boards.mosona(outer_lines=False),
                SPOT_LETTERS,
                labels=(str(self.labels[0]), str(self.labels[1])),
                marks=verdicts,
                show_missing=show_missing,
            )
        ).html()

    def _answer(self) -> Any:
        ticked = {letter for letter, tick in self.ticks.items() if tick.value}
        return ticked or ...

    def _given(self, answer: Any) -> str:
        return ", ".join(sorted(answer))

    def _show_marks(self, verdicts: Mapping[str, bool]) -> None:
        self._verdicts = dict(verdicts)

    def _show(self, feedback: Feedback) -> None:
        super()._show(feedback)
        if hasattr(self, "picture"):  # after a check: the marks, and (once right) the lines Murray leaves out
            self.picture.value = self._drawing(getattr(self, "_verdicts", {}))


class SortStatements(Activity):
    """Choose, for each statement, the source that wrote it."""

    empty_message: str | LazyString = N_("Choose a source for each statement, then press Check.")

    def __init__(self, answer: Any = ...) -> None:
        options = [(str(name), key) for key, name in _SOURCE_NAMES.items()]
        self.menus: list[widgets.Dropdown] = []
        self.row_marks: list[widgets.HTML] = []
        rows: list[widgets.Widget] = []
        for number, (text, _source) in enumerate(STATEMENTS, 1):
            menu = _menu(_("Statement {number} is by").format(number=number), options)
            mark = widgets.HTML("")
            self.menus.append(menu)
            self.row_marks.append(mark)
            rows.append(
                widgets.HTML(
                    f'<div class="awithlaknannai-statement"><strong>{number}.</strong> {statement_html(text)}</div>'
                )
            )
            mark.layout.margin = "0 0 0 1em"
            rows.append(widgets.HBox([menu, mark], layout=widgets.Layout(align_items="center")))
        super().__init__("01-statement-sources", rows)
        if answer is not ... and answer is not None and not isinstance(answer, (str, Mapping)):
            from .history_exercises import _source_key

            for menu, value in zip(self.menus, answer):
                key = _source_key(value)
                if key:
                    menu.value = key
            self.check()

    def _answer(self) -> Any:
        picks = [menu.value or None for menu in self.menus]
        return picks if any(picks) else ...

    def _given(self, answer: Any) -> str:
        return ", ".join(SOURCES[key] if key else "(none)" for key in answer)

    def _show_marks(self, verdicts: Mapping[str, bool]) -> None:
        for number, mark in enumerate(self.row_marks, 1):
            mark.value = _mark_html(verdicts.get(str(number)))


class Timeline(Activity):
    """Put five sources in order, oldest first: a menu for each place; a choice swaps two sources."""

    empty_message: str | LazyString = N_("Put the sources in order, oldest first, then press Check.")
    # Where the sources stand before the student moves them (no two in their right place).
    scramble = ("murray", "ludii", "bell", "culin", "stevenson")

    def __init__(self, answer: Any = ...) -> None:
        options = [(lines[0], key) for key, lines in TIMELINE_SOURCES.items()]
        self.places = [
            widgets.Dropdown(
                options=options,
                value=key,
                description=ordinal,
                style={"description_width": "7.5em"},  # the five menus line up
                layout=widgets.Layout(width="19em"),
            )
            for ordinal, key in zip(map(str, _ORDINALS), self.scramble)
        ]
        self._order = list(self.scramble)
        self._verdicts: dict[str, bool] = {}
        self._swapping = False
        self.picture = widgets.HTML(self._drawing())
        self.moved = widgets.HTML("")  # says what a choice moved (a menu's change is easy to miss)
        for index, menu in enumerate(self.places):
            menu.observe(lambda change, index=index: self._chosen(index, change["new"]), names="value")
        super().__init__("01-timeline", [self.picture, widgets.VBox(self.places), self.moved])
        if answer is not ... and answer is not None and not isinstance(answer, (str, Mapping)):
            from .history_exercises import _timeline_key

            for index, value in enumerate(list(answer)[: len(self.places)]):
                key = _timeline_key(value)
                if key:
                    self.places[index].value = key
            self.moved.value = ""
            self.check()

    def _chosen(self, index: int, key: str) -> None:
        """A source chosen for a place: the one that stood there takes the chosen one's old place."""
        if self._swapping or key == self._order[index]:
            return
        other = self._order.index(key)
        self._order[index], self._order[other] = key, self._order[index]
        self._swapping = True
        try:
            self.places[other].value = self._order[other]
        finally:
            self._swapping = False
        self._verdicts = {}
        name, swapped = TIMELINE_SOURCES[key][0], TIMELINE_SOURCES[self._order[other]][0]
        moved = _("{name} moved to place {place}; {other} moved to place {other_place}.").format(
            name=name, place=index + 1, other=swapped, other_place=other + 1
        )
        self.moved.value = f"<span>{html.escape(moved)}</span>"
        self.picture.value = self._drawing()

    def _drawing(self) -> str:
        cards = [tuple(_(line) for line in TIMELINE_SOURCES[key]) for key in self._order]
        marks_in_order = [self._verdicts.get(str(place)) for place in range(1, len(cards) + 1)]
        years = timeline_years(self._order) if self._verdicts and all(self._verdicts.values()) else None
        return Picture(
            timeline_svg(
                cards,
                marks=marks_in_order if self._verdicts else None,
                years=years,
                title=_("The sources on a timeline, oldest on the left"),
            )
        ).html()

    def _answer(self) -> Any:
        return list(self._order)

    def _given(self, answer: Any) -> str:
        return ", ".join(TIMELINE_SOURCES[key][0] for key in answer)

    def _show_marks(self, verdicts: Mapping[str, bool]) -> None:
        self._verdicts = dict(verdicts)
        self.picture.value = self._drawing()


_ACTIVITIES = {"map": LocatorMap, "spots": SpotTheDifference, "sources": SortStatements, "order": Timeline}


def activity(exercise_id: str, answer: Any = ...) -> Activity:
    """The activity of a history exercise, optionally with an answer filled in and checked.

    Raises
    ------
    ValueError
        If the exercise is unknown or is not answered by an activity.
    """
    exercise = _get(exercise_id)
    if exercise.form not in _ACTIVITIES:
        raise ValueError(f"exercise {exercise_id!r} is not an activity; its form is {exercise.form!r}")
    return _ACTIVITIES[exercise.form](answer)
