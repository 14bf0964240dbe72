"""Handing players in: safe file names, and a teacher's folder that takes in the class's files.

A student saves a player with :func:`~awithlaknannai.league.save_player`,
which refuses a file name the league could not use (:func:`check_file_name`).
The teacher puts the handed-in files in one folder with :func:`receive_files`
(the upload widget :func:`awithlaknannai.widgets.collect_players` calls it):
``.py`` files, or a ``.zip`` of them, each checked and written without ever
replacing a different file of the same name unless asked.

Limits (a class's players are a few kilobytes each):

* a player file: at most :data:`MAX_FILE_BYTES` (1 MB, what the league reads);
* one upload: at most :data:`MAX_FILES` player files (200, what a league takes);
* a zip: at most :data:`MAX_ZIP_BYTES` (20 MB) as uploaded and unpacked, and
  at most :data:`MAX_ZIP_ENTRIES` entries; a file in a sub-folder of a
  sub-folder, a path with ``..`` or a zip inside the zip is refused.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> code = b"def choose_move(position):\\n    return position.legal_moves()[0]\\n"
>>> for line in receive_files(folder, [("Ada L.py", code), ("notes.txt", b"hello")]):
...     print(line)
Ada L.py: saved
notes.txt: refused: a player is a .py file; notes.txt is not
>>> [str(r) for r in receive_files(folder, [("Ada L.py", code)])]
['Ada L.py: already there (the same file)']
>>> [str(r) for r in receive_files(folder, [("Ada L.py", code + b"# better\\n")])]
['Ada L.py: a different Ada L.py is already there: replace it, or keep both']
>>> [str(r) for r in receive_files(folder, [("Ada L.py", code + b"# better\\n")], on_conflict="keep both")]
['Ada L.py: saved as Ada L (2).py (a different Ada L.py is already there)']
"""

from __future__ import annotations

import io
import os
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import shown
from ..files import write_file_bytes
from ..i18n import N_
from ..i18n import gettext as _
from .contestants import MAX_FOLDER_PLAYERS, MAX_NAME_CHARS, MAX_SOURCE_BYTES

__all__ = [
    "CONFLICT_CHOICES",
    "MAX_FILES",
    "MAX_FILE_BYTES",
    "MAX_ZIP_BYTES",
    "MAX_ZIP_ENTRIES",
    "PlayerFileNameError",
    "Received",
    "check_file_name",
    "receive_files",
    "safe_file_name",
]

#: The largest player file taken in, in bytes (the league reads no larger one).
MAX_FILE_BYTES = MAX_SOURCE_BYTES
#: The most player files taken in from one upload (a league takes no more).
MAX_FILES = MAX_FOLDER_PLAYERS
#: The largest zip taken in, in bytes, both as uploaded and unpacked (all its files together).
MAX_ZIP_BYTES = 20_000_000
#: The most entries a zip may list (files and folders): more is refused before anything is unpacked.
MAX_ZIP_ENTRIES = 1000
#: What to do with a file whose name is taken by a different file: ask (write nothing), replace
#: the one there, or keep both (the new one as ``name (2).py``).
CONFLICT_CHOICES = ("ask", "replace", "keep both")

# Beside letters and digits, what a player's file name may hold: characters that are safe in a
# file name on every system and that the league keeps in the player's name.
_SAFE = " _-.()+'"
_SAFE_SHOWN = N_("letters, digits, spaces and - _ . ( ) + '").message  # English; translated where shown


class PlayerFileNameError(ValueError):
    """A file name the league could not use as a player's file (the message says why, in one line)."""


