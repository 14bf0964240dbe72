"""A classroom with no server: the tutorial as a JupyterLite site, ``python -m awithlaknannai lite DIR``.

JupyterLite runs JupyterLab and a Python kernel (Pyodide, CPython compiled
to WebAssembly) entirely in the browser: the site is a folder of static
files that any web host, or a USB stick with a small local server, can
serve. This module builds that folder from the project's own files:

- JupyterLab and the Pyodide kernel from PyPI (``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel``, the ``lite`` extra), with the widget front
  ends installed in this environment (ipywidgets, anywidget);
- the Pyodide runtime from the npm package ``pyodide`` (:data:`PYODIDE_VERSION`,
  the one the kernel is made for): found in ``node_modules/pyodide`` or
  fetched with ``npm pack``;
- the student notebooks (the ones ``python -m awithlaknannai notebooks``
  copies; never the teacher copies), with the translated ones in a folder
  a language (``es/``, ``fr/``: their first cell calls ``set_language``, so
  the kernel answers in the notebook's language), and a start page,
  :data:`START_PAGE`, that opens notebook 00 in each language;
- a Python package set for the browser (:data:`SITE_PACKAGES`): pure-Python
  wheels downloaded from PyPI (the kernel's IPython at the versions of
  Pyodide's own lock, the widget packages at the versions installed here,
  so that their kernel and browser halves agree) and this package's wheel.
  Pyodide's ``pyodide-lock.json`` is rewritten to list exactly these, each
  a file in the site with its sha256, and with the dependencies each
  wheel declares for a browser. Everything Pyodide's npm package lists but
  does not carry (numpy, matplotlib, Pillow... are built for Pyodide only
  on its CDN) is left out, so the site never asks another host for
  anything. This package is loaded when the kernel starts (the equivalent
  of ``%pip install --no-deps awithlaknannai``): the notebooks are the same
  as on Binder, with no install cell.

Without numpy, Pillow and matplotlib there is no ipycanvas: the boards use
their own canvas front end (:mod:`awithlaknannai.widgets.canvas`), the
solver its pure-Python engine, and the few features that need numpy or
matplotlib (charts, batch playouts) say so in one line.

The build needs the network only for PyPI (and npm when no
``node_modules/pyodide`` is found); downloads are kept in the cache folder
(``$AWITHLAKNANNAI_CACHE/lite``, else ``~/.cache/awithlaknannai/lite``), so a
second build is quick and can run offline.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import LiteBuildError
from ..i18n import LANGUAGES, SOURCE_LANGUAGE
from .install import _install_site

__all__ = [
    "FIRST_NOTEBOOK",
    "PYODIDE_VERSION",
    "SITE_PACKAGES",
    "START_PAGE",
    "LiteBuildError",
    "LiteSite",
    "browser_requirements",
    "build_site",
    "find_pyodide",
    "site_lock",
    "start_address",
    "start_page",
]

#: The Pyodide runtime (npm package ``pyodide``): the version jupyterlite-pyodide-kernel 0.8.6 is made for
#: (its ``PYODIDE_VERSION``), Python 3.14 in the browser.
PYODIDE_VERSION = "314.0.6"
#: The Python in that Pyodide (for choosing wheels and evaluating their dependency markers).
PYODIDE_PYTHON = "3.14"

#: The packages of the site's Python besides this one: the kernel's own (micropip and IPython; the kernel
#: installs ipykernel and pyodide-kernel from its own folder of wheels) and this package's dependencies
#: that run in a browser. All pure Python, from PyPI: a name in Pyodide's lock at the lock's version, a
#: widget package at the version installed here (its browser half in the site comes from here too),
#: the rest pinned (:data:`_PINNED`).
SITE_PACKAGES = (
    # micropip and IPython, which the kernel needs
    "micropip",
    "ipython",
    "asttokens",
    "decorator",
    "executing",
    "ipython-pygments-lexers",
    "jedi",
    "matplotlib-inline",
    "parso",
    "prompt-toolkit",
    "pure-eval",
    "pygments",
    "six",
    "stack-data",
    "traitlets",
    "typing-extensions",
    "wcwidth",
    "comm",
    # this package's: the boards are networkx graphs, the widgets ipywidgets and anywidget
    "networkx",
    "ipywidgets",
    "jupyterlab-widgets",
    "anywidget",
    "psygnal",
)
#: Follow this environment's versions: their browser halves (labextensions) come from here.
_FROM_ENVIRONMENT = ("ipywidgets", "jupyterlab-widgets", "anywidget")
#: Neither in Pyodide's lock nor with a browser half: Binder's versions (binder/requirements.txt).
_PINNED = {"comm": "0.2.3", "psygnal": "0.16.1", "ipython-pygments-lexers": "1.1.1"}
#: Shims the kernel ships instead of the real packages (the real widgetsnbextension is the classic
#: notebook's front end, 2 MB of JavaScript nobody loads here).
_KERNEL_SHIMS = ("widgetsnbextension",)
#: This package's dependencies that cannot run in the site (no wasm builds on PyPI): left out.
_NOT_IN_BROWSER = ("numpy", "ipycanvas")

#: Marker values of Pyodide's Python (PEP 508), to read which dependencies a wheel needs in a browser.
PYODIDE_MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": PYODIDE_PYTHON,
    "python_full_version": PYODIDE_PYTHON + ".2",
    "extra": "",
}

PYODIDE_KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Voila's JupyterLab extension (installed with voila, for Binder's play page): its "Render with Voila"
#: button needs a Voila server, so the site turns it off.
VOILA_PREVIEW_EXTENSION = "@voila-dashboards/jupyterlab-preview"
_PIP_TIMEOUT = 600  # seconds for one pip or npm call
#: The site's page that lists notebook 00 in each language (the site's own ``index.html`` is
#: JupyterLite's: it opens JupyterLab and reads the site's settings, so it stays as it is).
START_PAGE = "start.html"
#: The notebook a class opens first, in the site's contents (a translation's in its language's folder).
FIRST_NOTEBOOK = "00_start_here.ipynb"


def start_address(language: str = SOURCE_LANGUAGE) -> str:
    """The address, relative to the site's root, that opens notebook 00 in ``language`` in JupyterLab.

    JupyterLite's ``path`` parameter opens a file of the site's contents; a translation lives in
    its language's folder.

    Examples
    --------
    >>> start_address(), start_address("es")
    ('lab/index.html?path=00_start_here.ipynb', 'lab/index.html?path=es/00_start_here.ipynb')
    >>> start_address("xx")
    Traceback (most recent call last):
    ...
    ValueError: the site's notebooks come in en, es, fr; got 'xx'
    """
    if language not in LANGUAGES:
        raise ValueError(f"the site's notebooks come in {', '.join(LANGUAGES)}; got {str(language)[:40]!r}")
    folder = "" if language == SOURCE_LANGUAGE else f"{language}/"
    return f"lab/index.html?path={folder}{FIRST_NOTEBOOK}"


@dataclass(frozen=True)
class LiteSite:
    """A built site: where it is, what it holds, and how long the build took."""

    folder: Path
    notebooks: tuple[str, ...]
    packages: tuple[str, ...]
    size_bytes: int
    seconds: float
    #: Files in the folder that the builder did not write (a teacher's), kept where they were.
    kept: tuple[str, ...] = ()
    #: Files the builder would have replaced that someone had changed or put there: kept under these names.
    backups: tuple[str, ...] = ()
    #: The languages of the notebooks in the site (English first; each translation in its own folder).
    languages: tuple[str, ...] = (SOURCE_LANGUAGE,)

    def __str__(self) -> str:
        extra = []
        if self.kept:
            extra.append(
                f"  your own files, kept: {', '.join(self.kept[:20])}"
                + (f" and {len(self.kept) - 20} more" if len(self.kept) > 20 else "")
            )
        if self.backups:
            extra.append(
                f"  your earlier files kept as: {', '.join(self.backups[:20])}"
                + (f" and {len(self.backups) - 20} more" if len(self.backups) > 20 else "")
            )
        return "\n".join(
            [
                f"JupyterLite site in {self.folder} ({self.size_bytes / 2**20:.0f} MB, built in {self.seconds:.0f} s)",
                *extra,
                f"  notebooks: {', '.join(self.notebooks)}",
                f"  Python packages in the browser: {', '.join(self.packages)}",
                "Serve the folder with any static web server, for example:",
                f"  python -m http.server --directory {self.folder} 8000",
                f"then open http://127.0.0.1:8000/{start_address()}",
                *[
                    f"  in {LANGUAGES[code]}: http://127.0.0.1:8000/{start_address(code)}"
                    for code in self.languages
                    if code != SOURCE_LANGUAGE
                ],
                f"or the page that lists them all: http://127.0.0.1:8000/{START_PAGE}",
                "(a page opened as a file:// address cannot start Python: browsers need a web server).",
            ]
        )


def _cache_folder() -> Path:
    from ..tables.solver import default_cache_dir

    return default_cache_dir() / "lite"


def _require_jupyterlite() -> None:
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel"):
        try:
            __import__(module)
        except ImportError:
            raise LiteBuildError(
                f"building the JupyterLite site needs {module.replace('_', '-')}: "
                "pip install 'awithlaknannai[lite]'"
            ) from None


# --- Pyodide from npm ---------------------------------------------------------------


def _is_pyodide(folder: Path) -> bool:
    return (
        (folder / "pyodide.mjs").is_file()
        and (folder / "pyodide-lock.json").is_file()
        and (folder / "pyodide.asm.wasm").is_file()
    )


def _pyodide_version(folder: Path) -> str:
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError, TypeError):
        return "unknown"


def find_pyodide(given: str | os.PathLike[str] | None = None, *, fetch: bool = True) -> Path:
    """The folder of the npm package ``pyodide``: ``given``, else ``node_modules/pyodide`` here or in the
    project's checkout, else one ``npm pack`` of :data:`PYODIDE_VERSION` into the cache folder."""
    if given is not None:
        folder = Path(given)
        if not _is_pyodide(folder):
            raise LiteBuildError(
                f"{folder} is not the npm package pyodide (no pyodide.mjs, pyodide-lock.json "
                f"and pyodide.asm.wasm): npm install --no-save pyodide@{PYODIDE_VERSION}"
            )
        return _checked_version(folder)
    checkout = Path(__file__).resolve().parents[2]
    for candidate in (Path.cwd() / "node_modules" / "pyodide", checkout / "node_modules" / "pyodide"):
        if _is_pyodide(candidate) and _pyodide_version(candidate) == PYODIDE_VERSION:
            return candidate
    cached = _cache_folder() / f"pyodide-{PYODIDE_VERSION}" / "package"
    if _is_pyodide(cached):
        return cached
    npm = shutil.which("npm")
    if not fetch or npm is None:
        raise LiteBuildError(
            f"the site needs the Pyodide runtime from npm: run `npm install --no-save "
            f"pyodide@{PYODIDE_VERSION}` here (npm comes with Node.js), or give --pyodide FOLDER"
        )
    with tempfile.TemporaryDirectory() as work:
        _run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", work, "--silent"],
            f"npm pack pyodide@{PYODIDE_VERSION}",
        )
        tarballs = list(Path(work).glob("pyodide-*.tgz"))
        if len(tarballs) != 1:
            raise LiteBuildError(f"npm pack pyodide@{PYODIDE_VERSION} gave no tarball")
        target = cached.parent
        shutil.rmtree(target, ignore_errors=True)
        _extract(tarballs[0], target)
    if not _is_pyodide(cached):
        raise LiteBuildError(
            f"the npm package pyodide@{PYODIDE_VERSION} lacks pyodide.mjs or pyodide-lock.json"
        )
    return cached


