"""Moves and results as values: a whole turn (:class:`Move`), and how a game ended.

These are the values :class:`~awithlaknannai.position.Position` hands out
and takes back; they know nothing of positions, so they sit below them
(with the texts they are written as, :mod:`awithlaknannai.texts`).

Examples
--------
>>> Move("T4", ("B3", "B5"), ("M4", "B4")).text(full=True)
'T4x(M4)B3x(B4)B5'
>>> str(Outcome(Color.WHITE, EndReason.BLOCKED))
'White wins (no legal move)'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import InvalidMoveError
from .i18n import N_, side_name
from .i18n import gettext as _
from .texts import move_text
from .variants import Color

__all__ = ["EndReason", "Move", "Outcome"]


@dataclass(frozen=True, order=True)
class Move:
    """One whole turn: a step, or a full sequence of leaps by one piece.

    Attributes
    ----------
    origin : str
        The point the piece starts from.
    landings : tuple of str
        Where it lands: one point for a step, one per leap.
    captures : tuple of str
        The jumped points, in order (empty for a step).

    Examples
    --------
    >>> Move("B3", ("M4",))
    Move('B3-M4')
    >>> str(Move("T4", ("B3", "B5"), ("M4", "B4")))
    'T4xB3xB5'
    """

    origin: str
    landings: tuple[str, ...]
    captures: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Accept lists, and refuse shapes no turn can have: a step goes to one
        # point; a leap sequence jumps once per landing.
        if not isinstance(self.origin, str):
            raise TypeError(f"Move origin is a point name such as 'B3', got {type(self.origin).__name__}")
        for name in ("landings", "captures"):
            value = getattr(self, name)
            if (
                isinstance(value, str)
                or not isinstance(value, (tuple, list))
                or not all(isinstance(point, str) for point in value)
            ):
                raise TypeError(f"Move {name} is a tuple of point names such as ('M4',), got {value!r}"[:200])
        if type(self.landings) is not tuple:
            object.__setattr__(self, "landings", tuple(self.landings))
        if type(self.captures) is not tuple:
            object.__setattr__(self, "captures", tuple(self.captures))
        count = len(self.landings)
        if count == 0 or (len(self.captures) != count if self.captures else count != 1):
            raise InvalidMoveError(
                f"a Move has one landing point for a step, or one landing per jumped point; got "
                f"origin={self.origin!r}, landings={self.landings!r}, captures={self.captures!r}"
            )

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    @property
    def destination(self) -> str:
        return self.landings[-1]

    @property
    def path(self) -> tuple[str, ...]:
        """Every point the piece stands on, from origin to destination."""
        return (self.origin, *self.landings)

    def text(self, full: bool = False) -> str:
        """``B3-M4`` for a step, ``T4xB3xB5`` for leaps.

        With ``full=True`` each leap names the jumped point too, as in
        ``T4x(M4)B3``; needed only where two leaps share their landings
        (possible with bent leaps).
        """
        return move_text(self.origin, self.landings, self.captures, full)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move({self.text()!r})"


class EndReason(str, Enum):
    """Why a game ended."""

    NO_PIECES = "no pieces left"
    BLOCKED = "no legal move"
    QUIET_LIMIT = "turn limit without a capture"
    REPETITION = "position repeated"


# How a reason reads to a student, in the session's language. The EndReason values
# themselves are what game records save, so they stay English.
_REASON_SHOWN = {
    EndReason.NO_PIECES: N_("no pieces left"),
    EndReason.BLOCKED: N_("no legal move"),
    EndReason.QUIET_LIMIT: N_("turn limit without a capture"),
    EndReason.REPETITION: N_("position repeated"),
}


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: the winner (``None`` for a draw) and why."""

    winner: Color | None
    reason: EndReason

    @property
    def result(self) -> str:
        """``"white"``, ``"black"`` or ``"draw"``."""
        return self.winner.value if self.winner else "draw"

    def returns(self) -> dict[Color, int]:
        """+1 for the winner, -1 for the loser, 0 each for a draw (OpenSpiel's ``returns``)."""
        if self.winner is None:
            return {Color.WHITE: 0, Color.BLACK: 0}
        return {self.winner: 1, self.winner.other: -1}

    def __str__(self) -> str:
        """The result as a student reads it, in the session's language (records keep ``result`` and ``reason``).

        >>> from awithlaknannai.i18n import use_language
        >>> with use_language("es"):
        ...     print(Outcome(Color.WHITE, EndReason.BLOCKED), "/", Outcome(None, EndReason.REPETITION))
        Ganan las Blancas (ninguna jugada permitida) / Empate (posición repetida)
        """
        reason = _REASON_SHOWN.get(self.reason, self.reason.value)
        if self.winner is None:
            return _("Draw ({reason})").format(reason=reason)
        return _("{side} wins ({reason})").format(side=side_name(self.winner), reason=reason)
