"""The lean engine plays real games: seeded playouts replayed through Position, ply by ply."""

from __future__ import annotations

from collections import Counter

import pytest

from awithlaknannai import Position
from awithlaknannai.playout import LeanEngine, lean_move_of
from awithlaknannai.rules import PRESETS, Rules
from awithlaknannai.variants import Color

VARIANTS = ["mosona", "mosona-murray", "kolowis", "zuni-4", "zuni-5-murray", "alquerque", "tukvnanawopi",
            "lau-kata-kati", "dash-guti", "egara-guti", "pretwa", "gol-skuish"]


def replay(engine: LeanEngine, seed: int) -> int:
    """Play one lean game and check every ply against Position; return the plies."""
    record: list = []
    result = engine.playout(seed, record=record)
    position = Position.start(engine.variant)
    for own, opp, legal, chosen in record:
        mover = (position.white, position.black) if position.turn is Color.WHITE else (position.black, position.white)
        assert mover == (own, opp)
        assert position.outcome() is None
        expected = Counter(lean_move_of(raw) for raw in position._raw_moves)
        assert Counter(legal) == expected
        move = next(m for m, raw in zip(position.legal_moves(), position._raw_moves, strict=True)
                    if lean_move_of(raw) == chosen)
        position = position.play(move)
    outcome = position.outcome()
    assert outcome is not None
    assert outcome.result == (result.winner or "draw")
    assert {"no pieces": "no pieces left", "blocked": "no legal move",
            "quiet limit": "turn limit without a capture"}[result.reason] == outcome.reason.value
    assert result.plies == len(record)
    return result.plies


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_lean_playouts_are_real_games(variant: str, rules: str) -> None:
    engine = LeanEngine(variant, rules)
    plies = sum(replay(engine, seed) for seed in range(3))
    assert plies > 0


@pytest.mark.parametrize("changes", [
    {"multi_leap": "optional"},
    {"leap_shape": "bent", "maximum_capture": True},
    {"compulsory_capture": False, "blocked_player_loses": False, "quiet_turn_limit": 8},
])
def test_lean_playouts_follow_every_switch(changes: dict) -> None:
    engine = LeanEngine("zuni-5", Rules(**changes))
    for seed in range(4):
        replay(engine, seed)


def test_lean_moves_from_a_mid_game_position() -> None:
    engine = LeanEngine("mosona", "standard")
    p = Position.start("mosona").play("B3-M4")  # the centre piece must be jumped
    assert engine.moves_of(p) == [lean_move_of(raw) for raw in p._raw_moves]


def test_lean_engine_refuses_a_shrinking_board() -> None:
    from awithlaknannai.playout_batch import BatchPlayouts

    for name in ("tukvnanawopi-shrinking", "tuknanavuhpi"):
        with pytest.raises(ValueError, match="shrinking board"):
            LeanEngine(name)
        with pytest.raises(ValueError, match="shrinking board"):
            BatchPlayouts(name)


def test_lean_engine_refuses_a_non_variant() -> None:
    with pytest.raises(TypeError, match="a variant is a name such as 'mosona' or a Variant"):
        LeanEngine(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be"):
        LeanEngine("zuni-3").random_games(-1)


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_lean_perft_equals_position_perft(variant: str, rules: str) -> None:
    from awithlaknannai import perft

    engine = LeanEngine(variant, rules)
    position = Position.start(engine.variant)
    for _ in range(3):  # from a few plies in, where captures are about
        position = position.play(position.legal_moves()[-1])
    assert engine.perft(position, 4) == perft(position, 4)
    with pytest.raises(ValueError, match="another variant"):
        LeanEngine("zuni-3", rules).perft(position, 1)
