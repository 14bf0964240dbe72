"""The batch engine plays real games: every recorded game replayed through Position.

The batch engine is a second form of the rules, in numpy, kept for speed; these tests
replay its games through Position (whose moves come from the one move generator) on
every variant and preset it plays, and check that it refuses the others.
"""

from __future__ import annotations

import pytest

from awithlaknannai import Position
from awithlaknannai.engines.lean import lean_move_of
from awithlaknannai.engines.batch import REASONS, BatchPlayouts
from awithlaknannai.rules import PRESETS, Rules
from awithlaknannai.variants import VARIANT_NAMES, Color

# Every named variant the batch engine plays (no shrinking board), the Zuni family by two sizes.
VARIANTS = [
    name
    for name in VARIANT_NAMES
    if "-N" not in name and name not in ("tukvnanawopi-shrinking", "tuknanavuhpi")
]
VARIANTS += ["zuni-4", "zuni-5-murray"]
REASON_TEXT = {
    "no pieces": "no pieces left",
    "blocked": "no legal move",
    "quiet limit": "turn limit without a capture",
}


def first_action(raw) -> tuple:
    origin, landings, captures, _ = raw
    if captures:
        return ("leap", origin, captures[0], landings[0])
    return ("step", origin, landings[0])


def check_batch(batch: BatchPlayouts, games: int, seed: int) -> int:
    result = batch.play(games, seed=seed, record=True)
    plies = 0
    for game, record in enumerate(result.records):
        position = Position.start(batch.variant)
        for own, opp, actions, chosen in record:
            white = position.turn is Color.WHITE
            assert (own, opp) == (
                (position.white, position.black) if white else (position.black, position.white)
            )
            assert position.outcome() is None
            raws = position._raw()
            assert actions == {first_action(raw) for raw in raws}
            lean = [lean_move_of(raw) for raw in raws]
            assert chosen in lean, f"game {game}: {chosen} is not a legal move"
            position = position.play(position.legal_moves()[lean.index(chosen)])
        outcome = position.outcome()
        assert outcome is not None
        expected = {"white": 1, "black": -1, "draw": 0}[outcome.result]
        assert int(result.winner[game]) == expected
        assert REASON_TEXT[REASONS[int(result.reason[game])]] == outcome.reason.value
        assert int(result.plies[game]) == len(record)
        plies += len(record)
    return plies


@pytest.mark.parametrize("rules", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_batch_games_are_real_games(variant: str, rules: str) -> None:
    if PRESETS[rules].maximum_capture:  # needs every chain's length before choosing: the lean engine plays it
        with pytest.raises(ValueError, match="maximum_capture"):
            BatchPlayouts(variant, rules)
        return
    assert check_batch(BatchPlayouts(variant, rules), 6, seed=3) > 0


@pytest.mark.parametrize(
    "changes",
    [
        {"multi_leap": "optional"},
        {"leap_shape": "bent"},
        {
            "compulsory_capture": False,
            "blocked_player_loses": False,
            "quiet_turn_limit": 6,
            "no_capture_result": "more_pieces",
        },
    ],
)
def test_batch_follows_rule_switches(changes: dict) -> None:
    check_batch(BatchPlayouts("zuni-5", Rules(**changes)), 8, seed=5)


def test_batch_is_reproducible_and_refuses_what_it_cannot_play() -> None:
    a = BatchPlayouts("zuni-4").play(30, seed=9)
    b = BatchPlayouts("zuni-4").play(30, seed=9)
    assert (a.plies == b.plies).all() and (a.winner == b.winner).all()
    with pytest.raises(ValueError, match="maximum_capture"):
        BatchPlayouts("mosona", "maximum")
    with pytest.raises(ValueError, match="games must be"):
        BatchPlayouts("zuni-3").play(-2)
    with pytest.raises(TypeError, match="a variant is a name such as 'mosona' or a Variant"):
        BatchPlayouts(3.5)  # type: ignore[arg-type]
