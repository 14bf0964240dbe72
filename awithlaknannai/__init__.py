"""Awithlaknannai Mosona, the Zuni leaping-capture game, and its relatives.

>>> from awithlaknannai import Game
>>> game = Game("mosona")
>>> game.play("B3-M4"), game.play("T4xB3")
(Move('B3-M4'), Move('T4xB3'))
>>> game.position.count("white")
11
"""

from .boards import alquerque, kolowis, leap_lines, leaps, mosona, tukvnanawopi, zuni
from .errors import GameOverError, IllegalMoveError, InvalidMoveError, MoveTypeError, NotationError
from .game import Game, game_from_json, game_from_record
from .notation import board_diagram, parse_position, position_text
from .position import EndReason, Move, Outcome, Position, perft
from .rules import PRESET_SOURCES, PRESETS, Rules, get_rules
from .variants import VARIANT_NAMES, Color, Variant, get_variant


def _installed_version() -> str:
    """The version pip installed (pyproject.toml's, the one place it is written); "0+unknown" from a bare copy."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("awithlaknannai")
    except PackageNotFoundError:
        return "0+unknown"


__version__ = _installed_version()

__all__ = [
    "alquerque",
    "kolowis",
    "leap_lines",
    "leaps",
    "mosona",
    "tukvnanawopi",
    "zuni",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveTypeError",
    "NotationError",
    "Game",
    "board_diagram",
    "game_from_json",
    "game_from_record",
    "parse_position",
    "position_text",
    "EndReason",
    "Move",
    "Outcome",
    "Position",
    "perft",
    "PRESET_SOURCES",
    "PRESETS",
    "Rules",
    "get_rules",
    "VARIANT_NAMES",
    "Color",
    "Variant",
    "get_variant",
]
