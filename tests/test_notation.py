"""Position texts, board diagrams, move lists and game records."""

from __future__ import annotations

import json
import random

import pytest

from awithlaknannai.variants import VARIANT_NAMES, variant_names

from awithlaknannai import (
    Color,
    Game,
    NotationError,
    Position,
    board_diagram,
    game_from_json,
    game_from_record,
    get_variant,
    parse_position,
    position_text,
)
from awithlaknannai.game import game_to_record
from awithlaknannai.notation import RECORD_FORMAT
from awithlaknannai.variants import BENT_LEAPS_REFUSED
from random_turns import play_random_turns

VARIANTS = variant_names(zuni_sizes=[2, 5], zuni_murray_sizes=[6])


# ---------------------------------------------------------------------------
# position texts


def test_start_position_texts() -> None:
    assert Position.start("mosona").text() == "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0"
    assert Position.start("kolowis", "ludii").text() == (
        "kolowis ludii bbbbbbbbbbbbbbbb/.bbbbbbb.wwwwwww./wwwwwwwwwwwwwwww w 0"
    )
    assert Position.start("tukvnanawopi").text() == (
        "tukvnanawopi standard bbbbb/bbbb/bbbbb/bbbb/ww.bb/wwww/wwwww/wwww/wwwww w 0"
    )
    assert (
        position_text(Position.start("alquerque")) == "alquerque standard bbbbb/bbbbb/bb.ww/wwwww/wwwww w 0"
    )


