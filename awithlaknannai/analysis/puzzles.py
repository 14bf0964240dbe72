"""Puzzles: "White to play and win in 2", with exactly one winning move.

A puzzle is a position where the side to move wins in ``N`` of its own
moves with perfect play, and exactly one of its legal moves wins at all
(checked by the endgame solver, :mod:`awithlaknannai.tables.solver`).
:func:`find_puzzles` draws such positions at random from solved tables,
reproducibly from a seed; :func:`tutorial_puzzles` returns a small curated
set for the tutorial at once (stored here as position texts; the test suite
re-checks every one with the solver).

A :class:`Puzzle` stores no answer, so a curious student cannot print one:
it checks a move with a short search (does the move force a win in time?),
and for a wrong move the same search finds the opponent's reply that spoils
the win, so the feedback can show it.

Examples
--------
>>> puzzle = tutorial_puzzles()[0]
>>> puzzle.goal
'White to play and win in 1 move'
>>> puzzle.check("B3xT4xT6xB5").correct
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..errors import NotationError
from ..i18n import N_, _, ngettext, side_name
from ..limits import bounded_items, whole_number
from ..notation import parse_position
from ..position import Move, Position, generate_raw
from ..variants import Color
from ..tables.solver import EndgameTables
from ..tables.solver_core import WIN, class_keys

__all__ = [
    "Puzzle",
    "Feedback",
    "find_puzzles",
    "forces_win",
    "hint_steps",
    "tutorial_puzzles",
    "winning_moves",
    "wins_within",
    "TUTORIAL_SEED",
    "MAX_PUZZLE_MOVES",
]

TUTORIAL_SEED = 2024
# A puzzle's search looks 2N-1 turns ahead: beyond this it could take minutes.
MAX_PUZZLE_MOVES = 6
#: The most puzzles one call of :func:`find_puzzles` draws, and the most random positions it looks at.
MAX_PUZZLES = 100
MAX_ATTEMPTS = 1_000_000


@dataclass(frozen=True)
class Feedback:
    """What :meth:`Puzzle.check` says about an answer.

    Attributes
    ----------
    correct : bool
        Whether the move is the winning one.
    message : str
        A sentence for the player.
    reply : str or None
        For a wrong (but legal) move: the opponent's answer that spoils the win.
    """

    correct: bool
    message: str
    reply: str | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Puzzle:
    """A position whose side to move can force a win, with exactly one move that does it.

    The puzzle keeps no solution: :meth:`check` searches whether a move
    still forces the win within the puzzle's number of moves, so nothing on
    the object prints the answer (the tests prove each tutorial puzzle with
    the endgame solver).

    Attributes
    ----------
    position_text : str
        The position (see :mod:`awithlaknannai.notation`).
    moves : int
        ``N``: the side to move wins with its ``N``-th move.

    Examples
    --------
    A sacrifice on the 10-point board: T1-M1 forces B0 to jump, and T0
    then takes both black pieces in one turn.

    >>> p = Puzzle("zuni-3 standard ww./...b/b.. w 0", 2)
    >>> p.goal
    'White to play and win in 2 moves'
    >>> print(p.check("T1-M1"))
    Right! After T1-M1, whatever Black does, White wins within 2 moves.
    >>> print(p.check("T1-T2"))
    Not this one: after T1-T2, Black answers M3-M2 and White can no longer win in 2 moves.
    >>> print(p.check("T0-M0"))
    Not this one: after T0-M0, Black answers B0xT0xT2 and wins.
    >>> print(p.check("T1-T0"))
    That is not a legal move here: T0 is occupied
    >>> p.hint(), p.hint(attempt=2)
    ('Look at the piece on `T1`.', 'Look at the piece on `T1`. It is a quiet step, not a capture: try each step of that piece on the board and think about the reply.')
    """

    position_text: str
    moves: int

    def __post_init__(self) -> None:
        whole_number("a puzzle's number of moves", self.moves, 1, MAX_PUZZLE_MOVES)
        if not isinstance(self.position_text, str):
            raise TypeError(
                f"a puzzle's position must be a position text, got {type(self.position_text).__name__}"
            )
        try:
            position = parse_position(self.position_text)
        except NotationError as error:
            raise ValueError(f"puzzle position: {error}") from None
        if position.is_terminal():
            raise ValueError("a puzzle's position must not be over already")

    @cached_property
    def position(self) -> Position:
        """The puzzle's position."""
        return parse_position(self.position_text)

    @property
    def side(self) -> Color:
        """The side that is to play and win."""
        return self.position.turn

    @property
    def goal(self) -> str:
        """The task in words, e.g. ``"White to play and win in 2 moves"``."""
        return ngettext(
            "{side} to play and win in {count} move", "{side} to play and win in {count} moves", self.moves
        ).format(side=side_name(self.side), count=self.moves)

    def wins(self, move: Move) -> bool:
        """Whether the legal ``move`` forces a win within the puzzle's number of moves."""
        return forces_win(self.position, move, self.moves)

    def _winning_move(self) -> Move | None:
        """The move the hints point towards (found by search, never stored)."""
        found = winning_moves(self.position, self.moves)
        return found[0] if found else None

    def hint(self, attempt: int = 1) -> str:
        """A nudge that never gives the whole answer away: one more step of it for each try.

        The first names the piece, the second says whether it steps or leaps,
        each further one names one more landing point, never the last (see
        :func:`hint_steps`).
        """
        target = self._winning_move()
        if target is None:  # pragma: no cover - tutorial puzzles are proved by the tests
            return _("There is no winning move in this position.")
        steps = hint_steps(target)
        return " ".join(steps[: max(1, min(int(attempt), len(steps)))])

    def check(self, move: Move | str) -> Feedback:
        """Say whether ``move`` (a :class:`Move` or its text) solves the puzzle, and why.

        Unreadable or illegal moves get the reason; a legal wrong move gets
        the opponent's reply that spoils the win.
        """
        position = self.position
        try:
            chosen = position.find_move(move)
        except ValueError as error:  # unreadable (InvalidMoveError) or illegal
            return Feedback(
                False, _("That is not a legal move here: {reason}").format(reason=_reason(error, move))
            )
        if self.wins(chosen):
            return Feedback(True, self._praise(chosen))
        after = position.play(chosen)
        them = position.turn.other
        if after.outcome() is not None:  # a draw or a loss at once
            return Feedback(
                False,
                _("Not this one: after {move}, the game ends: {outcome}.").format(
                    move=chosen, outcome=after.outcome()
                ),
            )
        reply = _spoiling_reply(after, 2 * self.moves - 2)
        if reply is None:  # pragma: no cover - wins() said a reply exists
            return Feedback(False, _("{move} is not the move the puzzle is after.").format(move=chosen))
        outcome = after.play(reply).outcome()
        if outcome is not None and outcome.winner is them:
            message = _("Not this one: after {move}, {them} answers {reply} and wins.").format(
                move=chosen, them=side_name(them), reply=reply
            )
            return Feedback(False, message, str(reply))
        return Feedback(
            False,
            ngettext(
                "Not this one: after {move}, {them} answers {reply} and {side} can no longer win in {count} move.",
                "Not this one: after {move}, {them} answers {reply} and {side} can no longer win in {count} moves.",
                self.moves,
            ).format(
                move=chosen,
                them=side_name(them),
                reply=reply,
                side=side_name(position.turn),
                count=self.moves,
            ),
            str(reply),
        )

    def _praise(self, move: Move) -> str:
        after = self.position.play(move)
        if self.moves == 1 or after.outcome() is not None:
            them = after.turn
            if after.count(them) == 0:
                return _("Right! {move} takes the last pieces.").format(move=move)
            return _("Right! {move} leaves {them} without a move.").format(move=move, them=side_name(them))
        return _("Right! After {move}, whatever {them} does, {side} wins within {count} moves.").format(
            move=move, them=side_name(self.side.other), side=side_name(self.side), count=self.moves
        )


