"""Colours and sizes shared by the SVG pictures and the canvas widgets.

The two piece colours are told apart by lightness as well as hue, so they
stay distinct in greyscale and for every common kind of colour blindness
(the light piece is near-white with a dark rim, the dark one near-black with
a light rim). Highlights use the Okabe-Ito palette, which was designed to be
colour-blind safe.
"""

from __future__ import annotations

from ..variants import Color

__all__ = ["PIECE_FILL", "PIECE_RIM", "BOARD", "HIGHLIGHT"]

PIECE_FILL: dict[Color, str] = {Color.WHITE: "#f7f3ea", Color.BLACK: "#1f1f24"}
PIECE_RIM: dict[Color, str] = {Color.WHITE: "#3a3226", Color.BLACK: "#b9b2a6"}

BOARD: dict[str, str] = {
    "background": "#e9dcc0",  # sandstone, like the slab Culin describes
    "line": "#5b4a36",
    "point": "#5b4a36",
    "label": "#5b4a36",
}

# Okabe-Ito colours: orange, sky blue, bluish green, vermillion, blue.
HIGHLIGHT: dict[str, str] = {
    "selected": "#E69F00",
    "target": "#56B4E9",
    "last_move": "#009E73",
    "captured": "#D55E00",
    "path": "#0072B2",
}
