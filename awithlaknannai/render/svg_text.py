"""SVG as text: numbers, attributes, elements, the accessible opening tag and content-derived ids.

The writing every picture of :mod:`awithlaknannai.render` shares; what a
picture shows is decided elsewhere (:mod:`.board_drawing` for boards and
pieces, :mod:`.svg` and its siblings for whole pictures). An element id is
written as a placeholder and replaced by a hash of the finished picture
(:func:`_finish`), so the output is deterministic and two pictures on one
page never share an id.

Examples
--------
>>> _element("circle", cx=1.5, cy=2.0, r=0.25, class_="point")
'<circle cx="1.5" cy="2" r="0.25" class="point"/>'
>>> _num(-0.001), _num(3.14159)
('0', '3.14')
"""

from __future__ import annotations

import hashlib
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..i18n import get_language

XY = tuple[float, float]


# Placeholder replaced by a content hash once the picture is complete.
_ID = "\x00id\x00"


def _num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _xy(point: XY) -> str:
    return f"{_num(point[0])} {_num(point[1])}"


_SPECIAL = frozenset('&<>"\n\r\t')


_NAMES: dict[str, str] = {}


def _attrs(**attributes: object) -> str:
    """``key="value"`` pairs, escaped; ``None`` values are left out; ``_`` becomes ``-``."""
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            text = _num(value)
        else:
            text = str(value)
        # Most values are numbers and names: quote them directly, escape only when needed.
        quoted = quoteattr(text) if _SPECIAL.intersection(text) else f'"{text}"'
        parts.append(f"{name}={quoted}")
    return " ".join(parts)


def _element(tag: str, content: str | None = None, **attributes: object) -> str:
    attrs = _attrs(**attributes)
    head = f"<{tag} {attrs}" if attrs else f"<{tag}"
    if content is None:
        return head + "/>"
    return f"{head}>{content}</{tag}>"


def _circle(x: float, y: float, r: float, **attributes: Any) -> str:
    """A ``<circle>`` centred on ``x``, ``y``; the ``attributes`` paint it.

    >>> _circle(1, 2, 0.5, fill="none")
    '<circle cx="1" cy="2" r="0.5" fill="none"/>'
    """
    return _element("circle", cx=x, cy=y, r=r, **attributes)


def _rect(x: float, y: float, width: float, height: float, **attributes: Any) -> str:
    """A ``<rect>`` with its top left corner at ``x``, ``y``; the ``attributes`` round and paint it.

    >>> _rect(0, 0, 4, 2, rx=1)
    '<rect x="0" y="0" width="4" height="2" rx="1"/>'
    """
    return _element("rect", x=x, y=y, width=width, height=height, **attributes)


def _text(
    content: str, x: float, y: float, size: float, *, font_family: str, bold: bool = False, **attributes: Any
) -> str:
    """A ``<text>`` of ``content`` (already escaped) at ``x``, ``y``, in ``font_family`` at ``size``.

    >>> _text("Mosona", 1, 2, 7, font_family="serif", bold=True, fill="#000")
    '<text x="1" y="2" font-family="serif" font-size="7" font-weight="bold" fill="#000">Mosona</text>'
    """
    weight = "bold" if bold else None
    return _element(
        "text", content, x=x, y=y, font_family=font_family, font_size=size, font_weight=weight, **attributes
    )


def _finish(parts: list[str]) -> str:
    """Join the parts and replace the id placeholder by a hash of the content."""
    text = "".join(parts)
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
    return text.replace(_ID, f"awk-{digest}")


def _open_svg(
    width: float, height: float, title: str, desc: str, placement: tuple[float, float, float] | None = None
) -> list[str]:
    """The opening tag, title and description.

    ``placement`` ``(x, y, scale)`` nests the picture inside a larger one
    (a comparison figure, a printable sheet) at that place and scale. The tag
    names the session's language (``lang``, and ``xml:lang`` for SVG 1.1
    readers), the language of the title, description and labels made with it,
    so that a screen reader reads a Spanish picture with Spanish sounds on an
    English page.

    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     _open_svg(10, 10, "Tablero", "")[0]  # doctest: +ELLIPSIS
    '<svg xmlns="http://www.w3.org/2000/svg" lang="es" xml:lang="es" role="img" ...>'
    """
    box = f'viewBox="0 0 {_num(width)} {_num(height)}"'
    if placement is None:
        where = f'width="{_num(width)}" height="{_num(height)}"'
    else:
        x, y, scale = placement
        where = f'x="{_num(x)}" y="{_num(y)}" width="{_num(width * scale)}" height="{_num(height * scale)}"'
    language = get_language()
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" lang="{language}" xml:lang="{language}" role="img" {where} {box} '
        f'aria-labelledby="{_ID}-title {_ID}-desc" class="awithlaknannai">'
    )
    return [
        head,
        f'<title id="{_ID}-title">{escape(title)}</title>',
        f'<desc id="{_ID}-desc">{escape(desc)}</desc>',
    ]


def _fitting_size(text: str, size: float, room: float, glyph: float = 0.6) -> float:
    """A font size no larger than ``size`` at which ``text`` fits in ``room`` pixels.

    ``glyph`` is a generous average glyph width as a fraction of the size
    (the exact width depends on the viewer's fonts).
    """
    return min(size, room / (glyph * max(1, len(text))))
