"""Properties that must hold in every game: random play and generated positions.

The seeded games are reproducible: a failure names the variant, rules, game
number and ply, and rerunning the test replays the very same game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awithlaknannai import (
    Color,
    EndReason,
    Game,
    Position,
    game_from_json,
    get_variant,
    parse_position,
)
from awithlaknannai.position import generate_raw
from awithlaknannai.rules import PRESETS

VARIANTS = ["mosona", "mosona-murray", "kolowis", "zuni-4", "zuni-5", "alquerque", "tukvnanawopi"]
GAMES = 300  # per variant and preset: 6,300 complete games in all
TEXT_EVERY = 5  # check the text round trip of every 5th position (it is the slowest check)
UNDO_GAMES = 10  # games per case in which every move is also undone and redone


# The Ludii preset's games are the longest (no compulsory capture): slow, so CI's other Pythons leave them
# to the main run.
@pytest.mark.parametrize(
    "preset", [pytest.param(p, marks=pytest.mark.slow) if p == "ludii" else p for p in PRESETS]
)
@pytest.mark.parametrize("name", VARIANTS)
def test_random_games(name: str, preset: str) -> None:
    variant = get_variant(name, preset)
    rules = variant.rules
    # The same board without compulsory capture shows whether a capture is possible at all.
    free = variant.with_rules(rules.replace(compulsory_capture=False, maximum_capture=False))
    rng = random.Random(f"{name}/{preset}")
    for number in range(GAMES):
        game = Game(variant)
        ply = 0
        while not game.is_over():
            position = game.position

            def where(position: Position = position, number: int = number, ply: int = ply) -> str:
                # Built only when an assertion fails: texts are too slow to make every ply.
                return f"{name} {preset} game {number} ply {ply}: {position.text()}"

            mover = position.turn
            own, opp = (
                (position.white, position.black) if mover is Color.WHITE else (position.black, position.white)
            )
            moves = game.legal_moves()
            assert moves, where()
            capture_possible = any(raw[2] for raw in generate_raw(free, own, opp))
            if rules.compulsory_capture and capture_possible:
                assert all(m.is_capture for m in moves), where()
            if rules.maximum_capture and capture_possible:
                assert len({len(m.captures) for m in moves}) == 1, where()
            move = rng.choice(moves)
            game.play(move)
            after = game.position
            # Material never grows: the mover keeps his pieces, the opponent loses one per capture.
            assert after.count(mover) == position.count(mover), where()
            assert after.count(mover.other) == position.count(mover.other) - len(move.captures), where()
            assert after.quiet_turns == (0 if move.is_capture else position.quiet_turns + 1), where()
            if ply % TEXT_EVERY == 0:
                assert parse_position(after.text()) == after, where()
            if number < UNDO_GAMES:
                game.undo()
                assert game.position is position and len(game.moves) == ply, where()
                game.redo()
                assert game.position == after, where()
            ply += 1
        outcome = game.outcome()
        assert outcome is not None and outcome.reason in EndReason
        assert outcome.winner in (None, Color.WHITE, Color.BLACK)
        if outcome.reason is EndReason.NO_PIECES:
            assert game.position.count(outcome.winner.other) == 0  # type: ignore[union-attr]
        if outcome.reason is EndReason.BLOCKED:
            assert game.position.legal_moves() == ()
            assert outcome.winner is (game.position.turn.other if rules.blocked_player_loses else None)
        if number % 10 == 0:
            again = game_from_json(game.to_json())
            assert again.moves == game.moves and again.outcome() == outcome


def test_positions_round_trip_all_along_long_games() -> None:
    for name in VARIANTS:
        rng = random.Random(name)
        position = Position.start(name, "ludii")
        while position.legal_moves():
            assert parse_position(position.text()) == position
            position = position.play(rng.choice(position.legal_moves()))


@st.composite
def placements(draw: st.DrawFn) -> Position:
    name = draw(st.sampled_from(VARIANTS + ["zuni-2", "zuni-7-murray"]))
    rules = draw(
        st.sampled_from(list(PRESETS) + ["standard,multi_leap=optional", "maximum,compulsory_capture=no"])
    )
    variant = get_variant(name, rules)
    cells = draw(st.lists(st.sampled_from("wb."), min_size=len(variant.points), max_size=len(variant.points)))
    pieces = {p: c for p, c in zip(variant.points, cells) if c != "."}
    if not pieces:  # an empty board is not a position
        pieces = {variant.points[0]: "w"}
    return Position.from_pieces(
        variant, pieces, turn=draw(st.sampled_from("wb")), quiet_turns=draw(st.integers(0, 49))
    )


@settings(max_examples=400, deadline=None)
@given(placements())
def test_every_legal_move_is_well_formed(position: Position) -> None:
    assert parse_position(position.text()) == position
    board = position.variant.board
    mover = position.turn
    moves = position.legal_moves()
    assert len(set(moves)) == len(moves)
    for move in moves:
        assert position.piece_at(move.origin) is mover
        if move.is_capture:
            assert len(set(move.captures)) == len(move.captures)
            for over in move.captures:
                assert position.piece_at(over) is mover.other
            for landing in move.landings:
                assert (
                    landing == move.origin or landing in move.captures or position.piece_at(landing) is None
                )
        else:
            assert (
                board.has_edge(move.origin, move.destination) and position.piece_at(move.destination) is None
            )
        assert (
            position.find_move(str(move) if not _ambiguous(position, move) else move.text(full=True)) == move
        )
        after = position.play(move)
        assert after.count(mover) == position.count(mover)
        assert after.count(mover.other) == position.count(mover.other) - len(move.captures)
        assert after.piece_at(move.destination) is mover and after.turn is mover.other


def _ambiguous(position: Position, move: object) -> bool:
    return sum(1 for m in position.legal_moves() if str(m) == str(move)) > 1
