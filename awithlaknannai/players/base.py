"""The player interface shared by the widgets, the command line and the analysis.

A player is any object with a ``name`` and a ``choose_move(position)`` method
returning one of ``position.legal_moves()``. Humans in a widget are players
too: the widget itself supplies their moves.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..position import Move, Position

__all__ = ["Player"]


@runtime_checkable
class Player(Protocol):
    """Given a position that is not over, return a legal move."""

    name: str

    def choose_move(self, position: Position) -> Move:
        ...
