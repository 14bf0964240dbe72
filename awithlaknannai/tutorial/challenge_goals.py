"""A challenge's goal: what it asks for ("take two pieces", "block", "win in 2"), in words, and how a move is judged by it.

Build a goal with :func:`capture`, :func:`only_move`, :func:`block`,
:func:`reach`, :func:`win_in`, :func:`ahead_after_reply`, :func:`every_move`
or :func:`custom`; a :class:`~awithlaknannai.tutorial.challenges.Challenge`
puts it on a position. Nothing here decides what is legal: a goal only
looks at what a move did, and the moves that meet it are found by looking
at the legal moves (and, for "win in N", by a short search, as the puzzles do).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..analysis.puzzles import MAX_PUZZLE_MOVES, _wins_within, winning_moves
from ..errors import shown
from ..i18n import gettext as _
from ..i18n import ngettext, side_name
from ..limits import text, whole_number
from ..position import Move, Position

__all__ = [
    "GOAL_KINDS",
    "MAX_TEXT",
    "Goal",
    "ahead_after_reply",
    "block",
    "capture",
    "custom",
    "every_move",
    "only_move",
    "reach",
    "win_in",
]

#: The goals the judge knows (see :class:`Goal`).
GOAL_KINDS = frozenset({"capture", "only", "block", "reach", "win", "every", "ahead", "custom"})
MAX_TEXT = 600  # a title, task, explanation or hint longer than this is no classroom text


@dataclass(frozen=True)
class Goal:
    """What a challenge asks for. Build one with :func:`capture`, :func:`only_move`,
    :func:`block`, :func:`reach`, :func:`win_in`, :func:`ahead_after_reply`,
    :func:`every_move` or :func:`custom`.

    ``kind`` names the goal, ``amount`` is its number (pieces, moves) and
    ``point`` its point, where it has one; ``check`` is a custom goal's test.

    A goal of a kind the judge does not know is refused when it is made
    (it would otherwise be met by any move):

    >>> Goal(kind="nope")
    Traceback (most recent call last):
    ...
    ValueError: a goal's kind is one of 'ahead', 'block', 'capture', 'custom', 'every', 'only', 'reach', 'win', got 'nope'
    """

    kind: str
    amount: int = 1
    point: str | None = None
    check: Callable[[Position, Move, Position], str | None] | None = field(default=None, compare=False)
    wording: str = ""

    def __post_init__(self) -> None:
        kind = text("a goal's kind", self.kind, 20)
        if kind not in GOAL_KINDS:
            raise ValueError(
                f"a goal's kind is one of {', '.join(map(repr, sorted(GOAL_KINDS)))}, got {kind!r}"
            )
        whole_number("a goal's amount", self.amount, 1, 64)
        if self.point is not None:
            text("a goal's point", self.point, 8)
        if kind == "custom" and not callable(self.check):
            raise TypeError("a custom goal needs a function check(before, move, after)")
        if self.check is not None and kind != "custom":
            raise ValueError("only a custom goal has a check function")
        if kind == "reach" and self.point is None:
            raise ValueError("a reach goal needs a point, e.g. reach('M4')")
        text("a goal's wording", self.wording, MAX_TEXT)

    def describe(self, side: str) -> str:
        """The task in words for ``side`` ("White"), in the session's language (:mod:`awithlaknannai.i18n`)."""
        if self.wording:
            return _("{side} to play: {task}").format(side=side_name(side), task=self.wording)
        count = self.amount
        # Each kind's task (looked up in the catalog each time: the session's language may change).
        tasks = {
            "capture": ngettext("take {count} piece in one turn.", "take {count} pieces in one turn.", count),
            "win": ngettext(
                "win in {count} move, whatever the other side does.",
                "win in {count} moves, whatever the other side does.",
                count,
            ),
            "ahead": ngettext(
                "come out {count} piece ahead, even after the other side's best answer.",
                "come out {count} pieces ahead, even after the other side's best answer.",
                count,
            ),
            "only": _("find the only legal move."),
            "block": _("leave the other side with no move at all."),
            "reach": _("get a piece to {point}."),
            "every": _("play every legal move, one at a time."),
        }
        task = tasks.get(self.kind) or _("meet the goal.")
        return _("{side} to play: {task}").format(
            side=side_name(side), task=task.format(count=count, point=self.point)
        )


