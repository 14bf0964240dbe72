"""A whole game in a notebook: board, status, move list, history, rules and opponents.

:class:`GameWidget` puts a :class:`~awithlaknannai.widgets.board.BoardWidget`
together with everything around a game: choosing the board and the rules,
new game, undo and redo, history buttons and a move number box that replay the
game move by move, a box to type moves, the game record (to copy, or to paste one in and replay it)
and computer opponents. Its labels, buttons and status lines are in the session's language
(:mod:`awithlaknannai.i18n`) of the moment it is made; names of boards and rules texts are not translated.

Its parts by concern: the computer players in :mod:`.opponents`, the hints in
:mod:`.hints`, the move list in :mod:`.move_list` and the game record box in
:mod:`.record_box`; this module ties them to the board, the menus and the history.
"""

from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as widgets

from ..errors import GameOverError, IllegalMoveError
from ..game import Game
from ..i18n import N_, LazyString, ngettext
from ..i18n import gettext as _
from ..position import Move, Position
from ..rules import PRESET_SOURCES, PRESETS, Rules, get_rules
from ..variants import VARIANT_MENU, Color, get_variant
from .board import BoardWidget, _running_loop, preview_html, saved_text, with_preview
from .buttons import text_button
from .controller import turn_status
from .hints import Hint, hint_for, hint_text
from .move_list import move_list_html
from .record_box import RecordBox
from .opponents import _COMPUTER_IN_THE_PAST, ComputerOpponents, _as_player
from .shield import KeyboardShield

__all__ = ["RULES_CHOICES", "VARIANT_CHOICES", "GameWidget", "Hint", "hint_for", "hint_text"]

#: The boards offered in the variant menu: (label, variant name), from the variants' registry; the labels
#: are lazy: the menu shows them in the session's language.
VARIANT_CHOICES: tuple[tuple[str | LazyString, str], ...] = VARIANT_MENU

#: The rules presets offered in the rules menu: (label, preset name).
#: The labels are lazy (N_): the menu shows them in the session's language.
RULES_CHOICES: tuple[tuple[Any, str], ...] = (
    (N_("Standard (encyclopedia)"), "standard"),
    (N_("Take the most (leglobejoueur)"), "maximum"),
    (N_("One leap, free (Ludii)"), "ludii"),
)

_BOARD_OPTIONS = frozenset({"unit", "max_width", "labels", "resolution"})  # passed on to BoardWidget
_THINK_DELAY = 0.35  # seconds: the human's move is seen before the reply comes


