"""The relatives (Indian war games, shrinking Hopi boards) in the widget, as SVG and in the CLI.

Clicks go through ``BoardWidget.handle_click(x, y)`` with canvas pixels from
the board's Layout, as in tests/test_widgets.py; no browser is needed.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from awithlaknannai import Position
from awithlaknannai.cli import main as cli_main
from awithlaknannai.render.geometry import board_layout
from awithlaknannai.render.svg import board_svg, position_svg
from awithlaknannai.variants import VARIANT_NAMES
from awithlaknannai.widgets import BoardWidget
from awithlaknannai.widgets.drawing import board_ops, hop_segments, pieces_ops, point_on_segments

RELATIVES = [
    "lau-kata-kati",
    "dash-guti",
    "egara-guti",
    "pretwa",
    "gol-skuish",
    "tukvnanawopi-shrinking",
    "tuknanavuhpi",
]
SVG = "{http://www.w3.org/2000/svg}"


def click(board: BoardWidget, point: str):
    x, y = board.geometry.xy(point)
    return board.handle_click(x, y)


@pytest.mark.parametrize("name", RELATIVES)
def test_the_opening_is_played_by_clicks_the_centre_filled_then_jumped(name: str) -> None:
    board = BoardWidget(name, animate=False)
    first = board.game.position.legal_moves()[0]
    assert click(board, first.origin).accepted
    assert click(board, first.destination).played == first
    reply = board.game.position.legal_moves()[0]
    for point in reply.path:
        result = click(board, point)
    assert result.played == reply and board.game.moves == [first, reply]
    if name not in ("tukvnanawopi-shrinking", "tuknanavuhpi"):  # the war games' documented opening
        assert reply.is_capture and reply.captures == (first.destination,)


def test_the_widget_greys_the_dead_part_and_refuses_clicks_on_it(shrunk_position: Position) -> None:
    position = shrunk_position
    board = BoardWidget(position, animate=False)
    ops = pieces_ops(board.geometry, board.game.position)
    assert sum(op[0] == "arc" for op in ops) == len(position.dead_points) == 14
    click(board, "a3")
    result = click(board, "a2")
    assert not result.accepted and board.game.position == position


@pytest.mark.parametrize("name", RELATIVES)
def test_each_relative_draws_as_svg_with_every_edge(name: str) -> None:
    position = Position.start(name)
    root = ET.fromstring(position_svg(position))
    edges = [el for el in root.iter() if "line" in (el.get("class") or "").split()]
    assert len(edges) == position.variant.board.number_of_edges()
    arcs = [el for el in edges if "arc" in el.get("class").split()]
    assert len(arcs) == sum(
        len(position.variant.board.graph["lines"][i]) - 1
        for i in position.variant.board.graph.get("arc_centres", {})
    )
    assert all(" A" in el.get("d") or el.get("d").count("A") == 1 for el in arcs)
    assert board_svg(position.variant.board).startswith("<svg")


def test_circles_fit_the_picture_and_arcs_pass_through_the_points() -> None:
    board = Position.start("pretwa").variant.board
    layout = board_layout(board, unit=50, margin=30)
    # the outer circle (radius 3 units) touches the margins left and right
    assert layout.width == 6 * 50 + 2 * 30
    segments = hop_segments(layout, "f3", "b3")  # a leap round the top of the outer circle
    assert [s.kind for s in segments] == ["arc", "arc"]
    mid = point_on_segments(segments, 0.5)
    assert mid == pytest.approx(layout.xy("a3"))
    quarter = point_on_segments(segments, 0.25)
    centre = layout.xy("o0")
    radius = ((layout.xy("a3")[0] - centre[0]) ** 2 + (layout.xy("a3")[1] - centre[1]) ** 2) ** 0.5
    assert ((quarter[0] - centre[0]) ** 2 + (quarter[1] - centre[1]) ** 2) ** 0.5 == pytest.approx(radius)
    ops = board_ops(layout)
    assert sum(op[0] == "arc" for op in ops) == 18  # three circles of six arcs


def test_the_cli_lists_and_plays_the_relatives(capsys: pytest.CaptureFixture[str]) -> None:
    for name in RELATIVES:
        assert name in VARIANT_NAMES
    assert cli_main(["perft", "--variant", "pretwa", "--depth", "3"]) == 0
    assert capsys.readouterr().out == "1 3\n2 5\n3 7\n"


@pytest.mark.parametrize("name", RELATIVES)
def test_random_games_end_and_keep_every_piece_on_a_live_point(name: str) -> None:
    rng = random.Random(name)
    for preset in ("standard", "ludii"):
        position = Position.start(name, preset)
        for _ in range(400):
            if position.outcome() is not None:
                break
            after = position.play(rng.choice(position.legal_moves()))
            assert after.dead & position.dead == position.dead
            assert not after.dead & (after.white | after.black)
            assert after.count("w") <= position.count("w") and after.count("b") <= position.count("b")
            position = after
        assert position.outcome() is not None or position.quiet_turns < 50


# Perft from the start, depths 1-6, per preset: regression figures (benchmarks/perft-results.txt),
# each checked against the slow oracle. The shrinking boards cannot shrink in six plies from the
# start (an end row holds 14 or 5 pieces), so theirs equal plain Tukvnanawopi's; the shrinking
# itself is checked against the oracle from thin positions in tests/test_shrinking.py.
PERFT = {
    ("lau-kata-kati", "standard"): [3, 3, 3, 7, 27, 47],
    ("lau-kata-kati", "maximum"): [3, 3, 3, 7, 27, 47],
    ("lau-kata-kati", "ludii"): [3, 3, 9, 39, 167, 737],
    ("dash-guti", "standard"): [4, 4, 6, 13, 43, 100],
    ("dash-guti", "maximum"): [4, 4, 6, 13, 43, 98],
    ("dash-guti", "ludii"): [4, 4, 15, 58, 237, 1147],
    ("egara-guti", "standard"): [3, 3, 3, 9, 35, 71],
    ("egara-guti", "maximum"): [3, 3, 3, 9, 35, 71],
    ("egara-guti", "ludii"): [3, 3, 9, 41, 189, 927],
    ("pretwa", "standard"): [3, 5, 7, 18, 56, 146],
    ("pretwa", "maximum"): [3, 5, 7, 16, 42, 102],
    ("pretwa", "ludii"): [3, 7, 25, 129, 677, 4243],
    ("gol-skuish", "standard"): [3, 5, 7, 18, 56, 146],
    ("gol-skuish", "maximum"): [3, 5, 7, 16, 42, 102],
    ("gol-skuish", "ludii"): [3, 7, 25, 129, 677, 4243],
    ("tukvnanawopi-shrinking", "standard"): [4, 6, 8, 22, 69, 269],
    ("tukvnanawopi-shrinking", "maximum"): [4, 6, 8, 19, 58, 227],
    ("tukvnanawopi-shrinking", "ludii"): [4, 10, 45, 284, 2118, 17334],
    ("tuknanavuhpi", "standard"): [4, 6, 8, 22, 69, 269],
    ("tuknanavuhpi", "maximum"): [4, 6, 8, 19, 58, 227],
    ("tuknanavuhpi", "ludii"): [4, 10, 45, 284, 2118, 17334],
}


@pytest.mark.parametrize(("name", "preset"), list(PERFT))
def test_perft_tables_of_the_relatives_agree_with_the_oracle(name: str, preset: str) -> None:
    from oracle import leap_triples, oracle_perft

    from awithlaknannai import perft

    start = Position.start(name, preset)
    variant = start.variant
    assert [perft(start, depth) for depth in range(1, 7)] == PERFT[(name, preset)]
    pieces = {p: c.char for p, c in start.pieces().items()}
    triples = leap_triples(variant.board, variant.rules.leap_shape)
    shrink = (variant.shrink.unit, (0.0, 4.0, 0.0, 4.0)) if variant.shrink is not None else None
    deepest = 5 if shrink and preset == "ludii" else 6  # the oracle's 17,334 leaves take seconds
    for depth in range(1, deepest + 1):
        assert (
            oracle_perft(variant.board, variant.rules, pieces, start.turn.char, 0, depth, triples, shrink)
            == PERFT[(name, preset)][depth - 1]
        )


def test_the_printed_rules_mention_circles_and_the_shrinking_board() -> None:
    from awithlaknannai import get_variant
    from awithlaknannai.render.export import rules_summary

    assert "along a circle" in " ".join(rules_summary(get_variant("pretwa")))
    assert "along a circle" not in " ".join(rules_summary(get_variant("lau-kata-kati")))
    playable = rules_summary(get_variant("tukvnanawopi-shrinking"))[-1]
    dead = rules_summary(get_variant("tukvnanawopi-shrinking", "standard,shrink_boundary=dead"))[-1]
    assert "out of play" in playable and "stays playable" in playable and "goes out of play too" in dead
    assert "line of points" in rules_summary(get_variant("tuknanavuhpi"))[-1]


@pytest.mark.parametrize("spec", ["greedy", "alphabeta:3", "mcts:60"])
def test_computer_players_keep_to_the_live_part_of_a_shrunk_board(spec: str) -> None:
    from awithlaknannai.players import make_player

    player = make_player(spec, seed=1)
    position = Position.from_pieces(
        "tukvnanawopi-shrinking",
        {"a2": "w", "b4": "w", "d4": "b", "e5": "b"},
        "w",
        rules="standard,shrink_boundary=dead",
    ).play("a2-a3")
    for _ in range(12):
        if position.outcome() is not None:
            break
        move = player.choose_move(position)
        assert move in position.legal_moves() and not set(move.path) & set(position.dead_points)
        position = position.play(move)
