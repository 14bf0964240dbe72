"""A board that asks: the student answers a challenge by playing moves, and the board answers back.

:class:`ChallengeBoard` shows one challenge or a row of them (see
:mod:`~awithlaknannai.tutorial.challenges`) on a clickable board:

* a right move is answered at once: "Solved!" with the explanation, or
  the opponent's defence played on the board (puzzles of several moves);
* a wrong move is answered on the board too: the reply that refutes it is
  played (animated), with one line of why, and **Try again** starts over;
* **Hint** grows with each press: the challenge's own words, then a ring
  round the piece to move, then an arrow for its first leap;
* a row of challenges shows which are done (a tick), and what is done
  stays done when the cell runs again in the same session.

Everything works by keyboard (the board's arrow keys and Enter, the
buttons by Tab) and every change is said in the board's status line, a
live region a screen reader reads. Its words, the buttons' too, are in the
session's language (:mod:`awithlaknannai.i18n`) of the moment the board is made
or the move is played.

Examples
--------
>>> from awithlaknannai.tutorial.challenges import Challenge, capture
>>> board = ChallengeBoard(Challenge("mosona standard ......../...bb..b./b.w...w. w 0",
...                                  capture(2), "Two in one turn"), animate=False)
>>> board.board.click("B6").accepted, board.board.click("T7").played
(True, Move('B6xT7'))
>>> print(board.board.status_text)
\u26a0 Not yet: that move takes 1 piece. Find a move that takes 2. Press Try again to start over.
>>> board.try_again(); board.play("B2xT3xB4").solved, board.solved
(True, True)
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..game import Game
from ..i18n import gettext as _
from ..position import Move
from ..widgets.board import BoardWidget, _running_loop, preview_html, wait_for_tasks
from ..widgets.buttons import text_button
from ..widgets.shield import KeyboardShield
from .challenges import GOING_ON, SOLVED, WRONG, Challenge, ChallengeRun, Verdict, challenge_set

__all__ = ["PROGRESS", "ChallengeBoard"]

#: What is solved in this session, by challenge key: a board made again (the cell run again) keeps it.
PROGRESS: dict[str, bool] = {}

_RESET_DELAY = 0.9  # seconds: every_move() shows the move found before the board goes back
_REPLY_DELAY = 0.25  # seconds: the student's move is seen before the reply
TICK = "\u2714"


class ChallengeBoard(widgets.VBox):
    """One challenge, or a row of them, on a board the student plays on.

    Parameters
    ----------
    challenges : Challenge or sequence of Challenge
        What to ask, in order.
    animate : bool
        Slide the pieces (switch off in tests and on slow connections).
    **board_options
        Passed on to :class:`~awithlaknannai.widgets.BoardWidget` (``unit``, ``labels``, ...).
    """

    def __init__(
        self, challenges: Challenge | Sequence[Challenge], *, animate: bool = True, **board_options: Any
    ) -> None:
        items = (challenges,) if isinstance(challenges, Challenge) else challenge_set(challenges)
        self.challenges: tuple[Challenge, ...] = items
        self.index = 0
        self.run: ChallengeRun = items[0].run()
        self._pending: asyncio.Task[None] | None = None
        self.heading = widgets.HTML()
        self.board = BoardWidget(
            Game(start=self.run.position), animate=animate, name=items[0].title, **board_options
        )
        self.board.on_move(self._after_move)
        self.hint_button = text_button(_("Hint"), _("One more step of a hint"))
        self.again_button = text_button(_("Try again"), _("Start this challenge again"))
        self.next_button = text_button(_("Next challenge"), _("Go on to the next one"))
        self.hint_button.on_click(lambda _button: self.hint())
        self.again_button.on_click(lambda _button: self.try_again())
        self.next_button.on_click(lambda _button: self.go_to((self.index + 1) % len(self.challenges)))
        buttons: list[widgets.Widget] = [self.hint_button, self.again_button]
        if len(items) > 1:
            buttons.append(self.next_button)
        self.progress = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._progress_buttons = [widgets.Button(layout=widgets.Layout(width="auto")) for _item in items]
        for number, button in enumerate(self._progress_buttons):
            button.on_click(lambda _button, n=number: self.go_to(n))
        self.progress.children = self._progress_buttons if len(items) > 1 else []
        self.controls = widgets.HBox(
            buttons, layout=widgets.Layout(flex_flow="row wrap", align_items="center")
        )
        super().__init__([KeyboardShield(), self.heading, self.progress, self.board, self.controls])
        self.add_class("awithlaknannai-challenge")
        self._show_challenge()

    # --- what is shown ------------------------------------------------------------------

    @property
    def challenge(self) -> Challenge:
        """The challenge on the board now."""
        return self.challenges[self.index]

    @property
    def solved(self) -> bool:
        """Whether the challenge on the board has been solved (in this session)."""
        return PROGRESS.get(self.challenge.key, False)

    def done(self) -> list[bool]:
        """For each challenge of the row, whether it is solved."""
        return [PROGRESS.get(c.key, False) for c in self.challenges]

    def _show_heading(self) -> None:
        """The title and task, and the row's buttons with a tick on each challenge solved."""
        challenge = self.challenge
        count = len(self.challenges)
        where = (
            _("Challenge {number} of {count}: ").format(number=self.index + 1, count=count)
            if count > 1
            else ""
        )
        tick = f" {TICK} " + _("solved") if self.solved else ""
        self.heading.value = (
            f'<div class="awithlaknannai-challenge-task"><b>{html.escape(where + challenge.title)}'
            f"</b>{tick}<br>{html.escape(challenge.task)}</div>"
        )
        for number, (button, item) in enumerate(zip(self._progress_buttons, self.challenges)):
            done = PROGRESS.get(item.key, False)
            button.description = f"{TICK + ' ' if done else ''}{number + 1}. {item.title}"
            button.tooltip = _("solved: {task}").format(task=item.task) if done else item.task
            # The one on the board: a bar under its label (the heading says "Challenge 2 of 5" too).
            if number == self.index:
                button.add_class("awithlaknannai-current-challenge")
            else:
                button.remove_class("awithlaknannai-current-challenge")

    def _show_challenge(self) -> None:
        challenge = self.challenge
        self._show_heading()
        self.board.name = challenge.title
        self.board.set_game(Game(start=self.run.position))
        self.board.unlock()
        self.board.show_status(
            challenge.task + (" " + _("(Solved already: play it again if you like.)") if self.solved else "")
        )

    def go_to(self, index: int) -> None:
        """Show challenge number ``index`` (0 is the first) from its start."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.challenges):
            raise ValueError(f"challenge number must be from 0 to {len(self.challenges) - 1}, got {index!r}")
        self._cancel_pending()
        self.index = index
        self.run = self.challenge.run()
        self._show_challenge()

    def try_again(self) -> None:
        """Start the challenge on the board again (tries and hints are counted on)."""
        self._cancel_pending()
        self.run.solved = False
        self.run.reset()
        self.board.set_game(Game(start=self.run.position))
        self.board.unlock()
        self.board.show_status(_("Again: {task}").format(task=self.challenge.task))

    def hint(self) -> None:
        """One more step of a hint, drawn on the board and said on the status line."""
        if self.board.controller.locked is not None:
            self.try_again()
        mark = self.run.hint()
        self.board.show_hint(mark.path, _("Hint: {hint}").format(hint=mark.text), piece=mark.piece)

    # --- moves ----------------------------------------------------------------------------

    def play(self, move: Move | str) -> Verdict:
        """Play ``move`` as if it had been clicked (for scripts and tests); returns the verdict."""
        if self.board.controller.locked is not None:
            return Verdict("refused", self.board.controller.locked)
        try:
            played = self.board.game.play(move)
        except ValueError:
            verdict = self.run.play(move)  # the run words the refusal, without example moves
            self.board.show_status(verdict.message, error=True)
            return verdict
        self.board.controller.clear()
        self.board.show_move(played)
        return self._judge(played)

    def _after_move(self, move: Move) -> None:
        self._judge(move)

    def _judge(self, move: Move) -> Verdict:
        verdict = self.run.play(move)
        if verdict.status == SOLVED:
            PROGRESS[self.challenge.key] = True
            self.board.lock(
                _("Solved! Press Try again to play it once more, or Next challenge.")
                if len(self.challenges) > 1
                else _("Solved! Press Try again to play it once more.")
            )
            self._show_heading()
            self.board.show_status(verdict.message)
        elif verdict.status == GOING_ON and verdict.reply is not None:
            self._show_reply(verdict.reply, verdict.message, lock=None)
        elif verdict.status == GOING_ON:  # every_move(): the move was counted, back to the start
            self.board.show_status(verdict.message)
            self._later(self._back_to_start, delay=_RESET_DELAY)
        elif verdict.status == WRONG:
            text = _("{message} Press Try again to start over.").format(message=verdict.message)
            if verdict.reply is not None:
                self._show_reply(verdict.reply, text, lock=text)
            else:
                self.board.lock(text)
                self.board.show_status(text, error=True)
        else:
            self.board.show_status(verdict.message, error=True)
        return verdict

    def _show_reply(self, reply: Move, text: str, lock: str | None) -> None:
        """Play the opponent's reply on the board (animated after the student's move) and say why."""
        self.board.lock(_("Wait for the reply."))

        def answer() -> None:
            played = self.board.game.play(reply)
            self.board.show_move(played)
            self.board.unlock()
            if lock is not None:
                self.board.lock(lock)
            self.board.show_status(text, error=lock is not None)

        self._later(answer)

    def _back_to_start(self) -> None:
        self.board.set_game(Game(start=self.run.position))
        self.board.unlock()
        self.board.show_status(
            _("{message} Play another one.").format(message=self.board.status_text.lstrip("\u26a0 "))
        )

    # --- timing ---------------------------------------------------------------------------

    def _later(self, action: Any, delay: float = _REPLY_DELAY) -> None:
        """Run ``action`` ``delay`` seconds after the move's animation has ended (at once without an event loop)."""
        loop = _running_loop()
        if loop is None:
            action()
            return
        self._cancel_pending()
        self._pending = loop.create_task(self._after_animation(action, delay))

    async def _after_animation(self, action: Any, delay: float) -> None:
        animation = self.board.animation
        if animation is not None:
            await asyncio.wait({animation})
        await asyncio.sleep(delay)
        action()

    def _cancel_pending(self) -> None:
        if self._pending is not None and not self._pending.done():
            self._pending.cancel()
        self._pending = None

    async def wait_idle(self) -> None:
        """Wait until every reply and animation has been shown."""
        await wait_for_tasks(lambda: (self._pending, self.board.animation))

    # --- how a saved notebook shows it -----------------------------------------------------

    def __repr__(self) -> str:
        challenge = self.challenge
        count = len(self.challenges)
        if count > 1:
            text = _("<Challenge board: {title} (1 of a row of {count}). {task} Run the cell to play.>")
        else:
            text = _("<Challenge board: {title}. {task} Run the cell to play.>")
        return text.format(title=challenge.title, count=count, task=challenge.task)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:  # a picture and the task for a notebook opened without its kernel
            bundle["text/plain"] = repr(self)
            task = html.escape(f"{self.challenge.title}: {self.challenge.task}")
            bundle["text/html"] = f"<p><b>{task}</b></p>" + preview_html(
                Game(start=self.challenge.start), what="challenge"
            )
        return bundle
