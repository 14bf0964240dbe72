"""What runs on the player's side: load the student's code, answer each question, keep its printing.

:func:`_serve` is the whole life of a player's process (:class:`~.sandbox.PlayerProcess` starts it
and asks the questions); :class:`~.in_process.InProcessPlayer` uses the same loading and wording where
there are no processes (a JupyterLite site).
"""

from __future__ import annotations

import contextlib
import json
import linecache
import os
import random
import signal
import sys
import traceback
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..players.levels import make_player
from ..position import Move, Position
from ..rules import Rules
from ..variants import Color, Variant, get_variant
from .contestants import NOTEBOOK_ORIGIN, Contestant
from .failure_texts import CANNOT_BE_CONFINED, NO_FUNCTION, NOT_A_MOVE, OUT_OF_MEMORY_LOADING, TEXT_TOO_LONG

__all__ = ["MAX_PRINTED_CHARS", "MAX_REPLY_BYTES", "PRINTED_FILE", "PlayerFailure", "check_league_variant"]

#: The largest reply a player process may send, in bytes (a move text is short).
MAX_REPLY_BYTES = 65_536


class PlayerFailure(Exception):
    """A player could not give a move: ``kind`` (a key of :data:`~awithlaknannai.league.sandbox.FORFEIT_KINDS`) and ``why``."""

    def __init__(self, kind: str, why: str) -> None:
        super().__init__(why)
        self.kind = kind
        self.why = why


# --- the player's process ----------------------------------------------------------------


def _variant_fields(variant: Variant) -> tuple[str, str, str, str]:
    return (variant.name, variant.rules.to_text(), variant.first.value, variant.bottom.value)


def _variant_from_fields(fields: tuple[str, str, str, str]) -> Variant:
    name, rules, first, bottom = fields
    return get_variant(name, Rules.from_text(rules), first=first, bottom=bottom)


def check_league_variant(variant: str | Variant, rules: str | Rules | None) -> Variant:
    """The variant a league plays, which a player's process can build again from its name and rules."""
    if isinstance(variant, str):
        chosen = get_variant(variant, rules)
    elif isinstance(variant, Variant):
        chosen = variant if rules is None else variant.with_rules(rules)
    else:
        raise TypeError(f"a variant is a name such as 'mosona' or a Variant, got {type(variant).__name__}")
    if _variant_from_fields(_variant_fields(chosen)) != chosen:
        raise ValueError(f"a league plays a named variant (see get_variant); {chosen.name!r} is not one")
    return chosen


