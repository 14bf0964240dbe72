"""render.Picture: the display bundle a notebook saves, its text alternative, and its fallbacks."""

from __future__ import annotations

import base64
import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from awithlaknannai import Game, Position, boards
from awithlaknannai.render import Picture, board_svg, compare_boards_svg, position_svg
from awithlaknannai.render import picture as picture_module
from awithlaknannai.render.export import printable_sheet

SANITIZE_FILE = Path(__file__).with_name("nbval_sanitize.cfg")


class _Images(HTMLParser):
    """Collects the attributes of every tag in an HTML fragment."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def image_of(html: str) -> dict[str, str | None]:
    """The attributes of the one element the HTML holds, which must be an <img>."""
    parser = _Images()
    parser.feed(html)
    parser.close()
    assert [tag for tag, _ in parser.tags] == ["img"], html[:200]
    return parser.tags[0][1]


def embedded(src: str) -> tuple[str, bytes]:
    """The media type and the bytes of a base64 ``data:`` URI."""
    match = re.fullmatch(r"data:([a-z+/]+);base64,([A-Za-z0-9+/=]+)", src)
    assert match, src[:60]
    return match.group(1), base64.b64decode(match.group(2), validate=True)


@pytest.fixture
def start_svg() -> str:
    return position_svg(Position.start("mosona"))


def test_bundle_is_html_with_alt_and_plain_text(start_svg: str) -> None:
    picture = Picture(start_svg)
    data, metadata = picture._repr_mimebundle_()
    assert set(data) == {"text/html", "text/plain"} and metadata == {}
    assert data["text/plain"] == picture.alt
    assert not data["text/plain"].startswith("<") and "object" not in data["text/plain"]
    img = image_of(data["text/html"])
    assert img["alt"] == picture.alt
    assert (img["width"], img["height"]) == ("564", "204")  # the SVG's own size in CSS pixels
    media, content = embedded(img["src"] or "")
    assert media == "image/svg+xml" and content.decode("utf-8") == start_svg  # the SVG, unchanged


def test_alt_is_title_and_description(start_svg: str) -> None:
    assert Picture(start_svg).alt == (
        "Awithlaknannai Mosona: White to move. "
        "Awithlaknannai Mosona, White to move, 12 white and 12 black pieces."
    )
    # A board's description starts with its title: the title is not read twice.
    board = board_svg(boards.kolowis())
    assert Picture(board).alt == (
        "Kolowis Awithlaknannai: 49 points joined by 110 line segments along 35 drawn lines; no pieces."
    )


def test_alt_comes_from_the_outer_title_of_a_nested_figure() -> None:
    figure = compare_boards_svg(["mosona", "kolowis"])
    root = ET.fromstring(figure)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text
    assert Picture(figure).alt.startswith(title.text.rstrip("."))


def test_alt_decodes_entities_and_is_escaped_in_html() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<title>Fox &amp; "geese" &lt;3</title><desc>A <tspan>test</tspan>\n  picture</desc></svg>'
    )
    picture = Picture(svg)
    assert picture.alt == 'Fox & "geese" <3. A test picture'
    html = picture.html()
    assert '"geese"' not in html and "&quot;geese&quot;" in html
    assert image_of(html)["alt"] == picture.alt


def test_given_alt_wins_and_is_normalised(start_svg: str) -> None:
    picture = Picture(start_svg, alt="  The  start\nof a game ")
    assert picture.alt == "The start of a game"
    assert picture.svg == start_svg
    assert image_of(picture.html())["alt"] == "The start of a game"


def test_size_in_millimetres_becomes_css_pixels() -> None:
    img = image_of(Picture(printable_sheet("mosona", paper="a4")).html())
    width, height = int(img["width"] or 0), int(img["height"] or 0)
    assert {width, height} == {round(210 * 96 / 25.4), round(297 * 96 / 25.4)}


def test_size_from_viewbox_or_none() -> None:
    boxed = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"><title>Box</title></svg>'
    img = image_of(Picture(boxed).html())
    assert (img["width"], img["height"]) == ("300", "150")
    bare = '<svg xmlns="http://www.w3.org/2000/svg"><title>Bare</title></svg>'
    img = image_of(Picture(bare).html())
    assert "width" not in img and "height" not in img and img["alt"] == "Bare"


def test_png_is_sharp_at_twice_the_size(start_svg: str) -> None:
    pytest.importorskip("cairosvg")
    img = image_of(Picture(start_svg, image="png").html())
    media, content = embedded(img["src"] or "")
    assert media == "image/png" and content[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", content[16:24])  # the IHDR chunk
    assert (width, height) == (564 * picture_module.PNG_SCALE, 204 * picture_module.PNG_SCALE)
    assert (img["width"], img["height"]) == ("564", "204")  # shown at the SVG's size


def test_png_without_cairosvg_falls_back_to_svg(start_svg: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # "import cairosvg" now raises ImportError
    data, _ = Picture(start_svg, image="png")._repr_mimebundle_()
    media, content = embedded(image_of(data["text/html"])["src"] or "")
    assert media == "image/svg+xml" and content.decode("utf-8") == start_svg
    assert data["text/plain"].startswith("Awithlaknannai Mosona")


@pytest.mark.parametrize(
    ("svg", "kwargs", "error", "message"),
    [
        (b"<svg/>", {}, TypeError, "SVG text (a str), got bytes"),
        ("<svg/>", {"alt": 3}, TypeError, "alt must be a str or None, got int"),
        ("a board", {}, ValueError, "starting with <svg"),
        ("<svgx/>", {}, ValueError, "starting with <svg"),
        ('<svg xmlns="http://www.w3.org/2000/svg"/>', {}, ValueError, "no <title> or <desc>"),
        ("<svg><title>T</title></svg>", {"alt": " \n"}, ValueError, "alt is empty"),
        ("<svg><title>T</title></svg>", {"image": "jpeg"}, ValueError, "image must be 'svg' or 'png'"),
    ],
)
def test_bad_input_is_named(svg: object, kwargs: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Picture(svg, **kwargs)  # type: ignore[arg-type]


def test_too_long_svg_is_refused_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picture_module, "MAX_SVG_CHARS", 100)
    with pytest.raises(ValueError, match="at most 100"):
        Picture("<svg>" + " " * 200 + "<title>T</title></svg>")


def test_equal_pictures(start_svg: str) -> None:
    assert Picture(start_svg) == Picture(start_svg)
    assert hash(Picture(start_svg)) == hash(Picture(start_svg))
    assert Picture(start_svg) != Picture(start_svg, alt="other")
    assert repr(Picture(start_svg, alt="The start")) == "Picture('The start')"


@pytest.mark.parametrize(
    "obj",
    [Position.start("mosona"), Game("zuni-3"), boards.alquerque()],
    ids=["Position", "Game", "BoardGraph"],
)
def test_objects_show_themselves_as_pictures_in_ipython(obj: object) -> None:
    shell = pytest.importorskip("IPython.core.interactiveshell").InteractiveShell.instance()
    data, _ = shell.display_formatter.format(obj)
    # No image/svg+xml: JupyterLab would not show it untrusted, and it would double the notebook's size.
    assert set(data) == {"text/html", "text/plain"}
    assert data["text/plain"] == repr(obj)
    img = image_of(data["text/html"])
    assert img["alt"] and embedded(img["src"] or "")[0] == "image/svg+xml"


def test_nbval_compares_pictures_by_alt_text(start_svg: str) -> None:
    nbval_plugin = pytest.importorskip("nbval.plugin")
    patterns = nbval_plugin.get_sanitize_patterns(SANITIZE_FILE.read_text(encoding="utf-8"))

    def sanitized(text: str) -> str:
        for regex, replace in patterns:
            text = re.sub(regex, replace, text)
        return text

    restyled = start_svg.replace("#f1e7d0", "#ffffff")
    assert restyled != start_svg
    original = Picture(start_svg).html()
    expected = f'<img alt="{Picture(start_svg).alt}">'
    assert sanitized(original) == sanitized(Picture(restyled).html()) == expected
    moved = position_svg(Position.start("mosona").play(Position.start("mosona").legal_moves()[0]))
    assert sanitized(Picture(moved).html()) != sanitized(original)


def test_browser_test_notebook_holds_current_pictures() -> None:
    """The saved outputs the untrusted-notebook browser test opens are what the library makes now."""
    notebook = Path(__file__).parent / "browser" / "untrusted_pictures.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    saved = []
    for cell in cells:
        for output in cell.get("outputs", []):
            markup = output.get("data", {}).get("text/html")
            if markup:
                saved.append(image_of("".join(markup) if isinstance(markup, list) else markup)["alt"])
    current = [
        Picture(position_svg(Position.start("mosona"), labels=True)).alt,
        Picture(board_svg(boards.kolowis(), unit=40)).alt,
        Picture(position_svg(Position.start("kolowis"))).alt,
    ]
    assert saved == current, "re-execute tests/browser/untrusted_pictures.ipynb (see its first cell)"


def test_matplotlib_figure_becomes_a_picture_with_alt_text() -> None:
    pytest.importorskip("matplotlib")
    from awithlaknannai.analysis.plots import result_bars
    from awithlaknannai.analysis.selfplay import selfplay_statistics

    stats = {
        "with outer lines": selfplay_statistics("zuni-3", players="greedy", games=4, seed=0),
        "without": selfplay_statistics("zuni-3-murray", players="greedy", games=4, seed=0),
    }
    picture = Picture.from_figure(result_bars(stats))
    # The numbers are in the text alternative too: a screen reader gets what the bars show.
    assert picture.alt == (
        "Who wins? A chart of share of games for with outer lines, without; "
        "series: first player wins, draw, second player wins. The numbers: with outer lines: "
        "first player wins 25%, draw 75%, second player wins 0%; without: first player wins "
        "25%, draw 50%, second player wins 25%."
    )
    assert [stats["with outer lines"].rate(result) for result in ("first", "draw", "second")] == [
        0.25,
        0.75,
        0,
    ]
    img = image_of(picture.html())
    assert img["alt"] == picture.alt and img["width"] == "672"  # 7 inches of 72 pt, in CSS pixels
    media, content = embedded(img["src"] or "")
    assert media == "image/svg+xml" and content.decode("utf-8") == picture.svg
    # Drawn the same on every run (no date, fixed ids), so saved notebooks do not churn.
    assert Picture.from_figure(result_bars(stats)).svg == picture.svg
    assert Picture.from_figure(result_bars(stats), alt="Bars").alt == "Bars"


def test_without_matplotlib_a_bar_chart_shows_its_numbers_as_a_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a JupyterLite site: 07's section 5 charts become tables with the same numbers as the alt texts."""
    from awithlaknannai.analysis.plots import (
        ChartNumbers,
        end_reason_bars,
        mean_length_bars,
        result_bars,
        score_bars,
    )
    from awithlaknannai.analysis.selfplay import selfplay_statistics

    stats = {
        "with outer lines": selfplay_statistics("zuni-3", players="greedy", games=4, seed=0),
        "without": selfplay_statistics("zuni-3-murray", players="greedy", games=4, seed=0),
    }
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    table = Picture.from_figure(result_bars(stats, title="Who wins here?"))
    assert isinstance(table, ChartNumbers)
    assert table.rows == (("with outer lines", "25%", "75%", "0%"), ("without", "25%", "50%", "25%"))
    page = table._repr_html_()
    assert page.startswith(
        '<div class="awithlaknannai-chart-numbers"><p role="note"><span aria-hidden="true">'
        "\u2139</span> This picture needs matplotlib, which this Python does not have; here are "
        "the numbers instead.</p><table><caption>Who wins here?</caption>"
    )
    assert (
        '<th scope="col">second player wins</th>' in page
        and '<th scope="row" style="text-align:left">without' in page
        and "Not yet" not in page
    )
    assert table.html() == page
    reasons = Picture.from_figure(end_reason_bars(stats))
    assert reasons.headings == ("how games end", "with outer lines", "without")
    assert ("turn limit without a capture", "50%", "0%") in reasons.rows
    assert mean_length_bars(stats).headings == ("games", "average length (turns)")
    assert score_bars({"me": (1, 0, 3)}).rows == (("me", "25%", "0%", "75%"),)
    assert str(table).splitlines()[:2] == [ChartNumbers.NOTE, "Who wins here?"]
    with pytest.raises(ValueError, match="each row has 2 cells"):
        ChartNumbers("t", ("a", "b"), [("x",)])


def test_from_figure_needs_a_figure_with_words() -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    with pytest.raises(TypeError, match="needs a matplotlib Figure, got str"):
        Picture.from_figure("chart")
    blank = Figure()
    blank.subplots().plot([1, 2], [3, 4])
    with pytest.raises(ValueError, match="give it a text alternative with alt="):
        Picture.from_figure(blank)
    assert Picture.from_figure(blank, alt="A rising line").alt == "A rising line"
