"""Pictures as files: SVG, PNG, and a printable sheet to play on paper.

Files are written atomically: the picture is made in memory, written to a
temporary file beside the target, and moved into place only when complete,
so a failure never leaves a half-written file behind.

Examples
--------
>>> import tempfile, pathlib
>>> from awithlaknannai.boards import mosona
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> save_svg(mosona(), folder / "board.svg").name
'board.svg'
>>> sheet = printable_sheet("mosona", paper="a4")
>>> 'width="297mm"' in sheet, sheet.count('class="cutout white"')
(True, 12)
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from ..errors import shown as _shown
from ..game import Game
from ..i18n import LANGUAGES, _, ngettext, side_name, use_language
from ..position import Position
from ..rules import Rules
from ..variants import Color, Variant, get_variant
from .geometry import board_layout
from .style import BOARD
from .board_drawing import _defs, _draw, _piece, game_title
from .svg import board_svg, game_svg, position_svg
from .svg_text import _element, _finish, _num, _open_svg, _text

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "PAPER_SIZES",
    "cli_draw",
    "png_bytes",
    "printable_sheet",
    "rules_summary",
    "save_png",
    "save_svg",
    "to_svg",
]

PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Portrait paper sizes in millimetres (width, height)."""

_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


# --- SVG and PNG files --------------------------------------------------------


def to_svg(obj: object) -> str:
    """SVG text for a board, position, game, variant (its start) or SVG text itself.

    Raises
    ------
    ValueError
        If ``obj`` is none of these.

    Examples
    --------
    >>> to_svg("mosona").count('class="piece black"')
    12
    >>> to_svg(42)
    Traceback (most recent call last):
    ...
    ValueError: cannot draw int: give a board, a Position, a Game, a Variant, a variant name or SVG text
    """
    if isinstance(obj, str):
        text = obj.lstrip()
        if text.startswith(("<svg", "<?xml")):
            return obj
        return position_svg(Position.start(obj))  # a variant name; unknown names raise ValueError
    if isinstance(obj, Game):
        return game_svg(obj)
    if isinstance(obj, Position):
        return position_svg(obj)
    if isinstance(obj, Variant):
        return position_svg(Position.start(obj))
    if isinstance(obj, nx.Graph):
        return board_svg(obj)
    raise ValueError(
        f"cannot draw {type(obj).__name__}: "
        "give a board, a Position, a Game, a Variant, a variant name or SVG text"
    )


