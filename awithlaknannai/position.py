"""Positions, moves and the fast move generator.

A :class:`Position` is an immutable value: the variant (board, rules), the
pieces of each side as bit sets over the variant's points, the side to move
and the number of turns played since the last capture. Moves are generated
from step and leap tables that the variant derives once from the board's
drawn lines.

Examples
--------
>>> p = Position.start("mosona")
>>> [str(m) for m in p.legal_moves()]
['M5-M4', 'B3-M4', 'B4-M4']
>>> q = p.play("B3-M4")
>>> [str(m) for m in q.legal_moves()]  # the centre piece must be jumped
['T4xB3']
"""

from __future__ import annotations

import math
import random
import re
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import TypeVar

from .errors import GameOverError, IllegalMoveError, InvalidMoveError, TooManyMovesError, shown
from .rules import Rules
from .variants import Color, Variant, get_variant

__all__ = ["Move", "Position", "Outcome", "EndReason", "perft", "perft_estimate", "tree_estimate",
           "MAX_PERFT_DEPTH", "MAX_MOVE_TEXT", "MAX_QUIET_TURNS", "MAX_LEAP_WORK", "MAX_LEAP_STATES"]


@dataclass(frozen=True, order=True)
class Move:
    """One whole turn: a step, or a full sequence of leaps by one piece.

    Attributes
    ----------
    origin : str
        The point the piece starts from.
    landings : tuple of str
        Where it lands: one point for a step, one per leap.
    captures : tuple of str
        The jumped points, in order (empty for a step).

    Examples
    --------
    >>> Move("B3", ("M4",))
    Move('B3-M4')
    >>> str(Move("T4", ("B3", "B5"), ("M4", "B4")))
    'T4xB3xB5'
    """

    origin: str
    landings: tuple[str, ...]
    captures: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Accept lists, and refuse shapes no turn can have: a step goes to one
        # point; a leap sequence jumps once per landing.
        if not isinstance(self.origin, str):
            raise TypeError(f"Move origin is a point name such as 'B3', got {type(self.origin).__name__}")
        for name in ("landings", "captures"):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, (tuple, list)) \
                    or not all(isinstance(point, str) for point in value):
                raise TypeError(f"Move {name} is a tuple of point names such as ('M4',), got {value!r}"[:200])
        if type(self.landings) is not tuple:
            object.__setattr__(self, "landings", tuple(self.landings))
        if type(self.captures) is not tuple:
            object.__setattr__(self, "captures", tuple(self.captures))
        count = len(self.landings)
        if count == 0 or (len(self.captures) != count if self.captures else count != 1):
            raise InvalidMoveError(
                f"a Move has one landing point for a step, or one landing per jumped point; got "
                f"origin={self.origin!r}, landings={self.landings!r}, captures={self.captures!r}"
            )

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    @property
    def destination(self) -> str:
        return self.landings[-1]

    @property
    def path(self) -> tuple[str, ...]:
        """Every point the piece stands on, from origin to destination."""
        return (self.origin, *self.landings)

    def text(self, full: bool = False) -> str:
        """``B3-M4`` for a step, ``T4xB3xB5`` for leaps.

        With ``full=True`` each leap names the jumped point too, as in
        ``T4x(M4)B3``; needed only where two leaps share their landings
        (possible with bent leaps).
        """
        if not self.captures:
            return f"{self.origin}-{self.landings[0]}"
        if full:
            return self.origin + "".join(f"x({over}){land}" for over, land in zip(self.captures, self.landings))
        return "x".join(self.path)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move({self.text()!r})"


