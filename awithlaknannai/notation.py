"""Texts of positions and game records: what a game leaves on paper, and the checks it passes when read.

Like chess's PGN (portable game *notation*), a record is what a game leaves
on paper. This module knows the record's format and its limits; it sits
below :mod:`awithlaknannai.game`, whose ``to_record``, ``from_record``,
``to_json``, ``save`` and ``load`` (and the functions ``game_to_record``,
``game_from_json``, ... beside them) write and read records through it. The
texts of single positions and moves are below :mod:`awithlaknannai.position`,
in :mod:`awithlaknannai.texts`; :func:`parse_position`, :func:`position_text`
and :func:`board_diagram` are here too, as they always were.

Game record
-----------
JSON with ``format`` (``"awithlaknannai-game"``), ``version`` (1),
``variant``, ``rules``, ``first``, ``bottom``, ``start`` (a position text, or
``null`` for the variant's start), ``moves`` (move texts), ``result``
(``"white"``, ``"black"``, ``"draw"`` or ``null``), ``reason`` and an optional
``tags`` object of strings (players, date, place). No code is ever evaluated
when a record is read.

Examples
--------
>>> header = read_record_header({"format": "awithlaknannai-game", "version": 1, "moves": ["B3-M4"]})
>>> header.start == Position.start("mosona"), header.moves
(True, ['B3-M4'])
>>> read_record_header({"format": "awithlaknannai-game", "version": 1, "moves": "B3-M4"})
Traceback (most recent call last):
...
awithlaknannai.errors.NotationError: record field 'moves': expected a list of move texts, got str
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .errors import NotationError, reading_field
from .i18n import gettext as _
from .i18n import side_name
from .position import EndReason, Outcome, Position
from .rules import Rules
from .texts import board_diagram_text, cut, shown_short
from .variants import Color, Variant, get_variant

__all__ = [
    "RECORD_FORMAT",
    "RecordHeader",
    "board_diagram",
    "load_record_json",
    "parse_position",
    "position_text",
    "read_record_header",
    "record_json",
    "writable_record",
]

RECORD_FORMAT = "awithlaknannai-game"
RECORD_VERSION = 1

#: Limits on a game record, checked before it is parsed: its size in bytes,
#: how deeply its JSON may nest (a record needs 2), the longest run of
#: digits in a number, and how many moves it may hold.
MAX_RECORD_BYTES = 16 * 2**20
MAX_RECORD_DEPTH = 16
MAX_NUMBER_DIGITS = 20
MAX_RECORD_MOVES = 100_000

#: The most work replaying a record's moves may take, in the units of the
#: move generator (pieces tried, leap-search steps, moves listed; about 0.2
#: microseconds each). 100,000 moves of Mosona take about 3 million; a
#: record that would take more (thousands of turns on ``zuni-1000``, or
#: positions whose captures are hard to list) is refused as soon as its
#: replay passes the bound, within seconds, whatever its size.
MAX_RECORD_WORK = 20_000_000

_shown = shown_short


# One pass over the text, once escapes are gone: a string (to its closing
# quote, or to the end if it has none), a bracket, or a run of more digits
# than a number may have. Each is a run of one character class, which the
# regular expression engine matches without remembering anything per
# character (an alternation repeated per character cost 120 bytes each: a
# 15 MB record ran out of 2 GB here).
_JSON_TOKEN = re.compile(r'"[^"]*"?|[\[\]{}]|[0-9]{%d}' % (MAX_NUMBER_DIGITS + 1))


def _check_json_shape(text: str, what: str = "game record") -> None:
    """Refuse JSON that nests too deeply or holds huge numbers, before :func:`json.loads` sees it.

    The standard parser recurses once per level (a RecursionError deep
    inside) and converts digits in time quadratic in their number. Time and
    memory are linear in the text, with one copy of it at most. ``what``
    names the text in messages (league results hold game records, so they
    share these limits).
    """
    if "\\" in text:
        # Backslashes pair up from the left, as JSON reads them: an escaped backslash first, then
        # an escaped quote, so that every quote left over opens or closes a string.
        text = text.replace("\\\\", "").replace('\\"', "")
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        first = token.group()[0]
        if first == '"':
            continue
        if first in "[{":
            depth += 1
            if depth > MAX_RECORD_DEPTH:
                shape = (
                    "a record is one object holding lists of strings"
                    if what == "game record"
                    else "results hold objects and lists a few levels deep"
                )
                raise NotationError(f"{what} nests deeper than {MAX_RECORD_DEPTH} levels; {shape}")
        elif first in "]}":
            depth -= 1
        else:
            raise NotationError(f"{what} holds a number of more than {MAX_NUMBER_DIGITS} digits")


# --- single positions (their texts are in awithlaknannai.texts) -----------------------------


def parse_position(text: str) -> Position:
    """Read a position text; a bad one raises :class:`~awithlaknannai.errors.NotationError` naming the field.

    Examples
    --------
    >>> parse_position("mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0") == Position.start("mosona")
    True
    >>> parse_position("mosona standard bbbbbbbb/bbbb.wwww/wwwwwww w 0")
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: position text, field 3 (pieces): row 3 has 7 points, the board has 8 in that row
    """
    return Position.from_text(text)


def position_text(position: Position) -> str:
    """The one-line text of a position (see :mod:`awithlaknannai.texts`)."""
    if not isinstance(position, Position):
        raise TypeError(f"position_text writes a Position, got {type(position).__name__}")
    return position.text()


def board_diagram(position: Position, labels: bool = True) -> str:
    """A plain-text picture of the board, row by row, with the side to move (or the result).

    >>> print(board_diagram(Position.start("zuni-4")))
    T    b   b   b   b
    M  b   b   .   w   w
    B    w   w   w   w
    White to move

    The last line is in the session's language (a picture for people: nothing reads it back).
    """
    if not isinstance(position, Position):
        raise TypeError(f"board_diagram draws a Position, got {type(position).__name__}")
    outcome = position.outcome()
    to_move = _("{side} to move").format(side=side_name(position.turn))  # capitalised: it starts a line
    footer = str(outcome) if outcome else to_move[:1].upper() + to_move[1:]
    return board_diagram_text(position.variant, position.white, position.black, position.dead, footer, labels)


# --- game records (Game.to_record and Game.from_record write and read them through these) ---


@dataclass(frozen=True)
class RecordHeader:
    """What a record says before its moves are replayed, each field checked.

    The move texts are checked one by one as :meth:`Game.from_record
    <awithlaknannai.game.Game.from_record>` replays them (:func:`record_move_text`).
    """

    start: Position
    moves: list[Any]
    tags: dict[str, str]
    result: str | None
    reason: str | None


_RECORD_FIELDS = frozenset(
    ("format", "version", "variant", "rules", "first", "bottom", "start", "moves", "result", "reason", "tags")
)


def record_dict(
    variant: Variant,
    start: str | None,
    moves: list[str],
    result: str | None,
    reason: str | None,
    tags: dict[str, str],
) -> dict[str, Any]:
    """A game record from its fields; ``start`` is None for the variant's own (no checks: see :func:`writable_record`)."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "variant": variant.name,
        "rules": variant.rules.to_text(),
        "first": variant.first.value,
        "bottom": variant.bottom.value,
        "start": start,
        "moves": moves,
        "result": result,
        "reason": reason,
        "tags": tags,
    }


