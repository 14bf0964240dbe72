"""The Binder files agree with the package's metadata and do what Binder needs.

A class opening the project on Binder gets exactly binder/requirements.txt, so
every dependency the notebooks need must be pinned there, at a version the
package accepts; postBuild installs the project and quiets JupyterLab.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

tomllib = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def _project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["project"]


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for raw in (BINDER / "requirements.txt").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", line)
        assert match, f"binder/requirements.txt: {raw!r} is not pinned as name==version"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"binder/requirements.txt pins {name} twice"
        pins[name] = Version(match.group(2))
    return pins


def _needed_requirements() -> list[Requirement]:
    """The runtime dependencies plus the "plots" and "tutorial" extras, without self-references."""
    project = _project()
    extras = project["optional-dependencies"]
    texts = project["dependencies"] + extras["plots"] + extras["tutorial"]
    own = canonicalize_name(project["name"])
    return [req for req in map(Requirement, texts) if canonicalize_name(req.name) != own]


def test_every_needed_package_is_pinned_at_an_accepted_version():
    pins = _pins()
    needed = _needed_requirements()
    assert len(needed) >= 7  # networkx, ipywidgets, ipycanvas, the plots extra, jupyterlab
    for req in needed:
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is a dependency but not pinned in binder/requirements.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder pins {name}=={pins[name]}, which pyproject's {req} does not accept"
        )


def test_the_pin_parser_rejects_a_loose_requirement(tmp_path, monkeypatch):
    (tmp_path / "requirements.txt").write_text("networkx>=3\n")
    monkeypatch.setattr(sys.modules[__name__], "BINDER", tmp_path)
    with pytest.raises(AssertionError, match="not pinned"):
        _pins()


OVERRIDES = (
    ROOT / "jupyter-config" / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "awithlaknannai.json"
)


def test_overrides_turn_off_news_and_update_checks():
    settings = json.loads(OVERRIDES.read_text())
    notification = settings["@jupyterlab/apputils-extension:notification"]
    assert notification["fetchNews"] == "false"
    assert notification["checkForUpdates"] is False


def test_overrides_use_only_settings_that_jupyterlab_knows():
    schemas = Path(sys.prefix, "share", "jupyter", "lab", "schemas")
    if not schemas.is_dir():
        pytest.skip("JupyterLab's settings schemas are not installed here")
    settings = json.loads(OVERRIDES.read_text())
    for plugin, values in settings.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text())
        for key, value in values.items():
            assert key in schema["properties"], f"{plugin} has no setting {key!r}"
            prop = schema["properties"][key]
            allowed = [choice["const"] for choice in prop.get("oneOf", [])]
            assert not allowed or value in allowed, f"{plugin}.{key} = {value!r}; allowed: {allowed}"


def test_post_build_is_an_executable_script_that_installs_the_package():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK), "binder/postBuild must be executable (chmod +x)"
    text = script.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    # Not editable: only a real install puts jupyter-config/'s files into the environment.
    assert re.search(r"pip install [^\n]*--no-deps[^\n]* \.$", text, re.MULTILINE), (
        "postBuild must install the project"
    )
    assert " -e " not in text
    subprocess.run(["bash", "-n", str(script)], check=True)  # parses without running


def test_runtime_is_a_python_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", runtime)
    assert match, f"runtime.txt should read like python-3.11, not {runtime!r}"
    supported = Requirement(f"python{_project()['requires-python']}").specifier
    assert supported.contains(match.group(1) + ".0")


def test_apt_packages_cover_cairosvg():
    packages = {line.split("#", 1)[0].strip() for line in (BINDER / "apt.txt").read_text().splitlines()}
    assert "cairosvg" in _pins()
    assert "libcairo2" in packages


def test_post_build_leaves_students_a_tree_without_teacher_material(tmp_path):
    """Run postBuild in a copy of the project's layout, with a stand-in pip: teacher/ is gone, notebooks/ stays."""
    project = tmp_path / "project"
    (project / "binder").mkdir(parents=True)
    (project / "binder" / "postBuild").write_bytes((BINDER / "postBuild").read_bytes())
    (project / "teacher").mkdir()
    (project / "teacher" / "teacher_guide.ipynb").write_text("{}")
    (project / "notebooks").mkdir()
    (project / "notebooks" / "00_start_here.ipynb").write_text("{}")
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    calls = tmp_path / "calls.txt"
    (stand_ins / "python").write_text(f'#!/bin/sh\necho "$@" >> {calls}\n')
    (stand_ins / "python").chmod(0o755)
    env = {**os.environ, "PATH": f"{stand_ins}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", str(project / "binder" / "postBuild")], check=True, env=env, cwd=tmp_path)
    assert not (project / "teacher").exists(), (
        "postBuild must remove the teacher copies from the students' tree"
    )
    assert (project / "notebooks" / "00_start_here.ipynb").exists()
    assert "pip install" in calls.read_text()


def test_the_lock_is_complete_where_it_is_installed():
    """Every dependency of every locked package is locked too (checked in an environment made from the lock)."""
    from importlib import metadata

    from packaging.markers import default_environment

    pins = _pins()
    installed = {}
    for name in pins:
        try:
            installed[name] = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            pass
    if any(installed.get(name) != version for name, version in pins.items()):
        pytest.skip("this environment was not made from binder/requirements.txt (CI's is)")
    environment = default_environment()
    for name in pins:
        for text in metadata.distribution(name).requires or []:
            requirement = Requirement(text)
            if requirement.marker is not None and not requirement.marker.evaluate(
                {**environment, "extra": ""}
            ):
                continue
            assert canonicalize_name(requirement.name) in pins, (
                f"{name} needs {requirement.name}, not in the lock"
            )
