"""Issue 11: small inputs never cost gigabytes, every failure is one clear error.

One test (or a few) per finding of the issue, in its order. Time and memory
are asserted only where the bound is structural (a cache size, an object
freed, an error raised before anything is built), never by a stopwatch.
"""

from __future__ import annotations

import gc
import inspect
import json
import os
import random
import stat
import sys
import threading
import weakref
from pathlib import Path

import pytest

from awithlaknannai import Color, Game, Move, Position, perft
from awithlaknannai.errors import IllegalMoveError, InvalidMoveError, NotationError
from awithlaknannai.game import game_from_json, game_from_record
from awithlaknannai.notation import parse_position
from awithlaknannai.tables import solver
from awithlaknannai.variants import CACHED_BOARDS, MAX_ZUNI_N, _cached_tables, _shared_board, get_variant

RECORD = {"format": "awithlaknannai-game", "version": 1, "variant": "mosona", "moves": ["B3-M4", "T4xB3"]}


# --- resource blow-ups from tiny inputs ----------------------------------------------


@pytest.mark.parametrize("name", ["zuni-10000", "zuni-100000", "zuni-1001-murray", "zuni-" + "9" * 5000])
def test_zuni_n_is_checked_before_anything_is_built(name: str) -> None:
    before = _shared_board.cache_info()
    with pytest.raises(ValueError, match=f"N is at most {MAX_ZUNI_N} points in an outer row"):
        get_variant(name)
    with pytest.raises(NotationError, match="field 1 \\(variant\\)"):
        parse_position(f"{name} standard x w 0")
    with pytest.raises(NotationError, match="record field 'variant'"):
        game_from_record(dict(RECORD, variant=name, moves=[]))
    after = _shared_board.cache_info()
    assert (after.misses, after.currsize) == (before.misses, before.currsize)  # nothing was built


def test_the_largest_zuni_board_works() -> None:
    assert Position.start(f"zuni-{MAX_ZUNI_N}").count(Color.WHITE) == MAX_ZUNI_N + MAX_ZUNI_N // 2


def test_a_wrongly_shaped_zuni_text_is_refused_without_building_the_board() -> None:
    before = _shared_board.cache_info().misses
    with pytest.raises(NotationError, match="zuni-900 has rows of 900, 901 and 900 points"):
        parse_position("zuni-900 standard " + "." * 2701 + " w 0")
    assert _shared_board.cache_info().misses == before


def test_board_and_table_caches_are_bounded_and_release_old_boards() -> None:
    first = get_variant("zuni-300")
    board = weakref.ref(first.board)
    first.tables  # noqa: B018  (builds the tables)
    del first
    for n in range(301, 301 + 2 * CACHED_BOARDS):
        rows = "/".join(["." * n, "." * n + "q", "." * n])
        with pytest.raises(NotationError, match="'q'"):
            parse_position(f"zuni-{n} standard {rows} w 0")  # rejected after the board is built
    gc.collect()
    assert _shared_board.cache_info().currsize <= CACHED_BOARDS
    assert _cached_tables.cache_info().currsize <= CACHED_BOARDS
    assert board() is None  # the first board is gone: nothing keeps every board for ever


def test_bent_leaps_are_one_move_per_landing_and_captured_set() -> None:
    rng = random.Random(11)
    variant = get_variant("alquerque", "standard,leap_shape=bent")
    for _ in range(30):
        pieces = {p: rng.choice("wb") for p in variant.points if rng.random() < 0.8}
        pieces.setdefault("a1", "w")
        pieces.setdefault("e5", "b")
        position = Position.from_pieces(variant, pieces)
        keys = [(m.origin, m.destination, frozenset(m.captures)) for m in position.legal_moves()]
        assert len(keys) == len(set(keys))


def test_bent_leaps_are_refused_on_tukvnanawopi() -> None:
    with pytest.raises(ValueError, match="bent leaps are not supported on tukvnanawopi"):
        get_variant("tukvnanawopi", "standard,leap_shape=bent")
    with pytest.raises(ValueError, match="bent leaps are not supported on tukvnanawopi"):
        get_variant("tukvnanawopi").with_rules("ludii,leap_shape=bent")
    with pytest.raises(NotationError, match="field 2 \\(rules\\)|bent leaps"):
        parse_position(
            "tukvnanawopi standard,leap_shape=bent "
            + Position.start("tukvnanawopi").text().split()[2]
            + " w 0"
        )


