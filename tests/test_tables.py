"""The rank-indexed array solver gives exactly the pure-Python solver's tables."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest

from awithlaknannai import Position
from awithlaknannai.tables import solver_core as core
from awithlaknannai.tables.solver import solve_endgames, solve_game
from awithlaknannai.tables.ranks import RankBoard, lex_table
from awithlaknannai.variants import get_variant

PRESETS = ("standard", "maximum", "ludii")


@pytest.fixture(autouse=True)
def _session_registry_untouched(monkeypatch):
    # solve_endgames registers what it solves for hints; tables built here must not
    # answer the hint lookups of tests that run later.
    from awithlaknannai.tables import solver

    monkeypatch.setattr(solver, "_REGISTRY", {})


def assert_same_tables(variant, max_pieces: int) -> None:
    python = solve_endgames(variant, max_pieces, cache_dir=False, engine="python")
    arrays = solve_endgames(variant, max_pieces, cache_dir=False, engine="arrays")
    assert python.classes() == arrays.classes()
    for cls in python.classes():
        assert python.codes(*cls) == arrays.codes(*cls), f"{variant.name} {variant.rules.to_text()} {cls}"
    assert [r.positions for r in python.reports] == [r.positions for r in arrays.reports]
    assert [(r.won, r.lost, r.drawn, r.on_pieces, r.longest) for r in python.reports] == [
        (r.won, r.lost, r.drawn, r.on_pieces, r.longest) for r in arrays.reports
    ]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize(
    "name, max_pieces",
    [
        ("zuni-2", 3),
        ("zuni-2-murray", 3),
        ("zuni-3", 4),
        ("zuni-3-murray", 4),
        ("zuni-4", 2),
        ("zuni-4-murray", 3),
        ("mosona", 2),
        ("mosona-murray", 1),
    ],
)
def test_array_solver_matches_python_solver(name: str, max_pieces: int, rules: str) -> None:
    assert_same_tables(get_variant(name, rules), max_pieces)


@pytest.mark.parametrize(
    "rules",
    [
        "standard,multi_leap=optional",
        "maximum,leap_shape=bent",
        "ludii,blocked_player_loses=no",
        "maximum,compulsory_capture=no,multi_leap=optional",
    ],
)
def test_array_solver_follows_every_rule_switch(rules: str) -> None:
    assert_same_tables(get_variant("zuni-3-murray", rules), 3)


def test_full_game_value_is_the_same():
    arrays = solve_game("zuni-3", rules="standard", cache_dir=False, engine="arrays")
    assert str(arrays.value(Position.start("zuni-3"))) == "draw"


def test_ranks_follow_class_keys():
    board = RankBoard(get_variant("zuni-3"))
    n = board.n
    for a, b in [(1, 1), (3, 2), (2, 4), (5, 5)]:
        keys = core.class_keys(n, a, b)
        own = np.array([k >> n for k in keys], dtype=np.uint32)
        opp = np.array([k & ((1 << n) - 1) for k in keys], dtype=np.uint32)
        assert (board.index(a, b, own, opp) == np.arange(len(keys))).all()
        gen_own, gen_opp = board.class_keys(a, b)
        assert (gen_own == own).all() and (gen_opp == opp).all()


def test_lex_table_ranks_every_combination():
    m = 9
    table = lex_table(m)
    for k in range(m + 1):
        ranks = [int(table[sum(1 << i for i in c)]) for c in combinations(range(m), k)]
        assert ranks == list(range(math.comb(m, k)))


def test_engine_choice_is_checked():
    with pytest.raises(ValueError, match="engine must be"):
        solve_endgames("zuni-2", 1, cache_dir=False, engine="gpu")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="up to 31 points"):
        solve_endgames("kolowis", 1, cache_dir=False, engine="arrays")


@pytest.mark.slow
def test_array_solver_matches_on_the_whole_zuni4_game() -> None:
    # About 12 s: the pure-Python solver builds 1.26 million positions. The drawing and
    # preset with the most stand-in results; the others were compared once by hand
    # (benchmarks/tables-results.txt).
    assert_same_tables(get_variant("zuni-4-murray", "maximum"), 6)
