"""Game records: a game's moves and result as JSON, read back move by move.

Like chess's PGN (portable game *notation*), a record is what a game leaves
on paper; this module sits above :mod:`awithlaknannai.game`, whose
``to_json``, ``save`` and ``load`` call it. The texts of single positions
and moves are below :mod:`awithlaknannai.position`, in
:mod:`awithlaknannai.texts`; :func:`parse_position`, :func:`position_text`
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
>>> from awithlaknannai.game import Game
>>> game = Game("mosona")
>>> _ = game.play("B3-M4"); _ = game.play("T4xB3")
>>> record = game_to_record(game)
>>> record["moves"], record["start"]
(['B3-M4', 'T4xB3'], None)
>>> game_from_record(record).moves == game.moves
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import NotationError, reading_field
from .game import Game
from .i18n import gettext as _
from .i18n import side_name
from .position import EndReason, Position
from .rules import Rules
from .texts import board_diagram_text, cut, shown_short
from .variants import Color, Variant, get_variant

__all__ = [
    "RECORD_FORMAT",
    "board_diagram",
    "game_from_json",
    "game_from_record",
    "game_to_json",
    "game_to_record",
    "move_list",
    "parse_position",
    "position_text",
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


# --- game records ---------------------------------------------------------------------


def move_list(game: Game) -> str:
    """The moves as numbered pairs, e.g. ``1. B3-M4 T4xB3  2. ...``, plus the result (:meth:`Game.move_list`)."""
    if not isinstance(game, Game):
        raise TypeError(f"move_list lists the moves of a Game, got {type(game).__name__}")
    return game.move_list()


def game_to_record(game: Game, tags: dict[str, str] | None = None) -> dict[str, Any]:
    """The game as a JSON-ready dict (see the module docstring).

    Only what :func:`game_from_record` reads back is written: a game that
    could not be replayed from its record is refused here, with a
    ``ValueError`` saying why, instead of being written and lost. That is a
    game of a hand-built variant (a record names its variant, and
    :func:`~awithlaknannai.variants.get_variant` must rebuild the same
    board), more than :data:`MAX_RECORD_MOVES` moves, or a replay longer
    than :data:`MAX_RECORD_WORK`; tags must map texts to texts.
    """
    if not isinstance(game, Game):
        raise TypeError(f"a record is written from a Game, got {type(game).__name__}")
    tags = dict(game.tags if tags is None else tags)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
        raise TypeError("a record's tags map texts to texts (players, date, place)")
    variant = game.start.variant
    try:
        named = get_variant(variant.name, variant.rules, variant.first, variant.bottom)
    except ValueError:
        named = None
    if named is None or named != variant:
        raise ValueError(
            f"cannot write a record of variant {_shown(variant.name)}: it is built by hand, and a record "
            "names its variant, which get_variant() must rebuild with the same board"
        )
    if len(game.moves) > MAX_RECORD_MOVES:
        raise ValueError(
            f"cannot write a record of {len(game.moves):,} moves: a record holds at most "
            f"{MAX_RECORD_MOVES:,}, and a longer one could not be read back"
        )
    work = sum(position._work for position in game.positions)
    if work > MAX_RECORD_WORK:
        raise ValueError(
            f"cannot write this record: replaying its moves takes {work:,} units of work, more than "
            f"the {MAX_RECORD_WORK:,} a record may ask when it is read back"
        )
    standard_start = game.start == Position.start(named)
    outcome = game.outcome()
    return _record_dict(
        variant,
        None if standard_start else game.start.text(),
        [game.move_text(i) for i in range(len(game.moves))],
        outcome.result if outcome else None,
        outcome.reason.value if outcome else None,
        tags,
    )


def _record_dict(
    variant: Variant,
    start: str | None,
    moves: list[str],
    result: str | None,
    reason: str | None,
    tags: dict[str, str],
) -> dict[str, Any]:
    """A game record (see :func:`game_to_record`) from its fields; ``start`` is None for the variant's own."""
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


