"""Two drawings of one board: what differs (render.drawings.drawing_differences, compare_drawings_svg),
the short comparison table and the average-length chart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from awithlaknannai import boards, get_variant
from awithlaknannai.render import Picture
from awithlaknannai.render.compare import compare_boards
from awithlaknannai.render.drawings import (
    ACCENT,
    BADGE_TEXT,
    FIGURE_BACKGROUND,
    FIGURE_BACKGROUND_DARK,
    TEXT_COLOUR,
    TEXT_COLOUR_DARK,
    compare_drawings_svg,
    drawing_differences,
)
from awithlaknannai.render.style import BOARD, SLAB_LIGHT

SVG = "{http://www.w3.org/2000/svg}"


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two #rrggbb colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_helper_matches_known_ratios():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [el for el in root.iter() if css in el.get("class", "").split()]


@pytest.mark.parametrize(
    "first, second, edges, leaps, gained",
    [
        ("mosona", "mosona-murray", 14, 12, 16),
        ("zuni-4", "zuni-4-murray", 6, 4, 8),
        ("kolowis", "zuni-16-murray", 30, 28, 32),
    ],
)
def test_differences_are_the_outer_rows(first, second, edges, leaps, gained):
    diff = drawing_differences(first, second)
    assert [len(e) for e in diff.extra_edges] == [edges, 0]
    assert [len(r) for r in diff.extra_leap_lines] == [leaps, 0]
    assert len(diff.gained(0)) == gained and diff.gained(1) == {}
    a, b = (get_variant(name).board for name in (first, second))
    # The counts agree with the boards themselves.
    assert a.number_of_edges() - b.number_of_edges() == edges
    assert set(diff.degree_change.values()) <= {1, 2}
    assert sum(diff.degree_change.values()) == 2 * edges  # each extra edge adds one neighbour at each end
    for a_point, b_point in diff.extra_edges[0]:
        assert a_point[0] == b_point[0] and a_point[0] in "TB"  # along an outer row


def test_swapping_the_drawings_swaps_the_differences():
    forward = drawing_differences("mosona", "mosona-murray")
    backward = drawing_differences("mosona-murray", "mosona")
    assert forward.extra_edges == backward.extra_edges[::-1]
    assert forward.extra_leap_lines == backward.extra_leap_lines[::-1]
    assert forward.degree_change == {p: -c for p, c in backward.degree_change.items()}
    assert backward.gained(1) == forward.gained(0)


def test_the_same_drawing_twice_has_no_differences_and_no_marks():
    diff = drawing_differences("mosona", boards.mosona())
    assert diff.same and diff.degree_change == {}
    assert diff.text() == "mosona and Awithlaknannai Mosona have the same lines."
    svg = compare_drawings_svg("mosona", "mosona")
    assert "extra-edge" not in svg and 'class="legend"' not in svg


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: drawing_differences("mosona", "kolowis"), ValueError, "same points"),
        (lambda: drawing_differences("mosona", "mosona-murray", ["one"]), ValueError, "two texts"),
        (lambda: drawing_differences("mosona", "mosona-murray", "ab"), ValueError, "two texts"),
        (lambda: drawing_differences("mosona", nx.path_graph(3)), ValueError, "drawn lines"),
        (lambda: drawing_differences("mosona", 3), TypeError, "expected a board"),
        (lambda: compare_drawings_svg("zuni-4", "zuni-4-murray", results=["one"]), ValueError, "two entries"),
        (
            lambda: compare_drawings_svg("zuni-4", "zuni-4-murray", results=[1, None]),
            TypeError,
            "text or None",
        ),
        (lambda: compare_drawings_svg("zuni-4", "zuni-4-murray", unit=0), ValueError, "unit"),
        (lambda: compare_drawings_svg("zuni-4", "zuni-4-murray", unit=10_000), ValueError, "unit"),
        (lambda: compare_drawings_svg("zuni-4", "zuni-4-murray", title=3), TypeError, "title"),
    ],
)
def test_bad_input_gets_a_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_the_picture_marks_every_difference_and_explains_its_marks():
    svg = compare_drawings_svg(
        "mosona", "mosona-murray", ["Culin", "Murray"], results=["who wins: not known", None]
    )
    root = ET.fromstring(svg)
    diff = drawing_differences("mosona", "mosona-murray")
    marked_edges = {tuple(el.get("data-edge").split()) for el in by_class(root, "extra-edge")}
    assert marked_edges == set(diff.extra_edges[0])
    marked_leaps = {tuple(el.get("data-leap").split()) for el in by_class(root, "extra-leap")}
    assert marked_leaps == set(diff.extra_leap_lines[0])
    badges = {el.get("data-point"): "".join(el.itertext()) for el in by_class(root, "degree-badge")}
    assert badges == {point: f"+{change}" for point, change in diff.gained(0).items()}
    # Not colour alone: the segments are dashed, the leap arcs dotted, and a legend says so.
    edge_group = by_class(root, "extra-edge")[0]
    assert svg.count('stroke-dasharray') >= 4 and edge_group is not None
    legend = " ".join(by_class(root, "legend")[0].itertext())
    assert "dashed" in legend and "dotted arc" in legend and "badge" in legend
    assert [" ".join(el.itertext()) for el in by_class(root, "result")] == ["who wins: not known"]
    # A title and a description that tell the whole story in words.
    title, desc = root.find(f"{SVG}title").text, root.find(f"{SVG}desc").text
    assert title == "What differs between Culin and Murray"
    for words in (
        "54 line segments (14 more)",
        "35 leap lines (12 more)",
        "40 line segments",
        "on the lines T0 to T7 and B0 to B7",
        "+2 at T1",
        "dashed",
        "Culin: who wins: not known.",
    ):
        assert words in desc, words
    alt = Picture(svg).alt
    assert alt.startswith("What differs between Culin and Murray. Culin: 25 points")


def test_the_question_picture_shows_no_numbers():
    svg = compare_drawings_svg("mosona", "mosona-murray", ["Culin", "Murray"], marks=False)
    root = ET.fromstring(svg)
    texts = " ".join(" ".join(el.itertext()) for el in root.iter(f"{SVG}text"))
    described = root.find(f"{SVG}title").text + " " + root.find(f"{SVG}desc").text
    for number in ("54", "40", "14", "35", "23", "12"):
        assert not re.search(rf"\b{number}\b", texts + " " + described), number
    assert "Culin has a line from T0 to T7 and a line from B0 to B7 that Murray does not." in described
    assert not by_class(root, "extra-edge") and not by_class(root, "stats")


def test_every_text_in_the_picture_reaches_4_5_to_1():
    svg = compare_drawings_svg("zuni-4", "zuni-4-murray", ["With", "Without"], results=["win", "draw"])
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}rect").get("fill") == FIGURE_BACKGROUND  # the page behind every text
    badge_texts = {id(el) for group in by_class(root, "degree-badge") for el in group.iter(f"{SVG}text")}
    legend = by_class(root, "legend")[0]
    legend_badge = {id(el) for el in legend.iter(f"{SVG}text") if "".join(el.itertext()) == "+2"}
    checked = 0
    for text in root.iter(f"{SVG}text"):
        fill = text.get("fill")
        assert fill, f"a text without its own colour: {''.join(text.itertext())!r}"
        on_badge = id(text) in badge_texts or id(text) in legend_badge
        background = ACCENT if on_badge else FIGURE_BACKGROUND
        assert contrast(fill, background) >= 4.5, (''.join(text.itertext()), fill, background)
        checked += 1
    assert checked >= 10
    assert contrast(TEXT_COLOUR, FIGURE_BACKGROUND) >= 7
    assert contrast(BADGE_TEXT, ACCENT) >= 4.5
    # The marks are graphics: 3:1 against the slab they are drawn on (WCAG 1.4.11).
    for slab in (BOARD["background"], SLAB_LIGHT):
        assert contrast(ACCENT, slab) >= 3


def test_compact_table_reads_at_a_glance():
    table = compare_boards(["mosona", "pretwa", "tukvnanawopi"]).compact()
    lines = table.text().splitlines()
    assert len(lines) == 4 and lines[0].split()[:3] == ["board", "points", "edges"]
    assert lines[3].split() == ["tukvnanawopi", "41", "104", "80", "8"]
    html = table._repr_html_()
    assert html.count('<th scope="row"') == 3 and html.count('<th scope="col"') == 5
    assert "<caption>" in html
    custom = compare_boards(["mosona"]).compact(["diameter"])
    assert custom.text().splitlines()[1].split() == ["mosona", "8"]
    with pytest.raises(ValueError, match="at least one"):
        compare_boards(["mosona"]).compact([])


def test_mean_length_bars_is_a_picture_with_a_text_alternative():
    from awithlaknannai.analysis.plots import mean_length_bars
    from awithlaknannai.analysis.selfplay import selfplay_statistics

    stats = {
        name: selfplay_statistics(name, players="random", games=3, seed=0) for name in ("zuni-3", "zuni-4")
    }
    picture = Picture.from_figure(mean_length_bars(stats, title="How long?"))
    # The numbers written on the bars are in the text alternative too.
    assert picture.alt == (
        "How long? A chart of average length of a game (turns) for zuni-3, zuni-4. The numbers: "
        f"zuni-3: average length (turns) {stats['zuni-3'].mean_length:.0f}; "
        f"zuni-4: average length (turns) {stats['zuni-4'].mean_length:.0f}."
    )
    figure = mean_length_bars(stats)
    assert [t.get_text() for t in figure.axes[0].texts] == [f"{s.mean_length:.0f}" for s in stats.values()]


def test_the_dark_page_keeps_every_text_and_mark_readable():
    """theme="dark": a dark page (no light panel in a dark notebook), its texts 4.5:1 or more, the legend's
    accent samples on stone swatches (3:1 there, as on the boards), the boards themselves unchanged."""
    light = compare_drawings_svg("zuni-4", "zuni-4-murray", ["With", "Without"], results=["win", "draw"])
    svg = compare_drawings_svg(
        "zuni-4", "zuni-4-murray", ["With", "Without"], results=["win", "draw"], theme="dark"
    )
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}rect").get("fill") == FIGURE_BACKGROUND_DARK
    assert contrast(TEXT_COLOUR_DARK, FIGURE_BACKGROUND_DARK) >= 7
    assert contrast(FIGURE_BACKGROUND_DARK, "#111111") < 1.5  # JupyterLab's dark page: no bright panel on it
    on_accent = {id(el) for group in by_class(root, "degree-badge") for el in group.iter(f"{SVG}text")}
    legend = by_class(root, "legend")[0]
    on_accent |= {id(el) for el in legend.iter(f"{SVG}text") if "".join(el.itertext()) == "+2"}
    for text in root.iter(f"{SVG}text"):
        background = ACCENT if id(text) in on_accent else FIGURE_BACKGROUND_DARK
        assert contrast(text.get("fill"), background) >= 4.5, ("".join(text.itertext()), text.get("fill"))
    swatches = by_class(legend, "swatch")
    assert len(swatches) == 3 and all(s.get("fill") == BOARD["background"] for s in swatches)
    assert (
        contrast(ACCENT, BOARD["background"]) >= 3
        and contrast(BOARD["background"], FIGURE_BACKGROUND_DARK) >= 3
    )
    assert not by_class(ET.fromstring(light), "swatch")
    boards_of = [
        [ET.tostring(b) for b in by_class(ET.fromstring(picture), "board")] for picture in (light, svg)
    ]
    assert boards_of[0] == boards_of[1]  # the same stone boards in both themes
    with pytest.raises(ValueError, match="theme"):
        compare_drawings_svg("zuni-4", "zuni-4-murray", theme="night")
