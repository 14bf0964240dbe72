"""Putting a built JupyterLite site in its folder without losing anyone's files.

The builder writes the site in a temporary folder, then :func:`_install_site`
moves it into place: the folder's list of the files the builder wrote
(:data:`MANIFEST`) says which files ``--force`` may replace; a teacher's own
files stay where they are, and a file someone changed is kept beside the new
one as ``NAME.bak``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
from pathlib import Path

from ..errors import LiteBuildError
from ..tutorial.fetch import MAX_BACKUPS, free_backup_name

__all__ = ["MANIFEST", "MAX_BACKUPS", "MAX_MANIFEST_BYTES"]


#: The list of the files the builder wrote, in the site's folder: ``--force`` replaces those only.
MANIFEST = ".awithlaknannai-site.json"
MAX_MANIFEST_BYTES = 16 * 2**20


def _digest(path: Path) -> str:
    hasher = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(2**20), b""):
            hasher.update(block)
    return hasher.hexdigest()


def _written_files(folder: Path) -> dict[str, str]:
    """Every regular file under ``folder`` (links not followed), by its path relative to it: its sha256."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            found[path.relative_to(folder).as_posix()] = _digest(path)
    return found


def _read_manifest(target: Path) -> dict[str, str] | None:
    """The files a former build wrote in ``target`` (their sha256 by relative path), or ``None`` if unknown."""
    path = target / MANIFEST
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_MANIFEST_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in files.items()
    ):
        return None
    return {
        name: digest
        for name, digest in files.items()
        if name and not name.startswith("/") and ".." not in name.split("/") and "\\" not in name
    }


def _backup_name(path: Path) -> Path:
    try:
        return free_backup_name(path)
    except FileExistsError as error:
        raise LiteBuildError(str(error)) from None


def _within(target: Path, relative: str) -> Path | None:
    """``target / relative`` if no folder on the way is a symbolic link (nothing is touched outside)."""
    path = target
    for part in relative.split("/")[:-1]:
        path = path / part
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            return None
    return path / relative.split("/")[-1]


def _install_site(build: Path, target: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Put the freshly built site ``build`` in ``target``, replacing only what a former build wrote.

    A file the former build wrote and nobody changed is replaced or removed;
    one that was changed, or that a teacher put where the new build writes,
    is first renamed to ``NAME.bak`` (``.bak1``, ...); every other file (a
    teacher's) stays as it is. A folder without the builder's list of files
    (a site from an older version) is kept whole as ``FOLDER.bak``. Returns
    the teacher's files kept and the backups made (paths relative to the
    site's folder, or the backup folder's name).
    """
    new_files = _written_files(build)
    new_files.pop(MANIFEST, None)
    backups: list[str] = []
    if target.is_dir() and not any(target.iterdir()):
        target.rmdir()
    if target.exists():
        old = _read_manifest(target)
        if old is None:
            backup = _backup_name(target)
            target.rename(backup)
            backups.append(backup.name)
    if not target.exists():
        shutil.move(str(build), str(target))
        (target / MANIFEST).write_text(json.dumps({"files": new_files}, indent=0), encoding="utf-8")
        return (), tuple(backups)
    old = _read_manifest(target) or {}
    for relative, digest in old.items():  # the former build's files: removed, or kept aside if changed
        path = _within(target, relative)
        if path is None or path.is_symlink() or not path.is_file():
            continue
        if _digest(path) == digest:
            path.unlink()
        else:
            backup = _backup_name(path)
            path.rename(backup)
            backups.append(backup.relative_to(target).as_posix())
    for relative in new_files:
        source, path = build / relative, _within(target, relative)
        if path is None:
            raise LiteBuildError(
                f"{target}: a link or a file stands where the site's folder "
                f"{relative.rsplit('/', 1)[0]} goes: move it away, then build again"
            )
        if path.exists() or path.is_symlink():
            if path.is_dir() and not path.is_symlink():
                raise LiteBuildError(
                    f"{target}: a folder stands where the site's file {relative} goes: "
                    "move it away, then build again"
                )
            backup = _backup_name(path)
            path.rename(backup)
            backups.append(backup.relative_to(target).as_posix())
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, path)
    # Folders the former build made that are empty now (nothing of a teacher's in them) go too.
    folders = {parent.as_posix() for name in old for parent in Path(name).parents if parent.as_posix() != "."}
    for relative in sorted(folders, key=lambda name: -name.count("/")):
        folder = _within(target, relative)
        if folder is not None and folder.is_dir() and not folder.is_symlink():
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if empty
    (target / MANIFEST).write_text(json.dumps({"files": new_files}, indent=0), encoding="utf-8")
    kept = tuple(
        path.relative_to(target).as_posix()
        for path in sorted(target.rglob("*"))
        if (path.is_file() or path.is_symlink())
        and path.relative_to(target).as_posix() not in new_files
        and path.name != MANIFEST
        and path.relative_to(target).as_posix() not in backups
    )
    return kept, tuple(backups)
