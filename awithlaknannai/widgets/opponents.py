"""The game widget's computer opponents: the menus that choose them, and their replies.

:class:`ComputerOpponents` is the part of
:class:`~awithlaknannai.widgets.game.GameWidget` that seats computer players and
lets them answer without freezing the page; the widget supplies the board, the
menus' places and how to bring every control up to date.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..i18n import N_, side_name
from ..i18n import gettext as _
from ..variants import Color
from .board import _running_loop, wait_for_tasks
from .controller import turn_status

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..game import Game
    from ..players import SeededPlayer
    from .board import BoardWidget

# None when the players are not installed.
LEVELS: dict[str, str]
make_player: Callable[..., SeededPlayer] | None
player_for_level: Callable[..., SeededPlayer] | None
level_name: Callable[[str], str]
try:  # the computer players are optional: without them the widget is for two humans
    from ..players import LEVELS, make_player, player_for_level
    from ..players.levels import level_name
except ImportError:  # pragma: no cover - depends on what is installed
    LEVELS, make_player, player_for_level, level_name = {}, None, None, str

__all__ = ["ComputerOpponents"]

_TWO_PLAYERS = "two players"
_MAX_SYNC_REPLIES = 2000  # without an event loop, computer-only games stop here
# Said (and refused clicks say it) where the history shows a computer's turn before the end of the line.
_COMPUTER_IN_THE_PAST = N_(
    "The computer plays from the latest position: press Latest to carry on, "
    "or go Back to one of your own turns."
)


class ComputerOpponents:
    """The computer players of a game widget: who plays which colour, and their moves.

    The widget that takes this part in sets ``players``, ``think_delay``,
    ``board`` and the generation counters in its ``__init__``, and provides
    :meth:`_sync` and :meth:`_changed`.
    """

    board: BoardWidget
    players: dict[Color, Any]
    think_delay: float
    opponent_menu: widgets.Dropdown
    computer_color_menu: widgets.Dropdown
    _known_players: dict[str, Any]  # player objects the menu can give back
    _generation: int
    _reply: asyncio.Task[None] | None
    _syncing: bool

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.board.game

    def _sync(self, status: str | None = None) -> None:
        raise NotImplementedError  # the widget brings its controls up to date

    def _changed(self) -> None:
        raise NotImplementedError  # the widget voids a reply in flight

    def _build_opponent_menus(self, style: dict[str, str], layout: Callable[[], widgets.Layout]) -> None:
        opponents: list[tuple[str, str]] = [(_("Two players"), _TWO_PLAYERS)]
        opponents += [(_("Computer: {level}").format(level=level_name(level)), level) for level in LEVELS]
        self.opponent_menu = widgets.Dropdown(
            options=opponents, description=_("Opponent"), style=style, layout=layout()
        )
        self.computer_color_menu = widgets.Dropdown(
            options=[(_("plays Black"), "black"), (_("plays White"), "white")],
            description=_("Computer"),
            style=style,
            layout=layout(),
        )
        self.opponent_menu.observe(self._on_opponent_menu, names="value")
        self.computer_color_menu.observe(self._on_opponent_menu, names="value")

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
            options.append((_("Computer: {level}").format(level=level_name(name)), name))
            self.opponent_menu.options = options
        self.opponent_menu.value = name
        self.computer_color_menu.value = color.value
        self.computer_color_menu.layout.display = None

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
        await wait_for_tasks(lambda: (self._reply, self.board.animation))


def _as_player(player: Any) -> Any:
    """A player object as given, or one built from a level name or spec."""
    if isinstance(player, str):
        if make_player is None or player_for_level is None:
            raise ValueError(f"no computer players are installed to play {player!r}; pass a player object")
        return player_for_level(player) if player in LEVELS else make_player(player)
    if not callable(getattr(player, "choose_move", None)):
        raise TypeError(f"a player needs a choose_move(position) method, got {type(player).__name__}")
    return player
