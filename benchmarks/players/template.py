"""The greedy template of notebook 08 (template_code()): the most pieces after my own move."""

import random


def choose_move(position):
    """Play the move after which I have the most pieces compared with my opponent.

    A winning move is played at once. Among equally good moves, one is
    chosen at random. It looks only at its own move, not at the reply:
    that is the first thing to improve.
    """
    me = position.turn
    best_score = None
    best_moves = []
    for move in position.legal_moves():
        after = position.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == me:
            return move  # this move wins the game
        score = after.count(me) - after.count(me.other)
        if best_score is None or score > best_score:
            best_score = score
            best_moves = [move]
        elif score == best_score:
            best_moves.append(move)
    return random.choice(best_moves)