def _extract(tarball: Path, target: Path) -> None:
    """Unpack an npm tarball: plain files and folders only, every path inside ``target``."""
    with tarfile.open(tarball) as archive:
        members = archive.getmembers()
        for member in members:
            path = Path(member.name)
            if not (member.isfile() or member.isdir()) or path.is_absolute() or ".." in path.parts:
                raise LiteBuildError(
                    f"{tarball.name} holds {member.name[:100]!r}, which is not a plain file in it"
                )
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12 and later: the library checks them again
            archive.extractall(target, members=members, filter="data")
        else:  # pragma: no cover - every member checked above
            archive.extractall(target, members=members)


def _checked_version(folder: Path) -> Path:
    version = _pyodide_version(folder)
    if version.split(".")[0] != PYODIDE_VERSION.split(".")[0]:
        raise LiteBuildError(
            f"{folder} holds Pyodide {version}; the kernel needs {PYODIDE_VERSION} "
            f"(Python {PYODIDE_PYTHON}): npm install --no-save pyodide@{PYODIDE_VERSION}"
        )
    return folder


# --- the site's Python packages -------------------------------------------------------


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """``(name, version, Requires-Dist lines, top-level import names)`` of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")), None)
        if meta is None:
            raise LiteBuildError(f"{wheel.name} is not a wheel (no METADATA)")
        text = archive.read(meta).decode("utf-8", "replace")
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = archive.read(top).decode().split() if top else []
    headers = text.split("\n\n", 1)[0].splitlines()
    field = {line.split(":", 1)[0]: line.split(":", 1)[1].strip() for line in headers if ":" in line}
    requires = [line.split(":", 1)[1].strip() for line in headers if line.startswith("Requires-Dist:")]
    if not imports:
        imports = sorted(
            {
                n.split("/")[0].removesuffix(".py")
                for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)
            }
        )
    return field["Name"], field["Version"], requires, imports


def browser_requirements(requires: Iterable[str]) -> list[str]:
    """The canonical names of the requirements (``Requires-Dist`` lines) a wheel needs in Pyodide.

    >>> browser_requirements(["decorator", "pexpect>4.3; sys_platform != 'win32' and sys_platform != 'emscripten'",
    ...                       "typing_extensions>=4.6; python_version < '3.12'", "pytest; extra == 'test'",
    ...                       "Prompt_Toolkit<3.1,>=3.0.41"])
    ['decorator', 'prompt-toolkit']
    """
    from packaging.requirements import Requirement

    needed = []
    for line in requires:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(dict(PYODIDE_MARKERS)):
            needed.append(_canonical(requirement.name))
    return needed


def _lock_entry(wheel: Path, depends: list[str]) -> dict[str, Any]:
    name, version, _, imports = _wheel_metadata(wheel)
    return {
        "name": _canonical(name),
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def site_lock(
    base_lock: Mapping[str, Any], wheels: Iterable[Path], leave_out: Iterable[str] = _NOT_IN_BROWSER
) -> dict[str, Any]:
    """Pyodide's lock rewritten for the site: exactly ``wheels``, each a local file with its hash.

    ``base_lock`` gives the lock's ``info`` (the Python and platform). Each
    wheel's dependencies are those it declares for a browser, less
    ``leave_out``; one missing from ``wheels`` is an error (the site's
    Python could not import the package that needs it).
    """
    entries: dict[str, dict[str, Any]] = {}
    wanted: dict[str, list[str]] = {}
    skipped = {_canonical(name) for name in leave_out}
    for wheel in wheels:
        _, _, requires, _ = _wheel_metadata(wheel)
        depends = [dep for dep in browser_requirements(requires) if dep not in skipped]
        entry = _lock_entry(wheel, depends)
        entries[entry["name"]] = entry
        wanted[entry["name"]] = depends
    missing = sorted(
        {f"{dep} (for {name})" for name, deps in wanted.items() for dep in deps if dep not in entries}
    )
    if missing:
        raise LiteBuildError(
            f"the site's Python lacks dependencies: {', '.join(missing)}; add them to "
            "awithlaknannai.lite.SITE_PACKAGES"
        )
    return {"info": dict(base_lock.get("info", {})), "packages": dict(sorted(entries.items()))}


def _run(command: list[str], what: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(
            command,
            cwd=cwd,
            check=False,
            capture_output=True,
            text=True,
            timeout=_PIP_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        raise LiteBuildError(f"{what} took longer than {_PIP_TIMEOUT} s") from None
    if done.returncode != 0:
        lines = [
            line
            for line in (done.stderr or done.stdout).splitlines()
            if line.strip() and not line.startswith("WARNING: Location")
        ]
        raise LiteBuildError(f"{what} failed: {' / '.join(lines[-3:])[:600]}")
    return done.stdout


def _pip(command: str, *arguments: str, what: str) -> None:
    """Run ``pip COMMAND --quiet --no-deps ARGUMENTS`` with this Python, as :func:`_run` does."""
    _run([sys.executable, "-m", "pip", command, "--quiet", "--no-deps", *arguments], what)


def _site_versions(base_lock: Mapping[str, Any]) -> dict[str, str]:
    """The version of each of :data:`SITE_PACKAGES`: this environment's for widget packages, else pinned or
    the lock's."""
    in_lock = {_canonical(name): entry["version"] for name, entry in base_lock.get("packages", {}).items()}
    versions = {}
    for name in SITE_PACKAGES:
        version = None
        if name in _FROM_ENVIRONMENT:
            try:
                version = importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                version = None
        version = version or _PINNED.get(name) or in_lock.get(name)
        if version is None:
            raise LiteBuildError(
                f"no version known for the site's {name}: install it here (pip install {name})"
            )
        versions[name] = version
    return versions


