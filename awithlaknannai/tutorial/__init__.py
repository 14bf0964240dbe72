"""Teaching support for the tutorial notebooks: exercises that check themselves.

Nothing here decides anything about the game; the right answers are asked of
the game package itself (boards, variants) wherever they can be computed.

>>> from awithlaknannai.tutorial import check
>>> print(check("01-spot-difference", "C"))
Not yet. At C both drawings have a line. You found 0 of the 3 places where Murray's drawing has no line. Hint: Put your finger on a letter in the top drawing, then on the same letter in the bottom one: is there a line under it in both?
"""

from .exercises import EXERCISES, Exercise, Feedback, check, exercise_ids, question
from .friendly import friendly_errors

__all__ = ["EXERCISES", "Exercise", "Feedback", "check", "exercise_ids", "friendly_errors", "question"]