#: "first" ... "eighth", translated at each use (made at import, before the session chooses its
#: language); the puzzles' and the challenges' hints name a leap by them.
ORDINALS = (
    N_("first"),
    N_("second"),
    N_("third"),
    N_("fourth"),
    N_("fifth"),
    N_("sixth"),
    N_("seventh"),
    N_("eighth"),
)


def hint_steps(target: Move) -> list[str]:
    """Hints towards ``target`` that give it away one step at a time, never completely.

    The first names the piece, the second says whether it steps or leaps;
    for a chain of leaps each further hint names one more landing point,
    but never the last one.

    Examples
    --------
    >>> from awithlaknannai import Move
    >>> for hint in hint_steps(Move("B3", ("T4", "T6", "B5"), ("M4", "T5", "M6"))):
    ...     print(hint)
    Look at the piece on `B3`.
    It starts with a leap, and takes 3 pieces in all.
    Its first leap lands on `T4`.
    Its second leap lands on `T6`.
    >>> hint_steps(Move("M8", ("M7",)))[-1]
    'It is a quiet step, not a capture: try each step of that piece on the board and think about the reply.'
    """
    if not isinstance(target, Move):
        raise TypeError(f"hint_steps takes a Move, got {type(target).__name__}")
    steps = [_("Look at the piece on `{point}`.").format(point=target.origin)]
    if not target.is_capture:
        steps.append(
            _(
                "It is a quiet step, not a capture: try each step of that piece on the board "
                "and think about the reply."
            )
        )
        return steps
    count = len(target.captures)
    steps.append(
        ngettext(
            "It starts with a leap, and takes {count} piece in all.",
            "It starts with a leap, and takes {count} pieces in all.",
            count,
        ).format(count=count)
    )
    for index, landing in enumerate(target.landings[:-1]):
        nth = str(ORDINALS[index]) if index < len(ORDINALS) else _("number {number}").format(number=index + 1)
        steps.append(_("Its {nth} leap lands on `{point}`.").format(nth=nth, point=landing))
    return steps


