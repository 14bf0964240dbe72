"""The limits a student's player plays under: seconds a move, megabytes, seconds to load.

One place for the numbers that a player in a process of its own
(:class:`~awithlaknannai.league.sandbox.PlayerProcess`) and a player in the
notebook's own process (:class:`~awithlaknannai.league.in_process.InProcessPlayer`)
both keep to.

Examples
--------
>>> grace_seconds(DEFAULT_TIME_LIMIT)
0.5
>>> check_time_limit(1)
1.0
"""

from __future__ import annotations

from ..players.levels import MAX_SECONDS

__all__ = [
    "DEFAULT_MEMORY_LIMIT_MB",
    "DEFAULT_TIME_LIMIT",
    "LOAD_TIME_LIMIT",
    "check_time_limit",
    "grace_seconds",
]

#: Seconds a player may think about one move, unless the league says otherwise.
DEFAULT_TIME_LIMIT = 2.0
#: Megabytes a player's process may grow by (beyond the ~40 MB an empty player process uses).
DEFAULT_MEMORY_LIMIT_MB = 500
#: Seconds a player's code may take to load (its imports and top-level code).
LOAD_TIME_LIMIT = 10.0
GRACE_FRACTION, GRACE_MIN, GRACE_MAX = 0.25, 0.1, 2.0


#: The league waits a little beyond the time limit for a reply (for the
#: message to travel and a busy machine to schedule the process) before it
#: kills the process: a quarter of the limit, at least 0.1 s and at most 2 s.
#: A move that took longer than the limit by the player's own clock loses
#: all the same.
def grace_seconds(time_limit: float) -> float:
    """How long past ``time_limit`` the league waits for a reply before it ends the player's process."""
    return min(GRACE_MAX, max(GRACE_MIN, GRACE_FRACTION * time_limit))


def check_time_limit(time_limit: object) -> float:
    """A time limit per move: a number of seconds above 0 and at most MAX_SECONDS."""
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise TypeError(f"time_limit is a number of seconds, got {type(time_limit).__name__}")
    if not 0 < time_limit <= MAX_SECONDS:  # also refuses NaN
        raise ValueError(
            f"time_limit must be above 0 and at most {MAX_SECONDS:g} seconds, got {time_limit!r}"
        )
    return float(time_limit)
