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
from awithlaknannai.tables.solver import EndgameTables, solve_endgames
from awithlaknannai.tables.tablefile import StaleTableError, TableFiles
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


# --- a teacher's files in a JupyterLite site -------------------------------------------------------


def _fake_build(folder: Path, version: str) -> Path:
    """A stand-in for what `jupyter lite build` writes (the real build needs Pyodide and PyPI)."""
    (folder / "lab").mkdir(parents=True)
    (folder / "jupyter-lite.json").write_text('{"version": "%s"}' % version)
    (folder / "lab" / "index.html").write_text(f"<html>{version}</html>")
    (folder / "files").mkdir()
    (folder / "files" / "00_start_here.ipynb").write_text(f"notebook {version}")
    if version == "1":
        (folder / "old-only.js").write_text("gone in version 2")
    return folder


def test_lite_force_replaces_only_what_the_builder_wrote(tmp_path: Path) -> None:
    from awithlaknannai.lite import _install_site

    site = tmp_path / "site"
    _install_site(_fake_build(tmp_path / "b1", "1"), site)
    # The teacher adds a worksheet and a picture, and edits the start notebook.
    (site / "files" / "worksheet.ipynb").write_text("the teacher's own")
    (site / "logo.png").write_bytes(b"\x89PNG teacher")
    (site / "files" / "00_start_here.ipynb").write_text("notebook 1, with the teacher's notes")
    kept, backups = _install_site(_fake_build(tmp_path / "b2", "2"), site)
    assert (site / "files" / "worksheet.ipynb").read_text() == "the teacher's own"
    assert (site / "logo.png").read_bytes() == b"\x89PNG teacher"
    assert (site / "files" / "00_start_here.ipynb.bak").read_text() == "notebook 1, with the teacher's notes"
    assert (site / "files" / "00_start_here.ipynb").read_text() == "notebook 2"
    assert (site / "lab" / "index.html").read_text() == "<html>2</html>"
    assert not (site / "old-only.js").exists()  # the former build's own file, unchanged: replaced by nothing
    assert set(kept) == {"files/worksheet.ipynb", "logo.png"} and backups == (
        "files/00_start_here.ipynb.bak",
    )


def test_lite_force_keeps_a_site_of_unknown_origin_whole(tmp_path: Path) -> None:
    from awithlaknannai.lite import _install_site

    site = tmp_path / "site"
    site.mkdir()
    (site / "jupyter-lite.json").write_text("{}")  # built by an older version: no list of its files
    (site / "teacher.txt").write_text("mine")
    kept, backups = _install_site(_fake_build(tmp_path / "b", "2"), site)
    assert backups == ("site.bak",) and (tmp_path / "site.bak" / "teacher.txt").read_text() == "mine"
    assert (site / "lab" / "index.html").read_text() == "<html>2</html>"


def test_lite_refuses_a_wheel_that_is_not_a_zip_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from awithlaknannai import cli

    wheel = tmp_path / "awithlaknannai-9.9-py3-none-any.whl"
    wheel.write_text("not a zip")
    assert cli.main(["lite", str(tmp_path / "site"), "--wheel", str(wheel)]) == 1
    err = capsys.readouterr().err
    assert "is not a wheel" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


# --- notebooks DIR: links and huge files -----------------------------------------------------------


def test_notebooks_never_write_through_a_dangling_link(tmp_path: Path) -> None:
    from awithlaknannai.tutorial.fetch import copy_notebooks

    lesson, outside = tmp_path / "lesson", tmp_path / "outside"
    lesson.mkdir()
    outside.mkdir()
    (lesson / "00_start_here.ipynb").symlink_to(outside / "planted.ipynb")
    report = copy_notebooks(lesson)
    assert not (outside / "planted.ipynb").exists() and "00_start_here.ipynb" in report.kept
    report = copy_notebooks(lesson, force=True)
    assert not (outside / "planted.ipynb").exists()
    assert (lesson / "00_start_here.ipynb").is_file() and not (lesson / "00_start_here.ipynb").is_symlink()
    assert (lesson / "00_start_here.ipynb.bak").is_symlink()  # the link itself, kept


def test_notebooks_do_not_read_a_huge_file_to_compare_it(tmp_path: Path) -> None:
    """A 3 GB (sparse) file named like a notebook, under a 1 GB memory limit: known to differ by its size."""
    import subprocess
    import sys

    lesson = tmp_path / "lesson"
    lesson.mkdir()
    with open(lesson / "00_start_here.ipynb", "wb") as file:
        file.truncate(3 * 2**30)
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))\n"
        "from awithlaknannai.tutorial.fetch import copy_notebooks\n"
        f"print(copy_notebooks({str(lesson)!r}).kept)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert "00_start_here.ipynb" in done.stdout


# --- unbounded work and memory ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def zuni3_tables() -> EndgameTables:
    return solve_endgames("zuni-3", 2, cache_dir=False)