def _cap_memory(extra_bytes: int | None) -> None:
    """Let this process's address space grow by at most ``extra_bytes`` (Linux; elsewhere nothing)."""
    if not extra_bytes:
        return
    try:
        import resource
    except ImportError:  # Windows
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as file:
            current = int(file.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return  # no /proc (macOS): RLIMIT_AS is not enforced there anyway
    limit = current + extra_bytes
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    # Soft and hard alike, so the player cannot raise its own limit again.
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _file_label(filename: str) -> str:
    """``alice.py`` for a file; ``its cell`` for code typed in a notebook (IPython names cells by number)."""
    if "ipykernel_" in filename or filename.startswith("<ipython-input"):
        return "its cell"
    return Path(filename).name


def _describe(error: BaseException, filename: str, numbered: bool = True) -> str:
    """The error and where in the player's code it happened, in one line.

    ``ZeroDivisionError: division by zero (line 3 of alice.py, in choose_move: return 1 / 0)``.
    ``numbered=False`` leaves the line number out (code sent from a notebook
    is numbered differently from the cell it came from); the function's
    name and the line itself still say where.
    """
    text = _cut(str(error), 300)
    if isinstance(error, SyntaxError) and error.filename == filename:
        place = f"line {error.lineno} of {_file_label(filename)}" if numbered else "the code"
        line = f": {_cut(error.text, 80)}" if error.text and error.text.strip() else ""
        return f"SyntaxError: {_cut(error.msg or '', 200)} ({place}{line})"
    found = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == filename:
            found = frame
    where = ""
    if found is not None:
        parts = [f"line {found.lineno} of {_file_label(filename)}"] if numbered else []
        if found.name != "<module>":
            parts.append(f"in {found.name}")
        where = ", ".join(parts) + (f": {_cut(found.line, 80)}" if found.line else "")
    return f"{type(error).__name__}" + (f": {text}" if text else "") + (f" ({where})" if where else "")


def _load_choose(contestant: Contestant, seed: int | None) -> tuple[Callable[[Position], Any], Any]:
    """The contestant's move function, and the built-in player object if it is one."""
    if contestant.spec is not None:
        player = make_player(contestant.spec, seed=contestant.seed if seed is None else seed)
        return player.choose_move, player
    assert contestant.code is not None
    module = types.ModuleType(f"awithlaknannai_player_{abs(hash(contestant.name))}")
    module.__file__ = contestant.origin
    sys.modules[module.__name__] = module  # so that the player's classes and pickling find their module
    # The code's lines, so that an error message can quote the line that failed.
    linecache.cache[contestant.origin] = (
        len(contestant.code),
        None,
        contestant.code.splitlines(True),
        contestant.origin,
    )
    exec(compile(contestant.code, contestant.origin, "exec"), module.__dict__)  # noqa: S102 - the player's own code
    choose = module.__dict__.get(contestant.entry)
    if not callable(choose):
        raise PlayerFailure(
            "load", NO_FUNCTION.message.format(file=Path(contestant.origin).name, entry=contestant.entry)
        )
    return choose, None


def _move_text(result: object) -> str:
    """The text the league receives for what choose_move returned; PlayerFailure if it is not a move."""
    if isinstance(result, Move):
        return result.text(full=True)
    if isinstance(result, str):
        if len(result) > MAX_REPLY_BYTES // 4:
            raise PlayerFailure("illegal", TEXT_TOO_LONG.message.format(length=f"{len(result):,}"))
        return result
    shown = repr(result)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise PlayerFailure("illegal", NOT_A_MOVE.message.format(shown=shown))


#: What a player may print that :meth:`PlayerProcess.printed` gives back (the rest is dropped).
MAX_PRINTED_CHARS = 4_000


class _CappedOutput:
    """``sys.stdout`` and ``sys.stderr`` of a player's process: keeps the first characters, drops the rest.

    A ``print`` never fails nor slows the player, however much it prints.
    """

    encoding = "utf-8"
    errors = "backslashreplace"

    def __init__(self, fd: int, limit: int) -> None:
        self._fd, self._left = fd, limit

    def write(self, text: str) -> int:
        if self._left > 0 and isinstance(text, str):
            kept = text[: self._left]
            self._left -= len(kept)
            with contextlib.suppress(OSError):
                os.write(self._fd, kept.encode("utf-8", "backslashreplace"))
        return len(text) if isinstance(text, str) else 0

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True


def _redirect_output(scratch: str | None) -> None:
    """File descriptors 1 and 2 into the scratch folder's ``printed.txt`` (or nowhere), so that nothing a
    player writes reaches the league's own output, a terminal or a notebook (which captures those descriptors)."""
    target = os.path.join(scratch, PRINTED_FILE) if scratch else os.devnull
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    sys.stdout = sys.stderr = _CappedOutput(1, MAX_PRINTED_CHARS)


#: The file in a player's scratch folder that holds what it printed.
PRINTED_FILE = "printed.txt"


def _serve(
    connection: Any,
    contestant: Contestant,
    variant_fields: tuple[str, str, str, str],
    memory_bytes: int | None,
    scratch: str | None = None,
    confinement: dict[str, Any] | None = None,
) -> None:
    """The player's process: confine itself, load the player, then answer one request at a time.

    Every reply echoes the number of the request it answers, so that the
    league can tell an answer from a message sent out of turn.
    """
    with contextlib.suppress(AttributeError, OSError):
        os.setsid()  # a session and process group of its own: the league ends the whole group
    with contextlib.suppress(AttributeError, ValueError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the league, which ends its players
    for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[variable] = "1"  # one core a player, for fairness (read when numpy is imported)
    number = [0]

    def send(message: dict[str, Any]) -> None:
        message["n"] = number[0]
        connection.send_bytes(json.dumps(message).encode("utf-8"))

    numbered = contestant.origin != NOTEBOOK_ORIGIN  # sent code is numbered unlike its cell
    try:
        _redirect_output(scratch)
        variant = _variant_from_fields(variant_fields)
        _cap_memory(memory_bytes)
        if scratch is not None:
            os.chdir(scratch)
            os.environ["TMPDIR"] = scratch
            import tempfile

            tempfile.tempdir = scratch
        if confinement is not None:
            from .confine import ConfinementError, confine_self

            try:
                confine_self(scratch or os.devnull, report=confinement)
            except ConfinementError as error:
                raise PlayerFailure("load", CANNOT_BE_CONFINED.message.format(error=error)) from None
        choose, builtin = _load_choose(contestant, None)
    except PlayerFailure as failure:
        send({"kind": "failed", "failure": failure.kind, "why": failure.why})
        return
    except MemoryError:
        send({"kind": "failed", "failure": "memory", "why": OUT_OF_MEMORY_LOADING.message})
        return
    except BaseException as error:  # noqa: BLE001 - whatever the player's code raises is reported
        send({"kind": "failed", "failure": "load", "why": _describe(error, contestant.origin, numbered)})
        return
    send({"kind": "ready"})
    while True:
        try:
            message = json.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return
        number[0] = message.get("n", 0)
        out_of_memory = json.dumps(
            {"kind": "failed", "failure": "memory", "n": number[0], "why": "ran out of memory (MemoryError)"}
        ).encode("utf-8")
        if message["kind"] == "stop":
            return
        if message["kind"] == "game":
            seed = message["seed"]
            if seed is not None:
                random.seed(seed)  # students' players that use random repeat with the league's seed
                reset = getattr(builtin, "reset", None)
                if callable(reset):
                    reset(seed)
            send({"kind": "ready"})
            continue
        position = Position(
            variant,
            message["white"],
            message["black"],
            Color(message["turn"]),
            message["quiet"],
            message["dead"],
        )
        reply: dict[str, Any] | None = None
        try:
            result = choose(position)
            reply = {"kind": "move", "move": _move_text(result)}
        except PlayerFailure as failure:
            reply = {"kind": "failed", "failure": failure.kind, "why": failure.why}
        except MemoryError:
            pass  # answered below, once the exception (and the memory its frames hold) is gone
        except BaseException as error:  # noqa: BLE001 - SystemExit and KeyboardInterrupt too
            reply = {
                "kind": "failed",
                "failure": "error",
                "why": f"choose_move raised {_describe(error, contestant.origin, numbered)}",
            }
        if reply is None:
            connection.send_bytes(out_of_memory)  # made in advance: there may be no memory to make it now
        else:
            send(reply)
