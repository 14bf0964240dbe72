"""A picture of what is known about who wins Awithlaknannai Mosona (:mod:`awithlaknannai.analysis.frontier`).

Three panels on the stone page the other figures use: the solved endgames, as
bars of won / drawn / lost for the side to move with as many pieces on each
side; the size of the whole game beside other solved games, on a
logarithmic scale (each step is ten times more positions); and how far the
search forward from the start has got. The text alternative gives every
number.

Examples
--------
>>> svg = known_about_mosona_svg()
>>> svg.startswith("<svg") and "57.0 %" in svg and "Checkers" in svg
True
>>> "nobody knows yet" in known_about_mosona_text()
True
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from ..analysis.frontier import (
    EVEN_ENDGAMES,
    MOSONA_POSITIONS,
    SEARCH_FROM_START,
    SOLVED_GAMES,
    SOLVED_POSITIONS,
    SOLVED_UP_TO,
)
from ..i18n import _
from .drawings import FIGURE_BACKGROUND
from .picture import Picture
from .svg_text import _element, _fitting_size

__all__ = ["known_about_mosona", "known_about_mosona_svg", "known_about_mosona_text"]

# Colours on the stone page (FIGURE_BACKGROUND, #ede1c8): every bar 3:1 or more (WCAG 2.1's non-text
# contrast), every text 4.5:1 or more; tests/test_known.py computes the ratios.
INK = "#2b2218"
WON = "#006B4E"  # dark bluish green (Okabe-Ito, darkened)
DRAWN = "#6a6457"  # warm grey
LOST = "#A94000"  # dark vermillion
UNKNOWN = "#0072B2"  # blue: the open question
WIDTH, LEFT, BAR = 780, 250, 300
ROW = 30


def _percent(value: float) -> str:
    return f"{100 * value:.1f} %"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _size(positions: float) -> str:
    """``7.8 × 10¹¹``: a number of positions in powers of ten."""
    exponent = math.floor(math.log10(positions))
    mantissa = positions / 10**exponent
    return f"{mantissa:.1f} × 10{str(exponent).translate(_SUPERSCRIPT)}"


def known_about_mosona_text() -> str:
    """The picture's text alternative: every number it shows, in sentences."""
    row = _("{count} against {count}: wins {won}, draws {drawn}, loses {lost}")
    rows = "; ".join(
        row.format(
            count=k,
            won=_percent(s.shares()[0]),
            drawn=_percent(s.shares()[1]),
            lost=_percent(s.shares()[2]),
        )
        for k, s in sorted(EVEN_ENDGAMES.items())
    )
    game = _("{name}: {size} positions, solved in {year}, {result}")
    games = "; ".join(
        game.format(name=_(g.name), size=_size(g.positions), year=g.year, result=_(g.result))
        for g in SOLVED_GAMES
    )
    return _(
        "What is known about who wins Awithlaknannai Mosona. Solved here: every position with at "
        "most {pieces} pieces a side ({positions} positions, standard rules). "
        "With as many pieces on each side, the side to move {rows}. The whole game has "
        "{size} positions, and nobody knows yet who wins it. Other games for "
        "comparison: {games}. {search}"
    ).format(
        pieces=SOLVED_UP_TO,
        positions=f"{SOLVED_POSITIONS:,}",
        rows=rows,
        size=_size(MOSONA_POSITIONS),
        games=games,
        search=" ".join(_search_lines()),
    )


def _search_lines() -> tuple[str, str]:
    """How far the search from the start got, in two sentences (the picture's third panel)."""
    search = SEARCH_FROM_START
    return (
        _(
            "A search forward from the start looked at {millions} million positions in {minutes} minutes: "
            "no answer yet."
        ).format(millions=f"{search.positions / 1e6:.1f}", minutes=search.minutes),
        _(
            "The unsolved positions it reached with the fewest pieces still have {pieces} pieces on the board."
        ).format(pieces=search.fewest_open_pieces),
    )


def _heading(text: str, top: float) -> str:
    """The bold heading of one part of the picture, at the left, its baseline at ``top``."""
    # A translation may be longer than the English: a smaller size then keeps it inside the page.
    size = round(_fitting_size(text, 15, WIDTH - 40, glyph=0.65), 1)
    return _element("text", escape(text), x=20, y=top, fill=INK, font_size=size, font_weight="bold")


