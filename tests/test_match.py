"""The match runner and the ``match`` command."""

from __future__ import annotations

import pytest

from awithlaknannai import Game, Position
from awithlaknannai.cli import main
from awithlaknannai.errors import LongJobError
from awithlaknannai.players import (
    AlphaBetaPlayer,
    GreedyPlayer,
    MatchResult,
    MCTSPlayer,
    RandomPlayer,
    play_game,
    run_match,
)
from awithlaknannai.players.match import STOPPED


def test_players_take_white_in_turn_and_the_counts_add_up() -> None:
    result = run_match("random", "greedy", games=6, variant="zuni-4", seed=1, progress=False)
    assert [r.white for r in result.rows] == ["A", "B"] * 3
    assert [r.black for r in result.rows] == ["B", "A"] * 3
    assert [r.number for r in result.rows] == [1, 2, 3, 4, 5, 6]
    for who in ("A", "B"):
        assert result.wins(who) + result.draws() + result.losses(who) == 6
        as_white = result.record(who, "white")
        as_black = result.record(who, "black")
        assert sum(as_white) == sum(as_black) == 3
        assert as_white[0] + as_black[0] == result.wins(who)
    assert result.wins("A") == result.losses("B")
    assert result.score("A") + result.score("B") == pytest.approx(1.0)
    assert sum(result.reasons().values()) == 6
    assert len(result.lengths()) == 6


def test_rows_describe_each_game() -> None:
    result = run_match("greedy", "random", games=2, variant="zuni-3", seed=4, progress=False)
    for row in result.rows:
        game_white = row.white
        assert row.result in ("white", "black", "draw")
        assert row.winner in ("A", "B", None)
        if row.result != "draw":
            assert row.winner == (game_white if row.result == "white" else row.black)
        assert row.first == "white"
        moves_only = row.moves.split("{")[0].split()
        assert row.turns == len([token for token in moves_only if not token.endswith(".")])
        assert row.white_left >= 0 and row.black_left >= 0


def test_a_seeded_match_repeats_exactly() -> None:
    def rows(seed: int) -> list:
        return run_match("alphabeta:1", "mcts:10", games=4, variant="zuni-4", seed=seed, progress=False).rows

    assert rows(3) == rows(3)


def test_players_are_reset_before_each_game() -> None:
    # Players that have just played elsewhere (search tables full, generators moved on)
    # play a seeded match exactly as fresh ones do.
    used_a, used_b = AlphaBetaPlayer(depth=2), MCTSPlayer(playouts=10)
    run_match(used_a, used_b, games=1, variant="mosona", seed=5, progress=False, max_turns=20)
    again = run_match(used_a, used_b, games=2, variant="zuni-4", seed=9, progress=False)
    fresh = run_match(
        AlphaBetaPlayer(depth=2), MCTSPlayer(playouts=10), games=2, variant="zuni-4", seed=9, progress=False
    )
    assert again.rows == fresh.rows


def test_openings_are_shared_by_each_pair_of_games() -> None:
    result = run_match(
        "greedy", "greedy", games=4, variant="mosona", seed=2, progress=False, opening_turns=3, max_turns=6
    )
    first_moves = [r.moves.split()[:4] for r in result.rows]  # "1. a b 2. c ..." -> three moves
    assert first_moves[0] == first_moves[1]
    assert first_moves[2] == first_moves[3]
    assert result.names == {"A": "greedy (1)", "B": "greedy (2)"}


def test_a_game_stopped_by_the_cap_is_a_draw_with_its_reason() -> None:
    result = run_match("random", "random", games=1, variant="kolowis", seed=0, progress=False, max_turns=3)
    row = result.rows[0]
    assert (row.turns, row.result, row.reason, row.winner) == (3, "draw", STOPPED, None)


def test_play_game_continues_a_game_in_place() -> None:
    game = Game("mosona")
    game.play("B3-M4")
    returned = play_game(game, GreedyPlayer(seed=0), GreedyPlayer(seed=1), max_turns=5)
    assert returned is game
    assert len(game.moves) == 5
    assert str(game.moves[1]) == "T4xB3"


def test_play_game_from_a_position() -> None:
    start = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"})
    game = play_game(start, "greedy", "greedy")
    assert game.outcome().winner.value == "white"
    assert len(game.moves) == 1


