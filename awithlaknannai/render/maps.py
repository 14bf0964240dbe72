"""A locator map of the Four Corners states, drawn from coordinates: no map tiles, no network.

The history notebook asks a student to find Zuni Pueblo and the Hopi mesas
among a few lettered spots. The map is a pure function of what to mark on
it, like every other picture of the project: :func:`locator_map_svg`
returns SVG text (show it with :class:`~awithlaknannai.render.Picture`).

Every coordinate here is approximate and written down in this module, with
what it means:

- the four states are **simplified outlines**: a few vertices each, close
  to the real borders (straight where the border is a line of latitude or
  longitude, a handful of points along the Colorado River and the border
  with Mexico); good for a locator map, not for measuring areas;
- :data:`ZUNI_PUEBLO` and :data:`HOPI_MESAS` are approximate points for
  the two places (see their comments).

Distances are great-circle distances on a sphere of radius 6371 km.

Examples
--------
>>> round(distance_km(ZUNI_PUEBLO, HOPI_MESAS), -1)
170.0
>>> svg = locator_map_svg()
>>> svg.startswith("<svg") and svg.count('class="spot"')
6
>>> print(state_of(ZUNI_PUEBLO), state_of(HOPI_MESAS))
New Mexico Arizona
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from .style import HIGHLIGHT
from .board_drawing import _answer_ring
from .svg_text import _element, _finish, _num, _open_svg

__all__ = [
    "HOPI_MESAS",
    "SPOTS",
    "STATES",
    "ZUNI_PUEBLO",
    "LatLon",
    "Spot",
    "distance_km",
    "locator_map_svg",
    "spot_description",
    "state_of",
]

LatLon = tuple[float, float]
"""(latitude, longitude) in degrees; west longitudes are negative."""

ZUNI_PUEBLO: LatLon = (35.07, -108.85)
"""Zuni Pueblo, New Mexico: the town at the heart of the Zuni Reservation, about 18 km east of the
Arizona border (approximate: the town spreads over a few kilometres)."""

HOPI_MESAS: LatLon = (35.82, -110.50)
"""The Hopi mesas, north-eastern Arizona: Second Mesa, the middle one of the three mesas on which
Hopi villages stand (approximate: First and Third Mesa lie about 10 to 15 km to either side)."""

# Simplified outlines of the four states, (latitude, longitude) going round each border.
# The straight borders are lines of latitude or longitude; the Colorado River (Arizona's
# west) and the border with Mexico are cut down to a few points.
STATES: dict[str, tuple[LatLon, ...]] = {
    "Utah": (
        (42.0, -114.05),
        (42.0, -111.05),
        (41.0, -111.05),
        (41.0, -109.05),
        (37.0, -109.05),
        (37.0, -114.05),
    ),
    "Colorado": ((41.0, -109.05), (41.0, -102.05), (37.0, -102.05), (37.0, -109.05)),
    "Arizona": (
        (37.0, -114.05),
        (37.0, -109.05),
        (31.33, -109.05),
        (31.33, -111.07),
        (32.49, -114.81),
        (32.72, -114.72),
        (33.4, -114.7),
        (34.3, -114.14),
        (35.1, -114.63),
        (36.1, -114.74),
        (36.2, -114.05),
    ),
    "New Mexico": (
        (37.0, -109.05),
        (37.0, -103.0),
        (36.5, -103.0),
        (32.0, -103.06),
        (32.0, -106.62),
        (31.78, -106.53),
        (31.78, -108.21),
        (31.33, -108.21),
        (31.33, -109.05),
    ),
}


@dataclass(frozen=True)
class Spot:
    """A lettered spot on the map: where it is, and where that is in words (for the picture's text)."""

    where: LatLon
    words: str
    name_above: bool = False  # where a name goes after a right answer: above the spot, else below


# The candidate spots a student chooses from: two are the places, the others lie far from both.
SPOTS: dict[str, Spot] = {
    "A": Spot((39.2, -111.6), "in the middle of Utah"),
    "B": Spot(HOPI_MESAS, "in the north-east of Arizona", name_above=True),
    "C": Spot((34.6, -104.2), "in the east of New Mexico"),
    "D": Spot((32.3, -111.0), "in the south of Arizona"),
    "E": Spot(ZUNI_PUEBLO, "in the west of New Mexico, close to Arizona"),
    "F": Spot((32.6, -106.8), "in the south of New Mexico"),
}

EARTH_RADIUS_KM = 6371.0
KM_PER_MILE = 1.609344

# The part of the Earth the map shows, and its size in pixels.
_NORTH, _SOUTH, _WEST, _EAST = 42.6, 30.6, -115.4, -101.4
_WIDTH = 520.0
_MARGIN = 10.0
_SCALE = (_WIDTH - 2 * _MARGIN) / ((_EAST - _WEST) * math.cos(math.radians((_NORTH + _SOUTH) / 2)))
_HEIGHT = round((_NORTH - _SOUTH) * _SCALE + 2 * _MARGIN)

_FONT = "DejaVu Sans, Verdana, sans-serif"
_INK = "#3b3126"  # text and borders: 11:1 on the land colour
_LAND = "#f4ecda"  # the four states
_AROUND = "#dfe6ea"  # everything else (other states, Mexico)
_RIGHT = HIGHLIGHT["last_move"]
_WRONG = HIGHLIGHT["captured"]


def distance_km(a: LatLon, b: LatLon) -> float:
    """The great-circle distance between two (latitude, longitude) points, in kilometres.

    >>> round(distance_km((0.0, 0.0), (0.0, 1.0)), 1)
    111.2
    """
    (lat1, lon1), (lat2, lon2) = (tuple(map(math.radians, p)) for p in (a, b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def _inside(point: LatLon, polygon: tuple[LatLon, ...]) -> bool:
    """Ray casting (even-odd rule) on the map's plane."""
    lat, lon = point
    inside = False
    for (lat1, lon1), (lat2, lon2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (lat1 > lat) != (lat2 > lat):
            crossing = lon1 + (lat - lat1) * (lon2 - lon1) / (lat2 - lat1)
            if lon < crossing:
                inside = not inside
    return inside


def state_of(point: LatLon) -> str | None:
    """Which of the four states (simplified outlines) a point lies in; None outside them all.

    >>> state_of((39.0, -105.0)), state_of((45.0, -100.0))
    ('Colorado', None)
    """
    return next((name for name, outline in STATES.items() if _inside(point, outline)), None)


def _xy(point: LatLon) -> tuple[float, float]:
    lat, lon = point
    x = _MARGIN + (lon - _WEST) * _SCALE * math.cos(math.radians((_NORTH + _SOUTH) / 2))
    y = _MARGIN + (_NORTH - lat) * _SCALE
    return x, y


def spot_description(letter: str) -> str:
    """Where a spot is, in words: what the picture's text alternative says of it.

    >>> spot_description("C")
    'C is in the east of New Mexico'
    """
    return f"{letter} is {SPOTS[letter].words}"


def _path(outline: tuple[LatLon, ...]) -> str:
    points = [_xy(p) for p in outline]
    return "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in points) + " Z"


def _text(content: str, x: float, y: float, size: float, **attributes: object) -> str:
    return _element("text", escape(content), x=x, y=y, font_size=size, **attributes)


def locator_map_svg(
    marks: Mapping[str, bool] | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """Draw the Four Corners states with the lettered spots of :data:`SPOTS`.

    Parameters
    ----------
    marks : mapping of str to bool, optional
        Spots to mark after a check: ``True`` draws a tick (a right pick),
        ``False`` a cross (a wrong one). The mark is a symbol and a ring,
        never a colour alone.
    names : mapping of str to str, optional
        A name to write beside a spot (after a right answer: the place it is).

    Returns
    -------
    str
        A complete ``<svg>`` element with a title and a description that
        says where each spot is in words.

    Raises
    ------
    ValueError
        If ``marks`` or ``names`` names a spot that is not on the map.

    Examples
    --------
    >>> svg = locator_map_svg(marks={"A": False}, names={"E": "Zuni Pueblo"})
    >>> svg.count('class="mark wrong"'), "Zuni Pueblo" in svg
    (1, True)
    >>> locator_map_svg(marks={"Z": True})
    Traceback (most recent call last):
    ...
    ValueError: there is no spot 'Z' on the map; the spots are A, B, C, D, E, F
    """
    marks, names = dict(marks or {}), dict(names or {})
    for letter in [*marks, *names]:
        if letter not in SPOTS:
            raise ValueError(f"there is no spot {letter!r} on the map; the spots are {', '.join(SPOTS)}")
    desc = (
        "Utah, Colorado, Arizona and New Mexico, drawn as simplified outlines; the four meet at the "
        "Four Corners. Lettered spots: " + "; ".join(spot_description(letter) for letter in SPOTS) + "."
    )
    for letter in SPOTS:
        if letter in names:
            desc += f" {letter} is {names[letter]}."
        elif letter in marks:
            desc += f" {letter} is marked {'right' if marks[letter] else 'not right'}."
    parts = _open_svg(_WIDTH, _HEIGHT, "A map of the Four Corners states", desc)
    parts.append(_element("rect", x=0, y=0, width=_WIDTH, height=_HEIGHT, fill=_AROUND, class_="background"))
    parts.append(
        f'<g fill="{_LAND}" stroke="{_INK}" stroke-width="1.5" stroke-linejoin="round">'
        + "".join(
            _element("path", d=_path(outline), class_="state", data_state=name)
            for name, outline in STATES.items()
        )
        + "</g>"
    )
    # State names, in the middle of each state's box; Mexico below the border.
    labels = {
        "Utah": (40.6, -112.3),
        "Colorado": (39.2, -105.55),
        "Arizona": (34.2, -112.4),
        "New Mexico": (33.6, -105.9),
        "Mexico": (31.0, -107.2),
    }
    parts.append(
        f'<g font-family="{_FONT}" font-weight="bold" fill="{_INK}" text-anchor="middle" '
        f'letter-spacing="1.5" aria-hidden="true">'
        + "".join(_text(name.upper(), *_xy(where), 15, class_="state-name") for name, where in labels.items())
        + "</g>"
    )
    # The Four Corners, where the states meet: a landmark to read the map by.
    cx, cy = _xy((37.0, -109.05))
    parts.append(
        _element("circle", cx=cx, cy=cy, r=4, fill=_INK, class_="four-corners")
        + _text("Four Corners", cx + 7, cy - 7, 12, font_family=_FONT, fill=_INK)
    )
    parts.append(_north_and_scale())
    for letter, spot in SPOTS.items():
        parts.append(_spot(letter, spot, marks.get(letter), names.get(letter)))
    parts.append("</svg>")
    return _finish(parts)


def _north_and_scale() -> str:
    """A north arrow and a scale bar of 100 km and of 100 miles."""
    x, y = _WIDTH - 34, 34.0
    arrow = _element(
        "path",
        d=f"M{_num(x)} {_num(y - 20)} L{_num(x - 8)} {_num(y + 6)} L{_num(x)} {_num(y)} "
        f"L{_num(x + 8)} {_num(y + 6)} Z",
        fill=_INK,
    ) + _text("N", x, y + 22, 14, font_family=_FONT, font_weight="bold", fill=_INK, text_anchor="middle")
    km = 100 * _SCALE / 111.195  # pixels per 100 km along a meridian
    miles = km * KM_PER_MILE
    left, bottom = 20.0, _HEIGHT - 22.0
    bars = ""
    for length, label, row in ((km, "100 km", 0), (miles, "100 miles", 1)):
        yb = bottom - row * 26
        bars += _element(
            "path",
            d=f"M{_num(left)} {_num(yb - 5)} V{_num(yb)} H{_num(left + length)} V{_num(yb - 5)}",
            fill="none",
            stroke=_INK,
            stroke_width=2,
        ) + _text(label, left + length + 6, yb, 12, font_family=_FONT, fill=_INK)
    return f'<g class="scale" aria-hidden="true">{arrow}{bars}</g>'


def _spot(letter: str, spot: Spot, mark: bool | None, name: str | None) -> str:
    x, y = _xy(spot.where)
    parts = []
    if mark is not None:
        colour = _RIGHT if mark else _WRONG
        symbol = "\u2714" if mark else "\u2718"
        parts.append(_answer_ring(x, y, 17, 4, mark, colour))
        parts.append(_text(symbol, x + 20, y - 10, 16, font_family=_FONT, font_weight="bold", fill=colour))
    parts.append(
        _element(
            "circle",
            cx=x,
            cy=y,
            r=12,
            fill="#ffffff",
            stroke=_INK,
            stroke_width=2,
            class_="spot",
            data_spot=letter,
        )
    )
    parts.append(
        _text(letter, x, y + 5, 14, font_family=_FONT, font_weight="bold", fill=_INK, text_anchor="middle")
    )
    if name:  # beside the spot, with a white halo drawn first so the name reads over the borders
        for halo in (True, False):
            parts.append(
                _text(
                    name,
                    x,
                    y - 20 if spot.name_above else y + 31,
                    14,
                    font_family=_FONT,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#ffffff" if halo else _INK,
                    class_="place-name-halo" if halo else "place-name",
                    **(
                        {
                            "stroke": "#ffffff",
                            "stroke_width": 5,
                            "stroke_linejoin": "round",
                            "aria_hidden": "true",
                        }
                        if halo
                        else {}
                    ),
                )
            )
    return f'<g class="spot-group" data-spot="{letter}">{"".join(parts)}</g>'