def _endgame_rows(top: float) -> list[str]:
    parts = [_heading(_("Solved endgames: who wins with perfect play (side to move, standard rules)"), top)]
    against = _("{count} against {count}")
    for row, (k, shares) in enumerate(sorted(EVEN_ENDGAMES.items())):
        y = top + 16 + row * ROW
        parts.append(
            _element(
                "text",
                escape(against.format(count=k)),
                x=LEFT - 12,
                y=y + 15,
                fill=INK,
                font_size=13,
                text_anchor="end",
            )
        )
        x = float(LEFT)
        for share, colour in zip(shares.shares(), (WON, DRAWN, LOST)):
            width = BAR * share
            parts.append(
                _element("rect", x=round(x, 1), y=y, width=round(width, 1), height=ROW - 8, fill=colour)
            )
            x += width
        won, drawn, lost = shares.shares()
        parts.append(
            _element(
                "text",
                f"{100 * won:.1f} / {100 * drawn:.1f} / {100 * lost:.1f} %",
                x=LEFT + BAR + 8,
                y=y + 15,
                fill=INK,
                font_size=12,
            )
        )
    y = top + 16 + len(EVEN_ENDGAMES) * ROW + 4
    x = float(LEFT)
    for label, colour in ((_("wins"), WON), (_("draws"), DRAWN), (_("loses"), LOST)):
        parts.append(_element("rect", x=x, y=y, width=14, height=14, fill=colour))
        parts.append(_element("text", escape(label), x=x + 20, y=y + 12, fill=INK, font_size=13))
        x += 90
    return parts


def _size_rows(top: float) -> list[str]:
    solved = _("{year}: {result}")
    rows: list[tuple[str, float, str, str]] = [
        (
            _("Mosona, up to {count} a side").format(count=SOLVED_UP_TO),
            float(SOLVED_POSITIONS),
            WON,
            _("solved here"),
        ),
        *[
            (_(g.name), g.positions, DRAWN, solved.format(year=g.year, result=_(g.result)))
            for g in SOLVED_GAMES[:2]
        ],
        (_("Mosona, the whole game"), MOSONA_POSITIONS, UNKNOWN, _("nobody knows yet")),
        *[
            (_(g.name), g.positions, DRAWN, solved.format(year=g.year, result=_(g.result)))
            for g in SOLVED_GAMES[2:]
        ],
    ]
    low, high = 8, 21  # log10 of the scale's ends: 10⁸ to 10²¹
    parts = [_heading(_("How big is each game? Positions (each step to the right: ten times more)"), top)]
    for row, (name, positions, colour, note) in enumerate(rows):
        y = top + 16 + row * ROW
        width = BAR * (math.log10(positions) - low) / (high - low)
        parts.append(
            _element("text", escape(name), x=LEFT - 12, y=y + 15, fill=INK, font_size=12, text_anchor="end")
        )
        parts.append(_element("rect", x=LEFT, y=y, width=round(width, 1), height=ROW - 8, fill=colour))
        parts.append(
            _element(
                "text",
                escape(f"{_size(positions)}: {note}"),
                x=LEFT + width + 8,
                y=y + 15,
                fill=INK,
                font_size=12,
            )
        )
    return parts


def _search_rows(top: float) -> list[str]:
    parts = [_heading(_("Searching forward from the start (standard rules)"), top)]
    lines = _search_lines()
    size = round(min(_fitting_size(line, 13, WIDTH - 40, glyph=0.55) for line in lines), 1)
    for row, line in enumerate(lines):
        parts.append(_element("text", escape(line), x=20, y=top + 26 + row * 22, fill=INK, font_size=size))
    return parts


def known_about_mosona_svg() -> str:
    """The picture as SVG text (a stone page with dark text: the same in light and dark themes)."""
    endgame_height = 16 + len(EVEN_ENDGAMES) * ROW + 30
    top2 = 40 + endgame_height + 30
    top3 = top2 + 16 + 5 * ROW + 30
    height = top3 + 2 * 22 + 20
    title = _("What is known about who wins Awithlaknannai Mosona")
    body = [
        _element("rect", x=0, y=0, width=WIDTH, height=height, fill=FIGURE_BACKGROUND, rx=8),
        *_endgame_rows(30),
        *_size_rows(top2),
        *_search_rows(top3),
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
        f"<title>{escape(title)}</title><desc>{escape(known_about_mosona_text())}</desc>"
        + "".join(body)
        + "</svg>"
    )


def known_about_mosona() -> Picture:
    """The picture, shown in a notebook with its text alternative."""
    return Picture(known_about_mosona_svg())
