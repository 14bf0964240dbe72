"""The move generator agrees with the slow oracle (tests/oracle.py), in each of its forms.

Random piece placements on every named variant, under every preset and
under each single rule switch flipped, plus perft to small depths.
"""

from __future__ import annotations

import random

import pytest
from oracle import leap_triples, move_key, oracle_moves, oracle_perft

from awithlaknannai import Color, Position, Rules, get_variant, perft
from awithlaknannai.movegen import generator_for, lean_move_of
from awithlaknannai.position import generate_raw

VARIANTS = [
    "mosona",
    "mosona-murray",
    "kolowis",
    "zuni-4",
    "zuni-5",
    "alquerque",
    "tukvnanawopi",
    "lau-kata-kati",
    "dash-guti",
    "egara-guti",
    "pretwa",
    "gol-skuish",
]

RULE_TEXTS = [
    "standard",
    "maximum",
    "ludii",
    # one switch flipped from the standard preset
    "standard,multi_leap=optional",
    "standard,multi_leap=none",
    "standard,leap_shape=bent",
    "standard,maximum_capture=yes",
    "standard,compulsory_capture=no",
    # a few combinations a class might invent
    "ludii,leap_shape=bent",
    "maximum,multi_leap=optional",
    "maximum,compulsory_capture=no",
    "maximum,leap_shape=bent",
]

POSITIONS_PER_CASE = 60  # 7 variants x 12 rule sets x 60 = 5040 random positions

# Bent leaps are refused on Tukvnanawopi (see variants.BENT_LEAPS_REFUSED):
# that pair is left out everywhere below. Positions with more moves than
# this are left out of the comparison (the tests check that few are).
ORACLE_MOVE_CAP = 3000


def _supported(name: str, rules_text: str) -> bool:
    return not (name == "tukvnanawopi" and "bent" in rules_text)


RANDOM_CASES = [
    (name, rules_text) for rules_text in RULE_TEXTS for name in VARIANTS if _supported(name, rules_text)
]
RAW_CASES = [
    (name, rules_text)
    for rules_text in ["standard", "maximum", "ludii", "standard,leap_shape=bent"]
    for name in VARIANTS
    if _supported(name, rules_text)
]


def random_pieces(rng: random.Random, points: tuple[str, ...]) -> dict[str, str]:
    """A random placement with at least one piece of each colour."""
    density = rng.uniform(0.15, 0.95)
    chosen = [p for p in points if rng.random() < density]
    while len(chosen) < 2:
        chosen = rng.sample(points, 2)
    rng.shuffle(chosen)
    pieces = {chosen[0]: "w", chosen[1]: "b"}
    for point in chosen[2:]:
        pieces[point] = rng.choice("wb")
    return pieces


def fast_moves(position: Position) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return [(m.origin, m.landings, m.captures) for m in position.legal_moves()]


@pytest.mark.parametrize(("name", "rules_text"), RANDOM_CASES)
def test_generators_agree_on_random_positions(name: str, rules_text: str) -> None:
    variant = get_variant(name, rules_text)
    rules = variant.rules
    triples = leap_triples(variant.board, rules.leap_shape)
    rng = random.Random(f"{name}/{rules_text}")
    multi_leaps_seen = skipped = 0
    for _ in range(POSITIONS_PER_CASE):
        pieces = random_pieces(rng, variant.points)
        mover = rng.choice("wb")
        position = Position.from_pieces(variant, pieces, turn=mover)
        fast = fast_moves(position)
        assert len(fast) == len(set(fast)), f"duplicate moves in {position.text()}"
        # The generator's three forms are one list: Position's Moves, the raw routes, the lean pairs.
        own, opp = (position.white, position.black) if mover == "w" else (position.black, position.white)
        raw = generate_raw(variant, own, opp)
        assert [(m.origin, m.landings, m.captures) for m in position.legal_moves()] == [
            (
                variant.points[o],
                tuple(variant.points[i] for i in lands),
                tuple(variant.points[i] for i in caps),
            )
            for o, lands, caps, _ in raw
        ]
        assert generator_for(variant).lean(own, opp) == [lean_move_of(r) for r in raw]
        if len(fast) > ORACLE_MOVE_CAP:
            skipped += 1
            continue
        expected = oracle_moves(variant.board, rules, pieces, mover, triples)
        shape = rules.leap_shape
        assert len({move_key(m, shape) for m in fast}) == len(fast), f"one route per move: {position.text()}"
        assert {move_key(m, shape) for m in fast} == {move_key(m, shape) for m in expected}, position.text()
        multi_leaps_seen += any(len(m[2]) > 1 for m in expected)
    assert skipped <= POSITIONS_PER_CASE // 10
    if rules.multi_leap != "none" and name != "zuni-4":
        # The sample must actually exercise leap sequences, or the test proves little.
        assert multi_leaps_seen > 0


