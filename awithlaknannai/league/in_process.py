"""A student's player run in the notebook's own process: a time limit by alarm, no memory cap, no confinement.

For trying a player in a notebook cell, and for a machine with no processes
(a JupyterLite site, where the browser tab is the boundary). A player in a
process of its own is :class:`~awithlaknannai.league.sandbox.PlayerProcess`;
both load the player and word its failures the same way
(:mod:`~awithlaknannai.league.player_side`).

Examples
--------
>>> from awithlaknannai import Position
>>> player = InProcessPlayer("first-move", lambda position: position.legal_moves()[0])
>>> move, seconds = player.choose(Position.start("zuni-3"))
>>> isinstance(move, str) and seconds < DEFAULT_TIME_LIMIT
True
"""

from __future__ import annotations

import contextlib
import inspect
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..position import Position
from .contestants import NOTEBOOK_ORIGIN, Contestant
from .failure_texts import (
    COULD_NOT_LOAD,
    LOAD_TOO_LONG,
    OUT_OF_MEMORY,
    OUT_OF_MEMORY_LOADING,
    RAISED,
    TOOK_SECONDS,
    TOOK_TOO_LONG,
)
from .player_limits import DEFAULT_TIME_LIMIT, LOAD_TIME_LIMIT, grace_seconds
from .player_side import PlayerFailure, _describe, _load_choose, _move_text

__all__ = ["InProcessPlayer"]


class _MoveTimeout(BaseException):
    """Raised by the alarm in the middle of a player's move (not an Exception: a bare
    ``except Exception`` in the player's code does not swallow it)."""


def _alarm_usable() -> bool:
    return (
        hasattr(signal, "setitimer")
        and sys.platform != "emscripten"
        and threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the code inside after ``seconds``.

    With Unix signals (the main thread: a notebook cell) a timer interrupts
    Python code at once. Elsewhere (Pyodide in a JupyterLite site, another
    thread) a trace function checks the clock as each line of Python runs:
    it interrupts Python loops, but not one long call into C (such as
    ``sum(range(10**10))``), which is caught once it returns.
    """
    if _alarm_usable():

        def ring(signum: int, frame: object) -> None:
            raise _MoveTimeout

        previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    deadline = time.monotonic() + seconds

    def tracer(frame: Any, event: str, argument: Any) -> Any:
        if time.monotonic() > deadline:
            raise _MoveTimeout
        return tracer

    previous_trace = sys.gettrace()
    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(previous_trace)


class InProcessPlayer:
    """A player run in the calling process (for trying a player in a notebook), with the same methods
    as :class:`~awithlaknannai.league.sandbox.PlayerProcess`.

    Each move gets a fresh copy of the position, so nothing the player does
    to it reaches the game. The time limit interrupts the player where
    Unix signals allow (in the main thread: a notebook cell); elsewhere a
    slow move is caught only once it returns. **No memory cap, and no
    protection of the notebook**: the player can change anything in the
    notebook's process; use :class:`~awithlaknannai.league.sandbox.PlayerProcess` for that.
    """

    def __init__(
        self,
        name: str,
        choose: Callable[[Position], Any],
        time_limit: float = DEFAULT_TIME_LIMIT,
        player: Any = None,
    ) -> None:
        self.name = name
        self._choose = choose
        self._player = player
        self.time_limit = time_limit
        self._filename: str | None = None

    @classmethod
    def load(cls, contestant: Contestant, time_limit: float = DEFAULT_TIME_LIMIT) -> InProcessPlayer:
        """The contestant's code loaded into this process (raises PlayerFailure "load" if it cannot).

        For a machine with no processes (a JupyterLite site, where the
        browser tab is the boundary): the player's code runs in this Python,
        with the time limit of :func:`_alarm` and no memory cap.
        """
        if contestant.problem is not None:
            raise PlayerFailure("load", contestant.problem)
        numbered = contestant.origin != NOTEBOOK_ORIGIN
        try:
            with _alarm(LOAD_TIME_LIMIT):
                choose, builtin = _load_choose(contestant, None)
        except PlayerFailure:
            raise
        except _MoveTimeout:
            raise PlayerFailure(
                "load", LOAD_TOO_LONG.message.format(seconds=f"{LOAD_TIME_LIMIT:g}")
            ) from None
        except MemoryError:
            raise PlayerFailure("memory", OUT_OF_MEMORY_LOADING.message) from None
        except BaseException as error:
            if isinstance(error, KeyboardInterrupt):
                raise
            raise PlayerFailure(
                "load", COULD_NOT_LOAD.message.format(why=_describe(error, contestant.origin, numbered))
            ) from None
        player = cls(contestant.name, choose, time_limit, player=builtin)
        player._filename = contestant.origin
        return player

    def start(self) -> None:
        pass

    def new_game(self, seed: int | None) -> None:
        if seed is None:
            return
        reset = getattr(self._player, "reset", None)
        if callable(reset):
            reset(seed)
        else:
            random.seed(seed)

    def choose(self, position: Position) -> tuple[str, float]:
        copy = Position(
            position.variant,
            position.white,
            position.black,
            position.turn,
            position.quiet_turns,
            position.dead,
        )
        started = time.perf_counter()
        try:
            with _alarm(self.time_limit + grace_seconds(self.time_limit)):
                result = self._choose(copy)
        except _MoveTimeout:
            raise PlayerFailure(
                "timeout", TOOK_TOO_LONG.message.format(seconds=f"{self.time_limit:g}")
            ) from None
        except MemoryError:
            raise PlayerFailure("memory", OUT_OF_MEMORY.message) from None
        except (KeyboardInterrupt, GeneratorExit):
            raise
        except BaseException as error:  # noqa: BLE001 - a player's error loses its game
            filename = self._filename or (
                inspect.getsourcefile(self._choose) if inspect.isfunction(self._choose) else None
            )
            raise PlayerFailure(
                "error", RAISED.message.format(error=_describe(error, filename or ""))
            ) from None
        seconds = time.perf_counter() - started
        if seconds > self.time_limit:
            raise PlayerFailure(
                "timeout", TOOK_SECONDS.message.format(seconds=f"{seconds:.2f}", limit=f"{self.time_limit:g}")
            )
        return _move_text(result), seconds

    def close(self) -> None:
        pass
