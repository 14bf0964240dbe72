"""Positions: perft, move reading, every reason a move is refused, end rules."""

from __future__ import annotations

import random

import pytest

from awithlaknannai import (
    Color,
    EndReason,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveTypeError,
    Outcome,
    Position,
    Rules,
    get_variant,
    perft,
)

# ---------------------------------------------------------------------------
# perft


def test_mosona_perft_reference() -> None:
    start = Position.start("mosona")
    assert [perft(start, depth) for depth in range(1, 5)] == [3, 4, 9, 23]


# Computed with this library (and checked against tests/oracle.py at the
# shallower depths); each row takes well under a second. A change here means
# the rules engine changed: check it against the oracle before updating.
PERFT_TABLE = {
    ("mosona", "standard"): [3, 4, 9, 23, 76, 233, 636, 2177, 7943, 30920],
    ("mosona", "maximum"): [3, 4, 9, 23, 76, 227, 625, 2099, 7578, 28931],
    ("mosona", "ludii"): [3, 7, 21, 104, 556, 3429, 22587],
    ("mosona-murray", "standard"): [3, 4, 9, 27, 79, 234, 718, 2414, 8086, 29660],
    ("mosona-murray", "maximum"): [3, 4, 9, 27, 79, 231, 705, 2323, 7732, 27942],
    ("mosona-murray", "ludii"): [3, 7, 21, 85, 370, 1971, 10745],
    ("kolowis", "standard"): [6, 14, 47, 151, 561, 2158, 8959],
    ("kolowis", "maximum"): [6, 14, 47, 151, 561, 2151, 8926],
    ("kolowis", "ludii"): [6, 36, 248, 1823, 14285],
    ("zuni-4", "standard"): [3, 4, 9, 21, 62, 211, 538, 1806, 5408, 20210],
    ("zuni-4", "maximum"): [3, 4, 9, 21, 62, 209, 529, 1759, 5146, 18678],
    ("zuni-4", "ludii"): [3, 7, 21, 96, 462, 2558, 13815],
    ("zuni-5", "standard"): [5, 12, 28, 60, 220, 642, 2120, 8088, 28267],
    ("zuni-5", "maximum"): [5, 12, 28, 59, 219, 630, 2052, 7663, 26250],
    ("zuni-5", "ludii"): [5, 23, 122, 716, 4197, 27738],
    ("alquerque", "standard"): [4, 5, 6, 12, 29, 109, 541, 2730, 14375],
    ("alquerque", "maximum"): [4, 5, 6, 12, 29, 99, 484, 2240, 11195],
    ("alquerque", "ludii"): [4, 8, 33, 210, 1430, 10262],
    ("tukvnanawopi", "standard"): [4, 6, 8, 22, 69, 269, 1310, 6755],
    ("tukvnanawopi", "maximum"): [4, 6, 8, 19, 58, 227, 999, 4761],
    ("tukvnanawopi", "ludii"): [4, 10, 45, 284, 2118, 17334],
}


@pytest.mark.parametrize(("name", "preset"), list(PERFT_TABLE))
def test_perft_regression_table(name: str, preset: str) -> None:
    start = Position.start(name, preset)
    assert [perft(start, d) for d in range(1, len(PERFT_TABLE[name, preset]) + 1)] == PERFT_TABLE[
        name, preset
    ]


def test_perft_depth_zero_and_bad_depths() -> None:
    start = Position.start("mosona")
    assert perft(start, 0) == 1
    with pytest.raises(ValueError, match="perft depth must be from 0 to 64, got -1"):
        perft(start, -1)
    for bad in (1.5, True, "2"):
        with pytest.raises(TypeError, match="perft depth must be an integer"):
            perft(start, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="perft counts from a Position, got str"):
        perft("x", 1)  # type: ignore[arg-type]


def test_perft_stops_at_finished_positions() -> None:
    won = Position.from_pieces("mosona", {"B0": "w"}, turn="b")
    assert perft(won, 0) == 1 and perft(won, 3) == 0
    limited = Position.from_pieces("mosona", {"B0": "w", "T7": "b"}, rules=Rules(quiet_turn_limit=2))
    assert [perft(limited, d) for d in (1, 2, 3)] == [3, 9, 0]


