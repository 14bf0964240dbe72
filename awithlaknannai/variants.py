"""Variants: a board, a start position, rules, and who moves first.

Named variants
--------------
``mosona``          Awithlaknannai Mosona on Culin's board (outer-row lines drawn).
``mosona-murray``   the same on Murray's 1952 drawing, without outer-row lines.
``kolowis``         Kolowis Awithlaknannai, 16 + 17 + 16 points, 23 pieces each:
                    the size the encyclopedia's Kolowis article gives (Ludii
                    reads Culin's figure as 48 points, one end curved).
``zuni-N``          the Zuni pattern at any size: this project's extension of
                    Stevenson's "no specified size", not boards recorded from
                    the Zuni; 2 <= N <= 1000 (:data:`MAX_ZUNI_N`); ``zuni-N-murray``
                    without outer-row lines.
``alquerque``       Alquerque, a game of the same family, 5 x 5 points, 12
                    pieces each.
``tukvnanawopi``    the Hopi game, 41 points, 20 pieces each (without the
                    shrinking-board rule).
``tukvnanawopi-shrinking``  the same with the Hopi shrinking board (rules 7
                    and 8 of the encyclopedia's article): an empty end row or
                    column of squares goes out of play.
``tuknanavuhpi``    the same board, where an empty end line of points goes out
                    of play.
``lau-kata-kati``, ``dash-guti``, ``egara-guti``, ``pretwa``, ``gol-skuish``
                    the Indian war games (Murray 1952): every point filled
                    but the centre; 9, 10, 11, 9 and 21 pieces each.

Set-up (the encyclopedia's and the French sheet's convention): each player
fills the row nearest him and the middle-row points on his own right. The
player at the bottom faces up, so his right is +x. Colours and the first
player are settings: by default White sits at the bottom and moves first.
Because every start position here is symmetric under a half turn with the
colours swapped, these choices change names, not play.

Examples
--------
>>> v = get_variant("mosona")
>>> v.start.count(Color.WHITE), v.start.count(Color.BLACK), v.start.empty_points
(12, 12, ('M4',))
>>> get_variant("zuni-4").board.number_of_nodes()
13
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import networkx as nx

from . import boards
from .i18n import N_
from .board_checks import _TRUSTED_BOARDS, _check_board
from .board_tables import CACHED_BOARDS, _board_content, _Tables, _tables_for
from .board_tables import _cached_tables as _cached_tables  # tests watch its size
from .errors import did_you_mean, shown
from .i18n import LazyString
from .rules import Rules, get_rules
from .shrinking import ShrinkTables

__all__ = [
    "Color",
    "Variant",
    "StartPosition",
    "get_variant",
    "VARIANT_NAMES",
    "variant_names",
    "VARIANTS",
    "VARIANT_MENU",
    "VariantRecord",
    "variant_record",
    "picture_name",
    "MAX_ZUNI_N",
    "ShrinkTables",
    "shrink_tables",
]

#: The largest Zuni board ``zuni-N`` has N = 1000 points in an outer row
#: (3,001 points, 120 times Mosona). Building it takes about 0.1 s and 20 MB;
#: the name is checked against this before anything is built, so a short
#: text can never cost gigabytes (``zuni-10000`` took 8 s and 1 GB). The
#: same bound as :func:`awithlaknannai.boards.zuni` keeps by default.
MAX_ZUNI_N = boards.MAX_ZUNI_N


def zuni_size(name: str) -> int | None:
    """N for a ``zuni-N`` or ``zuni-N-murray`` name within bounds, else ``None`` (nothing is built).

    >>> zuni_size("zuni-12"), zuni_size("mosona"), zuni_size("zuni-99999")
    (12, None, None)
    """
    match = _ZUNI_NAME.match(name) if isinstance(name, str) else None
    if not match:
        return None
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > len(str(MAX_ZUNI_N)) or not 2 <= int(digits) <= MAX_ZUNI_N:
        return None
    return int(digits)


#: Bent leaps are refused on these boards: their many crossing lines make
#: leap sequences multiply. Even counting each capture once per landing
#: point and captured set (see :func:`awithlaknannai.position.generate_raw`),
#: a Tukvnanawopi position one turn from the start has 29,902 different
#: captures, the first player takes all 20 pieces in the first turn, and a
#: greedy-against-greedy game costs 25 s of computing for that one turn. The
#: shrinking variants share that board.
BENT_LEAPS_REFUSED: frozenset[str] = frozenset({"tukvnanawopi", "tukvnanawopi-shrinking", "tuknanavuhpi"})


class Color(str, enum.Enum):
    """The two sides. The encyclopedia gives the players black and white pieces."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Color:
        """The opponent's colour."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    @property
    def char(self) -> str:
        """One letter, as in position texts: ``w`` or ``b``."""
        return "w" if self is Color.WHITE else "b"

    @classmethod
    def parse(cls, value: str | Color) -> Color:
        """Read ``white``/``black``/``w``/``b`` (any case).

        >>> Color.parse("B")
        <Color.BLACK: 'black'>
        """
        if isinstance(value, Color):
            return value
        if not isinstance(value, str):
            raise TypeError(f"a colour is 'white' or 'black' (or 'w'/'b'), got {type(value).__name__}")
        # str's own methods: a str subclass may override __str__, strip or lower (and raise).
        text = str.lower(str.strip(value)) if len(value) <= 20 else ""
        for color in cls:
            if text in (color.value, color.char):
                return color
        raise ValueError(f"a colour is 'white' or 'black' (or 'w'/'b'), got {shown(value)}")

    def __str__(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class StartPosition:
    """Where the pieces stand at the start, as ``{point: colour}``."""

    pieces: Mapping[str, Color]
    points: tuple[str, ...]

    def count(self, color: Color) -> int:
        return sum(1 for c in self.pieces.values() if c is color)

    @property
    def empty_points(self) -> tuple[str, ...]:
        return tuple(p for p in self.points if p not in self.pieces)


@dataclass(frozen=True, eq=False)
class Variant:
    """A board, its start position, rules and the first player.

    Build named ones with :func:`get_variant`. Two variants are equal when
    their names, rules and settings are.
    """

    name: str
    board: nx.Graph = field(repr=False)
    start_pieces: Mapping[str, Color] = field(repr=False)
    rules: Rules = field(default_factory=Rules)
    first: Color = Color.WHITE
    bottom: Color = Color.WHITE
    description: str = field(default="", repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Variant):
            return NotImplemented
        if (self.name, self.rules, self.first, self.bottom) != (
            other.name,
            other.rules,
            other.first,
            other.bottom,
        ):
            return False
        # A hand-built variant may reuse a name on another board: equal only with the same board.
        return self.board is other.board or self._content == other._content

    def __hash__(self) -> int:
        return hash((self.name, self.rules, self.first, self.bottom))

    def __post_init__(self) -> None:
        _check_variant(self)
        if self.rules.leap_shape == "bent" and self.name in BENT_LEAPS_REFUSED:
            raise ValueError(
                f"bent leaps are not supported on {self.name}: its crossing lines make leap sequences "
                "multiply beyond what can be listed (tens of thousands of captures a position); "
                "use leap_shape=line"
            )

    @cached_property
    def _content(self) -> tuple[object, ...]:
        """What the board's tables depend on: its points (with places and rows) and its lines."""
        return _board_content(self.board)

    @cached_property
    def tables(self) -> _Tables:
        return _tables_for(self.name, self.board, self.rules.leap_shape, self._content)

    @cached_property
    def shrink(self) -> ShrinkTables | None:
        """How the board shrinks (Tukvnanawopi's rules 7 and 8), or ``None``."""
        return shrink_tables(self)

    @property
    def points(self) -> tuple[str, ...]:
        """All points, row by row from the top, each row left to right."""
        return self.tables.points

    @property
    def start(self) -> StartPosition:
        return StartPosition(dict(self.start_pieces), self.points)

    def with_rules(self, rules: str | Rules) -> Variant:
        """The same variant under other rules.

        >>> get_variant("mosona").with_rules("ludii").rules.multi_leap
        'none'
        """
        return Variant(
            self.name,
            self.board,
            self.start_pieces,
            get_rules(rules),
            self.first,
            self.bottom,
            self.description,
        )


