"""Who plays in a league: :class:`Contestant` (a file, a notebook function, a built-in level) and a folder of player files.

A notebook function is sent to the player's process as source code
(:class:`_Packer` gathers what it uses), so that it runs there exactly as a
file would (:mod:`.sandbox`).
"""

from __future__ import annotations

import ast
import enum
import functools
import hashlib
import inspect
import os
import sys
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import _path_text, read_file_bytes
from ..players.levels import make_player

__all__ = [
    "MAX_FOLDER_ENTRIES",
    "MAX_FOLDER_PLAYERS",
    "MAX_NAME_CHARS",
    "MAX_SOURCE_BYTES",
    "NOTEBOOK_ORIGIN",
    "Contestant",
    "PlayersFolderError",
    "contestants_from_folder",
]

#: The largest player file read, in bytes (a class's players are a few kilobytes).
MAX_SOURCE_BYTES = 1_000_000
#: The longest player name, in characters (names head table rows and grid lines).
MAX_NAME_CHARS = 40
#: The most files read from one folder of players.
MAX_FOLDER_PLAYERS = 200
_NAME_SAFE = "-_.:+ ()'"
#: The origin of a player sent from a notebook cell (its code is the cell's functions, gathered).
NOTEBOOK_ORIGIN = "notebook cell"


# --- contestants ----------------------------------------------------------------------


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a player's name is a str, got {type(name).__name__}")
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME_CHARS or not all(c.isalnum() or c in _NAME_SAFE for c in text):
        raise ValueError(
            f"a player's name has 1 to {MAX_NAME_CHARS} letters, digits, spaces or "
            f"{_NAME_SAFE.strip()!r}; got {name[: MAX_NAME_CHARS + 10]!r}"
        )
    return text


