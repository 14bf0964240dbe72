"""Predict, then reveal: the student commits a guess before the computer's answer shows.

A :class:`PredictBox` asks one question (choices, or a number), and only
after **Lock in my guess** does the package work out the answer (a count,
a batch of self-play games, a solved game), show it with a picture, and say
how the guess compares. Committing first is the point: a guess written
down before the answer shows is what makes the answer a surprise, or a
confirmation, rather than one more number to read.

Nothing of the answer exists before the student acts: the box's saved
output (its plain-text form, what a freshly opened notebook shows) is the
question and "Make your prediction, then press Lock in my guess.", and the
answer is computed from the package when the button is pressed. The box
works by keyboard (radio buttons or a text box, then the button), every
control has a name, and one status line (a live region) says what
happened.

A notebook cell shows one of the tutorial's predictions with one call::

    predict("06-drawing-decides")

and a teacher writes a new one in a few lines (the answer is computed when
the student locks in, so the cell holds no answer):

>>> from awithlaknannai.boards import zuni
>>> edges = Prediction(
...     "zuni5-edges", "How many edges does zuni(5) have?",
...     lambda: Reveal(zuni(5).number_of_edges(), "networkx counts them."))
>>> box = predict(edges)
>>> print(repr(box))
Prediction (zuni5-edges): How many edges does zuni(5) have?
Make your prediction, then press Lock in my guess. (No button? Run this cell first.)
>>> box.guess_input.value = "30"
>>> print(box.lock_in())
Locked in: 30. The answer is 33: 3 more than you guessed.
>>> print(box.revealed.summary)
networkx counts them.

Examples
--------
>>> box = predict("02-more-edges")
>>> box.lock_in()  # nothing chosen yet: nothing is locked in
'Nothing is locked in yet: type a whole number first, like 7.'
>>> box.guess_input.value = "14"
>>> box.lock_in()
'Locked in: 14. Exactly right!'
>>> box.revealed.answer, box.guess_input.disabled
(14, True)
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..errors import did_you_mean
from ..i18n import N_, _
from ..position import Position
from ..render.picture import Picture
from ..variants import Color
from ..widgets.access import FOCUS_STYLE
from ..widgets.shield import KeyboardShield
from .plain_text import WholePlainText

__all__ = ["PREDICTIONS", "PredictBox", "Prediction", "Reveal", "predict", "prediction_ids"]

# English, as the tests read them; shown through _() (.message: the text N_ marks for the catalog).
LOCK_IN = N_("Lock in my guess").message
WAITING = N_("Make your prediction, then press Lock in my guess.").message
# "About the same": two averages closer than this share of the larger one.
SAME_SHARE = 0.05


@dataclass(frozen=True)
class Reveal:
    """The computer's answer to a prediction, worked out when the student locks in.

    Parameters
    ----------
    answer : int or str
        What the guess is compared with: a whole number, or the letter of
        the right choice.
    summary : str
        One or two sentences saying the answer (read out by the status line).
    explanation : str, optional
        Why, in a little Markdown (text between backticks as code, between
        single asterisks in italics); a blank line starts a new paragraph.
    picture : Picture, optional
        A picture shown under the explanation.
    table_html : str, optional
        An HTML table (or other HTML made by the package) shown last.
    dark_picture : Picture, optional
        The same picture drawn for a dark page: shown instead of ``picture``
        when JupyterLab's theme is dark (its page sets ``data-jp-theme-light="false"``),
        so that the figure is no glaring light panel there.
    """

    answer: int | str
    summary: str
    explanation: str = ""
    picture: Picture | None = None
    table_html: str = ""
    dark_picture: Picture | None = None


@dataclass(frozen=True)
class Prediction:
    """One question to predict: its id, the question, the choices (or a number), and how to work out the answer.

    Parameters
    ----------
    id : str
        A short name, such as ``"06-drawing-decides"``.
    question : str
        The question, as the student reads it.
    reveal : callable
        Called with no arguments when the student locks in; returns a
        :class:`Reveal`. Computing the answer here (not before) keeps it
        out of the notebook until the student has guessed.
    choices : mapping of str to str, optional
        Each choice's letter (``"a"``, ``"b"``, ...) and text; without
        choices the guess is a whole number.
    note : str, optional
        One sentence said before the button, e.g. how long the computer
        will take.

    Raises
    ------
    TypeError
        If a field has the wrong type.
    ValueError
        If the id or question is empty, or the choices are not 2 to 8
        single lower-case letters with texts.
    """

    id: str
    question: str
    reveal: Callable[[], Reveal] = field(repr=False)
    choices: Mapping[str, str] | None = None
    note: str = ""

    def __post_init__(self) -> None:
        for name in ("id", "question", "note"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(
                    f"a prediction's {name} must be text, got {type(getattr(self, name)).__name__}"
                )
        if not self.id.strip() or not self.question.strip():
            raise ValueError("a prediction needs an id and a question")
        if not callable(self.reveal):
            raise TypeError(
                f"reveal must be a function that returns a Reveal, got {type(self.reveal).__name__}"
            )
        if self.choices is not None:
            if not isinstance(self.choices, Mapping):
                raise TypeError(f"choices must be a dict letter -> text, got {type(self.choices).__name__}")
            letters = list(self.choices)
            if not 2 <= len(letters) <= 8 or not all(
                isinstance(letter, str) and re.fullmatch(r"[a-z]", letter) for letter in letters
            ):
                raise ValueError(f"choices need 2 to 8 single lower-case letters, got {letters!r}")
            if not all(isinstance(text, str) and text.strip() for text in self.choices.values()):
                raise ValueError("every choice needs a text")
            object.__setattr__(self, "choices", dict(self.choices))

    @property
    def form(self) -> str:
        """``"choice"`` or ``"number"``."""
        return "number" if self.choices is None else "choice"

    def compare(self, guess: int | str, reveal: Reveal) -> str:
        """One sentence comparing a guess with the answer.

        >>> p = Prediction("p", "Which?", lambda: Reveal("b", "b."), {"a": "this", "b": "that"})
        >>> p.compare("a", Reveal("b", "")), p.compare("b", Reveal("b", ""))
        ('The computer found b) that.', 'That is what the computer found!')
        >>> n = Prediction("n", "How many?", lambda: Reveal(3, ""))
        >>> n.compare(5, Reveal(3, "")), n.compare(3, Reveal(3, ""))
        ('The answer is 3: 2 fewer than you guessed.', 'Exactly right!')
        """
        if self.choices is not None:
            if guess == reveal.answer:
                return _("That is what the computer found!")
            return _("The computer found {letter}) {choice}.").format(
                letter=reveal.answer, choice=_(self.choices.get(str(reveal.answer), "?"))
            )
        if not isinstance(guess, int) or not isinstance(reveal.answer, int):
            return _("The answer is {answer}.").format(answer=reveal.answer)
        difference = reveal.answer - guess
        if difference == 0:
            return _("Exactly right!")
        if difference > 0:
            return _("The answer is {answer}: {count} more than you guessed.").format(
                answer=reveal.answer, count=difference
            )
        return _("The answer is {answer}: {count} fewer than you guessed.").format(
            answer=reveal.answer, count=-difference
        )


PREDICTIONS: dict[str, Prediction] = {}


def _register(prediction: Prediction) -> Prediction:
    PREDICTIONS[prediction.id] = prediction
    return prediction


def prediction_ids() -> list[str]:
    """The ids of the tutorial's predictions, in the order the notebooks ask them.

    >>> prediction_ids()[0]
    '02-more-edges'
    """
    return list(PREDICTIONS)


# --- the widget ---------------------------------------------------------------------------

_STATUS_ESM = r"""
let counter = 0;

