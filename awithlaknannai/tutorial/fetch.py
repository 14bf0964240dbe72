"""The tutorial notebooks for a pip install: ``python -m awithlaknannai notebooks DIR``.

The wheel carries the student notebooks (the project's ``notebooks/`` folder,
installed as ``awithlaknannai.notebooks``); :func:`copy_notebooks` copies them
into a folder of the user's. A notebook already there is a student's work:

* the same as the packaged one: left alone;
* different (edited, or from an older version): never overwritten, unless
  ``force=True``; even then the student's file is first kept beside it as
  ``NAME.ipynb.bak`` (``.bak1``, ``.bak2``, ... if that name is taken), so
  nothing a student saved is lost.
* a symbolic link (also one that leads nowhere): never written through,
  so nothing is written outside the folder; it is kept, or with
  ``force=True`` the link itself is renamed to ``.bak`` and the notebook
  written in its place.

A file is compared with the packaged notebook only when their sizes match
(a 3 GB file of the same name is known to differ without reading it).
Every file is written whole or not at all (a temporary file, then one rename).

``language="es"`` (``--lang es``) also copies the Spanish notebooks into
``DIR/es/``, beside the English ones, as the package keeps them: a Spanish
notebook links to the English one where no translation exists yet.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "lesson"
>>> report = copy_notebooks(folder)
>>> "00_start_here.ipynb" in report.copied, report.kept
(True, ())
>>> (folder / "00_start_here.ipynb").write_text("{}")  # a student's edit
2
>>> again = copy_notebooks(folder)
>>> again.kept, again.copied
(('00_start_here.ipynb',), ())
>>> forced = copy_notebooks(folder, force=True)
>>> forced.copied, forced.backups
(('00_start_here.ipynb',), ('00_start_here.ipynb.bak',))
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..files import write_file_bytes
from ..i18n import LANGUAGES, SOURCE_LANGUAGE

__all__ = ["CopyReport", "copy_notebooks", "packaged_notebooks"]

MAX_BACKUPS = 100  # NAME.ipynb.bak, .bak1 ... .bak99: past that, force refuses rather than overwrite


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_notebooks` did: file names copied, left as they were, kept (edited), backed up."""

    folder: Path
    copied: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept: tuple[str, ...]
    backups: tuple[str, ...]
    language: str = SOURCE_LANGUAGE

    def __str__(self) -> str:
        lines = [f"Notebooks in {self.folder}:"]
        if self.copied:
            lines.append(f"  copied: {', '.join(self.copied)}")
        if self.unchanged:
            lines.append(f"  already there, unchanged: {len(self.unchanged)}")
        if self.kept:
            lines.append(
                f"  kept as they are (they differ from this version's; --force replaces them, "
                f"keeping a .bak copy): {', '.join(self.kept)}"
            )
        if self.backups:
            lines.append(f"  your earlier files kept as: {', '.join(self.backups)}")
        start = (
            self.folder / ("" if self.language == SOURCE_LANGUAGE else self.language) / "00_start_here.ipynb"
        )
        # Jupyter refuses to start as root without --allow-root (a container, a school server's admin).
        as_root = hasattr(os, "geteuid") and os.geteuid() == 0
        lines.append(f"Open the tutorial: jupyter lab {'--allow-root ' if as_root else ''}{start}")
        return "\n".join(lines)


def packaged_notebooks(language: str = SOURCE_LANGUAGE) -> dict[str, bytes]:
    """The notebooks (and their README) that come with this version of the package, by file name.

    For a ``language`` other than English, its translated notebooks, by ``"<lang>/<file name>"``.

    >>> sorted(packaged_notebooks("es"))[:2]
    ['es/00_start_here.ipynb', 'es/01_history.ipynb']
    """
    if language not in LANGUAGES:
        raise ValueError(f"the notebooks come in {', '.join(LANGUAGES)}; got {str(language)[:40]!r}")
    try:
        folder = resources.files("awithlaknannai.notebooks")
    except ModuleNotFoundError:
        # Run from a checkout of the project (the package imported from its folder, not installed):
        # the notebooks are the checkout's own notebooks/ folder, which the wheel installs.
        checkout = Path(__file__).resolve().parents[2] / "notebooks"
        if not checkout.is_dir():
            raise FileNotFoundError(
                "this installation of awithlaknannai carries no notebooks; reinstall it "
                "(pip install --force-reinstall awithlaknannai)"
            ) from None
        folder = checkout
    prefix = ""
    if language != SOURCE_LANGUAGE:
        folder, prefix = folder / language, f"{language}/"
        if not folder.is_dir():
            return {}
    found = {}
    for entry in folder.iterdir():
        if entry.is_file() and (entry.name.endswith(".ipynb") or entry.name == "README.md"):
            found[prefix + entry.name] = entry.read_bytes()
    if not prefix and not any(name.endswith(".ipynb") for name in found):
        raise FileNotFoundError(
            "this installation of awithlaknannai carries no notebooks; reinstall it "
            "(pip install --force-reinstall awithlaknannai)"
        )
    return dict(sorted(found.items()))


