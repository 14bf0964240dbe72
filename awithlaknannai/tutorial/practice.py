"""Checkers for the playing exercises of notebooks 03-06: moves, rules, positions.

Each checker takes the position of the exercise and the student's answer,
asks the position itself what is legal (nothing here knows the rules), and
returns a :class:`~awithlaknannai.tutorial.exercises.Feedback` that shows
itself as a coloured box in a notebook and as one plain line in a terminal.

Examples
--------
>>> from awithlaknannai import Position
>>> start = Position.start("mosona")
>>> print(check_legal_moves(start, "B3-M4, B4-M4, M5-M4"))
Correct! All 3 legal moves, and nothing else.
>>> print(check_legal_moves(start, "B3-M4"))
Not yet. You found 1 of the 3 legal moves. Hint: One you have not listed starts at B4.
>>> print(check_move(start, "B3-M5"))
Not yet. B3-M5 is not legal here: M5 is occupied
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from ..analysis.puzzles import hint_steps, winning_moves
from ..errors import GameOverError
from ..explain import EXAMPLE_TEMPLATES
from ..i18n import gettext as _
from ..i18n import side_name
from ..notation import parse_position
from ..position import Move, Position
from ..rules import Rules
from ..variants import Color
from .checking import _rules_named
from .exercises import CORRECT, MISSING, WRONG, Feedback

__all__ = [
    "check_legal_moves",
    "check_move",
    "check_outcome",
    "check_puzzle",
    "check_rules",
    "hint_steps",
    "refusal_reason",
]

_SEPARATORS = re.compile(r"[,;\s]+")


def _position(position: Position | str) -> Position:
    return parse_position(position) if isinstance(position, str) else position


def _move_texts(answer: Any) -> list[str] | None:
    """Read ``"B3-M4, B4-M4"`` or ``["B3-M4", "B4-M4"]`` as a list of move texts."""
    if isinstance(answer, str):
        return [part for part in _SEPARATORS.split(answer.strip()) if part]
    if isinstance(answer, Move):
        return [answer.text(full=True)]
    if isinstance(answer, Iterable):
        texts = []
        for item in answer:
            if isinstance(item, Move):
                texts.append(item.text(full=True))
            elif isinstance(item, str):
                texts.append(item.strip())
            else:
                return None
        return texts
    return None


_POINT = re.compile(r"[A-Za-z]\d+\+?")


def _fix_case(position: Position, text: str) -> str:
    """Spell point names as the board does, so ``t0xb0`` reads as ``T0xB0``."""
    by_lower = {point.lower(): point for point in position.points}
    return _POINT.sub(lambda m: by_lower.get(m.group(0).lower(), m.group(0)), text)


def _missing(exercise: str) -> Feedback:
    return Feedback(exercise, MISSING, _("Replace the `...` with your answer, then run the cell again."))


# The position's reasons name a legal move as an example ("(for example T0xB0xT1)"):
# helpful in a game, but in an exercise that example can be the very answer.
def _example_pattern() -> re.Pattern[str]:
    """The bracketed example moves of :data:`~awithlaknannai.explain.EXAMPLE_TEMPLATES`, in the session's language."""
    bodies = [
        re.escape(str(template)).replace(re.escape("{move}"), r"[^)]*") for template in EXAMPLE_TEMPLATES
    ]
    return re.compile(r"\s*(?:" + "|".join(bodies) + ")")


def refusal_reason(text: str, error: Exception) -> str:
    """The position's reason why ``text`` is not legal, without the example move it may name.

    In a game an example helps; in an exercise it can be the very answer.

    >>> from awithlaknannai import parse_position
    >>> p = parse_position("mosona standard ......../...bb..b./b.w...w. w 0")
    >>> try:
    ...     p.find_move("B2xT3")
    ... except ValueError as error:
    ...     print(refusal_reason("B2xT3", error))
    the piece must keep leaping while it can
    """
    message = str(error)
    prefix = f"{text}: "
    return _example_pattern().sub("", message.removeprefix(prefix))


def _points_of(text: str) -> list[str]:
    """The points a move text visits: ``"T0xB0xT1"`` -> ``["T0", "B0", "T1"]``."""
    return [part for part in re.split(r"[x\-]", text) if part]


