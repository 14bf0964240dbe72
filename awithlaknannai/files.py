"""Saving and loading the project's text files: whole or not at all, bounded in size.

Games (:meth:`awithlaknannai.Game.save`) and league results
(:meth:`awithlaknannai.league.LeagueResults.save`) are written and read the
same way, so both keep the same promises:

* a save writes a temporary file in the same folder and then replaces the
  target in one step: if anything fails, an existing file is left as it was
  and no temporary file stays behind; a symbolic link is followed (the file
  it points at is replaced, the link stays);
* a load reads only a regular file (a FIFO or a device is refused without
  waiting) and refuses a file larger than its limit before reading it.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text_file(folder / "note.json", '{"a": 1}\\n', "the note")
>>> read_file_bytes(folder / "note.json", 100, "a note", "a note")
b'{"a": 1}\\n'
>>> read_file_bytes(folder / "note.json", 4, "a note", "a note")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: cannot load a note from '...note.json': 9 bytes, more than the 4 a note may have
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from .errors import shown

__all__ = ["read_file_bytes", "sync_folder", "write_file_bytes", "write_text_file"]


def _path_text(path: object, expected: str, expected_text: str | None = None) -> str:
    """``path`` (a str or an :class:`os.PathLike`) as text, or a TypeError "``expected``, got <its type>".

    ``expected_text`` words the refusal of a path-like object whose path is
    bytes (``expected`` when not given).

    Examples
    --------
    >>> _path_text(Path("b.py"), "takes a file name")
    'b.py'
    >>> _path_text(b"b.py", "takes a file name")
    Traceback (most recent call last):
    ...
    TypeError: takes a file name, got bytes
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{expected}, got {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"{expected_text or expected}, got {type(name).__name__}")
    return name


def _file_name(path: str | os.PathLike[str], doing: str, preposition: str) -> tuple[str, str]:
    """The path as text, checked: (name, the name as messages quote it, cut short).

    ``doing`` is e.g. ``"cannot save the game"``, ``preposition`` ``"to"``.
    """
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"{doing}: a file path is text, got {type(name).__name__}")
    if not name.strip():
        raise ValueError(f"{doing}: the file name is empty")
    if "\0" in name:
        raise ValueError(f"{doing} {preposition} {shown(name, 80)}: a file name has no NUL character")
    return name, shown(name, 80)


def write_text_file(path: str | os.PathLike[str], text: str, what: str, *, durable: bool = False) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` in one step; see :func:`write_file_bytes`."""
    write_file_bytes(path, text.encode("utf-8"), what, durable=durable)


def write_file_bytes(path: str | os.PathLike[str], data: bytes, what: str, *, durable: bool = False) -> None:
    """Write ``data`` to ``path`` in one step; ``what`` names the thing in messages.

    ``durable=True`` also waits until the data and the new name are on the
    disk (``fsync`` of the file, then of its folder where the system allows
    it), so that the file survives the machine stopping right after.

    Raises
    ------
    ValueError
        The name is empty, holds a NUL character, or names something that is not a regular file.
    IsADirectoryError
        The name is a folder.
    FileNotFoundError
        The folder does not exist.
    OSError
        Any other failure of the system, with the name quoted short.
    """
    name, quoted = _file_name(path, f"cannot save {what}", "to")
    try:
        _write(name, quoted, data, what, durable)
    except OSError as error:  # the system's message quotes the whole name: quote it short
        if isinstance(error, (IsADirectoryError, FileNotFoundError)) and str(error).startswith("cannot save"):
            raise
        raise type(error)(error.errno, f"cannot save {what} to {quoted}: {error.strerror or error}") from None


def _write(name: str, quoted: str, data: bytes, what: str, durable: bool = False) -> None:
    target = Path(name)
    if target.is_symlink():
        target = Path(os.path.realpath(target))  # save through the link to its target
    if target.is_dir():
        raise IsADirectoryError(f"cannot save {what} to {quoted}: it is a folder; give a file name")
    if target.exists() and not target.is_file():
        raise ValueError(f"cannot save {what} to {quoted}: it is not a regular file")
    if not target.parent.is_dir():
        raise FileNotFoundError(f"cannot save {what} to {quoted}: the folder does not exist")
    # mkstemp makes a private file; give it the old file's mode, or the usual one.
    mode = target.stat().st_mode & 0o777 if target.is_file() else 0o644
    # A short temporary name: the target's own name may already be as long as names can be.
    handle, temporary = tempfile.mkstemp(prefix=".awithlaknannai-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if durable:
        sync_folder(target.parent)


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """Wait until the names in ``folder`` (a file made, replaced or removed) are on the disk.

    Does nothing where a folder cannot be opened for that (Windows).
    """
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def read_file_bytes(
    path: str | os.PathLike[str], limit: int, what: str, unit: str, too_big: type[ValueError] = ValueError
) -> bytes:
    """Read at most ``limit`` bytes of a regular file, refusing a larger one before reading it.

    ``what`` names the thing loaded (``"a game"``) and ``unit`` what the
    limit is for (``"a record"``); a file over the limit raises ``too_big``.
    A folder, a FIFO or a device is refused without waiting.
    """
    name, quoted = _file_name(path, f"cannot load {what}", "from")
    if os.path.isdir(name):
        raise IsADirectoryError(f"cannot load {what} from {quoted}: it is a folder; give a file")
    # O_NONBLOCK: opening a FIFO must not wait for a writer.
    try:
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise type(error)(
            error.errno, f"cannot load {what} from {quoted}: {error.strerror or error}"
        ) from None
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if stat.S_ISDIR(info.st_mode):  # it became a folder since the check above
            raise IsADirectoryError(f"cannot load {what} from {quoted}: it is a folder; give a file")
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"cannot load {what} from {quoted}: it is not a regular file")
        if info.st_size > limit:
            raise too_big(
                f"cannot load {what} from {quoted}: {info.st_size:,} bytes, more than "
                f"the {limit:,} {unit} may have"
            )
        return file.read(limit + 1)  # the file may grow while it is read: the parser sees the excess
