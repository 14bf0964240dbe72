"""Players that students write, and the class league that plays them against each other.

A student's player is a function ``choose_move(position)``. :func:`test_player`
tries it against the levels, :func:`save_player` hands it in as a file,
:func:`judge_player` measures its moves against the solved endgames, and
:func:`run_league` plays a class's players against each other, each file in a
process of its own, confined by what the operating system offers
(:mod:`.confine`, :mod:`.sandbox` say what that protects).

Examples
--------
>>> from awithlaknannai import Position
>>> from awithlaknannai.league import greedy_choose_move
>>> start = Position.start("zuni-3")
>>> greedy_choose_move(start) in start.legal_moves()
True
"""

from .contestants import Contestant, PlayersFolderError, contestants_from_folder
from .handin import PlayerFileNameError
from .judge import MoveJudgement, judge_player
from .lesson import PlayerTest, SavedPlayer, greedy_choose_move, save_player, template_code, test_player
from .ratings import elo_ratings
from .games import Forfeit, LeagueGame, Standings
from .results import LeagueResults
from .sandbox import NotConfinedError
from .signing import LeagueSignatureError
from .tournament import run_league

__all__ = [
    "Contestant",
    "Forfeit",
    "MoveJudgement",
    "LeagueGame",
    "LeagueResults",
    "LeagueSignatureError",
    "NotConfinedError",
    "PlayerFileNameError",
    "PlayerTest",
    "PlayersFolderError",
    "SavedPlayer",
    "Standings",
    "contestants_from_folder",
    "elo_ratings",
    "greedy_choose_move",
    "judge_player",
    "run_league",
    "save_player",
    "template_code",
    "test_player",
]
