"""Puzzles: unique, correct, reproducible; the tutorial's set re-checked with the solver."""

from __future__ import annotations

import pytest

from awithlaknannai.analysis.puzzles import Feedback, Puzzle, find_puzzles, tutorial_puzzles, winning_moves
from awithlaknannai.tables.solver import EndgameTables, Value, solve_endgames


@pytest.fixture(scope="module")
def mosona_tables() -> EndgameTables:
    # Every class the tutorial's puzzles (at most 5 pieces) and their moves lead to.
    return solve_endgames("mosona", 3, max_total=5, cache_dir=False)


@pytest.fixture(scope="module")
def zuni3_tables() -> EndgameTables:
    return solve_endgames("zuni-3", 3, cache_dir=False)


def assert_sound(puzzle: Puzzle, tables: EndgameTables, min_choices: int = 3) -> None:
    """The puzzle's claims, checked against the solver."""
    position = puzzle.position
    n = puzzle.moves
    assert tables.value(position) == Value("win", 2 * n - 1), puzzle
    ranked = tables.evaluate_moves(position)
    assert len(ranked) >= min_choices
    winners = [move for move, value in ranked if value.outcome == "win"]
    assert len(winners) == 1, puzzle  # exactly one winning move
    # The puzzle stores no answer: its search finds the same one move as the solver.
    assert winning_moves(position, n) == winners, puzzle
    assert not hasattr(puzzle, "solution") and "solution" not in repr(puzzle)
    # Feedback: right for the answer; for every other move a reply after which
    # the solver agrees the win in n is gone.
    assert puzzle.check(winners[0]).correct
    for move, _ in ranked:
        if move == winners[0]:
            continue
        feedback = puzzle.check(move)
        assert not feedback.correct and feedback.reply, (puzzle, move, feedback)
        after_reply = position.play(move).play(feedback.reply)
        if after_reply.is_terminal():
            assert after_reply.outcome().winner is not position.turn
        else:
            value = tables.value(after_reply)
            assert not (value.outcome == "win" and value.plies <= 2 * n - 3), (puzzle, move, feedback)


def test_tutorial_puzzles_are_sound(mosona_tables):
    puzzles = tutorial_puzzles()
    assert len(puzzles) == 8
    assert [p.moves for p in puzzles] == sorted(p.moves for p in puzzles)
    assert {p.moves for p in puzzles} == {1, 2, 3}
    assert len({p.position_text for p in puzzles}) == 8
    for puzzle in puzzles:
        assert puzzle.position.variant.name == "mosona"
        assert puzzle.position.variant.rules.name == "standard"
        assert all(puzzle.position.count(c) <= 3 for c in ("white", "black"))
        assert_sound(puzzle, mosona_tables)


def test_found_puzzles_are_sound_and_reproducible(zuni3_tables):
    puzzles = find_puzzles(zuni3_tables, 6, moves=(1, 2, 3), seed=5)
    assert [p.moves for p in puzzles] == [1, 1, 2, 2, 3, 3]
    for puzzle in puzzles:
        assert_sound(puzzle, zuni3_tables)
    assert find_puzzles(zuni3_tables, 6, moves=(1, 2, 3), seed=5) == puzzles
    assert find_puzzles(zuni3_tables, 6, moves=(1, 2, 3), seed=6) != puzzles


def test_find_puzzles_options(zuni3_tables):
    small = find_puzzles(zuni3_tables, 3, moves=(2,), seed=1, max_total=4, min_choices=4)
    for puzzle in small:
        assert puzzle.position.count("white") + puzzle.position.count("black") <= 4
        assert len(puzzle.position.legal_moves()) >= 4
        assert_sound(puzzle, zuni3_tables, min_choices=4)
    assert [p.moves for p in find_puzzles(zuni3_tables, 5, moves=(3, 1))] == [1, 1, 3, 3, 3]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"moves": ()}, "moves must hold at least one number of moves"),
        ({"moves": (0,)}, "each of moves must be an integer from 1 to 1,000, got 0"),
        ({"count": 0}, "count must be an integer from 1 to 100, got 0"),
        ({"count": 10**9}, "count must be an integer from 1 to 100"),
        ({"max_total": 1}, "no class with that few pieces"),
        ({"moves": (40,), "attempts": 2000}, "found too few puzzles in 2000 tries (missing 8 of win in 40)"),
    ],
)
def test_find_puzzles_errors(zuni3_tables, kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        find_puzzles(zuni3_tables, **kwargs)


def test_puzzle_feedback_and_hint():
    puzzle = Puzzle("zuni-3 standard ww./...b/b.. w 0", 2)
    right = puzzle.check("T1-M1")
    assert isinstance(right, Feedback) and right.correct and right.reply is None
    assert str(right) == "Right! After T1-M1, whatever Black does, White wins within 2 moves."
    wrong = puzzle.check("T0-M0")
    assert not wrong.correct and wrong.reply == "B0xT0xT2" and "and wins" in wrong.message
    for bad in ("T1-T0", "nonsense", "Q9-T1", 42):
        feedback = puzzle.check(bad)
        assert not feedback.correct and feedback.message.startswith("That is not a legal move here")
    assert puzzle.hint() == "Look at the piece on `T1`."
    assert "quiet step" in puzzle.hint(attempt=2) and puzzle.hint(attempt=9) == puzzle.hint(attempt=2)
    assert puzzle.goal == "White to play and win in 2 moves"
    one = tutorial_puzzles()[0]
    assert one.check("B3xT4xT6xB5").message.endswith("takes the last pieces.")


@pytest.mark.parametrize(
    "args,message",
    [
        (("zuni-3 standard ww./...b/b.. w 0", 0), "must be an integer from 1 to 6"),
        (("zuni-3 standard ww./...b/b.. w 0", 7), "must be an integer from 1 to 6"),
        (("zuni-3 standard ww/...b/b.. w 0", 2), "puzzle position: .*field 3 \\(pieces\\)"),
        (("zuni-3 standard w../..../... b 0", 2), "must not be over already"),
    ],
)
def test_puzzle_rejects_bad_data(args, message):
    with pytest.raises(ValueError, match=message):
        Puzzle(*args)
