"""The prediction box: a question, a guess, **Lock in my guess**, then the computer's answer.

A :class:`Prediction` is the question and how to work out its answer; a
:class:`Reveal` is that answer; :class:`PredictBox` is the widget a
notebook shows (made by :func:`awithlaknannai.tutorial.predict.predict`,
which also holds the tutorial's own predictions).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import anywidget
import ipywidgets as widgets
import traitlets

from ..i18n import N_, _
from ..render.picture import Picture
from ..widgets.access import FOCUS_STYLE
from ..widgets.shield import KeyboardShield
from .plain_text import WholePlainText

__all__ = ["LOCK_IN", "WAITING", "PredictBox", "Prediction", "Reveal", "StatusLine"]


# English, as the tests read them; shown through _() (.message: the text N_ marks for the catalog).
LOCK_IN = N_("Lock in my guess").message
WAITING = N_("Make your prediction, then press Lock in my guess.").message


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