def game_from_record(record: Any) -> Game:
    """Rebuild a game from a record dict; every problem names its field.

    The stored result must agree with the replayed moves, so a record cannot
    silently claim a result its moves do not give.

    >>> game_from_record({"format": "awithlaknannai-game", "version": 1, "variant": "mosona",
    ...                   "moves": ["B3-M4", "T4xB4"]})
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: record field 'moves'[1] 'T4xB4': no line runs from T4 over one point to B4
    """
    if not isinstance(record, dict):
        raise NotationError(f"a game record is a JSON object, got {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise NotationError(
            f"record field 'format': expected {RECORD_FORMAT!r}, got {_shown(record.get('format'))}"
        )
    version = record.get("version")
    if type(version) is not int or version != RECORD_VERSION:  # true == 1 in Python: not here
        raise NotationError(
            f"record field 'version': this library reads version {RECORD_VERSION}, got {_shown(version)}"
        )
    known = {
        "format",
        "version",
        "variant",
        "rules",
        "first",
        "bottom",
        "start",
        "moves",
        "result",
        "reason",
        "tags",
    }
    if not all(isinstance(key, str) for key in record):
        odd = next(key for key in record if not isinstance(key, str))
        raise NotationError(f"a game record's field names are texts, got {_shown(odd)}")
    unknown = sorted(set(record) - known)
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
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise NotationError(
            f"record field 'moves': expected a list of move texts, got {type(moves).__name__}"
        )
    if len(moves) > MAX_RECORD_MOVES:
        raise NotationError(
            f"record field 'moves': {len(moves):,} moves, more than the {MAX_RECORD_MOVES:,} "
            "a record may hold"
        )
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
    game = Game(start=start, tags=tags)
    work = 0
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise NotationError(f"record field 'moves'[{i}]: expected a move text, got {_shown(text)}")
        try:
            game.play(text)
        except ValueError as error:
            message = str(error)
            for prefix in (f"{text.strip()}: ", f"{cut(text.strip())}: "):
                if message.startswith(prefix):
                    message = message[len(prefix) :]
                    break
            raise NotationError(f"record field 'moves'[{i}] {_shown(text)}: {message}") from None
        work += game.positions[-2]._work
        if work > MAX_RECORD_WORK:
            raise NotationError(
                f"record field 'moves': replaying the first {i + 1:,} moves already takes more than "
                f"the {MAX_RECORD_WORK:,} units of work a record may ask (see MAX_RECORD_WORK)"
            )
    # The last position's captures may be too many to list.
    with reading_field("record field 'moves': the last position"):
        outcome = game.outcome()
    stored = record.get("result")
    actual = outcome.result if outcome else None
    if stored is not None and stored != actual:
        raise NotationError(
            f"record field 'result': the record says {stored!r}, but its moves give {actual!r}"
        )
    reason = record.get("reason")
    if reason is not None and outcome is None:
        raise NotationError(
            f"record field 'reason': the record says {reason!r}, but its moves do not end the game"
        )
    if reason is not None and outcome is not None and reason != outcome.reason.value:
        raise NotationError(
            f"record field 'reason': the record says {reason!r}, but its moves end by {outcome.reason.value!r}"
        )
    return game


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game record as JSON text (ASCII), refused if it is longer than a record may be.

    Raises
    ------
    ValueError
        What :func:`game_to_record` refuses, or a text (with its final
        newline) over :data:`MAX_RECORD_BYTES`: long tags.
    """
    if indent is not None and (
        isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= 8
    ):
        raise ValueError(f"indent is None or 0 to 8 spaces, got {_shown(indent)}")
    text = json.dumps(game_to_record(game), indent=indent)
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


def game_from_json(text: str | bytes) -> Game:
    """Read a game record from JSON text, or from UTF-8 bytes (see :func:`game_from_record`).

    The size (:data:`MAX_RECORD_BYTES`), nesting (:data:`MAX_RECORD_DEPTH`)
    and number lengths are checked before the JSON is parsed.

    >>> game_from_json("[" * 1000 + "]" * 1000)
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: game record nests deeper than 16 levels; a record is one object holding lists of strings
    >>> game_from_json(b'{"format": "awithlaknannai-game\\xff"}')
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
    return game_from_record(_load_json(text))