def capture(at_least: int = 1) -> Goal:
    """Take at least ``at_least`` pieces in one turn.

    >>> capture(2).describe("White")
    'White to play: take 2 pieces in one turn.'
    """
    return Goal("capture", _count(at_least, "at_least"))


def only_move() -> Goal:
    """Find the only legal move (the position must have exactly one)."""
    return Goal("only")


def block() -> Goal:
    """Leave the other side without a legal move (the game ends there under rules where that loses)."""
    return Goal("block")


def reach(point: str) -> Goal:
    """Move a piece so that it ends its turn on ``point``."""
    if not isinstance(point, str):
        raise TypeError(f"reach() takes a point name such as 'M4', got {type(point).__name__}")
    if not 1 <= len(point) <= 8:
        raise ValueError(f"reach() takes a point name such as 'M4', got {shown(point)}")
    return Goal("reach", point=point)


def win_in(moves: int) -> Goal:
    """Win by force within ``moves`` of your own moves; the computer defends as well as it can."""
    return Goal("win", whole_number("win_in()'s moves", moves, 1, MAX_PUZZLE_MOVES))


def ahead_after_reply(pieces: int = 1) -> Goal:
    """Gain ``pieces`` pieces or more, counted after the other side's best answer.

    This is "look one move ahead": a capture the other side can pay back
    with more does not count. Winning the game at once always meets it.

    >>> ahead_after_reply().describe("White")
    "White to play: come out 1 piece ahead, even after the other side's best answer."
    """
    return Goal("ahead", _count(pieces, "pieces"))


def every_move() -> Goal:
    """Find every legal move: each one played is counted, the board goes back after each."""
    return Goal("every")


def custom(check: Callable[[Position, Move, Position], str | None], wording: str) -> Goal:
    """A goal of your own: ``check(before, move, after)`` returns ``None`` when the move meets it,
    else one sentence saying why not; ``wording`` is the task ("make a move that ...").

    >>> goal = custom(lambda before, move, after: None if move.destination == "M4" else "Land on M4.",
    ...               "land on the centre.")
    >>> goal.describe("White")
    'White to play: land on the centre.'
    """
    if not callable(check):
        raise TypeError(f"custom() needs a function check(before, move, after), got {type(check).__name__}")
    if not isinstance(wording, str) or not wording.strip():
        raise TypeError("custom() needs the task in words, e.g. 'make a move that lands on M4.'")
    return Goal("custom", check=check, wording=_text(wording, "wording"))


def _count(value: Any, name: str) -> int:
    return whole_number(name, value, 1, 64)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a challenge's {name} is text, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise ValueError(f"a challenge's {name} is at most {MAX_TEXT} characters, got {len(value)}")
    return value.strip()


# --- judging -----------------------------------------------------------------------------


def _why_not(goal: Goal, before: Position, move: Move, after: Position) -> str | None:
    """``None`` when ``move`` meets ``goal``, else why not, in one sentence."""
    if goal.kind == "capture":
        taken = len(move.captures)
        if taken >= goal.amount:
            return None
        what = (
            _("that move takes no piece.")
            if taken == 0
            else ngettext("that move takes {count} piece.", "that move takes {count} pieces.", taken)
        )
        find = _("Find a move that takes {count}.").format(count=goal.amount)
        return f"{what.format(count=taken)} {find}"
    if goal.kind == "only":
        return None  # the only legal move is the only move that could be played
    if goal.kind == "block":
        if not after.legal_moves():
            return None
        return _("{side} can still move, for example {move}.").format(
            side=side_name(after.turn), move=after.legal_moves()[0]
        )
    if goal.kind == "reach":
        if move.destination == goal.point:
            return None
        return _("that move ends on {point}, not {goal}.").format(point=move.destination, goal=goal.point)
    if goal.kind == "ahead":
        return _why_not_ahead(goal.amount, before, after)
    if goal.kind == "custom" and goal.check is not None:
        try:
            verdict = goal.check(before, move, after)
        except Exception as error:  # noqa: BLE001 - a teacher's check must not break the board
            return _("the challenge's own check failed ({error}).").format(error=type(error).__name__)
        return None if verdict is None else str(verdict)[:300]
    return None