def writable_record(
    start: Position,
    moves: list[str],
    outcome: Outcome | None,
    tags: dict[str, str],
    work: int,
) -> dict[str, Any]:
    """The record of a game, refused with a ValueError if it could not be read back.

    ``work`` is what replaying the moves costs (the positions' ``_work``). Refused: a hand-built
    variant (a record names its variant, and :func:`~awithlaknannai.variants.get_variant` must
    rebuild the same board), more than :data:`MAX_RECORD_MOVES` moves, a replay costing more than
    :data:`MAX_RECORD_WORK`, and tags that are not texts mapped to texts.
    """
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
        raise TypeError("a record's tags map texts to texts (players, date, place)")
    variant = start.variant
    try:
        named = get_variant(variant.name, variant.rules, variant.first, variant.bottom)
    except ValueError:
        named = None
    if named is None or named != variant:
        raise ValueError(
            f"cannot write a record of variant {_shown(variant.name)}: it is built by hand, and a record "
            "names its variant, which get_variant() must rebuild with the same board"
        )
    if len(moves) > MAX_RECORD_MOVES:
        raise ValueError(
            f"cannot write a record of {len(moves):,} moves: a record holds at most "
            f"{MAX_RECORD_MOVES:,}, and a longer one could not be read back"
        )
    if work > MAX_RECORD_WORK:
        raise ValueError(
            f"cannot write this record: replaying its moves takes {work:,} units of work, more than "
            f"the {MAX_RECORD_WORK:,} a record may ask when it is read back"
        )
    return record_dict(
        variant,
        None if start == Position.start(named) else start.text(),
        moves,
        outcome.result if outcome else None,
        outcome.reason.value if outcome else None,
        tags,
    )


