"""Handing a player in and collecting it (issue 24), in a real JupyterLab and Chromium.

A student's ``save_player`` shows a download link: pressed with the
keyboard, it downloads exactly the file saved. The teacher's
``collect_players`` box takes that download through its upload button and
puts it in the players' folder; a second upload of a different file with
the same name waits for the teacher's choice instead of replacing it. axe-core
finds no WCAG A/AA violation in either output, and the link and the status
line reach 4.5:1 contrast in the light and the dark theme. In the same
notebook, notebook 08's slip (a missing ``:``) gives one friendly line. On
a Voila page the link works the same.
"""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    PANEL,
    THEMES,
    assert_no_axe_violations,
    assert_outputs_accessible,
    open_and_run_all,
    set_theme,
    wait_for_kernel_idle,
    write_notebook,
)
from test_play_in_browser import run_code_in_new_cell

pytestmark = pytest.mark.browser

PLAYER = '''import random


def choose_move(position):
    """Any legal move."""
    return random.choice(position.legal_moves())


from awithlaknannai.league import save_player

save_player(choose_move, "Ada L.py")'''

COLLECT = 'from awithlaknannai.widgets import collect_players\n\ncollect_players("players")'
BETTER = b"def choose_move(position):\n    return position.legal_moves()[0]\n"


def kernel_ids(url: str) -> set[str]:
    with urllib.request.urlopen(f"{url}/api/kernels", timeout=10) as response:
        return {kernel["id"] for kernel in json.load(response)}


def shut_down_kernels(url: str, ids: set[str]) -> None:
    for kernel in ids:
        request = urllib.request.Request(f"{url}/api/kernels/{kernel}", method="DELETE")
        with contextlib.suppress(urllib.error.HTTPError):  # already gone (Voila ends its kernel on unload)
            urllib.request.urlopen(request, timeout=30).close()


def shut_down_kernel(url: str, notebook: str) -> None:
    """Shut down the notebook's kernel (two cores are shared: no kernel is left running)."""
    with urllib.request.urlopen(f"{url}/api/sessions", timeout=10) as response:
        sessions = json.load(response)
    for session in sessions:
        if session.get("path", "").endswith(notebook):
            request = urllib.request.Request(f"{url}/api/kernels/{session['kernel']['id']}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()


def wait_for_status(page: Any, pattern: str) -> str:
    status = page.locator(f"{PANEL} .awithlaknannai-collect [role=status]")
    page.wait_for_function(
        "([s, p]) => new RegExp(p).test(s.textContent)",
        arg=[status.element_handle(), pattern],
        timeout=30_000,
    )
    return status.text_content()


def upload(page: Any, name: str, data: bytes, *, keyboard: bool = False) -> None:
    """Choose a file in the upload button's file chooser, as a teacher does (by mouse, or Enter on the button)."""
    button = page.get_by_role("button", name=re.compile(r"Choose the players' files \(\.py or \.zip\)"))
    with page.expect_file_chooser() as chooser:
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
    assert chooser.value.is_multiple()
    chooser.value.set_files([{"name": name, "mimeType": "text/x-python", "buffer": data}])


def test_a_player_is_downloaded_by_keyboard_and_collected_without_overwriting(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path
) -> None:
    name = write_notebook(lab_server, "hand_in.ipynb", [PLAYER, COLLECT])
    try:
        open_and_run_all(page, lab_server.url, name)
        saved = (lab_server.root / "Ada L.py").read_bytes()
        assert b"def choose_move(position):" in saved

        # The student's download: a link with an accessible name, in the tab order, pressed with Enter.
        link = page.get_by_role("link", name="Download Ada L.py")
        link.wait_for(state="visible")
        assert link.get_attribute("download") == "Ada L.py" and link.evaluate("e => e.tabIndex") == 0
        text = page.locator(f"{PANEL} .awithlaknannai-saved-player").inner_text()
        assert "Binder deletes it when the session ends or times out" in text
        assert str(lab_server.root.resolve()) in text
        link.focus()
        ring = link.evaluate(
            "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }"
        )
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        assert download.value.suggested_filename == "Ada L.py"
        downloaded = Path(download.value.path()).read_bytes()
        assert downloaded == saved
        assert ring[0] != "none" and float(ring[1].rstrip("px")) >= 2, ring

        # The teacher collects it: it lands in players/.
        upload(page, "Ada L.py", downloaded)
        assert wait_for_status(page, r"^Last upload: 1 saved\.").endswith(
            "The folder players holds 1 player."
        )
        assert (lab_server.root / "players" / "Ada L.py").read_bytes() == saved
        wait_for_kernel_idle(page)

        # A different file with the same name: nothing replaced; the teacher is asked.
        upload(page, "Ada L.py", BETTER, keyboard=True)
        wait_for_status(page, "1 waiting for your choice")
        assert (lab_server.root / "players" / "Ada L.py").read_bytes() == saved
        box = page.locator(f"{PANEL} .awithlaknannai-collect")
        assert "Ada L.py: a different Ada L.py is already there: replace it, or keep both" in box.inner_text()
        replace = box.get_by_role("button", name="Replace Ada L.py")
        keep = box.get_by_role("button", name="Keep both: the new one as Ada L (2).py")
        replace.wait_for(state="visible")
        page.screenshot(path=str(artifacts / "hand-in-choice.png"), full_page=True)
        for theme in THEMES[::-1]:  # dark, then back to light
            set_theme(page, theme)
            assert_outputs_accessible(
                page, axe_source, theme, (".awithlaknannai-download", ".awithlaknannai-collect [role=status]")
            )

        keep.focus()  # the choice by keyboard too
        page.keyboard.press("Enter")
        wait_for_status(page, r"^Ada L\.py: saved as Ada L \(2\)\.py")
        assert (lab_server.root / "players" / "Ada L (2).py").read_bytes() == BETTER
        assert (lab_server.root / "players" / "Ada L.py").read_bytes() == saved
        assert box.get_by_role("button", name="Replace Ada L.py").count() == 0

        # 08's slip: a player cell with a missing ':' gives one line naming the line, not a traceback.
        shown = run_code_in_new_cell(page, "def choose_move(position)\n    return position.legal_moves()[0]")
        assert "Line 1 (def choose_move(position)): a : is missing at the end of the line" in shown, shown
        assert "SyntaxError" not in shown and len(shown.strip().splitlines()) == 1
    finally:
        set_theme(page, THEMES[0])
        shut_down_kernel(lab_server.url, name)


def test_the_download_link_works_on_a_voila_page(lab_server: Any, browser: Any, axe_source: str) -> None:
    """Voila (the play page's server) shows the same link: a page of its own, no notebook around it."""
    name = write_notebook(lab_server, "hand_in_voila.ipynb", [PLAYER.replace("Ada L.py", "Bo B.py")])
    before = kernel_ids(lab_server.url)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{lab_server.url}/voila/render/{name}", timeout=120_000)
        link = page.get_by_role("link", name="Download Bo B.py")
        link.wait_for(state="visible", timeout=120_000)
        with page.expect_download() as download:
            link.click()
        assert Path(download.value.path()).read_bytes() == (lab_server.root / "Bo B.py").read_bytes()
        assert "Binder deletes it" in page.locator(".awithlaknannai-saved-player").inner_text()
        assert_no_axe_violations(page, axe_source, [".awithlaknannai-saved-player"])
        page.close(run_before_unload=True)
    finally:
        context.close()
        shut_down_kernels(lab_server.url, kernel_ids(lab_server.url) - before)