def _margin(position: Position, me: Any) -> int:
    return position.count(me) - position.count(me.other)


def _best_answer(after: Position, me: Any) -> tuple[Move | None, float]:
    """The other side's answer that leaves ``me`` worst off, and ``me``'s margin after it.

    A finished game counts as far ahead (or behind) as can be.
    """
    outcome = after.outcome()
    if outcome is not None:
        won = outcome.winner == me
        return None, float("inf") if won else (
            float("-inf") if outcome.winner is not None else _margin(after, me)
        )
    best: tuple[Move | None, float] = (None, float("inf"))
    for answer in after.legal_moves():
        then = after.play(answer)
        end = then.outcome()
        margin: float = _margin(then, me)
        if end is not None and end.winner is not None:
            margin = float("inf") if end.winner == me else float("-inf")
        if margin < best[1]:
            best = (answer, margin)
    return best


def _why_not_ahead(amount: int, before: Position, after: Position) -> str | None:
    me = before.turn
    answer, margin = _best_answer(after, me)
    gain = margin - _margin(before, me)
    if gain >= amount:
        return None
    them = side_name(me.other)
    if gain == float("-inf"):
        return _("{them} answers {reply} and wins the game.").format(them=them, reply=answer)
    if answer is None:
        return _("the game ends there without a gain for you.")
    count = int(abs(gain))
    where = {
        "level": _("{them} answers {reply}, and you are level again."),
        "ahead": ngettext(
            "{them} answers {reply}, and you are only {count} piece ahead.",
            "{them} answers {reply}, and you are only {count} pieces ahead.",
            count,
        ),
        "behind": ngettext(
            "{them} answers {reply}, and you are {count} piece behind.",
            "{them} answers {reply}, and you are {count} pieces behind.",
            count,
        ),
    }["level" if gain == 0 else "ahead" if gain > 0 else "behind"]
    return where.format(them=them, reply=answer, count=count)


def _solutions(goal: Goal, position: Position) -> list[Move]:
    """The legal moves that meet ``goal`` in ``position`` (for hints and for checking a challenge is possible)."""
    if position.is_terminal():
        return []
    moves = position.legal_moves()
    if goal.kind in ("only", "every"):
        return list(moves)
    if goal.kind == "win":
        return winning_moves(position, goal.amount)
    return [m for m in moves if _why_not(goal, position, m, position.play(m)) is None]


def _spoiler(goal: Goal, after: Position, plies: int = 0) -> Move | None:
    """The opponent's reply to show after a wrong move (the one that spoils a win, or any for a block)."""
    if after.is_terminal():
        return None
    if goal.kind == "win":
        for reply in after.legal_moves():
            if not _wins_within(after.play(reply), plies - 1):
                return reply
        return None
    if goal.kind == "block":
        return after.legal_moves()[0]
    if goal.kind == "ahead":
        return _best_answer(after, after.turn.other)[0]
    return None


def _longest_defence(after: Position, plies: int) -> Move:
    """The defender's reply that holds out longest against a forced win (a short search)."""
    best, best_length = None, -1
    for reply in after.legal_moves():
        then = after.play(reply)
        length = next((k for k in range(plies + 1) if then.is_terminal() or _wins_within(then, k)), plies + 1)
        if length > best_length:
            best, best_length = reply, length
    assert best is not None  # a position that is not over has a legal move
    return best