class _Cheat:
    name = "cheat"

    def choose_move(self, position: Position) -> str:
        return "B0-B1"  # never legal at the start: B1 is occupied


def test_a_player_choosing_an_illegal_move_is_named() -> None:
    with pytest.raises(ValueError, match=r"cheat \(White\) chose an illegal move: B0-B1: B1 is occupied"):
        play_game("mosona", _Cheat(), "random")


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: run_match("random", "greedy", games=0), ValueError, "games must be an integer from 1"),
        (lambda: run_match("random", "greedy", games=2, seed="x"), TypeError, "seed must be an integer"),
        (
            lambda: run_match("random", "greedy", games=2, opening_turns=-1),
            ValueError,
            "opening_turns must be",
        ),
        (
            lambda: run_match("random", "greedy", games=2, variant="chess"),
            ValueError,
            "unknown variant 'chess'",
        ),
        (
            lambda: run_match("random", "greedy", games=2, rules="strict"),
            ValueError,
            "unknown preset 'strict'",
        ),
        (lambda: run_match("random", "sharp", games=2), ValueError, "unknown player 'sharp'"),
        (
            lambda: run_match("random", object(), games=2),
            TypeError,
            "a player needs a name and a choose_move",
        ),
        (lambda: run_match("random", "random", games=10**30), ValueError, "games must be an integer from 1"),
        (lambda: run_match("random", "random", games=10**6), LongJobError, "a match of 1,000,000 games"),
        (lambda: play_game(42, "random", "random"), TypeError, "play_game needs a variant"),
        (lambda: play_game("mosona", "random", "random", max_turns=0), ValueError, "max_turns must be"),
        (
            lambda: play_game(
                "mosona", "random", "random", max_turns=None, rules="standard,quiet_turn_limit=off"
            ),
            LongJobError,
            "never end",
        ),
    ],
)
def test_bad_arguments_are_clear_errors(call, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_text_and_html_tables() -> None:
    result = run_match("random", "greedy", games=2, variant="zuni-3", seed=0, progress=False)
    text = str(result)
    assert "random (A) vs greedy (B) on zuni-3, standard rules, 2 games, seed 0" in text
    assert "A: random" in text and "B: greedy" in text
    assert "game length: mean" in text and "end reasons:" in text
    assert len(result.to_text(games=True).splitlines()) == len(text.splitlines()) + 1 + 2
    html = result._repr_html_()
    assert html.count("<tr>") == 3 and "<th>wins</th>" in html
    assert repr(result).startswith("<MatchResult random vs greedy: +")


def test_html_escapes_player_names() -> None:
    class Odd(RandomPlayer):
        name = "<b>odd</b>"

    html = run_match(Odd(seed=1), "random", games=1, variant="zuni-3", seed=0, progress=False)._repr_html_()
    assert "<b>odd</b>" not in html and "&lt;b&gt;odd&lt;/b&gt;" in html


def test_an_empty_result_prints() -> None:
    assert "no games played" in str(MatchResult({"A": "x", "B": "y"}, [], "mosona", "standard", None))


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    run_match("random", "random", games=2, variant="zuni-3", seed=0, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "random (1) vs random (2)" in captured.err  # tqdm's description


def test_cli_match_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "match",
            "--variant",
            "zuni-4",
            "--rules",
            "ludii",
            "--games",
            "4",
            "--players",
            "random",
            "alphabeta:1",
            "--seed",
            "3",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("random (A) vs alphabeta:1 (B) on zuni-4, ludii rules, 4 games, seed 3")
    assert "A: random" in out and "B: alphabeta:1" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--games", "0"], "error: --games must be from 1 to 10,000, got 0"),
        (["--players", "random", "wizard"], "error: unknown player 'wizard'"),
        (
            ["--players", "random", "alphabeta:x"],
            "error: player 'alphabeta:x': after 'alphabeta:' give a depth",
        ),
        (["--variant", "zuni-1"], "error: variant 'zuni-1': a Zuni board needs at least 2 points"),
        (
            ["--rules", "standard,speed=3"],
            "error: rules text 'standard,speed=3': unknown rule switch 'speed'",
        ),
    ],
)
def test_cli_match_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["match", "--games", "2", "--variant", "zuni-3", *argv])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(message)
    assert err.count("\n") == 1
