"""Tukvnanawopi's shrinking board (rules 7 and 8) and Tuknanavuhpi's, under both readings.

The encyclopedia's rule 7 leaves open whether the points on the line
between a dead row of squares and a live one stay playable; the switch
``Rules.shrink_boundary`` offers both readings, and every test below runs
under each. The slow oracle (tests/oracle.py) follows the rule with its
own live rectangle in board coordinates and must agree with the fast
tables move by move, dead point by dead point, and in perft.
"""

from __future__ import annotations

import pickle
import random

import pytest
from oracle import leap_triples, oracle_dead, oracle_moves, oracle_perft, oracle_play, oracle_shrink

from awithlaknannai import Game, Position, get_variant, perft
from awithlaknannai.errors import NotationError
from awithlaknannai.game import game_from_json, game_to_json
from awithlaknannai.notation import parse_position

SHRINKING = {"tukvnanawopi-shrinking": "squares", "tuknanavuhpi": "lines"}
READINGS = ["playable", "dead"]
PRESETS = ["standard", "maximum", "ludii"]
FULL = (0.0, 4.0, 0.0, 4.0)


def rules_text(preset: str, reading: str) -> str:
    return preset if reading == "playable" else f"{preset},shrink_boundary={reading}"


def fast_moves(position: Position) -> set[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    return {(m.origin, m.landings, m.captures) for m in position.legal_moves()}


def sparse_position(name: str, text: str, rng: random.Random) -> Position:
    """A thin random placement, so that moves soon empty whole end rows."""
    variant = get_variant(name, text)
    chosen = rng.sample(variant.points, rng.randint(2, 9))
    pieces = {p: ("w" if i % 2 == 0 else "b") for i, p in enumerate(chosen)}
    return Position.from_pieces(variant, pieces, rng.choice("wb"))


# --- the rule, on hand-made positions ------------------------------------------------


ROW_1 = {"a1", "b1", "c1", "d1", "e1", "a1+", "b1+", "c1+", "d1+"}
LINE_2 = {"a2", "b2", "c2", "d2", "e2"}


@pytest.mark.parametrize("preset", PRESETS)
def test_an_empty_end_row_of_squares_goes_and_the_reading_decides_the_shared_line(preset: str) -> None:
    # After a2-a3 nothing stands in the bottom row of squares (a1 ... e2):
    # it goes out of play. Its upper line a2 ... e2 is shared with the next
    # row, which still holds a3: rule 7's open question.
    pieces = {"a2": "w", "d4": "b", "e5": "b"}
    for reading, expected in (("playable", ROW_1), ("dead", ROW_1 | LINE_2)):
        position = Position.from_pieces(
            "tukvnanawopi-shrinking", pieces, "w", rules=rules_text(preset, reading)
        )
        assert position.dead == 0
        after = position.play("a2-a3")
        assert set(after.dead_points) == expected
        assert not after.dead & (after.white | after.black)
        back = [m for m in after.play("d4-d3").legal_moves() if m.origin == "a3"]
        assert ("a2" in {m.destination for m in back}) is (reading == "playable")


def test_a_step_onto_the_dead_part_says_why_it_is_illegal(shrunk_position: Position) -> None:
    position = shrunk_position
    with pytest.raises(ValueError, match="a2 is out of play: the board has shrunk"):
        position.play("a3-a2")


def test_tuknanavuhpi_loses_lines_of_points_from_every_side() -> None:
    position = Position.from_pieces("tuknanavuhpi", {"a2": "w", "c3": "b"}, "w")
    after = position.play("a2-a3")
    # Every rank and file of points that is empty at an end goes, half a square at a time,
    # until the end lines hold a piece: only the rank of a3 and c3, from a to c, is left.
    live = set(after.points) - set(after.dead_points)
    assert live == {"a3", "b3", "c3"}
    assert [str(m) for m in after.legal_moves()] == ["c3-b3"]


# --- the state is part of the position -----------------------------------------------


def shrunk_game(name: str, text: str, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(start=sparse_position(name, text, rng))
    while game.position.outcome() is None and len(game.moves) < 30 and not game.position.dead:
        game.play(rng.choice(game.position.legal_moves()))
    return game


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("name", list(SHRINKING))
def test_text_records_equality_hash_and_pickle_keep_the_dead_part(name: str, reading: str) -> None:
    for seed in range(40):
        game = shrunk_game(name, rules_text("standard", reading), seed)
        if game.position.dead:
            break
    position = game.position
    assert position.dead, "no sample game shrank the board"
    text = position.text()
    assert "x" in text.split()[2]
    assert parse_position(text) == position and hash(parse_position(text)) == hash(position)
    assert pickle.loads(pickle.dumps(position)) == position
    same_pieces = Position(
        position.variant, position.white, position.black, position.turn, position.quiet_turns
    )
    assert same_pieces != position and same_pieces.key() != position.key()
    assert game_from_json(game_to_json(game)).position == position
    assert "x" in str(position)
    # a dead part the rule cannot make, or a piece on it, is refused with the field named
    pieces_field = text.split()[2]
    broken = pieces_field.replace("x", ".", 1)
    if position.variant.shrink is not None and broken != pieces_field:
        with pytest.raises(NotationError, match="field 3"):
            parse_position(text.replace(pieces_field, broken))


def test_points_out_of_play_on_a_board_that_never_shrinks_are_refused() -> None:
    with pytest.raises(NotationError, match="no shrinking board"):
        parse_position("mosona standard bbbbbbbb/bbbb.wwwx/wwwwwwww w 0")
    with pytest.raises(ValueError, match="no shrinking board"):
        Position(get_variant("mosona"), 1 << 5, 0, "w", 0, 1)


def test_the_reading_is_a_rules_switch_with_a_text_form() -> None:
    variant = get_variant("tukvnanawopi-shrinking", "standard,shrink_boundary=dead")
    assert variant.rules.shrink_boundary == "dead"
    assert variant.rules.to_text() == "standard,shrink_boundary=dead"
    assert get_variant("tukvnanawopi-shrinking").rules.shrink_boundary == "playable"
    with pytest.raises(ValueError, match="shrink_boundary"):
        get_variant("tukvnanawopi-shrinking", "standard,shrink_boundary=maybe")


def test_every_dead_set_stands_for_one_smallest_live_rectangle() -> None:
    for name in SHRINKING:
        for reading in READINGS:
            shrink = get_variant(name, rules_text("standard", reading)).shrink
            assert shrink is not None and shrink.rect_of[0] == shrink.full


# --- against the oracle ---------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("name", list(SHRINKING))
def test_random_games_agree_with_the_oracle_and_the_dead_part_only_grows(
    name: str, reading: str, preset: str
) -> None:
    text = rules_text(preset, reading)
    unit = SHRINKING[name]
    rng = random.Random(f"shrink/{name}/{text}")
    grew = 0
    for game_number in range(12):
        position = sparse_position(name, text, rng) if game_number % 2 else Position.start(name, text)
        variant = position.variant
        triples = leap_triples(variant.board, variant.rules.leap_shape)
        rect = FULL
        for _ply in range(60):
            dead = oracle_dead(variant.board, unit, reading, rect)
            assert set(position.dead_points) == dead
            assert not dead & set(position.pieces())  # no piece ever stands on the dead part
            pieces = {p: c.char for p, c in position.pieces().items()}
            if position.outcome() is not None:
                break
            assert fast_moves(position) == oracle_moves(
                variant.board, variant.rules, pieces, position.turn.char, triples, dead
            )
            move = rng.choice(position.legal_moves())
            after = position.play(move)
            assert after.dead & position.dead == position.dead  # the dead part only grows
            grew += after.dead != position.dead
            rect = oracle_shrink(
                variant.board,
                unit,
                reading,
                rect,
                oracle_play(pieces, (move.origin, move.landings, move.captures), position.turn.char),
            )
            position = after
    assert grew > 0, "the sample never shrank the board"


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("name", list(SHRINKING))
def test_perft_agrees_with_the_oracle_on_thin_boards(name: str, reading: str) -> None:
    rng = random.Random(f"perft/{name}/{reading}")
    for _ in range(6):
        start = sparse_position(name, rules_text("standard", reading), rng)
        variant = start.variant
        pieces = {p: c.char for p, c in start.pieces().items()}
        for depth in range(1, 4):
            expected = oracle_perft(
                variant.board,
                variant.rules,
                pieces,
                start.turn.char,
                0,
                depth,
                shrink=(SHRINKING[name], FULL),
            )
            assert perft(start, depth) == expected, f"{name} {reading} depth {depth}"


def test_the_solver_refuses_a_shrinking_board_instead_of_answering_wrongly() -> None:
    from awithlaknannai.tables.solver import best_moves, solve_endgames

    with pytest.raises(ValueError, match="does not follow a shrinking board"):
        solve_endgames("tukvnanawopi-shrinking", 1, cache_dir=False)
    assert best_moves(Position.from_pieces("tuknanavuhpi", {"a1": "w", "e5": "b"})) is None
