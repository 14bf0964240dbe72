"""Board statistics and comparison figures."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import networkx as nx
import pytest

from awithlaknannai import boards, get_variant
from awithlaknannai.render.compare import (
    STATISTICS,
    BoardComparison,
    board_statistics,
    compare_boards,
    compare_boards_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    wanted = set(css.split())
    return [el for el in root.iter() if wanted <= set(el.get("class", "").split())]


@pytest.mark.parametrize(
    "board, points, edges, leap_lines, degrees",
    [
        (boards.mosona(), 25, 54, 35, {3: 6, 4: 12, 6: 7}),
        (boards.mosona(outer_lines=False), 25, 40, 23, {2: 16, 3: 2, 6: 7}),
        (boards.kolowis(), 49, 110, 75, {3: 6, 4: 28, 6: 15}),
        (boards.alquerque(), 25, 56, 40, {3: 12, 4: 4, 5: 4, 8: 5}),
        (boards.tukvnanawopi(), 41, 104, 80, {3: 4, 4: 16, 5: 12, 8: 9}),
    ],
    ids=["mosona", "murray", "kolowis", "alquerque", "tukvnanawopi"],
)
def test_known_counts(board, points, edges, leap_lines, degrees):
    stats = board_statistics(board)
    assert stats["points"] == points
    assert stats["edges"] == edges
    assert stats["leap_lines"] == leap_lines
    assert stats["directed_leaps"] == 2 * leap_lines
    assert stats["degree_histogram"] == degrees
    assert sum(degrees.values()) == points
    assert sum(d * n for d, n in degrees.items()) == 2 * edges  # handshake lemma
    assert stats["mean_degree"] == pytest.approx(2 * edges / points)
    assert stats["drawn_lines"] == len(board.graph["lines"])


def test_distances_on_the_mosona_boards():
    culin, murray = board_statistics("mosona"), board_statistics("mosona-murray")
    # End to end along the middle row is 8 steps on both drawings ...
    assert culin["diameter"] == murray["diameter"] == 8
    # ... but without the outer-row lines points are further apart on average.
    assert murray["average_shortest_path"] > culin["average_shortest_path"]
    assert 0 <= culin["average_clustering"] <= 1


def test_zuni_diameter_grows_with_the_board():
    diameters = [board_statistics(f"zuni-{n}")["diameter"] for n in range(2, 9)]
    assert diameters == sorted(diameters) and diameters[0] < diameters[-1]


def test_variants_names_and_boards_give_the_same_numbers():
    by_name = board_statistics("kolowis")
    assert by_name == board_statistics(get_variant("kolowis")) == board_statistics(boards.kolowis())


def test_a_hand_built_graph_is_measured_too():
    stats = board_statistics(nx.path_graph(4))
    assert (stats["points"], stats["edges"], stats["leap_lines"], stats["diameter"]) == (4, 3, None, 3)
    split = nx.Graph([(0, 1), (2, 3)])
    assert board_statistics(split)["diameter"] is None
    with pytest.raises(ValueError, match="at least one point"):
        board_statistics(nx.Graph())
    with pytest.raises(ValueError, match="expected a board"):
        board_statistics(3.5)


def test_comparison_table():
    table = compare_boards(["mosona", "mosona-murray", boards.kolowis()])
    assert isinstance(table, BoardComparison)
    assert table.labels == ["mosona", "mosona-murray", "Kolowis Awithlaknannai"]
    assert [row["edges"] for row in table.rows] == [54, 40, 110]
    assert table.value("mosona-murray", "leap_lines") == 23
    with pytest.raises(ValueError, match="no board labelled 'chess'"):
        table.value("chess", "edges")
    with pytest.raises(ValueError, match="unknown statistic 'colour'"):
        table.value("mosona", "colour")
    text = table.text().splitlines()
    assert len(text) == 1 + len(STATISTICS)


def test_comparison_html_is_a_table_with_a_column_per_board():
    table = compare_boards(
        [boards.mosona(), boards.mosona(outer_lines=False)], labels=["Culin <1907>", "Murray & co"]
    )
    root = ET.fromstring(table._repr_html_())  # well-formed, so escaped
    heads = [th.text for th in root.find("thead").iter("th")]
    assert heads == [None, "Culin <1907>", "Murray & co"]
    rows = root.find("tbody").findall("tr")
    assert len(rows) == len(STATISTICS)
    edges_row = next(r for r in rows if r.find("th").text == STATISTICS["edges"])
    assert [td.text for td in edges_row.findall("td")] == ["54", "40"]


def test_comparison_figure_stacks_the_boards_with_their_numbers():
    svg = compare_boards_svg(
        ["mosona", boards.mosona(outer_lines=False), "kolowis"], labels=["Culin", "Murray", "Kolowis"]
    )
    root = ET.fromstring(svg)
    pictures = [g.find(SVG + "svg") for g in by_class(root, "board")]
    assert len(pictures) == 3
    tops = [float(p.get("y")) for p in pictures]
    assert tops == sorted(tops)  # one above the other
    for picture, following in pairwise(pictures):
        assert float(picture.get("y")) + float(picture.get("height")) <= float(following.get("y"))
    assert [el.text for el in by_class(root, "caption")] == ["Culin", "Murray", "Kolowis"]
    stats = [el.text for el in by_class(root, "stats")]
    assert "54 edges" in stats[0] and "40 edges" in stats[1] and "49 points" in stats[2]
    # names are drawn with their start pieces; a bare board is drawn empty
    assert len(by_class(pictures[0], "piece")) == 24
    assert by_class(pictures[1], "piece") == []
    # same scale: Kolowis is about twice as wide as Mosona
    assert float(pictures[2].get("width")) > 1.8 * float(pictures[0].get("width"))
    assert "Culin" in root.find(SVG + "title").text


def test_comparison_figure_without_numbers_and_bad_input():
    root = ET.fromstring(compare_boards_svg(["zuni-3"], stats=False))
    assert by_class(root, "stats") == []
    with pytest.raises(ValueError, match="got 1 labels for 2 boards"):
        compare_boards_svg(["mosona", "kolowis"], labels=["only one"])
    with pytest.raises(ValueError, match="nothing to compare"):
        compare_boards([])


def test_comparison_svg_method_matches_the_function():
    table = compare_boards(["mosona", "kolowis"])
    assert table.svg() == compare_boards_svg(["mosona", "kolowis"], labels=["mosona", "kolowis"])


def test_a_compare_widget_saved_in_a_notebook_shows_pictures_not_a_python_repr():
    from awithlaknannai.widgets import CompareWidget

    view = CompareWidget(["mosona", "mosona-murray"], moves="1. M5-M4 M3xM5", animate=False)
    bundle = view._repr_mimebundle_()
    shown = bundle["text/html"]
    assert shown.count("<img alt=") == 2 and "Run this cell" in shown
    assert "<b>mosona</b>" in shown and "<b>mosona-murray</b>" in shown
    assert "CompareWidget" not in shown and "&lt;" not in shown.split("<img", 1)[0]
    assert bundle["text/plain"].startswith("<CompareWidget: mosona")  # the plain text keeps its one line