def long_chain(n: int = MAX_ZUNI_N) -> Position:
    """White on M0 and black on every odd middle point: one chain of n // 2 leaps along the middle row."""
    pieces = {"M0": "w", **{f"M{j}": "b" for j in range(1, n + 1, 2)}}
    return Position.from_pieces(f"zuni-{n}", pieces)


def test_a_500_leap_chain_needs_no_recursion() -> None:
    position = long_chain()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 120)  # far fewer frames than leaps
    try:
        moves = position.legal_moves()
        outcome = position.outcome()
        diagram = str(position)
    finally:
        sys.setrecursionlimit(limit)
    assert [len(m.captures) for m in moves] == [MAX_ZUNI_N // 2]
    assert outcome is None and diagram.endswith("White to move")
    assert position.play(moves[0]).count(Color.BLACK) == 0


def shuffle_game(moves: int) -> Game:
    # Two lone pieces far apart step back and forth: no capture, repetition counted all along.
    start = Position.from_pieces(
        "zuni-4", {"T0": "w", "B3": "b"}, rules="standard,quiet_turn_limit=off,repetition_limit=100000"
    )
    game = Game(start=start)
    cycle = ["T0-T1", "B3-B2", "T1-T0", "B2-B3"]
    for i in range(moves):
        game.play(cycle[i % 4])
    return game


def brute_force_repetitions(game: Game) -> int:
    key = game.position.key()
    count = 0
    for position in reversed(game.positions):
        count += position.key() == key
        if position.quiet_turns == 0:
            break
    return count


def test_repetitions_are_counted_incrementally_and_agree_with_a_recount() -> None:
    game = shuffle_game(4000)
    assert game._repetitions() == brute_force_repetitions(game) == 1001
    rng = random.Random(3)
    game = Game("zuni-5", "standard,quiet_turn_limit=off,repetition_limit=6")
    for _ in range(400):
        choice = rng.random()
        if choice < 0.2 and game.can_undo():
            game.undo()
        elif choice < 0.3 and game.can_redo():
            game.redo()
        elif game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        else:
            game.undo()
        assert game._repetitions() == brute_force_repetitions(game)


def test_a_16000_move_record_replays() -> None:
    game = shuffle_game(16_000)
    again = game_from_json(game.to_json())
    assert len(again.moves) == 16_000 and again.position == game.position and again.outcome() is None


# --- failures that escaped as tracebacks or wrong types ------------------------------


@pytest.mark.parametrize(
    "text", ["[" * 1000 + "]" * 1000, '{"a":' * 5000 + "1" + "}" * 5000, '{"format": ' + "[" * 100000]
)
def test_deeply_nested_records_are_refused_before_parsing(text: str) -> None:
    with pytest.raises(NotationError, match="nests deeper than 16 levels"):
        game_from_json(text)


def test_huge_numbers_and_sizes_in_records() -> None:
    with pytest.raises(NotationError, match="more than 20 digits"):
        game_from_json('{"version": ' + "1" * 5000 + "}")
    with pytest.raises(NotationError, match="more than the 16,777,216 allowed"):
        game_from_json(" " * (16 * 2**20 + 1))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("version", True, "record field 'version': this library reads version 1, got True"),
        ("version", 1.0, "record field 'version': this library reads version 1, got 1.0"),
        ("reason", "zzz", "record field 'reason': expected one of"),
        (
            "reason",
            "no pieces left",
            "record field 'reason': the record says 'no pieces left', but its moves do not end",
        ),
    ],
)
def test_record_fields_are_checked(field: str, value: object, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", "\\(").replace(")", "\\)")):
        game_from_record(dict(RECORD, **{field: value}))


def test_record_type_and_encoding_errors() -> None:
    with pytest.raises(TypeError, match="takes the record's JSON text \\(str or UTF-8 bytes\\), got int"):
        game_from_json(12345)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="not UTF-8 text: byte 0xff at offset 0"):
        game_from_json(b"\xff\xfe{}")
    assert game_from_json(json.dumps(RECORD).encode()).moves == game_from_record(RECORD).moves
    assert game_from_json(b"\xef\xbb\xbf" + json.dumps(RECORD).encode()).moves  # a byte-order mark is fine


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Move(["B3"], ("M4",)), "Move origin is a point name such as 'B3', got list"),  # type: ignore[arg-type]
        (lambda: Move("B3", "M4"), "Move landings is a tuple of point names"),
        (lambda: Move("B3", (4,)), "Move landings is a tuple of point names"),  # type: ignore[arg-type]
        (lambda: Position.start(None), "a variant is a name such as 'mosona' or a Variant, got NoneType"),  # type: ignore[arg-type]
        (lambda: Position.from_pieces("mosona", ["B3"]), "pieces is a dict"),  # type: ignore[arg-type]
        (
            lambda: Game(None),
            "Game\\(variant\\) takes a variant name such as 'mosona' or a Variant, got NoneType",
        ),  # type: ignore[arg-type]
        (lambda: perft("x", 1), "perft counts from a Position, got str"),  # type: ignore[arg-type]
        (lambda: get_variant(8), "a variant name is a string such as 'mosona', got int"),  # type: ignore[arg-type]
    ],
)
def test_wrong_argument_types_are_type_errors(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match=message):
        call()


