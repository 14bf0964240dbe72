"""test_player runs the student's function in a process of its own by default (issue 24's slips of 08)."""

from __future__ import annotations

import time

import pytest

from awithlaknannai.league import test_player as try_player


def stuck_in_c(position):  # type: ignore[no-untyped-def]
    """One call into C that Python's own alarm cannot interrupt."""
    sum(range(10**11))
    return position.legal_moves()[0]


def chatty(position):  # type: ignore[no-untyped-def]
    print("thinking about", len(position.legal_moves()), "moves")
    return position.legal_moves()[0]


def test_a_move_stuck_in_c_code_is_stopped_at_the_time_limit() -> None:
    started = time.process_time()
    report = try_player(
        stuck_in_c, against=["beginner"], games=2, variant="zuni-3", time_limit=0.5, progress=False
    )
    # The notebook's own process did not run the sum: its processor time stays small.
    assert time.process_time() - started < 5
    assert [row["forfeits"] for row in report.table()] == [2]
    assert all("for a move" in line or "processor time" in line for line in report.problems())


def test_what_the_player_printed_is_shown_under_the_table() -> None:
    report = try_player(chatty, against=["beginner"], games=2, variant="zuni-3", progress=False)
    assert report.printed.startswith("thinking about")
    assert "What your player printed" in report.to_text()
    assert "<details><summary>What your player printed</summary>" in report._repr_html_()
    quiet = try_player(chatty, against=["beginner"], games=2, variant="zuni-3", progress=False, sandbox=False)
    assert quiet.printed == ""


def test_a_function_that_cannot_be_sent_runs_here_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    report = try_player(
        lambda position: position.legal_moves()[0],
        against=["beginner"],
        games=2,
        variant="zuni-3",
        progress=False,
    )
    line = capsys.readouterr().out.strip()
    assert line.startswith("Your player runs here in the notebook (a player function needs a name")
    assert "\n" not in line
    assert len(report.results.games) == 2


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"games": "4"}, TypeError, "games is a whole number"),
        ({"games": 2.0}, TypeError, "games is a whole number"),
        ({"games": 0}, ValueError, "from 1 to"),
        ({"progress": "no"}, TypeError, "progress is True or False"),
        ({"sandbox": "yes"}, TypeError, "sandbox is True, False or None"),
        ({"against": []}, ValueError, "at least one opponent"),
        ({"against": "casual"}, TypeError, "against is a list"),
    ],
)
def test_wrong_arguments_name_what_was_expected(arguments: dict, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        try_player(chatty, **{"variant": "zuni-3", "progress": False, **arguments})


def test_the_league_clock_counts_processor_time_and_bounds_waiting_by_the_wall_clock() -> None:
    from awithlaknannai.league import Contestant
    from awithlaknannai.league.player_side import PlayerFailure
    from awithlaknannai.league.sandbox import WALL_FACTOR, PlayerProcess
    from awithlaknannai.position import Position
    from awithlaknannai.variants import get_variant

    variant = get_variant("zuni-3")
    code = (
        "import time\n"
        "def choose_move(position):\n"
        "    if len(position.legal_moves()) > 0 and WAIT:\n"
        "        time.sleep(WAIT)\n"
        "    while SPIN:\n"
        "        pass\n"
        "    return position.legal_moves()[0]\n"
    )

    def ask(wait: float, spin: bool) -> tuple[str | None, float]:
        player = Contestant.from_source(f"WAIT = {wait}\nSPIN = {spin}\n" + code, "p", origin="p.py")
        process = PlayerProcess(player, variant, time_limit=0.5)
        process.start()
        started = time.monotonic()
        try:
            process.choose(Position.start(variant))
            return None, time.monotonic() - started
        except PlayerFailure as failure:
            return failure.kind, time.monotonic() - started
        finally:
            process.close()

    # Waiting a little past the limit uses no processor time: still in time.
    assert ask(0.8, False)[0] is None
    # Waiting for ever loses on time once the wall clock reaches WALL_FACTOR times the limit.
    kind, seconds = ask(60, False)
    assert kind == "timeout" and seconds >= WALL_FACTOR * 0.5 - 0.1
    # Thinking for ever loses on time as soon as it has used the limit in processor time.
    assert ask(0, True)[0] == "timeout"
