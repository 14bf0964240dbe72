"""The Voila play page in a real browser: notebooks/play.ipynb served by Voila.

Voila runs the notebook and shows only its outputs, so this is the page a
class gets from the Binder link ``urlpath=voila/render/notebooks/play.ipynb``.
Each test loads the page afresh (Voila starts a new kernel per page load), so
the tests share one server. Debian's Chromium is driven by Playwright through
``executable_path`` (never a downloaded browser); without it the tests fail
under CI and are skipped elsewhere.

Besides a clicked move: axe-core finds no WCAG 2.1 A/AA violation, the whole
page is reachable by Tab and Shift+Tab (the board lets both through), a full
opening is played by keyboard alone, and the board's accessible name and
description follow the game.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (  # tests/browser/browser_helpers.py
    ROOT,
    assert_no_axe_violations,
    missing,
    stop_server,
)

pytestmark = pytest.mark.browser

PLAY_PAGE = ROOT / "notebooks" / "play.ipynb"
ARTIFACTS = ROOT / "test-artifacts"
STATUS = ".awithlaknannai-status"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory, chromium_path: Path) -> Iterator[str]:
    """Serve the play page with Voila on a free local port, in private Jupyter directories."""
    try:
        import voila  # noqa: F401
    except ImportError:
        missing("voila is missing (pip install -e '.[test]')")
    base = tmp_path_factory.mktemp("voila")
    port = _free_port()
    # The files the package installs into the environment (jupyter-config/ mirrors them; an editable
    # install, as here, gets none): voila.json chooses the project's template, which needs no CDN.
    installed = ROOT / "jupyter-config"
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_DATA_DIR=str(base / "data"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(base / "ipython"),
        JUPYTER_PATH=str(installed / "share" / "jupyter"),
        JUPYTER_CONFIG_PATH=str(installed / "etc" / "jupyter"),
    )
    url = f"http://127.0.0.1:{port}/"
    log = base / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                PLAY_PAGE.name,
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0",
            ],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=PLAY_PAGE.parent,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                pytest.fail(
                    f"voila exited with code {process.returncode}:\n{log.read_text(errors='replace')}"
                )
            try:
                with urllib.request.urlopen(url, timeout=5):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not answer within 120 s:\n{log.read_text(errors='replace')}")
                time.sleep(0.5)
        yield url
    finally:
        stop_server(process)  # SIGTERM: Voila shuts its kernels down


def test_play_page_needs_nothing_but_its_own_server(voila_url: str, browser: Any) -> None:
    """Offline, or where a school blocks CDNs: every request goes to the page's own server, none fails."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    requests: list[str] = []
    failures: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failures.append(f"{r.url}: {r.failure}"))
    page.on("response", lambda r: failures.append(f"{r.url}: {r.status}") if r.status >= 400 else None)
    try:
        page.goto(voila_url, timeout=120_000)
        page.wait_for_selector("canvas[aria-label]", timeout=120_000)
        page.wait_for_timeout(1000)
        outside = [url for url in requests if not url.startswith(("http://127.0.0.1", "data:", "blob:"))]
        assert not outside, f"the page asked other hosts: {outside}"
        assert not failures, failures
        # Voila's own bundle carries Font Awesome: an icon class gets its font without a CDN.
        family = page.evaluate("""() => { const i = document.createElement('i'); i.className = 'fa fa-check';
            document.body.append(i); const f = getComputedStyle(i).fontFamily; i.remove(); return f; }""")
        assert "Font Awesome" in family, family
    finally:
        page.close()


def open_play_page(page: Any, voila_url: str) -> None:
    """Load the play page in ``page`` and wait until it is ready (the board drawn, White to move)."""
    page.goto(voila_url, timeout=120_000)
    page.wait_for_selector("canvas[aria-label]", timeout=120_000)
    page.wait_for_function(
        f"document.querySelector('{STATUS}')?.innerText.includes('White to move')", timeout=60_000
    )


@pytest.fixture
def play_page(voila_url: str, browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The play page, loaded and ready (the board drawn, White to move)."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        open_play_page(page, voila_url)
        yield page
    finally:
        try:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"voila-{request.node.name}.png"), full_page=True)
        finally:
            page.close()


