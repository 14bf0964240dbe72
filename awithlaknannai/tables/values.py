"""What the endgame tables say about a position: :class:`Value`, the per-class :class:`ClassReport`,
and how good a move is (:func:`move_rank`).

A table code is ``distance << 3 | category`` (see
:mod:`~awithlaknannai.tables.solver_core`); these classes read it for
people and for the perfect player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..i18n import _, ngettext
from . import solver_core as core  # noqa: F401 - the doctests use it
from .solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN
from .tablefile import ClassTable

__all__ = ["Value", "ClassReport", "Outcome", "move_rank"]

Outcome = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class Value:
    """The result of a position with perfect play, for the side to move.

    Attributes
    ----------
    outcome : {"win", "draw", "loss"}
        The result for the side to move.
    plies : int or None
        Turns until the game ends (the winner hurries, the loser delays);
        ``None`` when it never ends: a draw, or a stand-in result.
    stand_in : bool
        The result comes from endless play scored by the pieces left
        (rules with ``no_capture_result="more_pieces"``).

    Examples
    --------
    >>> Value.from_code(core.make_code(WIN, 3))
    Value(outcome='win', plies=3, stand_in=False)
    >>> str(Value.from_code(core.make_code(WIN, 3)))
    'win in 2 moves (3 plies)'
    >>> str(Value.from_code(core.make_code(LOSS_STAND_IN, 0)))
    'loss on pieces (no capture ever again)'
    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     str(Value.from_code(core.make_code(WIN, 3)))
    'gana en 2 jugadas (3 turnos)'
    """

    outcome: Outcome
    plies: int | None
    stand_in: bool = False

    @classmethod
    def from_code(cls, code: int) -> Value:
        """Read a table code (see :mod:`~awithlaknannai.tables.solver_core`)."""
        category, distance = code & 7, code >> 3
        if category == WIN:
            return cls("win", distance)
        if category == LOSS:
            return cls("loss", distance)
        if category == DRAW:
            return cls("draw", None)
        return cls("win" if category == WIN_STAND_IN else "loss", None, True)

    @property
    def moves(self) -> int | None:
        """The side to move's own turns until the end, counting the last one if it wins."""
        if self.plies is None:
            return None
        return (self.plies + 1) // 2 if self.outcome == "win" else self.plies // 2

    def __str__(self) -> str:
        """The result in words, in the session's language (the attributes stay English: a program reads them)."""
        if self.outcome == "draw":
            return _("draw")
        if self.stand_in:
            if self.outcome == "win":
                return _("win on pieces (no capture ever again)")
            return _("loss on pieces (no capture ever again)")
        if self.plies == 0:
            # Already over: "won"/"lost" stay English, as the catalog's "won" is a table's short column head.
            return "lost" if self.outcome == "loss" else "won"
        if self.plies is None or self.moves is None:  # made by hand: no distance to tell
            return str(self.outcome)
        moves = ngettext("{count} move", "{count} moves", self.moves).format(count=self.moves)
        plies = ngettext("{count} ply", "{count} plies", self.plies).format(count=self.plies)
        if self.outcome == "win":
            return _("win in {moves} ({plies})").format(moves=moves, plies=plies)
        return _("loss in {moves} ({plies})").format(moves=moves, plies=plies)


@dataclass(frozen=True)
class ClassReport:
    """Counts for one material class, seen from the side to move.

    ``won``, ``lost`` and ``drawn`` count positions; ``on_pieces`` counts the
    won and lost ones decided by endless play (stand-in scoring);
    ``longest`` is the longest finite win in plies; ``seconds`` is the
    build time of the class's pair (0 when loaded from the cache).
    """

    mover: int
    opponent: int
    positions: int
    won: int
    lost: int
    drawn: int
    on_pieces: int
    longest: int
    seconds: float
    source: Literal["solved", "cache"]

    @property
    def name(self) -> str:
        return f"{self.mover}v{self.opponent}"

    @classmethod
    def count(
        cls, mover: int, opponent: int, table: ClassTable, seconds: float, source: Literal["solved", "cache"]
    ) -> ClassReport:
        """The counts of a solved class (each position of the class counted once)."""
        tally = [0] * 5
        longest = 0
        for code, number in table.counts().items():
            tally[code & 7] += number
            if code & 7 == WIN:
                longest = max(longest, code >> 3)
        return cls(
            mover,
            opponent,
            len(table),
            tally[WIN] + tally[WIN_STAND_IN],
            tally[LOSS] + tally[LOSS_STAND_IN],
            tally[DRAW],
            tally[WIN_STAND_IN] + tally[LOSS_STAND_IN],
            longest,
            seconds,
            source,
        )


def move_rank(mine: int, child: int, capture: bool, own: int, opp: int, more_pieces: bool) -> tuple[int, int]:
    """How good a move is for its player (bigger is better), from the codes around it."""
    category = mine & 7
    if category == WIN:
        return (WIN, -(mine >> 3))
    if category == LOSS:
        return (LOSS, mine >> 3)
    if not more_pieces:
        return (category, 0)
    # Stand-in scoring: endless play in the present material gives `holding`.
    holding = (own > opp) - (own < opp)
    needs_capture = (category == WIN_STAND_IN and holding <= 0) or (category == DRAW and holding < 0)
    if needs_capture:
        # The capture that settles the result is the goal; else shorten the way to it.
        return (category, 0 if capture else -(child >> 3))
    if category == LOSS_STAND_IN and not capture:
        return (category, child >> 3)  # make the opponent's way to his capture long
    return (category, 0)
