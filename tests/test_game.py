"""Games: history, undo/redo, threefold repetition, saving and loading."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from awithlaknannai import (
    Color,
    EndReason,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    NotationError,
    Outcome,
    Position,
    Rules,
)


def snapshot(game: Game) -> tuple[object, ...]:
    return (list(game.positions), list(game.moves), list(game._redo), dict(game.tags), game.outcome())


def test_play_records_history() -> None:
    game = Game("mosona")
    assert game.play("B3-M4") == game.moves[0]
    game.play("T4xB3")
    assert [str(m) for m in game.moves] == ["B3-M4", "T4xB3"]
    assert len(game.positions) == 3 and game.positions[0] == game.start == Position.start("mosona")
    assert game.position.count("white") == 11 and game.position.turn is Color.WHITE
    assert game.variant.name == "mosona" and not game.is_over()
    assert repr(game) == "Game('mosona', moves=2, outcome=None)"


def test_a_game_from_rules_or_a_start_position() -> None:
    assert Game("mosona", "ludii").variant.rules.multi_leap == "none"
    start = Position.from_pieces("zuni-4", {"M2": "w", "T0": "b"})
    assert Game(start=start).position is start
    with pytest.raises(TypeError, match="Game\\(start=...\\) takes a Position, got str"):
        Game(start="mosona standard ...")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Game tags must be a dict of strings"):
        Game(tags={"round": 3})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="unknown variant 'go'"):
        Game("go")


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        ("M3-B3", IllegalMoveError, "M3-B3: capture is compulsory: Black must leap (for example T4xB3)"),
        ("T4-B3", IllegalMoveError, "T4-B3: T4 and B3 are not joined by a line (to leap there, write T4xB3)"),
        ("B5-B3", IllegalMoveError, "B5-B3: B5 holds a white piece, and it is Black's turn"),
        ("X1-M4", InvalidMoveError, "X1-M4: there is no point 'X1' on this board (mosona)"),
        ("M3--B3", InvalidMoveError, "cannot read the move 'M3--B3'"),
    ],
)
def test_a_refused_move_leaves_the_game_unchanged(move: str, error: type[Exception], message: str) -> None:
    game = Game("mosona")
    game.play("B3-M4")
    game.play("T4xB3")
    game.undo()  # leaves a redo entry, which must survive the error too
    before = snapshot(game)
    with pytest.raises(error) as caught:
        game.play(move)
    assert str(caught.value).startswith(message)
    assert snapshot(game) == before and game.can_redo()


def test_undo_and_redo() -> None:
    game = Game("mosona")
    assert not game.can_undo() and not game.can_redo()
    with pytest.raises(GameOverError, match="nothing to undo: no move has been played"):
        game.undo()
    with pytest.raises(GameOverError, match="nothing to redo"):
        game.redo()
    for move in ["B3-M4", "T4xB3", "M5-M4"]:
        game.play(move)
    after_three = game.position
    assert str(game.undo()) == "M5-M4" and str(game.undo()) == "T4xB3"
    assert game.position == Position.start("mosona").play("B3-M4") and game.can_redo()
    assert str(game.redo()) == "T4xB3"
    assert str(game.redo()) == "M5-M4" and game.position == after_three and not game.can_redo()


def test_replaying_the_undone_move_keeps_the_rest_of_the_line() -> None:
    game = Game("mosona")
    for move in ["B3-M4", "T4xB3", "M5-M4"]:
        game.play(move)
    game.undo()
    game.undo()
    game.play("T4xB3")  # the same move as the first undone one
    assert game.can_redo() and str(game.redo()) == "M5-M4"


def test_a_new_move_after_undo_clears_redo() -> None:
    game = Game("mosona")
    for move in ["B3-M4", "T4xB3", "M5-M4"]:
        game.play(move)
    game.undo()
    game.play(next(m for m in game.legal_moves() if str(m) != "M5-M4"))
    assert not game.can_redo()


def test_undo_restores_the_exact_earlier_positions() -> None:
    game = Game("kolowis", "ludii")
    seen = [game.position]
    for _ in range(40):
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
        seen.append(game.position)
    while game.can_undo():
        game.undo()
        assert game.position == seen[len(game.moves)]
    assert game.positions == [game.start]


# Two lone pieces walking to and fro: no capture, so positions repeat.
SHUFFLE = ["B0-B1", "T7-T6", "B1-B0", "T6-T7"]


def shuffling_game(**rules: object) -> Game:
    return Game(start=Position.from_pieces("mosona", {"B0": "w", "T7": "b"}, rules=Rules(**rules)))  # type: ignore[arg-type]


def test_threefold_repetition_ends_the_game() -> None:
    game = shuffling_game()
    for move in SHUFFLE * 2:
        assert game.outcome() is None
        game.play(move)
    assert game.repetition_counts()[game.position.key()] == 3
    assert game.outcome() == Outcome(None, EndReason.REPETITION)
    assert game.position.outcome() is None  # only the game knows the history
    assert game.is_over() and game.legal_moves() == ()
    before = snapshot(game)
    with pytest.raises(GameOverError, match="B0-B1: the game is over: Draw \\(position repeated\\)"):
        game.play("B0-B1")
    assert snapshot(game) == before
    game.undo()
    assert game.outcome() is None and game.legal_moves()


def test_repetition_scored_by_material_and_switched_off() -> None:
    game = Game(
        start=Position.from_pieces(
            "mosona", {"B0": "w", "B2": "w", "T7": "b"}, rules=Rules(no_capture_result="more_pieces")
        )
    )
    for move in SHUFFLE * 2:
        game.play(move)
    assert game.outcome() == Outcome(Color.WHITE, EndReason.REPETITION)
    off = shuffling_game(repetition_limit=None)
    for move in SHUFFLE * 5:
        off.play(move)
    assert off.outcome() is None
    twice = shuffling_game(repetition_limit=2)
    for move in SHUFFLE:
        twice.play(move)
    assert twice.outcome() == Outcome(None, EndReason.REPETITION)


def test_repetition_counts_only_since_the_last_capture() -> None:
    game = Game(start=Position.from_pieces("zuni-4", {"M2": "w", "T3": "b"}, quiet_turns=6))
    for move in ["M2-M1", "T3-T2", "M1-M2"]:
        game.play(move)
    counts = game.repetition_counts()
    assert sum(counts.values()) == len(game.positions) == 4
    assert counts[game.position.key()] == 1


def test_the_quiet_turn_limit_ends_a_game() -> None:
    game = shuffling_game(quiet_turn_limit=6, repetition_limit=None)
    for move in (SHUFFLE * 2)[:6]:
        game.play(move)
    assert game.outcome() == Outcome(None, EndReason.QUIET_LIMIT)


def test_move_text_is_short_unless_ambiguous() -> None:
    start = Position.from_pieces(
        "mosona", {"T4": "w", "M4": "b", "M5": "b", "T0": "b"}, rules="ludii,leap_shape=bent"
    )
    game = Game(start=start)
    game.play("T4x(M4)B4")
    game.play("T0-T1")
    assert [game.move_text(0), game.move_text(1)] == ["T4x(M4)B4", "T0-T1"]


# ---------------------------------------------------------------------------
# saving and loading


def a_game() -> Game:
    game = Game("mosona", tags={"White": "Ana"})
    for move in ["B3-M4", "T4xB3", "M5-M4"]:
        game.play(move)
    return game


def test_save_and_load(tmp_path: Path) -> None:
    game = a_game()
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(str(path))
    assert (
        loaded.moves == game.moves and loaded.positions == game.positions and loaded.tags == {"White": "Ana"}
    )
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == ["B3-M4", "T4xB3", "M5-M4"]
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_replaces_an_existing_file_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    a_game().save(path)
    assert Game.load(path).moves == a_game().moves
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    a_game().save(path)
    before = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    longer = a_game()
    longer.play(longer.legal_moves()[0])
    with pytest.raises(OSError, match="disk full"):
        longer.save(path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["game.json"], "the temporary file was left behind"


def test_a_save_that_cannot_even_start_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    a_game().save(path)
    before = path.read_bytes()
    game = a_game()

    def broken_json() -> str:
        raise ValueError("cannot serialise")

    monkeypatch.setattr(game, "to_json", broken_json)
    with pytest.raises(ValueError, match="cannot serialise"):
        game.save(path)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["game.json"]


def test_save_to_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="the folder does not exist"):
        a_game().save(tmp_path / "no" / "such" / "game.json")


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Game.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "awithlaknannai-game", "version": 1, "moves": ["B3-M4", "B4-M4"]}')
    with pytest.raises(NotationError, match=r"record field 'moves'\[1\] 'B4-M4': B4 holds a white piece"):
        Game.load(bad)