def forces_win(position: Position, move: Move, moves: int) -> bool:
    """Whether ``move`` wins by force for the side to move within ``moves`` of its own moves.

    A short exhaustive search (2 * ``moves`` - 1 turns), for puzzle-sized
    positions; ``moves`` is at most :data:`MAX_PUZZLE_MOVES`.

    >>> p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    >>> forces_win(p, p.find_move("T1-M1"), 2), forces_win(p, p.find_move("T1-T2"), 2)
    (True, False)
    """
    whole_number("moves", moves, 1, MAX_PUZZLE_MOVES)
    after = position.play(move)
    outcome = after.outcome()
    if outcome is not None:
        return outcome.winner is position.turn
    return moves >= 2 and _spoiling_reply(after, 2 * moves - 2) is None


def winning_moves(position: Position, moves: int) -> list[Move]:
    """The moves that win by force within ``moves`` of the side to move's own moves (a short search).

    >>> p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    >>> winning_moves(p, 2)
    [Move('T1-M1')]
    """
    return [move for move in position.legal_moves() if forces_win(position, move, moves)]


def _reason(error: Exception, move: object) -> str:
    text = str(error)
    prefix = f"{str(move).strip()}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


def _after_each_move(variant, own: int, opp: int) -> list[tuple[int, int]]:
    # (opponent's pieces, mover's pieces) after each legal move: the next mover first.
    return [
        (opp & ~captured, (own & ~(1 << origin)) | (1 << landings[-1]))
        for origin, landings, _, captured in generate_raw(variant, own, opp)
    ]