class EndReason(str, Enum):
    """Why a game ended."""

    NO_PIECES = "no pieces left"
    BLOCKED = "no legal move"
    QUIET_LIMIT = "turn limit without a capture"
    REPETITION = "position repeated"


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: the winner (``None`` for a draw) and why."""

    winner: Color | None
    reason: EndReason

    @property
    def result(self) -> str:
        """``"white"``, ``"black"`` or ``"draw"``."""
        return self.winner.value if self.winner else "draw"

    def returns(self) -> dict[Color, int]:
        """+1 for the winner, -1 for the loser, 0 each for a draw (OpenSpiel's ``returns``)."""
        if self.winner is None:
            return {Color.WHITE: 0, Color.BLACK: 0}
        return {self.winner: 1, self.winner.other: -1}

    def __str__(self) -> str:
        head = "Draw" if self.winner is None else f"{self.winner} wins"
        return f"{head} ({self.reason.value})"


def _trusted_move(origin: str, landings: tuple[str, ...], captures: tuple[str, ...]) -> Move:
    """Build a Move from the generator's output without re-checking its shape (hot path)."""
    move = object.__new__(Move)
    move.__dict__.update(origin=origin, landings=landings, captures=captures)
    return move


#: The most turns without a capture a position may count: a position text
#: writes at most ten digits. Play stops counting there (every turn limit
#: is below it), so a position reached by play can always be written and read.
MAX_QUIET_TURNS = 10**9

#: The longest move text read, checked before the text is parsed. The
#: longest move of the largest board (``zuni-1000``: 1,500 leaps written
#: in full, ``x(M999)T998``) has under 20,000 characters.
MAX_MOVE_TEXT = 32_000

# A raw move: (origin index, landing indices, captured indices, captured mask).
RawMove = tuple[int, tuple[int, ...], tuple[int, ...], int]

# Step moves are few (two per edge) and immutable, so each board's are built
# once and shared by all its positions: most moves in a game are steps.
_STEP_MOVES: weakref.WeakKeyDictionary[object, dict[RawMove, Move]] = weakref.WeakKeyDictionary()


def generate_raw(variant: Variant, own: int, opp: int, dead: int = 0) -> list[RawMove]:
    """All legal raw moves for the side owning ``own``; the hot path of search.

    Follows ``variant.rules``: compulsory capture, multi-leap continuation
    and maximum capture. Does not look at end-of-game conditions. With
    bent leaps, a capture is one move per origin, landing point and set of
    captured pieces, listed with the first route found (any other legal
    route names the same move in :meth:`Position.find_move`); line leaps
    keep every route, since the routes of a line capture are few.

    Parameters
    ----------
    variant : Variant
        Board tables and rules.
    own, opp : int
        Bit sets (over ``variant.points``) of the side to move and of the
        opponent.
    dead : int, optional
        Points out of play on a shrinking board: no piece lands there.

    Returns
    -------
    list of (int, tuple of int, tuple of int, int)
        ``(origin, landings, captured, captured_mask)`` per move, in a fixed
        order: captures first (by origin, then leap by leap in table order),
        then steps (by origin, then destination). The tuples may be shared
        between calls: treat them as read-only.

    Examples
    --------
    >>> v = get_variant("mosona")
    >>> p = Position.start(v).play("B3-M4")
    >>> [(v.points[o], [v.points[i] for i in lands]) for o, lands, _, _ in generate_raw(v, p.black, p.white)]
    [('T4', ['B3'])]

    Raises
    ------
    TooManyMovesError
        The captures are too many to list: the leap search passed
        :data:`MAX_LEAP_WORK` (or, with bent leaps, one piece passed
        :data:`MAX_LEAP_STATES` different captures).
    """
    return _generate(variant, own, opp, dead)[0]


def _generate(variant: Variant, own: int, opp: int, dead: int = 0) -> tuple[list[RawMove], int]:
    """:func:`generate_raw`, and the work it did: the pieces tried, the leap search's steps and the moves."""
    tables = variant.tables
    rules = variant.rules
    empty0 = tables.full_mask & ~(own | opp | dead)
    step_mask = tables.step_mask
    # Only pieces next to an empty point can step, and only pieces a leap
    # away from one can leap. In crowded positions it is quicker to find
    # those from the few empty points than to try every piece.
    if empty0.bit_count() < own.bit_count():
        leap_from = tables.leap_from_mask
        can_step = can_leap = 0
        empties = empty0
        while empties:
            low = empties & -empties
            empties ^= low
            point = low.bit_length() - 1
            can_step |= step_mask[point]  # neighbours of an empty point
            can_leap |= leap_from[point]
        can_step &= own
        can_leap &= own
    else:
        can_step = can_leap = own
    captures: list[RawMove] = []
    work = (can_step | can_leap).bit_count()
    if opp and can_leap:
        over_mask = tables.leap_over_mask
        leap_bits = tables.leap_bits
        multi = rules.multi_leap
        bent = rules.leap_shape == "bent"
        pieces = can_leap
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            origin = low.bit_length() - 1
            if not opp & over_mask[origin]:
                continue  # no enemy piece on any point it could jump
            if multi == "none":
                for over_bit, to_bit, over, to in leap_bits[origin]:
                    if opp & over_bit and empty0 & to_bit:
                        captures.append((origin, (to,), (over,), over_bit))
                continue
            for over_bit, to_bit, _, _ in leap_bits[origin]:
                if opp & over_bit and empty0 & to_bit:
                    work += _leap_sequences(leap_bits, multi == "optional", bent, captures, origin, opp,
                                            empty0 | low, MAX_LEAP_WORK - work)
                    break
        if captures:
            if rules.maximum_capture:
                most = max(len(m[2]) for m in captures)
                captures = [m for m in captures if len(m[2]) == most]
            if rules.compulsory_capture:
                return captures, work + len(captures)
    step_moves = tables.step_moves
    pieces = can_step
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        origin = low.bit_length() - 1
        if empty0 & step_mask[origin]:
            for to_bit, move in step_moves[origin]:
                if empty0 & to_bit:
                    captures.append(move)
    return captures, work + len(captures)


#: A safety net for bent leaps on boards not measured here (hand-built
#: variants): the most (landing point, captured set) pairs one piece's leap
#: search may visit before it stops with a :class:`TooManyMovesError`.
MAX_LEAP_STATES = 500_000

#: The most work one position's leap search may do, in 8-byte words of the
#: tuples it builds (each step of the search costs the length of its
#: sequence; each capture found also the memory it keeps): at most about a
#: second and 150 MB with the moves built from it. Line leaps
#: list every route, and on a Zuni board a ladder of pieces gives a number of
#: routes that doubles every two points: a 70-character position text on
#: ``zuni-18`` once took 18 s into MemoryError. Positions of real games need
#: a few hundred units; the bound is checked as the search goes, before
#: the memory is spent.
MAX_LEAP_WORK = 10_000_000
# What one capture found costs in those units: the memory it keeps (its raw
# tuples now and its Move object later, about 600 bytes) in 8-byte words.
_MOVE_WORK = 64


def _leap_sequences(leap_bits: tuple[tuple[tuple[int, int, int, int], ...], ...], optional: bool,
                    merge_paths: bool, out: list[RawMove], origin: int, opp: int, empty: int,
                    budget: int = MAX_LEAP_WORK) -> int:
    """Append every leap sequence of the piece on ``origin`` to ``out``; return the work done.

    A depth-first search with its own stack, not recursion, so that a chain
    of any length (about 500 leaps on the largest Zuni board) cannot raise
    RecursionError; it lists sequences in the order a recursive search would.
    Jumped pieces leave ``opp`` and join ``empty`` at once; ``empty`` also
    holds the origin, which the leaping piece has left. A sequence is
    recorded when it cannot go on, or after every leap if ``optional``.

    With ``merge_paths`` (bent leaps) a capture is identified by where it
    lands and the set of pieces it takes, not by its route: the search
    visits each (point, captured set) once and keeps the first route found.
    What a sequence can do next depends only on that pair, so no capture is
    lost, and the work is bounded by the number of such pairs instead of
    the number of routes, which multiplies on boards with many crossing
    lines (Tukvnanawopi).

    Each step of the search costs the length of the sequence it builds (the
    tuples it allocates) plus a few units, and the bent search's remembered
    set costs the size of its captured sets; past ``budget`` units the
    search stops with :class:`TooManyMovesError`, before the memory is spent.
    """
    seen: set[tuple[int, int]] = set()
    work = 0
    # A frame: [point, opponent's pieces, empty points, landings, captured, captured mask,
    #           next leap to try, whether any leap was possible].
    stack: list[list] = [[origin, opp, empty, (), (), 0, 0, False]]
    while stack:
        frame = stack[-1]
        cur, opp_now, empty_now, landings, caps, capmask, i, found = frame
        runs = leap_bits[cur]
        child = None
        while i < len(runs):
            over_bit, to_bit, over, to = runs[i]
            i += 1
            if opp_now & over_bit and empty_now & to_bit:
                found = True
                new_mask = capmask | over_bit
                work += len(landings) + 4
                if merge_paths:
                    if (to, new_mask) in seen:
                        continue
                    seen.add((to, new_mask))
                    work += new_mask.bit_length() >> 6  # the set keeps the captured set
                    if len(seen) > MAX_LEAP_STATES:
                        raise TooManyMovesError(
                            f"bent leaps: one piece has more than {MAX_LEAP_STATES:,} different captures here, "
                            "more than can be listed; use leap_shape=line on this board"
                        )
                if work > budget:
                    raise TooManyMovesError(
                        f"this position has more captures than can be listed (the leap search passed "
                        f"MAX_LEAP_WORK, {MAX_LEAP_WORK:,} units); it is refused rather than filling the memory")
                new_landings = landings + (to,)
                new_caps = caps + (over,)
                if optional:
                    out.append((origin, new_landings, new_caps, new_mask))
                    work += _MOVE_WORK + 4 * len(new_landings)
                child = [to, opp_now ^ over_bit, empty_now | over_bit, new_landings, new_caps, new_mask, 0, False]
                break
        if child is not None:
            frame[6] = i
            frame[7] = True
            stack.append(child)
            continue
        stack.pop()
        if not found and caps and not optional:
            out.append((origin, landings, caps, capmask))
            work += _MOVE_WORK + 4 * len(landings)
    return work


_MOVE_TEXT = re.compile(r"^\s*([A-Za-z]+\d+\+?)\s*((?:[-x]\s*(?:\(\s*[A-Za-z]+\d+\+?\s*\)\s*)?[A-Za-z]+\d+\+?\s*)+)$")
_MOVE_PART = re.compile(r"([-x])\s*(?:\(\s*([A-Za-z]+\d+\+?)\s*\)\s*)?([A-Za-z]+\d+\+?)")


class Position:
    """An immutable game position.

    Parameters
    ----------
    variant : Variant
        Board, rules and settings.
    white, black : int
        Bit sets over ``variant.points``.
    turn : Color
        The side to move.
    quiet_turns : int
        Turns played in a row without a capture.
    dead : int
        Bit set of the points out of play on a shrinking board (0 on the
        others); it follows from the moves played (see ``Variant.shrink``).

    Build one with :meth:`start` or :func:`awithlaknannai.notation.parse_position`.
    """

    __slots__ = ("variant", "white", "black", "turn", "quiet_turns", "dead", "__dict__")
    variant: Variant
    white: int
    black: int
    turn: Color
    quiet_turns: int
    dead: int

    def __init__(self, variant: Variant, white: int, black: int, turn: Color, quiet_turns: int = 0,
                 dead: int = 0) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"a position needs a Variant (see get_variant), got {type(variant).__name__}")
        for name, value in (("white", white), ("black", black), ("quiet_turns", quiet_turns), ("dead", dead)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Position {name} must be an integer, got {type(value).__name__}")
        if white & black:
            raise ValueError("a point cannot hold a white and a black piece")
        if not white | black:
            # No game reaches it (a capture never takes the capturer's last
            # piece), and no rule says who has won: refused, not scored.
            raise ValueError("a position needs at least one piece: an empty board is not a game position")
        if white | black > variant.tables.full_mask or white < 0 or black < 0:
            raise ValueError("piece sets name points the board does not have")
        if not 0 <= quiet_turns <= MAX_QUIET_TURNS:
            raise ValueError(f"quiet_turns must be >= 0 and at most {MAX_QUIET_TURNS:,}, got {shown(quiet_turns)}")
        if dead:
            _check_dead(variant, white | black, dead)
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "black", black)
        object.__setattr__(self, "turn", Color.parse(turn))
        object.__setattr__(self, "quiet_turns", quiet_turns)
        object.__setattr__(self, "dead", dead)

    def __setattr__(self, name: str, value: object) -> None:
        if name in self.__slots__:
            raise AttributeError("Position is immutable: play a move to get a new position")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type[Position], tuple[Variant, int, int, Color, int, int]]:
        # Pickle and copy through the constructor (the slots refuse assignment).
        return (Position, (self.variant, self.white, self.black, self.turn, self.quiet_turns, self.dead))

    # --- construction -------------------------------------------------------

    @classmethod
    def start(cls, variant: str | Variant = "mosona", rules: str | Rules | None = None) -> Position:
        """The start position of a variant (a name, or a :class:`Variant`).

        >>> Position.start("kolowis").count(Color.BLACK)
        23
        """
        variant = _variant_argument(variant, rules)
        index = variant.tables.index
        white = black = 0
        for point, color in variant.start_pieces.items():
            if color is Color.WHITE:
                white |= 1 << index[point]
            else:
                black |= 1 << index[point]
        return cls(variant, white, black, variant.first, 0)

    @classmethod
    def from_pieces(cls, variant: str | Variant, pieces: dict[str, Color | str], turn: Color | str = Color.WHITE,
                    quiet_turns: int = 0, rules: str | Rules | None = None) -> Position:
        """Build a position from ``{point: colour}``.

        >>> p = Position.from_pieces("zuni-4", {"M2": "w", "M3": "b"})
        >>> p.piece_at("M3")
        <Color.BLACK: 'black'>
        >>> Position.from_pieces("zuni-4", {"Q9": "w"})
        Traceback (most recent call last):
        ...
        ValueError: there is no point 'Q9' on this board (zuni-4)
        """
        variant = _variant_argument(variant, rules)
        if not isinstance(pieces, dict):
            raise TypeError(f"pieces is a dict {{point: colour}}, got {type(pieces).__name__}")
        index = variant.tables.index
        white = black = 0
        for point, color in pieces.items():
            if point not in index:
                raise ValueError(f"there is no point {_cut(str(point), 20)!r} on this board ({variant.name})")
            if Color.parse(color) is Color.WHITE:
                white |= 1 << index[point]
            else:
                black |= 1 << index[point]
        return cls(variant, white, black, Color.parse(turn), quiet_turns)

    # --- value semantics ----------------------------------------------------

    def key(self) -> tuple[int, int, Color, int]:
        """What repetition compares: the pieces, the side to move and the points out of play."""
        return (self.white, self.black, self.turn, self.dead)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.variant, self.white, self.black, self.turn, self.quiet_turns, self.dead) == (
            other.variant, other.white, other.black, other.turn, other.quiet_turns, other.dead)

    def __hash__(self) -> int:
        return hash((self.white, self.black, self.turn, self.quiet_turns, self.dead))

    def __repr__(self) -> str:
        return f"Position({self.text()!r})"

    def text(self) -> str:
        """The one-line position text (see :mod:`awithlaknannai.notation`)."""
        from .notation import position_text

        return position_text(self)

    def __str__(self) -> str:
        from .notation import board_diagram

        return board_diagram(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        from .render import Picture, position_svg  # drawn lazily, like python-chess

        return Picture(position_svg(self)).mimebundle(plain=False)  # shows untrusted, with alt text

    # --- queries ------------------------------------------------------------

    @property
    def points(self) -> tuple[str, ...]:
        return self.variant.tables.points

    def _mask(self, color: Color) -> int:
        return self.white if color is Color.WHITE else self.black

    def piece_at(self, point: str) -> Color | None:
        """The colour on ``point``, or ``None`` if it is empty."""
        i = self._index(point)
        if (self.white >> i) & 1:
            return Color.WHITE
        if (self.black >> i) & 1:
            return Color.BLACK
        return None

    def pieces(self, color: Color | str | None = None) -> dict[str, Color]:
        """``{point: colour}`` for every piece (of one colour if given).

        >>> Position.start("zuni-2").pieces("w")
        {'M2': <Color.WHITE: 'white'>, 'B0': <Color.WHITE: 'white'>, 'B1': <Color.WHITE: 'white'>}
        """
        if color is not None:
            color = Color.parse(color)
        out = {}
        for i, point in enumerate(self.points):
            if (self.white >> i) & 1 and color in (None, Color.WHITE):
                out[point] = Color.WHITE
            elif (self.black >> i) & 1 and color in (None, Color.BLACK):
                out[point] = Color.BLACK
        return out

    @property
    def dead_points(self) -> tuple[str, ...]:
        """The points out of play on a shrinking board, in board order (empty on other boards).

        >>> Position.start("tukvnanawopi-shrinking").dead_points
        ()
        """
        return tuple(p for i, p in enumerate(self.points) if self.dead >> i & 1)

    def count(self, color: Color | str) -> int:
        """How many pieces ``color`` (a :class:`Color` or ``"white"``/``"w"``...) has."""
        return self._mask(Color.parse(color)).bit_count()

    def _index(self, point: str) -> int:
        try:
            return self.variant.tables.index[point]
        except (KeyError, TypeError):
            raise InvalidMoveError(f"there is no point {_cut(str(point), 20)!r} on this board ({self.variant.name})") from None

    @cached_property
    def _raw_moves(self) -> tuple[RawMove, ...]:
        # Generated once: both the outcome test and the move list need them.
        # A tuple, so no caller can change the position's cached moves.
        own, opp = (self.white, self.black) if self.turn is Color.WHITE else (self.black, self.white)
        moves, work = _generate(self.variant, own, opp, self.dead)
        object.__setattr__(self, "_work", work)  # what a record's replay counts (see notation)
        return tuple(moves)

    def _forget_moves(self) -> None:
        """Drop the cached move lists (they are rebuilt when asked for again).

        A :class:`~awithlaknannai.Game` keeps every position it passed
        through; without this, each would keep its legal moves, which on a
        large board are thousands of objects: a 4,000-move record on
        ``zuni-1000`` held 200 MB.
        """
        self.__dict__.pop("_moves", None)
        self.__dict__.pop("_raw_moves", None)

    def _raw(self) -> tuple[RawMove, ...]:
        return self._raw_moves

    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self._position_outcome is not None:
            return ()
        name = self.points.__getitem__
        trusted = _trusted_move
        steps = _STEP_MOVES.get(self.variant.tables)
        if steps is None:
            steps = _STEP_MOVES[self.variant.tables] = {}
        moves = []
        for raw in self._raw():
            origin, landings, captures, _ = raw
            if captures:
                moves.append(trusted(name(origin), tuple(map(name, landings)), tuple(map(name, captures))))
            else:
                move = steps.get(raw)
                if move is None:
                    move = steps[raw] = trusted(name(origin), (name(landings[0]),), ())
                moves.append(move)
        return tuple(moves)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move (whole turns); empty when the game is over."""
        return self._moves

    def captures_available(self) -> bool:
        """Whether the side to move has a capture (whether or not it is compulsory)."""
        return any(m.is_capture for m in self._moves)

    @cached_property
    def _position_outcome(self) -> Outcome | None:
        rules = self.variant.rules
        own = self._mask(self.turn)
        if not own:
            return Outcome(self.turn.other, EndReason.NO_PIECES)
        if not self._mask(self.turn.other):
            return Outcome(self.turn, EndReason.NO_PIECES)
        if not self._raw():
            return Outcome(self.turn.other if rules.blocked_player_loses else None, EndReason.BLOCKED)
        if rules.quiet_turn_limit is not None and self.quiet_turns >= rules.quiet_turn_limit:
            return self.no_capture_outcome(EndReason.QUIET_LIMIT)
        return None

    def no_capture_outcome(self, reason: EndReason) -> Outcome:
        """Score a game stopped by a stand-in rule, as ``rules.no_capture_result`` says."""
        if self.variant.rules.no_capture_result == "more_pieces":
            w, b = self.count(Color.WHITE), self.count(Color.BLACK)
            if w != b:
                return Outcome(Color.WHITE if w > b else Color.BLACK, reason)
        return Outcome(None, reason)

    def outcome(self) -> Outcome | None:
        """The result if the game is over in this position, else ``None``.

        Repetition needs the history, so :class:`awithlaknannai.Game` checks it.
        """
        return self._position_outcome

    def is_terminal(self) -> bool:
        return self._position_outcome is not None

    # --- playing ------------------------------------------------------------

    def _after_raw(self, raw: RawMove) -> Position:
        origin, landings, _, capmask = raw
        own, opp = (self.white, self.black) if self.turn is Color.WHITE else (self.black, self.white)
        own = (own & ~(1 << origin)) | (1 << landings[-1])
        opp &= ~capmask
        white, black = (own, opp) if self.turn is Color.WHITE else (opp, own)
        # The count stops at MAX_QUIET_TURNS, above any turn limit, so every position stays writable.
        quiet = 0 if capmask else min(self.quiet_turns + 1, MAX_QUIET_TURNS)
        shrink = self.variant.shrink
        dead = shrink.after(white | black, self.dead) if shrink is not None else 0
        return Position(self.variant, white, black, self.turn.other, quiet, dead)

    def play(self, move: Move | str) -> Position:
        """Return the position after ``move`` (a :class:`Move` or its text).

        Raises
        ------
        InvalidMoveError
            The text cannot be read or names an unknown point.
        IllegalMoveError
            The rules forbid the move; the message says why.

        Examples
        --------
        >>> p = Position.start("mosona")
        >>> p.play("B3-M5")
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.IllegalMoveError: B3-M5: M5 is occupied
        >>> p.play("B0-B1")
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.IllegalMoveError: B0-B1: B1 is occupied
        """
        if isinstance(move, Move):
            try:  # the usual case, a move from legal_moves(): no text to read or explain
                return self._after_raw(self._raw_moves[self._moves.index(move)])
            except ValueError:
                pass
        legal = self.find_move(move)
        return self._after_raw(self._raw_moves[self._moves.index(legal)])

    def parse_move(self, text: str) -> Move:
        """Read a move's text and return the legal move it names.

        Accepts ``B3-M4``, ``T4xB3xB5`` and the full form ``T4x(M4)B3``.
        Raises like :meth:`play` when the text is malformed or illegal.
        """
        return self.find_move(text)

    def find_move(self, move: Move | str) -> Move:
        """Return the legal move that ``move`` names, or raise saying why there is none.

        ``move`` is a :class:`Move` (from any position: it is matched by its
        points) or a text: ``B3-M4``, ``T4xB3xB5`` or the full form
        ``T4x(M4)B3``, which names each jumped point and is needed only where
        two leaps share their landing points (bent leaps).

        Raises
        ------
        InvalidMoveError
            Unreadable text, an unknown point, or an ambiguous short form.
        GameOverError
            The game is already over in this position.
        IllegalMoveError
            The rules forbid the move; the message says why.

        Examples
        --------
        >>> p = Position.start("mosona").play("B3-M4")
        >>> p.find_move("T4xB3")
        Move('T4xB3')
        >>> p.find_move(Move("T4", ("B3",), ("M4",))) is p.find_move("T4xB3")
        True
        >>> p.find_move("M3-B3")
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.IllegalMoveError: M3-B3: capture is compulsory: Black must leap (for example T4xB3)
        """
        parts: list[tuple[str, str | None, str]]
        if isinstance(move, Move):
            try:  # a move from legal_moves(), or one equal to it
                return self._moves[self._moves.index(move)]
            except ValueError:
                pass
            if len(move.landings) > len(self.points):  # no turn leaps more often than the board has points
                raise IllegalMoveError(f"a move of {len(move.landings):,} leaps: more than this board has points")
            origin = move.origin
            if move.captures:
                parts = [("x", over, land) for over, land in zip(move.captures, move.landings)]
            else:
                parts = [("-", None, land) for land in move.landings]
            text = _cut(move.text(full=self.variant.rules.leap_shape == "bent"))
        elif isinstance(move, str):
            origin, parts = _read_move_text(move)
            text = _cut(move.strip())
            # Point names are read in any case ("b3-m4"), as children type them.
            spelling = self.variant.tables.spelling
            origin = spelling.get(origin.lower(), origin)
            parts = [(kind, over and spelling.get(over.lower(), over), spelling.get(land.lower(), land))
                     for kind, over, land in parts]
        else:
            raise InvalidMoveError(f"a move is a Move or a text such as 'B3-M4', got {shown(move)}")
        index = self.variant.tables.index
        for point in (origin, *(p for _, over, land in parts for p in (over, land) if p)):
            if point not in index:
                raise InvalidMoveError(f"{text}: there is no point {_cut(point, 20)!r} on this board ({self.variant.name})")
        outcome = self.outcome()
        if outcome is not None:
            raise GameOverError(f"{text}: the game is over: {outcome}")
        matches = [m for m in self._moves if _matches(m, origin, parts)]
        if not matches and self.variant.rules.leap_shape == "bent":
            matches = self._same_capture(origin, parts)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = ", ".join(m.text(full=True) for m in matches)
            raise InvalidMoveError(f"{text}: ambiguous; name the jumped points: {options}")
        raise IllegalMoveError(f"{text}: {self._why_illegal(origin, parts)}")

    def _same_capture(self, origin: str, parts: Sequence[tuple[str, str | None, str]]) -> list[Move]:
        """Bent leaps: the legal moves that a valid route other than the listed one names.

        With bent leaps a capture is identified by its origin, where it lands
        and the set of pieces it takes; the move list keeps one route for
        each, and any other legal route names the same move.
        """
        if not parts or any(kind != "x" for kind, _, _ in parts):
            return []
        leap_set = _leap_set(self.variant)
        jumped = _jumped_points(leap_set)
        removed: set[str] = set()
        cur = origin
        for _, named_over, land in parts:
            overs = [named_over] if named_over is not None else jumped.get((cur, land), [])
            overs = [b for b in overs if (cur, b, land) in leap_set and b not in removed
                     and self.piece_at(b) is self.turn.other]
            if len(overs) != 1 or (land != origin and land not in removed and self.piece_at(land) is not None):
                return []
            removed.add(overs[0])
            cur = land
        return [m for m in self._moves if m.origin == origin and m.destination == cur
                and len(m.captures) == len(removed) and set(m.captures) == removed]

    def _why_illegal(self, origin: str, parts: Sequence[tuple[str, str | None, str]]) -> str:
        """Say why a readable move on a running game matches no legal move."""
        rules = self.variant.rules
        mover = self.piece_at(origin)
        if mover is None:
            return f"there is no piece on {origin}"
        if mover is not self.turn:
            return f"{origin} holds a {mover.value} piece, and it is {self.turn}'s turn"
        kinds = {kind for kind, _, _ in parts}
        if kinds == {"-"}:
            return self._why_step_illegal(origin, [land for _, _, land in parts])
        if "-" in kinds:
            return "a move is either one step (-) or leaps (x), not both"
        # Replay the leaps one by one to find the first that fails.
        leap_set = _leap_set(self.variant)
        jumped = _jumped_points(leap_set)
        bent = rules.leap_shape == "bent"
        removed: set[str] = set()
        cur = origin
        for i, (_, named_over, land) in enumerate(parts):
            if i >= 1 and rules.multi_leap == "none":
                return "one leap per turn under these rules"
            if named_over is not None:
                candidates = [named_over] if (cur, named_over, land) in leap_set else []
            else:
                candidates = jumped.get((cur, land), [])
            if not candidates:
                if i == 0 and self._joined(origin, land):
                    step = next((m for m in self._moves if m.path == (origin, land)), None)
                    hint = f" (a step is written {step})" if step else ""
                    return f"{origin} and {land} are neighbours: there is nothing between them to jump{hint}"
                if named_over is not None:
                    reason = f"{cur}, {named_over} and {land} do not follow one line" if not bent else \
                        f"{cur}, {named_over} and {land} are not joined by lines"
                elif bent:
                    reason = f"{land} is not two steps from {cur} along the lines"
                else:
                    reason = f"no line runs from {cur} over one point to {land}"
                # A common slip: naming only where a chain of leaps ends.
                route = next((m for m in self._moves if m.is_capture and m.origin == origin
                              and m.destination == land and len(m.landings) > len(parts)), None)
                return reason + (f" (a chain of leaps names every landing: {route})" if route else "")
            holders = {b: (None if b in removed else self.piece_at(b)) for b in candidates}
            over = next((b for b in candidates if holders[b] is self.turn.other), candidates[0])
            if holders[over] is None:
                return f"there is no piece on {over} to jump" + (" (it was taken earlier in this move)"
                                                                 if over in removed else "")
            if holders[over] is self.turn:
                return f"{over} holds your own piece; you can only jump the opponent's"
            if land != origin and land not in removed and self.piece_at(land) is not None:
                return f"{land} is occupied"
            if land in self.dead_points:
                return f"{land} is out of play: the board has shrunk"
            removed.add(over)
            cur = land
        landings = tuple(land for _, _, land in parts)
        longer = [m for m in self._moves if m.is_capture and m.origin == origin
                  and m.landings[: len(parts)] == landings and len(m.landings) > len(parts)]
        if longer:
            return f"the piece must keep leaping while it can (for example {longer[0]})"
        captures = [m for m in self._moves if m.is_capture]
        if rules.maximum_capture and captures:
            most = len(captures[0].captures)
            if most > len(parts):
                return f"a larger capture exists: you must take {most} pieces (for example {captures[0]})"
        return "not a legal move here"

    def _joined(self, a: str, b: str) -> bool:
        return bool(self.variant.board.has_edge(a, b))

    def _why_step_illegal(self, origin: str, targets: list[str]) -> str:
        if len(targets) > 1:
            return "a step moves one point only"
        target = targets[0]
        if target == origin:
            return f"a move must leave {origin}"
        if self.piece_at(target) is not None:
            return f"{target} is occupied"
        if target in self.dead_points:
            return f"{target} is out of play: the board has shrunk"
        if not self._joined(origin, target):
            leap = next((m for m in self._moves if m.is_capture and m.origin == origin
                         and m.landings[0] == target), None)
            hint = f" (to leap there, write {leap})" if leap else ""
            return f"{origin} and {target} are not joined by a line{hint}"
        if self.variant.rules.compulsory_capture and self.captures_available():
            example = next(m for m in self._moves if m.is_capture)
            return f"capture is compulsory: {self.turn} must leap (for example {example})"
        return "not a legal move here"

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)


def _check_dead(variant: Variant, occupied: int, dead: int) -> None:
    """Refuse a set of dead points that the variant's shrinking rule could not have made."""
    if isinstance(dead, bool) or not isinstance(dead, int):
        raise TypeError(f"Position dead must be an integer bit set, got {dead!r}")
    shrink = variant.shrink
    if shrink is None:
        raise ValueError(f"{variant.name} has no shrinking board: no point can be out of play")
    if dead < 0 or dead > variant.tables.full_mask or not shrink.is_reachable(dead):
        raise ValueError(f"the points out of play on {variant.name} form whole end rows or columns of "
                         f"{shrink.unit} (reading {shrink.reading!r}); these do not")
    if occupied & dead:
        raise ValueError("a piece stands on a point that is out of play")


def _variant_argument(variant: object, rules: str | Rules | None) -> Variant:
    """A variant given by name or as a :class:`Variant`, under ``rules`` if given."""
    if isinstance(variant, str):
        return get_variant(variant, rules)
    if isinstance(variant, Variant):
        return variant if rules is None else variant.with_rules(rules)
    raise TypeError(f"a variant is a name such as 'mosona' or a Variant, got {type(variant).__name__}")


def _leaps_of(variant: Variant) -> list[tuple[str, str, str]]:
    from .boards import leaps

    return leaps(variant.board, variant.rules.leap_shape)


def _leap_set(variant: Variant) -> set[tuple[str, str, str]]:
    return set(_leaps_of(variant))


def _jumped_points(leap_set: set[tuple[str, str, str]]) -> dict[tuple[str, str], list[str]]:
    """``{(from, to): sorted points a leap between them jumps}``: one lookup per leap of a move text."""
    jumped: dict[tuple[str, str], list[str]] = {}
    for a, b, c in leap_set:
        jumped.setdefault((a, c), []).append(b)
    for points in jumped.values():
        points.sort()
    return jumped


def _read_move_text(text: str) -> tuple[str, list[tuple[str, str | None, str]]]:
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"cannot read the move {_cut(text)!r}: {len(text):,} characters, more than "
                               f"the {MAX_MOVE_TEXT:,} any move needs")
    match = _MOVE_TEXT.match(text)
    if not match:
        raise InvalidMoveError(
            f"cannot read the move {_cut(text)!r}: write a step as B3-M4 and leaps as T4xB3 or T4xB3xB5"
        )
    parts = [(kind, over or None, land) for kind, over, land in _MOVE_PART.findall(match.group(2))]
    for kind, over, _ in parts:
        if kind == "-" and over:
            raise InvalidMoveError(f"cannot read the move {_cut(text)!r}: a step jumps nothing")
    return match.group(1), parts


