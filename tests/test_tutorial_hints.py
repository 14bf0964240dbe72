"""Hints come in steps and never give the whole answer; answer boxes need no Python.

A wrong and a partial (unfinished) answer get a hint; however many times a
student tries, no feedback contains the solution.
"""

from __future__ import annotations

import pytest

from awithlaknannai import Move, parse_position
from awithlaknannai.analysis.puzzles import tutorial_puzzles, winning_moves
from awithlaknannai.tutorial import Feedback, check, quiz
from awithlaknannai.tutorial.friendly import explain_name_error, friendly_errors
from awithlaknannai.tutorial.practice import check_legal_moves, check_move, check_puzzle, hint_steps
from awithlaknannai.tutorial.quiz import AnswerBox, ask, ask_legal_moves, ask_move, ask_outcome, ask_puzzle

PUZZLES = tutorial_puzzles()
CHAIN = parse_position("mosona standard w......b/bb......./.w...... w 0")  # 03, exercise 5.1: T0xB0xT1
COMPULSORY = parse_position("mosona standard .b.b..../..w....../........ b 0")  # 03, exercise 6.1: T1xB2
TRIES = range(1, 11)


def _everything(feedback) -> str:
    return f"{feedback.message} {feedback.hint}"


def _answer(puzzle) -> Move:
    """The puzzle's winning move, found by search (the puzzle stores none)."""
    return winning_moves(puzzle.position, puzzle.moves)[0]


def _wrong_answers(position, solution: Move) -> list[str]:
    """Every other legal move, an illegal move of the right piece, and nonsense."""
    others = [move.text() for move in position.legal_moves() if move != solution]
    return [*others[:4], f"{solution.origin}-{solution.origin}", "B9-B10"]


def _partial_answers(solution: Move) -> list[str]:
    """The solution's chain cut short after each leap but the last."""
    points = solution.path
    return ["x".join(points[: k + 1]) for k in range(1, len(points) - 1)]


@pytest.mark.parametrize("index", range(len(PUZZLES)))
def test_puzzle_feedback_never_contains_the_solution(index):
    puzzle = PUZZLES[index]
    (solution,) = winning_moves(puzzle.position, puzzle.moves)
    for answer in _wrong_answers(puzzle.position, solution) + _partial_answers(solution):
        for attempt in TRIES:
            feedback = check_puzzle(puzzle, answer, attempt=attempt)
            assert feedback.status == "wrong", (answer, attempt)
            assert feedback.hint, f"no hint for {answer!r}"
            shown = _everything(feedback)
            assert solution.text() not in shown and solution.text(full=True) not in shown, (
                answer,
                attempt,
                shown,
            )


def test_puzzle_hints_come_one_step_at_a_time():
    answers = {p: winning_moves(p.position, p.moves)[0] for p in PUZZLES}
    puzzle = next(p for p in PUZZLES if len(answers[p].landings) >= 3)
    answer = answers[puzzle]
    hints = [check_puzzle(puzzle, "B9-B10", attempt=attempt).hint for attempt in TRIES]
    assert hints[0] == f"Look at the piece on `{answer.origin}`."
    assert "leap" in hints[1] and hints[1].startswith(hints[0])
    assert f"`{answer.landings[0]}`" in hints[2] and f"`{answer.landings[0]}`" not in hints[1]
    assert len(set(hints)) == len(hint_steps(answer))  # then it stops growing
    assert all(f"`{answer.landings[-1]}`" not in hint for hint in hints)


def test_a_partial_chain_is_a_good_start_and_the_hint_adds_a_step_not_the_end():
    puzzle = next(p for p in PUZZLES if len(_answer(p).landings) >= 3)
    first_leap = "x".join(_answer(puzzle).path[:2])
    feedback = check_puzzle(puzzle, first_leap.lower())
    assert feedback.status == "wrong" and "Good start" in feedback.message
    assert f"`{_answer(puzzle).landings[1]}`" in feedback.hint
    assert _answer(puzzle).text() not in _everything(feedback)


@pytest.mark.parametrize("answer", ["T0xB0", "t0xb0", "T0-M0", "T1-T2", "B1-B2", "T0xT1"])
def test_chain_exercise_feedback_never_contains_the_whole_move(answer):
    for attempt in TRIES:
        feedback = check_move(CHAIN, answer, attempt=attempt)
        assert feedback.status == "wrong"
        assert "T0xB0xT1" not in _everything(feedback)