def _bounded_list(value: Any, field: str, what: str, limit: int) -> list[Any]:
    """A record's list field: a list of at most ``limit`` items, or a NotationError naming the field."""
    if not isinstance(value, list):
        raise NotationError(f"record field {field!r}: expected a list of {what}, got {type(value).__name__}")
    if len(value) > limit:
        raise NotationError(
            f"record field {field!r}: {len(value):,} {what}, more than the {limit:,} a record may hold"
        )
    return value


def check_format(record: Any, name: str, versions: tuple[int, ...], whole: str, field: str) -> None:
    """Refuse all but a JSON object whose ``format`` is ``name`` and whose ``version`` is in ``versions``.

    A saved file's first check (game records here, league results in :mod:`awithlaknannai.league`):
    ``whole`` names the file in a message ("a game record is"), ``field`` its fields ("record field").

    >>> check_format({"format": "awithlaknannai-game", "version": True}, RECORD_FORMAT, (1,),
    ...              "a game record is", "record field")
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: record field 'version': this library reads version 1, got True
    """
    if not isinstance(record, dict):
        raise NotationError(f"{whole} a JSON object, got {type(record).__name__}")
    if record.get("format") != name:
        raise NotationError(f"{field} 'format': expected {name!r}, got {_shown(record.get('format'))}")
    version = record.get("version")
    if type(version) is not int or version not in versions:  # true == 1 in Python: not here
        readable = ", ".join(map(str, versions))
        raise NotationError(
            f"{field} 'version': this library reads version{'s' if len(versions) > 1 else ''} {readable}, "
            f"got {_shown(version)}"
        )


def read_record_header(record: Any) -> RecordHeader:
    """Check every field of a record dict but the move texts; each problem names its field."""
    check_format(record, RECORD_FORMAT, (RECORD_VERSION,), "a game record is", "record field")
    if not all(isinstance(key, str) for key in record):
        odd = next(key for key in record if not isinstance(key, str))
        raise NotationError(f"a game record's field names are texts, got {_shown(odd)}")
    unknown = sorted(set(record) - _RECORD_FIELDS)
    if unknown:
        raise NotationError(f"record has unknown field(s): {', '.join(map(_shown, unknown[:5]))}")

    def text_field(name: str, default: str) -> str:
        value = record.get(name, default)
        if value is None:
            value = default
        if not isinstance(value, str):
            raise NotationError(f"record field {name!r}: expected a string, got {_shown(value)}")
        return value

    variant_name = text_field("variant", "mosona")
    with reading_field("record field 'variant'"):
        get_variant(variant_name)
    rules_text = text_field("rules", "standard")
    with reading_field("record field 'rules'"):
        rules = Rules.from_text(rules_text)
    colours = {}
    for name in ("first", "bottom"):
        colour_text = text_field(name, "white")
        with reading_field(f"record field {name!r}"):
            colours[name] = Color.parse(colour_text)
    variant = get_variant(variant_name, rules, **colours)
    start_text = record.get("start")
    if start_text is None:
        start = Position.start(variant)
    else:
        if not isinstance(start_text, str):
            raise NotationError(
                f"record field 'start': expected a position text or null, got {_shown(start_text)}"
            )
        with reading_field("record field 'start'", NotationError):
            start = parse_position(start_text)
        if start.variant.name != variant.name or start.variant.rules != variant.rules:
            raise NotationError(
                f"record field 'start': the position is for {start.variant.name} under "
                f"{start.variant.rules.to_text()}, but the record says {variant.name} under {variant.rules.to_text()}"
            )
        # The position text does not hold the first/bottom settings: take the record's.
        start = Position(variant, start.white, start.black, start.turn, start.quiet_turns, start.dead)
    moves = _bounded_list(record.get("moves", []), "moves", "move texts", MAX_RECORD_MOVES)
    tags = record.get("tags")
    if tags is None:
        tags = {}
    if not isinstance(tags, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tags.items()
    ):
        raise NotationError(
            f"record field 'tags': expected an object whose values are strings, got {_shown(tags)}"
        )
    for name in ("result", "reason"):
        if record.get(name) is not None and not isinstance(record[name], str):
            raise NotationError(
                f"record field {name!r}: expected a string or null, got {_shown(record[name])}"
            )
    if record.get("result") not in (None, "white", "black", "draw"):
        raise NotationError(
            f"record field 'result': expected 'white', 'black', 'draw' or null, "
            f"got {_shown(record['result'])}"
        )
    reasons = [reason.value for reason in EndReason]
    if record.get("reason") not in (None, *reasons):
        raise NotationError(
            f"record field 'reason': expected one of {', '.join(map(repr, reasons))} or null, "
            f"got {_shown(record['reason'])}"
        )
    return RecordHeader(start, moves, tags, record.get("result"), record.get("reason"))


