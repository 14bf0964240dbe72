"""Players written by students, each run in a process of its own with a time limit and a memory cap.

A student's player is a function ``choose_move(position)`` that returns one
of ``position.legal_moves()``. A :class:`Contestant` holds a player the
league can run: the code of a ``.py`` file, a function from a notebook cell
(its source, with the helpers and imports it uses), or a built-in player
such as ``"casual"``. Each contestant plays in its own process
(:class:`PlayerProcess`), started from a small server process that has
already imported this package (``multiprocessing``'s *forkserver*, or
*spawn* where there is none), so starting one takes milliseconds.

This module asks the questions and keeps the clock; beside it,
:mod:`~awithlaknannai.league.player_limits` holds the limits,
:mod:`~awithlaknannai.league.forkserver` starts the processes,
:mod:`~awithlaknannai.league.player_side` answers in the player's process,
:mod:`~awithlaknannai.league.confine` confines it, and
:mod:`~awithlaknannai.league.in_process` runs a player in the notebook's
own process where there are no processes.

What the sandbox protects
-------------------------
* **The game and the league's records.** A player receives a fresh
  :class:`~awithlaknannai.Position` built in its own process from the
  numbers that describe it, and answers with the text of a move. The league
  checks that move against its own copy of the game and never runs the
  player's code, nor unpickles anything it sends: a reply is a short JSON
  text, read with a length limit, that must answer the league's last
  question by its number. Anything else (a message out of turn, a reply of
  the wrong kind, an oversized or garbled one) loses that game with the
  league's own reason. The league keeps the clock itself (processor time
  read from ``/proc`` on Linux, see :class:`PlayerProcess`); a player's
  error text is kept only as the detail of its own forfeit.
* **The other players and the league's progress.** Every contestant has its
  own process, in a session and process group of its own that the league
  ends whole when its games are over. An exception, an illegal move, a move
  over the time limit (the process is ended), a crash (``os._exit``, a
  segfault) and running out of memory (the address space may grow by at
  most the cap; Python raises ``MemoryError``) each lose that one game, and
  the league goes on. A player whose code cannot be loaded loses all its
  games. What a player prints goes into a file of its scratch folder, never
  to the league's output or a notebook (:meth:`PlayerProcess.printed` reads
  the first :data:`MAX_PRINTED_CHARS` characters).
* **The teacher's account, where the machine can confine.** On Linux with
  Landlock (kernel 5.13 or newer, enabled) and seccomp, a player file's
  process confines itself before its code runs
  (:mod:`~awithlaknannai.league.confine`): it can read only Python's
  installation, this package and the system's libraries; write only its
  own scratch folder, removed afterwards; use no network; start no program,
  process or thread; signal no process but itself (so neither the league,
  nor its forkserver, nor another player, nor the Jupyter server); and it
  has limits on processor time, file size and open files.

What it does not protect
------------------------
* Where the machine cannot confine (macOS, Windows, an older kernel, a
  container that forbids Landlock or seccomp), a player file runs with the
  rights of whoever runs the league: it could read or change that account's
  files or use the network. :func:`confinement_plan` then refuses a league
  of player files unless the teacher says ``trusted=True``, and the league
  prints which protections do not hold. Read the files first, or run the
  league in a fresh Binder session.
* Confined or not, a player can use its share of processor time and memory
  up to its limits, and can make its own games slow up to the time limit.
* Functions from the notebook itself (``test_player(choose_move)``, or a
  league of notebook functions) and built-in players are the notebook's own
  code: they need no word from the teacher, and where they run in the
  notebook (``sandbox=False``, or a JupyterLite site) nothing above applies.

Examples
--------
>>> player = Contestant.from_source("def choose_move(position):\\n    return position.legal_moves()[0]\\n",
...                                 name="first-move")
>>> player.name, player.entry, player.spec
('first-move', 'choose_move', None)
>>> Contestant.builtin("casual").name
'casual'
"""

from __future__ import annotations

