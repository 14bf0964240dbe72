"""A slow, plain move generator that the fast one is checked against.

It works on the networkx board and on point labels only: pieces are a dict
``{point: "w" | "b"}``, leaps are found by walking the board's drawn lines
(or, for bent leaps, the neighbours), and a leap sequence is explored by
plain recursion that removes each jumped piece at once. Nothing here uses
the bit sets, index tables or generator of :mod:`awithlaknannai.position`,
so a shared mistake would have to be made twice, in two different styles.

Each rule switch of :class:`awithlaknannai.rules.Rules` is read directly:

- ``compulsory_capture``: if any capture exists, steps are not offered;
- ``multi_leap``: ``"compulsory"`` keeps only sequences that cannot go on,
  ``"optional"`` keeps every non-empty prefix, ``"none"`` single leaps;
- ``maximum_capture``: among captures, only the ones taking the most;
- ``leap_shape``: ``"line"`` leaps over consecutive points of one drawn
  line, ``"bent"`` over any two-edge path with distinct ends. With bent
  leaps, routes with the same origin, landing point and captured set are
  one move (the library keeps one route per move): compare them with
  :func:`move_key`.

Shrinking boards (Tukvnanawopi's rules 7 and 8) are followed with a live
rectangle in board coordinates, re-deriving the dead points from the
points' ``pos`` every time (see :func:`oracle_dead` and
:func:`oracle_shrink`); ``rules.shrink_boundary`` is read directly.
"""

from __future__ import annotations

from awithlaknannai.rules import Rules

# A move as the oracle sees it: (origin, landings, captures), all labels.
OracleMove = tuple[str, tuple[str, ...], tuple[str, ...]]


def leap_triples(board, shape: str) -> set[tuple[str, str, str]]:
    """Every directed leap ``(from, over, to)`` of ``board`` for a leap shape."""
    triples: set[tuple[str, str, str]] = set()
    if shape == "line":
        for line in board.graph["lines"]:
            if line[0] == line[-1]:  # a circle: go once more past its start
                line = list(line) + [line[1]]
            for a, b, c in zip(line, line[1:], line[2:]):
                triples.add((a, b, c))
                triples.add((c, b, a))
    elif shape == "bent":
        for a in board.nodes:
            for b in board.neighbors(a):
                for c in board.neighbors(b):
                    if c != a:
                        triples.add((a, b, c))
    else:
        raise ValueError(shape)
    return triples


def oracle_moves(
    board,
    rules: Rules,
    pieces: dict[str, str],
    mover: str,
    triples: set[tuple[str, str, str]] | None = None,
    dead: frozenset[str] = frozenset(),
) -> set[OracleMove]:
    """All legal moves of ``mover`` (``"w"`` or ``"b"``) in ``pieces`` under ``rules``.

    ``triples`` may pass ``leap_triples(board, rules.leap_shape)`` computed once;
    ``dead`` names points out of play, where no piece may land.
    """
    if triples is None:
        triples = leap_triples(board, rules.leap_shape)
    enemy = "b" if mover == "w" else "w"
    sequences: list[OracleMove] = []

    def continue_from(
        origin: str,
        here: str,
        board_now: dict[str, str],
        landings: tuple[str, ...],
        captures: tuple[str, ...],
    ) -> None:
        next_leaps = [
            (over, to)
            for (a, over, to) in triples
            if a == here and board_now.get(over) == enemy and to not in board_now and to not in dead
        ]
        if captures and (rules.multi_leap in ("optional", "none") or not next_leaps):
            sequences.append((origin, landings, captures))
        if captures and rules.multi_leap == "none":
            return
        for over, to in next_leaps:
            after = dict(board_now)
            del after[here]
            del after[over]  # removed at once: it can be neither jumped again nor in the way
            after[to] = mover
            continue_from(origin, to, after, landings + (to,), captures + (over,))

    own_points = sorted(p for p, c in pieces.items() if c == mover)
    for origin in own_points:
        continue_from(origin, origin, dict(pieces), (), ())
    captures = set(sequences)
    if rules.leap_shape == "bent":  # one route per (origin, landing, captured set)
        captures = set({move_key(m, "bent"): m for m in sorted(captures)}.values())
    if captures and rules.maximum_capture:
        most = max(len(m[2]) for m in captures)
        captures = {m for m in captures if len(m[2]) == most}
    if captures and rules.compulsory_capture:
        return captures
    steps = {
        (origin, (to,), ())
        for origin in own_points
        for to in board.neighbors(origin)
        if to not in pieces and to not in dead
    }
    return captures | steps


def move_key(move: OracleMove, shape: str) -> tuple[object, ...]:
    """What identifies a move: the whole route for line leaps; origin, landing and captured set for bent."""
    origin, landings, captures = move
    if shape == "bent" and captures:
        return (origin, landings[-1], frozenset(captures))
    return move


