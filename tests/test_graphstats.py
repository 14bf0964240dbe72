"""Per-point board statistics for heat maps."""

from __future__ import annotations

import networkx as nx
import pytest

from awithlaknannai import Position, get_variant, kolowis, mosona, tukvnanawopi, zuni
from awithlaknannai.analysis.graphstats import (
    MEASURES,
    betweenness,
    closeness,
    degree,
    exposure,
    leap_reach,
    mobility,
    normalise,
    point_statistics,
    reach,
)

BOARDS = {
    "mosona": mosona(),
    "mosona-murray": mosona(outer_lines=False),
    "kolowis": kolowis(),
    "zuni-3": zuni(3),
    "alquerque": get_variant("alquerque").board,
    "tukvnanawopi": tukvnanawopi(),
}


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("measure", MEASURES)
def test_every_measure_covers_every_point_within_zero_and_one(name: str, measure: str) -> None:
    board = BOARDS[name]
    values = MEASURES[measure](board)
    assert set(values) == set(board.nodes)
    assert all(0.0 <= v <= 1.0 for v in values.values())
    assert max(values.values()) == 1.0


def test_the_crossing_middle_points_have_the_highest_degree_on_mosona() -> None:
    d = degree(mosona())
    assert sorted(p for p, v in d.items() if v == 1.0) == [f"M{j}" for j in range(1, 8)]
    raw = degree(mosona(), normalised=False)
    assert {raw[p] for p in ("T0", "T7", "B0", "B7", "M0", "M8")} == {3}
    assert {raw[f"T{i}"] for i in range(1, 7)} == {4}


def test_without_outer_lines_the_outer_points_lose_two_lines() -> None:
    with_lines, without = (
        degree(mosona(), normalised=False),
        degree(mosona(outer_lines=False), normalised=False),
    )
    assert without["T3"] == with_lines["T3"] - 2
    assert without["M4"] == with_lines["M4"]


def test_centre_is_the_most_central_by_betweenness_and_closeness() -> None:
    for measure in (betweenness, closeness):
        values = measure(mosona())
        assert max(values, key=values.get) == "M4"
    # Symmetry of the board: mirror points score alike.
    b = betweenness(mosona())
    assert b["T0"] == pytest.approx(b["B7"]) and b["M1"] == pytest.approx(b["M7"])


def test_matches_networkx_up_to_scaling() -> None:
    board = mosona()
    raw = nx.closeness_centrality(board)
    top = max(raw.values())
    assert closeness(board) == pytest.approx({p: v / top for p, v in raw.items()})


def test_corners_can_never_be_jumped() -> None:
    e = exposure(mosona(), normalised=False)
    assert sorted(p for p, v in e.items() if v == 0) == ["B0", "B7", "T0", "T7"]
    assert e["M4"] == 6  # three lines cross at the centre, each jumpable both ways


def test_leap_reach_counts_match_the_leap_tables() -> None:
    total = sum(leap_reach(mosona(), normalised=False).values())
    assert total == 70 == sum(exposure(mosona(), normalised=False).values())


def test_reach_adds_steps_and_leaps() -> None:
    board = mosona(outer_lines=False)
    steps, jumps = degree(board, normalised=False), leap_reach(board, normalised=False)
    assert reach(board, normalised=False) == {p: steps[p] + jumps[p] for p in board}


def test_bent_leaps_reach_further() -> None:
    line = leap_reach(get_variant("mosona"), normalised=False)
    bent = leap_reach(get_variant("mosona", "standard,leap_shape=bent"), normalised=False)
    assert all(bent[p] >= line[p] for p in line) and sum(bent.values()) > sum(line.values())


def test_mobility_in_the_start_position() -> None:
    start = Position.start("mosona")
    raw = mobility(start, normalised=False)
    assert {p for p, v in raw.items() if v} == {"M3", "M5", "B3", "B4", "T3", "T4"}
    assert mobility(start)["M3"] == 1.0 and mobility(start)["M4"] == 0.0


def test_mobility_counts_capturing_pieces_only_when_capture_is_compulsory() -> None:
    after = Position.start("mosona").play("B3-M4")
    compulsory = mobility(after, normalised=False)
    assert compulsory["T4"] == 1  # black must jump
    optional = mobility(Position.start("mosona", "ludii").play("B3-M4"), normalised=False)
    assert sum(optional.values()) > sum(compulsory.values())


def test_accepts_variants_positions_and_names() -> None:
    assert (
        degree("mosona")
        == degree(get_variant("mosona"))
        == degree(Position.start("mosona"))
        == degree(mosona())
    )


@pytest.mark.parametrize(
    "bad, message",
    [
        (nx.path_graph(3), "not a board of this package"),
        (42, "expected a board graph, a Variant, a Position or a variant name"),
        ("go", "unknown variant 'go'"),
    ],
)
def test_bad_boards_are_clear_errors(bad: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        degree(bad)  # type: ignore[arg-type]


def test_mobility_needs_a_position() -> None:
    with pytest.raises(TypeError, match="mobility needs a Position"):
        mobility(mosona())  # type: ignore[arg-type]


def test_normalise() -> None:
    assert normalise({"a": 0, "b": 0}) == {"a": 0.0, "b": 0.0}
    assert normalise({}) == {}
    with pytest.raises(ValueError, match="values >= 0"):
        normalise({"a": -1})


def test_point_statistics_table() -> None:
    stats = point_statistics("mosona")
    assert list(stats.values) == list(MEASURES)
    assert stats["degree"] == degree(mosona())
    assert stats.raw["exposure"]["T0"] == 0
    text = stats.to_text().splitlines()
    assert len(text) == 2 + 25
    assert stats._repr_html_().count("<tr>") == 1 + 25
    with pytest.raises(ValueError, match="unknown measure 'fame'"):
        stats["fame"]


def test_heat_maps_draw_with_the_renderer() -> None:
    svg = pytest.importorskip("awithlaknannai.render.svg")
    picture = svg.board_svg(mosona(), heat=degree(mosona()))
    assert picture.startswith("<svg") or picture.lstrip().startswith("<")
    assert "heat" in picture
