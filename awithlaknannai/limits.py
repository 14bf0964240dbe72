"""How long a call may run by default, and the checks that hold every argument within bounds.

Students call the library from notebook cells, often on Binder (2 GB of
memory, and no way to stop a runaway cell but restarting the kernel), so
every call that can start work of any size estimates the work from its
arguments before spending anything:

* :func:`~awithlaknannai.tables.solver.solve_endgames` and
  :func:`~awithlaknannai.tables.solver.solve_game`: positions, seconds and
  bytes by :func:`~awithlaknannai.tables.solver.estimate_cost` (classes
  already in the cache count as loading, not solving);
* :func:`~awithlaknannai.position.perft` and
  :meth:`~awithlaknannai.engines.lean.LeanEngine.perft`: the size of the game
  tree and the time of its nodes, from a few random descents timed on the
  spot (:func:`~awithlaknannai.position.perft_estimate`);
* :meth:`~awithlaknannai.engines.lean.LeanEngine.random_games` and
  :meth:`~awithlaknannai.engines.batch.BatchPlayouts.play`: the time of the
  first games, times the rest;
* :class:`~awithlaknannai.players.mcts.MCTSPlayer`: playouts and seconds a
  move, and the memory of its tree; the first playouts of a move timed;
* :class:`~awithlaknannai.players.alphabeta.AlphaBetaPlayer`: its depth
  without a time limit, and the time of each depth before the next;
* :func:`~awithlaknannai.boards.zuni` and
  :func:`~awithlaknannai.boards.concentric`: the number of points.

A job estimated above :data:`LONG_JOB_SECONDS` or :data:`LONG_JOB_BYTES` is
refused with a :class:`~awithlaknannai.errors.LongJobError` that gives the
estimate; each of these calls takes ``allow_long=True`` to run it anyway.

>>> check_long_job("perft to depth 30", seconds=5e9, allow_long=False)
Traceback (most recent call last):
...
awithlaknannai.errors.LongJobError: perft to depth 30: estimated 158 years, more than the 1 min a call runs by default; pass allow_long=True to run it anyway
>>> check_long_job("perft to depth 30", seconds=5e9, allow_long=True)  # the caller said so
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any, TypeVar

from .errors import LongJobError, shown

__all__ = [
    "LONG_JOB_BYTES",
    "LONG_JOB_SECONDS",
    "MAX_TEXT_CHARS",
    "bounded_items",
    "check_long_job",
    "duration",
    "flag",
    "text",
    "whole_number",
]

_T = TypeVar("_T")

#: The longest text (a name, a title, an identifier) the public API takes, unless a call says otherwise.
MAX_TEXT_CHARS = 1000

#: The longest a call runs without ``allow_long=True``: one minute.
LONG_JOB_SECONDS = 60.0

#: The most memory a call may estimate to use without ``allow_long=True``:
#: 1 GiB, half of what Binder gives a whole session.
LONG_JOB_BYTES = 2**30


def duration(seconds: float) -> str:
    """A time for people: ``"3 s"``, ``"12 min"``, ``"5 h"``, ``"2 days"``, ``"158 years"``.

    >>> duration(0.4), duration(150), duration(3 * 3600), duration(4e5), duration(math.inf)
    ('0 s', '2 min', '3 h', '5 days', 'for ever')
    """
    if not seconds < math.inf:
        return "for ever"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:,.0f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:,.0f} days"
    years = seconds / (365.25 * 86400)
    return f"{years:,.0f} years" if years < 1e9 else "for ever"


def _size(memory: float) -> str:
    if memory < 2**30:
        return f"{memory / 2**20:,.0f} MB"
    return f"{memory / 2**30:,.1f} GB" if memory < 2**70 else "more memory than exists"


def check_long_job(
    what: str,
    seconds: float = 0.0,
    memory: float = 0.0,
    *,
    allow_long: bool,
    advice: str = "",
    seconds_limit: float = LONG_JOB_SECONDS,
    at_least: bool = False,
) -> None:
    """Refuse a job estimated above the default limits, unless ``allow_long`` is true.

    Parameters
    ----------
    what : str
        The job, for the message (``"solve_endgames('mosona', 5)"``).
    seconds, memory : float
        The estimate, in seconds and bytes.
    allow_long : bool
        The caller's explicit acceptance of a long job.
    advice : str, optional
        What else the caller could do (``"try a smaller max_pieces"``).
    seconds_limit : float, optional
        The time allowed, if not :data:`LONG_JOB_SECONDS` (a computer
        player's move may take :data:`~awithlaknannai.players.base.MAX_SECONDS`).
    at_least : bool, optional
        The estimate stopped adding up once far over the limits: it is a
        lower bound, and the message says so.

    Raises
    ------
    TypeError
        ``allow_long`` is not True or False.
    LongJobError
        The estimate is above :data:`LONG_JOB_SECONDS` or :data:`LONG_JOB_BYTES`.
    """
    flag("allow_long", allow_long)
    if allow_long or (seconds <= seconds_limit and memory <= LONG_JOB_BYTES):
        return
    parts = []
    if seconds > seconds_limit:
        parts.append(duration(seconds))
    if memory > LONG_JOB_BYTES:
        parts.append(_size(memory))
    limits = (f"{seconds_limit / 60:g} min" if seconds_limit >= 60 else duration(seconds_limit)) + (
        f" and {_size(LONG_JOB_BYTES)}" if memory > LONG_JOB_BYTES else ""
    )
    raise LongJobError(
        f"{what}: estimated {'at least ' if at_least else ''}{' and '.join(parts)}, more than the "
        f"{limits} a call runs by default; "
        + (f"{advice}, or " if advice else "")
        + "pass allow_long=True to run it anyway"
    )


def flag(name: str, value: object) -> bool:
    """``value`` if it is True or False, else a TypeError naming the argument.

    >>> flag("allow_long", 1)
    Traceback (most recent call last):
    ...
    TypeError: allow_long must be True or False, got int
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}")
    return value


