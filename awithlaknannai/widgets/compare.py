"""The same moves on several boards or under several rules, stacked for comparison.

:class:`CompareWidget` replays one move sequence on each board. Where a move
becomes illegal on a board, that board stops there and says why (the core's
own reason), while the others go on: a quick way to see what Murray's
missing lines, Kolowis's longer rows or the Ludii rules change.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..game import Game
from ..i18n import _, side_name
from ..position import Move
from ..render import Picture
from ..render.svg import game_svg
from ..rules import Rules
from ..variants import Variant, get_variant
from .board import BoardWidget
from .shield import KeyboardShield

__all__ = ["CompareWidget", "Replay", "split_moves"]

_MOVE_NUMBER = re.compile(r"^\d+\.+$")


def split_moves(moves: str | Sequence[str | Move] | Game) -> list[str]:
    """Move texts from a move list, a sequence of moves, or a game.

    A move list may carry move numbers, ``...`` and a result in braces, as
    :meth:`awithlaknannai.Game.move_list` writes it.

    >>> split_moves("1. B3-M4 T4xB3  2. M5-M4 {Draw (position repeated)}")
    ['B3-M4', 'T4xB3', 'M5-M4']
    >>> split_moves(["B3-M4", "T4xB3"])
    ['B3-M4', 'T4xB3']
    """
    if isinstance(moves, Game):
        return [moves.move_text(i) for i in range(len(moves.moves))]
    if isinstance(moves, str):
        text = re.sub(r"\{[^}]*\}", " ", moves)
        return [t for t in re.split(r"[\s,;]+", text) if t and t != "..." and not _MOVE_NUMBER.match(t)]
    out = []
    for move in moves:
        if isinstance(move, Move):
            out.append(move.text())
        elif isinstance(move, str):
            out.append(move.strip())
        else:
            raise TypeError(f"a move is a Move or a text such as 'B3-M4', got {move!r}")
    return out


@dataclass(frozen=True)
class Replay:
    """How far the moves went on one board.

    Attributes
    ----------
    variant : Variant
        The board and rules.
    game : Game
        The game with every move that was legal on this board (rewound and
        replayed with the move number box).
    playable : int
        How many of the moves could be played.
    stop_reason : str or None
        Why move number ``playable + 1`` could not be played (the core's
        reason), if it could not.
    """

    variant: Variant
    game: Game
    playable: int
    stop_reason: str | None


def _replay(variant: Variant, moves: Sequence[str]) -> Replay:
    game = Game(variant)
    for text in moves:
        try:
            game.play(text)
        except ValueError as error:
            reason = str(error)
            if reason.startswith(f"{text}: "):
                reason = reason[len(text) + 2 :]
            return Replay(variant, game, len(game.moves), reason)
    return Replay(variant, game, len(game.moves), None)


def _as_variant(entry: str | Variant | tuple[str, str | Rules], rules: str | Rules | None) -> Variant:
    if isinstance(entry, Variant):
        return entry if rules is None else entry.with_rules(rules)
    if isinstance(entry, tuple) and len(entry) == 2:
        return get_variant(entry[0], entry[1])
    if isinstance(entry, str):
        return get_variant(entry, rules)
    raise ValueError(f"a board to compare is a variant name, a Variant or (name, rules), got {entry!r}")


class CompareWidget(widgets.VBox):
    """Replay one move sequence on several boards at once, with a shared move number box.

    Parameters
    ----------
    variants : sequence
        Two or more boards: variant names, :class:`~awithlaknannai.Variant`
        objects, or ``(name, rules)`` pairs to compare rules on one board.
    moves : str, sequence or Game
        The moves: a move list such as ``"1. B3-M4 T4xB3"``, a list of move
        texts or :class:`~awithlaknannai.Move` objects, or a game.
    rules : str or Rules, optional
        Rules for the boards given by name.
    animate : bool
        Slide the pieces when stepping one move at a time.
    **board_options
        Passed on to each :class:`BoardWidget` (``unit``, ``max_width``,
        ``labels``, ``resolution``).

    Examples
    --------
    >>> from awithlaknannai.widgets import CompareWidget
    >>> view = CompareWidget([("mosona", "standard"), ("mosona", "ludii")],
    ...                      moves="1. B3-M4 T4xB3 2. M5-T4 T3-M4 3. T4-T3", animate=False)
    >>> view   # doctest: +SKIP
    >>> [replay.playable for replay in view.replays]
    [4, 5]
    >>> print(view.boards[0].status_text)
    ⚠ Stopped at move 5: T4-T3 is illegal here — capture is compulsory: White must leap (for example B2xT3).
    >>> view.go_to(1); view.boards[1].game.move_list()
    '1. B3-M4'
    """

    def __repr__(self) -> str:
        names = ", ".join(f"{r.variant.name} ({r.variant.rules.to_text()})" for r in self.replays)
        return f"<CompareWidget: {names}; interactive boards when the notebook runs>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:  # pictures for a notebook opened without its kernel, as the boards give
            bundle["text/html"] = self.preview_html()
        return bundle

    def preview_html(self) -> str:
        """What a saved notebook shows before the cell runs: each board's title and picture as shown now.

        >>> view = CompareWidget(["zuni-3", "zuni-3-murray"], moves="1. M2-M1", animate=False)
        >>> html = view.preview_html()
        >>> html.count("<img alt="), "Run this cell" in html, "CompareWidget" in html
        (2, True, False)
        """
        pictures = "".join(
            title.value
            + Picture(game_svg(board.game, labels=board.labels, flipped=board.flipped))._repr_mimebundle_()[
                0
            ]["text/html"]
            for title, board in zip(self.titles, self.boards)
        )
        run = _(
            "Run this cell (Shift + Enter) to step through the moves on these boards: they are pictures until then."
        )
        return f'<div class="awithlaknannai-preview">{pictures}<p><em>{html.escape(run)}</em></p></div>'

    def __init__(
        self,
        variants: Sequence[str | Variant | tuple[str, str | Rules]] = ("mosona", "mosona-murray"),
        moves: str | Sequence[str | Move] | Game = (),
        *,
        rules: str | Rules | None = None,
        animate: bool = True,
        **board_options: Any,
    ) -> None:
        if isinstance(variants, (str, Variant)) or len(variants) < 2:
            raise ValueError(
                "CompareWidget compares two or more boards: pass a list such as ['mosona', 'mosona-murray']"
            )
        self.moves: list[str] = split_moves(moves)
        self.replays: list[Replay] = [_replay(_as_variant(v, rules), self.moves) for v in variants]
        self.boards: list[BoardWidget] = []
        self.titles: list[widgets.HTML] = []
        for replay in self.replays:
            board = BoardWidget(replay.game, animate=animate, interactive=False, **board_options)
            self.boards.append(board)
            rules_name = replay.variant.rules.to_text()
            desc = html.escape(replay.variant.description or replay.variant.name)
            # The names stay as they are (a variant's and a preset's name are what the code takes).
            title = _("{variant}, {rules} rules").format(
                variant=f"<b>{html.escape(replay.variant.name)}</b>", rules=html.escape(rules_name)
            )
            self.titles.append(
                widgets.HTML(
                    f'<div style="margin-top:0.6em">{title} '
                    f'<span class="awithlaknannai-muted">({desc})</span></div>'
                )
            )
        wide = {"description_width": "initial"}
        # A number box (named by its label, stepped by the arrow keys) and text buttons: ipywidgets'
        # slider handle and icon-only buttons have no name a screen reader can read.
        self.move_number = widgets.BoundedIntText(
            min=0,
            max=len(self.moves),
            value=len(self.moves),
            description=_("Move number"),
            style=wide,
            layout=widgets.Layout(width="11em"),
        )
        narrow = widgets.Layout(width="auto")
        self.previous_button = widgets.Button(
            description=_("Back"), tooltip=_("One move back"), layout=narrow
        )
        self.next_button = widgets.Button(description=_("Forward"), tooltip=_("One move on"), layout=narrow)
        self.caption = widgets.HTML()
        self.previous_button.on_click(lambda _: self.go_to(max(0, self.move_number.value - 1)))
        self.next_button.on_click(lambda _: self.go_to(min(len(self.moves), self.move_number.value + 1)))
        self.move_number.observe(lambda change: self._show(change["new"]), names="value")
        controls = widgets.HBox(
            [self.previous_button, self.move_number, self.next_button, self.caption],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        parts: list[widgets.Widget] = [controls]
        for title, board in zip(self.titles, self.boards):
            parts += [title, board]
        super().__init__([KeyboardShield(), *parts])  # keys go to the controls, not to JupyterLab
        self.add_class("awithlaknannai-compare")
        self._shown = len(self.moves)
        self._show(len(self.moves))

    def go_to(self, index: int) -> None:
        """Show every board after ``index`` of the moves (as far as each could go)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.moves):
            raise ValueError(f"move number must be between 0 and {len(self.moves)}, got {index!r}")
        if self.move_number.value != index:
            self.move_number.value = index  # calls _show through the observer
        else:
            self._show(index)

    def _show(self, index: int) -> None:
        one_step = index == self._shown + 1
        self._shown = index
        for replay, board in zip(self.replays, self.boards):
            game = board.game
            target = min(index, replay.playable)
            moved = False
            while len(game.moves) > target:
                game.undo()
            while len(game.moves) < target:
                game.redo()
                moved = True
            if moved and one_step:
                board.show_move(game.moves[-1])
            else:
                board.redraw()
            board.show_status(*self._board_status(replay, index, self.moves))
        if index == 0:
            self.caption.value = html.escape(_("Start position"))
        else:
            self.caption.value = html.escape(_("Move {index} of {total}: {move}")).format(
                index=index, total=len(self.moves), move=f"<b>{html.escape(self.moves[index - 1])}</b>"
            )

    @staticmethod
    def _board_status(replay: Replay, index: int, moves: Sequence[str]) -> tuple[str, bool]:
        if index > replay.playable and replay.stop_reason is not None:
            number = replay.playable + 1
            text = _("Stopped at move {number}: {move} is illegal here \u2014 {reason}.").format(
                number=number, move=moves[number - 1], reason=replay.stop_reason
            )
            return (text, True)
        game = replay.game
        outcome = game.outcome()
        if outcome is not None:
            return (_("Game over: {outcome}.").format(outcome=outcome), False)
        side = side_name(game.position.turn)
        if not game.moves:
            return (_("Start position. {side} to move.").format(side=side), False)
        last = len(game.moves) - 1
        text = _("After {count} moves (last: {move}). {side} to move.").format(
            count=len(game.moves), move=game.move_text(last), side=side
        )
        return (text, False)