def test_a_move_of_the_wrong_shape_leaves_the_game_unchanged() -> None:
    game = Game("mosona")
    with pytest.raises(TypeError):
        game.play(Move(["B3"], ("M4",)))  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="a move is a Move or a text"):
        game.play(42)  # type: ignore[arg-type]
    assert game.moves == [] and game.position == Position.start("mosona")


def test_an_empty_board_is_not_a_position() -> None:
    with pytest.raises(ValueError, match="an empty board is not a game position"):
        Position.from_pieces("mosona", {})
    with pytest.raises(NotationError, match="field 3 \\(pieces\\): no pieces at all"):
        parse_position("zuni-2 standard ../.../.. w 0")
    # One side without pieces is a finished game, as play reaches it.
    assert (
        str(Position.from_pieces("zuni-2", {"M1": "w"}, turn="b").outcome()) == "White wins (no pieces left)"
    )


# --- cache files -------------------------------------------------------------------------


def tables_in(tmp_path: Path) -> tuple[solver.EndgameTables, Path]:
    tables = solver.solve_endgames("zuni-2", max_pieces=1, cache_dir=tmp_path)
    path = tables._path(1, 1)
    assert path is not None and path.is_file()
    return tables, path


def fresh_load(tables: solver.EndgameTables) -> object:
    again = solver.EndgameTables(tables.variant, tables.max_pieces, tables.cache_dir)
    return again._load(1, 1)


def test_nested_json_in_a_cache_header_is_stale_not_a_crash(tmp_path: Path) -> None:
    tables, path = tables_in(tmp_path)
    path.write_bytes(b"[" * 60000 + b"\n" + b"\0" * 84)
    with pytest.raises(solver.StaleTableError, match="nests too deeply"):
        fresh_load(tables)
    # The hint path (best_moves through the cache) quietly finds nothing instead.
    again = solver.EndgameTables(tables.variant, 1, tmp_path)
    assert again.codes(1, 1) is None


def test_a_padded_table_is_refused_by_its_size_before_reading(tmp_path: Path) -> None:
    tables, path = tables_in(tmp_path)
    with open(path, "ab") as file:
        file.truncate(path.stat().st_size + 2**30)  # a sparse gigabyte: costs no disk
    with pytest.raises(solver.StaleTableError, match="too large for this table"):
        fresh_load(tables)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_or_device_at_a_table_path_is_refused_without_waiting(tmp_path: Path) -> None:
    tables, path = tables_in(tmp_path)
    path.unlink()
    os.mkfifo(path)
    with pytest.raises(solver.StaleTableError, match="not a regular file"):
        fresh_load(tables)
    assert not path.exists()  # a damaged table's files are removed, to be built again
    if Path("/dev/zero").exists():
        path.symlink_to("/dev/zero")
        with pytest.raises(solver.StaleTableError, match="not a regular file"):
            fresh_load(tables)
        assert not path.is_symlink()


def test_a_failed_cache_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(solver.os, "replace", full_disk)
    lines: list[str] = []
    tables = solver.solve_endgames("zuni-2", max_pieces=1, cache_dir=tmp_path, report=lines.append)
    assert tables.codes(1, 1) is not None  # kept in memory
    assert any("cannot write 1v1" in line and "No space left" in line for line in lines)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_threads_writing_one_table_do_not_collide(tmp_path: Path) -> None:
    tables, path = tables_in(tmp_path)
    codes = tables._codes[(1, 1)]
    errors: list[BaseException] = []

    def write() -> None:
        try:
            for _ in range(20):
                tables._store(1, 1, codes)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert list(fresh_load(tables)) == list(codes)  # type: ignore[call-overload]
    # No temporary file left: the class's table and its 2-bit win/draw/loss file, nothing else.
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.with_suffix(".wdl").name]


