"""The player interface shared by the widgets, the command line and the analysis.

A player is any object with a ``name`` and a ``choose_move(position)`` method
returning one of ``position.legal_moves()``. Humans in a widget are players
too: the widget itself supplies their moves.

The computer players of this package also share :class:`SeededPlayer`: each
owns its own :class:`random.Random`, so a seeded player makes the same choices
every time it sees the same positions, whatever else uses randomness.
"""

from __future__ import annotations

import math
import random
from typing import Protocol, runtime_checkable

from ..errors import GameOverError, shown
from ..position import Move, Position
from .endgames import EndgameProbe, check_endgames

__all__ = [
    "MAX_SECONDS",
    "Player",
    "SearchPlayer",
    "SeededPlayer",
    "check_name",
    "check_search_size",
    "check_seconds",
    "check_seed",
    "playable_moves",
]

#: The longest a computer player may think about one move without
#: ``allow_long=True``: ten minutes.
MAX_SECONDS = 600.0


def check_seed(seed: object) -> int | None:
    """A seed is an integer or None (a TypeError otherwise)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
    return seed


def check_seconds(time_limit: object, allow_long: bool) -> float | None:
    """A time limit: None, or a finite number of seconds > 0, at most MAX_SECONDS unless ``allow_long``."""
    from ..errors import LongJobError
    from ..limits import duration, flag

    flag("allow_long", allow_long)
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise TypeError(f"time_limit is a number of seconds, got {type(time_limit).__name__}")
    if not (0 < time_limit < math.inf):
        raise ValueError(f"time_limit must be a finite number of seconds > 0, got {shown(time_limit)}")
    if time_limit > MAX_SECONDS and not allow_long:
        raise LongJobError(
            f"time_limit of {duration(float(time_limit))} a move: more than the {MAX_SECONDS:.0f} s a "
            "player thinks by default; pass allow_long=True to think longer"
        )
    return float(time_limit)


def check_search_size(size: object, name: str, asked_as: str, time_limit: object) -> None:
    """A search's size (a depth, a number of playouts) is an integer, or None with a time limit.

    Its range is for the player to check. ``name`` names the argument in a
    TypeError, ``asked_as`` in the ValueError when neither is given.

    Examples
    --------
    >>> check_search_size(4, "depth", "a depth", None)
    >>> check_search_size(None, "playouts", "playouts", None)
    Traceback (most recent call last):
    ...
    ValueError: give playouts, a time_limit, or both
    """
    if size is None:
        if time_limit is None:
            raise ValueError(f"give {asked_as}, a time_limit, or both")
    elif isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"{name} must be an integer (or None with a time_limit), got {type(size).__name__}")


def check_name(name: object) -> str | None:
    """A player's name is a short text (or None for the default)."""
    if name is not None and not isinstance(name, str):
        raise TypeError(f"a player's name is a text, got {type(name).__name__}")
    if name is not None and len(name) > 200:
        raise ValueError(f"a player's name is at most 200 characters, got {len(name):,}")
    return name


@runtime_checkable
class Player(Protocol):
    """Given a position that is not over, return a legal move."""

    name: str

    def choose_move(self, position: Position) -> Move: ...


def playable_moves(position: Position) -> tuple[Move, ...]:
    """Return the legal moves of ``position``, or raise if the game is over there.

    Raises
    ------
    GameOverError
        The position is finished (no pieces, no move, or the turn limit), so
        there is nothing to choose.
    TypeError
        ``position`` is not a :class:`~awithlaknannai.Position`.

    Examples
    --------
    >>> len(playable_moves(Position.start("mosona")))
    3
    >>> playable_moves(Position.from_pieces("zuni-4", {"M1": "w"}, turn="b"))
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.GameOverError: no move to choose: the game is over (White wins (no pieces left))
    """
    if not isinstance(position, Position):
        raise TypeError(f"a player chooses a move in a Position, got {type(position).__name__}")
    outcome = position.outcome()
    if outcome is not None:
        raise GameOverError(f"no move to choose: the game is over ({outcome})")
    return position.legal_moves()


class SeededPlayer:
    """Base class for computer players that use chance.

    Parameters
    ----------
    seed : int or None
        Seed of the player's own random generator; ``None`` seeds it from
        the operating system (choices then differ from run to run).

    Attributes
    ----------
    rng : random.Random
        The player's generator; nothing else draws from it.
    """

    name: str = "player"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Forget anything remembered from earlier games and reseed the generator.

        The match runner calls this before every game, so each game of a
        match can be replayed on its own.
        """
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)

    def choose_move(self, position: Position) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed!r})"


class SearchPlayer(SeededPlayer):
    """Base class for the players that search within a budget: a size (a depth, playouts), a time a move, or both.

    Checks what every such player takes alike: the seed, the endgame tables it may read
    (:func:`~awithlaknannai.players.endgames.check_endgames`), the time limit and the kind of the
    size; the size's range is for the player to check.

    Parameters
    ----------
    seed : int or None
        As for :class:`SeededPlayer`.
    endgames : bool or EndgameProbe
        Play perfectly where the endgame tables cover a position.
    size : int or None
        The search's size; ``None`` with a time limit.
    size_name, asked_as : str
        The size's argument name (in a TypeError) and how to ask for it (when neither is given).
    time_limit : float or None
        Seconds a move.
    allow_long : bool
        Think longer than :data:`MAX_SECONDS` a move.
    """

    def __init__(
        self,
        seed: int | None,
        endgames: bool | EndgameProbe,
        size: int | None,
        size_name: str,
        asked_as: str,
        time_limit: float | None,
        allow_long: bool,
    ) -> None:
        super().__init__(seed)
        self.endgames = check_endgames(endgames)
        self.time_limit = check_seconds(time_limit, allow_long)
        check_search_size(size, size_name, asked_as, time_limit)
        self.allow_long = allow_long
        self.last_search: dict[str, float] = {}

    def default_name(self, kind: str, size: int | None) -> str:
        """``kind:size``, ``kind:Ts`` or ``kind:size:Ts``: the player's level spelling, its default name.

        >>> class Probe(SearchPlayer):
        ...     pass
        >>> Probe(1, False, 400, "playouts", "playouts", None, False).default_name("mcts", 400)
        'mcts:400'
        >>> Probe(1, False, None, "depth", "a depth", 2.0, False).default_name("alphabeta", None)
        'alphabeta:2s'
        >>> Probe(1, False, 3, "depth", "a depth", 0.5, False).default_name("alphabeta", 3)
        'alphabeta:3:0.5s'
        """
        if self.time_limit is None:
            return f"{kind}:{size}"
        return f"{kind}:{self.time_limit:g}s" if size is None else f"{kind}:{size}:{self.time_limit:g}s"
