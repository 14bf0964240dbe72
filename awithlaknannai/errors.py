"""The few exception types users catch.

All are ``ValueError`` subclasses, so ``except ValueError`` catches any bad
input; each message says what was wrong.
"""

from __future__ import annotations

__all__ = ["InvalidMoveError", "IllegalMoveError", "GameOverError", "NotationError"]


class InvalidMoveError(ValueError):
    """A move's text cannot be read, or names a point the board does not have."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position.

    The message says why (occupied, not joined by a line, capture is
    compulsory, must continue leaping, a larger capture exists, ...).
    """


class GameOverError(IllegalMoveError):
    """A move was played, or undone past the start, where that is impossible."""


class NotationError(ValueError):
    """A position text or game record is malformed; the message names the field."""
