"""Colours and sizes shared by the SVG pictures and the canvas widgets.

The two piece colours are told apart by lightness as well as hue, so they
stay distinct in greyscale and for every common kind of colour blindness
(the light piece is near-white with a dark rim, the dark one near-black with
a light rim). Highlights use the Okabe-Ito palette, which was designed to be
colour-blind safe.
"""

from __future__ import annotations

from ..variants import Color

__all__ = ["PIECE_FILL", "PIECE_RIM", "PIECE_SHINE", "BOARD", "SLAB_EDGE", "SLAB_LIGHT", "HIGHLIGHT"]

PIECE_FILL: dict[Color, str] = {Color.WHITE: "#f7f3ea", Color.BLACK: "#1f1f24"}
PIECE_RIM: dict[Color, str] = {Color.WHITE: "#3a3226", Color.BLACK: "#b9b2a6"}
# The highlight at the top of a piece's radial gradient, so pieces look round.
PIECE_SHINE: dict[Color, str] = {Color.WHITE: "#ffffff", Color.BLACK: "#5a5a66"}

BOARD: dict[str, str] = {
    "background": "#e9dcc0",  # a warm stone colour (the sources say only "stone slab")
    "line": "#5b4a36",
    "point": "#5b4a36",
    "label": "#5b4a36",
}

# The slab's rim and the light end of its gradient (the other end is BOARD["background"]).
SLAB_EDGE = "#c9b48e"
SLAB_LIGHT = "#f1e7d0"

# Okabe-Ito colours: orange, sky blue, bluish green, vermillion, blue.
HIGHLIGHT: dict[str, str] = {
    "selected": "#E69F00",
    "target": "#56B4E9",
    "last_move": "#009E73",
    "captured": "#D55E00",
    "path": "#0072B2",
}
