"""Computer players, strength levels, the match runner, and a league for players students write.

Every player has a ``name`` and a ``choose_move(position)`` method (the
:class:`Player` protocol), so widgets, the command line and the analysis can
use any of them, or a player of your own. A student's player is just a
function ``choose_move(position)``: :func:`test_player` tries it against the
levels, and :func:`run_league` plays a class's players against each other,
each in a process of its own (:mod:`.sandbox` says what that protects).

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
from .league import (
    Forfeit,
    LeagueGame,
    LeagueResults,
    LeagueSignatureError,
    Standings,
    elo_ratings,
    run_league,
)
from .lesson import PlayerTest, SavedPlayer, greedy_choose_move, save_player, template_code, test_player
from .levels import LEVELS, make_player, player_for_level
from .match import GameRow, MatchResult, play_game, run_match
from .mcts import MCTSPlayer
from .sandbox import Contestant, PlayersFolderError, contestants_from_folder

__all__ = [
    "LEVELS",
    "AlphaBetaPlayer",
    "Contestant",
    "Evaluator",
    "Forfeit",
    "GameRow",
    "GreedyPlayer",
    "LeagueGame",
    "LeagueResults",
    "LeagueSignatureError",
    "MCTSPlayer",
    "MatchResult",
    "Player",
    "PlayerTest",
    "PlayersFolderError",
    "RandomPlayer",
    "SavedPlayer",
    "SeededPlayer",
    "Standings",
    "Weights",
    "contestants_from_folder",
    "elo_ratings",
    "greedy_choose_move",
    "make_player",
    "play_game",
    "playable_moves",
    "player_for_level",
    "run_league",
    "run_match",
    "save_player",
    "template_code",
    "test_player",
]