def _write_atomically(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file, so no partial file is ever left.

    A symbolic link is followed (its target is replaced, the link stays); a
    folder, a device, a FIFO or anything else that is not a regular file,
    also behind a link, is refused: replacing ``/dev/null`` through a link
    once left a world-writable file in its place.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a picture is saved to a file path, got {type(path).__name__}")
    target = Path(path)
    if not str(path).strip():
        raise ValueError("cannot write the picture: the file name is empty")
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise OSError(f"cannot write {_shown(str(target))}: it is a folder")
    if target.exists() and not target.is_file():
        raise OSError(f"cannot write {_shown(str(target))}: it is not a regular file (a device or a FIFO)")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
    except OSError as error:
        raise OSError(f"cannot write {target}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        # mkstemp makes the file private; give it the old file's mode, or the usual one (never
        # more open than the old file, and never writable by everyone).
        mode = target.stat().st_mode & 0o775 if target.is_file() else 0o644
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(error, OSError):
            raise OSError(f"cannot write {target}: {error.strerror or error}") from None
        raise
    return target


def save_svg(obj: object, path: str | os.PathLike[str]) -> Path:
    """Write ``obj`` (anything :func:`to_svg` accepts) as an SVG file; return the path.

    Raises
    ------
    ValueError
        If ``obj`` cannot be drawn.
    OSError
        If the file cannot be written (the message names it).
    """
    svg = to_svg(obj)
    return _write_atomically(
        path,
        ('<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n").encode("utf-8")
        if not svg.lstrip().startswith("<?xml")
        else svg.encode("utf-8"),
    )


def _cairosvg():
    """Import cairosvg lazily, turning a missing package or library into one clear message."""
    try:
        import cairosvg
    except ImportError:
        raise ValueError(
            "PNG export needs the cairosvg package: pip install cairosvg (or awithlaknannai[plots])"
        ) from None
    except OSError as error:  # cairosvg is installed but the Cairo C library is not
        raise ValueError(
            f"PNG export needs the Cairo library (e.g. apt install libcairo2, brew install cairo): {error}"
        ) from None
    return cairosvg


def png_bytes(obj: object, scale: float = 2) -> bytes:
    """Render ``obj`` (anything :func:`to_svg` accepts) to PNG bytes with cairosvg.

    Raises
    ------
    ValueError
        If ``scale`` is not positive, ``obj`` cannot be drawn, or cairosvg
        or its Cairo library is missing (the message says which).
    """
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0 or math.isinf(scale):
        raise ValueError(f"scale must be a positive number, got {scale!r}")
    svg = to_svg(obj)
    cairosvg = _cairosvg()
    try:
        from cairocffi import CairoError
    except (ImportError, OSError):  # pragma: no cover - cairosvg imported it just now
        CairoError = RuntimeError  # noqa: N806
    try:
        return cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    except (CairoError, MemoryError) as error:
        # Cairo draws at most 32,767 pixels a side; a very large board at this scale is more.
        raise ValueError(
            f"cannot make a PNG of this picture at scale {scale}: Cairo refused it ({error}); "
            "save it as .svg, or use a smaller scale or board"
        ) from None


def save_png(obj: object, path: str | os.PathLike[str], scale: float = 2) -> Path:
    """Write ``obj`` as a PNG image, ``scale`` times the SVG's pixel size; return the path.

    The default ``scale=2`` keeps lines sharp on high-density screens and
    in slides.

    Raises
    ------
    ValueError
        As :func:`png_bytes`.
    OSError
        If the file cannot be written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = save_png("zuni-3", pathlib.Path(tempfile.mkdtemp()) / "small.png", scale=1)
    >>> path.read_bytes()[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    return _write_atomically(path, png_bytes(obj, scale))


# --- the printable sheet -------------------------------------------------------


#: The fields of :class:`~awithlaknannai.rules.Rules` that :func:`rules_summary` puts into words. Any
#: other field set to a value other than its default is listed as it is written in a rules text
#: (``"Also: diagonal_steps=no."``), so a new switch is never left out of a printed sheet in silence.
RULES_DESCRIBED: frozenset[str] = frozenset(
    {
        "compulsory_capture",
        "multi_leap",
        "maximum_capture",
        "leap_shape",
        "blocked_player_loses",
        "quiet_turn_limit",
        "repetition_limit",
        "no_capture_result",
        "shrink_boundary",
    }
)


def rules_summary(variant: Variant) -> list[str]:
    """The variant's rules as a few short sentences for a printed sheet or a slide.

    Written from the variant's :class:`~awithlaknannai.rules.Rules`, so a
    class's own rules are summarised as faithfully as the presets; a switch
    not in :data:`RULES_DESCRIBED` is listed as written in a rules text.
    The sentences are in the session's language (:func:`~awithlaknannai.i18n.set_language`).

    Examples
    --------
    >>> for line in rules_summary(get_variant("alquerque", "ludii")):
    ...     print(line)
    White moves first; then take turns. A turn is one step or one capture.
    Step: move one of your pieces along a line to the next point, if it is empty.
    Capture: jump along a line over an enemy piece next to yours to the empty point beyond it; remove it.
    Only one jump per turn. You may capture, but you need not.
    You win by taking all your opponent's pieces, or when your opponent cannot move.
    The game also ends after 50 turns in a row without a capture, or a position seen 3 times: a draw.
    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     print(rules_summary(get_variant("mosona"))[0])
    Empiezan las Blancas; después, se juega por turnos. Un turno es un paso o una captura.
    """
    rules: Rules = variant.rules
    curved = bool(variant.board.graph.get("curved_lines"))
    first = _("{side} moves first; then take turns. A turn is one step or one capture.")
    lines = [
        first.format(side=side_name(variant.first)),
        _("Step: move one of your pieces along a line to the next point, if it is empty."),
    ]
    if rules.leap_shape == "line":
        capture = _(
            "Capture: jump along a line over an enemy piece next to yours to the empty point beyond it; "
            "remove it."
        )
        if curved:
            capture += " " + _("A jump may follow a curved end line.")
        if variant.board.graph.get("arc_centres"):
            capture += " " + _("A jump may run along a circle, and straight across the centre.")
    else:
        capture = _(
            "Capture: jump over an enemy piece next to yours to an empty point next to it "
            "(the jump may turn a corner); remove it."
        )
    lines.append(capture)
    multi = {
        "compulsory": _("If the same piece can jump again, it must keep jumping in the same turn."),
        "optional": _("If the same piece can jump again, it may keep jumping in the same turn."),
        "none": _("Only one jump per turn."),
    }[rules.multi_leap]
    if rules.compulsory_capture and rules.maximum_capture:
        must = _("If you can capture, you must, and you must choose a capture that takes the most pieces.")
    elif rules.compulsory_capture:
        must = _("If you can capture, you must.")
    elif rules.maximum_capture:
        must = _("You may capture, but you need not; if you do, take the most pieces you can.")
    else:
        must = _("You may capture, but you need not.")
    lines.append(f"{multi} {must}")
    if rules.blocked_player_loses:
        lines.append(_("You win by taking all your opponent's pieces, or when your opponent cannot move."))
    else:
        lines.append(
            _(
                "You win by taking all your opponent's pieces; if the player to move cannot move, the game is a draw."
            )
        )
    result = _("a draw") if rules.no_capture_result == "draw" else _("more pieces wins (equal: a draw)")
    turns, times = rules.quiet_turn_limit, rules.repetition_limit
    if turns is not None and times is not None:
        ends = ngettext(
            "The game also ends after {turns} turn in a row without a capture, or a position seen {times} "
            "times: {result}.",
            "The game also ends after {turns} turns in a row without a capture, or a position seen {times} "
            "times: {result}.",
            turns,
        )
        lines.append(ends.format(turns=turns, times=times, result=result))
    elif turns is not None:
        ends = ngettext(
            "The game also ends after {turns} turn in a row without a capture: {result}.",
            "The game also ends after {turns} turns in a row without a capture: {result}.",
            turns,
        )
        lines.append(ends.format(turns=turns, result=result))
    elif times is not None:
        ends = _("The game also ends after a position seen {times} times: {result}.")
        lines.append(ends.format(times=times, result=result))
    if variant.shrink is not None:  # Tukvnanawopi's rules 7 and 8
        if variant.shrink.unit == "squares":
            shrink = _(
                "When the row or column of squares at an end of the board holds no piece, it is out of "
                "play for the rest of the game, and the board keeps shrinking."
            )
            shrink += " " + (
                _("The line it shares with the next row stays playable.")
                if rules.shrink_boundary == "playable"
                else _("The line it shares with the next row goes out of play too.")
            )
        else:
            shrink = _(
                "When the line of points at an end of the board holds no piece, it is out of play for "
                "the rest of the game, and the board keeps shrinking."
            )
        lines.append(shrink)
    others = [f"{name}={value}" for name, value in rules.differences().items() if name not in RULES_DESCRIBED]
    if others:
        also = _("Also: {settings}.")
        lines.append(also.format(settings=", ".join(others)))
    return lines


def _resolve_variant(variant: str | Variant) -> Variant:
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        return get_variant(variant)
    raise ValueError(f"printable_sheet needs a variant name or a Variant, got {type(variant).__name__}")


def printable_sheet(variant: str | Variant, paper: str = "a4", *, labels: bool = False) -> str:
    """A sheet to print at real size and play on: the board, pieces to cut out, the rules.

    The page is measured in millimetres (``width="210mm"`` and a viewBox in
    mm). The board is drawn as large as fits with its pieces, in whichever
    orientation of the page gives the bigger board; faint pieces on the
    board show where each side starts. A 50 mm bar lets a teacher check
    that the printer did not shrink the page.

    Parameters
    ----------
    variant : str or Variant
        A variant name such as ``"mosona"`` or a :class:`Variant` (its rules
        are summarised on the sheet).
    paper : {"a4", "letter"}
        Paper size.
    labels : bool
        Print the point names on the board, for writing games down.

    Returns
    -------
    str
        SVG text; print it at 100 % ("actual size").

    Raises
    ------
    ValueError
        For an unknown variant or paper size.

    Examples
    --------
    >>> sheet = printable_sheet("kolowis", paper="letter")
    >>> 'viewBox="0 0 279.4 215.9"' in sheet, sheet.count('class="cutout black"')
    (True, 23)
    >>> printable_sheet("mosona", paper="a3")
    Traceback (most recent call last):
    ...
    ValueError: unknown paper size 'a3'; choose a4 or letter
    """
    if paper not in PAPER_SIZES:
        raise ValueError(f"unknown paper size {paper!r}; choose {' or '.join(PAPER_SIZES)}")
    chosen = _resolve_variant(variant)
    short, long = PAPER_SIZES[paper]
    plans = [_plan_sheet(chosen, w, h) for w, h in ((short, long), (long, short))]
    plan = max(plans, key=lambda p: p["unit"])
    return _draw_sheet(chosen, plan, paper, labels)


_PAGE_MARGIN = 12.0  # mm: inside what most printers can print
_BOARD_MARGIN = 0.55  # units of board spacing around the outermost points
_GAP = 5.0  # mm between the sheet's blocks
_HEADER = 17.0  # mm: title and the scale bar
_TEXT_SIZE = 3.3  # mm
_LINE_HEIGHT = 4.6  # mm


def _wrap(lines: Sequence[str], width_mm: float) -> list[str]:
    # Average glyph width of a sans-serif face is about half the font size.
    chars = max(30, int(width_mm / (_TEXT_SIZE * 0.52)))
    out: list[str] = []
    for line in lines:
        out.extend(textwrap.wrap(line, chars) or [""])
    return out


def _plan_sheet(variant: Variant, page_w: float, page_h: float) -> dict[str, float]:
    """Find the largest board spacing (mm) at which board, pieces and rules fit the page."""
    span_w, span_h = _spans(variant)
    inner_w, inner_h = page_w - 2 * _PAGE_MARGIN, page_h - 2 * _PAGE_MARGIN
    rules_h = len(_wrap(rules_summary(variant), inner_w)) * _LINE_HEIGHT
    counts = (variant.start.count(Color.WHITE), variant.start.count(Color.BLACK))

    def height_needed(unit: float) -> float:
        cell = 0.8 * unit  # a piece is 0.6 units across; the rest is room to cut
        per_row = max(1, int(inner_w // cell))
        note = _wrap([_cutout_note(*counts, unit)], inner_w)
        pieces_h = (len(note) + 0.6) * _LINE_HEIGHT + len(_cutout_rows(counts, per_row)) * cell
        return _HEADER + span_h * unit + _GAP + pieces_h + _GAP + rules_h

    low, high = 1.0, min(40.0, inner_w / span_w)  # 40 mm: pieces the size of large coins
    if height_needed(low) > inner_h:
        raise ValueError(f"the {variant.name} board does not fit on this paper")
    for _step in range(40):  # bisection to a hundredth of a millimetre
        middle = (low + high) / 2
        if height_needed(middle) <= inner_h:
            low = middle
        else:
            high = middle
    unit = math.floor(low * 10) / 10  # a round figure to print on the sheet
    return {"unit": unit, "page_w": page_w, "page_h": page_h, "rules_h": rules_h}


def _spans(variant: Variant) -> tuple[float, float]:
    """The board's width and height in units of point spacing, margins included."""
    layout = board_layout(variant.board, unit=100, margin=100 * _BOARD_MARGIN)
    return layout.width / 100, layout.height / 100


def _draw_sheet(variant: Variant, plan: dict[str, float], paper: str, labels: bool) -> str:
    unit, page_w, page_h = plan["unit"], plan["page_w"], plan["page_h"]
    inner_w = page_w - 2 * _PAGE_MARGIN
    board = variant.board
    name = game_title(variant)
    span_w, span_h = _spans(variant)
    pixel_unit = 60.0  # the board is drawn at screen size, then scaled to millimetres
    scale = unit / pixel_unit
    counts = {color: variant.start.count(color) for color in Color}
    desc = _(
        "A printable sheet for {board} on {paper} paper: the board with {points} points ({spacing} mm "
        "apart), {white} white and {black} black pieces to cut out, and a summary of the rules."
    ).format(
        board=name,
        paper=paper.upper(),
        points=board.number_of_nodes(),
        spacing=_num(unit),
        white=counts[Color.WHITE],
        black=counts[Color.BLACK],
    )
    title = _("{board}: printable board").format(board=name)
    parts = _open_svg(page_w, page_h, title, desc)
    # Real size: the page's width and height in millimetres, with a viewBox in millimetres.
    parts[0] = parts[0].replace(
        f'width="{_num(page_w)}" height="{_num(page_h)}"',
        f'width="{_num(page_w)}mm" height="{_num(page_h)}mm"',
        1,
    )
    parts.append(_defs(pixel_unit, arrow=False, heat=False))
    parts.append(_element("rect", x=0, y=0, width=page_w, height=page_h, fill="#ffffff", class_="page"))
    ink = BOARD["label"]
    left, y = _PAGE_MARGIN, _PAGE_MARGIN
    # Header: title left, scale bar right.
    parts.append(_text(_xml(name), left, y + 7, 7, font_family=_FONT, bold=True, fill=ink, class_="title"))
    subtitle = _("{variant} · rules: {rules} · print at 100 % (actual size), not “fit to page”").format(
        variant=variant.name, rules=variant.rules.to_text()
    )
    parts.append(_text(_xml(subtitle), left, y + 12.5, _TEXT_SIZE, font_family=_FONT, fill=ink))
    bar_right = page_w - _PAGE_MARGIN
    parts.append(
        _element(
            "path",
            d=f"M{_num(bar_right - 50)} {_num(y + 4)} h50 M{_num(bar_right - 50)} "
            f"{_num(y + 2.5)} v3 M{_num(bar_right)} {_num(y + 2.5)} v3",
            stroke=ink,
            stroke_width=0.5,
            fill="none",
            class_="scale-bar",
        )
    )
    parts.append(
        _element(
            "text",
            _xml(_("this bar is 50 mm long")),
            x=bar_right - 25,
            y=y + 9,
            font_family=_FONT,
            font_size=2.6,
            text_anchor="middle",
            fill=ink,
        )
    )
    y += _HEADER
    # The board, centred.
    board_w = span_w * unit
    board_x = left + (inner_w - board_w) / 2
    parts.append(
        _draw(
            board,
            unit=pixel_unit,
            labels=labels,
            default_title=name,
            desc=_("{board}, {points} points; faint pieces show the start.").format(
                board=name, points=board.number_of_nodes()
            ),
            start_marks=dict(variant.start_pieces),
            paper=True,
            placement=(board_x, y, scale),
            margin=pixel_unit * _BOARD_MARGIN,
        )
    )
    y += span_h * unit + _GAP
    # The pieces to cut out: one grid of squares, White's then Black's, a piece printed on each.
    cell = 0.8 * unit
    per_row = max(1, int(inner_w // cell))
    note = _wrap([_cutout_note(counts[Color.WHITE], counts[Color.BLACK], unit)], inner_w)
    parts.append(_text_block(note, left, y, "note"))
    y += (len(note) + 0.6) * _LINE_HEIGHT
    grid = _cutout_rows((counts[Color.WHITE], counts[Color.BLACK]), per_row)
    rows = len(grid)
    widths = [len(row) * cell for row in grid]
    x0 = left + (inner_w - max(widths)) / 2
    cut = []
    for i in range(rows + 1):  # each line as long as the longer of the two rows it separates
        above = widths[i - 1] if i > 0 else 0
        below = widths[i] if i < rows else 0
        cut.append(f"M{_num(x0)} {_num(y + i * cell)} h{_num(max(above, below))}")
    for i in range(rows):
        for j in range(round(widths[i] / cell) + 1):
            cut.append(f"M{_num(x0 + j * cell)} {_num(y + i * cell)} v{_num(cell)}")
    parts.append(
        _element(
            "path",
            d=" ".join(cut),
            fill="none",
            stroke="#8a8178",
            stroke_width=0.25,
            stroke_dasharray="1.5 1",
            class_="cut-lines",
        )
    )
    for i, row in enumerate(grid):
        for j, color in enumerate(row):
            parts.append(_piece(x0 + (j + 0.5) * cell, y + (i + 0.5) * cell, 0.3 * unit, color, css="cutout"))
    y += rows * cell + _GAP
    # The rules.
    parts.append(_text_block(_wrap(rules_summary(variant), inner_w), left, y, "rules"))
    parts.append("</svg>")
    return _finish(parts)


def _cutout_rows(counts: tuple[int, int], per_row: int) -> list[list[Color]]:
    """Rows of cut-out pieces: each colour on its own rows, unless sharing a row saves one.

    >>> [len(r) for r in _cutout_rows((12, 12), 13)], [len(r) for r in _cutout_rows((12, 12), 10)]
    ([12, 12], [10, 10, 4])
    """
    white, black = counts
    merged = [Color.WHITE] * white + [Color.BLACK] * black
    if math.ceil(white / per_row) + math.ceil(black / per_row) > math.ceil((white + black) / per_row):
        return [merged[i : i + per_row] for i in range(0, len(merged), per_row)]
    rows: list[list[Color]] = []
    for color, count in ((Color.WHITE, white), (Color.BLACK, black)):
        rows.extend([color] * min(per_row, count - i) for i in range(0, count, per_row))
    return rows


def _cutout_note(white: int, black: int, unit: float) -> str:
    note = _(
        "Set up on the faint pieces (dark for Black, light for White). Cut out the {white} white and "
        "{black} black pieces along the dashed lines; they are about {size} mm across."
    )
    return note.format(white=white, black=black, size=f"{0.6 * unit:.0f}")


def _text_block(lines: Sequence[str], x: float, top: float, css: str) -> str:
    """Lines of text, one ``tspan`` each, whose first line's top is at ``top``."""
    spans = "".join(
        _element("tspan", _xml(line), x=x, dy=_LINE_HEIGHT if i else None) for i, line in enumerate(lines)
    )
    return _element(
        "text",
        spans,
        x=x,
        y=top + _TEXT_SIZE,
        font_family=_FONT,
        font_size=_TEXT_SIZE,
        fill=BOARD["label"],
        class_=css,
    )


def _xml(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


# --- the command line -----------------------------------------------------------


def cli_draw(args: argparse.Namespace) -> int:
    """Run ``python -m awithlaknannai draw`` with already parsed arguments.

    Writes an SVG or PNG of the variant's start, of ``--position``, or (with
    ``--printable``) a printable sheet; prints the path written. The words on
    the picture (the sheet's rules and notes, the titles a screen reader reads)
    are in ``--lang`` if given, else in the session's language.

    Raises
    ------
    ValueError
        For an unknown output type, a bad variant, rules or position, or
        options that do not go together.
    OSError
        If the output cannot be written.
    """
    output = Path(args.output)
    kind = output.suffix.lower()
    if kind not in (".svg", ".png"):
        found = f"unknown output type {kind!r}" if kind else "no file extension"
        raise ValueError(f"{found} in {str(output)!r}: name a .svg or .png file")
    language = getattr(args, "lang", None)
    if language is None:
        return _draw_to(args, output, kind)
    if language not in LANGUAGES:
        raise ValueError(f"--lang must be one of {', '.join(LANGUAGES)}, got {str(language)[:40]!r}")
    with use_language(language):
        return _draw_to(args, output, kind)


def _draw_to(args: argparse.Namespace, output: Path, kind: str) -> int:
    """The picture ``draw`` asked for, in the language in force, written to ``output``."""
    if args.printable:
        if args.position:
            raise ValueError(
                "--printable draws the start of a variant; it cannot be combined with --position"
            )
        if args.flip:
            raise ValueError("--printable cannot be combined with --flip")
        svg = printable_sheet(get_variant(args.variant, args.rules), paper=args.paper, labels=args.labels)
    else:
        if args.position:
            from ..notation import parse_position

            position = parse_position(args.position)
        else:
            position = Position.start(args.variant, args.rules)
        svg = position_svg(position, labels=args.labels, flipped=args.flip)
    path = save_png(svg, output) if kind == ".png" else save_svg(svg, output)
    print(f"wrote {path}")
    return 0