@dataclass(frozen=True)
class Contestant:
    """A player the league can run in a process of its own.

    Build one with :meth:`from_file`, :meth:`from_function`,
    :meth:`from_source` or :meth:`builtin`, or many with
    :func:`contestants_from_folder`.

    Attributes
    ----------
    name : str
        Shown in the standings (1 to :data:`MAX_NAME_CHARS` letters, digits,
        spaces and ``-_.:+()'``); unique in a league.
    code : str or None
        Python module text that defines the function ``entry``.
    entry : str
        The name of the move function in ``code`` (``choose_move``).
    spec : str or None
        A built-in player instead of code (``"casual"``, ``"alphabeta:3"``).
    seed : int or None
        The built-in player's seed (the league reseeds it before each game
        when the league has a seed).
    origin : str
        Where the player came from (a file path, ``"notebook cell"``,
        ``"built-in"``), for messages.
    problem : str or None
        Why the player cannot play at all (an unreadable file), or ``None``;
        such a player loses all its games with this reason.
    """

    name: str
    code: str | None = None
    entry: str = "choose_move"
    spec: str | None = None
    seed: int | None = None
    origin: str = ""
    problem: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _check_name(self.name))
        if self.problem is None and (self.code is None) == (self.spec is None):
            raise ValueError("a Contestant has either code or a built-in spec")
        if self.code is not None and (not isinstance(self.code, str) or len(self.code) > MAX_SOURCE_BYTES):
            raise ValueError(f"a player's code is a str of at most {MAX_SOURCE_BYTES:,} characters")
        if not isinstance(self.entry, str) or not self.entry.isidentifier():
            raise ValueError(f"entry must be a function name such as 'choose_move', got {self.entry!r}")

    def __repr__(self) -> str:
        what = f"spec={self.spec!r}" if self.spec is not None else f"origin={self.origin!r}"
        return f"Contestant({self.name!r}, {what}" + (f", problem={self.problem!r})" if self.problem else ")")

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the player's code (or spec), so a results file tells which version played."""
        text = self.code if self.code is not None else f"built-in {self.spec}" if self.spec else ""
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @classmethod
    def from_source(cls, code: str, name: str, *, entry: str = "choose_move", origin: str = "") -> Contestant:
        """A player from Python module text that defines ``entry`` (``choose_move``)."""
        if not isinstance(code, str):
            raise TypeError(f"a player's code is a str, got {type(code).__name__}")
        return cls(name=name, code=code, entry=entry, origin=origin or f"<{name}>")

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], name: str | None = None) -> Contestant:
        """A player from a ``.py`` file that defines ``choose_move(position)``.

        The name is the file's name without ``.py`` unless given. A file
        that cannot be read as a player (over :data:`MAX_SOURCE_BYTES`, not
        UTF-8 text) gives a contestant with a ``problem``: it loses its
        games with that reason and the league goes on. A file that does not
        exist is an error at once.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"from_file takes a file path, got {type(path).__name__}")
        file = Path(path)
        chosen = name if name is not None else _name_from_stem(file.stem)
        try:
            data = read_file_bytes(file, MAX_SOURCE_BYTES, "a player", "a player's code")
            if len(data) > MAX_SOURCE_BYTES:
                raise ValueError(f"{file.name} grew beyond {MAX_SOURCE_BYTES:,} bytes while it was read")
            code = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as error:
            return cls(
                name=chosen,
                origin=str(file),
                problem=f"{file.name} is not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
            )
        except ValueError as error:
            return cls(name=chosen, origin=str(file), problem=str(error))
        return cls(name=chosen, code=code, origin=str(file))

    @classmethod
    def from_function(cls, function: Callable[..., Any], name: str | None = None) -> Contestant:
        """A player from a function, e.g. ``choose_move`` defined in a notebook cell.

        A function of an installed module is imported by name in the
        player's process. A function defined in a notebook (or any module
        that cannot be imported) is sent as its source text, together with
        what it uses from the notebook: other functions and classes (their
        source too), imported modules and names, and plain values (numbers,
        text, lists, dicts...). The name is the function's name unless given.

        Raises
        ------
        TypeError
            ``function`` is not a function defined with ``def``.
        ValueError
            The function uses something that cannot be sent to another
            process (the message names it and says what to do), or its
            source cannot be found.

        Examples
        --------
        >>> from awithlaknannai.league.lesson import greedy_choose_move
        >>> player = Contestant.from_function(greedy_choose_move, name="template")
        >>> print(player.code.strip())
        from awithlaknannai.league.lesson import greedy_choose_move as greedy_choose_move
        """
        code, entry, origin = _function_code(function)
        return cls(
            name=name if name is not None else function.__name__, code=code, entry=entry, origin=origin
        )

    @classmethod
    def builtin(cls, spec: str, name: str | None = None, seed: int | None = None) -> Contestant:
        """A built-in player (a level such as ``"casual"`` or a spec such as ``"alphabeta:3"``)."""
        make_player(spec, seed=seed)  # a bad spec fails here, before any game
        return cls(name=name if name is not None else spec, spec=spec, seed=seed, origin="built-in")


def _name_from_stem(stem: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in _NAME_SAFE else "_" for c in stem)[:MAX_NAME_CHARS]
    return cleaned or "player"


class PlayersFolderError(ValueError):
    """A folder of players cannot be used: it does not exist, is not a folder, or holds no players
    or too many files. A ``ValueError``, so ``except ValueError`` catches it."""


#: The most entries (files and folders of any kind) :func:`contestants_from_folder` looks at in one folder.
MAX_FOLDER_ENTRIES = 10_000


def contestants_from_folder(folder: str | os.PathLike[str], pattern: str = "*.py") -> list[Contestant]:
    """One contestant per ``.py`` file in ``folder`` (not its subfolders), in name order.

    Files whose names start with ``_`` or ``.`` are skipped (``__init__.py``,
    editor backups). The folder is read one entry at a time and refused as
    soon as it shows more than :data:`MAX_FOLDER_PLAYERS` player files or
    more than :data:`MAX_FOLDER_ENTRIES` entries, before any file is read.

    Parameters
    ----------
    folder : str or path
        The folder of players.
    pattern : str
        Which file names are players (``fnmatch`` style, default ``"*.py"``).

    Returns
    -------
    list of Contestant
        In the order of the file names.

    Raises
    ------
    TypeError
        ``folder`` is not a path.
    PlayersFolderError
        A ``ValueError``: the folder does not exist, is not a folder, holds no
        player files, or too many.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "ada.py").write_text("def choose_move(position):\\n    return position.legal_moves()[0]\\n")
    >>> _ = (folder / "_helper.py").write_text("X = 1\\n")
    >>> [player.name for player in contestants_from_folder(folder)]
    ['ada']
    >>> contestants_from_folder(folder / "missing")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    awithlaknannai.league.contestants.PlayersFolderError: the folder '...missing' does not exist
    """
    import fnmatch

    name = _path_text(
        folder,
        "contestants_from_folder takes a folder path",
        "contestants_from_folder takes a folder path as text",
    )
    if not isinstance(pattern, str):
        raise TypeError(f"pattern is a file name pattern such as '*.py', got {type(pattern).__name__}")
    quoted = _quoted(name)
    if not os.path.exists(name):
        raise PlayersFolderError(f"the folder {quoted} does not exist")
    if not os.path.isdir(name):
        raise PlayersFolderError(f"{quoted} is not a folder of players")
    found: list[str] = []
    seen = 0
    try:
        with os.scandir(name) as entries:
            for entry in entries:
                seen += 1
                if seen > MAX_FOLDER_ENTRIES:
                    raise PlayersFolderError(
                        f"{quoted} holds more than {MAX_FOLDER_ENTRIES:,} files and folders: "
                        "put the players in a folder of their own"
                    )
                if entry.name.startswith(("_", ".")) or not fnmatch.fnmatch(entry.name, pattern):
                    continue
                try:
                    if not entry.is_file():
                        continue
                except OSError:
                    continue
                found.append(entry.name)
                if len(found) > MAX_FOLDER_PLAYERS:
                    raise PlayersFolderError(f"{quoted} holds more than {MAX_FOLDER_PLAYERS} player files")
    except OSError as error:
        raise PlayersFolderError(f"cannot read the folder {quoted}: {error.strerror or error}") from None
    if not found:
        raise PlayersFolderError(f"{quoted} holds no player files ({pattern})")
    root = Path(name)
    return [Contestant.from_file(root / file) for file in sorted(found)]


def _quoted(name: str) -> str:
    """A path as a message quotes it: repr, cut short."""
    text = repr(name)
    return text if len(text) <= 90 else text[:80] + "...'"


# --- sending a notebook function to another process -----------------------------------


def _function_code(function: Callable[..., Any]) -> tuple[str, str, str]:
    """(module code, entry name, origin) for ``function``."""
    if not isinstance(function, types.FunctionType):
        raise TypeError(
            f"a player is a function defined with def, such as choose_move, got {type(function).__name__}"
        )
    entry = function.__name__
    if entry == "<lambda>":
        raise ValueError("a player function needs a name: write it with def choose_move(position): ...")
    if function.__closure__:
        names = ", ".join(function.__code__.co_freevars)
        raise ValueError(
            f"{entry} uses variables of the function it is defined in ({names}); "
            "define it at the top level of a cell or a file"
        )
    if _importable(function):
        return (
            f"from {function.__module__} import {function.__qualname__} as {entry}\n",
            entry,
            f"{function.__module__}.{function.__qualname__}",
        )
    return _Packer(function).code(), entry, NOTEBOOK_ORIGIN


def _importable(obj: Any) -> bool:
    """Whether ``obj`` is found again by importing its module and taking its qualified name."""
    module_name = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if not module_name or not qualname or module_name == "__main__" or "<" in qualname:
        return False
    module = sys.modules.get(module_name)
    file = getattr(module, "__file__", None)
    if module is None or file is None:
        return False
    if not _readable_by_players(file):
        return False  # a confined player could not read it (a teacher's own module): its source is sent
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    return found is obj


@functools.lru_cache(maxsize=1)
def _player_readable_roots() -> tuple[str, ...]:
    from .confine import read_paths

    return tuple(str(path) for path in read_paths())


def _readable_by_players(file: str) -> bool:
    """Whether a confined player's process can read ``file`` (it lies in Python's or this package's folders)."""
    resolved = os.path.realpath(file)
    return any(
        resolved == root or resolved.startswith(root.rstrip(os.sep) + os.sep)
        for root in _player_readable_roots()
    )


