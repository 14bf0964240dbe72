"""Boards of the Zuni leaping games and their relatives, as networkx graphs.

A board is a set of *drawn lines*. Each line is an ordered tuple of points;
consecutive points of a line are joined by an edge, and every edge belongs to
exactly one line. Leaps (captures) are derived from the lines: a piece on ``A``
may jump over ``B`` to ``C`` when ``A, B, C`` are three consecutive points of
one line. Nothing about leaps is listed by hand.

Labelling scheme (readable aloud in a classroom)
------------------------------------------------
Zuni boards have three rows: ``T`` (top), ``M`` (middle) and ``B`` (bottom).
Points are numbered from the left, starting at 0: ``T0 ... T7``, ``M0 ... M8``
and ``B0 ... B7`` on Mosona, so "M4" ("middle four") is the centre point.
Square-grid boards (Alquerque, Tukvnanawopi) use chess-like names: a column
letter from the left and a row number from the bottom, ``a1`` ... ``e5``; the
centres of the squares of Tukvnanawopi are named after the square's lower-left
corner with a ``+`` (``a1+`` is the centre of the square a1-b1-b2-a2). The
triangle boards of the Indian war games use the same grid names on a 7 x 7
grid (``d4`` is the centre); the circle boards name a point by its radius
(``a`` up, then clockwise) and its circle from the centre (``a1``, ``f3``),
and the centre ``o0``.

A board's ``name`` (``G.graph["name"]``) is English and stays so (a name of a
game or people is never translated); :func:`translated_name` is the name as a
student reads it, in the session's language (``"Tablero zuni n=3, con líneas en
las filas exteriores"``): pictures, menus and tables show that one.

Every node carries ``pos`` (x, y with y up), ``label`` and ``row`` (a row name
used for text diagrams, listed top to bottom in ``G.graph["rows"]``); every
edge carries ``line`` (the index of its line in ``G.graph["lines"]``); lines
drawn as curves are listed in ``G.graph["curved_lines"]``. A circle is a
closed line, written with its first point again at the end; its edges are
arcs about the centre given in ``G.graph["arc_centres"]`` (line index ->
centre), and leaps run all the way round it.

Examples
--------
>>> G = mosona()
>>> G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))
(25, 54, 35)
>>> G.nodes["M4"]["pos"]
(3.5, 0.0)
"""

from __future__ import annotations

from .grid_boards import alquerque, tukvnanawopi
from .lines import BoardGraph, leap_lines, leaps, rows, translated_name
from .war_game_boards import MAX_RINGS, concentric, dash_guti, egara_guti, gol_skuish, lau_kata_kati, pretwa
from .zuni_boards import MAX_ZUNI_N, kolowis, mosona, zuni

__all__ = [
    "MAX_ZUNI_N",
    "MAX_RINGS",
    "BoardGraph",
    "zuni",
    "mosona",
    "kolowis",
    "alquerque",
    "tukvnanawopi",
    "lau_kata_kati",
    "dash_guti",
    "egara_guti",
    "pretwa",
    "gol_skuish",
    "concentric",
    "leap_lines",
    "leaps",
    "rows",
    "translated_name",
]
