"""A game: a start position, the moves played, undo/redo, and the result.

Examples
--------
>>> game = Game("mosona")
>>> game.play("B3-M4")
Move('B3-M4')
>>> game.play("T4xB3")
Move('T4xB3')
>>> game.undo()
Move('T4xB3')
>>> game.redo()
Move('T4xB3')
>>> game.move_list()
'1. B3-M4 T4xB3'
"""

from __future__ import annotations

import os
from collections import Counter

from .errors import GameOverError, NotationError, reading_field, shown
from .files import read_file_bytes, write_text_file
from .notation import (
    MAX_RECORD_BYTES,
    check_replay_work,
    check_replayed_outcome,
    load_record_json,
    read_record_header,
    record_json,
    record_move_text,
    replay_error,
    writable_record,
)
from .position import EndReason, Move, Outcome, Position
from .rules import Rules
from .texts import cut as _cut
from .variants import Color, Variant

__all__ = ["Game", "game_from_json", "game_from_record", "game_to_json", "game_to_record"]


class Game:
    """A game in progress, with its history.

    Parameters
    ----------
    variant : str or Variant, optional
        Named variant (default ``"mosona"``); ignored when ``start`` is given.
    rules : str or Rules, optional
        Rules preset or value for a named variant.
    start : Position, optional
        Start from this position instead of the variant's start.
    tags : dict of str, optional
        Free text saved with the record (players, date, class).
    """

    def __init__(
        self,
        variant: str | Variant = "mosona",
        rules: str | Rules | None = None,
        *,
        start: Position | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        if start is not None and not isinstance(start, Position):
            raise TypeError(f"Game(start=...) takes a Position, got {type(start).__name__}")
        if start is None and not isinstance(variant, (str, Variant)):
            raise TypeError(
                f"Game(variant) takes a variant name such as 'mosona' or a Variant, "
                f"got {type(variant).__name__}"
            )
        if tags is not None and (
            not isinstance(tags, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items())
        ):
            raise TypeError("Game tags must be a dict of strings")
        self.start: Position = start if start is not None else Position.start(variant, rules)
        self.positions: list[Position] = [self.start]
        self.moves: list[Move] = []
        self._redo: list[Move] = []
        self.tags: dict[str, str] = dict(tags or {})
        # How often each position since the last capture has occurred, kept
        # up to date move by move: replaying a long record stays linear.
        self._seen: Counter[tuple[int, int, Color, int]] = Counter([self.start.key()])

    @property
    def position(self) -> Position:
        """The current position."""
        return self.positions[-1]

    @property
    def variant(self) -> Variant:
        return self.start.variant

    def legal_moves(self) -> tuple[Move, ...]:
        """Legal moves now; empty once the game is over (repetition included)."""
        return () if self.outcome() is not None else self.position.legal_moves()

    def outcome(self) -> Outcome | None:
        """The result with its reason, or ``None`` while the game goes on."""
        position = self.position
        # Asked several times per move (is_over, legal_moves, play): remember
        # the answer for this history, identified by its last position and length.
        cached = self.__dict__.get("_outcome_for")
        if cached is not None and cached[0] is position and cached[1] == len(self.positions):
            return cached[2]
        found = position.outcome()
        if found is None:
            limit = self.variant.rules.repetition_limit
            if limit is not None and self._repetitions() >= limit:
                found = position.no_capture_outcome(EndReason.REPETITION)
        self._outcome_for = (position, len(self.positions), found)
        return found

    def is_over(self) -> bool:
        return self.outcome() is not None

    def _repetitions(self) -> int:
        # Captures are irreversible, so only positions since the last one can repeat.
        return self._seen[self.position.key()]

    def _push(self, position: Position) -> None:
        if position.quiet_turns == 0:  # a capture: nothing before it can come back
            self._seen.clear()
        self._seen[position.key()] += 1
        # The position left behind keeps its pieces, not its move list: on a large board
        # that list is thousands of objects, and a long game would keep one per turn.
        self.positions[-1]._forget_moves()
        self.positions.append(position)

    def _pop(self) -> None:
        gone = self.positions.pop()
        if gone.quiet_turns == 0:  # undoing a capture: count again back to the one before
            self._seen.clear()
            for position in reversed(self.positions):
                self._seen[position.key()] += 1
                if position.quiet_turns == 0:
                    break
        else:
            self._seen[gone.key()] -= 1

    def repetition_counts(self) -> Counter[tuple[int, int, Color, int]]:
        """How often each position since the last capture has occurred."""
        since = max(0, len(self.positions) - 1 - self.position.quiet_turns)  # a start may carry quiet turns
        return Counter(p.key() for p in self.positions[since:])

    def play(self, move: Move | str) -> Move:
        """Play a move (a :class:`Move` or its text); return the move played.

        Raises :class:`~awithlaknannai.errors.GameOverError`,
        :class:`~awithlaknannai.errors.IllegalMoveError` or
        :class:`~awithlaknannai.errors.InvalidMoveError`, leaving the game
        unchanged.
        """
        outcome = self.outcome()
        if outcome is not None:
            shown_move = (
                _cut(move.strip())
                if isinstance(move, str)
                else _cut(str(move))
                if isinstance(move, Move)
                else shown(move)
            )
            raise GameOverError(f"{shown_move}: the game is over: {outcome}")
        legal = self.position.find_move(move)
        self._push(self.position.play(legal))
        self.moves.append(legal)
        if self._redo and self._redo[-1] == legal:
            self._redo.pop()  # replaying the undone line keeps the rest of it
        else:
            self._redo.clear()
        return legal

    def undo(self) -> Move:
        """Take back the last move; raise :class:`GameOverError` at the start."""
        if not self.moves:
            raise GameOverError("nothing to undo: no move has been played")
        self._pop()
        move = self.moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Play again the last move taken back."""
        if not self._redo:
            raise GameOverError("nothing to redo")
        move = self._redo[-1]
        self._push(self.position.play(move))
        self.moves.append(move)
        self._redo.pop()
        return move

    @property
    def taken_back(self) -> tuple[Move, ...]:
        """The moves taken back by :meth:`undo`, in the order :meth:`redo` plays them again.

        >>> game = Game("mosona")
        >>> _ = game.play("B3-M4"); _ = game.play("T4xB3"); _ = game.undo(); _ = game.undo()
        >>> game.taken_back
        (Move('B3-M4'), Move('T4xB3'))
        """
        return tuple(reversed(self._redo))

    def clear_redo(self) -> None:
        """Forget the moves taken back: the game's line now ends at the current position.

        >>> game = Game("mosona")
        >>> _ = game.play("B3-M4"); _ = game.undo()
        >>> game.can_redo(), game.clear_redo(), game.can_redo()
        (True, None, False)
        """
        self._redo.clear()

    def can_undo(self) -> bool:
        return bool(self.moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def move_text(self, index: int) -> str:
        """Text of move ``index``: short, or full where the short form is ambiguous.

        ``index`` counts from 0, or from the end when negative, as in a list.

        >>> game = Game("mosona")
        >>> game.play("B3-M4"), game.move_text(0)
        (Move('B3-M4'), 'B3-M4')
        >>> game.move_text(5)
        Traceback (most recent call last):
        ...
        ValueError: move_text(5): the game has 1 move (indices 0 to 0, or -1 to -1)
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"move_text takes a move number (an integer), got {type(index).__name__}")
        count = len(self.moves)
        if not -count <= index < count:
            where = f"indices 0 to {count - 1}, or {-count} to -1" if count else "no move has been played"
            raise ValueError(
                f"move_text({shown(index)}): the game has {count:,} move{'s' * (count != 1)} ({where})"
            )
        index %= count
        move = self.moves[index]
        before = self.positions[index]
        short = move.text()
        if not move.is_capture:
            return short  # a step is named by its two points: never ambiguous
        kept = before._has_moves()
        ambiguous = sum(1 for m in before.legal_moves() if m.text() == short) > 1
        if not kept and before is not self.position:
            before._forget_moves()  # writing a long record must not rebuild every move list for good
        return move.text(full=True) if ambiguous else short

    def move_list(self) -> str:
        """Numbered move list with the result, e.g. ``1. B3-M4 T4xB3``."""
        out = []
        number = 1
        pending: list[str] = ["..."] if self.moves and self.start.turn is Color.BLACK else []
        for i in range(len(self.moves)):
            pending.append(self.move_text(i))
            if len(pending) == 2:
                out.append(f"{number}. {pending[0]} {pending[1]}")
                number += 1
                pending = []
        if pending:
            out.append(f"{number}. {pending[0]}")
        outcome = self.outcome()
        if outcome is not None:
            out.append(f"{{{outcome}}}")
        return "  ".join(out)

    def to_record(self, tags: dict[str, str] | None = None) -> dict[str, object]:
        """The game as a JSON-ready dict (see :mod:`awithlaknannai.notation`); ``tags`` replace the game's own.

        Only what :meth:`from_record` reads back is written: a game that could not be replayed
        from its record is refused here, with a ``ValueError`` saying why, instead of being
        written and lost (see :func:`~awithlaknannai.notation.writable_record`).
        """
        return writable_record(
            self.start,
            [self.move_text(i) for i in range(len(self.moves))],
            self.outcome(),
            dict(self.tags if tags is None else tags),
            sum(position._work for position in self.positions),
        )

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text (ASCII), refused if it is longer than a record may be."""
        return record_json(self.to_record(), indent)

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Rebuild a game from a record dict, replaying its moves; every problem names its field.

        The stored result must agree with the replayed moves, so a record cannot
        silently claim a result its moves do not give.

        >>> Game.from_record({"format": "awithlaknannai-game", "version": 1, "variant": "mosona",
        ...                   "moves": ["B3-M4", "T4xB4"]})
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.NotationError: record field 'moves'[1] 'T4xB4': no line runs from T4 over one point to B4
        """
        header = read_record_header(record)
        game = cls(start=header.start, tags=header.tags)
        work = 0
        for index, item in enumerate(header.moves):
            text = record_move_text(index, item)
            try:
                game.play(text)
            except ValueError as error:
                raise replay_error(index, text, error) from None
            work += game.positions[-2]._work
            check_replay_work(index, work)
        # The last position's captures may be too many to list.
        with reading_field("record field 'moves': the last position"):
            outcome = game.outcome()
        check_replayed_outcome(header, outcome)
        return game

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Read a game record from JSON text, or from UTF-8 bytes (see :meth:`from_record`)."""
        return cls.from_record(load_record_json(text))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON; :meth:`load` reads back whatever this writes.

        A game whose record could not be read back is refused before anything
        is written (see :meth:`to_record`: a
        hand-built variant, more than 100,000 moves, tags over 16 MB).

        The text goes to a temporary file in the same folder first, which then
        replaces the file in one step: if anything fails, an existing file is
        left as it was and no temporary file stays behind. A symbolic link is
        followed: the file it points at is replaced and the link stays, so
        saving never turns a link into a separate copy. A folder, a device or
        an empty name is refused with a clear error.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Game.save takes a file path, got {type(path).__name__}")
        text = self.to_json() + "\n"  # refused here, before any file is touched, if load could not read it
        write_text_file(path, text, "the game")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Read a record written by :meth:`save`.

        Only a regular file is read (a FIFO or a device is refused without
        waiting), and at most :data:`~awithlaknannai.notation.MAX_RECORD_BYTES`
        of it: a larger file is refused before it is read.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Game.load takes a file path, got {type(path).__name__}")
        data = read_file_bytes(path, MAX_RECORD_BYTES, "a game", "a record", NotationError)
        return cls.from_json(data)

    def __repr__(self) -> str:
        return f"Game({self.variant.name!r}, moves={len(self.moves)}, outcome={self.outcome()})"

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> tuple[dict, dict]:
        from .render import Picture, game_svg  # lazily: the renderer is a layer above

        return Picture(game_svg(self)).mimebundle(plain=False)  # shows untrusted, with alt text


def game_to_record(game: Game, tags: dict[str, str] | None = None) -> dict[str, object]:
    """The game as a JSON-ready dict (:meth:`Game.to_record`).

    Examples
    --------
    >>> game = Game("mosona")
    >>> _ = game.play("B3-M4"); _ = game.play("T4xB3")
    >>> record = game_to_record(game)
    >>> record["moves"], record["start"]
    (['B3-M4', 'T4xB3'], None)
    >>> game_from_record(record).moves == game.moves
    True
    """
    if not isinstance(game, Game):
        raise TypeError(f"a record is written from a Game, got {type(game).__name__}")
    return game.to_record(tags)


def game_from_record(record: object) -> Game:
    """Rebuild a game from a record dict (:meth:`Game.from_record`)."""
    return Game.from_record(record)


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game record as JSON text (:meth:`Game.to_json`)."""
    if not isinstance(game, Game):
        raise TypeError(f"a record is written from a Game, got {type(game).__name__}")
    return game.to_json(indent)


def game_from_json(text: str | bytes) -> Game:
    """Read a game record from JSON text, or from UTF-8 bytes (:meth:`Game.from_json`).

    The size (:data:`~awithlaknannai.notation.MAX_RECORD_BYTES`), nesting and number lengths
    are checked before the JSON is parsed.
    """
    return Game.from_json(text)