def wait_for_status(page: Any, pattern: str, timeout: float = 30_000) -> str:
    page.wait_for_function(
        "([selector, pattern]) => new RegExp(pattern).test(document.querySelector(selector)?.innerText ?? '')",
        arg=[STATUS, pattern],
        timeout=timeout,
    )
    return page.inner_text(STATUS)


def test_play_page_shows_the_board_and_plays_a_clicked_move(play_page: Any) -> None:
    from awithlaknannai.widgets import GameWidget

    page = play_page
    # The page's board has the widget's default geometry; the browser may scale the canvas.
    geometry = GameWidget("mosona", animate=False).board.geometry
    assert "Awithlaknannai Mosona" in page.inner_text("h1")
    canvas = page.locator("canvas").last
    box = canvas.bounding_box()
    assert box is not None and box["width"] > 100, f"the board's canvas is not visible: {box}"
    scale = box["width"] / geometry.width
    for point in ("B3", "M4"):
        x, y = geometry.xy(point)
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        page.wait_for_timeout(400)
    page.wait_for_function("document.body.innerText.includes('B3-M4')", timeout=30_000)
    assert "Black to move" in page.inner_text(STATUS)


def test_play_page_has_no_wcag_violations_a_title_and_a_heading(play_page: Any, axe_source: str) -> None:
    page = play_page
    assert page.title() == "Play Awithlaknannai Mosona, the Zuni leaping-capture game"
    assert page.locator("h1").count() == 1
    # one main landmark, holding the heading and the board
    assert page.locator('main, [role="main"]').count() == 1
    assert page.locator('[role="main"] h1, main h1').count() == 1
    assert page.locator('[role="main"] .awithlaknannai-board, main .awithlaknannai-board').count() == 1
    assert_no_axe_violations(page, axe_source, heading="axe-core, WCAG 2.1 A/AA, Voila play page")
    # Again with a piece selected, the record open and a refused click's warning on show.
    page.locator("canvas").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # B0 cannot move: a warning
    wait_for_status(page, "B0 cannot move")
    page.get_by_role("button", name=re.compile("Game record")).click()
    page.get_by_role("textbox", name="Game record").wait_for()
    assert_no_axe_violations(page, axe_source, heading="axe-core, play page after a refused move")


# What each tab stop is, for the test's messages and order checks.
_FOCUSED = """() => {
  const e = document.activeElement;
  if (e === null || e === document.body) return 'body';
  if (e.tagName === 'CANVAS') return 'board';
  const label = e.labels && e.labels.length ? e.labels[0].innerText : '';
  return (e.getAttribute('aria-label') || label || e.innerText || e.placeholder || e.tagName).trim();
}"""


def tab_stops(page: Any, key: str, limit: int = 40) -> list[str]:
    """Press ``key`` until the focus leaves the page's content (or comes round again); the stops passed."""
    stops: list[str] = []
    for _ in range(limit):
        page.keyboard.press(key)
        page.wait_for_timeout(60)
        stop = page.evaluate(_FOCUSED)
        if stop == "body" or (stops and stop == stops[0]):
            break
        stops.append(stop)
    return stops


def test_tab_reaches_every_control_in_order_and_back(play_page: Any) -> None:
    page = play_page
    page.locator("h1").click()  # start from the top of the page
    forward = tab_stops(page, "Tab")
    # (Undo, Redo and the history buttons are disabled before the first move; the move list
    # becomes a tab stop once it has moves to scroll.)
    expected = [
        "Board",
        "Rules",
        "Opponent",
        "New game",
        "Flip board",
        "Hint",
        "board",
        "Move number",
        "Move",
        "Play",
        "Game record: show",
    ]
    assert forward == expected, forward
    assert page.evaluate(_FOCUSED) == "body"  # the board did not keep the focus
    backward = tab_stops(page, "Shift+Tab")
    assert backward == list(reversed(expected)), backward
    # Escape first cancels a selection (the focus stays), then leaves the board (forward).
    page.locator("canvas").first.focus()
    for key in (
        "ArrowRight",
        "ArrowRight",
        "ArrowRight",
        "ArrowRight",
        "Enter",
    ):  # the cursor to B3, select it
        page.keyboard.press(key)
    wait_for_status(page, "B3 selected")
    page.keyboard.press("Escape")
    wait_for_status(page, "Selection cleared")
    assert page.evaluate(_FOCUSED) == "board"
    page.wait_for_timeout(300)  # the kernel tells the page that nothing is selected any more
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert page.evaluate(_FOCUSED) == "Move number"