def _cut(text: str, limit: int = 60) -> str:
    """A move text as messages quote it: a very long one is cut short."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _matches(move: Move, origin: str, parts: Sequence[tuple[str, str | None, str]]) -> bool:
    if move.origin != origin or len(move.landings) != len(parts):
        return False
    for i, (kind, over, land) in enumerate(parts):
        if (kind == "x") != move.is_capture or move.landings[i] != land:
            return False
        if over and move.captures[i] != over:
            return False
    return True


#: The deepest perft: far beyond what finishes (Mosona's tree grows about
#: 4.5 times a level), and well within Python's recursion limit. Below it,
#: the depth a call may reach is set by the estimated time
#: (:func:`perft_estimate`), which depends on the board, the rules and the
#: position: depth 12 is about a second on Mosona and hours on Kolowis under
#: the Ludii rules.
MAX_PERFT_DEPTH = 64

#: Random descents per estimate: enough to find the order of magnitude of
#: a game tree (checked against exact counts in ``benchmarks/long_jobs.py``).
PERFT_PROBES = 64

_Node = TypeVar("_Node")


def tree_estimate(root: _Node, depth: int, expand: Callable[[_Node], Sequence[object] | None],
                  child: Callable[[_Node, object], _Node], *, probes: int = PERFT_PROBES,
                  give_up_after: float = math.inf, seed: int = 0) -> tuple[float, float]:
    """Estimate ``(leaves, seconds)`` of counting a game tree ``depth`` plies deep, by random descents.

    Knuth's estimator (1975): walk from the root choosing a random move at
    each node; the product of the numbers of moves met along the way is an
    unbiased estimate of the number of nodes at that depth, and weighting
    the time each node took by the same product estimates the time of the
    whole count. The descents run side by side, one level at a time, and
    stop as soon as the levels seen already cost more than ``give_up_after``
    seconds (the seconds returned are then a lower bound).

    Parameters
    ----------
    root : object
        The root node.
    depth : int
        Plies to count (the last level is counted in bulk, as perft does).
    expand : callable
        ``expand(node)`` returns the node's moves (an empty sequence or
        ``None`` for a finished game); it is timed.
    child : callable
        ``child(node, move)`` returns the node after ``move``.

    Examples
    --------
    >>> p = Position.start("mosona")
    >>> leaves, seconds = tree_estimate(p, 6, lambda q: q.legal_moves(), lambda q, m: q.play(m))
    >>> 50 < leaves < 2000 and seconds < 1.0   # perft(p, 6) is 233
    True
    """
    rng = random.Random(seed * 1_000_003 + depth)
    walkers: list[tuple[float, _Node]] = [(1.0, root) for _ in range(probes)]
    leaves = seconds = 0.0
    clock = time.perf_counter
    for level in range(depth):
        spent = 0.0
        following: list[tuple[float, _Node]] = []
        for weight, node in walkers:
            began = clock()
            moves = expand(node)
            spent += weight * (clock() - began)
            if not moves:
                continue
            if level == depth - 1:
                leaves += weight * len(moves)
                continue
            following.append((weight * len(moves), child(node, moves[int(rng.random() * len(moves))])))
        seconds += spent / probes
        walkers = following
        if seconds > give_up_after or not walkers:
            break
    return leaves / probes, seconds


def perft_estimate(position: Position, depth: int, *, give_up_after: float = math.inf) -> tuple[float, float]:
    """Estimate ``(leaves, seconds)`` of :func:`perft` before running it.

    The game tree is sampled by :data:`PERFT_PROBES` random descents
    (:func:`tree_estimate`), each node timed on this machine as perft
    would expand it; the estimate is usually within a factor of two or three
    of the real count, and costs a few hundred node expansions.

    >>> leaves, seconds = perft_estimate(Position.start("mosona"), 8)
    >>> 500 < leaves < 10_000   # perft(..., 8) is 2,177
    True
    """
    if not isinstance(position, Position):
        raise TypeError(f"perft counts from a Position, got {type(position).__name__}")
    variant = position.variant
    limit = variant.rules.quiet_turn_limit
    shrink = variant.shrink
    own, opp = (position.white, position.black) if position.turn is Color.WHITE else (position.black, position.white)

    def expand(node: tuple[int, int, int, int]) -> list[RawMove] | None:
        own, opp, quiet, dead = node
        if not own or not opp or (limit is not None and quiet >= limit):
            return None
        return generate_raw(variant, own, opp, dead)

    def child(node: tuple[int, int, int, int], move: object) -> tuple[int, int, int, int]:
        own, opp, quiet, dead = node
        origin, landings, _, capmask = move  # type: ignore[misc]
        new_own = (own & ~(1 << origin)) | (1 << landings[-1])
        new_opp = opp & ~capmask
        new_dead = shrink.after(new_own | new_opp, dead) if shrink is not None else 0
        return new_opp, new_own, 0 if capmask else quiet + 1, new_dead

    if position.is_terminal() or depth == 0:
        return (1.0 if depth == 0 else 0.0), 0.0
    return tree_estimate((own, opp, position.quiet_turns, position.dead), depth, expand, child,
                         give_up_after=give_up_after)


def perft(position: Position, depth: int, *, allow_long: bool = False) -> int:
    """Count the move sequences of length ``depth`` (leaves of the game tree).

    Finished positions (no pieces, no move, turn limit) have no moves, as in
    play; repetition is not checked, as in chess perft.

    Parameters
    ----------
    position : Position
        Where to count from.
    depth : int
        Plies, from 0 to :data:`MAX_PERFT_DEPTH`.
    allow_long : bool, optional
        Count even if :func:`perft_estimate` expects more than
        :data:`~awithlaknannai.limits.LONG_JOB_SECONDS`.

    Raises
    ------
    TypeError
        ``position`` is not a Position, or ``depth`` not an integer.
    ValueError
        ``depth`` is out of range.
    LongJobError
        The count is estimated to take more than a minute (the message
        says how long), and ``allow_long`` is false.

    Examples
    --------
    >>> [perft(Position.start("mosona"), d) for d in range(1, 5)]
    [3, 4, 9, 23]
    >>> perft(Position.start("kolowis", "ludii"), 14)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: perft to depth 14 on kolowis (ludii): estimated ... pass allow_long=True to run it anyway
    """
    from .limits import LONG_JOB_SECONDS, check_long_job, flag

    if not isinstance(position, Position):
        raise TypeError(f"perft counts from a Position, got {type(position).__name__}")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"perft depth must be an integer, got {type(depth).__name__}")
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ValueError(f"perft depth must be from 0 to {MAX_PERFT_DEPTH}, got {shown(depth)}")
    if not flag("allow_long", allow_long) and depth >= 3:
        _, seconds = perft_estimate(position, depth, give_up_after=2 * LONG_JOB_SECONDS)
        check_long_job(f"perft to depth {depth} on {position.variant.name} ({position.variant.rules.to_text()})",
                       seconds, allow_long=False, advice="try a smaller depth")
    variant = position.variant
    if position.is_terminal():
        return 1 if depth == 0 else 0
    limit = variant.rules.quiet_turn_limit
    own, opp = (position.white, position.black) if position.turn is Color.WHITE else (position.black, position.white)

    shrink = variant.shrink

    def count(own: int, opp: int, quiet: int, depth: int, dead: int) -> int:
        if depth == 0:
            return 1
        if not own or not opp or (limit is not None and quiet >= limit):
            return 0
        moves = generate_raw(variant, own, opp, dead)
        if depth == 1:
            return len(moves)
        total = 0
        for origin, landings, _, capmask in moves:
            new_own = (own & ~(1 << origin)) | (1 << landings[-1])
            new_opp = opp & ~capmask
            new_dead = shrink.after(new_own | new_opp, dead) if shrink is not None else 0
            total += count(new_opp, new_own, 0 if capmask else quiet + 1, depth - 1, new_dead)
        return total

    return count(own, opp, position.quiet_turns, depth, position.dead)