def _literal(value: object) -> str | None:
    """``repr(value)`` if it reads back as an equal plain value (numbers, text, lists...), else None."""
    if not isinstance(
        value, (type(None), bool, int, float, complex, str, bytes, tuple, list, dict, set, frozenset)
    ):
        return None
    try:
        text = repr(value)
        if len(text) > MAX_SOURCE_BYTES // 10:
            return None
        back = ast.literal_eval(text)
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return None
    return text if type(back) is type(value) and back == value else None


class _Packer:
    """The source of a notebook function and of everything it uses from the notebook."""

    def __init__(self, function: types.FunctionType) -> None:
        self.function = function
        self.namespace = function.__globals__
        self.imports: list[str] = []
        self.values: list[str] = []
        self.definitions: list[str] = []
        self.seen: dict[str, object] = {}

    def code(self) -> str:
        self.seen[self.function.__name__] = self.function
        self._add_definition(self.function, self.function.__name__)
        head = ["# Sent by awithlaknannai.league.Contestant.from_function", *self.imports, *self.values]
        return "\n\n\n".join(["\n".join(head), *(d.strip("\n") for d in self.definitions)]) + "\n"

    def _source(self, obj: Any, name: str) -> str:
        try:
            source = inspect.getsource(obj)
        except (OSError, TypeError):
            raise ValueError(
                f"cannot find the source code of {name}: define it in a notebook cell or a "
                ".py file (not typed at an interactive prompt)"
            ) from None
        return textwrap.dedent(source)

    def _add_definition(self, obj: Any, name: str) -> None:
        source = self._source(obj, name)
        if getattr(obj, "__name__", name) != name:
            source += f"\n{name} = {obj.__name__}\n"
        try:
            tree = ast.parse(source)
        except SyntaxError:
            raise ValueError(
                f"cannot read the source code of {name} (was it changed after it ran?)"
            ) from None
        used = sorted(
            {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
            | {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
        )
        for dependency in used:
            self._add_name(dependency)
        self.definitions.append(source)

    def _add_name(self, name: str) -> None:
        if name in self.seen or name not in self.namespace:
            return  # a builtin, a local variable, or done already
        value = self.namespace[name]
        self.seen[name] = value
        if isinstance(value, types.ModuleType):
            module = value.__name__
            self.imports.append(f"import {module}" if module == name else f"import {module} as {name}")
        elif isinstance(value, (types.FunctionType, type)) and not _importable(value):
            if isinstance(value, types.FunctionType) and value.__closure__:
                raise ValueError(
                    f"{self.function.__name__} uses {name}, which uses variables of the function "
                    "it is defined in; define it at the top level of a cell"
                )
            self._add_definition(value, name)
        elif _importable(value):
            self.imports.append(f"from {value.__module__} import {value.__qualname__} as {name}")
        elif isinstance(value, enum.Enum) and _importable(type(value)):
            kind = type(value)
            self.imports.append(f"from {kind.__module__} import {kind.__qualname__} as _enum_{name}")
            self.values.append(f"{name} = _enum_{name}[{value.name!r}]")
        else:
            text = _literal(value)
            if text is None:
                raise ValueError(
                    f"{self.function.__name__} uses {name!r}, a {type(value).__name__} from the notebook, which "
                    "cannot be sent to the player's process: only functions, classes, imports and plain values "
                    "(numbers, text, lists, dicts) can. Create it inside the function, or put the player in a "
                    ".py file"
                )
            self.values.append(f"{name} = {text}")