def _stepped_hint(target: Move, attempt: int, known: int = 0) -> str:
    """The hints revealed after ``attempt`` tries; ``known`` landing points the student already has."""
    steps = hint_steps(target)
    if known:
        # The student wrote the first `known` leaps, so knows the piece, that it leaps
        # and those landings: hints start after them, and never name the last landing.
        new = steps[2 + known : 2 + known + attempt]
        return " ".join(new) if new else f"From `{target.landings[known - 1]}`, look for one more leap."
    return " ".join(steps[: max(1, min(attempt, len(steps)))])


def _partial(target: Move, text: str) -> int:
    """How many landing points of ``target`` a shorter answer ``text`` gets right (0: not a start of it)."""
    points = _points_of(text)
    path = list(target.path)
    if "x" not in text or len(points) < 2 or len(points) >= len(path) or path[: len(points)] != points:
        return 0
    return len(points) - 1


def check_legal_moves(
    position: Position | str, answer: Any, exercise: str = "legal-moves", attempt: int = 1
) -> Feedback:
    """Check a list of *every* legal move in ``position``.

    Parameters
    ----------
    position : Position or str
        The exercise's position (or its position text).
    answer : str or iterable of str
        Move texts separated by commas or spaces, e.g. ``"B3-M4, B4-M4"``,
        or a list of texts.
    exercise : str, optional
        The exercise's id, carried in the feedback.
    attempt : int, optional
        How many times the student has tried (an answer box counts them):
        from the second try on, the hint also says whether the missing move
        steps or leaps. A hint never names a whole move.

    Returns
    -------
    Feedback
        Correct when the answer names each legal move and nothing else;
        otherwise it explains each illegal move (the position's own reason)
        and how many are missing.

    Examples
    --------
    >>> from awithlaknannai import parse_position
    >>> p = parse_position("mosona standard .......b/...b...../..w...w. w 0")
    >>> print(check_legal_moves(p, "B2xT3, B6-M6"))
    Not yet. B6-M6 is not legal: capture is compulsory: White must leap.
    >>> print(check_legal_moves(p, ...))
    No answer yet. Replace the ... with your answer, then run the cell again.
    """
    if answer is ... or answer is None:
        return _missing(exercise)
    position = _position(position)
    texts = _move_texts(answer)
    if texts is None or not texts:
        return Feedback(
            exercise, WRONG, 'Write the moves as text, separated by commas, like `"B3-M4, B4-M4"`.'
        )
    legal = set(position.legal_moves())
    found: set[Move] = set()
    problems: list[str] = []
    for text in texts:
        text = _fix_case(position, text)
        try:
            found.add(position.find_move(text))
        except GameOverError:
            return Feedback(
                exercise,
                CORRECT if not texts else WRONG,
                f"The game is already over here ({position.outcome()}): there are no legal moves.",
            )
        except ValueError as error:
            problems.append(f"`{text}` is not legal: {refusal_reason(text, error)}.")
    if not problems and found == legal:
        if len(legal) == 1:
            return Feedback(exercise, CORRECT, "That is the only legal move.")
        return Feedback(exercise, CORRECT, f"All {len(legal)} legal moves, and nothing else.")
    missing = sorted(legal - found, key=lambda m: m.text())
    notes = problems[:3]
    if len(problems) > 3:
        notes.append(f"({len(problems) - 3} more are not legal either.)")
    hint = ""
    if missing:
        notes.append(f"You found {len(found)} of the {len(legal)} legal moves.")
        hint = f"One you have not listed starts at `{missing[0].origin}`."
        if attempt > 1:
            hint += " It is a leap." if missing[0].is_capture else " It is a step."
    return Feedback(exercise, WRONG, " ".join(notes), hint)