// The radio buttons, which ipywidgets leaves unnamed: one name (so the arrow keys move between them
// and Tab enters and leaves them as one group, as in any form) and a named radiogroup. (JupyterLab's
// shortcuts are kept out of the box by the KeyboardShield beside this widget.)
function enhance(box, name) {
  const group = box.querySelector('.widget-radio-box');
  if (group === null) return;
  if (group.getAttribute('role') !== 'radiogroup') group.setAttribute('role', 'radiogroup');
  const label = group.parentElement && group.parentElement.querySelector(':scope > .widget-label');
  const text = label ? label.textContent.trim() : '';
  if (text && group.getAttribute('aria-label') !== text) group.setAttribute('aria-label', text);
  for (const input of group.querySelectorAll('input[type=radio]')) {
    if (input.name !== name) input.name = name;
  }
}

function render({ model, el }) {
  // One live region, built once: only its text changes, so a screen reader reads each change.
  const live = document.createElement('div');
  live.className = 'awithlaknannai-predict-status';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  el.append(live);
  const update = () => { if (live.textContent !== model.get('text')) live.textContent = model.get('text'); };
  model.on('change:text', update);
  update();
  const name = `awithlaknannai-guess-${Date.now().toString(36)}-${counter++}`;
  let observer = null;
  let tries = 0;
  const attach = () => {
    const box = el.closest('.awithlaknannai-predict');
    if (box === null) {
      if (tries++ < 400) setTimeout(attach, 50);
      return;
    }
    enhance(box, name);
    observer = new MutationObserver(() => enhance(box, name));  // ipywidgets may redraw its radio buttons
    observer.observe(box, {childList: true, subtree: true});
  };
  attach();
  return () => {
    model.off('change:text', update);
    if (observer !== null) observer.disconnect();
  };
}
export default { render };
"""

_STATUS_CSS = """
.awithlaknannai-predict-status { font-size: 1.05em; line-height: 1.4; margin: 0.3em 0; min-height: 1.4em; }
"""


class StatusLine(anywidget.AnyWidget):
    """A status line: one ``role="status"`` live region whose text changes (in the theme's own text colour).

    Its browser side also gives the box's radio buttons a group name and a
    ``radiogroup`` role, and keeps JupyterLab's notebook shortcuts out of the
    box, so that the arrow keys choose an answer (see the module).
    """

    _esm = _STATUS_ESM
    _css = _STATUS_CSS
    text = traitlets.Unicode("").tag(sync=True)


# Long choices wrap onto several lines instead of running into the next one
# (ipywidgets gives each radio button a fixed height), as in the answer boxes.
_STYLE = """<style>
.awithlaknannai-predict .widget-radio-box { height: auto; }
.awithlaknannai-predict .widget-radio-box label {
  height: auto; min-height: var(--jp-widgets-inline-height); line-height: 1.4;
  white-space: normal; margin-bottom: 0.25em;
}
.awithlaknannai-predict .awithlaknannai-reveal img { max-width: 100%; height: auto; }
.awithlaknannai-predict .awithlaknannai-reveal table { margin: 0.4em 0; }
.awithlaknannai-predict .awithlaknannai-dark-only { display: none; }
[data-jp-theme-light="false"] .awithlaknannai-predict .awithlaknannai-dark-only { display: block; }
[data-jp-theme-light="false"] .awithlaknannai-predict .awithlaknannai-light-only { display: none; }
</style>"""

# The reveal's frame: a coloured edge and a faint tint, the text in the theme's own colour
# (readable in the light and the dark theme alike); the words say what it is.
_REVEAL_COLOUR = "#0072B2"

_CODE_SPAN = re.compile(r"`([^`]+)`")
_EMPHASIS = re.compile(r"\*([^*`]+)\*")


def _html(text: str) -> str:
    escaped = html.escape(text, quote=False)
    return _EMPHASIS.sub(r"<em>\1</em>", _CODE_SPAN.sub(r"<code>\1</code>", escaped))


def _plain(text: str) -> str:
    return _EMPHASIS.sub(r"\1", _CODE_SPAN.sub(r"\1", text))


class PredictBox(WholePlainText, widgets.VBox):
    """A prediction: the question, a guess (choices or a number), **Lock in my guess**, then the answer.

    Made by :func:`predict`. :meth:`lock_in` is what the button does:
    it reads the guess, locks it (the input is disabled), works out the
    answer and shows it. ``revealed`` holds the :class:`Reveal` once
    shown; ``status.text`` is the status line.
    """

    def __init__(self, prediction: Prediction) -> None:
        if not isinstance(prediction, Prediction):
            raise TypeError(f"PredictBox needs a Prediction, got {type(prediction).__name__}")
        self.prediction = prediction
        self.revealed: Reveal | None = None
        self.guess: int | str | None = None
        layout = widgets.Layout(width="auto", max_width="40em")
        predict_word = html.escape(_("Predict:"))
        question = f"<p><strong>{predict_word}</strong> {_html(_(prediction.question))}</p>"
        if prediction.note:
            question += f"<p>{_html(_(prediction.note))}</p>"
        self.question_view = widgets.HTML(_STYLE + FOCUS_STYLE + question)
        if prediction.choices is not None:
            self._options = {f"{letter}) {_(text)}": letter for letter, text in prediction.choices.items()}
            self.guess_input: widgets.Widget = widgets.RadioButtons(
                options=list(self._options),
                value=None,
                description=_("Your guess"),
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),
            )
        else:
            self._options = {}
            # continuous_update=False: the value arrives on Enter or on leaving the box; only the
            # button locks the guess in, so a guess is never locked in by accident.
            self.guess_input = widgets.Text(
                value="",
                description=_("Your guess"),
                placeholder=_("a whole number, like 7"),
                continuous_update=False,
                style={"description_width": "initial"},
                layout=layout,
            )
        self.lock_button = widgets.Button(
            description=_(LOCK_IN),
            icon="lock",
            button_style="primary",
            tooltip=_("Lock in your guess; then the computer works out the answer"),
        )
        self.lock_button.on_click(lambda _: self.lock_in())
        self.status = StatusLine(text=_(WAITING))
        self.reveal_view = widgets.HTML("")
        super().__init__(
            [
                KeyboardShield(),
                self.question_view,
                self.guess_input,
                self.lock_button,
                self.status,
                self.reveal_view,
            ]
        )
        self.add_class("awithlaknannai-answer")  # the answer boxes' focus ring and button rules
        self.add_class("awithlaknannai-predict")

    def _read_guess(self) -> int | str | None:
        if self.prediction.choices is not None:
            chosen = self.guess_input.value
            return None if chosen is None else self._options[chosen]
        text = str(self.guess_input.value).strip()
        return int(text) if re.fullmatch(r"[+-]?[0-9]{1,9}", text) else None

    def _guess_text(self, guess: int | str) -> str:
        if self.prediction.choices is not None:
            return f"{guess}) {_(self.prediction.choices[str(guess)])}"
        return str(guess)

    def lock_in(self) -> str:
        """Lock the guess in, work out the answer, show it; return the status line's text.

        Without a guess nothing happens but a word in the status line.
        Pressing again after the answer shows repeats the status line.
        """
        if self.revealed is not None and self.guess is not None:
            return self._say(self.status.text)
        guess = self._read_guess()
        if guess is None:
            if self.prediction.choices is not None:
                return self._say(_("Nothing is locked in yet: choose an answer first."))
            return self._say(_("Nothing is locked in yet: type a whole number first, like 7."))
        self.guess = guess
        self.guess_input.disabled = True
        self._say(_("Locked in: {guess}. Working out the answer...").format(guess=self._guess_text(guess)))
        try:
            reveal = self.prediction.reveal()
            if not isinstance(reveal, Reveal):
                raise TypeError(f"the prediction's reveal gave a {type(reveal).__name__}, not a Reveal")
        except Exception as error:  # noqa: BLE001 - a teacher's reveal may fail in any way: say so, unlock
            self.guess = None
            self.guess_input.disabled = False
            return self._say(
                _(
                    "The computer could not work out the answer ({error}). Press {button} to try again."
                ).format(error=f"{type(error).__name__}: {error}", button=_(LOCK_IN))
            )
        self.revealed = reveal
        self.reveal_view.value = self._reveal_html(reveal)
        self.lock_button.description = _("Locked in")
        self.lock_button.icon = "check"
        # Short, as a status line should be: the reveal just below it says the rest.
        return self._say(
            _("Locked in: {guess}. {comparison}").format(
                guess=self._guess_text(guess), comparison=self.prediction.compare(guess, reveal)
            )
        )

    def _say(self, text: str) -> str:
        self.status.text = text
        return text

    def _reveal_html(self, reveal: Reveal) -> str:
        heading = html.escape(_("The computer's answer:"))
        paragraphs = [f"<p><strong>{heading}</strong> {_html(reveal.summary)}</p>"]
        paragraphs += [
            f"<p>{_html(' '.join(part.split()))}</p>"
            for part in reveal.explanation.split("\n\n")
            if part.strip()
        ]
        picture = f"<div>{reveal.picture.html()}</div>" if reveal.picture is not None else ""
        if reveal.picture is not None and reveal.dark_picture is not None:
            # One of the two shows, as the theme says (see _STYLE); the hidden one is not read out either.
            picture = (
                f'<div class="awithlaknannai-light-only">{reveal.picture.html()}</div>'
                f'<div class="awithlaknannai-dark-only">{reveal.dark_picture.html()}</div>'
            )
        return (
            f'<div class="awithlaknannai-reveal" style="border-left:6px solid {_REVEAL_COLOUR};'
            f"padding:0.4em 0.8em;margin:0.3em 0;background:{_REVEAL_COLOUR}1a;border-radius:4px;"
            f'line-height:1.45">{"".join(paragraphs)}{picture}{reveal.table_html}</div>'
        )

    def __repr__(self) -> str:
        # The plain-text form saved in the notebook: the question and what to do, never the answer
        # (the answer does not exist until the student locks in).
        choices = "".join(f"\n  {text}" for text in self._options)
        status = self.status.text
        if status == _(WAITING):  # a notebook opened but not run yet shows this text, and no button
            status += " " + _("(No button? Run this cell first.)")
        heading = _("Prediction ({id}):").format(id=self.prediction.id)
        return f"{heading} {_plain(_(self.prediction.question))}{choices}\n{status}"


def predict(prediction: str | Prediction) -> PredictBox:
    """A prediction box: one of the tutorial's (by id, see :func:`prediction_ids`) or a :class:`Prediction`.

    Raises
    ------
    ValueError
        If the id is not a known prediction.
    TypeError
        If ``prediction`` is neither an id nor a Prediction.
    """
    if isinstance(prediction, str):
        if prediction not in PREDICTIONS:
            raise ValueError(
                f"unknown prediction {prediction!r}{did_you_mean(prediction, list(PREDICTIONS))}; "
                f"known: {', '.join(PREDICTIONS)}"
            )
        prediction = PREDICTIONS[prediction]
    if not isinstance(prediction, Prediction):
        raise TypeError(f"predict needs a prediction id or a Prediction, got {type(prediction).__name__}")
    return PredictBox(prediction)


# --- the tutorial's predictions ----------------------------------------------------------------
# Every answer below is computed from the package when the student locks in; none is written here.


def _shorter(first: float, second: float) -> str:
    """``"a"`` if ``first`` is clearly smaller, ``"b"`` if ``second`` is, ``"c"`` if they are about the same."""
    if abs(first - second) < SAME_SHARE * max(first, second):
        return "c"
    return "a" if first < second else "b"


_CULIN, _MURRAY = N_("Culin's board (1907)"), N_("Murray's drawing (1952)")


def _more_edges() -> Reveal:
    from ..boards import mosona
    from ..render.drawings import THEMES, compare_drawings_svg, drawing_differences

    culin, murray = mosona(), mosona(outer_lines=False)
    labels = [str(_CULIN), str(_MURRAY)]
    diff = drawing_differences(culin, murray, labels)
    extra = culin.number_of_edges() - murray.number_of_edges()
    per_line: dict[int, int] = {}
    for a, b in diff.extra_edges[0]:
        per_line[culin.edges[a, b]["line"]] = per_line.get(culin.edges[a, b]["line"], 0) + 1
    lines = culin.graph["lines"]
    where = _(" and ").join(
        _("{count} on the line {start} to {end}").format(count=count, start=lines[i][0], end=lines[i][-1])
        for i, count in per_line.items()
    )
    pictures = [
        Picture(
            compare_drawings_svg(
                culin, murray, labels, theme=theme, title=_("What Murray's drawing leaves out")
            )
        )
        for theme in THEMES
    ]
    return Reveal(
        extra,
        _(
            "Culin's board has {culin} line segments and Murray's drawing {murray}: {extra} more on Culin's board."
        ).format(culin=culin.number_of_edges(), murray=murray.number_of_edges(), extra=extra),
        _(
            "They are the segments along the two outer rows: {where}. With them go {leaps} leap lines, the "
            "dotted arcs in the picture: on Murray's drawing no capture can run along an outer row. The badges "
            "show how many more neighbours each point of the outer rows has on Culin's board."
        ).format(where=where, leaps=len(diff.extra_leap_lines[0])),
        pictures[0],
        dark_picture=pictures[1],
    )


_register(
    Prediction(
        "02-more-edges",
        N_("How many more line segments (edges) does Culin's board have than Murray's drawing?").message,
        _more_edges,
        note=N_("Count in the picture above, or reason from the rows. Type a whole number.").message,
    )
)


def _selfplay(variant: str, rules: Any = "standard") -> Any:
    """100 random games (seed 1): saved in the package where they can be (a student waits less), else played."""
    from ..analysis.saved import saved_selfplay, saved_selfplay_boards
    from ..analysis.selfplay import selfplay_statistics

    if isinstance(rules, str) and (variant, rules) in saved_selfplay_boards():
        return saved_selfplay(variant, rules, players="random", games=100, seed=1)
    return selfplay_statistics(variant, rules, players="random", games=100, seed=1)


def _random_lengths() -> Reveal:
    from ..analysis.plots import length_histograms

    culin, murray = _selfplay("mosona"), _selfplay("mosona-murray")
    blocked = "no legal move"
    chart = Picture.from_figure(length_histograms({"Culin's board": culin, "Murray's drawing": murray}))
    return Reveal(
        _shorter(culin.mean_length, murray.mean_length),
        f"On average a game lasted {culin.mean_length:.0f} turns on Culin's board and "
        f"{murray.mean_length:.0f} on Murray's drawing.",
        f"With fewer lines, pieces get stuck more easily: on Murray's drawing "
        f"{murray.reasons.get(blocked, 0)} of the 100 games ended because a player could not move "
        f"(on Culin's board: {culin.reasons.get(blocked, 0)}). So the way the board is drawn changes the game, "
        f"not just its picture.\n\n"
        "100 games is a small sample: another seed gives somewhat different numbers.",
        chart,
    )


_register(
    Prediction(
        "06-random-lengths",
        "Two random players play 100 games on each drawing of the Mosona board (standard rules). On which "
        "drawing are the games shorter, on average?",
        _random_lengths,
        {
            "a": "Culin's board, with the outer-row lines",
            "b": "Murray's drawing, without them",
            "c": "About the same (less than 5 % apart)",
        },
        note="The computer plays the 200 games when you lock in (a second or two).",
    )
)


def _who_wins_random() -> Reveal:
    from ..analysis.plots import result_bars

    culin, murray = _selfplay("mosona"), _selfplay("mosona-murray")
    gap = culin.first_player_wins - culin.second_player_wins
    answer = "c" if abs(gap) < SAME_SHARE * culin.games else "a" if gap > 0 else "b"
    chart = Picture.from_figure(result_bars({"Culin's board": culin, "Murray's drawing": murray}))
    return Reveal(
        answer,
        f"On Culin's board the first player won {culin.first_player_wins} games, the second player "
        f"{culin.second_player_wins}, and {culin.draws} were drawn. On Murray's drawing: "
        f"{murray.first_player_wins}, {murray.second_player_wins} and {murray.draws}.",
        "Remember the opening: the first player must move into the centre, and under the standard rules "
        "the second player must jump that piece, so the second player makes the first capture. "
        "(A draw by *position repeated* or *turn limit* means the stand-in rules stopped a game in which "
        "nobody captured any more.)",
        chart,
    )


_register(
    Prediction(
        "06-who-wins-random",
        "In the 100 random games on Culin's board, which player wins more often?",
        _who_wins_random,
        {
            "a": "The first player (White, who moves first)",
            "b": "The second player (Black)",
            "c": "Neither: they win about as often as each other",
        },
    )
)


def _optional_chains() -> Reveal:
    from ..analysis.plots import length_histograms
    from ..rules import Rules

    standard, optional = _selfplay("mosona"), _selfplay("mosona", Rules(multi_leap="optional"))
    chart = Picture.from_figure(length_histograms({"standard rules": standard, "optional chains": optional}))
    return Reveal(
        # "a" (longer) when the standard games are the shorter ones.
        _shorter(standard.mean_length, optional.mean_length),
        f"On average a game lasted {optional.mean_length:.0f} turns with optional chains and "
        f"{standard.mean_length:.0f} with the standard rules; {optional.draws} against {standard.draws} "
        f"games were drawn.",
        "A likely reason: when a piece may stop leaping, a player (even a random one) often takes fewer "
        "pieces in one turn than the whole chain, so clearing the board takes more turns.",
        chart,
    )


_register(
    Prediction(
        "06-optional-chains",
        "With optional chains (a piece may stop leaping whenever it likes), are 100 random games on "
        "average longer or shorter than with the standard rules?",
        _optional_chains,
        {"a": "Longer", "b": "Shorter", "c": "About the same (less than 5 % apart)"},
    )
)


def _first_player_result(variant: str, rules: str = "standard") -> tuple[Any, list[str], float, int]:
    """Solve a whole small game: the first player's value, the winning (or best) first moves, seconds, positions."""
    from ..position import Position
    from ..tables.solver import solve_game

    started = time.perf_counter()
    tables = solve_game(variant, rules=rules, cache_dir=False)
    seconds = time.perf_counter() - started
    start = Position.start(variant, rules)
    best = [str(move) for move, _ in tables.best_moves(start)]
    return tables.value(start), best, seconds, sum(report.positions for report in tables.reports)


def _in_words(value: Any, best: list[str]) -> str:
    if value.outcome == "win":
        only = "the only winning first move is" if len(best) == 1 else "winning first moves:"
        return f"the first player wins in {value.moves} moves ({only} {', '.join(best)})"
    if value.outcome == "loss":
        return f"the first player loses in {value.moves} moves"
    return "a draw: neither player can force a win"


def _drawing_decides() -> Reveal:
    from ..render.drawings import THEMES, compare_drawings_svg

    boards = ["zuni-4", "zuni-4-murray"]
    labels = ["With the outer-row lines (Culin's style)", "Without them (Murray's style)"]
    solved = [_first_player_result(board) for board in boards]
    wins = [value.outcome == "win" for value, *_ in solved]
    answer = {(True, False): "a", (False, True): "b", (True, True): "c", (False, False): "d"}[
        (wins[0], wins[1])
    ]
    words = [_in_words(value, best) for value, best, _, _ in solved]
    results = [f"Perfect play, standard rules: {text}" for text in words]
    pictures = [
        Picture(
            compare_drawings_svg(
                boards[0],
                boards[1],
                labels,
                results=results,
                unit=60,
                theme=theme,
                title="The 13-point board: the drawing changes who wins",
            )
        )
        for theme in THEMES
    ]
    seconds = " and ".join(f"{s:.1f}" for _, _, s, _ in solved)
    return Reveal(
        answer,
        f"With the outer-row lines, {words[0]}. Without them, {words[1]}.",
        f"The computer has just solved every position of both games, {solved[0][3]:,} for each drawing, "
        f"in {seconds} seconds. The two boards differ only by the lines along the outer rows (the dashed "
        f"segments and dotted leap arcs), and that is enough to change who wins.",
        pictures[0],
        dark_picture=pictures[1],
    )


_register(
    Prediction(
        "06-drawing-decides",
        "On the 13-point board `zuni-4`, with perfect play and the standard rules: on which drawing can the "
        "first player force a win?",
        _drawing_decides,
        {
            "a": "With the outer-row lines (Culin's style)",
            "b": "Without them (Murray's style)",
            "c": "On both",
            "d": "On neither",
        },
        note="When you lock in, the computer solves both games completely (a few seconds).",
    )
)


_ALBUM = {"a": "mosona", "b": "lau-kata-kati", "c": "egara-guti", "d": "pretwa", "e": "gol-skuish"}
ALBUM_NAMES = {
    "mosona": "Mosona",
    "lau-kata-kati": "Lau kata kati",
    "dash-guti": "Dash-guti",
    "egara-guti": "Egara-guti",
    "pretwa": "Pretwa",
    "gol-skuish": "Gol-skuish",
    "tukvnanawopi": "Tukvnanawopi",
    "tukvnanawopi-shrinking": "Tukvnanawopi (shrinking)",
    "tuknanavuhpi": "Tuknanavuhpi",
}


def _shortest_games() -> Reveal:
    from ..analysis.plots import mean_length_bars
    from ..render.compare import board_statistics

    stats = {name: _selfplay(name) for name in ALBUM_NAMES}
    letter = min(_ALBUM, key=lambda key: stats[_ALBUM[key]].mean_length)
    shortest = _ALBUM[letter]
    longest = max(_ALBUM.values(), key=lambda name: stats[name].mean_length)
    chart = Picture.from_figure(
        mean_length_bars(
            {ALBUM_NAMES[name]: s for name, s in stats.items()},
            title="How long is a random game on each board?",
        )
    )
    diameters: dict[str, int] = {
        name: int(board_statistics(name)["diameter"])  # type: ignore[call-overload]
        for name in _ALBUM.values()
    }
    reason = ""
    if diameters[shortest] == min(diameters.values()):
        reason = (
            f"One likely reason: on {ALBUM_NAMES[shortest]} no two points are more than "
            f"{diameters[shortest]} steps apart, the fewest of these five boards, so the pieces meet and "
            f"capture soon.\n\n"
        )
    return Reveal(
        letter,
        f"Of the five, games were shortest on {ALBUM_NAMES[shortest]}: {stats[shortest].mean_length:.0f} turns "
        f"on average, against {stats[longest].mean_length:.0f} on {ALBUM_NAMES[longest]}, the longest of the five.",
        reason + "The chart shows every board of the album (100 games each, standard rules).",
        chart,
    )


_register(
    Prediction(
        "07-shortest-games",
        "Two random players play 100 games on each board (standard rules). Of these five boards, on which "
        "are the games shortest, on average?",
        _shortest_games,
        {letter: ALBUM_NAMES[name] for letter, name in _ALBUM.items()},
        note="Look at the pictures of the boards above. The computer plays the games when you lock in.",
    )
)


def _who_wins_mosona() -> Reveal:
    from ..analysis.frontier import EVEN_ENDGAMES, MOSONA_POSITIONS, SOLVED_UP_TO
    from ..render.known import known_about_mosona

    five = EVEN_ENDGAMES[SOLVED_UP_TO]
    won, drawn, _ = five.shares()
    return Reveal(
        "d",
        "Nobody knows yet. Every position with at most "
        f"{SOLVED_UP_TO} pieces a side is solved, but the whole game is far bigger.",
        f"With {SOLVED_UP_TO} pieces against {SOLVED_UP_TO}, the side to move wins {100 * won:.0f} % of the "
        f"positions and {100 * drawn:.0f} % are draws, but the start has 12 against 12. The whole game has "
        f"about {MOSONA_POSITIONS / 1e9:,.0f} billion positions, nearly as many as Awari (889 billion), which "
        "took 144 computers working together for two days. "
        "The picture puts Mosona beside games that have been solved.",
        known_about_mosona(),
    )


_register(
    Prediction(
        "07-who-wins-mosona",
        "Awithlaknannai Mosona, with perfect play on both sides: who wins?",
        _who_wins_mosona,
        {
            "a": "the first player",
            "b": "the second player",
            "c": "nobody: it is a draw",
            "d": "nobody knows yet",
        },
        note="Guess, then lock in: the answer comes with a picture of what is known.",
    )
)


def _greedy_real_choices(results: Any, name: str) -> tuple[int, int]:
    """In ``results``' games, (turns of ``name``, turns where counting pieces after its own move told moves apart)."""
    turns = differ = 0
    for record in results.games:
        position = Position.start(results.variant)
        for text in record.moves:
            if (position.turn is Color.WHITE) == (record.white == name):
                me = position.turn
                scores = {
                    position.play(m).count(me) - position.play(m).count(me.other)
                    for m in position.legal_moves()
                }
                turns += 1
                differ += len(scores) > 1
            position = position.play(text)
    return turns, differ


def _against_beginner(choose_move: Callable[[Position], Any]) -> tuple[tuple[int, int, int], int, int]:
    """(won, drawn, lost) of ``choose_move`` in 100 seeded games against the beginner, and (turns, real choices)."""
    from ..league.lesson import test_player

    won = drawn = games = turns = differ = 0
    for seed in range(5):  # 5 seeded tests of 20 games: the same 100 games every time
        report = test_player(choose_move, against=["beginner"], games=20, seed=seed, progress=False)
        row = report.table()[0]
        won, drawn, games = won + row["won"], drawn + row["drawn"], games + row["games"]
        seen = _greedy_real_choices(report.results, report.name)
        turns, differ = turns + seen[0], differ + seen[1]
    return (won, drawn, games - won - drawn), turns, differ


def _greedy_against_beginner() -> Reveal:
    from ..analysis.plots import score_bars
    from ..league.lesson import greedy_choose_move
    from ..players import make_player

    (won, drawn, lost), turns, differ = _against_beginner(greedy_choose_move)
    at_random, _, _ = _against_beginner(make_player("random", seed=1).choose_move)
    games = won + drawn + lost
    share = (won + drawn / 2) / games
    answer = "a" if share >= 0.8 else "b" if share > 0.6 else "c" if share >= 0.4 else "d"
    chart = Picture.from_figure(
        score_bars(
            {"the template (takes the most)": (won, drawn, lost), "a player moving at random": at_random},
            title="100 games each against the beginner",
        )
    )
    return Reveal(
        answer,
        f"The greedy template won {won} of {games} games against the beginner, drew {drawn} and lost "
        f"{lost}: a score of {100 * share:.0f}%. A player moving at random won {at_random[0]}.",
        f"Why so little? Capturing is compulsory under the standard rules, so when a capture is possible "
        f"every legal move is a capture, and when none is, every move leaves the pieces level. In these "
        f"games, counting pieces after its own move told the template's moves apart on only {differ} of its "
        f"{turns} turns; on all the others it picked at random, just like the beginner.\n\n"
        f"What it never looks at is the *answer*: the piece it leaves where the other side can jump it. "
        f"That is the first idea to add to your player.",
        chart,
    )


_register(
    Prediction(
        "08-greedy-vs-beginner",
        "The template player always takes as many pieces as it can. It plays 100 games against the beginner, "
        "who plays any legal move at random. How does it do?",
        _greedy_against_beginner,
        {
            "a": "It wins almost every game (80% or more)",
            "b": "It wins most games (60 to 80%)",
            "c": "About half and half (40 to 60%)",
            "d": "It loses most games",
        },
        note="The computer plays 200 games when you lock in (a few seconds): the template's, and a random player's.",
    )
)
