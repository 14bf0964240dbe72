"""Fixtures for the real-browser tests: a private JupyterLab server and Debian's Chromium.

The server runs on 127.0.0.1 with a free port, no token or password, and
config, data, runtime, settings and workspace directories in a temporary
folder, so it neither reads nor changes anything of the user's. News and
update checks are off (the machine may have no internet). Chromium is
driven by Playwright through ``executable_path``: Playwright's own browser
download is never used. ``AWITHLAKNANNAI_CHROMIUM`` names another Chromium.

These tests are never skipped silently: without Chromium, Playwright or
axe-core they fail when ``CI`` is set (``CI=true`` on CI services), and
elsewhere they are skipped with the reason (``pytest -rs`` lists it).
axe-core comes from the npm registry: ``.ci/run`` installs it into
``node_modules/`` at the repository root (``AWITHLAKNANNAI_AXE`` names
another ``axe.min.js``).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_helpers import AXE, ROOT, missing, require_file, stop_server  # tests/browser/browser_helpers.py

# The notebooks here are opened in the browser, not run by nbval.
collect_ignore_glob = ["*.ipynb"]

CHROMIUM = Path(os.environ.get("AWITHLAKNANNAI_CHROMIUM") or "/usr/bin/chromium")
# Without these flags Chromium waits on network services on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
ARTIFACTS = ROOT / "test-artifacts"
SERVER_START_SECONDS = 120


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Debian's Chromium (or ``AWITHLAKNANNAI_CHROMIUM``); its absence fails under CI and skips elsewhere."""
    require_file(
        CHROMIUM,
        "install Debian's chromium package (or set AWITHLAKNANNAI_CHROMIUM to a Chromium) "
        "to run the browser tests",
    )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("the playwright Python package is missing (pip install -e '.[test]')")
    return CHROMIUM


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (``npm install axe-core`` at the repository root, as ``.ci/run`` does)."""
    return require_file(
        AXE,
        "run `npm install --no-save axe-core@4.14.1` at the repository root "
        "(or set AWITHLAKNANNAI_AXE to axe.min.js)",
    ).read_text(encoding="utf-8")


class LabServer:
    """A running JupyterLab: its base URL and the folder it serves."""

    def __init__(self, url: str, root: Path, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url = url
        self.root = root
        self.process = process
        self.log = log

    def add_notebook(self, source: Path, name: str | None = None, *, clear_outputs: bool = False) -> str:
        """Copy a notebook into the served folder (without its outputs if asked); return its path for the URL."""
        target = self.root / (name or source.name)
        if clear_outputs:
            notebook = json.loads(source.read_text(encoding="utf-8"))
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = [], None
            target.write_text(json.dumps(notebook), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
        return target.name

    def log_tail(self, lines: int = 40) -> str:
        return _tail(self.log, lines)


@pytest.fixture(scope="session")
def lab_server(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Start ``jupyter lab`` for the session and shut it down afterwards."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    settings = base / "settings"
    for folder in (root, settings, base / "config", base / "data", base / "runtime", base / "workspaces"):
        folder.mkdir(parents=True, exist_ok=True)
    # Announcements: no news fetching and no update check, so no pop-up covers the page.
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Every cell in the page, not only those scrolled into view: the tests (and axe) see every output.
    # And the notebook's own kernel starts without asking: on a loaded machine JupyterLab's "Select
    # Kernel" dialog came up and stayed open through a dozen presses (accept_kernel_dialog remains
    # the fallback).
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none", "autoStartDefaultKernel": True}))
    # The IPython config file the package installs into {sys.prefix}/etc/ipython (an editable
    # install, as here, gets no data files): the kernels load the friendly-errors extension.
    profile = base / "ipython" / "profile_default"
    profile.mkdir(parents=True)
    shutil.copyfile(
        ROOT / "jupyter-config" / "etc" / "ipython" / "ipython_kernel_config.py",
        profile / "ipython_kernel_config.py",
    )
    port = _free_port()
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_DATA_DIR=str(base / "data"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(base / "ipython"),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    log = base / "server.log"
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.allow_root=True",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.open_browser=False",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root
        )
    server = LabServer(f"http://127.0.0.1:{port}", root, process, log)
    try:
        wait_until_serving(process, f"{server.url}/api/status", log, "jupyter lab")
        yield server
    finally:
        stop_server(process)


def wait_until_serving(
    process: subprocess.Popen[bytes], url: str, log: Path, name: str, seconds: float = SERVER_START_SECONDS
) -> None:
    """Wait until ``url`` answers 200; fail with the log's tail if the server dies or stays silent."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            pytest.fail(f"{name} exited with code {process.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{name} did not answer within {seconds} s:\n{_tail(log)}")
        time.sleep(0.5)


def _tail(log: Path, lines: int = 40) -> str:
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


@pytest.fixture
def serve() -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start a local server process for one test and wait until it answers; stop it afterwards.

    Call as ``serve(command, url, cwd=..., env=..., log=..., name=...)``.
    """
    started: list[subprocess.Popen[bytes]] = []

    def start(
        command: list[str], url: str, *, cwd: Path, env: dict[str, str], log: Path, name: str
    ) -> subprocess.Popen[bytes]:
        with log.open("wb") as out:
            process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd
            )
        started.append(process)
        wait_until_serving(process, url, log, name)
        return process

    yield start
    for process in started:
        stop_server(process)


@pytest.fixture(scope="module")
def browser(chromium_path: Path) -> Iterator[object]:
    """One headless Chromium per test module.

    Playwright's sync API keeps an asyncio loop running while it is open; a
    session-wide browser would leave that loop running under every later test
    (widget tests that use asyncio among them), so it is closed after each module.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(chromium_path), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


_REPORTS = pytest.StashKey[dict]()


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest, lab_server: LabServer) -> Iterator[object]:
    """A fresh page (own context) at a laptop-like size; screenshot and server log kept on failure."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(60_000)
    messages: list[str] = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    try:
        yield page
    finally:
        report = request.node.stash.get(_REPORTS, {}).get("call")
        if report is not None and report.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            stem = ARTIFACTS / f"failed-{request.node.name}"
            try:
                page.screenshot(path=str(stem.with_suffix(".png")), full_page=True)
            except Exception as error:  # noqa: BLE001 - the page may be gone; the log still helps
                messages.append(f"(no screenshot: {error})")
            stem.with_suffix(".log").write_text(
                "\n".join(
                    ["--- browser console ---", *messages, "--- server log ---", lab_server.log_tail(200)]
                ),
                encoding="utf-8",
            )
        context.close()


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
