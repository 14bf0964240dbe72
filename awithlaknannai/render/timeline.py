"""A timeline of sources: cards in a student's order, and, once the order is right, their years to scale.

:func:`timeline_svg` draws a row of cards from oldest (left) to newest
(right) with an arrow beneath. After a check each card can carry a tick or
a cross (a symbol, not a colour alone). Given the years, it also draws a
time axis under the cards, each card joined to its year, so the gaps
between the sources show at a glance.

Examples
--------
>>> svg = timeline_svg([("First", "book"), ("Second", "book")], marks=[True, False])
>>> svg.count('class="card"'), svg.count('class="mark right"'), svg.count('class="mark wrong"')
(2, 1, 1)
>>> svg = timeline_svg([("First",), ("Second",)], years=[1900, 1950])
>>> svg.count('class="year"')
2
>>> timeline_svg([("A",)], years=[1900, 1950])
Traceback (most recent call last):
...
ValueError: got 2 years for 1 cards
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from .style import BOARD, HIGHLIGHT, SLAB_EDGE, SLAB_LIGHT
from .board_drawing import _answer_ring
from .svg_text import _element, _finish, _num, _open_svg, _rect, _text

__all__ = ["timeline_svg"]

_FONT = "DejaVu Sans, Verdana, sans-serif"
_INK = BOARD["label"]
_CARD_W, _CARD_H, _GAP, _MARGIN = 124.0, 74.0, 12.0, 14.0


def timeline_svg(
    cards: Sequence[Sequence[str]],
    *,
    marks: Sequence[bool | None] | None = None,
    years: Sequence[int] | None = None,
    title: str = "Sources on a timeline",
) -> str:
    """Draw ``cards`` left to right, oldest first; optionally with marks and with their years.

    Parameters
    ----------
    cards : sequence of sequences of str
        Each card's lines of text (two short lines fit: a name and a title).
    marks : sequence of bool or None, optional
        One per card: ``True`` a tick (in the right place), ``False`` a cross, ``None`` nothing.
    years : sequence of int, optional
        One per card, in the cards' order: draws a time axis with each card joined to its year.
    title : str
        The picture's title (for a screen reader).

    Raises
    ------
    ValueError
        If ``marks`` or ``years`` does not give one value per card, or there are no cards.
    """
    if not cards:
        raise ValueError("a timeline needs at least one card")
    for name, values in (("marks", marks), ("years", years)):
        if values is not None and len(values) != len(cards):
            raise ValueError(f"got {len(values)} {name} for {len(cards)} cards")
    count = len(cards)
    width = 2 * _MARGIN + count * _CARD_W + (count - 1) * _GAP
    below = 92.0 if years is not None else 34.0  # the time axis, or the arrow of time
    height = _MARGIN + 16 + _CARD_H + below + _MARGIN
    words = [" ".join(lines) for lines in cards]
    desc = (
        "From oldest to newest: "
        + "; ".join(
            words[i]
            + (f" ({years[i]})" if years is not None else "")
            + (
                ""
                if marks is None or marks[i] is None
                else (", in the right place" if marks[i] else ", not here")
            )
            for i in range(count)
        )
        + "."
    )
    parts = _open_svg(width, height, title, desc)
    parts.append(_element("rect", x=0, y=0, width=width, height=height, fill="#ffffff", class_="figure"))
    top = _MARGIN + 16
    for index, lines in enumerate(cards):
        x = _MARGIN + index * (_CARD_W + _GAP)
        parts.append(_card(x, top, lines, None if marks is None else marks[index]))
    y = top + _CARD_H + 20
    if years is not None:
        parts.append(_axis(years, width, top + _CARD_H + 44))
    else:  # the arrow of time under the cards
        parts.append(
            _element(
                "path",
                d=f"M{_num(_MARGIN)} {_num(y)} H{_num(width - _MARGIN - 4)}",
                stroke=_INK,
                stroke_width=2,
                fill="none",
            )
            + _element("path", d=f"M{_num(width - _MARGIN)} {_num(y)} l-10 -6 v12 z", fill=_INK)
            + _element("text", "older", x=_MARGIN, y=y + 16, font_family=_FONT, font_size=12, fill=_INK)
            + _element(
                "text",
                "newer",
                x=width - _MARGIN - 14,
                y=y + 16,
                font_family=_FONT,
                font_size=12,
                fill=_INK,
                text_anchor="end",
            )
        )
    parts.append("</svg>")
    return _finish(parts)


def _card(x: float, y: float, lines: Sequence[str], mark: bool | None) -> str:
    parts = [
        _rect(x, y, _CARD_W, _CARD_H, rx=8, fill=SLAB_LIGHT, stroke=SLAB_EDGE, stroke_width=2, class_="card")
    ]
    for row, line in enumerate(lines[:3]):
        size = 13.0 if row == 0 else 11.5
        size = min(size, (_CARD_W - 12) / (0.58 * max(1, len(line))))
        parts.append(
            _text(
                escape(line),
                x + _CARD_W / 2,
                y + 23 + row * 19,
                size,
                font_family=_FONT,
                bold=row == 0,
                fill=_INK,
                text_anchor="middle",
            )
        )
    if mark is not None:
        colour = HIGHLIGHT["last_move"] if mark else HIGHLIGHT["captured"]
        parts.append(
            _answer_ring(x + _CARD_W - 4, y + 2, 11, 3, mark, colour, fill="#ffffff")
            + _text(
                "\u2714" if mark else "\u2718",
                x + _CARD_W - 4,
                y + 7,
                13,
                font_family=_FONT,
                bold=True,
                fill=colour,
                text_anchor="middle",
            )
        )
    return "".join(parts)


def _axis(years: Sequence[int], width: float, y: float) -> str:
    """A time axis from the decade before the first year to the decade after the last, each card joined to its year."""
    first, last = min(years) // 10 * 10, (max(years) // 10 + 1) * 10
    left, right = _MARGIN + 6, width - _MARGIN - 6

    def at(year: float) -> float:
        return left + (year - first) / max(1, last - first) * (right - left)

    parts = [_element("path", d=f"M{_num(left)} {_num(y)} H{_num(right)}", stroke=_INK, stroke_width=2)]
    for decade in range(first, last + 1, 10 if last - first <= 150 else 50):
        parts.append(
            _element("path", d=f"M{_num(at(decade))} {_num(y)} v5", stroke=_INK, stroke_width=1)
            + _element(
                "text",
                str(decade),
                x=at(decade),
                y=y + 17,
                font_family=_FONT,
                font_size=10,
                fill="#595959",
                text_anchor="middle",
            )
        )
    card_bottom = y - 44
    for index, year in enumerate(years):
        cx = _MARGIN + index * (_CARD_W + _GAP) + _CARD_W / 2
        parts.append(
            _element(
                "path",
                d=f"M{_num(cx)} {_num(card_bottom + 2)} L{_num(at(year))} {_num(y - 3)}",
                stroke=HIGHLIGHT["path"],
                stroke_width=1.5,
                fill="none",
            )
            + _element("circle", cx=at(year), cy=y, r=4, fill=HIGHLIGHT["path"])
            + _element(
                "text",
                str(year),
                x=at(year),
                y=y + 32 + (index % 2) * 13,
                font_family=_FONT,
                font_size=12,
                font_weight="bold",
                fill=HIGHLIGHT["path"],
                text_anchor="middle",
                class_="year",
            )
        )
    return f'<g class="axis">{"".join(parts)}</g>'
