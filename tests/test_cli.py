"""The command line's perft and show commands, and how it reports errors."""

from __future__ import annotations

import pytest

from awithlaknannai.variants import VARIANT_NAMES

from awithlaknannai.cli import main
from command_line import run_program


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "--depth", "4") == (0, "1 3\n2 4\n3 9\n4 23\n", "")


def test_perft_of_another_variant_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "perft", "--variant", "kolowis", "--rules", "ludii", "--depth", "3")
    assert status == 0 and out == "1 6\n2 36\n3 248\n"


def test_perft_from_a_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "perft", "--position", "zuni-4 standard ..../...../.w.. b 3", "--depth", "2")
    assert status == 0 and out == "1 0\n2 0\n"


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "show", "--moves")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "T    b   b   b   b   b   b   b   b",
        "M  b   b   b   b   .   w   w   w   w",
        "B    w   w   w   w   w   w   w   w",
        "White to move",
        "legal moves: M5-M4 B3-M4 B4-M4",
    ]


def test_show_a_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "zuni-4 standard ..../...../.w.. b 3", "--moves")
    assert status == 0
    assert out.splitlines()[-2:] == ["White wins (no pieces left)", "legal moves: none"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "--depth", "0"], "error: --depth must be from 1 to 12, got 0"),
        (["perft", "--depth", "100"], "error: --depth must be from 1 to 12, got 100"),
        (["match", "--games", "1000000000"], "error: --games must be from 1 to 10,000, got 1000000000"),
        (
            ["match", "--players", "mcts:1000000000", "random"],
            "error: player 'mcts:1000000000': at most 100,000 playouts a move",
        ),
        (
            ["match", "--players", "alphabeta:100", "random"],
            "error: player 'alphabeta:100': a depth above 8 needs a time limit, as in alphabeta:100:5s",
        ),
        (
            ["match", "--players", "alphabeta:100:1s", "random"],
            "error: player 'alphabeta:100:1s': depth must be an integer from 1 to 64 (or None with a time_limit), got 100",
        ),
        (
            ["match", "--players", "mcts:1e9s", "random"],
            "error: player 'mcts:1e9s': after 'mcts:' give playouts such as 500, seconds such as 1.5s (at most 600), "
            "or both as in mcts:500:1s",
        ),
        (
            ["solve", "--variant", "kolowis", "--max-pieces", "3"],
            "error: --max-pieces 3 on kolowis means 320,893,160 positions, estimated 61 min and 59.8 GB: more than the "
            "pure-Python solver takes on (limits 60 min and 8 GB); try a smaller --max-pieces",
        ),
        (
            [
                "solve",
                "--variant",
                "mosona",
                "--rules",
                "standard,leap_shape=bent",
                "--max-pieces",
                "1000000000",
            ],
            "error: --max-pieces 1,000,000,000 on mosona means 847,221,500,580 positions, estimated 73 days and 492.9 GB: "
            "more than the array solver takes on (limits 60 min and 8 GB); try a smaller --max-pieces",
        ),
        (
            ["show", "--variant", "zuni-10000"],
            "error: variant 'zuni-N': N is at most 1000 points in an outer row, got 10000",
        ),
        (
            ["show", "--variant", "tukvnanawopi", "--rules", "standard,leap_shape=bent"],
            "error: bent leaps are not supported on tukvnanawopi: its crossing lines make leap sequences multiply beyond "
            "what can be listed (tens of thousands of captures a position); use leap_shape=line",
        ),
        # The known names come from the variants' registry: the message lists them all, in its order.
        (["perft", "--variant", "nope"], "error: unknown variant 'nope'; known: " + ", ".join(VARIANT_NAMES)),
        (
            ["perft", "--rules", "wild"],
            "error: rules text 'wild': unknown preset 'wild' (known: standard, maximum, ludii)",
        ),
        (
            ["show", "bad text"],
            "error: position text has 2 fields, expected 5: variant rules pieces side quiet-turns "
            "(e.g. 'mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0')",
        ),
        (
            ["show", "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww q 0"],
            "error: position text, field 4 (side to move): 'q'; use w or b",
        ),
    ],
)
def test_errors_are_one_line_on_stderr_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err == message + "\n"


def test_argument_errors_exit_with_status_2_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["perft", "--depth", "many"], ["fly"], ["perft", "--depth", "9" * 5000]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.endswith("--help)\n") and err.count("\n") == 1
        assert len(err) < 600


def test_the_module_runs_as_a_program() -> None:
    ok = run_program("perft", "--depth", "3")
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "1 3\n2 4\n3 9\n", "")
    bad = run_program("show", "--variant", "zuni-1")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "error: variant 'zuni-1': a Zuni board needs at least 2 points in an outer row\n"
