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
The goals and how a move is judged by them live in
:mod:`~awithlaknannai.tutorial.challenge_goals`, the hints in
:mod:`~awithlaknannai.tutorial.challenge_hints`; both are importable from here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from ..analysis.puzzles import forces_win, winning_moves
from ..errors import NotationError
from ..i18n import gettext as _
from ..i18n import ngettext, side_name
from ..limits import bounded_items
from ..notation import parse_position
from ..position import Move, Position
from .challenge_goals import Goal, _longest_defence, _solutions, _spoiler, _text, _why_not
from .challenge_goals import ahead_after_reply, block, capture, custom, every_move, only_move, reach, win_in
from .challenge_hints import HintMark, hint_ladder
from .exercises import CORRECT, Feedback
from .exercises import WRONG as FEEDBACK_WRONG
from .practice import refusal_reason

# The goals (challenge_goals) and the hints (challenge_hints) are importable from here, where the
# notebooks import them.
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
MAX_CHALLENGE_MOVES = 200  # check_challenge reads at most this many moves


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
