"""The greedy template of notebook 08 (template_code()): the most pieces after my own move.

A student who hands in the template unchanged hands in exactly this function; the
player's process has already imported ``awithlaknannai.league``, so the import is free.
"""

from awithlaknannai.league import greedy_choose_move as choose_move

__all__ = ["choose_move"]