import contextlib
import importlib
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import N_, TranslatedTexts
from ..position import Position
from ..variants import Variant
from .contestants import NOTEBOOK_ORIGIN, Contestant
from .failure_texts import (
    COULD_NOT_LOAD,
    CPU_TOO_LONG,
    ENDED_BY_SIGNAL,
    ENDED_BY_SIGNAL_CPU,
    ENDED_BY_SIGNAL_MEMORY,
    ENDED_WITH_CODE,
    LOAD_TOO_LONG,
    MESSAGE_TOO_LONG,
    NO_ANSWER_WITHIN,
    NOT_AN_ANSWER,
    NOT_RUNNING,
    OUT_OF_TURN,
    STOPPED_ANSWERING,
    TOOK_TOO_LONG,
)
from .forkserver import (
    PROCESS_NAME_PREFIX,
    _skip_main_in_player_processes,
    _start_with_deadline,
    wake_forkserver,
)
from .in_process import InProcessPlayer
from .player_limits import (
    DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_TIME_LIMIT,
    LOAD_TIME_LIMIT,
    check_time_limit,
    grace_seconds,
)
from .player_side import (
    MAX_PRINTED_CHARS,
    MAX_REPLY_BYTES,
    PRINTED_FILE,
    PlayerFailure,
    _cut,
    _serve,
    _variant_fields,
)

__all__ = [
    "DEFAULT_MEMORY_LIMIT_MB",
    "DEFAULT_TIME_LIMIT",
    "FORFEIT_KINDS",
    "LOAD_TIME_LIMIT",
    "InProcessPlayer",
    "NotConfinedError",
    "PlayerProcess",
    "check_time_limit",
    "confinement_plan",
    "grace_seconds",
    "processes_available",
    "wake_forkserver",
]

#: Why a player can lose a game other than by the rules, and what the word means (the keys are saved in
#: results files; the meanings are read in the session's language).
FORFEIT_KINDS: Mapping[str, str] = TranslatedTexts(
    {
        "error": N_("its choose_move raised an error").message,
        "illegal": N_("it answered with an illegal move, or with something that is not a move").message,
        "timeout": N_("it took longer than the time limit for a move").message,
        "memory": N_("it ran out of memory (it needed more than its cap)").message,
        "crash": N_("its process ended while it was thinking").message,
        "load": N_("its code could not be loaded").message,
    }
)

#: The kinds of failure a player's process may report about itself (the league decides "timeout" and "crash").
REPORTED_KINDS = frozenset({"error", "illegal", "memory", "load"})


def _context() -> Any:
    """A multiprocessing context that starts processes quickly: forkserver with this package loaded."""
    _skip_main_in_player_processes()
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(code).name
    except ValueError:
        return f"signal {code}"


