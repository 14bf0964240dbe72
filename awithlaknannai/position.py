"""Positions and moves: the safe, immutable API on the one move generator.

A :class:`Position` is an immutable value: the variant (board, rules), the
pieces of each side as bit sets over the variant's points, the side to move,
the turns played since the last capture and, on a shrinking board, the
points out of play. Its legal moves come from the move generator that every
engine of the package uses (:mod:`awithlaknannai.movegen`): the
:class:`Move` objects are built once per step or single leap of a board and
shared, and only when the moves are asked for. Playing a move taken from
:meth:`Position.legal_moves` looks nothing up and checks nothing again: the
move carries the bit sets it changes. Any other move (a text, or a
:class:`Move` built by hand) is read and checked by :meth:`Position.find_move`,
which says why a move is refused (:mod:`awithlaknannai.explain`).

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
from collections.abc import Callable, Iterator
from itertools import repeat
from operator import attrgetter, is_
from typing import Any, cast

from . import explain
from .movegen import MAX_LEAP_STATES, MAX_LEAP_WORK, LeanMove, RawMove, generator_for
from .game_tree import MAX_PERFT_DEPTH, count_leaves, lean_tree, tree_estimate
from .errors import GameOverError, IllegalMoveError, InvalidMoveError, MoveTypeError, shown
from .i18n import gettext as _
from .i18n import side_name
from .moves import EndReason, Move, Outcome
from .rules import Rules
from .texts import (
    MAX_MOVE_TEXT,
    MAX_QUIET_TURNS,
    board_diagram_text,
    cut,
    read_move_text,
    read_position_text,
    write_position_text,
)
from .variant_context import variant_context
from .variants import Color, Variant, get_variant

__all__ = [
    "Move",
    "Position",
    "Outcome",
    "EndReason",
    "perft",
    "perft_estimate",
    "tree_estimate",
    "generate_raw",
    "MAX_PERFT_DEPTH",
    "MAX_MOVE_TEXT",
    "MAX_QUIET_TURNS",
    "MAX_LEAP_WORK",
    "MAX_LEAP_STATES",
]

_cut = cut  # the name other modules of the package import


def generate_raw(variant: Variant, own: int, opp: int, dead: int = 0) -> list[RawMove]:
    """All legal raw moves for the side owning ``own``: the move generator's raw form.

    ``(origin, landings, captured, captured_mask)`` per move (indices into
    ``variant.points``, and a bit set), in the order of
    :meth:`Position.legal_moves`; the rules, the order and the bound on the
    leap search are the generator's (:mod:`awithlaknannai.movegen`).
    ``dead`` is the set of points out of play on a shrinking board. The
    tuples may be shared between calls: treat them as read-only.

    Examples
    --------
    >>> v = get_variant("mosona")
    >>> p = Position.start(v).play("B3-M4")
    >>> [(v.points[o], [v.points[i] for i in lands]) for o, lands, _, _ in generate_raw(v, p.black, p.white)]
    [('T4', ['B3'])]

    Raises
    ------
    TooManyMovesError
        The captures are too many to list (see :data:`MAX_LEAP_WORK` and
        :data:`MAX_LEAP_STATES`).
    """
    return generator_for(variant).raw(own, opp, dead)


def _immutable(self: Position, value: object) -> None:
    raise AttributeError("Position is immutable: play a move to get a new position")


_WHITE, _BLACK = Color.WHITE, Color.BLACK
_new = object.__new__


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

    Build one with :meth:`start`, :meth:`from_pieces` or :meth:`from_text`.
    """

    __slots__ = (
        "_variant",
        "_white",
        "_black",
        "_turn",
        "_quiet",
        "_dead",
        "_ctx",
        "_moves",
        "_legal",
        "_outcome",
        "_work",
        "__dict__",
    )
    # Filled in by _settle (None: not listed yet, or forgotten by _forget_moves).
    _moves: tuple[Move, ...] | None
    _legal: tuple[Move, ...] | None
    _outcome: Outcome | None

    variant: Variant = property(attrgetter("_variant"), _immutable)  # type: ignore[assignment]
    white: int = property(attrgetter("_white"), _immutable)  # type: ignore[assignment]
    black: int = property(attrgetter("_black"), _immutable)  # type: ignore[assignment]
    turn: Color = property(attrgetter("_turn"), _immutable)  # type: ignore[assignment]
    quiet_turns: int = property(attrgetter("_quiet"), _immutable)  # type: ignore[assignment]
    dead: int = property(attrgetter("_dead"), _immutable)  # type: ignore[assignment]

    def __init__(
        self, variant: Variant, white: int, black: int, turn: Color, quiet_turns: int = 0, dead: int = 0
    ) -> None:
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
            raise ValueError(
                f"quiet_turns must be >= 0 and at most {MAX_QUIET_TURNS:,}, got {shown(quiet_turns)}"
            )
        if dead:
            _check_dead(variant, white | black, dead)
        turn = Color.parse(turn)
        self._variant, self._white, self._black, self._turn = variant, white, black, turn
        self._quiet, self._dead, self._ctx = quiet_turns, dead, variant_context(variant)
        self._moves = self._legal = self._outcome = None
        self._work = 0

    def _child(self, white: int, black: int, turn: Color, quiet: int, dead: int) -> Position:
        """A position reached by a legal move from this one: nothing to check."""
        child = _new(Position)
        child._variant, child._white, child._black, child._turn = self._variant, white, black, turn
        child._quiet, child._dead, child._ctx = quiet, dead, self._ctx
        child._moves = child._legal = child._outcome = None
        child._work = 0
        return child

    def __reduce__(self) -> tuple[type[Position], tuple[Variant, int, int, Color, int, int]]:
        # Pickle and copy through the constructor, which checks what it is given.
        return (Position, (self._variant, self._white, self._black, self._turn, self._quiet, self._dead))

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
    def from_pieces(
        cls,
        variant: str | Variant,
        pieces: dict[str, Color | str],
        turn: Color | str = Color.WHITE,
        quiet_turns: int = 0,
        rules: str | Rules | None = None,
    ) -> Position:
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
                raise ValueError(f"there is no point {cut(str(point), 20)!r} on this board ({variant.name})")
            if Color.parse(color) is Color.WHITE:
                white |= 1 << index[point]
            else:
                black |= 1 << index[point]
        return cls(variant, white, black, Color.parse(turn), quiet_turns)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read a position text (see :mod:`awithlaknannai.texts`); a bad one raises NotationError naming the field.

        >>> Position.from_text("zuni-2 standard bb/b.w/ww b 3").turn
        <Color.BLACK: 'black'>
        """
        from .errors import NotationError

        variant, white, black, turn, quiet, dead = read_position_text(text)
        try:
            return cls(variant, white, black, turn, quiet, dead)
        except ValueError as error:  # the points out of play do not fit the shrinking rule
            raise NotationError(f"position text, field 3 (pieces): {error}") from None

    # --- value semantics ----------------------------------------------------

    def key(self) -> tuple[int, int, Color, int]:
        """What repetition compares: the pieces, the side to move and the points out of play."""
        return (self._white, self._black, self._turn, self._dead)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self._variant, self._white, self._black, self._turn, self._quiet, self._dead) == (
            other._variant,
            other._white,
            other._black,
            other._turn,
            other._quiet,
            other._dead,
        )

    def __hash__(self) -> int:
        return hash((self._white, self._black, self._turn, self._quiet, self._dead))

    def __repr__(self) -> str:
        return f"Position({self.text()!r})"

    def text(self) -> str:
        """The one-line position text (see :mod:`awithlaknannai.texts`)."""
        return write_position_text(
            self._variant, self._white, self._black, self._turn, self._quiet, self._dead
        )

    def __str__(self) -> str:
        """The board as a plain-text diagram, with the side to move or the result (see notation.board_diagram)."""
        outcome = self.outcome()
        # Shown, never read back (records and position texts say the side as w or b): in the session's language,
        # capitalised as a line's start ("juegan las Blancas" is written for the middle of a sentence).
        to_move = _("{side} to move").format(side=side_name(self._turn))
        footer = str(outcome) if outcome else to_move[:1].upper() + to_move[1:]
        return board_diagram_text(self._variant, self._white, self._black, self._dead, footer)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        from .render import Picture, position_svg  # drawn lazily, like python-chess

        return Picture(position_svg(self)).mimebundle(plain=False)  # shows untrusted, with alt text

    # --- queries ------------------------------------------------------------

    @property
    def points(self) -> tuple[str, ...]:
        return self._variant.tables.points

    def _mask(self, color: Color) -> int:
        return self._white if color is Color.WHITE else self._black

    def _sides(self) -> tuple[int, int]:
        """``(own, opp)``: the pieces of the side to move, and of the other side."""
        return (self._white, self._black) if self._turn is _WHITE else (self._black, self._white)

    def piece_at(self, point: str) -> Color | None:
        """The colour on ``point``, or ``None`` if it is empty."""
        i = self._index(point)
        if (self._white >> i) & 1:
            return Color.WHITE
        if (self._black >> i) & 1:
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
            if (self._white >> i) & 1 and color in (None, Color.WHITE):
                out[point] = Color.WHITE
            elif (self._black >> i) & 1 and color in (None, Color.BLACK):
                out[point] = Color.BLACK
        return out

    @property
    def dead_points(self) -> tuple[str, ...]:
        """The points out of play on a shrinking board, in board order (empty on other boards).

        >>> Position.start("tukvnanawopi-shrinking").dead_points
        ()
        """
        return tuple(p for i, p in enumerate(self.points) if self._dead >> i & 1)

    def count(self, color: Color | str) -> int:
        """How many pieces ``color`` (a :class:`Color` or ``"white"``/``"w"``...) has."""
        return self._mask(Color.parse(color)).bit_count()

    def _index(self, point: str) -> int:
        try:
            return self._variant.tables.index[point]
        except (KeyError, TypeError):
            raise InvalidMoveError(
                f"there is no point {cut(str(point), 20)!r} on this board ({self._variant.name})"
            ) from None

    # --- moves and the end of the game ---------------------------------------

    def _settle(self) -> tuple[Move, ...]:
        """List the moves (if not listed yet) and decide whether the game is over; return the legal moves."""
        own, opp = (self._white, self._black) if self._turn is _WHITE else (self._black, self._white)
        ctx = self._ctx
        moves = self._moves
        if moves is None:
            if own:  # listed even when the other side has no piece left (see _raw)
                found, self._work = ctx.generator.listed(ctx.form, own, opp, self._dead)
                moves = tuple(found)
            else:
                moves = ()
            self._moves = moves
        if not own:
            outcome: Outcome | None = Outcome(self._turn.other, EndReason.NO_PIECES)
        elif not opp:
            outcome = Outcome(self._turn, EndReason.NO_PIECES)
        elif not moves:
            outcome = Outcome(self._turn.other if ctx.blocked_loses else None, EndReason.BLOCKED)
        elif self._quiet >= ctx.limit:
            outcome = self.no_capture_outcome(EndReason.QUIET_LIMIT)
        else:
            outcome = None
        self._outcome = outcome
        legal = self._legal = () if outcome is not None else moves
        return legal

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move (whole turns); empty when the game is over.

        Raises
        ------
        TooManyMovesError
            The captures are too many to list (see :data:`MAX_LEAP_WORK`).
        """
        legal = self._legal
        return legal if legal is not None else self._settle()

    def _raw(self) -> tuple[RawMove, ...]:
        """The moves as the generator's raw tuples (in legal-move order), also when the game is over."""
        if self._moves is None:
            self._settle()
        moves = cast("tuple[Move, ...]", self._moves)  # _settle has listed them
        return tuple(m._raw for m in moves)  # type: ignore[attr-defined]  # set by _move_maker, not a field

    def _lean(self) -> list[LeanMove]:
        """The legal moves in lean form ``(xor, captured)``, in the same order."""
        return [m._lean for m in self.legal_moves()]  # type: ignore[attr-defined]

    def _forget_moves(self) -> None:
        """Drop the move list (it is listed again when asked for).

        A :class:`~awithlaknannai.Game` keeps every position it passed
        through; without this, each would keep its legal moves, which on a
        large board are thousands of objects: a 4,000-move record on
        ``zuni-1000`` held 200 MB.
        """
        self._moves = self._legal = None

    def _has_moves(self) -> bool:
        """Whether the move list is held now (see :meth:`_forget_moves`)."""
        return self._moves is not None

    def captures_available(self) -> bool:
        """Whether the side to move has a capture (whether or not it is compulsory)."""
        return any(m.is_capture for m in self.legal_moves())

    def no_capture_outcome(self, reason: EndReason) -> Outcome:
        """Score a game stopped by a stand-in rule, as ``rules.no_capture_result`` says."""
        if self._variant.rules.no_capture_result == "more_pieces":
            w, b = self._white.bit_count(), self._black.bit_count()
            if w != b:
                return Outcome(Color.WHITE if w > b else Color.BLACK, reason)
        return Outcome(None, reason)

    def outcome(self) -> Outcome | None:
        """The result if the game is over in this position, else ``None``.

        Repetition needs the history, so :class:`awithlaknannai.Game` checks it.
        """
        if self._legal is None:
            self._settle()
        return self._outcome

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    # --- playing ------------------------------------------------------------

    def _after(self, lean: LeanMove) -> Position:
        """The position after a legal move given in lean form."""
        xor, captured = lean
        if self._turn is _WHITE:
            white, black, turn = self._white ^ xor, self._black & ~captured, _BLACK
        else:
            white, black, turn = self._white & ~captured, self._black ^ xor, _WHITE
        # The count stops at MAX_QUIET_TURNS, above any turn limit, so every position stays writable.
        quiet = 0 if captured else self._quiet + 1 if self._quiet < MAX_QUIET_TURNS else MAX_QUIET_TURNS
        shrink = self._ctx.shrink
        dead = shrink.after(white | black, self._dead) if shrink is not None else 0
        return self._child(white, black, turn, quiet, dead)

    def play(self, move: Move | str) -> Position:
        """Return the position after ``move`` (a :class:`Move` or its text).

        A move taken from :meth:`legal_moves` is played as it is; any other
        is found and checked by :meth:`find_move` first.

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
        if type(move) is Move:
            legal = self._legal
            if legal is None:
                legal = self._settle()
            if any(map(is_, legal, repeat(move))):  # one of this position's own move objects
                return self._after(move._lean)  # type: ignore[attr-defined]
        return self._after(self.find_move(move)._lean)  # type: ignore[attr-defined]

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
            legal = self.legal_moves()
            if move in legal:  # a move from legal_moves(), or one equal to it
                return legal[legal.index(move)]
            if len(move.landings) > len(self.points):  # no turn leaps more often than the board has points
                raise IllegalMoveError(
                    f"a move of {len(move.landings):,} leaps: more than this board has points"
                )
            origin = move.origin
            if move.captures:
                parts = [("x", over, land) for over, land in zip(move.captures, move.landings)]
            else:
                parts = [("-", None, land) for land in move.landings]
            text = cut(move.text(full=self._variant.rules.leap_shape == "bent"))
        elif isinstance(move, str):
            origin, parts = read_move_text(move)
            text = cut(move.strip())
            # Point names are read in any case ("b3-m4"), as children type them.
            spelling = self._variant.tables.spelling
            origin = spelling.get(origin.lower(), origin)
            parts = [
                (kind, over and spelling.get(over.lower(), over), spelling.get(land.lower(), land))
                for kind, over, land in parts
            ]
        else:
            raise MoveTypeError(f"a move is a Move or a text such as 'B3-M4', got {shown(move)}")
        index = self._variant.tables.index
        for point in (origin, *(p for _kind, over, land in parts for p in (over, land) if p)):
            if point not in index:
                raise InvalidMoveError(
                    _("{move}: there is no point {point} on this board ({board})").format(
                        move=text, point=repr(cut(point, 20)), board=self._variant.name
                    )
                )
        outcome = self.outcome()
        if outcome is not None:
            raise GameOverError(_("{move}: the game is over: {outcome}").format(move=text, outcome=outcome))
        matches = [m for m in self.legal_moves() if explain.matches(m, origin, parts)]
        if not matches and self._variant.rules.leap_shape == "bent":
            matches = explain.same_capture(self, origin, parts)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = ", ".join(m.text(full=True) for m in matches)
            raise InvalidMoveError(
                _("{move}: ambiguous; name the jumped points: {options}").format(move=text, options=options)
            )
        raise IllegalMoveError(f"{text}: {explain.why_illegal(self, origin, parts)}")

    def __iter__(self) -> Iterator[Move]:
        return iter(self.legal_moves())


def _check_dead(variant: Variant, occupied: int, dead: int) -> None:
    """Refuse a set of dead points that the variant's shrinking rule could not have made."""
    if isinstance(dead, bool) or not isinstance(dead, int):
        raise TypeError(f"Position dead must be an integer bit set, got {dead!r}")
    shrink = variant.shrink
    if shrink is None:
        raise ValueError(f"{variant.name} has no shrinking board: no point can be out of play")
    if dead < 0 or dead > variant.tables.full_mask or not shrink.is_reachable(dead):
        raise ValueError(
            f"the points out of play on {variant.name} form whole end rows or columns of "
            f"{shrink.unit} (reading {shrink.reading!r}); these do not"
        )
    if occupied & dead:
        raise ValueError("a piece stands on a point that is out of play")