#: largest named board (``zuni-1000``), which every part of the library is
#: measured on.


def _check_variant(variant: Variant) -> None:
    """Refuse a hand-built variant that the rest of the library could not play, with a message saying why."""
    if not isinstance(variant.name, str):
        raise TypeError(f"a variant's name is a text, got {type(variant.name).__name__}")
    if not 1 <= len(variant.name) <= 100 or not variant.name.isprintable():
        raise ValueError(f"a variant's name is 1 to 100 printable characters, got {shown(variant.name)}")
    if not isinstance(variant.rules, Rules):
        raise TypeError(
            f"a variant's rules are a Rules value (see get_rules), got {type(variant.rules).__name__}"
        )
    for label in ("first", "bottom"):
        if not isinstance(getattr(variant, label), Color):
            raise TypeError(f"a variant's {label} is a Color, got {type(getattr(variant, label)).__name__}")
    if not isinstance(variant.description, str):
        raise TypeError(f"a variant's description is a text, got {type(variant.description).__name__}")
    board = variant.board
    if not isinstance(board, nx.Graph):
        raise TypeError(
            f"a variant's board is a networkx Graph (see awithlaknannai.boards), got {type(board).__name__}"
        )
    if board not in _TRUSTED_BOARDS:
        _check_board(board, variant.rules.leap_shape)
    if not isinstance(variant.start_pieces, Mapping):
        raise TypeError(
            f"a variant's start_pieces is a dict {{point: Color}}, got {type(variant.start_pieces).__name__}"
        )
    if len(variant.start_pieces) > board.number_of_nodes():
        raise ValueError("a variant's start_pieces name more points than its board has")
    for point, colour in variant.start_pieces.items():
        if not isinstance(point, str) or point not in board:
            raise ValueError(f"a variant's start_pieces name a point its board does not have: {shown(point)}")
        if not isinstance(colour, Color):
            raise TypeError(
                f"a variant's start_pieces map points to Color.WHITE or Color.BLACK, "
                f"got {type(colour).__name__}"
            )
    if variant.name in _SHRINK_UNITS and board not in _TRUSTED_BOARDS:
        xs = [x for x, _ in nx.get_node_attributes(board, "pos").values()]
        ys = [y for _, y in nx.get_node_attributes(board, "pos").values()]
        if max(xs) - min(xs) > 16 or max(ys) - min(ys) > 16 or min(xs) < 0 or min(ys) < 0:
            raise ValueError(
                f"{variant.name}'s shrinking rule works on boards of up to 16 x 16 squares "
                "placed at x, y >= 0"
            )


