"""Notebook 08, Idea 1 (as in the teacher copy): the move whose worst answer leaves me best off.

The teacher copy's solution is the package's ``careful_choose_move``, so the player's
process has it already imported, like the template.
"""

from awithlaknannai.league.lesson import careful_choose_move as choose_move

__all__ = ["choose_move"]
