"""The picture of what is known about Mosona: its figures are what the solver finds, and it is readable."""

from __future__ import annotations

import re

import pytest

from test_widgets import contrast  # tests/: WCAG 2.1's contrast ratio

from pathlib import Path

from awithlaknannai.analysis.frontier import (
    EVEN_ENDGAMES,
    SEARCH_FROM_START,
    SOLVED_GAMES,
    SOLVED_POSITIONS,
    SOLVED_UP_TO,
)
from awithlaknannai.render.drawings import FIGURE_BACKGROUND
from awithlaknannai.render.known import (
    DRAWN,
    INK,
    LOST,
    UNKNOWN,
    WON,
    known_about_mosona,
    known_about_mosona_svg,
    known_about_mosona_text,
)
from awithlaknannai.tables.solver import solve_endgames


def test_the_small_endgames_are_what_a_fresh_solve_finds() -> None:
    tables = solve_endgames("mosona", 3, cache_dir=False)
    reports = {report.name.strip(): report for report in tables.reports}
    for k in (1, 2, 3):
        fresh = reports[f"{k}v{k}"]
        saved = EVEN_ENDGAMES[k]
        assert (fresh.positions, fresh.won, fresh.lost, fresh.drawn) == (
            saved.positions,
            saved.won,
            saved.lost,
            saved.drawn,
        ), k


def test_the_figures_hold_together() -> None:
    assert sorted(EVEN_ENDGAMES) == list(range(1, SOLVED_UP_TO + 1))
    for shares in EVEN_ENDGAMES.values():
        assert shares.won + shares.lost + shares.drawn == shares.positions
        assert sum(shares.shares()) == pytest.approx(1)
    # Every balanced class is part of what is solved.
    assert sum(s.positions for s in EVEN_ENDGAMES.values()) < SOLVED_POSITIONS
    assert all(game.source and game.year > 1900 for game in SOLVED_GAMES)


@pytest.mark.parametrize(
    ("colour", "needed"), [(INK, 4.5), (WON, 3.0), (DRAWN, 3.0), (LOST, 3.0), (UNKNOWN, 3.0)]
)
def test_every_mark_is_readable_on_the_stone_page(colour: str, needed: float) -> None:
    assert contrast(colour, FIGURE_BACKGROUND) >= needed


def test_the_text_alternative_gives_every_number() -> None:
    text = known_about_mosona_text()
    for k, shares in EVEN_ENDGAMES.items():
        won, drawn, lost = (f"{100 * share:.1f} %" for share in shares.shares())
        assert f"{k} against {k}: wins {won}, draws {drawn}, loses {lost}" in text
    for game in SOLVED_GAMES:
        assert game.name in text and str(game.year) in text
    assert known_about_mosona().alt.startswith("What is known about who wins Awithlaknannai Mosona")
    svg = known_about_mosona_svg()
    assert len(re.findall("<rect", svg)) == 1 + 3 * len(EVEN_ENDGAMES) + 3 + 5


def test_the_search_panel_says_how_far_the_search_got_as_the_benchmark_recorded_it() -> None:
    search = SEARCH_FROM_START
    recorded = (Path(__file__).parent.parent / "benchmarks" / "proof-results.txt").read_text()
    run = re.search(rf"nodes {search.positions:,} in (\d+) s", recorded)
    assert run, search.positions
    assert round(int(run.group(1)) / 60) == search.minutes
    # The run's own line of open positions: the fewest pieces among them is the picture's figure.
    block = recorded[run.start() : recorded.index("Reading run", run.start())]
    fewest = min(int(n) for n in re.findall(r"unresolved .*?, pieces (\d+),", block))
    assert fewest == search.fewest_open_pieces
    text = known_about_mosona_text()
    assert (
        f"{search.positions / 1e6:.1f} million positions in {search.minutes} minutes: no answer yet" in text
    )
    assert f"still have {search.fewest_open_pieces} pieces on the board" in text
    assert "Searching forward from the start" in known_about_mosona_svg()
