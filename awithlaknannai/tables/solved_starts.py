"""Whole games this project has solved, as facts a hint can give without the tables.

Solving the 19-point war games takes minutes of CPU and up to 1.4 GB, and
their tables take room on disk: about a third of a gigabyte a preset for Lau
kata kati (327 MB) and about 116 MB a preset for Pretwa (``.tbl`` and ``.wdl``
together, as ``benchmarks/tables-results.txt`` measured them). A classroom does
not have them. What the builds found at the start of each game is kept here, copied
from the build log ``benchmarks/tables-results.txt`` (a test checks every
entry against that file's summary). As everywhere in the solver, perfect
play leaves out the quiet-turn limit and repetition.

Examples
--------
>>> from awithlaknannai import Position
>>> facts = solved_start(Position.start("pretwa", rules="maximum"))
>>> facts.result, facts.best, facts.losing
('win', ('e1-o0', 'c1-o0'), ('d1-o0',))
>>> facts.moves_to_win, facts.losing_in
(33, 10)
>>> solved_start(Position.start("pretwa", rules="maximum").play("e1-o0")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..position import Position
from ..rules import PRESETS

__all__ = ["SOLVED_STARTS", "SolvedStart", "solved_start"]


@dataclass(frozen=True)
class SolvedStart:
    """What perfect play gives from a game's start, for the first player (White).

    Attributes
    ----------
    variant, rules : str
        The board's name and the rules preset.
    result : str
        ``"win"`` or ``"draw"`` with the best play on both sides.
    best : tuple of str
        The first moves that keep that result.
    losing : tuple of str
        The first moves that lose.
    moves_to_win : int or None
        With ``result == "win"``: White's moves to the win.
    losing_in : int or None
        With ``losing``: the moves until White has lost.
    """

    variant: str
    rules: str
    result: str
    best: tuple[str, ...]
    losing: tuple[str, ...] = ()
    moves_to_win: int | None = None
    losing_in: int | None = None


_LAU_FIRST = ("c3-d4", "d3-d4", "e3-d4")

#: Every whole game solved from its start, by (board, rules preset).
SOLVED_STARTS: dict[tuple[str, str], SolvedStart] = {
    (facts.variant, facts.rules): facts
    for facts in (
        SolvedStart("lau-kata-kati", "standard", "draw", _LAU_FIRST),
        SolvedStart("lau-kata-kati", "ludii", "draw", _LAU_FIRST),
        SolvedStart("lau-kata-kati", "maximum", "draw", _LAU_FIRST),
        SolvedStart("pretwa", "standard", "draw", ("e1-o0", "c1-o0"), ("d1-o0",), losing_in=10),
        SolvedStart("pretwa", "ludii", "draw", ("e1-o0", "c1-o0", "d1-o0")),
        SolvedStart(
            "pretwa", "maximum", "win", ("e1-o0", "c1-o0"), ("d1-o0",), moves_to_win=33, losing_in=10
        ),
    )
}


def solved_start(position: Position) -> SolvedStart | None:
    """The facts of ``position`` if it is the start of a solved game (board and rules exactly a preset's)."""
    if not isinstance(position, Position):
        raise TypeError(f"solved_start takes a Position, got {type(position).__name__}")
    variant = position.variant
    for (name, preset), facts in SOLVED_STARTS.items():
        if variant.name == name and variant.rules == PRESETS[preset]:
            return facts if position == Position.start(name, rules=preset) else None
    return None
