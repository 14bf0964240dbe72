"""A whole game in a notebook: board, status, move list, history, rules and opponents.

:class:`GameWidget` puts a :class:`~awithlaknannai.widgets.board.BoardWidget`
together with everything around a game: choosing the board and the rules,
new game, undo and redo, history buttons and a move number box that replay the
game move by move, a box to type moves, the game record (to copy, or to paste one in and replay it)
and computer opponents. Its labels, buttons and status lines are in the session's language
(:mod:`awithlaknannai.i18n`) of the moment it is made; names of boards and rules texts are not translated.
"""

from __future__ import annotations

import asyncio
import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import GameOverError, IllegalMoveError
from ..game import Game
from ..i18n import N_, ngettext, side_name
from ..i18n import gettext as _
from ..position import Move, Position
from ..rules import PRESET_SOURCES, PRESETS, Rules, get_rules
from ..variants import VARIANT_MENU, Color, get_variant
from .board import BoardWidget, _running_loop, preview_html
from .controller import turn_status
from .shield import KeyboardShield

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..players import SeededPlayer
    from ..tables.solved_starts import SolvedStart

# None when the players are not installed.
LEVELS: dict[str, str]
make_player: Callable[..., SeededPlayer] | None
player_for_level: Callable[..., SeededPlayer] | None
try:  # the computer players are optional: without them the widget is for two humans
    from ..players import LEVELS, make_player, player_for_level
except ImportError:  # pragma: no cover - depends on what is installed
    LEVELS, make_player, player_for_level = {}, None, None

__all__ = ["RULES_CHOICES", "VARIANT_CHOICES", "GameWidget", "Hint", "hint_for", "hint_text"]

#: The boards offered in the variant menu: (label, variant name), from the variants' registry.
VARIANT_CHOICES: tuple[tuple[str, str], ...] = VARIANT_MENU

#: The rules presets offered in the rules menu: (label, preset name).
#: The labels are lazy (N_): the menu shows them in the session's language.
RULES_CHOICES: tuple[tuple[Any, str], ...] = (
    (N_("Standard (encyclopedia)"), "standard"),
    (N_("Take the most (leglobejoueur)"), "maximum"),
    (N_("One leap, free (Ludii)"), "ludii"),
)

_TWO_PLAYERS = "two players"
_BOARD_OPTIONS = frozenset({"unit", "max_width", "labels", "resolution"})  # passed on to BoardWidget
_THINK_DELAY = 0.35  # seconds: the human's move is seen before the reply comes
_MAX_SYNC_REPLIES = 2000  # without an event loop, computer-only games stop here
# Said (and refused clicks say it) where the history shows a computer's turn before the end of the line.
_COMPUTER_IN_THE_PAST = N_(
    "The computer plays from the latest position: press Latest to carry on, "
    "or go Back to one of your own turns."
)


