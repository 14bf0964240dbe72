"""Hints for the side to move: perfect play where the tables know it, else the strongest level's choice.

:func:`hint_for` is what the game widget's Hint button shows; it never starts
a long computation (see :meth:`awithlaknannai.widgets.game.GameWidget.hint`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..game import Game
from ..i18n import ngettext, side_name
from ..i18n import gettext as _
from ..position import Move, Position

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..players import SeededPlayer
    from ..tables.solved_starts import SolvedStart

# None when the players are not installed.
LEVELS: dict[str, str]
player_for_level: Callable[..., SeededPlayer] | None
try:  # the computer players are optional: without them only the tables give hints
    from ..players import LEVELS, player_for_level
except ImportError:  # pragma: no cover - depends on what is installed
    LEVELS, player_for_level = {}, None

__all__ = ["Hint", "hint_for", "hint_text"]


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
        text = (
            _("{try_move}: with perfect play, {side} wins with this move. The arrow shows the move.")
            if turns == 1
            else ngettext(
                "{try_move}: with perfect play, {side} wins in {count} of your moves. The arrow shows the move.",
                "{try_move}: with perfect play, {side} wins in {count} of your moves. The arrow shows the move.",
                turns,
            )
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