def wins_within(position: Position, plies: int) -> bool:
    """Whether the side to move can force a win within ``plies`` turns (a small search, for puzzle sizes).

    >>> p = Position.from_pieces("zuni-3", {"T0": "w", "M1": "b"})
    >>> wins_within(p, 1), wins_within(p, 0)
    (True, False)

    ``plies`` is at most ``2 *`` :data:`MAX_PUZZLE_MOVES` (a deeper search could take hours):

    >>> wins_within(p, 10**9)
    Traceback (most recent call last):
    ...
    ValueError: plies must be an integer from 0 to 12, got 1000000000
    """
    if not isinstance(position, Position):
        raise TypeError(f"wins_within takes a Position, got {type(position).__name__}")
    return _wins_within(position, whole_number("plies", plies, 0, 2 * MAX_PUZZLE_MOVES))


def _wins_within(position: Position, plies: int) -> bool:
    """:func:`wins_within` without its checks (plies below 1 answer False), for this package's searches."""
    variant = position.variant
    blocked_loses = variant.rules.blocked_player_loses
    known: dict[tuple[int, int, int], bool] = {}

    def wins(own: int, opp: int, plies: int) -> bool:
        if plies < 1:
            return False
        key = (own, opp, plies)
        if key not in known:
            known[key] = any(
                not them or loses(them, us, plies - 1) for them, us in _after_each_move(variant, own, opp)
            )
        return known[key]

    def loses(own: int, opp: int, plies: int) -> bool:
        children = _after_each_move(variant, own, opp)
        if not children:
            return blocked_loses
        return plies >= 2 and all(them and wins(them, us, plies - 1) for them, us in children)

    if position.turn is Color.WHITE:
        return wins(position.white, position.black, plies)
    return wins(position.black, position.white, plies)


def _spoiling_reply(after: Position, plies_left: int) -> Move | None:
    """The opponent's first reply after which the puzzle's side cannot win within ``plies_left`` turns."""
    for reply in after.legal_moves():
        if not _wins_within(after.play(reply), plies_left - 1):
            return reply
    return None


# --- finding puzzles --------------------------------------------------------------


def _quotas(count: int, wanted: tuple[int, ...]) -> dict[int, int]:
    base, extra = divmod(count, len(wanted))
    ordered = sorted(wanted)
    return {n: base + (1 if i >= len(ordered) - extra else 0) for i, n in enumerate(ordered)}