def test_perft_equals_counting_with_play() -> None:
    def slow(position: Position, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(slow(position.play(m), depth - 1) for m in position.legal_moves())

    for name in ("mosona", "alquerque", "tukvnanawopi"):
        start = Position.start(name, "ludii")
        assert slow(start, 3) == perft(start, 3)


# ---------------------------------------------------------------------------
# construction and value semantics


@pytest.mark.parametrize(
    ("name", "pieces", "empty"),
    [
        ("mosona", 12, ["M4"]),
        ("mosona-murray", 12, ["M4"]),
        ("kolowis", 23, ["M0", "M8", "M16"]),
        ("zuni-5", 7, ["M2", "M3"]),
        ("alquerque", 12, ["c3"]),
        ("tukvnanawopi", 20, ["c3"]),
    ],
)
def test_start_positions(name: str, pieces: int, empty: list[str]) -> None:
    start = Position.start(name)
    assert start.count(Color.WHITE) == start.count("black") == pieces
    assert [p for p in start.points if start.piece_at(p) is None] == empty
    assert start.turn is Color.WHITE and start.quiet_turns == 0 and start.outcome() is None
    # The set-up is symmetric under a half turn with the colours swapped.
    board = start.variant.board
    where = {board.nodes[p]["pos"]: p for p in board}
    for point, colour in start.pieces().items():
        x, y = board.nodes[point]["pos"]
        cx = sum(board.nodes[p]["pos"][0] for p in board) / len(board)
        cy = sum(board.nodes[p]["pos"][1] for p in board) / len(board)
        mirror = where[(2 * cx - x, 2 * cy - y)]
        assert start.piece_at(mirror) is colour.other


def test_mosona_set_up_follows_the_encyclopedia() -> None:
    start = Position.start("mosona")
    # The bottom player (White) holds the bottom row and the middle points on his right.
    assert set(start.pieces(Color.WHITE)) == {f"B{i}" for i in range(8)} | {"M5", "M6", "M7", "M8"}
    assert set(start.pieces("b")) == {f"T{i}" for i in range(8)} | {"M0", "M1", "M2", "M3"}


def test_black_first_and_black_at_the_bottom() -> None:
    variant = get_variant("mosona", first="black", bottom="black")
    start = Position.start(variant)
    assert start.turn is Color.BLACK
    assert start.piece_at("B0") is Color.BLACK and start.piece_at("T0") is Color.WHITE
    assert [str(m) for m in start.legal_moves()] == ["M5-M4", "B3-M4", "B4-M4"]


def test_from_pieces_and_its_errors() -> None:
    p = Position.from_pieces("zuni-4", {"M2": Color.WHITE, "T1": "b"}, turn="black", quiet_turns=4)
    assert (
        p.turn is Color.BLACK and p.quiet_turns == 4 and p.pieces() == {"T1": Color.BLACK, "M2": Color.WHITE}
    )
    with pytest.raises(ValueError, match="there is no point 'Q9' on this board"):
        Position.from_pieces("zuni-4", {"Q9": "w"})
    with pytest.raises(ValueError, match="a colour is 'white' or 'black'"):
        Position.from_pieces("zuni-4", {"M2": "green"})
    with pytest.raises(ValueError, match="a colour is 'white' or 'black'"):
        Position.from_pieces("zuni-4", {"M2": "w"}, turn="nobody")


def test_constructor_rejects_impossible_piece_sets() -> None:
    variant = get_variant("zuni-4")
    with pytest.raises(ValueError, match="cannot hold a white and a black piece"):
        Position(variant, 0b11, 0b10, Color.WHITE)
    with pytest.raises(ValueError, match="points the board does not have"):
        Position(variant, 1 << 13, 0, Color.WHITE)
    with pytest.raises(ValueError, match="points the board does not have"):
        Position(variant, -1, 0, Color.WHITE)
    with pytest.raises(ValueError, match="quiet_turns must be >= 0"):
        Position(variant, 1, 2, Color.WHITE, -1)
    with pytest.raises(TypeError, match="quiet_turns must be an integer"):
        Position(variant, 1, 2, Color.WHITE, 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a Variant"):
        Position("zuni-4", 1, 2, Color.WHITE)  # type: ignore[arg-type]


def test_positions_are_immutable_values() -> None:
    a = Position.start("mosona")
    b = Position.start("mosona")
    assert a == b and hash(a) == hash(b) and a.key() == b.key()
    assert a != Position.start("mosona", "ludii")  # same pieces, other rules
    assert a != a.play("B3-M4")
    with pytest.raises(AttributeError, match="immutable"):
        a.white = 0  # type: ignore[misc]
    assert a.text() == "mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0"
    assert repr(a) == "Position('mosona standard bbbbbbbb/bbbb.wwww/wwwwwwww w 0')"


def test_queries() -> None:
    p = Position.start("mosona")
    assert p.piece_at("M4") is None and p.piece_at("M5") is Color.WHITE
    assert p.count("w") == p.count(Color.BLACK) == 12
    assert len(p.pieces()) == 24 and set(p.pieces("white").values()) == {Color.WHITE}
    with pytest.raises(InvalidMoveError, match="there is no point 'M9'"):
        p.piece_at("M9")
    assert list(p) == list(p.legal_moves())
    assert not p.captures_available() and p.play("B3-M4").captures_available()


# ---------------------------------------------------------------------------
# moves


def test_move_texts_and_shape() -> None:
    step = Move("B3", ("M4",))
    leap = Move("T4", ["B3", "B5"], ["M4", "B4"])  # lists are accepted
    assert (str(step), step.path, step.destination, step.is_capture) == ("B3-M4", ("B3", "M4"), "M4", False)
    assert (str(leap), leap.text(full=True)) == ("T4xB3xB5", "T4x(M4)B3x(B4)B5")
    assert leap.landings == ("B3", "B5") and hash(leap) == hash(Move("T4", ("B3", "B5"), ("M4", "B4")))
    for landings, captures in [((), ()), (("M4", "M5"), ()), (("B3",), ("M4", "B4"))]:
        with pytest.raises(InvalidMoveError, match="a Move has one landing point for a step"):
            Move("B3", landings, captures)


def test_play_accepts_texts_moves_and_any_case() -> None:
    p = Position.start("mosona")
    by_text = p.play("B3-M4")
    assert p.play(Move("B3", ("M4",))) == by_text == p.play(" b3 - m4 ") == p.play(p.legal_moves()[1])
    assert by_text.quiet_turns == 1 and by_text.turn is Color.BLACK
    after = by_text.play("T4xB3")
    assert after.piece_at("M4") is None and after.piece_at("B3") is Color.BLACK and after.quiet_turns == 0
    assert after.count("white") == 11
    grid = Position.start("alquerque")
    assert grid.play("B2-C3") == grid.play("b2-c3")


def test_find_move_returns_the_listed_move() -> None:
    p = Position.start("mosona").play("B3-M4")
    listed = p.legal_moves()[0]
    assert p.find_move("T4xB3") is listed
    assert p.find_move(Move("T4", ("B3",), ("M4",))) is listed
    assert p.find_move("T4x(M4)B3") is listed
    assert p.parse_move("T4xB3") is listed


def test_a_full_leap_sequence_around_an_end_curve() -> None:
    # T0 leaps down the end curve over M0 to B0, then along the bottom row over B1 to B2.
    p = Position.from_pieces("mosona", {"T0": "w", "M0": "b", "B1": "b", "T7": "b"})
    assert [str(m) for m in p.legal_moves()] == ["T0xB0xB2"]
    after = p.play("T0xB0xB2")
    assert after.pieces() == {"T7": Color.BLACK, "B2": Color.WHITE}


def test_a_leap_may_land_where_the_piece_started() -> None:
    # With bent leaps T3 can jump M4 to B3 and then M3 back to T3, the point it left.
    rules = Rules(leap_shape="bent", multi_leap="optional")
    p = Position.from_pieces("mosona", {"T3": "w", "M4": "b", "M3": "b", "T7": "b"}, rules=rules)
    home = [m for m in p.legal_moves() if m.destination == "T3"]
    # One move per landing point and captured set (bent leaps merge routes);
    # every route to it names that move.
    assert len(home) == 1 and set(home[0].captures) == {"M4", "M3"}
    assert p.find_move(Move("T3", ("B3", "T3"), ("M4", "M3"))) is home[0]
    assert p.find_move("T3x(M4)B3x(M3)T3") is home[0]
    assert p.play(home[0]).piece_at("T3") is Color.WHITE


# ---------------------------------------------------------------------------
# every reason a move is refused, and the position is unchanged afterwards


def refused(position: Position, move: object, error: type[Exception], message: str) -> None:
    before = position.text()
    with pytest.raises(error) as caught:
        position.play(move)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert position.text() == before


START = Position.start("mosona")
AFTER_B3_M4 = START.play("B3-M4")
# White B0 can leap B0xT1 (over M1 on the line T1-M1-B0) and then on over T2 to T3.
CHAIN = {"B0": "w", "M1": "b", "T2": "b", "B5": "w", "B6": "b", "T7": "b"}


@pytest.mark.parametrize(
    ("position", "move", "error", "message"),
    [
        (START, "B3-M5", IllegalMoveError, "B3-M5: M5 is occupied"),
        (START, "B0-M4", IllegalMoveError, "B0-M4: B0 and M4 are not joined by a line"),
        (START, "M4-B3", IllegalMoveError, "M4-B3: there is no piece on M4"),
        (START, "T4-M4", IllegalMoveError, "T4-M4: T4 holds a black piece, and it is White's turn"),
        (START, "B3-M4-M5", IllegalMoveError, "B3-M4-M5: a step moves one point only"),
        (START, "B3-B3", IllegalMoveError, "B3-B3: a move must leave B3"),
        (
            START,
            "B3xM4",
            IllegalMoveError,
            "B3xM4: B3 and M4 are neighbours: there is nothing between them to jump (a step is written B3-M4)",
        ),
        (
            START,
            "B4xM5xM3",
            IllegalMoveError,
            "B4xM5xM3: B4 and M5 are neighbours: there is nothing between them to jump",
        ),
        (START, "B0xM4", IllegalMoveError, "B0xM4: no line runs from B0 over one point to M4"),
        (
            START,
            "B3xM4-M5",
            IllegalMoveError,
            "B3xM4-M5: a move is either one step (-) or leaps (x), not both",
        ),
        (START, "Z9-M4", InvalidMoveError, "Z9-M4: there is no point 'Z9' on this board (mosona)"),
        (START, "B3-M44", InvalidMoveError, "B3-M44: there is no point 'M44' on this board (mosona)"),
        (
            START,
            "B3 to M4",
            InvalidMoveError,
            "cannot read the move 'B3 to M4': write a step as B3-M4 and leaps as T4xB3 or T4xB3xB5",
        ),
        (
            START,
            "",
            InvalidMoveError,
            "cannot read the move '': write a step as B3-M4 and leaps as T4xB3 or T4xB3xB5",
        ),
        (START, "B3-(M4)M5", InvalidMoveError, "cannot read the move 'B3-(M4)M5': a step jumps nothing"),
        (START, 42, MoveTypeError, "a move is a Move or a text such as 'B3-M4', got 42"),
        (
            AFTER_B3_M4,
            "M3-B3",
            IllegalMoveError,
            "M3-B3: capture is compulsory: Black must leap (for example T4xB3)",
        ),
        (
            AFTER_B3_M4,
            "T4-B3",
            IllegalMoveError,
            "T4-B3: T4 and B3 are not joined by a line (to leap there, write T4xB3)",
        ),
        (AFTER_B3_M4, "T3xB3", IllegalMoveError, "T3xB3: no line runs from T3 over one point to B3"),
        (AFTER_B3_M4, "T4x(M5)B3", IllegalMoveError, "T4x(M5)B3: T4, M5 and B3 do not follow one line"),
        (AFTER_B3_M4, "T4xB3xB5", IllegalMoveError, "T4xB3xB5: B5 is occupied"),
        (AFTER_B3_M4, "T3xB5", IllegalMoveError, "T3xB5: no line runs from T3 over one point to B5"),
        (AFTER_B3_M4, "T5xM4", IllegalMoveError, "T5xM4: no line runs from T5 over one point to M4"),
        (AFTER_B3_M4, "M3xM5", IllegalMoveError, "M3xM5: M5 is occupied"),
        (
            Position.from_pieces("mosona", CHAIN),
            "B0xT1",
            IllegalMoveError,
            "B0xT1: the piece must keep leaping while it can (for example B0xT1xT3)",
        ),
        (
            Position.from_pieces("mosona", CHAIN),
            "B0xT1xT3xT5",
            IllegalMoveError,
            "B0xT1xT3xT5: there is no piece on T4 to jump",
        ),
        (
            Position.from_pieces("mosona", CHAIN),
            "B0xT3",
            IllegalMoveError,
            "B0xT3: no line runs from B0 over one point to T3 (a chain of leaps names every landing: B0xT1xT3)",
        ),
        (
            Position.from_pieces("mosona", {**CHAIN, "T4": "w"}),
            "B0xT1xT3xT5",
            IllegalMoveError,
            "B0xT1xT3xT5: T4 holds your own piece; you can only jump the opponent's",
        ),
        (
            Position.from_pieces("mosona", CHAIN, rules="maximum"),
            "B5xB7",
            IllegalMoveError,
            "B5xB7: a larger capture exists: you must take 2 pieces (for example B0xT1xT3)",
        ),
        (
            Position.from_pieces("mosona", CHAIN, rules="ludii"),
            "B0xT1xT3",
            IllegalMoveError,
            "B0xT1xT3: one leap per turn under these rules",
        ),
        (
            Position.from_pieces("mosona", {"B0": "w"}, turn="b"),
            "T0-T1",
            GameOverError,
            "T0-T1: the game is over: White wins (no pieces left)",
        ),
        (
            Position.from_pieces(
                "mosona", {"B0": "w", "T0": "b"}, rules=Rules(quiet_turn_limit=5), quiet_turns=5
            ),
            "B0-B1",
            GameOverError,
            "B0-B1: the game is over: Draw (turn limit without a capture)",
        ),
    ],
)
def test_every_refusal_names_its_reason(
    position: Position, move: object, error: type[Exception], message: str
) -> None:
    refused(position, move, error, message)


def test_the_capture_that_must_continue_is_legal_in_full() -> None:
    chain = Position.from_pieces("mosona", CHAIN)
    assert {str(m) for m in chain.legal_moves()} == {"B0xT1xT3", "B5xB7"}
    assert str(Position.from_pieces("mosona", CHAIN, rules="maximum").legal_moves()[0]) == "B0xT1xT3"
    assert {
        str(m) for m in Position.from_pieces("mosona", CHAIN, rules="ludii").legal_moves() if m.is_capture
    } == {"B0xT1", "B5xB7"}
    optional = Position.from_pieces("mosona", CHAIN, rules="standard,multi_leap=optional")
    assert {"B0xT1", "B0xT1xT3"} <= {str(m) for m in optional.legal_moves()}


def test_a_game_over_move_is_a_game_over_error_before_anything_else() -> None:
    finished = Position.from_pieces("mosona", {"B0": "w"}, turn="b")
    assert issubclass(GameOverError, IllegalMoveError)
    refused(finished, "B0-B1", GameOverError, "B0-B1: the game is over: White wins (no pieces left)")
    # ... but an unreadable move is reported as such
    refused(
        finished,
        "??",
        InvalidMoveError,
        "cannot read the move '??': write a step as B3-M4 and leaps as T4xB3 or T4xB3xB5",
    )


# Bent leaps: T4 can reach B4 over M4 (T4-M4-B4) or over M5 (T4-M5-B4): both bend.
BENT = Position.from_pieces(
    "mosona", {"T4": "w", "M4": "b", "M5": "b", "T0": "b"}, rules="ludii,leap_shape=bent"
)


def test_an_ambiguous_bent_leap_needs_the_full_form() -> None:
    refused(BENT, "T4xB4", InvalidMoveError, "T4xB4: ambiguous; name the jumped points: T4x(M4)B4, T4x(M5)B4")
    assert BENT.play("T4x(M4)B4").pieces() == {"T0": Color.BLACK, "M5": Color.BLACK, "B4": Color.WHITE}
    assert BENT.play("T4x(M5)B4").pieces() == {"T0": Color.BLACK, "M4": Color.BLACK, "B4": Color.WHITE}
    assert BENT.play(Move("T4", ("B4",), ("M5",))) == BENT.play("T4x(M5)B4")


def test_bent_leap_refusals() -> None:
    refused(BENT, "T4x(T3)B4", IllegalMoveError, "T4x(T3)B4: T4, T3 and B4 are not joined by lines")
    refused(BENT, "T4xB7", IllegalMoveError, "T4xB7: B7 is not two steps from T4 along the lines")
    refused(BENT, "T4xT2", IllegalMoveError, "T4xT2: there is no piece on T3 to jump")
    # the line version of the same position refuses the bent leaps
    line = Position.from_pieces("mosona", BENT.pieces(), rules="ludii")
    refused(line, "T4xB4", IllegalMoveError, "T4xB4: no line runs from T4 over one point to B4")
    refused(line, "T4x(M4)B4", IllegalMoveError, "T4x(M4)B4: T4, M4 and B4 do not follow one line")


def test_bent_leaps_break_the_documented_opening() -> None:
    # With bent leaps White can capture at once: the reading the project rejects.
    bent = Position.start("mosona", "standard,leap_shape=bent")
    assert all(m.is_capture for m in bent.legal_moves())
    assert not any(m.is_capture for m in Position.start("mosona").legal_moves())


# ---------------------------------------------------------------------------
# end rules


def test_no_pieces_left() -> None:
    white_won = Position.from_pieces("mosona", {"B0": "w"}, turn="b")
    assert white_won.outcome() == Outcome(Color.WHITE, EndReason.NO_PIECES)
    assert Position.from_pieces("mosona", {"B0": "w"}, turn="w").outcome() == Outcome(
        Color.WHITE, EndReason.NO_PIECES
    )
    assert white_won.is_terminal() and white_won.legal_moves() == ()
    # The capture of the last piece ends the game.
    last = Position.from_pieces("mosona", {"B3": "w", "M4": "b"}, turn="w")
    assert last.play("B3xT4").outcome() == Outcome(Color.WHITE, EndReason.NO_PIECES)


# Black's single piece on T0 is hemmed in: every neighbour holds White and every leap lands on White.
HEMMED = {"T0": "b", "T1": "w", "T2": "w", "M0": "w", "M1": "w", "B0": "w", "B1": "w"}


def test_a_blocked_player_loses_or_draws() -> None:
    blocked = Position.from_pieces("mosona", HEMMED, turn="b")
    assert blocked.legal_moves() == ()
    assert blocked.outcome() == Outcome(Color.WHITE, EndReason.BLOCKED)
    assert str(blocked.outcome()) == "White wins (no legal move)"
    drawn = Position.from_pieces("mosona", HEMMED, turn="b", rules=Rules(blocked_player_loses=False))
    assert drawn.outcome() == Outcome(None, EndReason.BLOCKED)
    assert str(drawn.outcome()) == "Draw (no legal move)"
    # White, to move in the same position, is not blocked.
    assert Position.from_pieces("mosona", HEMMED, turn="w").outcome() is None


def test_the_quiet_turn_limit() -> None:
    pieces = {"B0": "w", "B1": "w", "T7": "b"}
    draw_rules = Rules(quiet_turn_limit=4)
    assert Position.from_pieces("mosona", pieces, quiet_turns=3, rules=draw_rules).outcome() is None
    at_limit = Position.from_pieces("mosona", pieces, quiet_turns=4, rules=draw_rules)
    assert at_limit.outcome() == Outcome(None, EndReason.QUIET_LIMIT) and at_limit.legal_moves() == ()
    scored = Rules(quiet_turn_limit=4, no_capture_result="more_pieces")
    assert Position.from_pieces("mosona", pieces, quiet_turns=4, rules=scored).outcome() == Outcome(
        Color.WHITE, EndReason.QUIET_LIMIT
    )
    even = {"B0": "w", "T7": "b"}
    assert Position.from_pieces("mosona", even, quiet_turns=4, rules=scored).outcome() == Outcome(
        None, EndReason.QUIET_LIMIT
    )
    unlimited = Rules(quiet_turn_limit=None)
    assert Position.from_pieces("mosona", pieces, quiet_turns=10_000, rules=unlimited).outcome() is None


def test_quiet_turns_count_up_and_reset_on_capture() -> None:
    p = Position.start("mosona")
    p = p.play("B3-M4")
    assert p.quiet_turns == 1
    assert p.play("T4xB3").quiet_turns == 0


def test_outcome_values() -> None:
    win = Outcome(Color.BLACK, EndReason.BLOCKED)
    assert win.result == "black" and win.returns() == {Color.BLACK: 1, Color.WHITE: -1}
    draw = Outcome(None, EndReason.REPETITION)
    assert draw.result == "draw" and draw.returns() == {Color.WHITE: 0, Color.BLACK: 0}
    assert str(draw) == "Draw (position repeated)"


def test_positions_pickle_and_copy() -> None:
    import copy
    import pickle

    p = Position.start("kolowis", "ludii").play("M9-M8")
    for clone in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert clone == p and clone.legal_moves() == p.legal_moves() and clone.text() == p.text()


# --- playing the generator's moves -------------------------------------------------------


def test_a_move_from_legal_moves_plays_like_its_text_and_its_child_is_a_checked_position() -> None:
    rng = random.Random(19)
    for name, rules in [
        ("mosona", "standard"),
        ("kolowis", "ludii"),
        ("tukvnanawopi-shrinking", "standard"),
        ("zuni-5", "standard,leap_shape=bent"),
    ]:
        position = Position.start(name, rules)
        for _ in range(40):
            moves = position.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            child = position.play(move)
            assert (
                child
                == position.play(move.text(full=True))
                == position.play(Move(move.origin, move.landings, move.captures))
            )
            # Built without checks, the child is the position the checked constructor makes.
            rebuilt = Position(
                child.variant, child.white, child.black, child.turn, child.quiet_turns, child.dead
            )
            assert rebuilt == child and rebuilt.legal_moves() == child.legal_moves()
            assert rebuilt.outcome() == child.outcome() and rebuilt.text() == child.text()
            position = child


def test_a_move_of_another_position_is_checked_and_refusal_changes_nothing() -> None:
    start = Position.start("mosona")
    step = start.legal_moves()[1]  # B3-M4
    after = start.play(step)
    text = after.text()
    with pytest.raises(IllegalMoveError, match="B3-M4: there is no piece on B3"):
        after.play(step)  # the same Move object, from the position before: not legal here
    assert after.text() == text and after.legal_moves()[0].text() == "T4xB3"
    # An equal Move made by hand is the legal one, checked, and plays the same.
    assert start.play(Move("B3", ("M4",))) == start.play(step)
    with pytest.raises(AttributeError, match="immutable"):
        after.turn = Color.WHITE  # type: ignore[misc]


def test_a_move_of_the_wrong_type_is_a_type_error_and_still_an_invalid_move() -> None:
    start = Position.start("mosona")
    for wrong in (42, None, ["B3", "M4"], 3.5):
        with pytest.raises(TypeError, match="a move is a Move or a text"):
            start.play(wrong)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):  # code that catches the old class keeps working
            start.play(wrong)  # type: ignore[arg-type]