def _name_problem(name: str) -> str | None:
    """Why ``name`` (a file name, no folder) cannot be a player's file, or ``None`` if it can."""
    stem = name.removesuffix(".py")
    for separator in ("/", "\\"):
        if separator in name:
            return _("{separator} cannot be in a file name (it separates folders)").format(
                separator=repr(separator)
            )
    if not name.strip():
        return _("the file name is empty")
    if not name.endswith(".py"):
        if name.lower().endswith(".py"):
            return _("a player's file name ends in .py in small letters, got {name}").format(name=shown(name))
        if name.endswith(".ipynb"):
            return _("{name} is a notebook; a player is a .py file (save_player writes one)").format(
                name=shown(name)
            )
        return _("a player's file name ends in .py (it is a Python file), got {name}").format(
            name=shown(name)
        )
    if not stem.strip():
        return _("the file name needs a name before .py")
    if stem.startswith((".", "_")):
        return _("a name starting with {first} is hidden from the league, got {name}").format(
            first=repr(stem[0]), name=shown(name)
        )
    if stem != stem.strip():
        return _("a player's file name does not start or end with a space, got {name}").format(
            name=shown(name)
        )
    if len(stem) > MAX_NAME_CHARS:
        return _("a player's name has at most {most} characters before .py, got {count}").format(
            most=MAX_NAME_CHARS, count=len(stem)
        )
    bad = next((c for c in stem if not (c.isalnum() or c in _SAFE)), None)
    if bad is not None:
        return _("{character} cannot be in a player's file name: use {allowed}").format(
            character=repr(bad), allowed=_(_SAFE_SHOWN)
        )
    return None


def check_file_name(name: str) -> str:
    """Return ``name`` if it can be a player's file name, else raise :class:`PlayerFileNameError`.

    A player's file name ends in ``.py``; before that come 1 to 40
    letters, digits, spaces and ``- _ . ( ) + '``, not starting with ``.`` or
    ``_`` (the league skips such files) and not starting or ending with a
    space. The name before ``.py`` is the player's name in the league.

    Examples
    --------
    >>> check_file_name("Ada L.py")
    'Ada L.py'
    >>> check_file_name("Ada/L")
    Traceback (most recent call last):
    ...
    awithlaknannai.league.handin.PlayerFileNameError: '/' cannot be in a file name (it separates folders)
    >>> check_file_name("Ada?.py")
    Traceback (most recent call last):
    ...
    awithlaknannai.league.handin.PlayerFileNameError: '?' cannot be in a player's file name: use letters, digits, spaces and - _ . ( ) + '
    """
    if not isinstance(name, str):
        raise TypeError(f"a file name is a str, got {type(name).__name__}")
    problem = _name_problem(name)
    if problem is not None:
        raise PlayerFileNameError(problem)
    return name


def safe_file_name(name: str) -> str | None:
    """An uploaded file's name made safe for the players' folder, or ``None`` if it is not a player file.

    Any folder part is dropped, the characters are normalised (NFC), every
    character other than letters, digits and ``- _ . ( ) + '`` becomes ``_``,
    spaces at the ends go, and the name before ``.py`` is cut to 40
    characters. Not a player file: a name that does not end in ``.py``, or
    a hidden one (starting with ``.`` or ``_``).

    Examples
    --------
    >>> safe_file_name("C:\\\\Users\\\\ada\\\\Ada: best!.py")
    'Ada_ best_.py'
    >>> safe_file_name("../../.bashrc.py") is None, safe_file_name("notes.txt") is None
    (True, True)
    """
    base = unicodedata.normalize("NFC", _base(name))
    if not base.endswith(".py") or base.startswith((".", "_")):
        return None
    stem = (
        "".join(c if c.isalnum() or c in _SAFE else "_" for c in base[:-3]).strip()[:MAX_NAME_CHARS].strip()
    )
    if not stem or stem.startswith((".", "_")):
        return None
    return stem + ".py"


@dataclass(frozen=True)
class Received:
    """What became of one uploaded file.

    Attributes
    ----------
    name : str
        The name as uploaded (in a zip: its path there).
    status : str
        ``"saved"``, ``"same"`` (that very file is already there: nothing
        written), ``"conflict"`` (a different file has its name: nothing
        written, see :data:`CONFLICT_CHOICES`) or ``"refused"``.
    saved_as : str
        The file's name in the folder (``""`` when refused).
    why : str
        Why it was refused, or what else happened (a file replaced, both kept), in one line.
    data : bytes
        The file's bytes (kept for a conflict, to replace or keep both later).
    """

    name: str
    status: str
    saved_as: str = ""
    why: str = ""
    data: bytes = b""

    def __str__(self) -> str:
        if self.status == "saved":
            text = f"{self.name}: saved" + (f" as {self.saved_as}" if self.saved_as != self.name else "")
            return text + (f" ({self.why})" if self.why else "")
        if self.status == "same":
            return f"{self.name}: already there (the same file)"
        if self.status == "conflict":
            return f"{self.name}: a different {self.saved_as} is already there: replace it, or keep both"
        return f"{self.name}: refused: {self.why}"

    def __repr__(self) -> str:
        return f"Received({self.name!r}, {self.status!r}, saved_as={self.saved_as!r})"


