"""The lean engine plays real games: seeded playouts replayed through Position, ply by ply.

Both list their moves with the one move generator; these tests check that
the lean form and Position's Move objects stay the same list (same moves,
same order) on every variant and preset, and that the lean engine's game
loop ends games as Position does.
"""

from __future__ import annotations

import pytest

from awithlaknannai import Position
from awithlaknannai.movegen import generator_for
from awithlaknannai.engines.lean import LeanEngine, lean_move_of
from awithlaknannai.rules import PRESETS, Rules
from awithlaknannai.variants import VARIANT_NAMES, Color

# Every named variant (the Zuni family by two sizes, with and without the outer lines).
VARIANTS = [name for name in VARIANT_NAMES if "-N" not in name] + ["zuni-4", "zuni-5-murray"]


def replay(engine: LeanEngine, seed: int) -> int:
    """Play one lean game and check every ply against Position; return the plies."""
    record: list = []
    result = engine.playout(seed, record=record)
    position = Position.start(engine.variant)
    for own, opp, legal, chosen in record:
        mover = (
            (position.white, position.black)
            if position.turn is Color.WHITE
            else (position.black, position.white)
        )
        assert mover == (own, opp)
        assert position.outcome() is None
        moves = position.legal_moves()
        assert legal == [lean_move_of(move._raw) for move in moves]  # the same list, in the same order
        assert [m._raw for m in moves] == generator_for(engine.variant).raw(own, opp, position.dead)
        position = position.play(moves[legal.index(chosen)])
    outcome = position.outcome()
    assert outcome is not None
    assert outcome.result == (result.winner or "draw")
    assert {
        "no pieces": "no pieces left",
        "blocked": "no legal move",
        "quiet limit": "turn limit without a capture",
    }[result.reason] == outcome.reason.value
    assert result.plies == len(record)
    return result.plies


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_lean_playouts_are_real_games(variant: str, rules: str) -> None:
    engine = LeanEngine(variant, rules)
    plies = sum(replay(engine, seed) for seed in range(3))
    assert plies > 0


@pytest.mark.parametrize(
    "changes",
    [
        {"multi_leap": "optional"},
        {"leap_shape": "bent", "maximum_capture": True},
        {"compulsory_capture": False, "blocked_player_loses": False, "quiet_turn_limit": 8},
    ],
)
def test_lean_playouts_follow_every_switch(changes: dict) -> None:
    engine = LeanEngine("zuni-5", Rules(**changes))
    for seed in range(4):
        replay(engine, seed)


def test_lean_moves_from_a_mid_game_position() -> None:
    engine = LeanEngine("mosona", "standard")
    p = Position.start("mosona").play("B3-M4")  # the centre piece must be jumped
    assert engine.moves_of(p) == [m._lean for m in p.legal_moves()] == [lean_move_of(raw) for raw in p._raw()]


def test_the_lean_engine_follows_a_shrinking_board() -> None:
    from awithlaknannai.engines.batch import BatchPlayouts

    for name in ("tukvnanawopi-shrinking", "tuknanavuhpi"):
        engine = LeanEngine(name)
        assert engine.shrink is not None
        with pytest.raises(ValueError, match="shrinking board"):
            BatchPlayouts(name)
    # The dead points are checked like the pieces: a set the rule cannot make is refused.
    engine = LeanEngine("tukvnanawopi-shrinking")
    start = Position.start(engine.variant)
    with pytest.raises(ValueError, match="points out of play"):
        engine.moves(start.white, start.black, dead=1)
    with pytest.raises(ValueError, match="points out of play"):
        LeanEngine("mosona").moves(start.white & 1, 0, dead=2)


def test_lean_engine_refuses_a_non_variant() -> None:
    with pytest.raises(TypeError, match="a variant is a name such as 'mosona' or a Variant"):
        LeanEngine(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be"):
        LeanEngine("zuni-3").random_games(-1)


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_lean_perft_equals_the_oracle(variant: str, rules: str) -> None:
    # perft counts with the generator's lean moves: checked here against the plain oracle
    # (tests/oracle.py, written from the rules with no code of the package) a few plies in.
    from oracle import oracle_perft

    from awithlaknannai import perft

    engine = LeanEngine(variant, rules)
    position = Position.start(engine.variant)
    for _ in range(3):  # from a few plies in, where captures are about
        position = position.play(position.legal_moves()[-1])
    pieces = {p: c.char for p, c in position.pieces().items()}
    counted = engine.perft(position, 3)
    assert counted == perft(position, 3)
    if engine.shrink is None:  # shrinking boards: against the oracle in tests/test_shrinking.py
        assert counted == oracle_perft(
            engine.variant.board, engine.variant.rules, pieces, position.turn.char, position.quiet_turns, 3
        )
    with pytest.raises(ValueError, match="another variant"):
        LeanEngine("zuni-3", rules).perft(position, 1)