def test_chain_exercise_partial_answer_is_told_it_is_a_good_start():
    feedback = check_move(CHAIN, "T0xB0")
    assert "Good start" in feedback.message and "must keep leaping" in feedback.message
    assert feedback.hint == "From `B0`, look for one more leap."


@pytest.mark.parametrize("answer", ["T3-M3", "T1-M1, T3-T4", "M2-M3"])
def test_legal_moves_feedback_never_names_the_missing_move(answer):
    for attempt in TRIES:
        feedback = check_legal_moves(COMPULSORY, answer, attempt=attempt)
        assert feedback.status == "wrong"
        assert "T1xB2" not in _everything(feedback), _everything(feedback)
    assert "`T1`" in check_legal_moves(COMPULSORY, "T3-M3", attempt=1).hint
    assert "leap" in check_legal_moves(COMPULSORY, "T3-M3", attempt=2).hint


def test_quiz_partial_answer_gets_a_hint_without_the_answer():
    feedback = check("01-sources-compulsory", {"c"})
    assert feedback.status == "wrong" and "1 source that says it" in feedback.message
    assert "must you capture?" in feedback.hint
    assert "leglobejoueur" not in _everything(feedback) and "French" not in _everything(feedback)


# --- answer boxes --------------------------------------------------------------------


def test_an_empty_box_is_no_answer_yet_and_is_not_a_try():
    box = ask("02-zuni3-edges")
    assert box.feedback.status == "missing" and box.attempts == 0
    assert box.check().status == "missing" and box.attempts == 0
    box.answer_input.value = "  19 "
    assert box.check().correct and box.attempts == 1
    assert "no quotation marks" not in box.feedback.message  # a typed number is a number


def test_each_checked_try_counts_and_the_hint_grows():
    puzzle = next(p for p in PUZZLES if len(_answer(p).landings) >= 3)
    box = ask_puzzle(puzzle)
    hints = []
    for wrong in ("B9-B10", "B9-B11", "b9-b11", "B9-B12"):
        box.answer_input.value = wrong  # as if typed and Enter pressed: the box checks it
        hints.append(box.check().hint)
    assert box.attempts == 3, "the same answer in other letters is not a new try"
    assert len(hints[0]) < len(hints[1]) == len(hints[2]) < len(hints[3])
    assert _answer(puzzle).text() not in box.feedback_view.value


def test_choice_boxes_read_letters_ticks_and_true_false():
    options = {"a": "Stevenson 1903", "b": "Culin 1907"}
    lettered = AnswerBox(
        lambda given, attempt: Feedback("x", "correct" if given == "b" else "wrong", "."),
        "x",
        "choice",
        quiz._lettered(options),
    )
    assert all(option[1:3] == ") " for option in lettered.answer_input.options)
    lettered.answer_input.value = lettered.answer_input.options[1]
    assert lettered.check().correct
    sources = ask("01-sources-compulsory")
    sources._ticks["c"].value = True
    assert sources.check().status == "wrong"
    sources._ticks["d"].value = True
    assert sources.check().correct
    truth = ask("01-authentic-rules")
    truth.answer_input.value = "False"
    assert truth.check().correct


def test_outcome_box_offers_words_not_python():
    box = ask_outcome(parse_position("mosona standard ww.....w/ww....wwb/bww....w b 0"))
    assert "White has won" in box.answer_input.options
    box.answer_input.value = "White has won"
    assert box.check().correct


def test_boxes_start_from_the_teacher_copys_answer_and_show_it_in_their_plain_text():
    box = ask_move(CHAIN, "T0xB0xT1")
    assert box.feedback.correct and box.attempts == 1
    assert repr(box).startswith("Answer box (move): T0xB0xT1\nCorrect!")
    legal = ask_legal_moves(COMPULSORY, "T1xB2")
    assert legal.feedback.correct
    bundle = ask("01-authentic-rules", False)._repr_mimebundle_()
    assert bundle["text/plain"].endswith(
        "Zuni people may know more than the books say."
    )  # not cut at 110 characters


def test_a_fresh_box_says_how_to_answer_in_its_saved_form():
    text = repr(ask_puzzle(PUZZLES[0]))
    assert text == (
        "Answer box (puzzle): empty (run this cell to answer)\n"
        "No answer yet. Type your answer in the box, then press Check."
    )


def test_answer_box_refuses_code_exercises_and_unknown_forms():
    with pytest.raises(ValueError, match="answered in Python code"):
        ask("02-edges-formula")
    with pytest.raises(ValueError, match="form must be"):
        AnswerBox(lambda given, attempt: None, "x", form="slider")


