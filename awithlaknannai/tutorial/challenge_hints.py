"""A challenge's hints: each step shows more, from what to look for to the whole move drawn as an arrow."""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.puzzles import ORDINALS
from ..i18n import gettext as _
from ..i18n import ngettext, side_name
from ..position import Move, Position
from .challenge_goals import Goal

__all__ = ["HintMark", "hint_ladder"]


@dataclass(frozen=True)
class HintMark:
    """A hint: its words, and what to draw on the board.

    ``piece`` is a point to ring; ``path`` a route to draw as a dashed arrow
    (the first leap, or the whole move).
    """

    text: str
    piece: str | None = None
    path: tuple[str, ...] = ()


def _look_for(goal: Goal, position: Position, found: int) -> str:
    """The first hint for a goal: what to look for, in words that fit the task, and no point named."""
    me, them = side_name(position.turn), side_name(position.turn.other)
    if goal.kind == "reach":
        return _(
            "Start from {point} and follow its lines back: which of your pieces could get there "
            "this turn, by a step or a leap?"
        ).format(point=goal.point)
    if goal.kind == "every":
        total = len(position.legal_moves())
        return ngettext(
            "Go through your pieces one at a time and try every line from each: where can it step, "
            "and can it leap? {found} of {total} move found so far.",
            "Go through your pieces one at a time and try every line from each: where can it step, "
            "and can it leap? {found} of {total} moves found so far.",
            total,
        ).format(found=found, total=total)
    if goal.kind == "capture":
        look = _(
            "Look for a {them} piece next to one of yours with an empty point just behind it, "
            "on the same line."
        ).format(them=them)
        if goal.amount == 1:
            return look
        more = _("You need {count} in one turn: after a leap, the same piece must look for the next one.")
        return f"{look} {more.format(count=goal.amount)}"
    if goal.kind == "only":
        return _("Most of your pieces cannot move at all here. Look for the one piece that can.")
    if goal.kind == "block":
        return _(
            "After your move, {them} must have no move at all. Which {them} pieces can still move now, "
            "and how could you take that away?"
        ).format(them=them)
    if goal.kind == "win":
        return ngettext(
            "You must win in {count} move, whatever {them} answers. Look for a move "
            "that leaves {them} only bad answers.",
            "You must win in {count} moves, whatever {them} answers. Look for a move "
            "that leaves {them} only bad answers.",
            goal.amount,
        ).format(count=goal.amount, them=them)
    if goal.kind == "ahead":
        return _(
            "Look one move ahead: for each capture, ask what {them} can take back. A capture that "
            "{them} pays back with more is no gain for {me}."
        ).format(them=them, me=me)
    return _("Read the task again, and try each move in your head before you play it.")


def hint_ladder(goal: Goal, position: Position, target: Move, found: int = 0) -> list[HintMark]:
    """The hints towards ``target`` for ``goal`` in ``position``, each step showing more than the last.

    What to look for (words that fit the goal, no point named); the piece
    (ringed on the board); the kind of move it makes; for a chain, each
    landing point but the last; and last, the whole move drawn as an arrow,
    for the student to play. ``found`` is the moves found so far of an
    :func:`every_move` goal.

    Examples
    --------
    >>> from awithlaknannai.tutorial.challenge_goals import reach
    >>> p = Position.start("mosona")
    >>> for mark in hint_ladder(reach("M4"), p, p.find_move("B3-M4")):
    ...     print(mark.piece, mark.path, mark.text)
    None () Start from M4 and follow its lines back: which of your pieces could get there this turn, by a step or a leap?
    B3 () Look at the piece on B3 (the ring).
    B3 () It makes one step along a line, onto an empty point next to it.
    B3 ('B3', 'M4') The arrow shows the move: B3 to M4. Play it yourself.
    """
    piece = target.origin
    ladder = [
        HintMark(_look_for(goal, position, found)),
        HintMark(_("Look at the piece on {point} (the ring).").format(point=piece), piece=piece),
    ]
    if target.is_capture:
        count = len(target.captures)
        ladder.append(
            HintMark(
                ngettext(
                    "It leaps over an enemy piece, and takes {count} piece in all this turn.",
                    "It leaps over an enemy piece, and takes {count} pieces in all this turn.",
                    count,
                ).format(count=count),
                piece=piece,
            )
        )
        for index, landing in enumerate(target.landings[:-1]):
            nth = (
                str(ORDINALS[index])
                if index < len(ORDINALS)
                else _("number {number}").format(number=index + 1)
            )
            ladder.append(
                HintMark(
                    _("Its {nth} leap lands on {point}; then it leaps again.").format(nth=nth, point=landing),
                    piece=piece,
                    path=target.path[: index + 2],
                )
            )
        route = _(" to ").join(target.path)
        ladder.append(
            HintMark(
                _("The arrow shows the whole move: {route}. Play it yourself.").format(route=route),
                piece=piece,
                path=tuple(target.path),
            )
        )
    else:
        ladder.append(
            HintMark(_("It makes one step along a line, onto an empty point next to it."), piece=piece)
        )
        ladder.append(
            HintMark(
                _("The arrow shows the move: {point} to {destination}. Play it yourself.").format(
                    point=piece, destination=target.destination
                ),
                piece=piece,
                path=tuple(target.path),
            )
        )
    return ladder
