"""What a pip user gets: the wheel's files and metadata, the notebooks command, the README's links."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from awithlaknannai.cli import main
from awithlaknannai.tutorial.fetch import copy_notebooks, packaged_notebooks

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (found,) = folder.glob("awithlaknannai-*.whl")
    return found


def test_the_wheel_carries_the_code_the_student_notebooks_the_licences_and_the_jupyter_files(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    student = {path.name for path in (ROOT / "notebooks").glob("*.ipynb")}
    assert {f"awithlaknannai/notebooks/{name}" for name in student} <= names
    assert not any("teacher" in name for name in names), "teacher material must not be in the wheel"
    # The translations: the notebooks in notebooks/<lang>/ and the package's catalogs, compiled.
    translated = {
        path.relative_to(ROOT / "notebooks").as_posix() for path in (ROOT / "notebooks").glob("*/*.ipynb")
    }
    assert translated and {f"awithlaknannai/notebooks/{name}" for name in translated} <= names
    catalogs = {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "awithlaknannai" / "locale").rglob("*.[mp]o")
    }
    assert catalogs and catalogs <= names, (
        "catalogs missing from the wheel (add them to pyproject's package-data)"
    )
    # Every module of the package (pyproject lists the subpackages by name: a new one must be added there).
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "awithlaknannai").rglob("*.py")}
    assert modules - names == set(), "modules missing from the wheel (add their package to pyproject.toml)"
    # Package data (pyproject's package-data): every JSON file beside the modules.
    saved = {path.relative_to(ROOT).as_posix() for path in (ROOT / "awithlaknannai").rglob("*.json")}
    assert "awithlaknannai/analysis/saved_results.json" in saved
    assert saved - names == set(), "package data missing from the wheel (add it to pyproject's package-data)"
    dist_info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
    for licence in ("LICENSE", "LICENSES/BSD-3-Clause.txt", "LICENSES/CC-BY-4.0.txt"):
        assert f"{dist_info}/licenses/{licence}" in names
    data = {name.split(".data/data/", 1)[1] for name in names if ".data/data/" in name}
    assert {
        "etc/ipython/ipython_kernel_config.py",
        "etc/jupyter/voila.json",
        "share/jupyter/lab/settings/overrides.d/awithlaknannai.json",
        "share/jupyter/voila/templates/awithlaknannai/index.html.j2",
    } <= data
    metadata = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode()
    assert "License-Expression: BSD-3-Clause AND CC-BY-4.0" in metadata
    assert "Project-URL: Repository, https://github.com/" in metadata
    assert "Programming Language :: Python :: 3.13" in metadata and "Topic :: Education" in metadata
    assert "Provides-Extra: tutorial" in metadata and "nbformat" in metadata


def test_the_readme_renders_on_pypi_with_links_that_work_there():
    """PyPI shows the README without the repository: its links to files must be absolute."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    import re

    relative = [target for target in re.findall(r"\]\(([^)#]+)\)", text) if "://" not in target]
    assert not relative, f"relative links break on PyPI: {relative[:5]}"


def test_the_readme_links_are_made_from_pyproject():
    result = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "links.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_the_notebooks_command_copies_and_never_overwrites_an_edit(tmp_path: Path, capsys):
    target = tmp_path / "lesson"
    assert main(["notebooks", str(target)]) == 0
    assert "copied: 00_start_here.ipynb" in capsys.readouterr().out
    assert set(packaged_notebooks()) == {p.name for p in target.iterdir()}
    edited = target / "03_rules.ipynb"
    edited.write_text('{"mine": true}')
    assert main(["notebooks", str(target)]) == 0
    assert "kept as they are" in capsys.readouterr().out and edited.read_text() == '{"mine": true}'
    assert main(["notebooks", str(target), "--force"]) == 0
    assert (target / "03_rules.ipynb.bak").read_text() == '{"mine": true}'
    assert (target / "03_rules.ipynb").read_bytes() == packaged_notebooks()["03_rules.ipynb"]


def test_the_notebooks_command_refuses_a_file_and_bad_arguments(tmp_path: Path, capsys):
    afile = tmp_path / "a.txt"
    afile.write_text("x")
    assert main(["notebooks", str(afile)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    with pytest.raises(TypeError):
        copy_notebooks(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        copy_notebooks("  ")


def test_one_version_read_from_the_metadata_and_shown_by_the_command_line() -> None:
    import re

    import awithlaknannai

    written = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert written is not None and awithlaknannai.__version__ == written.group(1)
    shown = subprocess.run(
        [sys.executable, "-m", "awithlaknannai", "--version"], capture_output=True, text=True, check=True
    )
    assert shown.stdout.strip() == f"awithlaknannai {written.group(1)}"


def test_the_class_links_name_a_release_tag_only_when_the_repository_has_it() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("links", ROOT / ".ci" / "links.py")
    assert spec is not None and spec.loader is not None
    links = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(links)
    version = links.project()[2]
    assert f"/v{version}?" in links.block(True) and f"/v{version}?" not in links.block(False)
    assert "no release tag yet" in links.block(False)
