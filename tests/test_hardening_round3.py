"""Hardening, round 3 (issue 26): wrong verdicts, damaged table files, friendly errors that hid bugs,
a teacher's files in a JupyterLite site, unbounded inputs, tracebacks instead of one line.

Each test here failed before its fix (checked against the branch's starting point).
"""

from __future__ import annotations

import itertools
import math
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from awithlaknannai import Position, get_variant
from awithlaknannai.analysis.puzzles import Puzzle, find_puzzles, hint_steps, wins_within
from awithlaknannai.analysis.solver import EndgameTables, solve_endgames
from awithlaknannai.analysis.tablefile import StaleTableError, TableFiles
from awithlaknannai.tutorial.challenges import Challenge, Goal, capture, check_challenge, win_in

CHOICE = "mosona standard ......../...bb..b./b.w...w. w 0"


# --- a wrong verdict ------------------------------------------------------------------------------


def test_a_goal_of_an_unknown_kind_is_refused_where_it_is_made() -> None:
    with pytest.raises(ValueError, match="a goal's kind is one of"):
        Goal(kind="nope")
    with pytest.raises(TypeError, match="a goal's kind"):
        Goal(kind=None)  # type: ignore[arg-type]


# --- damaged table files ----------------------------------------------------------------------------


def _positions(variant_name: str, most: int) -> list[Position]:
    variant = get_variant(variant_name)
    points = variant.points
    found = []
    for white in range(1, most + 1):
        for black in range(1, most + 1):
            for chosen in itertools.islice(itertools.permutations(points, white + black), 0, None, 37):
                pieces = {p: "w" for p in chosen[:white]} | {p: "b" for p in chosen[white:]}
                for turn in "wb":
                    position = Position.from_pieces(variant, pieces, turn=turn)
                    if not position.is_terminal():
                        found.append(position)
    return found


def _damage(directory: Path, how: str) -> None:
    if how == "flip a bit":
        path = directory / "2v2.wdl"
        data = bytearray(path.read_bytes())
        data[-1] ^= 0x04
        path.write_bytes(bytes(data))
    elif how == "swap":
        a, b = directory / "1v2.wdl", directory / "2v1.wdl"
        a.rename(directory / "x")
        b.rename(a)
        (directory / "x").rename(b)
    elif how == "tbl over wdl":
        shutil.copyfile(directory / "2v2.tbl", directory / "2v2.wdl")
    elif how == "cut short":
        path = directory / "2v2.wdl"
        path.write_bytes(path.read_bytes()[:-3])


@pytest.mark.parametrize("how", ["flip a bit", "swap", "tbl over wdl", "cut short"])
def test_a_damaged_wdl_file_is_detected_and_both_files_rebuilt(tmp_path: Path, how: str) -> None:
    built = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    directory = built._path(2, 2).parent
    positions = _positions("zuni-3", 2)
    truth = [built.value(p).outcome for p in positions]
    _damage(directory, how)
    # In this process: the tables already read answer as before.
    assert [built.outcome(p) for p in positions] == truth
    # In a later one: the damaged pair is found when read, and built again.
    lines: list[str] = []
    later = solve_endgames("zuni-3", 2, cache_dir=tmp_path, report=lines.append)
    assert any("rebuilding" in line for line in lines), lines
    assert [later.outcome(p) for p in positions] == truth
    # And the files are whole again: a third process reads every class from the cache.
    third = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    assert all(report.source == "cache" for report in third.reports)
    assert [third.outcome(p) for p in positions] == truth


def test_a_damaged_pair_is_removed_as_one(tmp_path: Path) -> None:
    built = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    files = TableFiles(built._path(2, 2))
    _damage(files.tbl.parent, "flip a bit")
    lazy = EndgameTables(get_variant("zuni-3"), 2, tmp_path)
    expected = lazy._expected_header(2, 2)
    expected.pop("variant")
    with pytest.raises(StaleTableError, match="2v2.wdl"):
        files.read(expected, lazy._index(2, 2), lazy.rules_text)
    assert not files.tbl.exists() and not files.wdl.exists()
