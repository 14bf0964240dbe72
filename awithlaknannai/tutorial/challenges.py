"""Challenges: a small position, a goal, and the student answers by playing moves.

A :class:`Challenge` is data: a position text, a :class:`Goal` ("take two
pieces in one turn", "block Black", "win in 2"), a title, and optionally a
task, hints and an explanation shown once it is solved. A teacher writes a
new one in a cell in a few lines::

    >>> from awithlaknannai.tutorial.challenges import Challenge, capture
    >>> two = Challenge("mosona standard ......../...bb..b./b.w...w. w 0", capture(2),
    ...                 "Two in one turn", explanation="A chain of leaps is one move.")
    >>> two.task
    'White to play: take 2 pieces in one turn.'
    >>> run = two.run()
    >>> print(run.play("B6xT7"))
    Not yet: that move takes 1 piece. Find a move that takes 2.
    >>> run.reset(); print(run.play("B2xT3xB4"))
    Solved! A chain of leaps is one move.

Nothing here decides what is legal: every move is played by the position
itself, and goals only look at what a move did. No answer is stored: the
moves that meet a goal are found when a hint asks for them, by looking at
the legal moves (and, for "win in N", by a short search, as the puzzles do).
:class:`ChallengeRun` is one attempt at a challenge, the state a board
widget keeps (:class:`~awithlaknannai.tutorial.challenge_board.ChallengeBoard`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..analysis.puzzles import (
    ORDINALS,
    MAX_PUZZLE_MOVES,
    _wins_within,
    forces_win,
    winning_moves,
)
from ..errors import NotationError, shown
from ..i18n import ngettext, side_name
from ..i18n import gettext as _
from ..limits import bounded_items, text, whole_number
from ..notation import parse_position
from ..position import Move, Position
from .exercises import CORRECT, Feedback
from .exercises import WRONG as FEEDBACK_WRONG
from .practice import refusal_reason

__all__ = [
    "Challenge",
    "ChallengeRun",
    "Goal",
    "HintMark",
    "Verdict",
    "ahead_after_reply",
    "block",
    "capture",
    "check_challenge",
    "custom",
    "every_move",
    "first_moves",
    "hint_ladder",
    "only_move",
    "reach",
    "win_in",
]

SOLVED, WRONG, GOING_ON, REFUSED = "solved", "wrong", "going on", "refused"
#: The goals the judge knows (see :class:`Goal`).
GOAL_KINDS = frozenset({"capture", "only", "block", "reach", "win", "every", "ahead", "custom"})
MAX_CHALLENGE_MOVES = 200  # check_challenge reads at most this many moves
MAX_TEXT = 600  # a title, task, explanation or hint longer than this is no classroom text


@dataclass(frozen=True)
class Verdict:
    """What one move did for the challenge.

    Attributes
    ----------
    status : {"solved", "wrong", "going on", "refused"}
        ``"going on"``: the move was right but the challenge needs more
        (the opponent answers ``reply``, or more moves are to be found);
        ``"refused"``: the move is not legal here (nothing was played).
    message : str
        One or two plain sentences for the status line.
    reply : Move or None
        The opponent's answer to show on the board: the defence after a
        right move, or the reply that spoils a wrong one.
    """

    status: str
    message: str
    reply: Move | None = None

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class HintMark:
    """A hint: its words, and what to draw on the board.

    ``piece`` is a point to ring; ``path`` a route to draw as a dashed arrow
    (the first leap, or the whole move).
    """

    text: str
    piece: str | None = None
    path: tuple[str, ...] = ()


# --- goals ----------------------------------------------------------------------------


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
        if self.kind == "capture":
            task = ngettext("take {count} piece in one turn.", "take {count} pieces in one turn.", count)
        elif self.kind == "only":
            task = _("find the only legal move.")
        elif self.kind == "block":
            task = _("leave the other side with no move at all.")
        elif self.kind == "reach":
            task = _("get a piece to {point}.")
        elif self.kind == "win":
            task = ngettext(
                "win in {count} move, whatever the other side does.",
                "win in {count} moves, whatever the other side does.",
                count,
            )
        elif self.kind == "every":
            task = _("play every legal move, one at a time.")
        elif self.kind == "ahead":
            task = ngettext(
                "come out {count} piece ahead, even after the other side's best answer.",
                "come out {count} pieces ahead, even after the other side's best answer.",
                count,
            )
        else:
            task = _("meet the goal.")
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


# --- challenges ------------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    """A position, a goal and the words around them: a rule to try on a board.

    Parameters
    ----------
    position : str
        The position text (see :mod:`awithlaknannai.notation`), rules included.
    goal : Goal
        What the student must do (:func:`capture`, :func:`block`, ...).
    title : str
        A short name ("Two in one turn"): the board's accessible name and the progress row's label.
    task : str, optional
        The instruction; by default the goal's own words ("White to play: ...").
    explanation : str, optional
        What the student should take away, shown once the challenge is solved.
    hints : sequence of str, optional
        Hints in words, given one per try before the board's own (the piece, then its first leap).

    Raises
    ------
    ValueError
        For a position text that cannot be read, a position that is over,
        or a goal that no legal move can meet (checked when the challenge is made).
    """

    position: str
    goal: Goal
    title: str
    task: str = ""
    explanation: str = ""
    hints: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.position, str):
            raise TypeError(f"a challenge's position is a position text, got {type(self.position).__name__}")
        if not isinstance(self.goal, Goal):
            raise TypeError(
                "a challenge's goal is made by capture(), only_move(), block(), reach(), win_in(), "
                f"ahead_after_reply(), every_move() or custom(), got {type(self.goal).__name__}"
            )
        for name in ("title", "task", "explanation"):
            object.__setattr__(self, name, _text(getattr(self, name), name))
        if not self.title:
            raise ValueError("a challenge needs a title, e.g. 'Two in one turn'")
        if isinstance(self.hints, str) or not all(isinstance(h, str) for h in self.hints):
            raise TypeError("a challenge's hints are a list of texts")
        object.__setattr__(self, "hints", tuple(_text(h, "hint") for h in self.hints[:10]))
        try:
            start = parse_position(self.position)
        except NotationError as error:
            raise ValueError(f"challenge {self.title!r}: {error}") from None
        if start.is_terminal():
            raise ValueError(f"challenge {self.title!r}: the game is already over in this position")
        if self.goal.point is not None and self.goal.point not in start.variant.tables.index:
            raise ValueError(f"challenge {self.title!r}: there is no point {self.goal.point!r} on this board")
        if self.goal.kind == "only" and len(start.legal_moves()) != 1:
            raise ValueError(
                f"challenge {self.title!r}: only_move() needs a position with exactly one legal "
                f"move; this one has {len(start.legal_moves())}"
            )
        if self.goal.kind != "custom" and not _solutions(self.goal, start):
            raise ValueError(f"challenge {self.title!r}: no legal move meets the goal here")
        if not self.task:
            object.__setattr__(self, "task", self.goal.describe(str(start.turn)))

    @property
    def start(self) -> Position:
        """The challenge's position."""
        return parse_position(self.position)

    @property
    def key(self) -> str:
        """A short fingerprint of the challenge (position, goal, title): progress is kept under it."""
        text = f"{self.position}|{self.goal.kind}|{self.goal.amount}|{self.goal.point}|{self.title}"
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def run(self) -> ChallengeRun:
        """A fresh attempt at this challenge."""
        return ChallengeRun(self)

    def __repr__(self) -> str:
        return f"Challenge({self.title!r}: {self.task})"


