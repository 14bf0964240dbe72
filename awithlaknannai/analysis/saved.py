"""Results that never change, computed once and shipped with the package.

A whole game of ``zuni-4`` (1.3 million positions) takes a second or two to
solve; the twelve games of notebook 6 (``zuni-3`` and ``zuni-4``, two
drawings, three rule sets) take more than ten seconds of computing, too long
to wait for in a lesson, and the answer is the same every time. ``benchmarks/saved_results.py`` solved
them once with :func:`~awithlaknannai.tables.solver.solve_game` and wrote
``saved_results.json`` beside this module (it travels in the wheel);
``tests/test_saved_results.py`` solves them again and compares. The
notebook still solves one ``zuni-3`` game live, to show how it is done,
and compares the saved result with it.

Examples
--------
>>> print(saved_value("zuni-4", "standard"))
win in 13 moves (25 plies)
>>> saved_first_moves("zuni-4", "standard")
('M3-M2',)
>>> sorted({board for board, _ in saved_boards()})
['zuni-3', 'zuni-3-murray', 'zuni-4', 'zuni-4-murray']
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ..rules import PRESETS
from ..tables.values import Value

__all__ = ["saved_boards", "saved_first_moves", "saved_value"]

FILE = "saved_results.json"


@cache
def _saved() -> dict[tuple[str, str], dict[str, Any]]:
    text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    return {(entry["board"], entry["rules"]): entry for entry in json.loads(text)["whole_games"]}


def saved_boards() -> list[tuple[str, str]]:
    """The (board, rules preset) pairs whose whole game is saved."""
    return list(_saved())


def _entry(board: str, rules: str) -> dict[str, Any]:
    if not isinstance(board, str) or not isinstance(rules, str):
        raise TypeError("saved_value takes a board name and a rules preset name, both strings")
    try:
        return _saved()[board, rules]
    except KeyError:
        known = ", ".join(f"{b} ({r})" for b, r in _saved())
        hint = "" if rules in PRESETS else f" (rules presets: {', '.join(PRESETS)})"
        raise KeyError(f"no saved result for {board} with the {rules} rules{hint}; saved: {known}. "
                       "Solve it yourself with solve_game(board, rules=rules)") from None


def saved_value(board: str, rules: str = "standard") -> Value:
    """The first player's result with perfect play from the start, as ``solve_game`` found it.

    Parameters
    ----------
    board : str
        A board whose whole game is saved (see :func:`saved_boards`).
    rules : str
        A rules preset: ``"standard"``, ``"maximum"`` or ``"ludii"``.

    Returns
    -------
    Value
        The same value as ``solve_game(board, rules=rules).value(Position.start(board, rules))``.
    """
    entry = _entry(board, rules)
    return Value(entry["outcome"], entry["plies"], entry["stand_in"])


def saved_first_moves(board: str, rules: str = "standard") -> tuple[str, ...]:
    """The first moves that keep the first player's best result (as ``best_moves`` lists them)."""
    return tuple(_entry(board, rules)["best"])
