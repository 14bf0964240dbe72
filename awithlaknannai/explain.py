"""Why a move is illegal: the explanations :meth:`Position.find_move` gives.

A move that matches no legal move is replayed here point by point, to say
what went wrong in words a student can act on (``M5 is occupied``,
``capture is compulsory: Black must leap (for example T4xB3)``). The move
list itself comes from the move generator
(:mod:`awithlaknannai.movegen`); these functions only explain,
and run only when a move is refused, so they favour clear words over speed.
The words are in the session's language (:mod:`awithlaknannai.i18n`); an
example move is always its own sentence part in brackets (:func:`for_example`),
so that a lesson can cut it out when it would give the answer away.

Examples
--------
>>> from awithlaknannai import Position
>>> why_illegal(Position.start("mosona"), "B3", [("-", None, "M5")])
'M5 is occupied'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .boards import leaps
from .i18n import N_, ngettext, side_name
from .i18n import gettext as _
from .moves import Move
from .variants import Color, Variant

__all__ = ["EXAMPLE_TEMPLATES", "PositionFacts", "for_example", "matches", "same_capture", "why_illegal"]

#: The bracketed examples a reason may end with: {move} is a legal move (see :func:`for_example`).
EXAMPLE_TEMPLATES = (N_("(for example {move})"), N_("(to leap there, write {move})"))


def for_example(move: object, template: object = EXAMPLE_TEMPLATES[0]) -> str:
    """An example move in brackets, in the session's language: ``(for example T4xB3)``.

    >>> for_example("T4xB3")
    '(for example T4xB3)'
    """
    return str(template).format(move=move)


class PositionFacts(Protocol):
    """What an explanation reads of a position (a :class:`~awithlaknannai.position.Position` has it all)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def turn(self) -> Color: ...

    @property
    def dead_points(self) -> tuple[str, ...]: ...

    def piece_at(self, point: str) -> Color | None: ...

    def legal_moves(self) -> tuple[Move, ...]: ...

    def captures_available(self) -> bool: ...


def matches(move: Move, origin: str, parts: Sequence[tuple[str, str | None, str]]) -> bool:
    """Whether ``move`` is the move that ``origin`` and ``parts`` (as read from a move text) name."""
    if move.origin != origin or len(move.landings) != len(parts):
        return False
    for i, (kind, over, land) in enumerate(parts):
        if (kind == "x") != move.is_capture or move.landings[i] != land:
            return False
        if over and move.captures[i] != over:
            return False
    return True


def same_capture(
    position: PositionFacts, origin: str, parts: Sequence[tuple[str, str | None, str]]
) -> list[Move]:
    """Bent leaps: the legal moves that a valid route other than the listed one names.

    With bent leaps a capture is identified by its origin, where it lands
    and the set of pieces it takes; the move list keeps one route for
    each, and any other legal route names the same move.
    """
    if not parts or any(kind != "x" for kind, _over, _land in parts):
        return []
    leap_set = _leap_set(position.variant)
    jumped = _jumped_points(leap_set)
    removed: set[str] = set()
    cur = origin
    for _kind, named_over, land in parts:
        overs = [named_over] if named_over is not None else jumped.get((cur, land), [])
        overs = [
            b
            for b in overs
            if (cur, b, land) in leap_set and b not in removed and position.piece_at(b) is position.turn.other
        ]
        if len(overs) != 1 or (
            land != origin and land not in removed and position.piece_at(land) is not None
        ):
            return []
        removed.add(overs[0])
        cur = land
    return [
        m
        for m in position.legal_moves()
        if m.origin == origin
        and m.destination == cur
        and len(m.captures) == len(removed)
        and set(m.captures) == removed
    ]