def find_puzzles(
    tables: EndgameTables,
    count: int = 8,
    moves: Iterable[int] = (1, 2, 3),
    *,
    seed: int = 0,
    min_choices: int = 3,
    max_total: int | None = None,
    attempts: int = 200_000,
) -> list[Puzzle]:
    """Draw puzzles from solved tables, reproducibly.

    Parameters
    ----------
    tables : EndgameTables
        Solved tables (see :func:`~awithlaknannai.tables.solver.solve_endgames`).
    count : int
        How many puzzles (1 to :data:`MAX_PUZZLES`), shared out as evenly as possible over ``moves``
        (the harder ones get any remainder).
    moves : iterable of int
        The wanted lengths ``N`` ("win in N"); read lazily, at most 48 of them.
    seed : int
        The same seed and tables give the same puzzles.
    min_choices : int
        The side to move must have at least this many legal moves.
    max_total : int, optional
        Only positions with at most this many pieces on the board.
    attempts : int
        How many random positions to look at before giving up (at most :data:`MAX_ATTEMPTS`).

    Returns
    -------
    list of Puzzle
        Sorted by ``N``, then by the number of legal moves.

    Raises
    ------
    TypeError
        For an argument of the wrong type (``tables`` that are not :class:`EndgameTables`).
    ValueError
        For values out of range, or when not enough puzzles turn up.

    Examples
    --------
    >>> from awithlaknannai.tables.solver import solve_endgames
    >>> tables = solve_endgames("zuni-3", 2, cache_dir=False)
    >>> [p.goal for p in find_puzzles(tables, 2, moves=(2,), seed=1)]
    ['Black to play and win in 2 moves', 'Black to play and win in 2 moves']
    """
    if not isinstance(tables, EndgameTables):
        raise TypeError(
            f"find_puzzles takes EndgameTables (from solve_endgames), got {type(tables).__name__}"
        )
    count = whole_number("count", count, 1, MAX_PUZZLES)
    lengths = bounded_items("moves", moves, 8 * MAX_PUZZLE_MOVES, what="numbers of moves")
    wanted = tuple(sorted({whole_number("each of moves", n, 1, 1000) for n in lengths}))
    if not wanted:
        raise ValueError("moves must hold at least one number of moves, e.g. (1, 2)")
    whole_number("seed", seed)
    min_choices = whole_number("min_choices", min_choices, 1)
    if max_total is not None:
        whole_number("max_total", max_total, 0)
    attempts = whole_number("attempts", attempts, 1, MAX_ATTEMPTS)
    codes = {
        cls: tables.codes(*cls) for cls in tables.classes() if max_total is None or sum(cls) <= max_total
    }
    classes = [cls for cls, found in codes.items() if found is not None]
    if not classes:
        raise ValueError("these tables hold no class with that few pieces")
    rng = random.Random(seed)
    quota = _quotas(count, wanted)
    found: list[tuple[int, int, Puzzle]] = []
    seen: set[int] = set()
    variant = tables.variant
    n = variant.tables.size
    mask = variant.tables.full_mask
    keys = {cls: class_keys(n, *cls) for cls in classes}
    for _attempt in range(attempts):
        if not any(quota.values()):
            break
        cls = rng.choice(classes)
        index = rng.randrange(len(keys[cls]))
        code = codes[cls][index]  # type: ignore[index]  # None was filtered out above
        key = keys[cls][index]
        length = ((code >> 3) + 1) // 2
        if code & 7 != WIN or not quota.get(length) or key in seen:
            continue
        own, opp = key >> n, key & mask
        turn = rng.choice((Color.WHITE, Color.BLACK))
        white, black = (own, opp) if turn is Color.WHITE else (opp, own)
        position = Position(variant, white, black, turn)
        ranked = tables.evaluate_moves(position)
        if len(ranked) < min_choices or sum(value.outcome == "win" for _, value in ranked) != 1:
            continue
        seen.add(key)
        quota[length] -= 1
        puzzle = Puzzle(position.text(), length)
        found.append((length, len(ranked), puzzle))
    if any(quota.values()):
        missing = ", ".join(f"{left} of win in {n}" for n, left in quota.items() if left)
        raise ValueError(
            f"found too few puzzles in {attempts} tries (missing {missing}); "
            "try other lengths, more pieces or more attempts"
        )
    found.sort(key=lambda item: (item[0], item[1]))
    return [puzzle for _, _, puzzle in found]


# --- the tutorial's puzzles ----------------------------------------------------------

# Drawn by find_puzzles(solve_endgames("mosona", 3, max_total=5), 8, (1, 2, 3),
# seed=TUTORIAL_SEED, max_total=5) under the standard rules; the tests prove with the
# solver that each has exactly one winning move. No answer is stored here.
_TUTORIAL: tuple[tuple[str, int], ...] = (
    ("mosona standard .....b../....bwb../...w.... w 0", 1),
    ("mosona standard .....b../....wbw../.....w.. b 0", 1),
    ("mosona standard .......w/........b/.......b b 0", 2),
    ("mosona standard .......b/.......ww/..b.b... w 0", 2),
    ("mosona standard .....b../....w..../wb...... b 0", 2),
    ("mosona standard bww...../........./........ w 0", 3),
    ("mosona standard .....bbw/........./........ b 0", 3),
    ("mosona standard ......wb/....b.ww./........ w 0", 3),
)


def tutorial_puzzles() -> list[Puzzle]:
    """Eight Mosona puzzles for the tutorial (standard rules, at most 5 pieces), easiest first.

    Returned at once: the positions are stored in this module, and the test
    suite re-checks each with the solver.
    """
    return [Puzzle(text, n) for text, n in _TUTORIAL]
