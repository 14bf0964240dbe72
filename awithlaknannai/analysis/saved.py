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

Random games with a fixed seed never change either: notebooks 6 and 7 show
a hundred random games on each of ten boards (about six seconds of
computing), so :func:`saved_selfplay` gives their statistics from the same
file, and the notebooks play a hundred games on the small board ``zuni-3``
live, to show how they are made.

Examples
--------
>>> print(saved_value("zuni-4", "standard"))
win in 13 moves (25 plies)
>>> saved_first_moves("zuni-4", "standard")
('M3-M2',)
>>> sorted({board for board, _ in saved_boards()})
['zuni-3', 'zuni-3-murray', 'zuni-4', 'zuni-4-murray']
>>> culin = saved_selfplay("mosona")
>>> culin.games, culin.first_player_wins + culin.second_player_wins + culin.draws
(100, 100)
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

from ..rules import PRESETS
from ..tables.values import Value
from .selfplay import SelfplayStatistics

__all__ = [
    "SELFPLAY_GAMES",
    "SELFPLAY_SEED",
    "saved_boards",
    "saved_first_moves",
    "saved_selfplay",
    "saved_selfplay_boards",
    "saved_value",
]

FILE = "saved_results.json"
SELFPLAY_GAMES = 100
"""How many random games each saved batch holds."""
SELFPLAY_SEED = 1
"""The match seed of every saved batch of random games."""


@cache
def _file() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8"))


@cache
def _saved() -> dict[tuple[str, str], dict[str, Any]]:
    return {(entry["board"], entry["rules"]): entry for entry in _file()["whole_games"]}


@cache
def _saved_selfplay() -> dict[tuple[str, str], dict[str, Any]]:
    return {(entry["variant"], entry["rules_preset"]): entry for entry in _file()["selfplay"]}


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
        raise KeyError(
            f"no saved result for {board} with the {rules} rules{hint}; saved: {known}. "
            "Solve it yourself with solve_game(board, rules=rules)"
        ) from None


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


def saved_selfplay_boards() -> list[tuple[str, str]]:
    """The (board, rules preset) pairs whose random games are saved."""
    return list(_saved_selfplay())


def saved_selfplay(
    board: str,
    rules: str = "standard",
    players: str = "random",
    games: int = SELFPLAY_GAMES,
    seed: int = SELFPLAY_SEED,
) -> SelfplayStatistics:
    """The statistics of a saved batch of random games: what ``selfplay_statistics`` finds with these arguments.

    Parameters
    ----------
    board : str
        A board whose random games are saved (see :func:`saved_selfplay_boards`).
    rules : str
        A rules preset (saved: ``"standard"``).
    players, games, seed
        Only the saved batch exists: ``"random"`` players, ``SELFPLAY_GAMES`` games,
        seed ``SELFPLAY_SEED``. They are arguments so that the call reads like the
        ``selfplay_statistics`` call it stands for.

    Returns
    -------
    SelfplayStatistics
        Equal to ``selfplay_statistics(board, rules, players=players, games=games, seed=seed)``
        in every count; its ``rows`` (the games' move lists) are not saved, so they are empty.

    Raises
    ------
    KeyError
        If that batch is not saved (the message says how to play it).

    Examples
    --------
    >>> saved_selfplay("pretwa").mean_length > 0
    True
    >>> saved_selfplay("pretwa", games=1000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "no saved random games for pretwa (standard rules, random players, 1000 games, seed 1); ...
    """
    key = (board, rules)
    wanted = (players, games, seed) == ("random", SELFPLAY_GAMES, SELFPLAY_SEED)
    if not wanted or key not in _saved_selfplay():
        saved = ", ".join(b for b, _ in _saved_selfplay())
        raise KeyError(
            f"no saved random games for {board} ({rules} rules, {players} players, {games} games, "
            f"seed {seed}); saved: {SELFPLAY_GAMES} games of random players, seed {SELFPLAY_SEED}, "
            f"standard rules, on {saved}. Play them yourself with "
            f"selfplay_statistics({board!r}, {rules!r}, players={players!r}, games={games}, seed={seed})"
        )
    entry = _saved_selfplay()[key]
    return SelfplayStatistics(
        variant=entry["variant"],
        rules=entry["rules"],
        players=tuple(entry["players"]),
        games=entry["games"],
        first_player_wins=entry["first_player_wins"],
        second_player_wins=entry["second_player_wins"],
        draws=entry["draws"],
        lengths=tuple(entry["lengths"]),
        pieces_left=tuple((a, b) for a, b in entry["pieces_left"]),
        reasons=Counter(entry["reasons"]),
        rows=(),
    )