def _download_wheels(versions: Mapping[str, str], folder: Path) -> list[Path]:
    """Pure-Python wheels of ``versions`` from PyPI (kept in ``folder``: only the missing are fetched)."""
    folder.mkdir(parents=True, exist_ok=True)

    def have(name: str, version: str) -> Path | None:
        stem = re.sub(r"[-_.]+", "_", name).lower()
        for wheel in folder.glob("*.whl"):
            parts = wheel.name.split("-")
            if len(parts) >= 5 and parts[0].lower() == stem and parts[1] == version:
                return wheel
        return None

    wanted = [f"{name}=={version}" for name, version in versions.items() if have(name, version) is None]
    if wanted:
        _pip(
            "download",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--python-version",
            PYODIDE_PYTHON,
            "--dest",
            str(folder),
            *wanted,
            what="pip download of the site's wheels (pure Python, from PyPI)",
        )
    found = []
    for name, version in versions.items():
        wheel = have(name, version)
        if wheel is None:
            raise LiteBuildError(f"PyPI has no pure-Python wheel of {name}=={version} for the browser")
        found.append(wheel)
    return found


def _project_wheel(given: str | os.PathLike[str] | None, folder: Path) -> Path:
    """This package's wheel: ``given``, else built from the checkout it runs from, else from PyPI."""
    if given is not None:
        wheel = Path(given)
        if not (wheel.is_file() and wheel.name.startswith("awithlaknannai-") and wheel.suffix == ".whl"):
            raise LiteBuildError(f"--wheel must be an awithlaknannai-*.whl file, got {str(wheel)[:200]!r}")
        if not zipfile.is_zipfile(wheel):
            raise LiteBuildError(
                f"--wheel {wheel.name[:200]!r} is not a wheel: a wheel is a zip file, and this one is "
                "not (damaged, or cut short by a download?)"
            )
        return wheel
    folder.mkdir(parents=True, exist_ok=True)
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "notebooks").is_dir():
        _pip(
            "wheel",
            "--wheel-dir",
            str(folder),
            str(checkout),
            what="building this package's wheel (pip wheel)",
        )
    else:
        version = importlib.metadata.version("awithlaknannai")
        _pip(
            "download",
            "--only-binary=:all:",
            "--dest",
            str(folder),
            f"awithlaknannai=={version}",
            what="pip download of awithlaknannai",
        )
    wheels = sorted(folder.glob("awithlaknannai-*.whl"))
    if not wheels:
        raise LiteBuildError("no awithlaknannai wheel was made")
    return wheels[-1]


