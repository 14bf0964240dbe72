"""Players by name: classroom strength levels and short specs for the command line.

Levels, weakest first:

============  ====================  ==========================================
level         player                plays like
============  ====================  ==========================================
beginner      ``random``            someone who has just learnt the moves
casual        ``greedy``            grabs pieces, looks one turn ahead
club          ``alphabeta:2``       sees two-turn combinations
strong        ``alphabeta:6:1s``    six turns ahead, at most about a second,
                                    and perfect endgames: where endgame
                                    tables cover a position (few pieces
                                    left), it plays as the tables say
============  ====================  ==========================================

The strong level's endgame tables are those in the table cache (see
:func:`~awithlaknannai.tables.solver.default_cache_dir`) and the smallest
classes, solved on the spot once per session (Mosona: up to 2 pieces a
side, about 0.3 s); see :mod:`awithlaknannai.players.endgames`. The other
levels play their endgames as they play the rest of the game.

Measured with ``benchmarks/strength.py`` (Mosona, standard rules, 40 games a
pairing, colours alternating; a win counts 1, a draw 1/2): beginner scored
2.5% against casual, casual 15% against club and club 28.7% against
strong. Strong thought for 0.13 s a move on average (95% of moves under
0.6 s) on a 2-core machine. It is the one level whose play can depend on
the machine: on a slow computer the one-second limit may stop it before
depth 6.

Examples
--------
>>> make_player("alphabeta:3").name
'alphabeta:3'
>>> player_for_level("casual").name
'casual'
>>> make_player("mcts:0.5s", seed=1).time_limit
0.5
>>> make_player("minimax")
Traceback (most recent call last):
...
ValueError: unknown player 'minimax'; use random, greedy, alphabeta:DEPTH, alphabeta:SECONDSs, alphabeta:DEPTH:SECONDSs, mcts:PLAYOUTS, mcts:SECONDSs, mcts:PLAYOUTS:SECONDSs or a level (beginner, casual, club, strong)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..errors import shown
from ..i18n import N_
from ..i18n import gettext as _
from .alphabeta import MAX_DEPTH_WITHOUT_TIME, AlphaBetaPlayer
from .base import MAX_SECONDS, SeededPlayer
from .basic import GreedyPlayer, RandomPlayer
from .mcts import MAX_PLAYOUTS, MCTSPlayer

__all__ = ["LEVELS", "LEVEL_NAMES", "level_name", "make_player", "player_for_level"]

# One record a level, weakest first: the key code and files use, the player spec (the strong level
# also plays perfect endgames), and the name in words a student reads.
_LEVEL_RECORDS = (
    ("beginner", "random", N_("beginner")),
    ("casual", "greedy", N_("casual")),
    ("club", "alphabeta:2", N_("club")),
    ("strong", "alphabeta:6:1s", N_("strong")),
)
#: Each level's player spec, weakest first.
LEVELS: dict[str, str] = {level: spec for level, spec, _name in _LEVEL_RECORDS}
#: Each level's name in the session's language (a message, translated when read).
LEVEL_NAMES = {level: name for level, _spec, name in _LEVEL_RECORDS}


def level_name(level: str) -> str:
    """A level as a menu shows it: its name in the session's language, with the key code uses beside it.

    >>> level_name("club")
    'club'
    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     level_name("beginner")
    'principiante (beginner)'
    """
    shown = str(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level
    return shown if shown == level else f"{shown} ({level})"


#: Bounds of a player spec, so that a short text cannot ask for days of
#: thinking: at most ``MAX_PLAYOUTS`` MCTS playouts a move, ``MAX_SECONDS``
#: seconds a move, and an alpha-beta depth above ``MAX_DEPTH_WITHOUT_TIME``
#: only with a time limit (``alphabeta:20:5s``); the search itself stops at
#: depth 64. They are the players' own bounds (which the players keep
#: unless given ``allow_long=True``, which a spec cannot give).
__all__ += ["MAX_DEPTH_WITHOUT_TIME", "MAX_PLAYOUTS", "MAX_SECONDS"]

# The levels that play the positions endgame tables cover perfectly.
_PERFECT_ENDGAMES = frozenset({"strong"})

_SPEC_HELP = (
    "random, greedy, alphabeta:DEPTH, alphabeta:SECONDSs, alphabeta:DEPTH:SECONDSs, "
    f"mcts:PLAYOUTS, mcts:SECONDSs, mcts:PLAYOUTS:SECONDSs or a level ({', '.join(LEVELS)})"
)


def player_for_level(level: str, seed: int | None = None) -> SeededPlayer:
    """Return a computer player of a named strength, named after the level.

    Parameters
    ----------
    level : {"beginner", "casual", "club", "strong"}
        How strong (see the table in the module text).
    seed : int or None
        Seed of the player's random generator.

    Examples
    --------
    >>> player_for_level("strong").depth, player_for_level("strong").endgames
    (6, True)
    >>> player_for_level("expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'expert'; levels are beginner, casual, club, strong
    """
    if not isinstance(level, str):
        raise TypeError(f"a level is a name such as 'casual', got {type(level).__name__}")
    if level not in LEVELS:
        raise ValueError(
            _("unknown level {level}; levels are {levels}").format(
                level=shown(level), levels=", ".join(LEVELS)
            )
        )
    player = make_player(LEVELS[level], seed=seed)
    player.name = level
    if level in _PERFECT_ENDGAMES:
        player.endgames = True  # type: ignore[attr-defined]
    return player


def make_player(spec: str, seed: int | None = None) -> SeededPlayer:
    """Build a player from a short text, as the command line takes it.

    Parameters
    ----------
    spec : str
        At most 40 characters: ``random``; ``greedy``; ``alphabeta``
        (depth 4), ``alphabeta:DEPTH`` (up to :data:`MAX_DEPTH_WITHOUT_TIME`),
        ``alphabeta:SECONDSs`` (as deep as that time allows) or
        ``alphabeta:DEPTH:SECONDSs`` (that depth unless time runs out first);
        ``mcts`` (400 playouts), ``mcts:PLAYOUTS``, ``mcts:SECONDSs`` or
        ``mcts:PLAYOUTS:SECONDSs`` (at most :data:`MAX_PLAYOUTS` playouts
        and :data:`MAX_SECONDS` seconds a move); or a level name
        (``beginner``, ``casual``, ``club``, ``strong``).
    seed : int or None
        Seed of the player's random generator.

    Raises
    ------
    ValueError
        For an unknown name or a bad number; the message lists what works.

    Examples
    --------
    >>> make_player("greedy", seed=2)
    GreedyPlayer(name='greedy', seed=2)
    >>> make_player("alphabeta:2s").time_limit
    2.0
    >>> make_player("alphabeta:deep")
    Traceback (most recent call last):
    ...
    ValueError: player 'alphabeta:deep': after 'alphabeta:' give a depth such as 3, seconds such as 1.5s (at most 600), or both as in alphabeta:6:1s
    """
    if not isinstance(spec, str):
        raise TypeError(f"a player spec is a text such as 'alphabeta:3', got {type(spec).__name__}")
    if len(spec) > 40:
        raise ValueError(f"unknown player {spec[:40]!r}... ({len(spec):,} characters); use {_SPEC_HELP}")
    text = spec.strip().lower()
    if text in LEVELS:
        return player_for_level(text, seed)
    kind, _colon, argument = text.partition(":")
    makers: dict[str, Callable[[str], SeededPlayer]] = {
        "random": lambda arg: _no_argument(spec, arg, RandomPlayer(seed=seed)),
        "greedy": lambda arg: _no_argument(spec, arg, GreedyPlayer(seed=seed)),
        "alphabeta": lambda arg: _alphabeta(spec, arg, seed),
        "mcts": lambda arg: _mcts(spec, arg, seed),
    }
    if kind not in makers:
        raise ValueError(
            _("unknown player {player}; use {choices}").format(player=shown(spec), choices=_SPEC_HELP)
        )
    return makers[kind](argument)


def _no_argument(spec: str, argument: str, player: SeededPlayer) -> SeededPlayer:
    if argument:
        raise ValueError(f"player {spec!r}: {player.name} takes no ':' setting")
    return player


def _seconds(argument: str) -> float | None:
    """``1.5s`` -> 1.5; anything else -> None."""
    if not argument.endswith("s"):
        return None
    try:
        value = float(argument[:-1])
    except ValueError:
        return None
    return value if math.isfinite(value) and 0 < value <= MAX_SECONDS else None


def _depth_and_seconds(spec: str, kind: str, argument: str, unit: str) -> tuple[int | None, float | None]:
    """Read ``N``, ``SECONDSs`` or ``N:SECONDSs`` after ``kind:``."""
    count_text, _colon, seconds_text = argument.partition(":")
    seconds = _seconds(count_text) if not seconds_text else None
    if seconds is not None:
        return None, seconds
    problem = (
        f"player {spec!r}: after '{kind}:' give {unit}, seconds such as 1.5s (at most "
        f"{MAX_SECONDS:.0f}), or both as in {kind}:{'6' if kind == 'alphabeta' else '500'}:1s"
    )
    if not (count_text.isascii() and count_text.isdigit()) or len(count_text) > 12:
        raise ValueError(problem)
    if seconds_text:
        seconds = _seconds(seconds_text)
        if seconds is None:
            raise ValueError(problem)
    return int(count_text), seconds


def _alphabeta(spec: str, argument: str, seed: int | None) -> SeededPlayer:
    if not argument:
        return AlphaBetaPlayer(depth=4, seed=seed)
    depth, seconds = _depth_and_seconds(spec, "alphabeta", argument, "a depth such as 3")
    if depth is not None and depth > MAX_DEPTH_WITHOUT_TIME and seconds is None:
        raise ValueError(
            f"player {spec!r}: a depth above {MAX_DEPTH_WITHOUT_TIME} needs a time limit, "
            f"as in alphabeta:{depth}:5s"
        )
    try:
        return AlphaBetaPlayer(depth=depth, time_limit=seconds, seed=seed)
    except ValueError as error:
        raise ValueError(f"player {spec!r}: {error}") from None


def _mcts(spec: str, argument: str, seed: int | None) -> SeededPlayer:
    if not argument:
        return MCTSPlayer(seed=seed)
    playouts, seconds = _depth_and_seconds(spec, "mcts", argument, "playouts such as 500")
    if playouts is not None and playouts > MAX_PLAYOUTS:
        raise ValueError(f"player {spec!r}: at most {MAX_PLAYOUTS:,} playouts a move")
    try:
        return MCTSPlayer(playouts=playouts, time_limit=seconds, seed=seed)
    except ValueError as error:
        raise ValueError(f"player {spec!r}: {error}") from None
