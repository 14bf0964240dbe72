"""The goals, slips and challenge of notebook 08 (writing a player)."""

from __future__ import annotations

import random

import pytest

from awithlaknannai import Position
from awithlaknannai.league import judge_player
from awithlaknannai.league import greedy_choose_move
from awithlaknannai.league.lesson import careful_choose_move as lesson_careful_choose_move
from awithlaknannai.tutorial.challenges import Challenge, ahead_after_reply, check_challenge
from awithlaknannai.tutorial.player_goals import GOAL_STEPS, goals, review_board, review_challenges

# Greedy takes two on the right, and Black takes three back; B3xB1 takes one that Black cannot repay.
TRAP = "mosona standard .bwb...w/.....w.bb/..bw.... w 0"


def careful_choose_move(position: Position):  # type: ignore[no-untyped-def]
    """The notebook's first idea: the move whose worst answer leaves me best off."""
    me = position.turn
    scored = []
    for move in position.legal_moves():
        after = position.play(move)
        if after.outcome() is not None and after.outcome().winner == me:
            return move
        worst = (
            min(
                (
                    -100
                    if (then := after.play(a)).outcome() is not None and then.outcome().winner == me.other
                    else then.count(me) - then.count(me.other)
                )
                for a in after.legal_moves()
            )
            if after.legal_moves()
            else 0
        )
        scored.append((worst, move))
    best = max(score for score, _ in scored)
    return random.choice([move for score, move in scored if score == best])


def test_the_packages_careful_player_chooses_as_the_notebooks_first_idea() -> None:
    # league.lesson.careful_choose_move (the benchmark's students' files use it) against the notebook's idea
    # written out above: the same move, and the same draws from Python's random, along random games.
    chooser = random.Random(8)
    for variant in ("zuni-3", "zuni-4", "mosona"):
        position = Position.start(variant)
        for turn in range(40):
            if position.outcome() is not None:
                break
            random.seed(turn)
            expected = careful_choose_move(position), random.random()
            random.seed(turn)
            assert (lesson_careful_choose_move(position), random.random()) == expected
            position = position.play(chooser.choice(position.legal_moves()))


def test_the_greedy_template_reaches_no_step_and_is_told_the_first_idea() -> None:
    report = goals(greedy_choose_move)
    assert [s.opponent for s in report.steps] == ["beginner", "casual", "club"]
    assert report.reached == 0 and not report.steps[0].reached
    assert report.advice() == f"Next idea: {GOAL_STEPS[0].next_idea}"
    assert "0 of 3 steps reached" in str(report) and "not yet" in report._repr_html_()


def test_looking_at_the_answer_beats_the_beginner() -> None:
    report = goals(careful_choose_move)
    assert report.steps[0].reached and report.steps[0].score >= 0.9
    assert report.reached >= 1
    if report.reached < len(GOAL_STEPS):
        assert report.advice() == f"Next idea: {GOAL_STEPS[report.reached].next_idea}"


def test_a_player_that_breaks_is_told_to_fix_that_first() -> None:
    def broken(position: Position):  # type: ignore[no-untyped-def]
        return "Z9-Z8"

    report = goals(broken, games=2)
    assert report.reached == 0 and report.problems
    assert report.advice().startswith("First fix the problem above")


def test_each_slip_is_solved_by_a_good_move_and_not_by_the_players_move() -> None:
    judgement = judge_player(greedy_choose_move, positions=40, seed=2)
    slips = review_challenges(judgement, count=3)
    assert 1 <= len(slips) <= 3
    mistakes = [m for m in judgement.mistakes() if m.played is not None and m.good_moves]
    for challenge, judged in zip(slips, mistakes):
        assert str(judged.played) in challenge.task
        assert check_challenge(challenge, [judged.good_moves[0]]).correct
        refused = check_challenge(challenge, [judged.played])
        assert not refused.correct and f"does not keep the {judged.best.outcome}" in refused.message


def test_a_player_without_slips_gets_a_note_instead_of_a_board() -> None:
    from awithlaknannai.tables.solver import PerfectPlayer, solve_endgames

    tables = solve_endgames("zuni-3", max_pieces=2, cache_dir=False)
    judgement = judge_player(PerfectPlayer(tables).choose_move, "zuni-3", positions=10, tables=tables)
    assert review_challenges(judgement) == []
    assert "no slips" in repr(review_board(judgement))
    with pytest.raises(TypeError, match="what judge_player returns"):
        review_challenges("judgement")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count must be"):
        review_challenges(judgement, count=0)


def test_the_trap_challenge_refutes_greedy_on_the_board() -> None:
    trap = Challenge(TRAP, ahead_after_reply(), "Greedy's trap")
    assert greedy_choose_move(trap.start).text() == "T7xB7xT6"
    run = trap.run()
    verdict = run.play("T7xB7xT6")
    assert verdict.status == "wrong" and verdict.reply is not None and verdict.reply.text() == "B2xB4xT5xT7"
    assert verdict.message == "Not yet: Black answers B2xB4xT5xT7, and you are 1 piece behind."
    assert check_challenge(trap, ["B3xB1"]).correct
    # The hint finds the one right move (nothing stored): what to look for, then its piece, then the leap.
    run.reset()
    first = run.hint()
    assert first.piece is None and "Look one move ahead" in first.text
    assert run.hint().piece == "B3"


def test_ahead_after_reply_counts_a_win_and_refuses_a_level_trade() -> None:
    level = "mosona standard ......../wb.b..wb./..wwbb.. w 0"
    challenge = Challenge(level, ahead_after_reply(), "Level")
    assert "level again" in check_challenge(challenge, ["M0xM2xM4"]).message
    assert check_challenge(challenge, ["M6xM8"]).correct
    with pytest.raises(ValueError, match="pieces must be an integer from 1 to 64"):
        ahead_after_reply(0)
    win = Challenge("mosona standard ......../...b...../...w.... w 0", ahead_after_reply(), "Last piece")
    assert check_challenge(win, ["B3xT2"]).correct