def _kernel_shims() -> list[Path]:
    """The kernel's stand-ins (widgetsnbextension) from jupyterlite-pyodide-kernel's folder of wheels."""
    found = []
    prefix = (
        Path(sys.prefix)
        / "share"
        / "jupyter"
        / "labextensions"
        / "@jupyterlite"
        / "pyodide-kernel-extension"
        / "static"
        / "pypi"
    )
    for name in _KERNEL_SHIMS:
        wheels = sorted(prefix.glob(f"{name}-4.*-py3-none-any.whl"))
        if not wheels:
            raise LiteBuildError(
                f"jupyterlite-pyodide-kernel's {name} wheel is missing from {prefix}: "
                "pip install --force-reinstall 'awithlaknannai[lite]'"
            )
        found.append(wheels[-1])
    return found


# --- the site ---------------------------------------------------------------------------


def _student_notebooks(folder: Path) -> tuple[list[str], list[str]]:
    """Write the student notebooks into ``folder``, each translation in its language's folder (``es/``).

    Returns the files written (``"es/00_start_here.ipynb"`` for a translation) and the languages whose
    notebook 00 is there, English first. The teacher copies are never among them.
    """
    from ..tutorial.fetch import packaged_notebooks

    folder.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    languages: list[str] = []
    for language in LANGUAGES:
        notebooks = packaged_notebooks(language)
        for name, data in notebooks.items():
            target = folder / name
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(data)
            names.append(name)
        if start_address(language).split("path=", 1)[1] in notebooks:
            languages.append(language)
    return names, languages