def _zuni_start(n: int, bottom: Color, empty_ends: bool = False) -> dict[str, Color]:
    top = bottom.other
    pieces: dict[str, Color] = {}
    for i in range(n):
        pieces[f"B{i}"] = bottom
        pieces[f"T{i}"] = top
    # Middle points right of the centre go to the bottom player (his right),
    # left of it to the top player. An odd n has no centre point: the two
    # middle points nearest the centre stay empty (the project's extension).
    for j in range(n + 1):
        if 2 * j > n + 1 or (n % 2 == 0 and 2 * j > n):
            pieces[f"M{j}"] = bottom
        elif 2 * j < n - 1 or (n % 2 == 0 and 2 * j < n):
            pieces[f"M{j}"] = top
    if empty_ends:
        pieces.pop("M0", None)
        pieces.pop(f"M{n}", None)
    return pieces


def _grid_start(board: nx.Graph, bottom: Color, middle_row: str, bottom_gets_right: bool) -> dict[str, Color]:
    top = bottom.other
    centre_y = max(y for _, y in nx.get_node_attributes(board, "pos").values()) / 2
    pieces: dict[str, Color] = {}
    for node, (x, y) in nx.get_node_attributes(board, "pos").items():
        if y < centre_y:
            pieces[node] = bottom
        elif y > centre_y:
            pieces[node] = top
        elif x != centre_y:  # the middle rank, split at the centre point
            right = x > centre_y
            pieces[node] = bottom if right == bottom_gets_right else top
    return pieces


