"""Board graphs: counts from the sources, line structure, coordinates, bad input."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest

from awithlaknannai import boards
from awithlaknannai.boards import alquerque, kolowis, leap_lines, leaps, mosona, rows, tukvnanawopi, zuni

ALL_BOARDS = {
    "mosona": mosona,
    "mosona-murray": lambda: mosona(outer_lines=False),
    "kolowis": kolowis,
    "zuni-2": lambda: zuni(2),
    "zuni-5": lambda: zuni(5),
    "zuni-5-murray": lambda: zuni(5, outer_lines=False),
    "alquerque": alquerque,
    "tukvnanawopi": tukvnanawopi,
    "lau-kata-kati": boards.lau_kata_kati,
    "dash-guti": boards.dash_guti,
    "dash-guti-ludii": lambda: boards.dash_guti(side_lines=True),
    "egara-guti": boards.egara_guti,
    "pretwa": boards.pretwa,
    "gol-skuish": boards.gol_skuish,
}


def counts(G: nx.Graph) -> tuple[int, int, int, int]:
    """(points, edges, directed leaps, leap lines)."""
    return G.number_of_nodes(), G.number_of_edges(), len(leaps(G)), len(leap_lines(G))


def test_mosona_counts_with_outer_lines() -> None:
    assert counts(mosona()) == (25, 54, 70, 35)


def test_mosona_counts_without_outer_lines() -> None:
    assert counts(mosona(outer_lines=False)) == (25, 40, 46, 23)


def test_kolowis_counts() -> None:
    G = kolowis()
    assert (G.number_of_nodes(), G.number_of_edges(), len(leaps(G))) == (49, 110, 150)


def test_alquerque_counts() -> None:
    # 5 rows and 5 columns of 3 leap runs each, two long diagonals of 3 and four short of 1.
    assert counts(alquerque()) == (25, 56, 80, 40)


def test_tukvnanawopi_counts() -> None:
    # Diagonals pass through the square centres: 9, 7, 5 and 3 points long.
    assert counts(tukvnanawopi()) == (41, 104, 160, 80)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 11, 16, 25])
def test_zuni_counts_follow_the_formula(n: int) -> None:
    # Middle row n+1 points, outer rows n each; 2(n-1) crossing diagonals and two end curves.
    assert counts(zuni(n)) == (3 * n + 1, 7 * n - 2, 2 * (5 * n - 5), 5 * n - 5)
    assert len(zuni(n).graph["lines"]) == 2 * n + 3
    assert counts(zuni(n, outer_lines=False)) == (3 * n + 1, 5 * n, 2 * (3 * n - 1), 3 * n - 1)
    assert len(zuni(n, outer_lines=False).graph["lines"]) == 2 * n + 1


def test_mosona_is_zuni_8_and_kolowis_is_zuni_16() -> None:
    assert nx.utils.graphs_equal(mosona(), zuni(8)) is False  # the names differ ...
    assert set(mosona().edges) == set(zuni(8).edges)  # ... the boards do not
    assert set(mosona(outer_lines=False).edges) == set(zuni(8, outer_lines=False).edges)
    assert set(kolowis().edges) == set(zuni(16).edges)


def test_mosona_degrees() -> None:
    G = mosona()
    degree = dict(G.degree)
    for corner in ("T0", "T7", "B0", "B7", "M0", "M8"):
        assert degree[corner] == 3, corner
    for i in range(1, 7):
        assert degree[f"T{i}"] == 4 and degree[f"B{i}"] == 4
    for j in range(1, 8):
        assert degree[f"M{j}"] == 6


def test_mosona_degrees_without_outer_lines() -> None:
    degree = dict(mosona(outer_lines=False).degree)
    assert {degree[f"{r}{i}"] for r in "TB" for i in range(8)} == {2}
    assert degree["M0"] == degree["M8"] == 3
    assert {degree[f"M{j}"] for j in range(1, 8)} == {6}


def test_the_centre_point_and_its_neighbours() -> None:
    G = mosona()
    assert G.nodes["M4"]["pos"] == (3.5, 0.0)
    assert sorted(G["M4"]) == ["B3", "B4", "M3", "M5", "T3", "T4"]
    assert G.nodes["T0"]["pos"] == (0.0, 1.0) and G.nodes["B7"]["pos"] == (7.0, -1.0)


@pytest.mark.parametrize("name", list(ALL_BOARDS))
def test_every_edge_lies_on_exactly_one_line(name: str) -> None:
    G = ALL_BOARDS[name]()
    on_lines: Counter[frozenset[str]] = Counter()
    for index, line in enumerate(G.graph["lines"]):
        closed = len(line) > 3 and line[0] == line[-1]  # a circle comes back to its start
        assert len(line) >= 2 and len(set(line)) == len(line) - closed, f"line {index} repeats a point"
        for a, b in zip(line, line[1:]):
            on_lines[frozenset((a, b))] += 1
            assert G.edges[a, b]["line"] == index
    assert set(on_lines) == {frozenset(e) for e in G.edges}
    assert set(on_lines.values()) == {1}


@pytest.mark.parametrize("name", list(ALL_BOARDS))
def test_nodes_carry_position_label_and_row(name: str) -> None:
    G = ALL_BOARDS[name]()
    assert nx.is_connected(G)
    positions = set()
    for node, data in G.nodes(data=True):
        assert data["label"] == node
        assert data["row"] in G.graph["rows"]
        x, y = data["pos"]
        assert isinstance(x, float) and isinstance(y, float)
        positions.add((x, y))
    assert len(positions) == G.number_of_nodes(), "two points drawn at the same place"
    laid_out = rows(G)
    assert sorted(p for row in laid_out for p in row) == sorted(G.nodes)
    for row in laid_out:
        ys = {G.nodes[p]["pos"][1] for p in row}
        xs = [G.nodes[p]["pos"][0] for p in row]
        assert len(ys) == 1 and xs == sorted(xs)
    tops = [G.nodes[row[0]]["pos"][1] for row in laid_out]
    assert tops == sorted(tops, reverse=True), "rows are listed top to bottom"


def test_zuni_end_lines_are_the_curved_ones() -> None:
    G = zuni(6)
    curved = [G.graph["lines"][i] for i in G.graph["curved_lines"]]
    assert curved == [("T0", "M0", "B0"), ("T5", "M6", "B5")]
    assert alquerque().graph["curved_lines"] == [] and tukvnanawopi().graph["curved_lines"] == []


def test_leaps_run_round_the_end_curves() -> None:
    assert ("T0", "M0", "B0") in leaps(mosona()) and ("B7", "M8", "T7") in leaps(mosona())
    assert ("T3", "M4", "B4") in leaps(mosona())  # a diagonal through the centre
    # ... but never bend from one line to another
    assert ("T3", "M4", "M5") not in leaps(mosona())
    assert ("T3", "M4", "M5") in leaps(mosona(), "bent")


@pytest.mark.parametrize("name", list(ALL_BOARDS))
def test_leaps_are_consecutive_and_reversible(name: str) -> None:
    G = ALL_BOARDS[name]()
    line_leaps = set(leaps(G))
    assert len(line_leaps) == len(leaps(G)) == 2 * len(leap_lines(G))
    for a, b, c in line_leaps:
        assert G.has_edge(a, b) and G.has_edge(b, c) and a != c
        assert G.edges[a, b]["line"] == G.edges[b, c]["line"]
        assert (c, b, a) in line_leaps
    bent = set(leaps(G, "bent"))
    assert line_leaps <= bent
    assert len(bent) == sum(d * (d - 1) for _, d in G.degree)


def test_alquerque_diagonals_alternate() -> None:
    G = alquerque()
    for node, (x, y) in G.nodes(data="pos"):
        if (x + y) % 2 == 1:  # orthogonal lines only
            expected = 4 - (x in (0, 4)) - (y in (0, 4))
        elif x in (0, 4) and y in (0, 4):
            expected = 3
        elif x in (0, 4) or y in (0, 4):
            expected = 5
        else:
            expected = 8
        assert G.degree[node] == expected, node


def test_tukvnanawopi_centres() -> None:
    G = tukvnanawopi()
    assert sorted(G["a1+"]) == ["a1", "a2", "b1", "b2"]
    assert G.nodes["c2+"]["pos"] == (2.5, 1.5)
    assert sorted(G["c3"]) == ["b2+", "b3", "b3+", "c2", "c2+", "c3+", "c4", "d3"]
    assert ("a1", "a1+", "b2") in leaps(G) and ("a1+", "b2", "b2+") in leaps(G)


@pytest.mark.parametrize("bad", [1, 0, -3])
def test_zuni_rejects_bad_sizes(bad: int) -> None:
    with pytest.raises(ValueError, match=r"zuni\(n\) needs an integer n >= 2"):
        zuni(bad)


@pytest.mark.parametrize("bad", [True, 2.0, "8", None])
def test_zuni_rejects_wrong_types(bad: object) -> None:
    with pytest.raises(TypeError, match=r"zuni\(n\) needs an integer n, got"):
        zuni(bad)  # type: ignore[arg-type]


def test_leaps_rejects_an_unknown_shape() -> None:
    with pytest.raises(ValueError, match="leap shape must be 'line' or 'bent', got 'curly'"):
        leaps(mosona(), "curly")


def test_boards_are_independent_values() -> None:
    first = mosona()
    first.remove_node("M4")
    assert "M4" in mosona()


def test_board_graph_draws_itself_lazily() -> None:
    assert isinstance(mosona(), boards.BoardGraph)
    assert callable(mosona()._repr_mimebundle_)


# --- the Indian war games: counts checked against Ludii's game files ---------------

WAR_GAME_COUNTS = {
    # name: (points, edges, leap runs, pieces a side); Ludii: Lau Kata Kati 19/30, Dash Guti 21 points
    # (36 edges with its side lines), Egara Guti 23/40, Pretwa concentric {1 6 6 6}, Gol Ekuish 1 + 7 x 6
    "lau-kata-kati": (19, 30, 21, 9),
    "dash-guti": (21, 32, 22, 10),
    "dash-guti-ludii": (21, 36, 24, 10),
    "egara-guti": (23, 40, 29, 11),
    "pretwa": (19, 36, 33, 9),
    "gol-skuish": (43, 84, 81, 21),
}


@pytest.mark.parametrize("name", list(WAR_GAME_COUNTS))
def test_war_game_boards_have_the_documented_counts(name: str) -> None:
    G = ALL_BOARDS[name]()
    points, edges, runs, pieces = WAR_GAME_COUNTS[name]
    assert (G.number_of_nodes(), G.number_of_edges(), len(leap_lines(G))) == (points, edges, runs)
    assert points == 2 * pieces + 1  # every point filled but the centre


def test_circles_are_closed_lines_drawn_as_arcs_and_diameters_cross_the_centre() -> None:
    G = boards.pretwa()
    circles = [G.graph["lines"][i] for i in G.graph["arc_centres"]]
    assert circles == [tuple(f"{r}{k}" for r in "abcdefa") for k in (1, 2, 3)]
    assert ("f1", "a1", "b1") in leaps(G) and ("b3", "a3", "f3") in leaps(G)
    assert ("a1", "o0", "d1") in leaps(G)  # straight across the centre, as the opening needs
    assert sorted(G["o0"]) == ["a1", "b1", "c1", "d1", "e1", "f1"]
    with pytest.raises(ValueError, match=r"concentric\(rings\) needs an integer rings >= 1"):
        boards.concentric(0)


def test_lau_kata_kati_lines_run_straight_through_the_centre() -> None:
    G = boards.lau_kata_kati()
    assert ("c3", "d4", "e5") in leaps(G) and ("d3", "d4", "d5") in leaps(G)
    assert ("c3", "d4", "d5") not in leaps(G)
    assert ("a4", "d4", "g4") in leaps(boards.dash_guti())
    assert ("b2", "b6", "b7") in leaps(boards.egara_guti())