def check_move(
    position: Position | str,
    answer: Any,
    solutions: Iterable[str] | None = None,
    exercise: str = "move",
    attempt: int = 1,
) -> Feedback:
    """Check one move: legal, and (if ``solutions`` is given) one of the wanted moves.

    Parameters
    ----------
    position : Position or str
        The exercise's position (or its position text).
    answer : str or Move
        The student's move, e.g. ``"T0xB0xT1"``.
    solutions : iterable of str, optional
        The move texts that answer the question; by default any legal move.
    exercise : str, optional
        The exercise's id, carried in the feedback.
    attempt : int, optional
        How many times the student has tried: when one move is wanted (one
        solution, or one legal move), each try reveals one more step of it
        (see :func:`hint_steps`), never the whole move.

    Examples
    --------
    >>> from awithlaknannai import parse_position
    >>> p = parse_position("mosona standard w......b/bb......./.w...... w 0")
    >>> print(check_move(p, "T0xB0"))
    Not yet. Good start: T0xB0 is how the move begins, but the piece must keep leaping while it can. Hint: From B0, look for one more leap.
    >>> print(check_move(p, "t0xb0xt1"))
    Correct! T0xB0xT1 captures 2 pieces: M0, M1.
    """
    if answer is ... or answer is None:
        return _missing(exercise)
    position = _position(position)
    if isinstance(answer, Move):
        answer = answer.text(full=True)
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(exercise, WRONG, 'Write the move as text, like `"B3-M4"` or `"T4xB3"`.')
    text = _fix_case(position, answer.strip())
    wanted = (
        {position.find_move(s) for s in solutions} if solutions is not None else set(position.legal_moves())
    )
    target = next(iter(wanted)) if len(wanted) == 1 else None
    try:
        move = position.find_move(text)
    except ValueError as error:
        known = _partial(target, text) if target else 0
        if known and target is not None:  # known > 0 only with a target
            return Feedback(
                exercise,
                WRONG,
                f"Good start: `{text}` is how the move begins, but {refusal_reason(text, error)}.",
                _stepped_hint(target, attempt, known),
            )
        return Feedback(
            exercise,
            WRONG,
            f"`{text}` is not legal here: {refusal_reason(text, error)}",
            _stepped_hint(target, attempt) if target else "",
        )
    if solutions is not None and move not in wanted:
        return Feedback(
            exercise,
            WRONG,
            f"`{move}` is legal, but it is not the move asked for.",
            _stepped_hint(target, attempt)
            if target
            else "Read the question again: what should the move achieve?",
        )
    if move.is_capture:
        taken = ", ".join(f"`{point}`" for point in move.captures)
        count = len(move.captures)
        return Feedback(
            exercise, CORRECT, f"`{move}` captures {count} piece{'s' if count != 1 else ''}: {taken}."
        )
    return Feedback(exercise, CORRECT, f"`{move}` is legal.")


def check_rules(answer: Any, exercise: str = "rules", **wanted: Any) -> Feedback:
    """Check a :class:`~awithlaknannai.rules.Rules` value: the ``wanted`` switches set, the rest default.

    Examples
    --------
    >>> print(check_rules(Rules(multi_leap="none"), compulsory_capture=False, multi_leap="none"))
    Not yet. compulsory_capture is True; it should be False.
    >>> print(check_rules(Rules(compulsory_capture=False, multi_leap="none"),
    ...                   compulsory_capture=False, multi_leap="none"))
    Correct! These are the rules of the ludii preset.
    """
    if answer is ... or answer is None:
        return _missing(exercise)
    if not isinstance(answer, Rules):
        return Feedback(
            exercise,
            WRONG,
            _("I expected a `Rules(...)` value, but got {kind}.").format(kind=type(answer).__name__),
            _("Write for example `Rules(compulsory_capture=False)`."),
        )
    default = Rules()
    notes = []
    for field in dataclasses.fields(Rules):
        have = getattr(answer, field.name)
        want = wanted.get(field.name, getattr(default, field.name))
        if have != want:
            if field.name in wanted:
                note = _("`{switch}` is {have}; it should be {want}.")
            else:
                note = _("`{switch}` is {have}; it should be {want} (leave this switch as it is).")
            notes.append(note.format(switch=field.name, have=repr(have), want=repr(want)))
    if notes:
        return Feedback(exercise, WRONG, " ".join(notes))
    return _rules_named(exercise, answer)


