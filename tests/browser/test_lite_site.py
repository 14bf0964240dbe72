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
machine. It prints how long the site took to become playable. A class that
chose Spanish or French starts at the site's start page, and notebook 00 in
its language answers in that language (its first cell sets it in the
browser's Python).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PANEL, ROOT, missing, run_all_cells, start_run_all, wait_for_kernel_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOCAL = "127.0.0.1"
# No DNS for any host but this machine: a request the route missed still cannot leave.
OFFLINE_ARGS = [
    f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {LOCAL}",
    "--proxy-server=http://0.0.0.0:1",
    f"--proxy-bypass-list={LOCAL}",
]


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module from this checkout."""
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        missing(
            "jupyterlite-core and jupyterlite-pyodide-kernel are missing: pip install -e '.[test]' "
            "(the lite extra)"
        )
    from awithlaknannai.lite import PYODIDE_VERSION, LiteBuildError, build_site, find_pyodide

    try:
        pyodide = find_pyodide(fetch=False)
    except LiteBuildError:
        missing(
            f"{ROOT / 'node_modules' / 'pyodide'} is missing: run `npm install --no-save "
            f"pyodide@{PYODIDE_VERSION}` at the repository root"
        )
    folder = tmp_path_factory.mktemp("lite") / "site"
    started = time.perf_counter()
    site = build_site(folder, pyodide=pyodide)
    print(
        f"\nlite site: built in {time.perf_counter() - started:.1f} s, {site.size_bytes / 2**20:.1f} MB",
        file=sys.stderr,
    )
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
            chromium = playwright.chromium.launch(
                executable_path=str(chromium_path), args=[*CHROMIUM_ARGS, *OFFLINE_ARGS], headless=True
            )
            try:
                yield chromium
            finally:
                chromium.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOCAL, 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def site_url(lite_site: Path, serve: Any, tmp_path: Path) -> str:
    """The site served by Python's http.server on 127.0.0.1 for one test."""
    port = _free_port()
    base = f"http://{LOCAL}:{port}"
    work = tmp_path
    serve(
        [sys.executable, "-m", "http.server", "--bind", LOCAL, "--directory", str(lite_site), str(port)],
        f"{base}/jupyter-lite.json",
        cwd=work,
        env=dict(os.environ),
        log=work / "http.log",
        name="http.server",
    )
    return base


class OfflinePage:
    """A page of the offline browser: every request seen, every one to another host aborted and kept."""

    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
        self.requests: list[str] = []
        self.left: list[str] = []
        self.context.route("**/*", self._only_this_machine)
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(120_000)
        self.messages: list[str] = []
        self.page.on("console", lambda message: self.messages.append(f"{message.type}: {message.text}"))

    def _only_this_machine(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((f"{self.base}/", "data:", "blob:")):
            route.continue_()
        else:
            self.left.append(url)
            route.abort()

    def check_nothing_left(self) -> None:
        """Not one request left the machine, and there were requests (the site's own)."""
        assert self.left == [], f"requests to other hosts: {self.left[:10]}"
        assert self.requests and all(
            url.startswith((f"{self.base}/", "data:", "blob:")) for url in self.requests
        ), [url for url in self.requests if not url.startswith(self.base)][:10]


@contextlib.contextmanager
def offline_page(browser: Any, base: str, artifacts: Path, label: str) -> Iterator[OfflinePage]:
    """An :class:`OfflinePage` for a ``with`` block: on a failure its screenshot and console are kept as
    ``failed-{label}``; closed afterwards, and then not one request may have left the machine."""
    offline = OfflinePage(browser, base)
    try:
        yield offline
    except Exception:
        offline.page.screenshot(path=str(artifacts / f"failed-{label}.png"), full_page=True)
        (artifacts / f"failed-{label}.log").write_text("\n".join(offline.messages), encoding="utf-8")
        raise
    finally:
        offline.context.close()
    offline.check_nothing_left()


def test_the_lite_site_plays_offline(site_url: str, offline_browser: Any, artifacts: Path) -> None:
    from awithlaknannai.widgets import BoardWidget

    base = site_url
    with offline_page(offline_browser, base, artifacts, "lite-site") as offline:
        page = offline.page
        started = time.perf_counter()
        page.goto(f"{base}/lab/index.html?path=00_start_here.ipynb")
        page.wait_for_selector(f"{PANEL} .jp-Cell", state="visible")
        shown = time.perf_counter() - started
        wait_for_kernel_idle(page)
        ready = time.perf_counter() - started
        # The notebook's toolbar has its buttons, but not Voila's "Render with Voila": Voila needs a server.
        toolbar = page.locator(f"{PANEL} .jp-NotebookPanel-toolbar")
        assert toolbar.locator("[data-command='notebook:run-cell-and-select-next']").count() == 1
        assert toolbar.locator("[title*='Voil'], .voilaRender").count() == 0
        run_all_cells(page)
        board = f"{PANEL} .awithlaknannai-board"
        canvas = page.locator(f"{board} canvas").first
        canvas.wait_for(state="visible")
        playable = time.perf_counter() - started
        print(
            f"\nlite site in chromium: notebook shown {shown:.1f} s, kernel ready {ready:.1f} s, 00_start_here "
            f"run and its board playable {playable:.1f} s after the page was opened",
            file=sys.stderr,
        )

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
            page.mouse.click(
                box["x"] + x * box["width"] / geometry.width, box["y"] + y * box["height"] / geometry.height
            )

        click("B3")
        page.wait_for_function("(s) => /B3 selected/.test(s.innerText)", arg=status.element_handle())
        click("M4")
        page.wait_for_function("(s) => /Solved/.test(s.innerText)", arg=status.element_handle())
        page.screenshot(path=str(artifacts / "lite-first-move.png"))

        # The keyboard plays there too: the arrows move the cursor, the status line names its point.
        page.locator(f"{PANEL} .awithlaknannai-board canvas").last.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.awithlaknannai-status')].some(s => /Cursor on/.test(s.innerText))"
        )
    # The runtime and the wheels came from the site's own folder.
    assert any(url.endswith("/static/pyodide/pyodide.asm.wasm") for url in offline.requests)
    assert any("/static/pyodide/awithlaknannai-" in url for url in offline.requests)


# A whole notebook (08) took up to about 2 minutes in the site on a busy 2-core machine: generous, but bounded.
NOTEBOOK_SECONDS = 15 * 60
# What a cell that stopped shows: a traceback, or the one friendly line of an error (its "Not yet." box).
STOPPED = ("Traceback", "Error:", "ModuleNotFoundError", "Not yet.", "That did not work")
# The kernel is idle with nothing queued, or some cell stopped (then the rest may never run: no need to wait).
_DONE_OR_STOPPED = f"""() => {{
    const indicator = document.querySelector('{PANEL} .jp-Notebook-ExecutionIndicator');
    if (indicator !== null && indicator.dataset.status === 'idle') return true;
    const outputs = [...document.querySelectorAll('{PANEL} .jp-OutputArea-output')];
    return outputs.some(o => o.dataset.mimeType === 'application/vnd.jupyter.error'
                             || {' || '.join(f'o.textContent.includes({word!r})' for word in STOPPED)});
}}"""


def _run_to_the_end(offline: OfflinePage, name: str, *, opened: bool = False) -> str:
    """Open the notebook ``name`` in the site (unless the page shows it already: ``opened``), Run All, and
    return the text of its outputs once every cell has run; fails at the first cell that stopped (a
    traceback or a friendly error's box)."""
    page, site_url = offline.page, offline.base
    started = time.perf_counter()
    if not opened:
        page.goto(f"{site_url}/lab/index.html?path={name}")
    page.wait_for_selector(f"{PANEL} .jp-Cell", state="visible")
    wait_for_kernel_idle(page)
    start_run_all(page)
    page.wait_for_function(_DONE_OR_STOPPED, timeout=NOTEBOOK_SECONDS * 1000)
    print(
        f"\nlite site in chromium: {name} run to its end (or stopped) {time.perf_counter() - started:.0f} s "
        "after the page was opened",
        file=sys.stderr,
    )
    outputs = page.locator(f"{PANEL} .jp-OutputArea-output")
    text = "\n".join(outputs.all_inner_texts())
    errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert errors.count() == 0, errors.all_inner_texts()[:3]
    stopped = [word for word in STOPPED if word in text]
    assert stopped == [], f"{stopped} in the outputs:\n{text[-3000:]}"
    # Every code cell has run: no prompt is empty or still waiting.
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputArea-prompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.textContent))",
        timeout=30_000,
    )
    return "\n".join(outputs.all_inner_texts())


