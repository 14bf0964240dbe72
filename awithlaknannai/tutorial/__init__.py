"""Teaching support for the tutorial notebooks: exercises that check themselves.

Nothing here decides anything about the game; the right answers are asked of
the game package itself (boards, variants) wherever they can be computed.

>>> from awithlaknannai.tutorial import check
>>> print(check("01-mosona-points", 25))
Correct! The Mosona board has 25 points: 8 on top, 9 in the middle and 8 at the bottom.
"""

from .exercises import EXERCISES, Exercise, Feedback, check, exercise_ids, question
from .friendly import friendly_errors

__all__ = ["EXERCISES", "Exercise", "Feedback", "check", "exercise_ids", "friendly_errors", "question"]
