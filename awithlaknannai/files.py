"""Saving and loading the project's text files: whole or not at all, bounded in size.

Games (:meth:`awithlaknannai.Game.save`) and league results
(:meth:`awithlaknannai.players.LeagueResults.save`) are written and read the
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

__all__ = ["read_file_bytes", "write_file_bytes", "write_text_file"]


def write_text_file(path: str | os.PathLike[str], text: str, what: str) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` in one step; see :func:`write_file_bytes`."""
    write_file_bytes(path, text.encode("utf-8"), what)


def write_file_bytes(path: str | os.PathLike[str], data: bytes, what: str) -> None:
    """Write ``data`` to ``path`` in one step; ``what`` names the thing in messages.

    Raises
    ------
    ValueError
        The name is empty, or names something that is not a regular file.
    IsADirectoryError
        The name is a folder.
    FileNotFoundError
        The folder does not exist.
    """
    name = os.fspath(path)
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"cannot save {what}: the file name is empty")
    target = Path(name)
    if target.is_symlink():
        target = Path(os.path.realpath(target))  # save through the link to its target
    if target.is_dir():
        raise IsADirectoryError(f"cannot save {what} to {name!r}: it is a folder; give a file name")
    if target.exists() and not target.is_file():
        raise ValueError(f"cannot save {what} to {name!r}: it is not a regular file")
    if not target.parent.is_dir():
        raise FileNotFoundError(f"cannot save {what} to {name!r}: the folder does not exist")
    # mkstemp makes a private file; give it the old file's mode, or the usual one.
    mode = target.stat().st_mode & 0o777 if target.is_file() else 0o644
    # A short temporary name: the target's own name may already be as long as names can be.
    handle, temporary = tempfile.mkstemp(prefix=".awithlaknannai-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_file_bytes(path: str | os.PathLike[str], limit: int, what: str, unit: str,
                    too_big: type[ValueError] = ValueError) -> bytes:
    """Read at most ``limit`` bytes of a regular file, refusing a larger one before reading it.

    ``what`` names the thing loaded (``"a game"``) and ``unit`` what the
    limit is for (``"a record"``); a file over the limit raises ``too_big``.
    """
    name = os.fspath(path)
    # O_NONBLOCK: opening a FIFO must not wait for a writer.
    handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"cannot load {what} from {name!r}: it is not a regular file")
        if info.st_size > limit:
            raise too_big(f"cannot load {what} from {name!r}: {info.st_size:,} bytes, more than "
                          f"the {limit:,} {unit} may have")
        return file.read(limit + 1)  # the file may grow while it is read: the parser sees the excess
