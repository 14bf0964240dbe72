"""The game widget's move list: every move of the line, the current one marked, those taken back muted."""

from __future__ import annotations

import html

from ..game import Game
from ..i18n import gettext as _
from ..variants import Color

__all__ = ["move_list_html"]


def move_list_html(game: Game) -> str:
    """The move list of ``game`` as HTML: numbered moves, then the moves taken back (muted).

    Examples
    --------
    >>> game = Game("mosona")
    >>> _ = game.play("B3-M4")
    >>> "<b>1.</b>" in move_list_html(game), 'aria-label="Moves"' in move_list_html(game)
    (True, True)
    """
    played = len(game.moves)
    texts = [game.move_text(i) for i in range(played)] + [m.text() for m in game.taken_back]
    if not texts:
        no_moves = html.escape(_("No moves yet."))
        return f'<div class="awithlaknannai-moves awithlaknannai-muted">{no_moves}</div>'
    first_black = game.start.turn is Color.BLACK
    cells: list[str] = []
    for i, text in enumerate(texts):
        turn = i + (1 if first_black else 0)
        number = ""
        if turn % 2 == 0:
            number = f"<b>{turn // 2 + 1}.</b> "
        elif i == 0:
            number = f"<b>{turn // 2 + 1}.</b> &hellip; "
        css = ""
        if i == played - 1:
            css = ' class="awithlaknannai-current-move"'
        elif i >= played:
            css = ' class="awithlaknannai-muted"'
        # A move and its number never break apart: the list wraps between moves only.
        cells.append(
            f'<span class="awithlaknannai-move">{number}<span{css}>{html.escape(text)}</span></span>'
        )
    outcome = game.outcome()
    if outcome is not None and not game.can_redo():  # the outcome shows at the end of the line only
        cells.append(f"<i>{html.escape(str(outcome))}</i>")
    # A scrolling box must take the focus, so keyboard users can scroll it.
    label = html.escape(_("Moves"))
    return (
        f'<div class="awithlaknannai-moves" tabindex="0" role="region" aria-label="{label}" '
        'style="font-family:monospace;line-height:1.6;'
        f'max-height:8em;overflow-y:auto">{" ".join(cells)}</div>'
    )
