"""Notebook 08, Idea 1 plus Idea 2: pieces first, then how many moves I have after their answer."""

from awithlaknannai.league.lesson import careful_choose_move


def pieces_then_mobility(position, me):
    # pieces count most; the number of moves I have next breaks ties
    return 10 * (position.count(me) - position.count(me.other)) + len(position.legal_moves())


def choose_move(position):
    # an answer that wins for them is worse than any score
    return careful_choose_move(position, score=pieces_then_mobility, lost=-1000)