class GameWidget(widgets.VBox):
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
        # The plain-text form saved in notebooks and shown on GitHub, instead
        # of ipywidgets' long list of children.
        game = self.game
        return (
            f"<GameWidget: {game.variant.name}, {game.variant.rules.to_text()} rules, "
            f"{len(game.moves)} moves played; an interactive game when the notebook runs>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:  # a picture for a notebook opened without its kernel
            bundle["text/html"] = preview_html(
                self.game,
                labels=self.board.labels,
                flipped=self.board.flipped,
                what="board against a friend or the computer",
            )
        return bundle

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
        opponents: list[tuple[str, str]] = [(_("Two players"), _TWO_PLAYERS)]
        opponents += [(_("Computer: {level}").format(level=level), level) for level in LEVELS]
        self.opponent_menu = widgets.Dropdown(
            options=opponents, description=_("Opponent"), style=wide, layout=menu_layout()
        )
        self.computer_color_menu = widgets.Dropdown(
            options=[(_("plays Black"), "black"), (_("plays White"), "white")],
            description=_("Computer"),
            style=wide,
            layout=menu_layout(),
        )
        # Buttons are named by their text alone: icon fonts would give them private-use characters as names.
        self.new_button = widgets.Button(
            description=_("New game"), tooltip=_("Start again"), layout=widgets.Layout(width="auto")
        )
        self.flip_button = widgets.Button(
            description=_("Flip board"),
            tooltip=_("Turn the board round"),
            layout=widgets.Layout(width="auto"),
        )
        self.hint_button = widgets.Button(
            description=_("Hint"),
            tooltip=_(
                "Perfect play where the endgame solver knows the position, "
                "otherwise the strongest computer level's choice"
            ),
            layout=widgets.Layout(width="auto"),
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
        narrow = widgets.Layout(width="auto")
        self.undo_button = widgets.Button(description=_("Undo"), tooltip=_("Take back a move"), layout=narrow)
        self.redo_button = widgets.Button(
            description=_("Redo"), tooltip=_("Play the move again"), layout=narrow
        )
        self.first_button = widgets.Button(
            description=_("Start"), tooltip=_("Go to the start"), layout=narrow
        )
        self.previous_button = widgets.Button(
            description=_("Back"), tooltip=_("One move back"), layout=narrow
        )
        self.next_button = widgets.Button(description=_("Forward"), tooltip=_("One move on"), layout=narrow)
        self.last_button = widgets.Button(
            description=_("Latest"), tooltip=_("Go to the latest move"), layout=narrow
        )
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
        self.play_button = widgets.Button(description=_("Play"), layout=narrow)
        self.entry_bar = widgets.HBox(
            [self.move_entry, self.play_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.move_list = widgets.HTML()
        self.record_text = widgets.Textarea(
            placeholder=_("A game record (JSON) to replay: paste it here and press Load."),
            description=_("Game record"),
            style=wide,
            layout=widgets.Layout(width="min(48em, 96%)", height="9em"),
        )
        self.show_record_button = widgets.Button(description=_("Show this game"))
        self.load_button = widgets.Button(description=_("Load"))
        # A plain button opens the game record (ipywidgets' Accordion header is not keyboard-operable).
        self.record_toggle = widgets.ToggleButton(
            value=False,
            description=_("Game record: show"),
            tooltip=_("Copy this game, or paste one to replay"),
            layout=widgets.Layout(width="auto"),
        )
        self.record_panel = widgets.VBox(
            [self.record_text, widgets.HBox([self.show_record_button, self.load_button])],
            layout=widgets.Layout(display="none", width="100%"),
        )
        self.record_box = widgets.VBox(
            [self.record_toggle, self.record_panel], layout=widgets.Layout(align_items="flex-start")
        )
        self.record_toggle.observe(self._on_record_toggle, names="value")

        self.variant_menu.observe(self._on_menu, names="value")
        self.rules_menu.observe(self._on_menu, names="value")
        self.opponent_menu.observe(self._on_opponent_menu, names="value")
        self.computer_color_menu.observe(self._on_opponent_menu, names="value")
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
    def game(self) -> Game:
        """The game on the board."""
        return self.board.game

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
            self.move_list.value = self._move_list_html()
        finally:
            self._syncing = False
        if status is not None:
            self.board.show_status(status)

    def _sync_opponent_menu(self) -> None:
        computers = [(c, p) for c, p in self.players.items() if p is not None]
        if not computers:
            self.opponent_menu.value = _TWO_PLAYERS
            self.computer_color_menu.layout.display = "none"
            return
        color, player = computers[0]
        name = str(getattr(player, "name", "computer"))
        self._known_players.setdefault(name, player)
        options = list(self.opponent_menu.options)
        if name not in [value for _, value in options]:
            options.append((_("Computer: {level}").format(level=name), name))
            self.opponent_menu.options = options
        self.opponent_menu.value = name
        self.computer_color_menu.value = color.value
        self.computer_color_menu.layout.display = None

    def _move_list_html(self) -> str:
        game = self.game
        played = len(game.moves)
        texts = [game.move_text(i) for i in range(played)] + [m.text() for m in game.taken_back]
        if not texts:
            no_moves = html.escape(_("No moves yet."))
            return f'<div class="awithlaknannai-moves awithlaknannai-muted">{no_moves}</div>'
        first_black = game.start.turn is Color.BLACK
        cells: list[str] = []
        for i, text in enumerate(texts):
            turn = i + (1 if first_black else 0)
            number = ""
            if turn % 2 == 0:
                number = f"<b>{turn // 2 + 1}.</b> "
            elif i == 0:
                number = f"<b>{turn // 2 + 1}.</b> &hellip; "
            css = ""
            if i == played - 1:
                css = ' class="awithlaknannai-current-move"'
            elif i >= played:
                css = ' class="awithlaknannai-muted"'
            # A move and its number never break apart: the list wraps between moves only.
            cells.append(
                f'<span class="awithlaknannai-move">{number}<span{css}>{html.escape(text)}</span></span>'
            )
        outcome = game.outcome()
        if outcome is not None and self.at_latest():
            cells.append(f"<i>{html.escape(str(outcome))}</i>")
        # A scrolling box must take the focus, so keyboard users can scroll it.
        label = html.escape(_("Moves"))
        return (
            f'<div class="awithlaknannai-moves" tabindex="0" role="region" aria-label="{label}" '
            'style="font-family:monospace;line-height:1.6;'
            f'max-height:8em;overflow-y:auto">{" ".join(cells)}</div>'
        )

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

    def _on_record_toggle(self, change: dict[str, Any]) -> None:
        shown = bool(change["new"])
        self.record_panel.layout.display = None if shown else "none"
        self.record_toggle.description = _("Game record: hide") if shown else _("Game record: show")

    def flip(self) -> None:
        """Turn the board half round."""
        self.board.flip()

    # --- computer players -------------------------------------------------------

    def set_player(self, color: Color | str, player: Any) -> None:
        """Let ``player`` (a player object, a level name, or ``None`` for a human) play ``color``.

        A computer chosen for the side to move plays at once, also at a point
        of the game reached by Undo or the history (its move replaces the rest).
        """
        self._changed()
        self.players[Color.parse(color)] = None if player is None else _as_player(player)
        self._sync(turn_status(self.game))
        self._schedule_reply(here=True)

    def _computer_to_move(self) -> bool:
        return self.players[self.game.position.turn] is not None

    def _all_computers(self) -> bool:
        return all(p is not None for p in self.players.values())

    def _schedule_reply(self, here: bool = False) -> None:
        """If a computer is to move at the end of the line, let it answer (without blocking).

        ``here``: the user has just chosen the computer player, so it moves
        even before the end of the line (its move replaces the rest).
        """
        if self._reply is not None and not self._reply.done():
            return
        game = self.game
        if game.is_over() or not self._computer_to_move():
            self.board.unlock()
            return
        if here and game.can_redo():
            game.clear_redo()
            self._sync()
        if game.can_redo():
            self.board.lock(str(_COMPUTER_IN_THE_PAST))
            return
        player = self.players[game.position.turn]
        thinking = _("{side} ({player}) is thinking\u2026").format(
            side=side_name(game.position.turn), player=getattr(player, "name", "computer")
        )
        self.board.lock(thinking)
        loop = _running_loop()
        if loop is None:
            self._reply_now()
            return
        self.board.show_status(f"{turn_status(game)} {thinking}")
        self._reply = loop.create_task(self._reply_later(self._generation))

    def _reply_now(self) -> None:
        """Without an event loop (scripts, tests): the computers answer at once."""
        for _reply in range(_MAX_SYNC_REPLIES):
            game = self.game
            if game.is_over() or not self._computer_to_move() or game.can_redo():
                break
            player = self.players[game.position.turn]
            if not self._apply_reply(player.choose_move(game.position), player):
                break
        self.board.unlock()

    async def _reply_later(self, generation: int) -> None:
        try:
            animation = self.board.animation
            if animation is not None:
                await asyncio.wait({animation})
            await asyncio.sleep(self.think_delay)
            position = self.game.position
            player = self.players[position.turn]
            if generation != self._generation or player is None:
                return
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(None, player.choose_move, position)
            if generation != self._generation or self.game.position is not position:
                return  # the game changed while the computer thought
            self._reply = None
            self.board.unlock()
            if self._apply_reply(move, player):
                self._schedule_reply()  # computer against computer: the next one
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a broken player must not leave the board locked
            self.board.unlock()
            self.board.show_status(_("The computer player failed: {error}").format(error=error), error=True)

    def _apply_reply(self, move: Any, player: Any) -> bool:
        try:
            played = self.game.play(move)
        except ValueError as error:
            self.board.unlock()
            self.board.show_status(
                _("The computer player ({player}) chose an illegal move: {error}").format(
                    player=getattr(player, "name", "?"), error=error
                ),
                error=True,
            )
            return False
        self.board.controller.clear()
        self.board.show_move(played)
        self._generation += 1
        self.board.unlock()
        self._sync(turn_status(self.game))
        return True

    async def wait_idle(self) -> None:
        """Wait until the computer has answered and every animation has finished."""
        while True:
            pending = {t for t in (self._reply, self.board.animation) if t is not None and not t.done()}
            if not pending:
                return
            await asyncio.wait(pending)

    # --- menus -------------------------------------------------------------------

    def _on_menu(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self.new_game(self.variant_menu.value, self.rules_menu.value)
        except ValueError as error:
            self._sync()
            self.board.show_status(str(error), error=True)

    def _on_opponent_menu(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        choice = self.opponent_menu.value
        computer = Color.parse(self.computer_color_menu.value)
        players: dict[Color, Any] = {Color.WHITE: None, Color.BLACK: None}
        if choice != _TWO_PLAYERS:
            try:
                players[computer] = self._known_players.get(choice) or _as_player(choice)
            except ValueError as error:
                self._sync()
                self.board.show_status(str(error), error=True)
                return
        self.players = players
        self._changed()
        if choice != _TWO_PLAYERS:
            # the human sits at the bottom of the picture
            self.board.flipped = computer is self.game.variant.bottom
        self._sync(turn_status(self.game))
        self._schedule_reply(here=True)

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


@dataclass(frozen=True)
class Hint:
    """A hint for the side to move: the move to try (``None``: nothing to suggest) and what to say.

    ``perfect`` is true when the move comes from solved endgame tables.
    """

    move: Move | None
    text: str
    perfect: bool = False


def _try_text(moves: list[str]) -> str:
    """``Try T4xB3`` or ``Try T4xB3 (or T4-M4, B2-M2)``, in the session's language."""
    if len(moves) > 1:
        return _("Try {move} (or {others})").format(move=moves[0], others=", ".join(moves[1:]))
    return _("Try {move}").format(move=moves[0])


def _perfect_play_text(position: Position, found: list[tuple[Move, Any]]) -> str:
    """Plain words for the best moves the tables found (all share one value)."""
    value = found[0][1]
    moves = [str(move) for move, _value in found]
    try_text = _try_text(moves)
    side = side_name(position.turn)
    if value.outcome == "draw":
        return _(
            "{try_move}: with the best play on both sides, this game is a draw. The arrow shows the move."
        ).format(try_move=try_text)
    if value.stand_in:
        text = (
            _(
                "{try_move}: with perfect play {side} wins on pieces, because no capture will ever "
                "be possible again. The arrow shows the move."
            )
            if value.outcome == "win"
            else _(
                "{try_move}: with perfect play {side} loses on pieces, because no capture will ever "
                "be possible again. The arrow shows the move."
            )
        )
        return text.format(try_move=try_text, side=side)
    turns = value.moves
    if value.outcome == "win":
        if turns == 1:
            text = _("{try_move}: with perfect play, {side} wins with this move. The arrow shows the move.")
        else:
            text = ngettext(
                "{try_move}: with perfect play, {side} wins in {count} of your moves. The arrow shows the move.",
                "{try_move}: with perfect play, {side} wins in {count} of your moves. The arrow shows the move.",
                turns,
            )
        return text.format(try_move=try_text, side=side, count=turns)
    return ngettext(
        "Every move loses against perfect play, but {move} holds out longest "
        "({count} more of your moves). The arrow shows it.",
        "Every move loses against perfect play, but {move} holds out longest "
        "({count} more of your moves). The arrow shows it.",
        turns,
    ).format(move=moves[0], count=turns)


def _solved_start_text(facts: SolvedStart) -> str:
    """Plain words for a solved game's first move (the tables are not here, their findings are)."""
    best = list(facts.best)
    if facts.result == "draw" and not facts.losing:
        text = _(
            "Any first move keeps the draw ({moves}): with the best play on both sides, this game is a draw."
        ).format(moves=", ".join(best))
    else:
        try_text = _try_text(best)
        if facts.result == "win":
            text = ngettext(
                "{try_move}: with perfect play, {side} wins in {count} of your moves.",
                "{try_move}: with perfect play, {side} wins in {count} of your moves.",
                facts.moves_to_win or 0,  # set for every won start; 0 only picks the plural form
            ).format(try_move=try_text, side=side_name("white"), count=facts.moves_to_win)
        else:
            text = _("{try_move}: with the best play on both sides, this game is a draw.").format(
                try_move=try_text
            )
        if facts.losing:
            text += " " + ngettext(
                "Not {moves}: it loses in {count} moves.",
                "Not {moves}: it loses in {count} moves.",
                facts.losing_in or 0,  # set whenever some move loses
            ).format(moves=_(" or ").join(facts.losing), count=facts.losing_in)
    return text + " " + _("(This project's tables solved the whole game.) The arrow shows a move.")


def hint_for(game: Game) -> Hint:
    """The hint for ``game``'s side to move (see :meth:`GameWidget.hint`).

    Examples
    --------
    >>> hint_for(Game("zuni-3", "standard")).text.startswith(("Try", "The strongest"))
    True
    """
    from ..tables.solved_starts import solved_start
    from ..tables.solver import best_moves

    position = game.position
    if game.is_over():
        return Hint(None, _("The game is over: there is nothing to hint."))
    found = best_moves(position)
    if found is not None:
        return Hint(found[0][0], _perfect_play_text(position, found), perfect=True)
    facts = solved_start(position)
    if facts is not None:
        return Hint(position.parse_move(facts.best[0]), _solved_start_text(facts), perfect=True)
    if player_for_level is None or "strong" not in LEVELS:
        return Hint(
            None,
            _(
                "No hint here: perfect play is known only where the endgame solver has "
                "solved the position (few pieces, or the small boards)."
            ),
        )
    move = player_for_level("strong", seed=0).choose_move(position)
    return Hint(
        move,
        _(
            "The strongest computer level would play {move} (the arrow shows it). "
            "That is a good guess, not proven perfect play."
        ).format(move=move),
    )


def hint_text(game: Game) -> str:
    """The hint for ``game``'s side to move, as text only (see :func:`hint_for`)."""
    return hint_for(game).text


def _as_player(player: Any) -> Any:
    """A player object as given, or one built from a level name or spec."""
    if isinstance(player, str):
        if make_player is None or player_for_level is None:
            raise ValueError(f"no computer players are installed to play {player!r}; pass a player object")
        return player_for_level(player) if player in LEVELS else make_player(player)
    if not callable(getattr(player, "choose_move", None)):
        raise TypeError(f"a player needs a choose_move(position) method, got {type(player).__name__}")
    return player
