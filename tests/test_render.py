"""The SVG pictures: well-formed, accessible, complete, and faithful to the position."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from awithlaknannai import Color, Game, Position, boards, get_variant
from awithlaknannai.position import EndReason
from awithlaknannai.render import style
from awithlaknannai.render.geometry import board_layout
from awithlaknannai.render.svg import board_svg, game_svg, heat_color, position_svg
from awithlaknannai.variants import variant_names

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = variant_names(zuni_sizes=[2, 5], zuni_murray_sizes=[6])


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises ParseError unless well-formed


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    """Elements whose class attribute holds every class named in ``css``."""
    wanted = set(css.split())
    return [el for el in root.iter() if wanted <= set(el.get("class", "").split())]


def child_text(root: ET.Element, tag: str) -> str:
    element = root.find(SVG + tag)
    assert element is not None, f"no <{tag}> under the root"
    return element.text or ""


def point_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    return {
        el.get("data-point"): (float(el.get("cx")), float(el.get("cy"))) for el in by_class(root, "point")
    }


# --- structure, for every variant --------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_start_position_has_every_point_line_and_piece(name):
    position = Position.start(name)
    board = position.variant.board
    root = parse(position_svg(position))
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert re.fullmatch(r"0 0 \d+(\.\d+)? \d+(\.\d+)?", root.get("viewBox"))
    assert len(by_class(root, "point")) == board.number_of_nodes()
    assert sorted(el.get("data-point") for el in by_class(root, "point")) == sorted(board.nodes)
    assert len(by_class(root, "line")) == board.number_of_edges()
    drawn_edges = {frozenset(el.get("data-edge").split()) for el in by_class(root, "line")}
    assert drawn_edges == {frozenset(e) for e in board.edges}
    assert len(by_class(root, "line curved")) == 2 * len(board.graph["curved_lines"])
    for color in Color:
        pieces = by_class(root, f"piece {color.value}")
        assert len(pieces) == position.count(color)
        assert {el.get("data-point") for el in pieces} == set(position.pieces(color))


@pytest.mark.parametrize("name", VARIANTS)
def test_title_and_description_speak_the_position(name):
    position = Position.start(name)
    root = parse(position_svg(position))
    title, desc = child_text(root, "title"), child_text(root, "desc")
    # The game's name: the board's, but for a game played on another game's board.
    game = "Tuknanavuhpi" if name == "tuknanavuhpi" else position.variant.board.graph["name"]
    assert title.startswith(f"{game}: ") and desc.startswith(f"{game}, ")
    white, black = position.count(Color.WHITE), position.count(Color.BLACK)
    assert f"White to move, {white} white and {black} black pieces" in desc
    # aria-labelledby names the title and description by their ids
    ids = root.get("aria-labelledby").split()
    assert ids == [root.find(SVG + "title").get("id"), root.find(SVG + "desc").get("id")]


def test_empty_board_has_no_pieces_and_says_so():
    board = boards.mosona()
    root = parse(board_svg(board))
    assert by_class(root, "piece") == []
    assert len(by_class(root, "point")) == 25
    assert "25 points joined by 54 line segments along 19 drawn lines" in child_text(root, "desc")
    assert child_text(root, "title") == "Awithlaknannai Mosona"


def test_every_id_is_unique_and_every_reference_resolves():
    before = Position.start("mosona").play("B3-M4")
    leap = before.legal_moves()[0]
    svg = position_svg(before, path=leap, heat={"M4": 0.5}, labels=True)
    root = parse(svg)
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    for ref in re.findall(r"url\(#([^)]+)\)", svg):
        assert ref in ids


def test_output_is_deterministic_and_ids_differ_between_pictures():
    first, again = board_svg(boards.mosona()), board_svg(boards.mosona())
    assert first == again
    other = board_svg(boards.kolowis())
    assert parse(first).find(SVG + "title").get("id") != parse(other).find(SVG + "title").get("id")


def test_rendering_leaves_board_and_position_unchanged():
    position = Position.start("mosona")
    board = position.variant.board
    nodes, edges, graph = dict(board.nodes(data=True)), list(board.edges(data=True)), dict(board.graph)
    text = position.text()
    position_svg(position, labels=True, flipped=True, heat={"M4": 1.0}, captured=["M4"], targets=["M4"])
    assert dict(board.nodes(data=True)) == nodes and list(board.edges(data=True)) == edges
    assert dict(board.graph) == graph
    assert position.text() == text


# --- options ---------------------------------------------------------------------------


def test_labels_name_every_point():
    board = boards.tukvnanawopi()
    root = parse(board_svg(board, labels=True))
    assert sorted(el.text for el in by_class(root, "label")) == sorted(board.nodes)
    assert by_class(parse(board_svg(board)), "label") == []


def test_labels_and_titles_are_escaped():
    board = boards.zuni(2)
    board.nodes["M1"]["label"] = "<M1 & co>"
    svg = board_svg(board, labels=True, title='Tom & "Jerry" <3')
    root = parse(svg)
    assert "<M1 & co>" in [el.text for el in by_class(root, "label")]
    assert child_text(root, "title") == 'Tom & "Jerry" <3'
    assert [el.text for el in by_class(root, "title")] == ['Tom & "Jerry" <3']


def test_flip_turns_the_board_half_round():
    straight = point_centres(parse(board_svg(boards.mosona())))
    flipped_root = parse(board_svg(boards.mosona(), flipped=True))
    flipped = point_centres(flipped_root)
    width, height = float(flipped_root.get("width")), float(flipped_root.get("height"))
    assert straight["T0"] != flipped["T0"]
    for point, (x, y) in straight.items():
        fx, fy = flipped[point]
        assert fx == pytest.approx(width - x, abs=0.01)
        assert fy == pytest.approx(height - y, abs=0.01)


def test_points_sit_where_the_shared_geometry_puts_them():
    board = boards.kolowis()
    layout = board_layout(board, unit=50, margin=50 * 0.7)
    centres = point_centres(parse(board_svg(board, unit=50)))
    for point in board.nodes:
        assert centres[point] == pytest.approx(layout.xy(point), abs=0.01)


def test_unit_scales_the_picture():
    small = parse(board_svg(boards.mosona(), unit=30))
    large = parse(board_svg(boards.mosona(), unit=60))
    assert float(large.get("width")) == pytest.approx(2 * float(small.get("width")), abs=1)
    with pytest.raises(ValueError, match="unit"):
        board_svg(boards.mosona(), unit=0)


def test_title_adds_a_visible_heading():
    plain = parse(board_svg(boards.mosona()))
    titled = parse(board_svg(boards.mosona(), title="The Mosona board"))
    assert by_class(plain, "title") == []
    assert [el.text for el in by_class(titled, "title")] == ["The Mosona board"]
    assert float(titled.get("height")) > float(plain.get("height"))


# --- highlights --------------------------------------------------------------------------


@pytest.fixture
def double_leap():
    """White on T0 can leap round the curved end over M0 to B0, then over B1 to B2, then over M2 to T1."""
    position = Position.from_pieces("mosona", {"T0": "w", "M0": "b", "B1": "b", "M2": "b", "T3": "b"}, "w")
    (move,) = position.legal_moves()
    assert str(move) == "T0xB0xB2xT1"
    return position, move


def test_selected_targets_and_leap_arrows(double_leap):
    position, move = double_leap
    svg = position_svg(position, selected=move.origin, targets=move.landings, path=move)
    root = parse(svg)
    assert [el.get("data-point") for el in by_class(root, "selected")] == ["T0"]
    assert sorted(el.get("data-point") for el in by_class(root, "target")) == ["B0", "B2", "T1"]
    arrows = by_class(root, "path")
    assert len(arrows) == 3  # one per hop
    assert all(el.get("marker-end", "").startswith("url(#") for el in arrows)
    assert root.find(f".//{SVG}marker") is not None
    # the first hop follows the curved end line: a quadratic curve, not a straight chord
    assert "Q" in arrows[0].get("d")


def test_bent_leaps_are_drawn_through_the_jumped_point():
    position = Position.start("mosona", "standard,leap_shape=bent").play("M5xM4xT4xM5")
    move = position.find_move("T6xT5xT4")
    assert move.captures == ("M6", "M5")
    root = parse(position_svg(position, path=move, last_move=move))
    arrows = [el.get("d") for el in by_class(root, "path")]
    # T6 and T5 are neighbours on the top line, but the leap goes round through M6: two segments
    assert [d.count("L") + d.count("Q") for d in arrows] == [2, 2]
    centres = point_centres(root)
    m6 = centres["M6"]
    assert f"L{m6[0]:g} {m6[1]:g}" in arrows[0]


def test_last_move_and_captures_after_a_leap(double_leap):
    position, move = double_leap
    after = position.play(move)
    root = parse(position_svg(after, last_move=move, captured=move.captures))
    (shade,) = by_class(root, "last-move")
    path = shade.find(SVG + "path").get("d")
    assert path.count("L") + path.count("Q") == 6  # three leaps, two edges each
    assert sorted(el.get("data-point") for el in by_class(root, "captured")) == ["B1", "M0", "M2"]
    # the captured pieces are gone, so faded black ghosts mark where they stood
    assert len(by_class(root, "ghost black")) == 3
    assert len(by_class(root, "piece black")) == 1
    assert "Last move T0xB0xB2xT1." in child_text(root, "desc")


def test_captured_piece_still_on_the_board_is_crossed_not_ghosted():
    position = Position.start("mosona").play("B3-M4")
    root = parse(position_svg(position, captured=["M4"]))
    assert len(by_class(root, "captured")) == 1
    assert by_class(root, "ghost") == []


def test_last_move_as_a_list_of_points():
    root = parse(position_svg(Position.start("mosona"), last_move=["B3", "M4"]))
    assert len(by_class(root, "last-move")) == 1


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("targets", ["Q9"], "targets: there is no point 'Q9'"),
        ("selected", "Q9", "selected: there is no point 'Q9'"),
        ("captured", ["M4", "Q9"], "captured: there is no point 'Q9'"),
        ("path", ["B3", "Q9"], "path: there is no point 'Q9'"),
        ("last_move", ["Q9", "M4"], "last_move: there is no point 'Q9'"),
    ],
)
def test_bad_highlights_raise_a_clear_error(option, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        position_svg(Position.start("mosona"), **{option: value})


def test_a_move_text_where_a_move_or_points_belong_is_a_type_error():
    with pytest.raises(TypeError, match="last_move must be a Move or a sequence of points, not the text"):
        position_svg(Position.start("mosona"), last_move="B3-M4")


# --- heat maps ---------------------------------------------------------------------------


def test_heat_map_shades_the_given_points_and_adds_a_legend():
    board = boards.mosona()
    heat = {p: d / 6 for p, d in board.degree}
    root = parse(board_svg(board, heat=heat, heat_label="degree / 6"))
    disks = by_class(root, "heat")
    assert len(disks) == 25
    colours = {el.get("data-point"): el.get("fill") for el in disks}
    assert colours["M4"] == heat_color(1.0) and colours["T0"] == heat_color(0.5)
    (legend,) = by_class(root, "heat-legend")
    assert "degree / 6" in "".join(legend.itertext())
    assert "degree / 6" in child_text(root, "desc")
    assert by_class(parse(board_svg(board)), "heat-legend") == []


def test_heat_colours_run_dark_to_light():
    def lightness(colour):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    values = [lightness(heat_color(v / 10)) for v in range(11)]
    assert values == sorted(values)  # monotone, so the scale reads in greyscale too


@pytest.mark.parametrize(
    "heat, message",
    [
        ({"M4": 1.5}, r"heat\['M4'\] must be in \[0, 1\]"),
        ({"M4": -0.1}, r"heat\['M4'\] must be in \[0, 1\]"),
        ({"M4": float("nan")}, r"heat\['M4'\] must be in \[0, 1\]"),
        ({"M4": "hot"}, r"heat\['M4'\] must be a number"),
        ({"Z1": 0.5}, r"heat: there is no point 'Z1'"),
    ],
)
def test_bad_heat_raises(heat, message):
    with pytest.raises(ValueError, match=message):
        board_svg(boards.mosona(), heat=heat)


def test_heat_that_is_not_a_dict_is_a_type_error():
    with pytest.raises(TypeError, match=r"heat must be a dict"):
        board_svg(boards.mosona(), heat=[0.5])


# --- pieces are told apart without colour --------------------------------------------------


def test_piece_colours_differ_in_lightness_as_well_as_hue():
    def lightness(colour):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

    white, black = style.PIECE_FILL[Color.WHITE], style.PIECE_FILL[Color.BLACK]
    assert lightness(white) - lightness(black) > 0.6
    # each piece's rim contrasts with its own body
    for color in Color:
        assert abs(lightness(style.PIECE_RIM[color]) - lightness(style.PIECE_FILL[color])) > 0.4


# --- games and the notebook hooks -------------------------------------------------------------


def test_game_svg_highlights_the_last_move():
    game = Game("mosona")
    game.play("B3-M4")
    game.play("T4xB3")
    root = parse(game_svg(game))
    assert len(by_class(root, "last-move")) == 1
    assert [el.get("data-point") for el in by_class(root, "captured")] == ["M4"]
    fresh = parse(game_svg(Game("mosona")))
    assert by_class(fresh, "last-move") == [] and by_class(fresh, "captured") == []


def test_game_svg_reports_an_end_only_the_game_knows():
    start = Position.from_pieces("zuni-4", {"B0": "w", "T3": "b"}, "w")
    game = Game(start=start)
    for _ in range(2):
        for move in ("B0-B1", "T3-T2", "B1-B0", "T2-T3"):
            game.play(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason is EndReason.REPETITION
    assert game.position.outcome() is None
    root = parse(game_svg(game))
    assert "game over" in child_text(root, "desc") and "game over" in child_text(root, "title")


def test_finished_position_says_who_won():
    position = Position.from_pieces("zuni-3", {"M1": "w"}, "b")
    desc = child_text(parse(position_svg(position)), "desc")
    assert "game over, White wins (no pieces left)" in desc


def test_notebook_hooks_return_svg():
    for obj in (boards.alquerque(), Position.start("kolowis"), Game("zuni-3"), get_variant("mosona").board):
        data, _ = obj._repr_mimebundle_()
        assert set(data) == {"text/html"}  # IPython adds the repr as text/plain
        embedded = data["text/html"].split('src="data:image/svg+xml;base64,')[1].rstrip('">')
        parse(base64.b64decode(embedded).decode("utf-8"))


def test_plain_networkx_graph_with_positions_can_be_drawn():
    graph = nx.Graph(lines=[("a", "b", "c")])
    graph.add_nodes_from([("a", {"pos": (0, 0)}), ("b", {"pos": (1, 0)}), ("c", {"pos": (2, 0)})])
    graph.add_edges_from([("a", "b"), ("b", "c")])
    root = parse(board_svg(graph, labels=True))
    assert len(by_class(root, "point")) == 3 and len(by_class(root, "line")) == 2
    assert child_text(root, "title") == "Board"
