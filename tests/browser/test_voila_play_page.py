"""The Voila play page in a real browser: notebooks/play.ipynb served by Voila, one move clicked.

Voila runs the notebook and shows only its outputs, so this is the page a
class gets from the Binder link ``urlpath=voila/render/notebooks/play.ipynb``.
Debian's Chromium is driven by Playwright through ``executable_path`` (never a
downloaded browser); without it the test fails under CI and is skipped
elsewhere.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PLAY_PAGE = ROOT / "notebooks" / "play.ipynb"
ARTIFACTS = ROOT / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture()
def voila_url(tmp_path: Path, chromium_path: Path, serve: Callable[..., object]) -> str:
    """Serve the play page with Voila on a free local port, in private Jupyter directories."""
    try:
        import voila  # noqa: F401
    except ImportError:
        message = "voila is missing (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_PLATFORM_DIRS="1",
               IPYTHONDIR=str(tmp_path / "ipython"))
    url = f"http://127.0.0.1:{port}/"
    serve([sys.executable, "-m", "voila", PLAY_PAGE.name, "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"],
          url, cwd=PLAY_PAGE.parent, env=env, log=tmp_path / "voila.log", name="voila")
    return url


def test_play_page_shows_the_board_and_plays_a_clicked_move(voila_url: str, browser: Any) -> None:
    from awithlaknannai.widgets import GameWidget

    # The page's board has the widget's default geometry; the browser may scale the canvas.
    geometry = GameWidget("mosona", animate=False).board.geometry
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        page.goto(voila_url, timeout=120_000)
        page.wait_for_selector("canvas", timeout=120_000)
        page.wait_for_function("document.body.innerText.includes('White to move')", timeout=60_000)
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
        page.screenshot(path=str(ARTIFACTS / "voila-play.png"), full_page=True)
        status = page.inner_text("body")
        assert "Black to move" in status, status[:500]
    finally:
        page.close()
