"""What every position of one variant needs to list and play its moves, worked out once a variant.

The move generator, the way its raw moves become :class:`~awithlaknannai.moves.Move` objects, the
shrinking board and the quiet-turn limit: a :class:`~awithlaknannai.position.Position` holds its
variant's context and reads it on every move.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from .moves import Move
from .movegen import MoveGenerator, RawMove, generator_for
from .shrinking import ShrinkTables
from .texts import MAX_QUIET_TURNS
from .variants import Variant


def _move_maker(points: tuple[str, ...]) -> Callable[[RawMove], Move]:
    """Builds the generator's Move objects: names from the board, and the bit sets they change."""
    new = object.__new__

    def make(raw: RawMove) -> Move:
        origin, landings, captured, mask = raw
        move = new(Move)
        # Trusted: the generator's moves have the shape __post_init__ checks.
        move.__dict__.update(
            origin=points[origin],
            landings=tuple(points[i] for i in landings),
            captures=tuple(points[i] for i in captured),
            _raw=raw,
            _lean=((1 << origin) ^ (1 << landings[-1]), mask),
        )
        return move

    return make


def _capture_count(move: Move) -> int:
    return len(move.captures)


class VariantContext:
    """What every position of one variant needs to list and play its moves, worked out once."""

    __slots__ = ("blocked_loses", "form", "generator", "limit", "shrink")

    def __init__(self, variant: Variant) -> None:
        generator: MoveGenerator = generator_for(variant)
        self.generator = generator
        self.form = generator.form(Move, _move_maker(variant.tables.points), _capture_count)
        self.shrink: ShrinkTables | None = variant.shrink
        rules = variant.rules
        self.limit = rules.quiet_turn_limit if rules.quiet_turn_limit is not None else MAX_QUIET_TURNS + 1
        self.blocked_loses = rules.blocked_player_loses


# One context per variant (equal variants share it), dropped with the variant.
_CONTEXTS: weakref.WeakKeyDictionary[Variant, VariantContext] = weakref.WeakKeyDictionary()


def variant_context(variant: Variant) -> VariantContext:
    found = _CONTEXTS.get(variant)
    if found is None:
        found = _CONTEXTS[variant] = VariantContext(variant)
    return found
