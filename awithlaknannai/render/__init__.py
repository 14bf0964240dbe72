"""Pictures of boards and positions: pure functions from state to SVG text.

- :mod:`.svg`: ``board_svg``, ``position_svg``, ``game_svg``;
- :mod:`.export`: SVG and PNG files, the printable sheet, ``draw`` on the command line;
- :mod:`.picture`: ``Picture``, an SVG picture that shows in any notebook, trusted or not,
  with a text alternative;
- :mod:`.compare`: board statistics and side-by-side comparison figures;
- :mod:`.league`: ``league_sheet`` and ``league_sheet_svg``, the printable results sheet of a class league;
- :mod:`.geometry` and :mod:`.style`: layout and colours, shared with the widgets.
"""

from .compare import BoardComparison, board_statistics, compare_boards, compare_boards_svg
from .drawings import compare_drawings_svg, drawing_differences
from .export import printable_sheet, save_png, save_svg
from .geometry import Layout, board_layout
from .known import known_about_mosona
from .league import league_sheet, league_sheet_svg
from .picture import Picture
from .svg import board_svg, game_svg, position_svg

__all__ = [
    "BoardComparison",
    "Layout",
    "Picture",
    "board_layout",
    "board_statistics",
    "board_svg",
    "compare_boards",
    "compare_boards_svg",
    "compare_drawings_svg",
    "drawing_differences",
    "game_svg",
    "known_about_mosona",
    "league_sheet",
    "league_sheet_svg",
    "position_svg",
    "printable_sheet",
    "save_png",
    "save_svg",
]