@dataclass(frozen=True)
class VariantRecord:
    """Everything the package knows of one named variant, written once.

    The command line's help, the error that lists the known names, the game
    widget's menu and the tests all read :data:`VARIANTS`; adding a relative
    means adding one record here (and its board builder in :mod:`.boards`).

    ``name`` is the variant's name, or a pattern with ``N`` for the Zuni
    boards of any size; ``title`` is what a menu or a picture shows (in
    English, each marked for translation: :data:`VARIANT_MENU` shows it in
    the session's language);
    ``description`` says what it is and where it comes from; ``board`` builds
    its graph; ``start`` puts the pieces on a built board with the given
    colour at the bottom; ``rules`` is the preset it is played under when
    none is given; ``menu`` lists the names the game widget offers (a
    pattern offers a few sizes); ``picture_name`` is the game's name in the
    pictures of its positions where the board's own name is another game's
    (see :func:`picture_name`).
    """

    name: str
    title: str
    description: str
    board: Callable[[], nx.Graph]
    start: Callable[[nx.Graph, Color], dict[str, Color]]
    rules: str = "standard"
    menu: tuple[tuple[str | LazyString, str], ...] = ()
    picture_name: str = ""


_ZUNI_TITLE = N_("Zuni pattern, {n} a row (our extension)")
_ZUNI_MURRAY_TITLE = N_("Zuni pattern, {n} a row, Murray's drawing (our extension)")


def _zuni_record(n: int, murray: bool) -> VariantRecord:
    """The record of one size of the Zuni pattern (``zuni-N``, ``zuni-N-murray``)."""
    name = f"zuni-{n}" + ("-murray" if murray else "")
    return VariantRecord(
        name,
        (_ZUNI_MURRAY_TITLE if murray else _ZUNI_TITLE).filled(n=n).english(),
        f"Zuni pattern of size {n} (this project's extension of Stevenson's 'no specified size')",
        lambda: boards.zuni(n, outer_lines=not murray),
        lambda board, bottom: _zuni_start(n, bottom),
    )


def _grid(middle_row: str, bottom_gets_right: bool) -> Callable[[nx.Graph, Color], dict[str, Color]]:
    return lambda board, bottom: _grid_start(board, bottom, middle_row, bottom_gets_right)


_ZUNI_PATTERN = _zuni_record(2, False)  # stands for every size; get_variant builds the real one