def whole_number(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an integer from ``low`` to ``high``; else a TypeError or ValueError saying so.

    ``bool`` is refused (it is an ``int`` to Python, not a number to people);
    numpy integers are accepted. Huge numbers are quoted by their length.

    >>> whole_number("games", 10)
    10
    >>> whole_number("games", 1.5)
    Traceback (most recent call last):
    ...
    TypeError: games must be an integer, got float
    >>> whole_number("games", -1, low=0)
    Traceback (most recent call last):
    ...
    ValueError: games must be an integer >= 0, got -1
    """
    if isinstance(value, bool) or not hasattr(value, "__index__") or isinstance(value, (float, str, bytes)):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    try:
        number = value.__index__()
    except Exception:  # noqa: BLE001 - a hostile __index__ is a wrong type, not a crash
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}") from None
    if not isinstance(number, int):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = (
            f"from {low:,} to {high:,}"
            if low is not None and high is not None
            else f">= {low:,}"
            if low is not None
            else f"<= {high:,}"
        )
        raise ValueError(f"{name} must be an integer {bounds}, got {shown(number)}")
    return number


def text(name: str, value: object, most: int = MAX_TEXT_CHARS, *, empty: bool = True) -> str:
    """``value`` if it is a ``str`` of at most ``most`` characters; else a TypeError or ValueError saying so.

    The length is checked before anything reads the text, so a 10 MB name
    costs nothing and is quoted in the message by its length only.

    >>> text("name", "Ada")
    'Ada'
    >>> text("name", None)
    Traceback (most recent call last):
    ...
    TypeError: name must be a text (str), got NoneType
    >>> text("name", "x" * 10**7)
    Traceback (most recent call last):
    ...
    ValueError: name must be at most 1,000 characters, got 10,000,000
    >>> text("name", " ", empty=False)
    Traceback (most recent call last):
    ...
    ValueError: name must not be empty
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a text (str), got {type(value).__name__}")
    if len(value) > most:
        raise ValueError(f"{name} must be at most {most:,} characters, got {len(value):,}")
    if not empty and not value.strip():
        raise ValueError(f"{name} must not be empty")
    return value


def bounded_items(name: str, items: Iterable[_T], most: int, *, what: str = "items") -> list[_T]:
    """The items of ``items`` as a list, read lazily: at most ``most`` + 1 are ever taken from it.

    An endless iterator (``itertools.count()``) or a huge one is refused
    after ``most`` + 1 items, before any work is done on them; a text or
    something that is not iterable is a TypeError.

    >>> bounded_items("moves", iter([1, 2]), 3)
    [1, 2]
    >>> import itertools
    >>> bounded_items("moves", itertools.count(1), 3)
    Traceback (most recent call last):
    ...
    ValueError: moves must hold at most 3 items, got more
    >>> bounded_items("moves", 5, 3)
    Traceback (most recent call last):
    ...
    TypeError: moves must be a list or another collection of items, got int
    """
    if isinstance(items, (str, bytes, bytearray, dict)):
        raise TypeError(f"{name} must be a list or another collection of {what}, got {type(items).__name__}")
    try:
        iterator = iter(items)
    except TypeError:
        raise TypeError(
            f"{name} must be a list or another collection of {what}, got {type(items).__name__}"
        ) from None
    taken: list[Any] = list(itertools.islice(iterator, most + 1))
    if len(taken) > most:
        raise ValueError(f"{name} must hold at most {most:,} {what}, got more")
    return taken