def free_backup_name(target: Path) -> Path:
    """The first of ``NAME.bak``, ``NAME.bak1`` ... ``NAME.bak99`` beside ``target`` that does not exist yet.

    Raises ``FileExistsError`` when all of them exist: a copy is never written over an older backup.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> free_backup_name(folder / "01_history.ipynb").name
    '01_history.ipynb.bak'
    >>> _ = (folder / "01_history.ipynb.bak").write_text("{}")
    >>> free_backup_name(folder / "01_history.ipynb").name
    '01_history.ipynb.bak1'
    """
    for number in range(MAX_BACKUPS):
        candidate = target.with_name(target.name + (".bak" if number == 0 else f".bak{number}"))
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
    raise FileExistsError(f"{target.name} already has {MAX_BACKUPS} backups beside it; move some away first")


def _same_content(target: Path, content: bytes) -> bool:
    """Whether the regular file ``target`` holds exactly ``content`` (read only when the sizes match)."""
    try:
        if target.stat().st_size != len(content):
            return False
        with open(target, "rb") as file:
            return file.read(len(content) + 1) == content
    except OSError:
        return False


def copy_notebooks(
    folder: str | os.PathLike[str], force: bool = False, language: str = SOURCE_LANGUAGE
) -> CopyReport:
    """Copy the tutorial notebooks into ``folder`` (made if missing), never losing a student's edits.

    ``language`` (``"es"``, ``"fr"``) adds that language's notebooks in ``folder/<language>/``.

    Raises
    ------
    TypeError
        ``folder`` is not a path.
    ValueError
        ``folder`` is empty text, or names a file; a language with no notebooks.
    """
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError(f"folder must be a path, got {type(folder).__name__}")
    if not isinstance(force, bool):
        raise TypeError(f"force must be True or False, got {force!r}")
    name = os.fspath(folder)
    if not isinstance(name, str) or not name.strip():
        raise ValueError("give the folder to copy the notebooks into, e.g. my-lesson")
    target_folder = Path(name).expanduser()
    if target_folder.exists() and not target_folder.is_dir():
        raise ValueError(f"{name!r} is a file, not a folder: give a folder for the notebooks")
    if not isinstance(language, str):
        raise TypeError(f"language must be a code such as 'es', got {type(language).__name__}")
    notebooks = packaged_notebooks()
    if language != SOURCE_LANGUAGE:
        translated = packaged_notebooks(language)
        if not translated:
            raise ValueError(f"no notebooks in {LANGUAGES[language]} come with this version")
        notebooks.update(translated)
        sub = target_folder / language
        if sub.is_symlink() or (sub.exists() and not sub.is_dir()):  # never written through a link
            raise ValueError(f"{sub} is not a folder of its own: move it away, then copy again")
    target_folder.mkdir(parents=True, exist_ok=True)
    copied, unchanged, kept, backups = [], [], [], []
    for file_name, content in notebooks.items():
        target = target_folder / file_name
        link = target.is_symlink()  # never followed: a link may lead out of the folder, or nowhere
        if link or target.exists():
            if not link and target.is_file() and _same_content(target, content):
                unchanged.append(file_name)
                continue
            if not force:
                kept.append(file_name)
                continue
            if not link and not target.is_file():
                raise ValueError(f"{target} is not a regular file: move it away, then copy again")
            backup = free_backup_name(target)
            target.rename(backup)
            backups.append(backup.name)
        target.parent.mkdir(exist_ok=True)  # DIR/es/ for a translation
        write_file_bytes(target, content, f"the notebook {file_name}")
        copied.append(file_name)
    return CopyReport(target_folder, tuple(copied), tuple(unchanged), tuple(kept), tuple(backups), language)
