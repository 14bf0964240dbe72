"""The results shipped as package data (awithlaknannai/analysis/saved_results.json) are what a fresh run finds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from awithlaknannai import Position
from awithlaknannai.analysis.saved import FILE, saved_boards, saved_first_moves, saved_value
from awithlaknannai.tables.solver import solve_game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import saved_results

BOARDS = ("zuni-3", "zuni-3-murray", "zuni-4", "zuni-4-murray")


def test_the_file_holds_the_twelve_games_notebook_6_shows():
    assert sorted(saved_boards()) == sorted((b, r) for b in BOARDS
                                            for r in ("standard", "maximum", "ludii"))
    saved = json.loads((ROOT / "awithlaknannai" / "analysis" / FILE).read_text(encoding="utf-8"))
    assert saved["made_by"] == "benchmarks/saved_results.py"


@pytest.mark.slow
@pytest.mark.parametrize(("board", "rules"), [(b, r) for b in BOARDS
                                              for r in ("standard", "maximum", "ludii")])
def test_a_saved_whole_game_is_what_a_fresh_solve_finds(board, rules):
    tables = solve_game(board, rules=rules, cache_dir=False)
    start = Position.start(board, rules)
    assert saved_value(board, rules) == tables.value(start)
    assert saved_first_moves(board, rules) == tuple(str(move) for move, _ in tables.best_moves(start))
    entry = next(e for e in json.loads((ROOT / "awithlaknannai" / "analysis" / FILE).read_text())["whole_games"]
                 if (e["board"], e["rules"]) == (board, rules))
    assert entry == saved_results.whole_game(board, rules, tables)


def test_an_unsaved_game_says_how_to_solve_it():
    with pytest.raises(KeyError, match=r"no saved result for zuni-5 .*solve_game"):
        saved_value("zuni-5", "standard")
    with pytest.raises(KeyError, match=r"rules presets: standard"):
        saved_value("zuni-4", "strict")
    with pytest.raises(TypeError):
        saved_value(4)  # type: ignore[arg-type]