class GameWidget(ComputerOpponents, widgets.VBox):
    """Play a game in a notebook: against a friend, or against the computer.

    Parameters
    ----------
    variant : str, optional
        The board (``"mosona"``, ``"kolowis"``, ``"zuni-5"``, ...).
    rules : str or Rules, optional
        A preset (``"standard"``, ``"maximum"``, ``"ludii"``), a rules text
        or a :class:`~awithlaknannai.Rules`.
    game : Game or Position, optional
        Continue this game, or start from this position (a puzzle), instead
        of a new game of ``variant``.
    opponent : player or str, optional
        A computer opponent for the side NOT to move where the widget starts
        (so the person always moves first, from a puzzle too): any object with
        ``name`` and ``choose_move(position)``, or a level name such as
        ``"beginner"`` when the computer players are installed.
    white, black : player or str, optional
        Computer players for one colour each (both: watch them play).
    animate : bool
        Slide moving pieces (switch off for tests and slow connections).
    flipped : bool
        Show the board turned half round.
    think_delay : float
        Seconds the computer waits before answering, so the human's move
        is seen first.
    **board_options
        Passed on to :class:`BoardWidget` (``unit``, ``max_width``,
        ``labels``, ``resolution``).

    Examples
    --------
    >>> from awithlaknannai.widgets import GameWidget
    >>> widget = GameWidget("mosona", animate=False)
    >>> widget   # doctest: +SKIP
    >>> widget.play("B3-M4"), widget.play("T4xB3")
    (Move('B3-M4'), Move('T4xB3'))
    >>> widget.undo(); widget.move_number.value, widget.move_number.max
    (1, 2)
    >>> print(widget.board.status_text)
    Move 1 of 2. Black to move. Last move: White B3-M4. Black must capture. Press Latest to go back to the end, or play a different move here to replace the rest.
    """

    def __repr__(self) -> str:
        return saved_text("GameWidget", self.game, "an interactive game")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return with_preview(
            super()._repr_mimebundle_(**kwargs),
            lambda: preview_html(
                self.game,
                labels=self.board.labels,
                flipped=self.board.flipped,
                what="board against a friend or the computer",
            ),
        )

    def __init__(
        self,
        variant: str = "mosona",
        rules: str | Rules | None = None,
        *,
        game: Game | Position | None = None,
        opponent: Any = None,
        white: Any = None,
        black: Any = None,
        animate: bool = True,
        flipped: bool = False,
        think_delay: float = _THINK_DELAY,
        **board_options: Any,
    ) -> None:
        unknown = sorted(set(board_options) - _BOARD_OPTIONS)
        if unknown:  # worded as Python words it, naming this class (the student called GameWidget)
            raise TypeError(f"GameWidget() got an unexpected keyword argument {unknown[0]!r}")
        if game is not None and rules is not None:
            raise ValueError("rules= is for a new game; the game= given already has its rules")
        if isinstance(game, Position):
            game = Game(start=game)
        elif game is None:
            game = Game(variant, rules)
        elif not isinstance(game, Game):
            raise ValueError(f"game= takes a Game or a Position, got {type(game).__name__}")
        if think_delay < 0:
            raise ValueError(f"think_delay must be >= 0 seconds, got {think_delay!r}")
        self.think_delay = think_delay
        self.players: dict[Color, Any] = {Color.WHITE: None, Color.BLACK: None}
        self._known_players: dict[str, Any] = {}  # player objects the menu can give back
        if opponent is not None:
            self.players[game.position.turn.other] = _as_player(opponent)
        for color, player in ((Color.WHITE, white), (Color.BLACK, black)):
            if player is not None:
                self.players[color] = _as_player(player)
        self._start = game.start  # "New game" restarts here until the board or rules change
        self._generation = 0
        self._reply: asyncio.Task[None] | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._syncing = False

        self.board = BoardWidget(game, animate=animate, flipped=flipped, **board_options)
        self.board.on_move(self._after_human_move)
        self._build_controls()
        # KeyboardShield: keys pressed on the menus and boxes go to them, not to JupyterLab's shortcuts.
        super().__init__(
            [
                KeyboardShield(),
                self.top_bar,
                self.board,
                self.history_bar,
                self.entry_bar,
                self.move_list,
                self.record_box,
            ]
        )
        self.add_class("awithlaknannai-game")
        self._sync()
        self._schedule_reply()

    # --- the parts ------------------------------------------------------------

    def _build_controls(self) -> None:
        wide = {"description_width": "initial"}

        def menu_layout() -> widgets.Layout:
            # As wide as the longest choice, but never wider than the window (a phone's 320 px).
            # (less the widgets' 2 px margins: an output box scrolls for a single pixel too many)
            return widgets.Layout(width="auto", max_width="calc(100% - 4px)")

        self.variant_menu = widgets.Dropdown(description=_("Board"), style=wide, layout=menu_layout())
        self.rules_menu = widgets.Dropdown(description=_("Rules"), style=wide, layout=menu_layout())
        self._build_opponent_menus(wide, menu_layout)
        self.new_button = text_button(_("New game"), _("Start again"))
        self.flip_button = text_button(_("Flip board"), _("Turn the board round"))
        self.hint_button = text_button(
            _("Hint"),
            _(
                "Perfect play where the endgame solver knows the position, "
                "otherwise the strongest computer level's choice"
            ),
        )
        self.top_bar = widgets.HBox(
            [
                self.variant_menu,
                self.rules_menu,
                self.opponent_menu,
                self.computer_color_menu,
                self.new_button,
                self.flip_button,
                self.hint_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.undo_button = text_button(_("Undo"), _("Take back a move"))
        self.redo_button = text_button(_("Redo"), _("Play the move again"))
        self.first_button = text_button(_("Start"), _("Go to the start"))
        self.previous_button = text_button(_("Back"), _("One move back"))
        self.next_button = text_button(_("Forward"), _("One move on"))
        self.last_button = text_button(_("Latest"), _("Go to the latest move"))
        # The history's move number: a number box (its label names it for screen readers, arrow keys
        # step it); ipywidgets' slider handle cannot be given a name.
        self.move_number = widgets.BoundedIntText(
            min=0,
            max=0,
            value=0,
            description=_("Move number"),
            style=wide,
            layout=widgets.Layout(width="11em"),
        )
        self.history_total = widgets.Label(_("of {total}").format(total=0))
        self.history_bar = widgets.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.first_button,
                self.previous_button,
                self.move_number,
                self.history_total,
                self.next_button,
                self.last_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.move_entry = widgets.Text(
            placeholder=_("type a move, e.g. B3-M4 or T4xB3"),
            continuous_update=False,
            description=_("Move"),
            style=wide,
            layout=widgets.Layout(width="min(300px, calc(100% - 4px))"),
        )
        self.play_button = text_button(_("Play"))
        self.entry_bar = widgets.HBox(
            [self.move_entry, self.play_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.move_list = widgets.HTML()
        self.record_box = RecordBox()
        # The record box's parts, by the names the game widget has always given them.
        self.record_text, self.record_toggle, self.record_panel = (
            self.record_box.text,
            self.record_box.toggle,
            self.record_box.panel,
        )
        self.show_record_button, self.load_button = self.record_box.show_button, self.record_box.load_button

        self.variant_menu.observe(self._on_menu, names="value")
        self.rules_menu.observe(self._on_menu, names="value")
        self.new_button.on_click(lambda _: self.new_game())
        self.flip_button.on_click(lambda _: self.board.flip())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.undo_button.on_click(lambda _: self._run(self.undo))
        self.redo_button.on_click(lambda _: self._run(self.redo))
        self.first_button.on_click(lambda _: self.go_to(0))
        self.previous_button.on_click(lambda _: self.go_to(max(0, len(self.game.moves) - 1)))
        self.next_button.on_click(lambda _: self.go_to(min(len(self.line), len(self.game.moves) + 1)))
        self.last_button.on_click(lambda _: self.go_to(len(self.line)))
        self.move_number.observe(self._on_move_number, names="value")
        self.move_entry.observe(self._on_entry, names="value")
        self.play_button.on_click(lambda _: self._on_entry())
        self.show_record_button.on_click(lambda _: self._run(self.show_record))
        self.load_button.on_click(lambda _: self._run(lambda: self.load_record(self.record_text.value)))

    # --- state ----------------------------------------------------------------

    @property
    def line(self) -> tuple[Move, ...]:
        """Every move the history can reach: those played, then those taken back (the game's redo line)."""
        return (*self.game.moves, *self.game.taken_back)

    def at_latest(self) -> bool:
        """Whether the board shows the end of the line (nothing left to redo)."""
        return not self.game.can_redo()

    def _run(self, action: Any) -> None:
        """Run a button's action; a refusal goes to the status line instead of a traceback."""
        try:
            action()
        except ValueError as error:
            self.board.show_status(str(error), error=True)

    def _changed(self) -> None:
        """The game changed by the user's hand: any computer reply in flight is void."""
        self._generation += 1
        if self._reply is not None and not self._reply.done():
            self._reply.cancel()
        self._reply = None
        self.board.unlock()

    def _branch_if_computer_next(self) -> None:
        """After a move at an earlier point of the line: against the computer, that move ends the line.

        The game keeps the rest of the line when the move played is the one it
        had (as :meth:`Game.play` does), which suits two people replaying a game.
        But a computer to move must answer from the latest position, so the
        rest of the line goes: the computer then answers at once.
        """
        if self.game.can_redo() and self._computer_to_move() and not self._all_computers():
            self.game.clear_redo()

    def _sync(self, status: str | None = None) -> None:
        """Bring every control up to date with the game."""
        self._syncing = True
        try:
            game = self.game
            variant_name = game.variant.name
            options = list(VARIANT_CHOICES)
            if variant_name not in {value for _, value in options}:
                options.append((variant_name, variant_name))
            if list(self.variant_menu.options) != options:
                self.variant_menu.options = options
            self.variant_menu.value = variant_name
            rules_text = game.variant.rules.to_text()
            rule_options = [(str(label), value) for label, value in RULES_CHOICES]
            if rules_text not in PRESETS:
                rule_options.append((_("Custom: {rules}").format(rules=rules_text), rules_text))
            if list(self.rules_menu.options) != rule_options:
                self.rules_menu.options = rule_options
            self.rules_menu.value = rules_text
            preset = rules_text.split(",")[0]
            self.rules_menu.tooltip = PRESET_SOURCES.get(preset, "")
            self._sync_opponent_menu()
            played, total = len(game.moves), len(self.line)
            self.move_number.max = total
            self.move_number.value = played
            self.history_total.value = _("of {total}").format(total=total)
            self.undo_button.disabled = self._undo_count() == 0
            self.redo_button.disabled = not game.can_redo()
            self.first_button.disabled = self.previous_button.disabled = played == 0
            self.next_button.disabled = self.last_button.disabled = played == total
            self.move_list.value = move_list_html(game)
        finally:
            self._syncing = False
        if status is not None:
            self.board.show_status(status)

    # --- actions ----------------------------------------------------------------

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its text) as if it had been clicked.

        Raises the core's errors (a ``ValueError`` saying why) and changes
        nothing when the move is illegal.
        """
        if self.board.controller.locked is not None:
            raise IllegalMoveError(self.board.controller.locked)
        played = self.game.play(move)
        self.board.controller.clear()
        self.board.show_move(played)
        self._after_move()
        return played

    def _after_human_move(self, move: Move) -> None:
        self._after_move()

    def _after_move(self) -> None:
        self._generation += 1
        self._branch_if_computer_next()
        self._after_history()

    def _undo_count(self) -> int:
        """How many moves Undo takes back: against the computer, back to the person's own turn.

        0 when there is nothing of the person's to take back (only a computer
        has moved), so Undo never leaves the computer to move with its reply
        still ahead.
        """
        game = self.game
        if not game.moves:
            return 0
        if self._all_computers() or not any(p is not None for p in self.players.values()):
            return 1
        positions = game.positions
        for back in range(1, len(game.moves) + 1):
            if self.players[positions[-1 - back].turn] is None:
                return back
        return 0

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your own turn.

        Raises
        ------
        GameOverError
            When there is nothing to take back (a ``ValueError``; the Undo
            button is disabled then).
        """
        count = self._undo_count()
        if count == 0:
            if self.game.moves:
                raise GameOverError(
                    _("nothing to undo: only the computer has moved so far (New game starts again)")
                )
            raise GameOverError(_("nothing to undo: no move has been played"))
        self._changed()
        for _step in range(count):
            self.game.undo()
        self._after_history()

    def redo(self) -> None:
        """Play again the move taken back last; against the computer, its reply too."""
        self._changed()
        self.game.redo()
        while self.game.can_redo() and self._computer_to_move() and not self._all_computers():
            self.game.redo()
        self._after_history()

    def go_to(self, index: int) -> None:
        """Show the game after ``index`` moves of the line (0: the start), as the move number box does."""
        total = len(self.line)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= total:
            raise ValueError(f"move number must be between 0 and {total}, got {index!r}")
        if index == len(self.game.moves):
            return
        self._changed()
        while len(self.game.moves) > index:
            self.game.undo()
        while len(self.game.moves) < index:
            self.game.redo()
        self._after_history()

    def _after_history(self) -> None:
        self.board.controller.clear()
        self.board.redraw()
        self._sync(self._history_status())
        self._schedule_reply()

    def _history_status(self) -> str:
        status = turn_status(self.game)
        if self.at_latest():
            return status
        played, total = len(self.game.moves), len(self.line)
        where = _("Move {played} of {total}.").format(played=played, total=total)
        if self._computer_to_move() and not self.game.is_over():
            return f"{where} {status} {_COMPUTER_IN_THE_PAST}"
        return f"{where} {status} " + _(
            "Press Latest to go back to the end, or play a different move here to replace the rest."
        )

    def new_game(self, variant: str | None = None, rules: str | Rules | None = None) -> None:
        """Start again: the same start, or a new board and/or rules.

        Raises
        ------
        ValueError
            For an unknown variant or bad rules (nothing changes then).
        """
        if variant is None and rules is None:
            game = Game(start=self._start)
        else:
            name = variant if variant is not None else self.game.variant.name
            chosen = get_rules(rules) if rules is not None else self.game.variant.rules
            game = Game(
                get_variant(name, chosen, first=self.game.variant.first, bottom=self.game.variant.bottom)
            )
            self._start = game.start
        self._changed()
        self.board.set_game(game)
        self._sync(
            _("New game: {board}, {rules} rules.").format(
                board=game.variant.name, rules=game.variant.rules.to_text()
            )
            + " "
            + turn_status(game)
        )
        self._schedule_reply()

    def load_game(self, game: Game) -> None:
        """Show ``game`` with all its moves (and those taken back); the history buttons replay it."""
        if not isinstance(game, Game):
            raise TypeError(f"load_game needs a Game, got {type(game).__name__}")
        self._changed()
        self._start = game.start
        self.board.set_game(game)
        self._sync(
            ngettext(
                "Loaded a game of {count} move: press Start, then Forward, to replay it.",
                "Loaded a game of {count} moves: press Start, then Forward, to replay it.",
                len(self.line),
            ).format(count=len(self.line))
            + " "
            + self._history_status()
        )
        self._schedule_reply()

    def load_record(self, text: str) -> None:
        """Load a game record (the JSON text :meth:`record` gives); errors name the bad field."""
        self.load_game(Game.from_json(text))

    def record(self) -> str:
        """The game record (JSON) of the whole line, including moves taken back."""
        full = Game(start=self.game.start, tags=self.game.tags)
        for move in self.line:
            full.play(move)
        return full.to_json()

    def hint(self) -> str:
        """A hint for the side to move, in plain words: perfect play where known, else the strongest level's choice.

        Perfect play comes from endgame tables already solved in this session
        or cached on disk (see :func:`awithlaknannai.tables.solver.solve_endgames`),
        so it never starts a long computation. Elsewhere the strongest
        computer level (``"strong"``) suggests a move, labelled as such: it
        thinks for about a second (:meth:`show_hint` runs it without freezing
        the page and draws the move on the board as a dashed arrow).
        """
        return hint_for(self.game).text

    def show_hint(self) -> None:
        """The Hint button: the hint on the status line and its move as an arrow on the board.

        Computed in a worker thread when an event loop runs, so the page
        never freezes; a hint for a position the game has left is dropped.
        """
        loop = _running_loop()
        if loop is None:
            found = hint_for(self.game)
            self.board.show_hint(found.move, found.text)
            return
        if self._hint_task is not None and not self._hint_task.done():
            return  # one hint at a time
        self.board.show_status(_("Looking for a hint\u2026"))
        self._hint_task = loop.create_task(self._hint_later(self.game.position))

    async def _hint_later(self, position: Position) -> None:
        game = self.game
        try:
            found = await asyncio.get_running_loop().run_in_executor(None, hint_for, game)
        except Exception as error:  # noqa: BLE001 - a failed hint must not break the page
            found = Hint(None, _("No hint this time: {error}").format(error=error))
        if self.game is game and game.position is position:
            self.board.show_hint(found.move, found.text)

    def show_record(self) -> None:
        """Put the game record in the record box (to copy it).

        A game on a board built by hand has no record (a record names its
        board, and only named boards can be rebuilt from it): the status line
        says so and the box is left as it was.
        """
        try:
            text = self.record()
        except ValueError:
            raise ValueError(
                f"This game is on a board built by hand ({self.game.variant.name!r}), so it has "
                "no game record: a record names its board, and only the named boards "
                "(awithlaknannai.variants.VARIANT_NAMES) can be rebuilt from one."
            ) from None
        self.record_text.value = text
        self.record_toggle.value = True

    def flip(self) -> None:
        """Turn the board half round."""
        self.board.flip()

    # --- menus -------------------------------------------------------------------

    def _on_menu(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self.new_game(self.variant_menu.value, self.rules_menu.value)
        except ValueError as error:
            self._sync()
            self.board.show_status(str(error), error=True)

    def _on_entry(self, change: dict[str, Any] | None = None) -> None:
        if self._syncing:
            return
        text = self.move_entry.value.strip()
        if not text:
            return
        try:
            self.play(text)
        except ValueError as error:
            self.board.show_status(str(error), error=True)
            return
        self._syncing = True
        self.move_entry.value = ""
        self._syncing = False

    def _on_move_number(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._run(lambda: self.go_to(change["new"]))
