"""Computer players, strength levels and the match runner.

Every player has a ``name`` and a ``choose_move(position)`` method (the
:class:`Player` protocol), so widgets, the command line and the analysis can
use any of them, or a player of your own. A student's player is just a
function ``choose_move(position)``; trying it against the levels and playing
a class's players against each other is :mod:`awithlaknannai.league`'s work.

Examples
--------
>>> from awithlaknannai import Position
>>> player = make_player("greedy", seed=0)
>>> player.choose_move(Position.start("mosona")) in Position.start("mosona").legal_moves()
True
"""

from .alphabeta import AlphaBetaPlayer
from .base import Player, SeededPlayer, playable_moves
from .basic import GreedyPlayer, RandomPlayer
from .evaluation import Evaluator, Weights
from .levels import LEVELS, make_player, player_for_level
from .match import GameRow, MatchResult, play_game, run_match
from .mcts import MCTSPlayer

__all__ = [
    "LEVELS",
    "AlphaBetaPlayer",
    "Evaluator",
    "GameRow",
    "GreedyPlayer",
    "MCTSPlayer",
    "MatchResult",
    "Player",
    "RandomPlayer",
    "SeededPlayer",
    "Weights",
    "make_player",
    "play_game",
    "playable_moves",
    "player_for_level",
    "run_match",
]