def _notebook_title(notebook: bytes) -> str | None:
    """The first ``# heading`` of a notebook's first Markdown cell (its title), if it has one."""
    try:
        cells = json.loads(notebook.decode("utf-8")).get("cells", [])
    except (UnicodeDecodeError, ValueError, AttributeError):
        return None
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            heading = re.match(r"#\s+(.+)", text.strip())
            return heading.group(1).strip() if heading else None
    return None


def start_page(contents: Path, languages: Iterable[str]) -> str:
    """The site's start page (:data:`START_PAGE`): notebook 00 in each language, by its own title.

    ``contents`` is the folder of the site's notebooks (as :func:`_student_notebooks` wrote it). Each
    link is marked with its language (``lang="es"``), so a screen reader reads it in that language.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> names, languages = _student_notebooks(folder)
    >>> page = start_page(folder, languages)
    >>> '<li lang="es"><a href="lab/index.html?path=es/00_start_here.ipynb">' in page
    True
    >>> "empieza aquí" in page and "commence ici" in page
    True
    """
    from html import escape

    items = []
    for language in languages:
        address = start_address(language)
        notebook = contents / address.split("path=", 1)[1]
        title = _notebook_title(notebook.read_bytes()) if notebook.is_file() else None
        text = LANGUAGES[language] + (f": {title}" if title else "")
        items.append(f'<li lang="{language}"><a href="{escape(address)}">{escape(text)}</a></li>')
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>Awithlaknannai Mosona</title>",
            "<style>body { font-family: sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em; "
            "line-height: 1.6; color: #222; } li { font-size: 1.25em; margin: 0.5em 0; }</style>",
            "</head>",
            "<body>",
            "<main>",
            "<h1>Awithlaknannai Mosona</h1>",
            "<ul>",
            *items,
            "</ul>",
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _lite_config(lite_dir: Path) -> None:
    """jupyter-lite.json (the kernel: this package loaded at start, never PyPI) and overrides.json."""
    kernel = {
        "disablePyPIFallback": True,  # a package the site lacks is an error, never a request to pypi.org
        "loadPyodideOptions": {"packages": ["awithlaknannai"]},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Awithlaknannai Mosona",
            "litePluginSettings": {PYODIDE_KERNEL_PLUGIN: kernel},
            # No news pop-up (it would fetch from the internet); the site has JupyterLab only (--apps lab).
            # No "Render with Voila" button: Voila is a server, and the site has none.
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements", VOILA_PREVIEW_EXTENSION],
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    overrides = {
        # No news and no update check: the site never asks another host for anything.
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=2), encoding="utf-8")