def move_cursor(page: Any, geometry: Any, target: str) -> None:
    """Arrow keys until the status line says the keyboard cursor is on ``target``."""
    current = None
    for _ in range(16):
        if current == target:
            return
        if current is None:
            key = "ArrowRight"
        else:
            (x0, y0), (x1, y1) = geometry.xy(current), geometry.xy(target)
            dx, dy = x1 - x0, y1 - y0
            if abs(dy) >= abs(dx) * 0.5 and abs(dy) > 1:
                key = "ArrowDown" if dy > 0 else "ArrowUp"
            else:
                key = "ArrowRight" if dx > 0 else "ArrowLeft"
        before = page.inner_text(STATUS)
        page.keyboard.press(key)
        page.wait_for_function(
            "([s, before]) => document.querySelector(s).innerText !== before",
            arg=[STATUS, before],
            timeout=10_000,
        )
        found = re.search(r"Cursor on (\w+)", page.inner_text(STATUS))
        assert found, page.inner_text(STATUS)
        current = found.group(1)
    raise AssertionError(f"the cursor did not reach {target} (it is on {current})")


def test_a_full_opening_by_keyboard_alone_and_the_board_text_follows(play_page: Any, artifacts: Path) -> None:
    from playwright.sync_api import expect

    from awithlaknannai.widgets import GameWidget

    geometry = GameWidget("mosona", animate=False).board.geometry
    page = play_page
    page.evaluate(f"() => {{ window.liveRegion = document.querySelector('{STATUS}'); }}")
    board = page.get_by_role("application", name="Awithlaknannai Mosona board")
    expect(board).to_have_accessible_description(re.compile(r"^White to move\. White pieces \(12\): "))
    expect(board).to_have_accessible_description(re.compile(r"Empty: M4\."))
    # Reach the board by keyboard from the menus above it.
    page.get_by_role("button", name="Hint").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(_FOCUSED) == "board"
    page.screenshot(path=str(artifacts / "voila-board-focused.png"))
    # White: B3-M4.
    move_cursor(page, geometry, "B3")
    page.keyboard.press("Enter")
    assert "It can go to M4." in wait_for_status(page, "B3 selected")
    expect(board).to_have_accessible_description(re.compile(r"Selected: the piece on B3; it can go to M4\."))
    move_cursor(page, geometry, "M4")
    page.keyboard.press("Enter")
    wait_for_status(page, "Black to move. Last move: White B3-M4")
    expect(board).to_have_accessible_description(
        re.compile(r"^Black to move\. Last move: White B3-M4\. Black must capture\.")
    )
    expect(board).to_have_accessible_description(re.compile(r"Empty: B3\."))
    # Black's forced capture: T4 leaps over M4 to B3.
    move_cursor(page, geometry, "T4")
    page.keyboard.press("Space")
    assert "It can go to B3." in wait_for_status(page, "T4 selected")
    move_cursor(page, geometry, "B3")
    page.keyboard.press("Enter")
    wait_for_status(page, "White to move. Last move: Black T4xB3")
    expect(board).to_have_accessible_description(re.compile(r"White pieces \(11\)"))
    assert "T4xB3" in page.inner_text(".awithlaknannai-moves")
    # The live region is the same element all along: its text changed, it was not rebuilt.
    assert page.evaluate(f"() => document.querySelector('{STATUS}') === window.liveRegion")
    assert page.locator(f"{STATUS}[role=status][aria-live=polite]").count() == 1
    page.keyboard.press("Tab")
    assert page.evaluate(_FOCUSED) != "board"