def record_move_text(index: int, text: Any) -> str:
    """Move ``index`` of a record, which must be a text."""
    if not isinstance(text, str):
        raise NotationError(f"record field 'moves'[{index}]: expected a move text, got {_shown(text)}")
    return text


def replay_error(index: int, text: str, error: ValueError) -> NotationError:
    """Why move ``index`` of a record cannot be played, naming the field (the move is said once)."""
    message = str(error)
    for prefix in (f"{text.strip()}: ", f"{cut(text.strip())}: "):
        if message.startswith(prefix):
            message = message[len(prefix) :]
            break
    return NotationError(f"record field 'moves'[{index}] {_shown(text)}: {message}")


def check_replay_work(index: int, work: int) -> None:
    """Refuse a replay whose first ``index + 1`` moves already cost more than :data:`MAX_RECORD_WORK`."""
    if work > MAX_RECORD_WORK:
        raise NotationError(
            f"record field 'moves': replaying the first {index + 1:,} moves already takes more than "
            f"the {MAX_RECORD_WORK:,} units of work a record may ask (see MAX_RECORD_WORK)"
        )


def check_replayed_outcome(header: RecordHeader, outcome: Outcome | None) -> None:
    """The stored result and reason must be what the replayed moves give."""
    actual = outcome.result if outcome else None
    if header.result is not None and header.result != actual:
        raise NotationError(
            f"record field 'result': the record says {header.result!r}, but its moves give {actual!r}"
        )
    reason = header.reason
    if reason is not None and outcome is None:
        raise NotationError(
            f"record field 'reason': the record says {reason!r}, but its moves do not end the game"
        )
    if reason is not None and outcome is not None and reason != outcome.reason.value:
        raise NotationError(
            f"record field 'reason': the record says {reason!r}, but its moves end by {outcome.reason.value!r}"
        )


def record_json(record: dict[str, Any], indent: int | None = 2) -> str:
    """A record as JSON text (ASCII), refused if it is longer than a record may be.

    Raises
    ------
    ValueError
        An ``indent`` other than None or 0 to 8, or a text (with its final newline) over
        :data:`MAX_RECORD_BYTES`: long tags.
    """
    if indent is not None and (
        isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= 8
    ):
        raise ValueError(f"indent is None or 0 to 8 spaces, got {_shown(indent)}")
    text = json.dumps(record, indent=indent)
    if len(text) + 1 > MAX_RECORD_BYTES:  # ASCII: characters are bytes; save adds a newline
        raise ValueError(
            f"cannot write this record: it would be {len(text) + 1:,} bytes, more than the "
            f"{MAX_RECORD_BYTES:,} a record may have (long tags?)"
        )
    return text


def _load_json(text: str, what: str = "game record", verb: str = "is") -> Any:
    """The JSON value of ``text``, its shape checked first (see :func:`_check_json_shape`).

    A NotationError names ``what`` (``verb`` agrees with it: "league results are").
    """
    _check_json_shape(text, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise NotationError(
            f"{what} {verb} not valid JSON: line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except (ValueError, RecursionError) as error:  # e.g. Python's digit limit; the checks above make it rare
        raise NotationError(f"{what} cannot be read: {error}") from None


def load_record_json(text: str | bytes) -> Any:
    """The JSON value of a game record's text or UTF-8 bytes, its size, nesting and numbers checked first.

    >>> load_record_json("[" * 1000 + "]" * 1000)
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: game record nests deeper than 16 levels; a record is one object holding lists of strings
    >>> load_record_json(b'{"format": "awithlaknannai-game\\xff"}')
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: game record is not UTF-8 text: byte 0xff at offset 31
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        if len(data) > MAX_RECORD_BYTES:
            raise NotationError(
                f"game record is {len(data):,} bytes, more than the {MAX_RECORD_BYTES:,} allowed"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(
                f"game record is not UTF-8 text: byte 0x{data[error.start]:02x} at offset {error.start}"
            ) from None
        text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    elif not isinstance(text, str):
        raise TypeError(
            f"game_from_json takes the record's JSON text (str or UTF-8 bytes), got {type(text).__name__}"
        )
    elif len(text) > MAX_RECORD_BYTES:
        raise NotationError(
            f"game record is {len(text):,} characters, more than the {MAX_RECORD_BYTES:,} allowed"
        )
    return _load_json(text)
