"""Interactive boards for notebooks, drawn with ipycanvas.

- :class:`BoardWidget`: a clickable board with a status line.
- :class:`GameWidget`: a whole game: board, menus, undo/redo, history
  history buttons and move number box, move list, game record and computer opponents.
- :class:`CompareWidget`: the same moves replayed on several boards or
  rules side by side.
- :func:`collect_players`: the teacher's upload box that puts the class's
  player files into one folder for the league.

The widgets never decide what is legal: the click logic
(:class:`ClickController`, usable without any widget) filters the game's
legal moves and explains refusals with the core's own reasons.

Examples
--------
>>> from awithlaknannai.widgets import GameWidget
>>> GameWidget("mosona")              # doctest: +SKIP
"""

from .board import BoardWidget
from .collect import CollectPlayers, collect_players
from .compare import CompareWidget
from .controller import ClickController, ClickResult, Selection, turn_status
from .game import GameWidget

__all__ = [
    "BoardWidget",
    "ClickController",
    "ClickResult",
    "CollectPlayers",
    "CompareWidget",
    "GameWidget",
    "Selection",
    "collect_players",
    "turn_status",
]