#: The named variants, in the order menus and messages list them. ``zuni-N``
#: and ``zuni-N-murray`` stand for every size (2 <= N <= :data:`MAX_ZUNI_N`).
VARIANTS: dict[str, VariantRecord] = {
    record.name: record
    for record in (
        VariantRecord(
            "mosona",
            N_("Mosona (Culin's drawing)").message,
            # N_: a catalog entry, shown in the session's language where a widget shows it
            N_("Awithlaknannai Mosona, Culin 1907 p. 801").message,
            boards.mosona,
            lambda board, bottom: _zuni_start(8, bottom),
        ),
        VariantRecord(
            "mosona-murray",
            N_("Mosona (Murray's drawing)").message,
            N_("Awithlaknannai Mosona on Murray's 1952 drawing").message,
            lambda: boards.mosona(outer_lines=False),
            lambda board, bottom: _zuni_start(8, bottom),
        ),
        VariantRecord(
            "kolowis",
            "Kolowis Awithlaknannai",
            "Kolowis Awithlaknannai, the 49-point board of the encyclopedia's Kolowis article",
            boards.kolowis,
            lambda board, bottom: _zuni_start(16, bottom, empty_ends=True),
        ),
        # Smaller boards of the same pattern: this project's extension of Stevenson's
        # "no specified size", not boards recorded from the Zuni.
        VariantRecord(
            "zuni-N",
            _ZUNI_TITLE.filled(n="N").english(),
            _ZUNI_PATTERN.description,
            _ZUNI_PATTERN.board,
            _ZUNI_PATTERN.start,
            menu=tuple((_ZUNI_TITLE.filled(n=n), f"zuni-{n}") for n in (3, 4, 5, 6)),
        ),
        VariantRecord(
            "zuni-N-murray",
            _ZUNI_MURRAY_TITLE.filled(n="N").english(),
            _ZUNI_PATTERN.description,
            _ZUNI_PATTERN.board,
            _ZUNI_PATTERN.start,
            menu=(),
        ),
        VariantRecord(
            "alquerque",
            "Alquerque",
            "Alquerque, Alfonso X 1283 / Murray 1952",
            boards.alquerque,
            _grid("3", True),
        ),
        VariantRecord(
            "tukvnanawopi",
            N_("Tukvnanawopi (Hopi)").message,
            "Tukvnanawopi (Hopi), without the shrinking-board rule",
            boards.tukvnanawopi,
            _grid("3", False),
        ),
        VariantRecord(
            "tukvnanawopi-shrinking",
            N_("Tukvnanawopi, shrinking board").message,
            "Tukvnanawopi (Hopi) with the shrinking board: an empty end row or column of squares goes "
            "out of play",
            boards.tukvnanawopi,
            _grid("3", False),
        ),
        VariantRecord(
            "tuknanavuhpi",
            N_("Tuknanavuhpi (Hopi), shrinking lines").message,
            "Tuknanavuhpi (Hopi): an empty end line of points goes out of play",
            boards.tukvnanawopi,
            _grid("3", False),
            # Played on Tukvnanawopi's board, whose name its pictures would otherwise give.
            picture_name="Tuknanavuhpi",
        ),
        VariantRecord(
            "lau-kata-kati",
            N_("Lau kata kati (India)").message,
            "Lau kata kati (India), Murray 1952; Datta 1933",
            boards.lau_kata_kati,
            lambda board, bottom: _centre_start(board, bottom),
        ),
        VariantRecord(
            "dash-guti",
            N_("Dash-guti (India)").message,
            "Dash-guti (India), Murray 1952",
            boards.dash_guti,
            lambda board, bottom: _centre_start(board, bottom),
        ),
        VariantRecord(
            "egara-guti",
            N_("Egara-guti (India)").message,
            "Egara-guti (India), Murray 1952",
            boards.egara_guti,
            lambda board, bottom: _centre_start(board, bottom),
        ),
        VariantRecord(
            "pretwa",
            N_("Pretwa (India)").message,
            "Pretwa (Bihar, India), Murray 1952",
            boards.pretwa,
            lambda board, bottom: _centre_start(board, bottom),
        ),
        VariantRecord(
            "gol-skuish",
            N_("Gol-skuish (India)").message,
            "Gol-skuish or Gol-ekuish (India), Murray 1952; Gupta 1924",
            boards.gol_skuish,
            lambda board, bottom: _centre_start(board, bottom),
        ),
    )
}

VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)


def variant_names(zuni_sizes: Iterable[int] = (), zuni_murray_sizes: Iterable[int] = ()) -> tuple[str, ...]:
    """The names of :data:`VARIANT_NAMES` with each ``-N`` name taken at the sizes given.

    Parameters
    ----------
    zuni_sizes : iterable of int
        The sizes N of ``zuni-N`` to name, in this order (none by default).
    zuni_murray_sizes : iterable of int
        The sizes N of ``zuni-N-murray`` to name, in this order (none by default).

    Returns
    -------
    tuple of str
        The named variants in the order of :data:`VARIANT_NAMES`, each size in
        the place of its ``-N`` name.

    Examples
    --------
    >>> variant_names(zuni_sizes=[4])[:5]
    ('mosona', 'mosona-murray', 'kolowis', 'zuni-4', 'alquerque')
    >>> "zuni-N" in variant_names()
    False
    """
    sizes = {"zuni-N": tuple(zuni_sizes), "zuni-N-murray": tuple(zuni_murray_sizes)}
    return tuple(
        sized
        for name in VARIANT_NAMES
        for sized in ([name.replace("-N", f"-{n}") for n in sizes[name]] if "-N" in name else [name])
    )