def test_find_puzzles_bounds_its_count_and_reads_moves_lazily(zuni3_tables: EndgameTables) -> None:
    with pytest.raises(ValueError, match="count must be an integer from 1 to 100"):
        find_puzzles(zuni3_tables, count=10**9)
    with pytest.raises(ValueError, match="moves must hold at most"):
        find_puzzles(zuni3_tables, moves=itertools.count(1))
    with pytest.raises(TypeError, match="find_puzzles takes EndgameTables"):
        find_puzzles(5)  # type: ignore[arg-type]


def test_a_challenge_reads_at_most_its_bound_of_moves() -> None:
    challenge = Challenge(CHOICE, capture(2), "Two")
    with pytest.raises(ValueError, match="moves must hold at most 200 moves"):
        check_challenge(challenge, itertools.repeat("B3-M4"))
    with pytest.raises(TypeError, match="check_challenge takes a Challenge"):
        check_challenge("x", [])  # type: ignore[arg-type]


def test_wins_within_bounds_its_depth() -> None:
    start = Position.start("zuni-3")
    with pytest.raises(ValueError, match="plies must be an integer from 0 to 12"):
        wins_within(start, 10**9)
    with pytest.raises(ValueError, match="plies must be an integer from 0 to 12"):
        wins_within(start, -1)
    with pytest.raises(TypeError):
        wins_within(start, 2.0)  # type: ignore[arg-type]


def test_long_texts_are_refused_or_quoted_short() -> None:
    from awithlaknannai import Game
    from awithlaknannai.league import judge_player
    from awithlaknannai.tutorial.exercises import check
    from awithlaknannai.widgets.controller import ClickController

    with pytest.raises(ValueError, match="name must be at most 100 characters"):
        judge_player(lambda position: position.legal_moves()[0], name="x" * 10**7)
    with pytest.raises(ValueError) as refused:
        check("x" * 10**7, 1)
    assert len(str(refused.value)) < 1000
    result = ClickController(Game("mosona")).click("x" * 10**7)
    assert not result.accepted and len(result.status) < 1000


def test_copies_never_parse_a_deeply_nested_cell_and_want_a_notebook() -> None:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    from awithlaknannai.tutorial.copies import CopyError, student_copy

    deep = "### BEGIN SOLUTION\nanswer = 1\n### END SOLUTION\nx = " + "(" * 200_000 + "1" + ")" * 200_000
    cell = new_code_cell(deep, metadata={"nbgrader": {"solution": True}})
    copy = student_copy(new_notebook(cells=[cell]), "deep")
    assert "BEGIN SOLUTION" not in copy.cells[0].source
    with pytest.raises(CopyError, match="not a version-4 notebook"):
        student_copy({"cells": []})  # type: ignore[arg-type]
    assert isinstance(student_copy(nbformat.v4.new_notebook()), dict)


# --- tracebacks instead of one line -----------------------------------------------------------------


def test_the_distributed_build_checks_its_arguments_first_and_needs_mpi4py_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    pytest.importorskip("numpy", reason="the distributed build needs numpy")
    from awithlaknannai.tables import distributed

    monkeypatch.setitem(sys.modules, "mpi4py", None)  # as without the distributed extra
    a_file = tmp_path / "file"
    a_file.write_text("x")
    for argv in (
        ["--max-pieces", "-1", "--cache", str(tmp_path)],
        ["--variant", "nope", "--cache", str(tmp_path)],
        ["--cache", str(a_file)],
        ["--cache", str(tmp_path / "tables")],
    ):
        with pytest.raises(SystemExit) as exited:
            distributed.main(argv)
        err = capsys.readouterr().err
        assert exited.value.code in (1, 2) and "Traceback" not in err, err
        assert len([line for line in err.splitlines() if "error:" in line]) == 1, err
    assert "mpi4py" in err and not (tmp_path / "tables").exists()


def test_one_line_refusals_for_things_that_are_not_what_a_call_takes() -> None:
    from awithlaknannai.errors import NotationError
    from awithlaknannai.game import game_from_record
    from awithlaknannai.widgets.controller import ClickController, turn_status

    with pytest.raises(TypeError, match="ClickController takes a Game"):
        ClickController(None).click("B3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="turn_status takes a Game"):
        turn_status(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hint_steps takes a Move"):
        hint_steps("x")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="field names are texts"):
        game_from_record({"format": "awithlaknannai-game", "version": 1, 1: "x"})


# --- wrong exception classes and wrong types accepted ----------------------------------------------


def test_a_wrong_type_is_a_type_error_and_a_right_number_is_right() -> None:
    from awithlaknannai.tutorial.exercises import check
    from awithlaknannai.tutorial.player_goals import goals

    player = lambda position: position.legal_moves()[0]
    for kwargs in ({"games": "x"}, {"name": None}, {"progress": "x"}, {"games": 2.0}):
        with pytest.raises(TypeError):
            goals(player, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        capture(at_least=math.nan)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        win_in(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Puzzle("zuni-3 standard ww./...b/b.. w 0", math.nan)  # type: ignore[arg-type]
    assert check("02-zuni3-edges", Decimal(19))
    assert not check("02-zuni3-edges", Decimal("19.5"))