@contextlib.contextmanager
def offline_run(browser: Any, site_url: str, artifacts: Path, name: str) -> Iterator[tuple[Any, str]]:
    """Notebook ``name`` run to the end in an :func:`offline_page` (see :func:`_run_to_the_end`): the
    ``with`` block gets the page and the text of its outputs."""
    with offline_page(browser, site_url, artifacts, f"lite-{name[:2]}") as offline:
        yield offline.page, _run_to_the_end(offline, name)


def test_notebook_08_runs_top_to_bottom_in_the_lite_site(
    site_url: str, offline_browser: Any, artifacts: Path
) -> None:
    """Write a player, in the browser: Run All goes to the end, the league plays in the page's Python."""
    with offline_run(offline_browser, site_url, artifacts, "08_write_a_player.ipynb") as (page, text):
        # The league: the one line saying where the players run, its standings, its sheet.
        assert "players run in the page's own Python" in text, text[-3000:]
        standings = page.locator(f"{PANEL} table.awithlaknannai-standings")
        assert standings.count() == 1
        assert "My first league" in standings.locator("caption").inner_text()
        assert {row.split("\t")[1].strip() for row in standings.locator("tbody tr").all_inner_texts()} == {
            "you",
            "beginner",
            "casual",
            "club",
        }
        sheet = page.locator(
            f"{PANEL} .jp-OutputArea-output img[alt*='My first league'], "
            f"{PANEL} .jp-OutputArea-output svg[aria-label*='My first league']"
        )
        assert sheet.count() >= 1, "no results sheet"
        # save_player's download link: the file itself, in a data: address.
        link = page.locator(f"{PANEL} a.awithlaknannai-download")
        assert link.count() == 1
        assert link.inner_text().strip() == "Download my player.py"
        assert (link.get_attribute("href") or "").startswith("data:text/x-python")
        page.screenshot(path=str(artifacts / "lite-08-end.png"))