def _variant_argument(variant: object, rules: str | Rules | None) -> Variant:
    """A variant given by name or as a :class:`Variant`, under ``rules`` if given."""
    if isinstance(variant, str):
        return get_variant(variant, rules)
    if isinstance(variant, Variant):
        return variant if rules is None else variant.with_rules(rules)
    raise TypeError(f"a variant is a name such as 'mosona' or a Variant, got {type(variant).__name__}")


# --- counting the game tree (:mod:`awithlaknannai.game_tree`) ---------------------------


def _tree_of(
    position: Position,
) -> tuple[Callable[[Any], list[LeanMove] | None], Callable[[Any, Any], Any], Any]:
    """The game tree below ``position`` as (expand, child, root) on lean moves, shrinking board included."""
    ctx = position._ctx
    expand, child = lean_tree(ctx.generator.lean, ctx.limit, ctx.shrink)
    return expand, child, (*position._sides(), position.quiet_turns, position.dead)


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
    if position.is_terminal() or depth == 0:
        return (1.0 if depth == 0 else 0.0), 0.0
    expand, child, root = _tree_of(position)
    return tree_estimate(root, depth, expand, child, give_up_after=give_up_after)


def perft(position: Position, depth: int, *, allow_long: bool = False) -> int:
    """Count the move sequences of length ``depth`` (leaves of the game tree).

    Finished positions (no pieces, no move, turn limit) have no moves, as in
    play; repetition is not checked, as in chess perft. The moves come from
    the move generator in lean form; the last level is counted in bulk, and
    a subtree met again (the same position, depth and, near the turn limit,
    quiet turns) is counted once (at most :data:`PERFT_TABLE_ENTRIES`).

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
        check_long_job(
            f"perft to depth {depth} on {position.variant.name} ({position.variant.rules.to_text()})",
            seconds,
            allow_long=False,
            advice="try a smaller depth",
        )
    if position.is_terminal():
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    ctx = position._ctx
    root = (*position._sides(), position.quiet_turns, position.dead)
    return count_leaves(ctx.generator.lean, ctx.limit, ctx.shrink, root, depth)
