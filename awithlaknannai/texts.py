"""Position texts, move texts and board diagrams, on a position's plain fields.

This module reads and writes the text forms without knowing the
:class:`~awithlaknannai.position.Position` type, which sits above it and
builds itself from what is read here (``Position.text()``,
:func:`~awithlaknannai.position.parse_position`). Game records (JSON) are in
:mod:`awithlaknannai.notation`, above :mod:`awithlaknannai.game`.

Position text
-------------
Five fields separated by spaces, like chess's FEN::

    mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0

1. the variant name (see :func:`awithlaknannai.variants.get_variant`);
2. the rules: a preset name plus any changed switches
   (``standard,quiet_turn_limit=20``);
3. the pieces, row by row from the top, each row left to right, rows
   separated by ``/``: ``w`` white, ``b`` black, ``.`` empty, ``x`` out of
   play (a shrinking board's dead part);
4. the side to move, ``w`` or ``b``;
5. the turns played since the last capture.

Move text
---------
``B3-M4`` for a step, ``T4xB3`` for a leap and ``T4xB3xB5`` for a chain of
leaps; ``T4x(M4)B3`` names each jumped point too, which only bent leaps ever
need (two leaps may share their landing points). Point names are read in
any case.

Examples
--------
>>> fields = read_position_text("zuni-2 standard bb/b.w/ww w 0")
>>> fields[1:]   # white, black (bit sets), side to move, quiet turns, points out of play
(112, 7, <Color.WHITE: 'white'>, 0, 0)
>>> write_position_text(*fields)
'zuni-2 standard bb/b.w/ww w 0'
>>> read_move_text("T4x(M4)B3")
('T4', [('x', 'M4', 'B3')])
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Sequence

from .boards import rows as board_rows
from .errors import InvalidMoveError, NotationError, reading_field
from .i18n import gettext as _
from .rules import Rules
from .variants import Color, Variant, get_variant, zuni_size

__all__ = [
    "MAX_MOVE_TEXT",
    "MAX_QUIET_TURNS",
    "board_diagram_text",
    "cut",
    "move_text",
    "table_lines",
    "write_position_text",
    "read_move_text",
    "read_position_text",
    "shown_short",
]

#: The most turns without a capture a position may count: a position text
#: writes at most ten digits. Play stops counting there (every turn limit
#: is below it), so a position reached by play can always be written and read.
MAX_QUIET_TURNS = 10**9

#: The longest move text read, checked before the text is parsed. The
#: longest move of the largest board (``zuni-1000``: 1,500 leaps written
#: in full, ``x(M999)T998``) has under 20,000 characters.
MAX_MOVE_TEXT = 32_000

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel = 2


def shown_short(value: object) -> str:
    """``repr`` of user input, cut short (and bounded in depth) so an error stays one readable line."""
    return _SHORT.repr(value)


def cut(text: str, limit: int = 60) -> str:
    """A text as messages quote it: a very long one is cut short.

    >>> cut("B3" + "-M4" * 40, 12)
    'B3-M4-M4-...'
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- position texts ----------------------------------------------------------------


def write_position_text(
    variant: Variant, white: int, black: int, turn: Color, quiet_turns: int, dead: int = 0
) -> str:
    """The one-line text of a position given by its fields (see the module text)."""
    rows = []
    index = 0
    for row in variant.tables.rows:  # bit i is point i, row by row
        chars = []
        for _point in row:
            chars.append(
                "w"
                if white >> index & 1
                else "b"
                if black >> index & 1
                else "x"
                if dead >> index & 1
                else "."
            )
            index += 1
        rows.append("".join(chars))
    return " ".join([variant.name, variant.rules.to_text(), "/".join(rows), turn.char, str(quiet_turns)])


def read_position_text(text: str) -> tuple[Variant, int, int, Color, int, int]:
    """Read a position text into ``(variant, white, black, turn, quiet_turns, dead)``.

    A bad text raises :class:`~awithlaknannai.errors.NotationError` naming
    the field; the cheap fields are checked first, so a bad one costs
    nothing however large the board. What only a position can check (the
    points out of play against the shrinking rule) is left to
    :class:`~awithlaknannai.position.Position`.

    >>> read_position_text("mosona standard bbbbbbbb/bbbb.wwww/wwwwwww w 0")
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: position text, field 3 (pieces): row 3 has 7 points, the board has 8 in that row
    """
    if not isinstance(text, str):
        raise TypeError(f"a position text is a string, got {type(text).__name__}")
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"position text has {len(fields)} fields, expected 5: variant rules pieces side quiet-turns "
            "(e.g. 'mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0')"
        )
    name, rules_text, pieces, side, quiet = fields
    if side not in ("w", "b"):
        raise NotationError(f"position text, field 4 (side to move): {shown_short(side)}; use w or b")
    if (
        not (quiet.isascii() and quiet.isdigit())
        or len(quiet) > len(str(MAX_QUIET_TURNS))
        or int(quiet) > MAX_QUIET_TURNS
    ):
        raise NotationError(
            f"position text, field 5 (quiet turns): {shown_short(quiet)} is not a whole number "
            f"from 0 to {MAX_QUIET_TURNS:,}"
        )
    n = zuni_size(name)
    if n is not None and [len(row) for row in pieces.split("/")] != [n, n + 1, n]:
        # A Zuni board's rows are known from its name: refuse a wrong shape before building the board.
        raise NotationError(
            f"position text, field 3 (pieces): {name} has rows of {n}, {n + 1} and {n} points"
        )
    with reading_field("position text, field 1 (variant)"):
        variant = get_variant(name)
    with reading_field("position text, field 2 (rules)"):
        variant = variant.with_rules(Rules.from_text(rules_text))
    layout = variant.tables.rows
    given = pieces.split("/")
    if len(given) != len(layout):
        raise NotationError(
            f"position text, field 3 (pieces): {len(given)} rows given, the board has {len(layout)}"
        )
    index = variant.tables.index
    white = black = dead = 0
    for r, (row_text, row_points) in enumerate(zip(given, layout), start=1):
        if len(row_text) != len(row_points):
            raise NotationError(
                f"position text, field 3 (pieces): row {r} has {len(row_text)} points, "
                f"the board has {len(row_points)} in that row"
            )
        for char, point in zip(row_text, row_points):
            if char == "w":
                white |= 1 << index[point]
            elif char == "b":
                black |= 1 << index[point]
            elif char == "x":
                dead |= 1 << index[point]
            elif char != ".":
                raise NotationError(
                    f"position text, field 3 (pieces): {shown_short(char)} at {point}; "
                    "use w, b, . or x (out of play)"
                )
    if not white | black:
        raise NotationError(
            "position text, field 3 (pieces): no pieces at all; a position needs at least one"
        )
    return variant, white, black, Color.parse(side), int(quiet), dead