#: What the game widget's variant menu offers: (label, variant name), from :data:`VARIANTS`.
#: The labels are lazy (:class:`~awithlaknannai.i18n.LazyString`): the menu shows them in the
#: session's language.
VARIANT_MENU: tuple[tuple[str | LazyString, str], ...] = tuple(
    entry
    for record in VARIANTS.values()
    for entry in (record.menu if "-N" in record.name else ((LazyString(record.title), record.name),))
)

_ZUNI_NAME = re.compile(r"^zuni-([0-9]+)(-murray)?$")


def variant_record(name: str) -> VariantRecord:
    """The record of a named variant (a Zuni size gets the record of its size).

    >>> variant_record("zuni-4").title
    'Zuni pattern, 4 a row (our extension)'
    >>> variant_record("pretwa").description
    'Pretwa (Bihar, India), Murray 1952'
    """
    if not isinstance(name, str):
        raise TypeError(f"a variant name is a string such as 'mosona', got {type(name).__name__}")
    match = _ZUNI_NAME.match(name)
    if match:
        digits = match.group(1).lstrip("0") or "0"
        # Checked on the digits, before int() or any building: a huge N costs nothing.
        if len(digits) > len(str(MAX_ZUNI_N)) or int(digits) > MAX_ZUNI_N:
            given = digits if len(digits) <= 12 else f"a {len(digits)}-digit number"
            raise ValueError(
                f"variant 'zuni-N': N is at most {MAX_ZUNI_N} points in an outer row, got {given}"
            )
        n = int(digits)
        if n < 2:
            raise ValueError(f"variant {shown(name)}: a Zuni board needs at least 2 points in an outer row")
        return _zuni_record(n, bool(match.group(2)))
    if name in VARIANTS and "-N" not in name:
        return VARIANTS[name]
    raise ValueError(
        f"unknown variant {shown(name)}{did_you_mean(name, list(variant_names()))}; "
        f"known: {', '.join(VARIANT_NAMES)}"
    )


@lru_cache(maxsize=CACHED_BOARDS)
def _shared_board(name: str) -> nx.Graph:
    """The board of a named variant (its canonical spelling), built once and frozen.

    Every position of a variant reads its board, and the move tables are
    derived from it, so it must not change: networkx's freeze makes any
    attempt to modify it raise an error (``board.copy()`` gives an editable
    copy). Sharing one board also makes reading position texts and game
    records quick.
    """
    frozen = nx.freeze(variant_record(name).board())
    _TRUSTED_BOARDS.add(frozen)
    return frozen


def _centre_start(board: nx.Graph, bottom: Color) -> dict[str, Color]:
    """Every point filled but the centre: the bottom half to ``bottom``, the top half to the other.

    Points level with the centre go to the player on whose right they lie
    (the bottom player faces up, so his right is +x), as on the Zuni boards.
    """
    positions = nx.get_node_attributes(board, "pos")
    xs = [x for x, _ in positions.values()]
    ys = [y for _, y in positions.values()]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    pieces: dict[str, Color] = {}
    for node, (x, y) in positions.items():
        if (x, y) == (cx, cy):
            continue
        if y < cy or (y == cy and x > cx):
            pieces[node] = bottom
        else:
            pieces[node] = bottom.other
    return pieces


