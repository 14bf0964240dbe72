"""The JupyterLite site offline: built from the project's files, served on 127.0.0.1, nothing else reachable.

The site is built once for the module (``python -m awithlaknannai lite``'s
:func:`~awithlaknannai.lite.build_site`; its downloads are cached, so a
second build is quick), served by Python's ``http.server`` on 127.0.0.1,
and opened in Debian's Chromium with every request to any other host
aborted (a Playwright route on the whole context, which sees the kernel's
web worker and the site's service worker too) and, as a second lock,
Chromium's host resolver finding no other host at all. A student's first
minute is played: open ``00_start_here``, run it, play the first move by
clicking on the board (drawn by the board's own canvas front end: the
site has no ipycanvas), then the test checks that not one request left the
machine. It prints how long the site took to become playable.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PANEL, ROOT, missing, run_all_cells, wait_for_kernel_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOCAL = "127.0.0.1"
# No DNS for any host but this machine: a request the route missed still cannot leave.
OFFLINE_ARGS = [f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {LOCAL}", "--proxy-server=http://0.0.0.0:1",
                f"--proxy-bypass-list={LOCAL}"]


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module from this checkout."""
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        missing("jupyterlite-core and jupyterlite-pyodide-kernel are missing: pip install -e '.[test]' "
                "(the lite extra)")
    from awithlaknannai.lite import PYODIDE_VERSION, LiteBuildError, build_site, find_pyodide

    try:
        pyodide = find_pyodide(fetch=False)
    except LiteBuildError:
        missing(f"{ROOT / 'node_modules' / 'pyodide'} is missing: run `npm install --no-save "
                f"pyodide@{PYODIDE_VERSION}` at the repository root")
    folder = tmp_path_factory.mktemp("lite") / "site"
    started = time.perf_counter()
    site = build_site(folder, pyodide=pyodide)
    print(f"\nlite site: built in {time.perf_counter() - started:.1f} s, {site.size_bytes / 2**20:.1f} MB",
          file=sys.stderr)
    return site.folder


@pytest.fixture(scope="module")
def offline_browser(chromium_path: Path) -> Iterator[Any]:
    """Chromium that can reach 127.0.0.1 only (its own launch: the flags differ from the other tests')."""
    from conftest import CHROMIUM_ARGS  # tests/browser/conftest.py
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch:
        # Playwright's driver, started next, reports (and routes) the service worker's requests too.
        patch.setenv("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(chromium_path),
                                                  args=[*CHROMIUM_ARGS, *OFFLINE_ARGS], headless=True)
            try:
                yield chromium
            finally:
                chromium.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOCAL, 0))
        return int(sock.getsockname()[1])


def test_the_lite_site_plays_offline(lite_site: Path, offline_browser: Any, serve: Any, artifacts: Path,
                                     tmp_path: Path) -> None:
    from awithlaknannai.widgets import BoardWidget

    port = _free_port()
    base = f"http://{LOCAL}:{port}"
    serve([sys.executable, "-m", "http.server", "--bind", LOCAL, "--directory", str(lite_site), str(port)],
          f"{base}/jupyter-lite.json", cwd=tmp_path, env=dict(os.environ), log=tmp_path / "http.log",
          name="http.server")

    context = offline_browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    requests: list[str] = []
    left: list[str] = []

    def only_this_machine(route: Any) -> None:
        url = route.request.url
        if url.startswith((f"{base}/", "data:", "blob:")):
            route.continue_()
        else:
            left.append(url)
            route.abort()

    context.route("**/*", only_this_machine)
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.set_default_timeout(120_000)
    messages: list[str] = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    try:
        started = time.perf_counter()
        page.goto(f"{base}/lab/index.html?path=00_start_here.ipynb")
        page.wait_for_selector(f"{PANEL} .jp-Cell", state="visible")
        shown = time.perf_counter() - started
        wait_for_kernel_idle(page)
        run_all_cells(page)
        board = f"{PANEL} .awithlaknannai-board"
        canvas = page.locator(f"{board} canvas").first
        canvas.wait_for(state="visible")
        playable = time.perf_counter() - started
        print(f"\nlite site in chromium: notebook shown {shown:.1f} s, 00_start_here run and its board playable "
              f"{playable:.1f} s after the page was opened", file=sys.stderr)

        # The board is the project's own canvas front end (no ipycanvas in the site), with its accessible name.
        assert page.locator(f"{board} .awithlaknannai-canvas").count() >= 1
        assert canvas.get_attribute("role") == "application"
        assert "Awithlaknannai Mosona board" in (canvas.get_attribute("aria-label") or "")
        status = page.locator(f"{board} .awithlaknannai-status").first
        assert "M4" in status.inner_text()  # the first challenge: get a piece to M4

        # The first move, by clicking: B3, then M4 (canvas pixels scaled to the canvas's box on the page).
        geometry = BoardWidget("mosona", animate=False).geometry  # the challenge board's default sizes

        def click(point: str) -> None:
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            x, y = geometry.xy(point)
            page.mouse.click(box["x"] + x * box["width"] / geometry.width,
                             box["y"] + y * box["height"] / geometry.height)

        click("B3")
        page.wait_for_function("(s) => /B3 selected/.test(s.innerText)", arg=status.element_handle())
        click("M4")
        page.wait_for_function("(s) => /Solved/.test(s.innerText)", arg=status.element_handle())
        page.screenshot(path=str(artifacts / "lite-first-move.png"))

        # The keyboard plays there too: the arrows move the cursor, the status line names its point.
        page.locator(f"{PANEL} .awithlaknannai-board canvas").last.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.awithlaknannai-status')].some(s => /Cursor on/.test(s.innerText))")
    except Exception:
        page.screenshot(path=str(artifacts / "failed-lite-site.png"), full_page=True)
        (artifacts / "failed-lite-site.log").write_text("\n".join(messages), encoding="utf-8")
        raise
    finally:
        context.close()

    assert left == [], f"requests to other hosts: {left[:10]}"
    assert requests and all(url.startswith((f"{base}/", "data:", "blob:")) for url in requests), \
        [url for url in requests if not url.startswith(base)][:10]
    # The runtime and the wheels came from the site's own folder.
    assert any(url.endswith("/static/pyodide/pyodide.asm.wasm") for url in requests)
    assert any("/static/pyodide/awithlaknannai-" in url for url in requests)

