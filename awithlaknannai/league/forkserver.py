"""Starting a player's process through multiprocessing's forkserver, without hanging and without a teacher's script.

A player's process is started from a small server process that has already
imported this package (``multiprocessing``'s *forkserver*), so starting one
takes milliseconds. Two things multiprocessing does not do on its own are
done here: it would import the teacher's ``__main__`` again in every player's
process (:func:`_skip_main_in_player_processes` leaves it out), and it waits
for ever on a forkserver that a player stopped (:func:`_start_with_deadline`
wakes it, and ends and replaces one that does not answer).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

from .failure_texts import NOT_STARTED
from .player_side import PlayerFailure

__all__ = ["PROCESS_NAME_PREFIX", "wake_forkserver"]

#: The name of every player process (``ps`` shows it), and how the league recognises its own processes.
PROCESS_NAME_PREFIX = "awithlaknannai player "


def _skip_main_in_player_processes() -> None:
    """Do not import the caller's ``__main__`` in player processes.

    ``multiprocessing`` (spawn and forkserver) imports the parent's main
    script again in every child, for the target function's sake. A player
    process needs nothing from it: its target and arguments come from this
    package. Importing it would run a teacher's script without an
    ``if __name__ == "__main__":`` guard once more in every player's process
    (and fail for code typed at ``python -``). So the preparation data of
    processes whose names start with :data:`PROCESS_NAME_PREFIX` leaves the
    main module out; every other process is left as multiprocessing makes it.
    """
    from multiprocessing import spawn

    original = spawn.get_preparation_data
    if getattr(original, "_awithlaknannai", False):
        return

    def preparation_data(name: str) -> dict[str, Any]:
        ours = isinstance(name, str) and name.startswith(PROCESS_NAME_PREFIX)
        real_main = sys.modules.get("__main__")
        if not ours and hasattr(real_main, "__spec__"):
            return original(name)
        # The main module is not read at all: IPython puts a module of its own there that may have
        # no __spec__, on which multiprocessing fails (also when it starts the forkserver).
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            data = original(name)
        finally:
            if real_main is not None:
                sys.modules["__main__"] = real_main
        if ours:
            data.pop("init_main_from_path", None)
            data.pop("init_main_from_name", None)
        return data

    preparation_data._awithlaknannai = True  # type: ignore[attr-defined]
    spawn.get_preparation_data = preparation_data


def _start_with_deadline(make: Callable[[], Any], context: Any, seconds: float) -> Any:
    """A started process from ``make()``; a forkserver that does not answer is ended and replaced once.

    multiprocessing waits for ever on a forkserver that was stopped with
    SIGSTOP. A confined player cannot signal it (Landlock ABI 6); on a
    machine that cannot confine, this keeps the league from hanging.
    """
    for attempt in range(2):
        wake_forkserver()
        process = make()
        failure: list[BaseException] = []

        def start(process: Any = process, failure: list[BaseException] = failure) -> None:
            try:
                process.start()
            except BaseException as error:  # noqa: BLE001 - handed to the caller's thread
                failure.append(error)

        starter = threading.Thread(target=start, name="awithlaknannai-start", daemon=True)
        starter.start()
        starter.join(seconds)
        if not starter.is_alive() and not failure:
            return process
        if context.get_start_method() != "forkserver" or attempt == 1:
            break
        _replace_forkserver()
        starter.join(2.0)
    raise PlayerFailure("crash", NOT_STARTED.message.format(seconds=f"{seconds:g}"))


def wake_forkserver() -> None:
    """Send SIGCONT to this process's forkserver, if it has one: a stopped forkserver answers again.

    Its player processes' exits are reported through it: while it is
    stopped, nothing can wait for them (not even Python's own exit).
    """
    from multiprocessing import forkserver

    pid = getattr(forkserver._forkserver, "_forkserver_pid", None)
    if pid:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGCONT)


def _replace_forkserver() -> None:
    """End the forkserver and forget it, so that the next process start launches a fresh one.

    multiprocessing has no public call for this; its ForkServer keeps the
    server's pid, its "alive" pipe and its socket address (Python 3.10-3.13).
    """
    from multiprocessing import forkserver

    # Any: these are ForkServer's private attributes, which typeshed does not declare.
    server: Any = forkserver._forkserver
    with server._lock:
        pid = server._forkserver_pid
        if pid is None:
            return
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.waitpid(pid, 0)
        with contextlib.suppress(OSError, TypeError):
            os.close(server._forkserver_alive_fd)
        address = server._forkserver_address
        if isinstance(address, str) and not address.startswith("\0"):
            with contextlib.suppress(OSError):
                os.unlink(address)
        server._forkserver_pid = server._forkserver_alive_fd = server._forkserver_address = None
