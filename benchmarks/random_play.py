"""Uniformly random games through the Position API, shared by run.py and random_games.py.

The start position may come from this package or from the one before (run.py compares
both), so nothing here imports awithlaknannai: it only calls ``legal_moves`` and ``play``.
"""

from __future__ import annotations

import random
from typing import Any


def random_game_plies(start: Any, games: int, seed: int) -> int:
    """Play ``games`` uniformly random games from ``start``; return the plies played in all."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        position = start
        moves = position.legal_moves()
        while moves:
            position = position.play(rng.choice(moves))
            moves = position.legal_moves()
            plies += 1
    return plies