def get_variant(
    name: str = "mosona",
    rules: str | Rules | None = None,
    first: str | Color = Color.WHITE,
    bottom: str | Color = Color.WHITE,
) -> Variant:
    """Return a named variant.

    Parameters
    ----------
    name : str
        One of ``mosona``, ``mosona-murray``, ``kolowis``, ``zuni-N``
        (2 <= N <= :data:`MAX_ZUNI_N`), ``zuni-N-murray``, ``alquerque``, ``tukvnanawopi``,
        ``tukvnanawopi-shrinking``, ``tuknanavuhpi``, ``lau-kata-kati``,
        ``dash-guti``, ``egara-guti``, ``pretwa``, ``gol-skuish``.
    rules : str or Rules, optional
        A preset name (``standard``, ``maximum``, ``ludii``), a rules text
        such as ``"standard,quiet_turn_limit=20"``, or a :class:`Rules`.
    first : {"white", "black"}
        Who moves first (the players choose; default White).
    bottom : {"white", "black"}
        Which colour sits at the bottom of the drawn board (default White).

    Raises
    ------
    ValueError
        For an unknown name, bad rules or a bad colour; the message lists the
        known names.

    Examples
    --------
    >>> get_variant("mosona-murray").board.number_of_edges()
    40
    >>> get_variant("checkers")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'checkers'; known: mosona, mosona-murray, kolowis, zuni-N, zuni-N-murray, alquerque, tukvnanawopi, tukvnanawopi-shrinking, tuknanavuhpi, lau-kata-kati, dash-guti, egara-guti, pretwa, gol-skuish
    """
    if not isinstance(name, str):
        raise TypeError(f"a variant name is a string such as 'mosona', got {type(name).__name__}")
    record = variant_record(name)  # one spelling: "zuni-08" is zuni-8
    rules_value = get_rules(record.rules if rules is None else rules)
    first_color = Color.parse(first)
    bottom_color = Color.parse(bottom)
    board = _shared_board(record.name)
    return Variant(
        record.name,
        board,
        record.start(board, bottom_color),
        rules_value,
        first_color,
        bottom_color,
        record.description,
    )


def picture_name(variant: Variant) -> str:
    """The game's name for the pictures of its positions, or ``""`` where the board's name says it.

    A game's name is the same in every language. A variant built by hand
    gets the picture name of the registered variant whose name it takes.

    >>> picture_name(get_variant("tuknanavuhpi")), picture_name(get_variant("mosona"))
    ('Tuknanavuhpi', '')
    """
    if not isinstance(variant, Variant):
        raise TypeError(f"expected a Variant, got {type(variant).__name__}")
    record = VARIANTS.get(variant.name)
    return "" if record is None else record.picture_name


# --- The shrinking boards: which variants shrink, by what cells (:mod:`.shrinking` holds how) ---

_SHRINK_UNITS = {"tukvnanawopi-shrinking": "squares", "tuknanavuhpi": "lines"}
# Keyed by the board's content as well as the name and reading, so that a hand-built
# variant reusing the name on another board never changes the named variant's tables.
_SHRINK_CACHE: dict[tuple[object, ...], ShrinkTables] = {}


def shrink_tables(variant: Variant) -> ShrinkTables | None:
    """The shrinking-board tables of ``variant``, or ``None`` if its board never shrinks.

    >>> shrink_tables(get_variant("mosona")) is None
    True
    >>> t = shrink_tables(get_variant("tukvnanawopi-shrinking"))
    >>> t.unit, t.reading, (t.columns, t.rows)
    ('squares', 'playable', (4, 4))
    """
    unit = _SHRINK_UNITS.get(variant.name)
    if unit is None:
        return None
    reading = variant.rules.shrink_boundary
    key = (variant.name, reading, variant._content)
    tables = _SHRINK_CACHE.get(key)
    if tables is None:
        tables = ShrinkTables(variant.tables, variant.board, unit, reading)
        if len(_SHRINK_CACHE) >= 8:  # hand-built boards must not pile up
            _SHRINK_CACHE.pop(next(iter(_SHRINK_CACHE)))
        _SHRINK_CACHE[key] = tables
    return tables