def _players_in(folder: Path) -> int:
    return sum(1 for p in folder.glob("*.py") if not p.name.startswith(("_", ".")))


def _free_name(folder: Path, name: str) -> str:
    stem = name[:-3]
    for number in range(2, MAX_FILES + 2):
        suffix = f" ({number})"
        candidate = stem[: MAX_NAME_CHARS - len(suffix)].rstrip() + suffix + ".py"
        if not (folder / candidate).exists():
            return candidate
    raise ValueError(f"no free name for {name} in {os.fspath(folder)!r}")


def _base(name: str) -> str:
    return name.replace("\\", "/").rsplit("/", 1)[-1]


def _receive_one(folder: Path, name: str, data: bytes, on_conflict: str) -> Received:
    safe = safe_file_name(name)
    if safe is None:
        base = _base(name)
        if base.startswith((".", "_")):
            why = "a hidden file (its name starts with . or _), not a player"
        elif base.endswith(".ipynb"):
            why = f"{base} is a notebook; a player is a .py file (save_player writes one)"
        else:
            why = f"a player is a .py file; {base or 'this'} is not"
        return Received(name, "refused", why=why)
    if len(data) > MAX_FILE_BYTES:
        return Received(
            name, "refused", why=f"{len(data):,} bytes, more than the {MAX_FILE_BYTES:,} a player may have"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Received(
            name, "refused", why="not a text file (a player is Python code, as save_player writes it)"
        )
    if "\0" in text:
        return Received(name, "refused", why="not a text file (it holds NUL characters)")
    target = folder / safe
    if target.is_symlink() or (target.exists() and not target.is_file()):
        return Received(name, "refused", safe, why=f"{safe} in the folder is not a plain file")
    full = f"the folder already holds {MAX_FILES} players, the most a league takes"
    if target.exists():
        if target.stat().st_size == len(data) and target.read_bytes() == data:
            return Received(name, "same", safe)
        if on_conflict == "ask":
            return Received(name, "conflict", safe, data=data)
        if on_conflict == "keep both":
            if _players_in(folder) >= MAX_FILES:
                return Received(name, "refused", safe, why=full)
            try:
                kept = _free_name(folder, safe)
            except ValueError as error:
                return Received(name, "refused", safe, why=str(error))
            write_file_bytes(folder / kept, data, "the player")
            return Received(name, "saved", kept, why=f"a different {safe} is already there")
        write_file_bytes(target, data, "the player")
        return Received(name, "saved", safe, why=f"replaced the {safe} that was there")
    if _players_in(folder) >= MAX_FILES:
        return Received(name, "refused", why=full)
    write_file_bytes(target, data, "the player")
    return Received(name, "saved", safe)


def _zip_members(name: str, data: bytes) -> Iterator[tuple[str, bytes] | Received]:
    """The files in an uploaded zip, each (path, bytes) or a refusal; the whole zip refused as one."""
    if len(data) > MAX_ZIP_BYTES:
        yield Received(
            name, "refused", why=f"{len(data):,} bytes, more than the {MAX_ZIP_BYTES:,} a zip may have"
        )
        return
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as error:
        yield Received(name, "refused", why=f"not a zip file that can be opened ({error})"[:150])
        return
    if len(entries) > MAX_ZIP_ENTRIES:
        yield Received(
            name, "refused", why=f"{len(entries):,} entries, more than the {MAX_ZIP_ENTRIES:,} a zip may list"
        )
        return
    declared = sum(entry.file_size for entry in entries)
    if declared > MAX_ZIP_BYTES:
        yield Received(
            name,
            "refused",
            why=f"it unpacks to {declared:,} bytes, more than the {MAX_ZIP_BYTES:,} a zip may hold",
        )
        return
    unpacked = 0
    with archive:
        for entry in entries:
            path = entry.filename
            parts = PurePosixPath(path).parts
            if entry.is_dir() or (parts and parts[0] == "__MACOSX"):
                continue  # folders, and the extra data macOS adds to every zip it makes
            shown_as = f"{name}: {path}"
            if "\\" in path or path.startswith("/") or ".." in parts or len(parts) > 2:
                yield Received(
                    shown_as,
                    "refused",
                    why="in a sub-folder of the zip: only its files, or the files "
                    "of one folder in it, are taken",
                )
                continue
            if path.endswith(".zip"):
                yield Received(
                    shown_as, "refused", why="a zip inside the zip: unpack it and upload its files"
                )
                continue
            if safe_file_name(path) is None:
                yield (path, b"")  # refused by name below, without unpacking it
                continue
            if entry.file_size > MAX_FILE_BYTES:
                yield Received(
                    shown_as,
                    "refused",
                    why=f"{entry.file_size:,} bytes, more than the {MAX_FILE_BYTES:,} a player may have",
                )
                continue
            try:
                with archive.open(entry) as member:
                    content = member.read(MAX_FILE_BYTES + 1)  # the sizes in a zip may lie: read no more
            except RuntimeError:
                yield Received(shown_as, "refused", why="protected by a password")
                continue
            except (zipfile.BadZipFile, NotImplementedError, OSError, EOFError, ValueError) as error:
                yield Received(shown_as, "refused", why=f"cannot be unpacked ({error})"[:150])
                continue
            unpacked += len(content)
            if len(content) > MAX_FILE_BYTES or unpacked > MAX_ZIP_BYTES:
                yield Received(
                    shown_as,
                    "refused",
                    why="it unpacks to more than the zip says (a damaged or malicious zip)",
                )
                return
            yield (path, content)


def receive_files(
    folder: str | os.PathLike[str], files: Iterable[tuple[str, bytes]], *, on_conflict: str = "ask"
) -> list[Received]:
    """Put uploaded player files (``.py`` files, or ``.zip`` files of them) into ``folder``.

    Each file is checked and written on its own: a refused file never
    stops the others. A file's name is made safe (:func:`safe_file_name`);
    a file already there with the same bytes is left alone (``"same"``); a
    different file of that name is never replaced unless ``on_conflict``
    says so: ``"ask"`` (default) writes nothing and returns it as a
    ``"conflict"`` (call again with ``"replace"`` or ``"keep both"`` for that
    file), ``"replace"`` replaces it, ``"keep both"`` saves the new one as
    ``name (2).py`` (the next free number).

    Parameters
    ----------
    folder : path
        The players' folder; it must exist.
    files : iterable of (str, bytes)
        Each file's name and bytes, as uploaded.
    on_conflict : str
        One of :data:`CONFLICT_CHOICES`.

    Returns
    -------
    list of Received
        One per file (a zip gives one per file in it), in order.

    Raises
    ------
    TypeError
        ``files`` does not hold (name, bytes) pairs.
    ValueError
        ``on_conflict`` is not one of :data:`CONFLICT_CHOICES`.
    NotADirectoryError
        ``folder`` is not a folder.
    """
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError(f"receive_files takes a folder path, got {type(folder).__name__}")
    if not isinstance(on_conflict, str) or on_conflict not in CONFLICT_CHOICES:
        raise ValueError(f"on_conflict is one of {', '.join(CONFLICT_CHOICES)}; got {shown(on_conflict)}")
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"{shown(os.fspath(folder), 80)} is not a folder")
    results: list[Received] = []
    taken = 0
    for item in files:
        if not (
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], (bytes, bytearray, memoryview))
        ):
            raise TypeError(f"each file is a pair (name, bytes), got {type(item).__name__}")
        name, data = item[0], bytes(item[1])
        members: Iterable[tuple[str, bytes] | Received]
        members = _zip_members(name, data) if name.lower().endswith(".zip") else [(name, data)]
        for member in members:
            if isinstance(member, Received):
                results.append(member)
                continue
            path, content = member
            shown_as = path if path == name else f"{name}: {path}"
            if safe_file_name(path) is not None:
                taken += 1
                if taken > MAX_FILES:
                    results.append(
                        Received(shown_as, "refused", why=f"more than {MAX_FILES} player files in one upload")
                    )
                    continue
            try:
                result = _receive_one(root, path, content, on_conflict)
            except OSError as error:  # a full disk, no right to write: this file fails, the others go on
                result = Received(
                    path, "refused", why=f"could not be written: {error.strerror or error}"[:150]
                )
            results.append(
                result
                if shown_as == path
                else Received(shown_as, result.status, result.saved_as, result.why, result.data)
            )
    return results