def check_puzzle(puzzle: Any, answer: Any, exercise: str = "puzzle", attempt: int = 1) -> Feedback:
    """Check the answer to a puzzle from :mod:`awithlaknannai.analysis.puzzles`.

    The puzzle judges the move itself (``puzzle.check``: the solver's
    winning move, or the reply that spoils a wrong one); this wraps its
    verdict in the tutorial's feedback box and adds the puzzle's hint after
    a wrong answer.

    Parameters
    ----------
    puzzle : Puzzle
        Any object with ``position``, ``moves`` (win in N) and ``check(move)``.
    answer : str or Move
        The student's move.
    exercise : str, optional
        The exercise's id, carried in the feedback.
    attempt : int, optional
        How many times the student has tried (an answer box counts them).

    Examples
    --------
    >>> from awithlaknannai.analysis.puzzles import Puzzle
    >>> puzzle = Puzzle("mosona standard ......../...b...../..w..... w 0", 1)
    >>> print(check_puzzle(puzzle, "b2xt3"))
    Correct! B2xT3 takes the last pieces.
    >>> print(check_puzzle(puzzle, "B2-B1"))
    Not yet. That is not a legal move here: capture is compulsory: White must leap Hint: Look at the piece on B2.
    >>> print(check_puzzle(puzzle, "B2-B1", attempt=2))
    Not yet. That is not a legal move here: capture is compulsory: White must leap Hint: Look at the piece on B2. It starts with a leap, and takes 1 piece in all.
    """
    if answer is ... or answer is None:
        return _missing(exercise)
    if isinstance(answer, Move):
        answer = answer.text(full=True)
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(exercise, WRONG, 'Write the move as text, like `"B3-M4"` or `"T4xB3"`.')
    text = _fix_case(puzzle.position, answer.strip())
    verdict = puzzle.check(text)
    if verdict.correct:
        # The box already says "Correct!"; the puzzle's own "Right!" would say it twice.
        message = verdict.message.removeprefix("Right! ")
        return Feedback(exercise, CORRECT, message)
    found = winning_moves(puzzle.position, puzzle.moves)  # searched, never stored with the puzzle
    if not found:  # pragma: no cover - a puzzle always has its winning move
        return Feedback(exercise, WRONG, _example_pattern().sub("", verdict.message))
    target = found[0]
    known = _partial(target, text)
    if known:
        return Feedback(
            exercise,
            WRONG,
            f"Good start: `{text}` is how the winning move begins, but the "
            "piece must keep leaping while it can.",
            _stepped_hint(target, attempt, known),
        )
    return Feedback(
        exercise, WRONG, _example_pattern().sub("", verdict.message), _stepped_hint(target, attempt)
    )


_GOES_ON = {
    "nobody",
    "no one",
    "none",
    "not over",
    "nobody yet",
    "goes on",
    "game goes on",
    "not yet",
    "neither",
}


def check_outcome(position: Position | str, answer: Any, exercise: str = "outcome") -> Feedback:
    """Check who has won in ``position``: ``"white"``, ``"black"``, ``"draw"``, or ``"nobody"`` (not over).

    The position itself says whether the game is over and why; the answer
    only has to name the result.

    Examples
    --------
    >>> stuck = "mosona standard ww.....w/ww....wwb/bww....w b 0"
    >>> print(check_outcome(stuck, "White"))
    Correct! White wins (no legal move).
    >>> print(check_outcome("mosona standard w......w/ww....wwb/bww....w b 0", "white"))
    Not yet. Look again: is the game really over? Hint: Check every black piece: can one of them step, or leap?
    >>> print(check_outcome("mosona standard w......w/ww....wwb/bww....w b 0", "nobody"))
    Correct! The game is not over: Black can still move (B0xT1).
    """
    if answer is ... or answer is None:
        return _missing(exercise)
    position = _position(position)
    if not isinstance(answer, str) or not answer.strip():
        return Feedback(
            exercise, WRONG, _('Answer with `"white"`, `"black"`, `"draw"` or `"nobody"` (not over yet).')
        )
    given = answer.strip().lower()
    given = "nobody" if given in _GOES_ON else given
    if given not in ("white", "black", "draw", "nobody"):
        return Feedback(
            exercise,
            WRONG,
            _(
                'I do not understand {answer}: answer with `"white"`, `"black"`, '
                '`"draw"` or `"nobody"` (not over yet).'
            ).format(answer=repr(answer)),
        )
    outcome = position.outcome()
    if outcome is None:
        example = position.legal_moves()[0]
        truth = "nobody"
        explanation = _("The game is not over: {side} can still move (`{move}`).").format(
            side=side_name(position.turn), move=example
        )
    else:
        truth, explanation = outcome.result, f"{outcome}."
    if given == truth:
        return Feedback(exercise, CORRECT, explanation)
    # A wrong answer gets a nudge, not the result, so the student can try again.
    if truth == "nobody":
        return Feedback(
            exercise,
            WRONG,
            _("Look again: is the game really over?"),
            _("Check every white piece: can one of them step, or leap?")
            if position.turn is Color.WHITE
            else _("Check every black piece: can one of them step, or leap?"),
        )
    if given == "nobody":
        return Feedback(
            exercise,
            WRONG,
            _("Look again: this game is over."),
            _("Can {side} make any move at all? And how many pieces does each side have?").format(
                side=side_name(position.turn)
            ),
        )
    return Feedback(
        exercise,
        WRONG,
        _("{answer} is not the result here.").format(
            answer=side_name(given) if given in ("white", "black") else _("Draw")
        ),
        _("A player with no pieces, or with no legal move, loses."),
    )
