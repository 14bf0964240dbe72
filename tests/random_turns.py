"""Games played on by uniformly random moves, seeded so that a failure repeats."""

from __future__ import annotations

import random

from awithlaknannai import Game


def play_random_turns(game: Game, turns: int, seed: int) -> Game:
    """Play up to ``turns`` uniformly random moves in ``game`` (fewer if it ends first); return it."""
    rng = random.Random(seed)
    for _ in range(turns):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game