class _ProcessorClock:
    """A process's processor time (user and system), read by the league from ``/proc/PID/stat`` (Linux).

    The file is opened once and read again from its start for each reading
    (the kernel makes its text afresh at every read).
    """

    _TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def __init__(self, pid: int) -> None:
        try:
            self._fd: int | None = os.open(f"/proc/{pid}/stat", os.O_RDONLY | os.O_CLOEXEC)
        except (OSError, AttributeError):
            self._fd = None

    def seconds(self) -> float | None:
        """Processor seconds used so far, or None where that cannot be read."""
        if self._fd is None:
            return None
        try:
            fields = os.pread(self._fd, 1024, 0).rsplit(b")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / self._TICKS
        except (OSError, ValueError, IndexError):
            return None

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


#: On a busy machine the league waits for a move up to this many times the time limit by the wall
#: clock, as long as the player has used less than the limit in processor time (Linux).
WALL_FACTOR = 4.0

#: Seconds a player's process may take to start (the forkserver answering), before the league ends the
#: forkserver and starts a fresh one.
START_TIME_LIMIT = 10.0


class PlayerProcess:
    """One contestant in a process of its own: load it once, then ask it for moves, game after game.

    Parameters
    ----------
    contestant : Contestant
        The player.
    variant : Variant
        The league's variant (a named one, rebuilt in the player's process).
    time_limit : float
        Seconds a move may take. The league keeps the clock (it never reads
        the player's own): on Linux a move loses on time when the player's
        process used more processor time than this, read by the league from
        ``/proc``; a player that waits instead of thinking loses once no
        answer came within :data:`WALL_FACTOR` times the limit. Elsewhere a
        move loses when no answer came within ``time_limit`` plus
        :func:`grace_seconds`. The process is then ended.
    memory_limit_mb : int or None
        How many megabytes the process may grow by (Linux); ``None``: no cap.
    load_time_limit : float
        Seconds the player's code may take to load.
    confinement : dict or None
        What the process confines itself with, before the player's code
        runs: a report of :func:`awithlaknannai.league.confine.available`;
        ``None``: not confined (for built-in players and the notebook's own
        functions).

    Every method that talks to the player raises :class:`PlayerFailure`
    when it cannot answer; the process (and its whole process group) is
    then ended, and :meth:`start` would start a fresh one.
    """

    def __init__(
        self,
        contestant: Contestant,
        variant: Variant,
        time_limit: float = DEFAULT_TIME_LIMIT,
        memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB,
        load_time_limit: float = LOAD_TIME_LIMIT,
        confinement: dict[str, Any] | None = None,
    ) -> None:
        self.contestant = contestant
        self.variant = variant
        self.time_limit = time_limit
        self.memory_limit_mb = memory_limit_mb
        self.load_time_limit = load_time_limit
        self.confinement = confinement
        self._process: Any = None
        self._connection: Any = None
        self._scratch: str | None = None
        self._number = 0
        self._printed = ""
        self._move_cpu_start = 0.0
        self._clock: _ProcessorClock | None = None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        """Start the process and load the player (raises PlayerFailure "load" if it cannot)."""
        if self.contestant.problem is not None:
            raise PlayerFailure("load", self.contestant.problem)
        self.close()
        import tempfile

        context = _context()
        ours, theirs = context.Pipe()
        memory = None if self.memory_limit_mb is None else self.memory_limit_mb * 2**20
        self._scratch = tempfile.mkdtemp(prefix="awithlaknannai-player-")
        arguments = (
            theirs,
            self.contestant,
            _variant_fields(self.variant),
            memory,
            self._scratch,
            self.confinement,
        )

        def make() -> Any:
            return context.Process(
                target=_serve, name=PROCESS_NAME_PREFIX + self.contestant.name, daemon=True, args=arguments
            )

        self._connection = ours
        try:
            process = _start_with_deadline(make, context, START_TIME_LIMIT)
        except PlayerFailure:
            theirs.close()
            self.close()
            raise
        theirs.close()
        self._process = process
        self._clock = _ProcessorClock(process.pid)
        reply = self._request({"kind": "load"}, ("ready",), self.load_time_limit, loading=True)
        if reply["kind"] != "ready":
            self.close()
            raise PlayerFailure(
                reply.get("failure", "load"), COULD_NOT_LOAD.message.format(why=reply.get("why", ""))
            )

    def new_game(self, seed: int | None) -> None:
        """Tell the player a new game begins (reseeds its random numbers when ``seed`` is given)."""
        reply = self._request({"kind": "game", "seed": seed}, ("ready",), self.load_time_limit)
        if reply["kind"] != "ready":
            self.close()
            raise PlayerFailure(reply["failure"], reply["why"])

    def choose(self, position: Position) -> tuple[str, float]:
        """Ask for a move in ``position``: its text and the seconds it took by the league's clock."""
        cpu_before = self._clock.seconds() if self._clock is not None else None
        self._move_cpu_start = cpu_before if cpu_before is not None else 0.0
        started = time.monotonic()
        reply = self._request(
            {
                "kind": "move",
                "white": position.white,
                "black": position.black,
                "turn": position.turn.value,
                "quiet": position.quiet_turns,
                "dead": position.dead,
            },
            ("move",),
            self.time_limit + grace_seconds(self.time_limit),
        )
        seconds = time.monotonic() - started
        if reply["kind"] != "move":
            self.close()
            raise PlayerFailure(reply["failure"], reply["why"])
        cpu_after = self._clock.seconds() if self._clock is not None else None
        if cpu_before is not None and cpu_after is not None and cpu_after - cpu_before > self.time_limit:
            self.close()
            raise PlayerFailure(
                "timeout",
                CPU_TOO_LONG.message.format(
                    used=f"{cpu_after - cpu_before:.2f}", limit=f"{self.time_limit:g}"
                ),
            )
        return reply["move"], seconds

    def printed(self) -> str:
        """What the player printed so far (at most :data:`MAX_PRINTED_CHARS` characters), kept after it ends."""
        if self._scratch is not None:
            with contextlib.suppress(OSError):
                with open(os.path.join(self._scratch, PRINTED_FILE), "rb") as file:
                    data = file.read(4 * MAX_PRINTED_CHARS)
                self._printed = data.decode("utf-8", "replace")[:MAX_PRINTED_CHARS]
        return self._printed

    def _request(
        self, message: dict[str, Any], expected: tuple[str, ...], timeout: float, loading: bool = False
    ) -> dict[str, Any]:
        """Send ``message`` (but the first "load", which is implicit) and read the one reply to it.

        Anything else is the player's forfeit, never the league's error: a
        message sent out of turn, a reply to another request, of the wrong
        kind or shape, or longer than :data:`MAX_REPLY_BYTES`.
        """
        connection = self._connection
        if connection is None:
            raise PlayerFailure("crash", NOT_RUNNING.message)
        self._number += 1
        if message["kind"] != "load":
            try:
                waiting = connection.poll(0)
            except (OSError, ValueError):
                raise self._ended() from None
            if waiting:
                self.close()
                raise PlayerFailure("crash", OUT_OF_TURN.message)
            message["n"] = self._number
            try:
                connection.send_bytes(json.dumps(message).encode("utf-8"))
            except (OSError, ValueError):
                raise self._ended() from None
        else:
            self._number = 0  # the first message a process sends answers its loading, number 0
        try:
            ready = connection.poll(timeout)
            if not ready and message["kind"] == "move":
                ready = self._wait_while_starved(connection, timeout)
        except (OSError, ValueError):
            raise self._ended() from None
        if not ready:
            self.close()
            if loading:
                raise PlayerFailure("load", LOAD_TOO_LONG.message.format(seconds=f"{timeout:g}"))
            if message["kind"] == "move":
                raise PlayerFailure("timeout", TOOK_TOO_LONG.message.format(seconds=f"{self.time_limit:g}"))
            raise PlayerFailure("timeout", NO_ANSWER_WITHIN.message.format(seconds=f"{timeout:g}"))
        try:
            data = connection.recv_bytes(MAX_REPLY_BYTES)
        except OSError as error:
            self.close()
            if "bad message length" in str(error):
                raise PlayerFailure(
                    "crash", MESSAGE_TOO_LONG.message.format(size=f"{MAX_REPLY_BYTES:,}")
                ) from None
            raise PlayerFailure("crash", STOPPED_ANSWERING.message) from None
        except EOFError:
            raise self._ended() from None
        reply = _valid_reply(data, expected, self._number)
        if reply is None:
            self.close()
            raise PlayerFailure("crash", NOT_AN_ANSWER.message)
        return reply

    def _wait_while_starved(self, connection: Any, waited: float) -> bool:
        """Go on waiting for a move while the player has used less than its time limit of processor time.

        On a busy machine a player may get only part of a processor: its
        move then takes longer by the wall clock than by its own processor
        time. The league waits on (up to :data:`WALL_FACTOR` times the limit
        in all) while the process's processor time, read from ``/proc``
        (Linux), stays under the limit. Without ``/proc`` it does not wait.
        """
        if self._clock is None or self._clock.seconds() is None:
            return False
        deadline = time.monotonic() + WALL_FACTOR * self.time_limit - waited
        while time.monotonic() < deadline:
            used = self._clock.seconds()
            if used is None or used - self._move_cpu_start > self.time_limit:
                return False
            if connection.poll(min(0.1, max(0.0, deadline - time.monotonic()))):
                return True
        return False

    def _ended(self) -> PlayerFailure:
        process = self._process
        if process is not None:
            process.join(1.0)
        code = None if process is None else process.exitcode
        self.close()
        if code is None:
            return PlayerFailure("crash", STOPPED_ANSWERING.message)
        if code < 0:
            name = _signal_name(-code)
            template = (
                ENDED_BY_SIGNAL_MEMORY
                if name == "SIGKILL"
                else ENDED_BY_SIGNAL_CPU
                if name == "SIGXCPU"
                else ENDED_BY_SIGNAL
            )
            return PlayerFailure("crash", template.message.format(signal=name))
        return PlayerFailure("crash", ENDED_WITH_CODE.message.format(code=code))

    def close(self) -> None:
        """End the process and everything in its process group, and remove its scratch folder; safe twice."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if self._clock is not None:
            self._clock.close()
            self._clock = None
        if connection is not None:
            with contextlib.suppress(OSError, ValueError):
                if process is not None and process.is_alive():
                    connection.send_bytes(b'{"kind": "stop"}')
            connection.close()
        if process is not None:
            process.join(0.05)
            # The whole group, also after a clean exit: whatever the player left behind goes with it.
            with contextlib.suppress(ProcessLookupError, PermissionError, OSError, AttributeError):
                os.killpg(process.pid, signal.SIGKILL)
            if process.is_alive() or process.exitcode is None:
                process.kill()
                process.join(2.0)
            with contextlib.suppress(ValueError):
                process.close()
        if self._scratch is not None:
            self.printed()
            import shutil

            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None


def _valid_reply(data: bytes, expected: tuple[str, ...], number: int) -> dict[str, Any] | None:
    """The reply if it is one of the ``expected`` kinds (or a failure) answering request ``number``."""
    try:
        reply = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(reply, dict) or reply.get("n") != number or isinstance(reply.get("n"), bool):
        return None
    kind = reply.get("kind")
    if kind == "failed":
        # A process may report only what happened inside it; a timeout or a crash is the league's to say.
        if reply.get("failure") in REPORTED_KINDS and isinstance(reply.get("why"), str):
            return {"kind": "failed", "failure": reply["failure"], "why": _cut(reply["why"], 400)}
        return None
    if kind not in expected:
        return None
    if kind == "move":
        return reply if isinstance(reply.get("move"), str) else None
    return reply


class NotConfinedError(ValueError):
    """Players' code from files would run unconfined on this machine, and the teacher has not said yes."""


def processes_available() -> bool:
    """Whether players can run in processes of their own (not in Pyodide, the JupyterLite site's Python)."""
    if sys.platform == "emscripten":
        return False
    try:
        # Missing in Pyodide. By name: typeshed has no stub for this C module, and mypy will not
        # let a standard-library name be left unchecked.
        importlib.import_module("_multiprocessing")
    except ImportError:
        return False
    return True


def confinement_plan(contestants: Sequence[Contestant], trusted: bool) -> tuple[dict[str, Any] | None, str]:
    """How a league runs these players here: (the confinement report for their processes, one line to say).

    Players whose code came from files (or text) are confined with
    everything :func:`awithlaknannai.league.confine.available` reports. If
    something is missing, they run only when ``trusted`` is True, and the
    line says which protections do not hold. Built-in players and functions
    from the notebook itself (the teacher's or student's own cells) need no
    word. Where there are processes, the line is empty when there is nothing
    from files; where there are none (a JupyterLite site), it always says
    that players run in the page's own Python.

    Raises
    ------
    NotConfinedError
        Some protection is missing, players come from files, and ``trusted`` is False.
    """
    from .confine import available, protections

    if not isinstance(trusted, bool):
        raise TypeError(f"trusted is True or False, got {type(trusted).__name__}")
    from_files = [c for c in contestants if c.code is not None and c.origin != NOTEBOOK_ORIGIN]
    if not processes_available():
        line = (
            (
                "In this browser tab, players run in the page's own Python, one at a time (no processes here): "
                "the tab holds nothing of yours but this site, and a move's time limit stops Python loops, "
                "not one long call into C."
            )
            if from_files
            else (
                "In this browser tab, players run in the page's own Python, one at a time (no processes here): "
                "a move's time limit stops Python loops, not one long call into C."
            )
        )
        return None, line
    report = available()
    held, missing = protections(report)
    if not from_files:
        return report, ""
    if not missing:
        return report, (
            f"{len(from_files)} player files run confined: they can read only Python and this "
            "package, write only a scratch folder of their own, and reach no network, no other "
            "program and no other player."
        )
    if not trusted:
        raise NotConfinedError(
            f"this machine cannot confine players' code ({', '.join(missing)} not protected), so a player file "
            "could read or change your files: read the files first, then run the league again with "
            "trusted=True, or run it in a fresh Binder session"
        )
    protected = f"; protected: {', '.join(held)}" if held else ""
    return report, (
        f"Not confined on this machine: {', '.join(missing)}{protected}. Running "
        f"{len(from_files)} player files because you said trusted=True."
    )
