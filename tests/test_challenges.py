"""Rule challenges and puzzles answered by moves: the goals, the runs, the board that answers back."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awithlaknannai import Move, Position, parse_position
from awithlaknannai.analysis.puzzles import tutorial_puzzles, winning_moves
from awithlaknannai.tutorial.challenge_board import PROGRESS, ChallengeBoard
from awithlaknannai.tutorial.challenges import (
    Challenge,
    block,
    capture,
    custom,
    every_move,
    only_move,
    reach,
    win_in,
)

CHOICE = "mosona standard ......../...bb..b./b.w...w. w 0"  # B2xT3xB4 takes two, B6xT7 one


@pytest.fixture(autouse=True)
def fresh_progress():
    PROGRESS.clear()
    yield
    PROGRESS.clear()


def test_a_teachers_challenge_in_a_few_lines():
    """Issue 16: a teacher writes a new challenge in a cell in <= 10 lines."""
    challenge = Challenge(CHOICE, capture(2), "Two in one turn", explanation="A chain is one move.")
    run = challenge.run()
    assert not run.play("B6xT7").solved
    run.reset()
    assert run.play("B2xT3xB4").solved


def test_capture_goal_says_how_many_a_wrong_move_took():
    run = Challenge(CHOICE, capture(2), "Two").run()
    verdict = run.play("B6xT7")
    assert verdict.status == "wrong" and "takes 1 piece" in verdict.message and verdict.reply is None


def test_a_refused_move_changes_nothing_and_names_no_example_move():
    run = Challenge(CHOICE, capture(2), "Two").run()
    before = run.position
    verdict = run.play("B2xT3")
    assert verdict.status == "refused" and "keep leaping" in verdict.message
    assert "B2xT3xB4" not in verdict.message  # the example in the position's reason is the answer
    assert run.position is before and run.tries == 0
    assert run.play("nonsense").status == "refused" and run.play(42).status == "refused"


BLOCK = "mosona standard bww...../w.w....../ww...... w 0"  # only M2-M1 shuts T0 in


def test_only_move_block_and_reach():
    opening = Position.start("mosona").play("B3-M4").text()
    assert Challenge(opening, only_move(), "The only reply").run().play("T4xB3").solved
    with pytest.raises(ValueError, match="exactly one legal move"):
        Challenge(Position.start("mosona").text(), only_move(), "Not only")
    assert Challenge(BLOCK, block(), "Block it").run().play("M2-M1").solved
    assert reach("M4").describe("White") == "White to play: get a piece to M4."
    assert Challenge(Position.start("mosona").text(), reach("M4"), "To the centre").run().play("B3-M4").solved
    wrong = Challenge(Position.start("mosona").text(), reach("M4"), "To the centre").run()
    assert Challenge(BLOCK, reach("M1"), "To M1").run().play("M2-M1").solved
    assert not wrong.play("B3-M4").status == "wrong"


def test_block_goal_shows_the_reply_that_is_still_possible():
    run = Challenge(BLOCK, block(), "Shut it in").run()
    verdict = run.play("M2-M3")
    assert verdict.status == "wrong" and verdict.reply == Move("T0", ("M1",))
    assert "Black can still move, for example T0-M1" in verdict.message


def test_every_move_counts_each_one_and_goes_back():
    text = "mosona standard .......b/...w...../...w.... w 0"  # 03, exercise 3.1: eight steps
    run = Challenge(text, every_move(), "Every step").run()
    legal = parse_position(text).legal_moves()
    for number, move in enumerate(legal, 1):
        verdict = run.play(move)
        assert run.position == parse_position(text)  # back to the start after each
        assert verdict.solved == (number == len(legal)), verdict.message
    assert f"{len(legal)} of {len(legal)}" not in verdict.message


def test_custom_goal_and_a_check_that_fails():
    def lands_in_centre(before, move, after):
        return None if move.destination == "M4" else "Land on M4."

    start = Position.start("mosona").text()
    assert (
        Challenge(start, custom(lands_in_centre, "land on the centre."), "Centre").run().play("B3-M4").solved
    )

    def broken(before, move, after):
        raise RuntimeError("oops")

    verdict = Challenge(start, custom(broken, "anything."), "Broken").run().play("B3-M4")
    assert verdict.status == "wrong" and "RuntimeError" in verdict.message


@pytest.mark.parametrize(
    "arguments,error,message",
    [
        (("mosona standard ww/...b/b.. w 0", capture(1), "x"), ValueError, "field 3"),
        ((CHOICE, capture(5), "Five"), ValueError, "no legal move meets the goal"),
        ((CHOICE, "capture 2", "x"), TypeError, "goal is made by capture"),
        ((CHOICE, capture(1), ""), ValueError, "needs a title"),
        ((CHOICE, capture(1), "x" * 700), ValueError, "at most 600"),
        ((CHOICE, reach("Q9"), "Nowhere"), ValueError, "no point 'Q9'"),
        (("zuni-3 standard w../..../... b 0", capture(1), "Over"), ValueError, "already over"),
    ],
)
def test_bad_challenges_are_refused_when_made(arguments, error, message):
    with pytest.raises(error, match=message):
        Challenge(*arguments)


def test_bad_goal_arguments():
    with pytest.raises(ValueError):
        capture(0)
    with pytest.raises(ValueError):
        win_in(9)
    with pytest.raises(TypeError):
        reach(5)
    with pytest.raises(TypeError):
        custom("not a function", "x")


def test_hints_grow_from_words_to_the_piece_to_its_leaps_to_the_whole_move():
    challenge = Challenge(CHOICE, capture(2), "Two", hints=("Look for a chain.",))
    run = challenge.run()
    marks = [run.hint() for _ in range(7)]
    assert marks[0].text == "Look for a chain." and marks[0].piece is None and marks[0].path == ()
    assert marks[1].piece is None and "empty point just behind it" in marks[1].text  # what to look for
    assert marks[2].piece == "B2" and marks[2].path == ()
    assert marks[3].piece == "B2" and "takes 2 pieces" in marks[3].text and marks[3].path == ()
    assert marks[4].path == ("B2", "T3") and "B4" not in marks[4].text  # the first leap, not the last landing
    assert (
        marks[5].path == ("B2", "T3", "B4") and "B2 to T3 to B4" in marks[5].text
    )  # the whole move, not played
    assert marks[6] == marks[5] and run.line == []  # the ladder ends there; nothing was played


# --- puzzles as challenges ---------------------------------------------------------------------


@pytest.mark.parametrize("index", range(8))
def test_every_tutorial_puzzle_is_played_out_against_the_best_defence(index):
    puzzle = tutorial_puzzles()[index]
    run = Challenge(puzzle.position_text, win_in(puzzle.moves), f"Puzzle {index + 1}").run()
    for _ in range(puzzle.moves):
        (move,) = winning_moves(run.position, puzzle.moves - len(run.line) // 2)[:1]
        verdict = run.play(move)
        if verdict.solved:
            break
        assert verdict.status == "going on" and verdict.reply is not None
    assert run.solved and run.position.outcome().winner is puzzle.position.turn


def test_a_wrong_puzzle_move_is_answered_by_the_reply_that_spoils_it():
    puzzle = tutorial_puzzles()[2]  # win in 2
    run = Challenge(puzzle.position_text, win_in(2), "Puzzle 3").run()
    (right,) = winning_moves(run.position, 2)
    wrong = next(m for m in run.position.legal_moves() if m != right)
    verdict = run.play(wrong)
    assert verdict.status == "wrong" and verdict.reply is not None
    assert str(verdict.reply) in verdict.message


SMALL = st.sampled_from(["zuni-3", "zuni-4"])


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(SMALL, st.integers(0, 10**6))
def test_a_hinted_move_always_meets_the_goal(variant, seed):
    """Property: in positions reached by play, the move a hint points to meets a capture goal."""
    import random

    rng = random.Random(seed)
    position = Position.start(variant)
    for _ in range(rng.randrange(0, 12)):
        if position.is_terminal():
            return
        position = position.play(rng.choice(position.legal_moves()))
    if position.is_terminal():
        return
    best = max(len(m.captures) for m in position.legal_moves())
    if best == 0:
        return
    run = Challenge(position.text(), capture(best), "Most").run()
    run.hint()
    mark = run.hint()  # the second step rings the piece
    target = next(m for m in position.legal_moves() if m.origin == mark.piece and len(m.captures) >= best)
    assert run.play(target).solved


# --- the board ------------------------------------------------------------------------------------


def test_a_solved_challenge_stays_solved_when_the_cell_runs_again():
    challenges = [Challenge(CHOICE, capture(2), "Two"), Challenge(CHOICE, capture(1), "One")]
    board = ChallengeBoard(challenges, animate=False)
    assert board.done() == [False, False]
    assert board.play("B2xT3xB4").solved
    assert board.board.controller.locked is not None and "Solved!" in board.board.status_text
    assert board._progress_buttons[0].description.startswith("\u2714 1.")
    again = ChallengeBoard(challenges, animate=False)  # the cell run again
    assert again.done() == [True, False]


def test_a_wrong_move_is_refuted_on_the_board_and_try_again_restores_the_start():
    puzzle = tutorial_puzzles()[2]
    board = ChallengeBoard(Challenge(puzzle.position_text, win_in(2), "Puzzle 3"), animate=False)
    (right,) = winning_moves(puzzle.position, 2)
    wrong = next(m for m in puzzle.position.legal_moves() if m != right)
    verdict = board.play(wrong)
    assert verdict.status == "wrong"
    assert board.board.game.moves == [wrong, verdict.reply]  # the refutation is played on the board
    assert board.board.status_text.startswith("\u26a0 Not this one")
    assert not board.board.click(board.board.game.position.points[0]).accepted  # locked until Try again
    board.again_button.click()
    assert board.board.game.moves == [] and board.board.controller.locked is None


def test_hint_button_draws_the_piece_then_the_first_leap():
    board = ChallengeBoard(Challenge(CHOICE, capture(2), "Two"), animate=False)
    board.hint_button.click()  # words only: what to look for
    assert board.board.hint == () and "Hint: Look for" in board.board.status_text
    board.hint_button.click()
    scene = board.board.scene()
    assert any(op[0] == "set_line_dash" and op[1] for op in scene)  # the dashed ring
    assert board.board.hint == ()
    board.hint_button.click()
    board.hint_button.click()
    assert board.board.hint == ("B2", "T3") and "Hint:" in board.board.status_text


def test_puzzle_defence_is_played_with_an_event_loop():
    puzzle = tutorial_puzzles()[3]

    async def scenario() -> ChallengeBoard:
        board = ChallengeBoard(Challenge(puzzle.position_text, win_in(2), "Puzzle 4"), animate=True)
        (first,) = winning_moves(puzzle.position, 2)
        verdict = board.play(first)
        assert verdict.status == "going on" and board.board.controller.locked is not None
        await asyncio.wait_for(board.wait_idle(), timeout=10)
        assert len(board.board.game.moves) == 2 and board.board.controller.locked is None
        (second,) = winning_moves(board.board.game.position, 1)[:1]
        assert board.play(second).solved
        return board

    board = asyncio.run(scenario())
    assert board.solved


def test_the_saved_form_is_a_picture_and_the_task_never_an_answer():
    board = ChallengeBoard(Challenge(CHOICE, capture(2), "Two in one turn"), animate=False)
    bundle = board._repr_mimebundle_()
    assert "Run the cell to play" in bundle["text/plain"] and "Two in one turn" in bundle["text/plain"]
    assert "<img" in bundle["text/html"] and "B2xT3xB4" not in bundle["text/html"] + bundle["text/plain"]


def test_board_arguments_are_checked():
    with pytest.raises(ValueError):
        ChallengeBoard([])
    with pytest.raises(ValueError):
        ChallengeBoard([Challenge(CHOICE, capture(1), "Same"), Challenge(CHOICE, capture(2), "Same")])
    board = ChallengeBoard(Challenge(CHOICE, capture(1), "One"), animate=False)
    with pytest.raises(ValueError):
        board.go_to(3)


def test_moves_by_keyboard_alone():
    board = ChallengeBoard(Challenge(CHOICE, capture(2), "Two"), animate=False)
    widget = board.board
    # Walk the cursor to B2 with the arrow keys, Enter, then to T3, Enter: the chain plays itself.
    for target in ("B2", "T3"):
        for _ in range(40):
            if widget.cursor == target:
                break
            x, y = widget.geometry.xy(target)
            cx, cy = widget.geometry.xy(widget.cursor) if widget.cursor else (0, 0)
            key = (
                "ArrowDown"
                if y > cy + 1
                else "ArrowUp"
                if y < cy - 1
                else "ArrowRight"
                if x > cx
                else "ArrowLeft"
            )
            widget.handle_key(key)
        widget.handle_key("Enter")
    assert board.solved and widget.game.moves == [Move("B2", ("T3", "B4"), ("M3", "M4"))]
