"""The solved war games' opening facts: complete, as the build log recorded them, and given by the hint."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from awithlaknannai import Game, Position
from awithlaknannai.tables.solved_starts import SOLVED_STARTS, solved_start
from awithlaknannai.rules import PRESETS
from awithlaknannai.widgets.game import hint_for

LOG = Path(__file__).resolve().parents[1] / "benchmarks" / "tables-results.txt"


def _summary_rows() -> dict[tuple[str, str], str]:
    """The build log's summary table of the war games: (board, rules) -> the row with its continuation."""
    text = LOG.read_text(encoding="utf-8")
    block = text[text.index("Summary of the 19-point war games") :]
    rows: dict[tuple[str, str], str] = {}
    key = None
    for line in block.splitlines()[2:]:
        match = re.match(r"(lau-kata-kati|pretwa)\s+(standard|ludii|maximum)\s+(.*)", line)
        if match:
            key = (match[1], match[2])
            rows[key] = match[3]
        elif key is not None and line.startswith(" " * 20):
            rows[key] += " " + line.strip()
        else:
            break
    return rows


def test_every_solved_game_of_the_build_log_is_here_and_says_the_same() -> None:
    rows = _summary_rows()
    assert set(rows) == set(SOLVED_STARTS)
    for key, facts in SOLVED_STARTS.items():
        row = rows[key]
        if facts.result == "win":
            assert f"WIN in {facts.moves_to_win} moves" in row, row
        else:
            assert row.startswith("draw"), row
        for move in facts.best:
            assert move in row
        for move in facts.losing:
            assert f"{move} loses" in row and f"in {facts.losing_in} moves" in row, row
        if not facts.losing:
            assert "all draw" in row, row


@pytest.mark.parametrize("key", list(SOLVED_STARTS))
def test_the_facts_name_every_first_move_once(key: tuple[str, str]) -> None:
    facts = SOLVED_STARTS[key]
    start = Position.start(facts.variant, rules=facts.rules)
    named = list(facts.best) + list(facts.losing)
    assert sorted(named) == sorted(str(move) for move in start.legal_moves())
    assert solved_start(start) is facts


def test_only_the_exact_start_under_the_exact_preset_is_known() -> None:
    start = Position.start("pretwa", rules="standard")
    assert solved_start(start.play("e1-o0")) is None
    changed = Game("pretwa", PRESETS["standard"].replace(compulsory_capture=False))
    assert solved_start(changed.position) is None
    assert solved_start(Position.start("mosona")) is None
    with pytest.raises(TypeError, match="Position"):
        solved_start("pretwa")  # type: ignore[arg-type]


def test_the_hint_gives_the_solved_opening_in_words_and_an_arrow() -> None:
    hint = hint_for(Game("pretwa", "maximum"))
    assert hint.perfect and str(hint.move) == "e1-o0"
    assert "White wins in 33 of your moves" in hint.text and "Not d1-o0: it loses in 10 moves" in hint.text
    lau = hint_for(Game("lau-kata-kati", "standard"))
    assert lau.perfect and "Any first move keeps the draw" in lau.text
    # After the first move the tables are not here: the hint is the strongest level's guess again.
    game = Game("pretwa", "maximum")
    game.play("e1-o0")
    assert not hint_for(game).perfect
