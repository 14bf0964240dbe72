"""Colours and sizes shared by the SVG pictures and the canvas widgets.

The two piece colours are told apart by lightness as well as hue, so they
stay distinct in greyscale and for every common kind of colour blindness
(the light piece is near-white with a dark rim, the dark one near-black with
a light rim). Highlights take their hues from the Okabe-Ito palette, which was
designed to be colour-blind safe, darkened where needed so that every mark
reaches WCAG 2.1's 3:1 non-text contrast against the slab (and the warning
colour 4.5:1 as text on white); ``tests/test_widgets.py`` computes the ratios.
"""

from __future__ import annotations

from ..variants import Color

__all__ = [
    "BOARD",
    "HIGHLIGHT",
    "LAST_MOVE_OPACITY",
    "PIECE_FILL",
    "PIECE_RIM",
    "PIECE_SHINE",
    "SLAB_EDGE",
    "SLAB_LIGHT",
    "FOCUS",
    "TEXT",
    "TEXT_DARK",
]

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

# Okabe-Ito hues: orange, blue, bluish green, vermillion, darkened for contrast
# (the originals #E69F00, #56B4E9, #009E73, #D55E00 reach only 1.7:1 to 2.9:1 on the slab).
HIGHLIGHT: dict[str, str] = {
    "selected": "#9C5700",  # dark orange: 4.1:1 on the slab
    "target": "#0072B2",  # blue: 3.8:1
    "last_move": "#006B4E",  # dark bluish green: 4.8:1 opaque, 3.4:1 as the trail (below)
    "captured": "#A94000",  # dark vermillion: 4.5:1 on the slab, 6.1:1 as text on white
    "path": "#003F66",  # navy: the route clicked so far and the keyboard cursor, 8:1
}

# The last move's trail is drawn see-through, so the lines under it still show.
LAST_MOVE_OPACITY = 0.8

# Text colours of the widgets around the board, on JupyterLab's light theme (white) ...
TEXT: dict[str, str] = {
    "muted": "#595959",  # moves taken back, "No moves yet": 7:1 on white
    "current_move": "#fde9c4",  # the background behind the last move in the move list
    "current_move_text": "#1a1a1a",  # its text, set with it (the theme's own text may be white)
    "warning": HIGHLIGHT["captured"],
}
# ... and on its dark theme (#111111 behind the notebook).
TEXT_DARK: dict[str, str] = {
    "muted": "#ababab",  # 8.4:1 on #111
    "current_move": "#6b5200",  # a dark amber chip behind the last move
    "current_move_text": "#ffffff",  # 7.3:1 on that chip
    "warning": "#ff9f6b",  # 8.6:1 on #111
}
# The keyboard focus ring of every button, menu and text box (3:1 or more against the page).
FOCUS: dict[str, str] = {"light": HIGHLIGHT["path"], "dark": "#8ecbff"}