@pytest.mark.parametrize("name", VARIANTS)
def test_random_positions_round_trip(name: str) -> None:
    rng = random.Random(name)
    variant = get_variant(name, rng.choice(["standard", "maximum", "ludii,quiet_turn_limit=9"]))
    for _ in range(50):
        pieces = {p: rng.choice("wb") for p in variant.points if rng.random() < 0.5}
        position = Position.from_pieces(variant, pieces, turn=rng.choice("wb"), quiet_turns=rng.randrange(9))
        text = position.text()
        assert parse_position(text) == position
        assert parse_position(text).text() == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "mosona standard",
            "position text has 2 fields, expected 5: variant rules pieces side quiet-turns "
            "(e.g. 'mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0')",
        ),
        (
            "chess standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0",
            "position text, field 1 (variant): unknown variant 'chess'; known: " + ", ".join(VARIANT_NAMES),
        ),
        (
            "mosona relaxed bbbbbbbb/bbbb.wwww/wwwwwwww w 0",
            "position text, field 2 (rules): rules text 'relaxed': unknown preset 'relaxed' (known: standard, maximum, ludii)",
        ),
        (
            "mosona standard bbbbbbbb/wwwwwwww w 0",
            "position text, field 3 (pieces): 2 rows given, the board has 3",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwww w 0",
            "position text, field 3 (pieces): row 3 has 7 points, the board has 8 in that row",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwqw/wwwwwwww w 0",
            "position text, field 3 (pieces): 'q' at M7; use w, b, . or x (out of play)",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwxw/wwwwwwww w 0",
            "position text, field 3 (pieces): mosona has no shrinking board: no point can be out of play",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww white 0",
            "position text, field 4 (side to move): 'white'; use w or b",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w -1",
            "position text, field 5 (quiet turns): '-1' is not a whole number from 0 to 1,000,000,000",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w many",
            "position text, field 5 (quiet turns): 'many' is not a whole number from 0 to 1,000,000,000",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w \u00b2",
            "position text, field 5 (quiet turns): '\u00b2' is not a whole number from 0 to 1,000,000,000",
        ),
        (
            "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w " + "9" * 4300,
            "position text, field 5 (quiet turns): '99999999999999999...999999999999999999' "
            "is not a whole number from 0 to 1,000,000,000",
        ),
        (
            "zuni-100000 standard x w 0",
            "position text, field 1 (variant): variant 'zuni-N': N is at most 1000 points in an outer row, got 100000",
        ),
        (
            "zuni-12 standard x w 0",
            "position text, field 3 (pieces): zuni-12 has rows of 12, 13 and 12 points",
        ),
    ],
)
def test_bad_position_texts_name_the_field(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert str(caught.value) == message


def test_parse_position_needs_a_string() -> None:
    with pytest.raises(TypeError, match="a position text is a string, got int"):
        parse_position(5)  # type: ignore[arg-type]


def test_an_ended_position_still_has_a_text() -> None:
    text = "zuni-4 standard ..../...../.w.. b 3"
    position = parse_position(text)
    assert position.outcome() is not None and position.text() == text


# ---------------------------------------------------------------------------
# board diagrams


def test_diagram_places_the_middle_row_between_the_outer_points() -> None:
    assert str(Position.start("zuni-4")) == "\n".join(
        [
            "T    b   b   b   b",
            "M  b   b   .   w   w",
            "B    w   w   w   w",
            "White to move",
        ]
    )


def test_diagram_of_a_grid_with_square_centres() -> None:
    lines = board_diagram(Position.start("tukvnanawopi")).splitlines()
    assert lines[0] == "5  b   b   b   b   b"
    assert lines[1] == "4+   b   b   b   b"
    assert lines[4] == "3  w   w   .   b   b"
    assert lines[-1] == "White to move"


def test_diagram_without_labels_and_with_a_result() -> None:
    finished = Position.from_pieces("zuni-4", {"M2": "w"}, turn="b")
    assert board_diagram(finished, labels=False).splitlines() == [
        "  .   .   .   .",
        ".   .   w   .   .",
        "  .   .   .   .",
        "White wins (no pieces left)",
    ]


# ---------------------------------------------------------------------------
# move lists


def test_move_list_numbers_pairs_and_shows_the_result() -> None:
    game = Game("zuni-4")
    assert game.move_list() == ""
    for move in ["B1-M2", "T2xB1", "M3-T2"]:
        game.play(move)
    assert game.move_list() == "1. B1-M2 T2xB1  2. M3-T2"


def test_move_list_when_black_starts() -> None:
    game = Game(get_variant("zuni-4", first="black"))
    game.play("T1-M2")
    game.play("B2xT1")
    assert game.move_list() == "1. ... T1-M2  2. B2xT1"


def test_move_list_of_a_finished_game() -> None:
    game = Game(start=Position.from_pieces("zuni-4", {"B1": "w", "M2": "b"}))
    game.play("B1xT2")
    assert game.move_list() == "1. B1xT2  {White wins (no pieces left)}"


# ---------------------------------------------------------------------------
# game records


def played(
    name: str = "mosona", rules: str = "standard", plies: int = 30, seed: int = 1, **kwargs: object
) -> Game:
    game = Game(get_variant(name, rules, **kwargs), tags={"White": "Ana", "Black": "Ben"})  # type: ignore[arg-type]
    return play_random_turns(game, plies, seed)


def assert_same_game(a: Game, b: Game) -> None:
    assert a.start == b.start and a.moves == b.moves and a.positions == b.positions
    assert a.outcome() == b.outcome() and a.tags == b.tags
    assert a.variant.first == b.variant.first and a.variant.bottom == b.variant.bottom


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize(
    "rules", ["standard", "maximum", "ludii", "standard,leap_shape=bent,multi_leap=none"]
)
def test_records_round_trip(name: str, rules: str) -> None:
    if name in BENT_LEAPS_REFUSED and "bent" in rules:
        with pytest.raises(ValueError, match=f"bent leaps are not supported on {name}"):
            get_variant(name, rules)
        return
    game = played(name, rules, plies=400)
    again = game_from_json(game.to_json())
    assert_same_game(game, again)
    assert again.to_json() == game.to_json()
    assert Game.from_record(json.loads(game.to_json())).to_record() == game.to_record()


def test_a_record_from_a_custom_start_with_black_first_round_trips() -> None:
    variant = get_variant("zuni-4", first="black", bottom="black")
    start = Position.from_pieces(variant, {"M2": "w", "M3": "b", "T0": "b"}, turn="b", quiet_turns=2)
    game = Game(start=start, tags={"class": "7B"})
    game.play(game.legal_moves()[0])
    record = game.to_record()
    assert record["start"] == start.text() and record["first"] == "black" and record["bottom"] == "black"
    assert_same_game(game, game_from_record(record))


def test_the_record_names_the_result_and_reason() -> None:
    game = Game(start=Position.from_pieces("zuni-4", {"B1": "w", "M2": "b"}))
    game.play("B1xT2")
    record = game.to_record()
    assert (record["result"], record["reason"]) == ("white", "no pieces left")
    assert game_from_record(record).outcome() == game.outcome()


def test_a_record_needs_only_format_and_version() -> None:
    game = game_from_record({"format": RECORD_FORMAT, "version": 1})
    assert game.position == Position.start("mosona") and game.moves == [] and game.tags == {}


def test_ambiguous_bent_leaps_are_recorded_in_full() -> None:
    start = Position.from_pieces(
        "mosona", {"T4": "w", "M4": "b", "M5": "b", "T0": "b"}, rules="ludii,leap_shape=bent"
    )
    game = Game(start=start)
    game.play("T4x(M5)B4")
    assert game_to_record(game)["moves"] == ["T4x(M5)B4"]
    assert game.move_list() == "1. T4x(M5)B4"
    assert_same_game(game, game_from_json(game.to_json()))


def good_record() -> dict[str, object]:
    return played("zuni-4", plies=4).to_record()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess-pgn"}, "record field 'format': expected 'awithlaknannai-game', got 'chess-pgn'"),
        ({"version": 2}, "record field 'version': this library reads version 1, got 2"),
        ({"variant": "checkers"}, "record field 'variant': unknown variant 'checkers'"),
        ({"variant": 7}, "record field 'variant': expected a string, got 7"),
        ({"rules": "chaos"}, "record field 'rules': rules text 'chaos': unknown preset 'chaos'"),
        ({"first": "red"}, "record field 'first': a colour is 'white' or 'black'"),
        ({"bottom": 0}, "record field 'bottom': expected a string, got 0"),
        (
            {"start": "zuni-4 standard ..../...../.w.. x 0"},
            "record field 'start': position text, field 4 (side to move): 'x'; use w or b",
        ),
        ({"start": ["not", "text"]}, "record field 'start': expected a position text or null"),
        (
            {"start": "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0"},
            "record field 'start': the position is for mosona under standard, but the record says zuni-4 under standard",
        ),
        ({"moves": "B1-M2"}, "record field 'moves': expected a list of move texts, got str"),
        ({"moves": ["B1-M2", 5]}, "record field 'moves'[1]: expected a move text, got 5"),
        ({"moves": ["B1-M2", "T2-M2"]}, "record field 'moves'[1] 'T2-M2': M2 is occupied"),
        (
            {"moves": ["B1-M2", "T2xB1", "M9-M2"]},
            "record field 'moves'[2] 'M9-M2': there is no point 'M9' on this board (zuni-4)",
        ),
        ({"moves": ["B1~M2"]}, "record field 'moves'[0] 'B1~M2': cannot read the move 'B1~M2'"),
        ({"result": "white"}, "record field 'result': the record says 'white', but its moves give None"),
        (
            {"result": "purple"},
            "record field 'result': expected 'white', 'black', 'draw' or null, got 'purple'",
        ),
        ({"result": 1}, "record field 'result': expected a string or null, got 1"),
        ({"reason": ["x"]}, "record field 'reason': expected a string or null, got ['x']"),
        ({"tags": {"White": 3}}, "record field 'tags': expected an object whose values are strings"),
        ({"tags": "Ana"}, "record field 'tags': expected an object whose values are strings"),
        ({"colour": "w", "clock": 3}, "record has unknown field(s): 'clock', 'colour'"),
    ],
)
def test_every_bad_record_field_is_named(change: dict[str, object], message: str) -> None:
    record = {**good_record(), **change}
    with pytest.raises(NotationError) as caught:
        game_from_record(record)
    assert str(caught.value).startswith(message)