# --- saving and loading games --------------------------------------------------------------


def test_save_with_a_long_name(tmp_path: Path) -> None:
    game = Game("mosona")
    game.play("B3-M4")
    path = tmp_path / ("g" * 240 + ".json")  # 245 characters: near the usual limit of 255
    game.save(path)
    assert Game.load(path).moves == game.moves


@pytest.mark.parametrize("name", ["", "   "])
def test_save_to_an_empty_name_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="the file name is empty"):
        Game("mosona").save(name)


def test_save_to_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError, match="it is a folder"):
        Game("mosona").save(tmp_path)


def test_save_through_a_symlink_keeps_the_link_and_updates_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "game.json"
    target.parent.mkdir()
    Game("mosona").save(target)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    game = Game("mosona")
    game.play("B3-M4")
    game.save(link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert Game.load(target).moves == game.moves == Game.load(link).moves
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_load_refuses_what_is_not_a_regular_record_file(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(2**30)
    with pytest.raises(NotationError, match="more than the 16,777,216 a record may have"):
        Game.load(big)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        assert stat.S_ISFIFO(fifo.stat().st_mode)
        with pytest.raises(ValueError, match="it is not a regular file"):
            Game.load(fifo)
    if Path("/dev/zero").exists():
        zero = tmp_path / "zero.json"
        zero.symlink_to("/dev/zero")
        with pytest.raises(ValueError, match="it is not a regular file"):
            Game.load(zero)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(NotationError, match="not UTF-8 text: byte 0xff at offset 12"):
        Game.load(bad)


# --- portability ------------------------------------------------------------------------------


def test_shown_board_statistics_are_rounded() -> None:
    from awithlaknannai.render.compare import board_statistics

    stats = board_statistics(get_variant("mosona-murray").board)
    for key in ("mean_degree", "average_shortest_path", "average_clustering"):
        assert stats[key] == round(stats[key], 10)
    assert stats["average_clustering"] == 0.768  # 0.7680000000000001 before Python 3.12


def test_hints_keep_only_a_few_boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path))
    for n in range(20, 40):
        assert solver.best_moves(Position.from_pieces(f"zuni-{n}", {"T0": "w", "B1": "b"})) is None
    assert len(solver._ON_DISK) <= solver._ON_DISK_KEPT


def test_a_png_too_large_for_cairo_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from awithlaknannai.cli import main
    from awithlaknannai.render.export import _cairosvg

    try:
        _cairosvg()
    except ValueError as missing:  # cairosvg or the Cairo C library
        pytest.skip(str(missing))

    output = tmp_path / "z.png"
    assert main(["draw", "-o", str(output), "--variant", "zuni-272"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot make a PNG of this picture at scale 2: Cairo refused it")
    assert err.endswith("save it as .svg, or use a smaller scale or board\n") and err.count("\n") == 1
    assert not output.exists() and list(tmp_path.iterdir()) == []


def test_a_huge_move_text_is_quoted_short() -> None:
    game = Game("mosona")
    for text in ["B3-M" + "4" * 5000, "T4x" + "B3x" * 3000 + "B3", "?" * 10_000]:
        with pytest.raises((InvalidMoveError, IllegalMoveError)) as caught:
            game.play(text)
        assert len(str(caught.value)) < 300
    assert game.moves == []


def test_a_runaway_bent_leap_search_stops_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from awithlaknannai import movegen as generator

    monkeypatch.setattr(generator, "MAX_LEAP_STATES", 3)
    crowded = Position.from_pieces(
        "alquerque",
        {"a1": "w", "b2": "b", "b1": "b", "a2": "b", "c3": "b", "d4": "b"},
        rules="standard,leap_shape=bent",
    )
    with pytest.raises(ValueError, match="bent leaps: one piece has more than 3 different captures here"):
        crowded.legal_moves()


@pytest.mark.parametrize("text", ['"' + '\\"' * 200_000, '"' + "a" * 1_000_000, "[" + '"\\\\",' * 100_000])
def test_the_record_shape_check_reads_each_character_once(text: str) -> None:
    # A check that rescanned from every quote took 13 s for 80,000 characters; a linear one
    # takes milliseconds, so 20 s can only be exceeded by a quadratic scan.
    import time

    started = time.process_time()  # CPU time: another job on the machine cannot make it fail
    with pytest.raises(NotationError):
        game_from_json(text)
    assert time.process_time() - started < 20
