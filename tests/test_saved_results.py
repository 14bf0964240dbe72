"""The results shipped as package data (awithlaknannai/analysis/saved_results.json) are what a fresh run finds:
whole games solved again, random games played again."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from awithlaknannai import Position
from awithlaknannai.analysis.saved import (
    FILE,
    SELFPLAY_GAMES,
    SELFPLAY_SEED,
    saved_boards,
    saved_first_moves,
    saved_selfplay,
    saved_selfplay_boards,
    saved_value,
)
from awithlaknannai.analysis.selfplay import SelfplayTable, selfplay_statistics
from awithlaknannai.tables.solver import solve_game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import saved_results

BOARDS = ("zuni-3", "zuni-3-murray", "zuni-4", "zuni-4-murray")


def test_the_file_holds_the_twelve_games_notebook_6_shows():
    assert sorted(saved_boards()) == sorted((b, r) for b in BOARDS for r in ("standard", "maximum", "ludii"))
    saved = json.loads((ROOT / "awithlaknannai" / "analysis" / FILE).read_text(encoding="utf-8"))
    assert saved["made_by"] == "benchmarks/saved_results.py"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("board", "rules"), [(b, r) for b in BOARDS for r in ("standard", "maximum", "ludii")]
)
def test_a_saved_whole_game_is_what_a_fresh_solve_finds(board, rules):
    tables = solve_game(board, rules=rules, cache_dir=False)
    start = Position.start(board, rules)
    assert saved_value(board, rules) == tables.value(start)
    assert saved_first_moves(board, rules) == tuple(str(move) for move, _ in tables.best_moves(start))
    entry = next(
        e
        for e in json.loads((ROOT / "awithlaknannai" / "analysis" / FILE).read_text())["whole_games"]
        if (e["board"], e["rules"]) == (board, rules)
    )
    assert entry == saved_results.whole_game(board, rules, tables)


def test_an_unsaved_game_says_how_to_solve_it():
    with pytest.raises(KeyError, match=r"no saved result for zuni-5 .*solve_game"):
        saved_value("zuni-5", "standard")
    with pytest.raises(KeyError, match=r"rules presets: standard"):
        saved_value("zuni-4", "strict")
    with pytest.raises(TypeError):
        saved_value(4)  # type: ignore[arg-type]


def test_the_file_holds_the_random_games_notebooks_6_and_7_show():
    assert saved_selfplay_boards() == [(board, "standard") for board in saved_results.SELFPLAY_BOARDS]
    assert {"mosona", "mosona-murray", "tuknanavuhpi"} <= {board for board, _ in saved_selfplay_boards()}
    stats = saved_selfplay("mosona")
    assert (stats.games, len(stats.lengths), sum(stats.reasons.values())) == (100, 100, 100)
    assert stats.players == ("random (1)", "random (2)") and stats.rows == ()


@pytest.mark.slow
@pytest.mark.parametrize("board", saved_results.SELFPLAY_BOARDS)
def test_saved_random_games_are_what_playing_them_again_finds(board):
    # allow_long: the batch is the saved one whatever this machine's speed; on a loaded machine
    # its estimate passed the minute a call runs by default, and the check refused it.
    fresh = selfplay_statistics(
        board, "standard", players="random", games=SELFPLAY_GAMES, seed=SELFPLAY_SEED, allow_long=True
    )
    saved = saved_selfplay(board, "standard", players="random", games=SELFPLAY_GAMES, seed=SELFPLAY_SEED)
    assert saved == fresh  # every count but the end reasons and the games' move lists ...
    assert saved.reasons == fresh.reasons  # ... and the end reasons too
    assert SelfplayTable([saved]).to_text() == SelfplayTable([fresh]).to_text()
    entry = next(
        e
        for e in json.loads((ROOT / "awithlaknannai" / "analysis" / FILE).read_text())["selfplay"]
        if e["variant"] == board
    )
    assert entry == saved_results.random_games(board, stats=fresh)


def test_an_unsaved_batch_of_random_games_says_how_to_play_it():
    with pytest.raises(KeyError, match=r"no saved random games for zuni-5 .*selfplay_statistics\('zuni-5'"):
        saved_selfplay("zuni-5")
    for other in ({"games": 1000}, {"seed": 2}, {"players": "greedy"}, {"rules": "ludii"}):
        with pytest.raises(KeyError, match="no saved random games for mosona"):
            saved_selfplay("mosona", **other)