class ChallengeRun:
    """One attempt at a challenge: the position now, the tries, the hints given.

    ``play(move)`` judges a move of the student's side and returns a
    :class:`Verdict`; the run moves on by itself after a right move (the
    opponent's reply is played too), and stays where it is after a wrong or
    refused one (``reset()`` starts again). ``hint()`` gives one more step.
    """

    def __init__(self, challenge: Challenge) -> None:
        self.challenge = challenge
        self.tries = 0
        self.hints_given = 0
        self.found: set[Move] = set()  # for every_move(): the moves found so far
        self.solved = False
        self.position = challenge.start
        self.line: list[Move] = []  # moves played since the start, both sides

    @property
    def side(self) -> str:
        return str(self.challenge.start.turn)

    def reset(self) -> None:
        """Back to the start (the tries and the moves found are kept)."""
        self.position = self.challenge.start
        self.line = []

    def play(self, move: Move | str) -> Verdict:
        """Judge ``move`` (the student's) in the current position; play it and any reply that follows."""
        goal = self.challenge.goal
        if self.solved:
            return Verdict(SOLVED, _("Already solved: press Try again to play it once more."))
        before = self.position
        if before.turn is not self.challenge.start.turn:
            return Verdict(REFUSED, _("It is not your turn here: press Try again."))
        try:
            chosen = before.find_move(move)
        except ValueError as error:  # unreadable, illegal or the game is over: the position says why
            text = move.text() if isinstance(move, Move) else str(move).strip()
            return Verdict(
                REFUSED, _("That move is not allowed: {reason}.").format(reason=refusal_reason(text, error))
            )
        after = before.play(chosen)
        self.position, self.line = after, [*self.line, chosen]
        self.tries += 1
        if goal.kind == "every":
            return self._every(chosen)
        if goal.kind == "win":
            return self._win(before, chosen, after)
        why = _why_not(goal, before, chosen, after)
        if why is None:
            return self._solved()
        return Verdict(WRONG, _("Not yet: {reason}").format(reason=why), _spoiler(goal, after))

    def _solved(self) -> Verdict:
        self.solved = True
        explanation = self.challenge.explanation
        return Verdict(SOLVED, _("Solved!") + (f" {explanation}" if explanation else ""))

    def _every(self, chosen: Move) -> Verdict:
        legal = set(self.challenge.start.legal_moves())
        new = chosen not in self.found
        self.found.add(chosen)
        self.reset()  # each move is tried from the start
        if self.found >= legal:
            return self._solved()
        left = len(legal - self.found)
        first = (_("Found one: {move}.") if new else _("You had found that one already: {move}.")).format(
            move=chosen
        )
        tally = ngettext(
            "{found} of {total} found; {left} to go.", "{found} of {total} found; {left} to go.", left
        ).format(found=len(self.found), total=len(legal), left=left)
        return Verdict(GOING_ON, f"{first} {tally}")

    def _win(self, before: Position, chosen: Move, after: Position) -> Verdict:
        # The line alternates, the student's moves first: this is the student's move number k,
        # and k moves of the goal's N are used once it is played.
        moves_left = self.challenge.goal.amount - (len(self.line) + 1) // 2
        if not forces_win(before, chosen, moves_left + 1):
            reply = _spoiler(self.challenge.goal, after, plies=2 * moves_left)
            them = side_name(after.turn)
            if after.is_terminal():
                return Verdict(
                    WRONG,
                    _("Not this one: after {move} the game ends: {outcome}.").format(
                        move=chosen, outcome=after.outcome()
                    ),
                )
            if reply is not None and after.play(reply).outcome() is not None:
                return Verdict(
                    WRONG,
                    _("Not this one: {them} answers {reply} and wins.").format(them=them, reply=reply),
                    reply,
                )
            total = self.challenge.goal.amount
            return Verdict(
                WRONG,
                ngettext(
                    "Not this one: {them} answers {reply}, and {side} can no longer win in {count} move.",
                    "Not this one: {them} answers {reply}, and {side} can no longer win in {count} moves.",
                    total,
                ).format(them=them, reply=reply, side=side_name(self.side), count=total),
                reply,
            )
        if after.is_terminal():
            return self._solved()
        reply = _longest_defence(after, 2 * moves_left - 1)
        self.position, self.line = after.play(reply), [*self.line, reply]
        return Verdict(
            GOING_ON,
            _("Good. {them} answers {reply}: your move.").format(them=side_name(after.turn), reply=reply),
            reply,
        )

    def hint(self) -> HintMark:
        """One more step of a hint: each press shows more, and the last shows the move (not played).

        The challenge's own words come first, one a press; then the steps
        of :func:`hint_ladder` for the goal: what to look for, the piece (a
        ring), what kind of move it makes, the landing points of a chain but
        the last, and at last the whole move as an arrow. After that the
        last step stays.
        """
        self.hints_given += 1
        own = self.challenge.hints
        if self.hints_given <= len(own):
            return HintMark(own[self.hints_given - 1])
        level = self.hints_given - len(own)
        target = self._target()
        if target is None:
            return HintMark(_("Press Try again to start from the beginning."))
        ladder = hint_ladder(self.challenge.goal, self.position, target, found=len(self.found))
        return ladder[min(level, len(ladder)) - 1]

    def _target(self) -> Move | None:
        """A move that meets the goal from where the run stands (found now, never stored)."""
        goal = self.challenge.goal
        if goal.kind == "every":
            missing = sorted(set(self.challenge.start.legal_moves()) - self.found, key=lambda m: m.text())
            return missing[0] if missing else None
        if goal.kind == "win":
            left = goal.amount - (len(self.line) + 1) // 2
            found = (
                winning_moves(self.position, left) if left >= 1 and not self.position.is_terminal() else []
            )
            return found[0] if found else None
        found = _solutions(goal, self.position) if self.position.turn is self.challenge.start.turn else []
        return found[0] if found else None


