"""The Spanish notebook 00 in a real JupyterLab and Chromium (issue 29).

A class that chose Spanish opens ``notebooks/es/00_start_here.ipynb`` and
runs it: its first cell sets the language, the first challenge ("Al centro")
says its task in Spanish, its buttons are named in Spanish ("Intentar de nuevo"), is played by mouse to the end, and the board's
status line gives the Spanish feedback; axe-core finds no WCAG 2.1 A/AA
violation in the outputs (the page's language is English, the notebook's
text Spanish: axe checks what a page declares, not the words).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PANEL, describe_violations, open_notebook, run_all_cells, run_axe
from test_challenges_in_browser import board_selector, click_move, geometry_for
from test_play_in_browser import status_text, wait_for_status

pytestmark = pytest.mark.browser

SPANISH_START = Path(__file__).resolve().parents[2] / "notebooks" / "es" / "00_start_here.ipynb"


def test_the_first_challenge_of_the_spanish_start_is_played_and_answered_in_spanish(
    lab_server: Any, page: Any, axe_source: str, artifacts: Path
) -> None:
    from awithlaknannai import Position
    from awithlaknannai.i18n import use_language
    from awithlaknannai.tutorial.challenges import first_moves

    with use_language("es"):
        first = first_moves()[0]
    assert first.title == "Al centro"
    name = lab_server.add_notebook(SPANISH_START, "inicio_es.ipynb")
    open_notebook(page, lab_server.url, name)
    run_all_cells(page)

    board = board_selector(page, first.title)
    row = page.locator(board).locator("xpath=ancestor::*[contains(@class,'awithlaknannai-challenge')][1]")
    row.get_by_text("Juegan las Blancas: lleva una pieza a M4.").first.wait_for(state="visible")
    for button in ("Pista", "Intentar de nuevo", "Siguiente reto"):  # the buttons' names are Spanish too
        assert row.get_by_role("button", name=button, exact=True).count() == 1, button
    click_move(page, board, geometry_for(Position.start("mosona").text()), ["B3", "M4"])
    wait_for_status(page, board, "¡Resuelto!")
    status = status_text(page, board)
    assert "¡Resuelto! Todos los puntos menos el centro están llenos" in status, status
    page.locator(board).screenshot(path=str(artifacts / "challenge-00-es.png"))
    violations = run_axe(page, axe_source, include=[f"{PANEL} .jp-OutputArea"])
    assert not violations, describe_violations(violations)
