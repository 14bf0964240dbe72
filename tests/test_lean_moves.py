"""The generator's lean closure (``MoveGenerator.lean``) lists what its general loop lists.

``MoveGenerator.lean`` is the hot path of random play and search: the
generator's own piece loop, specialised once to the lean form and to the
switches of its rules (no leap search, nor leapers kept for one, when
multi-leaps are off). ``MoveGenerator.listed`` is the general loop every form
goes through (Position's moves, the raw routes). Here both give the same
list, in the same order, on every variant and every rules preset (and the
leap switches the presets leave out), on positions of random games
(shrinking boards with their points out of play) and on random placements,
crowded ones included, with the per-point tables empty and then full.
"""

from __future__ import annotations

import random

import pytest

from awithlaknannai import Position
from awithlaknannai.movegen import MoveGenerator, lean_move_of
from awithlaknannai.rules import PRESETS
from awithlaknannai.variants import VARIANT_NAMES, get_variant

NAMES = [name.replace("-N", "-4") for name in VARIANT_NAMES] + ["zuni-9"]
RULES = list(PRESETS) + [
    "standard,multi_leap=optional",
    "standard,leap_shape=bent",
    "ludii,compulsory_capture=yes",
    "ludii,maximum_capture=yes",
]
CASES = [(name, rules) for name in NAMES for rules in RULES]


def positions(variant, rng: random.Random, light: bool) -> list[tuple[int, int, int]]:
    """``(own, opp, dead)`` of the plies of a few random games, and of random placements (``light``:
    shorter games and half-empty placements, for bent leaps, whose search on a crowded board is long)."""
    out = []
    for _ in range(2):
        position = Position.start(variant)
        for _ in range(20 if light else 60):
            moves = position.legal_moves()
            if not moves:
                break
            out.append((*position._sides(), position.dead))
            position = position.play(rng.choice(moves))
    n = variant.tables.size
    for _ in range(20 if light else 50):
        empty = (
            rng.randrange(n // 2, n) if light else rng.choice([1, 2, 3, rng.randrange(1, n)])
        )  # crowded too
        chosen = rng.sample(range(n), n - empty)
        split = rng.randrange(1, len(chosen)) if len(chosen) > 1 else 1
        own = sum(1 << p for p in chosen[:split])
        opp = sum(1 << p for p in chosen[split:])
        out.append((own, opp, 0))
    return out


@pytest.mark.parametrize(("name", "rules"), CASES)
def test_the_lean_closure_lists_what_the_general_loop_lists(name: str, rules: str) -> None:
    try:
        variant = get_variant(name, rules)
    except ValueError as refused:  # bent leaps on crossing lines: refused by the variant itself
        pytest.skip(str(refused))
    r = variant.rules
    sample = positions(variant, random.Random(f"{name}/{rules}"), r.leap_shape == "bent")
    # A generator of its own: its per-point tables start empty (every pattern met first in the closure).
    generator = MoveGenerator(
        variant.tables, r.compulsory_capture, r.multi_leap, r.maximum_capture, r.leap_shape == "bent"
    )
    for _ in range(2):  # the tables empty, then full
        for own, opp, dead in sample:
            expected = [lean_move_of(raw) for raw in generator.raw(own, opp, dead)]
            assert generator.lean(own, opp, dead) == expected
            assert generator.listed(generator._lean_form, own, opp, dead)[0] == expected