def oracle_play(pieces: dict[str, str], move: OracleMove, mover: str) -> dict[str, str]:
    """The pieces after ``move``."""
    origin, landings, captures = move
    after = {p: c for p, c in pieces.items() if p != origin and p not in captures}
    after[landings[-1]] = mover
    return after


def _cells_of(unit: str, x: float, y: float) -> list[tuple[float, float]]:
    """Lower-left corners of the cells a point at (x, y) belongs to."""
    if unit == "lines":  # each rank and file of points is a cell of its own
        return [(x, y)]
    corners = []
    for cx in (x - 1, x - 0.5, x):
        for cy in (y - 1, y - 0.5, y):
            if cx == int(cx) and cy == int(cy) and cx <= x <= cx + 1 and cy <= y <= cy + 1:
                corners.append((cx, cy))
    return [c for c in corners if 0 <= c[0] <= 3 and 0 <= c[1] <= 3]


def _cell_live(unit: str, cell: tuple[float, float], rect: tuple[float, float, float, float]) -> bool:
    left, right, bottom, top = rect  # squares: corners of the live area; lines: live ranks and files
    if unit == "lines":
        return left <= cell[0] <= right and bottom <= cell[1] <= top
    return left <= cell[0] and cell[0] + 1 <= right and bottom <= cell[1] and cell[1] + 1 <= top


def oracle_dead(board, unit: str, reading: str, rect: tuple[float, float, float, float]) -> frozenset[str]:
    """The points out of play for a live rectangle: no live cell (reading "playable"), or not all live."""
    out = set()
    for point, (x, y) in board.nodes(data="pos"):
        live = [_cell_live(unit, cell, rect) for cell in _cells_of(unit, x, y)]
        if not (any(live) if reading == "playable" else all(live)):
            out.add(point)
    return frozenset(out)


def oracle_shrink(
    board, unit: str, reading: str, rect: tuple[float, float, float, float], pieces: dict[str, str]
) -> tuple[float, float, float, float]:
    """Drop empty end rows and columns of cells until none is empty."""
    step = 0.5 if unit == "lines" else 1.0
    while True:
        left, right, bottom, top = rect
        dead = oracle_dead(board, unit, reading, rect)
        wide = right - left > (0 if unit == "lines" else 1)
        tall = top - bottom > (0 if unit == "lines" else 1)
        # (test on a point, band kept as [from, to] in one coordinate) for each side
        sides = []
        if tall:
            sides += [
                ("y", bottom, bottom + (0 if unit == "lines" else 1), (left, right, bottom + step, top)),
                ("y", top - (0 if unit == "lines" else 1), top, (left, right, bottom, top - step)),
            ]
        if wide:
            sides += [
                ("x", left, left + (0 if unit == "lines" else 1), (left + step, right, bottom, top)),
                ("x", right - (0 if unit == "lines" else 1), right, (left, right - step, bottom, top)),
            ]
        for axis, low, high, smaller in sides:
            band = [
                p
                for p, (x, y) in board.nodes(data="pos")
                if p not in dead
                and low <= (y if axis == "y" else x) <= high
                and left <= x <= right
                and bottom <= y <= top
            ]
            if not any(p in pieces for p in band):
                rect = smaller
                break
        else:
            return rect


def oracle_perft(
    board,
    rules: Rules,
    pieces: dict[str, str],
    mover: str,
    quiet: int,
    depth: int,
    triples: set[tuple[str, str, str]] | None = None,
    shrink: tuple[str, tuple[float, float, float, float]] | None = None,
) -> int:
    """Leaves of the game tree ``depth`` plies deep, stopping where a game ends.

    A game ends when a side has no pieces, when the quiet-turn limit is
    reached, or when the side to move has no move (counted by having none).
    ``shrink`` is ``(unit, live rectangle)`` on a shrinking board.
    """
    if triples is None:
        triples = leap_triples(board, rules.leap_shape)
    if depth == 0:
        return 1
    colours = set(pieces.values())
    if colours != {"w", "b"}:
        return 0
    if rules.quiet_turn_limit is not None and quiet >= rules.quiet_turn_limit:
        return 0
    dead = oracle_dead(board, shrink[0], rules.shrink_boundary, shrink[1]) if shrink else frozenset()
    moves = oracle_moves(board, rules, pieces, mover, triples, dead)
    if depth == 1:
        return len(moves)
    other = "b" if mover == "w" else "w"
    total = 0
    for m in moves:
        after = oracle_play(pieces, m, mover)
        shrunk = (
            (shrink[0], oracle_shrink(board, shrink[0], rules.shrink_boundary, shrink[1], after))
            if shrink
            else None
        )
        total += oracle_perft(
            board, rules, after, other, 0 if m[2] else quiet + 1, depth - 1, triples, shrunk
        )
    return total