# --- hints ----------------------------------------------------------------------------------


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
    if gain == 0:
        where = _("{them} answers {reply}, and you are level again.")
    elif gain > 0:
        where = ngettext(
            "{them} answers {reply}, and you are only {count} piece ahead.",
            "{them} answers {reply}, and you are only {count} pieces ahead.",
            count,
        )
    else:
        where = ngettext(
            "{them} answers {reply}, and you are {count} piece behind.",
            "{them} answers {reply}, and you are {count} pieces behind.",
            count,
        )
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


def challenge_set(challenges: Sequence[Challenge]) -> tuple[Challenge, ...]:
    """Check a list of challenges for a board (at least one, at most 30, titles unique)."""
    items = tuple(challenges)
    if not items or len(items) > 30 or not all(isinstance(c, Challenge) for c in items):
        raise ValueError("a challenge board takes 1 to 30 Challenge values")
    titles = [c.title for c in items]
    if len(set(titles)) != len(titles):
        raise ValueError("the challenges of one board need different titles")
    return items


def check_challenge(challenge: Challenge, moves: Sequence[Move | str]) -> Feedback:
    """Play ``moves`` (the student's side only) through a fresh run of ``challenge``; say whether they solve it.

    The opponent's replies are played by the run itself, as on the board.
    This is how a teacher copy shows a board challenge's answer, checked.

    >>> two = Challenge("mosona standard ......../...bb..b./b.w...w. w 0", capture(2), "Two in one turn")
    >>> print(check_challenge(two, ["B2xT3xB4"]))
    Correct! Solved!
    >>> print(check_challenge(two, ["B6xT7"]))
    Not yet. That move takes 1 piece. Find a move that takes 2.
    """
    if not isinstance(challenge, Challenge):
        raise TypeError(f"check_challenge takes a Challenge, got {type(challenge).__name__}")
    if isinstance(moves, (str, Move)):
        moves = [moves]
    played = bounded_items("moves", moves, MAX_CHALLENGE_MOVES, what="moves")
    run = challenge.run()
    verdict = Verdict(GOING_ON, _("No move yet."))
    for move in played:
        verdict = run.play(move)
        if verdict.status in (WRONG, REFUSED) or run.solved:
            break
    if run.solved:
        return Feedback(challenge.title, CORRECT, verdict.message)
    not_yet = _("Not yet: {reason}").partition("{reason}")[0]  # the run's prefix, in the session's language
    message = (
        verdict.message.removeprefix(not_yet)
        if verdict.status != GOING_ON
        else (_("Not finished: {message}").format(message=verdict.message))
    )
    return Feedback(challenge.title, FEEDBACK_WRONG, message)


def first_moves() -> list[Challenge]:
    """Notebook 00's three quick challenges (the centre, the jump, two in one turn), in the session's language.

    Their words are made when this is called: call :func:`awithlaknannai.i18n.set_language` first.

    >>> [challenge.title for challenge in first_moves()]
    ['Into the centre', 'The jump', 'Two in one turn']
    >>> print(first_moves()[0].run().play("B3-M4"))
    Solved! Every point but the centre is full, so the first move always goes there.
    """
    start = Position.start("mosona")
    return [
        Challenge(
            start.text(),
            reach("M4"),
            _("Into the centre"),
            explanation=_("Every point but the centre is full, so the first move always goes there."),
        ),
        Challenge(
            start.play("B3-M4").text(),
            only_move(),
            _("The jump"),
            explanation=_("A capture is a leap over an enemy piece along a line. Here it is the only move."),
        ),
        Challenge(
            "mosona standard ......w./bb.....b./.w...... w 0",
            capture(2),
            _("Two in one turn"),
            explanation=_("A piece that can leap again must: a chain of leaps is one move."),
        ),
    ]