def why_illegal(position: PositionFacts, origin: str, parts: Sequence[tuple[str, str | None, str]]) -> str:
    """Say why a readable move on a running game matches no legal move."""
    rules = position.variant.rules
    mover = position.piece_at(origin)
    if mover is None:
        return _("there is no piece on {point}").format(point=origin)
    if mover is not position.turn:
        holds = (
            _("{point} holds a white piece, and it is {side}'s turn")
            if mover.value == "white"
            else _("{point} holds a black piece, and it is {side}'s turn")
        )
        return holds.format(point=origin, side=side_name(position.turn))
    kinds = {kind for kind, _over, _land in parts}
    if kinds == {"-"}:
        return _why_step_illegal(position, origin, [land for _kind, _over, land in parts])
    if "-" in kinds:
        return _("a move is either one step (-) or leaps (x), not both")
    # Replay the leaps one by one to find the first that fails.
    leap_set = _leap_set(position.variant)
    jumped = _jumped_points(leap_set)
    bent = rules.leap_shape == "bent"
    removed: set[str] = set()
    cur = origin
    for i, (_kind, named_over, land) in enumerate(parts):
        if i >= 1 and rules.multi_leap == "none":
            return _("one leap per turn under these rules")
        if named_over is not None:
            candidates = [named_over] if (cur, named_over, land) in leap_set else []
        else:
            candidates = jumped.get((cur, land), [])
        if not candidates:
            if i == 0 and _joined(position, origin, land):
                step = next((m for m in position.legal_moves() if m.path == (origin, land)), None)
                hint = " " + _("(a step is written {move})").format(move=step) if step else ""
                return (
                    _("{point} and {other} are neighbours: there is nothing between them to jump").format(
                        point=origin, other=land
                    )
                    + hint
                )
            if named_over is not None:
                reason = (
                    _("{point}, {over} and {other} do not follow one line")
                    if not bent
                    else _("{point}, {over} and {other} are not joined by lines")
                )
            elif bent:
                reason = _("{other} is not two steps from {point} along the lines")
            else:
                reason = _("no line runs from {point} over one point to {other}")
            reason = reason.format(point=cur, over=named_over, other=land)
            # A common slip: naming only where a chain of leaps ends.
            route = next(
                (
                    m
                    for m in position.legal_moves()
                    if m.is_capture
                    and m.origin == origin
                    and m.destination == land
                    and len(m.landings) > len(parts)
                ),
                None,
            )
            return reason + (
                " " + _("(a chain of leaps names every landing: {move})").format(move=route) if route else ""
            )
        holders = {b: (None if b in removed else position.piece_at(b)) for b in candidates}
        over = next((b for b in candidates if holders[b] is position.turn.other), candidates[0])
        if holders[over] is None:
            if over in removed:
                return _("there is no piece on {point} to jump (it was taken earlier in this move)").format(
                    point=over
                )
            return _("there is no piece on {point} to jump").format(point=over)
        if holders[over] is position.turn:
            return _("{point} holds your own piece; you can only jump the opponent's").format(point=over)
        if land != origin and land not in removed and position.piece_at(land) is not None:
            return _("{point} is occupied").format(point=land)
        if land in position.dead_points:
            return _("{point} is out of play: the board has shrunk").format(point=land)
        removed.add(over)
        cur = land
    landings = tuple(land for _kind, _over, land in parts)
    longer = [
        m
        for m in position.legal_moves()
        if m.is_capture
        and m.origin == origin
        and m.landings[: len(parts)] == landings
        and len(m.landings) > len(parts)
    ]
    if longer:
        keep = _("the piece must keep leaping while it can")
        return f"{keep} {for_example(longer[0])}"
    captures = [m for m in position.legal_moves() if m.is_capture]
    if rules.maximum_capture and captures:
        most = len(captures[0].captures)
        if most > len(parts):
            larger = ngettext(
                "a larger capture exists: you must take {count} piece",
                "a larger capture exists: you must take {count} pieces",
                most,
            ).format(count=most)
            return f"{larger} {for_example(captures[0])}"
    return _("not a legal move here")


def _joined(position: PositionFacts, a: str, b: str) -> bool:
    return bool(position.variant.board.has_edge(a, b))


def _why_step_illegal(position: PositionFacts, origin: str, targets: list[str]) -> str:
    if len(targets) > 1:
        return _("a step moves one point only")
    target = targets[0]
    if target == origin:
        return _("a move must leave {point}").format(point=origin)
    if position.piece_at(target) is not None:
        return _("{point} is occupied").format(point=target)
    if target in position.dead_points:
        return _("{point} is out of play: the board has shrunk").format(point=target)
    if not _joined(position, origin, target):
        leap = next(
            (
                m
                for m in position.legal_moves()
                if m.is_capture and m.origin == origin and m.landings[0] == target
            ),
            None,
        )
        hint = " " + for_example(leap, EXAMPLE_TEMPLATES[1]) if leap else ""
        return _("{point} and {other} are not joined by a line").format(point=origin, other=target) + hint
    if position.variant.rules.compulsory_capture and position.captures_available():
        example = next(m for m in position.legal_moves() if m.is_capture)
        must = _("capture is compulsory: {side} must leap").format(side=side_name(position.turn))
        return f"{must} {for_example(example)}"
    return _("not a legal move here")


def _leaps_of(variant: Variant) -> list[tuple[str, str, str]]:
    return leaps(variant.board, variant.rules.leap_shape)


def _leap_set(variant: Variant) -> set[tuple[str, str, str]]:
    return set(_leaps_of(variant))


def _jumped_points(leap_set: set[tuple[str, str, str]]) -> dict[tuple[str, str], list[str]]:
    """``{(from, to): sorted points a leap between them jumps}``: one lookup per leap of a move text."""
    jumped: dict[tuple[str, str], list[str]] = {}
    for a, b, c in leap_set:
        jumped.setdefault((a, c), []).append(b)
    for points in jumped.values():
        points.sort()
    return jumped
