"""Turning clicks on points into moves: the widgets' logic, without any drawing.

A :class:`ClickController` sits between a board picture and a
:class:`~awithlaknannai.game.Game`. Each click names a point (or ``None`` for
a click that hit no point); the controller answers with a
:class:`ClickResult`: what is selected, which points may be clicked next,
the text for the status line, and the move played if the click finished one.

Its status texts are in the session's language (:mod:`awithlaknannai.i18n`).
The controller never decides what is legal: every choice it offers is read
from ``game.legal_moves()``, and every refusal is explained with the core's
own reasons (:meth:`~awithlaknannai.position.Position.find_move`). A refused
click changes nothing.

How a turn is clicked
---------------------
1. Click one of your pieces: it is selected, and the points it can reach
   first are offered as targets.
2. Click a target. If only one legal move still fits the clicks so far, it
   is played at once, including any further compulsory leaps. Otherwise
   (several leap routes branch) click each landing point in turn.
3. Click the selected piece again to cancel. Where the rules let a piece
   stop part-way through its leaps, clicking the piece ends the turn there.

Examples
--------
>>> from awithlaknannai import Game
>>> game = Game("mosona")
>>> clicks = ClickController(game)
>>> result = clicks.click("B3")
>>> result.selection.targets
('M4',)
>>> clicks.click("M4").played
Move('B3-M4')
>>> clicks.click("T5").status
'T5 cannot move: capture is compulsory, and Black must leap with another piece (for example T4xB3).'
>>> clicks.click("T4").selection.targets, clicks.click("B3").played
(('B3',), Move('T4xB3'))
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..errors import GameOverError, shown
from ..game import Game
from ..i18n import gettext as _
from ..i18n import ngettext, side_name
from ..position import Move, Position

__all__ = ["ClickController", "ClickResult", "Selection", "turn_status"]


@dataclass(frozen=True)
class Selection:
    """A turn being clicked: the piece chosen and the leaps clicked so far.

    Attributes
    ----------
    origin : str
        Where the selected piece stood at the start of the turn.
    path : tuple of str
        The origin, then every landing point clicked so far.
    captures : tuple of str
        The points jumped so far, in order.
    targets : tuple of str
        The points that may be clicked next.
    can_stop : bool
        The leaps clicked so far already form a whole legal move (only under
        optional multi-leap rules): clicking the piece ends the turn there.
    choosing_jump : str or None
        Set when two different leaps reach the same point: the landing point
        waiting for the player to click which piece to jump.
    """

    origin: str
    path: tuple[str, ...]
    captures: tuple[str, ...]
    targets: tuple[str, ...]
    can_stop: bool = False
    choosing_jump: str | None = None

    @property
    def current(self) -> str:
        """Where the selected piece stands now (the last landing clicked)."""
        return self.path[-1]


@dataclass(frozen=True)
class ClickResult:
    """What one click did.

    Attributes
    ----------
    point : str or None
        The point clicked, or ``None`` when the click hit no point.
    accepted : bool
        ``False`` when the click was refused; then nothing changed and
        ``status`` says why.
    status : str
        One or two sentences for the status line.
    selection : Selection or None
        The turn being clicked after this click (``None`` when nothing is
        selected, including after a move was played).
    played : Move or None
        The move this click completed and played, if any.
    """

    point: str | None
    accepted: bool
    status: str
    selection: Selection | None
    played: Move | None = None


def turn_status(game: Game) -> str:
    """The status line between clicks: whose turn it is, or the result.

    Examples
    --------
    >>> from awithlaknannai import Game
    >>> game = Game("mosona")
    >>> turn_status(game)
    'White to move.'
    >>> played = game.play("B3-M4")
    >>> turn_status(game)
    'Black to move. Last move: White B3-M4. Black must capture.'
    >>> turn_status(None)
    Traceback (most recent call last):
    ...
    TypeError: turn_status takes a Game, got NoneType
    """
    if not isinstance(game, Game):
        raise TypeError(f"turn_status takes a Game, got {type(game).__name__}")
    outcome = game.outcome()
    parts: list[str] = []
    if outcome is not None:
        parts.append(_("Game over: {outcome}.").format(outcome=outcome))
    else:
        parts.append(_("{side} to move.").format(side=side_name(game.position.turn)))
    if game.moves:
        last = game.moves[-1]
        mover = side_name(game.positions[-2].turn)
        taken = len(last.captures)
        text = game.move_text(len(game.moves) - 1)
        if taken > 1:
            parts.append(
                ngettext(
                    "Last move: {side} {move} ({count} captured).",
                    "Last move: {side} {move} ({count} captured).",
                    taken,
                ).format(side=mover, move=text, count=taken)
            )
        else:
            parts.append(_("Last move: {side} {move}.").format(side=mover, move=text))
    if outcome is None:
        moves = game.legal_moves()
        if game.variant.rules.compulsory_capture and moves and moves[0].is_capture:
            parts.append(_("{side} must capture.").format(side=side_name(game.position.turn)))
    return " ".join(parts)


class ClickController:
    """Click logic for one game: select a piece, then click where it goes.

    Parameters
    ----------
    game : Game
        The game the clicks play moves in (``game.play`` is called for each
        completed move).

    Attributes
    ----------
    locked : str or None
        While set (for example while a computer opponent thinks), every click
        is refused with this text.

    Examples
    --------
    When only one legal move still fits the clicks, it is played whole,
    with the leaps that follow:

    >>> from awithlaknannai import Game, Position
    >>> start = Position.from_pieces("zuni-4", {"T0": "w", "T1": "b", "M1": "b", "B2": "b"})
    >>> clicks = ClickController(Game(start=start))
    >>> clicks.click("T0").selection.targets
    ('T2', 'B1')
    >>> result = clicks.click("B1")
    >>> result.played, result.selection
    (Move('T0xB1xB3'), None)
    >>> clicks.click("Q9").status
    "there is no point 'Q9' on this board (zuni-4)"
    """

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"ClickController takes a Game, got {type(game).__name__}")
        self.game = game
        self.locked: str | None = None
        self._origin: str | None = None
        self._steps: tuple[tuple[str | None, str], ...] = ()  # (jumped point or None, landing)
        self._pending: str | None = None  # landing reached by several different leaps
        self._position: Position | None = None  # the position the selection belongs to

    # --- state --------------------------------------------------------------

    @property
    def selection(self) -> Selection | None:
        """The turn being clicked, or ``None``.

        A selection belongs to one position: if the game moved on by other
        means (undo, a move typed in, a computer reply), it is dropped.
        """
        if self._origin is None:
            return None
        if self._position is not self.game.position:
            self.clear()
            return None
        return self._make_selection()

    def clear(self) -> None:
        """Forget the selection (nothing else changes)."""
        self._origin = None
        self._steps = ()
        self._pending = None
        self._position = None

    def candidates(self) -> list[Move]:
        """The legal moves that fit the clicks made so far this turn."""
        if self._origin is None:
            return []
        k = len(self._steps)
        out = []
        for move in self.game.legal_moves():
            if move.origin != self._origin or len(move.landings) < k:
                continue
            if all(
                move.landings[i] == land and (move.captures[i] if move.captures else None) == over
                for i, (over, land) in enumerate(self._steps)
            ):
                out.append(move)
        return out

    def _next_options(self, moves: list[Move]) -> dict[str, set[str | None]]:
        """Each next landing point, with the point jumped to reach it (``None`` for a step)."""
        k = len(self._steps)
        options: dict[str, set[str | None]] = defaultdict(set)
        for move in moves:
            if len(move.landings) > k:
                options[move.landings[k]].add(move.captures[k] if move.captures else None)
        return options

    def _make_selection(self) -> Selection:
        assert self._origin is not None
        moves = self.candidates()
        k = len(self._steps)
        if self._pending is not None:
            choices = self._next_options(moves)[self._pending]
            targets = {c for c in choices if c is not None}
            if None in choices:
                targets.add(self._pending)
        else:
            targets = set(self._next_options(moves))
        order = self.game.position.points
        return Selection(
            origin=self._origin,
            path=(self._origin, *(land for _, land in self._steps)),
            captures=tuple(over for over, _ in self._steps if over is not None),
            targets=tuple(sorted(targets, key=order.index)),
            can_stop=k > 0 and any(len(m.landings) == k for m in moves),
            choosing_jump=self._pending,
        )

    # --- clicks -------------------------------------------------------------

    def click(self, point: str | None) -> ClickResult:
        """Handle a click on ``point`` (``None``: the click hit no point).

        Returns a :class:`ClickResult`; a refused click leaves the game and
        the selection exactly as they were. A point that is not text is a
        TypeError; a name no board has is refused, quoted short.
        """
        if point is not None and not isinstance(point, str):
            raise TypeError(f"a click is on a point name such as 'M4' (or None), got {type(point).__name__}")
        selection = self.selection  # drops a stale selection first
        if self.locked is not None:
            return self._refuse(point, self.locked)
        outcome = self.game.outcome()
        if outcome is not None:
            return self._refuse(point, _("The game is over: {outcome}.").format(outcome=outcome))
        if point is None:
            if selection is None:
                return self._refuse(point, _("That click missed the points: click one of your pieces."))
            return self._refuse(
                point,
                _(
                    "That click missed the points: click a highlighted point, or {point} again to cancel."
                ).format(point=selection.current),
            )
        position = self.game.position
        if point not in position.variant.tables.index:
            return self._refuse(
                point,
                _("there is no point {point} on this board ({board})").format(
                    point=shown(point), board=position.variant.name
                ),
            )
        if selection is None:
            return self._select(point)
        return self._continue(point, selection)

    def _refuse(self, point: str | None, why: str) -> ClickResult:
        return ClickResult(point, False, why, self.selection)

    def _accept(self, point: str, status: str) -> ClickResult:
        return ClickResult(point, True, status, self.selection)

    def _select(self, point: str) -> ClickResult:
        position = self.game.position
        turn = position.turn
        holder = position.piece_at(point)
        if holder is None:
            return self._refuse(
                point,
                _("{point} is empty: first click one of {side}'s pieces.").format(
                    point=point, side=side_name(turn)
                ),
            )
        if holder is not turn:
            holds = (
                _("{point} holds a white piece, and it is {side}'s turn.")
                if holder.value == "white"
                else _("{point} holds a black piece, and it is {side}'s turn.")
            )
            return self._refuse(point, holds.format(point=point, side=side_name(turn)))
        moves = [m for m in self.game.legal_moves() if m.origin == point]
        if not moves:
            return self._refuse(point, self._why_stuck(point))
        self._origin, self._steps, self._pending, self._position = point, (), None, position
        return self._accept(point, self._selected_status())

    def _why_stuck(self, point: str) -> str:
        moves = self.game.legal_moves()
        turn = self.game.position.turn
        if moves and moves[0].is_capture and self.game.variant.rules.compulsory_capture:
            return _(
                "{point} cannot move: capture is compulsory, and {side} must leap "
                "with another piece (for example {move})."
            ).format(point=point, side=side_name(turn), move=moves[0])
        return _("{point} cannot move: its neighbours are taken and it has nothing to jump.").format(
            point=point
        )

    def _selected_status(self) -> str:
        selection = self._make_selection()
        current = selection.current
        if selection.choosing_jump is not None:
            land = selection.choosing_jump
            jumps = [t for t in selection.targets if t != land]
            if land in selection.targets:
                text = _(
                    "Two ways to reach {point}: click the piece to jump ({pieces}), or {point} again to step there."
                )
            else:
                text = _("Two ways to reach {point}: click the piece to jump ({pieces}).")
            return text.format(point=land, pieces=_(" or ").join(jumps))
        if len(selection.path) == 1:
            return _(
                "{point} selected: click a highlighted point to move there, or {point} again to cancel."
            ).format(point=current)
        taken = len(selection.captures)
        if selection.can_stop:
            return ngettext(
                "{count} captured so far: click a highlighted point to leap again, "
                "or the piece on {point} to stop there.",
                "{count} captured so far: click a highlighted point to leap again, "
                "or the piece on {point} to stop there.",
                taken,
            ).format(count=taken, point=current)
        return ngettext(
            "{count} captured so far: the piece must keep leaping. Click the next "
            "highlighted point, or the piece on {point} to start the turn again.",
            "{count} captured so far: the piece must keep leaping. Click the next "
            "highlighted point, or the piece on {point} to start the turn again.",
            taken,
        ).format(count=taken, point=current)

    def _continue(self, point: str, selection: Selection) -> ClickResult:
        if self._pending is not None:
            return self._choose_jump(point, selection)
        if point == selection.current:
            if selection.can_stop:
                stop = [m for m in self.candidates() if len(m.landings) == len(self._steps)]
                return self._play(point, stop[0])
            self.clear()
            return self._accept(point, _("Selection cleared. {status}").format(status=turn_status(self.game)))
        if point in selection.targets:
            options = self._next_options(self.candidates())[point]
            if len(options) > 1:
                self._pending = point
                return self._accept(point, self._selected_status())
            return self._extend(point, next(iter(options)))
        position = self.game.position
        if len(selection.path) == 1 and position.piece_at(point) is position.turn:
            if any(m.origin == point for m in self.game.legal_moves()):
                self.clear()
                return self._select(point)
            return self._refuse(point, self._why_stuck(point))
        return self._refuse(point, self._why_not(point, selection))

    def _choose_jump(self, point: str, selection: Selection) -> ClickResult:
        land = self._pending
        assert land is not None
        options = self._next_options(self.candidates())[land]
        if point in options:
            self._pending = None
            return self._extend(land, point)
        if point == land and None in options:
            self._pending = None
            return self._extend(land, None)
        if point == selection.current:
            self._pending = None
            return self._accept(point, self._selected_status())
        return self._refuse(
            point,
            _("Click one of the highlighted pieces to choose which one to jump to {point}.").format(
                point=land
            ),
        )

    def _extend(self, land: str, over: str | None) -> ClickResult:
        self._steps = (*self._steps, (over, land))
        moves = self.candidates()
        if len(moves) == 1:
            return self._play(land, moves[0])  # one way on: finish it, whole path and all
        return self._accept(land, self._selected_status())

    def _play(self, point: str, move: Move) -> ClickResult:
        played = self.game.play(move)
        self.clear()
        return ClickResult(point, True, turn_status(self.game), None, played)

    def _why_not(self, point: str, selection: Selection) -> str:
        """Ask the position why moving the selected piece to ``point`` is illegal."""
        position = self.game.position
        if len(selection.path) == 1 and position.variant.board.has_edge(selection.origin, point):
            text = f"{selection.origin}-{point}"
        else:
            text = "x".join((*selection.path, point))
        try:
            position.find_move(text)
        except GameOverError as error:
            return str(error)
        except ValueError as error:
            reason = str(error)
            if reason.startswith(f"{text}: "):
                reason = reason[len(text) + 2 :]
            return _("Cannot play {move}: {reason}.").format(move=text, reason=reason)
        return _("{point} is not one of the highlighted points.").format(point=point)
