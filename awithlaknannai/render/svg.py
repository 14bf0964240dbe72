"""Pictures of boards and positions as SVG text.

Every function here is pure: it reads a board, position or game and returns
a string; nothing is mutated and nothing is written. Coordinates come from
:func:`awithlaknannai.render.geometry.board_layout`, the same geometry the
canvas widgets use, and colours from :mod:`awithlaknannai.render.style`, so
the static pictures and the interactive boards look alike.

Each picture is accessible (``role="img"``, a ``<title>`` and a ``<desc>``
that a screen reader speaks) and every drawn element carries a CSS class
naming its kind, so a test or a style sheet can find it: ``background``,
``line`` (``line curved`` for the end curves, ``line arc`` for circles), ``point``, ``piece white``,
``piece black``, ``label``, ``heat``, ``heat-legend``, ``last-move``,
``target``, ``selected``, ``path``, ``captured`` and ``dead`` (a shrinking
board's points out of play).

Element ids (for the arrowhead marker and gradients) are derived from the
picture's own content, so the output is deterministic, and two different
pictures on one notebook page never share an id.

Examples
--------
>>> from awithlaknannai.boards import mosona
>>> svg = board_svg(mosona())
>>> svg.startswith("<svg") and svg.count('class="point"')
25
>>> from awithlaknannai.position import Position
>>> svg = position_svg(Position.start("mosona"))
>>> svg.count('class="piece white"'), svg.count('class="piece black"')
(12, 12)
>>> print(svg[svg.index("<desc"):svg.index("</desc>") + 7])  # doctest: +ELLIPSIS
<desc id="awk-...-desc">Awithlaknannai Mosona, White to move, 12 white and 12 black pieces.</desc>
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import networkx as nx

from ..i18n import _, ngettext, side_name
from ..position import Move, Position
from ..variants import Color
from .board_drawing import _check_points, _draw, board_title, game_title, heat_color

if TYPE_CHECKING:
    from ..game import Game
    from ..position import Outcome

__all__ = ["board_svg", "board_title", "game_svg", "heat_color", "position_svg"]


# --- the public functions -----------------------------------------------------


def board_svg(
    board: nx.Graph,
    *,
    unit: float = 60,
    labels: bool = False,
    flipped: bool = False,
    heat: Mapping[str, float] | None = None,
    title: str | None = None,
    heat_label: str | None = None,
) -> str:
    """Draw an empty board.

    Parameters
    ----------
    board : networkx.Graph
        A board from :mod:`awithlaknannai.boards` (nodes with ``pos``, graph
        attribute ``lines``).
    unit : float
        Pixels between neighbouring points.
    labels : bool
        Write each point's name under it.
    flipped : bool
        Turn the board half round (the top player's view).
    heat : dict of str to float, optional
        A value in [0, 1] per point, shown as coloured disks under the
        points with a legend (for centrality or move-frequency maps).
    title : str, optional
        A heading drawn above the board; also the picture's ``<title>``
        (default: the board's name, not drawn).
    heat_label : str, optional
        A caption for the heat legend, e.g. ``"betweenness centrality"``.

    Returns
    -------
    str
        A complete, well-formed ``<svg>`` element.

    Raises
    ------
    ValueError
        If ``unit`` is not positive, or ``heat`` names an unknown point or
        holds a value outside [0, 1].

    Examples
    --------
    >>> from awithlaknannai.boards import mosona
    >>> G = mosona()
    >>> svg = board_svg(G, labels=True)
    >>> svg.count('class="line"') + svg.count('class="line curved"') == G.number_of_edges()
    True
    >>> degree = {p: d / 6 for p, d in G.degree}
    >>> board_svg(G, heat=degree).count('class="heat"')
    25
    >>> board_svg(G, heat={"Z9": 0.5})
    Traceback (most recent call last):
    ...
    ValueError: heat: there is no point 'Z9' on this board (Awithlaknannai Mosona)
    """
    if not isinstance(board, nx.Graph):
        hint = " (draw a position with position_svg)" if isinstance(board, Position) else ""
        raise TypeError(f"board_svg() takes a board graph, got {type(board).__name__}{hint}")
    name = board_title(board)
    lines = len(board.graph.get("lines", ()))
    desc = _(
        "{board}: {points} points joined by {edges} line segments along {lines} drawn lines; no pieces."
    ).format(board=name, points=board.number_of_nodes(), edges=board.number_of_edges(), lines=lines)
    if heat:
        # The label, when given, says what the colours mean (in its own numbers); a generic scale
        # added after it would contradict it.
        scale = (
            _("Coloured disks show {label} for each point.").format(label=heat_label)
            if heat_label
            else _(
                "Coloured disks show a value for each point, from dark purple (lowest) to yellow (highest)."
            )
        )
        desc += " " + scale
    return _draw(
        board,
        unit=unit,
        labels=labels,
        flipped=flipped,
        heat=heat,
        title=title,
        default_title=name,
        desc=desc,
        heat_label=heat_label,
    )


def _as_path(board: nx.Graph, value: Move | Sequence[str] | None, what: str) -> list[str]:
    """Points a highlighted move passes through: origin, each jumped point, each landing."""
    if value is None:
        return []
    if isinstance(value, str):
        raise TypeError(f"{what} must be a Move or a sequence of points, not the text {value!r}")
    if isinstance(value, Move):  # go through the jumped points so the drawing follows the lines
        points = [value.origin]
        for i, land in enumerate(value.landings):
            if value.captures:
                points.append(value.captures[i])
            points.append(land)
        return _check_points(board, points, what)
    return _check_points(board, list(value), what)


def _hop_path(board: nx.Graph, value: Move | Sequence[str] | None) -> tuple[list[str], list[str | None]]:
    """A path drawn as arrows: origin then each landing (one arrow per hop), and each hop's jumped point."""
    if value is None:
        return [], []
    if isinstance(value, str):
        raise TypeError(f"path must be a Move or a sequence of points, not the text {value!r}")
    if isinstance(value, Move):
        return _check_points(board, value.path, "path"), list(value.captures)
    return _check_points(board, value, "path"), []


def _position_state(position: Position, outcome: Outcome | None) -> str:
    if outcome is not None:
        return _("game over, {outcome}").format(outcome=outcome)
    return _("{side} to move").format(side=side_name(position.turn))


def _position_desc(position: Position, outcome: Outcome | None, last_move: object) -> str:
    """The picture's text alternative, in the session's language (read by a screen reader)."""
    text = _("{board}, {state}, {white} white and {black} black pieces.").format(
        board=game_title(position.variant),
        state=_position_state(position, outcome),
        white=position.count(Color.WHITE),
        black=position.count(Color.BLACK),
    )
    if position.dead:
        count = len(position.dead_points)
        out_of_play = ngettext(
            "{count} point is out of play (greyed).", "{count} points are out of play (greyed).", count
        )
        text += " " + out_of_play.format(count=count)
    if isinstance(last_move, Move):
        text += " " + _("Last move {move}.").format(move=last_move)
    return text


def position_svg(
    position: Position,
    *,
    unit: float = 60,
    labels: bool = False,
    flipped: bool = False,
    last_move: Move | Sequence[str] | None = None,
    targets: Iterable[str] = (),
    selected: str | None = None,
    path: Move | Sequence[str] | None = None,
    captured: Iterable[str] = (),
    heat: Mapping[str, float] | None = None,
    title: str | None = None,
    heat_label: str | None = None,
    show_outcome: bool = True,
) -> str:
    """Draw a position: the board, its pieces and optional highlights.

    Parameters
    ----------
    position : Position
        What to draw; it is only read.
    unit, labels, flipped, heat, title, heat_label
        As for :func:`board_svg`.
    last_move : Move or sequence of str, optional
        Shade the path of the move just played (through the jumped points,
        along the drawn lines) and ring its starting point.
    targets : iterable of str
        Points to ring, e.g. where the selected piece may go.
    selected : str, optional
        A point to ring boldly, e.g. the piece a player has picked up.
    path : Move or sequence of str, optional
        A leap path drawn with an arrow per hop (a Move's origin then its
        landings, or any list of points).
    captured : iterable of str
        Points to cross out. An occupied point is crossed over its piece; an
        empty one also gets a faded piece of the side to move (the side that
        just lost it, when drawing the position after a capture).
    show_outcome : bool
        Name the result in the picture's title and text alternative when the
        game is over. ``False`` for an exercise that asks who has won: the
        picture then says only whose turn it is.

    Raises
    ------
    ValueError
        If a highlight names a point the board does not have, or as
        :func:`board_svg`.

    Examples
    --------
    >>> from awithlaknannai.position import Position
    >>> before = Position.start("mosona").play("B3-M4")
    >>> leap = before.legal_moves()[0]
    >>> after = before.play(leap)
    >>> svg = position_svg(after, last_move=leap, captured=leap.captures, labels=True)
    >>> svg.count('class="captured"'), svg.count('class="ghost white"'), svg.count('class="last-move"')
    (1, 1, 1)
    >>> svg = position_svg(before, selected="T4", targets=["B3"], path=leap)
    >>> svg.count('class="target"'), svg.count('class="selected"'), svg.count('class="path"')
    (1, 1, 1)
    >>> position_svg(before, targets=["X1"])
    Traceback (most recent call last):
    ...
    ValueError: targets: there is no point 'X1' on this board (Awithlaknannai Mosona)
    """
    return _position_picture(
        position,
        position.outcome() if show_outcome else None,
        unit=unit,
        labels=labels,
        flipped=flipped,
        last_move=last_move,
        targets=targets,
        selected=selected,
        path=path,
        captured=captured,
        heat=heat,
        title=title,
        heat_label=heat_label,
    )


def _position_picture(
    position: Position,
    outcome: Outcome | None,
    *,
    unit: float = 60,
    last_move: Move | Sequence[str] | None = None,
    targets: Iterable[str] = (),
    selected: str | None = None,
    path: Move | Sequence[str] | None = None,
    captured: Iterable[str] = (),
    **drawing: Any,
) -> str:
    """:func:`position_svg` with the outcome given (a game knows of repetitions, a position does not).

    ``drawing`` holds the options passed on as they are to the drawing (``labels``,
    ``flipped``, ``heat``, ``title``, ``heat_label``).
    """
    board = position.variant.board
    last = _as_path(board, last_move, "last_move")
    targets_list = _check_points(board, targets, "targets")
    captured_list = _check_points(board, captured, "captured")
    hops, overs = _hop_path(board, path)
    if selected is not None:
        _check_points(board, [selected], "selected")
    return _draw(
        board,
        unit=unit,
        **drawing,
        default_title=_("{board}: {state}").format(
            board=game_title(position.variant), state=_position_state(position, outcome)
        ),
        desc=_position_desc(position, outcome, last_move),
        pieces=position.pieces(),
        last_move=last,
        targets=targets_list,
        selected=selected,
        path=hops,
        path_overs=overs,
        captured=captured_list,
        ghost=position.turn,
        dead=position.dead_points,
    )


def game_svg(game: Game, **options: object) -> str:
    """Draw a game's current position with its last move and captures highlighted.

    Takes the keyword options of :func:`position_svg`; ``last_move`` and
    ``captured`` default to the last move played.

    Examples
    --------
    >>> from awithlaknannai.game import Game
    >>> game = Game("mosona")
    >>> _ = game.play("B3-M4"), game.play("T4xB3")
    >>> svg = game_svg(game)
    >>> "Last move T4xB3." in svg, svg.count('class="captured"')
    (True, 1)
    """
    if game.moves:
        last = game.moves[-1]
        options.setdefault("last_move", last)
        options.setdefault("captured", last.captures)
    return _position_picture(game.position, game.outcome(), **options)  # type: ignore[arg-type]