def build_site(
    output: str | os.PathLike[str],
    *,
    pyodide: str | os.PathLike[str] | None = None,
    wheel: str | os.PathLike[str] | None = None,
    force: bool = False,
    say: Callable[[str], Any] | None = None,
) -> LiteSite:
    """Build the JupyterLite site into ``output`` (see the module); refuses a non-empty folder unless ``force``.

    Parameters
    ----------
    output : path
        The site's folder (made). With ``force``, a site built there before is rebuilt: the files
        the builder wrote are replaced, a teacher's own files are kept, and a file the builder
        would overwrite that someone changed is kept as ``NAME.bak`` (see :func:`_install_site`).
    pyodide : path, optional
        The npm package ``pyodide`` (a ``node_modules/pyodide`` folder); found or fetched by default.
    wheel : path, optional
        This package's wheel; built from the checkout (or downloaded) by default.
    say : callable, optional
        Called with a line of progress at each step.
    """
    started = time.perf_counter()
    say = say or (lambda line: None)
    _require_jupyterlite()
    target = Path(output).resolve()
    if target.exists() and not target.is_dir():
        raise LiteBuildError(f"{target} is not a folder")
    if target.is_dir() and any(target.iterdir()):
        if not force:
            raise LiteBuildError(
                f"{target} is not empty: give an empty or new folder, or --force to replace the site there"
            )
        if not (target / "jupyter-lite.json").is_file():
            raise LiteBuildError(
                f"{target} holds something other than a JupyterLite site: --force replaces "
                "only a site built before"
            )
    if target.is_symlink():
        raise LiteBuildError(f"{target} is a symbolic link: give the site's folder itself")
    if wheel is not None:
        _project_wheel(wheel, target)  # a given wheel is checked before anything is downloaded or built
    runtime = find_pyodide(pyodide)
    say(f"Pyodide {_pyodide_version(runtime)} from {runtime}")
    base_lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    cache = _cache_folder()
    versions = _site_versions(base_lock)
    say("wheels: " + ", ".join(f"{name} {version}" for name, version in versions.items()))
    wheels = _download_wheels(versions, cache / "wheels")
    with tempfile.TemporaryDirectory(prefix="awithlaknannai-lite-") as work:
        project = _project_wheel(wheel, Path(work) / "project")  # made afresh: the checkout may have changed
        say(f"this package: {project.name}")
        lite_dir = Path(work) / "lite"
        notebooks, languages = _student_notebooks(lite_dir / "files")
        static = lite_dir / "static" / "pyodide"  # the kernel addon's well-known place for Pyodide
        shutil.copytree(
            runtime, static, ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "node_modules")
        )
        all_wheels = [*wheels, *_kernel_shims(), project]
        for one in all_wheels:
            shutil.copy2(one, static / one.name)
        lock = site_lock(base_lock, all_wheels)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        _lite_config(lite_dir)
        build = lite_dir / "_output"
        say("jupyter lite build ...")
        _run(
            [
                sys.executable,
                "-m",
                "jupyterlite_core",
                "build",
                "--lite-dir",
                str(lite_dir),
                "--contents",
                str(lite_dir / "files"),
                "--output-dir",
                str(build),
                "--apps",
                "lab",
                "--no-sourcemaps",
                "--no-unused-shared-packages",
            ],
            "jupyter lite build",
            cwd=lite_dir,
        )
        if not (build / "jupyter-lite.json").is_file():
            raise LiteBuildError("jupyter lite build wrote no site")
        (build / START_PAGE).write_text(start_page(lite_dir / "files", languages), encoding="utf-8")
        target.parent.mkdir(parents=True, exist_ok=True)
        kept, backups = _install_site(build, target)
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    return LiteSite(
        target,
        tuple(n for n in notebooks if n.endswith(".ipynb")),
        tuple(lock["packages"]),
        size,
        time.perf_counter() - started,
        kept,
        backups,
        tuple(languages),
    )