@pytest.mark.parametrize(("name", "rules_text"), RAW_CASES)
def test_generate_raw_matches_the_oracle_on_both_sides(name: str, rules_text: str) -> None:
    variant = get_variant(name, rules_text)
    names = variant.points
    rng = random.Random(f"raw/{name}/{rules_text}")
    for _ in range(20):
        pieces = random_pieces(rng, variant.points)
        white = sum(1 << variant.tables.index[p] for p, c in pieces.items() if c == "w")
        black = sum(1 << variant.tables.index[p] for p, c in pieces.items() if c == "b")
        for mover, own, opp in (("w", white, black), ("b", black, white)):
            raw = generate_raw(variant, own, opp)
            if len(raw) > ORACLE_MOVE_CAP:
                continue
            got = set()
            for origin, landings, captured, mask in raw:
                assert mask == sum(1 << i for i in captured)
                got.add((names[origin], tuple(names[i] for i in landings), tuple(names[i] for i in captured)))
            assert len(got) == len(raw)
            shape = variant.rules.leap_shape
            assert {move_key(m, shape) for m in got} == {
                move_key(m, shape) for m in oracle_moves(variant.board, variant.rules, pieces, mover)
            }


PLAY_CASES = [
    (name, rules_text) for name in VARIANTS for rules_text in RULE_TEXTS if _supported(name, rules_text)
]


@pytest.mark.parametrize(("name", "rules_text"), PLAY_CASES)
def test_generators_agree_along_random_games(name: str, rules_text: str) -> None:
    """Positions reached in play (not only random placements) agree too."""
    variant = get_variant(name, rules_text)
    triples = leap_triples(variant.board, variant.rules.leap_shape)
    rng = random.Random(f"play/{name}/{rules_text}")
    for _ in range(3):
        position = Position.start(variant)
        for _ply in range(40):
            moves = position.legal_moves()
            if not moves:
                break
            pieces = {p: c.char for p, c in position.pieces().items()}
            shape = variant.rules.leap_shape
            assert {move_key(m, shape) for m in fast_moves(position)} == {
                move_key(m, shape)
                for m in oracle_moves(variant.board, variant.rules, pieces, position.turn.char, triples)
            }
            position = position.play(rng.choice(moves))


# Deep enough to reach multi-leaps, shallow enough for the oracle (< 1 s each).
PERFT_DEPTHS = {
    "mosona": 5,
    "mosona-murray": 5,
    "kolowis": 4,
    "zuni-4": 6,
    "zuni-5": 5,
    "alquerque": 3,
    "tukvnanawopi": 3,
    "lau-kata-kati": 6,
    "dash-guti": 5,
    "egara-guti": 5,
    "pretwa": 5,
    "gol-skuish": 4,
}
BENT_PERFT_DEPTHS = {
    "mosona": 4,
    "mosona-murray": 5,
    "kolowis": 3,
    "zuni-4": 5,
    "zuni-5": 4,
    "alquerque": 3,
    "tukvnanawopi": 1,
    "lau-kata-kati": 4,
    "dash-guti": 4,
    "egara-guti": 4,
    "pretwa": 4,
    "gol-skuish": 3,
}


@pytest.mark.parametrize(("name", "rules_text"), RAW_CASES)
def test_perft_agrees_with_the_oracle(name: str, rules_text: str) -> None:
    variant = get_variant(name, rules_text)
    start = Position.start(variant)
    pieces = {p: c.char for p, c in start.pieces().items()}
    triples = leap_triples(variant.board, variant.rules.leap_shape)
    depths = BENT_PERFT_DEPTHS if variant.rules.leap_shape == "bent" else PERFT_DEPTHS
    for depth in range(1, depths[name] + 1):
        expected = oracle_perft(variant.board, variant.rules, pieces, start.turn.char, 0, depth, triples)
        assert perft(start, depth) == expected, f"{name} {rules_text} depth {depth}"


def test_perft_agrees_with_the_oracle_from_a_midgame_with_a_turn_limit() -> None:
    """A tight quiet-turn limit cuts the tree the same way in both."""
    rules = Rules(quiet_turn_limit=2)
    pieces = {"T1": "b", "T3": "b", "M2": "b", "M3": "w", "B0": "w", "B2": "w"}
    variant = get_variant("zuni-4", rules)
    start = Position.from_pieces(variant, pieces, Color.WHITE, quiet_turns=1)
    for depth in range(1, 6):
        assert perft(start, depth) == oracle_perft(variant.board, rules, pieces, "w", 1, depth)
