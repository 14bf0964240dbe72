"""Goals for a player a student writes: three steps, each a score to reach against a built-in level.

Notebook 08 asks students to write ``choose_move(position)``. :func:`goals`
plays it against the levels and says which steps it has reached and which
idea to try next, so the student always knows what to aim for:

1. **Beat the beginner** (who plays any legal move at random): score
   75 % or more. The greedy template scores about half; a player that
   looks at the other side's answer wins nearly every game.
2. **Hold the casual player** (who looks one move ahead): score 50 % or more.
3. **Beat the club player** (alpha-beta, two turns ahead): score 50 % or more.

(The figures come from 100 to 200 measured games each: see the notebook.)
Scores count a win as 1 and a draw as 1/2. The games are seeded, so the
same player gets the same verdict; each step is 10 games, half with White.

Examples
--------
>>> from awithlaknannai.league import greedy_choose_move
>>> report = goals(greedy_choose_move, games=2, variant="zuni-3")
>>> [step.opponent for step in report.steps]
['beginner', 'casual', 'club']
>>> report.steps[0].needed
0.75
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, LazyString, _, side_name
from ..league.judge import JudgedMove, MoveJudgement
from ..limits import flag, text, whole_number
from ..league.lesson import test_player
from ..position import Move, Position
from .challenges import Challenge, custom

__all__ = ["GOAL_STEPS", "GoalStep", "GoalsReport", "goals", "review_board", "review_challenges"]


_YOUR_PLAYER = N_("your player").message  # the default name, translated when the report is made


@dataclass(frozen=True)
class _Step:
    title: LazyString
    opponent: str
    needed: float
    next_idea: LazyString


GOAL_STEPS: tuple[_Step, ...] = (
    _Step(
        N_("Beat the beginner"),
        "beginner",
        0.75,
        N_(
            "Look at the other side's answer: for each of your moves, find the answer that hurts you most, "
            "and choose the move whose worst answer is least bad."
        ),
    ),
    _Step(
        N_("Hold the casual player"),
        "casual",
        0.5,
        N_(
            "The casual player looks at your answer too. Add a second thing to count when pieces are equal: "
            "how many moves you have (mobility), or how many of your pieces can be jumped."
        ),
    ),
    _Step(
        N_("Beat the club player"),
        "club",
        0.5,
        N_(
            "Look further ahead: your move, their answer, your next move, and so on (minimax). "
            "The club player looks two turns ahead with alpha-beta."
        ),
    ),
)


@dataclass(frozen=True)
class GoalStep:
    """One step of the goals and how the player did.

    Attributes
    ----------
    title : str
        The step, e.g. "Beat the beginner".
    opponent : str
        The level played.
    needed : float
        The score to reach, from 0 to 1.
    score : float
        The score made (a win 1, a draw 1/2, per game).
    games, won, drawn : int
        The games played, won and drawn.
    next_idea : str
        What to try to reach this step.
    """

    title: str
    opponent: str
    needed: float
    score: float
    games: int
    won: int
    drawn: int
    next_idea: str

    @property
    def reached(self) -> bool:
        return self.score >= self.needed

    def line(self) -> str:
        """The step and how the player did, in one sentence."""
        return _("{title}: {detail}").format(title=self.title, detail=self.detail())

    def detail(self) -> str:
        """How the player did: reached or not, the games, the score and the score needed."""
        return _(
            "{mark}, {won} won and {drawn} drawn of {games} games, a score of {score}% (needed: {needed}%)."
        ).format(
            mark=_("reached") if self.reached else _("not yet"),
            won=self.won,
            drawn=self.drawn,
            games=self.games,
            score=f"{100 * self.score:.0f}",
            needed=f"{100 * self.needed:.0f}",
        )


class GoalsReport:
    """The steps reached, and the next idea; shows as a list in a notebook."""

    def __init__(self, name: str, steps: list[GoalStep], problems: list[str]) -> None:
        self.name = name
        self.steps = steps
        self.problems = problems

    @property
    def reached(self) -> int:
        """How many steps in a row are reached, from the first."""
        count = 0
        for step in self.steps:
            if not step.reached:
                break
            count += 1
        return count

    def advice(self) -> str:
        """What to do next, in one or two sentences."""
        if self.problems:
            return _(
                "First fix the problem above: a game lost by an error or an illegal move counts as a loss. "
                "test_player(choose_move) shows the same lines."
            )
        if self.reached == len(self.steps):
            return _(
                "Every step reached! Now try test_player(choose_move, against=['strong']), "
                "or enter the class league."
            )
        return _("Next idea: {idea}").format(idea=self.steps[self.reached].next_idea)

    def _heading(self) -> str:
        return _("Goals for {name}: {reached} of {total} steps reached.").format(
            name=self.name, reached=self.reached, total=len(self.steps)
        )

    def to_text(self) -> str:
        lines = [self._heading()]
        lines += [f"{k}. {step.line()}" for k, step in enumerate(self.steps, 1)]
        lines += self.problems[:5]
        lines.append(self.advice())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        # The words "reached" / "not yet" carry the meaning; the tick and cross only repeat it.
        items = "".join(
            f"<li><strong>{'&#10003; ' if s.reached else '&#10007; '}{html.escape(s.title)}</strong>: "
            f"{html.escape(s.detail())}</li>"
            for s in self.steps
        )
        problems = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems[:5])
        return (
            f'<div class="awithlaknannai-goals"><p><strong>{html.escape(self._heading())}'
            f"</strong></p><ol>{items}</ol>"
            + (f"<ul>{problems}</ul>" if problems else "")
            + f"<p>{html.escape(self.advice())}</p></div>"
        )


def goals(
    choose_move: Callable[[Position], Any],
    *,
    games: int = 10,
    variant: str = "mosona",
    name: str = _YOUR_PLAYER,
    progress: bool = False,
) -> GoalsReport:
    """Play ``choose_move`` against the three levels of :data:`GOAL_STEPS` and report the steps reached.

    Parameters
    ----------
    choose_move : function
        The player: ``choose_move(position)`` returns a legal move.
    games : int
        Games against each level (1 to 20; half of them with White).
    variant : str
        The board (Mosona unless a teacher chooses another).
    name : str
        The player's name in the report (by default "your player", in the session's language).
    progress : bool
        Show a progress bar while the games are played.

    Returns
    -------
    GoalsReport
        Shows the steps, the games behind each, and the next idea to try.

    Raises
    ------
    TypeError
        An argument of the wrong type (``games="4"``, ``name=None``, ``progress="no"``).
    ValueError
        ``games`` outside 1 to 20, an empty name or one longer than 100 characters, an unknown variant.

    Examples
    --------
    >>> goals(lambda position: position.legal_moves()[0], games="x")
    Traceback (most recent call last):
    ...
    TypeError: games must be an integer, got str
    """
    if not callable(choose_move):
        raise TypeError(f"goals takes your choose_move function, got {type(choose_move).__name__}")
    whole_number("games", games, 1, 20)
    text("variant", variant, 100)
    text("name", name, 100, empty=False)
    flag("progress", progress)
    opponents = [step.opponent for step in GOAL_STEPS]
    report = test_player(
        choose_move, against=opponents, games=games, variant=variant, progress=progress, name="you"
    )
    rows = {row["opponent"]: row for row in report.table()}
    steps = [
        GoalStep(
            str(step.title),
            step.opponent,
            step.needed,
            rows[step.opponent]["score"],
            rows[step.opponent]["games"],
            rows[step.opponent]["won"],
            rows[step.opponent]["drawn"],
            str(step.next_idea),
        )
        for step in GOAL_STEPS
    ]
    return GoalsReport(_(name) if name == _YOUR_PLAYER else name, steps, report.problems())


def _keeps(judged: JudgedMove) -> Callable[[Position, Move, Position], str | None]:
    good = set(judged.good_moves)
    outcome = judged.best.outcome

    def check(before: Position, move: Move, after: Position) -> str | None:
        if move in good:
            return None
        side = side_name(before.turn)
        if outcome == "win":
            return _(
                "{move} does not keep the win: with perfect play after it, {side} can no longer win."
            ).format(move=move, side=side)
        return _("{move} does not keep the draw: with perfect play after it, {side} loses.").format(
            move=move, side=side
        )

    return check


def review_challenges(judgement: MoveJudgement, count: int = 4) -> list[Challenge]:
    """The positions where a judged player threw a result away, as challenges to solve on a board.

    Each asks the student to find a move that keeps the result the
    endgame tables found (a win stays a win, a draw a draw), and names the
    move the player chose. Only positions with a wrong move are used.

    >>> from awithlaknannai.league import judge_player
    >>> from awithlaknannai.league import greedy_choose_move
    >>> slips = review_challenges(judge_player(greedy_choose_move, positions=20, seed=1), count=2)
    >>> len(slips), slips[0].title
    (2, 'Slip 1')
    """
    if not isinstance(judgement, MoveJudgement):
        raise TypeError(f"review_challenges takes what judge_player returns, got {type(judgement).__name__}")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 30:
        raise ValueError(f"count must be a whole number from 1 to 30, got {count!r}"[:120])
    challenges: list[Challenge] = []
    for judged in judgement.mistakes():
        if judged.played is None or not judged.good_moves:
            continue
        side = side_name(judged.position.turn)
        moves = ", ".join(map(str, judged.good_moves))
        if judged.best.outcome == "win":
            goal = _("keep the win.")
            task = _(
                "{side} to play. With perfect play this position is a win for {side}. Your player chose "
                "{move}, after which {side} only draws or loses. Find a move that keeps the win."
            )
            explanation = _("The moves that keep the win: {moves}.")
        else:
            goal = _("keep the draw.")
            task = _(
                "{side} to play. With perfect play this position is a draw. Your player chose {move}, "
                "after which {side} loses. Find a move that keeps the draw."
            )
            explanation = _("The moves that keep the draw: {moves}.")
        challenges.append(
            Challenge(
                judged.position.text(),
                custom(_keeps(judged), goal),
                _("Slip {number}").format(number=len(challenges) + 1),
                task=task.format(side=side, move=judged.played),
                explanation=explanation.format(moves=moves),
            )
        )
        if len(challenges) == count:
            break
    return challenges


def review_board(judgement: MoveJudgement, count: int = 4) -> Any:
    """A challenge board of the player's slips (:func:`review_challenges`), or a note when it made none."""
    from .challenge_board import ChallengeBoard

    challenges = review_challenges(judgement, count)
    if not challenges:
        return _Note(
            _("Your player kept the best result in every position it was shown: no slips to review.")
        )
    return ChallengeBoard(challenges)


@dataclass(frozen=True)
class _Note:
    text: str

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.text)}</p>"