def test_a_finished_record_must_agree_on_its_reason() -> None:
    game = Game(start=Position.from_pieces("zuni-4", {"B1": "w", "M2": "b"}))
    game.play("B1xT2")
    record = {**game.to_record(), "reason": "position repeated"}
    with pytest.raises(
        NotationError,
        match="record field 'reason': the record says 'position repeated', "
        "but its moves end by 'no pieces left'",
    ):
        game_from_record(record)


def test_a_record_that_is_not_an_object_or_not_json() -> None:
    with pytest.raises(NotationError, match="a game record is a JSON object, got list"):
        game_from_record([])
    with pytest.raises(NotationError, match="game record is not valid JSON: line 1 column 2"):
        game_from_json("{format")
    with pytest.raises(NotationError, match="record field 'format'"):
        game_from_json("{}")


def test_moves_after_the_end_are_refused() -> None:
    record = Game(start=Position.from_pieces("zuni-4", {"B1": "w", "M2": "b"})).to_record()
    record["moves"] = ["B1xT2", "T2-T1"]
    with pytest.raises(
        NotationError, match=r"record field 'moves'\[1\] 'T2-T1': the game is over: White wins"
    ):
        game_from_record(record)


def test_colour_parsing_used_by_records() -> None:
    assert Color.parse(" White ") is Color.WHITE and Color.parse("b") is Color.BLACK
