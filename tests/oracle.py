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


def oracle_moves(board, rules: Rules, pieces: dict[str, str], mover: str,
                 triples: set[tuple[str, str, str]] | None = None) -> set[OracleMove]:
    """All legal moves of ``mover`` (``"w"`` or ``"b"``) in ``pieces`` under ``rules``.

    ``triples`` may pass ``leap_triples(board, rules.leap_shape)`` computed once.
    """
    if triples is None:
        triples = leap_triples(board, rules.leap_shape)
    enemy = "b" if mover == "w" else "w"
    sequences: list[OracleMove] = []

    def continue_from(origin: str, here: str, board_now: dict[str, str],
                      landings: tuple[str, ...], captures: tuple[str, ...]) -> None:
        next_leaps = [
            (over, to) for (a, over, to) in triples
            if a == here and board_now.get(over) == enemy and to not in board_now
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
        if to not in pieces
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


def oracle_perft(board, rules: Rules, pieces: dict[str, str], mover: str, quiet: int, depth: int,
                 triples: set[tuple[str, str, str]] | None = None) -> int:
    """Leaves of the game tree ``depth`` plies deep, stopping where a game ends.

    A game ends when a side has no pieces, when the quiet-turn limit is
    reached, or when the side to move has no move (counted by having none).
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
    moves = oracle_moves(board, rules, pieces, mover, triples)
    if depth == 1:
        return len(moves)
    other = "b" if mover == "w" else "w"
    return sum(
        oracle_perft(board, rules, oracle_play(pieces, m, mover), other,
                     0 if m[2] else quiet + 1, depth - 1, triples)
        for m in moves
    )