def test_notebook_07_shows_its_self_play_as_tables_in_the_lite_site(
    site_url: str, offline_browser: Any, artifacts: Path
) -> None:
    """The family album without matplotlib: section 5's results are tables (no chart that needs it)."""
    with offline_run(offline_browser, site_url, artifacts, "07_family_album.ipynb") as (page, text):
        tables = page.locator(f"{PANEL} table.awithlaknannai-selfplay")
        assert tables.count() == 2, text[-3000:]
        assert "needs matplotlib" not in text
        # text_content, not inner_text: a cell scrolled out of the page's view has no rendered text.
        nine = tables.nth(0).locator("tbody tr")
        assert nine.count() == 9 and nine.nth(0).locator("td").first.text_content() == "mosona"
        heads = tables.nth(0).locator("thead th").all_text_contents()
        first_row = nine.nth(0).locator("td").all_text_contents()
        shares = [first_row[heads.index(head)] for head in ("first wins", "second wins", "draws")]
        assert all(cell.endswith("%") for cell in shares), (heads, first_row)
        # What every row shares is said once, above the table, not in a column.
        assert "players" not in heads and "rules" not in heads
        said = page.locator(f"{PANEL} .jp-OutputArea-output p", has_text="The same in every row")
        assert said.count() == 1
        assert (
            said.text_content()
            == "The same in every row: rules standard, players random (1) vs random (2), games 100."
        )
        hopi = tables.nth(1).locator("thead th").all_text_contents()
        assert hopi == ["variant", "tukvnanawopi", "tukvnanawopi-shrinking", "tuknanavuhpi"]
        tables.nth(0).scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "lite-07-tables.png"))


#: The title of notebook 00's first challenge in each translation, shown above its board.
FIRST_CHALLENGE = {"es": "Al centro", "fr": "Au centre"}


@pytest.mark.parametrize("language", sorted(FIRST_CHALLENGE))
def test_the_start_page_opens_notebook_00_in_its_language(
    language: str, site_url: str, offline_browser: Any, artifacts: Path
) -> None:
    """A class that chose a language clicks it on the start page; notebook 00 runs in that language."""
    from awithlaknannai.i18n import LANGUAGES, use_language
    from awithlaknannai.tutorial.challenges import first_moves

    with use_language(language):
        first = first_moves()[0]
    english = first_moves()[0]
    assert first.title == FIRST_CHALLENGE[language]
    name = f"{language}/00_start_here.ipynb"
    with offline_page(offline_browser, site_url, artifacts, f"lite-start-{language}") as offline:
        page = offline.page
        page.goto(f"{site_url}/start.html")
        link = page.locator(f"li[lang='{language}'] a")
        assert link.inner_text().startswith(LANGUAGES[language])
        link.click()
        page.wait_for_url(f"**/lab/index.html?path={name}")
        text = _run_to_the_end(offline, name, opened=True)
        # The first challenge in the language (the kernel in the browser speaks it), not in English.
        assert first.title in text, text[-2000:]
        assert english.title not in text and english.task not in text, text[-2000:]
        page.screenshot(path=str(artifacts / f"lite-start-{language}.png"))
