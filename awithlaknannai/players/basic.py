"""Two simple computer players: one that picks at random, one that grabs pieces.

Both are quick enough for any board and make good first opponents: the
random player is easy to beat once a student sees captures coming, and the
greedy player punishes a piece left where it can be jumped. Both take one
parameter, ``seed``: the seed of the player's own random generator (see
:class:`~awithlaknannai.players.base.SeededPlayer`).

Examples
--------
>>> from awithlaknannai import Position
>>> p = Position.start("mosona").play("B3-M4")
>>> GreedyPlayer(seed=1).choose_move(p)   # the only legal move: jump the centre
Move('T4xB3')
"""

from __future__ import annotations

from ..position import Move, Position, generate_raw
from ..variants import Color, Variant
from .base import SeededPlayer, playable_moves

__all__ = ["GreedyPlayer", "RandomPlayer"]


class RandomPlayer(SeededPlayer):
    """Choose uniformly among the legal moves.

    Under compulsory capture it still captures, because only captures are
    legal then; under the Ludii rules it captures only by chance.

    Examples
    --------
    >>> from awithlaknannai import Position
    >>> start = Position.start("mosona")
    >>> RandomPlayer(seed=3).choose_move(start) == RandomPlayer(seed=3).choose_move(start)
    True
    """

    name = "random"

    def choose_move(self, position: Position) -> Move:
        return self.rng.choice(playable_moves(position))


class GreedyPlayer(SeededPlayer):
    """Take the most pieces now, minus the most the opponent can take back.

    Each legal move is scored as (pieces it captures) minus (the most pieces
    the opponent's best capture takes in reply); a move that leaves the
    opponent with no piece or no move scores above everything else, and a
    move that lets the opponent win at once (under the Ludii rules a player
    may be left without moves) below. Ties are broken at random, so the
    player looks only one turn ahead: it never sets a trap and often walks
    into two-move combinations.

    Examples
    --------
    >>> from awithlaknannai import Position
    >>> p = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
    >>> GreedyPlayer(seed=0).choose_move(p)
    Move('M1xM3')
    """

    name = "greedy"

    def choose_move(self, position: Position) -> Move:
        moves = playable_moves(position)
        if len(moves) == 1:
            return moves[0]
        variant = position.variant
        best: list[int] = []
        best_score = None
        for i, move in enumerate(moves):
            after = position.play(move)  # a move of legal_moves(): played without checks
            score = self._score(variant, after, len(move.captures))
            if best_score is None or score > best_score:
                best, best_score = [i], score
            elif score == best_score:
                best.append(i)
        return moves[self.rng.choice(best)]

    @staticmethod
    def _score(variant: Variant, after: Position, captured: int) -> float:
        outcome = after.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            # The mover is after.turn.other: a win for them is very good.
            return 1000.0 if outcome.winner is not after.turn else -1000.0
        own, opp = (after.white, after.black) if after.turn is Color.WHITE else (after.black, after.white)
        replies = generate_raw(variant, own, opp, after.dead)  # a shrunk board limits the replies too
        most_back = max((len(r[2]) for r in replies), default=0)
        return float(captured - most_back)