def board_diagram_text(
    variant: Variant, white: int, black: int, dead: int, footer: str, labels: bool = True
) -> str:
    """A plain-text picture of the board, row by row, then ``footer`` (whose turn, or the result).

    Points are placed by their x coordinate, so the middle row of a Zuni
    board sits between the outer points, as on the real board.
    """
    board = variant.board
    index = variant.tables.index
    lines = []
    left = min(x for x, _ in (board.nodes[p]["pos"] for p in board))
    for row_name, row in zip(board.graph["rows"], board_rows(board)):
        cells: dict[int, str] = {}
        for point in row:
            x = board.nodes[point]["pos"][0] - left
            i = index[point]
            cells[round(x * 4)] = (
                "w" if white >> i & 1 else "b" if black >> i & 1 else "x" if dead >> i & 1 else "."
            )
        width = max(cells) + 1
        text = "".join(cells.get(i, " ") for i in range(width))
        lines.append((f"{row_name:<3}" if labels else "") + text.rstrip())
    lines.append(footer)
    return "\n".join(lines)


# --- move texts -----------------------------------------------------------------------


def move_text(origin: str, landings: Sequence[str], captures: Sequence[str], full: bool = False) -> str:
    """``B3-M4`` for a step, ``T4xB3xB5`` for leaps; with ``full``, ``T4x(M4)B3``.

    >>> move_text("T4", ("B3", "B5"), ("M4", "B4"), full=True)
    'T4x(M4)B3x(B4)B5'
    """
    if not captures:
        return f"{origin}-{landings[0]}"
    if full:
        return origin + "".join(f"x({over}){land}" for over, land in zip(captures, landings))
    return "x".join((origin, *landings))


_MOVE_TEXT = re.compile(
    r"^\s*([A-Za-z]+\d+\+?)\s*((?:[-x]\s*(?:\(\s*[A-Za-z]+\d+\+?\s*\)\s*)?[A-Za-z]+\d+\+?\s*)+)$"
)
_MOVE_PART = re.compile(r"([-x])\s*(?:\(\s*([A-Za-z]+\d+\+?)\s*\)\s*)?([A-Za-z]+\d+\+?)")


def read_move_text(text: str) -> tuple[str, list[tuple[str, str | None, str]]]:
    """Read a move text into its origin and its parts ``(kind, jumped point or None, landing)``.

    ``kind`` is ``-`` for a step and ``x`` for a leap. The text is checked
    for length before it is parsed; points are not checked against a board.

    Raises
    ------
    InvalidMoveError
        The text is too long or cannot be read.
    """
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(
            _("cannot read the move {move}: {count} characters, more than the {limit} any move needs").format(
                move=repr(cut(text)), count=f"{len(text):,}", limit=f"{MAX_MOVE_TEXT:,}"
            )
        )
    match = _MOVE_TEXT.match(text)
    if not match:
        raise InvalidMoveError(
            _("cannot read the move {move}: write a step as B3-M4 and leaps as T4xB3 or T4xB3xB5").format(
                move=repr(cut(text))
            )
        )
    parts = [(kind, over or None, land) for kind, over, land in _MOVE_PART.findall(match.group(2))]
    for kind, over, _land in parts:
        if kind == "-" and over:
            raise InvalidMoveError(
                _("cannot read the move {move}: a step jumps nothing").format(move=repr(cut(text)))
            )
    return match.group(1), parts


def table_lines(cells: Sequence[Sequence[str]], name_column: int | None = None) -> list[str]:
    """A table's lines of text, each cell padded to its column's width, two spaces between columns.

    ``name_column`` (the one that names each row, if any) is aligned left, every other right.

    >>> for line in table_lines([["player", "won"], ["ann", "12"], ["bob", "3"]], name_column=0):
    ...     print(line)
    player  won
    ann      12
    bob       3
    """
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return [
        "  ".join(
            cell.ljust(w) if i == name_column else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths))
        )
        for row in cells
    ]
