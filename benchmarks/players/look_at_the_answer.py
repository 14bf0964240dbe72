"""Notebook 08, Idea 1 (as in the teacher copy): the move whose worst answer leaves me best off."""

import random


def choose_move(position):
    me = position.turn
    best_score = None
    best_moves = []
    for move in position.legal_moves():
        after = position.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == me:
            return move
        # My score after the other side's best answer: the lowest I can end up with.
        worst = None
        for answer in after.legal_moves():
            then = after.play(answer)
            end = then.outcome()
            if end is not None and end.winner == me.other:
                score = -100
            else:
                score = then.count(me) - then.count(me.other)
            if worst is None or score < worst:
                worst = score
        if worst is None:
            worst = 0
        if best_score is None or worst > best_score:
            best_score = worst
            best_moves = [move]
        elif worst == best_score:
            best_moves.append(move)
    return random.choice(best_moves)