def test_a_bare_word_is_explained_in_plain_words():
    feedback = explain_name_error(NameError("name 'b' is not defined", name="b"))
    assert '`"b"`' in feedback.message and "Traceback" not in str(feedback)
    assert friendly_errors() is None  # outside IPython: nothing to do, no error


# --- the challenge board's Hint button: one step more at every press, in words that fit the goal ------

from awithlaknannai import Position
from awithlaknannai.tutorial.challenges import (
    Challenge,
    ahead_after_reply,
    block,
    capture,
    every_move,
    only_move,
    reach,
    win_in,
)

GOALS = {  # goal kind: (challenge, words the first step must use)
    "reach": (
        Challenge(Position.start("mosona").text(), reach("M4"), "00: into the centre"),
        ["M4", "follow its lines back"],
    ),
    "only": (
        Challenge(Position.start("mosona").play("B3-M4").text(), only_move(), "03, 3.1: Black's reply"),
        ["the one piece that can"],
    ),
    "capture": (
        Challenge("mosona standard .wb...../......b../...wb... w 0", capture(2), "Two in one turn"),
        ["empty point just behind it", "You need 2 in one turn"],
    ),
    "every": (
        Challenge("mosona standard .......b/...w...../...w.... w 0", every_move(), "Every step"),
        ["try every line", "0 of"],
    ),
    "block": (
        Challenge("mosona standard bww...../w.w....../ww...... w 0", block(), "Shut it in"),
        ["no move at all"],
    ),
    "win": (
        Challenge(PUZZLES[2].position_text, win_in(2), "Puzzle 3"),
        ["win in 2 moves", f"whatever {PUZZLES[2].position.turn.other} answers"],
    ),
    "ahead": (
        Challenge("mosona standard .bwb...w/.....w.bb/..bw.... w 0", ahead_after_reply(), "Look ahead"),
        ["Look one move ahead", "take back"],
    ),
}


@pytest.mark.parametrize("kind", GOALS)
def test_each_press_of_hint_shows_more_and_the_last_shows_the_move_unplayed(kind):
    challenge, words = GOALS[kind]
    run = challenge.run()
    marks = [run.hint() for _ in range(12)]
    steps = marks[: next(i for i in range(1, len(marks)) if marks[i] == marks[i - 1])]
    assert len(steps) >= 4, steps
    seen = [(m.text, m.piece, m.path) for m in steps]
    assert len(set(seen)) == len(seen), "a press that changes nothing"
    assert all(len(m.text) <= 200 for m in steps)
    first = steps[0]
    assert first.piece is None and first.path == ()  # words first, nothing on the board yet
    for word in words:
        assert word in first.text, (kind, first.text)
    target = run._target()
    assert target is not None and target.origin not in first.text.replace(f"{challenge.goal.point}", "")
    assert steps[1].piece == target.origin and steps[1].path == ()  # then the ring on the piece
    assert steps[-1].path == tuple(target.path) and "Play it yourself" in steps[-1].text  # last: the move
    assert run.line == [] and run.position == challenge.start  # shown, never played
    assert all(mark == steps[-1] for mark in marks[len(steps) :])  # the last step stays
    if kind not in ("win", "ahead"):
        assert not any("reply" in m.text or "answer" in m.text for m in steps), (
            "look-ahead words for a one-move task"
        )


def test_the_hint_move_meets_the_goal_for_every_kind():
    for kind, (challenge, _) in GOALS.items():
        run = challenge.run()
        for _ in range(12):
            last = run.hint()
        move = next(m for m in run.position.legal_moves() if tuple(m.path) == last.path)
        verdict = run.play(move)
        assert verdict.status in ("solved", "going on"), (kind, verdict)


def test_a_chain_is_given_one_landing_at_a_time_and_never_its_last_before_the_end():
    challenge, _ = GOALS["capture"]
    run = challenge.run()
    target = run._target()
    marks = [run.hint() for _ in range(8)]
    final = target.landings[-1]
    last_index = next(i for i, m in enumerate(marks) if m.path == tuple(target.path))
    assert all(final not in m.text and m.path != tuple(target.path) for m in marks[:last_index])
    leaps = [m for m in marks[:last_index] if m.path]
    assert [m.path for m in leaps] == [tuple(target.path[: k + 2]) for k in range(len(target.landings) - 1)]
